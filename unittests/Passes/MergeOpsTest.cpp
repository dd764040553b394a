//===- MergeOpsTest.cpp - tg::mergeOps without a listener -----------------===//
//
// tg::mergeOps is public API: a downstream rewrite may call it with a plain
// IRRewriter and no LocationPreservingListener. Then nothing puts an origin
// back behind it, so the fused location it builds must list every merged
// op's origin by itself. (Under the listener, as --tg-fuse-elementwise runs
// it, the listener re-adds the origin of each replaced op, which hid a
// mergeOps that dropped the last op's origin from every pass test.)
//
//===----------------------------------------------------------------------===//

#include "tg/Passes/LocationPreservingListener.h"

#include "tg/IR/CallStack.h"
#include "tg/IR/TGOps.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Parser/Parser.h"

#include "gtest/gtest.h"

using namespace mlir;
using namespace tg;

namespace {

// Three ops in a chain, each with its own origin; the middle one is an
// inlined call, so a fused location must keep its call-site chain whole.
constexpr StringLiteral kChain = R"mlir(
  tg.graph @f(%x: !tg.tensor, %y: !tg.tensor) -> !tg.tensor {
    %0 = tg.op "aten::add"(%x, %y) : (!tg.tensor, !tg.tensor) -> !tg.tensor loc("net.py":3:5)
    %1 = tg.op "aten::mul"(%0, %y) : (!tg.tensor, !tg.tensor) -> !tg.tensor loc(callsite("mul.py":1:1 at fused<#tg.frame<instance = "m", class = "Mul", method = "forward">>["net.py":4:5]))
    %2 = tg.op "aten::relu"(%1) : (!tg.tensor) -> !tg.tensor loc("net.py":5:5)
    tg.return %2 : !tg.tensor
  }
)mlir";

class MergeOpsTest : public ::testing::Test {
protected:
  MergeOpsTest() { context.loadDialect<TGDialect>(); }

  /// The tg.op ops of `module`, in program order.
  static SmallVector<Operation *> tracedOps(ModuleOp module) {
    SmallVector<Operation *> ops;
    module->walk([&](TracedOp op) { ops.push_back(op); });
    return ops;
  }

  /// A one-result op standing for `ops`, built before the last of them with
  /// `loc` (what a downstream pattern would create).
  static Operation *createMerged(IRRewriter &rewriter,
                                 ArrayRef<Operation *> ops, Location loc) {
    rewriter.setInsertionPoint(ops.back());
    return TracedOp::create(rewriter, loc,
                            TypeRange{ops.back()->getResult(0).getType()},
                            rewriter.getStringAttr("aten::fused"),
                            ops.front()->getOperands(), /*bodiesCount=*/0);
  }

  static SmallVector<Location> origins(Location loc) {
    SmallVector<Location> out;
    getOrigins(loc, out);
    return out;
  }

  MLIRContext context;
};

TEST_F(MergeOpsTest, WithoutAListenerTheFusedLocationListsEveryOp) {
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(kChain, &context);
  ASSERT_TRUE(module);
  SmallVector<Operation *> ops = tracedOps(*module);
  ASSERT_EQ(ops.size(), 3u);
  SmallVector<Location> expected =
      llvm::map_to_vector(ops, [](Operation *op) { return op->getLoc(); });

  IRRewriter rewriter(&context); // no listener: mergeOps alone
  Operation *merged = createMerged(rewriter, ops, rewriter.getUnknownLoc());
  ASSERT_TRUE(succeeded(mergeOps(rewriter, ops, merged)));

  // Every origin, the last op's included, in program order; no metadata
  // (the new op had none), so a plain fused location.
  auto fused = dyn_cast<FusedLoc>(merged->getLoc());
  ASSERT_TRUE(fused) << "not a fused location";
  EXPECT_FALSE(fused.getMetadata());
  EXPECT_EQ(SmallVector<Location>(fused.getLocations()), expected);
  // The merged op replaced the chain.
  EXPECT_EQ(tracedOps(*module), SmallVector<Operation *>{merged});
}

TEST_F(MergeOpsTest, KeepsTheNewOpsMetadataAndEveryOrigin) {
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(kChain, &context);
  ASSERT_TRUE(module);
  SmallVector<Operation *> ops = tracedOps(*module);
  ASSERT_EQ(ops.size(), 3u);
  SmallVector<Location> expected =
      llvm::map_to_vector(ops, [](Operation *op) { return op->getLoc(); });

  IRRewriter rewriter(&context);
  Attribute kernel = KernelAttr::get(&context, "k");
  Operation *merged = createMerged(
      rewriter, ops,
      FusedLoc::get(&context, {UnknownLoc::get(&context)}, kernel));
  ASSERT_TRUE(succeeded(mergeOps(rewriter, ops, merged)));
  auto fused = dyn_cast<FusedLoc>(merged->getLoc());
  ASSERT_TRUE(fused);
  EXPECT_EQ(fused.getMetadata(), kernel);
  EXPECT_EQ(origins(fused), expected);
}

TEST_F(MergeOpsTest, TwoOpsTheLastOneIsNotLost) {
  // The smallest merge: with one op's origin missing the result would be a
  // plain location, not a fused one.
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(kChain, &context);
  ASSERT_TRUE(module);
  SmallVector<Operation *> all = tracedOps(*module);
  ASSERT_EQ(all.size(), 3u);
  SmallVector<Operation *> ops = {all[1], all[2]};
  Location mul = all[1]->getLoc(), relu = all[2]->getLoc();

  IRRewriter rewriter(&context);
  Operation *merged = createMerged(rewriter, ops, rewriter.getUnknownLoc());
  ASSERT_TRUE(succeeded(mergeOps(rewriter, ops, merged)));
  EXPECT_EQ(origins(merged->getLoc()), (SmallVector<Location>{mul, relu}));
}

} // namespace
