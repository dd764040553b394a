//===- Format.h - Debug section format constants ----------------*- C++ -*-===//
//
// The constants of the debug section format. docs/debug-section-format.md is
// the specification; this header only names what it defines, so a change here
// starts with a change there.
//
//===----------------------------------------------------------------------===//

#ifndef TG_SERIALIZE_FORMAT_H
#define TG_SERIALIZE_FORMAT_H

#include "llvm/Support/MathExtras.h"

#include <cstdint>

namespace tg {
namespace section {

/// `\x89TGDBG\r\n`.
inline constexpr unsigned char kMagic[8] = {0x89, 'T', 'G',  'D',
                                            'B',  'G', '\r', '\n'};
/// The version writers produce. Readers also read every older major.
/// 3.0 block-codes the tables 2.x kept fixed-width (row tables, below),
/// codes each string against an earlier one (STRING_DATA; STRING_OFFSETS is
/// empty) and aligns tables to 8 bytes instead of 64.
inline constexpr uint16_t kVersionMajor = 3;
inline constexpr uint16_t kVersionMinor = 0;
/// 3.1 adds the optional BUILD_ID table; 3.0 readers skip it. Writers write
/// 3.1 when the section has a build ID and 3.0 (byte for byte what they
/// wrote before) when it has none.
inline constexpr uint16_t kVersionMinorBuildId = 1;
/// 3.2 adds the optional RECORDS table, which replaces ORIGIN_RECORDS:
/// origin records are rows of their own, coded as handles are (site and
/// stack node), and name the op holding each, instead of being part of the
/// location written for that op. Writers write 3.2 exactly when the table
/// is there (a module with records).
inline constexpr uint16_t kVersionMinorRecords = 2;
/// 4.0 is 3.2 with every block-coded table (handles, stack nodes,
/// locations, the row tables) a *stream table*: column by column, each
/// value a varint of its zigzag difference from the value above, with no
/// block index, block header or block checksum. Written for the sections a
/// writer compresses (whole, with zstd), which then shrink by a quarter
/// (ResNet-18 with its origin records: 4,449 -> ~3,200 bytes): the repeats
/// of a model's layers become repeated bytes. Large sections stay 3.x,
/// read in place with O(1) lookups.
inline constexpr uint16_t kVersionMajorStreams = 4;
/// 5.0 is 3.2 (read in place) with two codings a 3.x reader would misread:
/// *numbered strings* (a string may be an earlier one with its trailing
/// number changed, or the stem of an earlier one with the number after the
/// previous string's: the fused kernels' names, a tenth of their 3.x cost)
/// and *chained patches* (a copy block's patch holds its difference from
/// the previous patch of its column: the new kernel sites of a repeated
/// layer, one byte each instead of three). With flag STREAM_TABLES, the
/// block-coded tables are 4.0's stream tables (written compressed), the
/// columns of the three large ones each with a mode (StreamColumnMode). The
/// 1M-op generated model's section: 2.26 MB in 3.2, 1.04 MB in 5.0 (with
/// the encoder's choices of the same change).
inline constexpr uint16_t kVersionMajorNumbered = 5;
/// Version 2.x: still read and written (format-version=2).
inline constexpr uint16_t kVersionMajorV2 = 2;
/// 2.1 adds the optional ORIGIN_RECORDS table; 2.0 readers skip it.
inline constexpr uint16_t kVersionMinorV2 = 1;
/// Version 1.0: kept for reading (and writing, for tests of old readers).
inline constexpr uint16_t kVersionMajorV1 = 1;
inline constexpr uint32_t kHeaderSize = 64;
/// Section-table entry sizes: v1 has no per-table checksum.
inline constexpr uint32_t kSectionEntrySizeV1 = 16;
inline constexpr uint32_t kSectionEntrySizeV2 = 24;
inline constexpr uint32_t kAlignment = 64;
inline constexpr uint32_t kNone = 0xFFFFFFFFu;
inline constexpr uint32_t kDefaultHandlesPerBlock = 64;
/// The rows per block a writer tries for the handle, stack-node and location
/// tables when it is left to choose, smallest first. Which is smallest
/// depends on the model: the per-block overhead (checksum, kind, column
/// offsets, index entry) favours large blocks, copy blocks favour blocks
/// that line up with the period of the model's repeated layers (1M generated
/// ops: 128 saves 17% of the section over 64; DenseNet-121: 256 saves 12%).
/// Larger blocks cost lookups a little (a run-coded column is decoded up to
/// the row), so ties go to the smaller block.
inline constexpr uint32_t kAutoRowsPerBlock[] = {64, 128, 256};

/// Header field offsets.
enum HeaderOffset : uint32_t {
  kOffMagic = 0,
  kOffVersionMajor = 8,
  kOffVersionMinor = 10,
  kOffFlags = 12,
  kOffHeaderSize = 16,
  kOffSectionCount = 20,
  kOffFileSize = 24,
  /// v1: xxh3 of the whole body. v2: CRC-32 of the section table (u32)
  /// followed by a reserved u32.
  kOffBodyChecksum = 32,
  kOffSectionTableCrc = 32,
  /// 3.0 with kFlagCompressed: the size of the zstd frame that follows the
  /// header (0, reserved, otherwise).
  kOffCompressedSize = 36,
  kOffHandleCount = 40,
  kOffHandlesPerBlock = 44,
  kOffRootLoc = 48,
  /// v2 only (reserved in v1): rows per STACK_NODES and LOCATIONS block.
  kOffStackNodesPerBlock = 52,
  kOffLocationsPerBlock = 56,
  kOffHeaderCrc = 60,
};

enum Flags : uint32_t {
  kFlagSourceLines = 1u << 0,
  /// 3.0: the bytes after the header are stored as one zstd frame; the
  /// header's file_size is the size once decompressed (small sections only,
  /// see "Compressed sections" in docs/debug-section-format.md).
  kFlagCompressed = 1u << 1,
  /// 5.0: the block-coded tables are stream tables (as in 4.0) and the
  /// three block indexes are empty. Writers set it only in a compressed
  /// section's image.
  kFlagStreamTables = 1u << 2,
};

/// Writers compress (by default) a 3.0 section whose whole image is at most
/// this many bytes, when that makes it smaller: decompressing it at open
/// costs tens of microseconds, and zero-copy reading matters only for large
/// sections.
inline constexpr uint64_t kMaxCompressedImage = 256 * 1024;
/// Readers refuse a compressed section that claims to decompress to more
/// than this (a crafted header must not make them allocate gigabytes).
inline constexpr uint64_t kMaxDecompressedImage = 64 << 20;
/// The zstd level writers use (the images are small: ~10 ms at 256 KiB).
inline constexpr int kCompressionLevel = 19;

enum class SectionKind : uint32_t {
  StringOffsets = 1,
  StringData = 2,
  Positions = 3,
  ModuleFrames = 4,
  StackNodes = 5,
  Locations = 6,
  LocationLists = 7,
  Graphs = 8,
  Sites = 9,
  HandleIndex = 10,
  HandleBlocks = 11,
  ArgLocations = 12,
  SourceLines = 13,
  /// v2 only: the block indexes of the block-coded STACK_NODES and
  /// LOCATIONS.
  StackNodeIndex = 14,
  LocationIndex = 15,
  /// v2.1: origins no op holds (`#tg.origin_record`); optional.
  OriginRecords = 16,
  /// v3.1: the section's build ID, its identity (raw bytes); optional.
  BuildId = 17,
  /// v3.2: origin records as rows of their own, with the op holding each;
  /// optional, replaces ORIGIN_RECORDS.
  Records = 18,
};
/// Every kind this reader knows (the size of per-kind arrays).
inline constexpr uint32_t kNumSectionKinds = 18;
/// Version 2.x and 3.0 write the first sixteen kinds.
inline constexpr uint32_t kNumSectionKindsV2 = 16;
/// Version 2.0 has the first fifteen kinds, and every 2.x file must.
inline constexpr uint32_t kNumRequiredSectionKindsV2 = 15;
/// Version 1.0 has the first thirteen kinds.
inline constexpr uint32_t kNumSectionKindsV1 = 13;

/// Record sizes of the fixed-width tables.
inline constexpr uint32_t kPositionSize = 24;
inline constexpr uint32_t kModuleFrameSize = 12;
inline constexpr uint32_t kStackNodeSize = 12;
inline constexpr uint32_t kLocationSize = 16;
inline constexpr uint32_t kGraphSize = 8;
inline constexpr uint32_t kSiteSize = 8;
inline constexpr uint32_t kArgLocationSize = 20;
inline constexpr uint32_t kSourceLineSize = 12;
inline constexpr uint32_t kOriginRecordSize = 24;
/// A build ID has 1 to kMaxBuildIdSize bytes; writers make 20 (as long as
/// the GNU build ID `ld --build-id=sha1` writes) unless given one.
inline constexpr uint32_t kMaxBuildIdSize = 64;
inline constexpr uint32_t kDefaultBuildIdSize = 20;

/// The `kind` field of an ORIGIN_RECORDS row.
enum class OriginRecordKind : uint32_t { Eliminated = 1, Merged = 2 };

/// A RECORDS anchor: the root op, or handle `h` as `h + 1`; kNone for a
/// record spelled inside the location written for its op.
inline constexpr uint32_t kAnchorRoot = 0;

/// The columns of a RECORDS row (3.2).
enum RecordColumn : unsigned {
  kColRecAnchor,
  kColRecKind,
  kColRecPass,
  kColRecSite,
  kColRecStack,
  kColRecInto,
  kColRecHolder,
  kNumRecordColumns
};

/// The tag in the low two bits of a LocRef (3 is invalid).
enum class LocTag : uint32_t {
  Unknown = 0,
  Position = 1,
  Composite = 2,
  Invalid = 3
};

inline uint32_t makeLocRef(LocTag tag, uint32_t index) {
  return index << 2 | static_cast<uint32_t>(tag);
}
inline LocTag getLocTag(uint32_t ref) { return static_cast<LocTag>(ref & 3); }
inline uint32_t getLocIndex(uint32_t ref) { return ref >> 2; }

/// Kinds of LOCATIONS records.
enum class LocKind : uint8_t {
  StackedCallSite = 1,
  CallSite = 2,
  Name = 3,
  Fused = 4,
};

/// Metadata kinds of FUSED records (the `aux` byte).
enum class FusedMeta : uint8_t {
  None = 0,
  Kernel = 1,
  Frame = 2,
  AttrText = 3
};

/// The columns of a handle block.
enum HandleColumn : unsigned { kColStack, kColSite, kColGraph, kNumColumns };

/// The columns of a v2 STACK_NODES row (the fields of the v1 record).
enum StackNodeColumn : unsigned {
  kColNodeCall,
  kColNodeFrame,
  kColNodeParent,
  kNumNodeColumns
};

/// The columns of a v2 LOCATIONS row: `kind | aux << 8` (the high 16 bits,
/// reserved in 1.0, are 0), then the fields a, b, c of the 1.0 record.
enum LocationColumn : unsigned {
  kColLocKind,
  kColLocA,
  kColLocB,
  kColLocC,
  kNumLocColumns
};

/// What differs between the format's major versions, decided once from the
/// header's major version, so the writer and the reader name each difference
/// instead of testing version numbers inside their loops ("Versions" in
/// docs/debug-section-format.md).
struct FormatLayout {
  uint16_t major = 0, minor = 0;
  unsigned numKinds = 0;
  /// 2.x and 3.0: stack nodes, locations and handles are block-coded column
  /// tables; 1.0 has fixed-width records and run-coded handle blocks.
  bool blockCodedTables = false;
  /// 2.x and 3.0: a checksum per table and a CRC of the section table, tables
  /// checked on first use; 1.0 has one checksum of the body, checked at open.
  bool tableChecksums = false;
  /// 3.0: strings coded against earlier ones (STRING_OFFSETS is empty).
  bool prefixCodedStrings = false;
  /// 3.0: the fixed-width tables are block-coded row tables.
  bool rowTables = false;
  /// 3.0: a small image may be stored as one zstd frame (flag COMPRESSED).
  bool compressible = false;
  /// 3.1: the optional BUILD_ID table (written with minor version 1).
  bool buildId = false;
  /// 4.0, and 5.0 with flag STREAM_TABLES: the block-coded and row tables
  /// are stream tables, decoded whole on first use; the three block indexes
  /// are empty.
  bool streamTables = false;
  /// 5.0: STRING_DATA's numbered forms (tg/Serialize/StringData.h).
  bool numberedStrings = false;
  /// 5.0: copy blocks' patches are chained per column (ColumnTable.h).
  bool chainedPatches = false;
  /// 5.0: each column of a stream table starts with its mode
  /// (StreamColumnMode in ColumnTable.h).
  bool streamColumnModes = false;

  /// The layout of major version `major` (1, 2, 3, 4, or 5 and later); for
  /// 5, without stream tables (a header flag says).
  static FormatLayout get(uint16_t major);
};

/// Table alignment: 64 bytes in 1.0 and 2.x, 8 in 3.0 (at ~16 tables the
/// padding was 0.5 KB, a tenth of a 1K-op section; the block-coded tables
/// are read bytewise, the rest as u32 or u64).
inline uint64_t alignTable(uint64_t x, uint16_t versionMajor) {
  return llvm::alignTo(x, versionMajor >= 3 ? 8 : 64);
}

/// 3.0's STRING_DATA codes each string against an earlier one: a decoded
/// table larger than this many times its coded size (plus the slack below)
/// is corrupt, so a crafted file cannot make the reader allocate
/// quadratically (every string a prefix of the previous one, plus a byte).
inline constexpr uint64_t kMaxStringExpansion = 64;
inline constexpr uint64_t kStringExpansionSlack = 1 << 16;

/// Rows per block of the row tables of 3.0 (fixed by the format).
inline constexpr uint32_t kRowTableRowsPerBlock = 64;

/// In 3.0, the tables 2.x stored as fixed-width u32 records are *row
/// tables*: block-coded tables of the same rows and columns, with their
/// block index in front (docs/debug-section-format.md, "Row tables"). The
/// number of columns of `kind`'s rows, or 0 for the other kinds.
inline unsigned getRowTableColumns(SectionKind kind) {
  switch (kind) {
  case SectionKind::LocationLists:
    return 1;
  case SectionKind::Graphs:
  case SectionKind::Sites:
    return 2;
  case SectionKind::ModuleFrames:
  case SectionKind::SourceLines:
    return 3;
  case SectionKind::ArgLocations:
    return 5;
  case SectionKind::Positions:
  case SectionKind::OriginRecords:
    return 6;
  case SectionKind::Records:
    return 7;
  default:
    return 0;
  }
}

} // namespace section
} // namespace tg

#endif // TG_SERIALIZE_FORMAT_H
