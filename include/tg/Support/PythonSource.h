//===- PythonSource.h - Python source as TorchScript reads it ---*- C++ -*-===//
//
// TorchScript compiles a function from the text inspect.getsourcelines gives
// it, and PyTorch's error messages print context only from that text: the
// `def` (with its decorators) down to the function's last line. These
// helpers find that text in a whole file, so that tracebacks print the same
// context lines PyTorch prints. MLIR-free.
//
//===----------------------------------------------------------------------===//

#ifndef TG_SUPPORT_PYTHONSOURCE_H
#define TG_SUPPORT_PYTHONSOURCE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>

namespace tg {

/// A function's text in a file: lines [first, last] (1-based) and the
/// indentation of its `def` line.
struct PythonFunction {
  uint32_t first = 0, last = 0;
  std::string indent;
};

/// The 1-based lines [first, last] of the innermost Python function whose
/// text holds `line` of `lines` (a whole file, one string per line): its
/// decorators and `def` line down to its last line of code. None when no
/// function holds `line`: its bounds are unknown, so no context is printed.
std::optional<PythonFunction>
findPythonFunction(llvm::ArrayRef<std::string> lines, uint32_t line);

/// A line of that function as TorchScript keeps it
/// (torch._sources.normalize_source_lines): a line that does not start with
/// the `def`'s indentation (a blank line, a comment at column 0) gets it
/// prepended.
std::string normalizePythonLine(llvm::StringRef line, llvm::StringRef indent);

/// The lines of context PyTorch's SourceRange::print_with_context prints
/// before and after a highlighted range (CONTEXT = 3 newlines: two lines).
inline constexpr uint32_t kPyTorchContextLines = 2;

/// The name a tool shows for a source file. Sources that are no files share
/// names (every TorchScript builtin string is `<string>`); torch-to-tg tells
/// them apart as `<string>#2`, `<string>#3`, ..., which print as `<string>`,
/// as PyTorch prints them. Any other name is shown as it is.
llvm::StringRef getSourceDisplayName(llvm::StringRef file);

} // namespace tg

#endif // TG_SUPPORT_PYTHONSOURCE_H
