// Which kernels "every kernel" (no kernels=) means when a graph the entry
// never calls keeps a kernel without static shapes: example inputs type only
// the entry's program, so that kernel is skipped with a warning, and the
// others are extracted (nn.MultiheadAttention passes out_proj's weights to
// F.multi_head_attention_forward and never calls out_proj.forward, whose
// fused linear stays untyped: every model with attention failed).
// RUN: tg-opt %s --tg-extract-kernels 2>&1 >/dev/null | FileCheck %s --check-prefix=WARN
// RUN: tg-opt %s --tg-extract-kernels 2>/dev/null | FileCheck %s
// Named, it is still an error, as is any untyped kernel of the entry.
// RUN: not tg-opt %s --tg-extract-kernels=kernels=untyped 2>&1 | FileCheck %s --check-prefix=NAMED
// With shape=, every kernel can be typed: none is skipped.
// RUN: tg-opt %s --tg-extract-kernels=shape=4 2>&1 | FileCheck %s --check-prefix=SHAPE
// Every kernel skipped: an error, not an empty module.
// RUN: not tg-opt %S/Inputs/only-untyped-off-entry.mlir --tg-extract-kernels 2>&1 | FileCheck %s --check-prefix=ALL

// WARN: warning: tg-extract-kernels: skipped kernel 'untyped': it has a tensor of no static type, and its graph 'Linear::forward' is not the entry graph, which example inputs type (name it in kernels= with shape= to extract it; tg-compile-kernel: -k NAME --shape AxBxC)
// WARN-NOT: warning

// CHECK: func.func @typed(%arg0: tensor<4xf32>) -> tensor<4xf32>
// CHECK-NOT: func.func @untyped

// NAMED: error: kernel 'untyped' has no static tensor shape; import with an example input

// SHAPE-NOT: warning
// SHAPE-DAG: func.func @typed(
// SHAPE-DAG: func.func @untyped(

// ALL: warning: tg-extract-kernels: skipped kernel 'untyped'
// ALL: error: tg-extract-kernels: every kernel of the module was skipped (see the warnings)

tg.graph @"Net::forward"(%self: !tg.module<"Net">, %x: tensor<4xf32>) -> tensor<4xf32> attributes {tg.entry} {
  %r = tg.kernel "typed"(%x) : (tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%a: tensor<4xf32>):
    %0 = tg.op "aten::relu"(%a) : (tensor<4xf32>) -> tensor<4xf32>
    tg.kernel_yield %0 : tensor<4xf32>
  }
  tg.return %r : tensor<4xf32>
}

tg.graph @"Linear::forward"(%self: !tg.module<"Linear">, %x: !tg.tensor) -> !tg.tensor {
  %r = tg.kernel "untyped"(%x) : (!tg.tensor) -> !tg.tensor {
  ^bb0(%a: !tg.tensor):
    %0 = tg.op "aten::relu"(%a) : (!tg.tensor) -> !tg.tensor
    tg.kernel_yield %0 : !tg.tensor
  }
  tg.return %r : !tg.tensor
}
