//===- upstream-pipeline.cpp - Upstream transforms that keep origins ------===//
//
// The pipeline "mycc" runs on func/arith IR, made of upstream pieces only:
// arith's canonicalization patterns under the greedy driver (with folding),
// then MLIR's CSE. tracegraph's LocationPreservingListener is attached to
// both; afterwards every original location must still be listed by an op's
// location or by an origin record (`#tg.origin_record`: eliminated or
// merged). Without the listener, upstream loses some, and the program fails.
//
//   downstream-upstream [--no-listener] input.mlir
//
//===----------------------------------------------------------------------===//

#include "tg/IR/CallStack.h"
#include "tg/IR/TGDialect.h"
#include "tg/Passes/LocationPreservingListener.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Transforms/CSE.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;

/// Every location the module's ops list, and every origin record names.
static llvm::DenseSet<Location> collectOrigins(ModuleOp module) {
  llvm::DenseSet<Location> seen;
  SmallVector<Location> origins;
  SmallVector<tg::RemovedOrigin> records;
  module->walk([&](Operation *op) {
    origins.clear();
    records.clear();
    tg::getOrigins(op->getLoc(), origins);
    tg::getOriginRecords(op->getLoc(), records);
    for (const tg::RemovedOrigin &record : records)
      tg::getOrigins(record.origin, origins);
    seen.insert(origins.begin(), origins.end());
  });
  return seen;
}

int main(int argc, char **argv) {
  bool useListener = true;
  const char *path = nullptr;
  for (int i = 1; i < argc; ++i) {
    if (StringRef(argv[i]) == "--no-listener")
      useListener = false;
    else
      path = argv[i];
  }
  if (!path) {
    llvm::errs() << "usage: downstream-upstream [--no-listener] input.mlir\n";
    return 2;
  }
  MLIRContext context;
  context.loadDialect<arith::ArithDialect, func::FuncDialect, tg::TGDialect>();
  OwningOpRef<ModuleOp> module = parseSourceFile<ModuleOp>(path, &context);
  if (!module)
    return 1;
  llvm::DenseSet<Location> before = collectOrigins(*module);

  tg::LocationPreservingListener::Options options;
  options.passName = "mycc-pipeline";
  tg::LocationPreservingListener listener(options);
  listener.snapshotConstants(*module);

  RewritePatternSet patterns(&context);
  context.getLoadedDialect<arith::ArithDialect>()->getCanonicalizationPatterns(
      patterns);
  for (RegisteredOperationName op : context.getRegisteredOperations())
    if (op.getDialectNamespace() == arith::ArithDialect::getDialectNamespace())
      op.getCanonicalizationPatterns(patterns, &context);
  GreedyRewriteConfig config;
  if (useListener)
    config.setListener(&listener);
  (void)applyPatternsGreedily(module->getOperation(), std::move(patterns),
                              config);

  IRRewriter rewriter(&context, useListener ? &listener : nullptr);
  DominanceInfo dominance(*module);
  eliminateCommonSubExpressions(rewriter, dominance, *module);
  if (useListener) {
    listener.finalize();
    listener.recordRemovedOrigins(*module);
  }

  llvm::DenseSet<Location> after = collectOrigins(*module);
  unsigned lost = 0;
  for (Location loc : before) {
    if (isa<UnknownLoc>(loc) || after.contains(loc))
      continue;
    llvm::errs() << "origin lost: " << loc << "\n";
    ++lost;
  }
  OpPrintingFlags flags;
  flags.enableDebugInfo(/*enable=*/true, /*prettyForm=*/false);
  module->print(llvm::outs(), flags);
  llvm::outs() << "\n";
  if (lost) {
    llvm::errs() << lost << " of " << before.size() << " origins lost\n";
    return 1;
  }
  llvm::errs() << "all " << before.size() << " origins kept\n";
  return 0;
}
