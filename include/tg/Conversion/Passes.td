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
    `func.func` of the same name computing its ops with linalg ops on
    static-shape tensors, and everything else in the module (the graphs) is
    erased. Upstream passes take it from there (bufferization, loops, the
    llvm dialect; docs/native-debugging.md has the pipeline).

    Structure. One `linalg.generic` per reduction of the kernel, in program
    order, over the reduced tensor's shape with `reduction` iterators at the
    reduced dims, accumulating from the reduction's identity (`linalg.fill`
    of 0, -inf or +inf) into a tensor of the kept dims; then one parallel
    `linalg.generic` per distinct shape of the values the kernel yields. In
    each generic a value is computed at the index where it is needed: an
    operand is read through the NumPy broadcast from its shape to its op's,
    composed with the op's own index (a `[C, 1, 1]` tensor read at `(c, 0,
    0)` of a `[N, C, H, W]` space; a reduction's result through its kept
    dims). A pointwise op needed by several generics is computed in each; a
    mean divides its sum by the count where it is read. The reduction
    tensors are freed (`bufferization.dealloc_tensor`) before the function
    returns. A kernel without reductions is one generic, as before.

    Each op of the kernel becomes `arith`/`math` ops *at the op's own
    location*, and the last of them keeps its `tg.debug_handle` (in every
    generic that computes it; a reduction's combining op and a mean's
    division keep the reduction's): every origin of the kernel stays on the
    instructions that compute it. The function keeps the kernel's location
    and handle and is marked `tg.traced_from = "Class::method"` with the
    graph it came from, so module paths and `--tg-export-llvm-debuginfo`
    start where the graph's did. Loads, stores and loops get the kernel's
    location.

    Signature: one tensor argument per tensor input (with its own static
    type, so inputs of several shapes broadcast), one result per value the
    kernel yields (each with its own type). A scalar input defined by a
    numeric `tg.constant` (the `alpha` of `aten::add`) becomes a constant in
    the body; strings, None, bools and lists (gelu's `approximate`, a
    reduction's dims and keepdim) are read by the lowering; any other scalar
    input becomes a scalar argument. Tensors whose type is not ranked have
    the static shape `shape` (`1x64x56x56`) and the element type
    `element-type`; ranked tensors keep theirs (float of `element-type`, or
    `i1` for masks and comparisons).

    Operators (`aten::`, in-place forms too), each as PyTorch defines it:
    add, sub (with alpha), mul, div, pow, neg, reciprocal, square, minimum,
    maximum, relu, relu6, hardtanh (with bounds), clamp (either bound may be
    None), clamp_min, clamp_max, sigmoid, hardsigmoid, silu, hardswish,
    mish, gelu (`approximate` "none" or "tanh"), leaky_relu
    (negative_slope), elu (alpha, scale, input_scale), softplus (beta,
    threshold), tanh, exp, log, log1p, expm1, sqrt, rsqrt, abs, erf, sin,
    cos, eq, ne, lt, le, gt, ge (bools), where, logical_not; reductions
    mean, sum, amax, amin (constant dims, keepdim, dtype None): every
    operator `--tg-fuse-elementwise` takes by default. Anything else is an
    error at the op, as are an operand that does not broadcast to its op's
    result, a missing shape, a kernel name in `kernels` that no kernel has,
    and a module without kernels.

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
