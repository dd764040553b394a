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

} // namespace tg

#endif // TG_PASSES_PASSES_H
