//===- Passes.td - tracegraph conversion passes ------------*- tablegen -*-===//
//
// The lowerings from the tg dialect to upstream dialects, declared as MLIR
// declares its own (mlir/Conversion/Passes.td): one pass per lowering, with
// its contract and options. docs/reference/TGConversionPasses.md is
// generated from this file.
//
//===----------------------------------------------------------------------===//

#ifndef TG_CONVERSION_PASSES_TD
#define TG_CONVERSION_PASSES_TD

include "mlir/Pass/PassBase.td"

//===----------------------------------------------------------------------===//
// TGToLinalg: the reference lowering of fused kernels
//===----------------------------------------------------------------------===//

def TGExtractKernels : Pass<"tg-extract-kernels", "mlir::ModuleOp"> {
  let summary = "Replace the module by its fused kernels as linalg functions";
  let description = [{
    A reference lowering, enough to compile the kernels that
    `--tg-fuse-elementwise` makes: every selected `tg.kernel` becomes a
    `func.func` of the same name computing its ops with one
    `linalg.generic` on static-shape tensors, and everything else in the
    module (the graphs) is erased. Upstream passes take it from there
    (bufferization, loops, the llvm dialect; docs/native-debugging.md has the
    pipeline).

    Each op of the kernel becomes `arith`/`math` ops in the generic's body
    *at the op's own location*, and the last of them keeps its
    `tg.debug_handle`: every origin of the kernel stays on the instructions
    that compute it. The function keeps the kernel's location and handle and
    is marked `tg.traced_from = "Class::method"` with the graph it came from,
    so module paths and `--tg-export-llvm-debuginfo` start where the graph's
    did. Loads, stores and loops get the kernel's location.

    Signature: one tensor argument per tensor input, one result per value
    the kernel yields. A scalar input defined by a numeric `tg.constant`
    (the `alpha` of `aten::add`) becomes a constant in the body; any other
    scalar input becomes a scalar argument. Tensors have the static shape
    `shape` (`1x64x56x56`) unless their type is already a ranked tensor,
    and the element type `element-type`.

    Operators (`aten::`, in-place forms too), each as PyTorch defines it:
    add, sub (with alpha), mul, div, pow, neg, relu, relu6, hardtanh (with
    bounds), clamp (either bound may be None), clamp_min, clamp_max,
    sigmoid, hardsigmoid, silu, hardswish, gelu (`approximate` "none" or
    "tanh"), leaky_relu (negative_slope), elu (alpha, scale, input_scale),
    softplus (beta, threshold), tanh, exp, log, sqrt, rsqrt, abs, erf: every
    operator `--tg-fuse-elementwise` takes by default. A string or None
    constant input (gelu's `approximate`, clamp's missing bound) is read by
    the lowering. Anything else is an error at the op, as are a missing
    shape, a kernel name in `kernels` that no kernel has, and a module
    without kernels.

    `trap-after=N` inserts `llvm.intr.trap` right after the op with debug
    handle N, at its location: a deliberate crash inside a kernel, to see
    what a debugger shows.
  }];
  let dependentDialects = [
    "mlir::arith::ArithDialect", "mlir::bufferization::BufferizationDialect",
    "mlir::func::FuncDialect",
    "mlir::linalg::LinalgDialect", "mlir::LLVM::LLVMDialect",
    "mlir::math::MathDialect", "mlir::tensor::TensorDialect"
  ];
  let options = [
    ListOption<"kernels", "kernels", "std::string",
               "Names of the kernels to extract (default: every kernel)">,
    Option<"shape", "shape", "std::string", /*default=*/"\"\"",
           "Static shape of the kernels' tensors, as 1x64x56x56 (needed "
           "unless their types are ranked tensors)">,
    Option<"elementType", "element-type", "::tg::KernelElementType",
           /*default=*/"::tg::KernelElementType::F32",
           "Element type of the tensors",
           [{::llvm::cl::values(
               clEnumValN(::tg::KernelElementType::F32, "f32",
                          "32-bit floats (C float)"),
               clEnumValN(::tg::KernelElementType::F64, "f64",
                          "64-bit floats (C double)"))}]>,
    Option<"trapAfter", "trap-after", "int64_t", /*default=*/"-1",
           "Debug handle of the op after which to trap (default: none)">,
  ];
}

#endif // TG_CONVERSION_PASSES_TD
