//===- Format.h - Debug section format constants ----------------*- C++ -*-===//
//
// The constants of the debug section format. docs/debug-section-format.md is
// the specification; this header only names what it defines, so a change here
// starts with a change there.
//
//===----------------------------------------------------------------------===//

#ifndef TG_SERIALIZE_FORMAT_H
#define TG_SERIALIZE_FORMAT_H

#include <cstdint>

namespace tg {
namespace section {

/// `\x89TGDBG\r\n`.
inline constexpr unsigned char kMagic[8] = {0x89, 'T', 'G',  'D',
                                            'B',  'G', '\r', '\n'};
/// The version writers produce. Readers also read every older major.
inline constexpr uint16_t kVersionMajor = 2;
/// 2.1 adds the optional ORIGIN_RECORDS table; 2.0 readers skip it.
inline constexpr uint16_t kVersionMinor = 1;
/// Version 1.0: kept for reading (and writing, for tests of old readers).
inline constexpr uint16_t kVersionMajorV1 = 1;
inline constexpr uint32_t kHeaderSize = 64;
/// Section-table entry sizes: v1 has no per-table checksum.
inline constexpr uint32_t kSectionEntrySizeV1 = 16;
inline constexpr uint32_t kSectionEntrySizeV2 = 24;
inline constexpr uint32_t kAlignment = 64;
inline constexpr uint32_t kNone = 0xFFFFFFFFu;
inline constexpr uint32_t kDefaultHandlesPerBlock = 64;

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
};

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
};
inline constexpr uint32_t kNumSectionKinds = 16;
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

/// The `kind` field of an ORIGIN_RECORDS row.
enum class OriginRecordKind : uint32_t { Eliminated = 1, Merged = 2 };

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
inline constexpr uint32_t kDefaultStackNodesPerBlock = 64;

/// The columns of a v2 LOCATIONS row: `kind | aux << 8` (the high 16 bits,
/// reserved in 1.0, are 0), then the fields a, b, c of the 1.0 record.
enum LocationColumn : unsigned {
  kColLocKind,
  kColLocA,
  kColLocB,
  kColLocC,
  kNumLocColumns
};
inline constexpr uint32_t kDefaultLocationsPerBlock = 64;

/// Rounds up to the table alignment.
inline uint64_t alignTo64(uint64_t x) { return (x + 63) & ~uint64_t(63); }

} // namespace section
} // namespace tg

#endif // TG_SERIALIZE_FORMAT_H
