// RUN: tg-opt %s -split-input-file -verify-diagnostics --tg-extract-kernels=shape=4 -o /dev/null
// RUN: not tg-opt %tg_src_root/test/tg-compile-kernel/Inputs/gated.mlir --tg-extract-kernels 2>&1 | FileCheck %s --check-prefix=NOKERNEL
// RUN: tg-opt %tg_src_root/test/tg-compile-kernel/Inputs/gated.mlir --tg-inline --tg-fuse-elementwise -mlir-print-debuginfo -o %t.mlir
// RUN: not tg-opt %t.mlir --tg-extract-kernels 2>&1 | FileCheck %s --check-prefix=NOSHAPE
// RUN: not tg-opt %t.mlir --tg-extract-kernels="shape=4xa" 2>&1 | FileCheck %s --check-prefix=BADSHAPE
// RUN: not tg-opt %t.mlir --tg-extract-kernels="shape=0x4" 2>&1 | FileCheck %s --check-prefix=BADSHAPE
// RUN: not tg-opt %t.mlir --tg-extract-kernels="shape=4 element-type=i32" 2>&1 | FileCheck %s --check-prefix=ETYPE
// RUN: not tg-opt %t.mlir --tg-extract-kernels="shape=4 kernels=nope" 2>&1 | FileCheck %s --check-prefix=NAME
// RUN: not tg-opt %t.mlir --tg-extract-kernels="shape=4 trap-after=99" 2>&1 | FileCheck %s --check-prefix=TRAP-NONE
// RUN: tg-opt %t.mlir --tg-assign-debug-handles -mlir-print-debuginfo -o %t.h.mlir
// RUN: not tg-opt %t.h.mlir --tg-extract-kernels="shape=4 trap-after=99" 2>&1 | FileCheck %s --check-prefix=TRAP
// RUN: not tg-opt %t.h.mlir --tg-extract-kernels="shape=4 trap-after=-2" 2>&1 | FileCheck %s --check-prefix=TRAP-NEG

// NOKERNEL: error: tg-extract-kernels: the module has no tg.kernel (run --tg-fuse-elementwise first)
// NOSHAPE: error: kernel 'fused_add_mul_relu_sigmoid_0' has no static tensor shape; import with an example input (torch-to-tg --example-input; a value whose shape differs between runs, as in a loop that grows it or a branch the example did not take, gets none) or give one with shape=AxBxC (tg-compile-kernel --shape AxBxC)
// BADSHAPE: error: tg-extract-kernels: shape must be positive sizes joined by 'x' (1x64x56x56), got
// ETYPE: tg-opt: for the --element-type option: Cannot find option named 'i32'!
// NAME: error: tg-extract-kernels: no kernel named 'nope' in the module
// TRAP-NONE: error: tg-extract-kernels: trap-after=99: no op of the extracted kernels has that debug handle (their ops have no debug handles: number them with --tg-assign-debug-handles first)
// TRAP: error: tg-extract-kernels: trap-after=99: no op of the extracted kernels has that debug handle{{$}}
// A negative handle other than -1 (none) was taken as none: nothing trapped, exit 0.
// TRAP-NEG: error: tg-extract-kernels: trap-after must be a debug handle (>= 0), or -1 for none, got -2

tg.graph @"M::forward"(%self: !tg.module<"M">, %x: !tg.tensor) -> !tg.tensor {
  %r = tg.kernel "k"(%x) : (!tg.tensor) -> !tg.tensor {
  ^bb0(%a: !tg.tensor):
    // expected-error @+1 {{cannot lower 'aten::softmax' (supported, as aten:: and in-place: add, sub, mul, div, neg, relu, relu6, hardtanh, clamp, clamp_min, clamp_max, sigmoid, hardsigmoid, silu, hardswish, mish, gelu, leaky_relu, elu, softplus, tanh, exp, log, sqrt, rsqrt, abs, erf, pow, reciprocal, square, log1p, expm1, sin, cos, minimum, maximum, where, eq, ne, lt, le, gt, ge, logical_not; reductions mean, sum, amax, amin)}}
    %0 = tg.op "aten::softmax"(%a) : (!tg.tensor) -> !tg.tensor
    tg.kernel_yield %0 : !tg.tensor
  }
  tg.return %r : !tg.tensor
}

// -----

// A None where an operator needs a number (None is an optional bound's way
// to say "none", not a value to multiply by).
tg.graph @"M::forward"(%self: !tg.module<"M">, %x: !tg.tensor, %l: !tg.value) -> !tg.tensor {
  %none = tg.constant(unit) : !tg.value
  %r = tg.kernel "k"(%x, %none) : (!tg.tensor, !tg.value) -> !tg.tensor {
  ^bb0(%a: !tg.tensor, %n: !tg.value):
    // expected-error @+1 {{operand 1 of 'aten::mul' is None}}
    %0 = tg.op "aten::mul"(%a, %n) : (!tg.tensor, !tg.value) -> !tg.tensor
    tg.kernel_yield %0 : !tg.tensor
  }
  tg.return %r : !tg.tensor
}

// -----

// Too few operands; a string where a number is needed.
tg.graph @"M::forward"(%self: !tg.module<"M">, %x: !tg.tensor) -> !tg.tensor {
  %r = tg.kernel "k"(%x) : (!tg.tensor) -> !tg.tensor {
  ^bb0(%a: !tg.tensor):
    // expected-error @+1 {{'aten::add' needs 2 operands but has 1}}
    %1 = tg.op "aten::add"(%a) : (!tg.tensor) -> !tg.tensor
    tg.kernel_yield %1 : !tg.tensor
  }
  tg.return %r : !tg.tensor
}

// -----

tg.graph @"M::forward"(%self: !tg.module<"M">, %x: !tg.tensor) -> !tg.tensor {
  %s = tg.constant("tanh") : !tg.value
  %r = tg.kernel "k"(%x, %s) : (!tg.tensor, !tg.value) -> !tg.tensor {
  ^bb0(%a: !tg.tensor, %t: !tg.value):
    // expected-error @+1 {{operand 1 of 'aten::leaky_relu' is not a tensor or a number}}
    %1 = tg.op "aten::leaky_relu"(%a, %t) : (!tg.tensor, !tg.value) -> !tg.tensor
    tg.kernel_yield %1 : !tg.tensor
  }
  tg.return %r : !tg.tensor
}

// -----

// gelu's approximate must be one of PyTorch's two strings.
tg.graph @"M::forward"(%self: !tg.module<"M">, %x: !tg.tensor) -> !tg.tensor {
  %s = tg.constant("exact") : !tg.value
  %r = tg.kernel "k"(%x, %s) : (!tg.tensor, !tg.value) -> !tg.tensor {
  ^bb0(%a: !tg.tensor, %t: !tg.value):
    // expected-error @+1 {{gelu's approximate must be the constant "none" or "tanh"}}
    %1 = tg.op "aten::gelu"(%a, %t) : (!tg.tensor, !tg.value) -> !tg.tensor
    tg.kernel_yield %1 : !tg.tensor
  }
  tg.return %r : !tg.tensor
}

// -----

// Static types (from example inputs): an operand that does not broadcast to
// its op's result is an error, not a read past its buffer.
tg.graph @"M::forward"(%self: !tg.module<"M">, %x: tensor<4xf32>, %y: tensor<8xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{kernel 'k' reads a tensor of type 'tensor<8xf32>' that does not broadcast to 'tensor<4xf32>'}}
  %r = tg.kernel "k"(%x, %y) : (tensor<4xf32>, tensor<8xf32>) -> tensor<4xf32> {
  ^bb0(%a: tensor<4xf32>, %b: tensor<8xf32>):
    %0 = tg.op "aten::add"(%a, %b) : (tensor<4xf32>, tensor<8xf32>) -> tensor<4xf32>
    tg.kernel_yield %0 : tensor<4xf32>
  }
  tg.return %r : tensor<4xf32>
}

// -----

// The shape option must agree with a kernel's static type (this file runs
// with shape=4).
tg.graph @"M::forward"(%self: !tg.module<"M">, %x: tensor<2x4xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{kernel 'k' has type 'tensor<2x4xf32>', which shape=4 contradicts}}
  %r = tg.kernel "k"(%x) : (tensor<2x4xf32>) -> tensor<2x4xf32> {
  ^bb0(%a: tensor<2x4xf32>):
    %0 = tg.op "aten::relu"(%a) : (tensor<2x4xf32>) -> tensor<2x4xf32>
    tg.kernel_yield %0 : tensor<2x4xf32>
  }
  tg.return %r : tensor<2x4xf32>
}

// -----

// Element types other than element-type (f32 here) are not lowered.
tg.graph @"M::forward"(%self: !tg.module<"M">, %x: tensor<4xf16>) -> tensor<4xf16> {
  // expected-error @+1 {{kernel 'k' has a tensor of element type 'f16' but element-type is 'f32'}}
  %r = tg.kernel "k"(%x) : (tensor<4xf16>) -> tensor<4xf16> {
  ^bb0(%a: tensor<4xf16>):
    %0 = tg.op "aten::relu"(%a) : (tensor<4xf16>) -> tensor<4xf16>
    tg.kernel_yield %0 : tensor<4xf16>
  }
  tg.return %r : tensor<4xf16>
}

// -----

// An integer tensor (indices) may only be read, through layout ops, by an op
// that makes floats of it: one computed in integers is not lowered...
tg.graph @"M::forward"(%self: !tg.module<"M">, %x: tensor<4xi64>) -> tensor<4xf32> {
  // expected-error @+1 {{kernel 'k' has a tensor of element type 'i64' that is computed, not only read (element-type is 'f32')}}
  %r = tg.kernel "k"(%x) : (tensor<4xi64>) -> tensor<4xf32> {
  ^bb0(%a: tensor<4xi64>):
    %0 = tg.op "aten::neg"(%a) : (tensor<4xi64>) -> tensor<4xi64>
    %1 = tg.op "aten::relu"(%0) : (tensor<4xi64>) -> tensor<4xf32>
    tg.kernel_yield %1 : tensor<4xf32>
  }
  tg.return %r : tensor<4xf32>
}

// -----

// ... nor is an integer output.
tg.graph @"M::forward"(%self: !tg.module<"M">, %x: tensor<4xi64>) -> tensor<1x4xi64> {
  %zero = tg.constant(0 : i64) : !tg.value
  // expected-error @+1 {{kernel 'k' has an output of element type 'i64' but element-type is 'f32'}}
  %r = tg.kernel "k"(%x, %zero) : (tensor<4xi64>, !tg.value) -> tensor<1x4xi64> {
  ^bb0(%a: tensor<4xi64>, %c0: !tg.value):
    %0 = tg.op "aten::unsqueeze"(%a, %c0) : (tensor<4xi64>, !tg.value) -> tensor<1x4xi64>
    tg.kernel_yield %0 : tensor<1x4xi64>
  }
  tg.return %r : tensor<1x4xi64>
}

// -----

tg.graph @"M::forward"(%self: !tg.module<"M">, %x: tensor<?xf32>) -> tensor<?xf32> {
  // expected-error @+1 {{kernel 'k' has a tensor of dynamic shape 'tensor<?xf32>'}}
  %r = tg.kernel "k"(%x) : (tensor<?xf32>) -> tensor<?xf32> {
  ^bb0(%a: tensor<?xf32>):
    %0 = tg.op "aten::relu"(%a) : (tensor<?xf32>) -> tensor<?xf32>
    tg.kernel_yield %0 : tensor<?xf32>
  }
  tg.return %r : tensor<?xf32>
}

// -----

// A zero-size dim after the first: MLIR's strides of the shape are dynamic,
// so the lowering to LLVM would stop half way (it left casts behind, and
// tg-compile-kernel failed with an internal message).
tg.graph @"M::forward"(%self: !tg.module<"M">, %x: tensor<3x0xf32>) -> tensor<3x0xf32> {
  // expected-error @+1 {{kernel 'k' has a tensor of type 'tensor<3x0xf32>' with a zero-size dim after the first, which the lowering to LLVM does not support (MLIR's strides of such a shape are not static)}}
  %r = tg.kernel "k"(%x) : (tensor<3x0xf32>) -> tensor<3x0xf32> {
  ^bb0(%a: tensor<3x0xf32>):
    %0 = tg.op "aten::relu"(%a) : (tensor<3x0xf32>) -> tensor<3x0xf32>
    tg.kernel_yield %0 : tensor<3x0xf32>
  }
  tg.return %r : tensor<3x0xf32>
}

// -----

tg.graph @"M::forward"(%self: !tg.module<"M">, %x: !tg.tensor) -> !tg.tensor {
  %r = tg.kernel "k"(%x) : (!tg.tensor) -> !tg.tensor {
  ^bb0(%a: !tg.tensor):
    // expected-error @+1 {{cannot lower 'prim::ListConstruct' (supported, as aten:: and in-place}}
    %0 = tg.op "prim::ListConstruct"(%a) : (!tg.tensor) -> !tg.tensor
    tg.kernel_yield %0 : !tg.tensor
  }
  tg.return %r : !tg.tensor
}

// -----

tg.graph @"M::forward"(%self: !tg.module<"M">, %x: !tg.tensor) -> !tg.value {
  %r = tg.kernel "k"(%x) : (!tg.tensor) -> !tg.value {
  ^bb0(%a: !tg.tensor):
    %0 = tg.op "aten::relu"(%a) : (!tg.tensor) -> !tg.tensor
    %1 = tg.op "aten::size"(%0) : (!tg.tensor) -> !tg.value
    // expected-error @+1 {{kernel 'k' returns a value that is not a tensor}}
    tg.kernel_yield %1 : !tg.value
  }
  tg.return %r : !tg.value
}

// -----

// A failing kernel after one that lowered: the first function is freed (the
// fuzzer found it leaked), and the module is left as it was.
tg.graph @"M::forward"(%self: !tg.module<"M">, %x: !tg.tensor) -> !tg.tensor {
  %r = tg.kernel "ok"(%x) : (!tg.tensor) -> !tg.tensor {
  ^bb0(%a: !tg.tensor):
    %0 = tg.op "aten::relu"(%a) : (!tg.tensor) -> !tg.tensor
    tg.kernel_yield %0 : !tg.tensor
  }
  %s = tg.kernel "bad"(%r) : (!tg.tensor) -> !tg.tensor {
  ^bb0(%a: !tg.tensor):
    // expected-error @+1 {{cannot lower 'aten::softmax'}}
    %0 = tg.op "aten::softmax"(%a) : (!tg.tensor) -> !tg.tensor
    tg.kernel_yield %0 : !tg.tensor
  }
  tg.return %s : !tg.tensor
}
