// RUN: tg-opt %s -tg-canonicalize | FileCheck %s
// RUN: tg-opt %s -tg-canonicalize -o /dev/null
// RUN: tg-opt %s -tg-canonicalize -o /dev/null
// RUN: tg-opt %s -tg-canonicalize -o /dev/null --mlir-disable-threading
// RUN: tg-opt %s -tg-canonicalize -o /dev/null --mlir-disable-threading
// RUN: tg-opt %s --tg-snapshot-origins -tg-canonicalize --tg-verify-origins=summary=true -o /dev/null 2>&1 | FileCheck %s --check-prefix=SUMMARY
// RUN: tg-opt %s -tg-canonicalize -strip-debuginfo > %t.drop-in
// RUN: tg-opt %s -canonicalize -strip-debuginfo > %t.upstream
// RUN: diff %t.drop-in %t.upstream
//
// An scf.forall with a unit dim of constant bounds (MLIR's own test,
// Dialect/Tensor/fold-consecutive-insert-extract-slice.mlir
// @parallel_insert_slice). Upstream's ForallOpSingleOrZeroIterationDimsFolder
// builds the smaller loop, whose builder inserts an implicit terminator into
// the body it makes before the loop exists, then clears that body without a
// notification. The listener kept the terminator as an op the pattern
// created and read it after it was freed: -tg-canonicalize segfaulted in
// most runs (the sanitizer build in every one), where upstream's
// -canonicalize gives the loop below. Found by a helper running tracegraph
// on MLIR's own test inputs. Each run above is one more chance to crash.

// SUMMARY: remark: origins: {{[0-9]+}}, on ops: {{[0-9]+}} {{.*}} lost: 0
// CHECK-LABEL: func.func @parallel_insert_slice
// CHECK: scf.forall (%[[J:.*]]) in (2) shared_outs
// CHECK: tensor.parallel_insert_slice %{{.*}} into %{{.*}}[0, %[[J]]] [1, 1] [1, 1]
func.func @parallel_insert_slice(%t0: tensor<1x2xf32>, %s: tensor<1x1xf32>) -> tensor<1x2xf32> {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %r = scf.forall (%i, %j) in (%c1, %c2) shared_outs(%o = %t0) -> (tensor<1x2xf32>) {
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %s into %o[%i, %j] [1, 1] [1, 1] : tensor<1x1xf32> into tensor<1x2xf32>
    }
  }
  return %r : tensor<1x2xf32>
}
