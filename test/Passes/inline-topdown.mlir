// --tg-inline flattens top-down from the entry, inlining each callee's
// original body under the location chain of its callers; the result must be
// what flattening callees first and inlining them into their callers gives.
// RUN: tg-opt %s -split-input-file --tg-inline -mlir-print-debuginfo -mlir-print-local-scope | FileCheck %s
// RUN: tg-opt %s -split-input-file --tg-inline=remove-dead-graphs=false -mlir-print-debuginfo -mlir-print-local-scope | FileCheck %s --check-prefix=KEEP
// RUN: tg-opt %s -split-input-file --tg-inline -mlir-print-debuginfo > %t.1
// RUN: tg-opt %s -split-input-file --tg-inline -mlir-print-debuginfo --mlir-disable-threading > %t.2
// RUN: diff %t.1 %t.2
// RUN: tg-opt %s -split-input-file --tg-inline=clone-in-order=false -mlir-print-debuginfo | diff %t.1 -
// RUN: tg-opt %s -split-input-file --tg-inline=remove-dead-graphs=false -mlir-print-debuginfo > %t.3
// RUN: tg-opt %s -split-input-file "--tg-inline=remove-dead-graphs=false clone-in-order=false" -mlir-print-debuginfo | diff %t.3 -

// Three levels deep, a tg.call (no module information) in the middle, a
// callee reached at two depths, and a call below the entry that already
// carries a frame (written for upstream -inline; the frame computed from the
// IR replaces it): each op gets the chain of its whole call path.
// CHECK-LABEL: tg.graph @"A::forward"
// CHECK-NOT: tg.call
// CHECK: tg.get_submodule %self["b"]{{.*}} loc("a.py":7:9)
// CHECK: tg.get_submodule %{{.*}}["d"]{{.*}} loc(callsite("b.py":3:9 at fused<#tg.frame<instance = "b", class = "B", method = "forward">>["a.py":7:13]))
// CHECK: tg.op "aten::sin"{{.*}} loc(callsite("d.py":2:13 at callsite(fused<#tg.frame<instance = "INSTANCE_NAME_UNKNOWN", class = "D", method = "forward">>["h.py":4:10] at callsite(fused<#tg.frame<instance = "", class = "", method = "helper">>["b.py":3:13] at fused<#tg.frame<instance = "b", class = "B", method = "forward">>["a.py":7:13]))))
// CHECK: tg.op "aten::cos"{{.*}} loc(callsite("h.py":5:10 at callsite(fused<#tg.frame<instance = "", class = "", method = "helper">>["b.py":3:13] at fused<#tg.frame<instance = "b", class = "B", method = "forward">>["a.py":7:13])))
// CHECK: tg.op "aten::sin"{{.*}} loc(callsite("d.py":2:13 at callsite(fused<#tg.frame<instance = "d", class = "D", method = "forward">>["b.py":4:13] at fused<#tg.frame<instance = "b", class = "B", method = "forward">>["a.py":7:13])))
// CHECK: tg.op "aten::tanh"{{.*}} loc("a.py":8:13)
// CHECK: tg.get_submodule %{{.*}}["d"]{{.*}} loc(callsite("b.py":3:9 at fused<#tg.frame<instance = "b", class = "B", method = "forward">>["a.py":9:13]))
// CHECK: tg.op "aten::sin"{{.*}} loc(callsite("d.py":2:13 at callsite(fused<#tg.frame<instance = "INSTANCE_NAME_UNKNOWN", class = "D", method = "forward">>["h.py":4:10] at callsite(fused<#tg.frame<instance = "", class = "", method = "helper">>["b.py":3:13] at fused<#tg.frame<instance = "b", class = "B", method = "forward">>["a.py":9:13]))))
// CHECK: tg.op "aten::cos"{{.*}} loc(callsite("h.py":5:10 at callsite(fused<#tg.frame<instance = "", class = "", method = "helper">>["b.py":3:13] at fused<#tg.frame<instance = "b", class = "B", method = "forward">>["a.py":9:13])))
// CHECK: tg.op "aten::sin"{{.*}} loc(callsite("d.py":2:13 at callsite(fused<#tg.frame<instance = "d", class = "D", method = "forward">>["b.py":4:13] at fused<#tg.frame<instance = "b", class = "B", method = "forward">>["a.py":9:13])))
// CHECK-NOT: tg.call
// CHECK: tg.return {{.*}} loc("a.py":9:6)
// CHECK-NOT: tg.graph
// KEEP-LABEL: tg.graph @"A::forward"
// KEEP-NOT: tg.call
tg.graph @"D::forward"(%self: !tg.module<"D">, %x: !tg.tensor) -> !tg.tensor {
  %0 = tg.op "aten::sin"(%x) : (!tg.tensor) -> !tg.tensor loc("d.py":2:13)
  tg.return %0 : !tg.tensor loc("d.py":2:6)
}
tg.graph @"helper"(%x: !tg.tensor, %d: !tg.module<"D">) -> !tg.tensor {
  %0 = tg.call_method @"D::forward"(%d, %x) : (!tg.module<"D">, !tg.tensor) -> !tg.tensor loc(fused<#tg.frame<instance = "stale", class = "D", method = "forward">>["h.py":4:10])
  %1 = tg.op "aten::cos"(%0) : (!tg.tensor) -> !tg.tensor loc("h.py":5:10)
  tg.return %1 : !tg.tensor loc("h.py":5:3)
}
tg.graph @"B::forward"(%self: !tg.module<"B">, %x: !tg.tensor) -> !tg.tensor {
  %d = tg.get_submodule %self["d"] : !tg.module<"B"> -> !tg.module<"D"> loc("b.py":3:9)
  %0 = tg.call @"helper"(%x, %d) : (!tg.tensor, !tg.module<"D">) -> !tg.tensor loc("b.py":3:13)
  %1 = tg.call_method @"D::forward"(%d, %0) : (!tg.module<"D">, !tg.tensor) -> !tg.tensor loc("b.py":4:13)
  tg.return %1 : !tg.tensor loc("b.py":4:6)
}
tg.graph @"A::forward"(%self: !tg.module<"A">, %x: !tg.tensor) -> !tg.tensor attributes {tg.entry} {
  %b = tg.get_submodule %self["b"] : !tg.module<"A"> -> !tg.module<"B"> loc("a.py":7:9)
  %0 = tg.call_method @"B::forward"(%b, %x) : (!tg.module<"B">, !tg.tensor) -> !tg.tensor loc("a.py":7:13)
  %1 = tg.op "aten::tanh"(%0) : (!tg.tensor) -> !tg.tensor loc("a.py":8:13)
  %2 = tg.call_method @"B::forward"(%b, %1) : (!tg.module<"B">, !tg.tensor) -> !tg.tensor loc("a.py":9:13)
  tg.return %2 : !tg.tensor loc("a.py":9:6)
}

// -----

// A reachable graph that another (unreachable) graph still calls stays, and
// is flattened too; a graph only it and the entry call is erased.
// The kept graph is flattened as well, with its own chains.
// CHECK-LABEL: tg.graph @"B::forward"
// CHECK-NEXT: tg.get_submodule %self["d"]{{.*}} loc("b.py":3:9)
// CHECK-NEXT: tg.op "aten::sin"{{.*}} loc(callsite("d.py":2:13 at fused<#tg.frame<instance = "d", class = "D", method = "forward">>["b.py":3:13]))
// CHECK-LABEL: tg.graph @"A::forward"
// CHECK: tg.get_submodule %{{.*}}["d"]{{.*}} loc(callsite("b.py":3:9 at fused<#tg.frame<instance = "b", class = "B", method = "forward">>["a.py":7:13]))
// CHECK-NEXT: tg.op "aten::sin"{{.*}} loc(callsite("d.py":2:13 at callsite(fused<#tg.frame<instance = "d", class = "D", method = "forward">>["b.py":3:13] at fused<#tg.frame<instance = "b", class = "B", method = "forward">>["a.py":7:13])))
// CHECK-LABEL: tg.graph @"Other::run"
// CHECK: tg.call_method @"B::forward"{{.*}} loc("o.py":2:13)
// CHECK-NOT: tg.graph

// remove-dead-graphs=false keeps D::forward (unchanged: it calls nothing).
// KEEP-LABEL: tg.graph @"D::forward"
// KEEP-NEXT: tg.op "aten::sin"{{.*}} loc("d.py":2:13)
// KEEP-LABEL: tg.graph @"B::forward"
// KEEP-NOT: tg.call_method
// KEEP: tg.op "aten::sin"{{.*}} loc(callsite("d.py":2:13 at fused<#tg.frame<instance = "d", class = "D", method = "forward">>["b.py":3:13]))
// KEEP-LABEL: tg.graph @"A::forward"
// KEEP-NOT: tg.call_method
// KEEP: tg.op "aten::sin"{{.*}} loc(callsite("d.py":2:13 at callsite(fused<#tg.frame<instance = "d", class = "D", method = "forward">>["b.py":3:13] at fused<#tg.frame<instance = "b", class = "B", method = "forward">>["a.py":7:13])))
// KEEP-LABEL: tg.graph @"Other::run"
// KEEP: tg.call_method @"B::forward"
tg.graph @"D::forward"(%self: !tg.module<"D">, %x: !tg.tensor) -> !tg.tensor {
  %0 = tg.op "aten::sin"(%x) : (!tg.tensor) -> !tg.tensor loc("d.py":2:13)
  tg.return %0 : !tg.tensor loc("d.py":2:6)
}
tg.graph @"B::forward"(%self: !tg.module<"B">, %x: !tg.tensor) -> !tg.tensor {
  %d = tg.get_submodule %self["d"] : !tg.module<"B"> -> !tg.module<"D"> loc("b.py":3:9)
  %0 = tg.call_method @"D::forward"(%d, %x) : (!tg.module<"D">, !tg.tensor) -> !tg.tensor loc("b.py":3:13)
  tg.return %0 : !tg.tensor loc("b.py":3:6)
}
tg.graph @"A::forward"(%self: !tg.module<"A">, %x: !tg.tensor) -> !tg.tensor attributes {tg.entry} {
  %b = tg.get_submodule %self["b"] : !tg.module<"A"> -> !tg.module<"B"> loc("a.py":7:9)
  %0 = tg.call_method @"B::forward"(%b, %x) : (!tg.module<"B">, !tg.tensor) -> !tg.tensor loc("a.py":7:13)
  tg.return %0 : !tg.tensor loc("a.py":7:6)
}
tg.graph @"Other::run"(%self: !tg.module<"Other">, %x: !tg.tensor) -> !tg.tensor {
  %b = tg.get_submodule %self["b"] : !tg.module<"Other"> -> !tg.module<"B"> loc("o.py":2:9)
  %0 = tg.call_method @"B::forward"(%b, %x) : (!tg.module<"B">, !tg.tensor) -> !tg.tensor loc("o.py":2:13)
  tg.return %0 : !tg.tensor loc("o.py":2:6)
}

// -----

// Copied in program order: an op with a region (its nested ops and block
// arguments get the chain too), results flowing out of one inlined call into
// the next, a callee op whose location is already a call-site chain (written
// by upstream -inline: re-rooted onto the new chain), and a value returned
// straight from an argument.
// CHECK-LABEL: tg.graph @"A::forward"
// CHECK: %[[L:[a-z0-9]+]] = tg.op "prim::Loop"(%arg0)
// CHECK-NEXT: ^bb0(%{{.*}}: !tg.value loc(callsite("l.py":2:9 at callsite(fused<#tg.frame<instance = "l", class = "L", method = "forward">>["b.py":3:13] at fused<#tg.frame<instance = "b", class = "B", method = "forward">>["a.py":7:13]))), %[[ACC:[a-z0-9]+]]: !tg.tensor
// CHECK-NEXT: tg.op "aten::relu"(%[[ACC]]) {{.*}} loc(callsite("l.py":3:13 at callsite(fused<#tg.frame<instance = "l", class = "L", method = "forward">>["b.py":3:13] at fused<#tg.frame<instance = "b", class = "B", method = "forward">>["a.py":7:13])))
// CHECK: tg.op "aten::cos"(%[[L]]) {{.*}} loc(callsite("inner.py":1:1 at callsite("l.py":4:1 at callsite(fused<#tg.frame<instance = "l", class = "L", method = "forward">>["b.py":3:13] at fused<#tg.frame<instance = "b", class = "B", method = "forward">>["a.py":7:13]))))
// CHECK-NEXT: %[[S:[a-z0-9]+]] = tg.op "aten::sin"(%[[L]]) {{.*}} loc(callsite("b.py":4:13 at fused<#tg.frame<instance = "b", class = "B", method = "forward">>["a.py":7:13]))
// CHECK-NEXT: tg.op "aten::add"(%[[S]], %arg0) {{.*}} loc("a.py":8:13)
tg.graph @"L::forward"(%self: !tg.module<"L">, %x: !tg.tensor) -> !tg.tensor {
  %0 = tg.op "prim::Loop"(%x) ({
  ^bb0(%i: !tg.value loc("l.py":2:9), %acc: !tg.tensor loc("l.py":2:12)):
    %1 = tg.op "aten::relu"(%acc) : (!tg.tensor) -> !tg.tensor loc("l.py":3:13)
    tg.yield %1 : !tg.tensor loc("l.py":3:6)
  }) : (!tg.tensor) -> !tg.tensor loc("l.py":2:5)
  %2 = tg.op "aten::cos"(%0) : (!tg.tensor) -> !tg.tensor loc(callsite("inner.py":1:1 at "l.py":4:1))
  tg.return %0 : !tg.tensor loc("l.py":5:6)
}
tg.graph @"B::forward"(%self: !tg.module<"B">, %x: !tg.tensor) -> (!tg.tensor, !tg.tensor) {
  %l = tg.get_submodule %self["l"] : !tg.module<"B"> -> !tg.module<"L"> loc("b.py":3:9)
  %0 = tg.call_method @"L::forward"(%l, %x) : (!tg.module<"L">, !tg.tensor) -> !tg.tensor loc("b.py":3:13)
  %1 = tg.op "aten::sin"(%0) : (!tg.tensor) -> !tg.tensor loc("b.py":4:13)
  tg.return %1, %x : !tg.tensor, !tg.tensor loc("b.py":5:6)
}
tg.graph @"A::forward"(%self: !tg.module<"A">, %x: !tg.tensor) -> !tg.tensor attributes {tg.entry} {
  %b = tg.get_submodule %self["b"] : !tg.module<"A"> -> !tg.module<"B"> loc("a.py":7:9)
  %0:2 = tg.call_method @"B::forward"(%b, %x) : (!tg.module<"B">, !tg.tensor) -> (!tg.tensor, !tg.tensor) loc("a.py":7:13)
  %1 = tg.op "aten::add"(%0#0, %0#1) : (!tg.tensor, !tg.tensor) -> !tg.tensor loc("a.py":8:13)
  tg.return %1 : !tg.tensor loc("a.py":8:6)
}
