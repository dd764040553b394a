//===- JSON.h - JSON parsing with bounded nesting ---------------*- C++ -*-===//
//
// llvm::json::parse, its destructor and its writer recurse once per level of
// nesting: a document of ~30,000 nested arrays (a few dozen KB) overflows the
// stack. Every JSON input tracegraph reads from a user (Chrome traces, the
// line-chain tables of tg-ptx-lineinfo) goes through parseJSON, which refuses
// deeper nesting first.
//
//===----------------------------------------------------------------------===//

#ifndef TG_SUPPORT_JSON_H
#define TG_SUPPORT_JSON_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/JSON.h"

namespace tg {

/// Nesting of arrays and objects that parseJSON accepts: far more than any
/// trace or table holds, far less than the stack allows.
inline constexpr unsigned kMaxJSONDepth = 1024;

/// llvm::json::parse of `text`, after a scan (strings skipped) that refuses
/// nesting deeper than kMaxJSONDepth, with json::parse's position format:
/// "[line:column, byte=N]: JSON nested deeper than 1024 levels".
llvm::Expected<llvm::json::Value> parseJSON(llvm::StringRef text);

} // namespace tg

#endif // TG_SUPPORT_JSON_H
