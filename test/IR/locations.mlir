// Locations of every kind tracegraph uses survive print -> parse -> print
// byte for byte, including block-argument locations.
// RUN: tg-opt %s -mlir-print-debuginfo > %t.1.mlir
// RUN: tg-opt %t.1.mlir -mlir-print-debuginfo > %t.2.mlir
// RUN: diff %t.1.mlir %t.2.mlir
// RUN: FileCheck %s < %t.1.mlir
// RUN: tg-opt %s -emit-bytecode | tg-opt -mlir-print-debuginfo | diff %t.1.mlir -

// CHECK-LABEL: tg.graph @"Net::forward"
// CHECK-SAME: %self: !tg.module<"Net"> loc("net.py":10:15)
// CHECK: tg.op "aten::relu"{{.*}} loc([[INLINED:#loc[0-9]+]])
// CHECK: tg.op "aten::add"{{.*}} loc([[FUSED:#loc[0-9]+]])
// CHECK: tg.op "aten::mul"{{.*}} loc([[RANGE:#loc[0-9]+]])
// CHECK-DAG: #[[FRAME:frame[0-9]*]] = #tg.frame<instance = "relu", class = "ReLU", method = "forward">
// CHECK-DAG: #[[KERNEL:kernel[0-9]*]] = #tg.kernel<"fused_add_relu_0">
// CHECK-DAG: [[CALLER:#loc[0-9]+]] = loc(fused<#[[FRAME]]>[{{#loc[0-9]+}}])
// CHECK-DAG: [[INLINED]] = loc(callsite({{#loc[0-9]+}} at [[CALLER]]))
// CHECK-DAG: [[FUSED]] = loc(fused<#[[KERNEL]]>[
// CHECK-DAG: [[RANGE]] = loc("net.py":14:8 to :20)
tg.graph @"Net::forward"(%self: !tg.module<"Net"> loc("net.py":10:15), %x: !tg.tensor loc("net.py":10:21)) -> !tg.tensor {
  %0 = tg.op "aten::relu"(%x) : (!tg.tensor) -> !tg.tensor loc(callsite("relu.py":101:15 at fused<#tg.frame<instance = "relu", class = "ReLU", method = "forward">>["net.py":12:8]))
  %1 = tg.op "aten::add"(%0, %x) : (!tg.tensor, !tg.tensor) -> !tg.tensor loc(fused<#tg.kernel<"fused_add_relu_0">>["net.py":13:8, callsite("relu.py":101:15 at fused<#tg.frame<instance = "relu", class = "ReLU", method = "forward">>["net.py":12:8])])
  %2 = tg.op "aten::mul"(%1, %1) : (!tg.tensor, !tg.tensor) -> !tg.tensor loc("net.py":14:8 to :20)
  tg.return %2 : !tg.tensor loc("net.py":15:4)
} loc("net.py":10:3)
