//===- InputFileTest.cpp - Inputs read whole, streams checked -------------===//

#include "tg/Support/InputFile.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <csignal>
#include <fstream>
#include <pthread.h>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>

using namespace tg;

namespace {

class InputFileTest : public ::testing::Test {
protected:
  void SetUp() override {
    ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("tg-input", dir));
  }
  void TearDown() override { llvm::sys::fs::remove_directories(dir); }

  std::string path(llvm::StringRef name) {
    llvm::SmallString<128> p(dir);
    llvm::sys::path::append(p, name);
    return std::string(p);
  }

  /// `bytes` read through a FIFO (a stream: no size, read in pieces).
  llvm::Expected<std::unique_ptr<llvm::MemoryBuffer>>
  readThroughFifo(const std::string &bytes, InputContent content) {
    std::string fifo = path("fifo");
    EXPECT_EQ(mkfifo(fifo.c_str(), 0600), 0);
    // The writer stops early when the reader gives up at a NUL byte.
    std::thread writer([&] {
      // A write after the reader closed fails (EPIPE) instead of killing
      // the test with SIGPIPE: the signal is blocked in this thread.
      sigset_t pipe;
      sigemptyset(&pipe);
      sigaddset(&pipe, SIGPIPE);
      pthread_sigmask(SIG_BLOCK, &pipe, nullptr);
      std::ofstream out(fifo, std::ios::binary);
      out.write(bytes.data(), bytes.size());
    });
    auto buffer = readInputFile(fifo, content);
    writer.join();
    ::unlink(fifo.c_str()); // llvm::sys::fs::remove takes no FIFO
    return buffer;
  }

  llvm::SmallString<128> dir;
};

std::string errorOf(llvm::Expected<std::unique_ptr<llvm::MemoryBuffer>> read) {
  if (read)
    return "<no error>";
  return llvm::toString(read.takeError());
}

TEST_F(InputFileTest, StreamedTextIsReadWhole) {
  std::string text(200000, 'x');
  auto read = readThroughFifo(text, InputContent::Text);
  ASSERT_TRUE(bool(read)) << llvm::toString(read.takeError());
  EXPECT_EQ((*read)->getBuffer(), text);
  // Null-terminated, as the MLIR parser needs.
  EXPECT_EQ((*read)->getBufferEnd()[0], '\0');
}

TEST_F(InputFileTest, AStreamStopsAtItsFirstNulByteAcrossPieces) {
  std::string text(70000, 'x');
  text[65537] = '\0';
  EXPECT_EQ(errorOf(readThroughFifo(text, InputContent::Text)),
            "not text: a NUL byte at offset 65537");
  EXPECT_EQ(errorOf(readThroughFifo(text, InputContent::MLIRTextOrBytecode)),
            "neither MLIR text nor MLIR bytecode: a NUL byte at offset 65537");
}

TEST_F(InputFileTest, MLIRBytecodeMayHoldNulBytes) {
  std::string bytecode("ML\xefR\0\0\x01\0", 8);
  auto read = readThroughFifo(bytecode, InputContent::MLIRTextOrBytecode);
  ASSERT_TRUE(bool(read)) << llvm::toString(read.takeError());
  EXPECT_EQ((*read)->getBuffer(), bytecode);
  // Only MLIR inputs: a PTX or JSON input is text, whatever it starts with.
  EXPECT_EQ(errorOf(readThroughFifo(bytecode, InputContent::Text)),
            "not text: a NUL byte at offset 4");
}

TEST_F(InputFileTest, ShortInputsAreJudgedAsText) {
  // The magic's first bytes, then the end: text ("ML" is no bytecode).
  auto read = readThroughFifo("ML", InputContent::MLIRTextOrBytecode);
  ASSERT_TRUE(bool(read)) << llvm::toString(read.takeError());
  EXPECT_EQ((*read)->getBuffer(), "ML");
  EXPECT_EQ(errorOf(readThroughFifo(std::string("ML\0", 3),
                                    InputContent::MLIRTextOrBytecode)),
            "neither MLIR text nor MLIR bytecode: a NUL byte at offset 2");
  auto empty = readThroughFifo("", InputContent::Text);
  ASSERT_TRUE(bool(empty)) << llvm::toString(empty.takeError());
  EXPECT_EQ((*empty)->getBufferSize(), 0u);
}

TEST_F(InputFileTest, RegularFilesAreMappedAsTheyAre) {
  std::string file = path("f.txt");
  {
    std::ofstream out(file, std::ios::binary);
    out.write("a\0b", 3);
  }
  // A regular file is not scanned: the parser that reads it reports a NUL.
  auto read = readInputFile(file, InputContent::Text);
  ASSERT_TRUE(bool(read)) << llvm::toString(read.takeError());
  EXPECT_EQ((*read)->getBuffer(), llvm::StringRef("a\0b", 3));
  EXPECT_NE(errorOf(readInputFile(path("missing"), InputContent::Text)),
            "<no error>");
  EXPECT_NE(errorOf(readInputFile(dir, InputContent::Text)), "<no error>");
}

} // namespace
