//===- AssignDebugHandles.cpp - Unique integer handle per op --------------===//
//
// Handles follow the pre-order walk, which depends only on the IR, so they are
// deterministic with or without threads; the walk is sequential on purpose
// (a parallel walk would need a prefix sum over op counts to stay dense).
//
//===----------------------------------------------------------------------===//

#include "tg/Passes/Passes.h"
#include "tg/Serialize/DebugInfo.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Diagnostics.h"

namespace tg {
#define GEN_PASS_DEF_TGASSIGNDEBUGHANDLES
#include "tg/Passes/Passes.h.inc"
} // namespace tg

using namespace mlir;

namespace {
struct AssignDebugHandlesPass
    : public tg::impl::TGAssignDebugHandlesBase<AssignDebugHandlesPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    Builder builder(&getContext());
    // The name is uniqued once: setAttr(StringRef) would look it up in the
    // context's string table again for every op.
    StringAttr name = builder.getStringAttr(tg::kDebugHandleAttrName);
    auto setHandle = [&](Operation *op, uint64_t handle) {
      op->setAttr(name, builder.getI64IntegerAttr(int64_t(handle)));
    };

    // Malformed handles are errors in both modes: silently renumbering them
    // would hide a producer bug.
    bool ok = true;
    llvm::DenseMap<uint64_t, Operation *> owners;
    uint64_t next = 0;
    module->walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (op == module.getOperation())
        return;
      Attribute attr = op->getAttr(name);
      if (!attr)
        return;
      std::optional<uint64_t> handle = tg::getDebugHandle(op);
      if (!handle) {
        op->emitError() << "'" << tg::kDebugHandleAttrName
                        << "' must be a non-negative integer, found " << attr;
        ok = false;
        return;
      }
      if (!keepExisting)
        return;
      auto [it, inserted] = owners.try_emplace(*handle, op);
      if (!inserted) {
        InFlightDiagnostic diag = op->emitError()
                                  << "duplicate debug handle " << *handle;
        diag.attachNote(it->second->getLoc()) << "first used here";
        ok = false;
        return;
      }
      next = std::max(next, *handle + 1);
    });
    if (!ok)
      return signalPassFailure();

    module->walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (op == module.getOperation())
        return;
      if (keepExisting && op->hasAttr(name))
        return;
      setHandle(op, next++);
    });
  }
};
} // namespace
