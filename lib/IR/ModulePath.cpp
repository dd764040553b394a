//===- ModulePath.cpp - Module paths of ops -------------------------------===//
//
// The C++ API of tg/IR/ModulePath.h. Reading frames is CallStack.h's job and
// formatting is tg/Support/ModulePath.h's: this file only maps one onto the
// other.
//
//===----------------------------------------------------------------------===//

#include "tg/IR/ModulePath.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/TypeSwitch.h"

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
  // Through names: the section's module path of the same op sees the frames
  // inside `"relu"(callsite(...))`, and the attribute must say the same.
  CallStack stack = getCallStack(loc, /*throughNames=*/true);
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

SmallVector<std::string, 1> getModulePathTexts(Attribute attr) {
  SmallVector<std::string, 1> texts;
  auto add = [&](Attribute path) {
    if (auto text = dyn_cast_or_null<StringAttr>(path))
      texts.push_back(text.str());
    else if (auto node = dyn_cast_or_null<ModulePathAttr>(path))
      texts.push_back(node.getText());
  };
  if (auto array = dyn_cast_or_null<ArrayAttr>(attr))
    llvm::for_each(array, add);
  else
    add(attr);
  return texts;
}

} // namespace tg
