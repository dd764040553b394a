// RUN: tg-opt %s -split-input-file --tg-fuse-elementwise | FileCheck %s

// Where a kernel goes: at the position of its group's last op (Passes.td,
// TGFuseElementwise), whatever lies between the group's ops. Unrelated ops
// in between stay before the kernel, values a later member reads are
// defined before it, uses of its results come after it, and two groups
// that interleave each go to their own last op. Before this file only the
// lowering tests noticed a kernel placed anywhere else.

// An unrelated op between the two members: it stays first.
// CHECK-LABEL: tg.graph @unrelated_between(
// CHECK-NEXT:    %[[U:.*]] = tg.op "aten::conv2d"(%arg1)
// CHECK-NEXT:    %[[K:.*]] = tg.kernel "fused_add_relu_0"(%arg0, %arg1)
// CHECK:         tg.kernel_yield
// CHECK-NEXT:    }
// CHECK-NEXT:    tg.return %[[K]], %[[U]]
tg.graph @unrelated_between(%x: !tg.tensor, %y: !tg.tensor) -> (!tg.tensor, !tg.tensor) {
  %a = tg.op "aten::add"(%x, %y) : (!tg.tensor, !tg.tensor) -> !tg.tensor
  %u = tg.op "aten::conv2d"(%y) : (!tg.tensor) -> !tg.tensor
  %r = tg.op "aten::relu"(%a) : (!tg.tensor) -> !tg.tensor
  tg.return %r, %u : !tg.tensor, !tg.tensor
}

// -----

// The last member reads a value defined between the members: the kernel
// comes after its definition (anywhere earlier it would not dominate).
// CHECK-LABEL: tg.graph @input_defined_between(
// CHECK-NEXT:    %[[U:.*]] = tg.op "aten::conv2d"(%arg1)
// CHECK-NEXT:    %[[K:.*]] = tg.kernel "fused_add_mul_0"(%arg0, %arg1, %[[U]])
// CHECK:         tg.kernel_yield
// CHECK-NEXT:    }
// CHECK-NEXT:    tg.return %[[K]]
tg.graph @input_defined_between(%x: !tg.tensor, %y: !tg.tensor) -> !tg.tensor {
  %a = tg.op "aten::add"(%x, %y) : (!tg.tensor, !tg.tensor) -> !tg.tensor
  %u = tg.op "aten::conv2d"(%y) : (!tg.tensor) -> !tg.tensor
  %m = tg.op "aten::mul"(%a, %u) : (!tg.tensor, !tg.tensor) -> !tg.tensor
  tg.return %m : !tg.tensor
}

// -----

// Several unrelated ops between, before and after; the first member's
// result is used after the last member (so it is yielded): every op keeps
// its order and the kernel sits where the last member was.
// CHECK-LABEL: tg.graph @several_between(
// CHECK-NEXT:    %[[P:.*]] = tg.op "aten::conv2d"(%arg0)
// CHECK-NEXT:    %[[Q:.*]] = tg.op "aten::max_pool2d"(%arg1)
// CHECK-NEXT:    %[[R:.*]] = tg.op "aten::flatten"(%[[Q]])
// CHECK-NEXT:    %[[K:.*]]:2 = tg.kernel "fused_neg_sigmoid_0"(%[[P]])
// CHECK:         tg.kernel_yield
// CHECK-NEXT:    }
// CHECK-NEXT:    %[[S:.*]] = tg.op "aten::linear"(%[[K]]#0, %[[R]])
// CHECK-NEXT:    tg.return %[[K]]#1, %[[S]]
tg.graph @several_between(%x: !tg.tensor, %y: !tg.tensor) -> (!tg.tensor, !tg.tensor) {
  %p = tg.op "aten::conv2d"(%x) : (!tg.tensor) -> !tg.tensor
  %s = tg.op "aten::sigmoid"(%p) : (!tg.tensor) -> !tg.tensor
  %q = tg.op "aten::max_pool2d"(%y) : (!tg.tensor) -> !tg.tensor
  %r = tg.op "aten::flatten"(%q) : (!tg.tensor) -> !tg.tensor
  %n = tg.op "aten::neg"(%s) : (!tg.tensor) -> !tg.tensor
  %l = tg.op "aten::linear"(%s, %r) : (!tg.tensor, !tg.tensor) -> !tg.tensor
  tg.return %n, %l : !tg.tensor, !tg.tensor
}

// -----

// Two groups that interleave with each other and with unrelated ops: each
// kernel at its own last member, numbered in that order.
// CHECK-LABEL: tg.graph @interleaved(
// CHECK-NEXT:    %[[U:.*]] = tg.op "aten::conv2d"(%arg0)
// CHECK-NEXT:    %[[A:.*]] = tg.kernel "fused_neg_relu_0"(%arg0)
// CHECK:         tg.kernel_yield
// CHECK-NEXT:    }
// CHECK-NEXT:    %[[V:.*]] = tg.op "aten::max_pool2d"(%arg1)
// CHECK-NEXT:    %[[B:.*]] = tg.kernel "fused_sigmoid_tanh_1"(%arg1)
// CHECK:         tg.kernel_yield
// CHECK-NEXT:    }
// CHECK-NEXT:    tg.return %[[A]], %[[B]], %[[U]], %[[V]]
tg.graph @interleaved(%x: !tg.tensor, %y: !tg.tensor) -> (!tg.tensor, !tg.tensor, !tg.tensor, !tg.tensor) {
  %a = tg.op "aten::relu"(%x) : (!tg.tensor) -> !tg.tensor
  %b = tg.op "aten::sigmoid"(%y) : (!tg.tensor) -> !tg.tensor
  %u = tg.op "aten::conv2d"(%x) : (!tg.tensor) -> !tg.tensor
  %c = tg.op "aten::neg"(%a) : (!tg.tensor) -> !tg.tensor
  %v = tg.op "aten::max_pool2d"(%y) : (!tg.tensor) -> !tg.tensor
  %d = tg.op "aten::tanh"(%b) : (!tg.tensor) -> !tg.tensor
  tg.return %c, %d, %u, %v : !tg.tensor, !tg.tensor, !tg.tensor, !tg.tensor
}

// -----

// The same inside a region: the kernel goes to the last member of the
// branch, after the unrelated op between.
// CHECK-LABEL: tg.graph @in_a_branch(
// CHECK:         tg.op "prim::If"
// CHECK-NEXT:    %[[U:.*]] = tg.op "aten::conv2d"(%arg1)
// CHECK-NEXT:    %[[K:.*]] = tg.kernel "fused_add_relu_0"(%arg1)
// CHECK:         tg.kernel_yield
// CHECK-NEXT:    }
// CHECK-NEXT:    tg.yield %[[K]], %[[U]]
tg.graph @in_a_branch(%c: !tg.value, %x: !tg.tensor) -> (!tg.tensor, !tg.tensor) {
  %r:2 = tg.op "prim::If"(%c) ({
    %a = tg.op "aten::add"(%x, %x) : (!tg.tensor, !tg.tensor) -> !tg.tensor
    %u = tg.op "aten::conv2d"(%x) : (!tg.tensor) -> !tg.tensor
    %b = tg.op "aten::relu"(%a) : (!tg.tensor) -> !tg.tensor
    tg.yield %b, %u : !tg.tensor, !tg.tensor
  }, {
    tg.yield %x, %x : !tg.tensor, !tg.tensor
  }) : (!tg.value) -> (!tg.tensor, !tg.tensor)
  tg.return %r#0, %r#1 : !tg.tensor, !tg.tensor
}
