//===- Canonicalize.cpp - -canonicalize that keeps every origin -----------===//
//
// Upstream's Canonicalizer (mlir/lib/Transforms/Canonicalizer.cpp) with the
// location-preserving listener on its greedy driver: the same pattern
// collection, filters, configuration and driver, so that only locations
// differ from `-canonicalize`'s output.
//
//===----------------------------------------------------------------------===//

#include "tg/IR/TGDialect.h"
#include "tg/Passes/LocationPreservingListener.h"
#include "tg/Passes/Passes.h"

#include "mlir/IR/Dialect.h"
#include "mlir/Rewrite/FrozenRewritePatternSet.h"

namespace tg {
#define GEN_PASS_DEF_TGCANONICALIZE
#include "tg/Passes/Passes.h.inc"
} // namespace tg

using namespace mlir;

namespace {
struct CanonicalizePass
    : public tg::impl::TGCanonicalizeBase<CanonicalizePass> {
  using Base::Base;

  LogicalResult initialize(MLIRContext *context) override {
    // Collected once per pass instance, as upstream does, from every loaded
    // dialect and every registered op.
    RewritePatternSet owningPatterns(context);
    for (Dialect *dialect : context->getLoadedDialects())
      dialect->getCanonicalizationPatterns(owningPatterns);
    for (RegisteredOperationName op : context->getRegisteredOperations())
      op.getCanonicalizationPatterns(owningPatterns, context);
    patterns = std::make_shared<FrozenRewritePatternSet>(
        std::move(owningPatterns), disabledPatterns, enabledPatterns);
    return success();
  }

  void runOnOperation() override {
    tg::LocationPreservingListener listener(
        tg::LocationPreservingListener::Options::forPass(getArgument(),
                                                         maxOrigins));
    // The folder hoists and deduplicates constants without notifying.
    listener.snapshotConstants(getOperation());

    GreedyRewriteConfig config;
    config.setUseTopDownTraversal(topDownProcessingEnabled)
        .setRegionSimplificationLevel(regionSimplifyLevel)
        .setMaxIterations(maxIterations)
        .setMaxNumRewrites(maxNumRewrites)
        .setListener(&listener);
    LogicalResult converged =
        applyPatternsGreedily(getOperation(), *patterns, config);
    listener.finalize();
    listener.recordRemovedOrigins(getOperation());
    // Canonicalization is best-effort: non-convergence is not a failure
    // unless asked for.
    if (testConvergence && failed(converged))
      signalPassFailure();
  }

  std::shared_ptr<const FrozenRewritePatternSet> patterns;
};
} // namespace
