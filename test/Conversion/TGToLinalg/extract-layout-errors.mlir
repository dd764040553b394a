// RUN: tg-opt %s -split-input-file -verify-diagnostics --tg-extract-kernels -o /dev/null

// Layout ops the kernel cannot read through, put into kernels by hand
// (--tg-fuse-elementwise does not fuse them): a pixel shuffle whose types
// disagree with its factor, and a nearest upsampling whose PyTorch index is
// floor(d / 2.05), not d // 2.
tg.graph @"M::forward"(%self: !tg.module<"M">, %x: tensor<1x4x10x10xf32>) -> tensor<1x1x20x20xf32> {
  %three = tg.constant(3 : i64) : !tg.value
  %p = tg.kernel "shuffle"(%x, %three) : (tensor<1x4x10x10xf32>, !tg.value) -> tensor<1x1x20x20xf32> {
  ^bb0(%a: tensor<1x4x10x10xf32>, %r: !tg.value):
    // expected-error @+1 {{cannot read 'aten::pixel_shuffle' from 'tensor<1x4x10x10xf32>' to 'tensor<1x1x20x20xf32>' as an index (its dims must be constants its types agree with)}}
    %0 = tg.op "aten::pixel_shuffle"(%a, %r) : (tensor<1x4x10x10xf32>, !tg.value) -> tensor<1x1x20x20xf32>
    %1 = tg.op "aten::relu"(%0) : (tensor<1x1x20x20xf32>) -> tensor<1x1x20x20xf32>
    tg.kernel_yield %1 : tensor<1x1x20x20xf32>
  }
  tg.return %p : tensor<1x1x20x20xf32>
}

// -----

tg.graph @"M::forward"(%self: !tg.module<"M">, %y: tensor<1x1x10x10xf32>) -> tensor<1x1x20x20xf32> {
  %none = tg.constant(unit) : !tg.value
  %almost = tg.constant([2.05, 2.05]) : !tg.value
  %u = tg.kernel "upsample"(%y, %none, %almost) : (tensor<1x1x10x10xf32>, !tg.value, !tg.value) -> tensor<1x1x20x20xf32> {
  ^bb0(%a: tensor<1x1x10x10xf32>, %n: !tg.value, %s: !tg.value):
    // expected-error @+1 {{cannot read 'aten::upsample_nearest2d' from 'tensor<1x1x10x10xf32>' to 'tensor<1x1x20x20xf32>' as an index (PyTorch's nearest index is no integer multiple or fraction of the output index at these sizes and scales, or a scale is not a constant)}}
    %0 = tg.op "aten::upsample_nearest2d"(%a, %n, %s) : (tensor<1x1x10x10xf32>, !tg.value, !tg.value) -> tensor<1x1x20x20xf32>
    %1 = tg.op "aten::relu"(%0) : (tensor<1x1x20x20xf32>) -> tensor<1x1x20x20xf32>
    tg.kernel_yield %1 : tensor<1x1x20x20xf32>
  }
  tg.return %u : tensor<1x1x20x20xf32>
}

// -----

// A linear upsampling put into a kernel by hand (--tg-fuse-elementwise
// does not fuse it) whose align_corners is no constant.
tg.graph @"M::forward"(%self: !tg.module<"M">, %x: tensor<1x2x4xf32>, %align: !tg.value) -> tensor<1x2x8xf32> {
  %none = tg.constant(unit) : !tg.value
  %u = tg.kernel "upsample"(%x, %none, %align) : (tensor<1x2x4xf32>, !tg.value, !tg.value) -> tensor<1x2x8xf32> {
  ^bb0(%a: tensor<1x2x4xf32>, %n: !tg.value, %c: !tg.value):
    // expected-error @+1 {{cannot read the taps of 'aten::upsample_linear1d' from 'tensor<1x2x4xf32>' to 'tensor<1x2x8xf32>' at an affine index (PyTorch's float32 index is none at these sizes and scales, or align_corners or a scale is not a constant)}}
    %0 = tg.op "aten::upsample_linear1d"(%a, %n, %c, %n) : (tensor<1x2x4xf32>, !tg.value, !tg.value, !tg.value) -> tensor<1x2x8xf32>
    %1 = tg.op "aten::relu"(%0) : (tensor<1x2x8xf32>) -> tensor<1x2x8xf32>
    tg.kernel_yield %1 : tensor<1x2x8xf32>
  }
  tg.return %u : tensor<1x2x8xf32>
}
