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
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"

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

/// MLIR's diagnostic handler quotes the source line of a diagnostic with a
/// caret under it. An imported model starts with one module attribute of
/// many kilobytes (torchvision's resnet18.mlir: `module attributes
/// {tg.source_text = ...}`, 12 KB on one line), so every error a pass
/// reports on the module quoted all of it. Registered after MLIR's handler,
/// and so asked first, this one takes a diagnostic of which a location (its
/// own or a note's) is on a line of more than kMaxQuotedLine bytes, and
/// prints it as MLIR does (llvm::SourceMgr's format, a note's line quoted
/// unless the location is the one before), quoting no long line. It reads
/// the files the locations name as MLIR's handler does (the input's own
/// text, other files from disk, so the text a bytecode input came from).
/// Anything else, and locations of other kinds than a file position, go to
/// MLIR's handler unchanged.
class LongLineDiagnostics {
public:
  static constexpr size_t kMaxQuotedLine = 1024;

  /// `inputText` is the input when it is text, else empty.
  LongLineDiagnostics(llvm::StringRef inputName, llvm::StringRef inputText)
      : inputName(inputName.str()), inputText(inputText) {}

  llvm::LogicalResult handle(mlir::Diagnostic &diag) {
    llvm::SmallVector<mlir::Diagnostic *> parts = {&diag};
    for (mlir::Diagnostic &note : diag.getNotes())
      parts.push_back(&note);
    // The line of each part (none for an unknown location).
    llvm::SmallVector<std::optional<llvm::StringRef>> lines;
    bool anyLong = false;
    for (mlir::Diagnostic *part : parts) {
      auto file = llvm::dyn_cast<mlir::FileLineColLoc>(part->getLocation());
      if (!file) {
        if (part == &diag || !llvm::isa<mlir::UnknownLoc>(part->getLocation()))
          return mlir::failure();
        lines.push_back(std::nullopt);
        continue;
      }
      std::optional<llvm::StringRef> line = getLine(file);
      if (!line)
        return mlir::failure();
      anyLong |= line->size() > kMaxQuotedLine;
      lines.push_back(line);
    }
    if (!anyLong)
      return mlir::failure();
    mlir::Location previous = diag.getLocation();
    for (auto [part, line] : llvm::zip_equal(parts, lines)) {
      bool quote = part == &diag || part->getLocation() != previous;
      print(*part, quote && line && line->size() <= kMaxQuotedLine);
      previous = part->getLocation();
    }
    return mlir::success();
  }

private:
  /// The buffer of `file` in `sources` (0: unreadable), added on first use.
  unsigned getBufferId(llvm::StringRef file) {
    auto [it, added] = bufferIds.try_emplace(file, 0);
    if (!added)
      return it->second;
    std::unique_ptr<llvm::MemoryBuffer> buffer;
    if (file == inputName && !inputText.empty()) {
      buffer =
          llvm::MemoryBuffer::getMemBuffer(inputText, file,
                                           /*RequiresNullTerminator=*/false);
    } else if (auto read = llvm::MemoryBuffer::getFile(file, /*IsText=*/true)) {
      buffer = std::move(*read);
    }
    if (buffer)
      it->second = sources.AddNewSourceBuffer(std::move(buffer), llvm::SMLoc());
    return it->second;
  }

  /// The line of `loc`, or nothing when its file or line cannot be found.
  std::optional<llvm::StringRef> getLine(mlir::FileLineColLoc loc) {
    unsigned id = getBufferId(loc.getFilename().getValue());
    if (!id || loc.getLine() == 0)
      return std::nullopt;
    llvm::SMLoc start = sources.FindLocForLineAndColumn(id, loc.getLine(), 0);
    if (!start.isValid())
      return std::nullopt;
    const char *end = sources.getMemoryBuffer(id)->getBufferEnd();
    return llvm::StringRef(start.getPointer(), end - start.getPointer())
        .split('\n')
        .first;
  }

  /// One diagnostic or note, as MLIR's SourceMgrDiagnosticHandler prints
  /// it, with its line quoted only when asked.
  void print(mlir::Diagnostic &part, bool quote) {
    llvm::SourceMgr::DiagKind kind = getKind(part.getSeverity());
    auto file = llvm::dyn_cast<mlir::FileLineColLoc>(part.getLocation());
    if (!file)
      return sources.PrintMessage(llvm::errs(), llvm::SMLoc(), kind,
                                  part.str());
    if (quote && file.getColumn()) {
      llvm::SMLoc at = sources.FindLocForLineAndColumn(
          getBufferId(file.getFilename().getValue()), file.getLine(),
          file.getColumn());
      if (at.isValid())
        return sources.PrintMessage(llvm::errs(), at, kind, part.str());
    }
    std::string position =
        (file.getFilename().getValue() + ":" + llvm::Twine(file.getLine()) +
         ":" + llvm::Twine(file.getColumn()))
            .str();
    llvm::SMDiagnostic(position, kind, part.str()).print(nullptr, llvm::errs());
  }

  static llvm::SourceMgr::DiagKind getKind(mlir::DiagnosticSeverity severity) {
    switch (severity) {
    case mlir::DiagnosticSeverity::Note:
      return llvm::SourceMgr::DK_Note;
    case mlir::DiagnosticSeverity::Warning:
      return llvm::SourceMgr::DK_Warning;
    case mlir::DiagnosticSeverity::Error:
      return llvm::SourceMgr::DK_Error;
    case mlir::DiagnosticSeverity::Remark:
      return llvm::SourceMgr::DK_Remark;
    }
    llvm_unreachable("unknown diagnostic severity");
  }

  std::string inputName;
  llvm::StringRef inputText;
  llvm::SourceMgr sources;
  llvm::StringMap<unsigned> bufferIds;
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
  // The bound is the accounting's: given alone, it was ignored without a
  // word (and the output had no accounting at all).
  if (accountMaxOrigins.getNumOccurrences() && !accountOrigins) {
    llvm::errs() << "tg-opt: error: --tg-account-max-origins bounds "
                    "--tg-account-origins, which is not given\n";
    return EXIT_FAILURE;
  }
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
  // An input processed whole: -split-input-file numbers the lines of
  // each chunk, and -verify-diagnostics must see every diagnostic.
  std::optional<LongLineDiagnostics> longLines;
  if (config.inputSplitMarker().empty() && !config.shouldVerifyDiagnostics())
    longLines.emplace(input->getBufferIdentifier(),
                      input->getBuffer().starts_with("ML\xefR")
                          ? llvm::StringRef()
                          : input->getBuffer());
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
    llvm::errs() << "tg-opt: error: '" << outputFilename
                 << "' was replaced while tg-opt ran (a pass wrote a file of "
                    "its own to the same path, such as "
                    "--tg-emit-debug-section=path=): the IR printed to it is "
                    "lost\n";
    // What is at the path now is the pass's file: not removed with the
    // output, which is no longer there.
    output->keep();
    return EXIT_FAILURE;
  }
  // As MlirOptMain: the output file is kept only when everything succeeded.
  output->keep();
  return EXIT_SUCCESS;
}
