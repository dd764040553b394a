//===- CSE.cpp - -cse that keeps every origin -----------------------------===//
//
// Upstream's CSE driver (mlir::eliminateCommonSubExpressions) on a rewriter
// that carries the location-preserving listener: the survivor of each
// elimination lists the origins of the ops it replaced.
//
//===----------------------------------------------------------------------===//

#include "tg/IR/TGDialect.h"
#include "tg/Passes/LocationPreservingListener.h"
#include "tg/Passes/Passes.h"

#include "mlir/IR/Dominance.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/CSE.h"

namespace tg {
#define GEN_PASS_DEF_TGCSE
#include "tg/Passes/Passes.h.inc"
} // namespace tg

using namespace mlir;

namespace {
struct CSEPass : public tg::impl::TGCSEBase<CSEPass> {
  using Base::Base;

  void runOnOperation() override {
    tg::LocationPreservingListener listener(
        tg::LocationPreservingListener::Options::forPass(getArgument(),
                                                         maxOrigins));
    IRRewriter rewriter(&getContext(), &listener);

    bool changed = false;
    eliminateCommonSubExpressions(rewriter, getAnalysis<DominanceInfo>(),
                                  getOperation(), &changed);
    listener.finalize();
    listener.recordRemovedOrigins(getOperation());
    // As upstream: only ops were removed, so dominance still holds.
    if (!changed)
      return markAllAnalysesPreserved();
    markAnalysesPreserved<DominanceInfo, PostDominanceInfo>();
  }
};
} // namespace
