// RUN: tg-opt %s | tg-opt | FileCheck %s
// RUN: tg-opt %s -mlir-print-op-generic | tg-opt | FileCheck %s
// RUN: tg-opt %s -emit-bytecode | tg-opt | FileCheck %s

// CHECK-LABEL: tg.graph @"ReLU::forward"
// CHECK-SAME: (%self: !tg.module<"ReLU">, %arg0: !tg.tensor) -> !tg.tensor
// CHECK: %[[R:.*]] = tg.op "aten::relu"(%arg0) : (!tg.tensor) -> !tg.tensor
// CHECK: tg.return %[[R]] : !tg.tensor
tg.graph @"ReLU::forward"(%self: !tg.module<"ReLU">, %x: !tg.tensor) -> !tg.tensor {
  %0 = tg.op "aten::relu"(%x) : (!tg.tensor) -> !tg.tensor
  tg.return %0 : !tg.tensor
}

// CHECK-LABEL: tg.graph @"Net::forward"
// CHECK-SAME: attributes {tg.entry}
// CHECK: %[[SUB:.*]] = tg.get_submodule %self["relu"] : !tg.module<"Net"> -> !tg.module<"ReLU">
// CHECK: %[[W:.*]] = tg.get_attr %self["weight"] : !tg.module<"Net"> -> !tg.tensor
// CHECK: %[[C:.*]] = tg.constant([1, 1]) : !tg.value
// CHECK: tg.op "aten::conv2d"(%arg0, %[[W]], %[[C]]) {groups = 1 : i64}
// CHECK: tg.call_method @"ReLU::forward"(%[[SUB]], %{{.*}}) : (!tg.module<"ReLU">, !tg.tensor) -> !tg.tensor
// CHECK: tg.call @helper(%{{.*}}) : (!tg.tensor) -> !tg.tensor
tg.graph @"Net::forward"(%self: !tg.module<"Net">, %x: !tg.tensor) -> !tg.tensor attributes {tg.entry} {
  %relu = tg.get_submodule %self["relu"] : !tg.module<"Net"> -> !tg.module<"ReLU">
  %w = tg.get_attr %self["weight"] : !tg.module<"Net"> -> !tg.tensor
  %c = tg.constant([1, 1]) : !tg.value
  %0 = tg.op "aten::conv2d"(%x, %w, %c) {groups = 1 : i64} : (!tg.tensor, !tg.tensor, !tg.value) -> !tg.tensor
  %1 = tg.call_method @"ReLU::forward"(%relu, %0) : (!tg.module<"ReLU">, !tg.tensor) -> !tg.tensor
  %2 = tg.call @helper(%1) : (!tg.tensor) -> !tg.tensor
  tg.return %2 : !tg.tensor
}

// A free function: no `::`, no self.
// CHECK-LABEL: tg.graph @helper
tg.graph @helper(%x: !tg.tensor) -> !tg.tensor {
  tg.return %x : !tg.tensor
}

// Control flow keeps its blocks; qualified TorchScript class names are kept.
// CHECK-LABEL: tg.graph @"__torch__.m.Loop::forward"
// CHECK: tg.op "prim::If"(%{{.*}}) ({
// CHECK:   tg.yield %arg0 : !tg.tensor
// CHECK: }, {
// CHECK:   tg.op "aten::neg"
// CHECK:   tg.yield
// CHECK: }) : (!tg.value) -> !tg.tensor
tg.graph @"__torch__.m.Loop::forward"(%self: !tg.module<"__torch__.m.Loop">, %x: !tg.tensor, %c: !tg.value) -> !tg.tensor {
  %0 = tg.op "prim::If"(%c) ({
    tg.yield %x : !tg.tensor
  }, {
    %n = tg.op "aten::neg"(%x) : (!tg.tensor) -> !tg.tensor
    tg.yield %n : !tg.tensor
  }) : (!tg.value) -> !tg.tensor
  tg.return %0 : !tg.tensor
}

// An empty region group `()` is accepted and holds no region (as the ODS
// format parsed it), so it prints without one; an op with an empty string
// name, a debug handle and attributes on every hand-printed op.
// CHECK-LABEL: tg.graph @"Forms::forward"
// CHECK: tg.op "prim::Uninitialized"() : () -> !tg.value
// CHECK: tg.get_submodule %self["a"] {tg.debug_handle = 1 : i64, x = 1 : i64} : !tg.module<"Forms"> -> !tg.module<"A">
// CHECK: tg.get_attr %self["w"] {tg.debug_handle = 2 : i64} : !tg.module<"Forms"> -> !tg.tensor
// CHECK: tg.constant("s") {tg.debug_handle = 3 : i64} : !tg.value
// CHECK: tg.op "aten::neg"(%{{.*}}) {tg.debug_handle = 4 : i64, y} : (!tg.tensor) -> !tg.tensor
tg.graph @"Forms::forward"(%self: !tg.module<"Forms">, %x: !tg.tensor) -> !tg.value {
  %0 = tg.op "prim::Uninitialized"() () : () -> !tg.value
  %1 = tg.get_submodule %self["a"] {x = 1 : i64, tg.debug_handle = 1} : !tg.module<"Forms"> -> !tg.module<"A">
  %2 = tg.get_attr %self["w"] {tg.debug_handle = 2} : !tg.module<"Forms"> -> !tg.tensor
  %3 = tg.constant("s") {tg.debug_handle = 3} : !tg.value
  %4 = tg.op "aten::neg"(%x) {y, tg.debug_handle = 4} : (!tg.tensor) -> !tg.tensor
  tg.return %0 : !tg.value
}

// A class name is printed escaped as MLIR escapes a string, and reads back.
// CHECK-LABEL: func.func @escaped_class_name
// CHECK-SAME: !tg.module<"a\22b\0Ac\C3\A9">
func.func @escaped_class_name(%arg0: !tg.module<"a\"b\nc\C3\A9">) {
  return
}
