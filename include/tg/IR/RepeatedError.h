//===- RepeatedError.h - One error for a mistake on every op ----*- C++ -*-===//
//
// A mistake in how a module was built (no debug handles, handles reused,
// malformed ones) repeats on every op of the module: one error per op made
// 186 MB of stderr on a 100K-op model. A pass reports such a mistake through
// a RepeatedError: the first occurrence whole, at its op's location (its
// notes and call stack as MLIR prints them), and how many more ops repeat
// it, in the same error ("... (and 100,757 more ops)"). Diagnostics are
// attached to locations, never to ops, so that no driver prints the op
// (MlirOptMain's -mlir-print-op-on-diagnostic: a graph op prints as the
// whole model).
//
//===----------------------------------------------------------------------===//

#ifndef TG_IR_REPEATEDERROR_H
#define TG_IR_REPEATEDERROR_H

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Operation.h"

#include <cstdint>
#include <optional>
#include <string>

namespace tg {

class RepeatedError {
public:
  RepeatedError() = default;
  RepeatedError(const RepeatedError &) = delete;
  RepeatedError &operator=(const RepeatedError &) = delete;
  /// Reports what is held.
  ~RepeatedError() { (void)report(); }

  /// The error of the first occurrence, at `op` (its own location, without
  /// the origin records it holds), to stream the message into; null for
  /// every later occurrence, which is counted. Usage:
  ///   if (mlir::InFlightDiagnostic *diag = missing.add(op))
  ///     *diag << "op has no valid 'tg.debug_handle'";
  mlir::InFlightDiagnostic *add(mlir::Operation *op);
  /// The same at a location.
  mlir::InFlightDiagnostic *add(mlir::Location loc);

  /// Whether anything was added.
  bool any() const { return count != 0; }
  /// How many occurrences were added.
  uint64_t size() const { return count; }

  /// Reports the first occurrence, with " (and N more ops)" when there were
  /// more; failure when anything was added. Later calls report nothing.
  mlir::LogicalResult report();

private:
  std::optional<mlir::InFlightDiagnostic> first;
  uint64_t count = 0;
};

/// `n` with thousands separators: 100757 -> "100,757".
std::string formatCount(uint64_t n);

/// Where a diagnostic about `op` points: its location without the origin
/// records it holds (a graph's records are origins of other, erased ops,
/// and MLIR's diagnostic printer would follow their call stacks).
mlir::Location getDiagnosticLoc(mlir::Operation *op);

} // namespace tg

#endif // TG_IR_REPEATEDERROR_H
