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
enum class OutputStyle { PyTorch, PyTorchMobile, LLVM };
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
cl::opt<std::string> sourceQuery(
    "source",
    cl::desc("Reverse query: every handle (and fused kernel) that computes "
             "something written at FILE:LINE, as the op's own position or "
             "as a call it was inlined through, and every origin from that "
             "line that a pass eliminated or merged over a bound. FILE "
             "matches a recorded path exactly or as its trailing path "
             "components (resnet.py matches .../models/resnet.py)"),
    cl::value_desc("FILE:LINE"), cl::init(""), cl::cat(category));
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
      printLLVMFrames(os, origin, functionNames, &sym);
    os << "\n";
    return;
  }
  printSymbolizedHandle(os, sym, source,
                        outputStyle == OutputStyle::PyTorchMobile, first);
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

/// FILE matches a recorded path when equal to it, or equal to its trailing
/// path components.
bool fileMatches(StringRef recorded, StringRef file) {
  if (recorded == file)
    return true;
  return recorded.size() > file.size() && recorded.ends_with(file) &&
         recorded[recorded.size() - file.size() - 1] == '/';
}

/// How an origin comes from FILE:LINE: its own position, or a call on that
/// line that it was inlined through (innermost such frame).
struct SourceMatch {
  bool viaCall = false;
  const SymbolFrame *frame = nullptr;
};

std::optional<SourceMatch> matchOrigin(const SymbolOrigin &origin,
                                       StringRef file, uint32_t line) {
  for (const SymbolFrame &frame : llvm::reverse(origin.frames)) {
    if (!frame.hasPosition || !fileMatches(frame.file, file))
      continue;
    uint32_t last = std::max(frame.line, frame.endLine);
    if (line < frame.line || line > last)
      continue;
    return SourceMatch{frame.isCall, &frame};
  }
  return std::nullopt;
}

std::string positionText(const SymbolFrame &frame) {
  return formatv("{0}:{1}:{2}", frame.file, frame.line, frame.column).str();
}

/// tg-symbolicate SECTION --source FILE:LINE.
int runSourceQuery(const DebugSectionReader &reader,
                   const Symbolizer &symbolizer, ModulePathFormat format) {
  auto [file, lineText] = StringRef(sourceQuery).rsplit(':');
  uint32_t line = 0;
  if (file.empty() || lineText.getAsInteger(10, line) || line == 0) {
    reportError("invalid --source '" + printable(sourceQuery) +
                "': expected FILE:LINE with a line number >= 1, e.g. "
                "resnet.py:100");
    return 1;
  }
  // Every table is read below: check them all first, so that a corrupt
  // section is an error rather than a partial answer.
  if (Error err = reader.verifyAll()) {
    reportError(sectionPath + ": " + toString(std::move(err)));
    return 1;
  }

  json::Array handlesJSON, recordsJSON;
  std::string text;
  raw_string_ostream os(text);
  unsigned found = 0;
  for (uint64_t handle = 0; handle < reader.getNumHandles(); ++handle) {
    Expected<bool> used = reader.hasHandle(handle);
    if (!used) {
      reportError(sectionPath + ": " + toString(used.takeError()));
      return 1;
    }
    if (!*used)
      continue;
    Expected<SymbolizedHandle> sym = symbolizer.symbolize(handle, format);
    if (!sym) {
      reportError(sectionPath + ": " + toString(sym.takeError()));
      return 1;
    }
    for (const SymbolOrigin &origin : sym->origins) {
      std::optional<SourceMatch> match = matchOrigin(origin, file, line);
      if (!match)
        continue;
      ++found;
      os << formatv("  handle {0} ({1}", handle, sym->opName);
      if (sym->kernel)
        os << ", kernel " << *sym->kernel;
      os << ") " << (match->viaCall ? "calls at " : "at ")
         << positionText(*match->frame) << "\n    " << origin.modulePath
         << "\n";
      json::Object obj{{"handle", int64_t(handle)},
                       {"op", sym->opName},
                       {"position", positionText(*match->frame)},
                       {"via_call", match->viaCall},
                       {"module_hierarchy", origin.modulePath}};
      if (sym->kernel)
        obj["kernel"] = *sym->kernel;
      handlesJSON.push_back(std::move(obj));
      break; // One line per handle, at its first matching origin.
    }
  }
  for (uint32_t i = 0; i < reader.getNumOriginRecords(); ++i) {
    Expected<SectionOriginRecord> record = reader.getOriginRecord(i);
    if (!record) {
      reportError(sectionPath + ": " + toString(record.takeError()));
      return 1;
    }
    Expected<SymbolizedHandle> sym =
        symbolizer.symbolizeLocation(record->origin, record->opName, format);
    if (!sym) {
      reportError(sectionPath + ": " + toString(sym.takeError()));
      return 1;
    }
    for (const SymbolOrigin &origin : sym->origins) {
      std::optional<SourceMatch> match = matchOrigin(origin, file, line);
      if (!match)
        continue;
      ++found;
      bool merged = record->kind == section::OriginRecordKind::Merged;
      os << formatv("  {0} at {1} ", record->opName,
                    positionText(*match->frame));
      json::Object obj{{"kind", merged ? "merged" : "eliminated"},
                       {"op", record->opName},
                       {"pass", record->pass},
                       {"position", positionText(*match->frame)},
                       {"via_call", match->viaCall}};
      if (merged) {
        os << "was merged";
        if (record->holder) {
          os << " into handle " << *record->holder;
          obj["into_handle"] = int64_t(*record->holder);
        } else if (Expected<SymbolizedHandle> into =
                       symbolizer.symbolizeLocation(*record->into, "",
                                                    format)) {
          // The holder left the IR later (see the records of its own
          // origins): name it by its first origin's position.
          if (!into->origins.empty() && !into->origins[0].frames.empty()) {
            std::string where = positionText(into->origins[0].frames.back());
            os << " into the op at " << where;
            obj["into_position"] = where;
          }
        } else {
          reportError(sectionPath + ": " + toString(into.takeError()));
          return 1;
        }
        os << " by " << record->pass << " (over its max-origins bound)\n";
      } else {
        os << "was eliminated by " << record->pass << "\n";
      }
      recordsJSON.push_back(std::move(obj));
      break;
    }
  }

  std::error_code ec;
  ToolOutputFile out(outputPath, ec, sys::fs::OF_Text);
  if (ec) {
    reportError("cannot write '" + outputPath + "': " + ec.message());
    return 1;
  }
  if (outputFormat == OutputFormat::JSON) {
    json::Object result{{"source", sourceQuery},
                        {"handles", std::move(handlesJSON)},
                        {"removed", std::move(recordsJSON)}};
    out.os() << formatv("{0:2}", json::Value(std::move(result))) << "\n";
  } else if (found) {
    out.os() << sourceQuery << ":\n" << text;
  }
  out.keep();
  if (!found) {
    reportError("nothing in " + sectionPath + " comes from " +
                printable(sourceQuery) +
                " (no handle's origin and no origin record is on that line)");
    return 1;
  }
  return 0;
}

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
      "  tg-symbolicate model.tgdbg 12 --output-style=llvm "
      "--functions=linkage\n"
      "  tg-symbolicate model.tgdbg --format=json 12\n"
      "  tg-symbolicate model.tgdbg --chrome-trace trace.json -o out.json\n"
      "  tg-symbolicate model.tgdbg --source resnet.py:100\n");

  if (functionNames.getNumOccurrences() && outputStyle != OutputStyle::LLVM) {
    reportError("--functions applies to --output-style=llvm only");
    return 1;
  }
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
      outs() << formatv("{0}: verified (format {1}.{2}, {3} bytes{4}, {5} "
                        "handles)\n",
                        sectionPath, (*reader)->getVersionMajor(),
                        (*reader)->getVersionMinor(), (*reader)->getFileSize(),
                        (*reader)->isCompressed() ? " decompressed" : "",
                        (*reader)->getNumHandles());
      return 0;
    }
  }
  Symbolizer symbolizer(**reader);
  SourceCache sourceCache(sourceRoot);
  SourceCache *source = noSource ? nullptr : &sourceCache;

  if (!chromeTrace.empty())
    return annotateTrace(symbolizer, format, source);
  if (!sourceQuery.empty())
    return runSourceQuery(**reader, symbolizer, format);

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
