// tg.kernel prints, parses and prints again byte for byte, locations of the
// kernel and of the ops it keeps included; bytecode round-trips too.
// RUN: tg-opt %s -mlir-print-debuginfo > %t.1.mlir
// RUN: tg-opt %t.1.mlir -mlir-print-debuginfo > %t.2.mlir
// RUN: diff %t.1.mlir %t.2.mlir
// RUN: FileCheck %s < %t.1.mlir
// RUN: tg-opt %s -emit-bytecode | tg-opt -mlir-print-debuginfo | diff %t.1.mlir -

// CHECK-LABEL: tg.graph @"Net::forward"
// CHECK: %[[K:.*]]:2 = tg.kernel "fused_add_relu_0"(%arg0, %arg1) : (!tg.tensor, !tg.tensor) -> (!tg.tensor, !tg.tensor) {
// CHECK-NEXT: ^bb0(%[[IN:in]]: !tg.tensor {{.*}}, %[[IN0:in_0]]: !tg.tensor
// CHECK-NEXT: %[[ADD:.*]] = tg.op "aten::add"(%[[IN]], %[[IN0]]) {tg.debug_handle = 3 : i64} {{.*}} loc([[ADDLOC:#loc[0-9]+]])
// CHECK-NEXT: %[[RELU:.*]] = tg.op "aten::relu"(%[[ADD]]) {{.*}} loc([[RELULOC:#loc[0-9]+]])
// CHECK-NEXT: tg.kernel_yield %[[ADD]], %[[RELU]] : !tg.tensor, !tg.tensor
// CHECK-NEXT: } loc([[KLOC:#loc[0-9]+]])
// CHECK: tg.kernel "empty_0"() : () -> () {
// CHECK-NEXT: tg.kernel_yield
// CHECK-NEXT: }
// CHECK: tg.return %[[K]]#1
// CHECK-DAG: #[[KERNEL:kernel[0-9]*]] = #tg.kernel<"fused_add_relu_0">
// CHECK-DAG: [[ADDLOC]] = loc(callsite(
// CHECK-DAG: [[RELULOC]] = loc("net.py":13:8)
// CHECK-DAG: [[KLOC]] = loc(fused<#[[KERNEL]]>[[[ADDLOC]], [[RELULOC]]])
tg.graph @"Net::forward"(%self: !tg.module<"Net">, %x: !tg.tensor, %y: !tg.tensor) -> !tg.tensor {
  %k:2 = tg.kernel "fused_add_relu_0"(%x, %y) : (!tg.tensor, !tg.tensor) -> (!tg.tensor, !tg.tensor) {
  ^bb0(%a: !tg.tensor, %b: !tg.tensor):
    %0 = tg.op "aten::add"(%a, %b) {tg.debug_handle = 3 : i64} : (!tg.tensor, !tg.tensor) -> !tg.tensor loc(#add)
    %1 = tg.op "aten::relu"(%0) : (!tg.tensor) -> !tg.tensor loc(#relu)
    tg.kernel_yield %0, %1 : !tg.tensor, !tg.tensor
  } loc(fused<#tg.kernel<"fused_add_relu_0">>[callsite("block.py":5:12 at fused<#tg.frame<instance = "b0", class = "Block", method = "forward">>["net.py":12:8]), "net.py":13:8])
  // A kernel with no inputs and no results is valid.
  tg.kernel "empty_0"() : () -> () {
    tg.kernel_yield
  }
  tg.return %k#1 : !tg.tensor
}
#add = loc(callsite("block.py":5:12 at fused<#tg.frame<instance = "b0", class = "Block", method = "forward">>["net.py":12:8]))
#relu = loc("net.py":13:8)
