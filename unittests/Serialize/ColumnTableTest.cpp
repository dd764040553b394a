//===- ColumnTableTest.cpp - The format-2 column-table block codec --------===//
//
// Round trips of encodeColumnTable / ColumnTableReader, and one test per MUST
// rule of "Block-coded tables" in docs/debug-section-format.md on hand-made or
// corrupted blocks, each checking that the error names the table, the block and
// the file offset.
//
//===----------------------------------------------------------------------===//

#include "tg/Serialize/ColumnTable.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/xxhash.h"

#include "gtest/gtest.h"

#include <random>
#include <thread>

using namespace llvm;
using namespace tg::section;

namespace {

// File offsets given to the reader, so messages carry recognizable offsets.
constexpr uint64_t kIndexOffset = 1000, kBlocksOffset = 5000;

Expected<ColumnTableReader> openTable(const EncodedColumnTable &e,
                                      uint32_t rows, unsigned columns,
                                      uint32_t rowsPerBlock,
                                      bool chained = false) {
  return ColumnTableReader::create(
      "TESTTAB", arrayRefFromStringRef(e.index), kIndexOffset,
      arrayRefFromStringRef(e.blocks), kBlocksOffset, rows, columns,
      rowsPerBlock, chained);
}

EncodedColumnTable encode(ArrayRef<uint32_t> values, unsigned columns,
                          uint32_t rowsPerBlock, bool copies = true,
                          bool chained = false) {
  ColumnTableOptions options;
  options.rowsPerBlock = rowsPerBlock;
  options.allowCopies = copies;
  options.chainedPatches = chained;
  return encodeColumnTable(values, columns, options);
}

/// Every row and cell, first in a random order on a fresh reader (each block
/// validated on first touch), then after validateAll.
void expectRoundTrip(ArrayRef<uint32_t> values, unsigned columns,
                     uint32_t rowsPerBlock, bool copies = true,
                     bool chained = false) {
  SCOPED_TRACE(testing::Message()
               << "columns " << columns << ", B " << rowsPerBlock << ", copies "
               << copies << ", chained " << chained);
  uint32_t rows = values.size() / columns;
  EncodedColumnTable e = encode(values, columns, rowsPerBlock, copies, chained);
  ASSERT_EQ(e.index.size(), 4 * ((rows + rowsPerBlock - 1) / rowsPerBlock + 1));
  Expected<ColumnTableReader> reader =
      openTable(e, rows, columns, rowsPerBlock, chained);
  ASSERT_TRUE(bool(reader)) << toString(reader.takeError());
  std::vector<uint32_t> order(rows);
  for (uint32_t r = 0; r < rows; ++r)
    order[r] = r;
  std::shuffle(order.begin(), order.end(), std::mt19937(3));
  uint32_t out[kMaxColumns];
  for (uint32_t r : order) {
    ASSERT_FALSE(bool(reader->getRow(r, out))) << "row " << r;
    for (unsigned c = 0; c < columns; ++c)
      ASSERT_EQ(out[c], values[size_t(r) * columns + c])
          << "row " << r << " column " << c;
  }
  ASSERT_FALSE(bool(reader->validateAll()));
  for (uint32_t r = 0; r < rows; ++r)
    for (unsigned c = 0; c < columns; ++c) {
      Expected<uint32_t> cell = reader->getCell(r, c);
      ASSERT_TRUE(bool(cell)) << toString(cell.takeError());
      ASSERT_EQ(*cell, values[size_t(r) * columns + c]);
    }
  Error err = reader->getRow(rows, out);
  ASSERT_TRUE(bool(err));
  EXPECT_NE(toString(std::move(err)).find("TESTTAB"), std::string::npos);
}

std::vector<uint32_t> randomValues(size_t count, uint32_t seed) {
  std::mt19937 rng(seed);
  std::vector<uint32_t> v(count);
  for (size_t i = 0; i < count; ++i) {
    // Mixed: extremes, small ranges, progressions, full-range noise.
    switch (rng() % 5) {
    case 0:
      v[i] = rng() % 2 ? 0 : UINT32_MAX;
      break;
    case 1:
      v[i] = rng() % 16;
      break;
    case 2:
      v[i] = i ? v[i - 1] + 1 : 7;
      break;
    default:
      v[i] = rng();
    }
  }
  return v;
}

/// A model-like table: `layers` copies of a random layer of `layerRows`
/// rows, column 0 shifted by `shift` per layer, the other columns equal;
/// with `patchEvery`, every such row's column 1 unique (a fused kernel).
std::vector<uint32_t> layerValues(unsigned columns, uint32_t layerRows,
                                  uint32_t layers, uint32_t shift,
                                  uint32_t patchEvery, uint32_t seed) {
  std::mt19937 rng(seed);
  std::vector<uint32_t> layer(size_t(layerRows) * columns);
  for (uint32_t r = 0; r < layerRows; ++r)
    for (unsigned c = 0; c < columns; ++c)
      layer[r * columns + c] =
          c == 0 ? (r % 11 == 3 ? 0 : 1 + rng() % 5000) : r / 3 + c;
  std::vector<uint32_t> v;
  uint32_t unique = 1u << 30;
  for (uint32_t l = 0; l < layers; ++l)
    for (uint32_t r = 0; r < layerRows; ++r)
      for (unsigned c = 0; c < columns; ++c) {
        uint32_t x = layer[r * columns + c];
        if (c == 0 && x != 0) // 0 is "none": it does not move.
          x += l * shift;
        if (c == 1 % columns && patchEvery && r % patchEvery == 1)
          x = unique++;
        v.push_back(x);
      }
  return v;
}

unsigned countCopies(const EncodedColumnTable &e, uint32_t rows,
                     unsigned columns, uint32_t rowsPerBlock) {
  Expected<ColumnTableReader> reader =
      openTable(e, rows, columns, rowsPerBlock);
  EXPECT_TRUE(bool(reader));
  if (!reader) {
    consumeError(reader.takeError());
    return 0;
  }
  unsigned copies = 0;
  for (uint32_t b = 0; b < reader->getNumBlocks(); ++b) {
    Expected<bool> isCopy = reader->isCopyBlock(b);
    EXPECT_TRUE(bool(isCopy));
    if (isCopy && *isCopy)
      ++copies;
    else if (!isCopy)
      consumeError(isCopy.takeError());
  }
  return copies;
}

TEST(ColumnTable, RoundTripRandom) {
  for (unsigned columns : {1u, 3u, 8u})
    for (uint32_t rowsPerBlock : {1u, 3u, 64u})
      for (uint32_t rows : {0u, 1u, 2u, 100u, 1000u})
        for (bool copies : {false, true})
          expectRoundTrip(
              randomValues(size_t(rows) * columns, rows * 31 + columns),
              columns, rowsPerBlock, copies);
}

TEST(ColumnTable, EmptyTable) {
  EncodedColumnTable e = encode({}, 3, 64);
  EXPECT_EQ(e.index, std::string(4, '\0'));
  EXPECT_TRUE(e.blocks.empty());
  Expected<ColumnTableReader> reader = openTable(e, 0, 3, 64);
  ASSERT_TRUE(bool(reader));
  EXPECT_EQ(reader->getNumBlocks(), 0u);
  EXPECT_FALSE(bool(reader->validateAll()));
  Expected<uint32_t> cell = reader->getCell(0, 0);
  ASSERT_FALSE(bool(cell));
  EXPECT_NE(toString(cell.takeError()).find("out of range"), std::string::npos);
}

TEST(ColumnTable, LargeBlocksUseWideOffsets) {
  // B > 1024: u32 column offsets.
  expectRoundTrip(randomValues(5000 * 3, 9), 3, 2000);
  expectRoundTrip(layerValues(3, 3000, 4, 7000, 0, 9), 3, 2000);
}

TEST(ColumnTable, LayersBecomeCopies) {
  for (unsigned columns : {1u, 3u, 8u})
    for (uint32_t patchEvery : {0u, 37u}) {
      SCOPED_TRACE(testing::Message()
                   << "columns " << columns << ", patchEvery " << patchEvery);
      std::vector<uint32_t> v =
          layerValues(columns, 997, 12, 5000, patchEvery, columns);
      uint32_t rows = v.size() / columns;
      expectRoundTrip(v, columns, 64);
      EncodedColumnTable lit = encode(v, columns, 64, false);
      EncodedColumnTable cp = encode(v, columns, 64, true);
      unsigned numBlocks = (rows + 63) / 64;
      // The first layer is literal; nearly every block after it is a copy.
      unsigned copies = countCopies(cp, rows, columns, 64);
      EXPECT_GT(copies, numBlocks * 8 / 10) << numBlocks << " blocks";
      EXPECT_EQ(countCopies(lit, rows, columns, 64), 0u);
      EXPECT_LT(cp.blocks.size() * 3, lit.blocks.size());
    }
}

TEST(ColumnTable, ChainedPatchesCostLessForNewKernels) {
  // Format 5.0: a fused kernel's row is new in every layer (layerValues'
  // patchEvery), so every copy of a layer patches it, each patch by the
  // same amount (the kernels between source and copy). Chained, the
  // patches after the first of a column cost one byte: the table shrinks
  // (by 2% here, where sources are near; the handle table of 1M generated
  // ops, whose sources are far, by 8%), and reads back only with a reader
  // that chains too.
  for (unsigned columns : {2u, 3u, 8u}) {
    SCOPED_TRACE(testing::Message() << "columns " << columns);
    std::vector<uint32_t> v = layerValues(columns, 997, 12, 5000, 16, columns);
    uint32_t rows = v.size() / columns;
    expectRoundTrip(v, columns, 64, true, /*chained=*/true);
    expectRoundTrip(v, columns, 256, true, /*chained=*/true);
    EncodedColumnTable plain = encode(v, columns, 64, true, false);
    EncodedColumnTable chained = encode(v, columns, 64, true, true);
    EXPECT_LT(chained.blocks.size(), plain.blocks.size());
    Expected<ColumnTableReader> unchained =
        openTable(chained, rows, columns, 64, /*chained=*/false);
    ASSERT_TRUE(bool(unchained)) << toString(unchained.takeError());
    unsigned differ = 0;
    uint32_t out[kMaxColumns];
    for (uint32_t r = 0; r < rows; ++r) {
      ASSERT_FALSE(bool(unchained->getRow(r, out)));
      differ +=
          !std::equal(out, out + columns, v.begin() + size_t(r) * columns);
    }
    EXPECT_GT(differ, 0u);
  }
}

Expected<ColumnTableReader> openStream(const std::string &bytes, uint32_t rows,
                                       unsigned columns, bool modes) {
  return ColumnTableReader::createStream("TESTTAB",
                                         arrayRefFromStringRef(bytes),
                                         kBlocksOffset, rows, columns, modes);
}

TEST(ColumnTable, StreamTablesRoundTrip) {
  // 4.0's stream tables, and 5.0's with a mode per column: every cell back.
  for (bool modes : {false, true})
    for (unsigned columns : {1u, 3u, 8u}) {
      SCOPED_TRACE(testing::Message()
                   << "modes " << modes << ", columns " << columns);
      for (const std::vector<uint32_t> &v :
           {randomValues(3000 * columns, columns),
            layerValues(columns, 97, 12, 5000, 6, columns)}) {
        uint32_t rows = v.size() / columns;
        std::string bytes = encodeStreamTable(v, columns, modes);
        Expected<ColumnTableReader> reader =
            openStream(bytes, rows, columns, modes);
        ASSERT_TRUE(bool(reader)) << toString(reader.takeError());
        uint32_t out[kMaxColumns];
        for (uint32_t r = 0; r < rows; ++r) {
          ASSERT_FALSE(bool(reader->getRow(r, out)));
          ASSERT_TRUE(
              std::equal(out, out + columns, v.begin() + size_t(r) * columns))
              << "row " << r;
        }
      }
    }
}

TEST(ColumnTable, StreamColumnModeForKernelSites) {
  // A site column as the writer numbers it: each layer repeats its sites
  // (3, 4, 5, 6, 7) and a fused kernel's site, new in every layer, comes
  // between them. Coded as 4.0 does, the differences around the new site
  // change from layer to layer; mode 2 codes the new site as 0 and the
  // rest against the last repeated site: the same bytes in every layer.
  std::vector<uint32_t> v = {0, 1, 2};
  for (uint32_t layer = 0, next = 8; layer < 500; ++layer)
    for (uint32_t site : {3u, 4u, 0u, 5u, 6u, 7u})
      v.push_back(site ? site : next++);
  std::string bytes = encodeStreamTable(v, 1, /*columnModes=*/true);
  ASSERT_FALSE(bytes.empty());
  EXPECT_EQ(bytes[0], char(StreamColumnMode::NewAndDeltaSkippingNew));
  Expected<ColumnTableReader> reader = openStream(bytes, v.size(), 1, true);
  ASSERT_TRUE(bool(reader)) << toString(reader.takeError());
  for (uint32_t r = 0; r < v.size(); ++r) {
    Expected<uint32_t> cell = reader->getCell(r, 0);
    ASSERT_TRUE(bool(cell));
    ASSERT_EQ(*cell, v[r]) << "row " << r;
  }
  // Read without modes (4.0's reader), the same bytes are another table.
  Expected<ColumnTableReader> old = openStream(bytes, v.size(), 1, false);
  if (old) {
    Expected<uint32_t> cell = old->getCell(3, 0);
    ASSERT_TRUE(bool(cell));
    EXPECT_NE(*cell, v[3]);
  } else {
    consumeError(old.takeError());
  }
}

TEST(ColumnTable, BadStreamColumnModes) {
  auto errorOf = [](const std::string &bytes, uint32_t rows) {
    Expected<ColumnTableReader> reader = openStream(bytes, rows, 1, true);
    return reader ? std::string() : toString(reader.takeError());
  };
  // A mode that is none of the three.
  EXPECT_EQ(errorOf(std::string("\x03\x00\x00", 3), 2),
            "TESTTAB: column 0 at offset 5000: unknown column mode 3");
  // A new value after the largest u32: 0xFFFFFFFF (difference -1, coded
  // zigzag + 1 = 2), then "new".
  EXPECT_EQ(errorOf(std::string("\x01\x02\x00", 3), 2),
            "TESTTAB: row 1, column 0 at offset 5002: a new value after "
            "4294967295");
  // The mode byte counts: 2 rows need 3 bytes.
  EXPECT_EQ(errorOf(std::string("\x01\x00", 2), 2),
            "TESTTAB: 2 rows of 1 columns need at least 3 bytes, the table at "
            "offset 5000 has 2");
  // Mode 1 and 2 decode as specified: 0 is the next new value (0, then 1),
  // 3 is zigzag 2 + 1 = difference +1.
  Expected<ColumnTableReader> one =
      openStream(std::string("\x01\x00\x00\x03", 4), 3, 1, true);
  ASSERT_TRUE(bool(one)) << toString(one.takeError());
  EXPECT_EQ(*one->getCell(2, 0), 2u); // 0, 1, then 1 + 1.
  Expected<ColumnTableReader> two =
      openStream(std::string("\x02\x05\x00\x03", 4), 3, 1, true);
  ASSERT_TRUE(bool(two)) << toString(two.takeError());
  // 5 is zigzag 4 + 1 = +2: 2; then new: 3; then +1 from 2 (the last value
  // that was not new): 3.
  EXPECT_EQ(*two->getCell(0, 0), 2u);
  EXPECT_EQ(*two->getCell(1, 0), 3u);
  EXPECT_EQ(*two->getCell(2, 0), 3u);
}

TEST(ColumnTable, Deterministic) {
  std::vector<uint32_t> v = layerValues(3, 500, 20, 800, 11, 4);
  EncodedColumnTable a = encode(v, 3, 64);
  std::vector<uint32_t> copy(v);
  EncodedColumnTable b = encode(copy, 3, 64);
  EXPECT_EQ(a.index, b.index);
  EXPECT_EQ(a.blocks, b.blocks);
}

/// Layers of a model-like table with a share of their cells changed at
/// random (`percent` of them): copy candidates then differ from their
/// sources by a few cells each, and some are rejected for it.
std::vector<uint32_t> noisyLayers(unsigned columns, unsigned percent,
                                  uint32_t seed) {
  std::vector<uint32_t> v = layerValues(columns, 613, 9, 900, 29, seed);
  std::mt19937 rng(seed * 7 + percent);
  for (uint32_t &x : v)
    if (rng() % 100 < percent)
      x = rng() % 4 ? x + 1 + rng() % 3 : rng();
  return v;
}

TEST(ColumnTable, EncoderChoicesArePinned) {
  // The encoder's choices (which blocks become copies, of which source,
  // with which deltas and patches) are the writer's, not the format's, but
  // every section's bytes and build ID follow from them: a change to the
  // encoder that is meant to be faster, not different, must keep these
  // bytes (docs/performance.md, section 32). Update the digests only for a
  // change of choices that is meant, with its sizes measured.
  struct Case {
    unsigned columns, percent;
    uint32_t rowsPerBlock;
    uint64_t digest;
  };
  const Case cases[] = {
      {3, 1, 64, 0x9dd10ad2193aa25ull},   {3, 2, 128, 0xc43086c7a05323a0ull},
      {3, 3, 64, 0xa6ec802c767b6078ull},  {2, 2, 256, 0x94cb64f5eefcdbc3ull},
      {8, 1, 128, 0xfc4081fd585ef694ull}, {1, 3, 64, 0x74f3c7acb2d5b9dull},
  };
  for (const Case &c : cases) {
    std::vector<uint32_t> v = noisyLayers(c.columns, c.percent, c.columns);
    EncodedColumnTable e =
        encode(v, c.columns, c.rowsPerBlock, true, /*chained=*/true);
    uint64_t digest = xxh3_64bits(arrayRefFromStringRef(e.index + e.blocks));
    SCOPED_TRACE(testing::Message()
                 << "columns " << c.columns << ", " << c.percent
                 << "% changed, B " << c.rowsPerBlock << ": " << e.blocks.size()
                 << " bytes");
    // Copies with patches, and literal blocks (each case has both).
    unsigned copies =
        countCopies(e, v.size() / c.columns, c.columns, c.rowsPerBlock);
    EXPECT_GT(copies, 10u);
    EXPECT_LT(copies, (v.size() / c.columns) / c.rowsPerBlock);
    EXPECT_EQ(digest, c.digest) << std::hex << digest;
    expectRoundTrip(v, c.columns, c.rowsPerBlock, true, /*chained=*/true);
  }
}

TEST(ColumnTable, ConcurrentFirstTouch) {
  std::vector<uint32_t> v = layerValues(3, 700, 30, 900, 13, 5);
  uint32_t rows = v.size() / 3;
  EncodedColumnTable e = encode(v, 3, 64);
  Expected<ColumnTableReader> reader = openTable(e, rows, 3, 64);
  ASSERT_TRUE(bool(reader));
  std::atomic<unsigned> mismatches{0};
  std::vector<std::thread> threads;
  for (unsigned t = 0; t < 4; ++t)
    threads.emplace_back([&, t] {
      std::mt19937 rng(t);
      uint32_t out[3];
      for (unsigned i = 0; i < 20000; ++i) {
        uint32_t r = rng() % rows;
        if (Error err = reader->getRow(r, out)) {
          consumeError(std::move(err));
          ++mismatches;
        } else if (out[0] != v[r * 3] || out[1] != v[r * 3 + 1] ||
                   out[2] != v[r * 3 + 2]) {
          ++mismatches;
        }
      }
    });
  for (std::thread &t : threads)
    t.join();
  EXPECT_EQ(mismatches.load(), 0u);
}

//===----------------------------------------------------------------------===//
// Hand-made and corrupted tables
//===----------------------------------------------------------------------===//

void putVarint(std::string &out, uint64_t v) {
  while (v >= 0x80) {
    out.push_back(char(v | 0x80));
    v >>= 7;
  }
  out.push_back(char(v));
}
uint64_t zz(int64_t d) { return (uint64_t(d) << 1) ^ uint64_t(d >> 63); }

/// Fills in a block's checksum: low 32 bits of XXH3-64 of bytes [4, size).
std::string seal(std::string block) {
  uint32_t sum = uint32_t(xxh3_64bits(ArrayRef<uint8_t>(
      reinterpret_cast<const uint8_t *>(block.data()) + 4, block.size() - 4)));
  support::endian::write32le(block.data(), sum);
  return block;
}

/// A literal block of one column (header: checksum, kind 0, packed flags).
std::string literal1(StringRef column, uint8_t packedMask = 0) {
  return seal(std::string(4, '\0') + '\0' + char(packedMask) + column.str());
}

/// A copy block of one column.
std::string copy1(uint64_t source, uint64_t deltaZigzag,
                  ArrayRef<std::pair<uint64_t, uint64_t>> patches,
                  uint64_t count = ~0ull, uint8_t keepZero = 0) {
  std::string b(4, '\0');
  b += '\1';
  b += char(keepZero);
  putVarint(b, source);
  putVarint(b, deltaZigzag);
  putVarint(b, count == ~0ull ? patches.size() : count);
  for (auto [gap, diff] : patches) {
    putVarint(b, gap);
    putVarint(b, diff);
  }
  return seal(b);
}

EncodedColumnTable table(ArrayRef<std::string> blocks) {
  EncodedColumnTable e;
  for (const std::string &b : blocks) {
    char entry[4];
    support::endian::write32le(entry, e.blocks.size());
    e.index.append(entry, 4);
    e.blocks += b;
  }
  char entry[4];
  support::endian::write32le(entry, e.blocks.size());
  e.index.append(entry, 4);
  return e;
}

uint32_t indexEntry(const EncodedColumnTable &e, unsigned i) {
  return support::endian::read32le(e.index.data() + 4 * i);
}
void setIndexEntry(EncodedColumnTable &e, unsigned i, uint32_t v) {
  support::endian::write32le(e.index.data() + 4 * i, v);
}

/// A run of `len` entries of step `d` (format-1.0 run coding).
std::string run(int64_t d, uint64_t len) {
  std::string s;
  putVarint(s, zz(d) << 3 | std::min<uint64_t>(len - 1, 7));
  if (len >= 8)
    putVarint(s, len - 8);
  return s;
}

/// Validation of the table fails with a message naming TESTTAB, `block`,
/// `fileOffset`, and containing `what`.
void expectError(const EncodedColumnTable &e, uint32_t rows, unsigned columns,
                 uint32_t rowsPerBlock, unsigned block, uint64_t fileOffset,
                 StringRef what) {
  Expected<ColumnTableReader> reader =
      openTable(e, rows, columns, rowsPerBlock);
  ASSERT_TRUE(bool(reader)) << toString(reader.takeError());
  uint32_t out[kMaxColumns];
  // Lazily: the first access to a row of the block fails ...
  Error err = reader->getRow(std::min(rows - 1, block * rowsPerBlock), out);
  ASSERT_TRUE(bool(err));
  std::string msg = toString(std::move(err));
  EXPECT_NE(msg.find("TESTTAB"), std::string::npos) << msg;
  EXPECT_NE(msg.find("block " + std::to_string(block)), std::string::npos)
      << msg;
  EXPECT_NE(msg.find("offset " + std::to_string(fileOffset)), std::string::npos)
      << msg;
  EXPECT_NE(msg.find(what.str()), std::string::npos) << msg;
  // ... and again (a failed block is not marked valid), and in validateAll.
  Expected<uint32_t> cell =
      reader->getCell(std::min(rows - 1, block * rowsPerBlock), 0);
  ASSERT_FALSE(bool(cell));
  EXPECT_EQ(toString(cell.takeError()), msg);
  Error all = reader->validateAll();
  ASSERT_TRUE(bool(all));
  consumeError(std::move(all));
}

TEST(ColumnTable, HandMadeBlocksDecodeAsSpecified) {
  // Block 0: 10, 11, 12, 13 (one run of step 1 from 9); block 1: a copy of
  // rows 0..3 plus 5 with cell 2 patched by -3; block 2: packed, base 100,
  // width 2, values 3, 0, 1, 2 -> 103, 100, 101, 102.
  std::string packed;
  putVarint(packed, 100);
  packed += char(2);
  packed += char(0b10010011);
  EncodedColumnTable e =
      table({literal1(run(10, 1) + run(1, 3)), copy1(0, zz(5), {{2, zz(-3)}}),
             literal1(packed, 1)});
  Expected<ColumnTableReader> reader = openTable(e, 12, 1, 4);
  ASSERT_TRUE(bool(reader)) << toString(reader.takeError());
  std::vector<uint32_t> want = {10, 11, 12,  13,  15,  16,
                                14, 18, 103, 100, 101, 102};
  for (uint32_t r = 0; r < 12; ++r) {
    Expected<uint32_t> cell = reader->getCell(r, 0);
    ASSERT_TRUE(bool(cell)) << toString(cell.takeError());
    EXPECT_EQ(*cell, want[r]) << "row " << r;
  }
}

TEST(ColumnTable, ChainedPatchesDecodeAsSpecified) {
  // Block 0: 10, 11, 12, 13; block 1 copies it plus 5 (15, 16, 17, 18),
  // patching cells 1 and 3 with the coded values +3 and 0. Chained, the
  // second patch is +3 (+3 + 0): 15, 19, 17, 21; not chained, +0: 15, 19,
  // 17, 18. getRow and getCell agree.
  EncodedColumnTable e = table({literal1(run(10, 1) + run(1, 3)),
                                copy1(0, zz(5), {{1, zz(3)}, {1, zz(0)}})});
  for (bool chained : {true, false}) {
    SCOPED_TRACE(chained);
    Expected<ColumnTableReader> reader = openTable(e, 8, 1, 4, chained);
    ASSERT_TRUE(bool(reader)) << toString(reader.takeError());
    std::vector<uint32_t> want = {10, 11, 12, 13,
                                  15, 19, 17, chained ? 21u : 18u};
    uint32_t out[1];
    for (uint32_t r = 0; r < 8; ++r) {
      Expected<uint32_t> cell = reader->getCell(r, 0);
      ASSERT_TRUE(bool(cell)) << toString(cell.takeError());
      EXPECT_EQ(*cell, want[r]) << "row " << r;
      ASSERT_FALSE(bool(reader->getRow(r, out)));
      EXPECT_EQ(out[0], want[r]) << "row " << r;
    }
  }
}

TEST(ColumnTable, CreateChecksIndex) {
  EncodedColumnTable e = encode(randomValues(300, 1), 3, 8);
  auto expectCreateError = [](Expected<ColumnTableReader> reader,
                              StringRef what, uint64_t offset) {
    ASSERT_FALSE(bool(reader));
    std::string msg = toString(reader.takeError());
    EXPECT_NE(msg.find("TESTTAB"), std::string::npos) << msg;
    EXPECT_NE(msg.find(what.str()), std::string::npos) << msg;
    EXPECT_NE(msg.find("offset " + std::to_string(offset)), std::string::npos)
        << msg;
  };
  // Index sized for another row count.
  expectCreateError(openTable(e, 120, 3, 8), "need", kIndexOffset);
  expectCreateError(openTable(e, 100, 9, 8), "columns", kIndexOffset);
  expectCreateError(openTable(e, 100, 3, 0), "rows per block", kIndexOffset);
  EncodedColumnTable bad = e;
  setIndexEntry(bad, 0, 1);
  expectCreateError(openTable(bad, 100, 3, 8), "not 0", kIndexOffset);
  bad = e;
  bad.blocks.pop_back(); // Truncated blocks: the last entry no longer fits.
  expectCreateError(openTable(bad, 100, 3, 8), "not the blocks' size",
                    kIndexOffset + 4 * 13);
}

TEST(ColumnTable, BadIndexEntries) {
  EncodedColumnTable e = encode(randomValues(300, 1), 3, 8, false);
  // Decreasing: entry 2 below entry 1, so block 1 ends before it starts.
  EncodedColumnTable bad = e;
  setIndexEntry(bad, 2, indexEntry(e, 1) - 1);
  expectError(bad, 100, 3, 8, 1, kIndexOffset + 8, "below entry 1");
  // Past the end of the blocks.
  bad = e;
  setIndexEntry(bad, 3, e.blocks.size() + 1);
  expectError(bad, 100, 3, 8, 2, kIndexOffset + 12, "past the");
}

TEST(ColumnTable, TruncatedBlock) {
  EncodedColumnTable e = encode(randomValues(300, 1), 3, 8, false);
  // Block 0 of 3 bytes: shorter than the header.
  EncodedColumnTable bad = e;
  setIndexEntry(bad, 1, 3);
  expectError(bad, 100, 3, 8, 0, kBlocksOffset + 3, "truncated");
  // A literal block cut short inside its column, checksum made right.
  bad = table({literal1(run(5, 3))});
  expectError(bad, 4, 1, 4, 0, kBlocksOffset + 7, "past the end of column 0");
  // A literal block of two columns shorter than its column offsets.
  bad = table({seal(std::string(4, '\0') + '\0' + '\0' + '\x07')});
  expectError(bad, 4, 2, 4, 0, kBlocksOffset + 7, "header needs 8");
}

TEST(ColumnTable, BadChecksum) {
  EncodedColumnTable e = encode(randomValues(300, 1), 3, 8);
  e.blocks[indexEntry(e, 2) + 6] ^= 1;
  expectError(e, 100, 3, 8, 2, kBlocksOffset + indexEntry(e, 2),
              "checksum mismatch");
  // The blocks before it are still readable: validation is per block.
  Expected<ColumnTableReader> reader = openTable(e, 100, 3, 8);
  ASSERT_TRUE(bool(reader));
  uint32_t out[3];
  EXPECT_FALSE(bool(reader->getRow(0, out)));
}

TEST(ColumnTable, UnknownBlockKind) {
  std::string b = literal1(run(1, 4));
  b[4] = 7;
  expectError(table({seal(b)}), 4, 1, 4, 0, kBlocksOffset + 4,
              "unknown block kind 7");
}

TEST(ColumnTable, VarintOverflow) {
  // 10 bytes with bits above 2^64 in the last.
  std::string col(9, '\xff');
  col += '\x7f';
  expectError(table({literal1(col)}), 4, 1, 4, 0, kBlocksOffset + 6 + 9,
              "exceeds 64 bits");
}

TEST(ColumnTable, RunOverrunsEntries) {
  // A run of 8 entries in a block of 4.
  expectError(table({literal1(run(1, 8))}), 4, 1, 4, 0, kBlocksOffset + 6,
              "run covers 8 entries, only 4 remain");
  // A run of 2^64 - 1 + 8 entries (saturated, not wrapped).
  std::string col;
  putVarint(col, zz(1) << 3 | 7);
  putVarint(col, ~0ull);
  expectError(table({literal1(col)}), 4, 1, 4, 0, kBlocksOffset + 6,
              "only 4 remain");
}

TEST(ColumnTable, ValuesLeaveU32) {
  expectError(table({literal1(run(int64_t(UINT32_MAX), 1) + run(1, 3))}), 4, 1,
              4, 0, kBlocksOffset + 6 + 6, "leaves the u32 range");
  expectError(table({literal1(run(-1, 4))}), 4, 1, 4, 0, kBlocksOffset + 6,
              "leaves the u32 range");
}

TEST(ColumnTable, LeftoverBytes) {
  expectError(table({literal1(run(1, 4) + '\0')}), 4, 1, 4, 0,
              kBlocksOffset + 7, "1 leftover bytes");
  expectError(table({literal1(run(1, 4)), seal(copy1(0, 0, {}) + '\0')}), 8, 1,
              4, 1, kBlocksOffset + 7 + 9,
              "leftover bytes after the 0 patches");
}

TEST(ColumnTable, BadColumnOffsets) {
  // Two columns; column 1 claims to start past the block.
  std::string b(4, '\0');
  b += '\0';
  b += '\0';
  b += '\x40';
  b += '\0';
  b += run(1, 4) + run(1, 4);
  expectError(table({seal(b)}), 4, 2, 4, 0, kBlocksOffset + 6,
              "column 1 starts at byte 64");
}

TEST(ColumnTable, BadPackedColumns) {
  std::string wide;
  putVarint(wide, 0);
  wide += char(33);
  expectError(table({literal1(wide, 1)}), 4, 1, 4, 0, kBlocksOffset + 7,
              "width 33 exceeds 32");
  std::string shortData;
  putVarint(shortData, 0);
  shortData += char(8);
  shortData += "abc";
  expectError(table({literal1(shortData, 1)}), 4, 1, 4, 0, kBlocksOffset + 11,
              "3 bytes of values");
  std::string padding;
  putVarint(padding, 0);
  padding += char(1);
  padding += char(0x10);
  expectError(table({literal1(padding, 1)}), 4, 1, 4, 0, kBlocksOffset + 8,
              "padding bits");
  std::string overflow;
  putVarint(overflow, UINT32_MAX);
  overflow += char(1);
  overflow += char(0x02);
  expectError(table({literal1(overflow, 1)}), 4, 1, 4, 0, kBlocksOffset + 6 + 6,
              "leaves the u32 range");
  expectError(table({literal1(run(1, 4), 2)}), 4, 1, 4, 0, kBlocksOffset + 5,
              "past the 1 columns");
}

TEST(ColumnTable, HugeBlockOfWidthZero) {
  // 2^32-1 rows in one block in two bytes of column: bit-packed with width 0,
  // every value the base. Validation visited every row (found while fuzzing
  // 2.0: a timeout of tg-section-fuzzer, > 30 s); it must cost O(bytes).
  std::string constant;
  putVarint(constant, 7);
  constant += char(0);
  EncodedColumnTable e = table({literal1(constant, 1)});
  Expected<ColumnTableReader> reader = openTable(e, UINT32_MAX, 1, UINT32_MAX);
  ASSERT_TRUE(bool(reader)) << toString(reader.takeError());
  ASSERT_FALSE(bool(reader->validateAll()));
  for (uint32_t r : {0u, 1u, UINT32_MAX - 1}) {
    Expected<uint32_t> cell = reader->getCell(r, 0);
    ASSERT_TRUE(bool(cell)) << toString(cell.takeError());
    EXPECT_EQ(*cell, 7u) << "row " << r;
  }
  // The base alone must still fit u32.
  std::string wide;
  putVarint(wide, uint64_t(UINT32_MAX) + 1);
  wide += char(0);
  expectError(table({literal1(wide, 1)}), UINT32_MAX, 1, UINT32_MAX, 0,
              kBlocksOffset + 6 + 4, "base 4294967296 exceeds u32");
}

TEST(ColumnTable, CopyPointingForward) {
  std::string lit = literal1(run(1, 4));
  uint64_t copyAt = kBlocksOffset + lit.size();
  // Rows 4..7 are the block itself; rows 1..4 overlap it.
  expectError(table({lit, copy1(4, 0, {})}), 8, 1, 4, 1, copyAt + 6,
              "do not end before the block's first row 4");
  expectError(table({lit, copy1(1, 0, {})}), 8, 1, 4, 1, copyAt + 6,
              "do not end before");
}

TEST(ColumnTable, CopyIntoACopyBlock) {
  std::string lit = literal1(run(1, 4));
  std::string c1 = copy1(0, zz(4), {});
  uint64_t c2At = kBlocksOffset + lit.size() + c1.size();
  expectError(table({lit, c1, copy1(4, zz(4), {})}), 12, 1, 4, 2, c2At + 6,
              "lies in block 1, which is not a literal block");
  // Straddling a literal and a copy block.
  expectError(table({lit, c1, copy1(2, zz(4), {})}), 12, 1, 4, 2, c2At + 6,
              "copy source row 4 lies in block 1");
}

TEST(ColumnTable, CopyOfAnInvalidBlock) {
  std::string lit = literal1(run(1, 4));
  lit[0] ^= 1;
  std::string c = copy1(0, 0, {});
  // The reader is zero-copy: the bytes must outlive it.
  EncodedColumnTable e = table({lit, c});
  Expected<ColumnTableReader> reader = openTable(e, 8, 1, 4);
  ASSERT_TRUE(bool(reader));
  uint32_t out[1];
  Error err = reader->getRow(5, out);
  ASSERT_TRUE(bool(err));
  std::string msg = toString(std::move(err));
  EXPECT_NE(msg.find("copy source block 0 is invalid"), std::string::npos)
      << msg;
  EXPECT_NE(msg.find("bad block 0"), std::string::npos) << msg;
  EXPECT_NE(msg.find("checksum mismatch"), std::string::npos) << msg;
  // One line: tools print a reader error after their "error:" prefix.
  EXPECT_EQ(msg.find('\n'), std::string::npos) << msg;
}

TEST(ColumnTable, BadPatches) {
  std::string lit = literal1(run(1, 4));
  uint64_t copyAt = kBlocksOffset + lit.size();
  // Position 4 in a block of 4 cells. (Positions are coded as gaps, so they
  // increase by construction; the second patch here lands on 2 + 1 + 1 = 4.)
  expectError(table({lit, copy1(0, 0, {{4, 0}})}), 8, 1, 4, 1, copyAt + 9,
              "patch 0 is past the block's 4 cells");
  expectError(table({lit, copy1(0, 0, {{2, 0}, {1, 0}})}), 8, 1, 4, 1,
              copyAt + 11, "patch 1 is past");
  // More patches than cells.
  expectError(table({lit, copy1(0, 0, {}, 5)}), 8, 1, 4, 1, copyAt + 8,
              "5 patches for 4 cells");
  // Patch count promised, bytes missing.
  expectError(table({lit, copy1(0, 0, {}, 1)}), 8, 1, 4, 1, copyAt + 9,
              "truncated: the patch position");
  // Differences and deltas are zigzag i32.
  expectError(table({lit, copy1(0, 0, {{0, 1ull << 32}})}), 8, 1, 4, 1,
              copyAt + 10, "difference is not a zigzag i32");
  expectError(table({lit, copy1(0, 1ull << 32, {})}), 8, 1, 4, 1, copyAt + 7,
              "delta of column 0");
}

TEST(ColumnTable, CopyKeepsZeros) {
  // Source 0, 5, 0, 7; delta +10 with keep-zero: 0, 15, 0, 17; without it:
  // 10, 15, 10, 17. A patch applies after either.
  std::string lit = literal1(run(0, 1) + run(5, 1) + run(-5, 1) + run(7, 1));
  EncodedColumnTable e = table(
      {lit, copy1(0, zz(10), {{2, zz(3)}}, ~0ull, 1), copy1(0, zz(10), {})});
  Expected<ColumnTableReader> reader = openTable(e, 12, 1, 4);
  ASSERT_TRUE(bool(reader)) << toString(reader.takeError());
  std::vector<uint32_t> want = {0, 5, 0, 7, 0, 15, 3, 17, 10, 15, 10, 17};
  uint32_t out[1];
  for (uint32_t r = 0; r < 12; ++r) {
    ASSERT_FALSE(bool(reader->getRow(r, out)));
    EXPECT_EQ(out[0], want[r]) << "row " << r;
    Expected<uint32_t> cell = reader->getCell(r, 0);
    ASSERT_TRUE(bool(cell));
    EXPECT_EQ(*cell, want[r]) << "row " << r;
  }
  // Flags for columns the table does not have.
  uint64_t copyAt = kBlocksOffset + lit.size();
  expectError(table({lit, copy1(0, 0, {}, ~0ull, 2)}), 8, 1, 4, 1, copyAt + 5,
              "keep-zero flags 0x02");
  // A copy block shorter than its fixed header.
  expectError(table({lit, seal(std::string(4, '\0') + '\1')}), 8, 1, 4, 1,
              copyAt + 5, "a copy block's header needs 6");
}

TEST(ColumnTable, CopyArithmeticWraps) {
  // Deltas and patches are mod 2^32: 0xFFFFFFFF + 2 = 1.
  std::string lit = literal1(run(int64_t(UINT32_MAX), 1) + run(-1, 3));
  EncodedColumnTable e = table({lit, copy1(0, zz(2), {{1, zz(-5)}})});
  Expected<ColumnTableReader> reader = openTable(e, 8, 1, 4);
  ASSERT_TRUE(bool(reader));
  std::vector<uint32_t> want = {
      UINT32_MAX, UINT32_MAX - 1, UINT32_MAX - 2, UINT32_MAX - 3,
      1,          UINT32_MAX - 4, UINT32_MAX,     UINT32_MAX - 1};
  for (uint32_t r = 0; r < 8; ++r) {
    Expected<uint32_t> cell = reader->getCell(r, 0);
    ASSERT_TRUE(bool(cell)) << toString(cell.takeError());
    EXPECT_EQ(*cell, want[r]) << "row " << r;
  }
}

} // namespace

namespace {

/// Random byte damage with every checksum made right again, so the
/// structural checks (not the checksum) must catch it: reads never crash or
/// read out of bounds (run under ASan), and a table that still validates
/// decodes without error.
TEST(ColumnTable, RandomDamageIsCaught) {
  std::vector<uint32_t> v = layerValues(3, 300, 8, 700, 17, 6);
  uint32_t rows = v.size() / 3;
  const EncodedColumnTable good = encode(v, 3, 16);
  std::mt19937 rng(11);
  unsigned rejected = 0;
  for (unsigned iter = 0; iter < 3000; ++iter) {
    EncodedColumnTable e = good;
    for (unsigned k = 0, n = 1 + rng() % 3; k < n; ++k)
      e.blocks[rng() % e.blocks.size()] ^= char(1 << (rng() % 8));
    if (rng() % 8 == 0) {
      unsigned i = 1 + rng() % (e.index.size() / 4 - 2);
      setIndexEntry(e, i, indexEntry(e, i) + int(rng() % 5) - 2);
    }
    for (unsigned b = 0; b + 1 < e.index.size() / 4; ++b) {
      uint32_t begin = indexEntry(e, b), end = indexEntry(e, b + 1);
      if (begin + 4 <= end && end <= e.blocks.size())
        e.blocks.replace(begin, end - begin,
                         seal(e.blocks.substr(begin, end - begin)));
    }
    Expected<ColumnTableReader> reader = openTable(e, rows, 3, 16);
    ASSERT_TRUE(bool(reader));
    uint32_t out[3];
    bool anyError = false;
    for (uint32_t r = 0; r < rows; r += 5)
      if (Error err = reader->getRow(r, out)) {
        EXPECT_NE(toString(std::move(err)).find("TESTTAB"), std::string::npos);
        anyError = true;
      }
    // A block that failed on access fails validateAll too.
    Error all = reader->validateAll();
    bool invalid = bool(all);
    EXPECT_TRUE(invalid || !anyError);
    if (invalid) {
      ++rejected;
      consumeError(std::move(all));
      continue;
    }
    for (uint32_t r = 0; r < rows; ++r)
      ASSERT_FALSE(bool(reader->getRow(r, out)));
  }
  // Most damage breaks a structural rule; the rest decodes to other values.
  EXPECT_GT(rejected, 1000u);
}

} // namespace

namespace {

std::string bytes(std::initializer_list<uint8_t> list) {
  return std::string(list.begin(), list.end());
}

/// The worked example of "Block-coded tables" (docs/debug-section-format.md),
/// byte for byte.
TEST(ColumnTable, SpecExample) {
  EncodedColumnTable e;
  e.index = bytes({0, 0, 0, 0, 9, 0, 0, 0, 20, 0, 0, 0});
  e.blocks =
      bytes({0xc8, 0xa1, 0x89, 0x63, 0x00, 0x01, 0x0a, 0x02, 0xe4}) +
      bytes({0x09, 0xf1, 0xf7, 0xce, 0x01, 0x00, 0x00, 0x0a, 0x01, 0x02, 0x05});
  Expected<ColumnTableReader> reader = openTable(e, 8, 1, 4);
  ASSERT_TRUE(bool(reader)) << toString(reader.takeError());
  ASSERT_FALSE(bool(reader->validateAll()));
  std::vector<uint32_t> want = {10, 11, 12, 13, 15, 16, 14, 18};
  for (uint32_t r = 0; r < 8; ++r) {
    Expected<uint32_t> cell = reader->getCell(r, 0);
    ASSERT_TRUE(bool(cell)) << toString(cell.takeError());
    EXPECT_EQ(*cell, want[r]) << "row " << r;
  }
  // The encoder writes block 0 as in the example (and block 1 as a literal:
  // a copy of 4 rows does not pay).
  EncodedColumnTable encoded = encode(want, 1, 4);
  EXPECT_EQ(encoded.blocks.substr(0, 9), e.blocks.substr(0, 9));
}

} // namespace
