//===- ModulePathTest.cpp - PyTorch-style module path strings -------------===//
//
// Every expected string below is one PyTorch prints or a rule of the code
// that prints it (docs/module-hierarchy.md gives the sources).
//
//===----------------------------------------------------------------------===//

#include "tg/Support/ModulePath.h"

#include "gtest/gtest.h"

using namespace tg;

namespace {

ModulePathFrame frame(llvm::StringRef instance, llvm::StringRef cls,
                      llvm::StringRef method) {
  return ModulePathFrame{instance, cls, method, true};
}

ModulePathFrame freeFunction(llvm::StringRef name) {
  return ModulePathFrame{"", "", name, false};
}

std::string format(llvm::StringRef topClass, llvm::StringRef topMethod,
                   llvm::ArrayRef<ModulePathFrame> frames,
                   llvm::StringRef opName, ModulePathFormat fmt) {
  return formatModulePath({topClass, topMethod, frames, opName}, fmt);
}

// test/profiler/test_profiler.py, test_module_hierarchy: the mul of
// A.my_new_method reached through C.forward -> A0.forward -> forward_impl_.
TEST(ModulePathTest, ProfilerFormMatchesPyTorchProfilerTest) {
  ModulePathFrame frames[] = {frame("A0", "A", "forward"),
                              frame("SELF", "A", "forward_impl_"),
                              frame("SELF", "A", "my_new_method")};
  EXPECT_EQ(
      format("C", "forward", frames, "aten::mul", ModulePathFormat::Profiler),
      "TOP(C)::forward.A0(A)::forward.SELF(A)::forward_impl_.SELF(A)::"
      "my_new_method.");
  EXPECT_EQ(format("C", "forward", frames[0], "aten::sub",
                   ModulePathFormat::Profiler),
            "TOP(C)::forward.A0(A)::forward.");
  // An op of the top graph itself.
  EXPECT_EQ(format("C", "forward", {}, "aten::add", ModulePathFormat::Profiler),
            "TOP(C)::forward.");
}

// test/cpp/lite_interpreter_runtime/test_mobile_profiler.cpp, and
// test/cpp/jit/test_lite_interpreter.cpp
// (TestExceptionStackWithTwoLevelModuleHierarchy).
TEST(ModulePathTest, MobileFormMatchesLiteInterpreterTests) {
  ModulePathFrame twoLevels[] = {frame("B0", "B", "foo"),
                                 frame("A0", "A", "bar")};
  EXPECT_EQ(
      format("C", "forward", twoLevels, "aten::add", ModulePathFormat::Mobile),
      "top(C)::<unknown>.B0(B)::foo.A0(A)::bar.aten::add");
  ModulePathFrame viaSelf[] = {frame("SELF", "C", "call_b"),
                               frame("B0", "B", "forward")};
  EXPECT_EQ(
      format("C", "forward", viaSelf, "aten::add", ModulePathFormat::Mobile),
      "top(C)::<unknown>.SELF(C)::call_b.B0(B)::forward.aten::add");
  // The top method is never printed: getStackTraceWithModuleHierarchy
  // starts from the caller name "<unknown>".
  EXPECT_EQ(format("m", "forward", {}, "aten::add", ModulePathFormat::Mobile),
            "top(m)::<unknown>.aten::add");
}

// test/cpp/jit/test_backend.cpp: "Module hierarchy:top(C).A0(...).AA0(AA)".
TEST(ModulePathTest, ScopeFormHasNoMethods) {
  ModulePathFrame frames[] = {frame("A0", "A", "forward"),
                              frame("AA0", "AA", "forward")};
  EXPECT_EQ(
      format("C", "forward", frames, "aten::add", ModulePathFormat::Scope),
      "top(C).A0(A).AA0(AA)");
  EXPECT_EQ(format("C", "forward", {}, "aten::add", ModulePathFormat::Scope),
            "top(C)");
}

TEST(ModulePathTest, QualifiedClassNamesArePrintedShort) {
  ModulePathFrame frames[] = {
      frame("SELF", "__torch__.torchvision.models.resnet.ResNet",
            "_forward_impl"),
      frame("layer1", "__torch__.torch.nn.modules.container.Sequential",
            "forward"),
      frame("0", "__torch__.torchvision.models.resnet.BasicBlock", "forward"),
      frame("conv1", "__torch__.torch.nn.modules.conv.Conv2d", "forward"),
      frame("SELF", "__torch__.torch.nn.modules.conv.Conv2d", "_conv_forward")};
  EXPECT_EQ(
      format("__torch__.torchvision.models.resnet.ResNet", "forward", frames,
             "aten::conv2d", ModulePathFormat::Profiler),
      "TOP(ResNet)::forward.SELF(ResNet)::_forward_impl.layer1(Sequential)::"
      "forward.0(BasicBlock)::forward.conv1(Conv2d)::forward.SELF(Conv2d)::_"
      "conv_forward.");
  EXPECT_EQ(getShortClassName("__torch__.a.b.Conv2d"), "Conv2d");
  EXPECT_EQ(getShortClassName("Conv2d"), "Conv2d");
  EXPECT_EQ(getShortClassName(""), "");
  EXPECT_EQ(getShortClassName("trailing."), "");
}

// interpreter.cpp: a frame without module information (prim::CallFunction)
// is "::fn" in the profiler form; debug_info.cpp prints it as
// UNKNOWN_INSTANCE(UNKNOWN_TYPE) in the mobile form.
TEST(ModulePathTest, FramesWithoutModuleInfo) {
  ModulePathFrame frames[] = {frame("A0", "A", "forward"),
                              freeFunction("helper")};
  EXPECT_EQ(
      format("C", "forward", frames, "aten::relu", ModulePathFormat::Profiler),
      "TOP(C)::forward.A0(A)::forward.::helper.");
  EXPECT_EQ(
      format("C", "forward", frames, "aten::relu", ModulePathFormat::Mobile),
      "top(C)::<unknown>.A0(A)::forward.UNKNOWN_INSTANCE(UNKNOWN_TYPE)::"
      "helper.aten::relu");
  EXPECT_EQ(
      format("C", "forward", frames, "aten::relu", ModulePathFormat::Scope),
      "top(C).A0(A).UNKNOWN_INSTANCE(UNKNOWN_TYPE)");
}

// scope.cpp, utils::get_module_info: empty names become UNKNOWN_*; the
// mobile form prints a frame with module info but no class as the bare
// instance name.
TEST(ModulePathTest, EmptyNamesFollowGetModuleInfo) {
  ModulePathFrame noInstance[] = {frame("", "pkg.A", "forward")};
  EXPECT_EQ(format("C", "forward", noInstance, "x", ModulePathFormat::Profiler),
            "TOP(C)::forward.UNKNOWN_INSTANCE(A)::forward.");
  EXPECT_EQ(format("C", "forward", noInstance, "x", ModulePathFormat::Scope),
            "top(C).UNKNOWN_INSTANCE(A)");
  ModulePathFrame noClass[] = {frame("A0", "", "forward")};
  EXPECT_EQ(format("C", "forward", noClass, "x", ModulePathFormat::Profiler),
            "TOP(C)::forward.A0(UNKNOWN_TYPE)::forward.");
  EXPECT_EQ(format("C", "forward", noClass, "x", ModulePathFormat::Mobile),
            "top(C)::<unknown>.A0::forward.x");
  // A free-function entry graph has no self class: "TOP()".
  EXPECT_EQ(format("", "main", {}, "x", ModulePathFormat::Profiler),
            "TOP()::main.");
}

// A stored frame without a class is a free function: no module information.
TEST(ModulePathTest, StoredFramesWithoutClassAreFreeFunctions) {
  ModulePathFrame fn = makeModulePathFrame("", "", "helper");
  EXPECT_FALSE(fn.hasModuleInfo);
  EXPECT_EQ(fn.method, "helper");
  ModulePathFrame method = makeModulePathFrame("A0", "pkg.A", "forward");
  EXPECT_TRUE(method.hasModuleInfo);
  EXPECT_EQ(method.instance, "A0");
  EXPECT_EQ(method.className, "pkg.A");
  ModulePathFrame frames[] = {method, fn};
  EXPECT_EQ(
      format("C", "forward", frames, "aten::neg", ModulePathFormat::Profiler),
      "TOP(C)::forward.A0(A)::forward.::helper.");
  EXPECT_EQ(
      format("C", "forward", frames, "aten::neg", ModulePathFormat::Mobile),
      "top(C)::<unknown>.A0(A)::forward.UNKNOWN_INSTANCE(UNKNOWN_TYPE)::"
      "helper.aten::neg");
}

TEST(ModulePathTest, InstanceNameUnknownIsPrintedAsIs) {
  ModulePathFrame frames[] = {frame("INSTANCE_NAME_UNKNOWN", "A", "forward")};
  EXPECT_EQ(
      format("C", "forward", frames, "aten::add", ModulePathFormat::Mobile),
      "top(C)::<unknown>.INSTANCE_NAME_UNKNOWN(A)::forward.aten::add");
}

TEST(ModulePathTest, ParsesFormatNames) {
  ModulePathFormat fmt = ModulePathFormat::Scope;
  EXPECT_TRUE(parseModulePathFormat("profiler", fmt));
  EXPECT_EQ(fmt, ModulePathFormat::Profiler);
  EXPECT_TRUE(parseModulePathFormat("mobile", fmt));
  EXPECT_EQ(fmt, ModulePathFormat::Mobile);
  EXPECT_TRUE(parseModulePathFormat("scope", fmt));
  EXPECT_EQ(fmt, ModulePathFormat::Scope);
  EXPECT_FALSE(parseModulePathFormat("Profiler", fmt));
  EXPECT_FALSE(parseModulePathFormat("", fmt));
  EXPECT_EQ(fmt, ModulePathFormat::Scope) << "failed parses leave it alone";
  for (ModulePathFormat f :
       {ModulePathFormat::Profiler, ModulePathFormat::Mobile,
        ModulePathFormat::Scope}) {
    ModulePathFormat back;
    ASSERT_TRUE(parseModulePathFormat(getModulePathFormatName(f), back));
    EXPECT_EQ(back, f);
  }
}

} // namespace
