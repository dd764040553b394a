// RUN: tg-opt %tg_src_root/test/tg-compile-kernel/Inputs/gated.mlir --tg-inline --tg-fuse-elementwise --tg-assign-debug-handles -mlir-print-debuginfo \
// RUN:   | tg-opt --tg-extract-kernels=shape=4x1000 -mlir-print-debuginfo -mlir-print-local-scope \
// RUN:   | FileCheck %s
// RUN: tg-opt %tg_src_root/test/tg-compile-kernel/Inputs/gated.mlir --tg-inline --tg-fuse-elementwise --tg-assign-debug-handles -mlir-print-debuginfo \
// RUN:   | tg-opt --tg-extract-kernels="shape=2x3 element-type=f64 kernels=fused_add_mul_relu_sigmoid_0" \
// RUN:   | FileCheck %s --check-prefix=F64
// RUN: tg-opt %s --tg-extract-kernels -mlir-print-debuginfo -mlir-print-local-scope | FileCheck %s --check-prefix=RANKED

// The graph is gone; the kernel is a function of the same name, one tensor
// argument per tensor input, the alpha constant folded into the body, the
// kernel's handle on the function, and the graph it came from.
// CHECK-NOT: tg.graph
// CHECK-LABEL: func.func @fused_add_mul_relu_sigmoid_0(
// CHECK-SAME: %arg0: tensor<4x1000xf32>
// CHECK-SAME: %arg1: tensor<4x1000xf32>
// CHECK-SAME: -> tensor<4x1000xf32> attributes {tg.debug_handle = 3 : i64, tg.traced_from = "Net::forward"}
// CHECK: %[[E:.*]] = tensor.empty() : tensor<4x1000xf32> loc(fused<#tg.kernel<"fused_add_mul_relu_sigmoid_0">>[callsite("gate.py":5:13 to :18 {{.*}}, "net.py":21:15 to :28])
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel", "parallel"]{{.*}} ins(%arg0, %arg1 : {{.*}}) outs(%[[E]] : {{.*}})
// Each op at its own location, the last op of each keeping its handle.
// CHECK: %[[ONE:.*]] = arith.constant 1.000000e+00 : f32 loc(callsite("gate.py":7:16 to :29 at
// CHECK: %[[M:.*]] = arith.mulf %in, %in_0 {tg.debug_handle = 4 : i64} : f32 loc(callsite("gate.py":5:13 to :18 at fused<#tg.frame<instance = "gate", class = "Gate", method = "forward">>["net.py":20:15 to :30]))
// CHECK: %[[N:.*]] = arith.negf %[[M]] : f32 loc(callsite("gate.py":10:16 to :32 at callsite(fused<#tg.frame<instance = "SELF", class = "Gate", method = "squash">>["gate.py":6:13 to :27] at fused<#tg.frame<instance = "gate", class = "Gate", method = "forward">>["net.py":20:15 to :30])))
// CHECK: %[[X:.*]] = math.exp %[[N]] : f32 loc(callsite("gate.py":10:16 to :32 at
// CHECK: arith.addf %{{.*}}, %[[X]] : f32 loc(callsite("gate.py":10:16 to :32 at
// CHECK: %[[S:.*]] = arith.divf %{{.*}} {tg.debug_handle = 5 : i64} : f32 loc(callsite("gate.py":10:16 to :32 at
// alpha == 1 adds without a multiply.
// CHECK-NOT: arith.mulf
// CHECK: %[[A:.*]] = arith.addf %[[S]], %in {tg.debug_handle = 6 : i64} : f32 loc(callsite("gate.py":7:16 to :29 at fused<#tg.frame<instance = "gate", class = "Gate", method = "forward">>["net.py":20:15 to :30]))
// CHECK: %[[R:.*]] = arith.maximumf %[[A]], %{{.*}} {tg.debug_handle = 7 : i64} : f32 loc("net.py":21:15 to :28)
// CHECK: linalg.yield %[[R]] : f32
// CHECK: } -> tensor<4x1000xf32> loc(fused<#tg.kernel<"fused_add_mul_relu_sigmoid_0">>
// CHECK: return %{{.*}} loc(fused<#tg.kernel<"fused_add_mul_relu_sigmoid_0">>
// CHECK: } loc(fused<#tg.kernel<"fused_add_mul_relu_sigmoid_0">>

// F64: func.func @fused_add_mul_relu_sigmoid_0(%arg0: tensor<2x3xf64>, %arg1: tensor<2x3xf64>) -> tensor<2x3xf64>
// F64: arith.mulf %in, %in_0 {tg.debug_handle = 4 : i64} : f64

// A ranked tensor type gives the shape; a scalar that is not a constant is
// an argument; alpha != 1 multiplies; every operator of the list lowers.
// RANKED-LABEL: func.func @k(%arg0: tensor<8xf32> {{.*}}, %arg1: f32 {{.*}}) -> (tensor<8xf32>, tensor<8xf32>)
// RANKED-SAME: tg.traced_from = "M::forward"
// RANKED: %[[TWO:.*]] = arith.constant 2.000000e+00 : f32 loc("m.py":1:1)
// RANKED: %[[SUB0:.*]] = arith.mulf %in, %[[TWO]] : f32 loc("m.py":2:1)
// RANKED: %[[SUB:.*]] = arith.subf %in, %[[SUB0]] : f32 loc("m.py":2:1)
// RANKED: %[[MS:.*]] = arith.mulf %[[SUB]], %arg1 : f32 loc("m.py":3:1)
// RANKED: arith.divf %[[MS]], %in : f32 loc("m.py":4:1)
// RANKED: arith.negf {{.*}} loc("m.py":5:1)
// RANKED: math.tanh {{.*}} loc("m.py":6:1)
// RANKED: math.exp {{.*}} loc("m.py":7:1)
// RANKED: math.log {{.*}} loc("m.py":8:1)
// RANKED: math.sqrt {{.*}} loc("m.py":9:1)
// RANKED: math.rsqrt {{.*}} loc("m.py":10:1)
// RANKED: math.absf {{.*}} loc("m.py":11:1)
// RANKED: arith.maximumf {{.*}} loc("m.py":12:1)
// RANKED: arith.minimumf {{.*}} loc("m.py":12:1)
// RANKED: arith.constant -1.000000e+00 : f32 loc("m.py":13:1)
// RANKED: arith.maximumf {{.*}} loc("m.py":13:1)
// RANKED: arith.minimumf {{.*}} loc("m.py":13:1)
// RANKED: math.exp {{.*}} loc("m.py":14:1)
// RANKED: arith.mulf {{.*}} loc("m.py":14:1)
// RANKED: linalg.yield
tg.graph @"M::forward"(%self: !tg.module<"M">, %x: tensor<8xf32>, %s: !tg.value) -> tensor<8xf32> {
  %two = tg.constant(2.0 : f64) : !tg.value loc("m.py":1:1)
  %r:2 = tg.kernel "k"(%x, %two, %s) : (tensor<8xf32>, !tg.value, !tg.value) -> (tensor<8xf32>, tensor<8xf32>) {
  ^bb0(%a: tensor<8xf32>, %alpha: !tg.value, %scale: !tg.value):
    %0 = tg.op "aten::sub"(%a, %a, %alpha) : (tensor<8xf32>, tensor<8xf32>, !tg.value) -> tensor<8xf32> loc("m.py":2:1)
    %1 = tg.op "aten::mul_"(%0, %scale) : (tensor<8xf32>, !tg.value) -> tensor<8xf32> loc("m.py":3:1)
    %2 = tg.op "aten::div"(%1, %a) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32> loc("m.py":4:1)
    %3 = tg.op "aten::neg"(%2) : (tensor<8xf32>) -> tensor<8xf32> loc("m.py":5:1)
    %4 = tg.op "aten::tanh"(%3) : (tensor<8xf32>) -> tensor<8xf32> loc("m.py":6:1)
    %5 = tg.op "aten::exp"(%4) : (tensor<8xf32>) -> tensor<8xf32> loc("m.py":7:1)
    %6 = tg.op "aten::log"(%5) : (tensor<8xf32>) -> tensor<8xf32> loc("m.py":8:1)
    %7 = tg.op "aten::sqrt"(%6) : (tensor<8xf32>) -> tensor<8xf32> loc("m.py":9:1)
    %8 = tg.op "aten::rsqrt"(%7) : (tensor<8xf32>) -> tensor<8xf32> loc("m.py":10:1)
    %9 = tg.op "aten::abs"(%8) : (tensor<8xf32>) -> tensor<8xf32> loc("m.py":11:1)
    %10 = tg.op "aten::relu6"(%9) : (tensor<8xf32>) -> tensor<8xf32> loc("m.py":12:1)
    %11 = tg.op "aten::hardtanh"(%10) : (tensor<8xf32>) -> tensor<8xf32> loc("m.py":13:1)
    %12 = tg.op "aten::silu"(%11) : (tensor<8xf32>) -> tensor<8xf32> loc("m.py":14:1)
    tg.kernel_yield %12, %0 : tensor<8xf32>, tensor<8xf32>
  } loc("m.py":15:1)
  tg.return %r#0 : tensor<8xf32>
}
