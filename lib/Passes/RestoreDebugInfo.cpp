//===- RestoreDebugInfo.cpp - Locations back from a debug section ---------===//

#include "tg/IR/TGDialect.h"
#include "tg/Passes/OptionChecks.h"
#include "tg/Passes/Passes.h"
#include "tg/Target/DebugSection.h"

#include "mlir/IR/Diagnostics.h"

namespace tg {
#define GEN_PASS_DEF_TGRESTOREDEBUGINFO
#include "tg/Passes/Passes.h.inc"
} // namespace tg

using namespace mlir;

namespace {
struct RestoreDebugInfoPass
    : public tg::OptionCheckedPass<RestoreDebugInfoPass,
                                   tg::impl::TGRestoreDebugInfoBase> {
  using OptionCheckedPass::OptionCheckedPass;

  /// What in the options cannot run: checked where the pipeline is parsed
  /// and again when the pass runs (OptionChecks.h).
  tg::OptionsError getOptionsError() {
    if (path.empty())
      return std::string("tg-restore-debuginfo: needs a debug section: "
                         "path=<file>");
    return std::nullopt;
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (failed(checkOptions()))
      return signalPassFailure();
    auto reader = tg::DebugSectionReader::open(path);
    if (!reader) {
      emitError(module.getLoc())
          << "tg-restore-debuginfo: cannot read debug section '" << path
          << "': " << llvm::toString(reader.takeError());
      return signalPassFailure();
    }
    if (failed(tg::restoreDebugInfo(module, **reader)))
      return signalPassFailure();
  }
};
} // namespace
