//===- Decompositions.h - Composite ops decomposed --------------*- C++ -*-===//
//
// The decompositions of `--tg-decompose` as a pattern set, for compilers that
// run them in their own drivers. Each rewrites one composite operator
// (batch_norm, layer_norm, group_norm, softmax, log_softmax, linear, addmm,
// dropout, masked_fill, adaptive_avg_pool2d to 1x1) into the pointwise and
// reduction operators that `--tg-fuse-elementwise` fuses, following PyTorch's
// own decomposition of it (torch/_decomp/decompositions.py; the differences
// are in docs/passes/decompose.md). Every op a pattern creates is built at the
// composite op's location, its whole call-site chain, so module paths and
// tracebacks of the new ops are the composite's; an op a pattern removes
// without replacement (dropout in eval) is recorded as `eliminated`.
//
//===----------------------------------------------------------------------===//

#ifndef TG_PASSES_DECOMPOSITIONS_H
#define TG_PASSES_DECOMPOSITIONS_H

#include "mlir/IR/PatternMatch.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringRef.h"

namespace tg {

/// The origin records of ops that decompositions remove without anything
/// computing them any more (dropout in eval is the identity), collected per
/// anchor (the enclosing `tg.graph`, else the root) while patterns run and
/// appended to the anchors' locations by `flush`, once: appending one record
/// at a time would rebuild an anchor's location per record.
class EliminatedOrigins {
public:
  /// `passName` is what the records name as the pass (`tg-decompose`);
  /// `root` the op records go to when no graph encloses an op.
  EliminatedOrigins(llvm::StringRef passName, mlir::Operation *root)
      : passName(passName.str()), root(root) {}

  /// Records `op`, about to be erased, as eliminated (with the records its
  /// location already carried).
  void record(mlir::Operation *op);

  /// Appends the records to their anchors' locations; returns how many.
  unsigned flush();

private:
  std::string passName;
  mlir::Operation *root;
  llvm::MapVector<mlir::Operation *, llvm::SmallVector<mlir::Location>>
      byAnchor;
};

/// The operators `populateDecompositionPatterns` rewrites, in the order the
/// docs list them.
llvm::ArrayRef<llvm::StringLiteral> getDecomposedOperators();

/// Adds the decompositions to `patterns` (one pattern that picks them by
/// operator name): all of them when `only` is
/// empty, else those of the operators it names (`aten::softmax`; in-place
/// forms such as `aten::dropout_` are included with their operator).
/// `eliminated` receives the ops removed without replacement; call its
/// `flush` after the driver returns. Patterns that cannot prove a rewrite
/// exact (a batch_norm in training, an input of unknown rank where a
/// parameter must be broadcast per channel) leave the op as it is.
void populateDecompositionPatterns(mlir::RewritePatternSet &patterns,
                                   EliminatedOrigins &eliminated,
                                   llvm::ArrayRef<std::string> only = {});

/// Whether `name` is an in-place aten operator (`aten::add_`, not
/// `aten::__and__`).
bool isInPlaceOperator(llvm::StringRef name);

/// Whether `op` may return storage of its first operand: views, in-place
/// ops, list and tuple access, and any op that is not a `tg.op` (a call the
/// IR cannot see into).
bool mayReturnAlias(mlir::Operation *op);

/// The values that share `base`'s storage, `base` first: the results of
/// every op that may return an alias of its first operand (`mayReturnAlias`)
/// applied to one of them, transitively.
llvm::SetVector<mlir::Value> getStorageAliases(mlir::Value base);

/// Rewrites each in-place write of a pointwise operator under `root`
/// (`add_`, `mul_`, `masked_fill_`, ...) whose effect later ops read
/// through another value (`attn[:, :, 1:, 1:] += rel_pos`, `x.add_(y)` with
/// `x` read again) into its out-of-place op, `aten::slice_scatter` /
/// `aten::select_scatter` back into the viewed tensor, and the later reads
/// of the tensor rewired to the result, as PyTorch's functionalization does
/// before Inductor. Writes it cannot prove safe to rewrite stay. Every new
/// op is built at the write's location. Returns the number rewritten.
unsigned functionalizeInPlaceWrites(mlir::Operation *root);

} // namespace tg

#endif // TG_PASSES_DECOMPOSITIONS_H
