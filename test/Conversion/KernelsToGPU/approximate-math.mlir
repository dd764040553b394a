// --tg-approximate-math: math functions NVPTX has no instruction for become
// arithmetic (MLIR's polynomial approximations and expansions), so that the
// GPU kernels need no libdevice; pow follows PyTorch (a negative base to an
// integer exponent is a number, its sign from the exponent's parity).
// RUN: tg-opt %s --tg-approximate-math | FileCheck %s

// CHECK-LABEL: func.func @transcendental
// CHECK-NOT: math.exp
// CHECK-NOT: math.log
// CHECK-NOT: math.tanh
// CHECK-NOT: math.erf
// CHECK: math.fma
// CHECK: return
func.func @transcendental(%x: f32) -> (f32, f32, f32, f32, f32) {
  %a = math.exp %x : f32
  %b = math.log %x : f32
  %c = math.log1p %x : f32
  %d = math.tanh %x : f32
  %e = math.erf %x : f32
  return %a, %b, %c, %d, %e : f32, f32, f32, f32, f32
}

// What NVPTX runs natively stays.
// CHECK-LABEL: func.func @native
// CHECK: math.sqrt
// CHECK: math.rsqrt
// CHECK: math.absf
func.func @native(%x: f32) -> (f32, f32, f32) {
  %a = math.sqrt %x : f32
  %b = math.rsqrt %x : f32
  %c = math.absf %x : f32
  return %a, %b, %c : f32, f32, f32
}

// Small constant exponents: products and roots.
// CHECK-LABEL: func.func @pow_constants
// CHECK-NOT: math.powf
// CHECK: %[[SQ:.*]] = arith.mulf %[[X:.*]], %[[X]]
// CHECK: %[[CUBE_SQ:.*]] = arith.mulf %[[X]], %[[X]]
// CHECK: %[[CUBE:.*]] = arith.mulf %[[CUBE_SQ]], %[[X]]
// CHECK: %[[ROOT:.*]] = math.sqrt %[[X]]
// CHECK: return %[[SQ]], %[[CUBE]], %[[ROOT]]
func.func @pow_constants(%x: f32) -> (f32, f32, f32) {
  %two = arith.constant 2.0 : f32
  %three = arith.constant 3.0 : f32
  %half = arith.constant 0.5 : f32
  %a = math.powf %x, %two : f32
  %b = math.powf %x, %three : f32
  %c = math.powf %x, %half : f32
  return %a, %b, %c : f32, f32, f32
}

// Any other exponent: exp(b log|a|), negated for a negative base and an odd
// integer exponent, NaN for a negative base and a non-integer one, 1 for
// b = 0 or a = 1.
// CHECK-LABEL: func.func @pow_general
// CHECK-DAG: arith.constant 0x7FC00000 : f32
// CHECK-DAG: math.absf %[[BASE:arg0]]
// CHECK-DAG: math.floor %[[EXP:arg1]]
// CHECK-DAG: arith.cmpf one
// CHECK-DAG: arith.cmpf olt, %[[BASE]]
// CHECK-DAG: arith.cmpf oeq, %[[EXP]]
// CHECK-NOT: math.powf
// CHECK-NOT: math.exp
// CHECK-NOT: math.log
// CHECK: return
func.func @pow_general(%x: f32, %y: f32) -> f32 {
  %a = math.powf %x, %y : f32
  return %a : f32
}

// f64 has no approximations: the GPU lowering reports it (kernels-to-nvvm).
// CHECK-LABEL: func.func @f64
// CHECK: math.exp %{{.*}} : f64
func.func @f64(%x: f64) -> f64 {
  %a = math.exp %x : f64
  return %a : f64
}
