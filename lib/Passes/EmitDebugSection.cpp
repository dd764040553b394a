//===- EmitDebugSection.cpp - Write the debug section ---------------------===//
//
// A thin pass over tg::buildDebugSection: all format work lives in
// lib/Serialize so the C++ API and the pass cannot drift apart.
//
//===----------------------------------------------------------------------===//

#include "tg/Passes/OptionChecks.h"
#include "tg/Passes/Passes.h"
#include "tg/Support/OutputFile.h"
#include "tg/Target/DebugSection.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/Support/FormatVariadic.h"

namespace tg {
#define GEN_PASS_DEF_TGEMITDEBUGSECTION
#include "tg/Passes/Passes.h.inc"
} // namespace tg

using namespace mlir;

namespace {
struct EmitDebugSectionPass
    : public tg::OptionCheckedPass<EmitDebugSectionPass,
                                   tg::impl::TGEmitDebugSectionBase> {
  using OptionCheckedPass::OptionCheckedPass;

  /// What in the options cannot be written: checked where the pipeline is
  /// parsed and again when the pass runs (OptionChecks.h).
  tg::OptionsError getOptionsError() {
    if (path.empty())
      return std::string("tg-emit-debug-section: needs an output file: "
                         "path=<file>");
    // Every reader reads the older majors; writing them stays possible
    // while tools built before them are still deployed.
    if (formatVersion < 1 || formatVersion > tg::section::kVersionMajorNumbered)
      return llvm::formatv("tg-emit-debug-section: format-version={0} cannot "
                           "be written: expected 1, 2, 3, 4 or {1}",
                           unsigned(formatVersion),
                           tg::section::kVersionMajorNumbered)
          .str();
    // Formats 1 and 2 have no compressed form: compress=true, which a user
    // gives to get it, was ignored. The default (true) is not an error, nor
    // is a value a C++ options struct sets (no occurrence in an option
    // string).
    if (formatVersion < 3 && compress && compress.getNumOccurrences())
      return llvm::formatv("tg-emit-debug-section: compress=true needs "
                           "format-version=3, 4 or {0} (format {1} sections "
                           "are never compressed)",
                           tg::section::kVersionMajorNumbered,
                           unsigned(formatVersion))
          .str();
    tg::DebugSectionOptions parsed;
    if (llvm::Error err = tg::setBuildIdFromText(buildId, parsed))
      return "tg-emit-debug-section: build-id: " +
             llvm::toString(std::move(err));
    return std::nullopt;
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (failed(checkOptions()))
      return signalPassFailure();
    tg::DebugSectionOptions options;
    options.formatVersion = formatVersion;
    options.embedSource = embedSource;
    options.sourceRoot = sourceRoot;
    options.handlesPerBlock = handlesPerBlock;
    options.compressSmall = compress;
    options.elfContainer = elf;
    options.recordsApart = recordsApart;
    // Checked above: the text parses.
    llvm::cantFail(tg::setBuildIdFromText(buildId, options));
    FailureOr<std::string> bytes = tg::buildDebugSection(module, options);
    if (failed(bytes))
      return signalPassFailure();

    // Atomically: a Section that mapped the old file keeps reading it.
    std::string error = tg::writeFileAtomically(
        path, [&](llvm::raw_ostream &os) { os << *bytes; });
    if (!error.empty()) {
      emitError(module.getLoc())
          << "tg-emit-debug-section: cannot write the debug "
             "section to '"
          << path << "': " << error;
      return signalPassFailure();
    }
    markAllAnalysesPreserved();
  }
};
} // namespace
