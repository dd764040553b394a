//===- LinalgFuseElementwise.cpp - Linalg fusion that keeps origins -------===//
//
// Upstream's -linalg-fuse-elementwise-ops (LinalgElementwiseOpFusionPass in
// mlir/lib/Dialect/Linalg/Transforms/ElementwiseOpFusion.cpp), pattern for
// pattern and with the same driver configuration, with the location-
// preserving listener attached: upstream builds the fused op at the
// consumer's location; here it lists the producer's origins too.
//
//===----------------------------------------------------------------------===//

#include "tg/IR/TGDialect.h"
#include "tg/Passes/LocationPreservingListener.h"
#include "tg/Passes/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Tensor/Transforms/Transforms.h"

namespace tg {
#define GEN_PASS_DEF_TGLINALGFUSEELEMENTWISE
#include "tg/Passes/Passes.h.inc"
} // namespace tg

using namespace mlir;
using namespace mlir::linalg;

namespace {
struct LinalgFuseElementwisePass
    : public tg::impl::TGLinalgFuseElementwiseBase<LinalgFuseElementwisePass> {
  using Base::Base;

  void runOnOperation() override {
    Operation *op = getOperation();
    MLIRContext *context = op->getContext();
    RewritePatternSet patterns(context);

    // Upstream's control function: fuse a producer with a single use.
    ControlFusionFn defaultControlFn = [](OpOperand *fusedOperand) {
      Operation *producer = fusedOperand->get().getDefiningOp();
      return producer && producer->hasOneUse();
    };
    populateElementwiseOpsFusionPatterns(patterns, defaultControlFn);
    populateFoldReshapeOpsByExpansionPatterns(patterns, defaultControlFn);
    tensor::populateBubbleUpExpandShapePatterns(patterns);
    affine::AffineApplyOp::getCanonicalizationPatterns(patterns, context);
    GenericOp::getCanonicalizationPatterns(patterns, context);
    tensor::ExpandShapeOp::getCanonicalizationPatterns(patterns, context);
    tensor::CollapseShapeOp::getCanonicalizationPatterns(patterns, context);
    context->getLoadedDialect<LinalgDialect>()->getCanonicalizationPatterns(
        patterns);
    populateConstantFoldLinalgOperations(patterns, defaultControlFn);

    tg::LocationPreservingListener listener(
        tg::LocationPreservingListener::Options::forPass(getArgument(),
                                                         maxOrigins));
    // The folder hoists and deduplicates constants without notifying.
    listener.snapshotConstants(getOperation());
    // Top-down, as upstream does for compile time.
    (void)applyPatternsGreedily(
        op, std::move(patterns),
        GreedyRewriteConfig().setUseTopDownTraversal().setListener(&listener));
    listener.finalize();
    listener.recordRemovedOrigins(op);
  }
};
} // namespace
