// A func/arith/tensor/linalg program lowered to the llvm dialect by upstream
// passes alone. Without accounting they lose origins silently (the greedy
// folder of convert-linalg-to-loops, the no-op casts of convert-arith-to-llvm
// and reconcile-unrealized-casts, the yields); with --tg-account-origins every
// origin, terminators included, is on an llvm op or in a record.
// RUN: not tg-opt %s -tg-snapshot-origins=terminators=true \
// RUN:   -one-shot-bufferize=bufferize-function-boundaries -convert-linalg-to-loops \
// RUN:   -convert-scf-to-cf -convert-arith-to-llvm -finalize-memref-to-llvm \
// RUN:   -convert-func-to-llvm -convert-cf-to-llvm -reconcile-unrealized-casts \
// RUN:   -tg-verify-origins -o /dev/null 2>&1 | FileCheck %s --check-prefix=LOST
// RUN: tg-opt %s -tg-snapshot-origins=terminators=true \
// RUN:   -one-shot-bufferize=bufferize-function-boundaries -convert-linalg-to-loops \
// RUN:   -convert-scf-to-cf -convert-arith-to-llvm -finalize-memref-to-llvm \
// RUN:   -convert-func-to-llvm -convert-cf-to-llvm -reconcile-unrealized-casts \
// RUN:   -tg-verify-origins=summary=true --tg-account-origins -o /dev/null 2>&1 | FileCheck %s --check-prefix=SUMMARY
// RUN: not tg-opt %s -tg-snapshot-origins=terminators=true \
// RUN:   -one-shot-bufferize=bufferize-function-boundaries -convert-linalg-to-loops \
// RUN:   -convert-scf-to-cf -convert-arith-to-llvm -finalize-memref-to-llvm \
// RUN:   -convert-func-to-llvm -convert-cf-to-llvm -reconcile-unrealized-casts \
// RUN:   -tg-verify-origins=summary=true -o /dev/null 2>&1 | FileCheck %s --check-prefix=SUMMARY-LOST
// SUMMARY: remark: origins: 14, on ops: 13 (on llvm ops: 13), only in records: 1, lost: 0
// SUMMARY-LOST: remark: origins: 14, on ops: 7 (on llvm ops: 7), only in records: 0, lost: 7
// RUN: tg-opt %s \
// RUN:   -one-shot-bufferize=bufferize-function-boundaries -convert-linalg-to-loops \
// RUN:   -convert-scf-to-cf -convert-arith-to-llvm -finalize-memref-to-llvm \
// RUN:   -convert-func-to-llvm -convert-cf-to-llvm -reconcile-unrealized-casts \
// RUN:   --tg-account-origins -mlir-print-debuginfo -mlir-print-local-scope | FileCheck %s
// Deterministic: threads on or off, the same bytes.
// RUN: tg-opt %s -pass-pipeline='builtin.module(one-shot-bufferize{bufferize-function-boundaries},func.func(convert-linalg-to-loops,canonicalize),convert-scf-to-cf,convert-arith-to-llvm,finalize-memref-to-llvm,convert-func-to-llvm,convert-cf-to-llvm,reconcile-unrealized-casts)' \
// RUN:   --tg-account-origins -mlir-print-debuginfo -o %t.threads.mlir
// RUN: tg-opt %s -pass-pipeline='builtin.module(one-shot-bufferize{bufferize-function-boundaries},func.func(convert-linalg-to-loops,canonicalize),convert-scf-to-cf,convert-arith-to-llvm,finalize-memref-to-llvm,convert-func-to-llvm,convert-cf-to-llvm,reconcile-unrealized-casts)' \
// RUN:   --tg-account-origins -mlir-print-debuginfo -mlir-disable-threading -o %t.nothreads.mlir
// RUN: diff %t.threads.mlir %t.nothreads.mlir

// LOST-DAG: m.py:1:8: error: origin lost
// LOST-DAG: m.py:5:8: error: origin lost
// LOST-DAG: m.py:6:8: error: origin lost
// LOST-DAG: m.py:7:8: error: origin lost
// LOST-DAG: m.py:11:8: error: origin lost

#map = affine_map<(d0) -> (d0)>
func.func private @sink(i64)
// CHECK-LABEL: llvm.func @model
// The folder of convert-linalg-to-loops folds (x + y) + 0, * 1, * 1 to the
// first addition: the folded ops and their constants are merged into it.
// CHECK-DAG: llvm.add %arg0, %arg1 : i32 loc(fused["m.py":4:8, "m.py":1:8, "m.py":2:8, "m.py":3:8, "m.py":5:8, "m.py":6:8, "m.py":7:8])
// CHECK-DAG: llvm.call @sink({{.*}}) : (i64) -> () loc("m.py":13:8)
// CHECK-DAG: llvm.fadd {{.*}} loc("m.py":10:8)
// CHECK-DAG: llvm.return {{.*}} loc("m.py":14:8)
// What nothing computes any more is recorded, with the pass that dropped it.
// CHECK-DAG: fused<#tg.origin_record<eliminated, pass = "convert-linalg-to-loops", op = "linalg.yield">>["m.py":11:8]
func.func @model(%x: i32, %y: i32, %t: tensor<16xf32>) -> (i32, tensor<16xf32>) {
  %c0 = arith.constant 0 : i32 loc("m.py":1:8)
  %c1 = arith.constant 1 : i32 loc("m.py":2:8)
  %c1b = arith.constant 1 : i32 loc("m.py":3:8)
  %a = arith.addi %x, %y : i32 loc("m.py":4:8)
  %z = arith.addi %a, %c0 : i32 loc("m.py":5:8)
  %m = arith.muli %z, %c1 : i32 loc("m.py":6:8)
  %n = arith.muli %m, %c1b : i32 loc("m.py":7:8)
  %e = tensor.empty() : tensor<16xf32> loc("m.py":8:8)
  %g = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%t : tensor<16xf32>) outs(%e : tensor<16xf32>) {
  ^bb0(%i: f32, %o: f32):
    %v = arith.addf %i, %i : f32 loc("m.py":10:8)
    linalg.yield %v : f32 loc("m.py":11:8)
  } -> tensor<16xf32> loc("m.py":9:8)
  %w = arith.extsi %n : i32 to i64 loc("m.py":12:8)
  func.call @sink(%w) : (i64) -> () loc("m.py":13:8)
  return %n, %g : i32, tensor<16xf32> loc("m.py":14:8)
}
