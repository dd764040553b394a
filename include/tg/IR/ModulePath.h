//===- ModulePath.h - Module paths of ops -----------------------*- C++ -*-===//
//
// Module paths as IR concepts, for the passes, the section writer and
// downstream compilers (the C++ API behind --tg-module-hierarchy): the
// inlined frames of an op or a location, seen as module frames, and its
// module path in any of PyTorch's three forms (tg/Support/ModulePath.h).
//
//   tg::GraphOp top = op->getParentOfType<tg::GraphOp>();
//   std::string path = tg::getModulePath(op->getLoc(), top,
//                                        tg::ModulePathFormat::Profiler);
//   // "TOP(ResNet)::forward.layer1(Sequential)::forward. ..."
//
// Every string view handed out (instance, class, method) points into
// attributes uniqued in the MLIRContext and lives as long as the context.
//
//===----------------------------------------------------------------------===//

#ifndef TG_IR_MODULEPATH_H
#define TG_IR_MODULEPATH_H

#include "tg/IR/CallStack.h"
#include "tg/IR/TGOps.h"
#include "tg/Support/ModulePath.h"

#include "mlir/IR/Operation.h"
#include "llvm/ADT/SmallVector.h"

#include <string>

namespace tg {

/// The name of the attribute --tg-module-hierarchy attaches.
inline constexpr llvm::StringLiteral kModuleHierarchyAttrName =
    "tg.module_hierarchy";

/// One inlined frame as a module path sees it. A `#tg.frame` with a class is
/// a method call with module information; one without a class (a `tg.call`)
/// and a call site that carries no `#tg.frame` at all (made by upstream
/// `-inline`) have none and print as `UNKNOWN_INSTANCE(UNKNOWN_TYPE)`; the
/// latter also has no method name.
ModulePathFrame getModulePathFrame(const InlinedFrame &frame);

/// The module frames of one origin location, outermost first. A fused
/// location counts as one leaf: use `getOrigins` first (or the
/// `getModulePaths` overload below) to get one list per origin.
llvm::SmallVector<ModulePathFrame, 8> getModulePathFrames(mlir::Location loc);

/// The name the mobile form prints last for `op`: the operator of a `tg.op`
/// (`aten::add`), the TorchScript node kind of the other tg ops
/// (`prim::Constant`, `prim::GetAttr`, `prim::CallMethod`,
/// `prim::CallFunction`, `prim::Return`), else the MLIR op name.
llvm::StringRef getModulePathOpName(mlir::Operation *op);

/// The module path of one origin location `loc` of an op named `opName`
/// inside graph `top` (whose class and method start the path). A null `top`
/// gives an empty top class and method.
std::string getModulePath(mlir::Location loc, GraphOp top,
                          ModulePathFormat format, llvm::StringRef opName = {});

/// The same, starting from any entry function (`tg::getEntryFunction`: a
/// `tg.graph` or a `func.func`).
std::string getModulePath(mlir::Location loc, const EntryFunction &top,
                          ModulePathFormat format, llvm::StringRef opName = {});

/// The distinct module paths of `op`, one per origin of its location (see
/// `getOrigins`), in origin order; `top` is the graph holding `op`.
llvm::SmallVector<std::string, 1> getModulePaths(mlir::Operation *op,
                                                 ModulePathFormat format);

/// The module path of `op` when its location has a single origin, else the
/// path of its first origin.
std::string getModulePath(mlir::Operation *op, ModulePathFormat format);

/// The module paths a `tg.module_hierarchy` value stands for, as text: one
/// for a `#tg.module_path` (what the pass attaches) or a string (what a tg op
/// parses back from its printed form), one per element of an array of them
/// (an op of several origins); none for anything else.
llvm::SmallVector<std::string, 1> getModulePathTexts(mlir::Attribute attr);

} // namespace tg

#endif // TG_IR_MODULEPATH_H
