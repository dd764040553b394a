//===- CallStack.h - Inlined call stacks in MLIR locations ------*- C++ -*-===//
//
// The one place that knows how tracegraph encodes inlined method calls in
// plain MLIR locations. Every pass that builds or reads call stacks (inlining,
// module hierarchy, fusion, the debug section) goes through these helpers.
//
// Encoding. Inlining the method `m` of instance `i` (class `C`), called at
// source location `L_call`, wraps the location `L` of each inlined op as
//
//   callsite(L at fused<#tg.frame<...i, C, m...>>[L_call])
//
// The caller side of the call site is the *frame location*. Inlining composes
// the way MLIR's own inliner does: the callee of every CallSiteLoc is a leaf
// and the caller is the rest of the chain, so a chain two calls deep is
//
//   callsite(L at callsite(F_inner at F_outer))
//
// with the innermost frame nearest the leaf and the entry's frame last.
//
//===----------------------------------------------------------------------===//

#ifndef TG_IR_CALLSTACK_H
#define TG_IR_CALLSTACK_H

#include "mlir/IR/Location.h"
#include "tg/IR/TGDialect.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>
#include <vector>

namespace tg {

/// One inlined call: where the call was written, and on which module
/// instance/class which method was called. `frame` is null for a frame that
/// carries no module information (a call-site location not made by
/// tracegraph, e.g. by upstream `-inline`); module paths print it as
/// `UNKNOWN_INSTANCE(UNKNOWN_TYPE)`.
struct InlinedFrame {
  mlir::Location callLoc;
  FrameAttr frame;
};

/// A location taken apart: the inlined frames from the outermost (the entry
/// graph's call) to the innermost, and the leaf location of the op itself.
struct CallStack {
  llvm::SmallVector<InlinedFrame, 8> frames;
  mlir::Location leaf;
};

/// The caller-side location of a frame: `fused<frame>[callLoc]`.
mlir::Location getFrameLoc(FrameAttr frame, mlir::Location callLoc);

/// Takes a caller-side location apart. A `fused<#tg.frame>` location gives
/// its frame and call location; any other location is a frame without module
/// information whose call location is the location itself.
InlinedFrame matchFrameLoc(mlir::Location callerLoc);

/// MLIR's location stacking for inlined code (`stackLocations` in
/// mlir/lib/Transforms/Utils/InliningUtils.cpp): the callee's own call-site
/// chain is re-rooted onto `caller`, so chains stay right-nested.
mlir::Location stackLocations(mlir::Location calleeLoc, mlir::Location caller);

/// The location of an op inlined from a callee, given its location in the
/// callee, the frame of the call and the call's location. Keeps MLIR's
/// canonical chain shape (see the file comment), so the result equals what
/// `mlir::InlinerInterface`-based inlining produces for a call whose location
/// is `getFrameLoc(frame, callLoc)`.
mlir::Location pushFrame(mlir::Location calleeLoc, FrameAttr frame,
                         mlir::Location callLoc);

/// Takes a location apart into its frames and leaf. A location without call
/// sites gives no frames. A fused location is a leaf as a whole: use
/// `getOrigins` first to get one call stack per origin. A name
/// (`"relu"(callsite(...))`) is a leaf too, unless `throughNames`: then the
/// frames inside it count, as tg-symbolicate counts them (module paths); the
/// stack then no longer rebuilds the location.
CallStack getCallStack(mlir::Location loc, bool throughNames = false);

/// Rebuilds a location from a call stack; the inverse of `getCallStack`.
mlir::Location buildLocation(const CallStack &stack);

/// Where origins live on when the ops holding them were inlined: an origin
/// survives in another when its whole call stack (frames, then its own
/// position) runs, unchanged and contiguous, inside the other's stack,
/// ending at that stack's leaf (the op itself was inlined: outer frames were
/// added) or at one of its frames' call locations (a call that was inlined
/// lives on as the call location of its callee's ops). --tg-verify-origins
/// and the origin accounting decide "inlined, not lost" by the same rule.
class InlinedOrigins {
public:
  /// Adds an origin held now; returns its index (that of its first addition
  /// when added before).
  unsigned add(mlir::Location origin);
  /// Calls `fn` with the index of each added origin in which `origin`
  /// survives, in the order they were first added, until `fn` returns true.
  /// Returns whether any was found.
  bool find(mlir::Location origin,
            llvm::function_ref<bool(unsigned index)> fn) const;

private:
  llvm::DenseMap<mlir::Location, unsigned> seen;
  std::vector<CallStack> stacks;
  /// The location a stack position holds -> (stack, position).
  llvm::DenseMap<mlir::Location,
                 llvm::SmallVector<std::pair<unsigned, unsigned>, 1>>
      ends;
};

/// The first source position a location stands for, looking through names,
/// call sites (the callee side), fused lists and opaque locations; null if it
/// has none.
mlir::FileLineColLoc findPosition(mlir::Location loc);

/// One level of a call stack as native debug info names it: a source
/// position and the function it is written in.
struct NamedFrame {
  mlir::FileLineColLoc position;
  /// The linkage name of that function, what DWARF and PTX line info name
  /// it by: its module path and method (`layer1.0.relu(ReLU)::forward`,
  /// `ResNet::_forward_impl` for a method of the entry module, a free
  /// function's own name, empty for a call without module information).
  /// Empty for the outermost level, which is written in the entry function
  /// itself (the compiled kernel).
  std::string linkageName;
  /// The Python function's own name (`forward`); empty for the outermost
  /// level.
  llvm::StringRef method;
};

/// The levels of `stack`, outermost first: the outermost call's position in
/// the entry function, then for each frame the position inside the function
/// it called (the next call, or the op itself). Stops before the first level
/// without a position (the op is then at its call, as MLIR's translation
/// places a callee it cannot scope); empty when even the outermost has none.
/// `--tg-export-llvm-debuginfo` and the PTX line info name frames with it.
llvm::SmallVector<NamedFrame> getNamedFrames(const CallStack &stack);

/// The origins a location stands for: the locations listed by a fused
/// location (recursively, in order, without duplicates), or the location
/// itself. Used to read back every origin of a fused kernel. Origin records
/// (`#tg.origin_record`) are not origins of the op that holds them and are
/// skipped.
void getOrigins(mlir::Location loc,
                llvm::SmallVectorImpl<mlir::Location> &origins);

/// The attribute naming the graph a function was outlined from
/// (`"Class::method"` or a free function's name), set by
/// `--tg-extract-kernels`.
inline constexpr llvm::StringLiteral kTracedFromAttrName = "tg.traced_from";

/// The function a module path starts from: `op` itself or its closest
/// enclosing function-like op. A `tg.graph` method gives its module class
/// and method name, a `tg.graph` free function its name; a function with
/// `tg.traced_from` the class and method it names (it was outlined from that
/// graph); any other function (a `func.func` entry) its symbol name and no
/// class. Empty when `op` is in no function.
struct EntryFunction {
  llvm::StringRef className;
  llvm::StringRef method;
  mlir::Operation *op = nullptr;
};
EntryFunction getEntryFunction(mlir::Operation *op);

/// getEntryFunction for the ops of a walk, asked once per block (the ops of
/// a block share their function; finding it walks up and splits a symbol).
/// An op with regions may be a function itself.
class EntryFunctionCache {
public:
  const EntryFunction &get(mlir::Operation *op);

private:
  mlir::Block *block = nullptr;
  EntryFunction entry;
};

//===----------------------------------------------------------------------===//
// Origin records: origins that no op holds any more
//===----------------------------------------------------------------------===//
//
// An origin erased as dead, or merged into an op over its `max-origins`
// bound, is kept as a *record location* (`fused<#tg.origin_record<...>>
// [origin]`) in the location of an *anchor*: the op the pass ran on (the
// module, or a function for a function pass). Records are locations so that
// `-strip-debuginfo` drops them and `-mlir-print-debuginfo` prints them like
// every other location. An anchor's records are a table, not one list that
// grows with the model: up to 63 of them sit in the anchor's location as a
// plain list (`fused[own, record, ...]`), and beyond that every 64 become a
// chunk `fused<#tg.origin_records<level = 1>>[...]`, every 64 chunks of one
// level a chunk of the next (see `#tg.origin_records`). A record costs O(1)
// in the IR, appending one costs O(64 x levels), and no location lists more
// than 64 records or chunks of one level.
//
// How a pass records what it erases:
//
//   tg::recordEliminated(op, "tg-decompose");  // then erase `op`
//
// or, for many ops at once, build the record locations with
// `makeOriginRecord` and append them with `appendOriginRecords`, once per
// anchor. The debug section keeps each record as a row of a table of its
// own (docs/debug-section-format.md, RECORDS), not in the anchor's
// location, so a lookup of the anchor's handle shows its own frames.

/// The record location of an origin removed by a pass:
/// `fused<record>[origin]` (see `#tg.origin_record`).
mlir::Location makeOriginRecord(OriginRecordAttr record, mlir::Location origin);

/// Records per chunk of an anchor's records table, and the most of one level
/// an anchor's location lists loose.
inline constexpr unsigned kOriginRecordsPerChunk = 64;

/// `anchorLoc` with `records` (record locations) appended to its records
/// table, in order: what the op a pass runs on (module or function) carries.
/// Existing records are kept; a record equal to one appended in the same
/// call, or to one of the anchor's loose records, is not added again.
/// The result depends only on the anchor's own location and the sequence of
/// records appended, not on how they were batched: so a location restored
/// from a debug section (own location, then its records in order) is
/// identical to the one written. O(records + 64 x levels).
mlir::Location appendOriginRecords(mlir::Location anchorLoc,
                                   llvm::ArrayRef<mlir::Location> records);

/// Records, as eliminated by `pass`, the origin of `op` (its location
/// without records; nothing when unknown) and moves the records `op` holds
/// itself, on `op`'s anchor: its closest enclosing function
/// (`FunctionOpInterface`), else the outermost op above it. Call it before
/// erasing `op`, for an op that leaves the IR with nothing computing what
/// it computed (dropout in eval mode, an op erased as dead). The record
/// names `op` by its traced name for a `tg.op` (`aten::dropout`), else its
/// MLIR name. O(64 x levels) per call; within a pass nested on functions,
/// `op` must be inside the function the pass runs on.
void recordEliminated(mlir::Operation *op, llvm::StringRef pass);

/// The op whose location keeps the records of ops erased under `op`: its
/// closest enclosing function (`FunctionOpInterface`), else the outermost
/// op above it; `op` itself when it has no parent.
mlir::Operation *getOriginRecordAnchor(mlir::Operation *op);

/// One origin record read back from a location.
struct RemovedOrigin {
  OriginRecordAttr record;
  /// The origin as it was when it was removed (may be fused: one record for
  /// every origin of the removed op).
  mlir::Location origin;
  /// The record location itself, as the anchor's table holds it (null when
  /// the record was built by hand).
  mlir::LocationAttr location = {};
};

/// The origin records `loc` carries (its records table), in the order they
/// were appended. O(records).
void getOriginRecords(mlir::Location loc,
                      llvm::SmallVectorImpl<RemovedOrigin> &records);

/// `loc` without its origin records (the op's own location). O(64 x levels),
/// whatever the number of records.
mlir::Location stripOriginRecords(mlir::Location loc);

/// Whether `loc` is part of a records table: a record location or a chunk
/// of records (what `getOrigins` skips).
bool isOriginRecordItem(mlir::Location loc);

} // namespace tg

#endif // TG_IR_CALLSTACK_H
