//===- ElfContainer.h - A section as ELF debug info -------------*- C++ -*-===//
//
// The ELF container lets the tools that find native debug info by build ID
// find a tracegraph section too: debuginfod servers (elfutils' debuginfod)
// index ELF files by their GNU build-ID note and serve those with `.debug_*`
// sections as debug info. The container is an ELF64 relocatable file with two
// sections besides the string table: `.note.gnu.build-id` (the section's
// build ID) and `.debug_tracegraph` (the section, byte for byte). Why that
// name and not `.tg_debug`: both elfutils' debuginfod and objcopy/strip treat
// a section as debug info by its `.debug_` prefix, so the container is served
// at `/buildid/ID/debuginfo` and survives `objcopy --only-keep-debug`
// (docs/debug-section-format.md, "ELF container"). MLIR-free, like the reader.
//
//===----------------------------------------------------------------------===//

#ifndef TG_SERIALIZE_ELFCONTAINER_H
#define TG_SERIALIZE_ELFCONTAINER_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/MemoryBuffer.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace tg {
namespace section {

/// The ELF section that holds the tracegraph section.
inline constexpr llvm::StringLiteral kElfSectionName = ".debug_tracegraph";

/// Whether `bytes` start with the ELF magic.
bool isElf(llvm::StringRef bytes);

/// The ELF container of `section` with GNU build ID `buildId` (not empty).
std::string wrapInElf(llvm::StringRef section, llvm::ArrayRef<uint8_t> buildId);

/// What an ELF container holds.
struct ElfContents {
  /// The tracegraph section: a view into the file, or into `decompressed`
  /// when the ELF section was compressed (`objcopy --compress-debug-sections`).
  llvm::StringRef section;
  /// The section's offset in the file (of its compression header, if any).
  uint64_t offset = 0;
  /// The GNU build ID of the file's first NT_GNU_BUILD_ID note; empty when
  /// it has none.
  std::vector<uint8_t> buildId;
  std::unique_ptr<llvm::WritableMemoryBuffer> decompressed;
};

/// Finds the tracegraph section in an ELF file (64-bit little-endian, as
/// written by wrapInElf or any tool that copied its sections). Errors name
/// what is malformed and where.
llvm::Expected<ElfContents> readElfContainer(llvm::StringRef file);

} // namespace section
} // namespace tg

#endif // TG_SERIALIZE_ELFCONTAINER_H
