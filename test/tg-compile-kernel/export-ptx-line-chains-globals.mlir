// --tg-export-ptx-line-chains on what runs no code: a kernel's shared-memory
// global (--tg-kernels-to-gpu makes it at its reduction's location) and a
// declaration lose their locations, so that no tg attribute is left for
// mlir-translate (which cannot parse one: EfficientNet-B0's pooled
// batch-norm kernels failed so); the function's ops get their chains.
// RUN: tg-opt %s --tg-export-ptx-line-chains=path=%t.json -mlir-print-debuginfo -mlir-print-local-scope \
// RUN:   | FileCheck %s
// RUN: tg-opt %s --tg-export-ptx-line-chains=path=%t.json -mlir-print-debuginfo | not grep '#tg\.'

// CHECK: llvm.mlir.global private @k__tg_shared_f32() {addr_space = 3 : i32} : !llvm.array<256 x f32> {
// CHECK-NEXT: llvm.mlir.undef : !llvm.array<256 x f32> loc(unknown)
// CHECK-NEXT: llvm.return {{.*}} loc(unknown)
// CHECK-NEXT: } loc(unknown)
llvm.mlir.global private @k__tg_shared_f32() {addr_space = 3 : i32} : !llvm.array<256 x f32> {
  %0 = llvm.mlir.undef : !llvm.array<256 x f32> loc(callsite("pool.py":5:9 at fused<#tg.frame<instance = "avgpool", class = "__torch__.P", method = "forward">>["net.py":3:16]))
  llvm.return %0 : !llvm.array<256 x f32> loc(callsite("pool.py":5:9 at fused<#tg.frame<instance = "avgpool", class = "__torch__.P", method = "forward">>["net.py":3:16]))
} loc(callsite("pool.py":5:9 at fused<#tg.frame<instance = "avgpool", class = "__torch__.P", method = "forward">>["net.py":3:16]))
// CHECK: llvm.func @ext(f32) loc(unknown)
llvm.func @ext(f32) loc(callsite("lib.py":9:1 at fused<#tg.frame<instance = "SELF", class = "__torch__.Net", method = "f">>["net.py":6:8]))
// CHECK: llvm.func @k(%arg0: f32 loc("<tg-line-chains>":3:0))
// CHECK: llvm.call @ext(%arg0) : (f32) -> () loc("<tg-line-chains>":1:0)
llvm.func @k(%x: f32 loc("net.py":2:1)) {
  llvm.call @ext(%x) : (f32) -> () loc(callsite("pool.py":5:9 at fused<#tg.frame<instance = "avgpool", class = "__torch__.P", method = "forward">>["net.py":3:16]))
  llvm.return loc("net.py":4:1)
} loc("net.py":1:1)
