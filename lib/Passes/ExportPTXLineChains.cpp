//===- ExportPTXLineChains.cpp - Python call stacks as PTX line chains ----===//
//
// LLVM 22 cannot write PTX `inlined_at`, so the stacks travel through llc as
// numbers: each distinct chain of (position, function) levels gets an id,
// each op's location becomes line `id` of one placeholder file, and the
// chains go to a table that tg-ptx-lineinfo (lib/Target/PTXLineInfo) writes
// back into the PTX. Frames are named by tg::getNamedFrames, as
// --tg-export-llvm-debuginfo names DWARF frames, so a GPU fault and a host
// crash name the same Python functions.
//
//===----------------------------------------------------------------------===//

#include "tg/IR/CallStack.h"
#include "tg/Passes/OptionChecks.h"
#include "tg/Passes/Passes.h"
#include "tg/Support/OutputFile.h"
#include "tg/Support/PythonSource.h"
#include "tg/Target/PTXLineInfo.h"

#include "mlir/Dialect/LLVMIR/LLVMAttrs.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/BinaryFormat/Dwarf.h"
#include "llvm/Support/FormatVariadic.h"

#include <map>

namespace tg {
#define GEN_PASS_DEF_TGEXPORTPTXLINECHAINS
#include "tg/Passes/Passes.h.inc"
} // namespace tg

using namespace mlir;
using namespace tg;

namespace {

/// The levels every chain of `chains` starts with.
PTXLineChain commonPrefix(ArrayRef<PTXLineChain> chains) {
  if (chains.empty())
    return {};
  PTXLineChain prefix = chains.front();
  for (const PTXLineChain &chain : chains.drop_front()) {
    size_t n = 0;
    while (n < prefix.size() && n < chain.size() && prefix[n] == chain[n])
      ++n;
    prefix.resize(n);
  }
  return prefix;
}

class LineChainBuilder {
public:
  LineChainBuilder(MLIRContext *ctx, StringRef chainFile)
      : ctx(ctx), chainFile(chainFile) {
    table.chainFile = chainFile.str();
    file = LLVM::DIFileAttr::get(ctx, chainFile, "");
    unit = LLVM::DICompileUnitAttr::get(
        DistinctAttr::create(UnitAttr::get(ctx)), llvm::dwarf::DW_LANG_Python,
        file, StringAttr::get(ctx, "tracegraph"), /*isOptimized=*/false,
        LLVM::DIEmissionKind::DebugDirectivesOnly);
  }

  /// Every op of `func` (and the function itself) at its chain's line.
  void run(FunctionOpInterface func) {
    symbol = SymbolTable::getSymbolName(func).getValue().str();
    converted.clear();
    func->walk([&](Operation *op) {
      if (op != func.getOperation())
        op->setLoc(convert(op->getLoc()));
      for (Region &region : op->getRegions())
        for (Block &block : region)
          for (BlockArgument arg : block.getArguments())
            arg.setLoc(convert(arg.getLoc()));
    });
    Location funcLoc = convert(stripOriginRecords(func->getLoc()));
    unsigned line = cast<FileLineColLoc>(funcLoc).getLine();
    auto subprogram = LLVM::DISubprogramAttr::get(
        ctx, DistinctAttr::create(UnitAttr::get(ctx)), unit, file,
        StringAttr::get(ctx, symbol), StringAttr::get(ctx, symbol), file, line,
        line, LLVM::DISubprogramFlags::Definition,
        LLVM::DISubroutineTypeAttr::get(ctx, {}), {}, {});
    func->setLoc(FusedLoc::get(ctx, {funcLoc}, subprogram));
  }

  PTXLineChainTable &getTable() { return table; }

private:
  Location convert(Location loc) {
    auto found = converted.find(loc);
    if (found != converted.end())
      return found->second;
    unsigned id = getChainId(getChain(loc));
    Location result = FileLineColLoc::get(ctx, chainFile, id, 0);
    converted.try_emplace(loc, result);
    return result;
  }

  /// The chain of an op's location: its levels if it has one origin, the
  /// levels its origins share otherwise.
  PTXLineChain getChain(Location loc) {
    SmallVector<Location> origins;
    getOrigins(stripOriginRecords(loc), origins);
    SmallVector<PTXLineChain> chains;
    for (Location origin : origins) {
      PTXLineChain chain;
      for (const NamedFrame &level : getNamedFrames(getCallStack(origin)))
        chain.push_back(
            {getSourceDisplayName(level.position.getFilename().getValue())
                 .str(),
             level.position.getLine(), level.position.getColumn(),
             chain.empty() ? symbol : level.linkageName});
      if (!chain.empty())
        chains.push_back(std::move(chain));
    }
    return commonPrefix(chains);
  }

  /// The chain's id, from 1 in order of first use; 0 for no chain.
  unsigned getChainId(PTXLineChain chain) {
    if (chain.empty())
      return 0;
    std::string key;
    for (const PTXLineFrame &frame : chain)
      key += frame.file + '\0' + std::to_string(frame.line) + '\0' +
             std::to_string(frame.column) + '\0' + frame.function + '\1';
    auto [it, inserted] = ids.try_emplace(key, table.chains.size() + 1);
    if (inserted)
      table.chains.push_back(std::move(chain));
    return it->second;
  }

  MLIRContext *ctx;
  std::string chainFile;
  PTXLineChainTable table;
  LLVM::DIFileAttr file;
  LLVM::DICompileUnitAttr unit;
  std::map<std::string, unsigned> ids;
  // Per function.
  std::string symbol;
  llvm::DenseMap<Location, Location> converted;
};

/// What runs no code (a kernel's shared-memory global, made at its
/// reduction's location; declarations) gets no position: no instruction
/// carries it, and mlir-translate reads no tg attribute in a location.
void dropLocations(Operation &top) {
  Location unknown = UnknownLoc::get(top.getContext());
  top.walk([&](Operation *op) {
    op->setLoc(unknown);
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (BlockArgument arg : block.getArguments())
          arg.setLoc(unknown);
  });
}

struct ExportPTXLineChainsPass
    : public tg::OptionCheckedPass<ExportPTXLineChainsPass,
                                   tg::impl::TGExportPTXLineChainsBase> {
  using OptionCheckedPass::OptionCheckedPass;

  /// What in the options cannot run: checked where the pipeline is parsed
  /// and again when the pass runs (OptionChecks.h).
  tg::OptionsError getOptionsError() {
    if (path.empty())
      return std::string("tg-export-ptx-line-chains: needs a file for the "
                         "line-chain table: path=<file>");
    return std::nullopt;
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (failed(checkOptions()))
      return signalPassFailure();
    LineChainBuilder builder(&getContext(), chainFile);
    for (Operation &op : module.getBody()->getOperations()) {
      auto func = dyn_cast<FunctionOpInterface>(op);
      if (func && !func.isExternal())
        builder.run(func);
      else
        dropLocations(op);
    }
    // Origin records name ops that no longer exist: no instruction carries
    // them (the debug section keeps them).
    module->setLoc(stripOriginRecords(module->getLoc()));
    std::string error = writeFileAtomically(path, [&](llvm::raw_ostream &os) {
      writePTXLineChainTable(os, builder.getTable());
    });
    if (!error.empty()) {
      emitError(module.getLoc()) << "tg-export-ptx-line-chains: cannot write '"
                                 << path << "': " << error;
      return signalPassFailure();
    }
  }
};

} // namespace
