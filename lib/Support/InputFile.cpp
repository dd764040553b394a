//===- InputFile.cpp - Inputs read whole, streams checked as they come ----===//

#include "tg/Support/InputFile.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/FileSystem.h"

#include <cstring>

using namespace llvm;

namespace {

/// MLIR bytecode's magic number ("ML\xefR", mlir/Bytecode/Encoding.h).
constexpr StringLiteral kMLIRBytecodeMagic("ML\xefR");

/// The stream's bytes, read until its end or until a NUL byte in text.
Expected<std::unique_ptr<MemoryBuffer>> readStream(sys::fs::file_t file,
                                                   StringRef name,
                                                   tg::InputContent content,
                                                   Align alignment) {
  constexpr size_t kPiece = 1 << 16;
  SmallVector<char, 0> bytes;
  // Text is checked as it comes; MLIR bytecode (known by its first four
  // bytes, or text when there are fewer) is read as it is.
  enum class Kind { Undecided, Text, Binary };
  Kind kind = content == tg::InputContent::Text ? Kind::Text : Kind::Undecided;
  size_t checked = 0;
  for (;;) {
    size_t start = bytes.size();
    bytes.resize_for_overwrite(start + kPiece);
    Expected<size_t> read = sys::fs::readNativeFile(
        file, MutableArrayRef<char>(bytes.data() + start, kPiece));
    if (!read)
      return read.takeError();
    bytes.truncate(start + *read);
    bool end = *read == 0;
    StringRef seen(bytes.data(), bytes.size());
    if (kind == Kind::Undecided &&
        (seen.size() >= kMLIRBytecodeMagic.size() || end))
      kind = seen.starts_with(kMLIRBytecodeMagic) ? Kind::Binary : Kind::Text;
    if (kind == Kind::Text) {
      size_t nul = seen.find('\0', checked);
      if (nul != StringRef::npos)
        return createStringError(
            std::make_error_code(std::errc::illegal_byte_sequence),
            Twine(content == tg::InputContent::Text
                      ? "not text"
                      : "neither MLIR text nor MLIR bytecode") +
                ": a NUL byte at offset " + Twine(nul));
      checked = seen.size();
    }
    if (end)
      break;
  }
  std::unique_ptr<WritableMemoryBuffer> buffer =
      WritableMemoryBuffer::getNewUninitMemBuffer(bytes.size(), name,
                                                  alignment);
  if (!buffer)
    return createStringError(std::make_error_code(std::errc::not_enough_memory),
                             "out of memory reading " + Twine(bytes.size()) +
                                 " bytes");
  if (!bytes.empty())
    std::memcpy(buffer->getBufferStart(), bytes.data(), bytes.size());
  return std::unique_ptr<MemoryBuffer>(std::move(buffer));
}

} // namespace

Expected<std::unique_ptr<MemoryBuffer>>
tg::readInputFile(StringRef path, InputContent content, Align alignment) {
  if (path == "-")
    return readStream(sys::fs::getStdinHandle(), "<stdin>", content, alignment);
  sys::fs::file_status status;
  if (std::error_code error = sys::fs::status(path, status))
    return errorCodeToError(error);
  if (sys::fs::is_regular_file(status)) {
    ErrorOr<std::unique_ptr<MemoryBuffer>> mapped = MemoryBuffer::getFile(
        path, /*IsText=*/false, /*RequiresNullTerminator=*/true,
        /*IsVolatile=*/false, alignment);
    if (!mapped)
      return errorCodeToError(mapped.getError());
    return std::move(*mapped);
  }
  if (sys::fs::is_directory(status))
    return errorCodeToError(std::make_error_code(std::errc::is_a_directory));
  Expected<sys::fs::file_t> file = sys::fs::openNativeFileForRead(path);
  if (!file)
    return file.takeError();
  Expected<std::unique_ptr<MemoryBuffer>> buffer =
      readStream(*file, path, content, alignment);
  sys::fs::closeFile(*file);
  return buffer;
}
