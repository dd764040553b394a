//===- OutputFileTest.cpp - Atomic output files ---------------------------===//

#include "tg/Support/OutputFile.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include "gtest/gtest.h"

using namespace tg;

namespace {

std::string readFile(llvm::StringRef path) {
  auto buffer = llvm::MemoryBuffer::getFile(path);
  return buffer ? (*buffer)->getBuffer().str() : "<unreadable>";
}

class OutputFileTest : public ::testing::Test {
protected:
  void SetUp() override {
    ASSERT_FALSE(llvm::sys::fs::createTemporaryFile("tg-output", "txt", path));
    std::string error = writeFileAtomically(
        path, [](llvm::raw_ostream &os) { os << "before"; });
    ASSERT_EQ(error, "");
  }
  void TearDown() override { llvm::sys::fs::remove(path); }
  llvm::SmallString<128> path;
};

TEST_F(OutputFileTest, WritesAFile) {
  EXPECT_EQ(readFile(path), "before");
  llvm::Error producerError = llvm::Error::success();
  std::string error = writeFileOrDiscard(
      path,
      [](llvm::raw_ostream &os) {
        os << "after";
        return llvm::Error::success();
      },
      producerError);
  EXPECT_EQ(error, "");
  EXPECT_FALSE(bool(producerError));
  EXPECT_EQ(readFile(path), "after");
}

TEST_F(OutputFileTest, AProducerErrorKeepsTheFileAndIsHandedBack) {
  llvm::Error producerError = llvm::Error::success();
  std::string error = writeFileOrDiscard(
      path,
      [](llvm::raw_ostream &os) -> llvm::Error {
        os << "half";
        return llvm::createStringError("event 3: bad handle");
      },
      producerError);
  EXPECT_EQ(error, "");
  ASSERT_TRUE(bool(producerError));
  EXPECT_EQ(llvm::toString(std::move(producerError)), "event 3: bad handle");
  EXPECT_EQ(readFile(path), "before");
}

TEST_F(OutputFileTest, LinksAreWrittenThroughToTargetsYetToBe) {
  // dir/first -> second (relative) -> dir/new.txt (absolute), not there yet.
  llvm::SmallString<128> dir(llvm::sys::path::parent_path(path));
  llvm::SmallString<128> first(dir), second(dir), target(dir);
  llvm::sys::path::append(first, "tg-link-first");
  llvm::sys::path::append(second, "tg-link-second");
  llvm::sys::path::append(target, "tg-link-new.txt");
  for (llvm::StringRef p : {first.str(), second.str(), target.str()})
    llvm::sys::fs::remove(p);
  ASSERT_FALSE(llvm::sys::fs::create_link(target, second));
  ASSERT_FALSE(llvm::sys::fs::create_link("tg-link-second", first));
  EXPECT_EQ(
      writeFileAtomically(first, [](llvm::raw_ostream &os) { os << "new"; }),
      "");
  EXPECT_EQ(readFile(target), "new");
  bool isLink = false;
  EXPECT_FALSE(llvm::sys::fs::is_symlink_file(first, isLink));
  EXPECT_TRUE(isLink);
  // A loop is an error, as the shell's `>` reports it; the link stays.
  llvm::sys::fs::remove(second);
  ASSERT_FALSE(llvm::sys::fs::create_link("tg-link-first", second));
  EXPECT_EQ(
      writeFileAtomically(first, [](llvm::raw_ostream &os) { os << "x"; }),
      "Too many levels of symbolic links");
  EXPECT_FALSE(llvm::sys::fs::is_symlink_file(first, isLink));
  EXPECT_TRUE(isLink);
  for (llvm::StringRef p : {first.str(), second.str(), target.str()})
    llvm::sys::fs::remove(p);
}

TEST(OutputFileDevices, AProducerErrorOnDevNullIsHandedBack) {
  // writeToOutput gives no file stream for /dev/null.
  llvm::Error producerError = llvm::Error::success();
  std::string error = writeFileOrDiscard(
      "/dev/null",
      [](llvm::raw_ostream &) -> llvm::Error {
        return llvm::createStringError("failed");
      },
      producerError);
  EXPECT_EQ(error, "");
  EXPECT_EQ(llvm::toString(std::move(producerError)), "failed");
}

TEST(OutputFileDevices, AFullDeviceIsAWriteError) {
  if (!llvm::sys::fs::exists("/dev/full"))
    GTEST_SKIP() << "no /dev/full";
  llvm::Error producerError = llvm::Error::success();
  std::string error = writeFileOrDiscard(
      "/dev/full",
      [](llvm::raw_ostream &os) {
        os << "text";
        return llvm::Error::success();
      },
      producerError);
  EXPECT_FALSE(bool(producerError));
  EXPECT_EQ(error, "No space left on device");
  llvm::sys::fs::file_status status;
  ASSERT_FALSE(llvm::sys::fs::status("/dev/full", status));
  EXPECT_EQ(status.type(), llvm::sys::fs::file_type::character_file);
}

} // namespace
