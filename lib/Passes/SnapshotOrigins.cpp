//===- SnapshotOrigins.cpp - Record every origin of a module --------------===//
//
// The first half of the "no origin lost" check: the origins recorded here are
// checked by tg-verify-origins later in the same pipeline. They are kept on
// the module itself so that the pair needs no side file.
//
//===----------------------------------------------------------------------===//

#include "tg/IR/CallStack.h"
#include "tg/IR/TGDialect.h"
#include "tg/IR/TGOps.h"
#include "tg/Passes/Passes.h"

#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/SetVector.h"

namespace tg {
#define GEN_PASS_DEF_TGSNAPSHOTORIGINS
#include "tg/Passes/Passes.h.inc"
} // namespace tg

using namespace mlir;

namespace {
struct SnapshotOriginsPass
    : public tg::impl::TGSnapshotOriginsBase<SnapshotOriginsPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    llvm::SetVector<Attribute> origins;
    SmallVector<Location> scratch;
    module->walk([&](Operation *op) {
      // Graphs/functions hold no computation of their own, and by default
      // neither do terminators: inlining rightly drops them.
      if (isa<ModuleOp, FunctionOpInterface>(op) ||
          (!terminators && op->hasTrait<OpTrait::IsTerminator>()))
        return;
      scratch.clear();
      tg::getOrigins(op->getLoc(), scratch);
      for (Location origin : scratch)
        if (!isa<UnknownLoc>(origin))
          origins.insert(LocationAttr(origin));
    });
    module->setAttr("tg.origin_snapshot",
                    ArrayAttr::get(&getContext(), origins.getArrayRef()));
    markAllAnalysesPreserved();
  }
};
} // namespace
