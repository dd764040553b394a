//===- SymbolizerFuzzer.cpp - libFuzzer target: the symbolizers -----------===//
//
// Drives everything that turns handles into answers, with a section and a
// sequence of requests that both come from the input: Symbolizer (text,
// LLVM and JSON layouts, every module path form, a bound on origins),
// BriefSymbolizer (what Python's Section.lookup_many runs on: one memo per
// input, met in the input's order), the reverse query (SourceQuery) and the
// Chrome-trace annotation. Issue 30's lookup_many segfault needed handles in
// a particular order on a section with many stack nodes: the order of the
// requests is the fuzzer's to choose, not an ascending walk.
//
// Input: a little-endian u16 N, N bytes of requests, then the section. The
// section's checksums are recomputed (SealSection.h) so that mutations reach
// the symbolizers. Besides sanitizer reports, one answer is checked: a brief
// that succeeds must agree with Symbolizer's first origin of the same handle
// (what test/python/test_lookup_many.py checks on valid sections).
//
//===----------------------------------------------------------------------===//

#include "tg/Serialize/Reader.h"
#include "tg/Symbolize/BriefSymbolizer.h"
#include "tg/Symbolize/ChromeTrace.h"
#include "tg/Symbolize/SourceQuery.h"
#include "tg/Symbolize/SymbolizeJSON.h"
#include "tg/Symbolize/Symbolizer.h"

#include "SealSection.h"

#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <fuzzer/FuzzedDataProvider.h>

#include <cstring>
#include <memory>
#include <optional>
#include <string>
#include <vector>

using namespace llvm;
using namespace tg;
using namespace tg::section;

namespace {

/// Requests one input makes at most: each is O(1) to O(stack depth), so a
/// run stays in the milliseconds; but a source query symbolizes every
/// handle of the section, so one input makes one.
constexpr unsigned kMaxRequests = 256;
constexpr unsigned kMaxSourceQueries = 1;

enum class Request {
  Brief,
  Symbolize,
  CompareBriefAndSymbolize,
  SourceQuery,
  ChromeTrace,
  SymbolizeLocation,
  kMaxValue = SymbolizeLocation
};

template <typename T> void consume(Expected<T> value) {
  if (!value)
    consumeError(value.takeError());
}

class Driver {
public:
  Driver(const DebugSectionReader &reader, FuzzedDataProvider &requests)
      : reader(reader), symbolizer(reader), requests(requests) {}

  void run() {
    for (unsigned i = 0; i < kMaxRequests && requests.remaining_bytes(); ++i) {
      auto format = ModulePathFormat(requests.ConsumeIntegralInRange(0, 2));
      switch (requests.ConsumeEnum<Request>()) {
      case Request::Brief:
        consume(getBrief(format).brief(pickHandle()));
        break;
      case Request::Symbolize:
        symbolize(pickHandle(), format);
        break;
      case Request::CompareBriefAndSymbolize:
        compare(pickHandle(), format);
        break;
      case Request::SourceQuery:
        if (sourceQueries++ < kMaxSourceQueries)
          sourceQuery(format);
        break;
      case Request::ChromeTrace:
        chromeTrace(format);
        break;
      case Request::SymbolizeLocation:
        consume(symbolizer.symbolizeLocation(
            requests.ConsumeIntegral<uint32_t>(), "op", format));
        break;
      }
    }
  }

private:
  /// Mostly a handle the section has (or one past them), sometimes any.
  uint64_t pickHandle() {
    uint64_t count = reader.getNumHandles();
    if (requests.ConsumeIntegralInRange(0, 7) == 0)
      return requests.ConsumeIntegral<uint64_t>();
    return requests.ConsumeIntegralInRange<uint64_t>(0, count);
  }

  BriefSymbolizer &getBrief(ModulePathFormat format) {
    std::unique_ptr<BriefSymbolizer> &brief = briefs[unsigned(format)];
    if (!brief)
      brief = std::make_unique<BriefSymbolizer>(reader, format);
    return *brief;
  }

  void symbolize(uint64_t handle, ModulePathFormat format) {
    size_t maxOrigins = requests.ConsumeBool()
                            ? SIZE_MAX
                            : requests.ConsumeIntegralInRange<size_t>(1, 4);
    Expected<SymbolizedHandle> sym =
        symbolizer.symbolize(handle, format, maxOrigins);
    if (!sym) {
      consumeError(sym.takeError());
      return;
    }
    std::string text;
    raw_string_ostream os(text);
    bool first = true;
    printSymbolizedHandle(os, *sym, /*source=*/nullptr,
                          /*liteInterpreter=*/handle % 2, first);
    for (const SymbolOrigin &origin : sym->origins)
      printLLVMFrames(os, origin,
                      handle % 3 ? LLVMFunctionNames::Short
                                 : LLVMFunctionNames::Linkage,
                      &*sym);
    json::OStream json(os);
    writeJSON(json, *sym, /*source=*/nullptr);
  }

  /// A brief is Symbolizer's first origin, briefly: opName, kernel, module
  /// path and the first origin's own frame.
  void compare(uint64_t handle, ModulePathFormat format) {
    BriefSymbolizer &briefs = getBrief(format);
    Expected<HandleBrief> brief = briefs.brief(handle);
    Expected<SymbolizedHandle> sym =
        symbolizer.symbolize(handle, format, /*maxOrigins=*/1);
    if (!brief || !sym) {
      if (!brief)
        consumeError(brief.takeError());
      if (!sym)
        consumeError(sym.takeError());
      return;
    }
    const SymbolOrigin *origin =
        sym->origins.empty() ? nullptr : &sym->origins.front();
    const SymbolFrame *frame =
        origin && !origin->frames.empty() ? &origin->frames.back() : nullptr;
    bool same = brief->opName == sym->opName && brief->kernel == sym->kernel &&
                (brief->modulePath == HandleBrief::kNoModulePath) == !origin &&
                (!origin || briefs.getModulePath(brief->modulePath) ==
                                origin->modulePath) &&
                brief->hasFrame == bool(frame);
    if (same && frame)
      same = brief->file == frame->file && brief->line == frame->line &&
             brief->function == frame->function;
    if (!same) {
      errs() << "handle " << handle << ": BriefSymbolizer and Symbolizer "
             << "disagree\n";
      abort();
    }
  }

  /// A file and line the section knows (from a position) or any.
  void sourceQuery(ModulePathFormat format) {
    std::string file = "m.py";
    uint32_t line = requests.ConsumeIntegralInRange<uint32_t>(1, 1000);
    if (reader.getNumPositions() && requests.ConsumeBool()) {
      Expected<SectionPosition> pos =
          reader.getPosition(requests.ConsumeIntegralInRange<uint32_t>(
              0, reader.getNumPositions() - 1));
      if (pos) {
        file = pos->file.str();
        line = pos->startLine ? pos->startLine : 1;
      } else {
        consumeError(pos.takeError());
      }
    }
    consume(querySource(reader, symbolizer, file, line, format));
  }

  /// A trace of events whose handles are integers, strings of them,
  /// negative (no handle) or of the wrong type.
  void chromeTrace(ModulePathFormat format) {
    json::Array events;
    unsigned count = requests.ConsumeIntegralInRange(0, 16);
    for (unsigned i = 0; i < count; ++i) {
      json::Value handle = nullptr;
      switch (requests.ConsumeIntegralInRange(0, 3)) {
      case 0:
        handle = int64_t(pickHandle() & INT64_MAX);
        break;
      case 1:
        handle = std::to_string(pickHandle());
        break;
      case 2:
        handle = -1;
        break;
      default:
        handle = json::Array{1, 2};
        break;
      }
      events.push_back(json::Object{
          {"name", "k"}, {"ph", "X"}, {"args", json::Object{{"h", handle}}}});
    }
    json::Value trace =
        requests.ConsumeBool()
            ? json::Value(std::move(events))
            : json::Value(json::Object{{"traceEvents", std::move(events)}});
    ChromeTraceOptions options;
    options.handleKey = "h";
    options.format = format;
    if (Error err = annotateChromeTrace(trace, symbolizer, options))
      consumeError(std::move(err));
  }

  const DebugSectionReader &reader;
  Symbolizer symbolizer;
  FuzzedDataProvider &requests;
  std::unique_ptr<BriefSymbolizer> briefs[3];
  unsigned sourceQueries = 0;
};

} // namespace

// As tg-section-fuzzer: Debian's uninstrumented LLVM inlines poisoning.
extern "C" const char *__asan_default_options() {
  return "allow_user_poisoning=0";
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size < 2)
    return 0;
  size_t split = std::min<size_t>(size - 2, data[0] | (data[1] << 8));
  const uint8_t *sectionBytes = data + 2 + split;
  size_t sectionSize = size - 2 - split;
  if (sectionSize < kHeaderSize ||
      std::memcmp(sectionBytes, kMagic, sizeof(kMagic)) != 0)
    return 0;
  // An exact-size heap copy, so ASan still catches reads past the end.
  std::vector<uint8_t> section(sectionBytes, sectionBytes + sectionSize);
  tg::fuzz::fixChecksums(section);
  Expected<std::unique_ptr<DebugSectionReader>> reader =
      DebugSectionReader::fromBuffer(MemoryBuffer::getMemBuffer(
          StringRef(reinterpret_cast<const char *>(section.data()),
                    section.size()),
          "fuzz-input", /*RequiresNullTerminator=*/false));
  if (!reader) {
    consumeError(reader.takeError());
    return 0;
  }
  FuzzedDataProvider requests(data + 2, split);
  Driver(**reader, requests).run();
  return 0;
}
