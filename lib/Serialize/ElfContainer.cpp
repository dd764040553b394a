//===- ElfContainer.cpp - A section as ELF debug info ---------------------===//
//
// Written and parsed by hand: the container has four sections, and the
// reader must stay as small as LLVMSupport (the benchmarks and the Python
// module link no LLVMObject). Every field read is bounds-checked.
//
//===----------------------------------------------------------------------===//

#include "tg/Serialize/ElfContainer.h"
#include "tg/Serialize/BuildId.h"
#include "tg/Serialize/Encoding.h"
#include "tg/Serialize/Format.h"

#include "llvm/BinaryFormat/ELF.h"
#include "llvm/Support/Compression.h"

using namespace llvm;
using namespace tg::encoding;

namespace tg::section {

namespace {
constexpr uint64_t kElfHeaderSize = 64;
constexpr uint64_t kSectionHeaderSize = 64;
constexpr uint64_t kCompressionHeaderSize = 24;
constexpr char kGnuNoteName[] = "GNU";
/// A crafted compression header must not make the reader allocate more.
constexpr uint64_t kMaxElfSectionSize = uint64_t(1) << 32;

void appendSectionHeader(std::string &out, uint32_t name, uint32_t type,
                         uint64_t flags, uint64_t offset, uint64_t size,
                         uint64_t align) {
  appendU32(out, name);
  appendU32(out, type);
  appendU64(out, flags);
  appendU64(out, 0); // sh_addr
  appendU64(out, offset);
  appendU64(out, size);
  appendU32(out, 0); // sh_link
  appendU32(out, 0); // sh_info
  appendU64(out, align);
  appendU64(out, 0); // sh_entsize
}

/// The first NT_GNU_BUILD_ID descriptor of a note section, if any.
std::vector<uint8_t> findGnuBuildId(ArrayRef<uint8_t> notes) {
  uint64_t at = 0;
  while (notes.size() - at >= 12) {
    uint32_t nameSize = readU32(notes.data() + at);
    uint32_t descSize = readU32(notes.data() + at + 4);
    uint32_t type = readU32(notes.data() + at + 8);
    uint64_t name = at + 12;
    uint64_t desc = name + alignTo(nameSize, 4);
    uint64_t next = desc + alignTo(descSize, 4);
    if (desc > notes.size() || next > notes.size() + 3)
      break;
    if (type == ELF::NT_GNU_BUILD_ID && nameSize == sizeof(kGnuNoteName) &&
        std::memcmp(notes.data() + name, kGnuNoteName, nameSize) == 0 &&
        desc + descSize <= notes.size())
      return std::vector<uint8_t>(notes.begin() + desc,
                                  notes.begin() + desc + descSize);
    at = next;
  }
  return {};
}
} // namespace

bool isElf(StringRef bytes) {
  return bytes.starts_with("\x7f"
                           "ELF");
}

std::string wrapInElf(StringRef section, ArrayRef<uint8_t> buildId) {
  // Layout: ELF header, the note, the section (8-aligned: its tables are),
  // the section-name table, the section headers.
  static const char names[] = "\0.note.gnu.build-id\0"
                              ".debug_tracegraph\0"
                              ".shstrtab";
  const uint32_t noteName = 1, dataName = 20, strtabName = 38;
  std::string out(kElfHeaderSize, '\0');
  uint64_t noteOffset = out.size();
  appendU32(out, sizeof(kGnuNoteName));
  appendU32(out, buildId.size());
  appendU32(out, ELF::NT_GNU_BUILD_ID);
  out.append(kGnuNoteName, sizeof(kGnuNoteName));
  out.append(reinterpret_cast<const char *>(buildId.data()), buildId.size());
  out.resize(alignTo(out.size(), 4), '\0');
  uint64_t noteSize = out.size() - noteOffset;
  out.resize(alignTo(out.size(), 16), '\0');
  uint64_t dataOffset = out.size();
  out += section;
  uint64_t strtabOffset = out.size();
  out.append(names, sizeof(names));
  out.resize(alignTo(out.size(), 8), '\0');
  uint64_t headersOffset = out.size();
  appendSectionHeader(out, 0, ELF::SHT_NULL, 0, 0, 0, 0);
  appendSectionHeader(out, noteName, ELF::SHT_NOTE, ELF::SHF_ALLOC, noteOffset,
                      noteSize, 4);
  appendSectionHeader(out, dataName, ELF::SHT_PROGBITS, 0, dataOffset,
                      section.size(), 8);
  appendSectionHeader(out, strtabName, ELF::SHT_STRTAB, 0, strtabOffset,
                      sizeof(names), 1);

  auto *header = reinterpret_cast<uint8_t *>(out.data());
  using namespace support::endian;
  std::memcpy(header,
              "\x7f"
              "ELF",
              4);
  header[ELF::EI_CLASS] = ELF::ELFCLASS64;
  header[ELF::EI_DATA] = ELF::ELFDATA2LSB;
  header[ELF::EI_VERSION] = ELF::EV_CURRENT;
  header[ELF::EI_OSABI] = ELF::ELFOSABI_NONE;
  write16le(header + 16, ELF::ET_REL);
  // No machine: the section describes a model, not code for one target.
  write16le(header + 18, ELF::EM_NONE);
  write32le(header + 20, ELF::EV_CURRENT);
  write64le(header + 40, headersOffset);
  write16le(header + 52, kElfHeaderSize);
  write16le(header + 58, kSectionHeaderSize);
  write16le(header + 60, 4);
  write16le(header + 62, 3);
  return out;
}

namespace {
/// The section headers of a 64-bit little-endian ELF file, bounds-checked:
/// every header lies inside the file.
struct SectionHeaders {
  const uint8_t *base = nullptr;
  uint64_t size = 0, offset = 0, count = 0;
  uint16_t namesIndex = 0;

  const uint8_t *header(uint64_t i) const {
    return base + offset + i * kSectionHeaderSize;
  }
  uint32_t type(uint64_t i) const { return readU32(header(i) + 4); }
  uint64_t flags(uint64_t i) const { return readU64(header(i) + 8); }
  uint64_t fileOffset(uint64_t i) const { return readU64(header(i) + 24); }
  /// Section i's bytes, checked to lie in the file (empty for SHT_NOBITS).
  Expected<ArrayRef<uint8_t>> contents(uint64_t i) const {
    uint64_t at = fileOffset(i), bytes = readU64(header(i) + 32);
    if (type(i) == ELF::SHT_NOBITS)
      return ArrayRef<uint8_t>();
    if (at > size || bytes > size - at)
      return makeError("truncated ELF file: section {0} at offset {1} has "
                       "{2} bytes, past the end of the file ({3} bytes)",
                       i, at, bytes, size);
    return ArrayRef<uint8_t>(base + at, bytes);
  }
};

Expected<SectionHeaders> readSectionHeaders(StringRef file) {
  SectionHeaders headers;
  headers.base = reinterpret_cast<const uint8_t *>(file.data());
  headers.size = file.size();
  const uint8_t *base = headers.base;
  uint64_t size = headers.size;
  if (size < kElfHeaderSize)
    return makeError("truncated ELF file: expected a 64-byte ELF header, "
                     "found {0} bytes",
                     size);
  if (base[ELF::EI_CLASS] != ELF::ELFCLASS64 ||
      base[ELF::EI_DATA] != ELF::ELFDATA2LSB)
    return makeError("unsupported ELF file: class {0}, data encoding {1} at "
                     "offset 4; a tracegraph container is 64-bit "
                     "little-endian",
                     unsigned(base[ELF::EI_CLASS]),
                     unsigned(base[ELF::EI_DATA]));
  uint64_t shoff = readU64(base + 40);
  uint16_t shentsize = readU16(base + 58);
  uint64_t shnum = readU16(base + 60);
  uint16_t shstrndx = readU16(base + 62);
  if (shnum == 0 && shoff != 0) {
    // More than 0xff00 sections: the count is section 0's sh_size.
    if (shoff > size || size - shoff < kSectionHeaderSize)
      return makeError("bad ELF file: section headers at offset {0} past the "
                       "end of the file ({1} bytes)",
                       shoff, size);
    shnum = readU64(base + shoff + 32);
  }
  if (shentsize != kSectionHeaderSize)
    return makeError("bad ELF file: section header size {0} at offset 58, "
                     "expected {1}",
                     shentsize, kSectionHeaderSize);
  if (shoff > size || (size - shoff) / kSectionHeaderSize < shnum)
    return makeError("truncated ELF file: {0} section headers at offset {1} "
                     "end past the end of the file ({2} bytes)",
                     shnum, shoff, size);
  if (shstrndx >= shnum)
    return makeError("bad ELF file: section-name table index {0} at offset "
                     "62, but the file has {1} sections",
                     shstrndx, shnum);
  headers.offset = shoff;
  headers.count = shnum;
  headers.namesIndex = shstrndx;
  return headers;
}

/// objcopy --compress-debug-sections: an Elf64_Chdr, then a zlib or zstd
/// stream; decompressed into `result`.
Error decompressSection(ArrayRef<uint8_t> data, ElfContents &result) {
  if (data.size() < kCompressionHeaderSize)
    return makeError("truncated compressed ELF section {0} at offset {1}: "
                     "expected a {2}-byte compression header",
                     kElfSectionName, result.offset, kCompressionHeaderSize);
  uint32_t type = readU32(data.data());
  uint64_t rawSize = readU64(data.data() + 8);
  if (rawSize > kMaxElfSectionSize)
    return makeError("bad compressed ELF section {0} at offset {1}: claims "
                     "{2} bytes once decompressed",
                     kElfSectionName, result.offset, rawSize);
  bool zlib = type == ELF::ELFCOMPRESS_ZLIB && compression::zlib::isAvailable();
  bool zstd = type == ELF::ELFCOMPRESS_ZSTD && compression::zstd::isAvailable();
  if (!zlib && !zstd)
    return makeError("ELF section {0} at offset {1} is compressed with type "
                     "{2}, which this reader cannot decompress",
                     kElfSectionName, result.offset, type);
  std::unique_ptr<WritableMemoryBuffer> out =
      WritableMemoryBuffer::getNewUninitMemBuffer(rawSize,
                                                  "decompressed ELF section");
  if (!out)
    return makeError("cannot allocate {0} bytes to decompress ELF section {1}",
                     rawSize, kElfSectionName);
  // Called directly, not through compression::decompress(Format, ...),
  // which drops the size written: a short stream must be an error, not
  // uninitialized bytes at the end of the section.
  ArrayRef<uint8_t> stream = data.drop_front(kCompressionHeaderSize);
  auto *dest = reinterpret_cast<uint8_t *>(out->getBufferStart());
  size_t outSize = rawSize;
  Error err = zlib ? compression::zlib::decompress(stream, dest, outSize)
                   : compression::zstd::decompress(stream, dest, outSize);
  if (err || outSize != rawSize)
    return makeError("corrupt compressed ELF section {0} at offset {1}: {2}",
                     kElfSectionName, result.offset,
                     err ? toString(std::move(err))
                         : "decompresses to fewer bytes than its header "
                           "records");
  result.section = StringRef(out->getBufferStart(), out->getBufferSize());
  result.decompressed = std::move(out);
  return Error::success();
}
} // namespace

Expected<ElfContents> readElfContainer(StringRef file) {
  Expected<SectionHeaders> headers = readSectionHeaders(file);
  if (!headers)
    return headers.takeError();
  Expected<ArrayRef<uint8_t>> names = headers->contents(headers->namesIndex);
  if (!names)
    return names.takeError();
  StringRef nameTable(reinterpret_cast<const char *>(names->data()),
                      names->size());

  // The first GNU build-ID note, and the first section of ours.
  ElfContents result;
  std::optional<uint64_t> found;
  for (uint64_t i = 1; i < headers->count; ++i) {
    if (headers->type(i) == ELF::SHT_NOTE && result.buildId.empty()) {
      Expected<ArrayRef<uint8_t>> notes = headers->contents(i);
      if (!notes)
        return notes.takeError();
      result.buildId = findGnuBuildId(*notes);
    }
    uint32_t name = readU32(headers->header(i));
    if (!found && name < nameTable.size() &&
        nameTable.drop_front(name).split('\0').first == kElfSectionName)
      found = i;
  }
  if (!found)
    return makeError("ELF file without a {0} section: not a tracegraph "
                     "container (write one with --tg-emit-debug-section="
                     "\"path=F elf=true\")",
                     kElfSectionName);
  if (headers->type(*found) == ELF::SHT_NOBITS)
    return makeError("ELF section {0} (section {1}) has no contents "
                     "(SHT_NOBITS: stripped?)",
                     kElfSectionName, *found);
  Expected<ArrayRef<uint8_t>> data = headers->contents(*found);
  if (!data)
    return data.takeError();
  result.offset = headers->fileOffset(*found);
  if (headers->flags(*found) & ELF::SHF_COMPRESSED) {
    if (Error err = decompressSection(*data, result))
      return std::move(err);
    return std::move(result);
  }
  result.section =
      StringRef(reinterpret_cast<const char *>(data->data()), data->size());
  return std::move(result);
}

} // namespace tg::section
