//===- OutputFile.h - Atomic output files -----------------------*- C++ -*-===//
//
// Every file tracegraph writes (sections, provenance, tg-symbolicate's -o) is
// written atomically: to a temporary file in the same directory, renamed
// over the target once complete (llvm::writeToOutput). A program holding the
// old file, such as a tracegraph.Section that mapped it, keeps reading the
// old bytes while tg-opt writes the new ones, and a failed run leaves no
// half-written file (test/Integration/rewrite). A path that is a device or
// a FIFO (/dev/stdout, a named pipe) is written in place instead: renamed
// over, the device itself would be replaced by a file. A write that fails (a
// full disk) is an error, and leaves the target as it was.
//
//===----------------------------------------------------------------------===//

#ifndef TG_SUPPORT_OUTPUTFILE_H
#define TG_SUPPORT_OUTPUTFILE_H

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

namespace tg {

/// Writes what `write` prints to `path` ("-": stdout) atomically. Returns
/// the empty string on success, else what went wrong (without the path,
/// which the caller names in its own message).
std::string
writeFileAtomically(llvm::StringRef path,
                    llvm::function_ref<void(llvm::raw_ostream &)> write);

/// writeFileAtomically for a producer that can fail part-way: when `write`
/// returns an error, it is moved into `producerError` and a file target
/// keeps what it held (the temporary file is discarded); a device or FIFO,
/// written in place, keeps what was written. Returns what went wrong
/// writing, as writeFileAtomically does ("" after a producer error).
std::string
writeFileOrDiscard(llvm::StringRef path,
                   llvm::function_ref<llvm::Error(llvm::raw_ostream &)> write,
                   llvm::Error &producerError);

} // namespace tg

#endif // TG_SUPPORT_OUTPUTFILE_H
