//===- SymbolizeJSON.h - Symbolized handles as JSON -------------*- C++ -*-===//
//
// The one JSON schema of a symbolized handle, shared by
// `tg-symbolicate --format=json`, `--chrome-trace` (an event's `origins`) and
// Python's `Section.lookup` (docs/debug-handles-and-symbolication.md, "JSON
// schema"). Every key is always present; what a frame or handle lacks is
// null:
//
//   {"handle": 3, "op": "aten::add", "top_class": "...", "top_method": "...",
//    "kernel": "fused_add_relu_0" | null,
//    "origins": [{"module_path": "...",
//                 "frames": [{"file": "...", "line": 12, "column": 8,
//                             "end_line": 12, "end_column": 20,
//                             "function": "forward" | null,
//                             "is_call": true,
//                             "call": {"instance", "class", "method"} | null,
//                             "source_line": "..." | null}]}]}
//
//===----------------------------------------------------------------------===//

#ifndef TG_SYMBOLIZE_SYMBOLIZEJSON_H
#define TG_SYMBOLIZE_SYMBOLIZEJSON_H

#include "tg/Symbolize/Symbolizer.h"

#include "llvm/Support/JSON.h"

#include <string>

namespace tg {

/// `source` supplies source lines the section does not embed (may be null).
llvm::json::Object toJSON(const SymbolFrame &frame, SourceCache *source);
llvm::json::Object toJSON(const SymbolOrigin &origin, SourceCache *source);
llvm::json::Object toJSON(const SymbolizedHandle &sym, SourceCache *source);

/// A frame as one line of a Python traceback: `File "f", line N, in fn`.
std::string getFrameText(const SymbolFrame &frame);

/// Writes `value` as llvm::json does (keys sorted), except that a double
/// keeps its shortest round-trip text: llvm::json alone prints 10.123 as
/// 10.122999999999999, which would rewrite every timestamp of a trace that
/// was only to be annotated.
void writeJSON(llvm::json::OStream &os, const llvm::json::Value &value);

} // namespace tg

#endif // TG_SYMBOLIZE_SYMBOLIZEJSON_H
