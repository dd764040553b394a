// Handles are dense from 0 in pre-order walk order (the module itself gets
// none), the same with threads off, and stable when the pass runs again.
// RUN: tg-opt %s -split-input-file --tg-assign-debug-handles | FileCheck %s
// RUN: tg-opt %s -split-input-file --tg-assign-debug-handles --mlir-disable-threading | FileCheck %s
// RUN: tg-opt %s -split-input-file --tg-assign-debug-handles --tg-assign-debug-handles | FileCheck %s

// CHECK-LABEL: module {
// CHECK: tg.graph @"Net::forward"{{.*}}attributes {tg.debug_handle = 0 : i64}
// CHECK: tg.constant(1 : i64) {tg.debug_handle = 1 : i64}
// CHECK: tg.op "prim::If"
// CHECK: tg.op "aten::relu"{{.*}}{tg.debug_handle = 3 : i64}
// CHECK: tg.yield {tg.debug_handle = 4 : i64}
// CHECK: }, {
// CHECK: tg.yield {tg.debug_handle = 5 : i64}
// CHECK: }) {tg.debug_handle = 2 : i64}
// CHECK: tg.return {tg.debug_handle = 6 : i64}
// CHECK: tg.graph @"Net::helper"{{.*}}attributes {tg.debug_handle = 7 : i64}
// CHECK: tg.return {tg.debug_handle = 8 : i64}
tg.graph @"Net::forward"(%self: !tg.module<"Net">, %x: !tg.tensor) -> !tg.tensor {
  %c = tg.constant(1 : i64) : !tg.value
  %0 = tg.op "prim::If"(%c) ({
    %r = tg.op "aten::relu"(%x) : (!tg.tensor) -> !tg.tensor
    tg.yield %r : !tg.tensor
  }, {
    tg.yield %x : !tg.tensor
  }) : (!tg.value) -> !tg.tensor
  tg.return %0 : !tg.tensor
}
tg.graph @"Net::helper"(%self: !tg.module<"Net">) {
  tg.return
}

// -----

// By default existing handles are renumbered.
// CHECK-LABEL: module {
// CHECK: tg.graph @"A::f"{{.*}}attributes {tg.debug_handle = 0 : i64}
// CHECK: tg.return {tg.debug_handle = 1 : i64}
tg.graph @"A::f"(%self: !tg.module<"A">) attributes {tg.debug_handle = 7 : i64} {
  tg.return {tg.debug_handle = 3 : i64}
}

// -----

// An empty module gets no handles and is not an error.
// CHECK-LABEL: module {
// CHECK-NEXT: }
module {
}
