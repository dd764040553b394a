//===- ExportLLVMDebugInfo.cpp - Python frames as LLVM debug scopes -------===//
//
// MLIR's translation to LLVM IR (DebugTranslation) turns a location into a
// DILocation only where the location names its scope: a function's
// `fused<#llvm.di_subprogram>` gives the scope of its ops, and the callee
// side of a `callsite` must be `fused<#llvm.di_subprogram>[pos]` to become an
// inlined frame. Everything else collapses: a callee without a scope falls
// back to its caller (so a tracegraph location keeps only the outermost
// call), and a fused location is merged into one line. This pass writes the
// scopes: one DISubprogram per Python function of a `#tg.frame`, named by
// the Python function and linked by its module path, so that each op keeps
// its whole Python stack as an `inlinedAt` chain, and every origin of a
// fused kernel stays on the instructions of the op it came from.
//
// Locations are rewritten in place and stay plain MLIR locations, so the pass
// runs before or after lowering to the llvm dialect: conversions carry them
// to the llvm ops as they carry any location.
//
//===----------------------------------------------------------------------===//

#include "tg/IR/CallStack.h"
#include "tg/IR/TGOps.h"
#include "tg/Passes/Passes.h"
#include "tg/Support/PythonSource.h"

#include "mlir/Dialect/LLVMIR/LLVMAttrs.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/BinaryFormat/Dwarf.h"
#include "llvm/Support/Path.h"

namespace tg {
#define GEN_PASS_DEF_TGEXPORTLLVMDEBUGINFO
#include "tg/Passes/Passes.h.inc"
} // namespace tg

using namespace mlir;
using namespace tg;

namespace {

class DebugScopeBuilder {
public:
  DebugScopeBuilder(MLIRContext *ctx, StringRef producer, unsigned language)
      : ctx(ctx), producer(producer), language(language) {}

  /// Gives `func` its subprogram and every op in it a scoped location.
  /// Functions that already have a subprogram are left alone, so running
  /// the pass twice changes nothing.
  void run(FunctionOpInterface func) {
    if (auto fused = dyn_cast<FusedLoc>(func->getLoc()))
      if (isa_and_nonnull<LLVM::DISubprogramAttr>(fused.getMetadata()))
        return;
    Location funcLoc = stripOriginRecords(func->getLoc());
    // The entry method's own source: its first op's outermost position,
    // unless the function's own location is a plain position in a file
    // that some op's outermost position is in too (a tg.graph's `def`, a
    // func.func written in that file: its first op can come from a helper
    // in another file). A function without a location of its own has the
    // parser's (`"input.mlir":1:1`), which no op shares.
    FileLineColLoc rootPos = findRootPosition(func);
    if (FileLineColLoc own = getOwnPosition(funcLoc))
      if (!rootPos || (own.getFilename() != rootPos.getFilename() &&
                       hasOpInFile(func, own.getFilename())))
        rootPos = own;
    if (!rootPos)
      rootPos = findPosition(funcLoc);
    LLVM::DIFileAttr file = getFile(rootPos ? rootPos.getFilename().getValue()
                                            : StringRef("<unknown>"));
    if (!unit)
      unit = LLVM::DICompileUnitAttr::get(
          DistinctAttr::create(UnitAttr::get(ctx)), language, getUnitFile(file),
          StringAttr::get(ctx, producer),
          /*isOptimized=*/false, LLVM::DIEmissionKind::Full);

    EntryFunction entry = getEntryFunction(func);
    StringRef symbol = SymbolTable::getSymbolName(func).getValue();
    // The function is the entry method the kernel computes part of (its
    // DW_AT_name, what a debugger's backtrace shows as the outermost Python
    // frame); its linkage name is the symbol the code is in.
    rootScope = makeSubprogram(entry.method.empty() ? symbol : entry.method,
                               symbol, file);
    converted.clear();

    // Block arguments too: the translation does not read them, but nothing
    // of the tg dialect may stay in what mlir-translate parses.
    auto convertArgs = [&](Region &region) {
      for (Block &block : region)
        for (BlockArgument arg : block.getArguments())
          arg.setLoc(convert(arg.getLoc()));
    };
    func->walk([&](Operation *op) {
      if (op != func.getOperation())
        op->setLoc(convert(op->getLoc()));
      for (Region &region : op->getRegions())
        convertArgs(region);
    });
    func->setLoc(FusedLoc::get(ctx, {convert(funcLoc)}, rootScope));
  }

private:
  /// `loc` when it is a file position, or names over one.
  static FileLineColLoc getOwnPosition(Location loc) {
    while (auto name = dyn_cast<NameLoc>(loc))
      loc = name.getChildLoc();
    return dyn_cast<FileLineColLoc>(loc);
  }

  /// The first outermost position, in walk order, of an op of `func` that
  /// `accept` takes, or null: the position of an op's outermost frame (its
  /// call from the entry method) or, without frames, its own.
  FileLineColLoc
  findOutermostPosition(FunctionOpInterface func,
                        function_ref<bool(FileLineColLoc)> accept) {
    FileLineColLoc found;
    func->walk([&](Operation *op) {
      if (op == func.getOperation())
        return WalkResult::advance();
      SmallVector<Location> origins;
      getOrigins(op->getLoc(), origins);
      for (Location origin : origins) {
        CallStack stack = getCallStack(origin);
        FileLineColLoc pos = findPosition(
            stack.frames.empty() ? stack.leaf : stack.frames[0].callLoc);
        if (pos && accept(pos)) {
          found = pos;
          return WalkResult::interrupt();
        }
      }
      return WalkResult::advance();
    });
    return found;
  }

  /// The outermost position of the first op that has one: where the entry
  /// method's own source is.
  FileLineColLoc findRootPosition(FunctionOpInterface func) {
    return findOutermostPosition(func, [](FileLineColLoc) { return true; });
  }

  /// Whether an op of `func` has an outermost position in `file`.
  bool hasOpInFile(FunctionOpInterface func, StringAttr file) {
    return static_cast<bool>(findOutermostPosition(
        func, [&](FileLineColLoc pos) { return pos.getFilename() == file; }));
  }

  LLVM::DIFileAttr getFile(StringRef path) {
    // The name tools show: `<string>#2` is a `<string>`, as tg-symbolicate
    // prints it.
    path = getSourceDisplayName(path);
    StringRef dir = llvm::sys::path::parent_path(path);
    StringRef name = dir.empty() ? path : path.drop_front(dir.size() + 1);
    return LLVM::DIFileAttr::get(ctx, name, dir);
  }

  /// The compile unit's file: the entry's source by its whole path, with
  /// no compilation directory. DWARF joins a file name that is no absolute
  /// path to the compilation directory, and the sources TorchScript compiles
  /// from strings (`<string>`) have no directory: with one, llvm-symbolizer
  /// and gdb would print `/usr/lib/.../models/<string>` where tg-symbolicate
  /// prints `<string>`. Every file that has a directory keeps it in its own
  /// entry.
  LLVM::DIFileAttr getUnitFile(LLVM::DIFileAttr file) {
    StringRef dir = file.getDirectory().getValue();
    if (dir.empty())
      return file;
    SmallString<256> path(dir);
    llvm::sys::path::append(path, file.getName().getValue());
    return LLVM::DIFileAttr::get(ctx, path, "");
  }

  LLVM::DISubprogramAttr makeSubprogram(StringRef name, StringRef linkageName,
                                        LLVM::DIFileAttr file) {
    return LLVM::DISubprogramAttr::get(
        ctx, DistinctAttr::create(UnitAttr::get(ctx)), unit, file,
        StringAttr::get(ctx, name),
        linkageName.empty() ? StringAttr() : StringAttr::get(ctx, linkageName),
        file, /*line=*/0, /*scopeLine=*/0, LLVM::DISubprogramFlags::Definition,
        LLVM::DISubroutineTypeAttr::get(ctx, {}), {}, {});
  }

  /// The subprogram of the Python function `frame` calls, in `file`. One per
  /// module path, method and file, shared by every op and function of the
  /// module (a frame written in two files gets one per file: the file of a
  /// line-table row is its scope's).
  LLVM::DISubprogramAttr getCalleeScope(StringRef qualifiedName,
                                        StringRef method,
                                        LLVM::DIFileAttr file) {
    std::string key = (qualifiedName + "\n" + file.getDirectory().getValue() +
                       "/" + file.getName().getValue())
                          .str();
    auto [it, inserted] = callees.try_emplace(key);
    if (inserted)
      it->second = makeSubprogram(method, qualifiedName, file);
    return it->second;
  }

  /// `pos` in `scope` (a callee's subprogram), in a lexical block of its
  /// file when that is not the scope's. In the function's own scope
  /// (`rootScope`: an outermost call, an op the entry method computes
  /// itself) a position of the function's file stays plain: the translation
  /// scopes it by the function.
  Location scoped(FileLineColLoc pos, LLVM::DISubprogramAttr scope) {
    LLVM::DIFileAttr file = getFile(pos.getFilename().getValue());
    if (file != scope.getFile())
      return FusedLoc::get(
          ctx, {pos}, LLVM::DILexicalBlockFileAttr::get(ctx, scope, file, 0));
    if (scope == rootScope)
      return pos;
    return FusedLoc::get(ctx, {pos}, scope);
  }

  Location convert(Location loc) {
    auto found = converted.find(loc);
    if (found != converted.end())
      return found->second;
    Location result = convertUncached(loc);
    converted.try_emplace(loc, result);
    return result;
  }

  Location convertUncached(Location loc) {
    if (isa<UnknownLoc>(loc))
      return loc;
    if (auto fused = dyn_cast<FusedLoc>(loc)) {
      // Already scoped (run after another producer of LLVM debug info).
      if (isa_and_nonnull<LLVM::DIScopeAttr>(fused.getMetadata()))
        return loc;
      // A call-site frame location is one stack; any other fused location
      // (a kernel's origins, a merge by a pass) is the list of its origins,
      // each with its own stack; the translation merges them into one line.
      if (!isa_and_nonnull<FrameAttr>(fused.getMetadata())) {
        SmallVector<Location> origins;
        getOrigins(loc, origins);
        // An origin without a file position (a bare name, `loc("x")`;
        // unknown) translates to no DILocation, and MLIR's translation
        // merges a null one into null: the whole op lost its line (CSE
        // merging `loc("named_op")` into an op of model.py:3).
        SmallVector<Location> parts;
        for (Location origin : origins) {
          Location part = convert(origin);
          bool positioned = false;
          part->walk([&](Location inner) {
            positioned |= isa<FileLineColRange>(inner);
            return positioned ? WalkResult::interrupt() : WalkResult::advance();
          });
          if (positioned)
            parts.push_back(part);
        }
        if (parts.empty())
          return UnknownLoc::get(ctx);
        if (parts.size() == 1)
          return parts.front();
        return FusedLoc::get(ctx, parts);
      }
    }
    if (auto name = dyn_cast<NameLoc>(loc))
      return NameLoc::get(name.getName(), convert(name.getChildLoc()));

    SmallVector<NamedFrame> levels = getNamedFrames(getCallStack(loc));
    if (levels.empty())
      return UnknownLoc::get(ctx);
    // Right-nested, as MLIR builds inlined locations: the outermost call in
    // the function's own scope, each deeper position in the subprogram of
    // the function its frame called (named as tg-symbolicate
    // --functions=linkage names it).
    Location chain = scoped(levels.front().position, rootScope);
    for (const NamedFrame &level : llvm::drop_begin(levels)) {
      LLVM::DISubprogramAttr callee =
          getCalleeScope(level.linkageName, level.method,
                         getFile(level.position.getFilename().getValue()));
      chain = CallSiteLoc::get(scoped(level.position, callee), chain);
    }
    return chain;
  }

  MLIRContext *ctx;
  std::string producer;
  unsigned language;
  LLVM::DICompileUnitAttr unit;
  llvm::StringMap<LLVM::DISubprogramAttr> callees;
  // Per function.
  LLVM::DISubprogramAttr rootScope;
  llvm::DenseMap<Location, Location> converted;
};

struct ExportLLVMDebugInfoPass
    : public tg::impl::TGExportLLVMDebugInfoBase<ExportLLVMDebugInfoPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    DebugScopeBuilder builder(&getContext(), producer, unsigned(language));
    // Top-level functions only: an op in a nested function belongs to the
    // outermost function's code.
    for (Operation &op : module.getBody()->getOperations()) {
      auto func = dyn_cast<FunctionOpInterface>(op);
      if (!func || func.isExternal())
        continue;
      builder.run(func);
    }
    // Origin records name ops that no longer exist, so no instruction can
    // carry them; the debug section keeps them.
    module->setLoc(stripOriginRecords(module->getLoc()));
  }
};

} // namespace
