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
/// Where an origin lives on when the op holding it was inlined (compare=full;
/// on an op, or in a record of an op removed after the inlining):
/// its whole call stack (frames, then its own position) runs, unchanged and
/// contiguous, inside the stack of an op's origin, ending at that stack's
/// leaf (the op itself was inlined: outer frames were added) or at one of
/// its frames' call locations (a call that was inlined lives on as the call
/// location of its callee's ops). Built on first need from the origins ops
/// list, each distinct one once.
class InlinedOrigins {
public:
  void add(Location origin, bool onLLVM) {
    auto [it, inserted] = seen.try_emplace(origin, stacks.size());
    if (!inserted) {
      llvmHolders[it->second] = llvmHolders[it->second] || onLLVM;
      return;
    }
    stacks.push_back(getCallStack(origin));
    llvmHolders.push_back(onLLVM);
    const CallStack &stack = stacks.back();
    unsigned index = stacks.size() - 1;
    for (unsigned p = 0, e = stack.frames.size(); p <= e; ++p)
      ends[p == e ? stack.leaf : stack.frames[p].callLoc].push_back({index, p});
  }
  /// Whether `origin` survives in some op's stack, and on an llvm op.
  std::pair<bool, bool> find(Location origin) const {
    CallStack wanted = getCallStack(origin);
    auto it = ends.find(wanted.leaf);
    if (it == ends.end())
      return {false, false};
    bool found = false;
    for (auto [index, p] : it->second) {
      const CallStack &stack = stacks[index];
      size_t n = wanted.frames.size();
      if (p < n)
        continue;
      bool same = true;
      for (size_t i = 0; i < n && same; ++i) {
        const InlinedFrame &a = wanted.frames[i], &b = stack.frames[p - n + i];
        same = a.callLoc == b.callLoc && a.frame == b.frame;
      }
      if (!same)
        continue;
      if (llvmHolders[index])
        return {true, true};
      found = true;
    }
    return {found, false};
  }

private:
  llvm::DenseMap<Location, unsigned> seen;
  std::vector<CallStack> stacks;
  std::vector<bool> llvmHolders;
  /// The location a stack position holds -> (stack, position).
  llvm::DenseMap<Location, SmallVector<std::pair<unsigned, unsigned>, 1>> ends;
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
        module.emitError(
            "tg-verify-origins: tg.origin_snapshot must be an array of "
            "locations");
        return signalPassFailure();
      }
      ok &= succeeded(
          verifySnapshot(module, snapshot, compare == OriginComparison::Leaf));
      module->removeAttr("tg.origin_snapshot");
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
  InlinedOrigins inlined, inlinedInRecords;
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
      module.emitError("tg-verify-origins: tg.origin_snapshot holds a "
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
    module.emitRemark() << "origins: " << snapshot.size()
                        << ", on ops: " << numOnOps
                        << " (on llvm ops: " << numOnLLVM
                        << "), only in records: " << numInRecords
                        << ", lost: " << numLost;
  return success(ok);
}
