//===- SectionImage.h - Byte-level edits of a section image -----*- C++ -*-===//
//
// The two edits of a whole section image that the writer, the reader, the
// tests and the fuzzer all make: sealing a header after changing a field, and
// storing a 3.0 image compressed ("Compressed sections" in
// docs/debug-section-format.md). MLIR-free, like the reader.
//
//===----------------------------------------------------------------------===//

#ifndef TG_SERIALIZE_SECTIONIMAGE_H
#define TG_SERIALIZE_SECTIONIMAGE_H

#include "tg/Serialize/Format.h"

#include "llvm/ADT/ArrayRef.h"

#include <cstdint>
#include <string>

namespace tg {
namespace section {

/// Recomputes the header's CRC (its last field, over the bytes before it)
/// of the section whose header starts at `header`.
void sealHeader(uint8_t *header);

/// The compressed form of a 3.0 section image: its header with flag
/// COMPRESSED, the frame's size and a new header CRC (file_size and every
/// other checksum stay those of the image), then everything after the
/// header as one zstd frame at `level`. Empty when LLVM was built without
/// zstd. The caller decides whether the result is worth keeping.
std::string compressImage(llvm::ArrayRef<uint8_t> image,
                          int level = kCompressionLevel);

} // namespace section
} // namespace tg

#endif // TG_SERIALIZE_SECTIONIMAGE_H
