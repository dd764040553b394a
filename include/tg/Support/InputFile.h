//===- InputFile.h - Inputs read whole, streams checked ---------*- C++ -*-===//
//
// The tools read their input whole (tg-opt's module, tg-ptx-lineinfo's PTX,
// tg-symbolicate's Chrome trace). A regular file is mapped, as LLVM's tools
// map it. A stream (standard input, a FIFO, a device) has no size and was read
// to its end before its first byte was looked at: `tg-opt /dev/zero` ran
// until memory was gone. Streams are now read in pieces, and a text input
// stops at its first NUL byte, which no text format these tools read can
// hold, with an error naming its offset. An endless stream of text (`yes |`)
// is still read until its end, as any tool that needs its whole input does.
//
//===----------------------------------------------------------------------===//

#ifndef TG_SUPPORT_INPUTFILE_H
#define TG_SUPPORT_INPUTFILE_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/MemoryBuffer.h"

#include <memory>

namespace tg {

/// What an input read by readInputFile may hold.
enum class InputContent {
  /// Text only (PTX, JSON): a NUL byte is an error.
  Text,
  /// MLIR text, or MLIR bytecode (recognized by its magic number, and then
  /// read as it is).
  MLIRTextOrBytecode,
};

/// `path` ("-": standard input) whole, null-terminated, with `alignment`.
/// A regular file is mapped as MemoryBuffer::getFileOrSTDIN maps it; a
/// stream is read in pieces, each checked as it comes. The error names what
/// went wrong, not the path (the caller's message does).
llvm::Expected<std::unique_ptr<llvm::MemoryBuffer>>
readInputFile(llvm::StringRef path, InputContent content,
              llvm::Align alignment = llvm::Align(1));

} // namespace tg

#endif // TG_SUPPORT_INPUTFILE_H
