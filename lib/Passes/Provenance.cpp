//===- Provenance.cpp - Provenance map of fused kernels as JSON -----------===//
//
// Writes which kernels hold which original ops, and each kernel's origins with
// their stack traces, the way Inductor's provenance tracking artifact does for
// its kernels (docs/provenance.md compares the two).
//
//===----------------------------------------------------------------------===//

#include "tg/IR/CallStack.h"
#include "tg/IR/TGOps.h"
#include "tg/Passes/LocationPreservingListener.h"
#include "tg/Passes/Passes.h"

#include "mlir/Support/FileUtilities.h"
#include "tg/Support/OutputFile.h"
#include "llvm/Support/JSON.h"

#include <map>

namespace tg {
#define GEN_PASS_DEF_TGPROVENANCE
#include "tg/Passes/Passes.h.inc"
} // namespace tg

using namespace mlir;
using namespace tg;

/// `file`/`line`/`col` of a source position; other locations are printed.
static void describePosition(Location loc, llvm::json::Object &out) {
  if (auto name = dyn_cast<NameLoc>(loc)) {
    out["name"] = name.getName().str();
    loc = name.getChildLoc();
  }
  if (auto range = dyn_cast<FileLineColRange>(loc)) {
    out["file"] = range.getFilename().str();
    out["line"] = static_cast<int64_t>(range.getStartLine());
    out["col"] = static_cast<int64_t>(range.getStartColumn());
    // A range (what Python 3.11+ records) also gives where it ends.
    if (!isStrictFileLineColLoc(range)) {
      out["endLine"] = static_cast<int64_t>(range.getEndLine());
      out["endCol"] = static_cast<int64_t>(range.getEndColumn());
    }
    return;
  }
  std::string text;
  llvm::raw_string_ostream os(text);
  os << loc;
  out["loc"] = text;
}

/// The stack trace of one origin, most recent call last, as Python prints
/// it: each entry is a line and the method (of which module) it is in.
static llvm::json::Array describeStack(Location origin, GraphOp graph) {
  CallStack stack = getCallStack(origin);
  llvm::json::Array trace;
  llvm::json::Object entry;
  // The outermost line is in the graph that holds the op.
  if (graph) {
    entry["function"] = graph.getMethodName().str();
    if (graph.isMethod()) {
      entry["class"] = graph.getClassName().str();
      entry["instance"] = "TOP";
    }
  }
  for (const InlinedFrame &frame : stack.frames) {
    describePosition(frame.callLoc, entry);
    trace.push_back(std::move(entry));
    entry = llvm::json::Object();
    if (frame.frame) {
      entry["function"] = frame.frame.getMethod().str();
      if (!frame.frame.getClassName().empty()) {
        entry["class"] = frame.frame.getClassName().str();
        entry["instance"] = frame.frame.getInstance().str();
      }
    }
  }
  describePosition(stack.leaf, entry);
  trace.push_back(std::move(entry));
  return trace;
}

static bool isTerminatorLike(Operation *op) {
  return op->hasTrait<OpTrait::IsTerminator>();
}

namespace {
struct ProvenancePass : public tg::impl::TGProvenanceBase<ProvenancePass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    DenseMap<Operation *, std::string> names;
    assignStableNames(module, names);

    // std::map: ordered keys, so the arrays come out in a fixed order too.
    std::map<std::string, std::vector<std::string>> toKernels;
    llvm::json::Object kernels;
    module->walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (isa<ModuleOp, GraphOp>(op) || isTerminatorLike(op))
        return WalkResult::advance();
      auto kernel = dyn_cast<KernelOp>(op);
      if (!kernel) {
        toKernels[names[op]];
        return WalkResult::advance();
      }
      std::string kernelName = kernel.getKernelName().str();
      // Which body ops list which origin.
      SmallVector<std::pair<Location, Operation *>> listedBy;
      kernel.getBody().walk([&](Operation *inner) {
        if (isTerminatorLike(inner))
          return;
        auto &holders = toKernels[names[inner]];
        if (!llvm::is_contained(holders, kernelName))
          holders.push_back(kernelName);
        SmallVector<Location> origins;
        getOrigins(inner->getLoc(), origins);
        for (Location origin : origins)
          listedBy.emplace_back(origin, inner);
      });
      SmallVector<Location> origins;
      if (isa<UnknownLoc>(kernel.getLoc())) {
        for (auto &entry : listedBy)
          if (!llvm::is_contained(origins, entry.first))
            origins.push_back(entry.first);
      } else {
        getOrigins(kernel.getLoc(), origins);
      }
      auto graph = kernel->getParentOfType<GraphOp>();
      llvm::json::Array list;
      for (Location origin : origins) {
        if (isa<UnknownLoc>(origin))
          continue;
        llvm::json::Object entry;
        llvm::json::Array ops, opNames;
        for (auto &[loc, inner] : listedBy) {
          if (loc != origin)
            continue;
          ops.push_back(names[inner]);
          auto traced = dyn_cast<TracedOp>(inner);
          opNames.push_back(traced ? traced.getName().str()
                                   : inner->getName().getStringRef().str());
        }
        entry["ops"] = std::move(ops);
        entry["operators"] = std::move(opNames);
        entry["stack"] = describeStack(origin, graph);
        list.push_back(std::move(entry));
      }
      kernels[kernelName] = std::move(list);
      // The body was walked above.
      return WalkResult::skip();
    });

    llvm::json::Object original;
    for (auto &[name, holders] : toKernels) {
      llvm::json::Array array;
      for (const std::string &kernel : holders)
        array.push_back(kernel);
      original[name] = std::move(array);
    }
    llvm::json::Object root;
    root["version"] = 1;
    root["originalToKernels"] = std::move(original);
    root["kernelToOrigins"] = std::move(kernels);

    std::string error =
        tg::writeFileAtomically(path, [&](llvm::raw_ostream &os) {
          os << llvm::formatv("{0:2}", llvm::json::Value(std::move(root)))
             << "\n";
        });
    if (!error.empty()) {
      emitError(module.getLoc(), "tg-provenance: cannot write '")
          << path << "': " << error;
      return signalPassFailure();
    }
    markAllAnalysesPreserved();
  }
};
} // namespace
