//===- ModuleHierarchy.cpp - Module paths of ops --------------------------===//
//
// The C++ API of tg/Passes/ModuleHierarchy.h and the --tg-module-hierarchy
// pass built on it. Reading frames is CallStack.h's job and formatting is
// ModulePath.h's: this file only maps one onto the other.
//
//===----------------------------------------------------------------------===//

#include "tg/Passes/ModuleHierarchy.h"
#include "tg/Passes/Passes.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/TypeSwitch.h"

namespace tg {
#define GEN_PASS_DEF_TGMODULEHIERARCHY
#include "tg/Passes/Passes.h.inc"
} // namespace tg

using namespace mlir;

namespace tg {

ModulePathFrame getModulePathFrame(const InlinedFrame &frame) {
  if (!frame.frame) {
    // A call site made without tracegraph (upstream -inline): no module
    // information and no method name.
    ModulePathFrame result;
    result.hasModuleInfo = false;
    return result;
  }
  // tg.call frames carry no class: a free function, as PyTorch records
  // prim::CallFunction (no ModuleInstanceInfo).
  return makeModulePathFrame(frame.frame.getInstance(),
                             frame.frame.getClassName(),
                             frame.frame.getMethod());
}

SmallVector<ModulePathFrame, 8> getModulePathFrames(Location loc) {
  CallStack stack = getCallStack(loc);
  SmallVector<ModulePathFrame, 8> frames;
  frames.reserve(stack.frames.size());
  for (const InlinedFrame &frame : stack.frames)
    frames.push_back(getModulePathFrame(frame));
  return frames;
}

StringRef getModulePathOpName(Operation *op) {
  // The TorchScript node kinds the tg ops were imported from.
  return llvm::TypeSwitch<Operation *, StringRef>(op)
      .Case<TracedOp>([](TracedOp traced) { return traced.getName(); })
      .Case<ConstantOp>([](auto) { return "prim::Constant"; })
      .Case<GetAttrOp, GetSubmoduleOp>([](auto) { return "prim::GetAttr"; })
      .Case<CallMethodOp>([](auto) { return "prim::CallMethod"; })
      .Case<CallOp>([](auto) { return "prim::CallFunction"; })
      .Case<ReturnOp>([](auto) { return "prim::Return"; })
      .Default(
          [](Operation *other) { return other->getName().getStringRef(); });
}

std::string getModulePath(Location loc, GraphOp top, ModulePathFormat format,
                          StringRef opName) {
  return getModulePath(loc, top ? getEntryFunction(top) : EntryFunction(),
                       format, opName);
}

std::string getModulePath(Location loc, const EntryFunction &top,
                          ModulePathFormat format, StringRef opName) {
  SmallVector<ModulePathFrame, 8> frames = getModulePathFrames(loc);
  ModulePathInput input;
  input.topClass = top.className;
  input.topMethod = top.method;
  input.frames = frames;
  input.opName = opName;
  return formatModulePath(input, format);
}

SmallVector<std::string, 1> getModulePaths(Operation *op,
                                           ModulePathFormat format) {
  EntryFunction top = getEntryFunction(op);
  StringRef opName = getModulePathOpName(op);
  SmallVector<Location> origins;
  getOrigins(op->getLoc(), origins);
  SmallVector<std::string, 1> paths;
  for (Location origin : origins) {
    std::string path = getModulePath(origin, top, format, opName);
    if (!llvm::is_contained(paths, path))
      paths.push_back(std::move(path));
  }
  return paths;
}

std::string getModulePath(Operation *op, ModulePathFormat format) {
  return getModulePaths(op, format).front();
}

} // namespace tg

namespace {
struct ModuleHierarchyPass
    : public tg::impl::TGModuleHierarchyBase<ModuleHierarchyPass> {
  using Base::Base;

  void runOnOperation() override {
    tg::ModulePathFormat pathFormat;
    if (!tg::parseModulePathFormat(format, pathFormat)) {
      getOperation().emitError("tg-module-hierarchy: unknown format '")
          << format << "': expected 'profiler', 'mobile' or 'scope'";
      return signalPassFailure();
    }
    MLIRContext *ctx = &getContext();
    StringAttr attrName = StringAttr::get(ctx, tg::kModuleHierarchyAttrName);
    // Every function is an entry: a tg.graph, or a func.func of a
    // downstream compiler's IR. Declarations have no body to annotate.
    for (auto func : getOperation().getOps<FunctionOpInterface>()) {
      if (func.isExternal())
        continue;
      func.getFunctionBody().walk<WalkOrder::PreOrder>([&](Operation *op) {
        // A terminator only hands values back: PyTorch gives it no path.
        if (op->hasTrait<OpTrait::IsTerminator>())
          return;
        SmallVector<std::string, 1> paths = tg::getModulePaths(op, pathFormat);
        if (paths.size() == 1) {
          op->setAttr(attrName, StringAttr::get(ctx, paths.front()));
        } else {
          SmallVector<Attribute> elements;
          for (const std::string &path : paths)
            elements.push_back(StringAttr::get(ctx, path));
          op->setAttr(attrName, ArrayAttr::get(ctx, elements));
        }
        if (emitRemarks)
          op->emitRemark("module hierarchy: ") << llvm::join(paths, "; ");
      });
    }
  }
};
} // namespace
