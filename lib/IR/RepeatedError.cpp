//===- RepeatedError.cpp - One error for a mistake on every op ------------===//

#include "tg/IR/RepeatedError.h"

#include "tg/IR/CallStack.h"

using namespace mlir;

namespace tg {

InFlightDiagnostic *RepeatedError::add(Operation *op) {
  return add(getDiagnosticLoc(op));
}

InFlightDiagnostic *RepeatedError::add(Location loc) {
  if (count++ != 0)
    return nullptr;
  first.emplace(mlir::emitError(loc));
  return &*first;
}

LogicalResult RepeatedError::report() {
  if (!first)
    return success(count == 0);
  if (count > 1)
    *first << " (and " << formatCount(count - 1) << " more "
           << (count == 2 ? "op" : "ops") << ")";
  first->report();
  first.reset();
  return failure();
}

std::string formatCount(uint64_t n) {
  std::string digits = std::to_string(n);
  std::string out;
  for (size_t i = 0; i < digits.size(); ++i) {
    if (i && (digits.size() - i) % 3 == 0)
      out += ',';
    out += digits[i];
  }
  return out;
}

Location getDiagnosticLoc(Operation *op) {
  return stripOriginRecords(op->getLoc());
}

} // namespace tg
