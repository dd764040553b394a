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

#endif // TG_IR_TGOPS_H
