//===- OriginAccounting.h - No origin lost around any pass ------*- C++ -*-===//
//
// A pass instrumentation that accounts for every origin around every pass of
// a pipeline, upstream lowering and conversion passes included and
// unchanged: those passes run no listener of ours, so what they drop is found
// by comparing the origins before and after each pass.
//
//   mlir::PassManager pm(ctx);
//   ... add any passes ...
//   tg::addOriginAccounting(pm);              // tg-opt --tg-account-origins
//
// Before a pass, the origins of every op under the op it runs on are
// remembered (each with the op that held it and that op's first use). After
// the pass, each origin that no op lists and no record names any more goes,
// in this order (an origin an inliner moved into a call site, as the callee
// of an inlined op's location or as the call location of a frame, is still
// listed: tg::InlinedOrigins, the rule --tg-verify-origins counts by):
//
// 1. back to the op that held it, when that op is still alive (MLIR's folder
//    resets the location of a constant it reuses to `unknown` without a
//    notification);
// 2. to its twin, when it was nested in an op replaced by an op of the same
//    kind (CSE of an `scf.if`: the same op at the same place in the kept
//    regions);
// 3. to the op that now defines the operand through which its first user
//    read it (the user itself, or the op now holding the user's origin when a
//    conversion replaced the user): the op's results were replaced by that
//    value (a fold, CSE, a no-op cast). When the user was folded away too,
//    or its replacement has no such operand, the op went with the user, to
//    what the user went to (the inner op of a folded chain);
// 4. to a surviving equal constant whose location the folder reset;
// 5. else into an `eliminated` record (`#tg.origin_record`, with the pass's
//    argument) on the location of the op the pass ran on, as the
//    location-preserving listener records what its rewrites erase. Origin
//    records a pass dropped are appended there again.
//
// Merges are bounded by `maxOrigins` as the listener's: the origins over the
// bound are recorded as `merged` into the holder. Passes that drop locations
// on purpose (`-strip-debuginfo`) are left alone; around one that translates
// every location (`--tg-export-llvm-debuginfo`) only the records are kept.
//
//===----------------------------------------------------------------------===//

#ifndef TG_PASSES_ORIGINACCOUNTING_H
#define TG_PASSES_ORIGINACCOUNTING_H

#include "llvm/ADT/SmallVector.h"

#include <memory>
#include <string>

namespace mlir {
class PassInstrumentation;
class PassManager;
} // namespace mlir

namespace tg {

struct OriginAccountingOptions {
  /// At most this many origins in a location the accounting merges into; 0:
  /// no bound. The listener's default (docs/upstream-transforms.md).
  unsigned maxOrigins = 64;
  /// Count the origins of terminators (`func.return`, `cf.br`, `scf.yield`,
  /// `linalg.yield`): they carry the Python line of a `return` or of the end
  /// of a loop body. docs/upstream-transforms.md says why this is the
  /// default.
  bool terminators = true;
  /// Pass arguments not accounted: those whose purpose is to drop
  /// locations, or to move the records out of the IR.
  llvm::SmallVector<std::string, 2> exemptPasses = {"strip-debuginfo",
                                                    "tg-strip-origin-records"};
  /// Pass arguments whose origins are not compared, only their records kept:
  /// those that rewrite every location into another form one for one (LLVM
  /// debug scopes: the origins are all there, spelled differently, and a
  /// merge after it would put back a form mlir-translate cannot read).
  llvm::SmallVector<std::string, 1> recordsOnlyPasses = {
      "tg-export-llvm-debuginfo"};
};

/// The instrumentation; `addOriginAccounting` adds one to a pass manager.
/// The context must have the tg dialect loaded (records are tg attributes).
std::unique_ptr<mlir::PassInstrumentation>
createOriginAccounting(const OriginAccountingOptions &options = {});

/// Accounts for every origin around every pass `pm` runs (nested pass
/// managers included).
void addOriginAccounting(mlir::PassManager &pm,
                         const OriginAccountingOptions &options = {});

} // namespace tg

#endif // TG_PASSES_ORIGINACCOUNTING_H
