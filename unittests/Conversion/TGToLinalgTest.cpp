//===- TGToLinalgTest.cpp - The reference lowering from C++ ---------------===//
//
// The C++ API a downstream compiler uses: run --tg-extract-kernels from a
// PassManager with its options struct and read the lowered ops back.
//
//===----------------------------------------------------------------------===//

#include "tg/Conversion/Passes.h"
#include "tg/IR/DebugHandle.h"
#include "tg/IR/TGDialect.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"

#include "gtest/gtest.h"

using namespace mlir;

namespace {

class TGToLinalgTest : public ::testing::Test {
protected:
  TGToLinalgTest() { context.loadDialect<tg::TGDialect>(); }
  MLIRContext context;
};

TEST_F(TGToLinalgTest, ExtractedKernelKeepsEachOpsLocation) {
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(R"mlir(
    tg.graph @"M::forward"(%self: !tg.module<"M">, %x: !tg.tensor) -> !tg.tensor {
      %r = tg.kernel "k"(%x) : (!tg.tensor) -> !tg.tensor {
      ^bb0(%a: !tg.tensor):
        %0 = tg.op "aten::neg"(%a) {tg.debug_handle = 1 : i64} : (!tg.tensor) -> !tg.tensor loc("m.py":2:1)
        %1 = tg.op "aten::relu"(%0) {tg.debug_handle = 2 : i64} : (!tg.tensor) -> !tg.tensor loc("m.py":3:1)
        tg.kernel_yield %1 : !tg.tensor
      } loc("m.py":4:1)
      tg.return %r : !tg.tensor
    }
  )mlir",
                                                             &context);
  ASSERT_TRUE(module);
  PassManager pm(&context);
  tg::TGExtractKernelsOptions options;
  options.shape = "2x3";
  pm.addPass(tg::createTGExtractKernels(options));
  ASSERT_TRUE(succeeded(pm.run(*module)));

  std::vector<std::pair<int64_t, Location>> handles;
  module->walk([&](Operation *op) {
    if (isa<func::FuncOp>(op))
      return;
    if (std::optional<uint64_t> handle = tg::getDebugHandle(op))
      handles.emplace_back(int64_t(*handle), op->getLoc());
  });
  ASSERT_EQ(handles.size(), 2u);
  EXPECT_EQ(handles[0].first, 1);
  EXPECT_EQ(handles[0].second, FileLineColLoc::get(&context, "m.py", 2, 1));
  EXPECT_EQ(handles[1].first, 2);
  EXPECT_EQ(handles[1].second, FileLineColLoc::get(&context, "m.py", 3, 1));
}

} // namespace
