//===- ListenerTest.cpp - LocationPreservingListener ----------------------===//
//
// Toy patterns run by the greedy and the dialect-conversion drivers with the
// listener attached: one op replaced by two, two ops merged into one; the
// resulting locations and provenance entries are checked.
//
//===----------------------------------------------------------------------===//

#include "tg/Passes/LocationPreservingListener.h"

#include "tg/IR/CallStack.h"
#include "tg/IR/TGOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Dominance.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Transforms/CSE.h"
#include "mlir/Transforms/DialectConversion.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

#include "gtest/gtest.h"

using namespace mlir;
using namespace tg;

namespace {

/// Finds the only tg.op named `name` under `root` (null if none or several).
TracedOp findOp(Operation *root, StringRef name) {
  TracedOp found;
  unsigned count = 0;
  root->walk([&](TracedOp op) {
    if (op.getName() == name) {
      found = op;
      ++count;
    }
  });
  return count == 1 ? found : TracedOp();
}

TracedOp createTraced(OpBuilder &b, Location loc, StringRef name,
                      ValueRange operands) {
  return TracedOp::create(b, loc, TypeRange{operands.front().getType()},
                          b.getStringAttr(name), operands,
                          /*bodiesCount=*/0);
}

/// gelu(x) -> mul(x, sigmoid(x)), the new ops built without a location as a
/// careless downstream pattern would.
struct DecomposeGelu : public OpRewritePattern<TracedOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(TracedOp op,
                                PatternRewriter &rewriter) const override {
    if (op.getName() != "aten::gelu")
      return failure();
    Location unknown = rewriter.getUnknownLoc();
    Value x = op.getOperands()[0];
    auto sig = createTraced(rewriter, unknown, "aten::sigmoid", {x});
    auto mul =
        createTraced(rewriter, unknown, "aten::mul", {x, sig->getResult(0)});
    rewriter.replaceOp(op, mul->getResults());
    return success();
  }
};

/// relu(add(x, y)) -> add_relu(x, y) at relu's location; add is erased.
struct MergeAddRelu : public OpRewritePattern<TracedOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(TracedOp relu,
                                PatternRewriter &rewriter) const override {
    if (relu.getName() != "aten::relu")
      return failure();
    auto add = relu.getOperands()[0].getDefiningOp<TracedOp>();
    if (!add || add.getName() != "aten::add" || !add->hasOneUse())
      return failure();
    auto merged = createTraced(rewriter, relu.getLoc(), "aten::add_relu",
                               add.getOperands());
    rewriter.replaceOp(relu, merged->getResults());
    rewriter.eraseOp(add);
    return success();
  }
};

/// The same merge through tg::mergeOps: origins in program order.
struct MergeAddReluHelper : public OpRewritePattern<TracedOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(TracedOp relu,
                                PatternRewriter &rewriter) const override {
    if (relu.getName() != "aten::relu")
      return failure();
    auto add = relu.getOperands()[0].getDefiningOp<TracedOp>();
    if (!add || add.getName() != "aten::add" || !add->hasOneUse())
      return failure();
    auto merged = createTraced(rewriter, rewriter.getUnknownLoc(),
                               "aten::add_relu", add.getOperands());
    return mergeOps(rewriter, {add, relu}, merged);
  }
};

/// sigmoid(x) -> logistic(x): a second rewrite of an op made by the first.
struct RenameSigmoid : public OpRewritePattern<TracedOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(TracedOp op,
                                PatternRewriter &rewriter) const override {
    if (op.getName() != "aten::sigmoid")
      return failure();
    auto logistic = createTraced(rewriter, rewriter.getUnknownLoc(),
                                 "aten::logistic", op.getOperands());
    rewriter.replaceOp(op, logistic->getResults());
    return success();
  }
};

/// Erases a dead op without replacing it: its origin is dropped.
struct EraseDeadNeg : public OpRewritePattern<TracedOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(TracedOp op,
                                PatternRewriter &rewriter) const override {
    if (op.getName() != "aten::neg" || !op->use_empty())
      return failure();
    rewriter.eraseOp(op);
    return success();
  }
};

/// contiguous(x) -> x: a fold to a value an existing op defines.
struct FoldContiguous : public OpRewritePattern<TracedOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(TracedOp op,
                                PatternRewriter &rewriter) const override {
    if (op.getName() != "aten::contiguous")
      return failure();
    rewriter.replaceOp(op, op.getOperands()[0]);
    return success();
  }
};

/// The gelu decomposition as a conversion pattern.
struct ConvertGelu : public OpConversionPattern<TracedOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(TracedOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (op.getName() != "aten::gelu")
      return failure();
    Location unknown = rewriter.getUnknownLoc();
    Value x = adaptor.getOperands()[0];
    auto sig = createTraced(rewriter, unknown, "aten::sigmoid", {x});
    auto mul =
        createTraced(rewriter, unknown, "aten::mul", {x, sig->getResult(0)});
    rewriter.replaceOp(op, mul->getResults());
    return success();
  }
};

class ListenerTest : public ::testing::Test {
protected:
  ListenerTest() { context.loadDialect<TGDialect>(); }

  OwningOpRef<ModuleOp> parse(StringRef text) {
    return parseSourceString<ModuleOp>(text, &context);
  }
  Location pos(StringRef file, unsigned line, unsigned col = 1) {
    return FileLineColLoc::get(&context, file, line, col);
  }
  /// The origins of `loc`, as tg::getOrigins lists them.
  SmallVector<Location> origins(Location loc) {
    SmallVector<Location> out;
    getOrigins(loc, out);
    return out;
  }
  template <typename... Patterns>
  LogicalResult runGreedy(ModuleOp module,
                          LocationPreservingListener &listener) {
    RewritePatternSet patterns(&context);
    patterns.add<Patterns...>(&context);
    GreedyRewriteConfig config;
    config.setListener(&listener);
    LogicalResult result =
        applyPatternsGreedily(module, std::move(patterns), config);
    listener.finalize();
    return result;
  }

  MLIRContext context;
};

constexpr StringLiteral kGelu = R"mlir(
  tg.graph @f(%x: !tg.tensor) -> !tg.tensor {
    %0 = tg.op "aten::gelu"(%x) {tg.debug_handle = 5 : i64} : (!tg.tensor) -> !tg.tensor loc(callsite("act.py":7:3 at fused<#tg.frame<instance = "act", class = "GELU", method = "forward">>["net.py":2:9]))
    tg.return %0 : !tg.tensor
  }
)mlir";

constexpr StringLiteral kAddRelu = R"mlir(
  tg.graph @f(%x: !tg.tensor, %y: !tg.tensor) -> !tg.tensor {
    %0 = tg.op "aten::add"(%x, %y) : (!tg.tensor, !tg.tensor) -> !tg.tensor loc("net.py":3:5)
    %1 = tg.op "aten::relu"(%0) : (!tg.tensor) -> !tg.tensor loc(callsite("relu.py":1:1 at fused<#tg.frame<instance = "relu", class = "ReLU", method = "forward">>["net.py":4:5]))
    tg.return %1 : !tg.tensor
  }
)mlir";

TEST_F(ListenerTest, ReplaceOneByTwoGivesBothTheOriginalLocation) {
  OwningOpRef<ModuleOp> module = parse(kGelu);
  ASSERT_TRUE(module);
  Location gelu = findOp(*module, "aten::gelu")->getLoc();
  LocationPreservingListener listener;
  listener.snapshotNames(*module);
  ASSERT_TRUE(succeeded(runGreedy<DecomposeGelu>(*module, listener)));

  TracedOp sig = findOp(*module, "aten::sigmoid");
  TracedOp mul = findOp(*module, "aten::mul");
  ASSERT_TRUE(sig && mul);
  // The call-site chain of the original is kept whole.
  EXPECT_EQ(sig->getLoc(), gelu);
  EXPECT_EQ(mul->getLoc(), gelu);
  EXPECT_EQ(getCallStack(mul->getLoc()).frames.size(), 1u);

  ASSERT_EQ(listener.getOrigins().size(), 1u);
  const OriginRecord &origin = listener.getOrigins()[0];
  EXPECT_EQ(origin.name, "handle:5");
  EXPECT_EQ(origin.opName, "aten::gelu");
  EXPECT_EQ(origin.loc, gelu);
  SmallVector<Operation *> holders = listener.getHolders(0);
  ASSERT_EQ(holders.size(), 2u);
  EXPECT_EQ(holders[0], sig.getOperation());
  EXPECT_EQ(holders[1], mul.getOperation());
  EXPECT_TRUE(listener.getDroppedOrigins().empty());
}

TEST_F(ListenerTest, MergeTwoIntoOneFusesBothLocations) {
  OwningOpRef<ModuleOp> module = parse(kAddRelu);
  ASSERT_TRUE(module);
  Location add = findOp(*module, "aten::add")->getLoc();
  Location relu = findOp(*module, "aten::relu")->getLoc();
  LocationPreservingListener listener;
  listener.snapshotNames(*module);
  ASSERT_TRUE(succeeded(runGreedy<MergeAddRelu>(*module, listener)));

  TracedOp merged = findOp(*module, "aten::add_relu");
  ASSERT_TRUE(merged);
  // The pattern built it at relu's location; the erased add joins it.
  auto fused = dyn_cast<FusedLoc>(merged->getLoc());
  ASSERT_TRUE(fused);
  EXPECT_FALSE(fused.getMetadata());
  EXPECT_EQ(origins(merged->getLoc()), (SmallVector<Location>{relu, add}));

  ASSERT_EQ(listener.getOrigins().size(), 2u);
  EXPECT_EQ(listener.getOrigins()[0].name, "f/aten::relu#0");
  EXPECT_EQ(listener.getOrigins()[1].name, "f/aten::add#0");
  for (unsigned i = 0; i < 2; ++i) {
    SmallVector<Operation *> holders = listener.getHolders(i);
    ASSERT_EQ(holders.size(), 1u);
    EXPECT_EQ(holders[0], merged.getOperation());
  }
  EXPECT_EQ(listener.getOriginsOf(merged).size(), 2u);
  EXPECT_TRUE(listener.getDroppedOrigins().empty());
}

TEST_F(ListenerTest, MergeOpsHelperKeepsProgramOrder) {
  OwningOpRef<ModuleOp> module = parse(kAddRelu);
  ASSERT_TRUE(module);
  Location add = findOp(*module, "aten::add")->getLoc();
  Location relu = findOp(*module, "aten::relu")->getLoc();
  LocationPreservingListener listener;
  ASSERT_TRUE(succeeded(runGreedy<MergeAddReluHelper>(*module, listener)));

  TracedOp merged = findOp(*module, "aten::add_relu");
  ASSERT_TRUE(merged);
  EXPECT_EQ(origins(merged->getLoc()), (SmallVector<Location>{add, relu}));
  ASSERT_EQ(listener.getOrigins().size(), 2u);
  EXPECT_EQ(listener.getHolders(0).size(), 1u);
  EXPECT_EQ(listener.getHolders(1).size(), 1u);
  EXPECT_TRUE(listener.getDroppedOrigins().empty());
}

TEST_F(ListenerTest, RewritingANewOpAgainPassesItsOriginsOn) {
  OwningOpRef<ModuleOp> module = parse(kGelu);
  ASSERT_TRUE(module);
  Location gelu = findOp(*module, "aten::gelu")->getLoc();
  LocationPreservingListener listener;
  ASSERT_TRUE(
      succeeded(runGreedy<DecomposeGelu, RenameSigmoid>(*module, listener)));

  TracedOp logistic = findOp(*module, "aten::logistic");
  ASSERT_TRUE(logistic);
  EXPECT_EQ(logistic->getLoc(), gelu);
  // Still one original (the sigmoid was never an original op).
  ASSERT_EQ(listener.getOrigins().size(), 1u);
  SmallVector<Operation *> holders = listener.getHolders(0);
  EXPECT_EQ(holders.size(), 2u);
  EXPECT_TRUE(llvm::is_contained(holders, logistic.getOperation()));
}

TEST_F(ListenerTest, AFoldToAnExistingOpMakesItTheHolder) {
  // getHolders asked only the ops created during the session: the origin of
  // contiguous(neg(x)) -> neg(x) had no holder and was not dropped, though
  // getOriginsOf(neg) listed it (found by a helper building a provenance map
  // in a downstream project).
  OwningOpRef<ModuleOp> module = parse(R"mlir(
    tg.graph @f(%x: !tg.tensor) -> !tg.tensor {
      %0 = tg.op "aten::neg"(%x) : (!tg.tensor) -> !tg.tensor loc("m.py":1:1)
      %1 = tg.op "aten::contiguous"(%0) : (!tg.tensor) -> !tg.tensor loc("m.py":2:1)
      tg.return %1 : !tg.tensor
    }
  )mlir");
  ASSERT_TRUE(module);
  TracedOp neg = findOp(*module, "aten::neg");
  LocationPreservingListener listener;
  ASSERT_TRUE(succeeded(runGreedy<FoldContiguous>(*module, listener)));
  EXPECT_TRUE(listener.getDroppedOrigins().empty());
  ArrayRef<OriginRecord> origins = listener.getOrigins();
  ASSERT_EQ(origins.size(), 2u);
  ASSERT_EQ(listener.getOriginsOf(neg).size(), 2u);
  for (unsigned id = 0; id < origins.size(); ++id) {
    SmallVector<Operation *> holders = listener.getHolders(id);
    ASSERT_EQ(holders.size(), 1u) << origins[id].opName;
    EXPECT_EQ(holders[0], neg.getOperation());
  }
}

TEST_F(ListenerTest, ErasedOpWithoutReplacementIsReportedDropped) {
  OwningOpRef<ModuleOp> module = parse(R"mlir(
    tg.graph @f(%x: !tg.tensor) -> !tg.tensor {
      %0 = tg.op "aten::neg"(%x) : (!tg.tensor) -> !tg.tensor loc("dead.py":1:1)
      tg.return %x : !tg.tensor
    }
  )mlir");
  ASSERT_TRUE(module);
  LocationPreservingListener listener;
  listener.snapshotNames(*module);
  ASSERT_TRUE(succeeded(runGreedy<EraseDeadNeg>(*module, listener)));
  SmallVector<unsigned> dropped = listener.getDroppedOrigins();
  ASSERT_EQ(dropped.size(), 1u);
  const OriginRecord &origin = listener.getOrigins()[dropped[0]];
  EXPECT_EQ(origin.name, "f/aten::neg#0");
  EXPECT_EQ(origin.loc, pos("dead.py", 1));
  EXPECT_FALSE(origin.droppedReason.empty());
}

TEST_F(ListenerTest, DialectConversionDriverKeepsLocations) {
  OwningOpRef<ModuleOp> module = parse(kGelu);
  ASSERT_TRUE(module);
  Location gelu = findOp(*module, "aten::gelu")->getLoc();
  LocationPreservingListener listener;
  ConversionTarget target(context);
  target.addDynamicallyLegalOp<TracedOp>(
      [](TracedOp op) { return op.getName() != "aten::gelu"; });
  target.addLegalOp<GraphOp, ReturnOp>();
  RewritePatternSet patterns(&context);
  patterns.add<ConvertGelu>(&context);
  ConversionConfig config;
  config.listener = &listener;
  ASSERT_TRUE(succeeded(
      applyPartialConversion(*module, target, std::move(patterns), config)));
  listener.finalize();

  TracedOp sig = findOp(*module, "aten::sigmoid");
  TracedOp mul = findOp(*module, "aten::mul");
  ASSERT_TRUE(sig && mul);
  EXPECT_EQ(sig->getLoc(), gelu);
  EXPECT_EQ(mul->getLoc(), gelu);
  ASSERT_EQ(listener.getOrigins().size(), 1u);
  EXPECT_EQ(listener.getHolders(0).size(), 2u);
  EXPECT_TRUE(listener.getDroppedOrigins().empty());
}

TEST_F(ListenerTest, FuseOriginsFlattensDeduplicatesAndKeepsOrder) {
  Location a = pos("a.py", 1), b = pos("b.py", 2), c = pos("c.py", 3);
  Location ab = FusedLoc::get(&context, {a, b});
  Location unknown = UnknownLoc::get(&context);
  auto kernel = KernelAttr::get(&context, "fused_x_0");
  // Nested fusions flatten, duplicates and unknown locations go.
  Location fused = fuseOrigins({ab, unknown, b, c, a}, kernel, &context);
  EXPECT_EQ(origins(fused), (SmallVector<Location>{a, b, c}));
  EXPECT_EQ(cast<FusedLoc>(fused).getMetadata(), kernel);
  // One origin without metadata is that origin itself.
  EXPECT_EQ(fuseOrigins({a, a, unknown}, {}, &context), a);
  EXPECT_EQ(fuseOrigins({unknown}, {}, &context), unknown);
  // A frame location is an origin, not a fusion to flatten.
  Location inlined = pushFrame(c, FrameAttr::get(&context, "m", "M", "forward"),
                               pos("net.py", 9));
  EXPECT_EQ(origins(fuseOrigins({inlined, a}, {}, &context)),
            (SmallVector<Location>{inlined, a}));
  // mergeLocations keeps the metadata of the location merged into.
  Location merged = mergeLocations(fused, inlined);
  EXPECT_EQ(cast<FusedLoc>(merged).getMetadata(), kernel);
  EXPECT_EQ(origins(merged), (SmallVector<Location>{a, b, c, inlined}));
}

TEST_F(ListenerTest, MergeOpsRefusesAMismatchWithoutChangingAnything) {
  OwningOpRef<ModuleOp> module = parse(kAddRelu);
  ASSERT_TRUE(module);
  TracedOp add = findOp(*module, "aten::add");
  TracedOp relu = findOp(*module, "aten::relu");
  // Only relu's result escapes (add's feeds relu alone).
  SmallVector<Value> escaping = getEscapingResults({add, relu});
  ASSERT_EQ(escaping.size(), 1u);
  EXPECT_EQ(escaping[0], relu->getResult(0));
  // A replacement with no result cannot stand for relu's.
  context.allowUnregisteredDialects();
  IRRewriter rewriter(&context);
  rewriter.setInsertionPoint(relu);
  OperationState state(rewriter.getUnknownLoc(), "test.sink");
  Operation *sink = rewriter.create(state);
  Location before = sink->getLoc();
  EXPECT_TRUE(failed(mergeOps(rewriter, {add, relu}, sink)));
  EXPECT_EQ(sink->getLoc(), before);
  EXPECT_TRUE(findOp(*module, "aten::add") && findOp(*module, "aten::relu"));
  rewriter.eraseOp(sink);
}

TEST_F(ListenerTest, ReplaceOpWithFusedLocMergesIntoTheNewOp) {
  OwningOpRef<ModuleOp> module = parse(kGelu);
  ASSERT_TRUE(module);
  TracedOp gelu = findOp(*module, "aten::gelu");
  Location geluLoc = gelu->getLoc();
  IRRewriter rewriter(&context);
  rewriter.setInsertionPoint(gelu);
  auto tanh = createTraced(rewriter, pos("mycc.py", 3), "aten::tanh",
                           gelu.getOperands());
  replaceOpWithFusedLoc(rewriter, gelu, tanh);
  EXPECT_FALSE(findOp(*module, "aten::gelu"));
  // The new op's own location first, then the replaced op's.
  EXPECT_EQ(origins(tanh->getLoc()),
            (SmallVector<Location>{pos("mycc.py", 3), geluLoc}));
}

TEST_F(ListenerTest, StableNamesCountPerGraphAndOperator) {
  OwningOpRef<ModuleOp> module = parse(R"mlir(
    tg.graph @f(%x: !tg.tensor) -> !tg.tensor {
      %0 = tg.op "aten::relu"(%x) : (!tg.tensor) -> !tg.tensor
      %1 = tg.op "aten::relu"(%0) {tg.debug_handle = 9 : i64} : (!tg.tensor) -> !tg.tensor
      %2 = tg.op "aten::relu"(%1) : (!tg.tensor) -> !tg.tensor
      tg.return %2 : !tg.tensor
    }
  )mlir");
  ASSERT_TRUE(module);
  DenseMap<Operation *, std::string> names;
  assignStableNames(*module, names);
  SmallVector<std::string> relus;
  module->walk([&](TracedOp op) { relus.push_back(names[op]); });
  EXPECT_EQ(relus, (SmallVector<std::string>{"f/aten::relu#0", "handle:9",
                                             "f/aten::relu#1"}));
}

//===----------------------------------------------------------------------===//
// The three ways an op leaves: new ops, an existing op, erased as dead
//===----------------------------------------------------------------------===//

constexpr StringLiteral kThreeNegs = R"mlir(
  tg.graph @f(%x: !tg.tensor) -> (!tg.tensor, !tg.tensor, !tg.tensor) {
    %0 = tg.op "aten::neg"(%x) : (!tg.tensor) -> !tg.tensor loc("n.py":1:1)
    %1 = tg.op "aten::neg"(%x) : (!tg.tensor) -> !tg.tensor loc("n.py":2:1)
    %2 = tg.op "aten::neg"(%x) : (!tg.tensor) -> !tg.tensor loc("n.py":3:1)
    tg.return %0, %1, %2 : !tg.tensor, !tg.tensor, !tg.tensor
  }
)mlir";

/// The tg.op ops under `root`, in walk order.
static SmallVector<TracedOp> tracedOps(Operation *root) {
  SmallVector<TracedOp> ops;
  root->walk([&](TracedOp op) { ops.push_back(op); });
  return ops;
}

TEST_F(ListenerTest, ReplacedByAnExistingOpTheSurvivorInheritsIt) {
  OwningOpRef<ModuleOp> module = parse(kThreeNegs);
  ASSERT_TRUE(module);
  SmallVector<TracedOp> negs = tracedOps(*module);
  LocationPreservingListener listener;
  IRRewriter rewriter(&context, &listener);
  rewriter.replaceOp(negs[1], negs[0]->getResults());
  rewriter.replaceOp(negs[2], negs[0]);
  listener.finalize();
  EXPECT_EQ(
      origins(negs[0]->getLoc()),
      (SmallVector<Location>{pos("n.py", 1), pos("n.py", 2), pos("n.py", 3)}));
  EXPECT_TRUE(listener.getDroppedOrigins().empty());
  EXPECT_EQ(listener.recordRemovedOrigins(*module), 0u);
}

TEST_F(ListenerTest, SurvivorLocationResetByTheFolderIsRestored) {
  OwningOpRef<ModuleOp> module = parse(kThreeNegs);
  ASSERT_TRUE(module);
  SmallVector<TracedOp> negs = tracedOps(*module);
  LocationPreservingListener listener;
  IRRewriter rewriter(&context, &listener);
  rewriter.replaceOp(negs[1], negs[0]->getResults());
  // What OperationFolder does to a constant it reuses, after notifying.
  negs[0]->setLoc(UnknownLoc::get(&context));
  listener.finalize();
  EXPECT_EQ(origins(negs[0]->getLoc()),
            (SmallVector<Location>{pos("n.py", 1), pos("n.py", 2)}));
}

TEST_F(ListenerTest, UpstreamCSEKeepsEveryOriginOnTheSurvivor) {
  OwningOpRef<ModuleOp> module = parse(R"mlir(
    tg.graph @f(%self: !tg.module<"M">) -> (!tg.tensor, !tg.tensor, !tg.tensor) {
      %0 = tg.get_attr %self["w"] : !tg.module<"M"> -> !tg.tensor loc("n.py":1:1)
      %1 = tg.get_attr %self["w"] : !tg.module<"M"> -> !tg.tensor loc("n.py":2:1)
      %2 = tg.get_attr %self["w"] : !tg.module<"M"> -> !tg.tensor loc("n.py":3:1)
      tg.return %0, %1, %2 : !tg.tensor, !tg.tensor, !tg.tensor
    }
  )mlir");
  ASSERT_TRUE(module);
  LocationPreservingListener listener;
  IRRewriter rewriter(&context, &listener);
  DominanceInfo dominance(*module);
  eliminateCommonSubExpressions(rewriter, dominance, *module);
  listener.finalize();
  SmallVector<GetAttrOp> reads;
  module->walk([&](GetAttrOp op) { reads.push_back(op); });
  ASSERT_EQ(reads.size(), 1u);
  EXPECT_EQ(
      origins(reads[0]->getLoc()),
      (SmallVector<Location>{pos("n.py", 1), pos("n.py", 2), pos("n.py", 3)}));
}

TEST_F(ListenerTest, ErasedAsDeadIsRecordedAsEliminated) {
  OwningOpRef<ModuleOp> module = parse(R"mlir(
    tg.graph @f(%x: !tg.tensor) -> !tg.tensor {
      %0 = tg.op "aten::neg"(%x) : (!tg.tensor) -> !tg.tensor loc("dead.py":1:1)
      tg.return %x : !tg.tensor
    }
  )mlir");
  ASSERT_TRUE(module);
  Location moduleLoc = (*module)->getLoc();
  LocationPreservingListener::Options options;
  options.passName = "my-dce";
  LocationPreservingListener listener(options);
  IRRewriter rewriter(&context, &listener);
  rewriter.eraseOp(tracedOps(*module)[0]);
  listener.finalize();
  ASSERT_EQ(listener.getDroppedOrigins().size(), 1u);
  EXPECT_EQ(listener.recordRemovedOrigins(*module), 1u);
  EXPECT_TRUE(listener.getDroppedOrigins().empty());

  SmallVector<RemovedOrigin> records;
  getOriginRecords((*module)->getLoc(), records);
  ASSERT_EQ(records.size(), 1u);
  EXPECT_TRUE(records[0].record.isEliminated());
  EXPECT_EQ(records[0].record.getPass(), "my-dce");
  EXPECT_EQ(records[0].record.getOp(), "aten::neg");
  EXPECT_EQ(records[0].origin, pos("dead.py", 1));
  EXPECT_EQ(stripOriginRecords((*module)->getLoc()), moduleLoc);
}

TEST_F(ListenerTest, RecordsComeInTheOrderOfTheirContentsNotOfErasure) {
  // Found by trying the package: -tg-canonicalize recorded the ops of two
  // dead loop nests in the order the greedy driver erased them, which
  // varied from run to run. Erased in either order, the same records.
  auto erase = [&](bool reversed) {
    OwningOpRef<ModuleOp> module = parse(R"mlir(
      tg.graph @f(%x: !tg.tensor) -> !tg.tensor {
        %0 = tg.op "aten::neg"(%x) : (!tg.tensor) -> !tg.tensor loc("b.py":7:1)
        %1 = tg.op "aten::relu"(%x) : (!tg.tensor) -> !tg.tensor loc("a.py":9:1)
        %2 = tg.op "aten::neg"(%x) : (!tg.tensor) -> !tg.tensor loc(callsite("a.py":2:3 at "b.py":1:1))
        tg.return %x : !tg.tensor
      }
    )mlir");
    EXPECT_TRUE(module);
    LocationPreservingListener listener;
    IRRewriter rewriter(&context, &listener);
    SmallVector<TracedOp> ops = tracedOps(*module);
    if (reversed)
      std::reverse(ops.begin(), ops.end());
    for (TracedOp op : ops)
      rewriter.eraseOp(op);
    listener.finalize();
    EXPECT_EQ(listener.recordRemovedOrigins(*module), 3u);
    SmallVector<RemovedOrigin> records;
    getOriginRecords((*module)->getLoc(), records);
    SmallVector<Location> origins;
    for (const RemovedOrigin &record : records)
      origins.push_back(record.origin);
    return origins;
  };
  SmallVector<Location> forward = erase(false);
  EXPECT_EQ(forward, erase(true));
  // By file, line and column; call sites after plain positions.
  ASSERT_EQ(forward.size(), 3u);
  EXPECT_EQ(forward[0], pos("a.py", 9));
  EXPECT_EQ(forward[1], pos("b.py", 7));
  EXPECT_TRUE(isa<CallSiteLoc>(forward[2]));
}

TEST_F(ListenerTest, ReplacedByABlockArgumentIsEliminated) {
  OwningOpRef<ModuleOp> module = parse(kThreeNegs);
  ASSERT_TRUE(module);
  SmallVector<TracedOp> negs = tracedOps(*module);
  LocationPreservingListener listener;
  IRRewriter rewriter(&context, &listener);
  rewriter.replaceOp(negs[2], negs[2]->getOperands());
  listener.finalize();
  ASSERT_EQ(listener.recordRemovedOrigins(*module), 1u);
  SmallVector<RemovedOrigin> records;
  getOriginRecords((*module)->getLoc(), records);
  ASSERT_EQ(records.size(), 1u);
  EXPECT_EQ(records[0].origin, pos("n.py", 3));
}

TEST_F(ListenerTest, BoundedMergeCountsTheRestAsMerged) {
  OwningOpRef<ModuleOp> module = parse(kThreeNegs);
  ASSERT_TRUE(module);
  SmallVector<TracedOp> negs = tracedOps(*module);
  LocationPreservingListener::Options options;
  options.maxOrigins = 2;
  LocationPreservingListener listener(options);
  IRRewriter rewriter(&context, &listener);
  rewriter.replaceOp(negs[1], negs[0]);
  rewriter.replaceOp(negs[2], negs[0]);
  listener.finalize();
  Location bounded = negs[0]->getLoc();
  EXPECT_EQ(origins(bounded),
            (SmallVector<Location>{pos("n.py", 1), pos("n.py", 2)}));
  ASSERT_EQ(listener.getOverflow().size(), 1u);
  EXPECT_EQ(listener.getOverflow()[0].origin, pos("n.py", 3));
  EXPECT_EQ(listener.recordRemovedOrigins(*module), 1u);
  SmallVector<RemovedOrigin> records;
  getOriginRecords((*module)->getLoc(), records);
  ASSERT_EQ(records.size(), 1u);
  EXPECT_TRUE(records[0].record.isMerged());
  EXPECT_EQ(records[0].record.getInto(), LocationAttr(bounded));
  EXPECT_EQ(records[0].origin, pos("n.py", 3));
}

TEST_F(ListenerTest, UnboundedMergeListsEverything) {
  OwningOpRef<ModuleOp> module = parse(kThreeNegs);
  ASSERT_TRUE(module);
  SmallVector<TracedOp> negs = tracedOps(*module);
  LocationPreservingListener::Options options;
  options.maxOrigins = 0;
  LocationPreservingListener listener(options);
  IRRewriter rewriter(&context, &listener);
  rewriter.replaceOp(negs[1], negs[0]);
  rewriter.replaceOp(negs[2], negs[0]);
  listener.finalize();
  EXPECT_EQ(origins(negs[0]->getLoc()).size(), 3u);
  EXPECT_TRUE(listener.getOverflow().empty());
}

TEST_F(ListenerTest, UnboundedMergeForgetsATableWhoseLocationChanged) {
  // 70 negs at n.py:1..70, and one more at n.py:3. Merging 66 of them into
  // the first gives it a table of its origins (past 64); its location is
  // then changed outside the listener (as the folder resets a constant's).
  // The table must not answer for the new location: n.py:3, listed in the
  // old location only, is merged again, not taken as known.
  std::string text = "tg.graph @f(%x: !tg.tensor) {\n";
  for (unsigned i = 1; i <= 70; ++i)
    text += "  %" + std::to_string(i) +
            " = tg.op \"aten::neg\"(%x) : (!tg.tensor) -> !tg.tensor "
            "loc(\"n.py\":" +
            std::to_string(i) + ":1)\n";
  text += "  %same = tg.op \"aten::neg\"(%x) : (!tg.tensor) -> !tg.tensor "
          "loc(\"n.py\":3:1)\n  tg.return\n}\n";
  OwningOpRef<ModuleOp> module = parse(text);
  ASSERT_TRUE(module);
  SmallVector<TracedOp> negs = tracedOps(*module);
  ASSERT_EQ(negs.size(), 71u);
  LocationPreservingListener::Options options;
  options.maxOrigins = 0;
  LocationPreservingListener listener(options);
  IRRewriter rewriter(&context, &listener);
  for (unsigned i = 1; i <= 66; ++i)
    rewriter.replaceOp(negs[i], negs[0]);
  ASSERT_EQ(origins(negs[0]->getLoc()).size(), 67u);
  negs[0]->setLoc(pos("n.py", 1));
  rewriter.replaceOp(negs[69], negs[0]);
  rewriter.replaceOp(negs[70], negs[0]);
  EXPECT_EQ(
      origins(negs[0]->getLoc()),
      (SmallVector<Location>{pos("n.py", 1), pos("n.py", 70), pos("n.py", 3)}));
}

TEST(ListenerWithoutTGDialect, RecordsInAContextThatNeverLoadedIt) {
  // docs/upstream-transforms.md's recipe in a func/arith compiler whose
  // context never loaded the tg dialect: recording what was removed made a
  // tg attribute without its dialect's storage, and crashed (found by a
  // helper writing a downstream project).
  MLIRContext context;
  context.loadDialect<arith::ArithDialect, func::FuncDialect>();
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(R"mlir(
    func.func @f(%x: i32) -> i32 {
      %dead = arith.addi %x, %x : i32 loc("m.py":2:3)
      return %x : i32 loc("m.py":3:3)
    } loc("m.py":1:1)
  )mlir",
                                                             &context);
  ASSERT_TRUE(module);
  ASSERT_FALSE(context.getLoadedDialect<TGDialect>());
  LocationPreservingListener::Options options;
  options.passName = "my-fusion";
  LocationPreservingListener listener(options);
  GreedyRewriteConfig config;
  config.setListener(&listener);
  (void)applyPatternsGreedily(*module, RewritePatternSet(&context), config);
  listener.finalize();
  EXPECT_EQ(listener.recordRemovedOrigins(*module), 1u);
  SmallVector<RemovedOrigin> records;
  getOriginRecords(module->getLoc(), records);
  ASSERT_EQ(records.size(), 1u);
  EXPECT_TRUE(records[0].record.isEliminated());
  EXPECT_EQ(records[0].record.getOp(), "arith.addi");
  EXPECT_EQ(records[0].record.getPass(), "my-fusion");
}

} // namespace
