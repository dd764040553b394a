//===- CompilerModule.cpp - tg-opt's passes in process, for Python --------===//
//
// `tracegraph._compiler`: parses tg IR text, runs a pass pipeline on it (every
// pass tg-opt registers: tracegraph's and upstream MLIR's), optionally builds
// the debug section from the result in memory and strips the debug info, and
// prints the IR. It is a module of its own so that `tracegraph._tracegraph`,
// the section reader, stays free of MLIR: only `tracegraph.compile` loads
// this one (and MLIR with it).
//
// Diagnostics of the parser and of the passes are collected as MLIR prints
// them (`file:line:col: error: ...`); a failure raises CompileError carrying
// them, and the warnings and remarks of a run that succeeds are returned.
// The work runs with the GIL released.
//
//===----------------------------------------------------------------------===//

#include "tg/Conversion/Passes.h"
#include "tg/IR/LongLineDiagnostics.h"
#include "tg/IR/TGDialect.h"
#include "tg/Passes/Passes.h"
#include "tg/Pipelines/Pipelines.h"
#include "tg/Target/DebugSection.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OperationSupport.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <pybind11/pybind11.h>

#include <cstdio>
#include <mutex>
#include <optional>
#include <string>

#include <unistd.h>

namespace py = pybind11;

namespace {

/// Raised when the IR does not parse, the pipeline is malformed or a pass
/// fails; the message is MLIR's diagnostics.
struct CompileError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// What tg-opt registers, once per process.
const mlir::DialectRegistry &getRegistry() {
  static mlir::DialectRegistry *registry = [] {
    mlir::registerAllPasses();
    tg::registerTGPasses();
    tg::registerTGConversionPasses();
    tg::registerTGPipelines();
    auto *r = new mlir::DialectRegistry;
    mlir::registerAllDialects(*r);
    mlir::registerAllExtensions(*r);
    r->insert<tg::TGDialect>();
    return r;
  }();
  return *registry;
}

struct CompileOptions {
  /// The passes, as inside `builtin.module(...)` (anchored on the module).
  std::string pipeline;
  std::string filename = "<string>";
  bool section = false;
  bool strip = false;
  bool printDebugInfo = false;
  bool verifyEach = true;
  bool threads = true;
  tg::DebugSectionOptions sectionOptions;
};

/// CompileError keeps the diagnostics up to this size whole, and counts the
/// rest.
constexpr size_t kMaxDiagnosticBytes = 64 * 1024;

struct CompileOutput {
  bool ok = false;
  std::string ir;
  std::optional<std::string> section;
  std::string diagnostics;
  /// Diagnostics past kMaxDiagnosticBytes: counted, not kept.
  uint64_t droppedDiagnostics = 0, droppedErrors = 0;
};

/// Runs `fn` with the process's stderr (descriptor 2) going to a temporary
/// file, and returns what was written there. LLVM's option parser reports a
/// bad pass option value (`for the --format option: Cannot find option
/// named 'bogus'!`) on llvm::errs(), not to the stream it is given, and the
/// message belongs in CompileError. The caller holds the GIL, so no Python
/// thread writes to stderr meanwhile (parsing a pipeline takes
/// microseconds).
std::string captureStderr(llvm::function_ref<void()> fn) {
  llvm::errs().flush();
  std::fflush(stderr);
  FILE *file = std::tmpfile();
  int saved = file ? ::dup(2) : -1;
  if (saved < 0 || ::dup2(::fileno(file), 2) < 0) {
    if (saved >= 0)
      ::close(saved);
    if (file)
      std::fclose(file);
    fn();
    return {};
  }
  fn();
  llvm::errs().flush();
  std::fflush(stderr);
  ::dup2(saved, 2);
  ::close(saved);
  std::string text;
  std::rewind(file);
  char chunk[4096];
  for (size_t n; (n = std::fread(chunk, 1, sizeof(chunk), file)) > 0;)
    text.append(chunk, n);
  std::fclose(file);
  return text;
}

/// Why a nested pipeline of `pipeline` (`op-name(...)`) would run on
/// nothing: its op name is no operation of a dialect tg-opt registers (a
/// typo, `func.fucn(canonicalize)`). MLIR's pass manager accepts any name
/// and then finds no op to run on, silently; tg-opt refuses a top-level
/// anchor other than `builtin.module`, and compile() takes the module's
/// passes without it, so without this check a mistyped anchor there did
/// nothing and said nothing. None when every anchor names an operation.
std::optional<std::string> findUnknownAnchor(llvm::StringRef pipeline,
                                             mlir::MLIRContext &context) {
  // An anchor is the text before `(` since the last `,`, `(` or `)`;
  // options in braces (which may hold anything, nested braces included:
  // MLIR's parser matches them before it reads quotes) are skipped.
  size_t start = 0;
  unsigned braces = 0;
  for (size_t i = 0; i < pipeline.size(); ++i) {
    char c = pipeline[i];
    if (c == '{') {
      ++braces;
    } else if (c == '}') {
      braces -= braces > 0;
    } else if (braces) {
      continue;
    } else if (c == ',' || c == ')') {
      start = i + 1;
    } else if (c == '(') {
      llvm::StringRef anchor = pipeline.slice(start, i).trim();
      start = i + 1;
      if (anchor == "any")
        continue;
      llvm::StringRef dialect = anchor.split('.').first;
      if (!context.getOrLoadDialect(dialect))
        return ("pipeline: '" + anchor + "(...)' runs its passes on '" +
                anchor + "' ops, and no dialect '" + dialect +
                "' is registered: they would run on nothing")
            .str();
      if (!mlir::RegisteredOperationName::lookup(anchor, &context))
        return ("pipeline: '" + anchor + "(...)' runs its passes on '" +
                anchor + "' ops, and dialect '" + dialect +
                "' has no such operation: they would run on nothing")
            .str();
    }
  }
  return std::nullopt;
}

/// Parse, run, build the section, strip, print. Runs without the GIL.
CompileOutput runCompile(const std::string &text, const CompileOptions &opts) {
  CompileOutput out;
  llvm::raw_string_ostream diag(out.diagnostics);
  mlir::MLIRContext context(
      getRegistry(), opts.threads ? mlir::MLIRContext::Threading::ENABLED
                                  : mlir::MLIRContext::Threading::DISABLED);
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(text, opts.filename), llvm::SMLoc());
  mlir::SourceMgrDiagnosticHandler handler(sourceMgr, &context, diag);
  // No long line quoted (an imported model's first line is its 12 KB
  // tg.source_text): as tg-opt prints them.
  tg::LongLineDiagnostics longLines(opts.filename, text, diag);
  mlir::ScopedDiagnosticHandler quoting(
      &context, [&](mlir::Diagnostic &d) { return longLines.handle(d); });
  // The message and its location, not a dump of the op (tracegraph.compile
  // is read by people; `print_debuginfo` and the IR say the rest).
  context.printOpOnDiagnostic(false);
  // Bounded: the first diagnostics whole, up to kMaxDiagnosticBytes, then
  // only counted (a pass that reports on every op of a large module would
  // make an exception of hundreds of MB). Registered after the printer, so
  // it sees each diagnostic first.
  mlir::ScopedDiagnosticHandler bound(&context, [&](mlir::Diagnostic &d) {
    if (out.diagnostics.size() < kMaxDiagnosticBytes)
      return mlir::failure(); // to the printer
    ++out.droppedDiagnostics;
    out.droppedErrors += d.getSeverity() == mlir::DiagnosticSeverity::Error;
    return mlir::success();
  });

  mlir::PassManager pm(&context, mlir::ModuleOp::getOperationName());
  pm.enableVerifier(opts.verifyEach);
  mlir::LogicalResult parsed = mlir::failure();
  std::string optionErrors;
  {
    py::gil_scoped_acquire gil;
    optionErrors = captureStderr(
        [&] { parsed = mlir::parsePassPipeline(opts.pipeline, pm, diag); });
  }
  if (mlir::failed(parsed)) {
    // The option's own error first (LLVM prefixes it with the program name,
    // which is empty here: ": for the --format option: ..."), then MLIR's.
    llvm::StringRef options = llvm::StringRef(optionErrors).trim();
    options.consume_front(": ");
    std::string message = options.str();
    llvm::StringRef rest = llvm::StringRef(out.diagnostics).trim("\n");
    if (!message.empty() && !rest.empty())
      message += "\n";
    message += rest.str();
    out.diagnostics = message + "\n";
    return out;
  }
  // A pipeline that parsed may still have printed (a warning): pass it on.
  llvm::errs() << optionErrors;
  if (std::optional<std::string> unknown =
          findUnknownAnchor(opts.pipeline, context)) {
    out.diagnostics = *unknown + "\n";
    return out;
  }

  mlir::ParserConfig config(&context);
  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::parseSourceFile<mlir::ModuleOp>(sourceMgr, config);
  if (!module)
    return out;
  if (mlir::failed(pm.run(*module)))
    return out;
  if (opts.section) {
    mlir::FailureOr<std::string> bytes =
        tg::buildDebugSection(*module, opts.sectionOptions);
    if (mlir::failed(bytes)) {
      // The passes ran; what is missing is compile()'s own default, said in
      // compile()'s words before the ops' diagnostics.
      if (llvm::StringRef(out.diagnostics).contains("tg.debug_handle"))
        out.diagnostics.insert(
            0, "tracegraph.compile: section=True (the default) builds the "
               "debug section, which needs a debug handle on every op: add "
               "\"tg-assign-debug-handles\" to the passes (DEFAULT_PASSES "
               "have it), or give section=False\n");
      return out;
    }
    out.section = std::move(*bytes);
  }
  if (opts.strip) {
    mlir::PassManager strip(&context, mlir::ModuleOp::getOperationName());
    strip.addPass(mlir::createStripDebugInfoPass());
    if (mlir::failed(strip.run(*module)))
      return out;
  }
  llvm::raw_string_ostream os(out.ir);
  mlir::OpPrintingFlags flags;
  if (opts.printDebugInfo)
    flags.enableDebugInfo();
  module->print(os, flags);
  os << "\n"; // as tg-opt ends its output
  out.ok = true;
  return out;
}

/// The Python entry point: (ir, section bytes or None, diagnostics).
py::tuple compile(const std::string &text, const std::string &pipeline,
                  const std::string &filename, bool section, bool strip,
                  bool printDebugInfo, bool verifyEach, bool threads,
                  bool embedSource, const std::string &sourceRoot,
                  bool compress, const std::string &buildId) {
  CompileOptions opts;
  if (llvm::Error err = tg::setBuildIdFromText(buildId, opts.sectionOptions))
    throw py::value_error("build_id: " + llvm::toString(std::move(err)));
  opts.pipeline = pipeline;
  opts.filename = filename;
  opts.section = section;
  opts.strip = strip;
  opts.printDebugInfo = printDebugInfo;
  opts.verifyEach = verifyEach;
  opts.threads = threads;
  opts.sectionOptions.embedSource = embedSource;
  opts.sectionOptions.sourceRoot = sourceRoot;
  opts.sectionOptions.compressSmall = compress;
  CompileOutput out;
  {
    py::gil_scoped_release release;
    out = runCompile(text, opts);
  }
  if (out.droppedDiagnostics)
    out.diagnostics += "... and " + std::to_string(out.droppedDiagnostics) +
                       " more diagnostics (" +
                       std::to_string(out.droppedErrors) +
                       " errors) not shown\n";
  if (!out.ok)
    throw CompileError(out.diagnostics.empty() ? "compilation failed"
                                               : out.diagnostics);
  py::object bytes = py::none();
  if (out.section)
    bytes = py::bytes(*out.section);
  return py::make_tuple(out.ir, bytes, out.diagnostics);
}

} // namespace

PYBIND11_MODULE(_compiler, m) {
  m.doc() = "tg-opt's passes in process (MLIR): tracegraph.compile's native "
            "half";
  py::register_exception<CompileError>(m, "CompileError", PyExc_RuntimeError)
      .attr("__doc__") = "MLIR's diagnostics of a parse error, a malformed "
                         "pipeline or a failed pass.";
  m.def("compile", &compile, py::arg("ir"), py::arg("pipeline"),
        py::arg("filename"), py::arg("section"), py::arg("strip_debuginfo"),
        py::arg("print_debuginfo"), py::arg("verify_each"), py::arg("threads"),
        py::arg("embed_source"), py::arg("source_root"), py::arg("compress"),
        py::arg("build_id"),
        "Parses `ir`, runs the textual pass pipeline `pipeline` "
        "(`builtin.module(...)`), builds the debug section when `section` "
        "and strips the debug info when `strip_debuginfo`; returns (IR text, "
        "section bytes or None, diagnostics text). Raises CompileError with "
        "MLIR's diagnostics.");
}
