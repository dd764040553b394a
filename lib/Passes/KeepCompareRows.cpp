//===- KeepCompareRows.cpp - A line-table row for every compare -----------===//
//
// A compare that only a select reads is folded into the select by x86
// instruction selection, at every optimization level, and the folded
// instructions carry the select's location: the compare's source position
// has no row. The two ops of one source op (`relu` as `fcmp` + `select`)
// lose nothing by that; a compare of its own (`mask == 0` under
// `masked_fill`) loses its only row.
//
// What keeps the row was measured with llc-22 and opt-22 on x86-64 (the
// Passes.td description has the summary):
// - `llc -O0` (fast instruction selection) keeps a compare that has a user
//   other than the select: `zext` to i8 and `trunc` back gives it one. It
//   drops `llvm.fake.use`.
// - LLVM's -O2 pipeline folds `trunc(zext(c))` back to `c`, and the
//   selection DAG folds the compare into the select again; a
//   `llvm.fake.use` of the widened value is an opaque use that keeps it.
// So both are emitted: each covers the level where the other vanishes.
//
//===----------------------------------------------------------------------===//

#include "tg/Passes/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Builders.h"

namespace tg {
#define GEN_PASS_DEF_TGKEEPCOMPAREROWS
#include "tg/Passes/Passes.h.inc"
} // namespace tg

using namespace mlir;

namespace {

/// The uses of `compare`'s result as the condition of a select at another
/// location (a select at the compare's own location is the same source op).
SmallVector<OpOperand *> selectsElsewhere(Operation *compare) {
  SmallVector<OpOperand *> uses;
  for (OpOperand &use : compare->getResult(0).getUses()) {
    auto select = dyn_cast<LLVM::SelectOp>(use.getOwner());
    if (select && use.getOperandNumber() == 0 &&
        select.getLoc() != compare->getLoc())
      uses.push_back(&use);
  }
  return uses;
}

/// Gives `compare` a use that instruction selection cannot fold at -O0
/// (the zext) and one that LLVM's optimizations keep (the fake use), and
/// the selects the narrowed value.
void keepRow(Operation *compare, ArrayRef<OpOperand *> uses) {
  OpBuilder builder(compare->getContext());
  builder.setInsertionPointAfter(compare);
  Location loc = compare->getLoc();
  Value wide = LLVM::ZExtOp::create(builder, loc, builder.getI8Type(),
                                    compare->getResult(0));
  LLVM::CallIntrinsicOp::create(
      builder, loc, builder.getStringAttr("llvm.fake.use"), ValueRange{wide});
  for (OpOperand *use : uses) {
    Operation *select = use->getOwner();
    builder.setInsertionPoint(select);
    use->set(LLVM::TruncOp::create(builder, select->getLoc(),
                                   builder.getI1Type(), wide));
  }
}

struct TGKeepCompareRowsPass
    : tg::impl::TGKeepCompareRowsBase<TGKeepCompareRowsPass> {
  void runOnOperation() override {
    // Collected first: the rewrite adds users to the results it visits.
    SmallVector<std::pair<Operation *, SmallVector<OpOperand *>>> work;
    getOperation()->walk([&](Operation *op) {
      if (!isa<LLVM::FCmpOp, LLVM::ICmpOp>(op) ||
          !op->getResult(0).getType().isInteger(1) ||
          isa<UnknownLoc>(op->getLoc()))
        return;
      SmallVector<OpOperand *> uses = selectsElsewhere(op);
      if (!uses.empty())
        work.push_back({op, std::move(uses)});
    });
    for (auto &[compare, uses] : work)
      keepRow(compare, uses);
  }
};

} // namespace
