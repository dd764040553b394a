//===- Encoding.h - The section's primitive encodings -----------*- C++ -*-===//
//
// Every byte-level encoding the debug section uses, in one place: LEB128
// varints (over llvm/Support/LEB128.h), zigzag for signed deltas, fixed-width
// little-endian integers, alignment, errors and the decoding limits (MLIR's
// bytecode keeps the same toolbox in its EncodingReader / EncodingEmitter).
// The writer, the column tables, the reader and the benchmarks use these and
// nothing else; docs/debug-section-format.md ("Conventions") is their
// specification. Each decoder words its own errors (table, offset, what it
// was reading): tests and users match those messages.
//
//===----------------------------------------------------------------------===//

#ifndef TG_SERIALIZE_ENCODING_H
#define TG_SERIALIZE_ENCODING_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/LEB128.h"
#include "llvm/Support/MathExtras.h"

#include <cstdint>
#include <string>

namespace tg::encoding {

//===----------------------------------------------------------------------===//
// Errors
//===----------------------------------------------------------------------===//

/// An error whose message is `fmt` formatted with llvm::formatv.
template <typename... Ts> llvm::Error makeError(const char *fmt, Ts &&...vals) {
  return llvm::createStringError(
      llvm::inconvertibleErrorCode(),
      llvm::formatv(fmt, std::forward<Ts>(vals)...).str());
}

//===----------------------------------------------------------------------===//
// Limits shared by every decoder of location records
//===----------------------------------------------------------------------===//

/// Deepest nesting of location records (and of call stacks) a decoder
/// follows; deeper is a corrupt or hostile section, never a model.
inline constexpr unsigned kMaxLocationDepth = 4096;
/// Most location records one query may expand (restoring one location, or
/// symbolizing one handle): bounds the work a section that shares records
/// heavily (a DAG printed as a tree) can demand.
inline constexpr uint64_t kMaxExpandedLocations = uint64_t(1) << 20;

//===----------------------------------------------------------------------===//
// Fixed-width little-endian integers
//===----------------------------------------------------------------------===//

inline uint16_t readU16(const uint8_t *p) {
  return llvm::support::endian::read16le(p);
}
inline uint32_t readU32(const uint8_t *p) {
  return llvm::support::endian::read32le(p);
}
inline uint64_t readU64(const uint8_t *p) {
  return llvm::support::endian::read64le(p);
}
inline void appendU16(std::string &out, uint16_t v) {
  char bytes[2];
  llvm::support::endian::write16le(bytes, v);
  out.append(bytes, 2);
}
inline void appendU32(std::string &out, uint32_t v) {
  char bytes[4];
  llvm::support::endian::write32le(bytes, v);
  out.append(bytes, 4);
}
inline void appendU64(std::string &out, uint64_t v) {
  char bytes[8];
  llvm::support::endian::write64le(bytes, v);
  out.append(bytes, 8);
}

/// `x` rounded up to a multiple of `alignment` (a power of two).
inline uint64_t alignTo(uint64_t x, uint64_t alignment) {
  return llvm::alignTo(x, alignment);
}

//===----------------------------------------------------------------------===//
// Zigzag: signed deltas as small unsigned varints
//===----------------------------------------------------------------------===//

inline uint64_t zigzagEncode(int64_t v) {
  return (uint64_t(v) << 1) ^ uint64_t(v >> 63);
}
inline int64_t zigzagDecode(uint64_t z) {
  return int64_t(z >> 1) ^ -int64_t(z & 1);
}

//===----------------------------------------------------------------------===//
// Varints: unsigned LEB128 of at most 10 bytes
//===----------------------------------------------------------------------===//

inline constexpr unsigned kMaxVarintBytes = 10;

inline void appendVarint(std::string &out, uint64_t v) {
  uint8_t bytes[kMaxVarintBytes];
  unsigned size = llvm::encodeULEB128(v, bytes);
  out.append(reinterpret_cast<const char *>(bytes), size);
}

enum class VarintStatus {
  Ok,
  /// The varint runs past the end of its table or block.
  PastEnd,
  /// It holds bits past 2^64, or is longer than 10 bytes.
  TooWide,
};

/// Decodes the varint at `p`, reading no byte at or past `end`, and moves `p`
/// past it. On failure `value` is 0, `p` is unchanged and `errorAt` is the
/// offending byte (or `end` / the 11th byte).
inline VarintStatus decodeVarint(const uint8_t *&p, const uint8_t *end,
                                 uint64_t &value, const uint8_t *&errorAt) {
  // A varint has at most 10 bytes: LEB128.h alone would accept any number of
  // trailing 0x80 bytes, which the format forbids.
  const uint8_t *limit = end - p > kMaxVarintBytes ? p + kMaxVarintBytes : end;
  const char *error = nullptr;
  unsigned size = 0;
  value = llvm::decodeULEB128(p, &size, limit, &error);
  if (!error) {
    p += size;
    return VarintStatus::Ok;
  }
  value = 0;
  errorAt = p + size;
  // Past `limit` after 10 bytes: too long; before: past the real end.
  if (size == kMaxVarintBytes || *error == 'u')
    return VarintStatus::TooWide;
  return VarintStatus::PastEnd;
}

/// Decodes a varint that validation already proved well formed (ends within
/// 10 bytes, inside its block) and moves `p` past it. One-byte values, most
/// of a table, take the first branch.
inline uint64_t decodeVarintUnchecked(const uint8_t *&p) {
  if (*p < 0x80)
    return *p++;
  unsigned size = 0;
  uint64_t value = llvm::decodeULEB128(p, &size);
  p += size;
  return value;
}

} // namespace tg::encoding

#endif // TG_SERIALIZE_ENCODING_H
