//===- tg-opt.cpp - tracegraph optimizer driver ---------------------------===//
//
// mlir-opt for tracegraph: the tg dialect and every tracegraph pass, next to
// every upstream dialect, extension and pass that mlir-opt itself registers.
// Downstream compilers lower through func/arith/tensor/linalg/scf/memref/llvm
// and run upstream transforms (-canonicalize, -cse,
// -linalg-fuse-elementwise-ops, bufferization, conversions to llvm): one tool
// runs such a pipeline and tracegraph's location-preserving passes side by
// side, on the same input. `--tg-account-origins` wraps whatever pipeline
// the command line builds in origin accounting, which MlirOptMain has no
// flag for: so main sets up MlirOptMain's configuration itself, as
// MlirOptMain(argc, argv, ...) does, with a pipeline callback that adds it.
//
//===----------------------------------------------------------------------===//

#include "tg/Conversion/Passes.h"
#include "tg/IR/TGDialect.h"
#include "tg/Passes/OriginAccounting.h"
#include "tg/Passes/Passes.h"
#include "tg/Pipelines/Pipelines.h"
#include "tg/Support/Version.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/ToolOutputFile.h"

namespace {
llvm::cl::opt<bool> accountOrigins(
    "tg-account-origins",
    llvm::cl::desc("Account for every origin around every pass: give back "
                   "the origins a pass dropped to what replaced their op, or "
                   "record them as eliminated by that pass"),
    llvm::cl::init(false));
llvm::cl::opt<unsigned> accountMaxOrigins(
    "tg-account-max-origins",
    llvm::cl::desc("With --tg-account-origins: at most this many origins in a "
                   "location it merges into (0: no bound)"),
    llvm::cl::init(tg::OriginAccountingOptions().maxOrigins));

/// MLIR's diagnostic handler quotes the source line of a diagnostic with a
/// caret under it. An imported model starts with one module attribute of
/// many kilobytes (torchvision's resnet18.mlir: `module attributes
/// {tg.source_text = ...}`, 12 KB on one line), so every error a pass
/// reports on the module quoted all of it. Registered after MLIR's handler,
/// and so asked first, this one prints a diagnostic on such a line of the
/// input as MLIR does, without the line.
class LongLineDiagnostics {
public:
  /// Lines up to this long are quoted by MLIR's handler, as always.
  static constexpr size_t kMaxQuotedLine = 1024;

  LongLineDiagnostics(llvm::StringRef inputName, llvm::StringRef inputText)
      : inputName(inputName.str()), inputText(inputText) {}

  llvm::LogicalResult handle(mlir::Diagnostic &diag) const {
    auto loc = llvm::dyn_cast<mlir::FileLineColLoc>(diag.getLocation());
    if (!loc || loc.getFilename() != inputName ||
        getLine(loc.getLine()).size() <= kMaxQuotedLine)
      return mlir::failure();
    print(loc, diag.getSeverity(), diag.str());
    for (mlir::Diagnostic &note : diag.getNotes())
      print(note.getLocation(), note.getSeverity(), note.str());
    return mlir::success();
  }

private:
  /// Line `number` (from 1) of the input, or nothing past its end.
  llvm::StringRef getLine(unsigned number) const {
    llvm::StringRef rest = inputText;
    for (unsigned i = 1; i < number && !rest.empty(); ++i)
      rest = rest.split('\n').second;
    return rest.split('\n').first;
  }

  static void print(mlir::Location loc, mlir::DiagnosticSeverity severity,
                    llvm::StringRef message) {
    llvm::raw_ostream &os = llvm::errs();
    if (auto file = llvm::dyn_cast<mlir::FileLineColLoc>(loc))
      os << file.getFilename().getValue() << ':' << file.getLine() << ':'
         << file.getColumn();
    else
      os << loc;
    os << ": " << severityName(severity) << ": " << message << '\n';
  }

  static llvm::StringRef severityName(mlir::DiagnosticSeverity severity) {
    switch (severity) {
    case mlir::DiagnosticSeverity::Note:
      return "note";
    case mlir::DiagnosticSeverity::Warning:
      return "warning";
    case mlir::DiagnosticSeverity::Error:
      return "error";
    case mlir::DiagnosticSeverity::Remark:
      return "remark";
    }
    llvm_unreachable("unknown diagnostic severity");
  }

  std::string inputName;
  llvm::StringRef inputText;
};
} // namespace

int main(int argc, char **argv) {
  mlir::registerAllPasses();
  tg::registerTGPasses();
  tg::registerTGConversionPasses();
  tg::registerTGPipelines();

  mlir::DialectRegistry registry;
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  registry.insert<tg::TGDialect>();
  llvm::cl::AddExtraVersionPrinter(tg::printVersion);
  auto [inputFilename, outputFilename] = mlir::registerAndParseCLIOptions(
      argc, argv, "tracegraph optimizer driver\n", registry);
  // MLIR prints the op a diagnostic is attached to, unless told not to; a
  // graph op prints as the whole model (hundreds of MB for a large one,
  // after every error). tg-opt prints the message and its location only,
  // unless -mlir-print-op-on-diagnostic is given; it is read when
  // MlirOptMain creates its MLIRContext.
  auto &options = llvm::cl::getRegisteredOptions();
  auto printOp = options.find("mlir-print-op-on-diagnostic");
  if (printOp != options.end() && !printOp->second->getNumOccurrences())
    static_cast<llvm::cl::opt<bool> *>(printOp->second)->setValue(false);
  llvm::InitLLVM init(argc, argv);
  mlir::MlirOptMainConfig config =
      mlir::MlirOptMainConfig::createFromCLOptions();
  mlir::MlirOptMainConfig fromCommandLine = config;
  std::string error;
  std::unique_ptr<llvm::MemoryBuffer> input =
      mlir::openInputFile(inputFilename, &error);
  if (!input) {
    llvm::errs() << error << "\n";
    return EXIT_FAILURE;
  }
  // A text input processed whole: -split-input-file numbers the lines of
  // each chunk, and -verify-diagnostics must see every diagnostic.
  std::optional<LongLineDiagnostics> longLines;
  if (config.inputSplitMarker().empty() && !config.shouldVerifyDiagnostics() &&
      !input->getBuffer().starts_with("ML\xefR"))
    longLines.emplace(input->getBufferIdentifier(), input->getBuffer());
  config.setPassPipelineSetupFn(
      [fromCommandLine,
       &longLines](mlir::PassManager &pm) -> mlir::LogicalResult {
        if (longLines)
          pm.getContext()->getDiagEngine().registerHandler(
              [&](mlir::Diagnostic &diag) { return longLines->handle(diag); });
        if (mlir::failed(fromCommandLine.setupPassPipeline(pm)))
          return mlir::failure();
        if (accountOrigins) {
          tg::OriginAccountingOptions options;
          options.maxOrigins = accountMaxOrigins;
          tg::addOriginAccounting(pm, options);
        }
        return mlir::success();
      });

  std::unique_ptr<llvm::ToolOutputFile> output =
      mlir::openOutputFile(outputFilename, &error);
  if (!output) {
    llvm::errs() << error << "\n";
    return EXIT_FAILURE;
  }
  if (mlir::failed(
          mlir::MlirOptMain(output->os(), std::move(input), registry, config)))
    return EXIT_FAILURE;
  // As MlirOptMain: the output file is kept only when everything succeeded.
  output->keep();
  return EXIT_SUCCESS;
}
