//===- SectionBench.cpp - Open/lookup timings and the naive baseline ------===//
//
// tg-bench-section measures what a consumer of a debug section pays, on a
// section file written by the pipeline, and prints `key value` lines for
// bench/run_pipeline.py:
//
//   tg-bench-section stats S    open time (first open and median of repeats),
//                               random lookups per second (lookupHandle, one
//                               core), symbolizations per second, and the
//                               byte size of each table
//   tg-bench-section naive S    writes the naive baseline to stdout: for
//                               every handle, its full stack as text, the way
//                               torch.fx keeps `stack_trace` on each node
//                               (one `  File "f", line N, in fn` line per
//                               frame, outermost first, every origin of a
//                               fused op, a blank line after each op),
//                               each origin preceded by its module path
//                               (`Module hierarchy:top(C)::...`, as PyTorch
//                               prints a symbolicated error) so that the
//                               text carries the module instances the
//                               section stores; --module-paths=false leaves
//                               them out (pure stack_trace)
//
// The random handles come from a fixed seed, so runs are comparable.
//
//===----------------------------------------------------------------------===//

#include "tg/Serialize/Reader.h"
#include "tg/Serialize/Symbolizer.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <random>
#include <vector>

using namespace llvm;
using namespace tg;

static cl::opt<std::string> command(cl::Positional, cl::Required,
                                    cl::desc("<stats|naive>"));
static cl::opt<std::string> sectionPath(cl::Positional, cl::Required,
                                        cl::desc("<section>"));
static cl::opt<unsigned> repeats("repeats", cl::init(200),
                                 cl::desc("Opens to time for the median"));
static cl::opt<bool>
    modulePaths("module-paths", cl::init(true),
                cl::desc("naive: start each origin with its module path, so "
                         "the text holds what the section holds"));
static cl::opt<unsigned> lookups("lookups", cl::init(4000000),
                                 cl::desc("Random handles to look up"));

namespace {
using Clock = std::chrono::steady_clock;

double secondsSince(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

int fail(Error err) {
  WithColor::error(errs(), "tg-bench-section")
      << toString(std::move(err)) << "\n";
  return 1;
}

/// A prototype of the lookup fix proposed in docs/performance.md (section 7):
/// a lookup that decodes each column of its block only up to the entry, from
/// the column's byte offset, on blocks validated beforehand. The format does
/// not store column offsets yet, so this finds them once by scanning every
/// block (what a writer would record in a block header); the lookups it then
/// times are what the proposed format allows. Reads the current format's
/// header and section table directly (docs/debug-section-format.md).
class ColumnOffsetLookup {
public:
  bool init(StringRef data) {
    auto u32 = [&](uint64_t off) {
      return support::endian::read32le(data.data() + off);
    };
    auto u64 = [&](uint64_t off) {
      return support::endian::read64le(data.data() + off);
    };
    numHandles = u32(section::kOffHandleCount);
    perBlock = u32(section::kOffHandlesPerBlock);
    uint32_t count = u32(section::kOffSectionCount);
    uint64_t off = section::alignTo64(section::kHeaderSize +
                                      section::kSectionEntrySize * count);
    uint64_t indexOff = 0, blocksOff = 0;
    for (uint32_t i = 0; i < count; ++i) {
      uint64_t entry = section::kHeaderSize + section::kSectionEntrySize * i;
      uint32_t kind = u32(entry);
      if (kind == uint32_t(section::SectionKind::HandleIndex))
        indexOff = off;
      if (kind == uint32_t(section::SectionKind::HandleBlocks))
        blocksOff = off;
      off = section::alignTo64(off + u64(entry + 8));
    }
    if (!indexOff || !blocksOff || !perBlock)
      return false;
    blocks = reinterpret_cast<const uint8_t *>(data.data()) + blocksOff;
    uint64_t numBlocks = (numHandles + perBlock - 1) / perBlock;
    columnStart.resize(numBlocks * section::kNumColumns);
    for (uint64_t b = 0; b < numBlocks; ++b) {
      const uint8_t *p = blocks + u32(indexOff + 4 * b);
      uint64_t n = std::min<uint64_t>(perBlock, numHandles - b * perBlock);
      for (unsigned col = 0; col < section::kNumColumns; ++col) {
        columnStart[b * section::kNumColumns + col] = uint32_t(p - blocks);
        for (uint64_t covered = 0; covered < n;) {
          uint64_t h = readVarint(p);
          covered += (h & 7) == 7 ? 8 + readVarint(p) : (h & 7) + 1;
        }
      }
    }
    return true;
  }

  void lookup(uint64_t handle, uint32_t values[]) const {
    uint64_t block = handle / perBlock, entry = handle % perBlock;
    for (unsigned col = 0; col < section::kNumColumns; ++col) {
      const uint8_t *p =
          blocks + columnStart[block * section::kNumColumns + col];
      int64_t prev = 0;
      for (uint64_t covered = 0;;) {
        uint64_t h = readVarint(p);
        uint64_t zz = h >> 3;
        int64_t d = int64_t(zz >> 1) ^ -int64_t(zz & 1);
        uint64_t len = (h & 7) == 7 ? 8 + readVarint(p) : (h & 7) + 1;
        if (entry < covered + len) {
          values[col] = uint32_t(prev + d * int64_t(entry - covered + 1));
          break;
        }
        prev += d * int64_t(len);
        covered += len;
      }
    }
  }

private:
  static uint64_t readVarint(const uint8_t *&p) {
    uint64_t value = 0;
    for (unsigned shift = 0;; shift += 7) {
      uint8_t byte = *p++;
      value |= uint64_t(byte & 0x7f) << shift;
      if (!(byte & 0x80))
        return value;
    }
  }

  const uint8_t *blocks = nullptr;
  uint32_t numHandles = 0, perBlock = 0;
  std::vector<uint32_t> columnStart;
};

int runStats() {
  // The first open pays the page faults of a cold mapping; later ones show
  // the cost of validation alone.
  auto start = Clock::now();
  auto first = DebugSectionReader::open(sectionPath);
  double firstOpen = secondsSince(start);
  if (!first)
    return fail(first.takeError());
  std::vector<double> opens;
  for (unsigned i = 0; i < repeats; ++i) {
    auto t = Clock::now();
    auto reader = DebugSectionReader::open(sectionPath);
    opens.push_back(secondsSince(t));
    if (!reader)
      return fail(reader.takeError());
  }
  std::sort(opens.begin(), opens.end());
  const DebugSectionReader &r = **first;
  uint32_t n = r.getNumHandles();

  std::mt19937_64 rng(42);
  std::uniform_int_distribution<uint64_t> dist(0, n - 1);
  // 64K random handles (256 KiB, so the peak RSS printed below is the
  // section's and the reader's, not this array's) spread over the section.
  std::vector<uint32_t> handles(1 << 16);
  for (uint32_t &h : handles)
    h = uint32_t(dist(rng));

  uint64_t sink = 0;
  start = Clock::now();
  for (unsigned i = 0; i < lookups; ++i) {
    auto entry = r.lookupHandle(handles[i & (handles.size() - 1)]);
    if (!entry)
      return fail(entry.takeError());
    sink += entry->leaf;
  }
  double lookupSeconds = secondsSince(start);

  // The prototype must agree with the reader before it is timed.
  double protoPerSecond = 0;
  ColumnOffsetLookup proto;
  auto buffer = MemoryBuffer::getFile(sectionPath, /*IsText=*/false,
                                      /*RequiresNullTerminator=*/false);
  if (buffer && proto.init((*buffer)->getBuffer())) {
    bool agrees = true;
    for (unsigned i = 0; i < handles.size() && agrees; ++i) {
      uint32_t values[section::kNumColumns] = {};
      proto.lookup(handles[i], values);
      auto entry = r.lookupHandle(handles[i]);
      if (!entry)
        return fail(entry.takeError());
      agrees =
          values[section::kColStack] ==
              (entry->stack ? *entry->stack + 1 : 0) &&
          values[section::kColGraph] == (entry->graph ? *entry->graph + 1 : 0);
    }
    if (agrees) {
      start = Clock::now();
      for (unsigned i = 0; i < lookups; ++i) {
        uint32_t values[section::kNumColumns];
        proto.lookup(handles[i & (handles.size() - 1)], values);
        sink += values[0];
      }
      protoPerSecond = lookups / secondsSince(start);
    }
  }

  Symbolizer symbolizer(r);
  unsigned symbolizations = std::max(1u, lookups / 20);
  start = Clock::now();
  for (unsigned i = 0; i < symbolizations; ++i) {
    auto result = symbolizer.symbolize(handles[i & (handles.size() - 1)]);
    if (!result)
      return fail(result.takeError());
    sink += result->origins.size();
  }
  double symbolizeSeconds = secondsSince(start);

  outs() << "handles " << n << "\n";
  outs() << "file_bytes " << r.getFileSize() << "\n";
  outs() << "open_first_us " << format("%.1f", firstOpen * 1e6) << "\n";
  outs() << "open_median_us " << format("%.1f", opens[opens.size() / 2] * 1e6)
         << "\n";
  outs() << "lookups_per_s " << format("%.0f", lookups / lookupSeconds) << "\n";
  outs() << "lookups_per_s_column_offsets " << format("%.0f", protoPerSecond)
         << "\n";
  outs() << "symbolize_per_s "
         << format("%.0f", symbolizations / symbolizeSeconds) << "\n";
  // By kind number: the format's tables change between versions, and
  // docs/debug-section-format.md names them.
  for (unsigned k = 1; k <= section::kNumSectionKinds; ++k)
    outs() << "table_" << k << " "
           << r.getSectionSize(static_cast<section::SectionKind>(k)) << "\n";
  struct rusage usage;
  getrusage(RUSAGE_SELF, &usage);
  outs() << "peak_rss_kb " << usage.ru_maxrss << "\n";
  outs() << "sink " << (sink & 1) << "\n";
  return 0;
}

int runNaive() {
  auto reader = DebugSectionReader::open(sectionPath);
  if (!reader)
    return fail(reader.takeError());
  Symbolizer symbolizer(**reader);
  raw_ostream &os = outs();
  for (uint64_t h = 0, n = (*reader)->getNumHandles(); h < n; ++h) {
    auto result = symbolizer.symbolize(h);
    if (!result) {
      // An absent handle has no stack to print.
      consumeError(result.takeError());
      continue;
    }
    for (const SymbolOrigin &origin : result->origins) {
      if (modulePaths)
        os << "Module hierarchy:" << origin.modulePath << "\n";
      for (const SymbolFrame &frame : origin.frames) {
        if (!frame.hasPosition)
          continue;
        os << "  File \"" << frame.file << "\", line " << frame.line << ", in "
           << frame.function.value_or("<unknown>") << "\n";
      }
    }
    os << "\n";
  }
  return 0;
}
} // namespace

int main(int argc, char **argv) {
  InitLLVM init(argc, argv);
  cl::ParseCommandLineOptions(argc, argv,
                              "debug section open/lookup benchmark\n");
  if (command == "stats")
    return runStats();
  if (command == "naive")
    return runNaive();
  WithColor::error(errs(), "tg-bench-section")
      << "unknown command '" << command << "' (stats or naive)\n";
  return 1;
}
