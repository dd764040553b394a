// RUN: tg-opt %s -split-input-file -allow-unregistered-dialect --tg-snapshot-origins -tg-canonicalize --tg-verify-origins=summary=true -o /dev/null 2>&1 | FileCheck %s --check-prefix=SUMMARY
// RUN: tg-opt %s -split-input-file -allow-unregistered-dialect -tg-canonicalize -mlir-print-debuginfo -mlir-print-local-scope | FileCheck %s
//
// A constant in a loop body that an affine op folds into its map, the op
// rewritten twice (MLIR's own Dialect/Affine/canonicalize.mlir). The folder
// hoists the constant out of the loop and resets its location without a
// notification; the first rewrite's new op absorbs the dead constant's
// origin under that unknown location, and the second rewrite replaced it
// by an op whose location lists only its own: -tg-canonicalize lost the
// constant's origin (upstream -canonicalize under --tg-account-origins
// kept it). A holder whose location does not list what it holds now passes
// that on to what replaces it. Found by a helper running the drop-ins on
// MLIR's own test inputs.

// SUMMARY-COUNT-2: lost: 0
// CHECK-LABEL: func.func @min_in_loop
// CHECK: affine.min {{.*}} loc(fused["m.py":3:1, "m.py":2:1])
func.func @min_in_loop(%n: index) {
  affine.for %j = 0 to %n {
    %c2 = arith.constant 2 : index loc("m.py":2:1)
    %0 = affine.min affine_map<(d0,d1)->(d0, d1 - 2)>(%j, %c2) loc("m.py":3:1)
    "test.use"(%0) : (index) -> () loc("m.py":4:1)
  } loc("m.py":1:1)
  return loc("m.py":5:1)
} loc("m.py":0:1)

// -----

// CHECK-LABEL: func.func @apply_in_scf_for
// CHECK: affine.apply {{.*}} loc(fused["m.py":13:1, "m.py":12:1, "m.py":11:1])
func.func @apply_in_scf_for(%lb: index, %ub: index, %s: index) {
  scf.for %i0 = %lb to %ub step %s {
    %c5 = arith.constant 5 : index loc("m.py":11:1)
    %x2 = affine.apply affine_map<(d0)[s0] -> (d0 + s0)> (%i0)[%c5] loc("m.py":12:1)
    %y3 = affine.apply affine_map<(d0, d1) -> (d0 + d1)> (%x2, %i0) loc("m.py":13:1)
    "test.use"(%y3) : (index) -> () loc("m.py":14:1)
  } loc("m.py":10:1)
  return loc("m.py":15:1)
} loc("m.py":9:1)
