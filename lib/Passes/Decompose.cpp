//===- Decompose.cpp - Composite aten ops as pointwise + reductions -------===//
//
// The pass over the patterns of Decompositions.cpp. It applies them once to
// each tg.op of the module, in program order, not with the greedy driver:
// the greedy driver also folds and deduplicates constants across the
// module, which would move and merge ops this pass has no business
// touching. (MLIR's walk driver would do, but a pattern here may erase ops
// after the one it matched, the reads of native_batch_norm's tuple, which a
// walk in progress must not meet.) See TGDecompose in Passes.td for the
// contract.
//
//===----------------------------------------------------------------------===//

#include "tg/Passes/Decompositions.h"
#include "tg/Passes/OptionChecks.h"
#include "tg/Passes/Passes.h"

#include "tg/IR/TGOps.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Rewrite/FrozenRewritePatternSet.h"
#include "mlir/Rewrite/PatternApplicator.h"
#include "llvm/ADT/DenseSet.h"

namespace tg {
#define GEN_PASS_DEF_TGDECOMPOSE
#include "tg/Passes/Passes.h.inc"
} // namespace tg

using namespace mlir;

namespace {
/// A rewriter that remembers the ops it erased, so that the ops collected
/// before rewriting that a pattern erased are skipped.
class ErasureTrackingRewriter : public PatternRewriter,
                                public RewriterBase::Listener {
public:
  explicit ErasureTrackingRewriter(MLIRContext *ctx) : PatternRewriter(ctx) {
    setListener(this);
  }
  void notifyOperationErased(Operation *op) override { erased.insert(op); }
  bool wasErased(Operation *op) const { return erased.contains(op); }

private:
  llvm::DenseSet<Operation *> erased;
};

struct DecomposePass
    : public tg::OptionCheckedPass<DecomposePass, tg::impl::TGDecomposeBase> {
  using OptionCheckedPass::OptionCheckedPass;

  /// What in the options cannot run: checked where the pipeline is parsed
  /// and again when the pass runs (OptionChecks.h).
  tg::OptionsError getOptionsError() {
    // `ops=` with no name parsed as no list, every decomposition: a list the
    // user emptied must not decompose everything. An options struct from
    // C++ leaves no occurrence, and its empty list is the default.
    if (ops.empty() && ops.getNumOccurrences())
      return std::string("tg-decompose: ops= needs at least one operator "
                         "name (leave it out for every operator this pass "
                         "decomposes)");
    for (const std::string &name : ops) {
      if (!llvm::is_contained(tg::getDecomposedOperators(), name))
        return "tg-decompose: '" + name +
               "' in ops= is not an operator this pass decomposes (ops "
               "takes names such as aten::batch_norm; --help lists them)";
    }
    return std::nullopt;
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (failed(checkOptions()))
      return signalPassFailure();
    // In-place writes first: the rewritten reads then see values, and a
    // `masked_fill_` becomes a `masked_fill` that the patterns decompose.
    if (ops.empty())
      tg::functionalizeInPlaceWrites(module);
    tg::EliminatedOrigins eliminated(getArgument(), module);
    RewritePatternSet patterns(&getContext());
    tg::populateDecompositionPatterns(patterns, eliminated, ops);
    FrozenRewritePatternSet frozen(std::move(patterns));
    PatternApplicator applicator(frozen);
    applicator.applyDefaultCostModel();
    SmallVector<Operation *> candidates;
    module.walk([&](tg::TracedOp op) { candidates.push_back(op); });
    ErasureTrackingRewriter rewriter(&getContext());
    for (Operation *op : candidates) {
      if (rewriter.wasErased(op))
        continue;
      rewriter.setInsertionPoint(op);
      (void)applicator.matchAndRewrite(op, rewriter);
    }
    eliminated.flush();
    // Conditions the folds made known (F.interpolate's `len(size) != dim`
    // once its size is a constant list): their prim::If go as --tg-inline
    // folds the others. Not with ops=, which touches only what it names.
    if (ops.empty())
      tg::foldConstantControlFlow(module, getArgument());
  }
};
} // namespace
