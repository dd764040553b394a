//===- SectionImage.cpp - Byte-level edits of a section image -------------===//

#include "tg/Serialize/SectionImage.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/CRC.h"
#include "llvm/Support/Compression.h"
#include "llvm/Support/Endian.h"

namespace tg {
namespace section {

void sealHeader(uint8_t *header) {
  llvm::support::endian::write32le(
      header + kOffHeaderCrc,
      llvm::crc32(llvm::ArrayRef<uint8_t>(header, kOffHeaderCrc)));
}

std::string compressImage(llvm::ArrayRef<uint8_t> image, int level) {
  if (image.size() < kHeaderSize || !llvm::compression::zstd::isAvailable())
    return {};
  llvm::SmallVector<uint8_t, 0> frame;
  llvm::compression::zstd::compress(image.drop_front(kHeaderSize), frame,
                                    level);
  std::string out(reinterpret_cast<const char *>(image.data()), kHeaderSize);
  auto *header = reinterpret_cast<uint8_t *>(out.data());
  using namespace llvm::support::endian;
  write32le(header + kOffFlags, read32le(header + kOffFlags) | kFlagCompressed);
  write32le(header + kOffCompressedSize, uint32_t(frame.size()));
  sealHeader(header);
  out.append(reinterpret_cast<const char *>(frame.data()), frame.size());
  return out;
}

} // namespace section
} // namespace tg

namespace tg::section {

FormatLayout FormatLayout::get(uint16_t major) {
  FormatLayout layout;
  if (major == kVersionMajorV1) {
    layout.major = kVersionMajorV1;
    layout.numKinds = kNumSectionKindsV1;
    return layout;
  }
  layout.numKinds = kNumSectionKindsV2;
  layout.blockCodedTables = true;
  layout.tableChecksums = true;
  if (major == kVersionMajorV2) {
    layout.major = kVersionMajorV2;
    layout.minor = kVersionMinorV2;
    return layout;
  }
  layout.major = kVersionMajor;
  layout.minor = kVersionMinor;
  layout.prefixCodedStrings = true;
  layout.rowTables = true;
  layout.compressible = true;
  layout.buildId = true;
  layout.numKinds = kNumSectionKinds;
  if (major >= kVersionMajorNumbered) {
    layout.major = kVersionMajorNumbered;
    layout.numberedStrings = true;
    layout.chainedPatches = true;
    layout.streamColumnModes = true;
  } else if (major == kVersionMajorStreams) {
    layout.major = kVersionMajorStreams;
    layout.streamTables = true;
  }
  return layout;
}

} // namespace tg::section
