// RUN: tg-opt %s -split-input-file -tg-canonicalize -mlir-print-debuginfo -mlir-print-local-scope | FileCheck %s
// RUN: tg-opt %s -split-input-file -tg-canonicalize=max-origins=0 -mlir-print-debuginfo -mlir-print-local-scope | FileCheck %s
// RUN: not tg-opt %s -tg-canonicalize=region-simplify=sometimes 2>&1 | FileCheck %s --check-prefix=BADOPT
// BADOPT: region-simplify

// A fold to an existing value: the survivor lists the folded op.
// CHECK-LABEL: func.func @fold_to_operand
func.func @fold_to_operand(%x: i32, %y: i32) -> i32 {
  // CHECK: arith.addi %arg0, %arg1 : i32 loc(fused["m.py":2:1, "m.py":3:1])
  %c0 = arith.constant 0 : i32 loc("m.py":1:1)
  %a = arith.addi %x, %y : i32 loc("m.py":2:1)
  %z = arith.addi %a, %c0 : i32 loc("m.py":3:1)
  return %z : i32
}
// The constant 0 is dead once the add is folded away: eliminated.
// CHECK: } loc(fused[{{.*}}fused<#tg.origin_record<eliminated, pass = "tg-canonicalize", op = "arith.constant">>["m.py":1:1]])

// -----

// Duplicate constants: MLIR's folder keeps one and resets its location to
// unknown (llvm-project #74670); the listener puts every origin back.
// CHECK-LABEL: func.func @duplicate_constants
func.func @duplicate_constants() -> (i32, i32, i32) {
  // CHECK: arith.constant 7 : i32 loc(fused["m.py":10:1, "m.py":11:1, "m.py":12:1])
  // CHECK-NOT: arith.constant
  %a = arith.constant 7 : i32 loc("m.py":10:1)
  %b = arith.constant 7 : i32 loc("m.py":11:1)
  %c = arith.constant 7 : i32 loc("m.py":12:1)
  return %a, %b, %c : i32, i32, i32
}

// -----

// A constant-folded chain: the new constant keeps the folded op's location;
// dead ops and a fold to a block argument are eliminated.
// CHECK-LABEL: func.func @chain
func.func @chain(%x: i32) -> (i32, i32) {
  // CHECK: arith.constant 5 : i32 loc("m.py":22:1)
  %c2 = arith.constant 2 : i32 loc("m.py":20:1)
  %c3 = arith.constant 3 : i32 loc("m.py":21:1)
  %s = arith.addi %c2, %c3 : i32 loc("m.py":22:1)
  %one = arith.constant 1 : i32 loc("m.py":23:1)
  %m = arith.muli %x, %one : i32 loc("m.py":24:1)
  %dead = arith.subi %x, %s : i32 loc("m.py":25:1)
  return %s, %m : i32, i32
}
// CHECK: } loc(fused[
// CHECK-DAG: fused<#tg.origin_record<eliminated, pass = "tg-canonicalize", op = "arith.constant">>["m.py":20:1]
// CHECK-DAG: fused<#tg.origin_record<eliminated, pass = "tg-canonicalize", op = "arith.constant">>["m.py":21:1]
// CHECK-DAG: fused<#tg.origin_record<eliminated, pass = "tg-canonicalize", op = "arith.muli">>["m.py":24:1]
// CHECK-DAG: fused<#tg.origin_record<eliminated, pass = "tg-canonicalize", op = "arith.subi">>["m.py":25:1]

// -----

// Nested as a function pass, the records go on the function's location.
// RUN: tg-opt %s -split-input-file --pass-pipeline='builtin.module(func.func(tg-canonicalize))' -mlir-print-debuginfo -mlir-print-local-scope | FileCheck %s --check-prefix=NESTED
// NESTED-LABEL: func.func @nested
// NESTED: } loc(fused[{{.*}}fused<#tg.origin_record<eliminated, pass = "tg-canonicalize", op = "arith.addi">>["m.py":30:1]])
func.func @nested(%x: i32) -> i32 {
  %dead = arith.addi %x, %x : i32 loc("m.py":30:1)
  return %x : i32
}

// -----

// MLIR's folder hoists a constant out of a loop and reuses it for a later
// duplicate without notifying, resetting its location to unknown; the drop-in
// remembers constants' locations and gives them back.
// CHECK-LABEL: func.func @hoisted_constant
func.func @hoisted_constant() -> i32 {
  // CHECK: arith.constant 1 : i32 loc(fused["m.py":40:1, "m.py":41:1])
  affine.for %i = 0 to 4 {
    %a = arith.constant 1 : i32 loc("m.py":40:1)
    func.call @use(%a) : (i32) -> ()
  }
  %b = arith.constant 1 : i32 loc("m.py":41:1)
  return %b : i32
}
func.func private @use(i32)
