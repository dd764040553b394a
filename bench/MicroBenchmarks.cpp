//===- MicroBenchmarks.cpp - Hot paths of the debug section ---------------===//
//
// Google Benchmark micro-benchmarks of what runs per op or per lookup:
// writing a section, opening (validating) it, looking up a handle, decoding
// its frames, reading strings, building module paths, and the whole
// symbolization. Inputs come from SyntheticModel (no files needed); the size
// argument is the number of ops. Lookups use a fixed pseudo-random sequence
// of handles so runs are comparable.
//
//   tg-bench-micro --benchmark_filter=Lookup
//
//===----------------------------------------------------------------------===//

#include "SyntheticModel.h"

#include "tg/Serialize/Reader.h"
#include "tg/Support/ModulePath.h"
#include "tg/Symbolize/Symbolizer.h"
#include "tg/Target/DebugSection.h"

#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <benchmark/benchmark.h>

#include <map>
#include <memory>
#include <mutex>
#include <random>
#include <string>
#include <vector>

using namespace tg;

namespace {

/// A built module and its section, per size, built once per process.
struct Fixture {
  mlir::MLIRContext ctx{mlir::MLIRContext::Threading::DISABLED};
  mlir::OwningOpRef<mlir::ModuleOp> module;
  std::string section;
  std::unique_ptr<DebugSectionReader> reader;
  std::vector<uint64_t> randomHandles;
};

Fixture &getFixture(uint64_t numOps) {
  // Threaded benchmarks ask from every thread at once.
  static std::mutex mutex;
  std::lock_guard<std::mutex> lock(mutex);
  static std::map<uint64_t, std::unique_ptr<Fixture>> fixtures;
  std::unique_ptr<Fixture> &slot = fixtures[numOps];
  if (slot)
    return *slot;
  slot = std::make_unique<Fixture>();
  bench::prepareContext(slot->ctx);
  slot->module = bench::buildSyntheticModel(slot->ctx, numOps);
  DebugSectionOptions options;
  mlir::FailureOr<std::string> section =
      buildDebugSection(slot->module->getOperation(), options);
  if (mlir::failed(section)) {
    llvm::errs() << "error: cannot build the benchmark section\n";
    std::abort();
  }
  slot->section = std::move(*section);
  auto reader = DebugSectionReader::fromBuffer(llvm::MemoryBuffer::getMemBuffer(
      slot->section, "section", /*RequiresNullTerminator=*/false));
  if (!reader) {
    llvm::errs() << "error: " << llvm::toString(reader.takeError()) << "\n";
    std::abort();
  }
  slot->reader = std::move(*reader);
  // 64K random handles: enough to defeat the cache on large sections, few
  // enough that indexing them is not what is measured.
  std::mt19937_64 rng(42);
  std::uniform_int_distribution<uint64_t> dist(0, numOps - 1);
  slot->randomHandles.resize(1 << 16);
  for (uint64_t &h : slot->randomHandles)
    h = dist(rng);
  return *slot;
}

void checkOk(llvm::Error err) {
  if (err) {
    llvm::errs() << "error: " << llvm::toString(std::move(err)) << "\n";
    std::abort();
  }
}

// Handle -> its four column values (stack node, leaf, op name, graph).
void BM_LookupHandle(benchmark::State &state) {
  Fixture &f = getFixture(state.range(0));
  size_t i = 0;
  for (auto _ : state) {
    auto entry = f.reader->lookupHandle(f.randomHandles[i++ & 0xffff]);
    if (!entry)
      checkOk(entry.takeError());
    benchmark::DoNotOptimize(entry->leaf);
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_LookupHandle)->Arg(10000)->Arg(100000)->Arg(1000000);

// Handle -> every frame of its stack: stack nodes, module frames, positions
// (with their file and function strings), without formatting anything.
void BM_DecodeFrames(benchmark::State &state) {
  Fixture &f = getFixture(state.range(0));
  const DebugSectionReader &r = *f.reader;
  size_t i = 0, frames = 0;
  for (auto _ : state) {
    auto entry = r.lookupHandle(f.randomHandles[i++ & 0xffff]);
    if (!entry)
      checkOk(entry.takeError());
    std::optional<uint32_t> node = entry->stack;
    while (node) {
      auto n = r.getStackNode(*node);
      if (!n)
        checkOk(n.takeError());
      if (n->moduleFrame) {
        auto mf = r.getModuleFrame(*n->moduleFrame);
        if (!mf)
          checkOk(mf.takeError());
        benchmark::DoNotOptimize(mf->instance.data());
      }
      if (section::getLocTag(n->call) == section::LocTag::Position) {
        auto pos = r.getPosition(section::getLocIndex(n->call));
        if (!pos)
          checkOk(pos.takeError());
        benchmark::DoNotOptimize(pos->file.data());
      }
      ++frames;
      node = n->parent;
    }
  }
  state.SetItemsProcessed(state.iterations());
  state.counters["frames/lookup"] =
      benchmark::Counter(double(frames) / double(state.iterations()));
}
BENCHMARK(BM_DecodeFrames)->Arg(10000)->Arg(1000000);

// String id -> view into the mapping.
void BM_StringView(benchmark::State &state) {
  Fixture &f = getFixture(state.range(0));
  uint32_t n = f.reader->getNumStrings();
  size_t i = 0;
  for (auto _ : state) {
    auto s = f.reader->getString(uint32_t(f.randomHandles[i++ & 0xffff] % n));
    if (!s)
      checkOk(s.takeError());
    benchmark::DoNotOptimize(s->data());
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_StringView)->Arg(10000);

// Frames -> `TOP(C)::forward.A0(A)::forward...` in each of the three forms,
// for a 10-frame path (the depth of an expert's Linear in the model).
void BM_FormatModulePath(benchmark::State &state) {
  auto format = static_cast<ModulePathFormat>(state.range(0));
  std::vector<ModulePathFrame> frames = {
      {"module", "__torch__.torch.distributed.fsdp.FullyShardedDataParallel",
       "forward"},
      {"_fsdp_wrapped_module",
       "__torch__.transformers.models.llava.LlavaForConditionalGeneration",
       "forward"},
      {"language_model", "__torch__.transformers.MixtralForCausalLM",
       "forward"},
      {"model", "__torch__.transformers.MixtralModel", "forward"},
      {"layers", "__torch__.torch.nn.modules.container.Sequential", "forward"},
      {"17", "__torch__.CheckpointWrapper", "forward"},
      {"_checkpoint_wrapped_module", "__torch__.MixtralDecoderLayer",
       "forward"},
      {"block_sparse_moe", "__torch__.MixtralSparseMoeBlock", "forward"},
      {"3", "__torch__.MixtralBlockSparseTop2MLP", "forward"},
      {"w1", "__torch__.torch.nn.modules.linear.___torch_mangle_7.Linear",
       "forward"},
  };
  ModulePathInput input;
  input.topClass = "__torch__.torch.nn.parallel.DistributedDataParallel";
  input.topMethod = "forward";
  input.frames = frames;
  input.opName = "aten::linear";
  for (auto _ : state) {
    std::string path = formatModulePath(input, format);
    benchmark::DoNotOptimize(path.data());
  }
  state.SetItemsProcessed(state.iterations());
  state.SetLabel(getModulePathFormatName(format).str());
}
BENCHMARK(BM_FormatModulePath)
    ->Arg(int(ModulePathFormat::Profiler))
    ->Arg(int(ModulePathFormat::Mobile))
    ->Arg(int(ModulePathFormat::Scope));

// Handle -> frames and module path, what tg-symbolicate does per handle.
void BM_Symbolize(benchmark::State &state) {
  Fixture &f = getFixture(state.range(0));
  Symbolizer symbolizer(*f.reader);
  size_t i = 0;
  for (auto _ : state) {
    auto result = symbolizer.symbolize(f.randomHandles[i++ & 0xffff]);
    if (!result)
      checkOk(result.takeError());
    benchmark::DoNotOptimize(result->origins.data());
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_Symbolize)->Arg(10000)->Arg(1000000);

// Many threads symbolicating from one shared reader, as a profiler resolving
// events in parallel does: one Symbolizer per thread (it keeps a per-call
// step budget), one DebugSectionReader for all. items_per_second is the
// total throughput; compare it across thread counts (real time).
void BM_SymbolizeParallel(benchmark::State &state) {
  Fixture &f = getFixture(state.range(0));
  Symbolizer symbolizer(*f.reader);
  size_t i = size_t(state.thread_index()) * 7919;
  for (auto _ : state) {
    auto result = symbolizer.symbolize(f.randomHandles[i++ & 0xffff]);
    if (!result)
      checkOk(result.takeError());
    benchmark::DoNotOptimize(result->origins.data());
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_SymbolizeParallel)
    ->Arg(100000)
    ->Threads(1)
    ->Threads(2)
    ->Threads(4)
    ->UseRealTime();

// Validating an in-memory section: header, table, checksum. The image as
// it is read in place (a small section is stored compressed by default;
// the reader holds its decompressed image, which is that).
void BM_OpenSection(benchmark::State &state) {
  Fixture &f = getFixture(state.range(0));
  llvm::StringRef image = f.reader->getBytes();
  for (auto _ : state) {
    auto reader = DebugSectionReader::fromBuffer(
        llvm::MemoryBuffer::getMemBuffer(image, "section", false));
    if (!reader)
      checkOk(reader.takeError());
    benchmark::DoNotOptimize(reader->get());
  }
  state.counters["section_bytes"] = double(image.size());
}
BENCHMARK(BM_OpenSection)->Arg(10000)->Arg(100000)->Arg(1000000);

// The same as the writer stores it: a small section is one zstd frame,
// decompressed at open (what opening a compressed file costs, beside mmap).
void BM_OpenCompressedSection(benchmark::State &state) {
  Fixture &f = getFixture(state.range(0));
  for (auto _ : state) {
    auto reader = DebugSectionReader::fromBuffer(
        llvm::MemoryBuffer::getMemBuffer(f.section, "section", false));
    if (!reader)
      checkOk(reader.takeError());
    benchmark::DoNotOptimize(reader->get());
  }
  state.counters["section_bytes"] = double(f.section.size());
  state.counters["image_bytes"] = double(f.reader->getBytes().size());
  state.SetLabel(f.reader->isCompressed() ? "compressed" : "not compressed");
}
BENCHMARK(BM_OpenCompressedSection)->Arg(10000)->Arg(100000)->Arg(1000000);

// Module -> section bytes, with and without the decode-and-compare check
// the pass runs (`verify`).
void BM_WriteSection(benchmark::State &state) {
  Fixture &f = getFixture(state.range(0));
  DebugSectionOptions options;
  options.verify = state.range(1);
  for (auto _ : state) {
    mlir::FailureOr<std::string> section =
        buildDebugSection(f.module->getOperation(), options);
    if (mlir::failed(section))
      std::abort();
    benchmark::DoNotOptimize(section->data());
  }
  state.SetItemsProcessed(state.iterations() * state.range(0));
  state.SetLabel(options.verify ? "verify" : "no-verify");
}
BENCHMARK(BM_WriteSection)
    ->Args({10000, 0})
    ->Args({10000, 1})
    ->Args({100000, 1})
    ->Unit(benchmark::kMillisecond);

} // namespace

BENCHMARK_MAIN();
