//===- TGOps.h - tracegraph operations --------------------------*- C++ -*-===//

#ifndef TG_IR_TGOPS_H
#define TG_IR_TGOPS_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/RegionKindInterface.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "tg/IR/DebugHandle.h"
#include "tg/IR/TGDialect.h"

#define GET_OP_CLASSES
#include "tg/IR/TGOps.h.inc"

namespace tg {
/// The composite operator a `tg.op` was decomposed from
/// (`tg.decomposed_from = "aten::batch_norm"`, set by --tg-decompose): kernel
/// names and provenance name the composite, as Inductor's kernel names do.
inline constexpr llvm::StringLiteral kDecomposedFromAttrName =
    "tg.decomposed_from";
} // namespace tg

#endif // TG_IR_TGOPS_H
