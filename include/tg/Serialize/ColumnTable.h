//===- ColumnTable.h - Block-coded tables of u32 columns --------*- C++ -*-===//
//
// The coding of the large tables of a format-2 debug section (handle entries,
// stack nodes, locations): R rows of C u32 columns, cut into blocks of B rows.
// A block is either *literal* (each column as delta/run-length runs or
// bit-packed, with the byte offset of every column in the block header, so one
// cell is decoded without the columns before it) or a *copy* of rows that
// appeared earlier in literal blocks, shifted by a constant per column (a 0
// may stay 0), with a few patched cells. A model repeats its layers, and a
// repeated layer's rows are an earlier layer's rows plus a constant (its stack
// nodes are numbered after the earlier layer's), so most blocks of a large
// model are copies of a few bytes.
//
// Reading any row is O(B): at most one copy indirection, into literal blocks
// only. Blocks are validated (structure and checksum) on first use, once, so
// opening a table costs nothing. docs/debug-section-format.md ("Block-coded
// tables") specifies the bytes. Independent of MLIR (LLVMSupport only).
//
//===----------------------------------------------------------------------===//

#ifndef TG_SERIALIZE_COLUMNTABLE_H
#define TG_SERIALIZE_COLUMNTABLE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/Error.h"

#include "tg/Serialize/Encoding.h"

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace tg {
namespace section {

/// At most this many columns per table.
inline constexpr unsigned kMaxColumns = 8;
/// Up to this many rows per block, a literal block is < 64 KiB and its column
/// offsets are u16 (see "Block-coded tables" in docs/debug-section-format.md).
inline constexpr uint32_t kMaxRowsForU16Offsets = 1024;
/// The kinds of block (byte 4 of a block).
enum class ColumnBlockKind : uint8_t { Literal = 0, Copy = 1 };

struct ColumnTableOptions {
  /// Rows per block (B > 0). Literal blocks store their column offsets as
  /// u16 when B <= kMaxRowsForU16Offsets, else as u32.
  uint32_t rowsPerBlock = 64;
  /// Try copy blocks; off gives literal blocks only (tests, comparisons).
  bool allowCopies = true;
  /// Format 5.0: each patch of a copy block stores its difference relative
  /// to the previous patch of the same column in the block ("chained"), not
  /// on its own. See PatchCoding.
  bool chainedPatches = false;
};

/// The two byte strings a table is stored as.
struct EncodedColumnTable {
  /// ceil(R / B) + 1 little-endian u32 offsets into `blocks`.
  std::string index;
  /// The coded blocks.
  std::string blocks;
};

/// Codes `values` (row-major: rows x numColumns, rows < 2^32, 1 <= numColumns
/// <= kMaxColumns) deterministically: the same input and options give the
/// same bytes. O(rows x columns) time; a block is a copy when the best copy
/// found takes at most 30% of the bytes of its literal coding. The blocks must
/// fit u32 offsets, which the caller ensures: a literal block takes at most
/// 4 bytes per cell plus 10 bytes per column (a copy is smaller).
EncodedColumnTable encodeColumnTable(llvm::ArrayRef<uint32_t> values,
                                     unsigned numColumns,
                                     const ColumnTableOptions &options = {});

/// Codes `values` (row-major: rows x numColumns) as a *stream table*, the
/// coding of format 4.0 (docs/debug-section-format.md, "Stream tables"):
/// column after column, each value as the varint of the zigzag of its
/// difference (mod 2^32, as a signed 32-bit value) from the value above it.
/// No blocks, no index, no per-block checksum: a table meant to be
/// compressed whole, where the repeats of a model's layers become repeated
/// bytes (a copy block's shifted rows are patched bytes to zstd).
///
/// With `columnModes` (format 5.0) each column starts with a mode byte
/// (StreamColumnMode): with `chooseModes`, the one whose column compresses
/// smallest on its own; without, Delta for every column (what 4.0 codes,
/// for a writer that compares the two images whole).
std::string encodeStreamTable(llvm::ArrayRef<uint32_t> values,
                              unsigned numColumns, bool columnModes = false,
                              bool chooseModes = true);

/// How a column of a 5.0 stream table codes its values (its first byte).
/// Tables number what they hold by first use, so a value is often the
/// column's next new one (the largest so far plus one: a new kernel's site,
/// a new layer's stack node); the NewAnd* modes code it as varint 0 and
/// every other value as zigzag(difference) + 1.
enum class StreamColumnMode : uint8_t {
  /// 4.0's coding: zigzag of the difference from the value above.
  Delta = 0,
  /// New values as 0, differences from the value above.
  NewAndDelta = 1,
  /// New values as 0, differences from the last value that was not new: a
  /// column whose new values interrupt a repeated pattern (a fused kernel's
  /// site among the sites a layer repeats) keeps the pattern's bytes, which
  /// the compressor matches layer after layer.
  NewAndDeltaSkippingNew = 2,
};
inline constexpr unsigned kNumStreamColumnModes = 3;

/// Reads a coded table in place (zero-copy). Thread-safe: the only mutable
/// state is the set of validated blocks, kept in atomics.
class ColumnTableReader {
public:
  /// Checks only what is O(1): sizes of the index and the arguments. `name`
  /// (e.g. "HANDLE_BLOCKS") and the file offsets of the index and the blocks
  /// are used in error messages, which always name the table, the block and
  /// the byte offset in the file.
  /// `chainedPatches`: the copy blocks' patches are chained per column
  /// (format 5.0), as ColumnTableOptions::chainedPatches writes them.
  static llvm::Expected<ColumnTableReader>
  create(llvm::StringRef name, llvm::ArrayRef<uint8_t> index,
         uint64_t indexFileOffset, llvm::ArrayRef<uint8_t> blocks,
         uint64_t blocksFileOffset, uint32_t numRows, unsigned numColumns,
         uint32_t rowsPerBlock, bool chainedPatches = false);

  /// Rule S1 of a stream table: each of its `numRows` x `numColumns` values
  /// (and each column's mode byte, with `columnModes`) takes at least one of
  /// its `size` bytes. An O(1) check, made before anything is sized by the
  /// row count: at open for the tables whose counts the header gives, and
  /// by createStream.
  static llvm::Error checkStreamSize(llvm::StringRef name, uint64_t size,
                                     uint64_t fileOffset, uint64_t numRows,
                                     unsigned numColumns, bool columnModes);

  /// A stream table (format 4.0): decodes and checks it whole, now, into
  /// memory the reader owns; rows are then read from that copy. `bytes` at
  /// `fileOffset` is the whole table.
  static llvm::Expected<ColumnTableReader>
  createStream(llvm::StringRef name, llvm::ArrayRef<uint8_t> bytes,
               uint64_t fileOffset, uint32_t numRows, unsigned numColumns,
               bool columnModes = false);

  ColumnTableReader(ColumnTableReader &&other) noexcept;
  ColumnTableReader &operator=(ColumnTableReader &&other) noexcept;
  ~ColumnTableReader();

  uint32_t getNumRows() const { return numRows; }
  unsigned getNumColumns() const { return numColumns; }

  /// All columns of `row` into `out[0 .. numColumns)`. Validates the row's
  /// block (and a copy's source blocks) on first use.
  llvm::Error getRow(uint32_t row, uint32_t *out) const;
  /// One cell.
  llvm::Expected<uint32_t> getCell(uint32_t row, unsigned column) const;
  /// Validates every block (for --verify and the writer's self-check).
  llvm::Error validateAll() const;

  uint32_t getNumBlocks() const { return numBlocks; }
  /// Whether block `block` is a copy block; validates it first. For size
  /// reports and tests.
  llvm::Expected<bool> isCopyBlock(uint32_t block) const;

private:
  ColumnTableReader() = default;
  bool isValidated(uint32_t block) const {
    return validated[block >> 6].load(std::memory_order_relaxed) >>
               (block & 63) &
           1;
  }
  llvm::Error ensureValid(uint32_t block) const {
    return isValidated(block) ? llvm::Error::success() : validateBlock(block);
  }
  llvm::Error validateBlock(uint32_t block) const;
  llvm::Error validateLiteral(uint32_t block, const uint8_t *begin,
                              uint32_t size) const;
  /// A malformed varint in column `c` of a literal block.
  llvm::Error columnVarintError(uint32_t block, uint64_t begin, unsigned c,
                                encoding::VarintStatus status,
                                const uint8_t *at) const;
  /// The two column codings of a literal block (validateLiteral's steps).
  llvm::Error validatePackedColumn(uint32_t block, uint64_t begin, unsigned c,
                                   uint64_t n, const uint8_t *p,
                                   const uint8_t *end) const;
  llvm::Error validateRunColumn(uint32_t block, uint64_t begin, unsigned c,
                                uint64_t n, const uint8_t *p,
                                const uint8_t *end) const;
  llvm::Error validateCopy(uint32_t block, const uint8_t *begin,
                           uint32_t size) const;
  /// Bytes [begin, end) of `block` in `blocks`, after checking its index
  /// entries.
  llvm::Error getBlockRange(uint32_t block, uint32_t &begin,
                            uint32_t &end) const;
  llvm::Error blockError(uint32_t block, uint64_t blockOffset, uint64_t offset,
                         const llvm::Twine &what) const;
  /// The block of `row`. A shift when B is a power of two (the usual 64):
  /// the divisions were a measurable part of a lookup.
  uint32_t blockOf(uint32_t row) const {
    return blockShift >= 0 ? row >> blockShift : row / rowsPerBlock;
  }
  /// The unchecked paths, for validated blocks only.
  uint32_t decodeLiteralCell(const uint8_t *block, uint32_t entry,
                             unsigned column) const;
  void decodeRow(uint32_t row, uint32_t *out) const;
  uint32_t decodeCell(uint32_t row, unsigned column) const;

  /// Owned: error messages outlive the caller's string.
  std::string name;
  const uint8_t *index = nullptr, *blocks = nullptr;
  uint64_t indexFileOffset = 0, blocksFileOffset = 0, blocksSize = 0;
  uint32_t numRows = 0, rowsPerBlock = 0, numBlocks = 0;
  unsigned numColumns = 0;
  /// Bytes per column offset in a literal block header (2 or 4).
  unsigned offsetWidth = 2;
  /// log2(rowsPerBlock) when it is a power of two, else -1.
  int blockShift = -1;
  std::unique_ptr<std::atomic<uint64_t>[]> validated;
  /// A stream table's rows (row-major), decoded by createStream; empty for
  /// a block-coded table.
  std::vector<uint32_t> decoded;
  bool isStream = false;
  /// Format 5.0's patch coding (see ColumnTableOptions::chainedPatches).
  bool chainedPatches = false;
};

} // namespace section
} // namespace tg

#endif // TG_SERIALIZE_COLUMNTABLE_H
