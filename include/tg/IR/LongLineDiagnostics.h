//===- LongLineDiagnostics.h - Diagnostics quoting no long line -*- C++ -*-===//
//
// MLIR's diagnostic handler quotes the source line of a diagnostic with a
// caret under it. An imported model starts with one module attribute of
// many kilobytes (torchvision's resnet18.mlir: `module attributes
// {tg.source_text = ...}`, 12 KB on one line), so every error a pass
// reports on the module quoted all of it: from tg-opt, and from
// tracegraph.compile, whose CompileError carried it. LongLineDiagnostics,
// registered after MLIR's SourceMgrDiagnosticHandler (and so asked first),
// takes a diagnostic of which a location (its own or a note's, or the call
// sites MLIR would print as "called from") is on a line of more than
// kMaxQuotedLine bytes, and prints it as MLIR does (llvm::SourceMgr's
// format), quoting no long line. Anything else goes to MLIR's handler
// unchanged.
//
//===----------------------------------------------------------------------===//

#ifndef TG_IR_LONGLINEDIAGNOSTICS_H
#define TG_IR_LONGLINEDIAGNOSTICS_H

#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>
#include <string>

namespace tg {

class LongLineDiagnostics {
public:
  static constexpr size_t kMaxQuotedLine = 1024;
  /// The "called from" frames printed for a call-site location, as MLIR's
  /// handler's default limit.
  static constexpr unsigned kCallStackLimit = 10;

  /// `input` is the input's buffer, text or MLIR bytecode (which has no
  /// lines: other files, and a bytecode input's source, are read from disk,
  /// as MLIR's handler reads them); diagnostics are printed to `os`.
  LongLineDiagnostics(llvm::StringRef inputName, llvm::StringRef input,
                      llvm::raw_ostream &os);

  /// Prints `diag` and succeeds when one of its locations is on a long
  /// line; fails (leaving it to the next handler) otherwise.
  llvm::LogicalResult handle(mlir::Diagnostic &diag);

private:
  struct Part {
    mlir::FileLineColLoc loc; // null for no location
    std::string message;
    mlir::DiagnosticSeverity severity;
    std::optional<llvm::StringRef> line;
  };
  unsigned getBufferId(llvm::StringRef file);
  std::optional<llvm::StringRef> getLine(mlir::FileLineColLoc loc);
  void print(const Part &part, bool quote);

  std::string inputName;
  llvm::StringRef inputText;
  llvm::raw_ostream &os;
  llvm::SourceMgr sources;
  llvm::StringMap<unsigned> bufferIds;
};

} // namespace tg

#endif // TG_IR_LONGLINEDIAGNOSTICS_H
