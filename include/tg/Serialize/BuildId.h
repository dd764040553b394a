//===- BuildId.h - Section build IDs as text --------------------*- C++ -*-===//
//
// A build ID is a section's identity (the BUILD_ID table of format 3.1): a
// handle means something only in the section of the build that assigned it.
// On the command line, in JSON and in debuginfod URLs it is written as
// lowercase hex, two digits per byte, as `readelf -n` prints GNU build IDs.
//
//===----------------------------------------------------------------------===//

#ifndef TG_SERIALIZE_BUILDID_H
#define TG_SERIALIZE_BUILDID_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <string>
#include <vector>

namespace tg {
namespace section {

/// Lowercase hex, two digits per byte.
std::string formatBuildId(llvm::ArrayRef<uint8_t> id);

/// Parses `hex` (an even number of hex digits, either case, 1 to
/// kMaxBuildIdSize bytes). The error says what is wrong with it.
llvm::Expected<std::vector<uint8_t>> parseBuildId(llvm::StringRef hex);

} // namespace section
} // namespace tg

#endif // TG_SERIALIZE_BUILDID_H
