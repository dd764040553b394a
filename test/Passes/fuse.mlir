// RUN: tg-opt %s -split-input-file --tg-fuse-elementwise=min-size=2 -mlir-print-debuginfo | FileCheck %s

// A chain becomes one kernel; its location lists every origin's full
// location (call-site chain intact) in program order; the ops keep theirs.
// CHECK-LABEL: tg.graph @"Net::chain"
// CHECK: %[[C:.*]] = tg.op "aten::conv2d"
// CHECK-NEXT: %[[K:.*]] = tg.kernel "fused_add_relu_0"(%[[C]], %arg1) : (!tg.tensor, !tg.tensor) -> !tg.tensor {
// CHECK-NEXT: ^bb0(%[[IN:in]]: !tg.tensor loc(unknown), %[[IN0:in_0]]: !tg.tensor loc(unknown)):
// CHECK-NEXT: %[[ADD:.*]] = tg.op "aten::add"(%[[IN]], %[[IN0]]) {tg.debug_handle = 7 : i64} {{.*}} loc([[ADDLOC:#loc[0-9]+]])
// CHECK-NEXT: %[[RELU:.*]] = tg.op "aten::relu"(%[[ADD]]) {{.*}} loc([[RELULOC:#loc[0-9]+]])
// CHECK-NEXT: tg.kernel_yield %[[RELU]] : !tg.tensor loc(#{{loc[0-9]*}})
// CHECK-NEXT: } loc([[KLOC:#loc[0-9]+]])
// CHECK-NEXT: %[[P:.*]] = tg.op "aten::max_pool2d"(%[[K]])
// CHECK-NEXT: tg.return %[[P]]
// CHECK-DAG: #[[FRAME:frame[0-9]*]] = #tg.frame<instance = "b0", class = "Block", method = "forward">
// CHECK-DAG: #[[KERNEL:kernel[0-9]*]] = #tg.kernel<"fused_add_relu_0">
// CHECK-DAG: [[CALL:#loc[0-9]+]] = loc("net.py":11:8)
// CHECK-DAG: [[FRAMELOC:#loc[0-9]+]] = loc(fused<#[[FRAME]]>[[[CALL]]])
// CHECK-DAG: [[LEAF:#loc[0-9]+]] = loc("block.py":5:12)
// CHECK-DAG: [[ADDLOC]] = loc(callsite([[LEAF]] at [[FRAMELOC]]))
// CHECK-DAG: [[RELULOC]] = loc("net.py":12:8)
// CHECK-DAG: [[KLOC]] = loc(fused<#[[KERNEL]]>[[[ADDLOC]], [[RELULOC]]])
tg.graph @"Net::chain"(%self: !tg.module<"Net">, %x: !tg.tensor, %y: !tg.tensor) -> !tg.tensor {
  %c = tg.op "aten::conv2d"(%x) : (!tg.tensor) -> !tg.tensor loc("net.py":10:8)
  %a = tg.op "aten::add"(%c, %y) {tg.debug_handle = 7 : i64} : (!tg.tensor, !tg.tensor) -> !tg.tensor loc(callsite("block.py":5:12 at fused<#tg.frame<instance = "b0", class = "Block", method = "forward">>["net.py":11:8]))
  %r = tg.op "aten::relu"(%a) : (!tg.tensor) -> !tg.tensor loc("net.py":12:8)
  %p = tg.op "aten::max_pool2d"(%r) : (!tg.tensor) -> !tg.tensor loc("net.py":13:8)
  tg.return %p : !tg.tensor
}

// -----

// A DAG (two branches joined by mul) is one kernel; the name lists the
// distinct operators sorted; every result used outside is yielded, in
// program order; inputs come in first-use order.
// CHECK-LABEL: tg.graph @dag
// CHECK: %[[K:.*]]:2 = tg.kernel "fused_mul_relu_sigmoid_0"(%arg0, %arg1) : (!tg.tensor, !tg.tensor) -> (!tg.tensor, !tg.tensor)
// CHECK: %[[R:.*]] = tg.op "aten::relu"{{.*}} loc([[L1:#loc[0-9]+]])
// CHECK-NEXT: %[[S:.*]] = tg.op "aten::sigmoid"{{.*}} loc([[L2:#loc[0-9]+]])
// CHECK-NEXT: %[[M:.*]] = tg.op "aten::mul"(%[[R]], %[[S]]){{.*}} loc([[L3:#loc[0-9]+]])
// CHECK-NEXT: %[[R2:.*]] = tg.op "aten::relu"(%[[M]]){{.*}} loc([[L4:#loc[0-9]+]])
// CHECK-NEXT: tg.kernel_yield %[[R]], %[[R2]]
// CHECK-NEXT: } loc([[KLOC:#loc[0-9]+]])
// CHECK: tg.return %[[K]]#1, %[[K]]#0
// CHECK-DAG: [[L1]] = loc("d.py":1:1)
// CHECK-DAG: [[L2]] = loc("d.py":2:1)
// CHECK-DAG: [[L3]] = loc("d.py":3:1)
// CHECK-DAG: [[L4]] = loc("d.py":4:1)
// CHECK-DAG: [[KLOC]] = loc(fused<#kernel>[[[L1]], [[L2]], [[L3]], [[L4]]])
tg.graph @dag(%x: !tg.tensor, %y: !tg.tensor) -> (!tg.tensor, !tg.tensor) {
  %r = tg.op "aten::relu"(%x) : (!tg.tensor) -> !tg.tensor loc("d.py":1:1)
  %s = tg.op "aten::sigmoid"(%y) : (!tg.tensor) -> !tg.tensor loc("d.py":2:1)
  %m = tg.op "aten::mul"(%r, %s) : (!tg.tensor, !tg.tensor) -> !tg.tensor loc("d.py":3:1)
  %r2 = tg.op "aten::relu"(%m) : (!tg.tensor) -> !tg.tensor loc("d.py":4:1)
  tg.return %r2, %r : !tg.tensor, !tg.tensor
}

// -----

// relu's result is read by conv2d before add: putting add in relu's kernel
// would need the kernel both before conv2d and after it, a cycle. Each
// stays alone, and groups of one are not fused (min-size=2).
// CHECK-LABEL: tg.graph @no_cycle
// CHECK-NOT: tg.kernel "
// CHECK: tg.return
tg.graph @no_cycle(%x: !tg.tensor) -> !tg.tensor {
  %r = tg.op "aten::relu"(%x) : (!tg.tensor) -> !tg.tensor
  %c = tg.op "aten::conv2d"(%r) : (!tg.tensor) -> !tg.tensor
  %a = tg.op "aten::add"(%r, %c) : (!tg.tensor, !tg.tensor) -> !tg.tensor
  tg.return %a : !tg.tensor
}

// -----

// Same shape, but the consumer comes after the group: the group closes and
// a new one starts after conv2d.
// CHECK-LABEL: tg.graph @two_groups
// CHECK: %[[K0:.*]] = tg.kernel "fused_neg_relu_0"(%arg0)
// CHECK: %[[C:.*]] = tg.op "aten::conv2d"(%[[K0]])
// CHECK: tg.kernel "fused_add_tanh_1"(%[[K0]], %[[C]])
tg.graph @two_groups(%x: !tg.tensor) -> !tg.tensor {
  %r = tg.op "aten::relu"(%x) : (!tg.tensor) -> !tg.tensor
  %n = tg.op "aten::neg"(%r) : (!tg.tensor) -> !tg.tensor
  %c = tg.op "aten::conv2d"(%n) : (!tg.tensor) -> !tg.tensor
  %a = tg.op "aten::add"(%n, %c) : (!tg.tensor, !tg.tensor) -> !tg.tensor
  %t = tg.op "aten::tanh"(%a) : (!tg.tensor) -> !tg.tensor
  tg.return %t : !tg.tensor
}

// -----

// In-place variants fuse (on a value only they read:
// fuse-inplace-aliases.mlir has the others); the name drops their trailing
// '_'. Scalars read by the group (alpha) become kernel inputs; constants
// stay outside.
// CHECK-LABEL: tg.graph @inplace
// CHECK: %[[ONE:.*]] = tg.constant(1 : i64)
// CHECK: tg.kernel "fused_add_mul_relu_0"(%arg0, %arg1, %[[ONE]]) : (!tg.tensor, !tg.tensor, !tg.value) -> !tg.tensor
// CHECK: tg.op "aten::add_"
// CHECK: tg.op "aten::relu_"
tg.graph @inplace(%x: !tg.tensor, %y: !tg.tensor) -> !tg.tensor {
  %one = tg.constant(1) : !tg.value
  %m = tg.op "aten::mul"(%x, %y) : (!tg.tensor, !tg.tensor) -> !tg.tensor
  %a = tg.op "aten::add_"(%m, %y, %one) : (!tg.tensor, !tg.tensor, !tg.value) -> !tg.tensor
  %r = tg.op "aten::relu_"(%a) : (!tg.tensor) -> !tg.tensor
  tg.return %r : !tg.tensor
}

// -----

// Groups never span blocks: ops in a prim::If branch fuse among themselves;
// the op with regions is not elementwise. Kernels are numbered in program
// order across graphs, skipping names already taken in the module.
// CHECK-LABEL: tg.graph @first
// CHECK: tg.kernel "fused_add_relu_0"
// CHECK-LABEL: tg.graph @branches
// CHECK: tg.op "prim::If"
// CHECK-NEXT: tg.kernel "fused_exp_mul_2"
// CHECK: tg.yield
// CHECK-NEXT: }, {
// CHECK-NEXT: tg.yield
// CHECK: tg.kernel "fused_add_sigmoid_3"
tg.graph @first(%x: !tg.tensor) -> !tg.tensor {
  %k = tg.kernel "fused_exp_mul_1"(%x) : (!tg.tensor) -> !tg.tensor {
  ^bb0(%in: !tg.tensor):
    tg.kernel_yield %in : !tg.tensor
  }
  %a = tg.op "aten::add"(%k, %k) : (!tg.tensor, !tg.tensor) -> !tg.tensor
  %r = tg.op "aten::relu"(%a) : (!tg.tensor) -> !tg.tensor
  tg.return %r : !tg.tensor
}
tg.graph @branches(%c: !tg.value, %x: !tg.tensor) -> !tg.tensor {
  %i = tg.op "prim::If"(%c) ({
    %e = tg.op "aten::exp"(%x) : (!tg.tensor) -> !tg.tensor
    %m = tg.op "aten::mul"(%e, %x) : (!tg.tensor, !tg.tensor) -> !tg.tensor
    tg.yield %m : !tg.tensor
  }, {
    tg.yield %x : !tg.tensor
  }) : (!tg.value) -> !tg.tensor
  %s = tg.op "aten::sigmoid"(%i) : (!tg.tensor) -> !tg.tensor
  %a = tg.op "aten::add"(%s, %i) : (!tg.tensor, !tg.tensor) -> !tg.tensor
  tg.return %a : !tg.tensor
}

// -----

// A use inside a nested region closes the group too (relu stays alone, add
// cannot join it); the branch's ops fuse among themselves and read the
// outer value as a kernel input, since kernels are isolated from above.
// CHECK-LABEL: tg.graph @nested_use
// CHECK: %[[R:.*]] = tg.op "aten::relu"(%arg1)
// CHECK-NEXT: %[[I:.*]] = tg.op "prim::If"
// CHECK-NEXT: tg.kernel "fused_exp_neg_0"(%[[R]])
// CHECK: tg.op "aten::add"(%[[R]], %[[I]])
// CHECK-NOT: tg.kernel "
tg.graph @nested_use(%c: !tg.value, %x: !tg.tensor) -> !tg.tensor {
  %r = tg.op "aten::relu"(%x) : (!tg.tensor) -> !tg.tensor
  %i = tg.op "prim::If"(%c) ({
    %n = tg.op "aten::neg"(%r) : (!tg.tensor) -> !tg.tensor
    %e = tg.op "aten::exp"(%n) : (!tg.tensor) -> !tg.tensor
    tg.yield %e : !tg.tensor
  }, {
    tg.yield %r : !tg.tensor
  }) : (!tg.value) -> !tg.tensor
  %a = tg.op "aten::add"(%r, %i) : (!tg.tensor, !tg.tensor) -> !tg.tensor
  tg.return %a : !tg.tensor
}

// -----

// Fusion by type, not by name: TorchScript's aten::add and aten::mul also
// compute sizes, lists and strings. Only ops that read a tensor and produce
// tensors join a kernel; the scalar chain next to the tensor chain stays.
// CHECK-LABEL: tg.graph @"Net::types"
// CHECK:         %[[SIZE:.*]] = tg.op "aten::mul"(%arg1, %arg1) {{.*}}: (!tg.value, !tg.value) -> !tg.value
// CHECK-NEXT:    %{{.*}} = tg.op "aten::add"(%[[SIZE]], %arg1) {{.*}}: (!tg.value, !tg.value) -> !tg.value
// CHECK-NEXT:    %{{.*}} = tg.op "aten::add"(%arg2, %arg2) {{.*}}: (!tg.value, !tg.value) -> !tg.value
// An op of a tensor whose result is not a tensor does not join either.
// CHECK-NEXT:    %{{.*}} = tg.op "aten::mul"(%arg0, %arg1) {{.*}}: (!tg.tensor, !tg.value) -> !tg.value
// CHECK-NEXT:    %{{.*}} = tg.kernel "fused_mul_relu_0"
// CHECK-NOT:     tg.kernel "
tg.graph @"Net::types"(%self: !tg.module<"Net">, %x: !tg.tensor, %n: !tg.value, %s: !tg.value) -> (!tg.value, !tg.value, !tg.value, !tg.tensor) {
  %size = tg.op "aten::mul"(%n, %n) : (!tg.value, !tg.value) -> !tg.value
  %sum = tg.op "aten::add"(%size, %n) : (!tg.value, !tg.value) -> !tg.value
  %msg = tg.op "aten::add"(%s, %s) : (!tg.value, !tg.value) -> !tg.value
  %odd = tg.op "aten::mul"(%x, %n) : (!tg.tensor, !tg.value) -> !tg.value
  %scaled = tg.op "aten::mul"(%x, %n) : (!tg.tensor, !tg.value) -> !tg.tensor
  %r = tg.op "aten::relu"(%scaled) : (!tg.tensor) -> !tg.tensor
  tg.return %sum, %msg, %odd, %r : !tg.value, !tg.value, !tg.value, !tg.tensor
}

// -----

// `aten::where` is pointwise as a select of three operands only: with one,
// it is `nonzero(condition, as_tuple=True)` (Mixtral's expert routing), whose
// result has as many elements as the condition has true ones.
// CHECK-LABEL: tg.graph @"Net::where"
// CHECK:         %[[IDX:.*]] = tg.op "aten::where"(%arg0) {{.*}}: (!tg.tensor) -> !tg.tensor
// CHECK-NEXT:    %{{.*}} = tg.kernel "fused_neg_relu_where_0"(%[[IDX]], %arg0, %arg1)
// CHECK:           tg.op "aten::where"(%in_0, %in_1, %{{.*}})
// CHECK-NOT:     tg.kernel "
tg.graph @"Net::where"(%self: !tg.module<"Net">, %mask: !tg.tensor, %x: !tg.tensor) -> (!tg.tensor, !tg.tensor) {
  %idx = tg.op "aten::where"(%mask) : (!tg.tensor) -> !tg.tensor
  %n = tg.op "aten::neg"(%idx) : (!tg.tensor) -> !tg.tensor
  %w = tg.op "aten::where"(%mask, %x, %n) : (!tg.tensor, !tg.tensor, !tg.tensor) -> !tg.tensor
  %r = tg.op "aten::relu"(%w) : (!tg.tensor) -> !tg.tensor
  tg.return %n, %r : !tg.tensor, !tg.tensor
}
