//===- StringDataTest.cpp - STRING_DATA coding ----------------------------===//
//
// encodeStringData / decodeStringData (include/tg/Serialize/StringData.h):
// round trips with and without format 5.0's numbered forms, the size they
// save on kernel names, the writer's bound on decoded size, and one test per
// way a table can lie, each error naming the string and its file offset.
//
//===----------------------------------------------------------------------===//

#include "tg/Serialize/StringData.h"
#include "tg/Serialize/Encoding.h"
#include "tg/Serialize/Format.h"

#include "llvm/ADT/StringExtras.h"

#include "gtest/gtest.h"

#include <string>
#include <vector>

using namespace llvm;
using namespace tg::section;
using tg::encoding::appendVarint;
using tg::encoding::zigzagEncode;

namespace {

constexpr uint64_t kFileOffset = 700;

std::vector<std::string> decodeAll(StringRef bytes, uint32_t count,
                                   bool numbered, std::string *error) {
  Expected<DecodedStrings> decoded = decodeStringData(
      arrayRefFromStringRef(bytes), kFileOffset, count, numbered);
  if (!decoded) {
    *error = toString(decoded.takeError());
    return {};
  }
  std::vector<std::string> out;
  for (uint32_t i = 0; i < count; ++i)
    out.push_back((*decoded)[i].str());
  return out;
}

void expectRoundTrip(const std::vector<std::string> &strings, bool numbered,
                     size_t *size = nullptr) {
  std::vector<StringRef> refs(strings.begin(), strings.end());
  std::string bytes = encodeStringData(refs, numbered);
  std::string error;
  EXPECT_EQ(decodeAll(bytes, strings.size(), numbered, &error), strings)
      << error;
  if (size)
    *size = bytes.size();
}

std::string errorOf(StringRef bytes, uint32_t count) {
  std::string error;
  decodeAll(bytes, count, /*numbered=*/true, &error);
  return error;
}

/// One string of the prefix form with no prefix.
std::string literalString(StringRef s) {
  std::string out;
  appendVarint(out, uint64_t(StringForm::PrefixOf));
  appendVarint(out, s.size());
  out += s;
  return out;
}

std::string head(uint64_t distance, StringForm form) {
  std::string out;
  appendVarint(out, distance << 2 | uint64_t(form));
  return out;
}

TEST(StringData, TrailingNumbers) {
  auto split = [](StringRef s) { return splitTrailingNumber(s); };
  ASSERT_TRUE(split("fused_add_relu_12"));
  EXPECT_EQ(split("fused_add_relu_12")->stem, "fused_add_relu_");
  EXPECT_EQ(split("fused_add_relu_12")->value, 12u);
  EXPECT_EQ(split("x0")->value, 0u);
  EXPECT_EQ(split("123")->stem, "");
  EXPECT_EQ(split("a" + std::string(18, '9'))->value, 999999999999999999u);
  // No digits, a leading zero (it would not survive renumbering), or more
  // than 18 digits.
  EXPECT_FALSE(split("fused_add"));
  EXPECT_FALSE(split(""));
  EXPECT_FALSE(split("conv_07"));
  EXPECT_FALSE(split("a1" + std::string(18, '0')));
}

TEST(StringData, RoundTrips) {
  std::vector<std::string> strings = {
      "forward",
      "__torch__.torchvision.models.resnet.ResNet",
      "__torch__.torchvision.models.resnet.BasicBlock",
      "/usr/lib/python3/dist-packages/torchvision/models/resnet.py",
      "fused_batch_norm_relu_1",
      "fused_add_relu_2",
      "fused_batch_norm_relu_3",
      "fused_batch_norm_relu_4",
      "layer1",
      "fused_add_relu_5",
      "x07",
      "x08",
      "",
      "0",
      "1",
      "fused_add_relu_3",
      "a" + std::string(18, '9'),
      "a1",
  };
  expectRoundTrip(strings, /*numbered=*/false);
  expectRoundTrip(strings, /*numbered=*/true);
  expectRoundTrip({}, true);
}

TEST(StringData, KernelNamesCostAByteEach) {
  // A running counter across several stems (what tg-fuse-elementwise
  // names): after each stem's first name, NextNumber, one byte.
  std::vector<std::string> names;
  const char *stems[] = {"fused_linear_mul_silu_", "fused_linear_mul_",
                         "fused_where_"};
  for (unsigned i = 0; i < 3000; ++i)
    names.push_back(stems[i % 3] + std::to_string(4686 + i));
  size_t plain = 0, numbered = 0;
  expectRoundTrip(names, false, &plain);
  expectRoundTrip(names, true, &numbered);
  EXPECT_LT(numbered, names.size() + 100);
  EXPECT_GT(plain, 3 * names.size());
}

TEST(StringData, StringsSpanManyChunks) {
  // The decoded strings are stored in chunks that double, the first four
  // times the table: 20,000 kernel names of a byte each decode to ~19 times
  // the table, three chunks. Empty strings come first (before any chunk
  // exists) and between, and one long path is coded against a neighbour.
  std::vector<std::string> strings = {"", ""};
  for (unsigned i = 0; i < 20000; ++i) {
    strings.push_back("fused_linear_mul_silu_" + std::to_string(i));
    if (i % 5000 == 0)
      strings.push_back("");
  }
  std::string path = "/usr/lib/python3/dist-packages/torch/" +
                     std::string(3000, 'm') + "/modules/linear.py";
  strings.push_back(path);
  strings.push_back(path + "i");
  size_t decodedSize = 0;
  for (const std::string &s : strings)
    decodedSize += s.size();
  for (bool numbered : {false, true}) {
    size_t size = 0;
    expectRoundTrip(strings, numbered, &size);
    if (numbered) {
      EXPECT_GT(decodedSize, 16 * size);
    }
  }
}

TEST(StringData, WriterKeepsTheDecodedSizeBound) {
  // Long strings that differ in their last bytes: one coded byte each would
  // decode to more than kMaxStringExpansion times the table, which a reader
  // rejects; the writer spells out enough of them to stay within it.
  std::string stem(5000, 'x');
  for (bool numbered : {false, true}) {
    std::vector<std::string> strings;
    for (unsigned i = 0; i < 200; ++i)
      strings.push_back(stem + "_" + std::to_string(i + 1));
    size_t size = 0;
    expectRoundTrip(strings, numbered, &size);
    EXPECT_LE(200 * (stem.size() + 4),
              kMaxStringExpansion * size + kStringExpansionSlack);
  }
}

TEST(StringData, BadTablesAreErrors) {
  std::string first = literalString("k_9");
  uint64_t second = kFileOffset + first.size();
  auto prefix =
      "bad STRING_DATA at offset " + std::to_string(second) + ": string 1: ";
  // Form 3 is no form.
  EXPECT_EQ(errorOf(first + head(1, StringForm(3)), 2),
            prefix + "unknown string form 3");
  // A renumbered string needs an earlier string.
  EXPECT_EQ(errorOf(first + head(0, StringForm::NextNumber), 2),
            prefix + "a renumbered string refers 0 strings back, to itself");
  EXPECT_EQ(errorOf(first + head(2, StringForm::NextNumber), 2),
            prefix + "refers 2 strings back, before the first string");
  // ... that ends in a number.
  std::string noNumber = literalString("k_09");
  std::string delta;
  appendVarint(delta, zigzagEncode(1));
  EXPECT_EQ(errorOf(noNumber + head(1, StringForm::Renumbered) + delta, 2),
            "bad STRING_DATA at offset " +
                std::to_string(kFileOffset + noNumber.size()) +
                ": string 1: renumbers string 0, which does not end in a "
                "number (1 to 18 digits, no leading zero)");
  // NextNumber continues the number of the string before it.
  EXPECT_EQ(errorOf(literalString("k_1") + literalString("ab") +
                        head(2, StringForm::NextNumber),
                    3),
            "bad STRING_DATA at offset " + std::to_string(kFileOffset + 5 + 4) +
                ": string 2: continues the number of string 1, which does "
                "not end in a number (1 to 18 digits, no leading zero)");
  // Numbers stay in [0, 10^18).
  std::string down;
  appendVarint(down, zigzagEncode(-10));
  EXPECT_EQ(errorOf(first + head(1, StringForm::Renumbered) + down, 2),
            prefix + "renumbers 9 by -10, outside [0, 10^18)");
  std::string top = literalString("k_" + std::string(18, '9'));
  EXPECT_EQ(errorOf(top + head(1, StringForm::NextNumber), 2),
            "bad STRING_DATA at offset " +
                std::to_string(kFileOffset + top.size()) +
                ": string 1: continues 999999999999999999, the last number "
                "below 10^18");
  // Truncated: the delta is missing (the offset is the varint's).
  EXPECT_EQ(errorOf(first + head(1, StringForm::Renumbered), 2),
            "bad STRING_DATA at offset " + std::to_string(second + 1) +
                ": string 1: varint runs past the end of the table");
  // A bomb: one long string, then one-byte NextNumbers of its stem.
  std::string bomb = literalString(std::string(1000, 'a') + "0");
  for (unsigned i = 0; i < 1200; ++i)
    bomb += head(1, StringForm::NextNumber);
  std::string error = errorOf(bomb, 1201);
  EXPECT_NE(error.find("the strings decode to more than"), std::string::npos)
      << error;
  // A count the table cannot hold (each string takes a byte at least) is
  // rejected before anything is allocated for it: 2^32 - 1 strings reserved
  // 16 GiB of offsets.
  EXPECT_EQ(errorOf(head(0, StringForm::PrefixOf), UINT32_MAX),
            "bad STRING_DATA at offset " + std::to_string(kFileOffset) +
                ": a table of 1 bytes cannot hold 4294967295 strings (each "
                "takes a byte at least)");
  EXPECT_EQ(errorOf("", 1), "bad STRING_DATA at offset " +
                                std::to_string(kFileOffset) +
                                ": a table of 0 bytes cannot hold 1 strings "
                                "(each takes a byte at least)");
  // Without numbered forms (before 5.0), the head is a plain distance.
  std::string plainError;
  decodeAll(first + head(1, StringForm::NextNumber), 2, false, &plainError);
  EXPECT_EQ(plainError, prefix + "refers 6 strings back, before the first "
                                 "string");
}

} // namespace
