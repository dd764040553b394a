//===- KernelPipelineTest.cpp - The kernel pipeline from C++ --------------===//
//
// What a downstream compiler does with tg/Pipelines/Pipelines.h: register the
// pipeline's extensions, build the pipeline into its own PassManager, run it,
// and get llvm-dialect functions whose ops carry the Python frames.
//
//===----------------------------------------------------------------------===//

#include "tg/IR/TGDialect.h"
#include "tg/Passes/Passes.h"
#include "tg/Pipelines/Pipelines.h"

#include "mlir/Dialect/LLVMIR/LLVMAttrs.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"

#include "gtest/gtest.h"

using namespace mlir;

namespace {

constexpr const char *kKernel = R"mlir(
  tg.graph @"M::forward"(%self: !tg.module<"M">, %x: !tg.tensor) -> !tg.tensor {
    %r = tg.kernel "k"(%x) : (!tg.tensor) -> !tg.tensor {
    ^bb0(%a: !tg.tensor):
      %0 = tg.op "aten::neg"(%a) {tg.debug_handle = 1 : i64} : (!tg.tensor) -> !tg.tensor loc("m.py":2:1)
      %1 = tg.op "aten::relu"(%0) {tg.debug_handle = 2 : i64} : (!tg.tensor) -> !tg.tensor loc("m.py":3:1)
      tg.kernel_yield %1 : !tg.tensor
    } loc("m.py":4:1)
    tg.return %r : !tg.tensor
  }
)mlir";

class KernelPipelineTest : public ::testing::Test {
protected:
  KernelPipelineTest() : context(makeRegistry()) {
    context.loadDialect<tg::TGDialect>();
  }
  static DialectRegistry makeRegistry() {
    DialectRegistry registry;
    tg::registerKernelPipelineExtensions(registry);
    return registry;
  }

  /// The module after the pipeline, or null when it failed.
  OwningOpRef<ModuleOp> compile(const tg::KernelPipelineOptions &options) {
    OwningOpRef<ModuleOp> module =
        parseSourceString<ModuleOp>(kKernel, &context);
    if (!module)
      return {};
    PassManager pm(&context);
    tg::buildKernelPipeline(pm, options);
    if (failed(pm.run(*module)))
      return {};
    return module;
  }

  MLIRContext context;
};

TEST_F(KernelPipelineTest, KernelBecomesAnLLVMFunctionWithPythonScopes) {
  tg::KernelPipelineOptions options;
  options.shape = "2x3";
  OwningOpRef<ModuleOp> module = compile(options);
  ASSERT_TRUE(module);
  auto func = module->lookupSymbol<LLVM::LLVMFuncOp>("k");
  ASSERT_TRUE(func);
  // Bare pointers: one for the input, one for the result.
  EXPECT_EQ(func.getNumArguments(), 2u);
  auto loc = dyn_cast<FusedLoc>(func.getLoc());
  ASSERT_TRUE(loc);
  auto scope = dyn_cast_or_null<LLVM::DISubprogramAttr>(loc.getMetadata());
  ASSERT_TRUE(scope);
  EXPECT_EQ(scope.getName().getValue(), "forward");
  EXPECT_EQ(scope.getLinkageName().getValue(), "k");
}

TEST_F(KernelPipelineTest, TemporariesAreFreedWithTheRegisteredExtensions) {
  // A softmax kernel needs temporary buffers. With only what
  // registerKernelPipelineExtensions registers (what Pipelines.h tells a
  // compiler of its own to register), the deallocation passes found no
  // AllocationOpInterface on memref.alloc and freed nothing: every call of
  // the kernel leaked its temporaries, where tg-opt's kernel freed them
  // (found by a helper writing a downstream driver).
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(R"mlir(
    tg.graph @"M::forward"(%self: !tg.module<"M">, %x: tensor<2x8xf32>) -> tensor<2x8xf32> attributes {tg.entry} {
      %d = tg.constant(-1 : i64) : !tg.value
      %n = tg.constant(unit) : !tg.value
      %0 = tg.op "aten::softmax"(%x, %d, %n) : (tensor<2x8xf32>, !tg.value, !tg.value) -> tensor<2x8xf32> loc("m.py":2:3)
      %1 = tg.op "aten::relu"(%0) : (tensor<2x8xf32>) -> tensor<2x8xf32> loc("m.py":3:3)
      tg.return %1 : tensor<2x8xf32>
    }
  )mlir",
                                                             &context);
  ASSERT_TRUE(module);
  PassManager pm(&context);
  pm.addPass(tg::createTGDecompose());
  pm.addPass(tg::createTGFuseElementwise());
  pm.addPass(tg::createTGAssignDebugHandles());
  tg::buildKernelPipeline(pm, tg::KernelPipelineOptions());
  ASSERT_TRUE(succeeded(pm.run(*module)));
  unsigned mallocs = 0, frees = 0;
  module->walk([&](LLVM::CallOp call) {
    std::optional<StringRef> callee = call.getCallee();
    mallocs += callee == "malloc";
    frees += callee == "free";
  });
  EXPECT_GT(mallocs, 0u);
  EXPECT_EQ(frees, mallocs);
}

TEST_F(KernelPipelineTest, WithoutDebugInfoEveryLocationIsUnknown) {
  tg::KernelPipelineOptions options;
  options.shape = "2x3";
  options.debugInfo = false;
  OwningOpRef<ModuleOp> module = compile(options);
  ASSERT_TRUE(module);
  ASSERT_TRUE(module->lookupSymbol<LLVM::LLVMFuncOp>("k"));
  module->walk(
      [&](Operation *op) { EXPECT_TRUE(isa<UnknownLoc>(op->getLoc())); });
}

TEST_F(KernelPipelineTest, TheLoweringsErrorsFailThePipeline) {
  tg::KernelPipelineOptions options;
  options.kernels = {"nope"};
  options.shape = "2x3";
  context.printOpOnDiagnostic(false);
  std::string message;
  ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diag) {
    message = diag.str();
    return success();
  });
  EXPECT_FALSE(compile(options));
  EXPECT_NE(message.find("no kernel named 'nope'"), std::string::npos)
      << message;
}

TEST_F(KernelPipelineTest, GPUPipelineWithoutLineChainFileFailsAtTheModule) {
  // tg-opt refuses these options while parsing the pipeline; a compiler
  // that builds it from C++ gets the same error when the pipeline runs,
  // before any pass.
  tg::GPUKernelPipelineOptions options;
  options.shape = "2x3";
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(kKernel, &context);
  ASSERT_TRUE(module);
  context.printOpOnDiagnostic(false);
  std::string message;
  ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diag) {
    message = diag.str();
    return success();
  });
  PassManager pm(&context);
  tg::buildGPUKernelPipeline(pm, options);
  EXPECT_TRUE(failed(pm.run(*module)));
  EXPECT_NE(message.find("tg-gpu-kernel-pipeline: needs a file for the "
                         "line-chain table: line-chains=<file>"),
            std::string::npos)
      << message;
  // Nothing was lowered.
  EXPECT_TRUE(module->lookupSymbol("M::forward"));
}

} // namespace
