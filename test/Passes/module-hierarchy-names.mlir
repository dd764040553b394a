// Names are looked through, as tg-symbolicate looks through them: an op at
// `"relu"(callsite(...))`, or inlined from such an op, gets the frames
// inside the name in its path, the same path the section gives for its
// handle (the name hid them: "TOP(C)::forward." against the section's
// "TOP(C)::forward.A0(A)::forward."). Functions in a nested module get
// paths too, as they get handles and section entries. Found by comparing the
// attribute with the section on mutated locations.
// RUN: tg-opt %s -split-input-file --tg-module-hierarchy | FileCheck %s
// RUN: tg-opt %s -split-input-file --tg-module-hierarchy=format=mobile | FileCheck %s --check-prefix=MOBILE
// The section's paths of the first module's ops (handles 1 and 2): the same.
// RUN: tg-opt %s --tg-assign-debug-handles --tg-emit-debug-section=path=%t.first.tgdbg -o /dev/null
// RUN: tg-symbolicate %t.first.tgdbg 1 2 --module-path=profiler | FileCheck %s --check-prefix=SECTION
// The section of the last module (each split overwrites it): the nested
// module's op (handle 2) and the outer one's (5), as the attributes say.
// RUN: tg-opt %s -split-input-file --tg-assign-debug-handles --tg-emit-debug-section=path=%t.last.tgdbg -o /dev/null
// RUN: tg-symbolicate %t.last.tgdbg 2 5 --module-path=profiler | FileCheck %s --check-prefix=NESTED
// NESTED: Module hierarchy:TOP()::h.l1(L)::forward.
// NESTED: Module hierarchy:TOP()::top.l1(L)::forward.

// CHECK-LABEL: tg.graph @"C::forward"
// CHECK: tg.op "aten::relu"{{.*}}tg.module_hierarchy = "TOP(C)::forward.A0(A)::forward."
// CHECK: tg.op "aten::neg"{{.*}}tg.module_hierarchy = "TOP(C)::forward.A0(A)::forward.b(B)::forward."
// MOBILE: tg.op "aten::relu"{{.*}}tg.module_hierarchy = "top(C)::<unknown>.A0(A)::forward.aten::relu"
// SECTION: Module hierarchy:TOP(C)::forward.A0(A)::forward.
// SECTION: Module hierarchy:TOP(C)::forward.A0(A)::forward.b(B)::forward.
tg.graph @"C::forward"(%self: !tg.module<"C">, %x: !tg.tensor) -> !tg.tensor attributes {tg.entry} {
  %0 = tg.op "aten::relu"(%x) : (!tg.tensor) -> !tg.tensor loc("relu"(callsite("a.py":2:13 at fused<#tg.frame<instance = "A0", class = "A", method = "forward">>["c.py":5:10])))
  %1 = tg.op "aten::neg"(%0) : (!tg.tensor) -> !tg.tensor loc(callsite("n"(callsite("b.py":3:1 at fused<#tg.frame<instance = "b", class = "B", method = "forward">>["a.py":4:2])) at fused<#tg.frame<instance = "A0", class = "A", method = "forward">>["c.py":6:10]))
  tg.return %1 : !tg.tensor
}

// -----

// A name over a position adds no frame, a name around a frame hides none
// (built from scratch: a plain string, which means the same).
// CHECK-LABEL: func.func @g
// CHECK: arith.addi {{.*}}tg.module_hierarchy = "TOP()::g.l1(L)::forward."
// CHECK: arith.muli {{.*}}tg.module_hierarchy = "TOP()::g.l1(L)::forward."
func.func @g(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32 loc(callsite("o"("p.py":1:2) at fused<#tg.frame<instance = "l1", class = "L", method = "forward">>["s.py":3:4]))
  %1 = arith.muli %0, %0 : i32 loc(callsite("p.py":1:2 at "caller"(fused<#tg.frame<instance = "l1", class = "L", method = "forward">>["s.py":3:4])))
  return %1 : i32
}

// -----

// CHECK-LABEL: module @inner
// CHECK: arith.addi {{.*}}tg.module_hierarchy = #tg.module_path<"TOP()::h.l1(L)::forward.">
// CHECK-LABEL: func.func @top
// CHECK: arith.addi {{.*}}tg.module_hierarchy = #tg.module_path<"TOP()::top.l1(L)::forward.">
module {
  module @inner {
    func.func @h(%a: i32) -> i32 {
      %0 = arith.addi %a, %a : i32 loc(callsite("p.py":1:2 at fused<#tg.frame<instance = "l1", class = "L", method = "forward">>["s.py":3:4]))
      return %0 : i32
    }
  }
  func.func @top(%a: i32) -> i32 {
    %0 = arith.addi %a, %a : i32 loc(callsite("p.py":1:2 at fused<#tg.frame<instance = "l1", class = "L", method = "forward">>["s.py":3:4]))
    return %0 : i32
  }
}
