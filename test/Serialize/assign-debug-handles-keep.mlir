// keep-existing=true keeps valid handles and numbers the other ops after the
// largest one, in walk order.
// RUN: tg-opt %s --tg-assign-debug-handles=keep-existing=true | FileCheck %s
// RUN: tg-opt %s --tg-assign-debug-handles=keep-existing=true --tg-assign-debug-handles=keep-existing=true | FileCheck %s

// CHECK: tg.graph @"A::f"{{.*}}attributes {tg.debug_handle = 10 : i64}
// CHECK: tg.constant(1 : i64) {tg.debug_handle = 4 : i64}
// CHECK: tg.constant(2 : i64) {tg.debug_handle = 11 : i64}
// CHECK: tg.constant(3 : i64) {tg.debug_handle = 9 : i64}
// CHECK: tg.return {tg.debug_handle = 12 : i64}
tg.graph @"A::f"(%self: !tg.module<"A">) {
  %0 = tg.constant(1 : i64) {tg.debug_handle = 4 : i64} : !tg.value
  %1 = tg.constant(2 : i64) : !tg.value
  %2 = tg.constant(3 : i64) {tg.debug_handle = 9 : i64} : !tg.value
  tg.return
}
