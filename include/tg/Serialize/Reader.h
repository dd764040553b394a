//===- Reader.h - Zero-copy debug section reader ----------------*- C++ -*-===//
//
// Opens a debug section (docs/debug-section-format.md) by mapping it
// read-only (a small one is read into memory instead) and validating its
// header and section table, and then answers lookups by reading records
// straight out of the mapping: strings are views into it, and nothing is
// decoded until asked. The mapping is guarded (GuardedMapping.h): a file
// truncated in place gives checkUnchanged()'s error, never a SIGBUS. In
// format 2.0 opening is O(number of tables): each table's checksum is checked
// on its first use (and each block of a block-coded table on the first use of
// that block), so a lookup never returns unchecked bytes; verifyAll() checks
// everything at once. Format 1.0 files are checked whole at open, as their
// format requires. A small 3.0 section may be stored compressed (flag
// COMPRESSED): it is decompressed once, at open, into memory the reader owns,
// and read from there the same way. Every lookup checks its bounds and returns
// an llvm::Error naming the table, index and byte offset when the file is
// inconsistent. Independent of MLIR on purpose: tools that only symbolicate
// need no MLIRContext.
//
//===----------------------------------------------------------------------===//

#ifndef TG_SERIALIZE_READER_H
#define TG_SERIALIZE_READER_H

#include "tg/Serialize/ColumnTable.h"
#include "tg/Serialize/Format.h"
#include "tg/Serialize/GuardedMapping.h"
#include "tg/Serialize/StringData.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"

#include <atomic>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace tg {

/// A POSITIONS record with its strings resolved.
struct SectionPosition {
  llvm::StringRef file;
  std::optional<llvm::StringRef> function;
  uint32_t fileId = 0;
  uint32_t startLine = 0, startCol = 0, endLine = 0, endCol = 0;
};

/// A MODULE_FRAMES record.
struct SectionModuleFrame {
  llvm::StringRef instance, className, method;
};

/// A STACK_NODES record. `moduleFrame` and `parent` are indices, or nullopt.
struct SectionStackNode {
  uint32_t call = 0;
  std::optional<uint32_t> moduleFrame;
  std::optional<uint32_t> parent;
};

/// A LOCATIONS record.
struct SectionLocation {
  section::LocKind kind = section::LocKind::Name;
  section::FusedMeta meta = section::FusedMeta::None;
  uint32_t a = 0, b = 0, c = 0;
};

/// A GRAPHS record; className is empty for a free function.
struct SectionGraph {
  llvm::StringRef className, method;
};

/// A SITES record: what an op is and where, apart from its call stack.
struct SectionSite {
  uint32_t leaf = 0;
  std::optional<llvm::StringRef> opName;
};

/// One handle's entry (see "Handle blocks"), with its site resolved.
struct SectionHandle {
  uint64_t handle = 0;
  /// STACK_NODES index of the innermost call, or nullopt.
  std::optional<uint32_t> stack;
  /// LocRef of the leaf; the handle's location when `stack` is empty.
  uint32_t leaf = 0;
  std::optional<llvm::StringRef> opName;
  std::optional<uint32_t> graph;
};

/// An ORIGIN_RECORDS row (format 2.1): an origin that no op holds.
struct SectionOriginRecord {
  section::OriginRecordKind kind = section::OriginRecordKind::Eliminated;
  /// The pass that removed it, and the name of the op it was.
  llvm::StringRef pass, opName;
  /// LocRef of the origin (may be fused: one record for every origin of the
  /// removed op); with `stack`, of the origin's leaf.
  uint32_t origin = 0;
  /// 3.2: STACK_NODES index of the origin's innermost call: the origin is
  /// `callsite(origin at the node's caller chain)`, as a handle's location.
  std::optional<uint32_t> stack;
  /// For `Merged`: LocRef of the holder's location, and the first handle
  /// whose location was that location when the section was written.
  std::optional<uint32_t> into;
  std::optional<uint32_t> holder;
  /// 3.2 (RECORDS): the op whose location holds the record, which the
  /// location written for it omits: section::kAnchorRoot for the root op,
  /// `h + 1` for handle h. section::kNone when the record is spelled inside
  /// a written location (every record before 3.2).
  uint32_t anchor = section::kNone;
  bool isAnchored() const { return anchor != section::kNone; }
  bool isOnRoot() const { return anchor == section::kAnchorRoot; }
  /// The handle holding the record (for an anchored record not on the root).
  uint64_t getAnchorHandle() const { return uint64_t(anchor) - 1; }
};
/// An ARG_LOCATIONS record.
struct SectionArgLocation {
  uint32_t handle = 0, region = 0, block = 0, arg = 0, loc = 0;
};

class DebugSectionReader {
public:
  /// Files from this size on are mapped; smaller ones are read whole (as
  /// cheap as the page faults a mapping costs at that size, and the reader
  /// then keeps the bytes it opened whatever happens to the file).
  static constexpr uint64_t kMapFrom = uint64_t(64) << 10;
  /// Opens `path` (a regular file: a FIFO or a device is refused without
  /// blocking), reads or maps it read-only and validates it.
  static llvm::Expected<std::unique_ptr<DebugSectionReader>>
  open(llvm::StringRef path, uint64_t mapFrom = kMapFrom);
  /// Validates an in-memory section (tests, stdin). Keeps `buffer` alive.
  static llvm::Expected<std::unique_ptr<DebugSectionReader>>
  fromBuffer(std::unique_ptr<llvm::MemoryBuffer> buffer);

  ~DebugSectionReader();

  uint16_t getVersionMajor() const { return versionMajor; }
  uint16_t getVersionMinor() const { return versionMinor; }
  uint32_t getFlags() const { return flags; }
  /// Whether the file was stored compressed. The reader then holds (and
  /// getBytes() returns) the uncompressed file it stands for.
  bool isCompressed() const { return compressed; }
  bool hasSourceLines() const { return flags & section::kFlagSourceLines; }
  uint64_t getFileSize() const { return data.size(); }
  /// The section's bytes (the mapping, or the buffer it was read from).
  llvm::StringRef getBytes() const { return data; }
  /// Handles 0 .. getNumHandles()-1 have entries (some may be absent).
  uint32_t getNumHandles() const { return handleCount; }
  /// Rows per block of the handle table (the writer's choice).
  uint32_t getHandlesPerBlock() const { return handlesPerBlock; }
  uint32_t getRootLoc() const { return rootLoc; }

  uint32_t getNumStrings() const {
    return counts[idx(section::SectionKind::StringOffsets)];
  }
  uint32_t getNumPositions() const {
    return counts[idx(section::SectionKind::Positions)];
  }
  uint32_t getNumModuleFrames() const {
    return counts[idx(section::SectionKind::ModuleFrames)];
  }
  uint32_t getNumStackNodes() const {
    return counts[idx(section::SectionKind::StackNodes)];
  }
  uint32_t getNumLocations() const {
    return counts[idx(section::SectionKind::Locations)];
  }
  uint32_t getNumListElements() const {
    return counts[idx(section::SectionKind::LocationLists)];
  }
  uint32_t getNumGraphs() const {
    return counts[idx(section::SectionKind::Graphs)];
  }
  uint32_t getNumSites() const {
    return counts[idx(section::SectionKind::Sites)];
  }
  uint32_t getNumArgLocations() const {
    return counts[idx(section::SectionKind::ArgLocations)];
  }
  uint32_t getNumSourceLines() const {
    return counts[idx(section::SectionKind::SourceLines)];
  }
  /// Zero for sections before 2.1 (they have no ORIGIN_RECORDS table). In
  /// 3.2 the rows of RECORDS, which getOriginRecord reads the same way.
  uint32_t getNumOriginRecords() const {
    return counts[idx(hasRecordRows ? section::SectionKind::Records
                                    : section::SectionKind::OriginRecords)];
  }
  /// Whether the origin records are rows of their own, apart from the
  /// locations of the ops that hold them (format 3.2, RECORDS).
  bool hasRecordsTable() const { return hasRecordRows; }
  /// The section's build ID (format 3.1), its identity; empty when it has
  /// none (before 3.1, or written with build-id=none). Checks the table's
  /// checksum on first use.
  llvm::Expected<llvm::ArrayRef<uint8_t>> getBuildId() const;
  /// Whether the file was an ELF container (section::readElfContainer); the
  /// reader then reads the section inside it, at getElfOffset().
  bool isElfContainer() const { return fromElf; }
  /// An error once the mapped file changed since open (truncated, or
  /// rewritten in place rather than replaced by a rename): what was read
  /// since the last check may be the new bytes or zeros, so a caller checks
  /// after reading and before trusting the answer. Always success for a
  /// section read into memory. Costs an fstat.
  llvm::Error checkUnchanged() const {
    return mapping ? mapping->fileChanged() : llvm::Error::success();
  }
  /// checkUnchanged() without the fstat: only whether the file was truncated
  /// under the mapping (a page read as zeros). For a check before every
  /// answer, with checkUnchanged() now and then and at the end.
  llvm::Error checkNotTruncated() const {
    return mapping ? mapping->pagesLost() : llvm::Error::success();
  }
  /// Whether the reader reads a mapping of the file (not memory it owns).
  bool isMapped() const { return mapping != nullptr; }
  uint64_t getElfOffset() const { return elfOffset; }
  /// Byte size of a table, for size reports.
  uint64_t getSectionSize(section::SectionKind kind) const {
    return sizes[idx(kind)];
  }

  /// Records, each O(1); strings are views into the mapping.
  llvm::Expected<llvm::StringRef> getString(uint32_t id) const;
  llvm::Expected<SectionPosition> getPosition(uint32_t index) const;
  llvm::Expected<SectionModuleFrame> getModuleFrame(uint32_t index) const;
  llvm::Expected<SectionStackNode> getStackNode(uint32_t index) const;
  llvm::Expected<SectionLocation> getLocation(uint32_t index) const;
  llvm::Expected<uint32_t> getListElement(uint32_t index) const;
  llvm::Expected<SectionGraph> getGraph(uint32_t index) const;
  llvm::Expected<SectionSite> getSite(uint32_t index) const;
  llvm::Expected<SectionArgLocation> getArgLocation(uint32_t index) const;
  llvm::Expected<SectionOriginRecord> getOriginRecord(uint32_t index) const;

  /// Checks every table and block against its checksum (and the structure
  /// of every block), so that nothing read later can be silently wrong:
  /// `tg-symbolicate --verify` and restoring locations into a module call it.
  /// O(file size); a no-op for format 1.0, whose open checked the whole body.
  llvm::Error verifyAll() const;

  /// Decodes one handle: O(handles per block). An error names the handle
  /// when it is out of range or absent, and the byte offset when its block is
  /// malformed.
  llvm::Expected<SectionHandle> lookupHandle(uint64_t handle) const;
  /// The raw entry of `handle`: stack node + 1, site + 1, graph + 1 (0 for
  /// none), by section::HandleColumn, unchecked against the other tables.
  /// For callers that memoize what sites and positions resolve to
  /// (BriefSymbolizer); lookupHandle resolves and checks them.
  llvm::Error getHandleColumns(uint64_t handle,
                               uint32_t values[section::kNumColumns]) const {
    return decodeColumns(handle, values);
  }
  /// Whether an op uses `handle` (handles may have gaps); an error only when
  /// the handle is out of range or its block is malformed.
  llvm::Expected<bool> hasHandle(uint64_t handle) const;

  /// The embedded text of `line` of the file with string id `fileId`, if the
  /// section has it (binary search over SOURCE_LINES).
  llvm::Expected<std::optional<llvm::StringRef>>
  findSourceLine(uint32_t fileId, uint32_t line) const;

private:
  DebugSectionReader() = default;
  static constexpr unsigned idx(section::SectionKind kind) {
    return static_cast<unsigned>(kind) - 1;
  }
  llvm::Error validate();
  /// The steps of validate(), in order.
  llvm::Error unwrapElfContainer();
  llvm::Error checkMagicAndVersion();
  llvm::Error checkHeader();
  llvm::Error readSectionTable();
  llvm::Error checkBodyChecksumV1();
  llvm::Error checkIndexCounts();
  llvm::Error checkElfBuildId() const;
  /// For a 3.0 section with flag COMPRESSED: replaces `data` by the
  /// decompressed image (header included), owned by `buffer`.
  llvm::Error decompress();
  llvm::Error checkIndex(section::SectionKind kind, uint32_t index,
                         llvm::StringRef what) const;
  const uint8_t *record(section::SectionKind kind, uint32_t index,
                        uint32_t recordSize) const;
  llvm::Expected<std::optional<llvm::StringRef>>
  getOptString(uint32_t id) const;
  llvm::Error decodeColumns(uint64_t handle, uint32_t values[]) const;
  llvm::Error decodeColumnsV1(uint64_t handle, uint32_t values[]) const;
  /// Checks a table's checksum on its first use (format 2); cheap after that.
  llvm::Error checkTable(section::SectionKind kind) const {
    if (tableState[idx(kind)].load(std::memory_order_acquire) == kChecked)
      return llvm::Error::success();
    return checkTableSlow(kind);
  }
  llvm::Error checkTableSlow(section::SectionKind kind) const;
  /// Compares table `k`'s bytes with its checksum in the section table.
  llvm::Error checkSum(unsigned k) const;
  /// The O(1) structural checks of a table's contents, run once with its
  /// checksum; for a block index, creates the table's reader.
  llvm::Error checkContents(section::SectionKind kind) const;
  /// Rows of a table that is a row table in 3.0 (fixed-width before).
  uint32_t getNumRows(section::SectionKind kind) const;
  /// The size of a 3.0 row table's block index.
  uint64_t getRowIndexSize(section::SectionKind kind) const;
  /// Creates the reader of a 3.0 row table (on its first use).
  llvm::Error openRowTable(section::SectionKind kind) const;
  /// Row `index` of a table of u32 columns (fixed-width in 1.0 and 2.x,
  /// block-coded in 3.0), after checkTable and checkIndex.
  llvm::Error readRow(section::SectionKind kind, uint32_t index,
                      uint32_t *out) const;
  /// Where row `index` is, for errors (in 3.0: where its block starts).
  uint64_t getRowOffset(section::SectionKind kind, uint32_t index) const;

  std::unique_ptr<llvm::MemoryBuffer> buffer;
  std::unique_ptr<section::GuardedMapping> mapping;
  llvm::StringRef data;
  uint16_t versionMajor = 0, versionMinor = 0;
  /// What the major version decides (set once the version is read).
  section::FormatLayout layout;
  uint32_t flags = 0, handleCount = 0, handlesPerBlock = 0, rootLoc = 0;
  bool compressed = false;
  /// Whether the file has the optional ORIGIN_RECORDS table (2.1).
  bool hasOriginRecordTable = false;
  /// Whether the file has the optional BUILD_ID table (3.1).
  bool hasBuildIdTable = false;
  /// Whether the file has the optional RECORDS table (3.2).
  bool hasRecordRows = false;
  /// Row `index` of RECORDS (3.2), as an ORIGIN_RECORDS row.
  llvm::Expected<SectionOriginRecord> getRecordRow(uint32_t index) const;
  /// An ELF container: the section's offset in it and its GNU build ID.
  bool fromElf = false;
  uint64_t elfOffset = 0;
  std::vector<uint8_t> elfBuildId;
  uint64_t offsets[section::kNumSectionKinds] = {};
  uint64_t sizes[section::kNumSectionKinds] = {};
  /// The padding before each table of an uncompressed file: [begin, end) and
  /// the table's index in the section table. Checked by verifyAll (a
  /// compressed image's at open); no checksum covers it.
  struct Padding {
    uint64_t begin, end;
    uint32_t beforeSection;
  };
  std::vector<Padding> paddings;
  /// The first byte of `padding` that is not 0 as an error (padding MUST be
  /// zero), in the words `prefix` and `suffix` put around it.
  llvm::Error checkPadding(const Padding &padding, llvm::StringRef prefix,
                           llvm::StringRef suffix) const;
  uint32_t counts[section::kNumSectionKinds] = {};
  /// Format 2: the section table's checksum of each table.
  uint64_t checksums[section::kNumSectionKinds] = {};
  uint32_t stackNodesPerBlock = 0, locationsPerBlock = 0;
  /// Per table: kChecked once its checksum matched (all tables of a 1.0
  /// file at open). Atomic so concurrent lookups may race to check.
  static constexpr uint8_t kChecked = 1;
  mutable std::atomic<uint8_t> tableState[section::kNumSectionKinds] = {};
  /// Format 2: the block-coded handle table and stack nodes, created on
  /// the first use of their index (published by its tableState).
  mutable std::optional<section::ColumnTableReader> handleTable, nodeTable,
      locationTable;
  /// Format 3: decodes STRING_DATA into decodedStrings (once, on first use).
  llvm::Error decodeStrings() const;
  /// Format 3: the decoded strings.
  mutable section::DecodedStrings decodedStrings;
  /// Format 3: the row tables, by kind index, created on first use.
  mutable std::optional<section::ColumnTableReader>
      rowTables[section::kNumSectionKinds];
  mutable std::mutex checkMutex;
};

} // namespace tg

#endif // TG_SERIALIZE_READER_H
