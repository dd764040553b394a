// tg ops keep their debug handle inline (DebugHandleOpInterface): the text
// form is still `{tg.debug_handle = N}` among the op's attributes, in sorted
// order, and it survives every way of writing the IR.
// RUN: tg-opt %s | FileCheck %s
// RUN: tg-opt %s | tg-opt | FileCheck %s
// RUN: tg-opt %s -emit-bytecode | tg-opt | FileCheck %s
// RUN: tg-opt %s -mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: tg-opt %s -mlir-print-op-generic | tg-opt | FileCheck %s
// RUN: not tg-opt %s --tg-assign-debug-handles=keep-existing=true 2>&1 | FileCheck %s --check-prefix=KEEP
// RUN: tg-opt %s --tg-assign-debug-handles | FileCheck %s --check-prefix=RENUMBER

// CHECK-LABEL: tg.graph @"Net::forward"
// CHECK: tg.get_submodule %self["relu"] {tg.debug_handle = 1 : i64} :
// CHECK: tg.get_attr %self["w"] {a.first, tg.debug_handle = 2 : i64, tg.module_hierarchy = "p"} :
// CHECK: tg.constant(1 : i64) {tg.debug_handle = 3 : i64} : !tg.value
// CHECK: tg.op "prim::If"(%{{.*}}) ({
// CHECK-NEXT: tg.yield {tg.debug_handle = 5 : i64} %arg0 : !tg.tensor
// CHECK-NEXT: }) {tg.debug_handle = 4 : i64, z.last = 1 : i64} :
// CHECK: tg.call_method @"ReLU::forward"(%{{.*}}, %{{.*}}) {arg_attrs = [{}, {a.b}], tg.debug_handle = 6 : i64} :
// CHECK: tg.call @helper(%{{.*}}) {res_attrs = [{}], tg.debug_handle = 7 : i64} :
// CHECK: tg.kernel "k"(%{{.*}}) {tg.debug_handle = 8 : i64} :
// CHECK: tg.op "aten::neg"(%{{.*}}) {tg.debug_handle = 9 : i64} :
// CHECK: tg.kernel_yield {tg.debug_handle = 10 : i64} %{{.*}} : !tg.tensor
// The largest handle a section can hold is below 2^32; the IR holds any
// non-negative i64.
// CHECK: tg.op "aten::relu"(%{{.*}}) {tg.debug_handle = 9223372036854775807 : i64} :
// An op without a handle prints no dictionary.
// CHECK: tg.op "aten::abs"(%{{.*}}) : (!tg.tensor) -> !tg.tensor
// CHECK: tg.return {tg.debug_handle = 11 : i64} %{{.*}} : !tg.tensor

// The generic form shows where the handle lives: in the op's properties
// (none: `[]`, as every optional property prints there).
// GENERIC: "tg.get_attr"(%{{.*}}) <{debug_handle = 2 : i64, name = "w"}> {a.first, tg.module_hierarchy = "p"}
// GENERIC: "tg.op"(%{{.*}}) <{debug_handle = 9223372036854775807 : i64, name = "aten::relu"}> :
// GENERIC: "tg.op"(%{{.*}}) <{debug_handle = [], name = "aten::abs"}> :

// Keeping the largest handle leaves none to give.
// KEEP: error: no debug handle left to assign: the kept handles reach the largest one, 9223372036854775807

// RENUMBER: tg.graph @"Net::forward"{{.*}} attributes {tg.debug_handle = 0 : i64, tg.entry}
// RENUMBER: tg.get_submodule %self["relu"] {tg.debug_handle = 1 : i64}
// RENUMBER: tg.op "aten::relu"(%{{.*}}) {tg.debug_handle = 11 : i64}
// RENUMBER: tg.op "aten::abs"(%{{.*}}) {tg.debug_handle = 12 : i64}
// RENUMBER: tg.return {tg.debug_handle = 13 : i64}
tg.graph @"Net::forward"(%self: !tg.module<"Net">, %x: !tg.tensor) -> !tg.tensor attributes {tg.entry} {
  %relu = tg.get_submodule %self["relu"] {tg.debug_handle = 1} : !tg.module<"Net"> -> !tg.module<"ReLU">
  %w = tg.get_attr %self["w"] {tg.module_hierarchy = "p", tg.debug_handle = 2 : i64, a.first} : !tg.module<"Net"> -> !tg.tensor
  %c = tg.constant(1) {tg.debug_handle = 3 : i64} : !tg.value
  %0 = tg.op "prim::If"(%c) ({
    tg.yield {tg.debug_handle = 5 : i64} %x : !tg.tensor
  }) {z.last = 1, tg.debug_handle = 4 : i64} : (!tg.value) -> !tg.tensor
  %1 = tg.call_method @"ReLU::forward"(%relu, %0) {arg_attrs = [{}, {a.b}], tg.debug_handle = 6 : i64} : (!tg.module<"ReLU">, !tg.tensor) -> !tg.tensor
  %2 = tg.call @helper(%1) {tg.debug_handle = 7 : i64, res_attrs = [{}]} : (!tg.tensor) -> !tg.tensor
  %3 = tg.kernel "k"(%2) {tg.debug_handle = 8 : i64} : (!tg.tensor) -> !tg.tensor {
  ^bb0(%a: !tg.tensor):
    %n = tg.op "aten::neg"(%a) {tg.debug_handle = 9 : i64} : (!tg.tensor) -> !tg.tensor
    tg.kernel_yield {tg.debug_handle = 10 : i64} %n : !tg.tensor
  }
  %4 = tg.op "aten::relu"(%3) {tg.debug_handle = 9223372036854775807 : i64} : (!tg.tensor) -> !tg.tensor
  %5 = tg.op "aten::abs"(%4) : (!tg.tensor) -> !tg.tensor
  tg.return {tg.debug_handle = 11 : i64} %5 : !tg.tensor
}
tg.graph @"ReLU::forward"(%self: !tg.module<"ReLU">, %x: !tg.tensor) -> !tg.tensor {
  tg.return %x : !tg.tensor
}
tg.graph @helper(%x: !tg.tensor) -> !tg.tensor {
  tg.return %x : !tg.tensor
}
