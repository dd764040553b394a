//===- ChromeTrace.cpp - Annotate Chrome/Perfetto traces ------------------===//

#include "tg/Symbolize/ChromeTrace.h"
#include "tg/Serialize/Encoding.h"
#include "tg/Support/InputFile.h"
#include "tg/Support/JSON.h"
#include "tg/Symbolize/SymbolizeJSON.h"
#include "tg/Symbolize/Symbolizer.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"

#include <cmath>
#include <cstdio>
#include <map>
#include <optional>

using namespace llvm;
using tg::encoding::makeError;

namespace tg {

/// The handle an event's args hold: an integer, or a string of one (decimal
/// or 0x-hex), as profilers write either.
static std::optional<int64_t> getHandle(const json::Value &value) {
  // A number with a minus sign is no handle, as -1 is not, even where it
  // reads as zero: `-0.0`, and `-1e-400`, which a double holds as -0.0.
  if (std::optional<double> number = value.getAsNumber())
    if (std::signbit(*number))
      return -1;
  if (std::optional<int64_t> handle = value.getAsInteger())
    return handle;
  if (std::optional<StringRef> text = value.getAsString()) {
    std::optional<uint64_t> parsed = parseHandleText(*text);
    if (parsed && *parsed <= uint64_t(INT64_MAX))
      return int64_t(*parsed);
  }
  return std::nullopt;
}

/// Whether `value` holds a number that JSON cannot hold: json::parse reads
/// `1e999` as infinity, which json::OStream would write back as `inf`, and
/// the annotated trace would be no JSON at all.
static bool hasNonFiniteNumber(const json::Value &value) {
  if (const json::Object *obj = value.getAsObject())
    return llvm::any_of(*obj, [](const auto &member) {
      return hasNonFiniteNumber(member.second);
    });
  if (const json::Array *array = value.getAsArray())
    return llvm::any_of(*array, hasNonFiniteNumber);
  std::optional<double> number = value.getAsNumber();
  return number && !std::isfinite(*number);
}

static constexpr const char *kNonFiniteMessage =
    "a number past a double's range (written back it would be 'inf', which "
    "is not JSON)";

/// Annotates one event's args; an error says why it could not.
static Error annotateEvent(json::Object &args, const json::Value &value,
                           const Symbolizer &symbolizer,
                           const ChromeTraceOptions &options) {
  std::optional<int64_t> handle = getHandle(value);
  if (!handle)
    return makeError("args.{0} is not an integer debug handle",
                     options.handleKey);
  if (*handle < 0)
    return Error::success();
  Expected<SymbolizedHandle> sym =
      symbolizer.symbolize(uint64_t(*handle), options.format);
  if (!sym)
    return sym.takeError();
  if (!sym->origins.empty()) {
    const SymbolOrigin &origin = sym->origins.front();
    args["module_hierarchy"] = origin.modulePath;
    json::Array stack;
    for (const SymbolFrame &frame : origin.frames)
      stack.push_back(getFrameText(frame));
    args["stack"] = std::move(stack);
  }
  if (sym->kernel) {
    args["kernel"] = *sym->kernel;
    json::Array origins;
    for (const SymbolOrigin &origin : sym->origins)
      origins.push_back(toJSON(origin, options.source));
    args["origins"] = std::move(origins);
  }
  return Error::success();
}

/// With `options.kernelHandles`: gives an event named after a kernel, that
/// has no handle, the kernel's handle.
static void addKernelHandle(json::Value &event,
                            const ChromeTraceOptions &options) {
  json::Object *obj = event.getAsObject();
  if (!options.kernelHandles || !obj)
    return;
  std::optional<StringRef> name = obj->getString("name");
  if (!name)
    return;
  auto found = options.kernelHandles->find(*name);
  if (found == options.kernelHandles->end())
    return;
  json::Object *args = obj->getObject("args");
  // `args` that is no object (null aside: none) is not a Chrome trace's; it
  // is kept as it is (it was replaced by the handle), and the event goes
  // unannotated, as every other event with such `args`.
  json::Value *given = obj->get("args");
  if (!args && given && given->kind() != json::Value::Null)
    return;
  if (!args) {
    (*obj)["args"] = json::Object();
    args = obj->getObject("args");
  }
  if (!args->get(options.handleKey))
    (*args)[options.handleKey] = int64_t(found->second);
}

Expected<StringMap<uint64_t>> getKernelHandles(const DebugSectionReader &reader,
                                               const Symbolizer &symbolizer) {
  StringMap<uint64_t> handles;
  for (uint64_t handle = 0; handle < reader.getNumHandles(); ++handle) {
    Expected<bool> used = reader.hasHandle(handle);
    if (!used)
      return used.takeError();
    if (!*used)
      continue;
    Expected<SectionHandle> entry = reader.lookupHandle(handle);
    if (!entry)
      return entry.takeError();
    if (entry->opName != StringRef("tg.kernel"))
      continue;
    Expected<SymbolizedHandle> sym =
        symbolizer.symbolize(handle, ModulePathFormat::Mobile, 1);
    if (!sym)
      return sym.takeError();
    if (sym->kernel)
      handles.try_emplace(*sym->kernel, handle);
  }
  return handles;
}

json::Array *getTraceEvents(json::Value &trace) {
  if (json::Array *events = trace.getAsArray())
    return events;
  if (json::Object *obj = trace.getAsObject())
    return obj->getArray("traceEvents");
  return nullptr;
}

Error annotateChromeTrace(json::Value &trace, const Symbolizer &symbolizer,
                          const ChromeTraceOptions &options) {
  json::Array *events = getTraceEvents(trace);
  if (!events)
    return makeError("the trace is neither a JSON array of events nor an "
                     "object with a 'traceEvents' array");
  Error errors = Error::success();
  for (auto [i, event] : llvm::enumerate(*events)) {
    if (hasNonFiniteNumber(event)) {
      errors = joinErrors(std::move(errors), makeError("trace event {0}: {1}",
                                                       i, kNonFiniteMessage));
      continue;
    }
    addKernelHandle(event, options);
    json::Object *obj = event.getAsObject();
    json::Object *args = obj ? obj->getObject("args") : nullptr;
    if (!args)
      continue;
    json::Value *value = args->get(options.handleKey);
    if (!value)
      continue;
    if (Error err = annotateEvent(*args, *value, symbolizer, options))
      errors =
          joinErrors(std::move(errors), makeError("trace event {0}: {1}", i,
                                                  toString(std::move(err))));
  }
  return errors;
}

} // namespace tg

//===----------------------------------------------------------------------===//
// Streaming (tg-symbolicate --chrome-trace)
//===----------------------------------------------------------------------===//

namespace tg {

namespace {
constexpr size_t kChunkSize = 1 << 16;
} // namespace

/// One pass over the input: a character source with llvm::json's positions
/// (line from 1, column = bytes since the line's start, byte offset), and
/// what the pass does with each event and member.
struct ChromeTraceFile::Scan {
  // The input: a file read in chunks, or stdin's bytes.
  std::optional<sys::fs::file_t> file;
  std::vector<char> chunk;
  const char *data = nullptr;
  size_t pos = 0, len = 0;
  bool atEnd = false;
  std::error_code readError;
  uint64_t offset = 0, lineStart = 0;
  unsigned line = 1;

  // The pass: the reader (check) or the symbolizer and output (write).
  const DebugSectionReader *reader = nullptr;
  const Symbolizer *symbolizer = nullptr;
  json::OStream *out = nullptr;
  Error writeErrors = Error::success();
  size_t numEvents = 0;

  ~Scan() {
    if (file)
      sys::fs::closeFile(*file);
    consumeError(std::move(writeErrors));
  }

  bool fill() {
    if (!file || atEnd)
      return false;
    Expected<size_t> n = sys::fs::readNativeFile(
        *file, MutableArrayRef<char>(chunk.data(), chunk.size()));
    if (!n) {
      readError = errorToErrorCode(n.takeError());
      atEnd = true;
      return false;
    }
    if (*n == 0) {
      atEnd = true;
      return false;
    }
    data = chunk.data();
    pos = 0;
    len = *n;
    return true;
  }
  int peek() {
    if (pos == len && !fill())
      return -1;
    return static_cast<unsigned char>(data[pos]);
  }
  int get() {
    int c = peek();
    if (c < 0)
      return c;
    ++pos;
    ++offset;
    if (c == '\n') {
      ++line;
      lineStart = offset;
    }
    return c;
  }
  void skipSpace() {
    for (int c = peek(); c == ' ' || c == '\t' || c == '\r' || c == '\n';
         c = peek())
      get();
  }

  struct Mark {
    uint64_t offset, lineStart;
    unsigned line;
  };
  Mark mark() const { return {offset, lineStart, line}; }

  /// llvm::json's message for an error at the current position.
  std::string errorHere(StringRef msg) const {
    return formatv("[{0}:{1}, byte={2}]: {3}", line, offset - lineStart, offset,
                   msg)
        .str();
  }
  /// json::parse's error on a value that starts at `start`, in positions of
  /// the whole input.
  static std::string errorIn(Error err, const Mark &start) {
    std::string text = toString(std::move(err));
    unsigned l = 0, c = 0, b = 0;
    int used = 0;
    if (sscanf(text.c_str(), "[%u:%u, byte=%u]: %n", &l, &c, &b, &used) != 3 ||
        used == 0)
      return text;
    uint64_t col = l == 1 ? start.offset - start.lineStart + c : c;
    return formatv("[{0}:{1}, byte={2}]: {3}", start.line + l - 1, col,
                   start.offset + b, StringRef(text).drop_front(used))
        .str();
  }

  /// The rest of a string whose opening quote was read, closing quote
  /// included (as far as the input has it).
  void captureStringBody(std::string &out) {
    for (int c = get(); c >= 0; c = get()) {
      out.push_back(char(c));
      if (c == '"')
        return;
      if (c == '\\') {
        int escaped = get();
        if (escaped < 0)
          return;
        out.push_back(char(escaped));
      }
    }
  }

  /// The text of one JSON value, as far as the input has it: a string, an
  /// array or object to its matching bracket, or a scalar to the next
  /// delimiter. json::parse then validates it (and words any error).
  void capture(std::string &out) {
    int c = peek();
    if (c == '{' || c == '[' || c == '"') {
      unsigned depth = 0;
      bool inString = false;
      while ((c = get()) >= 0) {
        out.push_back(char(c));
        if (inString) {
          if (c == '\\') {
            int escaped = get();
            if (escaped < 0)
              return;
            out.push_back(char(escaped));
          } else if (c == '"') {
            inString = false;
            if (depth == 0)
              return;
          }
        } else if (c == '"') {
          inString = true;
        } else if (c == '{' || c == '[') {
          ++depth;
        } else if ((c == '}' || c == ']') && --depth == 0) {
          return;
        }
      }
      return;
    }
    // A scalar (or garbage): at least one character, so that a stray
    // delimiter gets json::parse's own message.
    if (c >= 0)
      out.push_back(char(get()));
    for (c = peek(); c >= 0 && !StringRef(",]} \t\r\n").contains(char(c));
         c = peek())
      out.push_back(char(get()));
  }
};

ChromeTraceFile::~ChromeTraceFile() = default;

bool ChromeTraceFile::openInput(Scan &s) {
  s.chunk.resize(kChunkSize);
  // The trace is read twice (checked, then written): standard input, a FIFO
  // or /dev/stdin on a pipe can be read once, so it is kept in memory (the
  // second read of /dev/stdin was empty: "Unexpected EOF").
  if (path == "-" || !sys::fs::is_regular_file(path)) {
    if (!stdinBuffer) {
      // Read in pieces, stopping at a NUL byte, which JSON cannot hold:
      // /dev/zero was read until memory ran out.
      Expected<std::unique_ptr<MemoryBuffer>> buffer =
          tg::readInputFile(path, tg::InputContent::Text);
      if (!buffer) {
        failure = Failure::Read;
        messages.push_back(toString(buffer.takeError()));
        return false;
      }
      stdinBuffer = std::move(*buffer);
    }
    s.data = stdinBuffer->getBufferStart();
    s.len = stdinBuffer->getBufferSize();
    return true;
  }
  Expected<sys::fs::file_t> file = sys::fs::openNativeFileForRead(path);
  if (!file) {
    failure = Failure::Read;
    messages.push_back(errorToErrorCode(file.takeError()).message());
    return false;
  }
  s.file = *file;
  return true;
}

bool ChromeTraceFile::fail(Scan &s, std::string message) {
  failure = s.readError ? Failure::Read : Failure::JSON;
  messages.assign(1, s.readError ? s.readError.message() : message);
  return false;
}

bool ChromeTraceFile::parseValue(Scan &s, std::optional<json::Value> &value) {
  Scan::Mark start = s.mark();
  std::string text;
  s.capture(text);
  Expected<json::Value> parsed = parseJSON(text);
  if (!parsed)
    return fail(s, Scan::errorIn(parsed.takeError(), start));
  value.emplace(std::move(*parsed));
  return true;
}

void ChromeTraceFile::handleEvent(Scan &s, json::Value &event, size_t index) {
  addKernelHandle(event, options);
  json::Object *obj = event.getAsObject();
  json::Object *args = obj ? obj->getObject("args") : nullptr;
  json::Value *value = args ? args->get(options.handleKey) : nullptr;
  bool nonFinite = hasNonFiniteNumber(event);
  if (!value && !nonFinite)
    return;
  Error err = Error::success();
  if (nonFinite) {
    err = makeError(kNonFiniteMessage);
  } else if (s.reader) {
    std::optional<int64_t> handle = getHandle(*value);
    if (!handle)
      err = makeError("args.{0} is not an integer debug handle",
                      options.handleKey);
    else if (*handle >= 0)
      err = s.reader->lookupHandle(uint64_t(*handle)).takeError();
  } else {
    err = annotateEvent(*args, *value, *s.symbolizer, options);
  }
  if (!err)
    return;
  std::string message =
      formatv("trace event {0}: {1}", index, toString(std::move(err)));
  if (s.reader)
    messages.push_back(std::move(message));
  else
    s.writeErrors =
        joinErrors(std::move(s.writeErrors), makeError("{0}", message));
}

bool ChromeTraceFile::scanEvents(Scan &s) {
  s.get();
  s.skipSpace();
  if (s.peek() == ']') {
    s.get();
    return true;
  }
  for (;;) {
    s.skipSpace();
    if (s.peek() < 0)
      return fail(s, s.errorHere("Unexpected EOF"));
    std::optional<json::Value> event;
    if (!parseValue(s, event))
      return false;
    handleEvent(s, *event, s.numEvents++);
    if (s.out)
      writeJSON(*s.out, *event);
    s.skipSpace();
    int c = s.get();
    if (c == ']')
      return true;
    if (c != ',')
      return fail(s, s.errorHere("Expected , or ] after array element"));
  }
}

void ChromeTraceFile::writeMembers(Scan &s, bool beforeEvents) {
  for (const auto &[key, text] : members) {
    if ((key < "traceEvents") != beforeEvents)
      continue;
    Expected<json::Value> value = parseJSON(text);
    s.out->attributeBegin(key);
    writeJSON(*s.out, value ? *value : json::Value(nullptr));
    consumeError(value.takeError());
    s.out->attributeEnd();
  }
}

bool ChromeTraceFile::scanObject(Scan &s) {
  bool checking = s.reader != nullptr;
  bool sawEvents = false, sawOtherEvents = false;
  std::map<std::string, std::string> found;
  // The members sorted before traceEvents, then the events, then the rest
  // (as json::OStream prints an object: keys sorted).
  if (s.out) {
    s.out->objectBegin();
    writeMembers(s, /*beforeEvents=*/true);
  }
  s.get();
  s.skipSpace();
  if (s.peek() == '}') {
    s.get();
  } else {
    for (;;) {
      s.skipSpace();
      Scan::Mark start = s.mark();
      if (s.get() != '"')
        return fail(s, s.errorHere("Expected object key"));
      std::string keyText = "\"";
      s.captureStringBody(keyText);
      Expected<json::Value> key = parseJSON(keyText);
      if (!key)
        return fail(s, Scan::errorIn(key.takeError(), start));
      std::string name = key->getAsString()->str();
      s.skipSpace();
      if (s.get() != ':')
        return fail(s, s.errorHere("Expected : after object key"));
      s.skipSpace();
      if (name == "traceEvents" && (sawEvents || sawOtherEvents))
        return fail(s, s.errorHere("Duplicate key 'traceEvents'"));
      if (name == "traceEvents" && s.peek() != '[') {
        sawOtherEvents = true;
        std::string text;
        s.capture(text);
      } else if (name == "traceEvents") {
        sawEvents = true;
        if (s.out) {
          s.out->attributeBegin("traceEvents");
          s.out->arrayBegin();
        }
        if (!scanEvents(s))
          return false;
        if (s.out) {
          s.out->arrayEnd();
          s.out->attributeEnd();
        }
      } else {
        Scan::Mark valueStart = s.mark();
        std::string text;
        s.capture(text);
        if (checking) {
          Expected<json::Value> value = parseJSON(text);
          if (!value)
            return fail(s, Scan::errorIn(value.takeError(), valueStart));
          found[name] = std::move(text); // a later duplicate wins
        }
      }
      s.skipSpace();
      int c = s.get();
      if (c == '}')
        break;
      if (c != ',')
        return fail(s, s.errorHere("Expected , or } after object property"));
    }
  }
  if (checking)
    members.assign(found.begin(), found.end());
  if (!sawEvents && checking) {
    failure = Failure::Shape;
    return false;
  }
  if (s.out) {
    writeMembers(s, /*beforeEvents=*/false);
    s.out->objectEnd();
  }
  return true;
}

bool ChromeTraceFile::scan(Scan &s) {
  if (!openInput(s))
    return false;
  s.skipSpace();
  int first = s.peek();
  if (first == '[') {
    isObject = false;
    if (s.out)
      s.out->arrayBegin();
    if (!scanEvents(s))
      return false;
    if (s.out)
      s.out->arrayEnd();
  } else if (first == '{') {
    isObject = true;
    if (!scanObject(s))
      return false;
  } else if (first < 0) {
    return fail(s, s.errorHere("Unexpected EOF"));
  } else {
    std::optional<json::Value> value;
    if (!parseValue(s, value))
      return false;
    failure = Failure::Shape;
    return false;
  }
  s.skipSpace();
  if (s.peek() >= 0)
    return fail(s, s.errorHere("Text after end of document"));
  if (s.readError)
    return fail(s, "");
  if (s.reader && !messages.empty()) {
    failure = Failure::Events;
    return false;
  }
  return true;
}

bool ChromeTraceFile::check(const DebugSectionReader &reader) {
  failure = Failure::None;
  messages.clear();
  members.clear();
  Scan s;
  s.reader = &reader;
  return scan(s);
}

Error ChromeTraceFile::write(raw_ostream &os, const Symbolizer &symbolizer) {
  Scan s;
  s.symbolizer = &symbolizer;
  json::OStream json(os, /*IndentSize=*/2);
  s.out = &json;
  if (!scan(s)) {
    // The input changed since check().
    std::string message =
        messages.empty() ? "the trace changed while read" : messages.front();
    return joinErrors(std::move(s.writeErrors), makeError("{0}", message));
  }
  Error errors = std::move(s.writeErrors);
  s.writeErrors = Error::success();
  return errors;
}

} // namespace tg
