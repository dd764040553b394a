//===- ModuleHierarchyTest.cpp - Module paths through the C++ API ---------===//

#include "tg/IR/ModulePath.h"
#include "tg/Passes/Passes.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"

#include "gtest/gtest.h"

using namespace mlir;
using namespace tg;

namespace {

// PyTorch's profiler example (test_profiler.py, test_module_hierarchy).
constexpr llvm::StringLiteral kExample = R"mlir(
tg.graph @"A::my_new_method"(%self: !tg.module<"A">, %x: !tg.tensor) -> !tg.tensor {
  %0 = tg.op "aten::mul"(%x, %x) : (!tg.tensor, !tg.tensor) -> !tg.tensor loc("a.py":3:39)
  tg.return %0 : !tg.tensor
}
tg.graph @"A::forward_impl_"(%self: !tg.module<"A">, %x: !tg.tensor) -> !tg.tensor {
  %0 = tg.call_method @"A::my_new_method"(%self, %x) : (!tg.module<"A">, !tg.tensor) -> !tg.tensor loc("a.py":4:43)
  tg.return %0 : !tg.tensor
}
tg.graph @"A::forward"(%self: !tg.module<"A">, %x: !tg.tensor) -> !tg.tensor {
  %0 = tg.call_method @"A::forward_impl_"(%self, %x) : (!tg.module<"A">, !tg.tensor) -> !tg.tensor loc("a.py":7:16)
  tg.return %0 : !tg.tensor
}
tg.graph @"C::forward"(%self: !tg.module<"C">, %x: !tg.tensor) -> !tg.tensor {
  %a0 = tg.get_submodule %self["A0"] : !tg.module<"C"> -> !tg.module<"A">
  %0 = tg.call_method @"A::forward"(%a0, %x) : (!tg.module<"A">, !tg.tensor) -> !tg.tensor loc("c.py":11:43)
  %1 = tg.op "aten::add"(%0, %x) : (!tg.tensor, !tg.tensor) -> !tg.tensor loc("c.py":11:43)
  tg.return %1 : !tg.tensor
}
)mlir";

class ModuleHierarchyTest : public ::testing::Test {
protected:
  ModuleHierarchyTest() {
    context.loadDialect<TGDialect>();
    registerTGPasses();
  }

  OwningOpRef<ModuleOp> parse(llvm::StringRef text) {
    return parseSourceString<ModuleOp>(text, &context);
  }

  /// The first op named `name` in the module.
  Operation *find(ModuleOp module, llvm::StringRef name) {
    Operation *found = nullptr;
    module.walk([&](TracedOp op) {
      if (!found && op.getName() == name)
        found = op;
    });
    return found;
  }

  Location pos(llvm::StringRef file, unsigned line) {
    return FileLineColLoc::get(&context, file, line, 1);
  }

  MLIRContext context;
};

TEST_F(ModuleHierarchyTest, PathsOfAnInlinedOp) {
  OwningOpRef<ModuleOp> module = parse(kExample);
  ASSERT_TRUE(module);
  PassManager pm(&context);
  ASSERT_TRUE(succeeded(parsePassPipeline("tg-inline", pm)));
  ASSERT_TRUE(succeeded(pm.run(*module)));

  Operation *mul = find(*module, "aten::mul");
  ASSERT_TRUE(mul);
  EXPECT_EQ(getModulePath(mul, ModulePathFormat::Profiler),
            "TOP(C)::forward.A0(A)::forward.SELF(A)::forward_impl_.SELF(A)::"
            "my_new_method.");
  EXPECT_EQ(getModulePath(mul, ModulePathFormat::Mobile),
            "top(C)::<unknown>.A0(A)::forward.SELF(A)::forward_impl_.SELF(A)::"
            "my_new_method.aten::mul");
  EXPECT_EQ(getModulePath(mul, ModulePathFormat::Scope),
            "top(C).A0(A).SELF(A).SELF(A)");

  // The frames themselves, outermost first, with their call locations.
  CallStack stack = getCallStack(mul->getLoc());
  ASSERT_EQ(stack.frames.size(), 3u);
  EXPECT_EQ(stack.leaf, Location(FileLineColLoc::get(&context, "a.py", 3, 39)));
  EXPECT_EQ(stack.frames[2].callLoc,
            Location(FileLineColLoc::get(&context, "a.py", 4, 43)));
  EXPECT_EQ(stack.frames[0].callLoc,
            Location(FileLineColLoc::get(&context, "c.py", 11, 43)));
  SmallVector<ModulePathFrame, 8> frames = getModulePathFrames(mul->getLoc());
  ASSERT_EQ(frames.size(), 3u);
  EXPECT_EQ(frames[0].instance, "A0");
  EXPECT_EQ(frames[0].className, "A");
  EXPECT_EQ(frames[0].method, "forward");
  EXPECT_EQ(frames[2].instance, "SELF");
  EXPECT_EQ(frames[2].method, "my_new_method");
  EXPECT_TRUE(frames[2].hasModuleInfo);

  // The top graph's own op.
  Operation *add = find(*module, "aten::add");
  ASSERT_TRUE(add);
  EXPECT_EQ(getModulePath(add, ModulePathFormat::Profiler), "TOP(C)::forward.");
}

TEST_F(ModuleHierarchyTest, FramesWithoutModuleInformation) {
  // A call site built by upstream -inline: no #tg.frame at all.
  InlinedFrame upstream{pos("c.py", 1), FrameAttr()};
  ModulePathFrame plain = getModulePathFrame(upstream);
  EXPECT_FALSE(plain.hasModuleInfo);
  EXPECT_EQ(plain.method, "");
  // A tg.call frame: a method name but no class.
  InlinedFrame function{pos("c.py", 2), FrameAttr::get(&context, "", "", "f")};
  ModulePathFrame free = getModulePathFrame(function);
  EXPECT_FALSE(free.hasModuleInfo);
  EXPECT_EQ(free.method, "f");
  // Through a location, with no top graph.
  Location loc = pushFrame(pos("f.py", 3), function.frame, pos("c.py", 2));
  EXPECT_EQ(getModulePath(loc, GraphOp(), ModulePathFormat::Mobile, "aten::x"),
            "top()::<unknown>.UNKNOWN_INSTANCE(UNKNOWN_TYPE)::f.aten::x");
  EXPECT_EQ(getModulePath(loc, GraphOp(), ModulePathFormat::Profiler),
            "TOP()::.::f.");
}

TEST_F(ModuleHierarchyTest, FusedLocationsGiveOnePathPerDistinctOrigin) {
  OwningOpRef<ModuleOp> module = parse(kExample);
  ASSERT_TRUE(module);
  Operation *add = find(*module, "aten::add");
  FrameAttr a0 = FrameAttr::get(&context, "A0", "A", "forward");
  FrameAttr b0 = FrameAttr::get(&context, "B0", "B", "forward");
  Location inA = pushFrame(pos("a.py", 1), a0, pos("c.py", 5));
  Location inA2 = pushFrame(pos("a.py", 2), a0, pos("c.py", 5));
  Location inB = pushFrame(pos("b.py", 1), b0, pos("c.py", 6));
  add->setLoc(FusedLoc::get(&context, {inA, inB, inA2},
                            KernelAttr::get(&context, "fused_0")));
  SmallVector<std::string, 1> paths =
      getModulePaths(add, ModulePathFormat::Scope);
  ASSERT_EQ(paths.size(), 2u);
  EXPECT_EQ(paths[0], "top(C).A0(A)");
  EXPECT_EQ(paths[1], "top(C).B0(B)");
  EXPECT_EQ(getModulePath(add, ModulePathFormat::Scope), "top(C).A0(A)");
}

TEST_F(ModuleHierarchyTest, OpNamesAreTorchScriptNodeKinds) {
  OwningOpRef<ModuleOp> module = parse(kExample);
  ASSERT_TRUE(module);
  SmallVector<std::string> names;
  module->walk([&](Operation *op) {
    if (op->getParentOfType<GraphOp>())
      names.push_back(getModulePathOpName(op).str());
  });
  std::vector<std::string> expected = {"aten::mul",        "prim::Return",
                                       "prim::CallMethod", "prim::Return",
                                       "prim::CallMethod", "prim::Return",
                                       "prim::GetAttr",    "prim::CallMethod",
                                       "aten::add",        "prim::Return"};
  EXPECT_EQ(std::vector<std::string>(names.begin(), names.end()), expected);
}

} // namespace

namespace {

// Every location shape, with caller chains shared between ops, between
// graphs of different classes, and between ops with different names: the
// pass shares paths between ops (per frame sequence), and must give each op
// exactly what getModulePaths computes for it alone.
constexpr llvm::StringLiteral kShapes = R"mlir(
#a = #tg.frame<instance = "layers.0", class = "__torch__.Layer", method = "forward">
#b = #tg.frame<instance = "layers.1", class = "__torch__.Layer", method = "forward">
#s = #tg.frame<instance = "SELF", class = "__torch__.Layer", method = "_impl">
#f = #tg.frame<instance = "", class = "", method = "helper">
#c0 = loc(fused<#a>["net.py":5:3])
#c1 = loc(fused<#b>["net.py":6:3])
#chain = loc(callsite(fused<#s>["layer.py":9:1] at #c0))
#chain2 = loc(callsite(fused<#f>["layer.py":10:1] at #chain))
tg.graph @"Net::forward"(%self: !tg.module<"Net">, %x: !tg.tensor) -> !tg.tensor {
  %0 = tg.op "aten::add"(%x, %x) : (!tg.tensor, !tg.tensor) -> !tg.tensor loc(callsite("l.py":1:1 at #chain))
  %1 = tg.op "aten::mul"(%0, %x) : (!tg.tensor, !tg.tensor) -> !tg.tensor loc(callsite("l.py":2:1 at #chain))
  %2 = tg.op "aten::add"(%1, %x) : (!tg.tensor, !tg.tensor) -> !tg.tensor loc(callsite("l.py":3:1 at #chain2))
  %3 = tg.op "aten::add"(%2, %x) : (!tg.tensor, !tg.tensor) -> !tg.tensor loc(callsite("l.py":3:1 at #c1))
  %4 = tg.op "aten::relu"(%3) : (!tg.tensor) -> !tg.tensor loc(callsite("l.py":4:1 at callsite(fused<#s>["layer.py":9:7] at #c1)))
  %5 = tg.op "aten::relu"(%4) : (!tg.tensor) -> !tg.tensor loc("n"("net.py":7:1))
  %6 = tg.op "aten::relu"(%5) : (!tg.tensor) -> !tg.tensor loc(unknown)
  %7 = tg.op "aten::relu"(%6) : (!tg.tensor) -> !tg.tensor loc(fused<#tg.kernel<"k">>[callsite("l.py":1:1 at #chain), callsite("l.py":5:1 at #c1)])
  %8 = tg.op "aten::relu"(%7) : (!tg.tensor) -> !tg.tensor loc(callsite(callsite("l.py":1:1 at fused<#f>["x.py":1:1]) at #c0))
  %9 = tg.op "aten::relu"(%8) : (!tg.tensor) -> !tg.tensor loc(callsite("l.py":6:1 at callsite("plain.py":1:1 at #c0)))
  %10 = tg.constant(1) : !tg.value loc(callsite("l.py":1:1 at #chain))
  tg.return %9 : !tg.tensor
}
tg.graph @"Other::forward"(%self: !tg.module<"Other">, %x: !tg.tensor) -> !tg.tensor {
  %0 = tg.op "aten::add"(%x, %x) : (!tg.tensor, !tg.tensor) -> !tg.tensor loc(callsite("l.py":1:1 at #chain))
  %1 = tg.op "aten::sub"(%0, %x) : (!tg.tensor, !tg.tensor) -> !tg.tensor loc(callsite("l.py":1:1 at #chain))
  tg.return %1 : !tg.tensor
}
tg.graph @free(%x: !tg.tensor) -> !tg.tensor {
  %0 = tg.op "aten::add"(%x, %x) : (!tg.tensor, !tg.tensor) -> !tg.tensor loc(callsite("l.py":1:1 at #chain2))
  tg.return %0 : !tg.tensor
}
)mlir";

TEST_F(ModuleHierarchyTest, SharedPathsEqualPathsBuiltPerOp) {
  for (ModulePathFormat format :
       {ModulePathFormat::Profiler, ModulePathFormat::Mobile,
        ModulePathFormat::Scope}) {
    OwningOpRef<ModuleOp> module = parse(kShapes);
    ASSERT_TRUE(module);
    // What each op's path is when built alone, before the pass runs.
    std::vector<std::pair<Operation *, SmallVector<std::string, 1>>> expected;
    module->walk([&](Operation *op) {
      if (isa<ModuleOp, GraphOp>(op) || op->hasTrait<OpTrait::IsTerminator>())
        return;
      expected.emplace_back(op, getModulePaths(op, format));
    });
    ASSERT_EQ(expected.size(), 14u);

    auto pm = PassManager::on<ModuleOp>(&context);
    std::string pipeline =
        ("tg-module-hierarchy{format=" + getModulePathFormatName(format) + "}")
            .str();
    ASSERT_TRUE(succeeded(parsePassPipeline(pipeline, pm)));
    ASSERT_TRUE(succeeded(pm.run(*module)));

    for (auto &[op, paths] : expected) {
      SmallVector<std::string, 1> got =
          getModulePathTexts(op->getAttr(kModuleHierarchyAttrName));
      std::string text;
      llvm::raw_string_ostream os(text);
      op->print(os);
      EXPECT_EQ(got, paths)
          << getModulePathFormatName(format).str() << " " << text;
    }
  }
}

} // namespace
