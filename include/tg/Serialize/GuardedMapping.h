//===- GuardedMapping.h - A file mapping that never faults ------*- C++ -*-===//
//
// A file mapped read-only is zero-copy, but a page the file no longer has
// (someone truncated it in place, `open(path, "wb")` does) raises SIGBUS on
// the next read, which kills the process: a Python interpreter included.
// A GuardedMapping registers its address range with a process-wide SIGBUS
// handler that maps a page of zeros over such a page instead, and records
// that it did; fileChanged() then says the bytes are no longer the file's,
// as it does when the file's size or modification time differ from those at
// open (a rewrite in place that left no page missing). A reader answers from
// the mapping, then asks fileChanged() before trusting what it read
// (docs/reliability.md, "Files that change while open").
//
//===----------------------------------------------------------------------===//

#ifndef TG_SERIALIZE_GUARDEDMAPPING_H
#define TG_SERIALIZE_GUARDEDMAPPING_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <memory>

namespace tg {
namespace section {

class GuardedMapping {
public:
  /// Maps `size` bytes of the open regular file `fd` (which it duplicates:
  /// the caller keeps its own). nullptr, and no error, when no guard slot is
  /// free or the platform has no guard: then read the file instead.
  static llvm::Expected<std::unique_ptr<GuardedMapping>> map(int fd,
                                                             uint64_t size);
  ~GuardedMapping();
  GuardedMapping(const GuardedMapping &) = delete;
  GuardedMapping &operator=(const GuardedMapping &) = delete;

  llvm::StringRef getBytes() const;
  /// Why the mapping no longer shows the file it mapped (a page was gone,
  /// or its size or modification time changed since), or success.
  llvm::Error fileChanged() const;
  /// fileChanged() without asking the file system: only whether a page was
  /// gone (the file truncated under the mapping). An atomic load, for a
  /// check before every answer; fileChanged() also sees a rewrite in place.
  llvm::Error pagesLost() const;

private:
  GuardedMapping() = default;
  struct Impl;
  std::unique_ptr<Impl> impl;
};

} // namespace section
} // namespace tg

#endif // TG_SERIALIZE_GUARDEDMAPPING_H
