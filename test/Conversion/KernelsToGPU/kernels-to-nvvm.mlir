// --tg-kernels-to-nvvm: the GPU kernels in the llvm and nvvm dialects, as
// llc's NVPTX backend takes them: each function with tg.gpu.launch an
// nvvm.kernel of exactly `block` threads, parameters bare pointers, gpu ids
// and barriers nvvm ops, shared memory a global in address space 3, math
// functions LLVM intrinsics (no libdevice call).
// RUN: tg-opt %S/kernels-to-gpu.mlir --tg-kernels-to-gpu --tg-approximate-math --convert-scf-to-cf \
// RUN:   --tg-kernels-to-nvvm --reconcile-unrealized-casts | FileCheck %s
// RUN: tg-opt %s -split-input-file -verify-diagnostics --tg-kernels-to-nvvm

// CHECK-LABEL: llvm.func @pointwise(%arg0: !llvm.ptr {tg.gpu.role = "input"}, %arg1: !llvm.ptr {tg.gpu.role = "input"}, %arg2: !llvm.ptr {tg.gpu.role = "output"})
// CHECK-SAME: nvvm.kernel, nvvm.reqntid = array<i32: 256, 1, 1>
// CHECK-DAG: nvvm.read.ptx.sreg.tid.x
// CHECK-DAG: nvvm.read.ptx.sreg.ctaid.x
// CHECK-DAG: nvvm.read.ptx.sreg.nctaid.x
// CHECK: llvm.intr.maximum
// CHECK: llvm.mlir.global private @sum_div__tg_shared_f32() {addr_space = 3 : i32} : !llvm.array<256 x f32>
// CHECK-LABEL: llvm.func @sum_div(
// CHECK: llvm.mlir.addressof @sum_div__tg_shared_f32 : !llvm.ptr<3>
// CHECK: nvvm.barrier0
// CHECK-NOT: llvm.call
// CHECK-NOT: __nv_

// -----

// f64 math functions have no approximation, and NVPTX no instruction.
func.func @k(%x: f64) -> f64 attributes {tg.gpu.launch = {block = 256 : i64}} {
  // expected-error@+1 {{'math.exp' on 'f64' has no GPU lowering without libdevice (f32 math functions are approximated by --tg-approximate-math)}}
  %y = math.exp %x : f64
  return %y : f64
}

// -----

// A call to a function no PTX defines.
func.func private @libm(f32) -> f32
// expected-error@-1 {{the GPU kernels call 'libm', which no PTX module defines (libdevice?)}}
func.func @k(%x: f32) -> f32 attributes {tg.gpu.launch = {block = 256 : i64}} {
  %y = func.call @libm(%x) : (f32) -> f32
  return %y : f32
}
