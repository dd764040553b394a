//===- PTXLineInfo.h - Python call stacks as PTX line info ------*- C++ -*-===//
//
// LLVM 22's NVPTX backend writes one `.loc FILE LINE COL` per instruction:
// the innermost position only, never PTX's `function_name` / `inlined_at`,
// so ptxas, nvdisasm and compute-sanitizer would see a fused kernel's code
// at a line of torch/nn/functional.py with no way back to the model. The
// PTX line info carries whole call chains when each level is its own
// `.loc`:
//
//   .loc 2 285 16                      // the kernel (its outermost call)
//   .loc 2 273 13, function_name $L__info_string0, inlined_at 2 285 16
//   .loc 3 204 21, function_name $L__info_string1, inlined_at 2 273 13
//
// each `inlined_at` naming the position of the `.loc` just before it (so a
// call site appears in a `.loc` before an `inlined_at` names it, the first
// one plain), and the function names in a `.section .debug_str`, as NVVM
// writes them for CUDA. tracegraph gets there in two steps:
// `--tg-export-ptx-line-chains` gives every distinct chain an id and makes
// each op's location line `id` of one placeholder file (which llc turns
// into `.loc`s like any other), writing the chains to a table; then
// `writePTXLineInfo` replaces every placeholder `.loc` by its chain. This
// half reads and writes text only (no MLIR): `tg-ptx-lineinfo` is its tool.
//
//===----------------------------------------------------------------------===//

#ifndef TG_TARGET_PTXLINEINFO_H
#define TG_TARGET_PTXLINEINFO_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"

#include <cstdint>
#include <string>
#include <vector>

namespace tg {

/// One level of a call chain: a source position and the function it is
/// written in (the kernel's symbol for the outermost level, the linkage
/// name `--tg-export-llvm-debuginfo` gives in DWARF for the others:
/// `layer1.0.relu(ReLU)::forward`).
struct PTXLineFrame {
  std::string file;
  uint32_t line = 0, column = 0;
  std::string function;

  bool operator==(const PTXLineFrame &other) const {
    return file == other.file && line == other.line && column == other.column &&
           function == other.function;
  }
};

/// A chain, outermost level first.
using PTXLineChain = std::vector<PTXLineFrame>;

/// What `--tg-export-ptx-line-chains` writes: the placeholder file whose
/// line N stands for chain N (from 1; line 0 for no position), and the
/// chains.
struct PTXLineChainTable {
  std::string chainFile;
  std::vector<PTXLineChain> chains;
};

/// The placeholder file name the pass uses unless told otherwise.
inline constexpr llvm::StringLiteral kDefaultChainFile = "<tg-line-chains>";

/// The table as JSON (`{"format": "tracegraph-ptx-line-chains", "version":
/// 1, "chain_file": ..., "chains": [[{"file", "line", "column",
/// "function"}, ...], ...]}`).
llvm::json::Value toJSON(const PTXLineChainTable &table);

/// Writes the table's JSON with one chain per line.
void writePTXLineChainTable(llvm::raw_ostream &os,
                            const PTXLineChainTable &table);

/// Reads a table written by toJSON or writePTXLineChainTable; an error says
/// what is wrong and where.
llvm::Expected<PTXLineChainTable> parsePTXLineChainTable(llvm::StringRef text);

/// The chain as one instruction's rows of the GPU's line table can hold it:
/// without a frame on the line of a frame deeper in the chain (a Sequential
/// inside a Sequential, both at container.py:204), each frame it keeps
/// with its own name and position. ptxas keeps one row per line at an
/// address, and compute-sanitizer prints no frame at all for a fault whose
/// rows have one line twice (docs/gpu-debugging.md, "What ptxas and
/// compute-sanitizer need").
PTXLineChain foldRepeatedLines(const PTXLineChain &chain);

/// Replaces every `.loc` of `table.chainFile` in `ptx` by its chain, folded
/// by foldRepeatedLines (a
/// line-0 placeholder by a line-0 `.loc` of the first real file), the
/// placeholder's `.file` by one `.file` per source file the chains name,
/// and appends the function names as `.section .debug_str`. PTX without
/// any `.loc` comes back unchanged. Errors: `.loc`s but no placeholder
/// file, a chain id the table does not have, a `.debug_str` section already
/// there.
llvm::Expected<std::string> writePTXLineInfo(llvm::StringRef ptx,
                                             const PTXLineChainTable &table);

/// Checks the rule the line info must follow for ptxas and the tools after
/// it: every `.loc` with `inlined_at F L C` comes right after a `.loc` at
/// `F L C` (so the first level of every chain is a plain `.loc`, and a call
/// site appears before an `inlined_at` names it), names a `function_name`
/// label that `.section .debug_str` defines, and every `.loc` names a file
/// that a `.file` declares; no two `.loc`s of one instruction have the same
/// line (see foldRepeatedLines). The error names the PTX line.
llvm::Error verifyPTXLineInfo(llvm::StringRef ptx);

/// The chains the `.loc`s of `ptx` spell, one per instruction that follows
/// a run of `.loc`s (innermost level last), with file names and function
/// names resolved; what tests compare with tg-symbolicate. Only from PTX
/// that verifyPTXLineInfo accepts, a line repeated in one chain aside (its
/// error otherwise).
llvm::Expected<std::vector<PTXLineChain>>
readPTXLineChains(llvm::StringRef ptx);

} // namespace tg

#endif // TG_TARGET_PTXLINEINFO_H
