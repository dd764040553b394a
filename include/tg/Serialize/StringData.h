//===- StringData.h - The coded string table (STRING_DATA) ------*- C++ -*-===//
//
// STRING_DATA of formats 3.x and later: every string coded against an earlier
// one, so that the qualified class names and file paths of a model, which
// share long prefixes, and the fused kernels' names, which differ only in a
// running number, cost a few bytes each. docs/debug-section-format.md
// ("STRING_DATA") specifies the bytes; the writer (lib/Target/DebugSection)
// and the reader both go through here. Independent of MLIR.
//
//===----------------------------------------------------------------------===//

#ifndef TG_SERIALIZE_STRINGDATA_H
#define TG_SERIALIZE_STRINGDATA_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace tg {
namespace section {

/// How a string is coded (format 5.0: the two low bits of its first varint;
/// before 5.0 every string is a PrefixOf).
enum class StringForm : uint8_t {
  /// An earlier string's leading bytes, then bytes of its own.
  PrefixOf = 0,
  /// An earlier string with its trailing number changed by a delta.
  Renumbered = 1,
  /// An earlier string's stem with the number after that of the string
  /// just before it: kernels named by a running counter.
  NextNumber = 2,
};

/// A string's trailing decimal number, where format 5.0 can renumber it:
/// the longest run of ASCII digits at its end, 1 to 18 digits with no
/// leading zero (or "0" itself). The stem is what comes before.
struct TrailingNumber {
  llvm::StringRef stem;
  uint64_t value = 0;
};
std::optional<TrailingNumber> splitTrailingNumber(llvm::StringRef str);

/// Codes `strings` as STRING_DATA, in id order. `numbered` (format 5.0)
/// allows the Renumbered and NextNumber forms. Deterministic, O(n log n).
/// The decoded size stays within what a reader accepts (kMaxStringExpansion
/// times the coded size plus kStringExpansionSlack): a string whose
/// reference would exceed it is written out in full.
std::string encodeStringData(llvm::ArrayRef<llvm::StringRef> strings,
                             bool numbered);

/// The strings of a STRING_DATA table, one arena: string i is
/// arena[starts[i], starts[i + 1]).
struct DecodedStrings {
  std::string arena;
  std::vector<uint32_t> starts;
};

/// Decodes `numStrings` strings from `bytes`, checking every rule of the
/// format; an error names STRING_DATA, the string and its byte offset in the
/// file (`fileOffset` is the table's).
llvm::Expected<DecodedStrings> decodeStringData(llvm::ArrayRef<uint8_t> bytes,
                                                uint64_t fileOffset,
                                                uint32_t numStrings,
                                                bool numbered);

} // namespace section
} // namespace tg

#endif // TG_SERIALIZE_STRINGDATA_H
