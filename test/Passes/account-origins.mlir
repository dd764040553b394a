// tg-opt --tg-account-origins around upstream passes that know nothing of
// origins: each rule of include/tg/Passes/OriginAccounting.h on one input.
// RUN: tg-opt %s -split-input-file -canonicalize --tg-account-origins -mlir-print-debuginfo -mlir-print-local-scope | FileCheck %s
// RUN: tg-opt %s -split-input-file -canonicalize --tg-account-origins --tg-account-max-origins=1 -mlir-print-debuginfo -mlir-print-local-scope | FileCheck %s --check-prefix=BOUND
// RUN: tg-opt %s -split-input-file -pass-pipeline='builtin.module(func.func(canonicalize))' --tg-account-origins -mlir-print-debuginfo -mlir-print-local-scope | FileCheck %s --check-prefix=NESTED
// RUN: tg-opt %s -split-input-file -cse --tg-account-origins -mlir-print-debuginfo -mlir-print-local-scope | FileCheck %s --check-prefix=CSE
// RUN: tg-opt %s -split-input-file -symbol-dce --tg-account-origins -mlir-print-debuginfo -mlir-print-local-scope | FileCheck %s --check-prefix=DCE
// RUN: tg-opt %s -split-input-file -convert-arith-to-llvm -convert-func-to-llvm -reconcile-unrealized-casts --tg-account-origins -mlir-print-debuginfo -mlir-print-local-scope | FileCheck %s --check-prefix=ARITH
// RUN: tg-opt %s -split-input-file -tg-snapshot-origins=terminators=true -convert-arith-to-llvm -convert-func-to-llvm -reconcile-unrealized-casts -tg-verify-origins --tg-account-origins -o /dev/null
// Every chunk, every pass: nothing lost, terminators included.
// RUN: tg-opt %s -split-input-file -tg-snapshot-origins=terminators=true -canonicalize -cse -symbol-dce -tg-verify-origins --tg-account-origins -o /dev/null
// RUN: tg-opt %s -split-input-file -pass-pipeline='builtin.module(tg-snapshot-origins{terminators=true},func.func(canonicalize,cse),tg-verify-origins)' --tg-account-origins -o /dev/null
// Without the accounting the same passes lose origins.
// RUN: not tg-opt %s -split-input-file -tg-snapshot-origins=terminators=true -canonicalize -tg-verify-origins -o /dev/null 2>&1 | FileCheck %s --check-prefix=LOST
// LOST: error: origin lost

// The folder deduplicates two constants and resets the survivor's location
// to unknown: it gets both origins back. An op folded to an existing op
// (z + 0 -> z) is merged into it; an op folded to a block argument (x * 1)
// and a dead op are recorded as eliminated by the pass.
// CHECK-LABEL: func.func @folds
// CHECK: arith.constant 1 : i32 loc(fused["m.py":2:4, "m.py":3:4])
// CHECK: arith.muli %arg0, %arg0 : i32 loc(fused["m.py":4:4, "m.py":5:4])
// CHECK: return {{.*}} loc("m.py":10:4)
// CHECK: } loc(fused[{{.*}}fused<#tg.origin_record<eliminated, pass = "canonicalize", op = "arith.subi">>["m.py":6:4], fused<#tg.origin_record<eliminated, pass = "canonicalize", op = "arith.muli">>["m.py":7:4]])
func.func @folds(%x: i32) -> (i32, i32) {
  %c0 = arith.constant 0 : i32 loc("m.py":1:4)
  %c1 = arith.constant 1 : i32 loc("m.py":2:4)
  %c1b = arith.constant 1 : i32 loc("m.py":3:4)
  %a = arith.muli %x, %x : i32 loc("m.py":4:4)
  %z = arith.addi %a, %c0 : i32 loc("m.py":5:4)
  %dead = arith.subi %a, %x : i32 loc("m.py":6:4)
  %arg = arith.muli %x, %c1 : i32 loc("m.py":7:4)
  %u = arith.addi %z, %c1b : i32 loc("m.py":8:4)
  %v = arith.addi %arg, %c1 : i32 loc("m.py":9:4)
  return %u, %v : i32, i32 loc("m.py":10:4)
}

// -----

// A folded chain ((x + 1) + 1) + 1 -> x + 3: the inner ops and constants go
// with the rewrite of their user, to the first op that holds its origins (the
// folded constant), the same whether or not the allocator reused their memory
// (this test runs under ASan in CI, whose allocator never does). With max-origins=1 the holder keeps what the
// pass gave it and the others are recorded as merged into it.
// CHECK-LABEL: func.func @chain
// CHECK: arith.constant 3 : i32 loc(fused["b.py":6:4, "b.py":5:4, "b.py":1:4, "b.py":2:4, "b.py":3:4, "b.py":4:4])
// CHECK: arith.addi %arg0, %{{.*}} : i32 loc(fused["b.py":6:4, "b.py":5:4])
// CHECK-NOT: origin_record
// BOUND-LABEL: func.func @chain
// BOUND: arith.constant 3 : i32 loc(fused["b.py":6:4, "b.py":5:4])
// BOUND: } loc(fused[{{.*}}fused<#tg.origin_record<merged, pass = "canonicalize", op = "arith.constant", into = loc(fused["b.py":6:4, "b.py":5:4])>>["b.py":1:4], fused<#tg.origin_record<merged, pass = "canonicalize", op = "arith.constant", into = loc(fused["b.py":6:4, "b.py":5:4])>>["b.py":2:4], fused<#tg.origin_record<merged, pass = "canonicalize", op = "arith.constant", into = loc(fused["b.py":6:4, "b.py":5:4])>>["b.py":3:4], fused<#tg.origin_record<merged, pass = "canonicalize", op = "arith.addi", into = loc(fused["b.py":6:4, "b.py":5:4])>>["b.py":4:4]])
func.func @chain(%x: i32) -> i32 {
  %c1 = arith.constant 1 : i32 loc("b.py":1:4)
  %c1b = arith.constant 1 : i32 loc("b.py":2:4)
  %c1c = arith.constant 1 : i32 loc("b.py":3:4)
  %y = arith.addi %x, %c1 : i32 loc("b.py":4:4)
  %z = arith.addi %y, %c1b : i32 loc("b.py":5:4)
  %w = arith.addi %z, %c1c : i32 loc("b.py":6:4)
  return %w : i32 loc("b.py":7:4)
}

// -----

// Terminators are origins: a branch the canonicalizer folds away (blocks
// merged) is recorded as eliminated. Run nested on functions, the records
// go on the function.
// CHECK-LABEL: func.func @branch
// CHECK: } loc(fused[{{.*}}fused<#tg.origin_record<eliminated, pass = "canonicalize", op = "cf.br">>["c.py":1:4]])
// NESTED-LABEL: func.func @branch
// NESTED: } loc(fused["{{.*}}account-origins.mlir":[[@LINE+1]]:1, fused<#tg.origin_record<eliminated, pass = "canonicalize", op = "cf.br">>["c.py":1:4]])
func.func @branch(%x: i32) -> i32 {
  cf.br ^bb1 loc("c.py":1:4)
^bb1:
  %y = arith.addi %x, %x : i32 loc("c.py":2:4)
  return %y : i32 loc("c.py":3:4)
}

// -----

// Upstream -cse removes the second of two equivalent scf.if: the ops of its
// regions are merged into their twins in the kept one.
// CSE-LABEL: func.func @region_twins
// CSE: arith.addi %arg1, %arg1 : i32 loc(fused["r.py":3:8, "r.py":9:8])
// CSE: scf.yield %{{.*}} : i32 loc(fused["r.py":4:8, "r.py":10:8])
// CSE: scf.yield %arg1 : i32 loc(fused["r.py":6:8, "r.py":12:8])
// CSE: } loc(fused["r.py":2:4, "r.py":8:4])
// CSE-NOT: origin_record
// CSE: } loc("{{.*}}account-origins.mlir":[[@LINE+1]]:1)
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

// -----

// Records are origins too: a pass that erases the op carrying them (a dead
// private function, with what an earlier tg-cse recorded on it) has them
// put back on the op it ran on, unchanged.
// DCE-LABEL: module
// DCE-NOT: func.func private @gone
// DCE: } loc(fused["{{.*}}account-origins.mlir":{{[0-9]+}}:{{[0-9]+}}, fused<#tg.origin_record<eliminated, pass = "tg-cse", op = "arith.addi">>["d.py":2:4]])
func.func private @gone() loc(fused["d.py":1:1, fused<#tg.origin_record<eliminated, pass = "tg-cse", op = "arith.addi">>["d.py":2:4]])
func.func @kept() {
  return loc("d.py":5:4)
}

// -----

// A conversion replaces a no-op index_cast by its operand: the one whose
// operand is a block argument is eliminated; the one whose operand is an op
// is merged into what that op became (the user, `return`, reads it now).
// ARITH-LABEL: llvm.func @casts
// ARITH: llvm.add %arg0, %arg0 : i64 loc(fused["k.py":2:4, "k.py":3:4])
// ARITH: llvm.return %{{.*}} : i64 loc("k.py":4:4)
// ARITH: } loc(fused[{{.*}}fused<#tg.origin_record<eliminated, pass = "convert-arith-to-llvm", op = "arith.index_cast">>["k.py":1:4]])
func.func @casts(%x: i64) -> i64 {
  %i = arith.index_cast %x : i64 to index loc("k.py":1:4)
  %j = arith.addi %i, %i : index loc("k.py":2:4)
  %k = arith.index_cast %j : index to i64 loc("k.py":3:4)
  return %k : i64 loc("k.py":4:4)
}
