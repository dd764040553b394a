//===- TGDialect.h - tracegraph dialect -------------------------*- C++ -*-===//
//
// The tg dialect, its types and attributes.
//
//===----------------------------------------------------------------------===//

#ifndef TG_IR_TGDIALECT_H
#define TG_IR_TGDIALECT_H

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/DialectImplementation.h"

#include "tg/IR/TGOpsDialect.h.inc"

#define GET_TYPEDEF_CLASSES
#include "tg/IR/TGOpsTypes.h.inc"

namespace tg::detail {
/// Written by hand (lib/IR/TGDialect.cpp): see ModulePathAttr in TGAttrs.td.
struct ModulePathAttrStorage;
} // namespace tg::detail

#define GET_ATTRDEF_CLASSES
#include "tg/IR/TGAttrs.h.inc"

namespace tg {
/// Writes `text` in quotes, escaped as MLIR's printer writes a string
/// attribute (`llvm::printEscapedString`), but each run of bytes that need
/// no escape in one write.
void printQuotedString(llvm::raw_ostream &os, llvm::StringRef text);
} // namespace tg

#endif // TG_IR_TGDIALECT_H
