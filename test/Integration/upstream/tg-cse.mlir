// RUN: tg-opt %s -split-input-file -tg-cse -mlir-print-debuginfo -mlir-print-local-scope | FileCheck %s
// RUN: tg-opt %s -split-input-file -tg-cse=max-origins=2 -mlir-print-debuginfo -mlir-print-local-scope | FileCheck %s --check-prefix=BOUND
// RUN: not tg-opt %s -tg-cse=max-origins=-1 2>&1 | FileCheck %s --check-prefix=BADOPT
// BADOPT: max-origins

// The survivor of CSE lists the origins of every op it replaced, in program
// order; dead ops CSE erases are recorded as eliminated on the module.

// CHECK-LABEL: func.func @duplicates
func.func @duplicates(%x: i32, %y: i32) -> (i32, i32, i32) {
  // CHECK: arith.addi %arg0, %arg1 : i32 loc(fused["m.py":1:1, "m.py":2:1, "m.py":3:1])
  // CHECK-NOT: arith.addi %arg0
  %a = arith.addi %x, %y : i32 loc("m.py":1:1)
  %b = arith.addi %x, %y : i32 loc("m.py":2:1)
  %c = arith.addi %x, %y : i32 loc("m.py":3:1)
  %dead = arith.muli %x, %y : i32 loc("m.py":4:1)
  return %a, %b, %c : i32, i32, i32 loc("m.py":5:1)
}
// CHECK: } loc(fused[{{.*}}, fused<#tg.origin_record<eliminated, pass = "tg-cse", op = "arith.muli">>["m.py":4:1]])

// With max-origins=2 the survivor keeps two origins; the third is recorded
// as merged into it.
// BOUND-LABEL: func.func @duplicates
// BOUND: arith.addi %arg0, %arg1 : i32 loc(fused["m.py":1:1, "m.py":2:1])
// BOUND: } loc(fused[{{.*}}fused<#tg.origin_record<merged, pass = "tg-cse", op = "arith.addi", into = loc(fused["m.py":1:1, "m.py":2:1])>>["m.py":3:1]{{.*}}])

// -----

// Inlined origins keep their whole call-site chain when they merge.
// CHECK-LABEL: func.func @inlined
func.func @inlined(%x: i32) -> (i32, i32) {
  // CHECK: arith.muli %arg0, %arg0 : i32 loc(fused[callsite("conv.py":10:4 at fused<#tg.frame<instance = "conv1", class = "Conv2d", method = "forward">>["net.py":3:8]), callsite("conv.py":10:4 at fused<#tg.frame<instance = "conv2", class = "Conv2d", method = "forward">>["net.py":4:8])])
  %a = arith.muli %x, %x : i32 loc(callsite("conv.py":10:4 at fused<#tg.frame<instance = "conv1", class = "Conv2d", method = "forward">>["net.py":3:8]))
  %b = arith.muli %x, %x : i32 loc(callsite("conv.py":10:4 at fused<#tg.frame<instance = "conv2", class = "Conv2d", method = "forward">>["net.py":4:8]))
  return %a, %b : i32, i32
}

// -----

// Nothing to eliminate: the IR and the module location stay as they were.
// CHECK-LABEL: func.func @nothing
// CHECK: arith.addi %arg0, %arg0 : i32 loc("m.py":7:1)
// CHECK: } loc("{{.*}}tg-cse.mlir":{{[0-9]+}}:{{[0-9]+}})
func.func @nothing(%x: i32) -> i32 {
  %a = arith.addi %x, %x : i32 loc("m.py":7:1)
  return %a : i32
}

// -----

// CSE removes the second of two equivalent scf.if: each op of its regions,
// terminators included, is merged into its twin in the kept regions, not
// recorded as eliminated.
// CHECK-LABEL: func.func @region_twins
// CHECK: arith.addi %arg1, %arg1 : i32 loc(fused["r.py":3:8, "r.py":9:8])
// CHECK: scf.yield %{{.*}} : i32 loc(fused["r.py":4:8, "r.py":10:8])
// CHECK: scf.yield %arg1 : i32 loc(fused["r.py":6:8, "r.py":12:8])
// CHECK: } loc(fused["r.py":2:4, "r.py":8:4])
// CHECK-NOT: origin_record
// CHECK: } loc("{{.*}}tg-cse.mlir":[[@LINE+1]]:1)
func.func @region_twins(%c: i1, %x: i32) -> (i32, i32) {
  %a = scf.if %c -> i32 {
    %s = arith.addi %x, %x : i32 loc("r.py":3:8)
    scf.yield %s : i32 loc("r.py":4:8)
  } else {
    scf.yield %x : i32 loc("r.py":6:8)
  } loc("r.py":2:4)
  %b = scf.if %c -> i32 {
    %s = arith.addi %x, %x : i32 loc("r.py":9:8)
    scf.yield %s : i32 loc("r.py":10:8)
  } else {
    scf.yield %x : i32 loc("r.py":12:8)
  } loc("r.py":8:4)
  return %a, %b : i32, i32 loc("r.py":14:4)
}
