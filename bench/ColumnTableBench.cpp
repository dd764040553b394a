//===- ColumnTableBench.cpp - The format-2 block codec on real tables -----===//
//
// tg-bench-column measures the column-table codec (ColumnTable.h):
//
//   tg-bench-column [--benchmark_...]   Google Benchmark: getRow on random
//                                       rows of synthetic tables (random, and
//                                       layer-repeating like a model's), on
//                                       validated tables and on first touch
//                                       (each access validates its block)
//   tg-bench-column sizes S...          for each format-1.0 section file S:
//                                       re-codes its fixed-record tables and
//                                       its handle columns with the codec and
//                                       prints bytes per table (v1, literal
//                                       blocks only, with copies), checks the
//                                       round trip, times encoding and
//                                       getRow, and estimates the section
//                                       size; --dump DIR also writes each v1
//                                       table raw to DIR/<name>.bin; --zstd
//                                       adds `zstd -19` of each v1 table (-1:
//                                       zstd not found);
//                                       TG_CODEC_STATS=1 prints bytes by block
//                                       kind and patches by column
//
// The v1 tables are read straight from the section table (the layout of
// docs/debug-section-format.md), so this keeps working while the reader moves
// to format 2.
//
//===----------------------------------------------------------------------===//

#include "tg/Serialize/ColumnTable.h"
#include "tg/Serialize/Encoding.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <benchmark/benchmark.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <random>
#include <string>
#include <vector>

using namespace llvm;
using namespace tg::section;

namespace {

//===----------------------------------------------------------------------===//
// Synthetic tables
//===----------------------------------------------------------------------===//

/// R x 3 random values in small ranges (a worst case for runs and copies).
std::vector<uint32_t> randomTable(uint32_t rows, uint32_t seed) {
  std::mt19937 rng(seed);
  std::vector<uint32_t> v(size_t(rows) * 3);
  for (uint32_t &x : v)
    x = rng() % 100000;
  return v;
}

/// A model-like table: a prefix, then layers that repeat the first layer with
/// column 0 shifted by the layer's stack-node offset, columns 1-2 equal, and
/// every 37th row's column 1 unique (fused kernels).
std::vector<uint32_t> layerTable(uint32_t rows, uint32_t seed) {
  std::mt19937 rng(seed);
  const uint32_t layerRows = 997, stride = 1500;
  std::vector<uint32_t> layer(layerRows * 3);
  uint32_t stack = 1, site = 1;
  for (uint32_t r = 0; r < layerRows; ++r) {
    if (rng() % 4 == 0)
      stack = 1 + rng() % 900;
    layer[r * 3] = stack;
    layer[r * 3 + 1] = site++;
    layer[r * 3 + 2] = 1 + (r / 300);
  }
  std::vector<uint32_t> v(size_t(rows) * 3);
  uint32_t unique = 1u << 24;
  for (uint32_t r = 0; r < rows; ++r) {
    uint32_t l = r / layerRows, j = r % layerRows;
    v[size_t(r) * 3] = layer[j * 3] + l * stride;
    v[size_t(r) * 3 + 1] = j % 37 == 5 ? unique++ : layer[j * 3 + 1];
    v[size_t(r) * 3 + 2] = layer[j * 3 + 2];
  }
  return v;
}

struct Table {
  std::vector<uint32_t> values;
  EncodedColumnTable encoded;
};

const Table &getTable(bool layered, uint32_t rows) {
  static std::map<std::pair<bool, uint32_t>, Table> cache;
  Table &t = cache[{layered, rows}];
  if (t.values.empty()) {
    t.values = layered ? layerTable(rows, 1) : randomTable(rows, 1);
    t.encoded = encodeColumnTable(t.values, 3);
  }
  return t;
}

ColumnTableReader makeReader(const EncodedColumnTable &e, uint32_t rows,
                             unsigned columns, uint32_t rowsPerBlock = 64) {
  auto reader = ColumnTableReader::create(
      "BENCH", arrayRefFromStringRef(e.index), 0,
      arrayRefFromStringRef(e.blocks), 0, rows, columns, rowsPerBlock);
  if (!reader)
    report_fatal_error(reader.takeError());
  return std::move(*reader);
}

void BM_GetRowValidated(benchmark::State &state) {
  uint32_t rows = state.range(1);
  const Table &t = getTable(state.range(0), rows);
  ColumnTableReader reader = makeReader(t.encoded, rows, 3);
  if (Error err = reader.validateAll())
    report_fatal_error(std::move(err));
  std::mt19937 rng(7);
  std::vector<uint32_t> order(1 << 16);
  for (uint32_t &r : order)
    r = rng() % rows;
  uint32_t out[3];
  size_t i = 0;
  for (auto _ : state) {
    if (Error err = reader.getRow(order[i++ & 0xffff], out))
      report_fatal_error(std::move(err));
    benchmark::DoNotOptimize(out);
  }
  state.SetItemsProcessed(state.iterations());
  state.counters["bytes/row"] =
      double(t.encoded.blocks.size() + t.encoded.index.size()) / rows;
}
BENCHMARK(BM_GetRowValidated)
    ->ArgNames({"layered", "rows"})
    ->Args({0, 100000})
    ->Args({1, 100000})
    ->Args({1, 1000000});

/// One getRow per block, blocks in random order, on a fresh reader: every
/// access validates its block (and a copy's sources) first.
void BM_GetRowFirstTouch(benchmark::State &state) {
  uint32_t rows = state.range(1);
  const Table &t = getTable(state.range(0), rows);
  uint32_t numBlocks = (rows + 63) / 64;
  std::vector<uint32_t> order(numBlocks);
  std::mt19937 rng(7);
  for (uint32_t b = 0; b < numBlocks; ++b)
    order[b] = b * 64 + rng() % std::min<uint32_t>(64, rows - b * 64);
  std::shuffle(order.begin(), order.end(), rng);
  uint32_t out[3];
  for (auto _ : state) {
    ColumnTableReader reader = makeReader(t.encoded, rows, 3);
    for (uint32_t r : order) {
      if (Error err = reader.getRow(r, out))
        report_fatal_error(std::move(err));
      benchmark::DoNotOptimize(out);
    }
  }
  state.SetItemsProcessed(state.iterations() * numBlocks);
}
BENCHMARK(BM_GetRowFirstTouch)
    ->ArgNames({"layered", "rows"})
    ->Args({0, 100000})
    ->Args({1, 1000000});

void BM_Encode(benchmark::State &state) {
  uint32_t rows = state.range(1);
  const Table &t = getTable(state.range(0), rows);
  for (auto _ : state)
    benchmark::DoNotOptimize(encodeColumnTable(t.values, 3));
  state.SetItemsProcessed(state.iterations() * rows);
}
BENCHMARK(BM_Encode)
    ->ArgNames({"layered", "rows"})
    ->Args({0, 100000})
    ->Args({1, 1000000})
    ->Unit(benchmark::kMillisecond);

//===----------------------------------------------------------------------===//
// sizes: format-1.0 sections re-coded
//===----------------------------------------------------------------------===//

uint64_t align64(uint64_t x) { return tg::encoding::alignTo(x, 64); }

struct V1Section {
  uint32_t handleCount = 0, handlesPerBlock = 0;
  uint64_t fileSize = 0;
  // By kind - 1.
  uint64_t offset[13] = {}, size[13] = {};
  uint32_t count[13] = {};
  const uint8_t *data = nullptr;
};

const char *kKindNames[13] = {
    "STRING_OFFSETS", "STRING_DATA",  "POSITIONS",      "MODULE_FRAMES",
    "STACK_NODES",    "LOCATIONS",    "LOCATION_LISTS", "GRAPHS",
    "SITES",          "HANDLE_INDEX", "HANDLE_BLOCKS",  "ARG_LOCATIONS",
    "SOURCE_LINES"};

bool parseV1(StringRef bytes, V1Section &s, std::string &error) {
  const auto *d = reinterpret_cast<const uint8_t *>(bytes.data());
  if (bytes.size() < 64 || support::endian::read16le(d + 8) != 1) {
    error = "not a format-1 section";
    return false;
  }
  uint32_t count = tg::encoding::readU32(d + 20);
  if (bytes.size() < 64 + 16 * uint64_t(count)) {
    error = "truncated section table";
    return false;
  }
  s.data = d;
  s.fileSize = bytes.size();
  s.handleCount = tg::encoding::readU32(d + 40);
  s.handlesPerBlock = tg::encoding::readU32(d + 44);
  uint64_t off = align64(64 + 16 * uint64_t(count));
  for (uint32_t i = 0; i < count; ++i) {
    const uint8_t *e = d + 64 + 16 * i;
    uint32_t kind = tg::encoding::readU32(e);
    uint64_t size = tg::encoding::readU64(e + 8);
    if (off + size > bytes.size()) {
      error = "table past the end";
      return false;
    }
    if (kind >= 1 && kind <= 13) {
      s.offset[kind - 1] = off;
      s.size[kind - 1] = size;
      s.count[kind - 1] = tg::encoding::readU32(e + 4);
    }
    off = align64(off + size);
  }
  return true;
}

bool readV1Varint(const uint8_t *&p, const uint8_t *end, uint64_t &v) {
  const uint8_t *stop = nullptr;
  return tg::encoding::decodeVarint(p, end, v, stop) ==
         tg::encoding::VarintStatus::Ok;
}

/// The v1 handle table as rows (stack, site, graph).
bool decodeV1Handles(const V1Section &s, std::vector<uint32_t> &out) {
  uint32_t n = s.handleCount, per = s.handlesPerBlock;
  if (per == 0)
    return false;
  out.assign(size_t(n) * 3, 0);
  const uint8_t *index = s.data + s.offset[9];
  const uint8_t *blocks = s.data + s.offset[10];
  for (uint32_t b = 0; uint64_t(b) * per < n; ++b) {
    if (4 * (uint64_t(b) + 2) > s.size[9])
      return false;
    uint32_t begin = tg::encoding::readU32(index + 4 * b),
             end = tg::encoding::readU32(index + 4 * b + 4);
    if (begin > end || end > s.size[10])
      return false;
    const uint8_t *p = blocks + begin, *limit = blocks + end;
    uint32_t first = b * per, cnt = std::min(per, n - first);
    for (unsigned c = 0; c < 3; ++c) {
      int64_t prev = 0;
      uint32_t covered = 0;
      while (covered < cnt) {
        uint64_t h, len;
        if (!readV1Varint(p, limit, h))
          return false;
        int64_t d = int64_t((h >> 3) >> 1) ^ -int64_t((h >> 3) & 1);
        len = (h & 7) + 1;
        if ((h & 7) == 7) {
          uint64_t extra;
          if (!readV1Varint(p, limit, extra))
            return false;
          len = 8 + extra;
        }
        if (len > cnt - covered)
          return false;
        for (uint64_t k = 0; k < len; ++k) {
          prev += d;
          out[size_t(first + covered + k) * 3 + c] = uint32_t(prev);
        }
        covered += len;
      }
    }
  }
  return true;
}

/// Fixed-width records of `columns` u32 as rows; LOCATIONS packs its
/// kind | aux << 8 (the first u32, reserved bytes 0) as column 0 already.
std::vector<uint32_t> recordsAsRows(const V1Section &s, unsigned kind,
                                    unsigned columns) {
  uint64_t n = s.size[kind - 1] / (4 * columns);
  std::vector<uint32_t> out(n * columns);
  const uint8_t *p = s.data + s.offset[kind - 1];
  for (uint64_t i = 0; i < n * columns; ++i)
    out[i] = tg::encoding::readU32(p + 4 * i);
  return out;
}

double seconds(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0)
      .count();
}

struct CodecResult {
  uint64_t literal = 0, copies = 0;
  uint32_t copyBlocks = 0, blocks = 0;
  double encodeMs = 0, validatedRowsPerSec = 0, firstTouchRowsPerSec = 0;
};

CodecResult measure(StringRef name, const std::vector<uint32_t> &values,
                    unsigned columns, uint32_t rowsPerBlock) {
  CodecResult r;
  uint32_t rows = values.size() / columns;
  ColumnTableOptions lit;
  lit.rowsPerBlock = rowsPerBlock;
  lit.allowCopies = false;
  EncodedColumnTable a = encodeColumnTable(values, columns, lit);
  r.literal = a.index.size() + a.blocks.size();
  ColumnTableOptions opt;
  opt.rowsPerBlock = rowsPerBlock;
  auto t0 = std::chrono::steady_clock::now();
  EncodedColumnTable e = encodeColumnTable(values, columns, opt);
  r.encodeMs = seconds(t0) * 1e3;
  r.copies = e.index.size() + e.blocks.size();
  if (encodeColumnTable(values, columns, opt).blocks != e.blocks)
    report_fatal_error(Twine(name) + ": encoding is not deterministic");
  auto open = [&] {
    auto reader = ColumnTableReader::create(
        name, arrayRefFromStringRef(e.index), 0,
        arrayRefFromStringRef(e.blocks), 0, rows, columns, rowsPerBlock);
    if (!reader)
      report_fatal_error(reader.takeError());
    return std::move(*reader);
  };
  if (rows == 0)
    return r;
  // First touch: one row per block, in random order, fresh reader.
  std::mt19937 rng(7);
  ColumnTableReader fresh = open();
  r.blocks = fresh.getNumBlocks();
  std::vector<uint32_t> touch(r.blocks);
  for (uint32_t b = 0; b < r.blocks; ++b)
    touch[b] = std::min<uint64_t>(rows - 1, uint64_t(b) * rowsPerBlock +
                                                rng() % rowsPerBlock);
  std::shuffle(touch.begin(), touch.end(), rng);
  uint32_t out[kMaxColumns];
  uint64_t sink = 0;
  t0 = std::chrono::steady_clock::now();
  for (uint32_t row : touch) {
    if (Error err = fresh.getRow(row, out))
      report_fatal_error(std::move(err));
    sink += out[0];
  }
  r.firstTouchRowsPerSec = touch.size() / seconds(t0);
  // Round trip, every row and cell.
  for (uint32_t row = 0; row < rows; ++row) {
    if (Error err = fresh.getRow(row, out))
      report_fatal_error(std::move(err));
    for (unsigned c = 0; c < columns; ++c)
      if (out[c] != values[size_t(row) * columns + c])
        report_fatal_error(Twine(name) + ": round trip differs at row " +
                           Twine(row));
  }
  for (uint32_t b = 0; b < r.blocks; ++b)
    if (*fresh.isCopyBlock(b))
      ++r.copyBlocks;
  std::vector<uint32_t> order(1 << 20);
  for (uint32_t &x : order)
    x = rng() % rows;
  t0 = std::chrono::steady_clock::now();
  for (uint32_t row : order) {
    if (Error err = fresh.getRow(row, out))
      report_fatal_error(std::move(err));
    sink += out[columns - 1];
  }
  r.validatedRowsPerSec = order.size() / seconds(t0);
  if (getenv("TG_CODEC_STATS")) {
    // Bytes by block kind and patches per copy block.
    uint64_t litBytes = 0, copyBytes = 0, patches = 0, colHist[8] = {};
    for (uint32_t b = 0; b < r.blocks; ++b) {
      uint32_t begin = tg::encoding::readU32((const uint8_t *)e.index.data() +
                                             4 * b),
               end = tg::encoding::readU32((const uint8_t *)e.index.data() +
                                           4 * b + 4);
      const uint8_t *p = (const uint8_t *)e.blocks.data() + begin;
      if (p[4] == 0) {
        litBytes += end - begin;
        continue;
      }
      copyBytes += end - begin;
      p += 6;
      uint64_t v;
      for (unsigned c = 0; c < columns + 1; ++c)
        readV1Varint(p, p + 10, v);
      readV1Varint(p, p + 10, v);
      patches += v;
      uint64_t pos = 0, count = v;
      for (uint64_t i = 0; i < count; ++i) {
        uint64_t gap, zz;
        readV1Varint(p, p + 10, gap);
        readV1Varint(p, p + 10, zz);
        pos += gap;
        ++colHist[pos % columns];
        ++pos;
      }
    }
    for (unsigned c = 0; c < columns; ++c)
      errs() << "  patches in column " << c << ": " << colHist[c] << "\n";
    errs() << name << ": literal blocks " << litBytes << " B, copy blocks "
           << copyBytes << " B, patches " << patches << "\n";
  }
  if (sink == 42)
    outs() << "";
  return r;
}

/// The `zstd -19` size of `bytes` (the compression baseline of
/// docs/performance.md), or -1 when zstd cannot be run.
int64_t zstdSize(StringRef bytes) {
  SmallString<128> path;
  int fd;
  if (sys::fs::createTemporaryFile("codec-v1", "bin", fd, path))
    return -1;
  {
    raw_fd_ostream os(fd, /*shouldClose=*/true);
    os << bytes;
  }
  std::string command = "zstd -19 -q -c '" + path.str().str() + "' | wc -c";
  long long size = -1;
  if (FILE *pipe = popen(command.c_str(), "r")) {
    if (fscanf(pipe, "%lld", &size) != 1)
      size = -1;
    pclose(pipe);
  }
  sys::fs::remove(path);
  return size;
}

int sizesMain(int argc, char **argv) {
  std::string dumpDir;
  bool zstd = false;
  uint32_t rowsPerBlock = 64;
  std::vector<std::string> files;
  for (int i = 2; i < argc; ++i) {
    StringRef arg = argv[i];
    if (arg == "--dump" && i + 1 < argc)
      dumpDir = argv[++i];
    else if (arg == "--zstd")
      zstd = true;
    else if (arg.consume_front("--rows-per-block="))
      arg.getAsInteger(10, rowsPerBlock);
    else
      files.push_back(arg.str());
  }
  for (const std::string &path : files) {
    auto buffer = MemoryBuffer::getFile(path);
    if (!buffer) {
      errs() << path << ": " << buffer.getError().message() << "\n";
      return 1;
    }
    V1Section s;
    std::string error;
    if (!parseV1((*buffer)->getBuffer(), s, error)) {
      errs() << path << ": " << error << "\n";
      return 1;
    }
    outs() << "== " << path << ": " << s.fileSize << " bytes, " << s.handleCount
           << " handles, " << rowsPerBlock << " rows per block\n";
    outs() << format("%-16s %7s %9s %9s %9s %9s %8s %9s %11s %11s\n", "table",
                     "rows", "v1", "zstd v1", "literal", "copies", "copy/blk",
                     "encode ms", "rows/s val", "rows/s 1st");
    struct Coded {
      const char *name;
      unsigned kind;
      unsigned columns;
    };
    // The tables format 2 codes; the rest are listed for comparison.
    const Coded coded[] = {{"HANDLES", 0, 3},        {"STACK_NODES", 5, 3},
                           {"LOCATIONS", 6, 4},      {"POSITIONS", 3, 6},
                           {"MODULE_FRAMES", 4, 3},  {"SITES", 9, 2},
                           {"LOCATION_LISTS", 7, 1}, {"ARG_LOCATIONS", 12, 5}};
    uint64_t v1Total = 0, codecTotal = 0, v1All = 0, codecAll = 0;
    for (const Coded &c : coded) {
      std::vector<uint32_t> values;
      uint64_t v1;
      auto tableBytes = [&](unsigned k) {
        return StringRef(reinterpret_cast<const char *>(s.data + s.offset[k]),
                         s.size[k]);
      };
      int64_t compressed = -1;
      if (zstd)
        compressed = c.kind == 0
                         ? zstdSize((tableBytes(9) + tableBytes(10)).str())
                         : zstdSize(tableBytes(c.kind - 1));
      if (c.kind == 0) {
        if (!decodeV1Handles(s, values)) {
          errs() << path << ": cannot decode the v1 handle blocks\n";
          return 1;
        }
        v1 = s.size[9] + s.size[10];
      } else {
        values = recordsAsRows(s, c.kind, c.columns);
        v1 = s.size[c.kind - 1];
      }
      CodecResult r = measure(c.name, values, c.columns, rowsPerBlock);
      outs() << format(
          "%-16s %7u %9llu %9lld %9llu %9llu %4u/%-4u %9.1f "
          "%10.2fM %10.2fM\n",
          c.name, unsigned(values.size() / c.columns), (unsigned long long)v1,
          (long long)compressed, (unsigned long long)r.literal,
          (unsigned long long)r.copies, r.copyBlocks, r.blocks, r.encodeMs,
          r.validatedRowsPerSec / 1e6, r.firstTouchRowsPerSec / 1e6);
      v1All += v1;
      codecAll += r.copies;
      // Only the three big tables are coded in format 2.
      if (c.kind == 0 || c.kind == 5 || c.kind == 6) {
        v1Total += v1;
        codecTotal += r.copies;
      }
    }
    // The other tables stay as they are; each table starts 64-aligned, so
    // count a padding of ~32 bytes per coded table (index and blocks are
    // two tables in the section).
    uint64_t estimate = s.fileSize - v1Total + codecTotal + 6 * 32;
    outs() << format("estimate: section %llu bytes (%.1f KB) with HANDLES, "
                     "STACK_NODES, LOCATIONS coded; v1 %llu (%.1f KB)\n",
                     (unsigned long long)estimate, estimate / 1000.0,
                     (unsigned long long)s.fileSize, s.fileSize / 1000.0);
    uint64_t estimateAll = s.fileSize - v1All + codecAll + 2 * 8 * 32;
    outs() << format("estimate: section %llu bytes (%.1f KB) with every table "
                     "above coded\n",
                     (unsigned long long)estimateAll, estimateAll / 1000.0);
    if (!dumpDir.empty())
      for (unsigned k = 0; k < 13; ++k) {
        std::ofstream f(dumpDir + "/" + kKindNames[k] + ".bin",
                        std::ios::binary);
        f.write(reinterpret_cast<const char *>(s.data + s.offset[k]),
                s.size[k]);
      }
  }
  return 0;
}

} // namespace

int main(int argc, char **argv) {
  if (argc >= 2 && StringRef(argv[1]) == "sizes")
    return sizesMain(argc, argv);
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
