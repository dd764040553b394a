//===- Passes.h - tracegraph passes -----------------------------*- C++ -*-===//

#ifndef TG_PASSES_PASSES_H
#define TG_PASSES_PASSES_H

#include "tg/Support/ModulePath.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/BinaryFormat/Dwarf.h"
#include "llvm/Support/CommandLine.h"

#include <memory>

namespace tg {

/// What of each origin `--tg-verify-origins` requires to survive (its option
/// `compare`): the whole origin, or only its leaf source position.
enum class OriginComparison { Full, Leaf };

/// The values of `--tg-export-llvm-debuginfo`'s option `language`: every
/// DWARF source language LLVM knows, by its `DW_LANG_*` name, exactly the
/// names llvm::dwarf::getLanguage accepts.
inline llvm::cl::ValuesClass getDWARFLanguageValues() {
  return llvm::cl::ValuesClass({
#define HANDLE_DW_LANG(ID, NAME, LOWER_BOUND, VERSION, VENDOR)                 \
  clEnumValN(llvm::dwarf::DW_LANG_##NAME, "DW_LANG_" #NAME, ""),
#include "llvm/BinaryFormat/Dwarf.def"
  });
}

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

/// The numbers a list holds when they are known without running the
/// program (a constant list, `t.size()` of a static type, or a list built in
/// place that nothing changes, of elements known the way --tg-inline folds
/// conditions: constants, integer arithmetic, `shape[i]`, static sizes), all
/// ints (i64) or all floats (f64); null otherwise (an empty list is known
/// and empty).
mlir::ArrayAttr evaluateNumberList(mlir::Value list);

/// The value of a scalar when it is known without running the program, the
/// way --tg-inline evaluates conditions: a bool (`i1`), an int (`i64`), a
/// float (`f64`), a string, or None (`unit`); null otherwise.
mlir::Attribute evaluateKnownScalar(mlir::Value value);

/// Whether `user`, an op that reads a list built in place, leaves the list
/// as it was built: a tg.op without bodies that neither changes a list nor
/// stores it where something else could (a cast counts by its own users).
bool leavesListUnchanged(mlir::Operation *user);

/// The pointwise operators `--tg-fuse-elementwise` fuses by default (without
/// `aten::`; each in its in-place form too).
llvm::ArrayRef<llvm::StringLiteral> getDefaultPointwiseOperators();

} // namespace tg

#endif // TG_PASSES_PASSES_H
