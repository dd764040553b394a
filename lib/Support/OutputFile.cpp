//===- OutputFile.cpp - Atomic output files -------------------------------===//

#include "tg/Support/OutputFile.h"

#include "llvm/Support/Error.h"

namespace tg {

std::string
writeFileAtomically(llvm::StringRef path,
                    llvm::function_ref<void(llvm::raw_ostream &)> write) {
  llvm::Error err = llvm::writeToOutput(path, [&](llvm::raw_ostream &os) {
    write(os);
    return llvm::Error::success();
  });
  if (!err)
    return "";
  // writeToOutput's FileError names the path: keep only what went wrong.
  return llvm::errorToErrorCode(std::move(err)).message();
}

} // namespace tg
