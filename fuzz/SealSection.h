//===- SealSection.h - A mutated section's checksums, redone ----*- C++ -*-===//
//
// Mutated bytes almost never keep a section's checksums right, and a reader
// stops at the first mismatch. fixChecksums() recomputes file_size and every
// checksum as the writer does (1.0: body and header; 2.0 and 3.0: every
// table's, the section table's, the header's, and each block's of the
// block-coded tables, found by walking their indexes), so that the fuzz
// targets' mutations reach the record checks and the symbolizers behind
// them. Shared by tg-section-fuzzer and tg-symbolize-fuzzer.
//
//===----------------------------------------------------------------------===//

#ifndef TG_FUZZ_SEALSECTION_H
#define TG_FUZZ_SEALSECTION_H

#include "tg/Serialize/ColumnTable.h"
#include "tg/Serialize/Format.h"
#include "tg/Serialize/SectionImage.h"

#include "llvm/Support/CRC.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/xxhash.h"

#include <cstdint>
#include <vector>

namespace tg {
namespace fuzz {
using namespace llvm;
using namespace tg::section;

/// A table of a 2.0 section as the section table places it.
struct TableSpan {
  uint32_t kind;
  uint8_t *entry;
  uint64_t offset, size;
};

/// Recomputes the checksum of every block of a block-coded table whose index
/// is `index` (docs/debug-section-format.md, "Block-coded tables": the low 32
/// bits of XXH3-64 of the block's bytes [4, size)). The index is walked as a
/// reader walks it, so every block a reader can reach through an entry pair
/// that is in bounds gets a valid checksum, even when the mutated index makes
/// blocks overlap (the later one wins, and the earlier one then fails its
/// checksum, as it would in a real file). Blocks the reader rejects before
/// their checksum (bad index entries, fewer than 5 bytes) are left alone.
inline void sealBlocks(uint8_t *base, const TableSpan &index,
                       const TableSpan &blocks) {
  uint64_t entries = index.size / 4;
  for (uint64_t b = 0; b + 1 < entries; ++b) {
    uint32_t begin = support::endian::read32le(base + index.offset + 4 * b);
    uint32_t end = support::endian::read32le(base + index.offset + 4 * b + 4);
    if (begin > end || end > blocks.size || end - begin < 5)
      continue;
    uint8_t *block = base + blocks.offset + begin;
    support::endian::write32le(
        block,
        uint32_t(xxh3_64bits(ArrayRef<uint8_t>(block + 4, end - begin - 4))));
  }
}

/// Sets file_size to the real size and recomputes the checksums as the
/// writer does (docs/debug-section-format.md), for the version the header
/// names. 2.0 inside out: each block of the three block-coded tables, then
/// each table's XXH3 in the section table, then the section table's CRC,
/// then (both versions) the header's CRC.
inline void fixChecksums(std::vector<uint8_t> &bytes) {
  uint8_t *base = bytes.data();
  uint64_t size = bytes.size();
  uint16_t major = support::endian::read16le(base + kOffVersionMajor);
  if (major >= kVersionMajor &&
      (support::endian::read32le(base + kOffFlags) & kFlagCompressed)) {
    // A compressed 3.0 section: file_size is the size once decompressed and
    // the tables' checksums are those of the decompressed bytes, which a
    // mutation of the frame changes; only the frame's size and the header's
    // CRC are fixed, so the mutated frame reaches the decompressor.
    support::endian::write32le(base + kOffCompressedSize,
                               uint32_t(size - kHeaderSize));
    sealHeader(base);
    return;
  }
  support::endian::write64le(base + kOffFileSize, size);
  if (major == kVersionMajorV1) {
    support::endian::write64le(
        base + kOffBodyChecksum,
        xxh3_64bits(ArrayRef<uint8_t>(base + kHeaderSize, size - kHeaderSize)));
  } else {
    uint64_t count = support::endian::read32le(base + kOffSectionCount);
    uint64_t end = kHeaderSize + count * kSectionEntrySizeV2;
    if (end <= size) {
      // The tables in bounds, and the first of each kind (what the reader
      // uses), by kind.
      std::vector<TableSpan> tables;
      const TableSpan *byKind[kNumSectionKinds + 1] = {};
      uint64_t offset = alignTable(end, major);
      for (uint64_t i = 0; i < count; ++i) {
        uint8_t *entry = base + kHeaderSize + i * kSectionEntrySizeV2;
        uint64_t bytesOfTable = support::endian::read64le(entry + 8);
        if (offset > size || bytesOfTable > size - offset)
          break;
        tables.push_back(
            {support::endian::read32le(entry), entry, offset, bytesOfTable});
        offset = alignTable(offset + bytesOfTable, major);
      }
      for (const TableSpan &table : tables)
        if (table.kind >= 1 && table.kind <= kNumSectionKinds &&
            !byKind[table.kind])
          byKind[table.kind] = &table;
      const std::pair<SectionKind, SectionKind> coded[] = {
          {SectionKind::HandleIndex, SectionKind::HandleBlocks},
          {SectionKind::StackNodeIndex, SectionKind::StackNodes},
          {SectionKind::LocationIndex, SectionKind::Locations}};
      // Stream tables (4.0, 5.0 with STREAM_TABLES) have no blocks: only
      // their tables' checksums.
      bool streams =
          major == kVersionMajorStreams ||
          (major >= kVersionMajorNumbered &&
           (support::endian::read32le(base + kOffFlags) & kFlagStreamTables));
      for (auto [indexKind, blocksKind] : coded) {
        if (streams)
          break;
        const TableSpan *index = byKind[uint32_t(indexKind)];
        const TableSpan *blocks = byKind[uint32_t(blocksKind)];
        if (index && blocks)
          sealBlocks(base, *index, *blocks);
      }
      // The row tables of 3.x and 5.0: the block index in front of the
      // blocks.
      bool rowBlocks = major == kVersionMajor ||
                       (major >= kVersionMajorNumbered && !streams);
      for (uint32_t kind = 1; rowBlocks && kind <= kNumSectionKinds; ++kind) {
        const TableSpan *table = byKind[kind];
        if (!table || !getRowTableColumns(SectionKind(kind)))
          continue;
        uint64_t rows = support::endian::read32le(table->entry + 4);
        uint64_t indexSize =
            4 *
            ((rows + kRowTableRowsPerBlock - 1) / kRowTableRowsPerBlock + 1);
        if (indexSize > table->size)
          continue;
        TableSpan index = *table, blocks = *table;
        index.size = indexSize;
        blocks.offset += indexSize;
        blocks.size -= indexSize;
        sealBlocks(base, index, blocks);
      }
      for (const TableSpan &table : tables)
        support::endian::write64le(
            table.entry + 16,
            xxh3_64bits(ArrayRef<uint8_t>(base + table.offset, table.size)));
      support::endian::write32le(
          base + kOffSectionTableCrc,
          crc32(ArrayRef<uint8_t>(base + kHeaderSize, end - kHeaderSize)));
    }
  }
  sealHeader(base);
}

} // namespace fuzz
} // namespace tg

#endif // TG_FUZZ_SEALSECTION_H
