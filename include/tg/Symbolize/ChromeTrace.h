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
#include "llvm/Support/MemoryBuffer.h"

#include "llvm/ADT/StringMap.h"

#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace tg {

struct ChromeTraceOptions {
  /// The key in an event's `args` holding its debug handle (an integer or a
  /// string of one; negative: no handle, as profilers write -1).
  std::string handleKey = "debug_handle";
  ModulePathFormat format = ModulePathFormat::Mobile;
  /// Source lines the section does not embed, for `origins` (may be null).
  SourceCache *source = nullptr;
  /// When set: an event without a handle whose `name` is a fused kernel's
  /// name (a GPU kernel as CUPTI and Kineto name it) gets that kernel's
  /// handle under `handleKey` first, so kernel launches are annotated by
  /// name (tg-symbolicate --kernel-names; see getKernelHandles).
  const llvm::StringMap<uint64_t> *kernelHandles = nullptr;
};

/// The handle of every fused kernel of the section, by kernel name (the op
/// `tg.kernel` whose location names the kernel; the smallest handle if
/// several do). Reads every handle once.
llvm::Expected<llvm::StringMap<uint64_t>>
getKernelHandles(const DebugSectionReader &reader,
                 const Symbolizer &symbolizer);

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

/// Annotates the trace in the file `path` ("-": stdin) as
/// annotateChromeTrace does, streaming: the input is read in chunks, one
/// event is parsed, annotated and written at a time, so memory stays flat in
/// the number of events (stdin is read whole first: it cannot be read
/// twice; the other top-level members of the trace are held, not the
/// events). The output is byte-identical to `writeJSON` of the annotated
/// trace (keys sorted, `IndentSize` 2).
///
/// Two passes: `check` reads the whole input and reports what would stop
/// the annotation before anything is written; `write` then writes it.
class ChromeTraceFile {
public:
  enum class Failure { None, Read, JSON, Shape, Events };

  ChromeTraceFile(std::string path, ChromeTraceOptions options)
      : path(std::move(path)), options(std::move(options)) {}

  /// The first pass. On failure, `getFailure()` says which kind and
  /// `getMessages()` what: the reason it cannot be read, llvm::json's parse
  /// error (`[line:col, byte=N]: ...`, positions in the whole file), or one
  /// message per bad event (`trace event 4: ...`, every one).
  bool check(const DebugSectionReader &reader);
  /// The second pass, after a successful check. An error (an event the
  /// symbolizer cannot expand) stops the writing.
  llvm::Error write(llvm::raw_ostream &os, const Symbolizer &symbolizer);

  Failure getFailure() const { return failure; }
  llvm::ArrayRef<std::string> getMessages() const { return messages; }

  ~ChromeTraceFile();

private:
  struct Scan;
  /// One pass over the trace (checking when `scan.reader` is set, writing
  /// when `scan.out` is), in named steps; each returns false on failure.
  bool scan(Scan &scan);
  bool openInput(Scan &scan);
  /// Records a JSON error (or the read error behind it); returns false.
  bool fail(Scan &scan, std::string message);
  /// One value: parsed, or an error in the input's positions.
  bool parseValue(Scan &scan, std::optional<llvm::json::Value> &value);
  /// The events array, the current character being its '['.
  bool scanEvents(Scan &scan);
  /// Checks or annotates event `index` (its args' handle).
  void handleEvent(Scan &scan, llvm::json::Value &event, size_t index);
  /// The top-level object, the current character being its '{'.
  bool scanObject(Scan &scan);
  /// Writes the members sorted before (or after) traceEvents.
  void writeMembers(Scan &scan, bool beforeEvents);

  std::string path;
  ChromeTraceOptions options;
  Failure failure = Failure::None;
  std::vector<std::string> messages;
  /// The bytes of stdin, or of another input that is no regular file (a
  /// FIFO, /dev/stdin): read once, scanned twice.
  std::unique_ptr<llvm::MemoryBuffer> stdinBuffer;
  /// The top-level members other than traceEvents (key, value's text), when
  /// the trace is an object; whether it is one.
  std::vector<std::pair<std::string, std::string>> members;
  bool isObject = false;
};

} // namespace tg

#endif // TG_SYMBOLIZE_CHROMETRACE_H
