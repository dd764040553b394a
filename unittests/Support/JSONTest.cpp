//===- JSONTest.cpp - JSON parsing with bounded nesting -------------------===//

#include "tg/Support/JSON.h"

#include "gtest/gtest.h"

#include <string>

using namespace tg;

namespace {

std::string nested(unsigned depth) {
  return std::string(depth, '[') + std::string(depth, ']');
}

TEST(JSONTest, NestingUpToTheLimitParses) {
  llvm::Expected<llvm::json::Value> value = parseJSON(nested(kMaxJSONDepth));
  ASSERT_TRUE(bool(value)) << llvm::toString(value.takeError());
  EXPECT_NE(value->getAsArray(), nullptr);
}

TEST(JSONTest, DeeperNestingIsRefusedWhereItGoesTooDeep) {
  // Far past what llvm::json::parse survives (~30,000 levels on 8 MB).
  llvm::Expected<llvm::json::Value> value = parseJSON(
      "{\"a\":\n " + std::string(100000, '[') + std::string(100000, ']') + "}");
  ASSERT_FALSE(bool(value));
  EXPECT_EQ(llvm::toString(value.takeError()),
            "[2:1024, byte=1030]: JSON nested deeper than 1024 levels");
  // One level past the limit, unterminated: the same error.
  value = parseJSON(std::string(kMaxJSONDepth + 1, '{'));
  ASSERT_FALSE(bool(value));
  EXPECT_EQ(llvm::toString(value.takeError()),
            "[1:1024, byte=1024]: JSON nested deeper than 1024 levels");
}

TEST(JSONTest, BracketsInStringsAreNotNesting) {
  std::string text = "[\"" + std::string(5000, '[') + "\\\"[\"]";
  llvm::Expected<llvm::json::Value> value = parseJSON(text);
  ASSERT_TRUE(bool(value)) << llvm::toString(value.takeError());
  EXPECT_EQ((*value->getAsArray())[0].getAsString()->size(), 5002u);
}

TEST(JSONTest, OtherErrorsAreJSONParsesOwn) {
  llvm::Expected<llvm::json::Value> value = parseJSON("[1,");
  ASSERT_FALSE(bool(value));
  EXPECT_NE(llvm::toString(value.takeError()).find("[1:3, byte=3]"),
            std::string::npos);
}

} // namespace
