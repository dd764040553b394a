//===- Reader.cpp - Zero-copy debug section reader ------------------------===//
//
// open() validates the header, the section table and the bounds of every
// table. Format 1.0 also hashes the whole body there (its only checksum);
// format 2.0 checks a table's own checksum on the table's first use and the
// block-coded tables block by block (ColumnTableReader), which keeps open
// O(number of tables). Lookups then read records in place and check only what
// a record itself can get wrong (indices it holds). Errors say what was
// expected at which byte offset.
//
//===----------------------------------------------------------------------===//

#include "tg/Serialize/Reader.h"
#include "tg/Serialize/BuildId.h"
#include "tg/Serialize/ElfContainer.h"
#include "tg/Serialize/Encoding.h"
#include "tg/Serialize/SectionImage.h"
#include "tg/Serialize/StringData.h"

#include "llvm/ADT/ScopeExit.h"
#include "llvm/Support/CRC.h"
#include "llvm/Support/Compression.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/xxhash.h"

#ifdef LLVM_ON_UNIX
#include <fcntl.h>
#endif

using namespace llvm;
using namespace tg;
using namespace tg::section;
using namespace tg::encoding;

namespace {

const char *kindName(unsigned i) {
  static const char *names[] = {
      "STRING_OFFSETS", "STRING_DATA",      "POSITIONS",      "MODULE_FRAMES",
      "STACK_NODES",    "LOCATIONS",        "LOCATION_LISTS", "GRAPHS",
      "SITES",          "HANDLE_INDEX",     "HANDLE_BLOCKS",  "ARG_LOCATIONS",
      "SOURCE_LINES",   "STACK_NODE_INDEX", "LOCATION_INDEX", "ORIGIN_RECORDS",
      "BUILD_ID",       "RECORDS"};
  return i < kNumSectionKinds ? names[i] : "?";
}

/// Size in bytes a table must have for `count`, by kind index, or nullopt
/// when any size is allowed (format 2's block-coded STACK_NODES).
std::optional<uint64_t> expectedSize(unsigned i, uint64_t count,
                                     bool blockCoded) {
  switch (static_cast<SectionKind>(i + 1)) {
  case SectionKind::StringOffsets:
  case SectionKind::HandleIndex:
  case SectionKind::StackNodeIndex:
  case SectionKind::LocationIndex:
    return 4 * (count + (i + 1 == unsigned(SectionKind::StringOffsets)));
  case SectionKind::StringData:
  case SectionKind::HandleBlocks:
    return count;
  case SectionKind::Positions:
    return count * kPositionSize;
  case SectionKind::ModuleFrames:
    return count * kModuleFrameSize;
  case SectionKind::StackNodes:
    if (blockCoded)
      return std::nullopt;
    return count * kStackNodeSize;
  case SectionKind::Locations:
    if (blockCoded)
      return std::nullopt;
    return count * kLocationSize;
  case SectionKind::LocationLists:
    return count * 4;
  case SectionKind::Graphs:
    return count * kGraphSize;
  case SectionKind::Sites:
    return count * kSiteSize;
  case SectionKind::ArgLocations:
    return count * kArgLocationSize;
  case SectionKind::SourceLines:
    return count * kSourceLineSize;
  case SectionKind::OriginRecords:
    return count * kOriginRecordSize;
  case SectionKind::Records:
    return std::nullopt; // 3.2 only: a row table
  case SectionKind::BuildId:
    return count;
  }
  return 0;
}
} // namespace

DebugSectionReader::~DebugSectionReader() = default;

/// Opens `path` for reading without blocking: a FIFO would block open()
/// until a writer comes, before the file type could be checked.
static Expected<sys::fs::file_t> openForRead(StringRef path) {
#ifdef LLVM_ON_UNIX
  int fd = ::open(path.str().c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0)
    return makeError("cannot open: {0}",
                     std::error_code(errno, std::generic_category()).message());
  return fd;
#else
  Expected<sys::fs::file_t> file = sys::fs::openNativeFileForRead(path);
  if (!file)
    return makeError("cannot open: {0}", toString(file.takeError()));
  return *file;
#endif
}

/// The whole file, `size` bytes as fstat said, read into memory.
static Expected<std::unique_ptr<MemoryBuffer>>
readWhole(sys::fs::file_t file, uint64_t size, StringRef path) {
  std::unique_ptr<WritableMemoryBuffer> buffer =
      WritableMemoryBuffer::getNewUninitMemBuffer(size, path);
  if (!buffer)
    return makeError("cannot allocate {0} bytes to read the section", size);
  MutableArrayRef<char> rest(buffer->getBufferStart(), size);
  while (!rest.empty()) {
    Expected<size_t> n = sys::fs::readNativeFile(file, rest);
    if (!n)
      return makeError("cannot read: {0}", toString(n.takeError()));
    if (*n == 0)
      return makeError("truncated file: it shrank from {0} to {1} bytes "
                       "while being read",
                       size, size - rest.size());
    rest = rest.drop_front(*n);
  }
  return std::move(buffer);
}

Expected<std::unique_ptr<DebugSectionReader>>
DebugSectionReader::open(StringRef path, uint64_t mapFrom) {
  Expected<sys::fs::file_t> file = openForRead(path);
  if (!file)
    return file.takeError();
  llvm::scope_exit closeFile([&] { sys::fs::closeFile(*file); });
  sys::fs::file_status status;
  if (std::error_code ec = sys::fs::status(*file, status))
    return makeError("cannot stat: {0}", ec.message());
  if (status.type() != sys::fs::file_type::regular_file)
    return makeError("not a regular file");
  uint64_t size = status.getSize();
  std::unique_ptr<DebugSectionReader> reader(new DebugSectionReader());
  if (size < kHeaderSize)
    return makeError("truncated file: expected a {0}-byte header at offset 0, "
                     "found {1} bytes",
                     kHeaderSize, size);
  if (size >= mapFrom) {
    Expected<std::unique_ptr<GuardedMapping>> mapping =
        GuardedMapping::map(*file, size);
    if (!mapping)
      return mapping.takeError();
    if (*mapping) {
      reader->data = (*mapping)->getBytes();
      reader->mapping = std::move(*mapping);
    }
  }
  if (!reader->mapping) {
    Expected<std::unique_ptr<MemoryBuffer>> buffer =
        readWhole(*file, size, path);
    if (!buffer)
      return buffer.takeError();
    reader->data = (*buffer)->getBuffer();
    reader->buffer = std::move(*buffer);
  }
  if (Error err = reader->validate())
    return std::move(err);
  // A file that changed while being validated: what was read may be zeros.
  if (Error err = reader->checkUnchanged())
    return std::move(err);
  return std::move(reader);
}

Expected<std::unique_ptr<DebugSectionReader>>
DebugSectionReader::fromBuffer(std::unique_ptr<MemoryBuffer> buffer) {
  std::unique_ptr<DebugSectionReader> reader(new DebugSectionReader());
  reader->data = buffer->getBuffer();
  reader->buffer = std::move(buffer);
  if (Error err = reader->validate())
    return std::move(err);
  return std::move(reader);
}

Error DebugSectionReader::decompress() {
  const auto *base = reinterpret_cast<const uint8_t *>(data.data());
  uint64_t frameSize = readU32(base + kOffCompressedSize);
  if (frameSize != data.size() - kHeaderSize)
    return makeError(
        "{0} compressed section: the header at offset {1} "
        "records a {2}-byte frame after the header, found {3} "
        "bytes",
        data.size() - kHeaderSize < frameSize ? "truncated" : "oversized",
        unsigned(kOffCompressedSize), frameSize, data.size() - kHeaderSize);
  uint64_t imageSize = readU64(base + kOffFileSize);
  if (imageSize < kHeaderSize || imageSize > kMaxDecompressedImage)
    return makeError("bad compressed section: the header at offset {0} "
                     "records {1} bytes once decompressed, expected {2} to "
                     "{3}",
                     unsigned(kOffFileSize), imageSize, kHeaderSize,
                     kMaxDecompressedImage);
  if (!compression::zstd::isAvailable())
    return makeError("the section is compressed (zstd) and this reader was "
                     "built without zstd; write it with "
                     "--tg-emit-debug-section=compress=false");
  std::unique_ptr<WritableMemoryBuffer> image =
      WritableMemoryBuffer::getNewUninitMemBuffer(imageSize,
                                                  "decompressed section");
  if (!image)
    return makeError("cannot allocate {0} bytes to decompress the section",
                     imageSize);
  // The image is the uncompressed file, header included: without the flag
  // and the frame size, with its own header checksum.
  auto *header = reinterpret_cast<uint8_t *>(image->getBufferStart());
  std::memcpy(header, base, kHeaderSize);
  support::endian::write32le(header + kOffFlags,
                             readU32(base + kOffFlags) & ~kFlagCompressed);
  support::endian::write32le(header + kOffCompressedSize, 0);
  sealHeader(header);
  size_t bodySize = imageSize - kHeaderSize;
  if (Error err = compression::zstd::decompress(
          ArrayRef<uint8_t>(base + kHeaderSize, frameSize),
          reinterpret_cast<uint8_t *>(image->getBufferStart()) + kHeaderSize,
          bodySize))
    return makeError("corrupt compressed section: the zstd frame at offset "
                     "{0} does not decompress to the {1} bytes the header "
                     "records: {2}",
                     kHeaderSize, imageSize - kHeaderSize,
                     toString(std::move(err)));
  if (bodySize != imageSize - kHeaderSize)
    return makeError("corrupt compressed section: the zstd frame at offset "
                     "{0} decompresses to {1} bytes, the header records {2}",
                     kHeaderSize, bodySize, imageSize - kHeaderSize);
  data = StringRef(image->getBufferStart(), image->getBufferSize());
  buffer = std::move(image);
  mapping.reset();
  compressed = true;
  return Error::success();
}

Error DebugSectionReader::unwrapElfContainer() {
  Expected<ElfContents> contents = readElfContainer(data);
  if (!contents)
    return contents.takeError();
  elfBuildId = std::move(contents->buildId);
  elfOffset = contents->offset;
  fromElf = true;
  data = contents->section;
  if (contents->decompressed) {
    // The file is read whole: nothing points into it any more.
    buffer = std::move(contents->decompressed);
    mapping.reset();
  }
  return Error::success();
}

Error DebugSectionReader::checkElfBuildId() const {
  Expected<ArrayRef<uint8_t>> id = getBuildId();
  if (!id)
    return id.takeError();
  if (ArrayRef<uint8_t>(elfBuildId) == *id)
    return Error::success();
  return makeError("ELF container's GNU build ID {0} is not the build ID of "
                   "the section it holds ({1}): the note or the section was "
                   "replaced",
                   elfBuildId.empty() ? std::string("(none)")
                                      : formatBuildId(elfBuildId),
                   id->empty() ? std::string("(none)") : formatBuildId(*id));
}

Expected<ArrayRef<uint8_t>> DebugSectionReader::getBuildId() const {
  if (!hasBuildIdTable)
    return ArrayRef<uint8_t>();
  if (Error err = checkTable(SectionKind::BuildId))
    return std::move(err);
  return ArrayRef<uint8_t>(reinterpret_cast<const uint8_t *>(data.data()) +
                               offsets[idx(SectionKind::BuildId)],
                           sizes[idx(SectionKind::BuildId)]);
}

Error DebugSectionReader::validate() {
  if (section::isElf(data))
    if (Error err = unwrapElfContainer())
      return err;
  if (Error err = checkMagicAndVersion())
    return err;
  if (Error err = checkHeader())
    return err;
  if (Error err = readSectionTable())
    return err;
  if (!layout.tableChecksums)
    if (Error err = checkBodyChecksumV1())
      return err;
  if (Error err = checkIndexCounts())
    return err;
  // A container names its section by the note's build ID (debuginfod serves
  // it by that ID): the two must agree, or a fetch by ID could answer with
  // another build's section.
  if (fromElf)
    return checkElfBuildId();
  return Error::success();
}

Error DebugSectionReader::checkMagicAndVersion() {
  const auto *base = reinterpret_cast<const uint8_t *>(data.data());
  uint64_t size = data.size();
  if (size < kHeaderSize)
    return makeError("truncated file: expected a {0}-byte header at offset 0, "
                     "found {1} bytes",
                     kHeaderSize, size);
  if (std::memcmp(base, kMagic, sizeof(kMagic)) != 0) {
    std::string found;
    raw_string_ostream os(found);
    for (unsigned i = 0; i < sizeof(kMagic); ++i)
      os << format_hex_no_prefix(base[i], 2)
         << (i + 1 < sizeof(kMagic) ? " " : "");
    return makeError("not a tracegraph debug section: expected magic 89 54 47 "
                     "44 42 47 0d 0a at offset 0, found {0}",
                     found);
  }
  versionMajor = readU16(base + kOffVersionMajor);
  versionMinor = readU16(base + kOffVersionMinor);
  if (versionMajor != kVersionMajorNumbered &&
      versionMajor != kVersionMajorStreams && versionMajor != kVersionMajor &&
      versionMajor != kVersionMajorV2 && versionMajor != kVersionMajorV1)
    return makeError("unsupported format version {0}.{1} at offset 8: this "
                     "reader reads versions {2}.x, {3}.x, {4}.x, {5}.x and "
                     "{6}.x",
                     versionMajor, versionMinor, kVersionMajorV1,
                     kVersionMajorV2, kVersionMajor, kVersionMajorStreams,
                     kVersionMajorNumbered);
  layout = FormatLayout::get(versionMajor);
  return Error::success();
}

Error DebugSectionReader::checkHeader() {
  const auto *base = reinterpret_cast<const uint8_t *>(data.data());
  uint64_t size = data.size();
  uint32_t storedCrc = readU32(base + kOffHeaderCrc);
  uint32_t crc = llvm::crc32(ArrayRef<uint8_t>(base, kOffHeaderCrc));
  if (storedCrc != crc)
    return makeError("header checksum mismatch at offset {0}: stored {1}, "
                     "computed {2} (the header is corrupt)",
                     unsigned(kOffHeaderCrc), format_hex(storedCrc, 10),
                     format_hex(crc, 10));
  uint32_t headerSize = readU32(base + kOffHeaderSize);
  if (headerSize != kHeaderSize)
    return makeError("bad header size at offset {0}: expected {1}, found {2}",
                     unsigned(kOffHeaderSize), kHeaderSize, headerSize);
  flags = readU32(base + kOffFlags);
  if (layout.compressible && (flags & kFlagCompressed)) {
    if (Error err = decompress())
      return err;
    base = reinterpret_cast<const uint8_t *>(data.data());
    size = data.size();
    flags = readU32(base + kOffFlags);
  }
  // 5.0 names its table coding in a flag (4.0 in its major version).
  if (layout.numberedStrings)
    layout.streamTables = flags & kFlagStreamTables;
  uint64_t fileSize = readU64(base + kOffFileSize);
  if (fileSize != size)
    return makeError("{0} file: the header at offset {1} records {2} bytes, "
                     "found {3}",
                     size < fileSize ? "truncated" : "oversized",
                     unsigned(kOffFileSize), fileSize, size);
  handleCount = readU32(base + kOffHandleCount);
  handlesPerBlock = readU32(base + kOffHandlesPerBlock);
  rootLoc = readU32(base + kOffRootLoc);
  if (handlesPerBlock == 0)
    return makeError("bad header at offset {0}: handles per block must be > 0",
                     unsigned(kOffHandlesPerBlock));
  if (layout.blockCodedTables) {
    stackNodesPerBlock = readU32(base + kOffStackNodesPerBlock);
    if (stackNodesPerBlock == 0)
      return makeError("bad header at offset {0}: stack nodes per block must "
                       "be > 0",
                       unsigned(kOffStackNodesPerBlock));
    locationsPerBlock = readU32(base + kOffLocationsPerBlock);
    if (locationsPerBlock == 0)
      return makeError("bad header at offset {0}: locations per block must "
                       "be > 0",
                       unsigned(kOffLocationsPerBlock));
  }
  return Error::success();
}

Error DebugSectionReader::readSectionTable() {
  const auto *base = reinterpret_cast<const uint8_t *>(data.data());
  uint64_t size = data.size();
  uint32_t entrySize =
      layout.tableChecksums ? kSectionEntrySizeV2 : kSectionEntrySizeV1;
  unsigned numKinds = layout.numKinds;
  uint32_t sectionCount = readU32(base + kOffSectionCount);
  uint64_t tableEnd = kHeaderSize + uint64_t(sectionCount) * entrySize;
  if (tableEnd > size)
    return makeError("truncated file: the section table of {0} entries at "
                     "offset {1} ends at {2}, past the end of the file ({3})",
                     sectionCount, kHeaderSize, tableEnd, size);
  if (layout.tableChecksums) {
    // The section table locates every table: it is small, so it is checked
    // at every open, before any of its fields is trusted.
    uint32_t storedTableCrc = readU32(base + kOffSectionTableCrc);
    uint32_t tableCrc = llvm::crc32(
        ArrayRef<uint8_t>(base + kHeaderSize, tableEnd - kHeaderSize));
    if (storedTableCrc != tableCrc)
      return makeError("section table checksum mismatch: the header at offset "
                       "{0} records {1}, the section table at offset {2} "
                       "hashes to {3} (the section table is corrupt)",
                       unsigned(kOffSectionTableCrc),
                       format_hex(storedTableCrc, 10), kHeaderSize,
                       format_hex(tableCrc, 10));
  }

  bool seen[kNumSectionKinds] = {};
  uint64_t offset = alignTable(tableEnd, versionMajor);
  // A compressed image is in memory already: its padding is checked too, so
  // that every byte a damaged frame can change is covered by a check (the
  // zstd frame has no checksum of its own).
  uint64_t end = tableEnd;
  for (uint32_t i = 0; i < sectionCount; ++i) {
    const uint8_t *entry = base + kHeaderSize + uint64_t(i) * entrySize;
    uint32_t kind = readU32(entry);
    uint32_t count = readU32(entry + 4);
    uint64_t bytes = readU64(entry + 8);
    if (bytes > size || offset > size - bytes)
      return makeError("truncated file: section {0} (kind {1}) at offset {2} "
                       "has {3} bytes, past the end of the file ({4})",
                       i, kind, offset, bytes, size);
    // A mapped file's padding waits for verifyAll: opening stays O(1).
    Padding padding{end, offset, i};
    if (compressed) {
      if (Error err = checkPadding(padding, "corrupt compressed section: ", ""))
        return err;
    } else if (end < offset) {
      paddings.push_back(padding);
    }
    end = offset + bytes;
    if (kind >= 1 && kind <= numKinds && !seen[kind - 1]) {
      unsigned k = kind - 1;
      seen[k] = true;
      std::optional<uint64_t> expected =
          expectedSize(k, count, layout.blockCodedTables);
      if (layout.rowTables && (getRowTableColumns(SectionKind(kind)) ||
                               kind == uint32_t(SectionKind::StringData)))
        expected = std::nullopt;
      // 3.0 decodes strings from STRING_DATA alone.
      if (layout.prefixCodedStrings &&
          kind == uint32_t(SectionKind::StringOffsets))
        expected = 0;
      if (kind == uint32_t(SectionKind::BuildId) &&
          (count == 0 || count > kMaxBuildIdSize))
        return makeError("bad section table entry at offset {0}: a BUILD_ID "
                         "of {1} bytes, expected 1 to {2}",
                         kHeaderSize + uint64_t(i) * entrySize, count,
                         kMaxBuildIdSize);
      if (expected && *expected != bytes)
        return makeError("bad section table entry at offset {0}: {1} with "
                         "{2} records must have {3} bytes, found {4}",
                         kHeaderSize + uint64_t(i) * entrySize, kindName(k),
                         count, *expected, bytes);
      offsets[k] = offset;
      sizes[k] = bytes;
      counts[k] = count;
      if (kind == uint32_t(SectionKind::OriginRecords))
        hasOriginRecordTable = true;
      if (kind == uint32_t(SectionKind::BuildId))
        hasBuildIdTable = true;
      if (kind == uint32_t(SectionKind::Records))
        hasRecordRows = true;
      if (layout.tableChecksums)
        checksums[k] = readU64(entry + 16);
    }
    offset = i + 1 < sectionCount ? alignTable(offset + bytes, versionMajor)
                                  : offset + bytes;
  }
  if (sectionCount == 0)
    offset = tableEnd;
  if (offset != size)
    return makeError("bad section table: tables end at offset {0} but the "
                     "file has {1} bytes",
                     offset, size);
  // ORIGIN_RECORDS (2.1) is optional: a 2.0 file has none.
  unsigned required =
      layout.blockCodedTables ? kNumRequiredSectionKindsV2 : kNumSectionKindsV1;
  for (unsigned k = 0; k < required; ++k)
    if (!seen[k])
      return makeError("missing section {0} (kind {1}) in the section table "
                       "at offset {2}",
                       kindName(k), k + 1, kHeaderSize);
  // RECORDS (3.2) replaces ORIGIN_RECORDS: a file has one or the other.
  if (hasRecordRows && hasOriginRecordTable &&
      counts[idx(SectionKind::OriginRecords)])
    return makeError("bad section table: both ORIGIN_RECORDS ({0} rows) and "
                     "RECORDS ({1} rows); a 3.2 section has only RECORDS",
                     counts[idx(SectionKind::OriginRecords)],
                     counts[idx(SectionKind::Records)]);

  return Error::success();
}

/// 1.0 has one checksum of everything after the header, checked at open.
Error DebugSectionReader::checkBodyChecksumV1() {
  const auto *base = reinterpret_cast<const uint8_t *>(data.data());
  uint64_t size = data.size();
  uint64_t storedSum = readU64(base + kOffBodyChecksum);
  uint64_t sum =
      xxh3_64bits(ArrayRef<uint8_t>(base + kHeaderSize, size - kHeaderSize));
  if (storedSum != sum)
    return makeError("checksum mismatch: the header at offset {0} records "
                     "{1}, the contents hash to {2} (the file is corrupt)",
                     unsigned(kOffBodyChecksum), format_hex(storedSum, 18),
                     format_hex(sum, 18));
  for (auto &state : tableState)
    state.store(kChecked, std::memory_order_relaxed);
  return Error::success();
}

Error DebugSectionReader::checkIndexCounts() {
  if (layout.streamTables) {
    // 4.0: stream tables have no block index; the three index tables are
    // there, empty (their sizes were checked against these counts).
    for (SectionKind kind :
         {SectionKind::HandleIndex, SectionKind::StackNodeIndex,
          SectionKind::LocationIndex})
      if (unsigned k = idx(kind); counts[k])
        return makeError("bad {0} at offset {1}: a section of stream tables "
                         "(4.0, or 5.0 with STREAM_TABLES) has no block "
                         "index, found {2} entries",
                         kindName(k), offsets[k], counts[k]);
    // S1 here, from the section table alone, for the tables whose row
    // counts readers size things by (Python's lookup_many allocated 8 bytes
    // per handle of a header that claimed 2^32 - 2 of them).
    auto checkRows = [&](SectionKind kind, uint64_t rows, unsigned columns) {
      unsigned k = idx(kind);
      return ColumnTableReader::checkStreamSize(kindName(k), sizes[k],
                                                offsets[k], rows, columns,
                                                layout.streamColumnModes);
    };
    if (Error err =
            checkRows(SectionKind::HandleBlocks, handleCount, kNumColumns))
      return err;
    if (Error err =
            checkRows(SectionKind::StackNodes,
                      counts[idx(SectionKind::StackNodes)], kNumNodeColumns))
      return err;
    return checkRows(SectionKind::Locations,
                     counts[idx(SectionKind::Locations)], kNumLocColumns);
  }
  unsigned hi = idx(SectionKind::HandleIndex);
  uint64_t numBlocks =
      (uint64_t(handleCount) + handlesPerBlock - 1) / handlesPerBlock;
  if (counts[hi] != numBlocks + 1)
    return makeError("bad HANDLE_INDEX at offset {0}: {1} handles in blocks "
                     "of {2} need {3} entries, found {4}",
                     offsets[hi], handleCount, handlesPerBlock, numBlocks + 1,
                     counts[hi]);
  if (layout.blockCodedTables) {
    unsigned ni = idx(SectionKind::StackNodeIndex);
    unsigned sn = idx(SectionKind::StackNodes);
    uint64_t numNodeBlocks =
        (uint64_t(counts[sn]) + stackNodesPerBlock - 1) / stackNodesPerBlock;
    if (counts[ni] != numNodeBlocks + 1)
      return makeError("bad STACK_NODE_INDEX at offset {0}: {1} stack nodes "
                       "in blocks of {2} need {3} entries, found {4}",
                       offsets[ni], counts[sn], stackNodesPerBlock,
                       numNodeBlocks + 1, counts[ni]);
    unsigned li = idx(SectionKind::LocationIndex);
    unsigned lo = idx(SectionKind::Locations);
    uint64_t numLocBlocks =
        (uint64_t(counts[lo]) + locationsPerBlock - 1) / locationsPerBlock;
    if (counts[li] != numLocBlocks + 1)
      return makeError("bad LOCATION_INDEX at offset {0}: {1} locations in "
                       "blocks of {2} need {3} entries, found {4}",
                       offsets[li], counts[lo], locationsPerBlock,
                       numLocBlocks + 1, counts[li]);
    // Nothing past the section table is read at open: every page of the
    // mapping touched here is a page fault (and a page to unmap), which is
    // what made opening grow with the file. The checks of table contents
    // run on each table's first use (checkTableSlow).
    return Error::success();
  }
  return checkContents(SectionKind::StringOffsets);
}

Error DebugSectionReader::checkContents(SectionKind kind) const {
  // O(1) structural checks of a table; per-record checks happen on lookup.
  const auto *base = reinterpret_cast<const uint8_t *>(data.data());
  if (layout.rowTables && getRowTableColumns(kind))
    return openRowTable(kind);
  if (layout.prefixCodedStrings && kind == SectionKind::StringOffsets) {
    unsigned so = idx(SectionKind::StringOffsets);
    unsigned sd = idx(SectionKind::StringData);
    if (counts[so] != counts[sd])
      return makeError("bad section table entry of STRING_OFFSETS: {0} "
                       "strings, but STRING_DATA holds {1}",
                       counts[so], counts[sd]);
    return Error::success();
  }
  if (layout.prefixCodedStrings && kind == SectionKind::StringData)
    return decodeStrings();
  if (kind == SectionKind::StringOffsets) {
    unsigned so = idx(SectionKind::StringOffsets);
    const uint8_t *strOffsets = base + offsets[so];
    if (readU32(strOffsets) != 0 ||
        readU32(strOffsets + 4 * uint64_t(counts[so])) !=
            sizes[idx(SectionKind::StringData)])
      return makeError("bad STRING_OFFSETS at offset {0}: must start at 0 and "
                       "end at the STRING_DATA size {1}",
                       offsets[so], sizes[idx(SectionKind::StringData)]);
    if (layout.tableChecksums)
      return Error::success();
    // Format 1.0 checks everything at open, the handle index too.
    kind = SectionKind::HandleIndex;
  }
  if (kind == SectionKind::HandleIndex && !layout.blockCodedTables) {
    unsigned hi = idx(SectionKind::HandleIndex);
    uint64_t last = counts[hi] - 1;
    if (readU32(base + offsets[hi] + 4 * last) !=
        sizes[idx(SectionKind::HandleBlocks)])
      return makeError("bad HANDLE_INDEX at offset {0}: the last entry must "
                       "be the HANDLE_BLOCKS size {1}",
                       offsets[hi] + 4 * last,
                       sizes[idx(SectionKind::HandleBlocks)]);
    return Error::success();
  }
  auto bytesOf = [&](unsigned k) {
    return ArrayRef<uint8_t>(base + offsets[k], sizes[k]);
  };
  // A block-coded table: its index, its blocks, rows, columns, rows per block.
  auto openBlocks = [&](StringRef name, SectionKind indexKind,
                        SectionKind blocksKind, uint32_t rows, unsigned columns,
                        uint32_t rowsPerBlock,
                        std::optional<ColumnTableReader> &out) -> Error {
    unsigned i = idx(indexKind), b = idx(blocksKind);
    if (layout.streamTables) {
      // 4.0: the table is decoded whole, so its own checksum is checked
      // first (checkTableSlow holds checkMutex: hashed here, not through
      // checkTable).
      if (tableState[b].load(std::memory_order_acquire) != kChecked) {
        if (Error err = checkSum(b))
          return err;
        tableState[b].store(kChecked, std::memory_order_release);
      }
      Expected<ColumnTableReader> table =
          ColumnTableReader::createStream(name, bytesOf(b), offsets[b], rows,
                                          columns, layout.streamColumnModes);
      if (!table)
        return table.takeError();
      out.emplace(std::move(*table));
      return Error::success();
    }
    Expected<ColumnTableReader> table = ColumnTableReader::create(
        name, bytesOf(i), offsets[i], bytesOf(b), offsets[b], rows, columns,
        rowsPerBlock, layout.chainedPatches);
    if (!table)
      return table.takeError();
    out.emplace(std::move(*table));
    return Error::success();
  };
  if (kind == SectionKind::HandleIndex)
    return openBlocks("HANDLE_BLOCKS", kind, SectionKind::HandleBlocks,
                      handleCount, kNumColumns, handlesPerBlock, handleTable);
  if (kind == SectionKind::StackNodeIndex)
    return openBlocks("STACK_NODES", kind, SectionKind::StackNodes,
                      counts[idx(SectionKind::StackNodes)], kNumNodeColumns,
                      stackNodesPerBlock, nodeTable);
  if (kind == SectionKind::LocationIndex)
    return openBlocks("LOCATIONS", kind, SectionKind::Locations,
                      counts[idx(SectionKind::Locations)], kNumLocColumns,
                      locationsPerBlock, locationTable);
  return Error::success();
}

Error DebugSectionReader::decodeStrings() const {
  // Decoded once, on first use (under checkMutex, after the table's
  // checksum), into decodedStrings.
  unsigned sd = idx(SectionKind::StringData);
  const auto *base = reinterpret_cast<const uint8_t *>(data.data());
  Expected<DecodedStrings> strings =
      decodeStringData(ArrayRef<uint8_t>(base + offsets[sd], sizes[sd]),
                       offsets[sd], counts[sd], layout.numberedStrings);
  if (!strings)
    return strings.takeError();
  decodedStrings = std::move(*strings);
  return Error::success();
}

uint32_t DebugSectionReader::getNumRows(SectionKind kind) const {
  return counts[idx(kind)];
}

uint64_t DebugSectionReader::getRowIndexSize(SectionKind kind) const {
  uint64_t rows = getNumRows(kind);
  return 4 * ((rows + kRowTableRowsPerBlock - 1) / kRowTableRowsPerBlock + 1);
}

Error DebugSectionReader::openRowTable(SectionKind kind) const {
  // A 3.0 row table: its block index, then its blocks.
  unsigned k = idx(kind);
  const auto *base = reinterpret_cast<const uint8_t *>(data.data());
  if (layout.streamTables) {
    // 4.0: a stream table, decoded whole (after its checksum).
    Expected<ColumnTableReader> table = ColumnTableReader::createStream(
        kindName(k), ArrayRef<uint8_t>(base + offsets[k], sizes[k]), offsets[k],
        getNumRows(kind), getRowTableColumns(kind));
    if (!table)
      return table.takeError();
    rowTables[k].emplace(std::move(*table));
    return Error::success();
  }
  uint64_t indexSize = getRowIndexSize(kind);
  if (sizes[k] < indexSize)
    return makeError("bad {0} at offset {1}: {2} rows in blocks of {3} need "
                     "a {4}-byte block index, the table has {5} bytes",
                     kindName(k), offsets[k], getNumRows(kind),
                     kRowTableRowsPerBlock, indexSize, sizes[k]);
  Expected<ColumnTableReader> table = ColumnTableReader::create(
      kindName(k), ArrayRef<uint8_t>(base + offsets[k], indexSize), offsets[k],
      ArrayRef<uint8_t>(base + offsets[k] + indexSize, sizes[k] - indexSize),
      offsets[k] + indexSize, getNumRows(kind), getRowTableColumns(kind),
      kRowTableRowsPerBlock, layout.chainedPatches);
  if (!table)
    return table.takeError();
  rowTables[k].emplace(std::move(*table));
  return Error::success();
}

Error DebugSectionReader::readRow(SectionKind kind, uint32_t index,
                                  uint32_t *out) const {
  unsigned k = idx(kind);
  if (rowTables[k])
    return rowTables[k]->getRow(index, out);
  // Before 3.0: fixed-width records of u32 fields (STRING_OFFSETS: one).
  unsigned columns =
      kind == SectionKind::StringOffsets ? 1 : getRowTableColumns(kind);
  const uint8_t *p = reinterpret_cast<const uint8_t *>(data.data()) +
                     offsets[k] + 4 * uint64_t(index) * columns;
  for (unsigned c = 0; c < columns; ++c)
    out[c] = readU32(p + 4 * c);
  return Error::success();
}

uint64_t DebugSectionReader::getRowOffset(SectionKind kind,
                                          uint32_t index) const {
  unsigned k = idx(kind);
  if (!layout.rowTables || !getRowTableColumns(kind))
    return offsets[k] +
           4 * uint64_t(index) * std::max(1u, getRowTableColumns(kind));
  // A row of a block-coded table has no offset of its own: its block's; a
  // stream table's rows, the table's.
  if (layout.streamTables)
    return offsets[k];
  uint64_t block = index / kRowTableRowsPerBlock;
  if (4 * (block + 1) > sizes[k])
    return offsets[k];
  return offsets[k] + getRowIndexSize(kind) +
         readU32(reinterpret_cast<const uint8_t *>(data.data()) + offsets[k] +
                 4 * block);
}

Error DebugSectionReader::checkSum(unsigned k) const {
  const auto *base = reinterpret_cast<const uint8_t *>(data.data());
  uint64_t sum = xxh3_64bits(ArrayRef<uint8_t>(base + offsets[k], sizes[k]));
  if (sum != checksums[k])
    return makeError("checksum mismatch in {0} at offset {1}: the section "
                     "table records {2}, the table hashes to {3} (the file is "
                     "corrupt)",
                     kindName(k), offsets[k], format_hex(checksums[k], 18),
                     format_hex(sum, 18));
  return Error::success();
}

Error DebugSectionReader::checkTableSlow(SectionKind kind) const {
  unsigned k = idx(kind);
  // Concurrent first uses wait here: a table is hashed (and its block-coded
  // reader created) once, and published by the release store below.
  std::lock_guard<std::mutex> lock(checkMutex);
  if (tableState[k].load(std::memory_order_acquire) == kChecked)
    return Error::success();
  if (Error err = checkSum(k))
    return err;
  if (Error err = checkContents(kind))
    return err;
  tableState[k].store(kChecked, std::memory_order_release);
  return Error::success();
}

Error DebugSectionReader::verifyAll() const {
  if (!layout.tableChecksums)
    return Error::success();
  // Block by block first, so damage is reported with its block; then the
  // whole-table checksums, which also cover bytes no block claims.
  for (unsigned k = 0; k < kNumSectionKinds; ++k) {
    SectionKind kind = SectionKind(k + 1);
    if (kind == SectionKind::HandleBlocks || kind == SectionKind::StackNodes ||
        kind == SectionKind::Locations)
      continue;
    // An optional table the file does not have.
    if ((kind == SectionKind::OriginRecords && !hasOriginRecordTable) ||
        (kind == SectionKind::BuildId && !hasBuildIdTable) ||
        (kind == SectionKind::Records && !hasRecordRows))
      continue;
    if (Error err = checkTable(kind))
      return err;
    if (rowTables[k])
      if (Error err = rowTables[k]->validateAll())
        return err;
  }
  if (Error err = nodeTable->validateAll())
    return err;
  if (Error err = locationTable->validateAll())
    return err;
  if (Error err = handleTable->validateAll())
    return err;
  if (Error err = checkTable(SectionKind::StackNodes))
    return err;
  if (Error err = checkTable(SectionKind::Locations))
    return err;
  if (Error err = checkTable(SectionKind::HandleBlocks))
    return err;
  // The header and every table hashed again, whatever was checked before: a
  // second verification (Section.verify(), a --source query) of a mapped
  // file rewritten in place with its size and modification time restored
  // trusted the first. O(file size), as the first (~0.1 ms per MB).
  const auto *base = reinterpret_cast<const uint8_t *>(data.data());
  if (readU32(base + kOffHeaderCrc) !=
      llvm::crc32(ArrayRef<uint8_t>(base, kOffHeaderCrc)))
    return makeError("header checksum mismatch at offset {0} (the header "
                     "changed since the section was opened)",
                     unsigned(kOffHeaderCrc));
  for (unsigned k = 0; k < kNumSectionKinds; ++k)
    if (sizes[k])
      if (Error err = checkSum(k))
        return err;
  // The padding between tables, which no checksum covers: zero, as the
  // format says, so that every byte of a verified file is checked (a
  // compressed image's padding was checked at open).
  for (const Padding &padding : paddings)
    if (Error err = checkPadding(padding, "", " (the file is corrupt)"))
      return err;
  return Error::success();
}

Error DebugSectionReader::checkPadding(const Padding &padding, StringRef prefix,
                                       StringRef suffix) const {
  const auto *base = reinterpret_cast<const uint8_t *>(data.data());
  const uint8_t *first = base + padding.begin, *last = base + padding.end;
  const uint8_t *bad = std::find_if(first, last, [](uint8_t b) { return b; });
  if (bad == last)
    return Error::success();
  return makeError("{0}padding byte at offset {1} (before section {2}) is {3}, "
                   "expected 0{4}",
                   prefix, uint64_t(bad - base), padding.beforeSection,
                   unsigned(*bad), suffix);
}

Error DebugSectionReader::checkIndex(SectionKind kind, uint32_t index,
                                     StringRef what) const {
  if (index < counts[idx(kind)])
    return Error::success();
  return makeError("{0} index {1} out of range: {2} has {3} records", what,
                   index, kindName(idx(kind)), counts[idx(kind)]);
}

const uint8_t *DebugSectionReader::record(SectionKind kind, uint32_t index,
                                          uint32_t recordSize) const {
  return reinterpret_cast<const uint8_t *>(data.data()) + offsets[idx(kind)] +
         uint64_t(index) * recordSize;
}

Expected<StringRef> DebugSectionReader::getString(uint32_t id) const {
  if (Error err = checkTable(SectionKind::StringOffsets))
    return std::move(err);
  if (Error err = checkTable(SectionKind::StringData))
    return std::move(err);
  if (Error err = checkIndex(SectionKind::StringOffsets, id, "string"))
    return std::move(err);
  if (layout.prefixCodedStrings)
    return decodedStrings[id];
  uint32_t begin = 0, end = 0;
  if (Error err = readRow(SectionKind::StringOffsets, id, &begin))
    return std::move(err);
  if (Error err = readRow(SectionKind::StringOffsets, id + 1, &end))
    return std::move(err);
  uint64_t dataSize = sizes[idx(SectionKind::StringData)];
  if (begin > end || end > dataSize)
    return makeError("bad STRING_OFFSETS entry {0} at offset {1}: range "
                     "[{2}, {3}) is not inside STRING_DATA ({4} bytes)",
                     id, getRowOffset(SectionKind::StringOffsets, id), begin,
                     end, dataSize);
  return data.substr(offsets[idx(SectionKind::StringData)] + begin,
                     end - begin);
}

Expected<std::optional<StringRef>>
DebugSectionReader::getOptString(uint32_t id) const {
  if (id == kNone)
    return std::optional<StringRef>();
  Expected<StringRef> str = getString(id);
  if (!str)
    return str.takeError();
  return std::optional<StringRef>(*str);
}

Expected<SectionPosition>
DebugSectionReader::getPosition(uint32_t index) const {
  if (Error err = checkTable(SectionKind::Positions))
    return std::move(err);
  if (Error err = checkIndex(SectionKind::Positions, index, "position"))
    return std::move(err);
  uint32_t p[6];
  if (Error err = readRow(SectionKind::Positions, index, p))
    return std::move(err);
  SectionPosition pos;
  pos.fileId = p[0];
  Expected<StringRef> file = getString(pos.fileId);
  if (!file)
    return file.takeError();
  pos.file = *file;
  auto function = getOptString(p[1]);
  if (!function)
    return function.takeError();
  pos.function = *function;
  pos.startLine = p[2];
  pos.startCol = p[3];
  pos.endLine = p[4];
  pos.endCol = p[5];
  return pos;
}

Expected<SectionModuleFrame>
DebugSectionReader::getModuleFrame(uint32_t index) const {
  if (Error err = checkTable(SectionKind::ModuleFrames))
    return std::move(err);
  if (Error err = checkIndex(SectionKind::ModuleFrames, index, "module frame"))
    return std::move(err);
  uint32_t p[3];
  if (Error err = readRow(SectionKind::ModuleFrames, index, p))
    return std::move(err);
  SectionModuleFrame frame;
  StringRef *fields[] = {&frame.instance, &frame.className, &frame.method};
  for (unsigned i = 0; i < 3; ++i) {
    Expected<StringRef> str = getString(p[i]);
    if (!str)
      return str.takeError();
    *fields[i] = *str;
  }
  return frame;
}

Expected<SectionStackNode>
DebugSectionReader::getStackNode(uint32_t index) const {
  if (Error err = checkIndex(SectionKind::StackNodes, index, "stack node"))
    return std::move(err);
  SectionStackNode node;
  // Where the record is, for errors: its own offset in 1.0; in 2.0 the
  // offset of its block (rows of a coded table have none of their own).
  auto at = [&]() -> uint64_t {
    if (!layout.blockCodedTables)
      return offsets[idx(SectionKind::StackNodes)] +
             uint64_t(index) * kStackNodeSize;
    if (layout.streamTables)
      return offsets[idx(SectionKind::StackNodes)];
    return offsets[idx(SectionKind::StackNodes)] +
           readU32(record(SectionKind::StackNodeIndex,
                          index / stackNodesPerBlock, 4));
  };
  uint32_t frame, parent;
  if (!layout.blockCodedTables) {
    const uint8_t *p = record(SectionKind::StackNodes, index, kStackNodeSize);
    node.call = readU32(p);
    frame = readU32(p + 4);
    parent = readU32(p + 8);
  } else {
    if (Error err = checkTable(SectionKind::StackNodeIndex))
      return std::move(err);
    uint32_t row[kNumNodeColumns];
    if (Error err = nodeTable->getRow(index, row))
      return std::move(err);
    node.call = row[kColNodeCall];
    frame = row[kColNodeFrame];
    parent = row[kColNodeParent];
  }
  // Checked here, as a site's leaf is, so that the error names the record:
  // a decoder handed the reference alone could only name the reference.
  if (getLocTag(node.call) == LocTag::Invalid ||
      (getLocTag(node.call) == LocTag::Unknown && node.call != 0))
    return makeError("bad stack node {0} at offset {1}: invalid call location "
                     "reference {2}",
                     index, at(), format_hex(node.call, 10));
  if (frame) {
    if (frame > counts[idx(SectionKind::ModuleFrames)])
      return makeError("bad stack node {0} at offset {1}: module frame {2} "
                       "out of range ({3} frames)",
                       index, at(), frame - 1,
                       counts[idx(SectionKind::ModuleFrames)]);
    node.moduleFrame = frame - 1;
  }
  if (parent) {
    if (parent - 1 >= index)
      return makeError("bad stack node {0} at offset {1}: parent {2} must "
                       "come before it",
                       index, at(), parent - 1);
    node.parent = parent - 1;
  }
  return node;
}

Expected<SectionLocation>
DebugSectionReader::getLocation(uint32_t index) const {
  if (Error err = checkIndex(SectionKind::Locations, index, "location"))
    return std::move(err);
  SectionLocation loc;
  // Where the record is, for errors: its own offset in 1.0; in 2.0 the
  // offset of its block (rows of a coded table have none of their own).
  auto at = [&]() -> uint64_t {
    if (!layout.blockCodedTables)
      return offsets[idx(SectionKind::Locations)] +
             uint64_t(index) * kLocationSize;
    if (layout.streamTables)
      return offsets[idx(SectionKind::Locations)];
    return offsets[idx(SectionKind::Locations)] +
           readU32(record(SectionKind::LocationIndex, index / locationsPerBlock,
                          4));
  };
  uint8_t kind, aux;
  if (!layout.blockCodedTables) {
    const uint8_t *p = record(SectionKind::Locations, index, kLocationSize);
    kind = p[0];
    aux = p[1];
    loc.a = readU32(p + 4);
    loc.b = readU32(p + 8);
    loc.c = readU32(p + 12);
  } else {
    if (Error err = checkTable(SectionKind::LocationIndex))
      return std::move(err);
    uint32_t row[kNumLocColumns];
    if (Error err = locationTable->getRow(index, row))
      return std::move(err);
    if (row[kColLocKind] >> 16)
      return makeError("bad location {0} at offset {1}: reserved bits {2} of "
                       "the kind column are not 0",
                       index, at(), format_hex(row[kColLocKind], 10));
    kind = uint8_t(row[kColLocKind]);
    aux = uint8_t(row[kColLocKind] >> 8);
    loc.a = row[kColLocA];
    loc.b = row[kColLocB];
    loc.c = row[kColLocC];
  }
  if (kind < uint8_t(LocKind::StackedCallSite) ||
      kind > uint8_t(LocKind::Fused))
    return makeError("bad location {0} at offset {1}: unknown kind {2}", index,
                     at(), unsigned(kind));
  loc.kind = LocKind(kind);
  if (loc.kind == LocKind::Fused) {
    if (aux > uint8_t(FusedMeta::AttrText))
      return makeError("bad location {0} at offset {1}: unknown fused "
                       "metadata kind {2}",
                       index, at(), unsigned(aux));
    loc.meta = FusedMeta(aux);
    uint64_t end = uint64_t(loc.b) + loc.c;
    if (end > counts[idx(SectionKind::LocationLists)])
      return makeError("bad location {0} at offset {1}: list [{2}, {3}) is "
                       "outside LOCATION_LISTS ({4} entries)",
                       index, at(), loc.b, end,
                       counts[idx(SectionKind::LocationLists)]);
  }
  // References must point backwards, so decoding always terminates.
  auto checkRef = [&](uint32_t ref) -> Error {
    if (getLocTag(ref) == LocTag::Composite && getLocIndex(ref) >= index)
      return makeError("bad location {0} at offset {1}: reference to "
                       "location {2} must point to an earlier record",
                       index, at(), getLocIndex(ref));
    if (getLocTag(ref) == LocTag::Invalid ||
        (getLocTag(ref) == LocTag::Unknown && ref != 0))
      return makeError("bad location {0} at offset {1}: invalid reference "
                       "{2}",
                       index, at(), format_hex(ref, 10));
    return Error::success();
  };
  switch (loc.kind) {
  case LocKind::StackedCallSite:
    if (Error err = checkRef(loc.a))
      return std::move(err);
    break;
  case LocKind::CallSite:
    if (Error err = checkRef(loc.a))
      return std::move(err);
    if (Error err = checkRef(loc.b))
      return std::move(err);
    break;
  case LocKind::Name:
    if (Error err = checkRef(loc.b))
      return std::move(err);
    break;
  case LocKind::Fused:
    for (uint32_t i = 0; i < loc.c; ++i) {
      Expected<uint32_t> elt = getListElement(loc.b + i);
      if (!elt)
        return elt.takeError();
      if (Error err = checkRef(*elt))
        return std::move(err);
    }
    break;
  }
  return loc;
}

Expected<uint32_t> DebugSectionReader::getListElement(uint32_t index) const {
  if (Error err = checkTable(SectionKind::LocationLists))
    return std::move(err);
  if (Error err = checkIndex(SectionKind::LocationLists, index, "list element"))
    return std::move(err);
  uint32_t element = 0;
  if (Error err = readRow(SectionKind::LocationLists, index, &element))
    return std::move(err);
  return element;
}

Expected<SectionGraph> DebugSectionReader::getGraph(uint32_t index) const {
  if (Error err = checkTable(SectionKind::Graphs))
    return std::move(err);
  if (Error err = checkIndex(SectionKind::Graphs, index, "graph"))
    return std::move(err);
  uint32_t p[2];
  if (Error err = readRow(SectionKind::Graphs, index, p))
    return std::move(err);
  SectionGraph graph;
  auto cls = getOptString(p[0]);
  if (!cls)
    return cls.takeError();
  graph.className = cls->value_or("");
  Expected<StringRef> method = getString(p[1]);
  if (!method)
    return method.takeError();
  graph.method = *method;
  return graph;
}

Expected<SectionArgLocation>
DebugSectionReader::getArgLocation(uint32_t index) const {
  if (Error err = checkTable(SectionKind::ArgLocations))
    return std::move(err);
  if (Error err =
          checkIndex(SectionKind::ArgLocations, index, "argument location"))
    return std::move(err);
  uint32_t p[5];
  if (Error err = readRow(SectionKind::ArgLocations, index, p))
    return std::move(err);
  return SectionArgLocation{p[0], p[1], p[2], p[3], p[4]};
}

Expected<SectionOriginRecord>
DebugSectionReader::getOriginRecord(uint32_t index) const {
  if (hasRecordRows)
    return getRecordRow(index);
  // The index first: a 2.0 file has no table (and no checksum) to check.
  if (Error err =
          checkIndex(SectionKind::OriginRecords, index, "origin record"))
    return std::move(err);
  if (Error err = checkTable(SectionKind::OriginRecords))
    return std::move(err);
  uint32_t p[6];
  if (Error err = readRow(SectionKind::OriginRecords, index, p))
    return std::move(err);
  uint64_t offset = getRowOffset(SectionKind::OriginRecords, index);
  SectionOriginRecord out;
  uint32_t kind = p[0];
  if (kind != uint32_t(OriginRecordKind::Eliminated) &&
      kind != uint32_t(OriginRecordKind::Merged))
    return makeError("bad origin record {0} at offset {1}: unknown kind {2} "
                     "(expected 1, eliminated, or 2, merged)",
                     index, offset, kind);
  out.kind = OriginRecordKind(kind);
  Expected<StringRef> pass = getString(p[1]);
  if (!pass)
    return makeError("bad origin record {0} at offset {1}: pass name: {2}",
                     index, offset, toString(pass.takeError()));
  Expected<StringRef> opName = getString(p[2]);
  if (!opName)
    return makeError("bad origin record {0} at offset {1}: op name: {2}", index,
                     offset, toString(opName.takeError()));
  out.pass = *pass;
  out.opName = *opName;
  out.origin = p[3];
  uint32_t into = p[4], holder = p[5];
  bool merged = out.kind == OriginRecordKind::Merged;
  if (merged != (into != kNone))
    return makeError("bad origin record {0} at offset {1}: {2}", index, offset,
                     merged ? "a merged record needs the holder's location"
                            : "an eliminated record has no holder");
  if (merged) {
    out.into = into;
    if (holder != kNone)
      out.holder = holder;
  }
  return out;
}

Expected<SectionOriginRecord>
DebugSectionReader::getRecordRow(uint32_t index) const {
  if (Error err = checkIndex(SectionKind::Records, index, "origin record"))
    return std::move(err);
  if (Error err = checkTable(SectionKind::Records))
    return std::move(err);
  uint32_t p[kNumRecordColumns];
  if (Error err = readRow(SectionKind::Records, index, p))
    return std::move(err);
  uint64_t offset = getRowOffset(SectionKind::Records, index);
  auto bad = [&](const Twine &what) {
    return makeError("bad origin record {0} of RECORDS at offset {1}: {2}",
                     index, offset, what.str());
  };
  SectionOriginRecord out;
  uint32_t anchor = p[kColRecAnchor];
  if (anchor != kNone && anchor > handleCount)
    return bad(formatv("it is held by handle {0}, out of range (the section "
                       "has {1} handles)",
                       anchor - 1, handleCount));
  out.anchor = anchor;
  uint32_t kind = p[kColRecKind];
  if (kind != uint32_t(OriginRecordKind::Eliminated) &&
      kind != uint32_t(OriginRecordKind::Merged))
    return bad(formatv("unknown kind {0} (expected 1, eliminated, or 2, "
                       "merged)",
                       kind));
  out.kind = OriginRecordKind(kind);
  Expected<StringRef> pass = getString(p[kColRecPass]);
  if (!pass)
    return bad("pass name: " + toString(pass.takeError()));
  out.pass = *pass;
  uint32_t site = p[kColRecSite];
  if (site == 0)
    return bad("it has no site (the origin's leaf and op name)");
  Expected<SectionSite> siteRec = getSite(site - 1);
  if (!siteRec)
    return bad("site: " + toString(siteRec.takeError()));
  if (!siteRec->opName)
    return bad("its site has no op name");
  out.origin = siteRec->leaf;
  out.opName = *siteRec->opName;
  if (uint32_t stack = p[kColRecStack]) {
    if (stack - 1 >= getNumStackNodes())
      return bad(formatv("stack node {0} out of range (the section has {1})",
                         stack - 1, getNumStackNodes()));
    out.stack = stack - 1;
  }
  uint32_t into = p[kColRecInto], holder = p[kColRecHolder];
  bool merged = out.kind == OriginRecordKind::Merged;
  if (merged != (into != kNone))
    return bad(merged ? "a merged record needs the holder's location"
                      : "an eliminated record has no holder");
  if (merged) {
    out.into = into;
    if (holder != kNone)
      out.holder = holder;
  }
  return out;
}

Expected<std::optional<StringRef>>
DebugSectionReader::findSourceLine(uint32_t fileId, uint32_t line) const {
  if (Error err = checkTable(SectionKind::SourceLines))
    return std::move(err);
  uint32_t lo = 0, hi = counts[idx(SectionKind::SourceLines)];
  // Rows are (file, line, text); a row that cannot be read ends the search
  // with its error.
  uint32_t row[3];
  Error error = Error::success();
  auto key = [&](uint32_t i) {
    if (!error)
      if (Error err = readRow(SectionKind::SourceLines, i, row))
        error = std::move(err);
    return std::make_pair(row[0], row[1]);
  };
  auto want = std::make_pair(fileId, line);
  while (lo < hi) {
    uint32_t mid = lo + (hi - lo) / 2;
    if (key(mid) < want)
      lo = mid + 1;
    else
      hi = mid;
  }
  bool found = lo < counts[idx(SectionKind::SourceLines)] && key(lo) == want;
  if (error)
    return std::move(error);
  if (!found)
    return std::optional<StringRef>();
  Expected<StringRef> text = getString(row[2]);
  if (!text)
    return text.takeError();
  return std::optional<StringRef>(*text);
}

Error DebugSectionReader::decodeColumns(uint64_t handle,
                                        uint32_t values[]) const {
  if (handle >= handleCount) {
    // A module without ops (or with none numbered) writes a section of no
    // handles: "0..-1" said nothing.
    if (handleCount == 0)
      return makeError("debug handle {0} out of range: the section has no "
                       "handles",
                       handle);
    return makeError("debug handle {0} out of range: the section has handles "
                     "0..{1}",
                     handle, int64_t(handleCount) - 1);
  }
  if (!layout.blockCodedTables)
    return decodeColumnsV1(handle, values);
  if (Error err = checkTable(SectionKind::HandleIndex))
    return err;
  return handleTable->getRow(uint32_t(handle), values);
}

Error DebugSectionReader::decodeColumnsV1(uint64_t handle,
                                          uint32_t values[]) const {
  uint64_t block = handle / handlesPerBlock;
  uint64_t entry = handle % handlesPerBlock;
  uint64_t n = std::min<uint64_t>(handlesPerBlock,
                                  handleCount - block * handlesPerBlock);
  const uint8_t *index = record(SectionKind::HandleIndex, 0, 4) + 4 * block;
  uint32_t begin = readU32(index), end = readU32(index + 4);
  uint64_t blocksBase = offsets[idx(SectionKind::HandleBlocks)];
  if (begin > end || end > sizes[idx(SectionKind::HandleBlocks)])
    return makeError("bad HANDLE_INDEX entry {0} at offset {1}: block [{2}, "
                     "{3}) is outside HANDLE_BLOCKS",
                     block, offsets[idx(SectionKind::HandleIndex)] + 4 * block,
                     begin, end);
  const auto *base = reinterpret_cast<const uint8_t *>(data.data());
  const uint8_t *p = base + blocksBase + begin;
  const uint8_t *limit = base + blocksBase + end;
  auto offsetOf = [&](const uint8_t *q) { return uint64_t(q - base); };
  auto readVarint = [&](uint64_t &value) -> Error {
    const uint8_t *stop = nullptr;
    VarintStatus status = decodeVarint(p, limit, value, stop);
    if (status == VarintStatus::Ok)
      return Error::success();
    return makeError(status == VarintStatus::PastEnd
                         ? "bad handle block {0}: varint runs past the block "
                           "end at offset {1}"
                         : "bad handle block {0}: varint exceeds 64 bits at "
                           "offset {1}",
                     block, offsetOf(stop));
  };
  for (unsigned col = 0; col < kNumColumns; ++col) {
    uint64_t covered = 0;
    int64_t prev = 0;
    bool found = false;
    while (covered < n) {
      const uint8_t *runStart = p;
      uint64_t h, len;
      if (Error err = readVarint(h))
        return err;
      uint64_t zz = h >> 3;
      int64_t d = int64_t(zz >> 1) ^ -int64_t(zz & 1);
      len = (h & 7) + 1;
      if ((h & 7) == 7) {
        uint64_t extra;
        if (Error err = readVarint(extra))
          return err;
        // Saturated: 8 + extra wraps around for extra near 2^64, which
        // would turn an overlong run into a short one the check below
        // accepts.
        len = extra > n ? UINT64_MAX : 8 + extra;
      }
      if (len > n - covered)
        return makeError("bad handle block {0}: run at offset {1} covers {2} "
                         "entries, only {3} remain in column {4}",
                         block, offsetOf(runStart), len, n - covered, col);
      // Values stay in u32 at every step iff the first and last do, since
      // the progression is monotonic. Bounding |d| and len first keeps the
      // arithmetic below inside int64.
      bool tooWide = d != 0 && (d > int64_t(UINT32_MAX) ||
                                d < -int64_t(UINT32_MAX) || len > (1u << 30));
      int64_t first = prev + d;
      int64_t last = tooWide ? -1 : prev + d * int64_t(len);
      if (tooWide || first < 0 || first > UINT32_MAX || last < 0 ||
          last > UINT32_MAX)
        return makeError("bad handle block {0}: run at offset {1} leaves the "
                         "u32 range in column {2}",
                         block, offsetOf(runStart), col);
      if (!found && entry < covered + len) {
        values[col] = uint32_t(prev + d * int64_t(entry - covered + 1));
        found = true;
      }
      prev = last;
      covered += len;
    }
  }
  if (p != limit)
    return makeError("bad handle block {0}: {1} unused bytes at offset {2}",
                     block, uint64_t(limit - p), offsetOf(p));
  return Error::success();
}

Expected<SectionSite> DebugSectionReader::getSite(uint32_t index) const {
  if (Error err = checkTable(SectionKind::Sites))
    return std::move(err);
  if (Error err = checkIndex(SectionKind::Sites, index, "site"))
    return std::move(err);
  uint32_t p[2];
  if (Error err = readRow(SectionKind::Sites, index, p))
    return std::move(err);
  SectionSite site;
  site.leaf = p[0];
  uint32_t op = p[1];
  if (getLocTag(site.leaf) == LocTag::Invalid ||
      (getLocTag(site.leaf) == LocTag::Unknown && site.leaf != 0))
    return makeError("bad site {0} at offset {1}: invalid location reference "
                     "{2}",
                     index, getRowOffset(SectionKind::Sites, index),
                     format_hex(site.leaf, 10));
  if (op) {
    Expected<StringRef> name = getString(op - 1);
    if (!name)
      return name.takeError();
    site.opName = *name;
  }
  return site;
}

Expected<bool> DebugSectionReader::hasHandle(uint64_t handle) const {
  uint32_t values[kNumColumns] = {};
  if (Error err = decodeColumns(handle, values))
    return std::move(err);
  return values[kColSite] != 0;
}

Expected<SectionHandle>
DebugSectionReader::lookupHandle(uint64_t handle) const {
  uint32_t values[kNumColumns] = {};
  if (Error err = decodeColumns(handle, values))
    return std::move(err);
  if (values[kColSite] == 0)
    return makeError("debug handle {0} is not used by any op", handle);
  SectionHandle result;
  result.handle = handle;
  Expected<SectionSite> site = getSite(values[kColSite] - 1);
  if (!site)
    return site.takeError();
  result.leaf = site->leaf;
  result.opName = site->opName;
  if (values[kColStack]) {
    if (values[kColStack] > getNumStackNodes())
      return makeError("debug handle {0}: stack node {1} out of range ({2} "
                       "nodes)",
                       handle, values[kColStack] - 1, getNumStackNodes());
    result.stack = values[kColStack] - 1;
  }
  if (values[kColGraph]) {
    if (values[kColGraph] > getNumGraphs())
      return makeError("debug handle {0}: graph {1} out of range ({2} graphs)",
                       handle, values[kColGraph] - 1, getNumGraphs());
    result.graph = values[kColGraph] - 1;
  }
  return result;
}
