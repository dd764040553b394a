//===- Symbolizer.h - Debug handles to tracebacks ---------------*- C++ -*-===//
//
// Turns a debug handle into what a user reads: the module path of the op and
// its traceback, one frame per inlined call, outermost first. Works on
// DebugSectionReader views only (no MLIR), so a runtime or profiler can link
// it cheaply. Text layouts (PyTorch's symbolicated backend error,
// llvm-symbolizer's inlined frames) are printed by the functions below.
//
//===----------------------------------------------------------------------===//

#ifndef TG_SYMBOLIZE_SYMBOLIZER_H
#define TG_SYMBOLIZE_SYMBOLIZER_H

#include "tg/Serialize/Reader.h"
#include "tg/Support/ModulePath.h"
#include "tg/Support/PythonSource.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>
#include <string>
#include <vector>

namespace tg {

/// One traceback frame: a call written at `file:line:col` inside `function`,
/// or (the last frame) the op itself.
struct SymbolFrame {
  bool hasPosition = false;
  llvm::StringRef file;
  uint32_t fileId = 0;
  uint32_t line = 0, column = 0, endLine = 0, endColumn = 0;
  /// The function the position is written in, if known.
  std::optional<llvm::StringRef> function;
  /// For a call frame: the module frame it called into (nullopt for a call
  /// without module information and for the op's own frame).
  std::optional<SectionModuleFrame> callee;
  bool isCall = false;
  /// The embedded source text of `line`, if the section has it.
  std::optional<llvm::StringRef> sourceLine;
  /// The embedded lines `line` .. `endLine` of a multi-line range (as far as
  /// the section has them consecutively; at most 64), the first one included.
  llvm::SmallVector<llvm::StringRef, 1> sourceLines;
  /// For a source that is no file (`<string>`), whose context exists only as
  /// embedded text: the embedded lines just before and after the range.
  llvm::SmallVector<llvm::StringRef, 2> contextBefore, contextAfter;
};

/// One origin of an op: a fused kernel has one per op it computes.
struct SymbolOrigin {
  std::vector<SymbolFrame> frames;
  std::string modulePath;
};

struct SymbolizedHandle {
  uint64_t handle = 0;
  llvm::StringRef opName;
  llvm::StringRef topClass, topMethod;
  /// Set when the op's location is a fused kernel's.
  std::optional<llvm::StringRef> kernel;
  std::vector<SymbolOrigin> origins;
};

class Symbolizer {
public:
  explicit Symbolizer(const DebugSectionReader &reader) : reader(reader) {}
  const DebugSectionReader &getReader() const { return reader; }

  /// The op of `handle` and its origins (at most `maxOrigins` of them: a
  /// fused kernel can have thousands, and a caller that shows one need not
  /// decode them all; `kernel` is then the first kernel among the origins
  /// read, which is the op's own kernel for every location the writer
  /// emits: the kernel's record encloses its origins).
  llvm::Expected<SymbolizedHandle>
  symbolize(uint64_t handle, ModulePathFormat format = ModulePathFormat::Mobile,
            size_t maxOrigins = SIZE_MAX) const;
  /// The origins of a location of the section (a LocRef, such as the
  /// origin of an origin record), as `symbolize` gives them for a handle;
  /// `handle` is 0 and there is no entry function. With `stack` (a record
  /// of format 3.2), the location is `ref` called through that stack node.
  llvm::Expected<SymbolizedHandle>
  symbolizeLocation(uint32_t ref, llvm::StringRef opName,
                    ModulePathFormat format = ModulePathFormat::Mobile,
                    std::optional<uint32_t> stack = std::nullopt) const;

private:
  void setModulePaths(SymbolizedHandle &out, ModulePathFormat format) const;
  llvm::Error collectOrigins(uint32_t ref, SymbolizedHandle &out,
                             unsigned depth,
                             size_t maxOrigins = SIZE_MAX) const;
  llvm::Error appendFrames(uint32_t ref, std::vector<SymbolFrame> &frames,
                           unsigned depth) const;
  llvm::Error appendNodeFrames(uint32_t node, std::vector<SymbolFrame> &frames,
                               unsigned depth) const;
  llvm::Error firstPosition(uint32_t ref, SymbolFrame &frame,
                            unsigned depth) const;

  const DebugSectionReader &reader;
};

/// Reads a source line for a frame without embedded source: from
/// `sourceRoot/file` (or `file` when the root is empty or the path absolute).
/// Returns nullopt when the file or the line does not exist.
class SourceCache {
public:
  explicit SourceCache(std::string sourceRoot)
      : sourceRoot(std::move(sourceRoot)) {}
  std::optional<std::string> getLine(llvm::StringRef file, uint32_t line);
  /// Lines `first` .. `last` (at most 64), stopping at the first missing one.
  std::vector<std::string> getLines(llvm::StringRef file, uint32_t first,
                                    uint32_t last);
  /// Every line of `file` (empty when it cannot be read).
  llvm::ArrayRef<std::string> getFile(llvm::StringRef file);
  /// findPythonFunction on `file`, memoized per line (it scans the file
  /// back to a `def` and forward to the function's end: a traceback's frames
  /// in a large file cost more than the rest of the traceback).
  const std::optional<PythonFunction> &getFunction(llvm::StringRef file,
                                                   uint32_t line);

private:
  std::string sourceRoot;
  llvm::StringMap<std::vector<std::string>> files;
  llvm::DenseMap<std::pair<const void *, uint32_t>,
                 std::optional<PythonFunction>>
      functions;
};

/// A name read from a section (a file, function, module path or op name) as
/// it goes into a line of text output: its control characters, line breaks
/// included, escaped as `\x0a`. A section is data: a file named
/// "a.py\n  File \"b.py\"" printed raw reads as two frames. JSON output
/// escapes them itself.
struct EscapedName {
  llvm::StringRef text;
};
inline EscapedName escapedName(llvm::StringRef text) { return {text}; }

/// The index of the first control character (below 0x20, or 0x7f) of
/// `text` at or after `from`, or StringRef::npos. Eight bytes at a time:
/// text output scans every name it prints (a fifth of tg-symbolicate's time
/// a byte at a time).
size_t findControlCharacter(llvm::StringRef text, size_t from = 0);
llvm::raw_ostream &operator<<(llvm::raw_ostream &os, EscapedName name);

/// PyTorch's layout of a symbolicated backend error:
///   Module hierarchy:<path>
///   Traceback of TorchScript (most recent call last):
///     File "<file>", line <N>, in <function>
///       <source line>
///       ~~~~~ <--- HERE
/// `source` supplies lines the section does not embed (may be null).
/// With `liteInterpreter`, the layout of PyTorch's lite (mobile) interpreter,
/// which names the entry function `<unknown>`.
void printPyTorchTraceback(llvm::raw_ostream &os, const SymbolOrigin &origin,
                           SourceCache *source, bool liteInterpreter = false);

/// Everything tg-symbolicate prints for one handle in PyTorch's layout: per
/// origin, `Debug handle N (op)[ in kernel K][, origin i of n]` and the
/// traceback; a blank line before every block but the first one printed
/// (`first` tracks that across handles).
void printSymbolizedHandle(llvm::raw_ostream &os, const SymbolizedHandle &sym,
                           SourceCache *source, bool liteInterpreter,
                           bool &first);

/// Which function names llvm-symbolizer-style output prints, as its
/// `--functions` option: the Python function (`forward`, DW_AT_name) or the
/// linkage name `--tg-export-llvm-debuginfo` gives it in DWARF, the module
/// path (`layer1.0.relu(ReLU)::forward`, what gdb and llvm-symbolizer print
/// by default).
enum class LLVMFunctionNames { Short, Linkage };

/// llvm-symbolizer's layout of inlined frames, innermost first:
///   <function>
///   <file>:<line>:<column>
/// With linkage names, the outermost frame (the entry method) prints as
/// `Class::method` of `sym`'s entry graph; in a compiled kernel's DWARF that
/// frame is the kernel itself, named by its symbol.
void printLLVMFrames(llvm::raw_ostream &os, const SymbolOrigin &origin,
                     LLVMFunctionNames names = LLVMFunctionNames::Short,
                     const SymbolizedHandle *sym = nullptr);

/// A debug handle as users write one: decimal (leading zeros are decimal
/// too: `010` is 10, as a log prints a zero-padded handle) or `0x` hex.
/// Nothing else, and no value past 64 bits.
std::optional<uint64_t> parseHandleText(llvm::StringRef text);

} // namespace tg

#endif // TG_SYMBOLIZE_SYMBOLIZER_H
