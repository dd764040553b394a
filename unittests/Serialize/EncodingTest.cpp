//===- EncodingTest.cpp - The section's primitive encodings ---------------===//

#include "tg/Serialize/Encoding.h"

#include "gtest/gtest.h"

#include <limits>

using namespace tg::encoding;

namespace {

const uint8_t *bytesOf(const std::string &s) {
  return reinterpret_cast<const uint8_t *>(s.data());
}

TEST(EncodingTest, VarintsRoundTrip) {
  for (uint64_t v :
       {uint64_t(0), uint64_t(1), uint64_t(127), uint64_t(128), uint64_t(300),
        uint64_t(1) << 35, std::numeric_limits<uint64_t>::max()}) {
    std::string out;
    appendVarint(out, v);
    EXPECT_LE(out.size(), kMaxVarintBytes);
    const uint8_t *p = bytesOf(out), *stop = nullptr;
    uint64_t decoded = 1;
    EXPECT_EQ(decodeVarint(p, p + out.size(), decoded, stop), VarintStatus::Ok);
    EXPECT_EQ(decoded, v);
    EXPECT_EQ(p, bytesOf(out) + out.size());
    const uint8_t *q = bytesOf(out);
    EXPECT_EQ(decodeVarintUnchecked(q), v);
    EXPECT_EQ(q, p);
  }
}

TEST(EncodingTest, MalformedVarintsAreErrorsAtTheOffendingByte) {
  uint64_t value = 0;
  const uint8_t *stop = nullptr;
  // Runs past the end: the error is at the end.
  std::string open = "\x80\x80";
  const uint8_t *p = bytesOf(open);
  EXPECT_EQ(decodeVarint(p, p + 2, value, stop), VarintStatus::PastEnd);
  EXPECT_EQ(stop, bytesOf(open) + 2);
  EXPECT_EQ(p, bytesOf(open));
  // A tenth byte with bits past 2^64.
  std::string wide(9, '\xff');
  wide += '\x02';
  p = bytesOf(wide);
  EXPECT_EQ(decodeVarint(p, p + wide.size(), value, stop),
            VarintStatus::TooWide);
  EXPECT_EQ(stop, bytesOf(wide) + 9);
  // Eleven bytes (a zero tenth byte that continues): too long, even though
  // LEB128.h alone accepts it.
  std::string longer(10, '\x80');
  longer += '\x00';
  p = bytesOf(longer);
  EXPECT_EQ(decodeVarint(p, p + longer.size(), value, stop),
            VarintStatus::TooWide);
  EXPECT_EQ(stop, bytesOf(longer) + 10);
  // Ten continuing bytes that end the table are too long, not truncated.
  p = bytesOf(longer);
  EXPECT_EQ(decodeVarint(p, p + 10, value, stop), VarintStatus::TooWide);
}

TEST(EncodingTest, ZigzagAndFixedWidth) {
  for (int64_t v : {int64_t(0), int64_t(-1), int64_t(1), int64_t(-64),
                    std::numeric_limits<int64_t>::min(),
                    std::numeric_limits<int64_t>::max()})
    EXPECT_EQ(zigzagDecode(zigzagEncode(v)), v);
  EXPECT_EQ(zigzagEncode(-1), 1u);
  EXPECT_EQ(zigzagEncode(1), 2u);
  std::string out;
  appendU16(out, 0x0102);
  appendU32(out, 0x03040506);
  appendU64(out, 0x0708090a0b0c0d0eull);
  ASSERT_EQ(out.size(), 14u);
  EXPECT_EQ(out[0], '\x02');
  EXPECT_EQ(readU16(bytesOf(out)), 0x0102);
  EXPECT_EQ(readU32(bytesOf(out) + 2), 0x03040506u);
  EXPECT_EQ(readU64(bytesOf(out) + 6), 0x0708090a0b0c0d0eull);
  EXPECT_EQ(alignTo(65, 64), 128u);
  EXPECT_EQ(alignTo(64, 8), 64u);
}

} // namespace
