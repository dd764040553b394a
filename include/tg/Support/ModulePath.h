//===- ModulePath.h - PyTorch-style module hierarchy strings ----*- C++ -*-===//
//
// Formats the module path of an op from its inlined frames, in the three
// forms PyTorch prints. Independent of MLIR on purpose: the debug-section
// reader and tg-symbolicate format paths from decoded frames (string views
// into a mapped file) without building any MLIR location.
//
//===----------------------------------------------------------------------===//

#ifndef TG_SUPPORT_MODULEPATH_H
#define TG_SUPPORT_MODULEPATH_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <string>

namespace tg {

/// The three forms of a module path.
enum class ModulePathFormat {
  /// Interpreter/profiler form:
  /// `TOP(C)::forward.A0(A)::forward.SELF(A)::forward_impl_.`
  Profiler,
  /// Mobile debug-handle form:
  /// `top(C)::<unknown>.B0(B)::foo.A0(A)::bar.aten::add`
  Mobile,
  /// Scope form, without methods, as in backend errors: `top(C).A0(A).AA0(AA)`
  Scope,
};

/// One inlined frame as a module path sees it. `hasModuleInfo` is false for
/// a call without module information (a free function), which prints as
/// `UNKNOWN_INSTANCE(UNKNOWN_TYPE)`.
struct ModulePathFrame {
  llvm::StringRef instance;  ///< `layer1`, `0`, `SELF`, `INSTANCE_NAME_UNKNOWN`
  llvm::StringRef className; ///< qualified or short; printed short
  llvm::StringRef method;    ///< the called method (or function) name
  bool hasModuleInfo = true;
};

/// The module path frame of a stored `#tg.frame<instance, class, method>`
/// (from a location or a debug section). A frame without a class is a free
/// function call (`tg.call`, PyTorch's prim::CallFunction), which has no
/// module information: `::fn` in the profiler form,
/// `UNKNOWN_INSTANCE(UNKNOWN_TYPE)::fn` in the mobile form. Every reader of
/// frames should build its ModulePathFrames with this, so that all tools print
/// the same path.
ModulePathFrame makeModulePathFrame(llvm::StringRef instance,
                                    llvm::StringRef className,
                                    llvm::StringRef method);

/// What a module path is built from: the entry graph's class and method, the
/// inlined frames from the outermost to the innermost, and the op's own name
/// (`aten::add`), which only the mobile form prints.
struct ModulePathInput {
  llvm::StringRef topClass;
  llvm::StringRef topMethod;
  llvm::ArrayRef<ModulePathFrame> frames;
  llvm::StringRef opName;
};

/// Formats a module path exactly as PyTorch prints it in `format`.
std::string formatModulePath(const ModulePathInput &input,
                             ModulePathFormat format);

/// The three parts of formatModulePath, for callers that share frame
/// prefixes between many paths: the head (from the entry function), one
/// piece per frame (outermost first), the tail (from the op).
std::string formatModulePathHead(llvm::StringRef topClass,
                                 llvm::StringRef topMethod,
                                 ModulePathFormat format);
void appendModulePathFrame(std::string &out, const ModulePathFrame &frame,
                           ModulePathFormat format);
void appendModulePathTail(std::string &out, llvm::StringRef opName,
                          ModulePathFormat format);
/// Whether `format` ends in the op name (only `mobile` does), i.e. whether
/// ops with the same frames can have different paths.
bool modulePathHasOpName(ModulePathFormat format);

/// Parses `profiler`, `mobile` or `scope`.
bool parseModulePathFormat(llvm::StringRef text, ModulePathFormat &format);

/// The option spelling of `format`: `profiler`, `mobile` or `scope`.
llvm::StringRef getModulePathFormatName(ModulePathFormat format);

/// The linkage name of the Python function a frame calls, as
/// `--tg-export-llvm-debuginfo` writes it into DWARF and gdb and
/// llvm-symbolizer print it: `layer1.0.conv1(Conv2d)::forward`, where
/// `instancePath` is the dotted path of module instances from the entry to the
/// frame (see `appendInstancePath`); `ResNet::_forward_impl` when the path is
/// empty (a method of the entry module); a free function's own name when
/// `className` is empty. `className` may be qualified; it prints short.
std::string formatLinkageName(llvm::StringRef instancePath,
                              llvm::StringRef className,
                              llvm::StringRef method);

/// Extends an instance path by the instance of one more frame; a `SELF` call
/// (a method of the same module) adds nothing.
void appendInstancePath(std::string &instancePath, llvm::StringRef instance);

/// `__torch__.torchvision.models.resnet.ResNet` -> `ResNet`.
llvm::StringRef getShortClassName(llvm::StringRef qualified);

} // namespace tg

#endif // TG_SUPPORT_MODULEPATH_H
