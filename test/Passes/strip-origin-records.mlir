// --tg-strip-origin-records moves every origin record out of the IR into a
// file, once each, and leaves the rest of each location as it was.
// RUN: tg-opt %s --tg-strip-origin-records=path=%t.records -mlir-print-debuginfo -mlir-print-local-scope | FileCheck %s
// RUN: FileCheck %s --check-prefix=FILE < %t.records
// Without a path the records are dropped (nothing written).
// RUN: tg-opt %s --tg-strip-origin-records -mlir-print-debuginfo -mlir-print-local-scope | FileCheck %s
// A file that cannot be written: an error, and the IR is not changed.
// RUN: not tg-opt %s --tg-strip-origin-records=path=%t.missing/dir/records -o /dev/null 2>&1 | FileCheck %s --check-prefix=ERR
// ERR: error: tg-strip-origin-records: cannot write the records to '{{.*}}records'

// CHECK-NOT: origin_record
// CHECK: func.func @f() {
// CHECK: return loc("s.py":3:4)
// CHECK: } loc("s.py":1:1)
// CHECK: } loc("x.mlir":0:0)

// FILE: loc(fused<#tg.origin_record<eliminated, pass = "tg-cse", op = "arith.addi">>["s.py":2:4])
// FILE-NEXT: loc(fused<#tg.origin_record<eliminated, pass = "canonicalize", op = "arith.muli">>["s.py":5:4])
// FILE-NOT: loc
module {
  func.func @f() {
    return loc("s.py":3:4)
  } loc(fused["s.py":1:1, fused<#tg.origin_record<eliminated, pass = "tg-cse", op = "arith.addi">>["s.py":2:4]])
} loc(fused["x.mlir":0:0, fused<#tg.origin_record<eliminated, pass = "tg-cse", op = "arith.addi">>["s.py":2:4], fused<#tg.origin_record<eliminated, pass = "canonicalize", op = "arith.muli">>["s.py":5:4]])
