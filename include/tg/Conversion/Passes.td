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
    `element-type`; ranked tensors keep theirs (float of `element-type`,
    `i1` for masks and comparisons, or an integer type for an input of
    indices: an `arange` that layout ops read and a float op scales, as
    MViT-V2's relative positions; each element becomes a float where it is
    read, `arith.sitofp`. An integer tensor an op computes, or an integer
    output, is an error: the body computes in `element-type`).

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

    Without `kernels`, every kernel is extracted but one that cannot be
    typed: a kernel with a tensor of no static shape, in a graph other than
    the `tg.entry` graph, when `shape` is not given. Example inputs type
    only the program the entry runs, and a graph it never calls keeps its
    imported types (`nn.MultiheadAttention` never calls `out_proj.forward`,
    whose fused linear stays untyped). Such a kernel is skipped with a
    warning naming it and its graph; when every kernel is skipped, that is
    an error. A kernel named in `kernels` is never skipped.

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
               "Names of the kernels to extract (default: every kernel that "
               "can be typed; see the description)">,
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

//===----------------------------------------------------------------------===//
// KernelsToGPU: the extracted kernels as GPU kernels (NVPTX)
//===----------------------------------------------------------------------===//

def TGKernelsToGPU : Pass<"tg-kernels-to-gpu", "mlir::ModuleOp"> {
  let summary = "Turn kernel functions over buffers into GPU kernels";
  let description = [{
    Works on what the kernel pipeline makes of `--tg-extract-kernels` after
    bufferization: functions whose bodies are a sequence of linalg ops on
    static-shape memrefs (`linalg.generic` with parallel and reduction
    iterators, named ops such as `linalg.fill`, which it generalizes), with
    `memref.copy` and `memref.alloc` for intermediate buffers. It never looks
    at tg ops, so every operator the reference lowering learns is a GPU
    operator too. Each function becomes a kernel (a function the NVVM
    lowering marks `nvvm.kernel`) that one launch of `block-size` threads per
    block and any number of blocks computes, over the grid's x dimension
    only:

    - the function's arguments stay, in order (inputs, then outputs; a
      scalar argument by value), and each `memref.alloc` becomes a *scratch*
      argument appended after them, a buffer the launcher allocates;
    - the iteration spaces split into *rows*: the longest run of leading
      parallel dimensions that every linalg op shares and along which every
      buffer the kernel writes is only ever read and written at its own row
      (inputs the kernel only reads are read anywhere, broadcasting
      included; a written buffer read through a reshape makes one row), so
      rows are independent;
    - *pointwise* when a row is one element in every op (today's fused
      kernels): a grid-stride loop, one thread per row, each thread running
      every op of its row in order;
    - *rows* otherwise (reductions, ops of different shapes): a grid-stride
      loop over rows, one block per row; inside a row each op in turn, with a
      barrier between ops: parallel dimensions strided over the block's
      threads; a reduction whose combiner is one `arith` op (addf, mulf,
      maximumf, minimumf, maxnumf, minnumf, integer add/mul/min/max/and/or/
      xor) over a single output reduces in a shared-memory tree, any other
      reduction sequentially in linalg's order, one thread per output
      element.

    Every op of a linalg body is cloned at its own location (keeping its
    `tg.debug_handle`); loads and loop control get the linalg op's location,
    a store the location of the op that computed the stored value. The
    function gets `tg.gpu.launch = {strategy, block, grid, rows}` (grid: the
    recommended x size, enough blocks for every row) and each argument
    `tg.gpu.role` (`input`, `output`, `scratch`, `scalar`); `describe=FILE`
    writes the same as JSON (docs/gpu-debugging.md, "Launch ABI").

    `plant-oob=N` is a debug option, as `trap-after` is for host code: right
    after the op with debug handle N, the first thread that computes it
    (row 0, first element) stores its value 1 TiB past the kernel's first
    output buffer, where no allocation lives, so that
    `compute-sanitizer --tool memcheck` reports an out-of-bounds write at
    that op's location.

    Errors: an op the kernel cannot run (anything but linalg ops on memrefs,
    `memref.alloc`, `memref.copy`, `memref.dealloc`, views made by
    `memref.expand_shape`, `memref.collapse_shape` and `memref.cast`,
    side-effect-free arithmetic on scalars, the return),
    a buffer of dynamic shape or non-identity layout, a linalg op on tensors,
    a block size that is not a power of two in [32, 1024], a `plant-oob`
    handle that no op of the module has, a `describe` file that cannot
    be written, and a module without a function to lower (no function with
    a body: tg graphs that `--tg-extract-kernels` has not turned into
    kernel functions).
  }];
  let dependentDialects = [
    "mlir::arith::ArithDialect", "mlir::gpu::GPUDialect",
    "mlir::LLVM::LLVMDialect", "mlir::memref::MemRefDialect",
    "mlir::scf::SCFDialect"
  ];
  let options = [
    Option<"blockSize", "block-size", "int64_t", /*default=*/"256",
           "Threads per block (a power of two in [32, 1024])">,
    Option<"plantOOB", "plant-oob", "int64_t", /*default=*/"-1",
           "Debug handle of the op after which to plant an out-of-bounds "
           "store (default: none)">,
    Option<"describe", "describe", "std::string", /*default=*/"\"\"",
           "Write each kernel's launch description (JSON) to this file">,
  ];
}

def TGApproximateMath : Pass<"tg-approximate-math"> {
  let summary = "Lower math functions to arithmetic, as the GPU kernels do";
  let description = [{
    Rewrites the `math` functions that have no native instruction on
    NVPTX into `arith` and `math` ops that do (MLIR's polynomial
    approximations and expansions, f32): exp, exp2, expm1, log, log1p, log2,
    tanh, erf, powf, and their f16/bf16 forms through f32. The GPU kernels
    need no libdevice (and so no CUDA toolkit to be compiled) because of
    it. On host code (tg-compile-kernel `--gpu-math`) the same rewrite lets
    the GPU kernels' numerics be checked against PyTorch without a GPU.
  }];
  let dependentDialects = [
    "mlir::arith::ArithDialect", "mlir::math::MathDialect",
    "mlir::vector::VectorDialect"
  ];
}

def TGKernelsToNVVM : Pass<"tg-kernels-to-nvvm", "mlir::ModuleOp"> {
  let summary = "Lower the GPU kernels to the llvm and nvvm dialects";
  let description = [{
    What upstream's `--convert-gpu-to-nvvm` does for a `gpu.module`, for
    the kernels `--tg-kernels-to-gpu` makes in the top-level module: arith,
    cf, func (bare pointers: a kernel parameter is a pointer or a scalar),
    memref (shared memory in address space 3), math and the gpu dialect's
    ids and barriers to the llvm and nvvm dialects, with 64-bit indices.
    Each function with `tg.gpu.launch` becomes an `nvvm.kernel` whose
    `nvvm.reqntid` is its block size. Runs after `--tg-approximate-math`
    and `--convert-scf-to-cf`; a math function left that NVPTX cannot
    lower without libdevice (one on f64) is an error at its op.
  }];
  let dependentDialects = ["mlir::LLVM::LLVMDialect", "mlir::NVVM::NVVMDialect"];
}

#endif // TG_CONVERSION_PASSES_TD
