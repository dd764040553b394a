//===- SourceQuery.h - From a source line to its ops ------------*- C++ -*-===//
//
// The reverse of symbolization: which ops of a section come from FILE:LINE,
// directly or through a call on that line, and which origins from it were
// removed by a pass (origin records). Used by `tg-symbolicate --source` and
// Python's `Section.source`.
//
//===----------------------------------------------------------------------===//

#ifndef TG_SYMBOLIZE_SOURCEQUERY_H
#define TG_SYMBOLIZE_SOURCEQUERY_H

#include "tg/Symbolize/Symbolizer.h"

#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"

#include <string>

namespace tg {

struct SourceQueryResult {
  /// How many handles and origin records matched.
  unsigned numMatches = 0;
  /// One entry per matching handle, at its first matching origin:
  /// `  handle N (op[, kernel K]) at|calls at FILE:LINE:COL\n    PATH\n`,
  /// then one line per matching origin record.
  std::string text;
  /// {"source": "FILE:LINE", "handles": [...], "removed": [...]}
  llvm::json::Object json;
};

/// Parses `FILE:LINE` (line >= 1) into its parts, or `FILE:LINE:COLUMN`
/// into FILE and LINE (a position as llvm-symbolizer prints it); an error
/// explains the expected form.
llvm::Error parseSourceQuery(llvm::StringRef query, llvm::StringRef &file,
                             uint32_t &line);

/// Every handle and origin record of `reader` coming from `file`:`line`.
/// `file` matches a recorded path equal to it or ending in `/file`. Checks
/// every table first (verifyAll), so a corrupt section is an error, never a
/// partial answer.
llvm::Expected<SourceQueryResult>
querySource(const DebugSectionReader &reader, const Symbolizer &symbolizer,
            llvm::StringRef file, uint32_t line, ModulePathFormat format);

/// The origin records each op holds (format 3.2: the records kept apart
/// from the location written for it), by handle; built by one pass over
/// ORIGIN_RECORDS. Sections before 3.2 keep records inside locations: none
/// is held by a handle here.
class HeldRecords {
public:
  static llvm::Expected<HeldRecords> build(const DebugSectionReader &reader);
  /// ORIGIN_RECORDS rows held by `handle`, in order.
  llvm::ArrayRef<uint32_t> ofHandle(uint64_t handle) const;
  /// Rows held by the root op (the module).
  llvm::ArrayRef<uint32_t> ofRoot() const { return root; }

private:
  llvm::DenseMap<uint64_t, llvm::SmallVector<uint32_t, 1>> byHandle;
  llvm::SmallVector<uint32_t> root;
};

/// One record as `--source` and `--records` print it, without indent or
/// newline: `OP at FILE:LINE:COL was eliminated by PASS`, or `... was merged
/// into handle H by PASS (over its max-origins bound)`; the position is the
/// innermost frame of the record's first origin.
/// Names are escaped as text output escapes them (escapedName).
llvm::Expected<std::string> describeOriginRecord(const Symbolizer &symbolizer,
                                                 const SectionOriginRecord &rec,
                                                 ModulePathFormat format);

} // namespace tg

#endif // TG_SYMBOLIZE_SOURCEQUERY_H
