// --tg-module-hierarchy corner cases. The frames are written by hand here,
// as --tg-inline (or a downstream pass) leaves them.
// RUN: tg-opt %s --tg-module-hierarchy=format=profiler | FileCheck %s --check-prefix=PROF
// RUN: tg-opt %s --tg-module-hierarchy=format=mobile | FileCheck %s --check-prefix=MOBILE
// RUN: tg-opt %s --tg-module-hierarchy=format=scope | FileCheck %s --check-prefix=SCOPE
// RUN: tg-opt %s '--tg-module-hierarchy=format=mobile emit-remarks=true' 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
// Deterministic, threads on or off.
// RUN: tg-opt %s --tg-module-hierarchy=format=mobile > %t.1
// RUN: tg-opt %s --tg-module-hierarchy=format=mobile --mlir-disable-threading > %t.2
// RUN: diff %t.1 %t.2
// Bytecode keeps the nodes, a fused op's list of them included.
// RUN: tg-opt %s --tg-module-hierarchy=format=profiler --emit-bytecode | tg-opt | FileCheck %s --check-prefix=PROF
// Other dialects' ops print the nodes as attributes.
// RUN: tg-opt %s --tg-module-hierarchy=format=profiler | FileCheck %s --check-prefix=UPSTREAM

#a0 = #tg.frame<instance = "A0", class = "pkg.A", method = "forward">
#b0 = #tg.frame<instance = "B0", class = "pkg.B", method = "forward">
#fn = #tg.frame<instance = "", class = "", method = "helper">
#unknown_instance = #tg.frame<instance = "INSTANCE_NAME_UNKNOWN", class = "pkg.A", method = "forward">

tg.graph @"pkg.C::forward"(%self: !tg.module<"pkg.C">, %x: !tg.tensor) -> !tg.tensor {
  // A free function's frame (tg.call): no module information.
  // PROF: tg.op "aten::neg"{{.*}}tg.module_hierarchy = "TOP(C)::forward.A0(A)::forward.::helper."
  // MOBILE: tg.op "aten::neg"{{.*}}tg.module_hierarchy = "top(C)::<unknown>.A0(A)::forward.UNKNOWN_INSTANCE(UNKNOWN_TYPE)::helper.aten::neg"
  // SCOPE: tg.op "aten::neg"{{.*}}tg.module_hierarchy = "top(C).A0(A).UNKNOWN_INSTANCE(UNKNOWN_TYPE)"
  %0 = tg.op "aten::neg"(%x) : (!tg.tensor) -> !tg.tensor loc(callsite("f.py":1:1 at callsite(fused<#fn>["a.py":2:2] at fused<#a0>["c.py":3:3])))

  // INSTANCE_NAME_UNKNOWN is printed as recorded.
  // PROF: tg.op "aten::abs"{{.*}}tg.module_hierarchy = "TOP(C)::forward.INSTANCE_NAME_UNKNOWN(A)::forward."
  // MOBILE: tg.op "aten::abs"{{.*}}tg.module_hierarchy = "top(C)::<unknown>.INSTANCE_NAME_UNKNOWN(A)::forward.aten::abs"
  %1 = tg.op "aten::abs"(%0) : (!tg.tensor) -> !tg.tensor loc(callsite("a.py":5:5 at fused<#unknown_instance>["c.py":4:4]))

  // A call site without #tg.frame (as upstream -inline makes): no module
  // information and no method name.
  // PROF: tg.op "aten::exp"{{.*}}tg.module_hierarchy = "TOP(C)::forward.::."
  // MOBILE: tg.op "aten::exp"{{.*}}tg.module_hierarchy = "top(C)::<unknown>.UNKNOWN_INSTANCE(UNKNOWN_TYPE)::.aten::exp"
  // SCOPE: tg.op "aten::exp"{{.*}}tg.module_hierarchy = "top(C).UNKNOWN_INSTANCE(UNKNOWN_TYPE)"
  %2 = tg.op "aten::exp"(%1) : (!tg.tensor) -> !tg.tensor loc(callsite("a.py":6:6 at "c.py":5:5))

  // A fused op whose origins come from two modules: one path per distinct
  // origin, in origin order.
  // PROF: tg.op "aten::add"{{.*}}tg.module_hierarchy = ["TOP(C)::forward.A0(A)::forward.", "TOP(C)::forward.B0(B)::forward."]
  // SCOPE: tg.op "aten::add"{{.*}}tg.module_hierarchy = ["top(C).A0(A)", "top(C).B0(B)"]
  %3 = tg.op "aten::add"(%2, %x) : (!tg.tensor, !tg.tensor) -> !tg.tensor loc(fused<#tg.kernel<"fused_add_0">>[callsite("a.py":7:7 at fused<#a0>["c.py":6:6]), callsite("b.py":1:1 at fused<#b0>["c.py":7:7]), callsite("a.py":8:8 at fused<#a0>["c.py":6:6])])

  // A fused op whose origins share one path: a plain string.
  // PROF: tg.op "aten::mul"{{.*}}tg.module_hierarchy = "TOP(C)::forward.A0(A)::forward."
  %4 = tg.op "aten::mul"(%3, %3) : (!tg.tensor, !tg.tensor) -> !tg.tensor loc(fused<#tg.kernel<"fused_mul_0">>[callsite("a.py":9:9 at fused<#a0>["c.py":6:6]), callsite("a.py":10:10 at fused<#a0>["c.py":6:6])])

  // An origin named over its call site gets its path built as a whole
  // string, the other one from its caller chain's node: the same text, one
  // path.
  // PROF: tg.op "aten::sub"{{.*}}tg.module_hierarchy = "TOP(C)::forward.A0(A)::forward."
  // MOBILE: tg.op "aten::sub"{{.*}}tg.module_hierarchy = "top(C)::<unknown>.A0(A)::forward.aten::sub"
  %s = tg.op "aten::sub"(%4, %x) : (!tg.tensor, !tg.tensor) -> !tg.tensor loc(fused<#tg.kernel<"fused_sub_0">>[callsite("a.py":11:11 at fused<#a0>["c.py":6:6]), "sub"(callsite("a.py":12:12 at fused<#a0>["c.py":6:6]))])

  // Ops other than tg.op print the TorchScript node they stand for; nested
  // ops get paths too; terminators get none.
  // MOBILE: tg.constant(1 : i64) {tg.module_hierarchy = "top(C)::<unknown>.prim::Constant"}
  %c = tg.constant(1 : i64) : !tg.value
  // MOBILE: tg.get_submodule {{.*}}tg.module_hierarchy = "top(C)::<unknown>.prim::GetAttr"
  %b = tg.get_submodule %self["B0"] : !tg.module<"pkg.C"> -> !tg.module<"pkg.B">
  // MOBILE: tg.call_method {{.*}}tg.module_hierarchy = "top(C)::<unknown>.prim::CallMethod"
  %5 = tg.call_method @"pkg.B::forward"(%b, %4) : (!tg.module<"pkg.B">, !tg.tensor) -> !tg.tensor
  // MOBILE: tg.op "prim::If"
  // MOBILE-NEXT: tg.op "aten::relu"{{.*}}tg.module_hierarchy = "top(C)::<unknown>.aten::relu"
  // MOBILE-NEXT: tg.yield %{{[0-9]+}} : !tg.tensor
  // MOBILE-NEXT: }, {
  // MOBILE-NEXT: tg.yield %{{[0-9]+}} : !tg.tensor
  // MOBILE-NEXT: }) {tg.module_hierarchy = "top(C)::<unknown>.prim::If"}
  %6 = tg.op "prim::If"(%c) ({
    %7 = tg.op "aten::relu"(%5) : (!tg.tensor) -> !tg.tensor
    tg.yield %7 : !tg.tensor
  }, {
    tg.yield %5 : !tg.tensor
  }) : (!tg.value) -> !tg.tensor
  // MOBILE: tg.return %{{[0-9]+}} : !tg.tensor
  tg.return %6 : !tg.tensor
}

// The top of the path is the graph that holds the op, whatever it is.
// PROF-LABEL: tg.graph @"pkg.B::forward"
// PROF: tg.op "aten::sigmoid"{{.*}}tg.module_hierarchy = "TOP(B)::forward."
// MOBILE-LABEL: tg.graph @"pkg.B::forward"
// MOBILE: tg.op "aten::sigmoid"{{.*}}tg.module_hierarchy = "top(B)::<unknown>.aten::sigmoid"
tg.graph @"pkg.B::forward"(%self: !tg.module<"pkg.B">, %x: !tg.tensor) -> !tg.tensor {
  %0 = tg.op "aten::sigmoid"(%x) : (!tg.tensor) -> !tg.tensor
  tg.return %0 : !tg.tensor
}

// A free-function graph has no self class.
// PROF-LABEL: tg.graph @main
// PROF: tg.op "aten::tanh"{{.*}}tg.module_hierarchy = "TOP()::main."
// SCOPE-LABEL: tg.graph @main
// SCOPE: tg.op "aten::tanh"{{.*}}tg.module_hierarchy = "top()"
tg.graph @main(%x: !tg.tensor) -> !tg.tensor {
  %0 = tg.op "aten::tanh"(%x) : (!tg.tensor) -> !tg.tensor
  tg.return %0 : !tg.tensor
}

// Ops outside tg graphs are left alone.
// PROF-LABEL: func.func @not_a_graph
// PROF-NOT: tg.module_hierarchy
func.func @not_a_graph() {
  return
}

// A downstream compiler's function: its ops get paths too, printed as
// attributes (the top is the function).
// PROF-LABEL: func.func @lowered
// UPSTREAM-LABEL: func.func @lowered
// UPSTREAM: arith.addi {{.*}}{tg.module_hierarchy = #tg.module_path<"TOP()::lowered.A0(A)::forward.">}
// UPSTREAM: arith.muli {{.*}}{tg.module_hierarchy = [#tg.module_path<"TOP()::lowered.A0(A)::forward.">, #tg.module_path<"TOP()::lowered.B0(B)::forward.">]}
func.func @lowered(%x: i32) -> i32 {
  %0 = arith.addi %x, %x : i32 loc(callsite("a.py":7:7 at fused<#a0>["c.py":6:6]))
  %1 = arith.muli %0, %x : i32 loc(fused[callsite("a.py":7:7 at fused<#a0>["c.py":6:6]), callsite("b.py":1:1 at fused<#b0>["c.py":7:7])])
  return %1 : i32
}

// REMARK: f.py:1:1: remark: module hierarchy: top(C)::<unknown>.A0(A)::forward.UNKNOWN_INSTANCE(UNKNOWN_TYPE)::helper.aten::neg
// REMARK: remark: module hierarchy: top(C)::<unknown>.A0(A)::forward.aten::add; top(C)::<unknown>.B0(B)::forward.aten::add
// REMARK: remark: module hierarchy: top(B)::<unknown>.aten::sigmoid
