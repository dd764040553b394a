//===- BuildId.cpp - Section build IDs as text ----------------------------===//

#include "tg/Serialize/BuildId.h"
#include "tg/Serialize/Encoding.h"
#include "tg/Serialize/Format.h"

#include "llvm/ADT/StringExtras.h"

using namespace llvm;

namespace tg::section {

std::string formatBuildId(ArrayRef<uint8_t> id) {
  return toHex(id, /*LowerCase=*/true);
}

Expected<std::vector<uint8_t>> parseBuildId(StringRef hex) {
  if (hex.empty())
    return encoding::makeError("empty build ID: expected hex digits");
  if (hex.size() % 2)
    return encoding::makeError(
        "bad build ID '{0}': expected an even number of hex digits (two per "
        "byte), found {1}",
        hex, hex.size());
  if (hex.size() / 2 > kMaxBuildIdSize)
    return encoding::makeError(
        "bad build ID '{0}': {1} bytes, at most {2} allowed", hex,
        hex.size() / 2, kMaxBuildIdSize);
  for (size_t i = 0; i < hex.size(); ++i)
    if (!isHexDigit(hex[i]))
      return encoding::makeError(
          "bad build ID '{0}': '{1}' at position {2} is not a hex digit", hex,
          hex.substr(i, 1), i);
  std::vector<uint8_t> id(hex.size() / 2);
  for (size_t i = 0; i < id.size(); ++i)
    id[i] = hexFromNibbles(hex[2 * i], hex[2 * i + 1]);
  return id;
}

} // namespace tg::section
