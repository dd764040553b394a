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

/// A pass base whose options are checked where they are parsed and when the
/// pass runs: `BaseT` is the pass's ODS-generated base, and `PassT` defines
/// `OptionsError getOptionsError()` and calls `checkOptions()` first in
/// runOnOperation:
///
///   struct MyPass : tg::OptionCheckedPass<MyPass, impl::TGMyPassBase> {
///     using OptionCheckedPass::OptionCheckedPass;
///     tg::OptionsError getOptionsError() { ... }
///     void runOnOperation() override {
///       if (failed(checkOptions()))
///         return signalPassFailure();
///       ...
///     }
///   };
template <typename PassT, template <typename> class BaseT>
class OptionCheckedPass : public BaseT<PassT> {
public:
  using BaseT<PassT>::BaseT;

  /// MLIR's parse of `options`, then the pass's check; its message goes to
  /// `errorHandler` as the parser's own would.
  mlir::LogicalResult
  initializeOptions(llvm::StringRef options,
                    llvm::function_ref<mlir::LogicalResult(const llvm::Twine &)>
                        errorHandler) override {
    if (mlir::failed(mlir::Pass::initializeOptions(options, errorHandler)))
      return mlir::failure();
    if (OptionsError error = self().getOptionsError())
      return errorHandler(*error);
    return mlir::success();
  }

protected:
  /// The same check when the pass runs: the error at the location of the op
  /// the pass runs on (not on the op: a tool that prints the op of a
  /// diagnostic would print the whole model), and failure.
  mlir::LogicalResult checkOptions() {
    if (OptionsError error = self().getOptionsError()) {
      emitError(this->getOperation()->getLoc()) << *error;
      return mlir::failure();
    }
    return mlir::success();
  }

private:
  PassT &self() { return static_cast<PassT &>(*this); }
};

} // namespace tg

#endif // TG_PASSES_OPTIONCHECKS_H
