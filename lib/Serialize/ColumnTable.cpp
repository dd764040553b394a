//===- ColumnTable.cpp - Block-coded tables of u32 columns ----------------===//
//
// docs/debug-section-format.md ("Block-coded tables") specifies the bytes this
// file writes and reads; the MUST rules there are the checks of validateBlock.
//
//===----------------------------------------------------------------------===//

#include "tg/Serialize/ColumnTable.h"
#include "tg/Serialize/Encoding.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/bit.h"
#include "llvm/Support/Compression.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/xxhash.h"

#include <algorithm>
#include <cassert>
#include <cstring>

using namespace llvm;
using namespace tg::encoding;

namespace tg {
namespace section {

namespace {

/// Bytes before a block's body: u32 checksum, u8 kind.
constexpr uint32_t kBlockHeaderSize = 5;
constexpr uint32_t kKindOffset = 4;
/// A literal block continues with a byte of packed-column flags (bit c: column
/// c is bit-packed, else runs), then the column offsets.
constexpr uint32_t kPackedMaskOffset = 5;
constexpr uint32_t kLiteralFixedSize = 6;
/// A copy block continues with a byte of keep-zero flags (bit c: a 0 in
/// column c of the source stays 0, the delta is not added), then varints.
constexpr uint32_t kZeroMaskOffset = 5;
constexpr uint32_t kCopyFixedSize = 6;
/// Copy blocks are looked up by windows of this many rows (fewer when the
/// blocks are smaller). Eight rows of three columns rarely match by chance,
/// and every eighth row of a literal block is all the hash map holds.
constexpr unsigned kWindowRows = 8;
/// Source positions kept per window hash, and distinct copy sources tried per
/// block: bounds the encoder's work per block. More candidates find sources
/// with fewer patches (1M-op section: 8 -> 32 candidates, with the 30% rule
/// below, takes the handle table from 753 KB to 366 KB for 60 -> 140 ms).
/// Since decomposition made a kernel of every elementwise op the handle
/// table's sources are farther apart: 4 -> 8 positions and 32 -> 128
/// candidates, with the 20% rule and chained patches, take it from 1.15 MB
/// to 0.53 MB at 1M ops (seed 2: 1.00 -> 0.53 MB; 300K ops with --norms:
/// 244 -> 172 KB) for ~50% more encoder time (bench/ColumnTableBench).
constexpr unsigned kPositionsPerWindow = 8;
constexpr unsigned kCandidatesPerBlock = 128;
/// A block becomes a copy only when that takes at most this share of its
/// literal bytes. A literal block can be the source of later copies, a copy
/// cannot: a copy with many patches saves little and makes every later
/// repeat of the same rows look for another source (measured with 32
/// candidates: 30% gives 1.04 MB at 1M ops, 50% 1.27 MB, 70% 1.33 MB; with
/// 128 candidates and chained patches on today's 1M-op handle table: 15%
/// 544 KB, 20% 528 KB, 25% ~0.9 MB, 30% 1.15 MB: more literal blocks are
/// more nearby sources).
constexpr unsigned kCopyMaxPercent = 20;
/// A column of more than kPackMinRuns runs is bit-packed when that costs at
/// most kPackSlackPercent more bytes (see encodeLiteral).
constexpr unsigned kPackMinRuns = 4;
constexpr unsigned kPackSlackPercent = 50;

uint32_t blockChecksum(const uint8_t *block, size_t size) {
  return uint32_t(
      xxh3_64bits(ArrayRef<uint8_t>(block + kKindOffset, size - kKindOffset)));
}

/// Entry `j` of a bit-packed column of `width`-bit values at `p`: bits
/// [j * width, (j + 1) * width) of the little-endian bit string. Reads only the
/// bytes holding those bits, so never past the column.
inline uint64_t readPacked(const uint8_t *p, uint64_t j, unsigned width) {
  if (width == 0)
    return 0;
  uint64_t bit = j * width;
  const uint8_t *q = p + bit / 8;
  unsigned shift = bit % 8, numBytes = (shift + width + 7) / 8;
  uint64_t v = 0;
  for (unsigned k = 0; k < numBytes; ++k)
    v |= uint64_t(q[k]) << (8 * k);
  return v >> shift & ((uint64_t(1) << width) - 1);
}

const uint8_t *blockData(const uint8_t *blocks, const uint8_t *index,
                         uint64_t block) {
  return blocks + readU32(index + 4 * block);
}

//===----------------------------------------------------------------------===//
// Encoder
//===----------------------------------------------------------------------===//

class Encoder {
public:
  Encoder(ArrayRef<uint32_t> values, unsigned numColumns,
          const ColumnTableOptions &options)
      : values(values), numColumns(numColumns),
        rowsPerBlock(options.rowsPerBlock), numRows(values.size() / numColumns),
        offsetWidth(rowsPerBlock <= kMaxRowsForU16Offsets ? 2 : 4),
        windowRows(std::min<uint32_t>(kWindowRows, rowsPerBlock)),
        allowCopies(options.allowCopies && windowRows >= 2),
        chainedPatches(options.chainedPatches) {
    for (unsigned c = 0; c < kMaxColumns; ++c)
      columnOrder[c] = uint8_t(c);
  }

  EncodedColumnTable run();

private:
  const uint32_t *row(uint64_t r) const {
    return values.data() + r * numColumns;
  }
  void encodeLiteral(uint64_t first, uint32_t n, std::string &out) const;
  /// Codes block [first, first + n) as a copy of rows [source, source + n)
  /// plus a delta per column (`hint`: the deltas of the window that matched);
  /// false when it would not be smaller than `limit` bytes.
  bool encodeCopy(uint64_t first, uint32_t n, uint64_t source,
                  const uint32_t *hint, size_t limit, std::string &out,
                  unsigned &numPatches);
  /// Column `c`'s delta and keep-zero flag for a copy of rows [source, source
  /// + n) into [first, first + n): the fewest misses, which it returns (at
  /// least `enough` when no choice has fewer; then counted only that far).
  unsigned chooseColumnDelta(uint64_t first, uint32_t n, uint64_t source,
                             unsigned c, uint32_t hint, uint64_t enough,
                             uint32_t &delta, bool &keepZero) const;
  /// Hash of rows [r, r + windowRows) minus row r, column by column: equal
  /// for two windows that differ by a constant per column.
  uint64_t windowHash(uint64_t r) const;
  bool allLiteral(uint64_t firstRow, uint64_t n) const {
    for (uint64_t b = firstRow / rowsPerBlock,
                  e = (firstRow + n - 1) / rowsPerBlock;
         b <= e; ++b)
      if (!isLiteral[b])
        return false;
    return true;
  }
  static void finishBlock(std::string &block) {
    uint32_t sum = blockChecksum(
        reinterpret_cast<const uint8_t *>(block.data()), block.size());
    support::endian::write32le(block.data(), sum);
  }

  ArrayRef<uint32_t> values;
  unsigned numColumns;
  uint32_t rowsPerBlock;
  uint64_t numRows;
  unsigned offsetWidth;
  unsigned windowRows;
  bool allowCopies;
  bool chainedPatches;
  /// The order encodeCopy looks at the columns in (see there).
  uint8_t columnOrder[kMaxColumns];
  std::vector<bool> isLiteral;
  /// Window hash -> the first rows (every windowRows-th row of each literal
  /// block) where it occurs, earliest first. Only looked up, never iterated,
  /// so the output does not depend on the map's layout.
  DenseMap<uint64_t, SmallVector<uint32_t, kPositionsPerWindow>> windows;
};

uint64_t Encoder::windowHash(uint64_t r) const {
  const uint32_t *base = row(r);
  uint64_t h = 0x9E3779B97F4A7C15ull;
  for (unsigned j = 1; j < windowRows; ++j) {
    const uint32_t *cur = row(r + j);
    for (unsigned c = 0; c < numColumns; ++c) {
      h = (h ^ uint32_t(cur[c] - base[c])) * 0xBF58476D1CE4E5B9ull;
      h ^= h >> 31;
    }
  }
  // DenseMap reserves ~0 and ~0 - 1 as empty and tombstone keys.
  return h >> 1;
}

void Encoder::encodeLiteral(uint64_t first, uint32_t n,
                            std::string &out) const {
  out.assign(kLiteralFixedSize + offsetWidth * (numColumns - 1), '\0');
  out[kKindOffset] = char(ColumnBlockKind::Literal);
  uint8_t packedMask = 0;
  std::string runs;
  for (unsigned c = 0; c < numColumns; ++c) {
    if (c > 0) {
      char *field = out.data() + kLiteralFixedSize + offsetWidth * (c - 1);
      if (offsetWidth == 2)
        support::endian::write16le(field, uint16_t(out.size()));
      else
        support::endian::write32le(field, uint32_t(out.size()));
    }
    // Runs of arithmetic progressions, greedy, as in format 1.0.
    runs.clear();
    unsigned numRuns = 0;
    int64_t prev = 0;
    uint32_t i = 0, lo = UINT32_MAX, hi = 0;
    while (i < n) {
      int64_t d = int64_t(row(first + i)[c]) - prev;
      uint32_t len = 1;
      while (i + len < n && int64_t(row(first + i + len)[c]) -
                                    int64_t(row(first + i + len - 1)[c]) ==
                                d)
        ++len;
      appendVarint(runs, zigzagEncode(d) << 3 | std::min<uint64_t>(len - 1, 7));
      if (len >= 8)
        appendVarint(runs, len - 8);
      prev += d * int64_t(len);
      i += len;
      ++numRuns;
    }
    for (uint32_t j = 0; j < n; ++j) {
      lo = std::min(lo, row(first + j)[c]);
      hi = std::max(hi, row(first + j)[c]);
    }
    // Bit-packed: O(1) access, and smaller than runs for columns without
    // progressions (call locations, random ids). Ties go to packing, and so
    // does a column of many runs when packing costs at most half as much
    // again: a lookup then reads one value instead of up to B/2 runs
    // (measured on the 1M-op section: handle rows 7M/s -> 13M/s for 2% more
    // bytes).
    unsigned width = hi == lo ? 0 : 32 - llvm::countl_zero(hi - lo);
    std::string packed;
    appendVarint(packed, lo);
    packed.push_back(char(width));
    size_t dataStart = packed.size();
    packed.resize(dataStart + (uint64_t(n) * width + 7) / 8, '\0');
    uint64_t acc = 0;
    unsigned numBits = 0;
    size_t at = dataStart;
    for (uint32_t j = 0; j < n && width; ++j) {
      acc |= uint64_t(row(first + j)[c] - lo) << numBits;
      for (numBits += width; numBits >= 8; numBits -= 8, acc >>= 8)
        packed[at++] = char(acc);
    }
    if (numBits)
      packed[at++] = char(acc);
    assert(at == packed.size() && "packed size");
    bool usePacked =
        packed.size() <= runs.size() ||
        (numRuns > kPackMinRuns &&
         packed.size() * 100 <= runs.size() * (100 + kPackSlackPercent));
    if (usePacked)
      packedMask |= 1 << c;
    out += usePacked ? packed : runs;
  }
  out[kPackedMaskOffset] = char(packedMask);
  finishBlock(out);
}

unsigned Encoder::chooseColumnDelta(uint64_t first, uint32_t n, uint64_t source,
                                    unsigned c, uint32_t hint, uint64_t enough,
                                    uint32_t &delta, bool &keepZero) const {
  // The delta of most rows (Boyer-Moore majority vote, over the rows whose
  // source is not 0 when there are any: 0 means "none" in the section's
  // tables and does not move with the layer), then whether a 0 staying 0
  // saves patches.
  // When the matched window's delta fits every row, it is the vote's
  // choice too (every row votes for it), with no miss: nothing to count.
  uint32_t exact = 0;
  while (exact < n && row(first + exact)[c] == row(source + exact)[c] + hint)
    ++exact;
  if (exact == n) {
    delta = hint;
    keepZero = false;
    return 0;
  }
  uint32_t candidate = 0, votes = 0;
  bool anyNonZero = false;
  for (uint32_t j = 0; j < n && !anyNonZero; ++j)
    anyNonZero = row(source + j)[c] != 0;
  for (uint32_t j = 0; j < n; ++j) {
    uint32_t src = row(source + j)[c];
    if (anyNonZero && src == 0)
      continue;
    uint32_t d = row(first + j)[c] - src;
    if (votes == 0)
      candidate = d;
    votes += d == candidate ? 1 : -1;
  }
  // Of the vote's and the matched window's delta, each with and without
  // keep-zero, the one that leaves the fewest patches (the vote alone loses
  // when most rows of the column are 0 or patched).
  uint32_t options[2] = {candidate, hint};
  unsigned numOptions = candidate == hint ? 1 : 2;
  unsigned bestMisses = ~0u;
  // An option stops counting once both of its counts reach `enough`: it
  // then cannot be the column's choice (a surviving choice has fewer), and
  // when every option stops the caller rejects the copy, as it would with
  // the whole count. Most candidates are rejected, most after a few rows.
  for (uint32_t d : ArrayRef<uint32_t>(options, numOptions)) {
    unsigned plainMisses = 0, keepMisses = 0;
    for (uint32_t j = 0; j < n; ++j) {
      uint32_t src = row(source + j)[c], dst = row(first + j)[c];
      plainMisses += dst != src + d;
      keepMisses += dst != (src == 0 ? 0 : src + d);
      if (plainMisses >= enough && keepMisses >= enough)
        break;
    }
    if (plainMisses < bestMisses) {
      bestMisses = plainMisses;
      delta = d;
      keepZero = false;
    }
    if (keepMisses < bestMisses) {
      bestMisses = keepMisses;
      delta = d;
      keepZero = true;
    }
  }
  return bestMisses;
}

bool Encoder::encodeCopy(uint64_t first, uint32_t n, uint64_t source,
                         const uint32_t *hint, size_t limit, std::string &out,
                         unsigned &numPatches) {
  // Per column, a delta and whether a 0 stays 0 (chooseColumnDelta).
  uint32_t delta[kMaxColumns];
  uint8_t keepZero = 0;
  // The bytes a copy takes at least: its fixed part, a byte for the source,
  // for each column's delta and for the patch count, and two per patch. Each
  // column's misses are its patches, so once this bound reaches `limit` the
  // copy is rejected without looking at the remaining columns (most
  // candidates are; the patch loop below would reject them the same way).
  uint64_t minSize = kCopyFixedSize + 1 + numColumns + 1;
  if (minSize >= limit)
    return false;
  // Each column's choice depends on that column alone, and a copy is kept
  // only when the sum over all columns stays under `limit`: the columns can
  // be looked at in any order with the same result. The column that
  // rejected the last candidate goes first, as it will likely reject the
  // next one too.
  for (unsigned i = 0; i < numColumns; ++i) {
    unsigned c = columnOrder[i];
    // The copy survives this column only with fewer than `enough` misses
    // (2 * misses < limit - minSize).
    bool keep = false;
    unsigned bestMisses =
        chooseColumnDelta(first, n, source, c, hint[c],
                          (limit - minSize + 1) / 2, delta[c], keep);
    if (keep)
      keepZero |= 1 << c;
    minSize += 2 * uint64_t(bestMisses);
    if (minSize >= limit) {
      // Column c moves to the front (i < kMaxColumns: numColumns is checked
      // when the table is encoded).
      for (unsigned k = std::min(i, kMaxColumns - 1); k > 0; --k)
        columnOrder[k] = columnOrder[k - 1];
      columnOrder[0] = uint8_t(c);
      return false;
    }
  }
  out.assign(kCopyFixedSize, '\0');
  out[kKindOffset] = char(ColumnBlockKind::Copy);
  out[kZeroMaskOffset] = char(keepZero);
  appendVarint(out, source);
  for (unsigned c = 0; c < numColumns; ++c)
    appendVarint(out, zigzagEncode(int32_t(delta[c])));
  // A patch costs at least two bytes: give up as soon as the copy cannot
  // beat `limit`.
  SmallVector<std::pair<uint32_t, uint32_t>, 16> patches;
  for (uint32_t j = 0; j < n; ++j) {
    const uint32_t *src = row(source + j), *dst = row(first + j);
    for (unsigned c = 0; c < numColumns; ++c) {
      uint32_t expected =
          src[c] == 0 && (keepZero >> c & 1) ? 0 : src[c] + delta[c];
      if (dst[c] == expected)
        continue;
      patches.emplace_back(j * numColumns + c, dst[c] - expected);
      if (out.size() + 1 + 2 * patches.size() >= limit)
        return false;
    }
  }
  appendVarint(out, patches.size());
  int64_t prev = -1;
  // Chained (format 5.0): relative to the column's previous patch. Where a
  // column holds two kinds of value, say sites that repeat per layer and a
  // fused kernel's site that is new in every layer, the new ones are patches
  // that all differ from their source by the same amount (the kernels
  // between source and copy): one byte each instead of three.
  uint32_t previousDiff[kMaxColumns] = {};
  for (auto [pos, diff] : patches) {
    appendVarint(out, uint64_t(int64_t(pos) - prev - 1));
    uint32_t coded = diff;
    if (chainedPatches) {
      uint32_t &previous = previousDiff[pos % numColumns];
      coded = diff - previous;
      previous = diff;
    }
    appendVarint(out, zigzagEncode(int32_t(coded)));
    prev = pos;
  }
  if (out.size() >= limit)
    return false;
  numPatches = patches.size();
  finishBlock(out);
  return true;
}

EncodedColumnTable Encoder::run() {
  EncodedColumnTable result;
  uint64_t numBlocks = (numRows + rowsPerBlock - 1) / rowsPerBlock;
  isLiteral.assign(numBlocks, false);
  std::string literal, copy, best;
  for (uint64_t b = 0; b < numBlocks; ++b) {
    appendU32(result.index, result.blocks.size());
    uint64_t first = b * rowsPerBlock;
    uint32_t n = std::min<uint64_t>(rowsPerBlock, numRows - first);
    encodeLiteral(first, n, literal);
    bool isCopy = false;
    if (allowCopies && n >= windowRows) {
      // Probe every window of the block, so a copy is found even when its
      // first rows are patched; verify each distinct source once.
      SmallVector<uint64_t, kCandidatesPerBlock> tried;
      unsigned bestPatches = ~0u;
      for (uint32_t o = 0; o + windowRows <= n && bestPatches != 0; ++o) {
        auto it = windows.find(windowHash(first + o));
        if (it == windows.end())
          continue;
        for (uint32_t p : it->second) {
          if (p < o || uint64_t(p) - o + n > first)
            continue;
          uint64_t source = p - o;
          if (llvm::is_contained(tried, source))
            continue;
          if (tried.size() == kCandidatesPerBlock)
            break;
          tried.push_back(source);
          if (!allLiteral(source, n))
            continue;
          uint32_t hint[kMaxColumns];
          for (unsigned c = 0; c < numColumns; ++c)
            hint[c] = row(first + o)[c] - row(p)[c];
          unsigned patches;
          size_t limit =
              isCopy ? best.size() : literal.size() * kCopyMaxPercent / 100;
          if (encodeCopy(first, n, source, hint, limit, copy, patches)) {
            std::swap(best, copy);
            isCopy = true;
            bestPatches = patches;
          }
          if (bestPatches == 0)
            break;
        }
        if (tried.size() == kCandidatesPerBlock)
          break;
      }
    }
    result.blocks += isCopy ? best : literal;
    if (isCopy)
      continue;
    isLiteral[b] = true;
    if (!allowCopies)
      continue;
    for (uint64_t p = first; p < first + n && p + windowRows <= numRows;
         p += windowRows) {
      auto &positions = windows[windowHash(p)];
      if (positions.size() < kPositionsPerWindow)
        positions.push_back(uint32_t(p));
    }
  }
  appendU32(result.index, result.blocks.size());
  return result;
}

} // namespace

EncodedColumnTable encodeColumnTable(ArrayRef<uint32_t> values,
                                     unsigned numColumns,
                                     const ColumnTableOptions &options) {
  assert(numColumns >= 1 && numColumns <= kMaxColumns && "bad column count");
  assert(options.rowsPerBlock > 0 && "bad block size");
  assert(values.size() % numColumns == 0 && "partial row");
  assert(values.size() / numColumns <= UINT32_MAX && "too many rows");
  Encoder encoder(values, numColumns, options);
  EncodedColumnTable result = encoder.run();
  assert(result.blocks.size() <= UINT32_MAX && "blocks exceed 4 GiB");
  return result;
}

//===----------------------------------------------------------------------===//
// Reader
//===----------------------------------------------------------------------===//

namespace {

/// One column of a stream table in `mode` (StreamColumnMode): the varints
/// only, without the mode byte.
std::string encodeStreamColumn(ArrayRef<uint32_t> values, unsigned numColumns,
                               unsigned column, StreamColumnMode mode) {
  std::string out;
  size_t numRows = values.size() / numColumns;
  uint32_t prev = 0;
  int64_t max = -1; // Of the column so far: the next new value is max + 1.
  for (size_t r = 0; r < numRows; ++r) {
    uint32_t value = values[r * numColumns + column];
    uint64_t zz = zigzagEncode(int32_t(value - prev));
    if (mode == StreamColumnMode::Delta) {
      appendVarint(out, zz);
      prev = value;
      continue;
    }
    if (int64_t(value) == max + 1) {
      appendVarint(out, 0);
      max = value;
      if (mode == StreamColumnMode::NewAndDelta)
        prev = value;
      continue;
    }
    appendVarint(out, zz + 1);
    prev = value;
    max = std::max<int64_t>(max, value);
  }
  return out;
}

} // namespace

std::string encodeStreamTable(ArrayRef<uint32_t> values, unsigned numColumns,
                              bool columnModes, bool chooseModes) {
  std::string out;
  for (unsigned c = 0; c < numColumns; ++c) {
    if (!columnModes || !chooseModes) {
      if (columnModes)
        out += char(StreamColumnMode::Delta);
      out += encodeStreamColumn(values, numColumns, c, StreamColumnMode::Delta);
      continue;
    }
    // Each mode's column, compressed alone (zstd level 3: fast, and ranks
    // the modes as level 19 does on the generated and torchvision models);
    // the smallest wins, the first of equals. Without zstd: the shortest.
    std::string best;
    size_t bestSize = SIZE_MAX;
    unsigned bestMode = 0;
    for (unsigned mode = 0; mode < kNumStreamColumnModes; ++mode) {
      std::string column =
          encodeStreamColumn(values, numColumns, c, StreamColumnMode(mode));
      size_t size = column.size();
      if (compression::zstd::isAvailable()) {
        SmallVector<uint8_t, 0> packed;
        compression::zstd::compress(
            ArrayRef<uint8_t>(reinterpret_cast<const uint8_t *>(column.data()),
                              column.size()),
            packed, /*Level=*/3);
        size = packed.size();
      }
      if (size < bestSize) {
        bestSize = size;
        bestMode = mode;
        best = std::move(column);
      }
    }
    out += char(bestMode);
    out += best;
  }
  return out;
}

Error ColumnTableReader::checkStreamSize(StringRef name, uint64_t size,
                                         uint64_t fileOffset, uint64_t numRows,
                                         unsigned numColumns,
                                         bool columnModes) {
  uint64_t minBytes = numRows * numColumns + (columnModes ? numColumns : 0);
  if (minBytes > size)
    return makeError("{0}: {1} rows of {2} columns need at least {3} bytes, "
                     "the table at offset {4} has {5}",
                     name, numRows, numColumns, minBytes, fileOffset, size);
  return Error::success();
}

Expected<ColumnTableReader>
ColumnTableReader::createStream(StringRef name, ArrayRef<uint8_t> bytes,
                                uint64_t fileOffset, uint32_t numRows,
                                unsigned numColumns, bool columnModes) {
  if (numColumns < 1 || numColumns > kMaxColumns)
    return makeError("{0}: {1} columns at offset {2}: a table has 1 to {3}",
                     name, numColumns, fileOffset, kMaxColumns);
  // Every value takes at least one byte: checked before allocating, so a
  // crafted row count cannot make the reader allocate more than 4 bytes
  // per byte of the table.
  if (Error err = checkStreamSize(name, bytes.size(), fileOffset, numRows,
                                  numColumns, columnModes))
    return std::move(err);
  uint64_t numValues = uint64_t(numRows) * numColumns;
  ColumnTableReader reader;
  reader.name = name.str();
  reader.numRows = numRows;
  reader.numColumns = numColumns;
  reader.isStream = true;
  reader.decoded.resize(numValues);
  const uint8_t *begin = bytes.data(), *p = begin, *end = begin + bytes.size();
  for (unsigned c = 0; c < numColumns; ++c) {
    auto mode = StreamColumnMode::Delta;
    if (columnModes) {
      // The size check above leaves a byte for every mode and value.
      if (*p >= kNumStreamColumnModes)
        return makeError("{0}: column {1} at offset {2}: unknown column mode "
                         "{3}",
                         name, c, fileOffset + uint64_t(p - begin),
                         unsigned(*p));
      mode = StreamColumnMode(*p++);
    }
    uint32_t prev = 0;
    int64_t max = -1; // Of the column so far (NewAnd* modes).
    for (uint32_t r = 0; r < numRows; ++r) {
      uint64_t z = 0;
      const uint8_t *at = p, *errorAt = nullptr;
      VarintStatus status = decodeVarint(p, end, z, errorAt);
      if (status != VarintStatus::Ok)
        return makeError("{0}: row {1}, column {2} at offset {3}: {4}", name, r,
                         c, fileOffset + uint64_t(at - begin),
                         status == VarintStatus::PastEnd
                             ? "varint runs past the end of the table"
                             : "varint exceeds 64 bits");
      uint32_t value;
      if (mode != StreamColumnMode::Delta && z == 0) {
        // The column's next new value.
        if (max == int64_t(UINT32_MAX))
          return makeError("{0}: row {1}, column {2} at offset {3}: a new "
                           "value after 4294967295",
                           name, r, c, fileOffset + uint64_t(at - begin));
        value = uint32_t(max + 1);
        max = value;
        if (mode == StreamColumnMode::NewAndDelta)
          prev = value;
        reader.decoded[uint64_t(r) * numColumns + c] = value;
        continue;
      }
      if (mode != StreamColumnMode::Delta)
        --z;
      if (z > UINT32_MAX)
        return makeError("{0}: row {1}, column {2} at offset {3}: difference "
                         "{4} is not a signed 32-bit value",
                         name, r, c, fileOffset + uint64_t(at - begin), z);
      value = prev + uint32_t(zigzagDecode(z));
      prev = value;
      max = std::max<int64_t>(max, value);
      reader.decoded[uint64_t(r) * numColumns + c] = value;
    }
  }
  if (p != end)
    return makeError("{0}: {1} bytes after the last value at offset {2}", name,
                     uint64_t(end - p), fileOffset + uint64_t(p - begin));
  return reader;
}

ColumnTableReader::ColumnTableReader(ColumnTableReader &&other) noexcept =
    default;
ColumnTableReader &
ColumnTableReader::operator=(ColumnTableReader &&other) noexcept = default;
ColumnTableReader::~ColumnTableReader() = default;

Expected<ColumnTableReader> ColumnTableReader::create(
    StringRef name, ArrayRef<uint8_t> index, uint64_t indexFileOffset,
    ArrayRef<uint8_t> blocks, uint64_t blocksFileOffset, uint32_t numRows,
    unsigned numColumns, uint32_t rowsPerBlock, bool chainedPatches) {
  if (numColumns < 1 || numColumns > kMaxColumns)
    return makeError("{0}: {1} columns at offset {2}: a table has 1 to {3}",
                     name, numColumns, indexFileOffset, kMaxColumns);
  if (rowsPerBlock == 0)
    return makeError("{0}: 0 rows per block (table index at offset {1})", name,
                     indexFileOffset);
  uint64_t numBlocks = (uint64_t(numRows) + rowsPerBlock - 1) / rowsPerBlock;
  if (index.size() != 4 * (numBlocks + 1))
    return makeError("{0}: the index at offset {1} has {2} bytes; {3} rows in "
                     "blocks of {4} need {5}",
                     name, indexFileOffset, index.size(), numRows, rowsPerBlock,
                     4 * (numBlocks + 1));
  if (blocks.size() > UINT32_MAX)
    return makeError("{0}: {1} bytes of blocks at offset {2} exceed the u32 "
                     "index",
                     name, blocks.size(), blocksFileOffset);
  if (uint32_t first = readU32(index.data()))
    return makeError("{0}: index entry 0 at offset {1} is {2}, not 0", name,
                     indexFileOffset, first);
  if (uint32_t last = readU32(index.data() + 4 * numBlocks);
      last != blocks.size())
    return makeError("{0}: index entry {1} at offset {2} is {3}, not the "
                     "blocks' size {4}",
                     name, numBlocks, indexFileOffset + 4 * numBlocks, last,
                     blocks.size());
  ColumnTableReader reader;
  reader.name = name.str();
  reader.index = index.data();
  reader.blocks = blocks.data();
  reader.indexFileOffset = indexFileOffset;
  reader.blocksFileOffset = blocksFileOffset;
  reader.blocksSize = blocks.size();
  reader.numRows = numRows;
  reader.rowsPerBlock = rowsPerBlock;
  reader.numBlocks = uint32_t(numBlocks);
  reader.numColumns = numColumns;
  reader.chainedPatches = chainedPatches;
  reader.offsetWidth = rowsPerBlock <= kMaxRowsForU16Offsets ? 2 : 4;
  reader.blockShift =
      llvm::has_single_bit(rowsPerBlock) ? llvm::countr_zero(rowsPerBlock) : -1;
  reader.validated.reset(new std::atomic<uint64_t>[(numBlocks + 63) / 64]());
  return std::move(reader);
}

Error ColumnTableReader::blockError(uint32_t block, uint64_t blockOffset,
                                    uint64_t offset, const Twine &what) const {
  return makeError("{0}: bad block {1} (rows {2}.., block at offset {3}): {4} "
                   "at offset {5}",
                   name, block, uint64_t(block) * rowsPerBlock,
                   blocksFileOffset + blockOffset, what.str(),
                   blocksFileOffset + offset);
}

Error ColumnTableReader::getBlockRange(uint32_t block, uint32_t &begin,
                                       uint32_t &end) const {
  begin = readU32(index + 4 * uint64_t(block));
  end = readU32(index + 4 * uint64_t(block) + 4);
  if (begin > end)
    return makeError("{0}: bad index entry {1} at offset {2}: {3} is below "
                     "entry {4} ({5}), so block {4} would end before it "
                     "starts",
                     name, block + 1, indexFileOffset + 4 * (block + 1), end,
                     block, begin);
  if (end > blocksSize)
    return makeError("{0}: bad index entry {1} at offset {2}: block {3} ends "
                     "at {4}, past the {5} bytes of blocks",
                     name, block + 1, indexFileOffset + 4 * (block + 1), block,
                     end, blocksSize);
  return Error::success();
}

Error ColumnTableReader::validateBlock(uint32_t block) const {
  uint32_t begin, end;
  if (Error err = getBlockRange(block, begin, end))
    return err;
  uint32_t size = end - begin;
  if (size < kBlockHeaderSize)
    return blockError(block, begin, end,
                      formatv("truncated: {0} bytes, the block header needs "
                              "{1}",
                              size, kBlockHeaderSize));
  const uint8_t *data = blocks + begin;
  uint32_t stored = readU32(data), computed = blockChecksum(data, size);
  if (stored != computed)
    return blockError(block, begin, begin,
                      formatv("checksum mismatch (stored {0:x8}, computed "
                              "{1:x8})",
                              stored, computed));
  uint8_t kind = data[kKindOffset];
  if (kind == uint8_t(ColumnBlockKind::Literal)) {
    if (Error err = validateLiteral(block, data, size))
      return err;
  } else if (kind == uint8_t(ColumnBlockKind::Copy)) {
    if (Error err = validateCopy(block, data, size))
      return err;
  } else {
    return blockError(block, begin, begin + kKindOffset,
                      formatv("unknown block kind {0}", kind));
  }
  validated[block >> 6].fetch_or(uint64_t(1) << (block & 63),
                                 std::memory_order_relaxed);
  return Error::success();
}

Error ColumnTableReader::validateLiteral(uint32_t block, const uint8_t *data,
                                         uint32_t size) const {
  uint64_t begin = data - blocks;
  uint64_t first = uint64_t(block) * rowsPerBlock;
  uint64_t n = std::min<uint64_t>(rowsPerBlock, numRows - first);
  uint32_t headerSize = kLiteralFixedSize + offsetWidth * (numColumns - 1);
  if (size < headerSize)
    return blockError(block, begin, begin + size,
                      formatv("truncated: {0} bytes, a literal block's "
                              "header needs {1}",
                              size, headerSize));
  uint8_t packedMask = data[kPackedMaskOffset];
  if (packedMask >> numColumns)
    return blockError(block, begin, begin + kPackedMaskOffset,
                      formatv("packed-column flags {0:x2} name a column past "
                              "the {1} columns",
                              packedMask, numColumns));
  uint32_t offsets[kMaxColumns + 1];
  offsets[0] = headerSize;
  offsets[numColumns] = size;
  for (unsigned c = 1; c < numColumns; ++c) {
    const uint8_t *field = data + kLiteralFixedSize + offsetWidth * (c - 1);
    offsets[c] = offsetWidth == 2 ? readU16(field) : readU32(field);
    if (offsets[c] < offsets[c - 1] || offsets[c] > size)
      return blockError(block, begin, field - blocks,
                        formatv("column {0} starts at byte {1}, outside "
                                "[{2}, {3}]",
                                c, offsets[c], offsets[c - 1], size));
  }
  for (unsigned c = 0; c < numColumns; ++c) {
    const uint8_t *p = data + offsets[c], *end = data + offsets[c + 1];
    if (Error err = packedMask >> c & 1
                        ? validatePackedColumn(block, begin, c, n, p, end)
                        : validateRunColumn(block, begin, c, n, p, end))
      return err;
  }
  return Error::success();
}

Error ColumnTableReader::columnVarintError(uint32_t block, uint64_t begin,
                                           unsigned c, VarintStatus status,
                                           const uint8_t *at) const {
  return blockError(
      block, begin, at - blocks,
      status == VarintStatus::PastEnd
          ? formatv("varint runs past the end of column {0}", c).str()
          : std::string("varint exceeds 64 bits"));
}

/// A bit-packed column: base, width, then n values of `width` bits.
Error ColumnTableReader::validatePackedColumn(uint32_t block, uint64_t begin,
                                              unsigned c, uint64_t n,
                                              const uint8_t *p,
                                              const uint8_t *end) const {
  const uint8_t *errorAt = nullptr;
  auto varintError = [&](VarintStatus status, const uint8_t *at) {
    return columnVarintError(block, begin, c, status, at);
  };
  uint64_t base;
  if (VarintStatus st = decodeVarint(p, end, base, errorAt);
      st != VarintStatus::Ok)
    return varintError(st, errorAt);
  if (base > UINT32_MAX)
    return blockError(
        block, begin, p - 1 - blocks,
        formatv("packed column {0}: base {1} exceeds u32", c, base));
  if (p == end)
    return blockError(block, begin, p - blocks,
                      formatv("truncated: packed column {0} has no width", c));
  unsigned width = *p++;
  if (width > 32)
    return blockError(
        block, begin, p - 1 - blocks,
        formatv("packed column {0}: width {1} exceeds 32", c, width));
  uint64_t bytes = (n * width + 7) / 8;
  if (uint64_t(end - p) != bytes)
    return blockError(
        block, begin, (uint64_t(end - p) < bytes ? end : p + bytes) - blocks,
        formatv("packed column {0} has {1} bytes of values, {2} entries "
                "of {3} bits need {4}",
                c, end - p, n, width, bytes));
  // Width 0 stores no bits (every value is the base, checked above), so
  // its n is not bounded by the block's bytes: a crafted header makes a
  // 2^32-row block of a few bytes, whose rows must not be visited one by
  // one. Any other width has n <= 8 * bytes.
  uint64_t maxValue = 0;
  for (uint64_t j = 0; width && j < n; ++j)
    maxValue = std::max<uint64_t>(maxValue, readPacked(p, j, width));
  if (base + maxValue > UINT32_MAX)
    return blockError(block, begin, p - blocks,
                      formatv("packed column {0} leaves the u32 range", c));
  // Canonical: the padding bits of the last byte are 0.
  if (uint64_t used = n * width % 8; used && p[bytes - 1] >> used)
    return blockError(block, begin, p + bytes - 1 - blocks,
                      formatv("packed column {0}: padding bits are not 0", c));
  return Error::success();
}

/// A run-coded column: runs of arithmetic progressions covering n entries.
Error ColumnTableReader::validateRunColumn(uint32_t block, uint64_t begin,
                                           unsigned c, uint64_t n,
                                           const uint8_t *p,
                                           const uint8_t *end) const {
  const uint8_t *errorAt = nullptr;
  auto varintError = [&](VarintStatus status, const uint8_t *at) {
    return columnVarintError(block, begin, c, status, at);
  };
  uint64_t covered = 0;
  int64_t prev = 0;
  while (covered < n) {
    const uint8_t *runStart = p;
    uint64_t h, len;
    if (VarintStatus st = decodeVarint(p, end, h, errorAt);
        st != VarintStatus::Ok)
      return varintError(st, errorAt);
    int64_t d = zigzagDecode(h >> 3);
    len = (h & 7) + 1;
    if ((h & 7) == 7) {
      uint64_t extra;
      if (VarintStatus st = decodeVarint(p, end, extra, errorAt);
          st != VarintStatus::Ok)
        return varintError(st, errorAt);
      // Saturated: 8 + extra wraps for extra near 2^64.
      len = extra > n ? UINT64_MAX : 8 + extra;
    }
    if (len > n - covered)
      return blockError(block, begin, runStart - blocks,
                        formatv("run covers {0} entries, only {1} remain "
                                "in column {2}",
                                len == UINT64_MAX ? std::string("> 2^64")
                                                  : std::to_string(len),
                                n - covered, c));
    // Values stay in u32 at every step iff the first and last do (the
    // progression is monotonic); bounding |d| keeps this inside int64.
    bool tooWide = d > int64_t(UINT32_MAX) || d < -int64_t(UINT32_MAX);
    int64_t firstValue = prev + d;
    int64_t last = tooWide ? -1 : prev + d * int64_t(len);
    if (tooWide || firstValue < 0 || firstValue > UINT32_MAX || last < 0 ||
        last > UINT32_MAX)
      return blockError(block, begin, runStart - blocks,
                        formatv("run leaves the u32 range in column {0}", c));
    prev = last;
    covered += len;
  }
  if (p != end)
    return blockError(block, begin, p - blocks,
                      formatv("{0} leftover bytes after the {1} entries "
                              "of column {2}",
                              end - p, n, c));
  return Error::success();
}

// About 100 lines on purpose: the checks follow the copy block's fields in
// the order docs/debug-section-format.md lists them.
Error ColumnTableReader::validateCopy(uint32_t block, const uint8_t *data,
                                      uint32_t size) const {
  uint64_t begin = data - blocks;
  uint64_t first = uint64_t(block) * rowsPerBlock;
  uint64_t n = std::min<uint64_t>(rowsPerBlock, numRows - first);
  if (size < kCopyFixedSize)
    return blockError(block, begin, begin + size,
                      formatv("truncated: {0} bytes, a copy block's header "
                              "needs {1}",
                              size, kCopyFixedSize));
  if (uint8_t keepZero = data[kZeroMaskOffset]; keepZero >> numColumns)
    return blockError(block, begin, begin + kZeroMaskOffset,
                      formatv("keep-zero flags {0:x2} name a column past the "
                              "{1} columns",
                              keepZero, numColumns));
  const uint8_t *p = data + kCopyFixedSize, *end = data + size;
  const uint8_t *errorAt = nullptr;
  auto read = [&](uint64_t &value, const char *what) -> Error {
    VarintStatus st = decodeVarint(p, end, value, errorAt);
    if (st == VarintStatus::Ok)
      return Error::success();
    return blockError(block, begin, errorAt - blocks,
                      st == VarintStatus::PastEnd
                          ? formatv("truncated: the {0} runs past the block "
                                    "end",
                                    what)
                                .str()
                          : formatv("the {0} exceeds 64 bits", what).str());
  };
  const uint8_t *sourceAt = p;
  uint64_t source;
  if (Error err = read(source, "source row"))
    return err;
  // Backward only, so a copy never reads itself or rows not yet written.
  if (source > first || n > first - source)
    return blockError(block, begin, sourceAt - blocks,
                      formatv("copy source rows [{0}, {0} + {1}) do not end "
                              "before the block's first row {2}",
                              source, n, first));
  for (unsigned c = 0; c < numColumns; ++c) {
    const uint8_t *at = p;
    uint64_t zz;
    if (Error err = read(zz, "column delta"))
      return err;
    if (zz > UINT32_MAX)
      return blockError(block, begin, at - blocks,
                        formatv("delta of column {0} is not a zigzag i32", c));
  }
  const uint8_t *countAt = p;
  uint64_t count;
  if (Error err = read(count, "patch count"))
    return err;
  uint64_t cells = n * numColumns;
  if (count > cells)
    return blockError(block, begin, countAt - blocks,
                      formatv("{0} patches for {1} cells", count, cells));
  uint64_t next = 0; // The smallest position the next patch may have.
  for (uint64_t i = 0; i < count; ++i) {
    const uint8_t *at = p;
    uint64_t gap, zz;
    if (Error err = read(gap, "patch position"))
      return err;
    if (gap >= cells - next)
      return blockError(
          block, begin, at - blocks,
          formatv("patch {0} is past the block's {1} cells", i, cells));
    next += gap + 1;
    at = p;
    if (Error err = read(zz, "patch value"))
      return err;
    if (zz > UINT32_MAX)
      return blockError(
          block, begin, at - blocks,
          formatv("patch {0}'s difference is not a zigzag i32", i));
  }
  if (p != end)
    return blockError(
        block, begin, p - blocks,
        formatv("{0} leftover bytes after the {1} patches", end - p, count));
  // One indirection at most: every source row lies in a literal block. The
  // kind byte is looked at before the source is validated so that a chain of
  // copies is rejected here, not followed recursively.
  for (uint64_t b = source / rowsPerBlock,
                last = (source + n - 1) / rowsPerBlock;
       b <= last; ++b) {
    uint32_t srcBegin, srcEnd;
    if (Error err = getBlockRange(uint32_t(b), srcBegin, srcEnd))
      return err;
    if (srcEnd - srcBegin <= kKindOffset ||
        blocks[srcBegin + kKindOffset] != uint8_t(ColumnBlockKind::Literal))
      return blockError(block, begin, sourceAt - blocks,
                        formatv("copy source row {0} lies in block {1}, "
                                "which is not a literal block",
                                std::max(source, b * rowsPerBlock), b));
    // One line, as every reader error is (joinErrors gave two, the second
    // without the tool's "error:" prefix).
    if (Error err = ensureValid(uint32_t(b)))
      return blockError(block, begin, sourceAt - blocks,
                        formatv("copy source block {0} is invalid ({1})", b,
                                toString(std::move(err))));
  }
  return Error::success();
}

uint32_t ColumnTableReader::decodeLiteralCell(const uint8_t *block,
                                              uint32_t entry,
                                              unsigned column) const {
  const uint8_t *p;
  if (column == 0) {
    p = block + kLiteralFixedSize + offsetWidth * (numColumns - 1);
  } else {
    const uint8_t *field =
        block + kLiteralFixedSize + offsetWidth * (column - 1);
    p = block + (offsetWidth == 2 ? readU16(field) : readU32(field));
  }
  if (block[kPackedMaskOffset] >> column & 1) {
    uint32_t base = uint32_t(decodeVarintUnchecked(p));
    unsigned width = *p++;
    return base + uint32_t(readPacked(p, entry, width));
  }
  // Arithmetic mod 2^32: validation proved every true value fits in u32, so
  // the wrapped result is exact.
  uint32_t prev = 0, covered = 0;
  while (true) {
    uint64_t h = decodeVarintUnchecked(p);
    uint32_t d = uint32_t(zigzagDecode(h >> 3));
    uint32_t len = uint32_t(h & 7) + 1;
    if (len == 8)
      len += uint32_t(decodeVarintUnchecked(p));
    if (entry - covered < len)
      return prev + d * (entry - covered + 1);
    prev += d * len;
    covered += len;
  }
}

void ColumnTableReader::decodeRow(uint32_t row, uint32_t *out) const {
  uint32_t block = blockOf(row), entry = row - block * rowsPerBlock;
  const uint8_t *data = blockData(blocks, index, block);
  if (data[kKindOffset] == uint8_t(ColumnBlockKind::Literal)) {
    for (unsigned c = 0; c < numColumns; ++c)
      out[c] = decodeLiteralCell(data, entry, c);
    return;
  }
  uint8_t keepZero = data[kZeroMaskOffset];
  const uint8_t *p = data + kCopyFixedSize;
  uint64_t source = decodeVarintUnchecked(p) + entry;
  uint32_t srcBlock = blockOf(uint32_t(source));
  const uint8_t *src = blockData(blocks, index, srcBlock);
  uint32_t srcEntry = uint32_t(source) - srcBlock * rowsPerBlock;
  for (unsigned c = 0; c < numColumns; ++c) {
    uint32_t value = decodeLiteralCell(src, srcEntry, c);
    uint32_t delta = uint32_t(zigzagDecode(decodeVarintUnchecked(p)));
    out[c] = value == 0 && (keepZero >> c & 1) ? 0 : value + delta;
  }
  uint64_t count = decodeVarintUnchecked(p);
  uint64_t lo = uint64_t(entry) * numColumns, hi = lo + numColumns;
  uint64_t pos = 0;
  uint32_t previousDiff[kMaxColumns] = {};
  for (uint64_t i = 0; i < count; ++i) {
    pos += decodeVarintUnchecked(p);
    uint32_t diff = uint32_t(zigzagDecode(decodeVarintUnchecked(p)));
    if (pos >= hi)
      break;
    if (chainedPatches) {
      uint32_t &previous = previousDiff[pos % numColumns];
      diff += previous;
      previous = diff;
    }
    if (pos >= lo)
      out[pos - lo] += diff;
    ++pos;
  }
}

uint32_t ColumnTableReader::decodeCell(uint32_t row, unsigned column) const {
  uint32_t block = blockOf(row), entry = row - block * rowsPerBlock;
  const uint8_t *data = blockData(blocks, index, block);
  if (data[kKindOffset] == uint8_t(ColumnBlockKind::Literal))
    return decodeLiteralCell(data, entry, column);
  const uint8_t *p = data + kCopyFixedSize;
  uint64_t source = decodeVarintUnchecked(p) + entry;
  uint32_t delta = 0;
  for (unsigned c = 0; c < numColumns; ++c) {
    uint32_t d = uint32_t(zigzagDecode(decodeVarintUnchecked(p)));
    if (c == column)
      delta = d;
  }
  uint32_t srcBlock = blockOf(uint32_t(source));
  uint32_t value =
      decodeLiteralCell(blockData(blocks, index, srcBlock),
                        uint32_t(source) - srcBlock * rowsPerBlock, column);
  if (value != 0 || !(data[kZeroMaskOffset] >> column & 1))
    value += delta;
  uint64_t count = decodeVarintUnchecked(p);
  uint64_t want = uint64_t(entry) * numColumns + column, pos = 0;
  uint32_t previousDiff = 0; // Of the column's patches so far (chained).
  for (uint64_t i = 0; i < count; ++i) {
    pos += decodeVarintUnchecked(p);
    uint32_t diff = uint32_t(zigzagDecode(decodeVarintUnchecked(p)));
    if (chainedPatches && pos % numColumns == column) {
      diff += previousDiff;
      previousDiff = diff;
    }
    if (pos >= want) {
      if (pos == want)
        value += diff;
      break;
    }
    ++pos;
  }
  return value;
}

Error ColumnTableReader::getRow(uint32_t row, uint32_t *out) const {
  if (row >= numRows)
    return makeError("{0}: row {1} out of range: the table has {2} rows", name,
                     row, numRows);
  if (isStream) {
    std::copy_n(decoded.data() + uint64_t(row) * numColumns, numColumns, out);
    return Error::success();
  }
  if (Error err = ensureValid(blockOf(row)))
    return err;
  decodeRow(row, out);
  return Error::success();
}

Expected<uint32_t> ColumnTableReader::getCell(uint32_t row,
                                              unsigned column) const {
  if (row >= numRows || column >= numColumns)
    return makeError("{0}: cell ({1}, {2}) out of range: the table has {3} "
                     "rows of {4} columns",
                     name, row, column, numRows, numColumns);
  if (isStream)
    return decoded[uint64_t(row) * numColumns + column];
  if (Error err = ensureValid(blockOf(row)))
    return std::move(err);
  return decodeCell(row, column);
}

Error ColumnTableReader::validateAll() const {
  for (uint32_t b = 0; b < numBlocks; ++b)
    if (Error err = ensureValid(b))
      return err;
  return Error::success();
}

Expected<bool> ColumnTableReader::isCopyBlock(uint32_t block) const {
  if (block >= numBlocks)
    return makeError("{0}: block {1} out of range: the table has {2} blocks",
                     name, block, numBlocks);
  if (Error err = ensureValid(block))
    return std::move(err);
  return blockData(blocks, index, block)[kKindOffset] ==
         uint8_t(ColumnBlockKind::Copy);
}

} // namespace section
} // namespace tg
