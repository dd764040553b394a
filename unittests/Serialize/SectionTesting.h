//===- SectionTesting.h - Fixture for tests that write sections -*- C++ -*-===//
//
// What the tests of the section reader share: a fixture that writes a
// section from MLIR and stops the test at the first failed write (with the
// writer's diagnostics), and helpers that read the section table the way
// the format spec lays it out, so a test can damage one table and know, by
// its own arithmetic, the offset the reader must report.
//
// A failed write is a fatal failure recorded inside `build`: a value-
// returning helper cannot return from the test, so every call is wrapped,
//
//   std::string bytes;
//   ASSERT_NO_FATAL_FAILURE(bytes = build(*module));
//
// and the test ends there instead of reading (or indexing into) the empty
// string a failed write leaves.
//
//===----------------------------------------------------------------------===//

#ifndef TG_UNITTESTS_SERIALIZE_SECTIONTESTING_H
#define TG_UNITTESTS_SERIALIZE_SECTIONTESTING_H

#include "tg/IR/TGDialect.h"
#include "tg/Serialize/Reader.h"
#include "tg/Serialize/SectionImage.h"
#include "tg/Target/DebugSection.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/CRC.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/xxhash.h"

#include "gtest/gtest.h"

#include <string>

namespace tg::testing {

/// The section table of a section (format 1, 2 or 3, uncompressed), read
/// with the layout rules of docs/debug-section-format.md: entries after the
/// header, tables after the entries, each at the next aligned offset.
struct TableEntry {
  uint32_t index;   // position in the section table
  uint32_t kind;    // SectionKind
  uint32_t count;   // records
  uint64_t bytes;   // size of the table
  uint64_t offset;  // where the table starts (computed, not stored)
  uint64_t entryAt; // where the entry is in the file
};

inline uint16_t versionOf(llvm::StringRef bytes) {
  return llvm::support::endian::read16le(bytes.data() +
                                         section::kOffVersionMajor);
}

inline uint32_t entrySizeOf(llvm::StringRef bytes) {
  return versionOf(bytes) == section::kVersionMajorV1
             ? section::kSectionEntrySizeV1
             : section::kSectionEntrySizeV2;
}

inline std::vector<TableEntry> readTableEntries(llvm::StringRef bytes) {
  using namespace llvm::support::endian;
  const auto *p = reinterpret_cast<const uint8_t *>(bytes.data());
  uint32_t n = read32le(p + section::kOffSectionCount);
  uint32_t entrySize = entrySizeOf(bytes);
  uint64_t offset = section::alignTable(
      section::kHeaderSize + uint64_t(entrySize) * n, versionOf(bytes));
  std::vector<TableEntry> entries;
  for (uint32_t i = 0; i < n; ++i) {
    uint64_t at = section::kHeaderSize + uint64_t(entrySize) * i;
    TableEntry entry{
        i, read32le(p + at), read32le(p + at + 4), read64le(p + at + 8), offset,
        at};
    entries.push_back(entry);
    offset = section::alignTable(offset + entry.bytes, versionOf(bytes));
  }
  return entries;
}

/// Recomputes every checksum (1.0: the body's; 2.0 and 3.0: each table's
/// and the section table's; and the header's), so a test can reach the
/// checks behind them.
inline void fixChecksums(std::string &bytes) {
  using namespace llvm::support::endian;
  using namespace section;
  auto *p = reinterpret_cast<uint8_t *>(bytes.data());
  if (bytes.size() < kHeaderSize)
    return;
  if (versionOf(bytes) == kVersionMajorV1) {
    write64le(p + kOffBodyChecksum,
              llvm::xxh3_64bits(llvm::ArrayRef<uint8_t>(
                  p + kHeaderSize, bytes.size() - kHeaderSize)));
  } else {
    uint32_t n = read32le(p + kOffSectionCount);
    uint64_t end = kHeaderSize + uint64_t(kSectionEntrySizeV2) * n;
    if (end <= bytes.size()) {
      uint64_t offset = alignTable(end, versionOf(bytes));
      for (uint32_t i = 0; i < n; ++i) {
        uint8_t *e = p + kHeaderSize + kSectionEntrySizeV2 * i;
        uint64_t size = read64le(e + 8);
        if (offset <= bytes.size() && size <= bytes.size() - offset)
          write64le(e + 16, llvm::xxh3_64bits(
                                llvm::ArrayRef<uint8_t>(p + offset, size)));
        offset = alignTable(offset + size, versionOf(bytes));
      }
      write32le(p + kOffSectionTableCrc,
                llvm::crc32(llvm::ArrayRef<uint8_t>(p + kHeaderSize,
                                                    end - kHeaderSize)));
    }
  }
  sealHeader(p);
}

/// Byte offset of a table, computed from the section table; 0 if absent.
inline uint64_t tableOffset(llvm::StringRef bytes, section::SectionKind kind) {
  for (const TableEntry &entry : readTableEntries(bytes))
    if (entry.kind == uint32_t(kind))
      return entry.offset;
  return 0;
}

/// Writes sections from MLIR and reads them back.
class SectionFixture : public ::testing::Test {
protected:
  SectionFixture() { context.loadDialect<TGDialect>(); }

  mlir::OwningOpRef<mlir::ModuleOp> parse(const char *text) {
    return mlir::parseSourceString<mlir::ModuleOp>(text, &context);
  }

  /// The uncompressed section of `module`: most tests inspect and damage
  /// tables in place (compressed sections have tests of their own). A
  /// failed write is a fatal failure: wrap the call in
  /// ASSERT_NO_FATAL_FAILURE (see the file comment).
  std::string build(mlir::ModuleOp module, DebugSectionOptions options = {}) {
    options.compressSmall = false;
    return buildAsIs(module, options);
  }
  std::string buildVersion(mlir::ModuleOp module, uint16_t version) {
    DebugSectionOptions options;
    options.formatVersion = version;
    return build(module, options);
  }
  /// The section exactly as `options` ask (compressed when small, ELF).
  std::string buildAsIs(mlir::ModuleOp module,
                        const DebugSectionOptions &options) {
    if (!module) {
      [] { FAIL() << "no module to write (its text did not parse)"; }();
      return std::string();
    }
    std::string diagnostics;
    mlir::FailureOr<std::string> bytes;
    {
      mlir::ScopedDiagnosticHandler handler(
          &context, [&](mlir::Diagnostic &diag) {
            llvm::raw_string_ostream os(diagnostics);
            os << "\n  " << diag.getLocation() << ": " << diag;
            return mlir::success();
          });
      bytes = buildDebugSection(module, options);
    }
    if (mlir::failed(bytes)) {
      [&] {
        FAIL() << "writing the section (format " << options.formatVersion
               << ") failed:" << diagnostics;
      }();
      return std::string();
    }
    return std::move(*bytes);
  }

  static llvm::Expected<std::unique_ptr<DebugSectionReader>>
  read(llvm::StringRef bytes) {
    return DebugSectionReader::fromBuffer(
        llvm::MemoryBuffer::getMemBufferCopy(bytes, "section"));
  }

  /// The error of opening `bytes`; empty when it opens.
  static std::string errorOf(llvm::StringRef bytes) {
    auto reader = read(bytes);
    if (reader)
      return "";
    return llvm::toString(reader.takeError());
  }

  mlir::MLIRContext context;
};

} // namespace tg::testing

#endif // TG_UNITTESTS_SERIALIZE_SECTIONTESTING_H
