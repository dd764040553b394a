//===- tg-symbolicate.cpp - Debug handles to tracebacks -------------------===//
//
// Reads a debug section (written by --tg-emit-debug-section) and turns debug
// handles into module paths and tracebacks, or annotates a Chrome/Perfetto
// trace whose events carry debug handles. Bad input of any kind is one line
// `tg-symbolicate: error: ...` and exit code 1.
//
//===----------------------------------------------------------------------===//

#include "tg/Serialize/Reader.h"
#include "tg/Serialize/Symbolizer.h"
#include "tg/Support/ModulePath.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/WithColor.h"

#include <cstdio>
#include <cstdlib>

using namespace llvm;
using namespace tg;

namespace {
enum class OutputStyle { PyTorch, LLVM };
enum class OutputFormat { Text, JSON };

cl::OptionCategory category("tg-symbolicate options");

cl::opt<std::string> sectionPath(cl::Positional, cl::Required,
                                 cl::desc("<debug section>"),
                                 cl::cat(category));
cl::list<std::string> handleArgs(cl::Positional, cl::desc("[debug handles...]"),
                                 cl::cat(category));
cl::opt<OutputStyle> outputStyle(
    "output-style", cl::desc("Layout of text output"),
    cl::values(clEnumValN(OutputStyle::PyTorch, "pytorch",
                          "PyTorch's symbolicated backend error (default): "
                          "'Module hierarchy:' and a 'most recent call "
                          "last' traceback"),
               clEnumValN(OutputStyle::LLVM, "llvm",
                          "llvm-symbolizer's inlined frames, innermost "
                          "first: function, then file:line:column")),
    cl::init(OutputStyle::PyTorch), cl::cat(category));
cl::opt<OutputFormat> outputFormat(
    "format", cl::desc("Output format"),
    cl::values(clEnumValN(OutputFormat::Text, "text", "text (default)"),
               clEnumValN(OutputFormat::JSON, "json",
                          "a JSON array, one object per handle")),
    cl::init(OutputFormat::Text), cl::cat(category));
cl::opt<std::string>
    modulePathFormat("module-path",
                     cl::desc("Module path form: mobile (default, as in "
                              "PyTorch's backend errors), profiler or scope"),
                     cl::init("mobile"), cl::cat(category));
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

/// Parses a handle written in decimal or 0x-hex.
std::optional<uint64_t> parseHandle(StringRef text) {
  uint64_t value;
  if (text.getAsInteger(0, value))
    return std::nullopt;
  return value;
}

std::string frameText(const SymbolFrame &frame) {
  std::string text =
      formatv("File \"{0}\", line {1}", frame.file, frame.line).str();
  if (frame.function && !frame.function->empty())
    text += formatv(", in {0}", *frame.function).str();
  return text;
}

json::Object originJSON(const SymbolOrigin &origin, SourceCache *source) {
  json::Array frames;
  for (const SymbolFrame &frame : origin.frames) {
    json::Object obj{{"file", frame.file},
                     {"line", frame.line},
                     {"column", frame.column},
                     {"end_line", frame.endLine},
                     {"end_column", frame.endColumn}};
    if (frame.function)
      obj["function"] = *frame.function;
    if (frame.callee)
      obj["call"] = json::Object{{"instance", frame.callee->instance},
                                 {"class", frame.callee->className},
                                 {"method", frame.callee->method}};
    std::optional<std::string> text;
    if (frame.sourceLine)
      text = frame.sourceLine->str();
    else if (source)
      text = source->getLine(frame.file, frame.line);
    if (text)
      obj["source"] = *text;
    frames.push_back(std::move(obj));
  }
  return json::Object{{"module_path", origin.modulePath},
                      {"frames", std::move(frames)}};
}

json::Object handleJSON(const SymbolizedHandle &sym, SourceCache *source) {
  json::Array origins;
  for (const SymbolOrigin &origin : sym.origins)
    origins.push_back(originJSON(origin, source));
  json::Object obj{{"handle", int64_t(sym.handle)},
                   {"op", sym.opName},
                   {"top_class", sym.topClass},
                   {"top_method", sym.topMethod},
                   {"origins", std::move(origins)}};
  if (sym.kernel)
    obj["kernel"] = *sym.kernel;
  return obj;
}

void printText(raw_ostream &os, const SymbolizedHandle &sym,
               SourceCache *source, bool &first) {
  if (outputStyle == OutputStyle::LLVM) {
    for (const SymbolOrigin &origin : sym.origins)
      printLLVMFrames(os, origin);
    os << "\n";
    return;
  }
  size_t n = sym.origins.size();
  for (size_t i = 0; i < n; ++i) {
    if (!first)
      os << "\n";
    first = false;
    os << "Debug handle " << sym.handle;
    if (!sym.opName.empty())
      os << " (" << sym.opName << ")";
    if (sym.kernel)
      os << " in kernel " << *sym.kernel;
    if (n > 1)
      os << ", origin " << i + 1 << " of " << n;
    os << "\n";
    printPyTorchTraceback(os, sym.origins[i], source);
  }
  if (n == 0) {
    if (!first)
      os << "\n";
    first = false;
    os << "Debug handle " << sym.handle << " (" << sym.opName
       << "): unknown location\n";
  }
}

/// The shortest text that reads back as `value`: llvm::json prints doubles
/// with 17 digits (10.123 -> 10.122999999999999), which would rewrite every
/// timestamp of a trace we only meant to annotate.
std::string shortestDouble(double value) {
  char buf[32];
  for (int precision = 1; precision <= 17; ++precision) {
    snprintf(buf, sizeof(buf), "%.*g", precision, value);
    if (strtod(buf, nullptr) == value)
      break;
  }
  return buf;
}

/// Writes `value` as llvm::json does (sorted keys), except that doubles keep
/// their shortest round-trip form.
void writeJSON(json::OStream &os, const json::Value &value) {
  switch (value.kind()) {
  case json::Value::Object: {
    const json::Object &obj = *value.getAsObject();
    std::vector<const json::Object::value_type *> entries;
    for (const auto &entry : obj)
      entries.push_back(&entry);
    llvm::sort(entries, [](const auto *a, const auto *b) {
      return a->first < b->first;
    });
    os.object([&] {
      for (const auto *entry : entries)
        os.attributeBegin(entry->first), writeJSON(os, entry->second),
            os.attributeEnd();
    });
    return;
  }
  case json::Value::Array:
    os.array([&] {
      for (const json::Value &elt : *value.getAsArray())
        writeJSON(os, elt);
    });
    return;
  case json::Value::Number:
    if (!value.getAsInteger() && !value.getAsUINT64()) {
      os.rawValue(shortestDouble(*value.getAsNumber()));
      return;
    }
    [[fallthrough]];
  default:
    os.value(value);
    return;
  }
}

int annotateTrace(const Symbolizer &sym, ModulePathFormat format,
                  SourceCache *source) {
  auto buffer = MemoryBuffer::getFileOrSTDIN(chromeTrace, /*IsText=*/true);
  if (!buffer) {
    reportError("cannot read trace '" + chromeTrace +
                "': " + buffer.getError().message());
    return 1;
  }
  Expected<json::Value> trace = json::parse((*buffer)->getBuffer());
  if (!trace) {
    reportError("invalid JSON in trace '" + chromeTrace +
                "': " + toString(trace.takeError()));
    return 1;
  }
  json::Array *events = trace->getAsArray();
  if (!events)
    if (json::Object *obj = trace->getAsObject())
      events = obj->getArray("traceEvents");
  if (!events) {
    reportError("trace '" + chromeTrace +
                "' is neither a JSON array of events nor an object with a "
                "'traceEvents' array");
    return 1;
  }
  for (auto [i, event] : llvm::enumerate(*events)) {
    json::Object *obj = event.getAsObject();
    json::Object *args = obj ? obj->getObject("args") : nullptr;
    if (!args)
      continue;
    json::Value *value = args->get(handleKey);
    if (!value)
      continue;
    std::optional<int64_t> handle = value->getAsInteger();
    if (!handle)
      if (std::optional<StringRef> str = value->getAsString())
        if (std::optional<uint64_t> parsed = parseHandle(*str))
          handle = int64_t(*parsed);
    if (!handle) {
      reportError(formatv("trace event {0}: args.{1} is not an integer "
                          "debug handle",
                          i, handleKey));
      continue;
    }
    // Profilers use -1 for events without a handle.
    if (*handle < 0)
      continue;
    Expected<SymbolizedHandle> result =
        sym.symbolize(uint64_t(*handle), format);
    if (!result) {
      reportError(
          formatv("trace event {0}: {1}", i, toString(result.takeError())));
      continue;
    }
    if (!result->origins.empty()) {
      const SymbolOrigin &origin = result->origins.front();
      (*args)["module_hierarchy"] = origin.modulePath;
      json::Array stack;
      for (const SymbolFrame &frame : origin.frames)
        stack.push_back(frameText(frame));
      (*args)["stack"] = std::move(stack);
    }
    if (result->kernel) {
      (*args)["kernel"] = *result->kernel;
      json::Array origins;
      for (const SymbolOrigin &origin : result->origins)
        origins.push_back(originJSON(origin, source));
      (*args)["origins"] = std::move(origins);
    }
  }
  if (hadError)
    return 1;
  std::error_code ec;
  ToolOutputFile out(outputPath, ec, sys::fs::OF_Text);
  if (ec) {
    reportError("cannot write '" + outputPath + "': " + ec.message());
    return 1;
  }
  {
    json::OStream os(out.os(), /*IndentSize=*/2);
    writeJSON(os, *trace);
  }
  out.os() << "\n";
  out.keep();
  return 0;
}
} // namespace

int main(int argc, char **argv) {
  InitLLVM init(argc, argv);
  cl::HideUnrelatedOptions(category);
  cl::ParseCommandLineOptions(
      argc, argv,
      "tracegraph symbolizer: debug handles -> module paths and tracebacks\n\n"
      "Reads a debug section written by `tg-opt --tg-emit-debug-section "
      "path=<file>` and prints, for each debug handle given as an argument "
      "(or, without arguments, read from stdin separated by whitespace or "
      "commas), the op's module path and a 'most recent call last' traceback "
      "with the source line and a `~~~~ <--- HERE` marker when the source is "
      "available (embedded in the section, or read from --source-root).\n\n"
      "  tg-symbolicate model.tgdbg 12 40\n"
      "  echo 12 | tg-symbolicate model.tgdbg --output-style=llvm\n"
      "  tg-symbolicate model.tgdbg --format=json 12\n"
      "  tg-symbolicate model.tgdbg --chrome-trace trace.json -o out.json\n");

  ModulePathFormat format;
  if (!parseModulePathFormat(modulePathFormat, format)) {
    reportError("invalid --module-path '" + modulePathFormat +
                "': expected mobile, profiler or scope");
    return 1;
  }

  auto reader = DebugSectionReader::open(sectionPath);
  if (!reader) {
    reportError(sectionPath + ": " + toString(reader.takeError()));
    return 1;
  }
  if (verifySection) {
    if (Error err = (*reader)->verifyAll()) {
      reportError(sectionPath + ": " + toString(std::move(err)));
      return 1;
    }
    if (handleArgs.empty() && chromeTrace.empty()) {
      outs() << formatv("{0}: verified (format {1}.{2}, {3} bytes, {4} "
                        "handles)\n",
                        sectionPath, (*reader)->getVersionMajor(),
                        (*reader)->getVersionMinor(), (*reader)->getFileSize(),
                        (*reader)->getNumHandles());
      return 0;
    }
  }
  Symbolizer symbolizer(**reader);
  SourceCache sourceCache(sourceRoot);
  SourceCache *source = noSource ? nullptr : &sourceCache;

  if (!chromeTrace.empty())
    return annotateTrace(symbolizer, format, source);

  std::vector<std::string> handles(handleArgs.begin(), handleArgs.end());
  std::unique_ptr<MemoryBuffer> stdinBuffer;
  if (handles.empty()) {
    auto buffer = MemoryBuffer::getSTDIN();
    if (!buffer) {
      reportError("cannot read handles from stdin: " +
                  buffer.getError().message());
      return 1;
    }
    SmallVector<StringRef> words;
    SplitString((*buffer)->getBuffer(), words, " \t\r\n,");
    for (StringRef word : words)
      handles.push_back(word.str());
    stdinBuffer = std::move(*buffer);
  }

  std::error_code ec;
  ToolOutputFile out(outputPath, ec, sys::fs::OF_Text);
  if (ec) {
    reportError("cannot write '" + outputPath + "': " + ec.message());
    return 1;
  }
  json::Array results;
  bool first = true;
  for (const std::string &text : handles) {
    std::optional<uint64_t> handle = parseHandle(text);
    if (!handle) {
      reportError("invalid debug handle '" + printable(text) +
                  "': expected a non-negative integer");
      continue;
    }
    Expected<SymbolizedHandle> sym = symbolizer.symbolize(*handle, format);
    if (!sym) {
      reportError(sectionPath + ": " + toString(sym.takeError()));
      continue;
    }
    if (outputFormat == OutputFormat::JSON)
      results.push_back(handleJSON(*sym, source));
    else
      printText(out.os(), *sym, source, first);
  }
  if (outputFormat == OutputFormat::JSON)
    out.os() << formatv("{0:2}", json::Value(std::move(results))) << "\n";
  out.keep();
  return hadError ? 1 : 0;
}
