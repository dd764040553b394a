//===- RestoreDebugInfo.cpp - Locations back from a debug section ---------===//

#include "tg/IR/TGDialect.h"
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
    : public tg::impl::TGRestoreDebugInfoBase<RestoreDebugInfoPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (path.empty()) {
      module.emitError() << "tg-restore-debuginfo: needs a debug section: "
                            "path=<file>";
      return signalPassFailure();
    }
    auto reader = tg::DebugSectionReader::open(path);
    if (!reader) {
      module.emitError() << "tg-restore-debuginfo: cannot read debug section '"
                         << path << "': " << llvm::toString(reader.takeError());
      return signalPassFailure();
    }
    if (failed(tg::restoreDebugInfo(module, **reader)))
      return signalPassFailure();
  }
};
} // namespace
