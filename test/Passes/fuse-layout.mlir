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
