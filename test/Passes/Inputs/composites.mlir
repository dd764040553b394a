// Kernels of one composite op each: decomposed_equals_composite.py compares
// each with its --tg-decompose form (test/Passes/decompose-numerics.test).
tg.graph @"M::forward"(%self: !tg.module<"M">, %g0: tensor<2x8x6x6xf32>, %g1: tensor<2x8x6x6xf32>, %g2: tensor<2x5x7xf32>, %g3: tensor<2x5x7xf32>, %g4: tensor<2x5x7xf32>, %g5: tensor<2x8x6x6xf32>, %g6: tensor<2x5x7xf32>, %g7: tensor<2x8x6x6xf32>, %g8: tensor<3x4xf32>, %g9: tensor<2x5x7xf32>, %g10: tensor<2x8x6x6xf32>, %g11: tensor<8xf32>, %g12: tensor<2x5x7xf32>, %g13: tensor<1xf32>, %g14: tensor<2x8x6x6xf32>, %g15: tensor<8xf32>, %g16: tensor<8xf32>, %g17: tensor<2x8x10xf32>, %g18: tensor<2x5x7xf32>, %g19: tensor<2x8x6x6xf32>, %g20: tensor<2x5x7xf32>, %g21: tensor<2x5x7xf32>, %g22: tensor<2x8x6x6xf32>, %g23: tensor<2x5x7xf32>, %g24: tensor<2x5x1xf32>, %g25: tensor<2x5x7xf32>, %g26: tensor<2x5x7xf32>, %g27: tensor<2x5x7xf32>, %g28: tensor<7xf32>, %g29: tensor<7xf32>, %g30: tensor<2x8x6x6xf32>, %g31: tensor<8xf32>, %g32: tensor<8xf32>, %g33: tensor<1x16x6x6xf32>, %g34: tensor<16xf32>, %g35: tensor<16xf32>, %g36: tensor<2x5x7xf32>, %g37: tensor<2x5x7xf32>, %g38: tensor<2x8x6x6xf32>, %g39: tensor<2x8x6x6xf32>, %g40: tensor<2x8x9x9xf32>) -> (tensor<2x8x1x1xf32>, tensor<2x6x6xf32>, tensor<2x5x1xf32>, tensor<5xf32>, tensor<2x5xf32>, tensor<2x1x1x1xf32>, tensor<2x5xf32>, tensor<2x8x1x1xf32>, tensor<3xf32>, tensor<2x5x7xf32>, tensor<2x8x6x6xf32>, tensor<2x5x7xf32>, tensor<2x8x6x6xf32>, tensor<2x8x10xf32>, tensor<2x5x1xf32>, tensor<2x8xf32>, tensor<2x1x7xf32>, tensor<5x7xf32>, tensor<2x8x1x1xf32>, tensor<2x8x1x1xf32>, tensor<2x5xf32>, tensor<2x5xf32>, tensor<2x5x7xf32>, tensor<2x5xf32>, tensor<2x5x7xf32>, tensor<2x8x6x6xf32>, tensor<1x16x6x6xf32>, tensor<2x5x7xf32>, tensor<2x5x7xf32>, tensor<2x8x3x2xf32>, tensor<2x8x6x6xf32>, tensor<2x8x3x3xf32>) attributes {tg.entry} {
  %var_kept = tg.kernel "var_kept"(%g0) : (tensor<2x8x6x6xf32>) -> tensor<2x8x1x1xf32> {
  ^bb0(%a: tensor<2x8x6x6xf32>):
    %d = tg.constant([2, 3]) : !tg.value
    %u = tg.constant(true) : !tg.value
    %k = tg.constant(true) : !tg.value
    %r = tg.op "aten::var"(%a, %d, %u, %k) : (tensor<2x8x6x6xf32>, !tg.value, !tg.value, !tg.value) -> tensor<2x8x1x1xf32>
    tg.kernel_yield %r : tensor<2x8x1x1xf32>
  }
  %var_biased_dropped = tg.kernel "var_biased_dropped"(%g1) : (tensor<2x8x6x6xf32>) -> tensor<2x6x6xf32> {
  ^bb0(%a: tensor<2x8x6x6xf32>):
    %d = tg.constant([1]) : !tg.value
    %u = tg.constant(false) : !tg.value
    %k = tg.constant(false) : !tg.value
    %r = tg.op "aten::var"(%a, %d, %u, %k) : (tensor<2x8x6x6xf32>, !tg.value, !tg.value, !tg.value) -> tensor<2x6x6xf32>
    tg.kernel_yield %r : tensor<2x6x6xf32>
  }
  %var_correction2 = tg.kernel "var_correction2"(%g2) : (tensor<2x5x7xf32>) -> tensor<2x5x1xf32> {
  ^bb0(%a: tensor<2x5x7xf32>):
    %d = tg.constant([-1]) : !tg.value
    %c = tg.constant(2 : i64) : !tg.value
    %k = tg.constant(true) : !tg.value
    %r = tg.op "aten::var"(%a, %d, %c, %k) : (tensor<2x5x7xf32>, !tg.value, !tg.value, !tg.value) -> tensor<2x5x1xf32>
    tg.kernel_yield %r : tensor<2x5x1xf32>
  }
  %var_correction_none = tg.kernel "var_correction_none"(%g3) : (tensor<2x5x7xf32>) -> tensor<5xf32> {
  ^bb0(%a: tensor<2x5x7xf32>):
    %d = tg.constant([0, 2]) : !tg.value
    %c = tg.constant(unit) : !tg.value
    %k = tg.constant(false) : !tg.value
    %r = tg.op "aten::var"(%a, %d, %c, %k) : (tensor<2x5x7xf32>, !tg.value, !tg.value, !tg.value) -> tensor<5xf32>
    tg.kernel_yield %r : tensor<5xf32>
  }
  %std_dropped = tg.kernel "std_dropped"(%g4) : (tensor<2x5x7xf32>) -> tensor<2x5xf32> {
  ^bb0(%a: tensor<2x5x7xf32>):
    %d = tg.constant([-1]) : !tg.value
    %u = tg.constant(true) : !tg.value
    %k = tg.constant(false) : !tg.value
    %r = tg.op "aten::std"(%a, %d, %u, %k) : (tensor<2x5x7xf32>, !tg.value, !tg.value, !tg.value) -> tensor<2x5xf32>
    tg.kernel_yield %r : tensor<2x5xf32>
  }
  %std_kept = tg.kernel "std_kept"(%g5) : (tensor<2x8x6x6xf32>) -> tensor<2x1x1x1xf32> {
  ^bb0(%a: tensor<2x8x6x6xf32>):
    %d = tg.constant([1, 2, 3]) : !tg.value
    %u = tg.constant(false) : !tg.value
    %k = tg.constant(true) : !tg.value
    %r = tg.op "aten::std"(%a, %d, %u, %k) : (tensor<2x8x6x6xf32>, !tg.value, !tg.value, !tg.value) -> tensor<2x1x1x1xf32>
    tg.kernel_yield %r : tensor<2x1x1x1xf32>
  }
  %logsumexp_dropped = tg.kernel "logsumexp_dropped"(%g6) : (tensor<2x5x7xf32>) -> tensor<2x5xf32> {
  ^bb0(%a: tensor<2x5x7xf32>):
    %d = tg.constant([-1]) : !tg.value
    %k = tg.constant(false) : !tg.value
    %r = tg.op "aten::logsumexp"(%a, %d, %k) : (tensor<2x5x7xf32>, !tg.value, !tg.value) -> tensor<2x5xf32>
    tg.kernel_yield %r : tensor<2x5xf32>
  }
  %logsumexp_kept = tg.kernel "logsumexp_kept"(%g7) : (tensor<2x8x6x6xf32>) -> tensor<2x8x1x1xf32> {
  ^bb0(%a: tensor<2x8x6x6xf32>):
    %d = tg.constant([2, 3]) : !tg.value
    %k = tg.constant(true) : !tg.value
    %r = tg.op "aten::logsumexp"(%a, %d, %k) : (tensor<2x8x6x6xf32>, !tg.value, !tg.value) -> tensor<2x8x1x1xf32>
    tg.kernel_yield %r : tensor<2x8x1x1xf32>
  }
  %logsumexp_ninf = tg.kernel "logsumexp_ninf"(%g8) : (tensor<3x4xf32>) -> tensor<3xf32> {
  ^bb0(%ninf: tensor<3x4xf32>):
    %d = tg.constant([1]) : !tg.value
    %k = tg.constant(false) : !tg.value
    %r = tg.op "aten::logsumexp"(%ninf, %d, %k) : (tensor<3x4xf32>, !tg.value, !tg.value) -> tensor<3xf32>
    tg.kernel_yield %r : tensor<3xf32>
  }
  %selu = tg.kernel "selu"(%g9) : (tensor<2x5x7xf32>) -> tensor<2x5x7xf32> {
  ^bb0(%a: tensor<2x5x7xf32>):
    %r = tg.op "aten::selu"(%a) : (tensor<2x5x7xf32>) -> tensor<2x5x7xf32>
    tg.kernel_yield %r : tensor<2x5x7xf32>
  }
  %prelu_channels = tg.kernel "prelu_channels"(%g10, %g11) : (tensor<2x8x6x6xf32>, tensor<8xf32>) -> tensor<2x8x6x6xf32> {
  ^bb0(%a: tensor<2x8x6x6xf32>, %w: tensor<8xf32>):
    %r = tg.op "aten::prelu"(%a, %w) : (tensor<2x8x6x6xf32>, tensor<8xf32>) -> tensor<2x8x6x6xf32>
    tg.kernel_yield %r : tensor<2x8x6x6xf32>
  }
  %prelu_one = tg.kernel "prelu_one"(%g12, %g13) : (tensor<2x5x7xf32>, tensor<1xf32>) -> tensor<2x5x7xf32> {
  ^bb0(%a: tensor<2x5x7xf32>, %w: tensor<1xf32>):
    %r = tg.op "aten::prelu"(%a, %w) : (tensor<2x5x7xf32>, tensor<1xf32>) -> tensor<2x5x7xf32>
    tg.kernel_yield %r : tensor<2x5x7xf32>
  }
  %instance_norm_input_stats = tg.kernel "instance_norm_input_stats"(%g14, %g15, %g16) : (tensor<2x8x6x6xf32>, tensor<8xf32>, tensor<8xf32>) -> tensor<2x8x6x6xf32> {
  ^bb0(%a: tensor<2x8x6x6xf32>, %w: tensor<8xf32>, %b: tensor<8xf32>):
    %n = tg.constant(unit) : !tg.value
    %t = tg.constant(true) : !tg.value
    %f = tg.constant(false) : !tg.value
    %m = tg.constant(1.000000e-01 : f64) : !tg.value
    %e = tg.constant(1.000000e-05 : f64) : !tg.value
    %r = tg.op "aten::instance_norm"(%a, %w, %b, %n, %n, %t, %m, %e, %f) : (tensor<2x8x6x6xf32>, tensor<8xf32>, tensor<8xf32>, !tg.value, !tg.value, !tg.value, !tg.value, !tg.value, !tg.value) -> tensor<2x8x6x6xf32>
    tg.kernel_yield %r : tensor<2x8x6x6xf32>
  }
  %instance_norm_no_affine = tg.kernel "instance_norm_no_affine"(%g17) : (tensor<2x8x10xf32>) -> tensor<2x8x10xf32> {
  ^bb0(%a: tensor<2x8x10xf32>):
    %n = tg.constant(unit) : !tg.value
    %t = tg.constant(true) : !tg.value
    %f = tg.constant(false) : !tg.value
    %m = tg.constant(1.000000e-01 : f64) : !tg.value
    %e = tg.constant(1.000000e-05 : f64) : !tg.value
    %r = tg.op "aten::instance_norm"(%a, %n, %n, %n, %n, %t, %m, %e, %f) : (tensor<2x8x10xf32>, !tg.value, !tg.value, !tg.value, !tg.value, !tg.value, !tg.value, !tg.value, !tg.value) -> tensor<2x8x10xf32>
    tg.kernel_yield %r : tensor<2x8x10xf32>
  }
  %norm2_kept = tg.kernel "norm2_kept"(%g18) : (tensor<2x5x7xf32>) -> tensor<2x5x1xf32> {
  ^bb0(%a: tensor<2x5x7xf32>):
    %p = tg.constant(2.000000e+00 : f64) : !tg.value
    %d = tg.constant([-1]) : !tg.value
    %k = tg.constant(true) : !tg.value
    %r = tg.op "aten::norm"(%a, %p, %d, %k) : (tensor<2x5x7xf32>, !tg.value, !tg.value, !tg.value) -> tensor<2x5x1xf32>
    tg.kernel_yield %r : tensor<2x5x1xf32>
  }
  %norm1_dropped = tg.kernel "norm1_dropped"(%g19) : (tensor<2x8x6x6xf32>) -> tensor<2x8xf32> {
  ^bb0(%a: tensor<2x8x6x6xf32>):
    %p = tg.constant(1 : i64) : !tg.value
    %d = tg.constant([2, 3]) : !tg.value
    %k = tg.constant(false) : !tg.value
    %r = tg.op "aten::norm"(%a, %p, %d, %k) : (tensor<2x8x6x6xf32>, !tg.value, !tg.value, !tg.value) -> tensor<2x8xf32>
    tg.kernel_yield %r : tensor<2x8xf32>
  }
  %norm_inf = tg.kernel "norm_inf"(%g20) : (tensor<2x5x7xf32>) -> tensor<2x1x7xf32> {
  ^bb0(%a: tensor<2x5x7xf32>):
    %p = tg.constant(0x7FF0000000000000 : f64) : !tg.value
    %d = tg.constant([1]) : !tg.value
    %k = tg.constant(true) : !tg.value
    %r = tg.op "aten::norm"(%a, %p, %d, %k) : (tensor<2x5x7xf32>, !tg.value, !tg.value, !tg.value) -> tensor<2x1x7xf32>
    tg.kernel_yield %r : tensor<2x1x7xf32>
  }
  %norm_none = tg.kernel "norm_none"(%g21) : (tensor<2x5x7xf32>) -> tensor<5x7xf32> {
  ^bb0(%a: tensor<2x5x7xf32>):
    %p = tg.constant(unit) : !tg.value
    %d = tg.constant([0]) : !tg.value
    %k = tg.constant(false) : !tg.value
    %r = tg.op "aten::norm"(%a, %p, %d, %k) : (tensor<2x5x7xf32>, !tg.value, !tg.value, !tg.value) -> tensor<5x7xf32>
    tg.kernel_yield %r : tensor<5x7xf32>
  }
  %var_mean_kept:2 = tg.kernel "var_mean_kept"(%g22) : (tensor<2x8x6x6xf32>) -> (tensor<2x8x1x1xf32>, tensor<2x8x1x1xf32>) {
  ^bb0(%a: tensor<2x8x6x6xf32>):
    %d = tg.constant([2, 3]) : !tg.value
    %u = tg.constant(false) : !tg.value
    %k = tg.constant(true) : !tg.value
    %r:2 = tg.op "aten::var_mean"(%a, %d, %u, %k) : (tensor<2x8x6x6xf32>, !tg.value, !tg.value, !tg.value) -> (tensor<2x8x1x1xf32>, tensor<2x8x1x1xf32>)
    tg.kernel_yield %r#0, %r#1 : tensor<2x8x1x1xf32>, tensor<2x8x1x1xf32>
  }
  %std_mean_dropped:2 = tg.kernel "std_mean_dropped"(%g23) : (tensor<2x5x7xf32>) -> (tensor<2x5xf32>, tensor<2x5xf32>) {
  ^bb0(%a: tensor<2x5x7xf32>):
    %d = tg.constant([-1]) : !tg.value
    %c = tg.constant(unit) : !tg.value
    %k = tg.constant(false) : !tg.value
    %r:2 = tg.op "aten::std_mean"(%a, %d, %c, %k) : (tensor<2x5x7xf32>, !tg.value, !tg.value, !tg.value) -> (tensor<2x5xf32>, tensor<2x5xf32>)
    tg.kernel_yield %r#0, %r#1 : tensor<2x5xf32>, tensor<2x5xf32>
  }
  %expand_as = tg.kernel "expand_as"(%g24, %g25) : (tensor<2x5x1xf32>, tensor<2x5x7xf32>) -> tensor<2x5x7xf32> {
  ^bb0(%a: tensor<2x5x1xf32>, %o: tensor<2x5x7xf32>):
    %r = tg.op "aten::expand_as"(%a, %o) : (tensor<2x5x1xf32>, tensor<2x5x7xf32>) -> tensor<2x5x7xf32>
    tg.kernel_yield %r : tensor<2x5x7xf32>
  }
  %frobenius = tg.kernel "frobenius"(%g26) : (tensor<2x5x7xf32>) -> tensor<2x5xf32> {
  ^bb0(%a: tensor<2x5x7xf32>):
    %d = tg.constant([-1]) : !tg.value
    %k = tg.constant(false) : !tg.value
    %r = tg.op "aten::frobenius_norm"(%a, %d, %k) : (tensor<2x5x7xf32>, !tg.value, !tg.value) -> tensor<2x5xf32>
    tg.kernel_yield %r : tensor<2x5xf32>
  }
  %native_layer_norm = tg.kernel "native_layer_norm"(%g27, %g28, %g29) : (tensor<2x5x7xf32>, tensor<7xf32>, tensor<7xf32>) -> tensor<2x5x7xf32> {
  ^bb0(%a: tensor<2x5x7xf32>, %w: tensor<7xf32>, %b: tensor<7xf32>):
    %s = tg.constant([7]) : !tg.value
    %e = tg.constant(1.000000e-05 : f64) : !tg.value
    %t = tg.op "aten::native_layer_norm"(%a, %s, %w, %b, %e) : (tensor<2x5x7xf32>, !tg.value, tensor<7xf32>, tensor<7xf32>, !tg.value) -> !tg.value
    %i0 = tg.constant(0 : i64) : !tg.value
    %i1 = tg.constant(1 : i64) : !tg.value
    %i2 = tg.constant(2 : i64) : !tg.value
    %r = tg.op "operator.getitem"(%t, %i0) : (!tg.value, !tg.value) -> tensor<2x5x7xf32>
    %m = tg.op "operator.getitem"(%t, %i1) : (!tg.value, !tg.value) -> tensor<2x5x1xf32>
    %v = tg.op "operator.getitem"(%t, %i2) : (!tg.value, !tg.value) -> tensor<2x5x1xf32>
    tg.kernel_yield %r : tensor<2x5x7xf32>
  }
  %native_group_norm = tg.kernel "native_group_norm"(%g30, %g31, %g32) : (tensor<2x8x6x6xf32>, tensor<8xf32>, tensor<8xf32>) -> tensor<2x8x6x6xf32> {
  ^bb0(%a: tensor<2x8x6x6xf32>, %w: tensor<8xf32>, %b: tensor<8xf32>):
    %n = tg.constant(2 : i64) : !tg.value
    %c = tg.constant(8 : i64) : !tg.value
    %hw = tg.constant(36 : i64) : !tg.value
    %g = tg.constant(4 : i64) : !tg.value
    %e = tg.constant(1.000000e-05 : f64) : !tg.value
    %t = tg.op "aten::native_group_norm"(%a, %w, %b, %n, %c, %hw, %g, %e) : (tensor<2x8x6x6xf32>, tensor<8xf32>, tensor<8xf32>, !tg.value, !tg.value, !tg.value, !tg.value, !tg.value) -> !tg.value
    %i0 = tg.constant(0 : i64) : !tg.value
    %r = tg.op "operator.getitem"(%t, %i0) : (!tg.value, !tg.value) -> tensor<2x8x6x6xf32>
    tg.kernel_yield %r : tensor<2x8x6x6xf32>
  }
  %native_batch_norm_batch_stats = tg.kernel "native_batch_norm_batch_stats"(%g33, %g34, %g35) : (tensor<1x16x6x6xf32>, tensor<16xf32>, tensor<16xf32>) -> tensor<1x16x6x6xf32> {
  ^bb0(%a: tensor<1x16x6x6xf32>, %w: tensor<16xf32>, %b: tensor<16xf32>):
    %none = tg.constant(unit) : !tg.value
    %training = tg.constant(true) : !tg.value
    %momentum = tg.constant(1.000000e-01 : f64) : !tg.value
    %e = tg.constant(1.000000e-05 : f64) : !tg.value
    %t = tg.op "aten::native_batch_norm"(%a, %w, %b, %none, %none, %training, %momentum, %e) : (tensor<1x16x6x6xf32>, tensor<16xf32>, tensor<16xf32>, !tg.value, !tg.value, !tg.value, !tg.value, !tg.value) -> !tg.value
    %i0 = tg.constant(0 : i64) : !tg.value
    %r = tg.op "operator.getitem"(%t, %i0) : (!tg.value, !tg.value) -> tensor<1x16x6x6xf32>
    tg.kernel_yield %r : tensor<1x16x6x6xf32>
  }
  %native_softmax = tg.kernel "native_softmax"(%g36) : (tensor<2x5x7xf32>) -> tensor<2x5x7xf32> {
  ^bb0(%a: tensor<2x5x7xf32>):
    %d = tg.constant(1 : i64) : !tg.value
    %h = tg.constant(false) : !tg.value
    %r = tg.op "aten::_softmax"(%a, %d, %h) : (tensor<2x5x7xf32>, !tg.value, !tg.value) -> tensor<2x5x7xf32>
    tg.kernel_yield %r : tensor<2x5x7xf32>
  }
  %native_log_softmax = tg.kernel "native_log_softmax"(%g37) : (tensor<2x5x7xf32>) -> tensor<2x5x7xf32> {
  ^bb0(%a: tensor<2x5x7xf32>):
    %d = tg.constant(-1 : i64) : !tg.value
    %h = tg.constant(false) : !tg.value
    %r = tg.op "aten::_log_softmax"(%a, %d, %h) : (tensor<2x5x7xf32>, !tg.value, !tg.value) -> tensor<2x5x7xf32>
    tg.kernel_yield %r : tensor<2x5x7xf32>
  }
  %pool_blocks = tg.kernel "pool_blocks"(%g38) : (tensor<2x8x6x6xf32>) -> tensor<2x8x3x2xf32> {
  ^bb0(%a: tensor<2x8x6x6xf32>):
    %size = tg.constant([3, 2]) : !tg.value
    %r = tg.op "aten::adaptive_avg_pool2d"(%a, %size) : (tensor<2x8x6x6xf32>, !tg.value) -> tensor<2x8x3x2xf32>
    tg.kernel_yield %r : tensor<2x8x3x2xf32>
  }
  %pool_same = tg.kernel "pool_same"(%g39) : (tensor<2x8x6x6xf32>) -> tensor<2x8x6x6xf32> {
  ^bb0(%a: tensor<2x8x6x6xf32>):
    %size = tg.constant([6, 6]) : !tg.value
    %r = tg.op "aten::adaptive_avg_pool2d"(%a, %size) : (tensor<2x8x6x6xf32>, !tg.value) -> tensor<2x8x6x6xf32>
    tg.kernel_yield %r : tensor<2x8x6x6xf32>
  }
  %pool_nine = tg.kernel "pool_nine"(%g40) : (tensor<2x8x9x9xf32>) -> tensor<2x8x3x3xf32> {
  ^bb0(%a: tensor<2x8x9x9xf32>):
    %size = tg.constant([3, 3]) : !tg.value
    %r = tg.op "aten::adaptive_avg_pool2d"(%a, %size) : (tensor<2x8x9x9xf32>, !tg.value) -> tensor<2x8x3x3xf32>
    tg.kernel_yield %r : tensor<2x8x3x3xf32>
  }
  tg.return %var_kept, %var_biased_dropped, %var_correction2, %var_correction_none, %std_dropped, %std_kept, %logsumexp_dropped, %logsumexp_kept, %logsumexp_ninf, %selu, %prelu_channels, %prelu_one, %instance_norm_input_stats, %instance_norm_no_affine, %norm2_kept, %norm1_dropped, %norm_inf, %norm_none, %var_mean_kept#0, %var_mean_kept#1, %std_mean_dropped#0, %std_mean_dropped#1, %expand_as, %frobenius, %native_layer_norm, %native_group_norm, %native_batch_norm_batch_stats, %native_softmax, %native_log_softmax, %pool_blocks, %pool_same, %pool_nine : tensor<2x8x1x1xf32>, tensor<2x6x6xf32>, tensor<2x5x1xf32>, tensor<5xf32>, tensor<2x5xf32>, tensor<2x1x1x1xf32>, tensor<2x5xf32>, tensor<2x8x1x1xf32>, tensor<3xf32>, tensor<2x5x7xf32>, tensor<2x8x6x6xf32>, tensor<2x5x7xf32>, tensor<2x8x6x6xf32>, tensor<2x8x10xf32>, tensor<2x5x1xf32>, tensor<2x8xf32>, tensor<2x1x7xf32>, tensor<5x7xf32>, tensor<2x8x1x1xf32>, tensor<2x8x1x1xf32>, tensor<2x5xf32>, tensor<2x5xf32>, tensor<2x5x7xf32>, tensor<2x5xf32>, tensor<2x5x7xf32>, tensor<2x8x6x6xf32>, tensor<1x16x6x6xf32>, tensor<2x5x7xf32>, tensor<2x5x7xf32>, tensor<2x8x3x2xf32>, tensor<2x8x6x6xf32>, tensor<2x8x3x3xf32>
}
