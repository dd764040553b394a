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
#include <memory>
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

class StringDecoder;

/// The strings of a STRING_DATA table, decoded. They are stored in chunks
/// that never move: a string is written once, whole, into the last chunk,
/// and a full chunk is followed by one twice its size. One arena grown by
/// copying held the old and the new copy at once (on a 10M-op model's
/// 18.8 MB of kernel names, 35 MB at the peak); chunks hold what was
/// decoded, and the pages of a chunk not yet written are never touched.
class DecodedStrings {
public:
  /// String `id` (one of the table's).
  llvm::StringRef operator[](uint32_t id) const {
    uint32_t begin = starts[id], length = starts[id + 1] - begin;
    if (!length) // Perhaps before any chunk.
      return {};
    // Few chunks (the first is sized for most tables): the last whose
    // first byte is at or before `begin`.
    unsigned chunk = chunkStarts.size() - 1;
    while (chunkStarts[chunk] > begin)
      --chunk;
    return llvm::StringRef(chunks[chunk].get() + (begin - chunkStarts[chunk]),
                           length);
  }
  /// Bytes of all strings.
  uint64_t getDecodedSize() const { return starts.back(); }

private:
  friend class StringDecoder;
  /// Chunk i holds the strings from byte chunkStarts[i] of their
  /// concatenation on; string i is bytes [starts[i], starts[i + 1]).
  std::vector<std::unique_ptr<char[]>> chunks;
  std::vector<uint32_t> chunkStarts;
  std::vector<uint32_t> starts{0};
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
