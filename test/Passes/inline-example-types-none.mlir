// An entry argument the example run left at its default is that constant
// in tg.example_types' "args" (`unit` for None): --tg-inline reads it as
// the constant (as a caller that passes nothing compiles it), so `y is
// None` folds and only the branch the run took stays. The argument stays in the signature; an
// argument whose entry is `none` (not recorded) stays unknown.

// RUN: tg-opt %s --tg-inline | FileCheck %s
// RUN: sed 's/tensor<3xf32>, unit\]/tensor<3xf32>, none]/' %s | tg-opt --tg-inline | FileCheck %s --check-prefix=UNKNOWN
// Any scalar default is bound the same way (`need_weights=True` of
// nn.MultiheadAttention imported directly): here a `false`, which is not
// None, so the other branch stays.
// RUN: sed 's/tensor<3xf32>, unit\]/tensor<3xf32>, false]/' %s | tg-opt --tg-inline | FileCheck %s --check-prefix=FALSE

// CHECK-LABEL: tg.graph @"Net::forward"(%self: !tg.module<"Net">, %arg0: tensor<3xf32>, %arg1: !tg.value) -> tensor<3xf32>
// CHECK-NOT: prim::If
// CHECK: tg.op "aten::relu"(%arg0)
// CHECK-NOT: aten::sub
// UNKNOWN: tg.op "prim::If"
// FALSE: tg.constant(false) : !tg.value
// FALSE-NOT: prim::If
// FALSE: tg.op "aten::sub"(%arg0,

module attributes {tg.example_types = {
    "entry" = {"args" = [none, tensor<3xf32>, unit], "2" = [tensor<3xf32>], ops = 8}}} {
  tg.graph @"Net::forward"(%self: !tg.module<"Net">, %x: !tg.tensor, %y: !tg.value) -> !tg.tensor attributes {tg.entry} {
    %none = tg.constant(unit) : !tg.value
    %is = tg.op "aten::__is__"(%y, %none) : (!tg.value, !tg.value) -> !tg.value
    %r = tg.op "prim::If"(%is) ({
      %a = tg.op "aten::relu"(%x) : (!tg.tensor) -> !tg.tensor
      tg.yield %a : !tg.tensor
    }, {
      %b = tg.op "aten::sub"(%x, %y) : (!tg.tensor, !tg.value) -> !tg.tensor
      tg.yield %b : !tg.tensor
    }) : (!tg.value) -> !tg.tensor
    tg.return %r : !tg.tensor
  }
}
