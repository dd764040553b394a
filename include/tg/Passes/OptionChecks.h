//===- OptionChecks.h - Pass options checked at parse time ------*- C++ -*-===//
//
// A pass option can be wrong in a way its parser cannot see: a value out of
// range, a name no pattern has, a file the pass needs left out. Checked only
// in runOnOperation, such a mistake surfaced after every earlier pass of the
// pipeline had run: at 1M ops, `--tg-emit-debug-section` without `path=`
// failed after inlining, decomposing and fusing the model. A pass with such
// options checks them twice with one function: where the pipeline is parsed
// (Pass::initializeOptions, before any pass runs, as MLIR reports an option
// its parser rejects), and again when it runs, for C++ callers that build
// it from an options struct and never go through a parser.
//
//===----------------------------------------------------------------------===//

#ifndef TG_PASSES_OPTIONCHECKS_H
#define TG_PASSES_OPTIONCHECKS_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

#include <optional>
#include <string>

namespace tg {

/// What a pass's options check returns: the error's message (starting with
/// the pass's name), or nothing when the options can run.
using OptionsError = std::optional<std::string>;

/// Parses `options` into `pass` as MLIR does, then runs `check` on the
/// result; its message goes to `errorHandler` as the parser's own would.
/// For a pass's `initializeOptions` override.
template <typename CheckFn>
mlir::LogicalResult initializeCheckedOptions(
    mlir::Pass &pass, llvm::StringRef options,
    llvm::function_ref<mlir::LogicalResult(const llvm::Twine &)> errorHandler,
    CheckFn check) {
  if (mlir::failed(pass.mlir::Pass::initializeOptions(options, errorHandler)))
    return mlir::failure();
  if (OptionsError error = check())
    return errorHandler(*error);
  return mlir::success();
}

/// The same check when the pass runs: the error at `module`, and failure.
template <typename CheckFn>
mlir::LogicalResult checkOptionsAtRun(mlir::ModuleOp module, CheckFn check) {
  if (OptionsError error = check()) {
    emitError(module.getLoc()) << *error;
    return mlir::failure();
  }
  return mlir::success();
}

} // namespace tg

#endif // TG_PASSES_OPTIONCHECKS_H
