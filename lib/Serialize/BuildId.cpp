//===- BuildId.cpp - Section build IDs as text ----------------------------===//

#include "tg/Serialize/BuildId.h"
#include "tg/Serialize/Encoding.h"
#include "tg/Serialize/Format.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace tg::section {

std::string formatBuildId(ArrayRef<uint8_t> id) {
  return toHex(id, /*LowerCase=*/true);
}

/// `text` with every byte outside printable ASCII escaped (LLVM's \HH):
/// messages stay valid UTF-8 (Python's str of an error with a lone byte was
/// empty).
static std::string printable(StringRef text) {
  std::string out;
  raw_string_ostream os(out);
  printEscapedString(text, os);
  return out;
}

Expected<std::vector<uint8_t>> parseBuildId(StringRef hex) {
  if (hex.empty())
    return encoding::makeError("empty build ID: expected hex digits");
  // A character that is no hex digit first: " abcd" is a space too many,
  // not an odd number of digits.
  for (size_t i = 0; i < hex.size(); ++i)
    if (!isHexDigit(hex[i]))
      return encoding::makeError(
          "bad build ID '{0}': '{1}' at position {2} is not a hex digit",
          printable(hex), printable(hex.substr(i, 1)), i);
  if (hex.size() % 2)
    return encoding::makeError(
        "bad build ID '{0}': expected an even number of hex digits (two per "
        "byte), found {1}",
        hex, hex.size());
  if (hex.size() / 2 > kMaxBuildIdSize)
    return encoding::makeError(
        "bad build ID '{0}': {1} bytes, at most {2} allowed", hex,
        hex.size() / 2, kMaxBuildIdSize);
  std::vector<uint8_t> id(hex.size() / 2);
  for (size_t i = 0; i < id.size(); ++i)
    id[i] = hexFromNibbles(hex[2 * i], hex[2 * i + 1]);
  return id;
}

} // namespace tg::section
