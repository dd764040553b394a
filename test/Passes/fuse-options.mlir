// The elementwise set, the reductions and the minimum group size are
// options; by default (min-size=1) a lone op is a kernel too.
// RUN: tg-opt %s --tg-fuse-elementwise | FileCheck %s --check-prefix=DEFAULT
// RUN: tg-opt %s '--tg-fuse-elementwise=ops=aten::conv2d,aten::relu' | FileCheck %s --check-prefix=CUSTOM
// RUN: tg-opt %s '--tg-fuse-elementwise=min-size=2' | FileCheck %s --check-prefix=TWO
// RUN: tg-opt %s '--tg-fuse-elementwise=reductions=my::op' | FileCheck %s --check-prefix=REDUCE
// RUN: tg-opt %s '--tg-fuse-elementwise=min-size=4' | FileCheck %s --check-prefix=FOUR
// RUN: tg-opt %s '--pass-pipeline=builtin.module(tg-fuse-elementwise{ops=my::op,aten::relu min-size=2})' | FileCheck %s --check-prefix=PIPE
// RUN: not tg-opt %s '--tg-fuse-elementwise=min-size=0' 2>&1 | FileCheck %s --check-prefix=ZERO
// RUN: not tg-opt %s '--tg-fuse-elementwise=ops=aten::add,,aten::relu' 2>&1 | FileCheck %s --check-prefix=EMPTY
// RUN: not tg-opt %s '--tg-fuse-elementwise=reductions=aten::sum,,aten::mean' 2>&1 | FileCheck %s --check-prefix=EMPTY-REDUCTION
// A list given empty parsed as no list: the default set, without a word.
// RUN: not tg-opt %s '--tg-fuse-elementwise=ops=' 2>&1 | FileCheck %s --check-prefix=NO-OPS
// RUN: not tg-opt %s '--pass-pipeline=builtin.module(tg-fuse-elementwise{ops= min-size=2})' 2>&1 | FileCheck %s --check-prefix=NO-OPS
// RUN: not tg-opt %s '--tg-fuse-elementwise=reductions=' 2>&1 | FileCheck %s --check-prefix=NO-REDUCTIONS

// DEFAULT: tg.op "aten::conv2d"
// DEFAULT-NEXT: tg.kernel "fused_add_relu_0"
// DEFAULT-NEXT: ^bb0
// DEFAULT-NEXT: tg.op "aten::relu"
// DEFAULT-NEXT: tg.op "aten::relu"
// DEFAULT-NEXT: tg.op "aten::add"
// DEFAULT: tg.op "my::op"
// DEFAULT-NEXT: tg.kernel "fused_relu_1"
// DEFAULT-NOT: tg.kernel "

// TWO: tg.op "aten::conv2d"
// TWO-NEXT: tg.kernel "fused_add_relu_0"
// TWO: tg.op "my::op"
// TWO-NEXT: tg.op "aten::relu"
// TWO-NOT: tg.kernel "

// A name in reductions is a reduction (of constant dims): my::op has none,
// so it does not fuse, and the default reductions are still there.
// REDUCE: tg.kernel "fused_add_relu_0"
// REDUCE: tg.op "my::op"
// REDUCE-NEXT: tg.kernel "fused_relu_1"

// CUSTOM: tg.kernel "fused_conv2d_relu_0"
// CUSTOM: tg.op "aten::add"
// CUSTOM: tg.kernel "fused_relu_1"
// CUSTOM-NOT: tg.kernel "

// FOUR-NOT: tg.kernel "

// PIPE: tg.kernel "fused_relu_0"
// PIPE: tg.op "aten::add"
// PIPE-NEXT: tg.kernel "fused_op_relu_1"

// Options the pass cannot run with are refused where the pipeline is parsed,
// before any pass runs (no location: the input is not at fault; a pass built
// from C++ options reports them at the module, OptionChecksTest.cpp).
// ZERO: <unknown>:0: error: tg-fuse-elementwise: 'min-size' must be at least 1
// EMPTY: <unknown>:0: error: tg-fuse-elementwise: empty operator name in ops=
// EMPTY-REDUCTION: <unknown>:0: error: tg-fuse-elementwise: empty operator name in reductions=
// NO-OPS: <unknown>:0: error: tg-fuse-elementwise: ops= needs at least one operator name (leave it out for the default set)
// NO-REDUCTIONS: <unknown>:0: error: tg-fuse-elementwise: reductions= needs at least one operator name (leave it out for the default set)

tg.graph @f(%x: !tg.tensor, %w: !tg.tensor) -> !tg.tensor {
  %c = tg.op "aten::conv2d"(%x, %w) : (!tg.tensor, !tg.tensor) -> !tg.tensor
  %r = tg.op "aten::relu"(%c) : (!tg.tensor) -> !tg.tensor
  %r2 = tg.op "aten::relu"(%r) : (!tg.tensor) -> !tg.tensor
  %a = tg.op "aten::add"(%r2, %x) : (!tg.tensor, !tg.tensor) -> !tg.tensor
  %m = tg.op "my::op"(%a) : (!tg.tensor) -> !tg.tensor
  %r3 = tg.op "aten::relu"(%m) : (!tg.tensor) -> !tg.tensor
  tg.return %r3 : !tg.tensor
}
