//===- tg-symbolicate.cpp - Debug handles to tracebacks -------------------===//
//
// Reads a debug section (written by --tg-emit-debug-section) and turns debug
// handles into module paths and tracebacks, or annotates a Chrome/Perfetto
// trace whose events carry debug handles. Bad input of any kind is one line
// `tg-symbolicate: error: ...` and exit code 1.
//
//===----------------------------------------------------------------------===//

#include "tg/Debuginfod/SectionFetcher.h"
#include "tg/Serialize/BuildId.h"
#include "tg/Serialize/Encoding.h"
#include "tg/Serialize/Reader.h"
#include "tg/Support/ModulePath.h"
#include "tg/Support/OutputFile.h"
#include "tg/Support/Version.h"
#include "tg/Symbolize/ChromeTrace.h"
#include "tg/Symbolize/SourceQuery.h"
#include "tg/Symbolize/SymbolizeJSON.h"
#include "tg/Symbolize/Symbolizer.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/WithColor.h"

#include <array>
#include <csignal>
#include <cstdio>
#include <cstdlib>

using namespace llvm;
using namespace tg;

namespace {
enum class OutputStyle { PyTorch, PyTorchMobile, LLVM };
enum class OutputFormat { Text, JSON };

cl::OptionCategory category("tg-symbolicate options");

cl::list<std::string>
    positionals(cl::Positional,
                cl::desc("<debug section> [debug handles...] (with "
                         "--build-id: [debug handles...])"),
                cl::cat(category));
cl::opt<std::string> buildId(
    "build-id",
    cl::desc("Fetch the section of this build from the debuginfod servers "
             "in DEBUGINFOD_URLS (or LLVM's local cache of earlier fetches; "
             "DEBUGINFOD_CACHE_PATH, DEBUGINFOD_TIMEOUT as for "
             "llvm-symbolizer) instead of naming a file; every positional "
             "argument is then a handle"),
    cl::value_desc("hex"), cl::init(""), cl::cat(category));
cl::opt<std::string> expectBuildId(
    "expect-build-id",
    cl::desc("Refuse a section whose build ID is not this one, or does not "
             "start with it (a prefix of at least 8 hex digits); a handle "
             "means something only in the section of its own build"),
    cl::value_desc("hex"), cl::init(""), cl::cat(category));
cl::opt<bool> printBuildId(
    "print-build-id",
    cl::desc("Print the section's build ID (hex) and exit; an error if it "
             "has none (written before format 3.1 or with build-id=none)"),
    cl::init(false), cl::cat(category));

/// The section file (or, with --build-id, where debuginfod's client put it),
/// as messages name it.
std::string sectionPath;
std::vector<std::string> handleArgs;
cl::opt<OutputStyle> outputStyle(
    "output-style", cl::desc("Layout of text output"),
    cl::values(clEnumValN(OutputStyle::PyTorch, "pytorch",
                          "PyTorch's symbolicated backend error (default): "
                          "'Module hierarchy:' and a 'most recent call "
                          "last' traceback"),
               clEnumValN(OutputStyle::PyTorchMobile, "pytorch-mobile",
                          "as PyTorch's lite (mobile) interpreter prints it: "
                          "the entry frame's function is <unknown>"),
               clEnumValN(OutputStyle::LLVM, "llvm",
                          "llvm-symbolizer's inlined frames, innermost "
                          "first: function, then file:line:column")),
    cl::init(OutputStyle::PyTorch), cl::cat(category));
cl::opt<LLVMFunctionNames> functionNames(
    "functions",
    cl::desc("Function names in --output-style=llvm, as llvm-symbolizer's "
             "option of the same name"),
    cl::values(clEnumValN(LLVMFunctionNames::Short, "short",
                          "the Python function (default; what "
                          "llvm-symbolizer --functions=short prints for a "
                          "kernel compiled with --tg-export-llvm-debuginfo)"),
               clEnumValN(LLVMFunctionNames::Linkage, "linkage",
                          "its module path, the DWARF linkage name "
                          "(layer1.0.relu(ReLU)::forward: what gdb and "
                          "llvm-symbolizer print by default)")),
    cl::init(LLVMFunctionNames::Short), cl::cat(category));
cl::opt<OutputFormat> outputFormat(
    "format", cl::desc("Output format"),
    cl::values(clEnumValN(OutputFormat::Text, "text", "text (default)"),
               clEnumValN(OutputFormat::JSON, "json",
                          "a JSON array, one object per handle")),
    cl::init(OutputFormat::Text), cl::cat(category));
cl::opt<ModulePathFormat> modulePathFormat(
    "module-path", cl::desc("Module path form"),
    cl::values(clEnumValN(ModulePathFormat::Mobile, "mobile",
                          "as in PyTorch's backend errors (default)"),
               clEnumValN(ModulePathFormat::Profiler, "profiler",
                          "as in PyTorch's profiler"),
               clEnumValN(ModulePathFormat::Scope, "scope",
                          "top(C).A0(A).AA0(AA)")),
    cl::init(ModulePathFormat::Mobile), cl::cat(category));
cl::opt<std::string> sourceRoot(
    "source-root",
    cl::desc("Directory to read source lines from when the section does not "
             "embed them (default: file names as written)"),
    cl::init(""), cl::cat(category));
cl::opt<bool> verifySection(
    "verify",
    cl::desc("Check every table and block of the section against its "
             "checksum first (opening checks only the header and section "
             "table); without handle arguments, only verify"),
    cl::init(false), cl::cat(category));
cl::opt<bool> noSource("no-source",
                       cl::desc("Never print source lines, even if present"),
                       cl::init(false), cl::cat(category));
cl::opt<std::string> chromeTrace(
    "chrome-trace",
    cl::desc("Annotate a Chrome/Perfetto trace (JSON): every event whose "
             "args carry a debug handle gets its module path and stack"),
    cl::value_desc("in.json"), cl::init(""), cl::cat(category));
cl::opt<std::string> outputPath("o", cl::desc("Output file (default: stdout)"),
                                cl::value_desc("file"), cl::init("-"),
                                cl::cat(category));
cl::opt<std::string> sourceQuery(
    "source",
    cl::desc("Reverse query: every handle (and fused kernel) that computes "
             "something written at FILE:LINE, as the op's own position or "
             "as a call it was inlined through, and every origin from that "
             "line that a pass eliminated or merged over a bound. FILE "
             "matches a recorded path exactly or as its trailing path "
             "components (resnet.py matches .../models/resnet.py); "
             "FILE:LINE:COLUMN, as --output-style=llvm prints a position, "
             "asks for its line"),
    cl::value_desc("FILE:LINE"), cl::init(""), cl::cat(category));
cl::opt<bool> showRecords(
    "records",
    cl::desc("After each handle, the origin records its op holds: origins "
             "that a pass eliminated or merged over a bound, kept by the op "
             "it ran on (the module, a graph; format 3.2). A traceback shows "
             "the op's own frames only"),
    cl::init(false), cl::cat(category));
cl::opt<bool> kernelNames(
    "kernel-names",
    cl::desc("With --chrome-trace: also annotate events that carry no "
             "handle but are named after a fused kernel (GPU kernel "
             "launches in a torch.profiler/Kineto trace), with that "
             "kernel's handle, module path and origins"),
    cl::init(false), cl::cat(category));
cl::opt<std::string>
    handleKey("handle-key",
              cl::desc("Trace event args key holding the debug handle"),
              cl::init("debug_handle"), cl::cat(category));

bool hadError = false;

void reportError(const Twine &message) {
  WithColor::error(errs(), "tg-symbolicate") << message << "\n";
  hadError = true;
}

/// `text` as it can go on one line of an error message: non-printable bytes
/// escaped (stdin may be binary garbage) and at most 64 characters kept.
std::string printable(StringRef text) {
  std::string escaped;
  raw_string_ostream os(escaped);
  printEscapedString(text.take_front(64), os);
  if (text.size() > 64)
    os << "...";
  return escaped;
}

void printText(raw_ostream &os, const SymbolizedHandle &sym,
               SourceCache *source, bool &first) {
  if (outputStyle == OutputStyle::LLVM) {
    for (const SymbolOrigin &origin : sym.origins)
      printLLVMFrames(os, origin, functionNames, &sym);
    os << "\n";
    return;
  }
  printSymbolizedHandle(os, sym, source,
                        outputStyle == OutputStyle::PyTorchMobile, first);
}

/// Writes -o atomically: to a temporary file next to it, renamed over it
/// once complete (llvm::writeToOutput), so a program reading the old file
/// (a Section holding it mapped, another tg-symbolicate) keeps reading the
/// old bytes, and an interrupted run leaves no half-written file.
/// Whether stdout's reader went away (`tg-symbolicate ... | head`).
bool outputClosed(raw_ostream &os) {
  return &os == &outs() && outs().has_error() &&
         outs().error() == std::errc::broken_pipe;
}

/// Ends the run as a filter ends when its reader goes away: by SIGPIPE,
/// quietly. Where the caller ignores SIGPIPE, writes fail with EPIPE instead
/// and LLVM would print "LLVM ERROR: IO failure on output stream: Broken
/// pipe" when it destroys outs(); the error is cleared first.
[[noreturn]] void stopOnClosedOutput() {
  outs().clear_error();
  std::signal(SIGPIPE, SIG_DFL);
  std::raise(SIGPIPE);
  std::_Exit(128 + SIGPIPE); // SIGPIPE blocked: the same status
}

/// The output as an error names it: a file, or standard output for "-".
std::string describeOutput() {
  return outputPath == "-" ? std::string("standard output")
                           : "'" + outputPath + "'";
}

/// Ends a write of the output (`error`: what went wrong, or empty): as a
/// filter when standard output's reader went away, else reported.
bool finishOutput(const std::string &error) {
  if (outputPath == "-" && outputClosed(outs()))
    stopOnClosedOutput();
  if (!error.empty())
    reportError("cannot write " + describeOutput() + ": " + error);
  return error.empty();
}

bool writeOutput(function_ref<void(raw_ostream &)> write) {
  return finishOutput(writeFileAtomically(outputPath, write));
}

/// writeOutput for a producer that can stop with an error (reported by it):
/// a file is then not written, and what it held stays.
bool writeOutputOrDiscard(function_ref<Error(raw_ostream &)> write) {
  Error producerError = Error::success();
  std::string error = writeFileOrDiscard(outputPath, write, producerError);
  bool produced = !producerError;
  consumeError(std::move(producerError));
  return finishOutput(error) && produced;
}

/// tg-symbolicate SECTION --chrome-trace IN.json: every bad event is
/// reported, and nothing is written unless all were annotated. Streams: one
/// event in memory at a time (ChromeTraceFile), checked in a first pass.
int annotateTrace(const DebugSectionReader &reader,
                  const Symbolizer &symbolizer, ModulePathFormat format,
                  SourceCache *source) {
  ChromeTraceOptions options;
  options.handleKey = handleKey;
  options.format = format;
  options.source = source;
  StringMap<uint64_t> kernels;
  if (kernelNames) {
    Expected<StringMap<uint64_t>> found = getKernelHandles(reader, symbolizer);
    if (!found) {
      reportError(toString(found.takeError()));
      return 1;
    }
    kernels = std::move(*found);
    options.kernelHandles = &kernels;
  }
  ChromeTraceFile trace(chromeTrace, options);
  if (!trace.check(reader)) {
    switch (trace.getFailure()) {
    case ChromeTraceFile::Failure::Read:
      reportError("cannot read trace '" + chromeTrace +
                  "': " + trace.getMessages().front());
      break;
    case ChromeTraceFile::Failure::JSON:
      reportError("invalid JSON in trace '" + chromeTrace +
                  "': " + trace.getMessages().front());
      break;
    case ChromeTraceFile::Failure::Shape:
      reportError("trace '" + chromeTrace +
                  "' is neither a JSON array of events nor an object with a "
                  "'traceEvents' array");
      break;
    case ChromeTraceFile::Failure::Events:
    case ChromeTraceFile::Failure::None:
      for (const std::string &message : trace.getMessages())
        reportError(message);
      break;
    }
    return 1;
  }
  // Atomically, and discarded when an event fails after all; a device or a
  // FIFO is written in place (as every output of the tool).
  Error annotation = Error::success();
  std::string error = writeFileOrDiscard(
      outputPath,
      [&](raw_ostream &os) -> Error {
        if (Error err = trace.write(os, symbolizer))
          return err;
        // Annotations read from a section that changed meanwhile are not
        // written (the file is discarded).
        if (Error changed = reader.checkUnchanged())
          return createStringError(inconvertibleErrorCode(),
                                   sectionPath + ": " +
                                       toString(std::move(changed)));
        os << "\n";
        return Error::success();
      },
      annotation);
  if (annotation) {
    handleAllErrors(std::move(annotation), [](const ErrorInfoBase &event) {
      reportError(event.message());
    });
    return 1;
  }
  return finishOutput(error) ? 0 : 1;
}

/// tg-symbolicate SECTION --source FILE:LINE.
int runSourceQuery(const DebugSectionReader &reader,
                   const Symbolizer &symbolizer, ModulePathFormat format) {
  StringRef file;
  uint32_t line = 0;
  if (Error err = parseSourceQuery(sourceQuery, file, line)) {
    reportError("invalid --source '" + printable(sourceQuery) +
                "': " + toString(std::move(err)));
    return 1;
  }
  Expected<SourceQueryResult> result =
      querySource(reader, symbolizer, file, line, format);
  if (!result) {
    reportError(sectionPath + ": " + toString(result.takeError()));
    return 1;
  }
  // Answers read from a section that changed meanwhile are not written.
  if (Error changed = reader.checkUnchanged()) {
    reportError(sectionPath + ": " + toString(std::move(changed)));
    return 1;
  }
  bool written = writeOutput([&](raw_ostream &os) {
    if (outputFormat == OutputFormat::JSON)
      os << formatv("{0:2}", json::Value(std::move(result->json))) << "\n";
    else if (result->numMatches)
      os << sourceQuery << ":\n" << result->text;
  });
  if (!written)
    return 1;
  if (!result->numMatches) {
    reportError("nothing in " + sectionPath + " comes from " +
                printable(sourceQuery) +
                " (no handle's origin and no origin record is on that line)");
    return 1;
  }
  return 0;
}
} // namespace

/// The section named on the command line, or fetched with --build-id;
/// splits the positional arguments into the file and the handles.
Expected<std::unique_ptr<DebugSectionReader>> openSection() {
  if (!buildId.getNumOccurrences()) {
    if (positionals.empty())
      return encoding::makeError(
          "no debug section given: tg-symbolicate FILE [handles...] or "
          "--build-id=ID [handles...] (see --help)");
    sectionPath = positionals.front();
    handleArgs.assign(positionals.begin() + 1, positionals.end());
    auto reader = DebugSectionReader::open(sectionPath);
    if (!reader)
      return encoding::makeError("{0}: {1}", sectionPath,
                                 toString(reader.takeError()));
    return reader;
  }
  handleArgs.assign(positionals.begin(), positionals.end());
  Expected<std::vector<uint8_t>> id = section::parseBuildId(buildId);
  if (!id)
    return encoding::makeError("--build-id: {0}", toString(id.takeError()));
  Expected<FetchedSection> fetched = fetchSectionByBuildId(*id);
  if (!fetched)
    return fetched.takeError();
  // Errors name the build asked for, then the file that holds it (a cache
  // entry's name says nothing on its own).
  sectionPath =
      "build ID " + section::formatBuildId(*id) + " (" + fetched->path + ")";
  return std::move(fetched->reader);
}

/// Hex digits a prefix of a build ID needs (as a short commit hash: 4
/// bytes, one chance in 4 billion that another build shares them).
constexpr size_t kMinBuildIdPrefix = 8;

/// --expect-build-id: the section must be that build's (the whole ID, or a
/// prefix of at least kMinBuildIdPrefix digits of it).
bool checkExpectedBuildId(StringRef found, unsigned major, unsigned minor) {
  Expected<std::vector<uint8_t>> expected =
      section::parseBuildId(expectBuildId);
  if (!expected) {
    reportError("--expect-build-id: " + toString(expected.takeError()));
    return false;
  }
  std::string want = section::formatBuildId(*expected);
  if (found == want)
    return true;
  bool prefix = want.size() < found.size();
  if (prefix && found.starts_with(want) && want.size() >= kMinBuildIdPrefix)
    return true;
  if (prefix && found.starts_with(want)) {
    reportError(formatv("--expect-build-id: {0} is {1} hex digits, too few "
                        "to name a build: give the build ID or at least its "
                        "first {2} digits",
                        want, want.size(), kMinBuildIdPrefix));
    return false;
  }
  if (found.empty())
    reportError(formatv("{0}: the section has no build ID (format {1}.{2}), "
                        "expected {3}",
                        sectionPath, major, minor, want));
  else
    reportError(formatv("{0}: build ID {1}, expected {2}{3}: the section is "
                        "another build's, whose handles name other ops",
                        sectionPath, found, want, prefix ? "..." : ""));
  return false;
}

/// `exitCode` once what was printed to standard output is written: a write
/// that failed (/dev/full) is an error that says so (left pending, LLVM ended
/// the process with "LLVM ERROR: IO failure on output stream").
int finishStandardOutput(int exitCode) {
  outs().flush();
  if (!outs().has_error())
    return exitCode;
  if (outputClosed(outs()))
    stopOnClosedOutput();
  reportError("cannot write standard output: " + outs().error().message());
  outs().clear_error();
  return 1;
}

/// --print-build-id, --expect-build-id and --verify, in that order: the
/// exit code when the run ends with them.
std::optional<int> checkSection(const DebugSectionReader &reader) {
  Expected<ArrayRef<uint8_t>> id = reader.getBuildId();
  if (!id) {
    reportError(sectionPath + ": " + toString(id.takeError()));
    return 1;
  }
  std::string idText = id->empty() ? "" : section::formatBuildId(*id);
  if (printBuildId) {
    if (idText.empty()) {
      reportError(sectionPath + ": the section has no build ID (format " +
                  Twine(reader.getVersionMajor()) + "." +
                  Twine(reader.getVersionMinor()) +
                  "; build IDs start with 3.1)");
      return 1;
    }
    outs() << idText << "\n";
    return finishStandardOutput(0);
  }
  if (expectBuildId.getNumOccurrences() &&
      !checkExpectedBuildId(idText, reader.getVersionMajor(),
                            reader.getVersionMinor()))
    return 1;
  if (verifySection) {
    if (Error err = reader.verifyAll()) {
      reportError(sectionPath + ": " + toString(std::move(err)));
      return 1;
    }
    // Only verify when nothing else was asked for.
    if (handleArgs.empty() && !chromeTrace.getNumOccurrences() &&
        !sourceQuery.getNumOccurrences()) {
      outs() << formatv(
          "{0}: verified (format {1}.{2}{3}, {4} bytes{5}, {6} "
          "handles, build ID {7})\n",
          sectionPath, reader.getVersionMajor(), reader.getVersionMinor(),
          reader.isElfContainer() ? " in an ELF container" : "",
          reader.getFileSize(), reader.isCompressed() ? " decompressed" : "",
          reader.getNumHandles(), idText.empty() ? "none" : idText);
      return finishStandardOutput(0);
    }
  }
  return std::nullopt;
}

/// --records: what the op of `handle` holds, one line each; false (after
/// reporting) when the section cannot say.
bool describeHeldRecords(const Symbolizer &symbolizer, uint64_t handle,
                         ModulePathFormat format,
                         std::vector<std::string> &out) {
  static std::optional<HeldRecords> held;
  const DebugSectionReader &reader = symbolizer.getReader();
  if (!held) {
    Expected<HeldRecords> built = HeldRecords::build(reader);
    if (!built) {
      reportError(sectionPath + ": " + toString(built.takeError()));
      return false;
    }
    held = std::move(*built);
  }
  for (uint32_t row : held->ofHandle(handle)) {
    Expected<SectionOriginRecord> record = reader.getOriginRecord(row);
    if (!record) {
      reportError(sectionPath + ": " + toString(record.takeError()));
      return false;
    }
    Expected<std::string> text =
        describeOriginRecord(symbolizer, *record, format);
    if (!text) {
      reportError(sectionPath + ": " + toString(text.takeError()));
      return false;
    }
    out.push_back(std::move(*text));
  }
  return true;
}

void printRecords(raw_ostream &os, ArrayRef<std::string> records) {
  os << "Origin records held by this op: " << records.size() << "\n";
  for (const std::string &record : records)
    os << "  " << record << "\n";
}

/// The handles to answer, a word at a time: the command line's, else the
/// words of standard input as they come. Standard input is read a piece at
/// a time, and what was answered is flushed before the next piece is waited
/// for, as llvm-symbolizer answers each line: a handle typed at a terminal
/// is answered at once, a log piped in as it grows, and memory stays flat in
/// the number of handles (JSON included: json::OStream, not a json::Array).
/// A NUL byte ends the reading with an error: no list of handles holds one,
/// and /dev/zero or a binary file was read until memory ran out.
class HandleWords {
public:
  /// The next word, valid until the next call; std::nullopt at the end, or
  /// after an error (reported).
  std::optional<StringRef> next(raw_ostream &os) {
    std::optional<StringRef> word = nextWord(os);
    if (!word && nulOffset) {
      os.flush(); // the answers before it come first
      reportError("standard input is no list of handles: a NUL byte at "
                  "offset " +
                  Twine(*nulOffset));
      nulOffset.reset();
    }
    return word;
  }

private:
  std::optional<StringRef> nextWord(raw_ostream &os) {
    if (!handleArgs.empty()) {
      if (argIndex == handleArgs.size())
        return std::nullopt;
      return StringRef(handleArgs[argIndex++]);
    }
    for (;;) {
      // The rest of a word too long to be a handle: read past, not kept.
      if (skippingWord) {
        size_t wordEnd = pending.find_first_of(kSeparators);
        skippingWord = wordEnd == std::string::npos;
        wordEnd = std::min(wordEnd, pending.size());
        consumed += wordEnd;
        pending.erase(0, wordEnd);
        if (skippingWord && (atEnd || !readMore(os)))
          return std::nullopt;
        continue;
      }
      size_t start = pending.find_first_not_of(kSeparators, position);
      if (start == std::string::npos)
        start = pending.size();
      size_t end = pending.find_first_of(kSeparators, start);
      if (end != std::string::npos || (atEnd && start < pending.size())) {
        if (end == std::string::npos)
          end = pending.size();
        position = end;
        // One rule wherever the reads end: a word longer than any handle
        // is reported, not parsed.
        if (end - start > kLongestHandle) {
          reportLong(StringRef(pending).slice(start, end));
          continue;
        }
        return StringRef(pending).slice(start, end);
      }
      if (atEnd)
        return std::nullopt;
      // What is answered goes; the part of a word read so far stays. A word
      // longer than any handle is reported by its start.
      consumed += start;
      pending.erase(0, start);
      position = 0;
      if (pending.size() > kLongestHandle) {
        reportLong(pending);
        skippingWord = true;
        continue;
      }
      if (!readMore(os))
        return std::nullopt;
    }
  }

  static void reportLong(StringRef word) {
    reportError("invalid debug handle '" + printable(word) +
                "': expected a non-negative integer (decimal, or hex after "
                "0x) of at most " +
                Twine(kLongestHandle) + " characters");
  }

  static constexpr StringLiteral kSeparators{" \t\r\n,"};
  /// Longer than any handle's text ("0x" and 16 digits, or 20 decimal ones,
  /// with room for leading zeros).
  static constexpr size_t kLongestHandle = 64;

  bool readMore(raw_ostream &os) {
    os.flush();
    char piece[1 << 16];
    Expected<size_t> read = sys::fs::readNativeFile(
        sys::fs::getStdinHandle(), MutableArrayRef<char>(piece));
    if (!read) {
      reportError("cannot read handles from stdin: " +
                  toString(read.takeError()));
      return false;
    }
    StringRef text(piece, *read);
    atEnd = *read == 0;
    // The words before a NUL byte are answered, then the reading ends.
    if (size_t nul = text.find('\0'); nul != StringRef::npos) {
      nulOffset = consumed + pending.size() + nul;
      text = text.take_front(nul);
      atEnd = true;
    }
    pending.append(text.begin(), text.end());
    return true;
  }

  size_t argIndex = 0;
  std::string pending;   // read, not yet answered
  size_t position = 0;   // in pending: where the next word is looked for
  uint64_t consumed = 0; // bytes dropped from pending's front
  bool atEnd = false;
  bool skippingWord = false; // the rest of a word too long to be a handle
  std::optional<uint64_t> nulOffset; // where a NUL byte ended the reading
};

/// Text output with the control characters of file, function and module
/// names escaped (`\x1b`), newlines and tabs kept: a section is data, and a
/// name holding an escape sequence (`loc("a\1B[2J.py":1:1)`, which MLIR
/// parses) cleared the terminal it was printed on. JSON escapes them itself.
class ControlEscapingStream : public raw_ostream {
public:
  explicit ControlEscapingStream(raw_ostream &out) : out(out) {}
  ~ControlEscapingStream() override { flush(); }

private:
  // Buffered: called with whole answers, scanned eight bytes at a time for
  // a control character; line breaks and tabs are the text's own.
  void write_impl(const char *ptr, size_t size) override {
    position += size;
    StringRef text(ptr, size);
    size_t start = 0;
    for (size_t at = findControlCharacter(text); at != StringRef::npos;
         at = findControlCharacter(text, at + 1)) {
      auto byte = static_cast<unsigned char>(text[at]);
      if (byte == '\n' || byte == '\t')
        continue;
      out << text.slice(start, at) << "\\x" << hexdigit(byte >> 4, true)
          << hexdigit(byte & 15, true);
      start = at + 1;
    }
    out << text.substr(start);
  }
  uint64_t current_pos() const override { return position; }

  raw_ostream &out;
  uint64_t position = 0;
};

/// One handle's answer, as JSON (into `json`, when given) or text, with the
/// records it holds under --records.
void writeAnswer(raw_ostream &os, json::OStream *json,
                 const SymbolizedHandle &sym, ArrayRef<std::string> records,
                 SourceCache *source, bool &first) {
  if (!json) {
    printText(os, sym, source, first);
    if (showRecords)
      printRecords(os, records);
    return;
  }
  if (!showRecords) {
    writeJSON(*json, sym, source);
    return;
  }
  json->object([&] {
    json->attributeBegin("handle");
    writeJSON(*json, sym, source);
    json->attributeEnd();
    json->attributeArray("records", [&] {
      for (const std::string &record : records)
        json->value(record);
    });
  });
}

int symbolizeHandles(const Symbolizer &symbolizer, ModulePathFormat format,
                     SourceCache *source) {
  const DebugSectionReader &reader = symbolizer.getReader();
  HandleWords handles;

  auto symbolizeAll = [&](raw_ostream &os) -> Error {
    std::optional<json::OStream> json;
    std::optional<ControlEscapingStream> textOut;
    if (outputFormat != OutputFormat::JSON)
      textOut.emplace(os);
    if (outputFormat == OutputFormat::JSON) {
      json.emplace(os, /*IndentSize=*/2);
      json->arrayBegin();
    }
    bool first = true;
    // A damaged table fails every handle that reads it alike: its error
    // once, then how many more handles it failed (as tg-opt counts an error
    // repeated on every op), not once per handle.
    std::string lastError;
    uint64_t repeats = 0;
    auto reportRepeats = [&] {
      if (repeats)
        WithColor::note(errs(), "tg-symbolicate")
            << "the same error for " << repeats << " more handle"
            << (repeats == 1 ? "" : "s") << "\n";
      repeats = 0;
    };
    // An answer read from a file changed under the mapping (truncated, or
    // rewritten in place) may be zeros or another section's bytes: the run
    // stops before printing it (or an error it caused), and a file output is
    // not written.
    // The truncation check is an atomic load, made before every answer; the
    // fstat that also sees a rewrite in place, every 256 handles and at the
    // end (one per handle cost a fifth of the run).
    uint64_t answered = 0;
    auto stopIfChanged = [&](bool always = false) -> Error {
      Error changed = always || ++answered % 256 == 0
                          ? reader.checkUnchanged()
                          : reader.checkNotTruncated();
      if (!changed)
        return Error::success();
      reportRepeats();
      reportError(sectionPath + ": " + toString(std::move(changed)));
      // Standard output stays valid JSON (a file is discarded anyway).
      if (json) {
        json->arrayEnd();
        os << "\n";
      }
      return make_error<StringError>("section changed",
                                     inconvertibleErrorCode());
    };
    while (std::optional<StringRef> word = handles.next(os)) {
      StringRef text = *word;
      if (outputClosed(os))
        break; // nobody reads the rest
      std::optional<uint64_t> handle = tg::parseHandleText(text);
      if (!handle) {
        reportError(
            "invalid debug handle '" + printable(text) +
            "': expected a non-negative integer (decimal, or hex after 0x)");
        continue;
      }
      Expected<SymbolizedHandle> sym = symbolizer.symbolize(*handle, format);
      // An error may be the change's doing: then the full check, now.
      if (Error changed = stopIfChanged(/*always=*/!sym)) {
        consumeError(sym.takeError());
        return changed;
      }
      if (!sym) {
        std::string error = toString(sym.takeError());
        if (error == lastError) {
          ++repeats;
          hadError = true;
          continue;
        }
        reportRepeats();
        reportError(sectionPath + ": " + error);
        lastError = std::move(error);
        continue;
      }
      std::vector<std::string> records;
      bool described = !showRecords || describeHeldRecords(symbolizer, *handle,
                                                           format, records);
      if (showRecords)
        if (Error changed = stopIfChanged(/*always=*/!described))
          return changed;
      if (described) {
        if (json) {
          writeAnswer(os, &*json, *sym, records, source, first);
        } else {
          writeAnswer(*textOut, nullptr, *sym, records, source, first);
          textOut->flush(); // in order with the errors, and before a wait
        }
      }
    }
    if (Error changed = stopIfChanged(/*always=*/true))
      return changed;
    reportRepeats();
    if (json) {
      json->arrayEnd();
      os << "\n";
    }
    return Error::success();
  };
  if (!writeOutputOrDiscard(symbolizeAll))
    return 1;
  return hadError ? 1 : 0;
}

int main(int argc, char **argv) {
  InitLLVM init(argc, argv);
  cl::HideUnrelatedOptions(category);
  cl::AddExtraVersionPrinter(printVersion);
  cl::ParseCommandLineOptions(
      argc, argv,
      "tracegraph symbolizer: debug handles -> module paths and tracebacks\n\n"
      "Reads a debug section written by `tg-opt --tg-emit-debug-section "
      "path=<file>` and prints, for each debug handle given as an argument "
      "(or, without arguments, read from stdin separated by whitespace or "
      "commas, and answered as each line comes), the op's module path and a "
      "'most recent call last' traceback "
      "with the source line and a `~~~~ <--- HERE` marker when the source is "
      "available (embedded in the section, or read from --source-root).\n\n"
      "  tg-symbolicate model.tgdbg 12 40\n"
      "  echo 12 | tg-symbolicate model.tgdbg --output-style=llvm\n"
      "  tg-symbolicate model.tgdbg 12 --output-style=llvm "
      "--functions=linkage\n"
      "  tg-symbolicate model.tgdbg --format=json 12\n"
      "  tg-symbolicate model.tgdbg --chrome-trace trace.json -o out.json\n"
      "  tg-symbolicate model.tgdbg --chrome-trace kineto.json --kernel-names\n"
      "  tg-symbolicate model.tgdbg --source resnet.py:100\n"
      "  tg-symbolicate --print-build-id model.tgdbg\n"
      "  DEBUGINFOD_URLS=http://server:8002 tg-symbolicate --build-id=ID 12\n");

  if (functionNames.getNumOccurrences() && outputStyle != OutputStyle::LLVM) {
    reportError("--functions applies to --output-style=llvm only");
    return 1;
  }
  if (kernelNames && !chromeTrace.getNumOccurrences()) {
    reportError("--kernel-names applies to --chrome-trace only");
    return 1;
  }
  // Ignored without a trace, as --kernel-names was refused.
  if (handleKey.getNumOccurrences() && !chromeTrace.getNumOccurrences()) {
    reportError("--handle-key applies to --chrome-trace only");
    return 1;
  }
  ModulePathFormat format = modulePathFormat;

  Expected<std::unique_ptr<DebugSectionReader>> reader = openSection();
  if (!reader) {
    reportError(toString(reader.takeError()));
    return 1;
  }
  if (std::optional<int> exitCode = checkSection(**reader))
    return *exitCode;
  Symbolizer symbolizer(**reader);
  SourceCache sourceCache(sourceRoot);
  SourceCache *source = noSource ? nullptr : &sourceCache;

  // --chrome-trace and --source answer from the trace or the line: handles
  // given beside them were dropped without a word.
  if ((chromeTrace.getNumOccurrences() || sourceQuery.getNumOccurrences()) &&
      !handleArgs.empty()) {
    reportError(
        formatv("{0} takes no debug handles, given '{1}'",
                chromeTrace.getNumOccurrences() ? "--chrome-trace" : "--source",
                printable(handleArgs.front())));
    return 1;
  }
  // Given, even as `--source=`: an empty value is an error of its own, not
  // a request to read handles from stdin.
  // Each mode checks that the section did not change before it writes.
  if (chromeTrace.getNumOccurrences())
    return annotateTrace(**reader, symbolizer, format, source);
  if (sourceQuery.getNumOccurrences())
    return runSourceQuery(**reader, symbolizer, format);

  return symbolizeHandles(symbolizer, format, source);
}
