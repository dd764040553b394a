// RUN: tg-opt %s -split-input-file --tg-snapshot-origins -tg-canonicalize --tg-verify-origins=summary=true -o /dev/null 2>&1 | FileCheck %s --check-prefix=SUMMARY
// RUN: tg-opt %s -split-input-file --tg-snapshot-origins -tg-canonicalize=max-origins=0 --tg-verify-origins=summary=true -o /dev/null 2>&1 | FileCheck %s --check-prefix=SUMMARY
// RUN: tg-opt %s -split-input-file -tg-canonicalize -mlir-print-debuginfo -mlir-print-local-scope | FileCheck %s
//
// Constants in the branches of an scf.if, as MLIR's own tests write them
// (Transforms/sccp-structured.mlir @simple_both_same,
// Conversion/SCFToControlFlow/convert-to-cfg.mlir @simple_if_yield). MLIR's
// folder hoists them, deduplicates them and resets the survivor's location
// to unknown without a notification; the if then folds into the survivor or
// into a new op built from it. -tg-canonicalize lost their origins: the
// listener took the survivor's location, reset and merged with what came
// next, for one that listed everything it held, and origins given by a
// constant whose location was reset carried no location at all. Found by a
// helper running tracegraph on MLIR's own test inputs.

// SUMMARY: remark: origins: 3, on ops: 3 {{.*}} lost: 0
// CHECK-LABEL: func.func @simple_both_same
// CHECK: arith.constant 1 : i32 loc(fused[{{.*}}"m.py":1:1{{.*}}"m.py":2:1{{.*}}])
func.func @simple_both_same(%cond : i1) -> i32 {
  %res = scf.if %cond -> (i32) {
    %1 = arith.constant 1 : i32 loc("m.py":1:1)
    scf.yield %1 : i32
  } else {
    %2 = arith.constant 1 : i32 loc("m.py":2:1)
    scf.yield %2 : i32
  }
  return %res : i32
}

// -----

// SUMMARY: remark: origins: 5, on ops: 5 {{.*}} lost: 0
// CHECK-LABEL: func.func @simple_if_yield
// CHECK: arith.xori {{.*}} loc(fused[{{.*}}, "m.py":1:1, "m.py":3:1, "m.py":2:1, "m.py":4:1])
func.func @simple_if_yield(%arg0: i1) -> (i1, i1) {
  %0:2 = scf.if %arg0 -> (i1, i1) {
    %c0 = arith.constant false loc("m.py":1:1)
    %c1 = arith.constant true loc("m.py":2:1)
    scf.yield %c0, %c1 : i1, i1
  } else {
    %c0 = arith.constant false loc("m.py":3:1)
    %c1 = arith.constant true loc("m.py":4:1)
    scf.yield %c1, %c0 : i1, i1
  }
  return %0#0, %0#1 : i1, i1
}

// -----

// A deduplicated constant that dies later: its origins go on with what
// absorbed it.
// SUMMARY: remark: origins: 4, on ops: 3 {{.*}} lost: 0
func.func @dedup_then_dead(%arg0: i1) -> (i1, i1) {
  %0:2 = scf.if %arg0 -> (i1, i1) {
    %t1 = arith.constant true loc("m.py":1:1)
    scf.yield %t1, %t1 : i1, i1
  } else {
    %t2 = arith.constant true loc("m.py":2:1)
    %f2 = arith.constant false loc("m.py":3:1)
    scf.yield %f2, %t2 : i1, i1
  }
  return %0#0, %0#1 : i1, i1
}
