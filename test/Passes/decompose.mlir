// RUN: tg-opt %s -split-input-file --tg-decompose -mlir-print-debuginfo -mlir-print-local-scope | FileCheck %s
// Every origin is kept: each new op carries the composite's whole location,
// and a dropout that goes is recorded.
// RUN: tg-opt %s -split-input-file --tg-snapshot-origins --tg-decompose --tg-verify-origins -o /dev/null
// ops= restricts the decompositions (an in-place form goes with its
// operator); a name the pass does not decompose is an error.
// RUN: tg-opt %s -split-input-file '--tg-decompose=ops=aten::softmax,aten::dropout' | FileCheck %s --check-prefix=ONLY
// Every operator --help lists is one ops= takes (var_mean and std_mean were
// listed and refused).
// RUN: tg-opt %s -split-input-file '--tg-decompose=ops=aten::batch_norm,aten::native_batch_norm,aten::layer_norm,aten::native_layer_norm,aten::group_norm,aten::native_group_norm,aten::instance_norm,aten::var,aten::std,aten::var_mean,aten::std_mean,aten::logsumexp,aten::norm,aten::frobenius_norm,aten::expand_as,aten::selu,aten::prelu,aten::softmax,aten::log_softmax,aten::_softmax,aten::_log_softmax,aten::linear,aten::addmm,aten::dropout,aten::feature_dropout,aten::alpha_dropout,aten::feature_alpha_dropout,aten::masked_fill,aten::adaptive_avg_pool2d,aten::dim,aten::size,prim::ListConstruct,prim::unchecked_cast,prim::TupleUnpack,prim::ListUnpack' -o /dev/null
// ONLY-LABEL: tg.graph @"Net::bn"
// ONLY: tg.op "aten::batch_norm"
// ONLY-LABEL: tg.graph @softmax
// ONLY: tg.op "aten::amax"
// ONLY-NOT: aten::log_softmax"(
// ONLY: tg.op "aten::log_softmax"
// ONLY-LABEL: tg.graph @dropout
// ONLY: tg.op "aten::feature_dropout_"
// ONLY: tg.return %arg0, %
// RUN: not tg-opt %s -split-input-file '--tg-decompose=ops=aten::conv2d' 2>&1 | FileCheck %s --check-prefix=BADOP
// Refused where the pipeline is parsed, before any pass runs.
// BADOP: <unknown>:0: error: tg-decompose: 'aten::conv2d' in ops= is not an operator this pass decomposes
// An empty list was no list: every decomposition, without a word.
// RUN: not tg-opt %s -split-input-file '--tg-decompose=ops=' 2>&1 | FileCheck %s --check-prefix=NO-OPS
// NO-OPS: <unknown>:0: error: tg-decompose: ops= needs at least one operator name (leave it out for every operator this pass decomposes)
// The module path of every new op is the composite's.
// RUN: tg-opt %s -split-input-file --tg-decompose --tg-module-hierarchy | FileCheck %s --check-prefix=PATH
// PATH-LABEL: tg.graph @"Net::bn"
// PATH-COUNT-4: tg.op "aten::reshape"{{.*}}tg.module_hierarchy = "TOP(Net)::bn.bn(BatchNorm2d)::forward."
// PATH: tg.op "aten::sub"{{.*}}tg.module_hierarchy = "TOP(Net)::bn.bn(BatchNorm2d)::forward."
// PATH: tg.op "aten::add"{{.*}}tg.module_hierarchy = "TOP(Net)::bn.bn(BatchNorm2d)::forward."
// PATH: tg.op "aten::rsqrt"{{.*}}tg.module_hierarchy = "TOP(Net)::bn.bn(BatchNorm2d)::forward."
// PATH-COUNT-2: tg.op "aten::mul"{{.*}}tg.module_hierarchy = "TOP(Net)::bn.bn(BatchNorm2d)::forward."
// PATH: tg.op "aten::add"{{.*}}tg.module_hierarchy = "TOP(Net)::bn.bn(BatchNorm2d)::forward."
// Deterministic, threads on or off.
// RUN: tg-opt %s -split-input-file --tg-decompose -mlir-print-debuginfo -o %t.1
// RUN: tg-opt %s -split-input-file --tg-decompose -mlir-print-debuginfo --mlir-disable-threading -o %t.2
// RUN: diff %t.1 %t.2

// batch_norm in eval: (x - mean) * rsqrt(var + eps) * weight + bias, the
// per-channel tensors viewed as [C, 1, 1] (through the Optional casts the
// importer puts in front of them), every op at the composite's location,
// call-site chain included, and marked with the composite.
// CHECK-LABEL: tg.graph @"Net::bn"
// CHECK: %[[MS:.*]] = tg.constant([-1, 1, 1]) : !tg.value loc(callsite("bn.py":7:9 at fused<#tg.frame<instance = "bn", class = "BatchNorm2d", method = "forward">>["net.py":3:5]))
// CHECK: %[[M:.*]] = tg.op "aten::reshape"(%arg1, %[[MS]]) {tg.decomposed_from = "aten::batch_norm"} : (tensor<4xf32>, !tg.value) -> tensor<4x1x1xf32> loc(callsite("bn.py":7:9 at
// CHECK: %[[V:.*]] = tg.op "aten::reshape"(%arg2, %{{.*}}) {{.*}} -> tensor<4x1x1xf32>
// CHECK: %[[W:.*]] = tg.op "aten::reshape"(%arg3, %{{.*}}) {{.*}} -> tensor<4x1x1xf32>
// CHECK: %[[B:.*]] = tg.op "aten::reshape"(%arg4, %{{.*}}) {{.*}} -> tensor<4x1x1xf32>
// CHECK: %[[ONE:.*]] = tg.constant(1 : i64)
// CHECK: %[[C:.*]] = tg.op "aten::sub"(%arg0, %[[M]], %[[ONE]]) {tg.decomposed_from = "aten::batch_norm"} : (tensor<2x4x3x3xf32>, tensor<4x1x1xf32>, !tg.value) -> tensor<2x4x3x3xf32> loc(callsite("bn.py":7:9 at
// CHECK: %[[S:.*]] = tg.op "aten::add"(%[[V]], %[[EPS:.*]], %[[ONE]]) {{.*}} -> tensor<4x1x1xf32>
// CHECK: %[[R:.*]] = tg.op "aten::rsqrt"(%[[S]]) {{.*}} -> tensor<4x1x1xf32>
// CHECK: %[[Y:.*]] = tg.op "aten::mul"(%[[C]], %[[R]]) {{.*}} -> tensor<2x4x3x3xf32>
// CHECK: %[[YW:.*]] = tg.op "aten::mul"(%[[Y]], %[[W]]) {{.*}} -> tensor<2x4x3x3xf32>
// CHECK: %[[YB:.*]] = tg.op "aten::add"(%[[YW]], %[[B]], %[[ONE]]) {{.*}} -> tensor<2x4x3x3xf32> loc(callsite("bn.py":7:9 at
// CHECK-NOT: "aten::batch_norm"(
// CHECK: tg.return %[[YB]]
tg.graph @"Net::bn"(%self: !tg.module<"Net">, %x: tensor<2x4x3x3xf32>, %mean: tensor<4xf32>, %var: tensor<4xf32>, %w: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<2x4x3x3xf32> {
  %f = tg.constant(false) : !tg.value
  %eps = tg.constant(1.0e-05 : f64) : !tg.value
  %mom = tg.constant(0.1 : f64) : !tg.value
  %t = tg.constant(true) : !tg.value
  %cm = tg.op "prim::unchecked_cast"(%mean) : (tensor<4xf32>) -> !tg.value
  %cv = tg.op "prim::unchecked_cast"(%var) : (tensor<4xf32>) -> !tg.value
  %cw = tg.op "prim::unchecked_cast"(%w) : (tensor<4xf32>) -> !tg.value
  %cb = tg.op "prim::unchecked_cast"(%b) : (tensor<4xf32>) -> !tg.value
  %y = tg.op "aten::batch_norm"(%x, %cw, %cb, %cm, %cv, %f, %mom, %eps, %t) : (tensor<2x4x3x3xf32>, !tg.value, !tg.value, !tg.value, !tg.value, !tg.value, !tg.value, !tg.value, !tg.value) -> tensor<2x4x3x3xf32> loc(callsite("bn.py":7:9 at fused<#tg.frame<instance = "bn", class = "BatchNorm2d", method = "forward">>["net.py":3:5]))
  tg.return %y : tensor<2x4x3x3xf32>
}

// -----

// Without weight and bias (affine=False) no multiply or add by them; a 2-D
// input ([N, C], BatchNorm1d) needs no view: [C] broadcasts as it is.
// CHECK-LABEL: tg.graph @bn1d
// CHECK-NOT: aten::reshape
// CHECK: %[[C:.*]] = tg.op "aten::sub"(%arg0, %arg1, %{{.*}})
// CHECK: %[[S:.*]] = tg.op "aten::add"(%arg2, %{{.*}}, %{{.*}})
// CHECK: %[[R:.*]] = tg.op "aten::rsqrt"(%[[S]])
// CHECK: %[[Y:.*]] = tg.op "aten::mul"(%[[C]], %[[R]]) {{.*}} -> tensor<8x4xf32>
// CHECK-NEXT: tg.return %[[Y]]
tg.graph @bn1d(%x: tensor<8x4xf32>, %mean: tensor<4xf32>, %var: tensor<4xf32>) -> tensor<8x4xf32> {
  %f = tg.constant(false) : !tg.value
  %none = tg.constant(unit) : !tg.value
  %eps = tg.constant(1.0e-05 : f64) : !tg.value
  %y = tg.op "aten::batch_norm"(%x, %none, %none, %mean, %var, %f, %eps, %eps, %f) : (tensor<8x4xf32>, !tg.value, !tg.value, tensor<4xf32>, tensor<4xf32>, !tg.value, !tg.value, !tg.value, !tg.value) -> tensor<8x4xf32>
  tg.return %y : tensor<8x4xf32>
}

// -----

// Left alone: training (or a flag that is not a constant), an input of
// unknown rank (the view of [C] needs it), no running statistics.
// CHECK-LABEL: tg.graph @bn_left
// CHECK-COUNT-3: tg.op "aten::batch_norm"
// CHECK-NOT: aten::rsqrt
tg.graph @bn_left(%x: tensor<2x4x3x3xf32>, %u: !tg.tensor, %mean: tensor<4xf32>, %var: tensor<4xf32>, %flag: !tg.value) -> (tensor<2x4x3x3xf32>, !tg.tensor, tensor<2x4x3x3xf32>) {
  %t = tg.constant(true) : !tg.value
  %f = tg.constant(false) : !tg.value
  %none = tg.constant(unit) : !tg.value
  %eps = tg.constant(1.0e-05 : f64) : !tg.value
  %0 = tg.op "aten::batch_norm"(%x, %none, %none, %mean, %var, %flag, %eps, %eps, %f) : (tensor<2x4x3x3xf32>, !tg.value, !tg.value, tensor<4xf32>, tensor<4xf32>, !tg.value, !tg.value, !tg.value, !tg.value) -> tensor<2x4x3x3xf32>
  %1 = tg.op "aten::batch_norm"(%u, %none, %none, %mean, %var, %f, %eps, %eps, %f) : (!tg.tensor, !tg.value, !tg.value, tensor<4xf32>, tensor<4xf32>, !tg.value, !tg.value, !tg.value, !tg.value) -> !tg.tensor
  %2 = tg.op "aten::batch_norm"(%x, %none, %none, %none, %none, %f, %eps, %eps, %f) : (tensor<2x4x3x3xf32>, !tg.value, !tg.value, !tg.value, !tg.value, !tg.value, !tg.value, !tg.value, !tg.value) -> tensor<2x4x3x3xf32>
  tg.return %0, %1, %2 : tensor<2x4x3x3xf32>, !tg.tensor, tensor<2x4x3x3xf32>
}

// -----

// layer_norm over the last len(normalized_shape) dims: mean, centre,
// square, mean, add eps, rsqrt, scale, then weight and bias ([D] broadcasts
// over [..., D] as it is).
// CHECK-LABEL: tg.graph @ln
// CHECK: %[[D:.*]] = tg.constant([-1]) : !tg.value loc("ln.py":4:8)
// CHECK: %[[K:.*]] = tg.constant(true)
// CHECK: %[[N:.*]] = tg.constant(unit)
// CHECK: %[[M:.*]] = tg.op "aten::mean"(%arg0, %[[D]], %[[K]], %[[N]]) {tg.decomposed_from = "aten::layer_norm"} : (tensor<2x5x8xf32>, !tg.value, !tg.value, !tg.value) -> tensor<2x5x1xf32> loc("ln.py":4:8)
// CHECK: %[[C:.*]] = tg.op "aten::sub"(%arg0, %[[M]], %{{.*}}) {{.*}} -> tensor<2x5x8xf32>
// CHECK: %[[SQ:.*]] = tg.op "aten::mul"(%[[C]], %[[C]]) {{.*}} -> tensor<2x5x8xf32>
// CHECK: %[[V:.*]] = tg.op "aten::mean"(%[[SQ]], {{.*}} -> tensor<2x5x1xf32>
// CHECK: %[[VE:.*]] = tg.op "aten::add"(%[[V]], %{{.*}}, %{{.*}}) {{.*}} -> tensor<2x5x1xf32>
// CHECK: %[[R:.*]] = tg.op "aten::rsqrt"(%[[VE]]) {{.*}} -> tensor<2x5x1xf32>
// CHECK: %[[Y:.*]] = tg.op "aten::mul"(%[[C]], %[[R]]) {{.*}} -> tensor<2x5x8xf32>
// CHECK: %[[YW:.*]] = tg.op "aten::mul"(%[[Y]], %arg1) {{.*}} -> tensor<2x5x8xf32>
// CHECK: %[[YB:.*]] = tg.op "aten::add"(%[[YW]], %arg2, %{{.*}}) {{.*}} -> tensor<2x5x8xf32> loc("ln.py":4:8)
// CHECK: tg.return %[[YB]]
// Two normalized dims reduce over [-2, -1].
// CHECK-LABEL: tg.graph @ln2
// CHECK: tg.constant([-2, -1])
// CHECK: tg.op "aten::mean"({{.*}} -> tensor<2x1x1xf32>
tg.graph @ln(%x: tensor<2x5x8xf32>, %w: tensor<8xf32>, %b: tensor<8xf32>) -> tensor<2x5x8xf32> {
  %shape = tg.constant([8]) : !tg.value
  %eps = tg.constant(1.0e-05 : f64) : !tg.value
  %t = tg.constant(true) : !tg.value
  %y = tg.op "aten::layer_norm"(%x, %shape, %w, %b, %eps, %t) : (tensor<2x5x8xf32>, !tg.value, tensor<8xf32>, tensor<8xf32>, !tg.value, !tg.value) -> tensor<2x5x8xf32> loc("ln.py":4:8)
  tg.return %y : tensor<2x5x8xf32>
}
tg.graph @ln2(%x: tensor<2x5x8xf32>) -> tensor<2x5x8xf32> {
  %five = tg.constant(5 : i64) : !tg.value
  %eight = tg.constant(8 : i64) : !tg.value
  %shape = tg.op "prim::ListConstruct"(%five, %eight) : (!tg.value, !tg.value) -> !tg.value
  %none = tg.constant(unit) : !tg.value
  %eps = tg.constant(1.0e-05 : f64) : !tg.value
  %t = tg.constant(true) : !tg.value
  %y = tg.op "aten::layer_norm"(%x, %shape, %none, %none, %eps, %t) : (tensor<2x5x8xf32>, !tg.value, !tg.value, !tg.value, !tg.value, !tg.value) -> tensor<2x5x8xf32>
  tg.return %y : tensor<2x5x8xf32>
}

// -----

// group_norm: [N, C, H, W] viewed as [N, G, -1], normalized over its last
// dim, viewed back, then the per-channel affine.
// CHECK-LABEL: tg.graph @gn
// CHECK: %[[G:.*]] = tg.op "aten::reshape"(%arg0, %{{.*}}) {{.*}} : (tensor<2x6x4x4xf32>, !tg.value) -> tensor<2x3x32xf32>
// CHECK: tg.op "aten::mean"(%[[G]], {{.*}} -> tensor<2x3x1xf32>
// CHECK: %[[Y:.*]] = tg.op "aten::reshape"({{.*}} -> tensor<2x6x4x4xf32>
// CHECK: %[[W:.*]] = tg.op "aten::reshape"(%arg1, {{.*}} -> tensor<6x1x1xf32>
// CHECK: tg.op "aten::mul"(%[[Y]], %[[W]])
// CHECK: tg.op "aten::add"
// CHECK-NOT: "aten::group_norm"(
tg.graph @gn(%x: tensor<2x6x4x4xf32>, %w: tensor<6xf32>, %b: tensor<6xf32>) -> tensor<2x6x4x4xf32> {
  %groups = tg.constant(3 : i64) : !tg.value
  %eps = tg.constant(1.0e-05 : f64) : !tg.value
  %t = tg.constant(true) : !tg.value
  %y = tg.op "aten::group_norm"(%x, %groups, %w, %b, %eps, %t) : (tensor<2x6x4x4xf32>, !tg.value, tensor<6xf32>, tensor<6xf32>, !tg.value, !tg.value) -> tensor<2x6x4x4xf32>
  tg.return %y : tensor<2x6x4x4xf32>
}

// -----

// instance_norm with the input's statistics: normalized over the spatial
// dims of each sample and channel, then the per-channel affine; with the
// running ones (use_input_stats false: a tracking InstanceNorm in eval),
// batch_norm in eval. Left alone: the input's statistics with running ones
// given (the op updates them), and a rank-2 input (no spatial dim).
// CHECK-LABEL: tg.graph @instance
// CHECK: %[[M:.*]] = tg.op "aten::mean"(%arg0, %{{.*}}) {tg.decomposed_from = "aten::instance_norm"} : (tensor<2x6x4x4xf32>, !tg.value, !tg.value, !tg.value) -> tensor<2x6x1x1xf32>
// CHECK: tg.op "aten::sub"(%arg0, %[[M]],
// CHECK: tg.op "aten::rsqrt"
// CHECK: tg.op "aten::mul"
// CHECK: %[[IN:.*]] = tg.op "aten::add"({{.*}} -> tensor<2x6x4x4xf32>
// CHECK: %[[RM:.*]] = tg.op "aten::reshape"(%arg2, {{.*}} -> tensor<6x1x1xf32>
// CHECK: tg.op "aten::sub"(%arg0, %[[RM]],
// CHECK: %[[KEPT:.*]] = tg.op "aten::instance_norm"(%arg0, %arg1, %arg1, %arg2, %arg2, %{{.*}})
// CHECK: %[[KEPT2:.*]] = tg.op "aten::instance_norm"(%arg3,
// CHECK: tg.return %[[IN]], %{{.*}}, %[[KEPT]], %[[KEPT2]]
tg.graph @instance(%x: tensor<2x6x4x4xf32>, %w: tensor<6xf32>, %r: tensor<6xf32>, %flat: tensor<2x6xf32>) -> (tensor<2x6x4x4xf32>, tensor<2x6x4x4xf32>, tensor<2x6x4x4xf32>, tensor<2x6xf32>) {
  %none = tg.constant(unit) : !tg.value
  %t = tg.constant(true) : !tg.value
  %f = tg.constant(false) : !tg.value
  %momentum = tg.constant(1.0e-01 : f64) : !tg.value
  %eps = tg.constant(1.0e-05 : f64) : !tg.value
  %a = tg.op "aten::instance_norm"(%x, %w, %w, %none, %none, %t, %momentum, %eps, %f) : (tensor<2x6x4x4xf32>, tensor<6xf32>, tensor<6xf32>, !tg.value, !tg.value, !tg.value, !tg.value, !tg.value, !tg.value) -> tensor<2x6x4x4xf32>
  %b = tg.op "aten::instance_norm"(%x, %none, %none, %r, %r, %f, %momentum, %eps, %f) : (tensor<2x6x4x4xf32>, !tg.value, !tg.value, tensor<6xf32>, tensor<6xf32>, !tg.value, !tg.value, !tg.value, !tg.value) -> tensor<2x6x4x4xf32>
  %c = tg.op "aten::instance_norm"(%x, %w, %w, %r, %r, %t, %momentum, %eps, %f) : (tensor<2x6x4x4xf32>, tensor<6xf32>, tensor<6xf32>, tensor<6xf32>, tensor<6xf32>, !tg.value, !tg.value, !tg.value, !tg.value) -> tensor<2x6x4x4xf32>
  %d = tg.op "aten::instance_norm"(%flat, %none, %none, %none, %none, %t, %momentum, %eps, %f) : (tensor<2x6xf32>, !tg.value, !tg.value, !tg.value, !tg.value, !tg.value, !tg.value, !tg.value, !tg.value) -> tensor<2x6xf32>
  tg.return %a, %b, %c, %d : tensor<2x6x4x4xf32>, tensor<2x6x4x4xf32>, tensor<2x6x4x4xf32>, tensor<2x6xf32>
}

// -----

// var, std, logsumexp, selu and prelu are decomposed where the types say
// what PyTorch computes (decompose-numerics.test checks the results against
// PyTorch's). Left alone: a variance over no more elements than its
// correction (PyTorch: inf or NaN), over all dims (`x.var()`: no dim list),
// of an untyped tensor, a dim out of range, and a prelu whose weight is
// not the input's channel count (PyTorch raises), a norm of p 3, a prelu
// of a 0-d input (a [1] weight would make it [1]), a logsumexp of integers
// (PyTorch computes floats), a variance whose result is not the reduced
// shape.
// CHECK-LABEL: tg.graph @more_composites
// CHECK: tg.op "aten::div"({{.*}} {tg.decomposed_from = "aten::var"}
// CHECK: tg.op "aten::elu"(%arg0, {{.*}} {tg.decomposed_from = "aten::selu"}
// CHECK: tg.op "aten::var"(%arg0, %{{.*}}, %{{.*}}, %{{.*}}) : (tensor<2x1x7xf32>,
// CHECK-NEXT: tg.op "aten::var"(%arg0, %{{.*}}) : (tensor<2x1x7xf32>, !tg.value) -> tensor<f32>
// CHECK-NEXT: tg.op "aten::std"(%arg1,
// CHECK-NEXT: tg.op "aten::logsumexp"(%arg0, {{.*}} -> tensor<2x1xf32>
// CHECK-NEXT: tg.op "aten::prelu"(%arg0, %arg2)
// CHECK: tg.op "aten::norm"(%arg0,
// CHECK: tg.op "aten::prelu"(%arg3,
// CHECK-NEXT: tg.op "aten::logsumexp"(%arg4,
// CHECK-NEXT: tg.op "aten::var"(%arg0, %{{.*}}) : {{.*}} -> tensor<5xf32>
tg.graph @more_composites(%x: tensor<2x1x7xf32>, %u: !tg.tensor, %w: tensor<3xf32>, %scalar: tensor<f32>, %ints: tensor<2x3xi64>) -> (tensor<2x1x1xf32>, tensor<2x1x7xf32>, tensor<2x7xf32>, tensor<f32>, !tg.tensor, tensor<2x1xf32>, tensor<2x1x7xf32>, tensor<2x1x1xf32>, tensor<f32>, tensor<2xf32>, tensor<5xf32>) {
  %d2 = tg.constant([2]) : !tg.value
  %d1 = tg.constant([1]) : !tg.value
  %d5 = tg.constant([5]) : !tg.value
  %t = tg.constant(true) : !tg.value
  %f = tg.constant(false) : !tg.value
  %v = tg.op "aten::var"(%x, %d2, %t, %t) : (tensor<2x1x7xf32>, !tg.value, !tg.value, !tg.value) -> tensor<2x1x1xf32>
  %s = tg.op "aten::selu"(%x) : (tensor<2x1x7xf32>) -> tensor<2x1x7xf32>
  %one = tg.op "aten::var"(%x, %d1, %t, %f) : (tensor<2x1x7xf32>, !tg.value, !tg.value, !tg.value) -> tensor<2x7xf32>
  %all = tg.op "aten::var"(%x, %t) : (tensor<2x1x7xf32>, !tg.value) -> tensor<f32>
  %untyped = tg.op "aten::std"(%u, %d1, %t, %f) : (!tg.tensor, !tg.value, !tg.value, !tg.value) -> !tg.tensor
  %out = tg.op "aten::logsumexp"(%x, %d5, %f) : (tensor<2x1x7xf32>, !tg.value, !tg.value) -> tensor<2x1xf32>
  %p = tg.op "aten::prelu"(%x, %w) : (tensor<2x1x7xf32>, tensor<3xf32>) -> tensor<2x1x7xf32>
  %p3 = tg.constant(3.0 : f64) : !tg.value
  %n3 = tg.op "aten::norm"(%x, %p3, %d2, %t) : (tensor<2x1x7xf32>, !tg.value, !tg.value, !tg.value) -> tensor<2x1x1xf32>
  %w1 = tg.constant(dense<2.500000e-01> : tensor<1xf32>) : tensor<1xf32>
  %p0 = tg.op "aten::prelu"(%scalar, %w1) : (tensor<f32>, tensor<1xf32>) -> tensor<f32>
  %l = tg.op "aten::logsumexp"(%ints, %d1, %f) : (tensor<2x3xi64>, !tg.value, !tg.value) -> tensor<2xf32>
  %bad = tg.op "aten::var"(%x, %d2, %t, %f) : (tensor<2x1x7xf32>, !tg.value, !tg.value, !tg.value) -> tensor<5xf32>
  tg.return %v, %s, %one, %all, %untyped, %out, %p, %n3, %p0, %l, %bad : tensor<2x1x1xf32>, tensor<2x1x7xf32>, tensor<2x7xf32>, tensor<f32>, !tg.tensor, tensor<2x1xf32>, tensor<2x1x7xf32>, tensor<2x1x1xf32>, tensor<f32>, tensor<2xf32>, tensor<5xf32>
}

// -----

// torch.norm's functional form, as TorchScript compiles torch/functional.py:
// p and dim reach aten::norm through prim::unchecked_cast (Optional), the
// dim list is built of a cast constant, and the cast list has users that
// only test it (`is None`). Both were left whole (the list was taken for
// one that a cast alias could change). `torch.norm(x, dim=d)` calls
// frobenius_norm, the p = 2 norm.
// CHECK-LABEL: tg.graph @functional_norm
// CHECK-NOT: tg.op "aten::norm"
// CHECK-NOT: tg.op "aten::frobenius_norm"
// CHECK: tg.op "aten::sqrt"({{.*}} {tg.decomposed_from = "aten::norm"}
// CHECK: tg.op "aten::sqrt"({{.*}} {tg.decomposed_from = "aten::frobenius_norm"}
tg.graph @functional_norm(%x: tensor<4x8xf32>) -> (tensor<4x1xf32>, tensor<4x1xf32>) {
  %none = tg.constant(unit) : !tg.value
  %t = tg.constant(true) : !tg.value
  %m1 = tg.constant(-1 : i64) : !tg.value
  %two = tg.constant(2 : i64) : !tg.value
  %c1 = tg.op "prim::unchecked_cast"(%m1) : (!tg.value) -> !tg.value
  %c2 = tg.op "prim::unchecked_cast"(%c1) : (!tg.value) -> !tg.value
  %list = tg.op "prim::ListConstruct"(%c2) : (!tg.value) -> !tg.value
  %is = tg.op "aten::__is__"(%list, %none) : (!tg.value, !tg.value) -> !tg.value
  %dim = tg.op "prim::unchecked_cast"(%list) : (!tg.value) -> !tg.value
  %p = tg.op "prim::unchecked_cast"(%two) : (!tg.value) -> !tg.value
  %n = tg.op "aten::norm"(%x, %p, %dim, %t) : (tensor<4x8xf32>, !tg.value, !tg.value, !tg.value) -> tensor<4x1xf32>
  %f = tg.op "aten::frobenius_norm"(%x, %dim, %t) : (tensor<4x8xf32>, !tg.value, !tg.value) -> tensor<4x1xf32>
  tg.return %n, %f : tensor<4x1xf32>, tensor<4x1xf32>
}

// -----

// softmax: exp(x - amax) / sum(exp(x - amax)) over dim; log_softmax:
// (x - amax) - log(sum). A dtype is left alone.
// CHECK-LABEL: tg.graph @softmax
// CHECK: %[[D:.*]] = tg.constant([-1])
// CHECK: %[[MAX:.*]] = tg.op "aten::amax"(%arg0, %[[D]], %{{.*}}) {tg.decomposed_from = "aten::softmax"} : (tensor<2x3x7xf32>, !tg.value, !tg.value) -> tensor<2x3x1xf32>
// CHECK: %[[S:.*]] = tg.op "aten::sub"(%arg0, %[[MAX]], %{{.*}})
// CHECK: %[[E:.*]] = tg.op "aten::exp"(%[[S]])
// CHECK: %[[SUM:.*]] = tg.op "aten::sum"(%[[E]], {{.*}} -> tensor<2x3x1xf32>
// CHECK: %[[Y:.*]] = tg.op "aten::div"(%[[E]], %[[SUM]]) {{.*}} -> tensor<2x3x7xf32>
// CHECK: %[[LS:.*]] = tg.op "aten::log"(%{{.*}}) {tg.decomposed_from = "aten::log_softmax"}
// CHECK: %[[L:.*]] = tg.op "aten::sub"(%{{.*}}, %[[LS]], %{{.*}})
// CHECK: %[[KEPT:.*]] = tg.op "aten::softmax"(%arg0, %{{.*}}, %{{.*}})
// CHECK: tg.return %[[Y]], %[[L]], %[[KEPT]]
tg.graph @softmax(%x: tensor<2x3x7xf32>) -> (tensor<2x3x7xf32>, tensor<2x3x7xf32>, tensor<2x3x7xf32>) {
  %dim = tg.constant(-1 : i64) : !tg.value
  %none = tg.constant(unit) : !tg.value
  %f64 = tg.constant(7 : i64) : !tg.value
  %y = tg.op "aten::softmax"(%x, %dim, %none) : (tensor<2x3x7xf32>, !tg.value, !tg.value) -> tensor<2x3x7xf32>
  %l = tg.op "aten::log_softmax"(%x, %dim, %none) : (tensor<2x3x7xf32>, !tg.value, !tg.value) -> tensor<2x3x7xf32>
  %k = tg.op "aten::softmax"(%x, %dim, %f64) : (tensor<2x3x7xf32>, !tg.value, !tg.value) -> tensor<2x3x7xf32>
  tg.return %y, %l, %k : tensor<2x3x7xf32>, tensor<2x3x7xf32>, tensor<2x3x7xf32>
}

// -----

// Calls PyTorch rejects are left alone: a dim out of range (softmax over
// dim 3 or -4 of a rank-3 tensor: "Dimension out of range"), a layer_norm
// whose normalized_shape, weight or bias is not the input's trailing shape,
// a batch_norm or group_norm whose per-channel tensors do not have C
// elements. Dynamic sizes cannot contradict: the softmax with
// dim 2 of a tensor<?x?x?xf32>, and the layer norm over a dynamic trailing
// dim (the last two ops) are decomposed. (Found by trying the pass on such calls: they were
// decomposed, into reductions over nothing and ops of impossible types.)
// CHECK-LABEL: tg.graph @rejected
// CHECK-NOT: decomposed_from
// CHECK: tg.op "aten::softmax"(%arg0,
// CHECK-NEXT: tg.op "aten::log_softmax"(%arg0,
// CHECK-NEXT: tg.op "aten::layer_norm"(%arg0,
// CHECK-NEXT: tg.op "aten::layer_norm"(%arg0,
// CHECK-NEXT: tg.op "aten::batch_norm"(%arg2,
// CHECK-NEXT: tg.op "aten::batch_norm"(%arg2,
// CHECK-NEXT: tg.op "aten::group_norm"(%arg2,
// CHECK: tg.op "aten::amax"(%arg1, {{.*}} -> tensor<?x?x1xf32>
// CHECK: tg.op "aten::mean"(%arg1, {{.*}} {tg.decomposed_from = "aten::layer_norm"}
tg.graph @rejected(%x: tensor<2x3x7xf32>, %d: tensor<?x?x?xf32>, %i: tensor<2x4x3x3xf32>, %c4: tensor<4xf32>, %c5: tensor<5xf32>, %w7: tensor<7xf32>, %w6: tensor<6xf32>) -> (tensor<?x?x?xf32>, tensor<?x?x?xf32>, tensor<2x3x7xf32>, tensor<2x3x7xf32>, tensor<2x3x7xf32>, tensor<2x3x7xf32>, tensor<2x4x3x3xf32>, tensor<2x4x3x3xf32>, tensor<2x4x3x3xf32>) {
  %two = tg.constant(2 : i64) : !tg.value
  %three = tg.constant(3 : i64) : !tg.value
  %minus4 = tg.constant(-4 : i64) : !tg.value
  %none = tg.constant(unit) : !tg.value
  %eps = tg.constant(1.0e-05 : f64) : !tg.value
  %t = tg.constant(true) : !tg.value
  %f = tg.constant(false) : !tg.value
  %s7 = tg.constant([7]) : !tg.value
  %s6 = tg.constant([6]) : !tg.value
  %y = tg.op "aten::softmax"(%x, %three, %none) : (tensor<2x3x7xf32>, !tg.value, !tg.value) -> tensor<2x3x7xf32>
  %l = tg.op "aten::log_softmax"(%x, %minus4, %none) : (tensor<2x3x7xf32>, !tg.value, !tg.value) -> tensor<2x3x7xf32>
  %ln = tg.op "aten::layer_norm"(%x, %s6, %none, %none, %eps, %t) : (tensor<2x3x7xf32>, !tg.value, !tg.value, !tg.value, !tg.value, !tg.value) -> tensor<2x3x7xf32>
  %lw = tg.op "aten::layer_norm"(%x, %s7, %w6, %none, %eps, %t) : (tensor<2x3x7xf32>, !tg.value, tensor<6xf32>, !tg.value, !tg.value, !tg.value) -> tensor<2x3x7xf32>
  %bn = tg.op "aten::batch_norm"(%i, %none, %none, %c5, %c5, %f, %eps, %eps, %f) : (tensor<2x4x3x3xf32>, !tg.value, !tg.value, tensor<5xf32>, tensor<5xf32>, !tg.value, !tg.value, !tg.value, !tg.value) -> tensor<2x4x3x3xf32>
  %bw = tg.op "aten::batch_norm"(%i, %c5, %none, %c4, %c4, %f, %eps, %eps, %f) : (tensor<2x4x3x3xf32>, tensor<5xf32>, !tg.value, tensor<4xf32>, tensor<4xf32>, !tg.value, !tg.value, !tg.value, !tg.value) -> tensor<2x4x3x3xf32>
  %gn = tg.op "aten::group_norm"(%i, %two, %c5, %none, %eps, %t) : (tensor<2x4x3x3xf32>, !tg.value, tensor<5xf32>, !tg.value, !tg.value, !tg.value) -> tensor<2x4x3x3xf32>
  %dyn = tg.op "aten::softmax"(%d, %two, %none) : (tensor<?x?x?xf32>, !tg.value, !tg.value) -> tensor<?x?x?xf32>
  %dynln = tg.op "aten::layer_norm"(%d, %s7, %w7, %none, %eps, %t) : (tensor<?x?x?xf32>, !tg.value, tensor<7xf32>, !tg.value, !tg.value, !tg.value) -> tensor<?x?x?xf32>
  tg.return %dyn, %dynln, %y, %l, %ln, %lw, %bn, %bw, %gn : tensor<?x?x?xf32>, tensor<?x?x?xf32>, tensor<2x3x7xf32>, tensor<2x3x7xf32>, tensor<2x3x7xf32>, tensor<2x3x7xf32>, tensor<2x4x3x3xf32>, tensor<2x4x3x3xf32>, tensor<2x4x3x3xf32>
}

// -----

// linear with a bias: the bias add comes out, so it can join the next
// kernel; without one, nothing changes. addmm: mm, then the scaled add.
// CHECK-LABEL: tg.graph @linear
// CHECK: tg.constant(1 : i64)
// CHECK-NEXT: %[[N:.*]] = tg.constant(unit) : !tg.value loc("{{.*}}decompose.mlir":[[LINEAR:[0-9]+]]:
// CHECK-NEXT: %[[P:.*]] = tg.op "aten::linear"(%arg0, %arg1, %[[N]]) {tg.decomposed_from = "aten::linear"} {{.*}} loc("{{.*}}decompose.mlir":[[LINEAR]]:
// CHECK: %[[Y:.*]] = tg.op "aten::add"(%[[P]], %arg2, %{{.*}}) {tg.decomposed_from = "aten::linear"} : (tensor<3x5xf32>, tensor<5xf32>, !tg.value) -> tensor<3x5xf32>
// CHECK: %[[Z:.*]] = tg.op "aten::linear"(%arg0, %arg1, %{{.*}}) : (tensor<3x4xf32>, tensor<5x4xf32>, !tg.value) -> tensor<3x5xf32>
// CHECK: %[[MM:.*]] = tg.op "aten::mm"(%arg0, %arg3) {tg.decomposed_from = "aten::addmm"}
// CHECK: %[[A:.*]] = tg.op "aten::add"(%[[MM]], %arg2, %{{.*}})
// CHECK: tg.return %[[Y]], %[[Z]], %[[A]]
tg.graph @linear(%x: tensor<3x4xf32>, %w: tensor<5x4xf32>, %b: tensor<5xf32>, %wt: tensor<4x5xf32>) -> (tensor<3x5xf32>, tensor<3x5xf32>, tensor<3x5xf32>) {
  %none = tg.constant(unit) : !tg.value
  %one = tg.constant(1 : i64) : !tg.value
  %y = tg.op "aten::linear"(%x, %w, %b) : (tensor<3x4xf32>, tensor<5x4xf32>, tensor<5xf32>) -> tensor<3x5xf32>
  %z = tg.op "aten::linear"(%x, %w, %none) : (tensor<3x4xf32>, tensor<5x4xf32>, !tg.value) -> tensor<3x5xf32>
  %a = tg.op "aten::addmm"(%b, %x, %wt, %one, %one) : (tensor<5xf32>, tensor<3x4xf32>, tensor<4x5xf32>, !tg.value, !tg.value) -> tensor<3x5xf32>
  tg.return %y, %z, %a : tensor<3x5xf32>, tensor<3x5xf32>, tensor<3x5xf32>
}

// -----

// addmm with beta 0 ignores `self` (NaN and infinity in it too), as
// PyTorch's addmm does: mm [* alpha], no add (it was `+ 0 * self`). An int
// or float 0 alike; a beta known only at run time keeps the op whole, and
// nothing is built for it.
// CHECK-LABEL: tg.graph @addmm_beta
// CHECK: %[[MM0:.*]] = tg.op "aten::mm"(%arg0, %arg2) {tg.decomposed_from = "aten::addmm"}
// CHECK-NEXT: %[[S0:.*]] = tg.op "aten::mul"(%[[MM0]], %{{.*}}) {tg.decomposed_from = "aten::addmm"}
// CHECK-NEXT: %[[MM1:.*]] = tg.op "aten::mm"(%arg0, %arg2) {tg.decomposed_from = "aten::addmm"}
// CHECK-NEXT: %[[MM2:.*]] = tg.op "aten::mm"(%arg0, %arg2) {tg.decomposed_from = "aten::addmm"}
// CHECK-NEXT: %[[S2:.*]] = tg.op "aten::mul"(%[[MM2]], %{{.*}})
// CHECK-NEXT: %[[A2:.*]] = tg.op "aten::add"(%[[S2]], %arg1, %{{.*}})
// CHECK-NEXT: %[[DYN:.*]] = tg.op "aten::addmm"(%arg1, %arg0, %arg2, %arg3, %arg3)
// CHECK-NEXT: tg.return %[[S0]], %[[MM1]], %[[A2]], %[[DYN]]
tg.graph @addmm_beta(%x: tensor<3x4xf32>, %b: tensor<5xf32>, %wt: tensor<4x5xf32>, %dyn: !tg.value) -> (tensor<3x5xf32>, tensor<3x5xf32>, tensor<3x5xf32>, tensor<3x5xf32>) {
  %zero = tg.constant(0 : i64) : !tg.value
  %zerof = tg.constant(0.0 : f64) : !tg.value
  %two = tg.constant(2 : i64) : !tg.value
  %half = tg.constant(0.5 : f64) : !tg.value
  %one = tg.constant(1 : i64) : !tg.value
  %a = tg.op "aten::addmm"(%b, %x, %wt, %zero, %two) : (tensor<5xf32>, tensor<3x4xf32>, tensor<4x5xf32>, !tg.value, !tg.value) -> tensor<3x5xf32>
  %c = tg.op "aten::addmm"(%b, %x, %wt, %zerof, %one) : (tensor<5xf32>, tensor<3x4xf32>, tensor<4x5xf32>, !tg.value, !tg.value) -> tensor<3x5xf32>
  %d = tg.op "aten::addmm"(%b, %x, %wt, %half, %half) : (tensor<5xf32>, tensor<3x4xf32>, tensor<4x5xf32>, !tg.value, !tg.value) -> tensor<3x5xf32>
  %e = tg.op "aten::addmm"(%b, %x, %wt, %dyn, %dyn) : (tensor<5xf32>, tensor<3x4xf32>, tensor<4x5xf32>, !tg.value, !tg.value) -> tensor<3x5xf32>
  tg.return %a, %c, %d, %e : tensor<3x5xf32>, tensor<3x5xf32>, tensor<3x5xf32>, tensor<3x5xf32>
}

// -----

// dropout in eval is the identity: its uses read its input, and its origin
// is recorded on the graph as eliminated by tg-decompose. In training it
// stays, unless p is 0 (every element kept).
// CHECK-LABEL: tg.graph @dropout
// CHECK-NOT: "aten::dropout"(%arg0
// CHECK-NOT: aten::feature_dropout
// CHECK: %[[T:.*]] = tg.op "aten::dropout"(%arg0, %{{.*}}, %{{.*}}) {{.*}} loc("d.py":6:4)
// CHECK: tg.return %arg0, %arg0, %[[T]], %arg0
// CHECK: } loc(fused[{{.*}}, fused<#tg.origin_record<eliminated, pass = "tg-decompose", op = "aten::dropout">>["d.py":4:4], fused<#tg.origin_record<eliminated, pass = "tg-decompose", op = "aten::feature_dropout_">>["d.py":5:4], fused<#tg.origin_record<eliminated, pass = "tg-decompose", op = "aten::dropout">>["d.py":7:4]])
tg.graph @dropout(%x: tensor<4x8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>) {
  %p = tg.constant(0.1 : f64) : !tg.value
  %zero = tg.constant(0.0 : f64) : !tg.value
  %f = tg.constant(false) : !tg.value
  %t = tg.constant(true) : !tg.value
  %0 = tg.op "aten::dropout"(%x, %p, %f) : (tensor<4x8xf32>, !tg.value, !tg.value) -> tensor<4x8xf32> loc("d.py":4:4)
  %1 = tg.op "aten::feature_dropout_"(%x, %p, %f) : (tensor<4x8xf32>, !tg.value, !tg.value) -> tensor<4x8xf32> loc("d.py":5:4)
  %2 = tg.op "aten::dropout"(%x, %p, %t) : (tensor<4x8xf32>, !tg.value, !tg.value) -> tensor<4x8xf32> loc("d.py":6:4)
  %3 = tg.op "aten::dropout"(%x, %zero, %t) : (tensor<4x8xf32>, !tg.value, !tg.value) -> tensor<4x8xf32> loc("d.py":7:4)
  tg.return %0, %1, %2, %3 : tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>, tensor<4x8xf32>
}

// -----

// masked_fill(self, mask, value) is where(mask, value, self); an adaptive
// average pool to 1x1 is the mean over H and W, kept; to a size that does
// not divide the input's it stays; dim and size of a static type are
// constants.
// CHECK-LABEL: tg.graph @misc
// CHECK: %[[W:.*]] = tg.op "aten::where"(%arg1, %{{.*}}, %arg0) {tg.decomposed_from = "aten::masked_fill"} : (tensor<2x4x5x5xi1>, !tg.value, tensor<2x4x5x5xf32>) -> tensor<2x4x5x5xf32>
// CHECK: %[[HW:.*]] = tg.constant([-2, -1])
// CHECK: %[[P:.*]] = tg.op "aten::mean"(%arg0, %[[HW]], %{{.*}}, %{{.*}}) {tg.decomposed_from = "aten::adaptive_avg_pool2d"} : ({{.*}}) -> tensor<2x4x1x1xf32>
// CHECK: %[[Q:.*]] = tg.op "aten::adaptive_avg_pool2d"
// CHECK: %[[DIM:.*]] = tg.constant(4 : i64) : !tg.value loc("m.py":9:1)
// CHECK: %[[SIZE:.*]] = tg.constant([2, 4, 5, 5]) : !tg.value loc("m.py":10:1)
// CHECK: %[[S1:.*]] = tg.constant(4 : i64) : !tg.value loc("m.py":11:1)
// CHECK: tg.return %[[W]], %[[P]], %[[Q]], %[[DIM]], %[[SIZE]], %[[S1]]
tg.graph @misc(%x: tensor<2x4x5x5xf32>, %mask: tensor<2x4x5x5xi1>) -> (tensor<2x4x5x5xf32>, tensor<2x4x1x1xf32>, tensor<2x4x2x2xf32>, !tg.value, !tg.value, !tg.value) {
  %v = tg.constant(-1.0e+09 : f64) : !tg.value
  %one = tg.constant(1 : i64) : !tg.value
  %two = tg.constant([2, 2]) : !tg.value
  %w = tg.op "aten::masked_fill"(%x, %mask, %v) : (tensor<2x4x5x5xf32>, tensor<2x4x5x5xi1>, !tg.value) -> tensor<2x4x5x5xf32>
  %p = tg.op "aten::adaptive_avg_pool2d"(%x, %one) : (tensor<2x4x5x5xf32>, !tg.value) -> tensor<2x4x1x1xf32>
  %q = tg.op "aten::adaptive_avg_pool2d"(%x, %two) : (tensor<2x4x5x5xf32>, !tg.value) -> tensor<2x4x2x2xf32>
  %d = tg.op "aten::dim"(%x) : (tensor<2x4x5x5xf32>) -> !tg.value loc("m.py":9:1)
  %s = tg.op "aten::size"(%x) : (tensor<2x4x5x5xf32>) -> !tg.value loc("m.py":10:1)
  %s1 = tg.op "aten::size"(%x, %one) : (tensor<2x4x5x5xf32>, !tg.value) -> !tg.value loc("m.py":11:1)
  tg.return %w, %p, %q, %d, %s, %s1 : tensor<2x4x5x5xf32>, tensor<2x4x1x1xf32>, tensor<2x4x2x2xf32>, !tg.value, !tg.value, !tg.value
}

// -----

// An adaptive average pool to a size that divides the input's: the input
// viewed as blocks, [N, C, oh, H / oh, ow, W / ow], averaged over the two
// block dims (PyTorch's decomposition: avg_pool2d with kernel = stride =
// the block). To the input's own size (VGG's 7x7 on a 7x7 map): blocks of
// one element. Left alone: a size that does not divide the input's, and an
// input without a static shape.
// CHECK-LABEL: tg.graph @adaptive_blocks
// CHECK: %[[V:.*]] = tg.op "aten::reshape"(%arg0, %{{.*}}) {tg.decomposed_from = "aten::adaptive_avg_pool2d"} : (tensor<2x4x6x6xf32>, !tg.value) -> tensor<2x4x3x2x2x3xf32>
// CHECK: %[[D:.*]] = tg.constant([-3, -1])
// CHECK: %[[F:.*]] = tg.constant(false)
// CHECK: %[[P:.*]] = tg.op "aten::mean"(%[[V]], %[[D]], %[[F]], %{{.*}}) {tg.decomposed_from = "aten::adaptive_avg_pool2d"} : ({{.*}}) -> tensor<2x4x3x2xf32> loc("pool.py":3:8)
// CHECK: tg.op "aten::reshape"(%arg0, %{{.*}}) {{.*}} -> tensor<2x4x6x1x6x1xf32>
// CHECK: %[[S:.*]] = tg.op "aten::mean"({{.*}} -> tensor<2x4x6x6xf32>
// CHECK: %[[L:.*]] = tg.op "aten::adaptive_avg_pool2d"(%arg0, %{{.*}}) : (tensor<2x4x6x6xf32>, !tg.value) -> tensor<2x4x4x4xf32>
// CHECK: %[[U:.*]] = tg.op "aten::adaptive_avg_pool2d"(%arg1, %{{.*}}) : (!tg.tensor, !tg.value) -> !tg.tensor
// CHECK: tg.return %[[P]], %[[S]], %[[L]], %[[U]]
tg.graph @adaptive_blocks(%x: tensor<2x4x6x6xf32>, %y: !tg.tensor) -> (tensor<2x4x3x2xf32>, tensor<2x4x6x6xf32>, tensor<2x4x4x4xf32>, !tg.tensor) {
  %blocks = tg.constant([3, 2]) : !tg.value
  %same = tg.constant(6 : i64) : !tg.value
  %four = tg.constant([4, 4]) : !tg.value
  %p = tg.op "aten::adaptive_avg_pool2d"(%x, %blocks) : (tensor<2x4x6x6xf32>, !tg.value) -> tensor<2x4x3x2xf32> loc("pool.py":3:8)
  %s = tg.op "aten::adaptive_avg_pool2d"(%x, %same) : (tensor<2x4x6x6xf32>, !tg.value) -> tensor<2x4x6x6xf32>
  %l = tg.op "aten::adaptive_avg_pool2d"(%x, %four) : (tensor<2x4x6x6xf32>, !tg.value) -> tensor<2x4x4x4xf32>
  %u = tg.op "aten::adaptive_avg_pool2d"(%y, %blocks) : (!tg.tensor, !tg.value) -> !tg.tensor
  tg.return %p, %s, %l, %u : tensor<2x4x3x2xf32>, tensor<2x4x6x6xf32>, tensor<2x4x4x4xf32>, !tg.tensor
}
