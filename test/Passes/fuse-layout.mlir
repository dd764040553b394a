// RUN: tg-opt %s -split-input-file --tg-decompose --tg-fuse-elementwise | FileCheck %s
// RUN: tg-opt %s -split-input-file --tg-decompose --tg-fuse-elementwise=layout=false | FileCheck %s --check-prefix=NOLAYOUT
// RUN: tg-opt %s -split-input-file --tg-snapshot-origins --tg-decompose --tg-fuse-elementwise --tg-verify-origins -o /dev/null
// Layout ops of static types and constant dims join the kernels around
// them, as Inductor folds views into its kernels' indexing: an attention
// output's bias add, the view and transpose after it, and the residual add
// and layer norm are one kernel (ViT's encoder block). The shape list the
// view reads is built from sizes; --tg-decompose folds it to a constant.
// CHECK-LABEL: tg.graph @attention_out
// CHECK: tg.op "aten::linear"
// CHECK: tg.constant([6, 1, 8])
// CHECK: %[[K:.*]] = tg.kernel "fused_add_layer_norm_linear_transpose_view_0"
// CHECK-NEXT: ^bb0
// CHECK-NEXT: tg.op "aten::add"
// CHECK-NEXT: tg.op "aten::view"
// CHECK-NEXT: tg.op "aten::transpose"
// CHECK-NEXT: tg.op "aten::add"
// CHECK: tg.kernel_yield
// CHECK-NOT: tg.kernel "
// CHECK: tg.return %[[K]]
// NOLAYOUT-LABEL: tg.graph @attention_out
// NOLAYOUT: tg.kernel "fused_linear_0"
// NOLAYOUT: tg.op "aten::view"
// NOLAYOUT: tg.op "aten::transpose"
// NOLAYOUT: tg.kernel "fused_add_layer_norm_1"
tg.graph @attention_out(%x: tensor<6x8xf32>, %w: tensor<8x8xf32>, %b: tensor<8xf32>, %res: tensor<1x6x8xf32>, %lw: tensor<8xf32>, %lb: tensor<8xf32>) -> tensor<1x6x8xf32> {
  %none = tg.constant(unit) : !tg.value
  %zero = tg.constant(0 : i64) : !tg.value
  %one = tg.constant(1 : i64) : !tg.value
  %eight = tg.constant(8 : i64) : !tg.value
  %eps = tg.constant(1.0e-05 : f64) : !tg.value
  %t = tg.constant(true) : !tg.value
  %norm = tg.constant([8]) : !tg.value
  %l = tg.op "aten::linear"(%x, %w, %b) : (tensor<6x8xf32>, tensor<8x8xf32>, tensor<8xf32>) -> tensor<6x8xf32>
  %sizes = tg.op "aten::size"(%x) : (tensor<6x8xf32>) -> !tg.value
  %n = tg.op "aten::__getitem__"(%sizes, %zero) : (!tg.value, !tg.value) -> !tg.value
  %shape = tg.op "prim::ListConstruct"(%n, %one, %eight) : (!tg.value, !tg.value, !tg.value) -> !tg.value
  %v = tg.op "aten::view"(%l, %shape) : (tensor<6x8xf32>, !tg.value) -> tensor<6x1x8xf32>
  %tr = tg.op "aten::transpose"(%v, %zero, %one) : (tensor<6x1x8xf32>, !tg.value, !tg.value) -> tensor<1x6x8xf32>
  %a = tg.op "aten::add"(%res, %tr, %one) : (tensor<1x6x8xf32>, tensor<1x6x8xf32>, !tg.value) -> tensor<1x6x8xf32>
  %y = tg.op "aten::layer_norm"(%a, %norm, %lw, %lb, %eps, %t) : (tensor<1x6x8xf32>, !tg.value, tensor<8xf32>, tensor<8xf32>, !tg.value, !tg.value) -> tensor<1x6x8xf32>
  tg.return %y : tensor<1x6x8xf32>
}

// -----

// Layout ops alone make no kernel (it would only copy); a layout op whose
// dims are not constants does not fuse.
// CHECK-LABEL: tg.graph @layout_alone
// CHECK-NOT: tg.kernel "
// CHECK: tg.return
tg.graph @layout_alone(%x: tensor<2x3xf32>, %d: !tg.value) -> (tensor<3x2xf32>, tensor<3x2xf32>) {
  %zero = tg.constant(0 : i64) : !tg.value
  %one = tg.constant(1 : i64) : !tg.value
  %a = tg.op "aten::transpose"(%x, %zero, %one) : (tensor<2x3xf32>, !tg.value, !tg.value) -> tensor<3x2xf32>
  %b = tg.op "aten::transpose"(%x, %d, %one) : (tensor<2x3xf32>, !tg.value, !tg.value) -> tensor<3x2xf32>
  tg.return %a, %b : tensor<3x2xf32>, tensor<3x2xf32>
}

// -----

// A tuple packed and unpacked (nn.MultiheadAttention returns one) is read
// through: the view and the add fuse across it, and the unpack and the pack
// are recorded as eliminated.
// CHECK-LABEL: tg.graph @tuple
// CHECK: tg.kernel "fused_add_view_0"
// CHECK-NOT: prim::TupleUnpack
// CHECK: tg.return
tg.graph @tuple(%x: tensor<6xf32>, %y: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %one = tg.constant(1 : i64) : !tg.value
  %none = tg.constant(unit) : !tg.value
  %shape = tg.constant([2, 3]) : !tg.value
  %v = tg.op "aten::view"(%x, %shape) : (tensor<6xf32>, !tg.value) -> tensor<2x3xf32>
  %p = tg.op "prim::TupleConstruct"(%v, %none) : (tensor<2x3xf32>, !tg.value) -> !tg.value
  %u:2 = tg.op "prim::TupleUnpack"(%p) : (!tg.value) -> (tensor<2x3xf32>, !tg.value)
  %a = tg.op "aten::add"(%u#0, %y, %one) : (tensor<2x3xf32>, tensor<2x3xf32>, !tg.value) -> tensor<2x3xf32>
  tg.return %a : tensor<2x3xf32>
}

// -----

// Pixel shuffles and nearest upsampling are indexing (Inductor lowers them
// so): they fuse as layout ops. Nearest upsampling fuses where PyTorch's
// float32 index floor(d * s) is d floordiv k or d * k for every d
// (NearestIndex.h): 10 -> 20 without a scale, and 10 -> 5; not with
// scale_factor 2.05 (floor(d / 2.05)), not 10 -> 25, not with a scale or an
// output size that is not a constant.
// CHECK-LABEL: tg.graph @indexing
// CHECK: tg.kernel "fused_pixel_shuffle_relu_0"
// CHECK: tg.kernel "fused_relu_upsample_nearest2d_1"
// CHECK: tg.kernel "fused_relu_upsample_nearest2d_2"
// CHECK: tg.op "aten::upsample_nearest2d"({{.*}}) : (tensor<1x1x10x10xf32>, !tg.value, !tg.value) -> tensor<1x1x20x20xf32>
// CHECK-NEXT: tg.kernel "fused_relu_3"
// CHECK: tg.op "aten::upsample_nearest2d"({{.*}}) -> tensor<1x1x25x25xf32>
// CHECK-NEXT: tg.kernel "fused_relu_4"
// CHECK: tg.op "aten::upsample_nearest2d"({{.*}}) -> tensor<1x1x20x20xf32>
// CHECK-NEXT: tg.kernel "fused_relu_5"
// CHECK: tg.op "aten::upsample_nearest2d"({{.*}}) -> tensor<1x1x20x20xf32>
// CHECK-NEXT: tg.kernel "fused_relu_6"
// CHECK: tg.return
tg.graph @indexing(%x: tensor<1x4x10x10xf32>, %y: tensor<1x1x10x10xf32>, %s: !tg.value) -> (tensor<1x1x20x20xf32>, tensor<1x1x20x20xf32>, tensor<1x1x5x5xf32>, tensor<1x1x20x20xf32>, tensor<1x1x25x25xf32>, tensor<1x1x20x20xf32>, tensor<1x1x20x20xf32>) {
  %two = tg.constant(2 : i64) : !tg.value
  %none = tg.constant(unit) : !tg.value
  %size = tg.constant([20, 20]) : !tg.value
  %half = tg.constant([5, 5]) : !tg.value
  %almost = tg.constant([2.05, 2.05]) : !tg.value
  %frac = tg.constant([2.5, 2.5]) : !tg.value
  %p = tg.op "aten::pixel_shuffle"(%x, %two) : (tensor<1x4x10x10xf32>, !tg.value) -> tensor<1x1x20x20xf32>
  %p1 = tg.op "aten::relu"(%p) : (tensor<1x1x20x20xf32>) -> tensor<1x1x20x20xf32>
  %u = tg.op "aten::upsample_nearest2d"(%y, %size, %none) : (tensor<1x1x10x10xf32>, !tg.value, !tg.value) -> tensor<1x1x20x20xf32>
  %u1 = tg.op "aten::relu"(%u) : (tensor<1x1x20x20xf32>) -> tensor<1x1x20x20xf32>
  %d = tg.op "aten::upsample_nearest2d"(%y, %half, %none) : (tensor<1x1x10x10xf32>, !tg.value, !tg.value) -> tensor<1x1x5x5xf32>
  %d1 = tg.op "aten::relu"(%d) : (tensor<1x1x5x5xf32>) -> tensor<1x1x5x5xf32>
  %a = tg.op "aten::upsample_nearest2d"(%y, %none, %almost) : (tensor<1x1x10x10xf32>, !tg.value, !tg.value) -> tensor<1x1x20x20xf32>
  %a1 = tg.op "aten::relu"(%a) : (tensor<1x1x20x20xf32>) -> tensor<1x1x20x20xf32>
  %f = tg.op "aten::upsample_nearest2d"(%y, %none, %frac) : (tensor<1x1x10x10xf32>, !tg.value, !tg.value) -> tensor<1x1x25x25xf32>
  %f1 = tg.op "aten::relu"(%f) : (tensor<1x1x25x25xf32>) -> tensor<1x1x25x25xf32>
  %v = tg.op "aten::upsample_nearest2d"(%y, %none, %s) : (tensor<1x1x10x10xf32>, !tg.value, !tg.value) -> tensor<1x1x20x20xf32>
  %v1 = tg.op "aten::relu"(%v) : (tensor<1x1x20x20xf32>) -> tensor<1x1x20x20xf32>
  %o = tg.op "aten::upsample_nearest2d"(%y, %s, %none) : (tensor<1x1x10x10xf32>, !tg.value, !tg.value) -> tensor<1x1x20x20xf32>
  %o1 = tg.op "aten::relu"(%o) : (tensor<1x1x20x20xf32>) -> tensor<1x1x20x20xf32>
  tg.return %p1, %u1, %d1, %a1, %f1, %v1, %o1 : tensor<1x1x20x20xf32>, tensor<1x1x20x20xf32>, tensor<1x1x5x5xf32>, tensor<1x1x20x20xf32>, tensor<1x1x25x25xf32>, tensor<1x1x20x20xf32>, tensor<1x1x20x20xf32>
}
