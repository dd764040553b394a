//===- Pipelines.h - tracegraph pass pipelines ------------------*- C++ -*-===//
//
// Named pipelines of tracegraph and upstream passes, as MLIR names its own
// (mlir/Dialect/GPU/Pipelines/Passes.h): an options struct, a builder that
// fills an OpPassManager, and a registration that makes the pipeline a tg-opt
// flag with the same options.
//
//===----------------------------------------------------------------------===//

#ifndef TG_PIPELINES_PIPELINES_H
#define TG_PIPELINES_PIPELINES_H

#include "tg/Conversion/TGToLinalg/TGToLinalg.h"

#include "mlir/Pass/PassOptions.h"

#include <cstdint>
#include <string>

namespace mlir {
class DialectRegistry;
class OpPassManager;
} // namespace mlir

namespace tg {

/// Options of the kernel pipeline (`--tg-kernel-pipeline`). kernels, shape,
/// element-type and trap-after are `--tg-extract-kernels`'s, under the same
/// names and with the same defaults.
struct KernelPipelineOptions
    : public mlir::PassPipelineOptions<KernelPipelineOptions> {
  ListOption<std::string> kernels{
      *this, "kernels",
      llvm::cl::desc("Names of the kernels to compile (default: every "
                     "kernel)")};
  Option<std::string> shape{
      *this, "shape",
      llvm::cl::desc("Static shape of the kernels' tensors, as 1x64x56x56 "
                     "(needed unless their types are ranked tensors)"),
      llvm::cl::init("")};
  Option<KernelElementType> elementType{
      *this, "element-type", llvm::cl::desc("Element type of the tensors"),
      llvm::cl::init(KernelElementType::F32),
      llvm::cl::values(
          clEnumValN(KernelElementType::F32, "f32", "32-bit floats (C float)"),
          clEnumValN(KernelElementType::F64, "f64",
                     "64-bit floats (C double)"))};
  Option<int64_t> trapAfter{
      *this, "trap-after",
      llvm::cl::desc("Debug handle of the op after which to trap (default: "
                     "none)"),
      llvm::cl::init(-1)};
  Option<bool> debugInfo{
      *this, "debug-info",
      llvm::cl::desc("Turn the Python call stacks into LLVM debug scopes "
                     "(--tg-export-llvm-debuginfo); false: strip every "
                     "location (-strip-debuginfo)"),
      llvm::cl::init(true)};
  Option<bool> gpuMath{
      *this, "gpu-math",
      llvm::cl::desc("Lower math functions as the GPU kernels do "
                     "(--tg-approximate-math) instead of calling libm: the "
                     "GPU kernels' numerics, checked on the host"),
      llvm::cl::init(false)};
  Option<bool> keepCompareRows{
      *this, "keep-compare-rows",
      llvm::cl::desc("Give each compare that a select of another op reads a "
                     "line-table row of its own (--tg-keep-compare-rows; "
                     "with debug-info only): a few bytes of code per "
                     "compare"),
      llvm::cl::init(true)};
};

/// Options of the GPU kernel pipeline (`--tg-gpu-kernel-pipeline`): the
/// kernel pipeline's kernels, shape, element-type, trap-after and
/// debug-info, under the same names and with the same defaults, then
/// `--tg-kernels-to-gpu`'s and where the line chains go.
struct GPUKernelPipelineOptions
    : public mlir::PassPipelineOptions<GPUKernelPipelineOptions> {
  ListOption<std::string> kernels{
      *this, "kernels",
      llvm::cl::desc("Names of the kernels to compile (default: every "
                     "kernel)")};
  Option<std::string> shape{
      *this, "shape",
      llvm::cl::desc("Static shape of the kernels' tensors, as 1x64x56x56 "
                     "(needed unless their types are ranked tensors)"),
      llvm::cl::init("")};
  Option<KernelElementType> elementType{
      *this, "element-type", llvm::cl::desc("Element type of the tensors"),
      llvm::cl::init(KernelElementType::F32),
      llvm::cl::values(
          clEnumValN(KernelElementType::F32, "f32", "32-bit floats"),
          clEnumValN(KernelElementType::F64, "f64", "64-bit floats"))};
  Option<int64_t> trapAfter{
      *this, "trap-after",
      llvm::cl::desc("Debug handle of the op after which to trap (default: "
                     "none)"),
      llvm::cl::init(-1)};
  Option<bool> debugInfo{
      *this, "debug-info",
      llvm::cl::desc("Turn the Python call stacks into PTX line chains "
                     "(--tg-export-ptx-line-chains, written to "
                     "line-chains=); false: strip every location"),
      llvm::cl::init(true)};
  Option<bool> extract{
      *this, "extract",
      llvm::cl::desc("Start with --tg-extract-kernels; false: the module "
                     "already holds kernel functions over tensors, as that "
                     "pass makes them (linalg ops of any kind), and kernels, "
                     "shape, element-type and trap-after are unused"),
      llvm::cl::init(true)};
  Option<int64_t> blockSize{
      *this, "block-size",
      llvm::cl::desc("Threads per block (--tg-kernels-to-gpu)"),
      llvm::cl::init(256)};
  Option<int64_t> plantOOB{
      *this, "plant-oob",
      llvm::cl::desc("Debug handle of the op after which to plant an "
                     "out-of-bounds store (--tg-kernels-to-gpu; default: "
                     "none)"),
      llvm::cl::init(-1)};
  Option<std::string> describe{
      *this, "describe",
      llvm::cl::desc("Write the kernels' launch descriptions (JSON) here "
                     "(--tg-kernels-to-gpu)"),
      llvm::cl::init("")};
  Option<std::string> lineChains{
      *this, "line-chains",
      llvm::cl::desc("Write the line-chain table here "
                     "(--tg-export-ptx-line-chains; needed with debug-info)"),
      llvm::cl::init("")};
};

/// Adds the passes that compile the fused kernels of a tg module (after
/// --tg-inline and --tg-fuse-elementwise) to the llvm dialect, ready for
/// `mlir-translate --mlir-to-llvmir`: tracegraph's reference lowering
/// (--tg-extract-kernels), upstream bufferization and conversions to loops
/// and to the llvm dialect (bare-pointer calling convention: a kernel is a C
/// function over contiguous arrays), then --tg-export-llvm-debuginfo, or
/// -strip-debuginfo without debug info. `pm` runs on the module. The context
/// needs the interfaces registerKernelPipelineExtensions adds (tg-opt
/// registers every dialect and extension).
void buildKernelPipeline(mlir::OpPassManager &pm,
                         const KernelPipelineOptions &options);

/// Adds the passes that compile the fused kernels of a tg module to GPU
/// kernels in the llvm and nvvm dialects, ready for `mlir-translate
/// --mlir-to-llvmir` and llc's NVPTX backend: the same extraction and
/// bufferization as buildKernelPipeline, then --tg-kernels-to-gpu,
/// --tg-approximate-math, --convert-scf-to-cf, --tg-kernels-to-nvvm,
/// --reconcile-unrealized-casts and --tg-export-ptx-line-chains (or
/// -strip-debuginfo without debug info). The context needs
/// registerKernelPipelineExtensions's interfaces.
void buildGPUKernelPipeline(mlir::OpPassManager &pm,
                            const GPUKernelPipelineOptions &options);

/// Adds what the kernel pipeline needs beyond the dialects its passes load:
/// upstream's bufferization interfaces of arith, func, linalg and tensor ops,
/// and memref.alloc's allocation interface (without which the deallocation
/// passes free no temporary buffer).
void registerKernelPipelineExtensions(mlir::DialectRegistry &registry);

/// Registers every tracegraph pipeline (`--tg-kernel-pipeline`,
/// `--tg-gpu-kernel-pipeline`) with MLIR's
/// pass registry, for tg-opt and mlir-opt-like drivers.
void registerTGPipelines();

} // namespace tg

#endif // TG_PIPELINES_PIPELINES_H
