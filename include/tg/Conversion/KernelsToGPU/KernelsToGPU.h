//===- KernelsToGPU.h - Kernel functions as GPU kernels ---------*- C++ -*-===//
//
// The GPU half of the kernel pipeline: the functions that the reference
// lowering and bufferization make of fused kernels become GPU kernels
// (`--tg-kernels-to-gpu`), their math functions arithmetic
// (`--tg-approximate-math`), and the whole the llvm and nvvm dialects
// (`--tg-kernels-to-nvvm`), ready for mlir-translate and llc's NVPTX
// backend. Contracts and options are in tg/Conversion/Passes.td;
// docs/gpu-debugging.md has the launch ABI and why the lowering is ours.
//
//===----------------------------------------------------------------------===//

#ifndef TG_CONVERSION_KERNELSTOGPU_KERNELSTOGPU_H
#define TG_CONVERSION_KERNELSTOGPU_KERNELSTOGPU_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

#include <memory>

namespace tg {

/// The attribute `--tg-kernels-to-gpu` puts on each kernel function:
/// `{strategy = "pointwise"|"rows", block = B, grid = G, rows = R}`.
inline constexpr llvm::StringLiteral kGPULaunchAttrName = "tg.gpu.launch";
/// The argument attribute giving each parameter's role: `input`, `output`,
/// `scratch` or `scalar`.
inline constexpr llvm::StringLiteral kGPURoleAttrName = "tg.gpu.role";

#define GEN_PASS_DECL_TGKERNELSTOGPU
#define GEN_PASS_DECL_TGAPPROXIMATEMATH
#define GEN_PASS_DECL_TGKERNELSTONVVM
#include "tg/Conversion/Passes.h.inc"

} // namespace tg

#endif // TG_CONVERSION_KERNELSTOGPU_KERNELSTOGPU_H
