// RUN: tg-opt %s -convert-arith-to-llvm -convert-func-to-llvm -reconcile-unrealized-casts \
// RUN:   --tg-export-llvm-debuginfo -mlir-print-debuginfo -o %t.mlir
// RUN: mlir-translate-22 --mlir-to-llvmir %t.mlir | FileCheck %s --implicit-check-not=function-file.mlir
// REQUIRES: native-tools
//
// A function is in the file its own location names: its first op, from a
// helper in another file, gave the DISubprogram that file (and every line of
// the function's own file a lexical block). Found by a helper running
// tracegraph on MLIR's own test inputs.
// CHECK-DAG: [[MODEL:![0-9]+]] = !DIFile(filename: "model.py"
// CHECK-DAG: [[HELPERS:![0-9]+]] = !DIFile(filename: "helpers.py"
// CHECK-DAG: [[F:![0-9]+]] = distinct !DISubprogram(name: "f", linkageName: "f", scope: [[MODEL]], file: [[MODEL]]
// CHECK-DAG: !DILocation(line: 3, column: 4, scope: [[BLOCK:![0-9]+]])
// CHECK-DAG: [[BLOCK]] = distinct !DILexicalBlockFile(scope: [[F]], file: [[HELPERS]]
// CHECK-DAG: !DILocation(line: 5, column: 4, scope: [[F]])
//
// A function without a location of its own has the parser's (this file's),
// in which none of its ops is: its ops' file, not this one.
// CHECK-DAG: distinct !DISubprogram(name: "g", linkageName: "g", scope: [[MODEL]], file: [[MODEL]]
func.func @f(%a: i32, %b: i32) -> i32 {
  %x = arith.addi %a, %b : i32 loc("helpers.py":3:4)
  %z = arith.muli %x, %b : i32 loc("model.py":5:4)
  return %z : i32 loc("model.py":6:4)
} loc("model.py":1:1)

func.func @g(%a: i32, %b: i32) -> i32 {
  %x = arith.addi %a, %b : i32 loc("model.py":23:4)
  return %x : i32 loc("model.py":24:4)
}
