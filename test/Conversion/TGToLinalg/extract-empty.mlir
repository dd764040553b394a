// A kernel of empty tensors (a leading zero-size dim) is extracted: its
// reshape has no element to find, where the index computation divided by the
// zero-size dim (SIGFPE in --tg-extract-kernels, so in tg-compile-kernel and
// tracegraph.compile), and it compiles to an object file.
// RUN: tg-opt %s --tg-extract-kernels -mlir-print-local-scope | FileCheck %s
// RUN: tg-compile-kernel %s --all-kernels -o %t.o
// RUN: test -s %t.o

// CHECK-LABEL: func.func @fused_reshape_0(
// CHECK-SAME: %{{.*}}: tensor<0x1xf32>) -> tensor<0xf32>
// CHECK: linalg.generic {indexing_maps = [affine_map<(d0) -> (0, 0)>, affine_map<(d0) -> (d0)>]
tg.graph @"Net::forward"(%self: !tg.module<"Net">, %arg0: tensor<0x1xf32>) -> tensor<0xf32> attributes {tg.entry} {
  %0 = tg.constant([0]) : !tg.value
  %1 = tg.kernel "fused_reshape_0"(%arg0, %0) : (tensor<0x1xf32>, !tg.value) -> tensor<0xf32> {
  ^bb0(%in: tensor<0x1xf32>, %s: !tg.value):
    %3 = tg.op "aten::reshape"(%in, %s) : (tensor<0x1xf32>, !tg.value) -> tensor<0xf32>
    tg.kernel_yield %3 : tensor<0xf32>
  }
  tg.return %1 : tensor<0xf32>
}
