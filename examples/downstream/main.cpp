//===- main.cpp - A downstream compiler that keeps tracegraph origins -----===//
//
// Two rewrite patterns of "mycc", a made-up downstream compiler, written the
// way patterns usually are (new ops built at whatever location was at hand):
//
//   relu(add(x, y)) -> mycc::add_relu(x, y)       (merge two ops into one)
//   gelu(x)         -> mul(x, sigmoid(x))          (decompose one op into two)
//
// run by MLIR's greedy driver with tracegraph's LocationPreservingListener
// attached. The program then checks that every op that was replaced is still
// named by the location of the ops that now compute it, prints the result
// with its locations, and exits nonzero when an origin was lost.
//
//   downstream-fuse [--no-listener] input.mlir
//
//===----------------------------------------------------------------------===//

#include "tg/IR/CallStack.h"
#include "tg/IR/TGOps.h"
#include "tg/Passes/LocationPreservingListener.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;

namespace {

tg::TracedOp createTraced(PatternRewriter &rewriter, Location loc,
                          StringRef name, ValueRange operands) {
  return tg::TracedOp::create(rewriter, loc,
                              TypeRange{operands.front().getType()},
                              rewriter.getStringAttr(name), operands,
                              /*bodiesCount=*/0);
}

struct FuseAddRelu : public OpRewritePattern<tg::TracedOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(tg::TracedOp relu,
                                PatternRewriter &rewriter) const override {
    if (relu.getName() != "aten::relu")
      return failure();
    auto add = relu.getOperands()[0].getDefiningOp<tg::TracedOp>();
    if (!add || add.getName() != "aten::add" || !add->hasOneUse())
      return failure();
    // Built at the root's location only: the add's origin would be lost.
    auto fused = createTraced(rewriter, relu.getLoc(), "mycc::add_relu",
                              add.getOperands());
    rewriter.replaceOp(relu, fused->getResults());
    rewriter.eraseOp(add);
    return success();
  }
};

struct DecomposeGelu : public OpRewritePattern<tg::TracedOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(tg::TracedOp gelu,
                                PatternRewriter &rewriter) const override {
    if (gelu.getName() != "aten::gelu")
      return failure();
    // No location at all.
    Location unknown = rewriter.getUnknownLoc();
    Value x = gelu.getOperands()[0];
    auto sig = createTraced(rewriter, unknown, "aten::sigmoid", {x});
    auto mul =
        createTraced(rewriter, unknown, "aten::mul", {x, sig->getResult(0)});
    rewriter.replaceOp(gelu, mul->getResults());
    return success();
  }
};

/// Every origin (full location, call-site chain included) of the ops under
/// `root`.
llvm::DenseSet<Location> collectOrigins(Operation *root) {
  llvm::DenseSet<Location> origins;
  root->walk([&](Operation *op) {
    SmallVector<Location> list;
    tg::getOrigins(op->getLoc(), list);
    origins.insert(list.begin(), list.end());
  });
  return origins;
}

} // namespace

int main(int argc, char **argv) {
  bool useListener = true;
  StringRef inputPath;
  for (int i = 1; i < argc; ++i) {
    StringRef arg = argv[i];
    if (arg == "--no-listener")
      useListener = false;
    else
      inputPath = arg;
  }
  if (inputPath.empty()) {
    llvm::errs() << "usage: downstream-fuse [--no-listener] input.mlir\n";
    return 2;
  }

  MLIRContext context;
  context.loadDialect<tg::TGDialect>();
  OwningOpRef<ModuleOp> module = parseSourceFile<ModuleOp>(inputPath, &context);
  if (!module)
    return 2;

  // What must survive: the location of every op the patterns will replace.
  SmallVector<std::pair<std::string, Location>> expected;
  module->walk([&](tg::TracedOp op) {
    StringRef name = op.getName();
    if (name == "aten::add" || name == "aten::relu" || name == "aten::gelu")
      expected.emplace_back(name.str(), op.getLoc());
  });

  tg::LocationPreservingListener listener;
  listener.snapshotNames(module->getOperation());
  RewritePatternSet patterns(&context);
  patterns.add<FuseAddRelu, DecomposeGelu>(&context);
  GreedyRewriteConfig config;
  if (useListener)
    config.setListener(&listener);
  if (failed(applyPatternsGreedily(*module, std::move(patterns), config))) {
    llvm::errs() << "downstream-fuse: rewriting did not converge\n";
    return 1;
  }
  listener.finalize();

  module->print(llvm::outs(), OpPrintingFlags().enableDebugInfo());
  llvm::outs() << "\n";

  int lost = 0;
  llvm::DenseSet<Location> present = collectOrigins(*module);
  for (auto &[name, loc] : expected) {
    if (present.contains(loc))
      continue;
    llvm::errs() << "downstream-fuse: origin of " << name << " lost: " << loc
                 << "\n";
    ++lost;
  }
  for (unsigned id : listener.getDroppedOrigins()) {
    llvm::errs() << "downstream-fuse: listener dropped "
                 << listener.getOrigins()[id].name << "\n";
    ++lost;
  }
  if (useListener) {
    // The provenance map: which new ops now compute which original op.
    for (auto [id, origin] : llvm::enumerate(listener.getOrigins())) {
      llvm::outs() << origin.name << " (" << origin.opName << ") -> ";
      llvm::interleaveComma(listener.getHolders(id), llvm::outs(),
                            [](Operation *op) {
                              llvm::outs() << cast<tg::TracedOp>(op).getName();
                            });
      llvm::outs() << "\n";
    }
  }
  if (lost) {
    llvm::errs() << "downstream-fuse: " << lost << " origin(s) lost\n";
    return 1;
  }
  llvm::outs() << "downstream-fuse: all " << expected.size()
               << " origins survive\n";
  return 0;
}
