//===- ModulePath.cpp - PyTorch-style module hierarchy strings ------------===//
//
// Each form reproduces, character for character, the code in PyTorch that
// prints it (docs/module-hierarchy.md cites the sources):
//
//  - Profiler: InterpreterStateImpl::moduleHierarchy() in
//    torch/csrc/jit/runtime/interpreter.cpp builds one entry per frame
//    (`TOP(C)::forward`, then `instance(Class)::method` per inlined call, or
//    `::fn` for a call without module information), and the profiler joins
//    them with stacksToStr(..., ".") (torch/csrc/profiler/util.cpp), an
//    ostream_iterator that writes the delimiter after *every* entry: hence
//    the trailing '.'.
//  - Mobile: getStackTraceWithModuleHierarchy() in
//    torch/csrc/jit/mobile/debug_info.cpp: `top(C)::<unknown>`, then
//    `.instance(Class)::method` per frame, then `.` and the node's kind.
//  - Scope: the same function before methods were added (module path
//    `top(C).A0(A).AA0(AA)`, as printed in backend errors).
//
// `instance(Class)` is torch::jit::utils::get_module_info()
// (torch/csrc/jit/ir/scope.cpp): the class is shortened to the component
// after the last '.', and an empty instance or class prints as
// UNKNOWN_INSTANCE / UNKNOWN_TYPE.
//
//===----------------------------------------------------------------------===//

#include "tg/Support/ModulePath.h"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/ErrorHandling.h"

#include <optional>

using namespace llvm;

namespace tg {

StringRef getShortClassName(StringRef qualified) {
  // std::string::substr(find_last_of('.') + 1): npos + 1 == 0 keeps the
  // whole name when there is no '.'.
  size_t dot = qualified.rfind('.');
  return dot == StringRef::npos ? qualified : qualified.drop_front(dot + 1);
}

ModulePathFrame makeModulePathFrame(StringRef instance, StringRef className,
                                    StringRef method) {
  if (className.empty())
    return ModulePathFrame{StringRef(), StringRef(), method, false};
  return ModulePathFrame{instance, className, method, true};
}

/// torch::jit::utils::get_module_info: `instance(ShortClass)`.
static void appendModuleInfo(std::string &out, const ModulePathFrame &frame) {
  StringRef type = getShortClassName(frame.className);
  out +=
      frame.instance.empty() ? StringRef("UNKNOWN_INSTANCE") : frame.instance;
  out += '(';
  out += type.empty() ? StringRef("UNKNOWN_TYPE") : type;
  out += ')';
}

// Every form is a fold: a head from the entry function, one piece per frame,
// a tail from the op. Passes that share frame prefixes between ops build
// paths piece by piece (ModuleHierarchy.cpp); formatModulePath is the same
// fold at once.

std::string formatModulePathHead(StringRef topClass, StringRef topMethod,
                                 ModulePathFormat format) {
  std::string out;
  switch (format) {
  case ModulePathFormat::Profiler:
    // The entry frame: the class of the graph's `self` and the function name.
    out = "TOP(";
    out += getShortClassName(topClass);
    out += ")::";
    out += topMethod;
    out += '.';
    return out;
  case ModulePathFormat::Mobile:
    out = "top(";
    out += getShortClassName(topClass);
    out += ")::<unknown>";
    return out;
  case ModulePathFormat::Scope:
    out = "top(";
    out += getShortClassName(topClass);
    out += ')';
    return out;
  }
  llvm_unreachable("unknown module path format");
}

void appendModulePathFrame(std::string &out, const ModulePathFrame &frame,
                           ModulePathFormat format) {
  switch (format) {
  case ModulePathFormat::Profiler:
    // A frame without module information is a free function: "::fn".
    if (frame.hasModuleInfo)
      appendModuleInfo(out, frame);
    out += "::";
    out += frame.method;
    out += '.';
    return;
  case ModulePathFormat::Mobile:
    out += '.';
    if (!frame.hasModuleInfo)
      out += "UNKNOWN_INSTANCE(UNKNOWN_TYPE)";
    else if (frame.className.empty())
      // Module information without a class type: the bare instance name
      // (debug_info.cpp keeps lowered backends' "instance(Type)" names so).
      out += frame.instance;
    else
      appendModuleInfo(out, frame);
    out += "::";
    out += frame.method;
    return;
  case ModulePathFormat::Scope:
    out += '.';
    if (frame.hasModuleInfo)
      appendModuleInfo(out, frame);
    else
      // The historical code printed ".(UNKNOWN_INSTANCE(UNKNOWN_TYPE)" with
      // an unbalanced parenthesis; the balanced spelling is the one every
      // later form uses (see docs/module-hierarchy.md).
      out += "UNKNOWN_INSTANCE(UNKNOWN_TYPE)";
    return;
  }
  llvm_unreachable("unknown module path format");
}

void appendModulePathTail(std::string &out, StringRef opName,
                          ModulePathFormat format) {
  if (!modulePathHasOpName(format))
    return;
  out += '.';
  out += opName;
}

bool modulePathHasOpName(ModulePathFormat format) {
  return format == ModulePathFormat::Mobile;
}

std::string formatModulePath(const ModulePathInput &input,
                             ModulePathFormat format) {
  std::string out =
      formatModulePathHead(input.topClass, input.topMethod, format);
  for (const ModulePathFrame &frame : input.frames)
    appendModulePathFrame(out, frame, format);
  appendModulePathTail(out, input.opName, format);
  return out;
}

bool parseModulePathFormat(StringRef text, ModulePathFormat &format) {
  std::optional<ModulePathFormat> parsed =
      StringSwitch<std::optional<ModulePathFormat>>(text)
          .Case("profiler", ModulePathFormat::Profiler)
          .Case("mobile", ModulePathFormat::Mobile)
          .Case("scope", ModulePathFormat::Scope)
          .Default(std::nullopt);
  if (!parsed)
    return false;
  format = *parsed;
  return true;
}

StringRef getModulePathFormatName(ModulePathFormat format) {
  switch (format) {
  case ModulePathFormat::Profiler:
    return "profiler";
  case ModulePathFormat::Mobile:
    return "mobile";
  case ModulePathFormat::Scope:
    return "scope";
  }
  llvm_unreachable("unknown module path format");
}

} // namespace tg

std::string tg::formatLinkageName(StringRef instancePath, StringRef className,
                                  StringRef method) {
  if (className.empty())
    return method.str(); // A free function has no module.
  StringRef shortClass = getShortClassName(className);
  if (instancePath.empty())
    return (shortClass + "::" + method).str();
  return (instancePath + "(" + shortClass + ")::" + method).str();
}

void tg::appendInstancePath(std::string &instancePath, StringRef instance) {
  if (instance == "SELF")
    return;
  if (!instancePath.empty())
    instancePath += '.';
  instancePath += instance.str();
}
