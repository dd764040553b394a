//===- Passes.h - tracegraph passes -----------------------------*- C++ -*-===//

#ifndef TG_PASSES_PASSES_H
#define TG_PASSES_PASSES_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

#include <memory>

namespace tg {

#define GEN_PASS_DECL
#include "tg/Passes/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "tg/Passes/Passes.h.inc"

/// Replaces every `prim::If` under `root` whose condition is a constant by
/// the ops of the branch it takes, and records each origin that leaves the
/// IR with the branch not taken (and the If) as eliminated by `passName`
/// on the enclosing graph (see TGFoldConstantControlFlow in Passes.td).
/// Returns the number of Ifs folded.
unsigned foldConstantControlFlow(mlir::Operation *root,
                                 llvm::StringRef passName);

} // namespace tg

#endif // TG_PASSES_PASSES_H
