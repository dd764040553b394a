//===- Decompose.cpp - Composite aten ops as pointwise + reductions -------===//
//
// The pass over the patterns of Decompositions.cpp. It applies them in one
// walk (MLIR's walk driver), not with the greedy driver: the greedy driver
// also folds and deduplicates constants across the module, which would move
// and merge ops this pass has no business touching. See TGDecompose in
// Passes.td for the contract.
//
//===----------------------------------------------------------------------===//

#include "tg/Passes/Decompositions.h"
#include "tg/Passes/Passes.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Rewrite/FrozenRewritePatternSet.h"
#include "mlir/Transforms/WalkPatternRewriteDriver.h"

namespace tg {
#define GEN_PASS_DEF_TGDECOMPOSE
#include "tg/Passes/Passes.h.inc"
} // namespace tg

using namespace mlir;

namespace {
struct DecomposePass : public tg::impl::TGDecomposeBase<DecomposePass> {
  using Base::Base;

  LogicalResult initialize(MLIRContext *ctx) override {
    for (const std::string &name : ops) {
      if (!llvm::is_contained(tg::getDecomposedOperators(), name))
        return emitError(UnknownLoc::get(ctx))
               << "tg-decompose: '" << name
               << "' is not an operator this pass decomposes (ops takes "
                  "names such as aten::batch_norm; --help lists them)";
    }
    return success();
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    tg::EliminatedOrigins eliminated(getArgument(), module);
    RewritePatternSet patterns(&getContext());
    tg::populateDecompositionPatterns(patterns, eliminated, ops);
    walkAndApplyPatterns(module, FrozenRewritePatternSet(std::move(patterns)));
    eliminated.flush();
  }
};
} // namespace
