// One kernel per operator of --tg-fuse-elementwise's default list, with the
// scalar arguments TorchScript passes (alpha, bounds, None, slopes, gelu's
// approximate). Written by hand for test/tg-compile-kernel/elementwise-ops.test.
tg.graph @"Net::forward"(%self: !tg.module<"Net">, %x: !tg.tensor, %y: !tg.tensor) attributes {tg.entry} {
  %c1 = tg.constant(2.5 : f64) : !tg.value loc("ops.py":1:1)
  %k_add_alpha = tg.kernel "add_alpha"(%x, %y, %c1) : (!tg.tensor, !tg.tensor, !tg.value) -> !tg.tensor {
  ^bb0(%a0: !tg.tensor, %a1: !tg.tensor, %a2: !tg.value):
    %r = tg.op "aten::add"(%a0, %a1, %a2) : (!tg.tensor, !tg.tensor, !tg.value) -> !tg.tensor loc("ops.py":107:5)
    tg.kernel_yield %r : !tg.tensor
  }
  %c2 = tg.constant(1 : i64) : !tg.value loc("ops.py":2:1)
  %k_sub_alpha = tg.kernel "sub_alpha"(%x, %y, %c2) : (!tg.tensor, !tg.tensor, !tg.value) -> !tg.tensor {
  ^bb0(%a0: !tg.tensor, %a1: !tg.tensor, %a2: !tg.value):
    %r = tg.op "aten::sub"(%a0, %a1, %a2) : (!tg.tensor, !tg.tensor, !tg.value) -> !tg.tensor loc("ops.py":113:5)
    tg.kernel_yield %r : !tg.tensor
  }
  %k_mul = tg.kernel "mul"(%x, %y) : (!tg.tensor, !tg.tensor) -> !tg.tensor {
  ^bb0(%a0: !tg.tensor, %a1: !tg.tensor):
    %r = tg.op "aten::mul"(%a0, %a1) : (!tg.tensor, !tg.tensor) -> !tg.tensor loc("ops.py":118:5)
    tg.kernel_yield %r : !tg.tensor
  }
  %k_div = tg.kernel "div"(%x, %y) : (!tg.tensor, !tg.tensor) -> !tg.tensor {
  ^bb0(%a0: !tg.tensor, %a1: !tg.tensor):
    %r = tg.op "aten::div"(%a0, %a1) : (!tg.tensor, !tg.tensor) -> !tg.tensor loc("ops.py":123:5)
    tg.kernel_yield %r : !tg.tensor
  }
  %c3 = tg.constant(2.000000e+00 : f64) : !tg.value loc("ops.py":3:1)
  %k_pow_scalar = tg.kernel "pow_scalar"(%x, %c3) : (!tg.tensor, !tg.value) -> !tg.tensor {
  ^bb0(%a0: !tg.tensor, %a1: !tg.value):
    %r = tg.op "aten::pow"(%a0, %a1) : (!tg.tensor, !tg.value) -> !tg.tensor loc("ops.py":129:5)
    tg.kernel_yield %r : !tg.tensor
  }
  %k_neg = tg.kernel "neg"(%x) : (!tg.tensor) -> !tg.tensor {
  ^bb0(%a0: !tg.tensor):
    %r = tg.op "aten::neg"(%a0) : (!tg.tensor) -> !tg.tensor loc("ops.py":134:5)
    tg.kernel_yield %r : !tg.tensor
  }
  %k_relu = tg.kernel "relu"(%x) : (!tg.tensor) -> !tg.tensor {
  ^bb0(%a0: !tg.tensor):
    %r = tg.op "aten::relu_"(%a0) : (!tg.tensor) -> !tg.tensor loc("ops.py":139:5)
    tg.kernel_yield %r : !tg.tensor
  }
  %k_relu6 = tg.kernel "relu6"(%x) : (!tg.tensor) -> !tg.tensor {
  ^bb0(%a0: !tg.tensor):
    %r = tg.op "aten::relu6"(%a0) : (!tg.tensor) -> !tg.tensor loc("ops.py":144:5)
    tg.kernel_yield %r : !tg.tensor
  }
  %c4 = tg.constant(-2.000000e+00 : f64) : !tg.value loc("ops.py":4:1)
  %c5 = tg.constant(3.000000e+00 : f64) : !tg.value loc("ops.py":5:1)
  %k_hardtanh = tg.kernel "hardtanh"(%x, %c4, %c5) : (!tg.tensor, !tg.value, !tg.value) -> !tg.tensor {
  ^bb0(%a0: !tg.tensor, %a1: !tg.value, %a2: !tg.value):
    %r = tg.op "aten::hardtanh"(%a0, %a1, %a2) : (!tg.tensor, !tg.value, !tg.value) -> !tg.tensor loc("ops.py":151:5)
    tg.kernel_yield %r : !tg.tensor
  }
  %c6 = tg.constant(-1.000000e+00 : f64) : !tg.value loc("ops.py":6:1)
  %c7 = tg.constant(1.500000e+00 : f64) : !tg.value loc("ops.py":7:1)
  %k_clamp_both = tg.kernel "clamp_both"(%x, %c6, %c7) : (!tg.tensor, !tg.value, !tg.value) -> !tg.tensor {
  ^bb0(%a0: !tg.tensor, %a1: !tg.value, %a2: !tg.value):
    %r = tg.op "aten::clamp"(%a0, %a1, %a2) : (!tg.tensor, !tg.value, !tg.value) -> !tg.tensor loc("ops.py":158:5)
    tg.kernel_yield %r : !tg.tensor
  }
  %c8 = tg.constant(unit) : !tg.value loc("ops.py":8:1)
  %c9 = tg.constant(6 : i64) : !tg.value loc("ops.py":9:1)
  %k_clamp_max_only = tg.kernel "clamp_max_only"(%x, %c8, %c9) : (!tg.tensor, !tg.value, !tg.value) -> !tg.tensor {
  ^bb0(%a0: !tg.tensor, %a1: !tg.value, %a2: !tg.value):
    %r = tg.op "aten::clamp"(%a0, %a1, %a2) : (!tg.tensor, !tg.value, !tg.value) -> !tg.tensor loc("ops.py":165:5)
    tg.kernel_yield %r : !tg.tensor
  }
  %c10 = tg.constant(0 : i64) : !tg.value loc("ops.py":10:1)
  %c11 = tg.constant(unit) : !tg.value loc("ops.py":11:1)
  %k_clamp_min_only = tg.kernel "clamp_min_only"(%x, %c10, %c11) : (!tg.tensor, !tg.value, !tg.value) -> !tg.tensor {
  ^bb0(%a0: !tg.tensor, %a1: !tg.value, %a2: !tg.value):
    %r = tg.op "aten::clamp"(%a0, %a1, %a2) : (!tg.tensor, !tg.value, !tg.value) -> !tg.tensor loc("ops.py":172:5)
    tg.kernel_yield %r : !tg.tensor
  }
  %c12 = tg.constant(5.000000e-01 : f64) : !tg.value loc("ops.py":12:1)
  %k_clamp_min = tg.kernel "clamp_min"(%x, %c12) : (!tg.tensor, !tg.value) -> !tg.tensor {
  ^bb0(%a0: !tg.tensor, %a1: !tg.value):
    %r = tg.op "aten::clamp_min"(%a0, %a1) : (!tg.tensor, !tg.value) -> !tg.tensor loc("ops.py":178:5)
    tg.kernel_yield %r : !tg.tensor
  }
  %c13 = tg.constant(-5.000000e-01 : f64) : !tg.value loc("ops.py":13:1)
  %k_clamp_max = tg.kernel "clamp_max"(%x, %c13) : (!tg.tensor, !tg.value) -> !tg.tensor {
  ^bb0(%a0: !tg.tensor, %a1: !tg.value):
    %r = tg.op "aten::clamp_max"(%a0, %a1) : (!tg.tensor, !tg.value) -> !tg.tensor loc("ops.py":184:5)
    tg.kernel_yield %r : !tg.tensor
  }
  %k_sigmoid = tg.kernel "sigmoid"(%x) : (!tg.tensor) -> !tg.tensor {
  ^bb0(%a0: !tg.tensor):
    %r = tg.op "aten::sigmoid"(%a0) : (!tg.tensor) -> !tg.tensor loc("ops.py":189:5)
    tg.kernel_yield %r : !tg.tensor
  }
  %k_hardsigmoid = tg.kernel "hardsigmoid"(%x) : (!tg.tensor) -> !tg.tensor {
  ^bb0(%a0: !tg.tensor):
    %r = tg.op "aten::hardsigmoid"(%a0) : (!tg.tensor) -> !tg.tensor loc("ops.py":194:5)
    tg.kernel_yield %r : !tg.tensor
  }
  %k_silu = tg.kernel "silu"(%x) : (!tg.tensor) -> !tg.tensor {
  ^bb0(%a0: !tg.tensor):
    %r = tg.op "aten::silu_"(%a0) : (!tg.tensor) -> !tg.tensor loc("ops.py":199:5)
    tg.kernel_yield %r : !tg.tensor
  }
  %k_hardswish = tg.kernel "hardswish"(%x) : (!tg.tensor) -> !tg.tensor {
  ^bb0(%a0: !tg.tensor):
    %r = tg.op "aten::hardswish_"(%a0) : (!tg.tensor) -> !tg.tensor loc("ops.py":204:5)
    tg.kernel_yield %r : !tg.tensor
  }
  %c14 = tg.constant("none") : !tg.value loc("ops.py":14:1)
  %k_gelu_none = tg.kernel "gelu_none"(%x, %c14) : (!tg.tensor, !tg.value) -> !tg.tensor {
  ^bb0(%a0: !tg.tensor, %a1: !tg.value):
    %r = tg.op "aten::gelu"(%a0, %a1) : (!tg.tensor, !tg.value) -> !tg.tensor loc("ops.py":210:5)
    tg.kernel_yield %r : !tg.tensor
  }
  %c15 = tg.constant("tanh") : !tg.value loc("ops.py":15:1)
  %k_gelu_tanh = tg.kernel "gelu_tanh"(%x, %c15) : (!tg.tensor, !tg.value) -> !tg.tensor {
  ^bb0(%a0: !tg.tensor, %a1: !tg.value):
    %r = tg.op "aten::gelu"(%a0, %a1) : (!tg.tensor, !tg.value) -> !tg.tensor loc("ops.py":216:5)
    tg.kernel_yield %r : !tg.tensor
  }
  %c16 = tg.constant(2.000000e-01 : f64) : !tg.value loc("ops.py":16:1)
  %k_leaky_relu = tg.kernel "leaky_relu"(%x, %c16) : (!tg.tensor, !tg.value) -> !tg.tensor {
  ^bb0(%a0: !tg.tensor, %a1: !tg.value):
    %r = tg.op "aten::leaky_relu"(%a0, %a1) : (!tg.tensor, !tg.value) -> !tg.tensor loc("ops.py":222:5)
    tg.kernel_yield %r : !tg.tensor
  }
  %c17 = tg.constant(1.000000e+00 : f64) : !tg.value loc("ops.py":17:1)
  %c18 = tg.constant(1 : i64) : !tg.value loc("ops.py":18:1)
  %c19 = tg.constant(1 : i64) : !tg.value loc("ops.py":19:1)
  %k_elu = tg.kernel "elu"(%x, %c17, %c18, %c19) : (!tg.tensor, !tg.value, !tg.value, !tg.value) -> !tg.tensor {
  ^bb0(%a0: !tg.tensor, %a1: !tg.value, %a2: !tg.value, %a3: !tg.value):
    %r = tg.op "aten::elu"(%a0, %a1, %a2, %a3) : (!tg.tensor, !tg.value, !tg.value, !tg.value) -> !tg.tensor loc("ops.py":230:5)
    tg.kernel_yield %r : !tg.tensor
  }
  %c20 = tg.constant(5.000000e-01 : f64) : !tg.value loc("ops.py":20:1)
  %c21 = tg.constant(2.000000e+00 : f64) : !tg.value loc("ops.py":21:1)
  %c22 = tg.constant(1.500000e+00 : f64) : !tg.value loc("ops.py":22:1)
  %k_elu_scaled = tg.kernel "elu_scaled"(%x, %c20, %c21, %c22) : (!tg.tensor, !tg.value, !tg.value, !tg.value) -> !tg.tensor {
  ^bb0(%a0: !tg.tensor, %a1: !tg.value, %a2: !tg.value, %a3: !tg.value):
    %r = tg.op "aten::elu"(%a0, %a1, %a2, %a3) : (!tg.tensor, !tg.value, !tg.value, !tg.value) -> !tg.tensor loc("ops.py":238:5)
    tg.kernel_yield %r : !tg.tensor
  }
  %c23 = tg.constant(1 : i64) : !tg.value loc("ops.py":23:1)
  %c24 = tg.constant(20 : i64) : !tg.value loc("ops.py":24:1)
  %k_softplus = tg.kernel "softplus"(%x, %c23, %c24) : (!tg.tensor, !tg.value, !tg.value) -> !tg.tensor {
  ^bb0(%a0: !tg.tensor, %a1: !tg.value, %a2: !tg.value):
    %r = tg.op "aten::softplus"(%a0, %a1, %a2) : (!tg.tensor, !tg.value, !tg.value) -> !tg.tensor loc("ops.py":245:5)
    tg.kernel_yield %r : !tg.tensor
  }
  %c25 = tg.constant(2.000000e+00 : f64) : !tg.value loc("ops.py":25:1)
  %c26 = tg.constant(1.000000e+00 : f64) : !tg.value loc("ops.py":26:1)
  %k_softplus_beta = tg.kernel "softplus_beta"(%x, %c25, %c26) : (!tg.tensor, !tg.value, !tg.value) -> !tg.tensor {
  ^bb0(%a0: !tg.tensor, %a1: !tg.value, %a2: !tg.value):
    %r = tg.op "aten::softplus"(%a0, %a1, %a2) : (!tg.tensor, !tg.value, !tg.value) -> !tg.tensor loc("ops.py":252:5)
    tg.kernel_yield %r : !tg.tensor
  }
  %k_tanh = tg.kernel "tanh"(%x) : (!tg.tensor) -> !tg.tensor {
  ^bb0(%a0: !tg.tensor):
    %r = tg.op "aten::tanh"(%a0) : (!tg.tensor) -> !tg.tensor loc("ops.py":257:5)
    tg.kernel_yield %r : !tg.tensor
  }
  %k_exp = tg.kernel "exp"(%x) : (!tg.tensor) -> !tg.tensor {
  ^bb0(%a0: !tg.tensor):
    %r = tg.op "aten::exp"(%a0) : (!tg.tensor) -> !tg.tensor loc("ops.py":262:5)
    tg.kernel_yield %r : !tg.tensor
  }
  %k_log = tg.kernel "log"(%x) : (!tg.tensor) -> !tg.tensor {
  ^bb0(%a0: !tg.tensor):
    %r = tg.op "aten::log"(%a0) : (!tg.tensor) -> !tg.tensor loc("ops.py":267:5)
    tg.kernel_yield %r : !tg.tensor
  }
  %k_sqrt = tg.kernel "sqrt"(%x) : (!tg.tensor) -> !tg.tensor {
  ^bb0(%a0: !tg.tensor):
    %r = tg.op "aten::sqrt"(%a0) : (!tg.tensor) -> !tg.tensor loc("ops.py":272:5)
    tg.kernel_yield %r : !tg.tensor
  }
  %k_rsqrt = tg.kernel "rsqrt"(%x) : (!tg.tensor) -> !tg.tensor {
  ^bb0(%a0: !tg.tensor):
    %r = tg.op "aten::rsqrt"(%a0) : (!tg.tensor) -> !tg.tensor loc("ops.py":277:5)
    tg.kernel_yield %r : !tg.tensor
  }
  %k_abs = tg.kernel "abs"(%x) : (!tg.tensor) -> !tg.tensor {
  ^bb0(%a0: !tg.tensor):
    %r = tg.op "aten::abs"(%a0) : (!tg.tensor) -> !tg.tensor loc("ops.py":282:5)
    tg.kernel_yield %r : !tg.tensor
  }
  %k_erf = tg.kernel "erf"(%x) : (!tg.tensor) -> !tg.tensor {
  ^bb0(%a0: !tg.tensor):
    %r = tg.op "aten::erf"(%a0) : (!tg.tensor) -> !tg.tensor loc("ops.py":287:5)
    tg.kernel_yield %r : !tg.tensor
  }
  tg.return
}
