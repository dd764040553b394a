// RUN: tg-opt %s -split-input-file --tg-decompose -mlir-print-debuginfo -mlir-print-local-scope | FileCheck %s
// Every origin is kept: the new ops carry the write's location.
// RUN: tg-opt %s -split-input-file --tg-snapshot-origins --tg-decompose --tg-verify-origins -o /dev/null
// An explicit ops= list decomposes those operators only: no write is rewritten.
// RUN: tg-opt %s -split-input-file '--tg-decompose=ops=aten::softmax' | FileCheck %s --check-prefix=ONLY
// ONLY-LABEL: tg.graph @slice_write
// ONLY: tg.op "aten::add_"
// ONLY-NOT: slice_scatter

// MViT's `attn[:, :, 1:, 1:] += rel_pos` (torchvision's mvit.py:178): four
// slices, the first two whole (nothing to scatter there), an add_ into the
// last. It becomes the add and two slice_scatters, and the softmax after it
// reads the result.
// CHECK-LABEL: tg.graph @slice_write
// CHECK: %[[V2:.*]] = tg.op "aten::slice"(%{{.*}}, %[[D2:[^,]*]], %[[ONE:[^,]*]], %[[NONE:[^,]*]], %[[ONE]])
// CHECK: %[[V3:.*]] = tg.op "aten::slice"(%[[V2]], %[[D3:[^,]*]], %[[ONE]], %[[NONE]], %[[ONE]])
// CHECK: %[[SUM:.*]] = tg.op "aten::add"(%[[V3]], %arg1, %[[ONE]]) : (tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>, !tg.value) -> tensor<1x2x4x4xf32> loc("mvit.py":178:4)
// CHECK: %[[S3:.*]] = tg.op "aten::slice_scatter"(%[[V2]], %[[SUM]], %[[D3]], %[[ONE]], %[[NONE]], %[[ONE]]) : {{.*}} -> tensor<1x2x4x5xf32> loc("mvit.py":178:4)
// CHECK: %[[S2:.*]] = tg.op "aten::slice_scatter"(%{{.*}}, %[[S3]], %[[D2]], %[[ONE]], %[[NONE]], %[[ONE]]) : {{.*}} -> tensor<1x2x5x5xf32> loc("mvit.py":178:4)
// CHECK-NOT: aten::add_
// CHECK: tg.op "aten::amax"(%[[S2]]
// CHECK: tg.op "aten::sub"(%[[S2]]
tg.graph @slice_write(%attn: tensor<1x2x5x5xf32>, %rel: tensor<1x2x4x4xf32>) -> tensor<1x2x5x5xf32> {
  %zero = tg.constant(0 : i64) : !tg.value
  %one = tg.constant(1 : i64) : !tg.value
  %two = tg.constant(2 : i64) : !tg.value
  %three = tg.constant(3 : i64) : !tg.value
  %none = tg.constant(unit) : !tg.value
  %last = tg.constant(-1 : i64) : !tg.value
  %f = tg.constant(false) : !tg.value
  %scale = tg.constant(2.0 : f64) : !tg.value
  %a = tg.op "aten::mul"(%attn, %scale) : (tensor<1x2x5x5xf32>, !tg.value) -> tensor<1x2x5x5xf32>
  %v0 = tg.op "aten::slice"(%a, %zero, %none, %none, %one) : (tensor<1x2x5x5xf32>, !tg.value, !tg.value, !tg.value, !tg.value) -> tensor<1x2x5x5xf32>
  %v1 = tg.op "aten::slice"(%v0, %one, %none, %none, %one) : (tensor<1x2x5x5xf32>, !tg.value, !tg.value, !tg.value, !tg.value) -> tensor<1x2x5x5xf32>
  %v2 = tg.op "aten::slice"(%v1, %two, %one, %none, %one) : (tensor<1x2x5x5xf32>, !tg.value, !tg.value, !tg.value, !tg.value) -> tensor<1x2x4x5xf32>
  %v3 = tg.op "aten::slice"(%v2, %three, %one, %none, %one) : (tensor<1x2x4x5xf32>, !tg.value, !tg.value, !tg.value, !tg.value) -> tensor<1x2x4x4xf32>
  %w = tg.op "aten::add_"(%v3, %rel, %one) : (tensor<1x2x4x4xf32>, tensor<1x2x4x4xf32>, !tg.value) -> tensor<1x2x4x4xf32> loc("mvit.py":178:4)
  %s = tg.op "aten::softmax"(%a, %last, %none) : (tensor<1x2x5x5xf32>, !tg.value, !tg.value) -> tensor<1x2x5x5xf32>
  tg.return %s : tensor<1x2x5x5xf32>
}

// -----

// MViT-V1's `x.add_(shortcut)` (mvit.py:185) on a matmul's result that the
// caller reads again: the add, and the later read takes it. A select write
// (`x[0] *= 2`) becomes a select_scatter.
// CHECK-LABEL: tg.graph @value_write
// CHECK: %[[X:.*]] = tg.op "aten::matmul"
// CHECK: %[[SUM:.*]] = tg.op "aten::add"(%[[X]], %arg2, %{{.*}}) : {{.*}} loc("mvit.py":185:8)
// CHECK: %[[ROW:.*]] = tg.op "aten::select"(%[[SUM]], %[[Z:[^,]*]], %[[Z]])
// CHECK: %[[DOUBLE:.*]] = tg.op "aten::mul"(%[[ROW]], %{{.*}}) : (tensor<3x4xf32>, !tg.value) -> tensor<3x4xf32>
// CHECK: %[[NEW:.*]] = tg.op "aten::select_scatter"(%[[SUM]], %[[DOUBLE]], %[[Z]], %[[Z]]) : (tensor<2x3x4xf32>, tensor<3x4xf32>, !tg.value, !tg.value) -> tensor<2x3x4xf32>
// CHECK: tg.op "aten::transpose"(%[[NEW]]
tg.graph @value_write(%q: tensor<2x3x5xf32>, %k: tensor<2x5x4xf32>, %shortcut: tensor<2x3x4xf32>) -> tensor<2x4x3xf32> {
  %zero = tg.constant(0 : i64) : !tg.value
  %one = tg.constant(1 : i64) : !tg.value
  %two = tg.constant(2 : i64) : !tg.value
  %c2 = tg.constant(2.0 : f64) : !tg.value
  %x = tg.op "aten::matmul"(%q, %k) : (tensor<2x3x5xf32>, tensor<2x5x4xf32>) -> tensor<2x3x4xf32>
  %w = tg.op "aten::add_"(%x, %shortcut, %one) : (tensor<2x3x4xf32>, tensor<2x3x4xf32>, !tg.value) -> tensor<2x3x4xf32> loc("mvit.py":185:8)
  %row = tg.op "aten::select"(%x, %zero, %zero) : (tensor<2x3x4xf32>, !tg.value, !tg.value) -> tensor<3x4xf32>
  %w2 = tg.op "aten::mul_"(%row, %c2) : (tensor<3x4xf32>, !tg.value) -> tensor<3x4xf32>
  %t = tg.op "aten::transpose"(%x, %one, %two) : (tensor<2x3x4xf32>, !tg.value, !tg.value) -> tensor<2x4x3xf32>
  tg.return %t : tensor<2x4x3xf32>
}

// -----

// A write whose tensor nothing reads again through another value is
// already a value (the fuser takes `add_` as `add`): left as it is.
// CHECK-LABEL: tg.graph @nothing_reads_after
// CHECK: tg.op "aten::add_"
// CHECK: tg.op "aten::relu_"
tg.graph @nothing_reads_after(%x: tensor<4xf32>, %y: tensor<4xf32>) -> tensor<4xf32> {
  %one = tg.constant(1 : i64) : !tg.value
  %a = tg.op "aten::mul"(%x, %y) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %b = tg.op "aten::add_"(%a, %y, %one) : (tensor<4xf32>, tensor<4xf32>, !tg.value) -> tensor<4xf32>
  %c = tg.op "aten::relu_"(%b) : (tensor<4xf32>) -> tensor<4xf32>
  tg.return %c : tensor<4xf32>
}

// -----

// Left alone, each for its reason: a write into the graph's argument (the
// caller sees it), into a module attribute, into a tensor whose view is
// read after the write, into a tensor a list held before the write, and an
// in-place operator that is not pointwise (`fill_`).
// CHECK-LABEL: tg.graph @"M::left_alone"
// CHECK-COUNT-5: tg.op "aten::{{add_|fill_}}"
// CHECK-NOT: scatter
tg.graph @"M::left_alone"(%self: !tg.module<"M">, %x: tensor<4xf32>, %y: tensor<4xf32>) -> !tg.value {
  %one = tg.constant(1 : i64) : !tg.value
  %zero = tg.constant(0 : i64) : !tg.value
  %none = tg.constant(unit) : !tg.value
  %w0 = tg.op "aten::add_"(%x, %y, %one) : (tensor<4xf32>, tensor<4xf32>, !tg.value) -> tensor<4xf32>
  %r0 = tg.op "aten::relu"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %p = tg.get_attr %self["buf"] : !tg.module<"M"> -> tensor<4xf32>
  %w1 = tg.op "aten::add_"(%p, %y, %one) : (tensor<4xf32>, tensor<4xf32>, !tg.value) -> tensor<4xf32>
  %r1 = tg.op "aten::relu"(%p) : (tensor<4xf32>) -> tensor<4xf32>
  %a = tg.op "aten::mul"(%x, %y) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %va = tg.op "aten::slice"(%a, %zero, %one, %none, %one) : (tensor<4xf32>, !tg.value, !tg.value, !tg.value, !tg.value) -> tensor<3xf32>
  %w2 = tg.op "aten::add_"(%a, %y, %one) : (tensor<4xf32>, tensor<4xf32>, !tg.value) -> tensor<4xf32>
  %r2 = tg.op "aten::relu"(%va) : (tensor<3xf32>) -> tensor<3xf32>
  %b = tg.op "aten::mul"(%x, %x) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %list = tg.op "prim::ListConstruct"(%b) : (tensor<4xf32>) -> !tg.value
  %w3 = tg.op "aten::add_"(%b, %y, %one) : (tensor<4xf32>, tensor<4xf32>, !tg.value) -> tensor<4xf32>
  %r3 = tg.op "aten::relu"(%b) : (tensor<4xf32>) -> tensor<4xf32>
  %c = tg.op "aten::mul"(%y, %y) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %w4 = tg.op "aten::fill_"(%c, %one) : (tensor<4xf32>, !tg.value) -> tensor<4xf32>
  %r4 = tg.op "aten::relu"(%c) : (tensor<4xf32>) -> tensor<4xf32>
  %out = tg.op "prim::TupleConstruct"(%r0, %r1, %r2, %r3, %r4, %list) : (tensor<4xf32>, tensor<4xf32>, tensor<3xf32>, tensor<4xf32>, tensor<4xf32>, !tg.value) -> !tg.value
  tg.return %out : !tg.value
}
