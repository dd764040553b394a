//===- EmitDebugSection.cpp - Write the debug section ---------------------===//
//
// A thin pass over tg::buildDebugSection: all format work lives in
// lib/Serialize so the C++ API and the pass cannot drift apart.
//
//===----------------------------------------------------------------------===//

#include "tg/Passes/Passes.h"
#include "tg/Support/OutputFile.h"
#include "tg/Target/DebugSection.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/Support/FileUtilities.h"

namespace tg {
#define GEN_PASS_DEF_TGEMITDEBUGSECTION
#include "tg/Passes/Passes.h.inc"
} // namespace tg

using namespace mlir;

namespace {
struct EmitDebugSectionPass
    : public tg::impl::TGEmitDebugSectionBase<EmitDebugSectionPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (path.empty()) {
      module.emitError() << "tg-emit-debug-section: needs an output file: "
                            "path=<file>";
      return signalPassFailure();
    }
    // Every reader reads the older majors; writing them stays possible
    // while tools built before them are still deployed.
    if (formatVersion < 1 ||
        formatVersion > tg::section::kVersionMajorNumbered) {
      module.emitError() << "tg-emit-debug-section: format-version="
                         << unsigned(formatVersion)
                         << " cannot be written: expected 1, 2, 3, 4 or "
                         << tg::section::kVersionMajorNumbered;
      return signalPassFailure();
    }
    // Formats 1 and 2 have no compressed form: compress=true, which a user
    // gives to get it, was ignored. The default (true) is not an error, nor
    // is a value a C++ options struct sets (no occurrence in an option
    // string).
    if (formatVersion < 3 && compress && compress.getNumOccurrences()) {
      module.emitError() << "tg-emit-debug-section: compress=true needs "
                            "format-version=3, 4 or "
                         << tg::section::kVersionMajorNumbered << " (format "
                         << unsigned(formatVersion)
                         << " sections are never compressed)";
      return signalPassFailure();
    }
    tg::DebugSectionOptions options;
    options.formatVersion = formatVersion;
    options.embedSource = embedSource;
    options.sourceRoot = sourceRoot;
    options.handlesPerBlock = handlesPerBlock;
    options.compressSmall = compress;
    options.elfContainer = elf;
    options.recordsApart = recordsApart;
    if (llvm::Error err = tg::setBuildIdFromText(buildId, options)) {
      module.emitError() << "tg-emit-debug-section: build-id: "
                         << llvm::toString(std::move(err));
      return signalPassFailure();
    }
    FailureOr<std::string> bytes = tg::buildDebugSection(module, options);
    if (failed(bytes))
      return signalPassFailure();

    // Atomically: a Section that mapped the old file keeps reading it.
    std::string error = tg::writeFileAtomically(
        path, [&](llvm::raw_ostream &os) { os << *bytes; });
    if (!error.empty()) {
      module.emitError() << "tg-emit-debug-section: cannot write the debug "
                            "section to '"
                         << path << "': " << error;
      return signalPassFailure();
    }
    markAllAnalysesPreserved();
  }
};
} // namespace
