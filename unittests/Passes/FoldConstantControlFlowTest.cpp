//===- FoldConstantControlFlowTest.cpp - tg::foldConstantControlFlow ------===//
//
// The C++ entry point a downstream compiler calls after inlining by other
// means: the count it returns, the ops it keeps, and the records of what it
// removed, read back through tg::getOriginRecords.
//
//===----------------------------------------------------------------------===//

#include "tg/IR/CallStack.h"
#include "tg/IR/TGOps.h"
#include "tg/Passes/Passes.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Parser/Parser.h"

#include "gtest/gtest.h"

using namespace mlir;
using namespace tg;

namespace {

// Terminators without a location: only the ops the test names are recorded.
constexpr llvm::StringLiteral kRelu = R"mlir(
tg.graph @"relu"(%x: !tg.tensor, %y: !tg.value) -> (!tg.tensor, !tg.tensor) {
  %inplace = tg.constant(true) : !tg.value
  %r = tg.op "prim::If"(%inplace) ({
    %a = tg.op "aten::relu_"(%x) : (!tg.tensor) -> !tg.tensor loc("f.py":2:8)
    tg.yield %a : !tg.tensor loc(unknown)
  }, {
    %b = tg.op "aten::relu"(%x) : (!tg.tensor) -> !tg.tensor loc("f.py":4:8)
    tg.yield %b : !tg.tensor loc(unknown)
  }) : (!tg.value) -> !tg.tensor loc("f.py":1:4)
  %s = tg.op "prim::If"(%y) ({
    tg.yield %x : !tg.tensor
  }, {
    tg.yield %x : !tg.tensor
  }) : (!tg.value) -> !tg.tensor loc("f.py":6:4)
  tg.return %r, %s : !tg.tensor, !tg.tensor
}
)mlir";

TEST(FoldConstantControlFlow, FoldsKnownConditionsAndRecordsWhatGoes) {
  MLIRContext context;
  context.loadDialect<TGDialect>();
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(kRelu, &context);
  ASSERT_TRUE(module);

  // One If has a constant condition, the other an argument.
  EXPECT_EQ(foldConstantControlFlow(*module, "my-pipeline"), 1u);

  SmallVector<StringRef> names;
  module->walk([&](TracedOp op) { names.push_back(op.getName()); });
  EXPECT_EQ(names, (SmallVector<StringRef>{"aten::relu_", "prim::If"}));

  auto graph = *module->getOps<GraphOp>().begin();
  SmallVector<RemovedOrigin> records;
  getOriginRecords(graph.getLoc(), records);
  ASSERT_EQ(records.size(), 2u);
  EXPECT_EQ(records[0].record.getOp(), "aten::relu");
  EXPECT_EQ(records[1].record.getOp(), "prim::If");
  for (const RemovedOrigin &removed : records) {
    EXPECT_TRUE(removed.record.isEliminated());
    EXPECT_EQ(removed.record.getPass(), "my-pipeline");
  }
  EXPECT_EQ(records[0].origin,
            Location(FileLineColLoc::get(&context, "f.py", 4, 8)));

  // Nothing is left to fold: a second run changes nothing.
  EXPECT_EQ(foldConstantControlFlow(*module, "my-pipeline"), 0u);
  SmallVector<RemovedOrigin> again;
  getOriginRecords(graph.getLoc(), again);
  EXPECT_EQ(again.size(), 2u);
}

} // namespace
