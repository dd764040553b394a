// --tg-kernel-pipeline under tg-opt --tg-account-origins: the same llvm
// dialect as without it once the records are moved out, and the records name
// what the pipeline dropped (the graph around the extracted kernel: its
// get_submodule and its return).
// RUN: tg-opt %tg_src_root/test/tg-compile-kernel/Inputs/gated.mlir --tg-inline --tg-fuse-elementwise \
// RUN:   --tg-assign-debug-handles -mlir-print-debuginfo -o %t.mlir
// RUN: tg-opt %t.mlir --tg-kernel-pipeline=shape=4x10 --tg-account-origins -mlir-print-debuginfo -o %t.accounted.mlir
// RUN: tg-opt %t.mlir --tg-kernel-pipeline=shape=4x10 -mlir-print-debuginfo -o %t.plain.mlir
// RUN: tg-opt %t.accounted.mlir --tg-strip-origin-records=path=%t.records -mlir-print-debuginfo -o %t.stripped.mlir
// RUN: tg-opt %t.plain.mlir -mlir-print-debuginfo -o %t.plain2.mlir
// RUN: diff %t.stripped.mlir %t.plain2.mlir
// RUN: FileCheck %s < %t.records
// CHECK: loc(fused<#tg.origin_record<eliminated, pass = "tg-extract-kernels", op = "tg.get_submodule">>["net.py":20:15 to :24])
// CHECK-NEXT: loc(fused<#tg.origin_record<eliminated, pass = "tg-extract-kernels", op = "tg.return">>["net.py":22:8])
// CHECK-NOT: loc
