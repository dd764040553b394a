//===- StringData.cpp - The coded string table (STRING_DATA) --------------===//
//
// docs/debug-section-format.md, "STRING_DATA (version 3.0)" and "Numbered
// strings (version 5.0)", specifies what is coded here.
//
//===----------------------------------------------------------------------===//

#include "tg/Serialize/StringData.h"
#include "tg/Serialize/Encoding.h"
#include "tg/Serialize/Format.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/Twine.h"

#include <map>

using namespace llvm;
using namespace tg;
using namespace tg::section;
using namespace tg::encoding;

namespace {

/// Numbers a string may end in: below 10^18, so that the difference of two
/// of them, and a number plus a difference, fit an int64 without overflow.
constexpr unsigned kMaxNumberDigits = 18;
constexpr uint64_t kNumberLimit = 1000000000000000000ull; // 10^18

unsigned varintSize(uint64_t v) {
  unsigned n = 1;
  while (v >= 0x80) {
    v >>= 7;
    ++n;
  }
  return n;
}

/// The first varint of a string in format 5.0: its form in the two low bits.
uint64_t formHead(uint64_t distance, StringForm form) {
  return distance << 2 | uint64_t(form);
}

} // namespace

std::optional<TrailingNumber> tg::section::splitTrailingNumber(StringRef str) {
  size_t digits = 0;
  while (digits < str.size() && isDigit(str[str.size() - 1 - digits]))
    ++digits;
  if (digits == 0 || digits > kMaxNumberDigits)
    return std::nullopt;
  StringRef number = str.take_back(digits);
  // Leading zeros would not survive renumbering ("_07" + 1 is "_8").
  if (digits > 1 && number.front() == '0')
    return std::nullopt;
  TrailingNumber result;
  result.stem = str.drop_back(digits);
  for (char c : number)
    result.value = result.value * 10 + uint64_t(c - '0');
  return result;
}

std::string tg::section::encodeStringData(ArrayRef<StringRef> strings,
                                          bool numbered) {
  // Each string as (distance back to an earlier string, bytes of its prefix
  // to reuse, the rest): module classes and source files share long prefixes
  // (`__torch__.transformers.models.mixtral.modeling_mixtral.`,
  // `/usr/lib/python3/dist-packages/torch/nn/modules/`). The longest common
  // prefix with any earlier string is with one of its neighbours in sorted
  // order. In 5.0 a fused kernel's name (`fused_linear_mul_silu_41237`) is
  // instead the stem of the last string with the same stem and the number
  // after the previous string's, one byte: at 1M generated ops the ~107K
  // kernel names went from 4.7 bytes each to 1.2.
  std::string out;
  std::map<StringRef, uint32_t> seen;
  // Per stem, the last string with it: its id and its number.
  StringMap<std::pair<uint32_t, uint64_t>> lastWithStem;
  std::optional<uint64_t> previousNumber;
  uint64_t decodedSize = 0;
  std::string coding;
  for (uint32_t id = 0; id < strings.size(); ++id) {
    StringRef str = strings[id];
    uint32_t bestId = 0;
    size_t bestLength = 0;
    auto consider = [&](std::map<StringRef, uint32_t>::iterator it) {
      size_t n = 0, limit = std::min(str.size(), it->first.size());
      while (n < limit && str[n] == it->first[n])
        ++n;
      if (n > bestLength || (n == bestLength && n && it->second > bestId)) {
        bestLength = n;
        bestId = it->second;
      }
    };
    auto next = seen.lower_bound(str);
    if (next != seen.end())
      consider(next);
    if (next != seen.begin())
      consider(std::prev(next));
    // A reference costs two varints: only worth it for a few bytes.
    size_t reused = bestLength < 3 ? 0 : bestLength;
    auto prefixCoding = [&](size_t reuse) {
      coding.clear();
      uint64_t distance = reuse ? id - bestId : 0;
      appendVarint(coding, numbered ? formHead(distance, StringForm::PrefixOf)
                                    : distance);
      if (reuse)
        appendVarint(coding, reuse);
      appendVarint(coding, str.size() - reuse);
      coding += str.drop_front(reuse);
    };
    prefixCoding(reused);
    std::optional<TrailingNumber> number;
    if (numbered)
      number = splitTrailingNumber(str);
    if (number) {
      auto it = lastWithStem.find(number->stem);
      if (it != lastWithStem.end()) {
        auto [sourceId, sourceValue] = it->second;
        uint64_t distance = id - sourceId;
        uint64_t delta =
            zigzagEncode(int64_t(number->value) - int64_t(sourceValue));
        unsigned renumbered =
            varintSize(formHead(distance, StringForm::Renumbered)) +
            varintSize(delta);
        unsigned nextNumber =
            previousNumber && *previousNumber + 1 == number->value
                ? varintSize(formHead(distance, StringForm::NextNumber))
                : ~0u;
        if (nextNumber <= renumbered && nextNumber <= coding.size()) {
          coding.clear();
          appendVarint(coding, formHead(distance, StringForm::NextNumber));
        } else if (renumbered < coding.size()) {
          coding.clear();
          appendVarint(coding, formHead(distance, StringForm::Renumbered));
          appendVarint(coding, delta);
        }
      }
      lastWithStem[number->stem] = {id, number->value};
    }
    previousNumber =
        number ? std::optional<uint64_t>(number->value) : std::nullopt;
    // A reader rejects strings that decode to more than kMaxStringExpansion
    // times the table (a crafted table must not cost it quadratic memory):
    // keep every prefix of the table within that bound, so the whole is.
    if (decodedSize + str.size() >
        kMaxStringExpansion * (out.size() + coding.size()) +
            kStringExpansionSlack)
      prefixCoding(0);
    out += coding;
    decodedSize += str.size();
    seen.try_emplace(str, id);
  }
  return out;
}

/// decodeStringData's state and its steps: one string at a time, each form
/// by its own method, every error naming the string and its file offset.
class tg::section::StringDecoder {
public:
  StringDecoder(ArrayRef<uint8_t> bytes, uint64_t fileOffset, bool numbered)
      : begin(bytes.data()), p(begin), end(begin + bytes.size()),
        fileOffset(fileOffset),
        // Offsets into the strings are 32-bit: a table of more than 64 MiB
        // may still not decode to 4 GiB.
        limit(std::min<uint64_t>(kMaxStringExpansion * bytes.size() +
                                     kStringExpansionSlack,
                                 UINT32_MAX)),
        numbered(numbered) {}

  Expected<DecodedStrings> run(uint32_t numStrings);

private:
  Error decodeOne(uint32_t id);
  /// Forms 1 and 2: a stem of string `id - distance` and a number.
  Error decodeRenumbered(uint32_t id, const uint8_t *at, StringForm form,
                         uint64_t distance);
  /// Form 0 (every string before 5.0): a prefix and bytes of its own.
  Error decodePrefixed(uint32_t id, const uint8_t *at, uint64_t distance);
  Error readVarint(uint32_t id, uint64_t &value);
  /// The decoded strings may grow by `more` bytes (the bound against
  /// quadratic tables).
  Error checkLimit(uint32_t id, const uint8_t *at, uint64_t more) const;
  Error bad(uint32_t id, const uint8_t *at, const Twine &what) const {
    return makeError("bad STRING_DATA at offset {0}: string {1}: {2}",
                     fileOffset + uint64_t(at - begin), id, what.str());
  }
  StringRef stringAt(uint32_t id) const { return result[id]; }
  /// Room for the next string, `length` bytes, in the last chunk (or a new
  /// one): strings never span chunks, and never move once written.
  char *startString(uint64_t length);

  static constexpr const char *kNumberRule =
      "does not end in a number (1 to 18 digits, no leading zero)";
  const uint8_t *begin, *p, *end;
  uint64_t fileOffset, limit;
  bool numbered;
  DecodedStrings result;
  /// The last chunk: bytes written, and its size.
  uint64_t chunkUsed = 0, chunkSize = 0;
};

Expected<DecodedStrings> StringDecoder::run(uint32_t numStrings) {
  // Every string takes at least one byte (a NextNumber head), so a count the
  // table cannot hold is rejected before anything is sized by it: the count
  // comes from the section table, and 2^32 - 1 reserved 16 GiB of offsets
  // (std::bad_alloc, an abort, under a memory limit).
  if (numStrings > uint64_t(end - begin))
    return makeError("bad STRING_DATA at offset {0}: a table of {1} bytes "
                     "cannot hold {2} strings (each takes a byte at least)",
                     fileOffset, uint64_t(end - begin), numStrings);
  result.starts.reserve(uint64_t(numStrings) + 1);
  for (uint32_t id = 0; id < numStrings; ++id)
    if (Error err = decodeOne(id))
      return std::move(err);
  if (p != end)
    return makeError("bad STRING_DATA at offset {0}: {1} bytes after the last "
                     "of its {2} strings",
                     fileOffset + uint64_t(p - begin), uint64_t(end - p),
                     numStrings);
  return std::move(result);
}

Error StringDecoder::decodeOne(uint32_t id) {
  const uint8_t *at = p;
  uint64_t head = 0;
  if (Error err = readVarint(id, head))
    return err;
  auto form = StringForm::PrefixOf;
  uint64_t distance = head;
  if (numbered) {
    if ((head & 3) == 3)
      return bad(id, at, "unknown string form 3");
    form = StringForm(head & 3);
    distance = head >> 2;
  }
  if (distance > id)
    return bad(id, at,
               "refers " + Twine(distance) +
                   " strings back, before the first string");
  if (form == StringForm::PrefixOf)
    return decodePrefixed(id, at, distance);
  return decodeRenumbered(id, at, form, distance);
}

Error StringDecoder::decodeRenumbered(uint32_t id, const uint8_t *at,
                                      StringForm form, uint64_t distance) {
  if (distance == 0)
    return bad(id, at, "a renumbered string refers 0 strings back, to itself");
  uint32_t from = id - uint32_t(distance);
  std::optional<TrailingNumber> split = splitTrailingNumber(stringAt(from));
  if (!split)
    return bad(id, at,
               "renumbers string " + Twine(from) + ", which " + kNumberRule);
  uint64_t value;
  if (form == StringForm::Renumbered) {
    uint64_t zz;
    if (Error err = readVarint(id, zz))
      return err;
    int64_t delta = zigzagDecode(zz);
    uint64_t base = split->value;
    bool inRange = delta >= 0 ? uint64_t(delta) < kNumberLimit - base
                              : uint64_t(0) - uint64_t(delta) <= base;
    if (!inRange)
      return bad(id, at,
                 "renumbers " + Twine(base) + " by " + Twine(delta) +
                     ", outside [0, 10^18)");
    value = base + uint64_t(delta);
  } else {
    std::optional<TrailingNumber> previous =
        splitTrailingNumber(stringAt(id - 1));
    if (!previous)
      return bad(id, at,
                 "continues the number of string " + Twine(id - 1) +
                     ", which " + kNumberRule);
    if (previous->value + 1 >= kNumberLimit)
      return bad(id, at,
                 "continues " + Twine(previous->value) +
                     ", the last number below 10^18");
    value = previous->value + 1;
  }
  std::string digits = std::to_string(value);
  if (Error err = checkLimit(id, at, split->stem.size() + digits.size()))
    return err;
  char *out = startString(split->stem.size() + digits.size());
  llvm::copy(split->stem, out);
  llvm::copy(digits, out + split->stem.size());
  return Error::success();
}

Error StringDecoder::decodePrefixed(uint32_t id, const uint8_t *at,
                                    uint64_t distance) {
  uint64_t reused = 0, own = 0;
  uint32_t from = id - uint32_t(distance);
  if (distance) {
    if (Error err = readVarint(id, reused))
      return err;
    uint64_t length = stringAt(from).size();
    if (reused > length)
      return bad(id, at,
                 "reuses " + Twine(reused) + " bytes of string " + Twine(from) +
                     ", which has " + Twine(length));
  }
  if (Error err = readVarint(id, own))
    return err;
  if (own > uint64_t(end - p))
    return bad(id, at,
               "its " + Twine(own) + " bytes run past the end of the table");
  if (Error err = checkLimit(id, at, reused + own))
    return err;
  char *out = startString(reused + own);
  if (reused)
    llvm::copy(stringAt(from).take_front(reused), out);
  std::copy(p, p + own, out + reused);
  p += own;
  return Error::success();
}

char *StringDecoder::startString(uint64_t length) {
  // checkLimit has kept the strings, this one included, within `limit`
  // (and 32 bits).
  uint32_t start = result.starts.back();
  if (!length) { // Perhaps before any chunk.
    result.starts.push_back(start);
    return nullptr;
  }
  if (chunkSize - chunkUsed < length) {
    // The first chunk holds what most tables expand to (names and paths
    // ~2-3x; a model's kernel names up to ~20x take a few more chunks),
    // each later one twice the last, none past what `limit` leaves.
    uint64_t size =
        chunkSize ? 2 * chunkSize : 4 * uint64_t(end - begin) + 4096;
    chunkSize = std::max(std::min(size, limit - start), length);
    // Not value-initialized: a page of it is touched when written.
    result.chunks.emplace_back(new char[chunkSize]);
    result.chunkStarts.push_back(start);
    chunkUsed = 0;
  }
  char *out = result.chunks.back().get() + chunkUsed;
  chunkUsed += length;
  result.starts.push_back(uint32_t(start + length));
  return out;
}

Error StringDecoder::readVarint(uint32_t id, uint64_t &value) {
  const uint8_t *start = p, *stop = nullptr;
  VarintStatus status = decodeVarint(p, end, value, stop);
  if (status == VarintStatus::Ok)
    return Error::success();
  return bad(id, start,
             status == VarintStatus::PastEnd
                 ? "varint runs past the end of the table"
                 : "varint exceeds 64 bits");
}

Error StringDecoder::checkLimit(uint32_t id, const uint8_t *at,
                                uint64_t more) const {
  if (result.getDecodedSize() + more <= limit)
    return Error::success();
  if (limit == UINT32_MAX)
    return bad(id, at, "the strings decode to 4 GiB or more");
  return bad(id, at,
             "the strings decode to more than " + Twine(limit) + " bytes (" +
                 Twine(kMaxStringExpansion) + " times the table, plus " +
                 Twine(kStringExpansionSlack) + ")");
}

Expected<DecodedStrings> tg::section::decodeStringData(ArrayRef<uint8_t> bytes,
                                                       uint64_t fileOffset,
                                                       uint32_t numStrings,
                                                       bool numbered) {
  return StringDecoder(bytes, fileOffset, numbered).run(numStrings);
}
