// Kernels are numbered in the order a pre-order walk of the module meets
// their last ops, across nesting: the group that ends before a prim::If, the
// groups of its branches, then the group after it; names of kernels already
// in the module, nested ones included, are skipped. Output is the same with
// and without threads.
// RUN: tg-opt %s --tg-fuse-elementwise -mlir-print-debuginfo -o %t.1.mlir
// RUN: tg-opt %s --tg-fuse-elementwise -mlir-print-debuginfo --mlir-disable-threading -o %t.2.mlir
// RUN: diff %t.1.mlir %t.2.mlir
// RUN: FileCheck %s < %t.1.mlir

// CHECK-LABEL: tg.graph @order
// CHECK: %[[K0:.*]] = tg.kernel "fused_neg_relu_0"(%arg1)
// CHECK: tg.op "prim::If"
// CHECK: tg.kernel "fused_sigmoid_tanh_2"(%arg1)
// CHECK: tg.kernel "fused_exp_mul_1"(%[[K0]], %{{.*}})
// CHECK: tg.yield
// CHECK-NEXT: }, {
// CHECK-NEXT: tg.kernel "fused_sigmoid_tanh_3"(%[[K0]])
// CHECK: tg.yield
// CHECK: tg.kernel "fused_add_relu_4"
// CHECK-LABEL: tg.graph @after
// CHECK: tg.kernel "fused_add_relu_5"
// CHECK-NOT: tg.kernel "
tg.graph @order(%c: !tg.value, %x: !tg.tensor) -> !tg.tensor {
  %a = tg.op "aten::neg"(%x) : (!tg.tensor) -> !tg.tensor loc("o.py":1:1)
  %b = tg.op "aten::relu"(%a) : (!tg.tensor) -> !tg.tensor loc("o.py":2:1)
  %i = tg.op "prim::If"(%c) ({
    %k = tg.kernel "fused_sigmoid_tanh_2"(%x) : (!tg.tensor) -> !tg.tensor {
    ^bb0(%in: !tg.tensor):
      tg.kernel_yield %in : !tg.tensor
    }
    %e = tg.op "aten::exp"(%b) : (!tg.tensor) -> !tg.tensor loc("o.py":3:1)
    %m = tg.op "aten::mul"(%e, %k) : (!tg.tensor, !tg.tensor) -> !tg.tensor loc("o.py":4:1)
    tg.yield %m : !tg.tensor
  }, {
    %s = tg.op "aten::sigmoid"(%b) : (!tg.tensor) -> !tg.tensor loc("o.py":5:1)
    %t = tg.op "aten::tanh"(%s) : (!tg.tensor) -> !tg.tensor loc("o.py":6:1)
    tg.yield %t : !tg.tensor
  }) : (!tg.value) -> !tg.tensor
  %d = tg.op "aten::add"(%i, %i) : (!tg.tensor, !tg.tensor) -> !tg.tensor loc("o.py":7:1)
  %r = tg.op "aten::relu"(%d) : (!tg.tensor) -> !tg.tensor loc("o.py":8:1)
  tg.return %r : !tg.tensor
}
tg.graph @after(%x: !tg.tensor) -> !tg.tensor {
  %a = tg.op "aten::add"(%x, %x) : (!tg.tensor, !tg.tensor) -> !tg.tensor loc("a.py":1:1)
  %r = tg.op "aten::relu"(%a) : (!tg.tensor) -> !tg.tensor loc("a.py":2:1)
  tg.return %r : !tg.tensor
}
