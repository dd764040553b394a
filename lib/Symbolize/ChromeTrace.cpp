//===- ChromeTrace.cpp - Annotate Chrome/Perfetto traces ------------------===//

#include "tg/Symbolize/ChromeTrace.h"
#include "tg/Serialize/Encoding.h"
#include "tg/Symbolize/SymbolizeJSON.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FormatVariadic.h"

using namespace llvm;
using tg::encoding::makeError;

namespace tg {

/// The handle an event's args hold: an integer, or a string of one (decimal
/// or 0x-hex), as profilers write either.
static std::optional<int64_t> getHandle(const json::Value &value) {
  if (std::optional<int64_t> handle = value.getAsInteger())
    return handle;
  if (std::optional<StringRef> text = value.getAsString()) {
    uint64_t parsed;
    if (!text->getAsInteger(0, parsed) && parsed <= uint64_t(INT64_MAX))
      return int64_t(parsed);
  }
  return std::nullopt;
}

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
