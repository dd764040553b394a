// The accounting around inliners (tg's --tg-inline, MLIR's -inline): an
// inlined op's origin lives on inside its call-site location, and the call's
// as the call location of its callee's ops. Neither is lost, so neither is
// recorded as eliminated nor merged into a neighbour. Only the callee's
// terminator is eliminated by the inlining (and the module read, once dead,
// by -inline's canonicalization).
// RUN: tg-opt %s -split-input-file --tg-inline -inline --tg-account-origins -mlir-print-debuginfo -mlir-print-local-scope | FileCheck %s
// RUN: tg-opt %s -split-input-file --tg-snapshot-origins=terminators=true --tg-inline -inline --tg-verify-origins=summary=true --tg-account-origins -o /dev/null 2>&1 | FileCheck %s --check-prefix=SUMMARY

// CHECK-LABEL: tg.graph @"Top::forward"
// CHECK-NEXT: tg.op "aten::relu"(%arg0) {{.*}}loc(callsite("a.py":3:10 at fused<#tg.frame<instance = "a", class = "A", method = "forward">>["top.py":8:10]))
// CHECK-NEXT: tg.return
// CHECK-NEXT: } loc(fused["top.py":6:3, fused<#tg.origin_record<eliminated, pass = "canonicalize", op = "tg.get_submodule">>["top.py":7:10]])
// CHECK-NEXT: } loc(fused["{{.*}}account-origins-inline.mlir":0:0, fused<#tg.origin_record<eliminated, pass = "tg-inline", op = "tg.return">>["a.py":4:5]])
// SUMMARY: remark: origins: 5, on ops: 3 (on llvm ops: 0), only in records: 2, lost: 0
tg.graph @"A::forward"(%self: !tg.module<"A">, %x: !tg.tensor) -> !tg.tensor {
  %0 = tg.op "aten::relu"(%x) : (!tg.tensor) -> !tg.tensor loc("a.py":3:10)
  tg.return %0 : !tg.tensor loc("a.py":4:5)
} loc("a.py":2:3)
tg.graph @"Top::forward"(%self: !tg.module<"Top">, %x: !tg.tensor) -> !tg.tensor attributes {tg.entry} {
  %a = tg.get_submodule %self["a"] : !tg.module<"Top"> -> !tg.module<"A"> loc("top.py":7:10)
  %0 = tg.call_method @"A::forward"(%a, %x) : (!tg.module<"A">, !tg.tensor) -> !tg.tensor loc("top.py":8:10)
  tg.return %0 : !tg.tensor loc("top.py":9:5)
} loc("top.py":6:3)

// -----

// CHECK-LABEL: func.func @caller
// CHECK-NEXT: arith.addi %arg0, %arg0 : i32 loc(callsite("c.py":2:4 at "m.py":5:4))
// CHECK-NEXT: return {{.*}} loc("m.py":6:4)
// CHECK-NEXT: } loc("m.py":4:1)
// CHECK-NEXT: } loc(fused["{{.*}}account-origins-inline.mlir":{{[0-9]+}}:{{[0-9]+}}, fused<#tg.origin_record<eliminated, pass = "inline", op = "func.return">>["c.py":3:4]])
// SUMMARY: remark: origins: 4, on ops: 3 (on llvm ops: 0), only in records: 1, lost: 0
func.func private @callee(%x: i32) -> i32 {
  %0 = arith.addi %x, %x : i32 loc("c.py":2:4)
  return %0 : i32 loc("c.py":3:4)
} loc("c.py":1:1)
func.func @caller(%x: i32) -> i32 {
  %0 = func.call @callee(%x) : (i32) -> i32 loc("m.py":5:4)
  return %0 : i32 loc("m.py":6:4)
} loc("m.py":4:1)
