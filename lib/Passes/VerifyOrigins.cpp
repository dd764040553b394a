//===- VerifyOrigins.cpp - Fail when an origin is lost --------------------===//
//
// The second half of the "no origin lost" check (see tg-snapshot-origins), and
// the consistency rules of fused kernels' locations.
//
//===----------------------------------------------------------------------===//

#include "tg/IR/CallStack.h"
#include "tg/IR/TGOps.h"
#include "tg/Passes/Passes.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringMap.h"

namespace tg {
#define GEN_PASS_DEF_TGVERIFYORIGINS
#include "tg/Passes/Passes.h.inc"
} // namespace tg

using namespace mlir;
using namespace tg;

namespace {
/// Origins inlined since the snapshot (InlinedOrigins), and whether an llvm
/// op holds each.
class InlinedHolders {
public:
  void add(Location origin, bool onLLVM) {
    unsigned index = origins.add(origin);
    if (index == llvmHolders.size())
      llvmHolders.push_back(onLLVM);
    else
      llvmHolders[index] = llvmHolders[index] || onLLVM;
  }
  /// Whether `origin` survives in some op's stack, and on an llvm op.
  std::pair<bool, bool> find(Location origin) const {
    bool onLLVM = false;
    bool found = origins.find(origin, [&](unsigned index) {
      onLLVM = llvmHolders[index];
      return onLLVM;
    });
    return {found, onLLVM};
  }

private:
  InlinedOrigins origins;
  std::vector<bool> llvmHolders;
};

struct VerifyOriginsPass
    : public tg::impl::TGVerifyOriginsBase<VerifyOriginsPass> {
  using Base::Base;

  LogicalResult verifyKernels(ModuleOp module);
  LogicalResult verifySnapshot(ModuleOp module, ArrayAttr snapshot, bool leaf);

  void runOnOperation() override {
    ModuleOp module = getOperation();
    bool ok = succeeded(verifyKernels(module));
    Attribute attr = module->getAttr("tg.origin_snapshot");
    if (attr) {
      auto snapshot = dyn_cast<ArrayAttr>(attr);
      if (!snapshot) {
        emitError(module.getLoc(),
                  "tg-verify-origins: tg.origin_snapshot must be an array of "
                  "locations");
        return signalPassFailure();
      }
      ok &= succeeded(
          verifySnapshot(module, snapshot, compare == OriginComparison::Leaf));
      module->removeAttr("tg.origin_snapshot");
    } else if (summary) {
      // Without a snapshot only kernels are checked, as always; the summary
      // asked for had nothing to count and said nothing.
      emitWarning(module.getLoc())
          << "tg-verify-origins: summary=true: no tg.origin_snapshot to "
             "summarize (run --tg-snapshot-origins before the passes to "
             "check)";
    }
    if (!ok)
      signalPassFailure();
  }
};
} // namespace

LogicalResult VerifyOriginsPass::verifyKernels(ModuleOp module) {
  bool ok = true;
  llvm::StringMap<KernelOp> names;
  module->walk([&](KernelOp kernel) {
    auto [it, inserted] = names.try_emplace(kernel.getKernelName(), kernel);
    if (!inserted) {
      InFlightDiagnostic diag = kernel.emitError("kernel name '")
                                << kernel.getKernelName()
                                << "' is used twice in the module";
      diag.attachNote(it->second.getLoc()) << "first used here";
      ok = false;
    }
    if (isa<UnknownLoc>(kernel.getLoc()))
      return;
    auto fused = dyn_cast<FusedLoc>(kernel.getLoc());
    auto meta = fused ? dyn_cast_or_null<KernelAttr>(fused.getMetadata())
                      : KernelAttr();
    if (!meta || meta.getName() != kernel.getKernelName()) {
      kernel.emitError("location of kernel '")
          << kernel.getKernelName() << "' must be fused<#tg.kernel<\""
          << kernel.getKernelName() << "\">>[...]";
      ok = false;
      return;
    }
    // The kernel lists exactly what its ops compute: nothing missing, and
    // nothing that no op of its body stands for.
    SmallVector<Location> listed;
    getOrigins(kernel.getLoc(), listed);
    llvm::DenseSet<Location> set(listed.begin(), listed.end());
    llvm::DenseSet<Location> computed;
    kernel.getBody().walk([&](Operation *op) {
      SmallVector<Location> origins;
      getOrigins(op->getLoc(), origins);
      for (Location origin : origins) {
        computed.insert(origin);
        if (isa<UnknownLoc>(origin) || set.contains(origin))
          continue;
        op->emitError("origin ")
            << origin << " of this op is missing from the location of kernel '"
            << kernel.getKernelName() << "'";
        ok = false;
      }
    });
    for (Location origin : listed) {
      if (computed.contains(origin))
        continue;
      kernel.emitError("kernel '")
          << kernel.getKernelName() << "' lists origin " << origin
          << " that no op of its body computes";
      ok = false;
    }
  });
  return success(ok);
}

LogicalResult VerifyOriginsPass::verifySnapshot(ModuleOp module,
                                                ArrayAttr snapshot, bool leaf) {
  auto key = [&](Location loc) -> Location {
    return leaf ? getCallStack(loc).leaf : loc;
  };
  // In leaf mode every position of a stack counts: the location of a call
  // that was inlined lives on as the call location of its frames.
  // An origin is accounted for when an op's location lists it (it was kept,
  // or merged into a survivor) or when an origin record names it (it was
  // eliminated, or merged over a bound): the three ways an op may leave.
  // What ops list, what llvm ops list, and what records name.
  llvm::DenseSet<Location> onOps, onLLVM, inRecords;
  InlinedHolders inlined, inlinedInRecords;
  SmallVector<Location> scratch;
  SmallVector<RemovedOrigin> records;
  auto add = [&](llvm::DenseSet<Location> &set, Location origin) {
    if (!leaf) {
      set.insert(origin);
      return;
    }
    CallStack stack = getCallStack(origin);
    set.insert(stack.leaf);
    for (const InlinedFrame &frame : stack.frames)
      set.insert(frame.callLoc);
  };
  module->walk([&](Operation *op) {
    scratch.clear();
    records.clear();
    getOriginRecords(op->getLoc(), records);
    for (const RemovedOrigin &record : records)
      getOrigins(record.origin, scratch);
    for (Location origin : scratch) {
      add(inRecords, origin);
      if (!leaf)
        inlinedInRecords.add(origin, /*onLLVM=*/false);
    }
    if (op == module.getOperation())
      return;
    scratch.clear();
    getOrigins(op->getLoc(), scratch);
    bool isLLVM = op->getName().getDialectNamespace() == "llvm";
    for (Location origin : scratch) {
      add(onOps, origin);
      if (isLLVM)
        add(onLLVM, origin);
      if (!leaf)
        inlined.add(origin, isLLVM);
    }
  });
  unsigned numOnOps = 0, numOnLLVM = 0, numInRecords = 0, numLost = 0;
  bool ok = true;
  for (Attribute attr : snapshot) {
    auto origin = dyn_cast<LocationAttr>(attr);
    if (!origin) {
      emitError(module.getLoc(),
                "tg-verify-origins: tg.origin_snapshot holds a "
                "non-location: ")
          << attr;
      ok = false;
      continue;
    }
    Location k = key(origin);
    if (onOps.contains(k)) {
      ++numOnOps;
      numOnLLVM += onLLVM.contains(k);
      continue;
    }
    if (inRecords.contains(k)) {
      ++numInRecords;
      continue;
    }
    // Inlined since the snapshot: its call stack is part of a longer one.
    if (!leaf) {
      auto [found, foundOnLLVM] = inlined.find(origin);
      if (found) {
        ++numOnOps;
        numOnLLVM += foundOnLLVM;
        continue;
      }
      if (inlinedInRecords.find(origin).first) {
        ++numInRecords;
        continue;
      }
    }
    ++numLost;
    CallStack stack = getCallStack(origin);
    InFlightDiagnostic diag = emitError(origin);
    diag << "origin lost: no op's location lists " << (leaf ? "the leaf " : "")
         << stack.leaf;
    if (!stack.frames.empty())
      diag << " (inlined " << stack.frames.size() << " calls deep)";
    diag << " any more, and no #tg.origin_record names it";
    ok = false;
  }
  if (summary)
    emitRemark(module.getLoc())
        << "origins: " << snapshot.size() << ", on ops: " << numOnOps
        << " (on llvm ops: " << numOnLLVM
        << "), only in records: " << numInRecords << ", lost: " << numLost;
  return success(ok);
}
