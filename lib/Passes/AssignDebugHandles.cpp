//===- AssignDebugHandles.cpp - Unique integer handle per op --------------===//
//
// Handles follow the pre-order walk, which depends only on the IR, so they are
// deterministic with or without threads; the walk is sequential on purpose
// (a parallel walk would need a prefix sum over op counts to stay dense).
//
//===----------------------------------------------------------------------===//

#include "tg/IR/RepeatedError.h"
#include "tg/IR/TGDialect.h"
#include "tg/Passes/Passes.h"
#include "tg/Target/DebugSection.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Diagnostics.h"

#include <limits>

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
    // Handles are attributes: no op, block, region or use changes, and no
    // analysis reads them, so every analysis stays valid. Saying so also
    // spares the module a walk of MLIR's verifier after the pass (the pass
    // manager skips it when all analyses are preserved); the handles are
    // well-formed by construction (0.8 s of a 1M-op pipeline,
    // docs/performance.md section 23).
    markAllAnalysesPreserved();
    // tg ops keep their handle inline (DebugHandleOpInterface), so giving
    // one is an integer store; other dialects' ops get the attribute.

    // Malformed handles are errors in both modes: silently renumbering them
    // would hide a producer bug.
    // A mistake in how the module was made repeats on every op: one error
    // each, with the count of the ops that repeat it.
    tg::RepeatedError malformed, duplicates;
    // The handle an op has, or none; an error when it is malformed.
    auto readHandle = [&](Operation *op) -> std::optional<uint64_t> {
      std::optional<uint64_t> handle = tg::getDebugHandle(op);
      if (!handle)
        if (InFlightDiagnostic *diag = malformed.add(op))
          *diag << "'" << tg::kDebugHandleAttrName
                << "' must be a non-negative integer, found "
                << op->getDiscardableAttr(tg::kDebugHandleAttrName);
      return handle;
    };
    if (!keepExisting) {
      // Nothing is kept, so one walk checks and numbers each op: a second
      // walk over a large module costs a cache miss per op again.
      uint64_t next = 0;
      module->walk<WalkOrder::PreOrder>([&](Operation *op) {
        if (op == module.getOperation())
          return;
        if (tg::hasDebugHandle(op) && !readHandle(op))
          return;
        tg::setDebugHandle(op, next++);
      });
      if (failed(malformed.report()))
        signalPassFailure();
      return;
    }
    llvm::DenseMap<uint64_t, Operation *> owners;
    uint64_t next = 0;
    module->walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (op == module.getOperation() || !tg::hasDebugHandle(op))
        return;
      std::optional<uint64_t> handle = readHandle(op);
      if (!handle)
        return;
      if (failed(tg::claimDebugHandle(owners, op, *handle, &duplicates)))
        return;
      next = std::max(next, *handle + 1);
    });
    bool ok = succeeded(malformed.report());
    ok = succeeded(duplicates.report()) && ok;
    if (!ok)
      return signalPassFailure();

    module->walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (op == module.getOperation())
        return;
      if (!ok || tg::hasDebugHandle(op))
        return;
      // Handles are i64 in the IR: kept handles near the top leave no room.
      if (next > uint64_t(std::numeric_limits<int64_t>::max())) {
        emitError(tg::getDiagnosticLoc(op))
            << "no debug handle left to assign: the kept handles reach the "
               "largest one, "
            << std::numeric_limits<int64_t>::max();
        ok = false;
        return;
      }
      tg::setDebugHandle(op, next++);
    });
    if (!ok)
      signalPassFailure();
  }
};
} // namespace
