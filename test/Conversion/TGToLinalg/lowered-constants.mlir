// RUN: tg-opt %s --tg-extract-kernels=shape=4 | FileCheck %s --enable-var-scope
// RUN: tg-opt %s --tg-extract-kernels="shape=4 element-type=f64" | FileCheck %s --check-prefix=F64

// The constants of every operator whose lowering has them
// (lib/Conversion/TGToLinalg/TGToLinalg.cpp), each with the ops that use it:
// PyTorch's definitions (aten/src/ATen/native), its default arguments, the
// irrational factors of gelu. Before this file a wrong constant (gelu-tanh's
// 0.044715, say) was caught only by the comparison with PyTorch
// (a torch-only test), which machines without torch skip. One kernel per
// operator, the operator's defaults unless said; the whole body is checked
// line by line, so a constant moved to another operand fails too.

// relu(x) = max(x, 0)
// CHECK-LABEL: func.func @relu(
// CHECK:       ^bb0(%in: f32, %out: f32):
// CHECK-NEXT:    [[CST:%[a-z0-9_]+]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:    [[V2:%[a-z0-9_]+]] = arith.maximumf %in, [[CST]] : f32
// CHECK-NEXT:    linalg.yield [[V2]] : f32
tg.graph @"M::relu"(%self: !tg.module<"M">, %x: !tg.tensor) -> !tg.tensor {
  %r = tg.kernel "relu"(%x) : (!tg.tensor) -> !tg.tensor {
  ^bb0(%a: !tg.tensor):
    %0 = tg.op "aten::relu"(%a) : (!tg.tensor) -> !tg.tensor loc("m.py":11:1)
    tg.kernel_yield %0 : !tg.tensor
  } loc("m.py":12:1)
  tg.return %r : !tg.tensor
}

// relu6(x) = min(max(x, 0), 6)
// CHECK-LABEL: func.func @relu6(
// CHECK:       ^bb0(%in: f32, %out: f32):
// CHECK-NEXT:    [[CST:%[a-z0-9_]+]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:    [[CST_0:%[a-z0-9_]+]] = arith.constant 6.000000e+00 : f32
// CHECK-NEXT:    [[V2:%[a-z0-9_]+]] = arith.maximumf %in, [[CST]] : f32
// CHECK-NEXT:    [[V3:%[a-z0-9_]+]] = arith.minimumf [[V2]], [[CST_0]] : f32
// CHECK-NEXT:    linalg.yield [[V3]] : f32
tg.graph @"M::relu6"(%self: !tg.module<"M">, %x: !tg.tensor) -> !tg.tensor {
  %r = tg.kernel "relu6"(%x) : (!tg.tensor) -> !tg.tensor {
  ^bb0(%a: !tg.tensor):
    %0 = tg.op "aten::relu6"(%a) : (!tg.tensor) -> !tg.tensor loc("m.py":21:1)
    tg.kernel_yield %0 : !tg.tensor
  } loc("m.py":22:1)
  tg.return %r : !tg.tensor
}

// hardtanh(x) with PyTorch's default bounds min_val=-1, max_val=1
// CHECK-LABEL: func.func @hardtanh(
// CHECK:       ^bb0(%in: f32, %out: f32):
// CHECK-NEXT:    [[CST:%[a-z0-9_]+]] = arith.constant -1.000000e+00 : f32
// CHECK-NEXT:    [[CST_0:%[a-z0-9_]+]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT:    [[V2:%[a-z0-9_]+]] = arith.maximumf %in, [[CST]] : f32
// CHECK-NEXT:    [[V3:%[a-z0-9_]+]] = arith.minimumf [[V2]], [[CST_0]] : f32
// CHECK-NEXT:    linalg.yield [[V3]] : f32
tg.graph @"M::hardtanh"(%self: !tg.module<"M">, %x: !tg.tensor) -> !tg.tensor {
  %r = tg.kernel "hardtanh"(%x) : (!tg.tensor) -> !tg.tensor {
  ^bb0(%a: !tg.tensor):
    %0 = tg.op "aten::hardtanh"(%a) : (!tg.tensor) -> !tg.tensor loc("m.py":31:1)
    tg.kernel_yield %0 : !tg.tensor
  } loc("m.py":32:1)
  tg.return %r : !tg.tensor
}

// hardtanh(x, -2.5, 4.0): bounds given as constants are folded into the body
// CHECK-LABEL: func.func @hardtanh_bounds(
// CHECK:       ^bb0(%in: f32, %out: f32):
// CHECK-NEXT:    [[CST:%[a-z0-9_]+]] = arith.constant -2.500000e+00 : f32
// CHECK-NEXT:    [[CST_0:%[a-z0-9_]+]] = arith.constant 4.000000e+00 : f32
// CHECK-NEXT:    [[V2:%[a-z0-9_]+]] = arith.maximumf %in, [[CST]] : f32
// CHECK-NEXT:    [[V3:%[a-z0-9_]+]] = arith.minimumf [[V2]], [[CST_0]] : f32
// CHECK-NEXT:    linalg.yield [[V3]] : f32
tg.graph @"M::hardtanh_bounds"(%self: !tg.module<"M">, %x: !tg.tensor) -> !tg.tensor {
  %c0 = tg.constant(-2.5 : f64) : !tg.value loc("m.py":40:2)
  %c1 = tg.constant(4.0 : f64) : !tg.value loc("m.py":40:3)
  %r = tg.kernel "hardtanh_bounds"(%x, %c0, %c1) : (!tg.tensor, !tg.value, !tg.value) -> !tg.tensor {
  ^bb0(%a: !tg.tensor, %s0: !tg.value, %s1: !tg.value):
    %0 = tg.op "aten::hardtanh"(%a, %s0, %s1) : (!tg.tensor, !tg.value, !tg.value) -> !tg.tensor loc("m.py":41:1)
    tg.kernel_yield %0 : !tg.tensor
  } loc("m.py":42:1)
  tg.return %r : !tg.tensor
}

// clamp(x, None, None): PyTorch rejects it at run time; the kernel computes x + 0
// CHECK-LABEL: func.func @clamp_no_bounds(
// CHECK:       ^bb0(%in: f32, %out: f32):
// CHECK-NEXT:    [[CST:%[a-z0-9_]+]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:    [[V2:%[a-z0-9_]+]] = arith.addf %in, [[CST]] : f32
// CHECK-NEXT:    linalg.yield [[V2]] : f32
tg.graph @"M::clamp_no_bounds"(%self: !tg.module<"M">, %x: !tg.tensor) -> !tg.tensor {
  %c0 = tg.constant(unit) : !tg.value loc("m.py":50:2)
  %c1 = tg.constant(unit) : !tg.value loc("m.py":50:3)
  %r = tg.kernel "clamp_no_bounds"(%x, %c0, %c1) : (!tg.tensor, !tg.value, !tg.value) -> !tg.tensor {
  ^bb0(%a: !tg.tensor, %s0: !tg.value, %s1: !tg.value):
    %0 = tg.op "aten::clamp"(%a, %s0, %s1) : (!tg.tensor, !tg.value, !tg.value) -> !tg.tensor loc("m.py":51:1)
    tg.kernel_yield %0 : !tg.tensor
  } loc("m.py":52:1)
  tg.return %r : !tg.tensor
}

// hardsigmoid(x) = relu6(x + 3) / 6
// CHECK-LABEL: func.func @hardsigmoid(
// CHECK:       ^bb0(%in: f32, %out: f32):
// CHECK-NEXT:    [[CST:%[a-z0-9_]+]] = arith.constant 3.000000e+00 : f32
// CHECK-NEXT:    [[V2:%[a-z0-9_]+]] = arith.addf %in, [[CST]] : f32
// CHECK-NEXT:    [[CST_0:%[a-z0-9_]+]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:    [[CST_1:%[a-z0-9_]+]] = arith.constant 6.000000e+00 : f32
// CHECK-NEXT:    [[V3:%[a-z0-9_]+]] = arith.maximumf [[V2]], [[CST_0]] : f32
// CHECK-NEXT:    [[V4:%[a-z0-9_]+]] = arith.minimumf [[V3]], [[CST_1]] : f32
// CHECK-NEXT:    [[CST_2:%[a-z0-9_]+]] = arith.constant 6.000000e+00 : f32
// CHECK-NEXT:    [[V5:%[a-z0-9_]+]] = arith.divf [[V4]], [[CST_2]] : f32
// CHECK-NEXT:    linalg.yield [[V5]] : f32
tg.graph @"M::hardsigmoid"(%self: !tg.module<"M">, %x: !tg.tensor) -> !tg.tensor {
  %r = tg.kernel "hardsigmoid"(%x) : (!tg.tensor) -> !tg.tensor {
  ^bb0(%a: !tg.tensor):
    %0 = tg.op "aten::hardsigmoid"(%a) : (!tg.tensor) -> !tg.tensor loc("m.py":61:1)
    tg.kernel_yield %0 : !tg.tensor
  } loc("m.py":62:1)
  tg.return %r : !tg.tensor
}

// hardswish(x) = x * relu6(x + 3) / 6
// CHECK-LABEL: func.func @hardswish(
// CHECK:       ^bb0(%in: f32, %out: f32):
// CHECK-NEXT:    [[CST:%[a-z0-9_]+]] = arith.constant 3.000000e+00 : f32
// CHECK-NEXT:    [[V2:%[a-z0-9_]+]] = arith.addf %in, [[CST]] : f32
// CHECK-NEXT:    [[CST_0:%[a-z0-9_]+]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:    [[CST_1:%[a-z0-9_]+]] = arith.constant 6.000000e+00 : f32
// CHECK-NEXT:    [[V3:%[a-z0-9_]+]] = arith.maximumf [[V2]], [[CST_0]] : f32
// CHECK-NEXT:    [[V4:%[a-z0-9_]+]] = arith.minimumf [[V3]], [[CST_1]] : f32
// CHECK-NEXT:    [[V5:%[a-z0-9_]+]] = arith.mulf %in, [[V4]] : f32
// CHECK-NEXT:    [[CST_2:%[a-z0-9_]+]] = arith.constant 6.000000e+00 : f32
// CHECK-NEXT:    [[V6:%[a-z0-9_]+]] = arith.divf [[V5]], [[CST_2]] : f32
// CHECK-NEXT:    linalg.yield [[V6]] : f32
tg.graph @"M::hardswish"(%self: !tg.module<"M">, %x: !tg.tensor) -> !tg.tensor {
  %r = tg.kernel "hardswish"(%x) : (!tg.tensor) -> !tg.tensor {
  ^bb0(%a: !tg.tensor):
    %0 = tg.op "aten::hardswish"(%a) : (!tg.tensor) -> !tg.tensor loc("m.py":71:1)
    tg.kernel_yield %0 : !tg.tensor
  } loc("m.py":72:1)
  tg.return %r : !tg.tensor
}

// leaky_relu(x) with the default negative_slope=0.01: x > 0 ? x : 0.01 x
// CHECK-LABEL: func.func @leaky_relu(
// CHECK:       ^bb0(%in: f32, %out: f32):
// CHECK-NEXT:    [[CST:%[a-z0-9_]+]] = arith.constant 0.00999999977 : f32
// CHECK-NEXT:    [[V2:%[a-z0-9_]+]] = arith.mulf %in, [[CST]] : f32
// CHECK-NEXT:    [[CST_0:%[a-z0-9_]+]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:    [[V3:%[a-z0-9_]+]] = arith.cmpf ogt, %in, [[CST_0]] : f32
// CHECK-NEXT:    [[V4:%[a-z0-9_]+]] = arith.select [[V3]], %in, [[V2]] : f32
// CHECK-NEXT:    linalg.yield [[V4]] : f32
tg.graph @"M::leaky_relu"(%self: !tg.module<"M">, %x: !tg.tensor) -> !tg.tensor {
  %r = tg.kernel "leaky_relu"(%x) : (!tg.tensor) -> !tg.tensor {
  ^bb0(%a: !tg.tensor):
    %0 = tg.op "aten::leaky_relu"(%a) : (!tg.tensor) -> !tg.tensor loc("m.py":81:1)
    tg.kernel_yield %0 : !tg.tensor
  } loc("m.py":82:1)
  tg.return %r : !tg.tensor
}

// elu(x) with alpha = scale = input_scale = 1: scale * (x > 0 ? x : alpha (exp(x input_scale) - 1))
// CHECK-LABEL: func.func @elu(
// CHECK:       ^bb0(%in: f32, %out: f32):
// CHECK-NEXT:    [[CST:%[a-z0-9_]+]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT:    [[CST_0:%[a-z0-9_]+]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT:    [[CST_1:%[a-z0-9_]+]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT:    [[V2:%[a-z0-9_]+]] = arith.mulf %in, [[CST_1]] : f32
// CHECK-NEXT:    [[V3:%[a-z0-9_]+]] = math.exp [[V2]] : f32
// CHECK-NEXT:    [[CST_2:%[a-z0-9_]+]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT:    [[V4:%[a-z0-9_]+]] = arith.subf [[V3]], [[CST_2]] : f32
// CHECK-NEXT:    [[V5:%[a-z0-9_]+]] = arith.mulf [[CST]], [[V4]] : f32
// CHECK-NEXT:    [[CST_3:%[a-z0-9_]+]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:    [[V6:%[a-z0-9_]+]] = arith.cmpf ogt, %in, [[CST_3]] : f32
// CHECK-NEXT:    [[V7:%[a-z0-9_]+]] = arith.select [[V6]], %in, [[V5]] : f32
// CHECK-NEXT:    [[V8:%[a-z0-9_]+]] = arith.mulf [[V7]], [[CST_0]] : f32
// CHECK-NEXT:    linalg.yield [[V8]] : f32
tg.graph @"M::elu"(%self: !tg.module<"M">, %x: !tg.tensor) -> !tg.tensor {
  %r = tg.kernel "elu"(%x) : (!tg.tensor) -> !tg.tensor {
  ^bb0(%a: !tg.tensor):
    %0 = tg.op "aten::elu"(%a) : (!tg.tensor) -> !tg.tensor loc("m.py":91:1)
    tg.kernel_yield %0 : !tg.tensor
  } loc("m.py":92:1)
  tg.return %r : !tg.tensor
}

// softplus(x) with beta=1, threshold=20: x beta > threshold ? x : log1p(exp(x beta)) / beta
// CHECK-LABEL: func.func @softplus(
// CHECK:       ^bb0(%in: f32, %out: f32):
// CHECK-NEXT:    [[CST:%[a-z0-9_]+]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT:    [[CST_0:%[a-z0-9_]+]] = arith.constant 2.000000e+01 : f32
// CHECK-NEXT:    [[V2:%[a-z0-9_]+]] = arith.mulf %in, [[CST]] : f32
// CHECK-NEXT:    [[V3:%[a-z0-9_]+]] = math.exp [[V2]] : f32
// CHECK-NEXT:    [[V4:%[a-z0-9_]+]] = math.log1p [[V3]] : f32
// CHECK-NEXT:    [[V5:%[a-z0-9_]+]] = arith.divf [[V4]], [[CST]] : f32
// CHECK-NEXT:    [[V6:%[a-z0-9_]+]] = arith.cmpf ogt, [[V2]], [[CST_0]] : f32
// CHECK-NEXT:    [[V7:%[a-z0-9_]+]] = arith.select [[V6]], %in, [[V5]] : f32
// CHECK-NEXT:    linalg.yield [[V7]] : f32
tg.graph @"M::softplus"(%self: !tg.module<"M">, %x: !tg.tensor) -> !tg.tensor {
  %r = tg.kernel "softplus"(%x) : (!tg.tensor) -> !tg.tensor {
  ^bb0(%a: !tg.tensor):
    %0 = tg.op "aten::softplus"(%a) : (!tg.tensor) -> !tg.tensor loc("m.py":101:1)
    tg.kernel_yield %0 : !tg.tensor
  } loc("m.py":102:1)
  tg.return %r : !tg.tensor
}

// gelu(x) = 0.5 x (1 + erf(x / sqrt(2))), 1/sqrt(2) = 0.70710678118654752440
// CHECK-LABEL: func.func @gelu(
// CHECK:       ^bb0(%in: f32, %out: f32):
// CHECK-NEXT:    [[CST:%[a-z0-9_]+]] = arith.constant 5.000000e-01 : f32
// CHECK-NEXT:    [[V2:%[a-z0-9_]+]] = arith.mulf %in, [[CST]] : f32
// CHECK-NEXT:    [[CST_0:%[a-z0-9_]+]] = arith.constant 0.707106769 : f32
// CHECK-NEXT:    [[V3:%[a-z0-9_]+]] = arith.mulf %in, [[CST_0]] : f32
// CHECK-NEXT:    [[V4:%[a-z0-9_]+]] = math.erf [[V3]] : f32
// CHECK-NEXT:    [[CST_1:%[a-z0-9_]+]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT:    [[V5:%[a-z0-9_]+]] = arith.addf [[CST_1]], [[V4]] : f32
// CHECK-NEXT:    [[V6:%[a-z0-9_]+]] = arith.mulf [[V2]], [[V5]] : f32
// CHECK-NEXT:    linalg.yield [[V6]] : f32
tg.graph @"M::gelu"(%self: !tg.module<"M">, %x: !tg.tensor) -> !tg.tensor {
  %r = tg.kernel "gelu"(%x) : (!tg.tensor) -> !tg.tensor {
  ^bb0(%a: !tg.tensor):
    %0 = tg.op "aten::gelu"(%a) : (!tg.tensor) -> !tg.tensor loc("m.py":111:1)
    tg.kernel_yield %0 : !tg.tensor
  } loc("m.py":112:1)
  tg.return %r : !tg.tensor
}

// gelu(x, 'tanh') = 0.5 x (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3))), sqrt(2/pi) = 0.79788456080286535588
// CHECK-LABEL: func.func @gelu_tanh(
// CHECK:       ^bb0(%in: f32, %out: f32):
// CHECK-NEXT:    [[CST:%[a-z0-9_]+]] = arith.constant 5.000000e-01 : f32
// CHECK-NEXT:    [[V2:%[a-z0-9_]+]] = arith.mulf %in, [[CST]] : f32
// CHECK-NEXT:    [[V3:%[a-z0-9_]+]] = arith.mulf %in, %in : f32
// CHECK-NEXT:    [[V4:%[a-z0-9_]+]] = arith.mulf %in, [[V3]] : f32
// CHECK-NEXT:    [[CST_0:%[a-z0-9_]+]] = arith.constant 4.471500e-02 : f32
// CHECK-NEXT:    [[V5:%[a-z0-9_]+]] = arith.mulf [[V4]], [[CST_0]] : f32
// CHECK-NEXT:    [[V6:%[a-z0-9_]+]] = arith.addf %in, [[V5]] : f32
// CHECK-NEXT:    [[CST_1:%[a-z0-9_]+]] = arith.constant 0.797884583 : f32
// CHECK-NEXT:    [[V7:%[a-z0-9_]+]] = arith.mulf [[V6]], [[CST_1]] : f32
// CHECK-NEXT:    [[V8:%[a-z0-9_]+]] = math.tanh [[V7]] : f32
// CHECK-NEXT:    [[CST_2:%[a-z0-9_]+]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT:    [[V9:%[a-z0-9_]+]] = arith.addf [[CST_2]], [[V8]] : f32
// CHECK-NEXT:    [[V10:%[a-z0-9_]+]] = arith.mulf [[V2]], [[V9]] : f32
// CHECK-NEXT:    linalg.yield [[V10]] : f32
tg.graph @"M::gelu_tanh"(%self: !tg.module<"M">, %x: !tg.tensor) -> !tg.tensor {
  %c0 = tg.constant("tanh") : !tg.value loc("m.py":120:2)
  %r = tg.kernel "gelu_tanh"(%x, %c0) : (!tg.tensor, !tg.value) -> !tg.tensor {
  ^bb0(%a: !tg.tensor, %s0: !tg.value):
    %0 = tg.op "aten::gelu"(%a, %s0) : (!tg.tensor, !tg.value) -> !tg.tensor loc("m.py":121:1)
    tg.kernel_yield %0 : !tg.tensor
  } loc("m.py":122:1)
  tg.return %r : !tg.tensor
}

// sigmoid(x) = 1 / (1 + exp(-x))
// CHECK-LABEL: func.func @sigmoid(
// CHECK:       ^bb0(%in: f32, %out: f32):
// CHECK-NEXT:    [[V2:%[a-z0-9_]+]] = arith.negf %in : f32
// CHECK-NEXT:    [[V3:%[a-z0-9_]+]] = math.exp [[V2]] : f32
// CHECK-NEXT:    [[CST:%[a-z0-9_]+]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT:    [[V4:%[a-z0-9_]+]] = arith.addf [[CST]], [[V3]] : f32
// CHECK-NEXT:    [[CST_0:%[a-z0-9_]+]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT:    [[V5:%[a-z0-9_]+]] = arith.divf [[CST_0]], [[V4]] : f32
// CHECK-NEXT:    linalg.yield [[V5]] : f32
tg.graph @"M::sigmoid"(%self: !tg.module<"M">, %x: !tg.tensor) -> !tg.tensor {
  %r = tg.kernel "sigmoid"(%x) : (!tg.tensor) -> !tg.tensor {
  ^bb0(%a: !tg.tensor):
    %0 = tg.op "aten::sigmoid"(%a) : (!tg.tensor) -> !tg.tensor loc("m.py":131:1)
    tg.kernel_yield %0 : !tg.tensor
  } loc("m.py":132:1)
  tg.return %r : !tg.tensor
}

// silu(x) = x sigmoid(x)
// CHECK-LABEL: func.func @silu(
// CHECK:       ^bb0(%in: f32, %out: f32):
// CHECK-NEXT:    [[V2:%[a-z0-9_]+]] = arith.negf %in : f32
// CHECK-NEXT:    [[V3:%[a-z0-9_]+]] = math.exp [[V2]] : f32
// CHECK-NEXT:    [[CST:%[a-z0-9_]+]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT:    [[V4:%[a-z0-9_]+]] = arith.addf [[CST]], [[V3]] : f32
// CHECK-NEXT:    [[CST_0:%[a-z0-9_]+]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT:    [[V5:%[a-z0-9_]+]] = arith.divf [[CST_0]], [[V4]] : f32
// CHECK-NEXT:    [[V6:%[a-z0-9_]+]] = arith.mulf %in, [[V5]] : f32
// CHECK-NEXT:    linalg.yield [[V6]] : f32
tg.graph @"M::silu"(%self: !tg.module<"M">, %x: !tg.tensor) -> !tg.tensor {
  %r = tg.kernel "silu"(%x) : (!tg.tensor) -> !tg.tensor {
  ^bb0(%a: !tg.tensor):
    %0 = tg.op "aten::silu"(%a) : (!tg.tensor) -> !tg.tensor loc("m.py":141:1)
    tg.kernel_yield %0 : !tg.tensor
  } loc("m.py":142:1)
  tg.return %r : !tg.tensor
}
// The irrational and decimal constants to the last digit of a double.
// F64-LABEL: func.func @leaky_relu(
// F64:         arith.constant 1.000000e-02 : f64
// F64-LABEL: func.func @gelu(
// F64:         arith.constant 5.000000e-01 : f64
// F64:         arith.constant 0.70710678118654757 : f64
// F64:         arith.constant 1.000000e+00 : f64
// F64-LABEL: func.func @gelu_tanh(
// F64:         arith.constant 5.000000e-01 : f64
// F64:         arith.constant 4.471500e-02 : f64
// F64:         arith.constant 0.79788456080286541 : f64
// F64:         arith.constant 1.000000e+00 : f64

// mish(x) = x tanh(softplus(x)), softplus with beta 1 and threshold 20
// CHECK-LABEL: func.func @mish(
// CHECK:       ^bb0(%in: f32, %out: f32):
// CHECK-NEXT:    [[V2:%[a-z0-9_]+]] = math.exp %in : f32
// CHECK-NEXT:    [[V3:%[a-z0-9_]+]] = math.log1p [[V2]] : f32
// CHECK-NEXT:    [[CST:%[a-z0-9_]+]] = arith.constant 2.000000e+01 : f32
// CHECK-NEXT:    [[V4:%[a-z0-9_]+]] = arith.cmpf ogt, %in, [[CST]] : f32
// CHECK-NEXT:    [[V5:%[a-z0-9_]+]] = arith.select [[V4]], %in, [[V3]] : f32
// CHECK-NEXT:    [[V6:%[a-z0-9_]+]] = math.tanh [[V5]] : f32
// CHECK-NEXT:    [[V7:%[a-z0-9_]+]] = arith.mulf %in, [[V6]] : f32
// CHECK-NEXT:    linalg.yield [[V7]] : f32
tg.graph @"M::mish"(%self: !tg.module<"M">, %x: !tg.tensor) -> !tg.tensor {
  %r = tg.kernel "mish"(%x) : (!tg.tensor) -> !tg.tensor {
  ^bb0(%a: !tg.tensor):
    %0 = tg.op "aten::mish"(%a) : (!tg.tensor) -> !tg.tensor loc("m.py":181:1)
    tg.kernel_yield %0 : !tg.tensor
  } loc("m.py":182:1)
  tg.return %r : !tg.tensor
}

// reciprocal(x) = 1 / x; logical_not of a number: x == 0
// CHECK-LABEL: func.func @reciprocal_not(
// CHECK:       ^bb0(%in: f32, %out: i1):
// CHECK-NEXT:    [[CST:%[a-z0-9_]+]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT:    [[V2:%[a-z0-9_]+]] = arith.divf [[CST]], %in : f32
// CHECK-NEXT:    [[CST_0:%[a-z0-9_]+]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:    [[V3:%[a-z0-9_]+]] = arith.cmpf oeq, [[V2]], [[CST_0]] : f32
// CHECK-NEXT:    linalg.yield [[V3]] : i1
tg.graph @"M::reciprocal_not"(%self: !tg.module<"M">, %x: !tg.tensor) -> !tg.tensor {
  %r = tg.kernel "reciprocal_not"(%x) : (!tg.tensor) -> !tg.tensor {
  ^bb0(%a: !tg.tensor):
    %0 = tg.op "aten::reciprocal"(%a) : (!tg.tensor) -> !tg.tensor loc("m.py":191:1)
    %1 = tg.op "aten::logical_not"(%0) : (!tg.tensor) -> !tg.tensor loc("m.py":192:1)
    tg.kernel_yield %1 : !tg.tensor
  } loc("m.py":193:1)
  tg.return %r : !tg.tensor
}

