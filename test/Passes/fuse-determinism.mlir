// Fusing the same input twice, and without threads, gives byte-identical
// output, locations included; so does the provenance JSON.
// RUN: tg-opt %s --tg-fuse-elementwise -mlir-print-debuginfo -o %t.1.mlir
// RUN: tg-opt %s --tg-fuse-elementwise -mlir-print-debuginfo -o %t.2.mlir
// RUN: tg-opt %s --tg-fuse-elementwise -mlir-print-debuginfo --mlir-disable-threading -o %t.3.mlir
// RUN: diff %t.1.mlir %t.2.mlir
// RUN: diff %t.1.mlir %t.3.mlir
// RUN: tg-opt %s --tg-fuse-elementwise --tg-provenance=path=%t.1.json -o /dev/null
// RUN: tg-opt %s --tg-fuse-elementwise --tg-provenance=path=%t.2.json --mlir-disable-threading -o /dev/null
// RUN: diff %t.1.json %t.2.json
// The output is not trivially empty: three kernels, numbered in order.
// RUN: FileCheck %s < %t.1.mlir
// CHECK: tg.kernel "fused_add_mul_0"
// CHECK: tg.kernel "fused_relu_sigmoid_1"
// CHECK: tg.kernel "fused_add_mul_2"
// CHECK: loc(fused<#kernel{{[0-9]*}}>[

tg.graph @a(%x: !tg.tensor) -> !tg.tensor {
  %0 = tg.op "aten::mul"(%x, %x) : (!tg.tensor, !tg.tensor) -> !tg.tensor loc("a.py":1:1)
  %1 = tg.op "aten::add"(%0, %x) : (!tg.tensor, !tg.tensor) -> !tg.tensor loc("a.py":2:1)
  %2 = tg.op "aten::conv2d"(%1) : (!tg.tensor) -> !tg.tensor loc("a.py":3:1)
  %3 = tg.op "aten::relu"(%2) : (!tg.tensor) -> !tg.tensor loc("a.py":4:1)
  %4 = tg.op "aten::sigmoid"(%3) : (!tg.tensor) -> !tg.tensor loc(callsite("s.py":9:1 at fused<#tg.frame<instance = "act", class = "Sig", method = "forward">>["a.py":5:1]))
  tg.return %4 : !tg.tensor
}
tg.graph @b(%x: !tg.tensor) -> !tg.tensor {
  %0 = tg.op "aten::add"(%x, %x) : (!tg.tensor, !tg.tensor) -> !tg.tensor loc("b.py":1:1)
  %1 = tg.op "aten::mul"(%0, %0) : (!tg.tensor, !tg.tensor) -> !tg.tensor loc("b.py":1:1)
  tg.return %1 : !tg.tensor
}
