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

/// Parses `FILE:LINE` (line >= 1) into its parts; an error explains the
/// expected form.
llvm::Error parseSourceQuery(llvm::StringRef query, llvm::StringRef &file,
                             uint32_t &line);

/// Every handle and origin record of `reader` coming from `file`:`line`.
/// `file` matches a recorded path equal to it or ending in `/file`. Checks
/// every table first (verifyAll), so a corrupt section is an error, never a
/// partial answer.
llvm::Expected<SourceQueryResult>
querySource(const DebugSectionReader &reader, const Symbolizer &symbolizer,
            llvm::StringRef file, uint32_t line, ModulePathFormat format);

} // namespace tg

#endif // TG_SYMBOLIZE_SOURCEQUERY_H
