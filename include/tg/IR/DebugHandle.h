//===- DebugHandle.h - Reading and writing debug handles --------*- C++ -*-===//
//
// An op's debug handle lives in one of two places: inline in the op (tg ops,
// and any op implementing DebugHandleOpInterface), or in the discardable
// attribute `tg.debug_handle` (every other op). These functions read and write
// both, so passes never need to know which one an op uses.
//
//===----------------------------------------------------------------------===//

#ifndef TG_IR_DEBUGHANDLE_H
#define TG_IR_DEBUGHANDLE_H

#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/Operation.h"
#include "llvm/ADT/DenseMap.h"

#include <optional>

namespace tg {

/// The name under which a handle prints, and the discardable attribute that
/// holds it on ops without an inline handle (an i64).
inline constexpr llvm::StringLiteral kDebugHandleAttrName = "tg.debug_handle";

/// The debug handle of `op`, if it has a valid one: its inline handle, else a
/// non-negative integer `tg.debug_handle` attribute.
std::optional<uint64_t> getDebugHandle(mlir::Operation *op);

/// Whether `op` has a handle at all, valid or not (a malformed
/// `tg.debug_handle` attribute counts: passes report it instead of
/// overwriting it).
bool hasDebugHandle(mlir::Operation *op);

/// Gives `op` the handle `handle`: inline where the op can hold it (and then
/// without a leftover attribute), else as the attribute.
void setDebugHandle(mlir::Operation *op, uint64_t handle);

/// Removes `op`'s handle, wherever it is.
void removeDebugHandle(mlir::Operation *op);

class RepeatedError;

/// Records that `op` uses `handle` in `owners`; a handle already used by
/// another op is an error at `op` ("duplicate debug handle N", with a note
/// at the first user), reported through `duplicates` when given (one error
/// for all the duplicates of a module, with their count). Handles are
/// unique per compiled program.
llvm::LogicalResult
claimDebugHandle(llvm::DenseMap<uint64_t, mlir::Operation *> &owners,
                 mlir::Operation *op, uint64_t handle,
                 RepeatedError *duplicates = nullptr);
/// The same with the owner slot of `handle` given (a dense table's entry):
/// null when the handle is unused so far.
llvm::LogicalResult claimDebugHandle(mlir::Operation *&owner,
                                     mlir::Operation *op, uint64_t handle,
                                     RepeatedError *duplicates = nullptr);

namespace detail {
/// DebugHandleOpInterface's verifier: an op with an inline handle must not
/// also carry a `tg.debug_handle` attribute (one of them would be ignored).
/// The trait passes the op's inline handle, read from the concrete op: the
/// verifier runs after every pass, and looking the interface up again per op
/// was 4% of its instructions.
llvm::LogicalResult verifyDebugHandleOp(mlir::Operation *op,
                                        std::optional<int64_t> handle);
} // namespace detail

//===----------------------------------------------------------------------===//
// The DebugHandleAttrDict custom directive
//===----------------------------------------------------------------------===//

/// Parses an optional attribute dictionary and moves a valid
/// `tg.debug_handle = N` (N >= 0) out of it into `handle`. A malformed one
/// stays an attribute, so that the passes that read handles report it where
/// it is.
mlir::ParseResult parseDebugHandleAttrDict(mlir::OpAsmParser &parser,
                                           std::optional<int64_t> &handle,
                                           mlir::NamedAttrList &attrs);

/// Prints the op's discardable attributes with the inline handle among them
/// as `tg.debug_handle = N : i64`, in sorted order: the text is what the op
/// printed when the handle was an attribute.
void printDebugHandleAttrDict(mlir::OpAsmPrinter &printer, mlir::Operation *op,
                              std::optional<int64_t> handle);

/// The same, in the signature ODS gives a custom directive with `attr-dict`.
/// `allAttrs` is not read: the generated printer passes
/// `getAttrDictionary()`, which builds and uniques a dictionary of the
/// inherent and discardable attributes at every call. The hand-written
/// printers of the tg ops that have inherent attributes (lib/IR/TGOps.cpp)
/// call the overload above instead.
void printDebugHandleAttrDict(mlir::OpAsmPrinter &printer, mlir::Operation *op,
                              std::optional<int64_t> handle,
                              mlir::DictionaryAttr allAttrs);

/// The same for call ops, whose inherent `arg_attrs` / `res_attrs` (when set)
/// are printed in, and parsed from, the same dictionary.
mlir::ParseResult parseDebugHandleAttrDict(mlir::OpAsmParser &parser,
                                           std::optional<int64_t> &handle,
                                           mlir::ArrayAttr &argAttrs,
                                           mlir::ArrayAttr &resAttrs,
                                           mlir::NamedAttrList &attrs);
void printDebugHandleAttrDict(mlir::OpAsmPrinter &printer, mlir::Operation *op,
                              std::optional<int64_t> handle,
                              mlir::ArrayAttr argAttrs,
                              mlir::ArrayAttr resAttrs,
                              mlir::DictionaryAttr allAttrs);

} // namespace tg

/// The generated interface declarations.
#include "tg/IR/TGInterfaces.h.inc"

#endif // TG_IR_DEBUGHANDLE_H
