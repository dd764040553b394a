// RUN: tg-opt %s -tg-cse -convert-arith-to-llvm -convert-func-to-llvm -reconcile-unrealized-casts \
// RUN:   --tg-export-llvm-debuginfo -mlir-print-debuginfo -o %t.mlir
// RUN: mlir-translate-22 --mlir-to-llvmir %t.mlir | FileCheck %s
// REQUIRES: native-tools
//
// An origin without a file position (a bare name, as MLIR's tests write
// `loc("named_op")`) merged into an op by -tg-cse left the op without a line:
// MLIR's translation merges each origin's DILocation, and a null one made
// the merge null, where upstream -cse (which keeps one location) gave line 3.
// The export drops origins that translate to nothing. Found by a helper
// running tracegraph on MLIR's own test inputs.
// CHECK: add i32 %0, %1, !dbg [[ADD:![0-9]+]]
// CHECK: [[ADD]] = !DILocation(line: 3, column: 4
func.func @f(%a: i32, %b: i32) -> (i32, i32) {
  %x = arith.addi %a, %b : i32 loc("model.py":3:4)
  %y = arith.addi %a, %b : i32 loc("named_op")
  %z = arith.muli %x, %y : i32 loc("model.py":5:4)
  return %x, %z : i32, i32 loc("model.py":6:4)
} loc("model.py":1:1)
