// --tg-inline flattens top-down from the entry, inlining each callee's
// original body under the location chain of its callers; the result must be
// what flattening callees first and inlining them into their callers gives.
// RUN: tg-opt %s -split-input-file --tg-inline -mlir-print-debuginfo -mlir-print-local-scope | FileCheck %s
// RUN: tg-opt %s -split-input-file --tg-inline=remove-dead-graphs=false -mlir-print-debuginfo -mlir-print-local-scope | FileCheck %s --check-prefix=KEEP
// RUN: tg-opt %s -split-input-file --tg-inline -mlir-print-debuginfo > %t.1
// RUN: tg-opt %s -split-input-file --tg-inline -mlir-print-debuginfo --mlir-disable-threading > %t.2
// RUN: diff %t.1 %t.2

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
