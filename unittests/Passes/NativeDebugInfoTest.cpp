//===- NativeDebugInfoTest.cpp - Python frames as LLVM debug scopes -------===//
//
// The C++ API a downstream compiler uses: run --tg-export-llvm-debuginfo
// from a PassManager and read the scopes back (the lowering before it,
// --tg-extract-kernels, is tested in unittests/Conversion).
//
//===----------------------------------------------------------------------===//

#include "tg/IR/CallStack.h"
#include "tg/IR/DebugHandle.h"
#include "tg/IR/TGDialect.h"
#include "tg/Passes/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMAttrs.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"

#include "gtest/gtest.h"

using namespace mlir;

namespace {

class NativeDebugInfoTest : public ::testing::Test {
protected:
  NativeDebugInfoTest() {
    context.loadDialect<tg::TGDialect, func::FuncDialect, arith::ArithDialect,
                        LLVM::LLVMDialect>();
  }
  MLIRContext context;
};

TEST_F(NativeDebugInfoTest, EntryFunctionOfAnOutlinedKernel) {
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(R"mlir(
    func.func @k() attributes {tg.traced_from = "__torch__.m.ResNet::forward"} { return }
    func.func @f() attributes {tg.traced_from = "helper"} { return }
    func.func @plain() { return }
  )mlir",
                                                             &context);
  ASSERT_TRUE(module);
  SmallVector<tg::EntryFunction> entries;
  module->walk(
      [&](func::ReturnOp op) { entries.push_back(tg::getEntryFunction(op)); });
  ASSERT_EQ(entries.size(), 3u);
  EXPECT_EQ(entries[0].className, "__torch__.m.ResNet");
  EXPECT_EQ(entries[0].method, "forward");
  EXPECT_EQ(entries[1].className, "");
  EXPECT_EQ(entries[1].method, "helper");
  EXPECT_EQ(entries[2].className, "");
  EXPECT_EQ(entries[2].method, "plain");
}

TEST_F(NativeDebugInfoTest, CalleeScopesNameFunctionsAndModulePaths) {
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(R"mlir(
    func.func @kernel(%x: f32) -> f32 attributes {tg.traced_from = "Net::forward"} {
      %0 = arith.negf %x : f32 loc(callsite("block.py":5:9 at callsite(fused<#tg.frame<instance = "b0", class = "Block", method = "forward">>["net.py":12:9] at fused<#tg.frame<instance = "SELF", class = "Net", method = "_impl">>["net.py":3:16])))
      return %0 : f32 loc("net.py":4:1)
    } loc("net.py":1:1)
  )mlir",
                                                             &context);
  ASSERT_TRUE(module);
  PassManager pm(&context);
  pm.addPass(tg::createTGExportLLVMDebugInfo());
  ASSERT_TRUE(succeeded(pm.run(*module)));

  auto func = *module->getOps<func::FuncOp>().begin();
  auto funcLoc = dyn_cast<FusedLoc>(func.getLoc());
  ASSERT_TRUE(funcLoc);
  auto root = dyn_cast<LLVM::DISubprogramAttr>(funcLoc.getMetadata());
  ASSERT_TRUE(root);
  EXPECT_EQ(root.getName().getValue(), "forward");
  EXPECT_EQ(root.getLinkageName().getValue(), "kernel");
  EXPECT_EQ(root.getFile().getName().getValue(), "net.py");

  // callsite(fused<b0.forward>[block.py] at callsite(fused<_impl>[net.py:12]
  // at net.py:3)): the innermost callee's scope is the module path's.
  Operation *neg = &func.getBody().front().front();
  auto site = dyn_cast<CallSiteLoc>(neg->getLoc());
  ASSERT_TRUE(site);
  auto callee = dyn_cast<FusedLoc>(site.getCallee());
  ASSERT_TRUE(callee);
  auto block = dyn_cast<LLVM::DISubprogramAttr>(callee.getMetadata());
  ASSERT_TRUE(block);
  EXPECT_EQ(block.getName().getValue(), "forward");
  EXPECT_EQ(block.getLinkageName().getValue(), "b0(Block)::forward");
  EXPECT_EQ(block.getFile().getName().getValue(), "block.py");
  EXPECT_EQ(block.getCompileUnit(), root.getCompileUnit());

  auto outer = dyn_cast<CallSiteLoc>(site.getCaller());
  ASSERT_TRUE(outer);
  auto impl = dyn_cast<LLVM::DISubprogramAttr>(
      cast<FusedLoc>(outer.getCallee()).getMetadata());
  ASSERT_TRUE(impl);
  EXPECT_EQ(impl.getLinkageName().getValue(), "Net::_impl");
  // The outermost call is in the function's own scope: a plain position.
  EXPECT_EQ(outer.getCaller(), FileLineColLoc::get(&context, "net.py", 3, 16));
}

} // namespace
