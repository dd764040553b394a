// The upstream -inline pass inlines tg calls too, through tg's dialect
// inliner interface. It knows nothing of module instances: its call sites
// carry the plain call location, and their frames print without module
// information, unless the call's location already is a #tg.frame location,
// in which case -inline builds exactly the chain --tg-inline builds.
// RUN: tg-opt %s -inline -mlir-print-debuginfo -mlir-print-local-scope | FileCheck %s
// RUN: tg-opt %s -inline --tg-module-hierarchy=format=mobile | FileCheck %s --check-prefix=PATH
// The same module through --tg-inline: both calls get their frame (a frame
// already written on a call is replaced by the computed one, not nested).
// RUN: tg-opt %s --tg-inline -mlir-print-debuginfo -mlir-print-local-scope | FileCheck %s --check-prefix=TG

// CHECK-LABEL: tg.graph @"C::forward"
// CHECK: tg.op "aten::relu"{{.*}} loc(callsite("a.py":2:13 at "c.py":5:10))
// CHECK: tg.op "aten::relu"{{.*}} loc(callsite("a.py":2:13 at fused<#tg.frame<instance = "A0", class = "A", method = "forward">>["c.py":6:10]))
// CHECK: tg.op "aten::relu"{{.*}} loc(callsite("a.py":2:13 at fused<#tg.frame<instance = "wrong", class = "A", method = "forward">>["c.py":7:10]))
// CHECK-NOT: tg.call_method

// PATH-LABEL: tg.graph @"C::forward"
// PATH: tg.op "aten::relu"{{.*}}tg.module_hierarchy = "top(C)::<unknown>.UNKNOWN_INSTANCE(UNKNOWN_TYPE)::.aten::relu"
// PATH: tg.op "aten::relu"{{.*}}tg.module_hierarchy = "top(C)::<unknown>.A0(A)::forward.aten::relu"
// PATH: tg.op "aten::relu"{{.*}}tg.module_hierarchy = "top(C)::<unknown>.wrong(A)::forward.aten::relu"

// TG-LABEL: tg.graph @"C::forward"
// TG: tg.op "aten::relu"{{.*}} loc(callsite("a.py":2:13 at fused<#tg.frame<instance = "A0", class = "A", method = "forward">>["c.py":5:10]))
// TG: tg.op "aten::relu"{{.*}} loc(callsite("a.py":2:13 at fused<#tg.frame<instance = "A0", class = "A", method = "forward">>["c.py":6:10]))
// TG: tg.op "aten::relu"{{.*}} loc(callsite("a.py":2:13 at fused<#tg.frame<instance = "A0", class = "A", method = "forward">>["c.py":7:10]))

tg.graph @"A::forward"(%self: !tg.module<"A">, %x: !tg.tensor) -> !tg.tensor {
  %0 = tg.op "aten::relu"(%x) : (!tg.tensor) -> !tg.tensor loc("a.py":2:13)
  tg.return %0 : !tg.tensor
}
tg.graph @"C::forward"(%self: !tg.module<"C">, %x: !tg.tensor) -> !tg.tensor attributes {tg.entry} {
  %a0 = tg.get_submodule %self["A0"] : !tg.module<"C"> -> !tg.module<"A"> loc("c.py":1:1)
  %0 = tg.call_method @"A::forward"(%a0, %x) : (!tg.module<"A">, !tg.tensor) -> !tg.tensor loc("c.py":5:10)
  %1 = tg.call_method @"A::forward"(%a0, %0) : (!tg.module<"A">, !tg.tensor) -> !tg.tensor loc(fused<#tg.frame<instance = "A0", class = "A", method = "forward">>["c.py":6:10])
  // A hand-written frame that disagrees with the IR: --tg-inline replaces it.
  %2 = tg.call_method @"A::forward"(%a0, %1) : (!tg.module<"A">, !tg.tensor) -> !tg.tensor loc(fused<#tg.frame<instance = "wrong", class = "A", method = "forward">>["c.py":7:10])
  tg.return %2 : !tg.tensor
}
