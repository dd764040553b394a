//===- KernelPipeline.cpp - Fused kernels to the llvm dialect -------------===//
//
// The pipelines tg-compile-kernel runs before mlir-translate and llc, in C++
// so that a downstream compiler calls them (tg::buildKernelPipeline,
// tg::buildGPUKernelPipeline) and tg-opt names them (--tg-kernel-pipeline,
// --tg-gpu-kernel-pipeline). The passes and their options are the ones
// docs/native-debugging.md and docs/gpu-debugging.md list, in that order:
// what reaches the object file or the PTX must not depend on which of the
// three ran it. Both share the extraction and the bufferization.
//
//===----------------------------------------------------------------------===//

#include "tg/Conversion/KernelsToGPU/KernelsToGPU.h"
#include "tg/Conversion/Passes.h"
#include "tg/Passes/OptionChecks.h"
#include "tg/Passes/Passes.h"
#include "tg/Pipelines/Pipelines.h"

#include "mlir/Conversion/AffineToStandard/AffineToStandard.h"
#include "mlir/Conversion/ArithToLLVM/ArithToLLVM.h"
#include "mlir/Conversion/BufferizationToMemRef/BufferizationToMemRef.h"
#include "mlir/Conversion/ControlFlowToLLVM/ControlFlowToLLVM.h"
#include "mlir/Conversion/FuncToLLVM/ConvertFuncToLLVMPass.h"
#include "mlir/Conversion/MathToLLVM/MathToLLVM.h"
#include "mlir/Conversion/MathToLibm/MathToLibm.h"
#include "mlir/Conversion/MemRefToLLVM/MemRefToLLVM.h"
#include "mlir/Conversion/ReconcileUnrealizedCasts/ReconcileUnrealizedCasts.h"
#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Dialect/Arith/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Bufferization/Transforms/FuncBufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/Linalg/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/Dialect/MemRef/Transforms/AllocationOpInterfaceImpl.h"
#include "mlir/Dialect/Tensor/Transforms/BufferizableOpInterfaceImpl.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;

namespace {

/// --tg-extract-kernels with the pipeline's options of the same names.
std::unique_ptr<Pass> createExtractKernels(const tg::KernelPipelineOptions &o) {
  tg::TGExtractKernelsOptions extract;
  extract.kernels.assign(o.kernels.begin(), o.kernels.end());
  extract.shape = o.shape;
  extract.elementType = o.elementType;
  extract.trapAfter = o.trapAfter;
  return tg::createTGExtractKernels(extract);
}

/// Tensors to buffers: function boundaries included, with identity layouts
/// (contiguous arrays), results written through out-parameters that the
/// caller allocates.
void addBufferization(OpPassManager &pm) {
  bufferization::OneShotBufferizePassOptions bufferize;
  bufferize.bufferizeFunctionBoundaries = true;
  bufferize.functionBoundaryTypeConversion =
      bufferization::LayoutMapOption::IdentityLayoutMap;
  pm.addPass(bufferization::createOneShotBufferizePass(bufferize));
  bufferization::BufferResultsToOutParamsPassOptions outParams;
  outParams.hoistStaticAllocs = true;
  outParams.modifyPublicFunctions = true;
  pm.addPass(bufferization::createBufferResultsToOutParamsPass(outParams));
}

/// Loops, then every dialect to llvm; functions take bare pointers.
void addLoweringToLLVM(OpPassManager &pm) {
  pm.addPass(createConvertLinalgToLoopsPass());
  // Reads through layout ops (views, slices) index with affine.apply.
  pm.addPass(createLowerAffinePass());
  pm.addPass(createConvertBufferizationToMemRefPass());
  pm.addPass(createSCFToControlFlowPass());
  pm.addPass(createConvertMathToLLVMPass());
  pm.addPass(createConvertMathToLibmPass());
  pm.addPass(createArithToLLVMConversionPass());
  pm.addPass(createFinalizeMemRefToLLVMConversionPass());
  ConvertFuncToLLVMPassOptions func;
  func.useBarePtrCallConv = true;
  pm.addPass(createConvertFuncToLLVMPass(func));
  pm.addPass(createConvertControlFlowToLLVMPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
}

/// Fails on the module with an error about the pipeline's options, found
/// when the pipeline is built: reported where the passes report theirs (at
/// the module), before anything runs, naming the option the user typed
/// rather than the option of the pass it would have gone to.
struct PipelineOptionErrorPass
    : public PassWrapper<PipelineOptionErrorPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(PipelineOptionErrorPass)

  explicit PipelineOptionErrorPass(std::string message)
      : message(std::move(message)) {}
  StringRef getArgument() const override { return "tg-pipeline-option-error"; }
  void runOnOperation() override {
    emitError(getOperation().getLoc()) << message;
    signalPassFailure();
  }

  std::string message;
};

} // namespace

void tg::buildKernelPipeline(OpPassManager &pm,
                             const KernelPipelineOptions &options) {
  pm.addPass(createExtractKernels(options));
  addBufferization(pm);
  if (options.gpuMath)
    pm.addPass(tg::createTGApproximateMath());
  addLoweringToLLVM(pm);
  if (options.debugInfo && options.keepCompareRows)
    pm.addPass(tg::createTGKeepCompareRows());
  if (options.debugInfo)
    pm.addPass(createTGExportLLVMDebugInfo());
  else
    pm.addPass(createStripDebugInfoPass());
}

/// The GPU pipeline's options it cannot run with, or none.
static tg::OptionsError
checkGPUKernelPipelineOptions(const tg::GPUKernelPipelineOptions &options) {
  // Left to --tg-export-ptx-line-chains, the missing file was reported
  // under that pass's option (path=), after the whole pipeline had run.
  if (options.debugInfo && options.lineChains.empty())
    return std::string("tg-gpu-kernel-pipeline: needs a file for the "
                       "line-chain table: line-chains=<file> (or "
                       "debug-info=false)");
  return std::nullopt;
}

void tg::buildGPUKernelPipeline(OpPassManager &pm,
                                const GPUKernelPipelineOptions &options) {
  if (tg::OptionsError error = checkGPUKernelPipelineOptions(options)) {
    pm.addPass(std::make_unique<PipelineOptionErrorPass>(std::move(*error)));
    return;
  }
  if (options.extract) {
    tg::TGExtractKernelsOptions extract;
    extract.kernels.assign(options.kernels.begin(), options.kernels.end());
    extract.shape = options.shape;
    extract.elementType = options.elementType;
    extract.trapAfter = options.trapAfter;
    pm.addPass(tg::createTGExtractKernels(extract));
  }
  addBufferization(pm);
  tg::TGKernelsToGPUOptions gpu;
  gpu.blockSize = options.blockSize;
  gpu.plantOOB = options.plantOOB;
  gpu.describe = options.describe;
  pm.addPass(tg::createTGKernelsToGPU(gpu));
  pm.addPass(tg::createTGApproximateMath());
  pm.addPass(createSCFToControlFlowPass());
  pm.addPass(tg::createTGKernelsToNVVM());
  pm.addPass(createReconcileUnrealizedCastsPass());
  if (options.debugInfo) {
    tg::TGExportPTXLineChainsOptions chains;
    chains.path = options.lineChains;
    pm.addPass(tg::createTGExportPTXLineChains(chains));
  } else {
    pm.addPass(createStripDebugInfoPass());
  }
}

void tg::registerKernelPipelineExtensions(DialectRegistry &registry) {
  arith::registerBufferizableOpInterfaceExternalModels(registry);
  bufferization::func_ext::registerBufferizableOpInterfaceExternalModels(
      registry);
  linalg::registerBufferizableOpInterfaceExternalModels(registry);
  tensor::registerBufferizableOpInterfaceExternalModels(registry);
  // memref.alloc's AllocationOpInterface: without it the deallocation
  // passes free no temporary (a softmax kernel leaked one buffer per call;
  // tg-opt registers every extension and never showed it).
  memref::registerAllocationOpInterfaceExternalModels(registry);
}

namespace {
/// Registers a pipeline of module passes as PassPipelineRegistration does,
/// refusing to nest it under another op: PassManager::addPass aborts the
/// process on a pass whose op it cannot run on (`func.func(tg-kernel-
/// pipeline)` was "LLVM ERROR: Can't add pass ... restricted to
/// 'builtin.module'"); single passes get MLIR's error for the same mistake.
/// `checkOptions` reports options the pipeline cannot run with while the
/// pipeline is parsed (nothing is built, so --dump-pass-pipeline prints no
/// pass that stands for the error); the builder's own check remains for
/// callers of the C++ API.
template <typename Options>
void registerModulePipeline(
    StringRef arg, StringRef description,
    void (*builder)(OpPassManager &, const Options &),
    tg::OptionsError (*checkOptions)(const Options &) = nullptr) {
  registerPassPipeline(
      arg, description,
      [arg, builder,
       checkOptions](OpPassManager &pm, StringRef optionsStr,
                     function_ref<LogicalResult(const Twine &)> errorHandler) {
        // An op-agnostic manager (`any(...)`) takes module passes; each
        // checks the op it is given when it runs.
        std::optional<StringRef> anchor = pm.getOpName();
        if (anchor && *anchor != ModuleOp::getOperationName())
          return errorHandler("'" + arg + "' is a pipeline of passes on '" +
                              ModuleOp::getOperationName() +
                              "', it cannot run nested on '" +
                              pm.getOpAnchorName() + "'");
        Options options;
        if (failed(options.parseFromString(optionsStr)))
          return failure();
        if (checkOptions)
          if (tg::OptionsError error = checkOptions(options))
            return errorHandler(*error);
        builder(pm, options);
        return success();
      },
      [](function_ref<void(const detail::PassOptions &)> optHandler) {
        optHandler(Options());
      });
}
} // namespace

void tg::registerTGPipelines() {
  registerModulePipeline<KernelPipelineOptions>(
      "tg-kernel-pipeline",
      "Compile the fused kernels of a tg module to the llvm dialect, with the "
      "Python frames as LLVM debug scopes (tg-compile-kernel's pipeline)",
      buildKernelPipeline);
  registerModulePipeline<GPUKernelPipelineOptions>(
      "tg-gpu-kernel-pipeline",
      "Compile the fused kernels of a tg module to GPU kernels in the llvm "
      "and nvvm dialects, with the Python frames as PTX line chains "
      "(tg-compile-kernel --target=nvptx64's pipeline)",
      buildGPUKernelPipeline, checkGPUKernelPipelineOptions);
}
