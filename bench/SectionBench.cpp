//===- SectionBench.cpp - Open/lookup timings and the naive baseline ------===//
//
// tg-bench-section measures what a consumer of a debug section pays, on a
// section file written by the pipeline, and prints `key value` lines for
// bench/run_pipeline.py:
//
//   tg-bench-section stats S    open time (first open and median of repeats),
//                               random lookups per second (lookupHandle and
//                               getStackNode, one core), symbolizations per
//                               second, the first symbolization of a fresh
//                               reader and verifyAll (the checks format 2.0
//                               does lazily), and the byte size of each table
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
#include "tg/Symbolize/Symbolizer.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
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

  // The reader's own part of an open, without the kernel's: the same checks
  // on the bytes already in memory (fromBuffer over a non-owning view of
  // the first reader's mapping). On this VM mapping any file costs 15 or
  // 60 us, bimodally, whatever its size (page-table setup and teardown),
  // which the file opens above include.
  std::vector<double> validations;
  StringRef bytes = r.getBytes();
  for (unsigned i = 0; i < repeats; ++i) {
    auto view = MemoryBuffer::getMemBuffer(bytes, sectionPath,
                                           /*RequiresNullTerminator=*/false);
    auto t = Clock::now();
    auto reader = DebugSectionReader::fromBuffer(std::move(view));
    validations.push_back(secondsSince(t));
    if (!reader)
      return fail(reader.takeError());
  }
  std::sort(validations.begin(), validations.end());
  uint32_t n = r.getNumHandles();

  // What the lazy checks move out of open: the first symbolization of a
  // fresh reader (checks the tables it reads and one or two blocks), and
  // verifyAll (every table and block, what --verify and restore pay).
  double firstSymbolize = 0, verifySeconds = 0;
  {
    auto fresh = DebugSectionReader::open(sectionPath);
    if (!fresh)
      return fail(fresh.takeError());
    auto t = Clock::now();
    auto sym = Symbolizer(**fresh).symbolize(n / 2);
    firstSymbolize = secondsSince(t);
    if (!sym)
      consumeError(sym.takeError());
    auto other = DebugSectionReader::open(sectionPath);
    if (!other)
      return fail(other.takeError());
    t = Clock::now();
    if (Error err = (*other)->verifyAll())
      return fail(std::move(err));
    verifySeconds = secondsSince(t);
  }

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

  // Stack nodes: a symbolization walks ~10 of them, so each must be O(1).
  double nodesPerSecond = 0;
  if (uint32_t k = r.getNumStackNodes()) {
    std::uniform_int_distribution<uint32_t> nodeDist(0, k - 1);
    std::vector<uint32_t> nodes(1 << 16);
    for (uint32_t &node : nodes)
      node = nodeDist(rng);
    start = Clock::now();
    for (unsigned i = 0; i < lookups; ++i) {
      auto node = r.getStackNode(nodes[i & (nodes.size() - 1)]);
      if (!node)
        return fail(node.takeError());
      sink += node->call;
    }
    nodesPerSecond = lookups / secondsSince(start);
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
  outs() << "open_min_us " << format("%.1f", opens.front() * 1e6) << "\n";
  outs() << "validate_median_us "
         << format("%.2f", validations[validations.size() / 2] * 1e6) << "\n";
  outs() << "lookups_per_s " << format("%.0f", lookups / lookupSeconds) << "\n";
  outs() << "stack_nodes_per_s " << format("%.0f", nodesPerSecond) << "\n";
  outs() << "first_symbolize_us " << format("%.1f", firstSymbolize * 1e6)
         << "\n";
  outs() << "verify_all_us " << format("%.1f", verifySeconds * 1e6) << "\n";
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
