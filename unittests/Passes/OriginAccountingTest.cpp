//===- OriginAccountingTest.cpp - tg::addOriginAccounting -----------------===//
//
// The C++ API a downstream compiler calls: an upstream pass in a pass
// manager of its own, with and without the accounting, and its options (the
// bound, the exempt passes). Each test reads the origins back from the IR.
//
//===----------------------------------------------------------------------===//

#include "tg/Passes/OriginAccounting.h"

#include "tg/IR/CallStack.h"
#include "tg/IR/TGDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/Passes.h"

#include "llvm/Support/Threading.h"

#include "gtest/gtest.h"

#include <map>
#include <set>

using namespace mlir;

namespace {

/// Two equal constants, an addition of zero, a dead op, an op folded to a
/// block argument, each on its own Python line.
constexpr llvm::StringLiteral kInput = R"mlir(
func.func @f(%x: i32) -> (i32, i32) {
  %c0 = arith.constant 0 : i32 loc("m.py":1:4)
  %c1 = arith.constant 1 : i32 loc("m.py":2:4)
  %c1b = arith.constant 1 : i32 loc("m.py":3:4)
  %a = arith.muli %x, %x : i32 loc("m.py":4:4)
  %z = arith.addi %a, %c0 : i32 loc("m.py":5:4)
  %dead = arith.subi %a, %x : i32 loc("m.py":6:4)
  %arg = arith.muli %x, %c1 : i32 loc("m.py":7:4)
  %u = arith.addi %z, %c1b : i32 loc("m.py":8:4)
  %v = arith.addi %arg, %c1 : i32 loc("m.py":9:4)
  return %u, %v : i32, i32 loc("m.py":10:4)
}
)mlir";

class OriginAccountingTest : public ::testing::Test {
protected:
  OriginAccountingTest() {
    context.loadDialect<func::FuncDialect, arith::ArithDialect>();
  }

  /// Runs -canonicalize on the input, with the accounting when `options`.
  OwningOpRef<ModuleOp>
  canonicalize(const tg::OriginAccountingOptions *options) {
    OwningOpRef<ModuleOp> module =
        parseSourceString<ModuleOp>(kInput, &context);
    EXPECT_TRUE(module);
    PassManager pm(&context);
    pm.addPass(createCanonicalizerPass());
    if (options)
      tg::addOriginAccounting(pm, *options);
    EXPECT_TRUE(succeeded(pm.run(*module)));
    return module;
  }

  /// Parses `source` and runs `passes` on it with the default accounting.
  OwningOpRef<ModuleOp>
  runAccounted(StringRef source, std::vector<std::unique_ptr<Pass>> passes) {
    OwningOpRef<ModuleOp> module =
        parseSourceString<ModuleOp>(source, &context);
    EXPECT_TRUE(module);
    if (!module)
      return module;
    PassManager pm(&context);
    for (std::unique_ptr<Pass> &pass : passes)
      pm.addPass(std::move(pass));
    tg::addOriginAccounting(pm, tg::OriginAccountingOptions());
    EXPECT_TRUE(succeeded(pm.run(*module)));
    return module;
  }

  /// Line numbers of m.py listed by some op's location, and those named by
  /// records (with their kind).
  std::pair<std::set<unsigned>, std::map<unsigned, std::string>>
  collected(ModuleOp module) {
    std::set<unsigned> held;
    std::map<unsigned, std::string> recorded;
    module->walk([&](Operation *op) {
      SmallVector<tg::RemovedOrigin> records;
      tg::getOriginRecords(op->getLoc(), records);
      for (const tg::RemovedOrigin &record : records)
        if (auto pos = dyn_cast<FileLineColLoc>(record.origin))
          recorded[pos.getLine()] = record.record.getKind().str();
      if (op == module.getOperation())
        return;
      SmallVector<Location> origins;
      tg::getOrigins(op->getLoc(), origins);
      for (Location origin : origins)
        if (auto pos = dyn_cast<FileLineColLoc>(origin))
          held.insert(pos.getLine());
    });
    return {held, recorded};
  }

  /// What the accounting leaves of kInput after -canonicalize.
  void expectEveryLineAccounted(ModuleOp module) {
    auto [held, recorded] = collected(module);
    for (unsigned line = 1; line <= 10; ++line)
      EXPECT_TRUE(held.count(line) || recorded.count(line)) << "m.py:" << line;
    // The dead op and the op folded to a block argument compute nothing.
    EXPECT_EQ(recorded[6], "eliminated");
    EXPECT_EQ(recorded[7], "eliminated");
    // The deduplicated constant has both of its lines back.
    EXPECT_TRUE(held.count(2) && held.count(3));
  }

  MLIRContext context;
};

TEST_F(OriginAccountingTest, EveryLineIsHeldOrRecorded) {
  tg::OriginAccountingOptions options;
  OwningOpRef<ModuleOp> module = canonicalize(&options);
  expectEveryLineAccounted(*module);
}

TEST_F(OriginAccountingTest, WithoutItCanonicalizeLosesLines) {
  OwningOpRef<ModuleOp> module = canonicalize(nullptr);
  auto [held, recorded] = collected(*module);
  EXPECT_TRUE(recorded.empty());
  unsigned lost = 0;
  for (unsigned line = 1; line <= 10; ++line)
    lost += !held.count(line);
  EXPECT_GE(lost, 3u);
}

TEST_F(OriginAccountingTest, RecordsNameThePassAndTheOp) {
  tg::OriginAccountingOptions options;
  OwningOpRef<ModuleOp> module = canonicalize(&options);
  SmallVector<tg::RemovedOrigin> records;
  tg::getOriginRecords(module->getLoc(), records);
  ASSERT_FALSE(records.empty());
  for (const tg::RemovedOrigin &record : records)
    EXPECT_EQ(record.record.getPass(), "canonicalize");
  EXPECT_EQ(records.front().record.getOp(), "arith.subi");
  EXPECT_TRUE(context.getLoadedDialect<tg::TGDialect>());
}

TEST_F(OriginAccountingTest, BoundRecordsTheRestAsMerged) {
  tg::OriginAccountingOptions options;
  options.maxOrigins = 1;
  OwningOpRef<ModuleOp> module = canonicalize(&options);
  auto [held, recorded] = collected(*module);
  EXPECT_EQ(recorded[3], "merged");
  for (unsigned line = 1; line <= 10; ++line)
    EXPECT_TRUE(held.count(line) || recorded.count(line)) << "m.py:" << line;
}

TEST_F(OriginAccountingTest, ExemptPassesAreLeftAlone) {
  tg::OriginAccountingOptions options;
  options.exemptPasses.push_back("canonicalize");
  OwningOpRef<ModuleOp> module = canonicalize(&options);
  auto [held, recorded] = collected(*module);
  EXPECT_TRUE(recorded.empty());
  EXPECT_FALSE(held.count(6));
}

/// Drops the location of every func.return, as a lowering that builds its
/// terminators without one does.
struct DropReturnLocationsPass
    : PassWrapper<DropReturnLocationsPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(DropReturnLocationsPass)
  StringRef getArgument() const override { return "drop-return-locations"; }
  void runOnOperation() override {
    getOperation()->walk([](func::ReturnOp op) {
      op->setLoc(UnknownLoc::get(op->getContext()));
    });
  }
};

TEST_F(OriginAccountingTest, TerminatorsCountUnlessTheOptionsSayNot) {
  // The return's line (m.py:10) goes back on it by default; with
  // `terminators = false` a terminator holds nothing the accounting counts,
  // and its line stays dropped. The other lines are the same either way.
  for (bool terminators : {true, false}) {
    OwningOpRef<ModuleOp> module =
        parseSourceString<ModuleOp>(kInput, &context);
    ASSERT_TRUE(module);
    PassManager pm(&context);
    pm.addPass(std::make_unique<DropReturnLocationsPass>());
    tg::OriginAccountingOptions options;
    options.terminators = terminators;
    tg::addOriginAccounting(pm, options);
    ASSERT_TRUE(succeeded(pm.run(*module)));
    auto [held, recorded] = collected(*module);
    EXPECT_EQ(held.count(10), terminators ? 1u : 0u)
        << "terminators = " << terminators;
    EXPECT_TRUE(recorded.empty()) << "terminators = " << terminators;
    for (unsigned line = 1; line <= 9; ++line)
      EXPECT_TRUE(held.count(line)) << "m.py:" << line;
  }
}

TEST_F(OriginAccountingTest, ThePassAfterAnotherReadsItsWalk) {
  // The walk after -cse is the snapshot before -canonicalize: every line is
  // where a snapshot of its own would have put it.
  std::vector<std::unique_ptr<Pass>> passes;
  passes.push_back(createCSEPass());
  passes.push_back(createCanonicalizerPass());
  OwningOpRef<ModuleOp> module = runAccounted(kInput, std::move(passes));
  ASSERT_TRUE(module);
  expectEveryLineAccounted(*module);
}

TEST_F(OriginAccountingTest, ASecondRunSeesTheIRAsItIsThen) {
  // The walk after the last pass of one run is not the snapshot of the
  // first pass of the next run: the caller may change the IR in between.
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(kInput, &context);
  ASSERT_TRUE(module);
  PassManager pm(&context);
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  tg::addOriginAccounting(pm, tg::OriginAccountingOptions());
  ASSERT_TRUE(succeeded(pm.run(*module)));
  // -cse changed nothing: its walk would be -canonicalize's snapshot if the
  // pass manager went on. A dead op added between the runs, which
  // -canonicalize erases in the second run.
  auto func = cast<func::FuncOp>(module->getBody()->front());
  Value x = func.getArgument(0);
  OpBuilder builder(func.getBody().front().getTerminator());
  arith::SubIOp::create(builder, FileLineColLoc::get(&context, "m.py", 42, 4),
                        x, x);
  ASSERT_TRUE(succeeded(pm.run(*module)));
  auto [held, recorded] = collected(*module);
  EXPECT_FALSE(held.count(42));
  EXPECT_EQ(recorded[42], "eliminated");
}

TEST_F(OriginAccountingTest, APipelineBoundaryForgetsTheLastWalk) {
  // A nested pass manager runs a function's pipeline on a worker thread; a
  // module pass may change the function before the next pipeline on it
  // starts, on the same thread. The hooks are called here in that order,
  // with the change in between: the walk after -cse is not -canonicalize's
  // snapshot.
  context.getOrLoadDialect<tg::TGDialect>();
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(kInput, &context);
  ASSERT_TRUE(module);
  auto func = cast<func::FuncOp>(module->getBody()->front());
  std::unique_ptr<Pass> cse = createCSEPass();
  std::unique_ptr<Pass> canonicalize = createCanonicalizerPass();
  std::unique_ptr<PassInstrumentation> accounting =
      tg::createOriginAccounting(tg::OriginAccountingOptions());
  PassInstrumentation::PipelineParentInfo parent{llvm::get_threadid(), nullptr};
  accounting->runBeforePipeline(func->getName(), parent);
  accounting->runBeforePass(cse.get(), func);
  accounting->runAfterPass(cse.get(), func); // -cse changed nothing
  accounting->runAfterPipeline(func->getName(), parent);
  // The module pass adds a dead op, which the next pipeline erases.
  Value x = func.getArgument(0);
  OpBuilder builder(func.getBody().front().getTerminator());
  Operation *dead = arith::SubIOp::create(
      builder, FileLineColLoc::get(&context, "m.py", 42, 4), x, x);
  accounting->runBeforePipeline(func->getName(), parent);
  accounting->runBeforePass(canonicalize.get(), func);
  dead->erase();
  accounting->runAfterPass(canonicalize.get(), func);
  accounting->runAfterPipeline(func->getName(), parent);
  auto [held, recorded] = collected(*module);
  EXPECT_EQ(recorded[42], "eliminated");
}

/// Erases the arith.extui and only then builds its replacement, an
/// arith.extsi at the other op's location: an op of the same size, which
/// glibc's allocator puts where the erased one was (as a dialect conversion
/// does now and then: issue 30's index.castu on MLIR's index-to-llvm test).
struct ReplaceAfterErasePass
    : PassWrapper<ReplaceAfterErasePass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(ReplaceAfterErasePass)
  StringRef getArgument() const override { return "replace-after-erase"; }
  void runOnOperation() override {
    arith::ExtUIOp old;
    arith::ExtSIOp other;
    getOperation()->walk([&](Operation *op) {
      if (auto ext = dyn_cast<arith::ExtUIOp>(op))
        old = ext;
      if (auto ext = dyn_cast<arith::ExtSIOp>(op))
        other = ext;
    });
    OpOperand &use = *old->use_begin();
    Operation *user = use.getOwner();
    unsigned operandNo = use.getOperandNumber();
    Value input = old.getIn();
    Type type = old.getType();
    old.replaceAllUsesWith(other.getResult());
    old->erase();
    OpBuilder builder(user);
    auto replacement =
        arith::ExtSIOp::create(builder, other->getLoc(), type, input);
    user->setOperand(operandNo, replacement.getResult());
  }
};

TEST_F(OriginAccountingTest, AnOpBuiltWhereAnErasedOneWasIsItsReplacement) {
  // Issue 30: the replaced op's origin went to its replacement, or into a
  // record when the allocator reused the erased op's memory for it (the
  // replacement's address was taken for the erased op's own). Now the same
  // answer on every allocator.
  std::vector<std::unique_ptr<Pass>> passes;
  passes.push_back(std::make_unique<ReplaceAfterErasePass>());
  OwningOpRef<ModuleOp> module = runAccounted(R"mlir(
func.func @g(%x: i32) -> (i64, i64) {
  %a = arith.extsi %x : i32 to i64 loc("m.py":21:4)
  %b = arith.extui %x : i32 to i64 loc("m.py":22:4)
  return %a, %b : i64, i64 loc("m.py":23:4)
}
)mlir",
                                              std::move(passes));
  ASSERT_TRUE(module);
  auto [held, recorded] = collected(*module);
  EXPECT_TRUE(held.count(22)) << "recorded as " << recorded[22];
  EXPECT_FALSE(recorded.count(22));
}

/// Erases %a and then its user %u, which holds no origin of its own (it
/// shares %a's location), and builds an op of %u's kind reading %y where %u
/// was: glibc's allocator gives it %u's memory (the last freed of its size),
/// as the inliner's clones land where the callee's ops were.
struct ReplaceUserAfterErasePass
    : PassWrapper<ReplaceUserAfterErasePass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(ReplaceUserAfterErasePass)
  StringRef getArgument() const override { return "replace-user-after-erase"; }
  void runOnOperation() override {
    arith::AddIOp a;
    arith::MulIOp u;
    arith::SubIOp y;
    getOperation()->walk([&](Operation *op) {
      if (auto add = dyn_cast<arith::AddIOp>(op))
        a = add;
      if (auto mul = dyn_cast<arith::MulIOp>(op))
        u = mul;
      if (auto sub = dyn_cast<arith::SubIOp>(op))
        y = sub;
    });
    Operation *ret = u->getBlock()->getTerminator();
    Value x = a.getLhs();
    ret->setOperand(0, y.getResult());
    u->setOperand(0, x);
    a->erase();
    u->erase();
    OpBuilder builder(ret);
    auto other = arith::MulIOp::create(
        builder, FileLineColLoc::get(builder.getContext(), "m.py", 34, 4),
        y.getResult(), x);
    ret->setOperand(0, other.getResult());
  }
};

TEST_F(OriginAccountingTest, AUserBuiltWhereAnErasedOneWasIsAnotherOp) {
  // Found by trying -inline on a generated module: %a's origin went to the
  // op the new multiply reads (%y) in some runs and into a record in others,
  // depending on whether the allocator reused %u's memory for it.
  std::vector<std::unique_ptr<Pass>> passes;
  passes.push_back(std::make_unique<ReplaceUserAfterErasePass>());
  OwningOpRef<ModuleOp> module = runAccounted(R"mlir(
func.func @g(%x: i32) -> i32 {
  %a = arith.addi %x, %x : i32 loc("m.py":31:4)
  %u = arith.muli %a, %x : i32 loc("m.py":31:4)
  %y = arith.subi %x, %x : i32 loc("m.py":32:4)
  return %u : i32 loc("m.py":33:4)
}
)mlir",
                                              std::move(passes));
  ASSERT_TRUE(module);
  auto [held, recorded] = collected(*module);
  EXPECT_FALSE(held.count(31));
  EXPECT_EQ(recorded[31], "eliminated");
  EXPECT_TRUE(held.count(32) && held.count(34));
}

TEST_F(OriginAccountingTest, ALargeModuleIsCheckedTheSameOnTwoThreads) {
  // Above 4,096 origins (kParallelWalkOrigins) the walk after a pass finds
  // the origins on one thread and builds the next snapshot on another, when
  // the context has threads; the answer must be the one walk's. 600 copies
  // of kInput, each function's lines its own: 5,400 origins (the returns are
  // not counted). The check is claimed by a worker, or by this thread once
  // its own walk is done, whichever comes first: both give this answer
  // (checked by hand, each forced).
  auto replaceAll = [](std::string text, StringRef from, StringRef to) {
    for (size_t at = text.find(from); at != std::string::npos;
         at = text.find(from, at + to.size()))
      text.replace(at, from.size(), to.str());
    return text;
  };
  std::string source;
  for (unsigned copy = 0; copy < 600; ++copy)
    source += replaceAll(replaceAll(kInput.str(), "\"m.py\"",
                                    "\"m" + std::to_string(copy) + ".py\""),
                         "@f(", "@f" + std::to_string(copy) + "(");
  auto lower = [&](bool threads) {
    MLIRContext ctx;
    ctx.loadDialect<func::FuncDialect, arith::ArithDialect>();
    ctx.disableMultithreading(!threads);
    OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(source, &ctx);
    EXPECT_TRUE(module);
    PassManager pm(&ctx);
    pm.addPass(createCSEPass());
    pm.addPass(createCanonicalizerPass());
    pm.addPass(createCSEPass());
    tg::addOriginAccounting(pm, tg::OriginAccountingOptions());
    EXPECT_TRUE(succeeded(pm.run(*module)));
    std::string text;
    llvm::raw_string_ostream out(text);
    module->print(out, OpPrintingFlags().enableDebugInfo());
    return text;
  };
  std::string oneThread = lower(false), twoThreads = lower(true);
  EXPECT_EQ(oneThread, twoThreads);
  // And it is the answer of the small test, in every copy.
  for (unsigned copy : {0u, 299u, 599u}) {
    std::string file = "m" + std::to_string(copy) + ".py";
    for (unsigned line = 1; line <= 10; ++line)
      EXPECT_NE(
          twoThreads.find("\"" + file + "\":" + std::to_string(line) + ":"),
          std::string::npos)
          << file << ":" << line;
  }
}

/// Replaces each use of the op at m.py:41 by a new op of its own, at m.py:42
/// for the first user in program order and m.py:43 for the second, then
/// erases it.
struct SplitUsesPass : PassWrapper<SplitUsesPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(SplitUsesPass)
  StringRef getArgument() const override { return "split-uses"; }
  void runOnOperation() override {
    Operation *old = nullptr;
    getOperation()->walk([&](arith::AddIOp add) {
      if (cast<FileLineColLoc>(add->getLoc()).getLine() == 41)
        old = add;
    });
    SmallVector<OpOperand *> uses;
    for (OpOperand &use : old->getUses())
      uses.push_back(&use);
    llvm::sort(uses, [](OpOperand *x, OpOperand *y) {
      return x->getOwner()->isBeforeInBlock(y->getOwner());
    });
    unsigned line = 42;
    for (OpOperand *use : uses) {
      OpBuilder builder(use->getOwner());
      auto fresh = arith::SubIOp::create(
          builder, FileLineColLoc::get(builder.getContext(), "m.py", line++, 4),
          old->getOperand(0), old->getOperand(1));
      use->set(fresh.getResult());
    }
    old->erase();
  }
};

TEST_F(OriginAccountingTest, AnErasedOpsFirstUserIsTheFirstInProgramOrder) {
  // Found by trying the package: after -canonicalize, the order of a value's
  // use list varied from run to run, and the origin of a call that -inline
  // erased followed its first use in that list: a func.call in some runs, an
  // arith.subi in others. The first use is now the first in program order,
  // whatever the use list's order (here: as parsed, and reversed).
  auto run = [&](bool reversed) {
    OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(R"mlir(
func.func @g(%x: i32) -> (i32, i32) {
  %a = arith.addi %x, %x : i32 loc("m.py":41:4)
  %u = arith.muli %a, %x : i32 loc("m.py":44:4)
  %v = arith.muli %x, %a : i32 loc("m.py":45:4)
  return %u, %v : i32, i32 loc("m.py":46:4)
}
)mlir",
                                                               &context);
    EXPECT_TRUE(module);
    if (reversed)
      module->walk([](arith::AddIOp add) {
        Value value = add.getResult();
        SmallVector<unsigned> order;
        for (unsigned i = 0, e = llvm::range_size(value.getUses()); i != e; ++i)
          order.insert(order.begin(), i);
        value.shuffleUseList(order);
      });
    PassManager pm(&context);
    pm.addPass(std::make_unique<SplitUsesPass>());
    tg::addOriginAccounting(pm, tg::OriginAccountingOptions());
    EXPECT_TRUE(succeeded(pm.run(*module)));
    // The line of the op that holds m.py:41 now.
    unsigned holder = 0;
    module->walk([&](Operation *op) {
      SmallVector<Location> origins;
      tg::getOrigins(op->getLoc(), origins);
      for (Location origin : origins)
        if (auto pos = dyn_cast<FileLineColLoc>(origin);
            pos && pos.getLine() == 41)
          for (Location own : origins)
            if (auto first = dyn_cast<FileLineColLoc>(own);
                first && first.getLine() != 41)
              holder = first.getLine();
    });
    return holder;
  };
  EXPECT_EQ(run(false), 42u);
  EXPECT_EQ(run(true), 42u);
}

TEST_F(OriginAccountingTest, AConstantGoesToAnEqualConstantOfItsOwnFunction) {
  // -sccp sent a constant's origin to an equal constant of another function
  // (the first without a location anywhere in the module), in some runs.
  // Only a constant of its own function computes its value in its place;
  // without one, it is eliminated.
  std::vector<std::unique_ptr<Pass>> passes;
  passes.push_back(createCanonicalizerPass());
  OwningOpRef<ModuleOp> module = runAccounted(R"mlir(
func.func @g() -> i32 {
  %k = arith.constant 0 : i32 loc(unknown)
  return %k : i32 loc("m.py":50:4)
}
func.func @f(%x: i32) -> i32 {
  %c = arith.constant 0 : i32 loc("m.py":51:4)
  %d = arith.subi %x, %c : i32 loc("m.py":52:4)
  return %x : i32 loc("m.py":53:4)
}
)mlir",
                                              std::move(passes));
  ASSERT_TRUE(module);
  auto [held, recorded] = collected(*module);
  EXPECT_FALSE(held.count(51));
  EXPECT_EQ(recorded[51], "eliminated");
}

/// Replaces the constant at m.py:61 by the function's equal constant without
/// a location, erases it, and builds another equal constant without a
/// location right away, which nothing reads: glibc's allocator gives it the
/// erased one's memory.
struct RebuildConstantPass
    : PassWrapper<RebuildConstantPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(RebuildConstantPass)
  StringRef getArgument() const override { return "rebuild-constant"; }
  void runOnOperation() override {
    arith::ConstantOp old, other;
    getOperation()->walk([&](arith::ConstantOp constant) {
      (isa<UnknownLoc>(constant->getLoc()) ? other : old) = constant;
    });
    Value replacement = other.getResult();
    old.replaceAllUsesWith(replacement);
    old->erase();
    OpBuilder builder(other->getBlock(), std::next(other->getIterator()));
    arith::ConstantOp::create(builder, builder.getUnknownLoc(),
                              builder.getI32IntegerAttr(0));
  }
};

TEST_F(OriginAccountingTest, AConstantIsNotKnownByAnAddressTheFolderReused) {
  // The folder builds constants in memory it freed: an equal constant
  // without a location at an erased constant's address took its origin by
  // that address, another one when the allocator chose other memory. The
  // constant its user reads now takes it on every allocator.
  std::vector<std::unique_ptr<Pass>> passes;
  passes.push_back(std::make_unique<RebuildConstantPass>());
  OwningOpRef<ModuleOp> module = runAccounted(R"mlir(
func.func @f(%x: i32) -> (i32, i32) {
  %k = arith.constant 0 : i32 loc(unknown)
  %c = arith.constant 0 : i32 loc("m.py":61:4)
  return %k, %c : i32, i32 loc("m.py":62:4)
}
)mlir",
                                              std::move(passes));
  ASSERT_TRUE(module);
  Operation *first = nullptr;
  module->walk([&](arith::ConstantOp constant) {
    if (!first)
      first = constant;
  });
  ASSERT_TRUE(first);
  auto line = dyn_cast<FileLineColLoc>(first->getLoc());
  EXPECT_TRUE(line && line.getLine() == 61) << [&] {
    std::string text;
    llvm::raw_string_ostream os(text);
    module->print(os, OpPrintingFlags().enableDebugInfo());
    return text;
  }();
}

/// Drops the last operand of the op at m.py:82, in place, and erases the op
/// at m.py:81 that it read.
struct DropOperandPass : PassWrapper<DropOperandPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(DropOperandPass)
  StringRef getArgument() const override { return "drop-operand"; }
  void runOnOperation() override {
    Operation *def = nullptr, *user = nullptr;
    getOperation()->walk([&](Operation *op) {
      if (auto pos = dyn_cast<FileLineColLoc>(op->getLoc()))
        (pos.getLine() == 81 ? def : pos.getLine() == 82 ? user : op) = op;
    });
    user->eraseOperand(user->getNumOperands() - 1);
    def->erase();
  }
};

TEST_F(OriginAccountingTest, AUserWithOtherOperandsAtTheSameAddressIsANewOp) {
  // An op at a user's address, of its name and location, is the user only
  // with the user's operand count: the same answer whether a pass built a
  // new op there (in the memory it freed) or changed the user in place, so
  // that it cannot depend on the allocator. Here the user no longer reads
  // the erased op: it absorbed it.
  context.allowUnregisteredDialects();
  std::vector<std::unique_ptr<Pass>> passes;
  passes.push_back(std::make_unique<DropOperandPass>());
  OwningOpRef<ModuleOp> module = runAccounted(R"mlir(
func.func @g(%x: i32) -> i32 {
  %a = arith.addi %x, %x : i32 loc("m.py":81:4)
  %u = "test.use"(%x, %a) : (i32, i32) -> i32 loc("m.py":82:4)
  return %u : i32 loc("m.py":83:4)
}
)mlir",
                                              std::move(passes));
  ASSERT_TRUE(module);
  auto [held, recorded] = collected(*module);
  EXPECT_TRUE(held.count(81)) << "recorded as " << recorded[81];
}

} // namespace
