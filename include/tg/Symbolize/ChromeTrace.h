//===- ChromeTrace.h - Annotate Chrome/Perfetto traces ----------*- C++ -*-===//
//
// Profilers report ops by debug handle; this adds what the handle stands for
// to every event of a Chrome/Perfetto trace (the Trace Event Format) that
// carries one: its module path and stack, and for a fused kernel every
// origin. Used by `tg-symbolicate --chrome-trace` and Python's
// `tracegraph.annotate_chrome_trace`.
//
//===----------------------------------------------------------------------===//

#ifndef TG_SYMBOLIZE_CHROMETRACE_H
#define TG_SYMBOLIZE_CHROMETRACE_H

#include "tg/Symbolize/Symbolizer.h"

#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"

#include <string>

namespace tg {

struct ChromeTraceOptions {
  /// The key in an event's `args` holding its debug handle (an integer or a
  /// string of one; negative: no handle, as profilers write -1).
  std::string handleKey = "debug_handle";
  ModulePathFormat format = ModulePathFormat::Mobile;
  /// Source lines the section does not embed, for `origins` (may be null).
  SourceCache *source = nullptr;
};

/// The events of a trace: `trace` itself when it is an array, else its
/// `traceEvents` array; null when it has neither.
llvm::json::Array *getTraceEvents(llvm::json::Value &trace);

/// Annotates `trace` (an array of events, or an object with `traceEvents`)
/// in place: `args.module_hierarchy` and `args.stack` (first origin), and
/// for a fused kernel `args.kernel` and `args.origins` (SymbolizeJSON.h's
/// schema). Every bad event is an error naming its index
/// (`trace event 4: ...`); all of them are returned joined, after every
/// event was tried, so a caller can report each.
llvm::Error annotateChromeTrace(llvm::json::Value &trace,
                                const Symbolizer &symbolizer,
                                const ChromeTraceOptions &options = {});

} // namespace tg

#endif // TG_SYMBOLIZE_CHROMETRACE_H
