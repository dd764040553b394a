//===- BuildIdTest.cpp - Build IDs and ELF containers ---------------------===//
//
// The identity of a section (BUILD_ID, format 3.1) and the ELF container
// debuginfod servers index: parsing IDs, and the container's reader on
// every kind of damage. MLIR-free, like the code under test.
//
//===----------------------------------------------------------------------===//

#include "tg/Serialize/BuildId.h"
#include "tg/Serialize/ElfContainer.h"

#include "llvm/BinaryFormat/ELF.h"
#include "llvm/Support/Compression.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/FormatVariadic.h"

#include "gtest/gtest.h"

using namespace llvm;
using namespace tg::section;

namespace {

std::string errorOf(Error err) { return toString(std::move(err)); }

TEST(BuildIdTest, RoundTripsThroughHex) {
  Expected<std::vector<uint8_t>> id = parseBuildId("00Ab7fFF");
  ASSERT_TRUE(bool(id)) << errorOf(id.takeError());
  EXPECT_EQ(*id, (std::vector<uint8_t>{0x00, 0xab, 0x7f, 0xff}));
  EXPECT_EQ(formatBuildId(*id), "00ab7fff");
}

TEST(BuildIdTest, BadTextIsAnErrorThatSaysWhy) {
  EXPECT_EQ(errorOf(parseBuildId("").takeError()),
            "empty build ID: expected hex digits");
  EXPECT_NE(errorOf(parseBuildId("abc").takeError()).find("even number"),
            std::string::npos);
  EXPECT_NE(errorOf(parseBuildId("12zz").takeError())
                .find("'z' at position 2 is not a hex digit"),
            std::string::npos);
  EXPECT_NE(errorOf(parseBuildId(std::string(130, 'a')).takeError())
                .find("65 bytes, at most 64"),
            std::string::npos);
  EXPECT_TRUE(bool(parseBuildId(std::string(128, 'a'))));
}

TEST(ElfContainerTest, WrapsAndFindsTheSectionAndTheNote) {
  std::string section = "\x89TGDBG\r\n and the rest of a section";
  std::vector<uint8_t> id = {1, 2, 3, 4, 5};
  std::string elf = wrapInElf(section, id);
  ASSERT_TRUE(isElf(elf));
  Expected<ElfContents> contents = readElfContainer(elf);
  ASSERT_TRUE(bool(contents)) << errorOf(contents.takeError());
  EXPECT_EQ(contents->section, section);
  EXPECT_EQ(contents->buildId, id);
  // The section's tables are 8-aligned in the file as in a plain section.
  EXPECT_EQ(contents->offset % 8, 0u);
  EXPECT_EQ(elf.substr(contents->offset, section.size()), section);
}

TEST(ElfContainerTest, EveryTruncationIsAnError) {
  // Every prefix is refused by a truncation check that says what is cut:
  // shorter than the ELF header, that header; else the section headers,
  // which the container writes last.
  std::string elf = wrapInElf("section bytes", {9, 9, 9, 9});
  uint64_t shoff = support::endian::read64le(&elf[40]);
  ASSERT_EQ(shoff + 4 * 64, elf.size());
  for (size_t size = 0; size < elf.size(); ++size) {
    Expected<ElfContents> contents =
        readElfContainer(StringRef(elf.data(), size));
    ASSERT_FALSE(bool(contents)) << "truncated to " << size << " bytes";
    std::string expected =
        size < 64 ? formatv("truncated ELF file: expected a 64-byte ELF "
                            "header, found {0} bytes",
                            size)
                        .str()
                  : formatv("truncated ELF file: 4 section headers at offset "
                            "{0} end past the end of the file ({1} bytes)",
                            shoff, size)
                        .str();
    ASSERT_EQ(errorOf(contents.takeError()), expected)
        << "truncated to " << size << " bytes";
  }
}

/// One ELF note: name (its terminating NUL included), type, descriptor,
/// each padded to 4 bytes.
std::string note(StringRef name, uint32_t type, ArrayRef<uint8_t> desc) {
  std::string out;
  char word[4];
  for (uint32_t value : {uint32_t(name.size()), uint32_t(desc.size()), type}) {
    support::endian::write32le(word, value);
    out.append(word, 4);
  }
  out += name;
  out.resize(alignTo(out.size(), 4), '\0');
  out.append(reinterpret_cast<const char *>(desc.data()), desc.size());
  out.resize(alignTo(out.size(), 4), '\0');
  return out;
}

/// A container whose note section holds `notes` (instead of the one GNU
/// note wrapInElf writes), with the section headers as wrapInElf lays them
/// out: a placeholder ID sized so that its note has the notes' length.
std::string containerWithNotes(const std::string &notes) {
  constexpr uint64_t kNoteHeader = 12 + 4; // sizes, type, "GNU\0"
  EXPECT_EQ(notes.size() % 4, 0u);
  EXPECT_GT(notes.size(), kNoteHeader);
  std::vector<uint8_t> placeholder(notes.size() - kNoteHeader, 0xee);
  std::string elf = wrapInElf("section bytes", placeholder);
  // The note section is section 1: its offset and size.
  uint64_t shoff = support::endian::read64le(&elf[40]);
  uint64_t offset = support::endian::read64le(&elf[shoff + 64 + 24]);
  uint64_t size = support::endian::read64le(&elf[shoff + 64 + 32]);
  EXPECT_EQ(size, notes.size());
  elf.replace(offset, size, notes);
  return elf;
}

TEST(ElfContainerTest, AnotherVendorsType3NoteIsNotABuildId) {
  // Type 3 is NT_GNU_BUILD_ID only under the name "GNU": other vendors use
  // the same number for their own notes (a note's type is per name). A
  // foreign note in front of the GNU one must be skipped, whatever its
  // name's length.
  std::vector<uint8_t> gnu(16, 0xab), foreign(8, 0xcd);
  for (StringRef name : {StringRef("XYZ\0", 4), StringRef("GNU", 3),
                         StringRef("Linux\0", 6), StringRef("GNU\0\0", 5)}) {
    SCOPED_TRACE(std::string(name.data(), name.size()));
    std::string elf = containerWithNotes(
        note(name, ELF::NT_GNU_BUILD_ID, foreign) +
        note(StringRef("GNU\0", 4), ELF::NT_GNU_BUILD_ID, gnu));
    Expected<ElfContents> contents = readElfContainer(elf);
    ASSERT_TRUE(bool(contents)) << errorOf(contents.takeError());
    EXPECT_EQ(contents->buildId, gnu);
    EXPECT_EQ(contents->section, "section bytes");
  }
  // A foreign type-3 note alone: the file has no build ID.
  std::string alone = containerWithNotes(
      note(StringRef("XYZ\0", 4), ELF::NT_GNU_BUILD_ID, gnu));
  Expected<ElfContents> contents = readElfContainer(alone);
  ASSERT_TRUE(bool(contents)) << errorOf(contents.takeError());
  EXPECT_TRUE(contents->buildId.empty());
}

TEST(ElfContainerTest, AGnuNoteOfAnotherTypeIsNotABuildId) {
  // NT_GNU_ABI_TAG (1) under "GNU" in front: its descriptor is not an ID.
  std::vector<uint8_t> abi(16, 0x01), id(8, 0x42);
  std::string elf =
      containerWithNotes(note(StringRef("GNU\0", 4), ELF::NT_GNU_ABI_TAG, abi) +
                         note(StringRef("GNU\0", 4), ELF::NT_GNU_BUILD_ID, id));
  Expected<ElfContents> contents = readElfContainer(elf);
  ASSERT_TRUE(bool(contents)) << errorOf(contents.takeError());
  EXPECT_EQ(contents->buildId, id);
}

TEST(ElfContainerTest, MalformedHeadersAreErrors) {
  std::string elf = wrapInElf("section bytes", {9, 9, 9, 9});
  auto expectError = [](std::string bytes, std::string what) {
    Expected<ElfContents> contents = readElfContainer(bytes);
    ASSERT_FALSE(bool(contents)) << what;
    std::string message = errorOf(contents.takeError());
    EXPECT_NE(message.find(what), std::string::npos) << message;
  };
  std::string bad = elf;
  bad[ELF::EI_CLASS] = ELF::ELFCLASS32;
  expectError(bad, "64-bit little-endian");
  bad = elf;
  support::endian::write16le(&bad[58], 40);
  expectError(bad, "section header size 40");
  bad = elf;
  support::endian::write16le(&bad[62], 9);
  expectError(bad, "section-name table index 9");
  bad = elf;
  support::endian::write64le(&bad[40], uint64_t(1) << 62);
  expectError(bad, "past the end of the file");
  // Renamed: no section of ours any more.
  bad = elf;
  size_t name = bad.find(".debug_tracegraph");
  bad[name + 1] = 'X';
  expectError(bad, "without a .debug_tracegraph section");
}

TEST(ElfContainerTest, ASectionPastTheEndIsAnError) {
  std::string elf = wrapInElf("section bytes", {1});
  uint64_t shoff = support::endian::read64le(&elf[40]);
  // Section 2 (.debug_tracegraph): its size runs past the end.
  support::endian::write64le(&elf[shoff + 2 * 64 + 32], uint64_t(1) << 40);
  Expected<ElfContents> contents = readElfContainer(elf);
  ASSERT_FALSE(bool(contents));
  EXPECT_NE(errorOf(contents.takeError()).find("truncated ELF file: section 2"),
            std::string::npos);
}

} // namespace

namespace {
/// Marks .debug_tracegraph (section 2) compressed and gives it `contents`.
std::string compressedContainer(const std::string &contents) {
  std::string elf = wrapInElf(contents, {1});
  uint64_t shoff = support::endian::read64le(&elf[40]);
  support::endian::write64le(&elf[shoff + 2 * 64 + 8], ELF::SHF_COMPRESSED);
  return elf;
}

std::string chdr(uint32_t type, uint64_t size) {
  std::string header(24, '\0');
  support::endian::write32le(&header[0], type);
  support::endian::write64le(&header[8], size);
  return header;
}

TEST(ElfContainerTest, BadCompressedSectionsAreErrors) {
  auto errorFor = [](const std::string &elf) {
    Expected<ElfContents> contents = readElfContainer(elf);
    return contents ? std::string() : errorOf(contents.takeError());
  };
  EXPECT_NE(errorFor(compressedContainer("short"))
                .find("expected a 24-byte compression header"),
            std::string::npos);
  EXPECT_NE(errorFor(compressedContainer(chdr(7, 4) + "data"))
                .find("compressed with type 7, which this reader cannot "
                      "decompress"),
            std::string::npos);
  EXPECT_NE(errorFor(compressedContainer(
                         chdr(ELF::ELFCOMPRESS_ZLIB, uint64_t(1) << 40)))
                .find("claims 1099511627776 bytes"),
            std::string::npos);
  if (compression::zlib::isAvailable()) {
    EXPECT_NE(errorFor(compressedContainer(chdr(ELF::ELFCOMPRESS_ZLIB, 16) +
                                           "not a zlib stream"))
                  .find("corrupt compressed ELF section"),
              std::string::npos);
  }
}
} // namespace
