//===- SymbolizeJSON.cpp - Symbolized handles as JSON ---------------------===//

#include "tg/Symbolize/SymbolizeJSON.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FormatVariadic.h"

#include <cstdio>
#include <cstdlib>

using namespace llvm;

namespace tg {

json::Object toJSON(const SymbolFrame &frame, SourceCache *source) {
  json::Value call = nullptr;
  if (frame.callee)
    call = json::Object{{"instance", frame.callee->instance},
                        {"class", frame.callee->className},
                        {"method", frame.callee->method}};
  json::Value sourceLine = nullptr;
  if (frame.sourceLine)
    sourceLine = *frame.sourceLine;
  else if (source)
    if (std::optional<std::string> text =
            source->getLine(frame.file, frame.line))
      sourceLine = std::move(*text);
  return json::Object{
      {"file", frame.file},
      {"line", frame.line},
      {"column", frame.column},
      {"end_line", frame.endLine},
      {"end_column", frame.endColumn},
      {"function", frame.function ? json::Value(*frame.function) : nullptr},
      {"is_call", frame.isCall},
      {"call", std::move(call)},
      {"source_line", std::move(sourceLine)}};
}

json::Object toJSON(const SymbolOrigin &origin, SourceCache *source) {
  json::Array frames;
  for (const SymbolFrame &frame : origin.frames)
    frames.push_back(toJSON(frame, source));
  return json::Object{{"module_path", origin.modulePath},
                      {"frames", std::move(frames)}};
}

json::Object toJSON(const SymbolizedHandle &sym, SourceCache *source) {
  json::Array origins;
  for (const SymbolOrigin &origin : sym.origins)
    origins.push_back(toJSON(origin, source));
  return json::Object{
      {"handle", int64_t(sym.handle)},
      {"op", sym.opName},
      {"top_class", sym.topClass},
      {"top_method", sym.topMethod},
      {"kernel", sym.kernel ? json::Value(*sym.kernel) : nullptr},
      {"origins", std::move(origins)}};
}

void writeJSON(json::OStream &os, const SymbolizedHandle &sym,
               SourceCache *source) {
  // Keys in sorted order, as json::OStream prints a json::Object, so the
  // text is toJSON's byte for byte (test/tg-symbolicate/styles.test).
  os.object([&] {
    os.attribute("handle", int64_t(sym.handle));
    os.attribute("kernel", sym.kernel ? json::Value(*sym.kernel) : nullptr);
    os.attribute("op", sym.opName);
    os.attributeArray("origins", [&] {
      for (const SymbolOrigin &origin : sym.origins)
        os.object([&] {
          os.attributeArray("frames", [&] {
            for (const SymbolFrame &frame : origin.frames)
              os.value(toJSON(frame, source));
          });
          os.attribute("module_path", origin.modulePath);
        });
    });
    os.attribute("top_class", sym.topClass);
    os.attribute("top_method", sym.topMethod);
  });
}

std::string getFrameText(const SymbolFrame &frame) {
  // As the text layout prints a frame without a position (a bare name).
  std::string text =
      formatv("File \"{0}\", line {1}",
              frame.hasPosition ? frame.file : StringRef("<unknown>"),
              frame.line)
          .str();
  if (frame.function && !frame.function->empty())
    text += formatv(", in {0}", *frame.function).str();
  return text;
}

/// The shortest text that reads back as `value`.
static std::string shortestDouble(double value) {
  char buf[32];
  for (int precision = 1; precision <= 17; ++precision) {
    snprintf(buf, sizeof(buf), "%.*g", precision, value);
    if (strtod(buf, nullptr) == value)
      break;
  }
  return buf;
}

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
      for (const auto *entry : entries) {
        os.attributeBegin(entry->first);
        writeJSON(os, entry->second);
        os.attributeEnd();
      }
    });
    return;
  }
  case json::Value::Array:
    os.array([&] {
      for (const json::Value &element : *value.getAsArray())
        writeJSON(os, element);
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

} // namespace tg
