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
#include "tg/IR/LongLineDiagnostics.h"
#include "tg/IR/TGDialect.h"
#include "tg/Passes/OriginAccounting.h"
#include "tg/Passes/Passes.h"
#include "tg/Pipelines/Pipelines.h"
#include "tg/Support/InputFile.h"
#include "tg/Support/OutputFile.h"
#include "tg/Support/Version.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"

#include <csignal>

namespace {
/// The identity of the file at `path` (none for stdout or a missing file).
/// tg-opt compares the output path's before and after the passes: a pass
/// that writes a file atomically (a debug section, provenance) renames a new
/// file over the path when given the same one as -o, and the IR printed
/// afterwards goes to the old, unlinked file.
std::optional<llvm::sys::fs::UniqueID> getFileID(llvm::StringRef path) {
  llvm::sys::fs::file_status status;
  if (path == "-" || llvm::sys::fs::status(path, status))
    return std::nullopt;
  return status.getUniqueID();
}

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

/// The interrupt signals a caller ignores (nohup's SIGHUP, SIGINT of a job
/// started with `&` in a script): they stay ignored (`keepIgnored`). LLVM's
/// handler, installed by InitLLVM, removed the output on such a signal and
/// the run went on without it.
std::vector<int> findIgnoredSignals() {
  std::vector<int> ignored;
  for (int signal : {SIGHUP, SIGINT, SIGTERM}) {
    struct sigaction current;
    if (sigaction(signal, nullptr, &current) == 0 &&
        current.sa_handler == SIG_IGN)
      ignored.push_back(signal);
  }
  return ignored;
}

void keepIgnored(llvm::ArrayRef<int> signals) {
  for (int signal : signals)
    std::signal(signal, SIG_IGN);
}

/// The file the input is, standard input included (`tg-opt < m.mlir`).
std::optional<llvm::sys::fs::UniqueID> getInputID(llvm::StringRef path) {
  if (path != "-")
    return getFileID(path);
  llvm::sys::fs::file_status status;
  if (!llvm::sys::fs::status(/*FD=*/0, status) &&
      status.type() == llvm::sys::fs::file_type::regular_file)
    return status.getUniqueID();
  return std::nullopt;
}

/// The error for an output path a pass replaced with a file of its own.
int reportReplacedOutput(llvm::StringRef outputFilename,
                         llvm::StringRef consequence) {
  llvm::errs() << "tg-opt: error: '" << outputFilename
               << "' was replaced while tg-opt ran (a pass wrote a file of "
                  "its own to the same path, such as "
                  "--tg-emit-debug-section=path=): "
               << consequence << "\n";
  return EXIT_FAILURE;
}

/// `-o` naming the input: the result replaces the input (read into memory
/// by the caller) only once everything succeeded.
int runOverInput(llvm::StringRef outputFilename,
                 std::optional<llvm::sys::fs::UniqueID> inputID,
                 std::unique_ptr<llvm::MemoryBuffer> input,
                 mlir::DialectRegistry &registry,
                 const mlir::MlirOptMainConfig &config) {
  std::string text;
  llvm::raw_string_ostream os(text);
  if (mlir::failed(mlir::MlirOptMain(os, std::move(input), registry, config)))
    return EXIT_FAILURE;
  if (getFileID(outputFilename) != inputID)
    return reportReplacedOutput(outputFilename,
                                "the IR is not written over it");
  std::string writeError = tg::writeFileAtomically(
      outputFilename, [&](llvm::raw_ostream &out) { out << text; });
  if (!writeError.empty()) {
    llvm::errs() << "tg-opt: error: cannot write '" << outputFilename
                 << "': " << writeError << "\n";
    return EXIT_FAILURE;
  }
  return EXIT_SUCCESS;
}

/// The usual run: MlirOptMain into the output file, kept only when
/// everything succeeded.
int runToOutput(llvm::StringRef outputFilename,
                std::unique_ptr<llvm::MemoryBuffer> input,
                mlir::DialectRegistry &registry,
                const mlir::MlirOptMainConfig &config,
                llvm::ArrayRef<int> ignoredSignals) {
  std::string error;
  std::unique_ptr<llvm::ToolOutputFile> output =
      mlir::openOutputFile(outputFilename, &error);
  // In case opening the output installed LLVM's interrupt handlers.
  keepIgnored(ignoredSignals);
  if (!output) {
    llvm::errs() << error << "\n";
    return EXIT_FAILURE;
  }
  std::optional<llvm::sys::fs::UniqueID> outputID = getFileID(outputFilename);
  bool succeeded = mlir::succeeded(
      mlir::MlirOptMain(output->os(), std::move(input), registry, config));
  // A failed write (a full disk, /dev/full) is an error that names the file;
  // left pending, the stream's destructor would end the process with
  // "LLVM ERROR: IO failure on output stream".
  output->os().flush();
  if (std::error_code writeError = output->os().error()) {
    llvm::errs() << "tg-opt: error: cannot write "
                 << (outputFilename == "-" ? "standard output"
                                           : "'" + outputFilename + "'")
                 << ": " << writeError.message() << "\n";
    output->os().clear_error();
    return EXIT_FAILURE;
  }
  if (!succeeded)
    return EXIT_FAILURE;
  if (getFileID(outputFilename) != outputID) {
    // What is at the path now is the pass's file: not removed with the
    // output, which is no longer there.
    output->keep();
    return reportReplacedOutput(outputFilename, "the IR printed to it is lost");
  }
  // As MlirOptMain: the output file is kept only when everything succeeded.
  output->keep();
  return EXIT_SUCCESS;
}

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
  // The bound is the accounting's: given alone, it was ignored without a
  // word (and the output had no accounting at all).
  if (accountMaxOrigins.getNumOccurrences() && !accountOrigins) {
    llvm::errs() << "tg-opt: error: --tg-account-max-origins bounds "
                    "--tg-account-origins, which is not given\n";
    return EXIT_FAILURE;
  }
  std::vector<int> ignoredSignals = findIgnoredSignals();
  llvm::InitLLVM init(argc, argv);
  keepIgnored(ignoredSignals);
  mlir::MlirOptMainConfig config =
      mlir::MlirOptMainConfig::createFromCLOptions();
  mlir::MlirOptMainConfig fromCommandLine = config;
  // As mlir::openInputFile, but a stream (stdin, a FIFO, a device) is read
  // in pieces and text stops at a NUL byte: /dev/zero was read until memory
  // ran out.
  llvm::Expected<std::unique_ptr<llvm::MemoryBuffer>> read =
      tg::readInputFile(inputFilename, tg::InputContent::MLIRTextOrBytecode);
  if (!read) {
    if (inputFilename == "-")
      llvm::errs() << "cannot read standard input: ";
    else
      llvm::errs() << "cannot open input file '" << inputFilename << "': ";
    llvm::errs() << llvm::toString(read.takeError()) << "\n";
    return EXIT_FAILURE;
  }
  std::unique_ptr<llvm::MemoryBuffer> input = std::move(*read);
  // `-o` naming the input file: the input is read into memory (a mapped file
  // opened for the output was truncated under the parser: SIGBUS) and the
  // result replaces it only once everything succeeded (a failed run removed
  // its output, which was the input).
  std::optional<llvm::sys::fs::UniqueID> inputID = getInputID(inputFilename);
  bool outputIsInput =
      outputFilename != "-" && inputID && getFileID(outputFilename) == inputID;
  if (outputIsInput)
    input = llvm::MemoryBuffer::getMemBufferCopy(input->getBuffer(),
                                                 input->getBufferIdentifier());
  // An input processed whole: -split-input-file numbers the lines of
  // each chunk, and -verify-diagnostics must see every diagnostic.
  std::optional<tg::LongLineDiagnostics> longLines;
  if (config.inputSplitMarker().empty() && !config.shouldVerifyDiagnostics())
    longLines.emplace(input->getBufferIdentifier(), input->getBuffer(),
                      llvm::errs());
  config.setPassPipelineSetupFn(
      [fromCommandLine,
       &longLines](mlir::PassManager &pm) -> mlir::LogicalResult {
        mlir::DiagnosticEngine &engine = pm.getContext()->getDiagEngine();
        if (longLines)
          engine.registerHandler(
              [&](mlir::Diagnostic &diag) { return longLines->handle(diag); });
        // A pass option of a bad value (`format-version=x`): LLVM's option
        // parser prints what is wrong itself ("tg-opt: for the
        // --format-version option: 'x' value invalid for uint argument!"),
        // then MLIR's pipeline parser reports the failure with the message
        // it was left, none, at no location: a line `<unknown>:0: error: `
        // that says nothing. That one is dropped; the run still fails.
        mlir::DiagnosticEngine::HandlerID emptyErrors =
            engine.registerHandler([](mlir::Diagnostic &diag) {
              return mlir::success(
                  diag.getSeverity() == mlir::DiagnosticSeverity::Error &&
                  llvm::isa<mlir::UnknownLoc>(diag.getLocation()) &&
                  diag.str().empty());
            });
        mlir::LogicalResult built = fromCommandLine.setupPassPipeline(pm);
        engine.eraseHandler(emptyErrors);
        if (mlir::failed(built))
          return mlir::failure();
        if (accountOrigins) {
          tg::OriginAccountingOptions options;
          options.maxOrigins = accountMaxOrigins;
          tg::addOriginAccounting(pm, options);
        }
        return mlir::success();
      });

  if (outputIsInput)
    return runOverInput(outputFilename, inputID, std::move(input), registry,
                        config);
  return runToOutput(outputFilename, std::move(input), registry, config,
                     ignoredSignals);
}
