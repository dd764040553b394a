// RUN: tg-opt %s -split-input-file --tg-decompose -mlir-print-debuginfo -mlir-print-local-scope | FileCheck %s
// Every origin is kept: the constants stand at the folded ops' locations,
// and the loops that filled the lists are recorded.
// RUN: tg-opt %s -split-input-file --tg-snapshot-origins --tg-decompose --tg-verify-origins -o /dev/null
// Only with prim::ListConstruct and prim::unchecked_cast among the ops.
// RUN: tg-opt %s -split-input-file '--tg-decompose=ops=aten::softmax' | FileCheck %s --check-prefix=ONLY

// TorchScript's F.interpolate builds its scale factors as
// `[scale_factor for _ in range(dim)]`: an empty list, then a loop of a
// trip count it computes (`4 - 2`) appending the same float. The list is
// the constant, at its location; the loop and its body are recorded as
// eliminated by tg-decompose on the graph. The ops that computed the trip
// count stay.
// CHECK-LABEL: tg.graph @scales
// CHECK: %[[TRIPS:.*]] = tg.op "aten::sub"
// CHECK: %[[SCALES:.*]] = tg.constant([2.000000e+00, 2.000000e+00]) : !tg.value loc("functional.py":3890:8)
// CHECK-NOT: tg.op "prim::Loop"
// CHECK-NOT: tg.op "aten::append"
// CHECK: tg.op "aten::upsample_nearest2d"(%arg0, %{{.*}}, %[[SCALES]])
// CHECK: } loc(fused[
// CHECK-SAME: #tg.origin_record<eliminated, pass = "tg-decompose", op = "prim::Loop">
// CHECK-SAME: "functional.py":3890:24
// CHECK-SAME: #tg.origin_record<eliminated, pass = "tg-decompose", op = "aten::append">
// CHECK-SAME: "functional.py":3890:9
// ONLY-LABEL: tg.graph @scales
// ONLY: tg.op "prim::Loop"
// ONLY: tg.op "aten::upsample_nearest2d"(%arg0, %{{.*}}, %{{.*}})
tg.graph @scales(%x: tensor<1x4x8x8xf32>) -> tensor<1x4x16x16xf32> {
  %true = tg.constant(true) : !tg.value
  %none = tg.constant(unit) : !tg.value
  %two = tg.constant(2 : i64) : !tg.value
  %four = tg.constant(4 : i64) : !tg.value
  %scale = tg.constant(2.0 : f64) : !tg.value
  %dim = tg.op "aten::sub"(%four, %two) : (!tg.value, !tg.value) -> !tg.value
  %cast = tg.op "prim::unchecked_cast"(%scale) : (!tg.value) -> !tg.value
  %list = tg.op "prim::ListConstruct"() : () -> !tg.value loc("functional.py":3890:8)
  tg.op "prim::Loop"(%dim, %true) ({
  ^bb0(%i: !tg.value):
    %r = tg.op "aten::append"(%list, %cast) : (!tg.value, !tg.value) -> !tg.value loc("functional.py":3890:9)
    tg.yield %true : !tg.value
  }) : (!tg.value, !tg.value) -> () loc("functional.py":3890:24)
  %len = tg.op "aten::len"(%list) : (!tg.value) -> !tg.value
  %y = tg.op "aten::upsample_nearest2d"(%x, %none, %list) : (tensor<1x4x8x8xf32>, !tg.value, !tg.value) -> tensor<1x4x16x16xf32>
  tg.return %y : tensor<1x4x16x16xf32>
}

// -----

// An int appended (`size` given as one int): a list of ints. No iteration:
// the empty list. A list the graph returns stays (its reader is not known).
// CHECK-LABEL: tg.graph @ints
// CHECK: tg.constant([16, 16, 16]) : !tg.value
// CHECK: tg.constant([]) : !tg.value
// CHECK: tg.op "prim::Loop"
// CHECK-NOT: tg.op "prim::Loop"
tg.graph @ints() -> (!tg.value, !tg.value, !tg.value) {
  %true = tg.constant(true) : !tg.value
  %zero = tg.constant(0 : i64) : !tg.value
  %three = tg.constant(3 : i64) : !tg.value
  %size = tg.constant(16 : i64) : !tg.value
  %list = tg.op "prim::ListConstruct"() : () -> !tg.value
  tg.op "prim::Loop"(%three, %true) ({
  ^bb0(%i: !tg.value):
    %r = tg.op "aten::append"(%list, %size) : (!tg.value, !tg.value) -> !tg.value
    tg.yield %true : !tg.value
  }) : (!tg.value, !tg.value) -> ()
  %empty = tg.op "prim::ListConstruct"() : () -> !tg.value
  tg.op "prim::Loop"(%zero, %true) ({
  ^bb0(%i: !tg.value):
    %r = tg.op "aten::append"(%empty, %size) : (!tg.value, !tg.value) -> !tg.value
    tg.yield %true : !tg.value
  }) : (!tg.value, !tg.value) -> ()
  %returned = tg.op "prim::ListConstruct"() : () -> !tg.value
  tg.op "prim::Loop"(%three, %true) ({
  ^bb0(%i: !tg.value):
    %r = tg.op "aten::append"(%returned, %size) : (!tg.value, !tg.value) -> !tg.value
    tg.yield %true : !tg.value
  }) : (!tg.value, !tg.value) -> ()
  %n = tg.op "aten::len"(%list) : (!tg.value) -> !tg.value
  %m = tg.op "aten::len"(%empty) : (!tg.value) -> !tg.value
  tg.return %n, %m, %returned : !tg.value, !tg.value, !tg.value
}

// -----

// Left alone: a trip count not known (an argument), an element that
// depends on the iteration, a list changed after the loop, a list read
// before it, a loop whose condition is not known true, a body doing more
// than the append, more iterations than are unrolled (64), a bool.
// CHECK-LABEL: tg.graph @left
// CHECK-COUNT-8: tg.op "prim::Loop"
// CHECK-NOT: tg.constant([
tg.graph @left(%n: !tg.value, %c: !tg.value) -> (!tg.value, !tg.value, !tg.value, !tg.value, !tg.value, !tg.value, !tg.value, !tg.value) {
  %true = tg.constant(true) : !tg.value
  %two = tg.constant(2 : i64) : !tg.value
  %big = tg.constant(65 : i64) : !tg.value
  %scale = tg.constant(2.0 : f64) : !tg.value
  %l1 = tg.op "prim::ListConstruct"() : () -> !tg.value
  tg.op "prim::Loop"(%n, %true) ({
  ^bb0(%i: !tg.value):
    %r = tg.op "aten::append"(%l1, %scale) : (!tg.value, !tg.value) -> !tg.value
    tg.yield %true : !tg.value
  }) : (!tg.value, !tg.value) -> ()
  %l2 = tg.op "prim::ListConstruct"() : () -> !tg.value
  tg.op "prim::Loop"(%two, %true) ({
  ^bb0(%i: !tg.value):
    %r = tg.op "aten::append"(%l2, %i) : (!tg.value, !tg.value) -> !tg.value
    tg.yield %true : !tg.value
  }) : (!tg.value, !tg.value) -> ()
  %l3 = tg.op "prim::ListConstruct"() : () -> !tg.value
  tg.op "prim::Loop"(%two, %true) ({
  ^bb0(%i: !tg.value):
    %r = tg.op "aten::append"(%l3, %scale) : (!tg.value, !tg.value) -> !tg.value
    tg.yield %true : !tg.value
  }) : (!tg.value, !tg.value) -> ()
  %p3 = tg.op "aten::pop"(%l3, %two) : (!tg.value, !tg.value) -> !tg.value
  %l4 = tg.op "prim::ListConstruct"() : () -> !tg.value
  %len4 = tg.op "aten::len"(%l4) : (!tg.value) -> !tg.value
  tg.op "prim::Loop"(%two, %true) ({
  ^bb0(%i: !tg.value):
    %r = tg.op "aten::append"(%l4, %scale) : (!tg.value, !tg.value) -> !tg.value
    tg.yield %true : !tg.value
  }) : (!tg.value, !tg.value) -> ()
  %l5 = tg.op "prim::ListConstruct"() : () -> !tg.value
  tg.op "prim::Loop"(%two, %c) ({
  ^bb0(%i: !tg.value):
    %r = tg.op "aten::append"(%l5, %scale) : (!tg.value, !tg.value) -> !tg.value
    tg.yield %true : !tg.value
  }) : (!tg.value, !tg.value) -> ()
  %l6 = tg.op "prim::ListConstruct"() : () -> !tg.value
  tg.op "prim::Loop"(%two, %true) ({
  ^bb0(%i: !tg.value):
    %r = tg.op "aten::append"(%l6, %scale) : (!tg.value, !tg.value) -> !tg.value
    %p = tg.op "aten::print"(%i) : (!tg.value) -> !tg.value
    tg.yield %true : !tg.value
  }) : (!tg.value, !tg.value) -> ()
  %l7 = tg.op "prim::ListConstruct"() : () -> !tg.value
  tg.op "prim::Loop"(%big, %true) ({
  ^bb0(%i: !tg.value):
    %r = tg.op "aten::append"(%l7, %scale) : (!tg.value, !tg.value) -> !tg.value
    tg.yield %true : !tg.value
  }) : (!tg.value, !tg.value) -> ()
  %l8 = tg.op "prim::ListConstruct"() : () -> !tg.value
  tg.op "prim::Loop"(%two, %true) ({
  ^bb0(%i: !tg.value):
    %r = tg.op "aten::append"(%l8, %true) : (!tg.value, !tg.value) -> !tg.value
    tg.yield %true : !tg.value
  }) : (!tg.value, !tg.value) -> ()
  tg.return %l1, %l2, %l3, %l4, %l5, %l6, %l7, %l8 : !tg.value, !tg.value, !tg.value, !tg.value, !tg.value, !tg.value, !tg.value, !tg.value
}

// -----

// A list of float constants (`scale_factor=(1.0, 2.0, 2.0)`) is a constant
// list too; ints and floats mixed are not.
// CHECK-LABEL: tg.graph @floats
// CHECK: tg.constant([1.000000e+00, 2.000000e+00, 2.000000e+00]) : !tg.value loc("f.py":1:1)
// CHECK: tg.op "prim::ListConstruct"
tg.graph @floats(%x: tensor<1x4x1x10x10xf32>) -> (tensor<1x4x1x20x20xf32>, !tg.value) {
  %none = tg.constant(unit) : !tg.value
  %one = tg.constant(1.0 : f64) : !tg.value
  %two = tg.constant(2.0 : f64) : !tg.value
  %three = tg.constant(3 : i64) : !tg.value
  %l = tg.op "prim::ListConstruct"(%one, %two, %two) : (!tg.value, !tg.value, !tg.value) -> !tg.value loc("f.py":1:1)
  %y = tg.op "aten::upsample_nearest3d"(%x, %none, %l) : (tensor<1x4x1x10x10xf32>, !tg.value, !tg.value) -> tensor<1x4x1x20x20xf32>
  %m = tg.op "prim::ListConstruct"(%one, %three) : (!tg.value, !tg.value) -> !tg.value
  %n = tg.op "aten::len"(%m) : (!tg.value) -> !tg.value
  tg.return %y, %n : tensor<1x4x1x20x20xf32>, !tg.value
}

// -----

// A cast of a constant is the constant, at the cast's location (the size
// F.interpolate hands on through two casts); a cast of a list that a user
// changes through it stays, and so does a cast of a tensor.
// CHECK-LABEL: tg.graph @casts
// CHECK: %[[SIZE:.*]] = tg.constant([20, 30]) : !tg.value loc("f.py":2:2)
// CHECK: tg.op "aten::upsample_nearest2d"(%arg0, %[[SIZE]], %{{.*}})
// CHECK: %[[CHANGED:.*]] = tg.op "prim::unchecked_cast"
// CHECK: tg.op "aten::append"(%[[CHANGED]]
// CHECK: tg.op "prim::unchecked_cast"(%arg0)
tg.graph @casts(%x: tensor<1x4x10x10xf32>) -> (tensor<1x4x20x30xf32>, !tg.value, !tg.tensor) {
  %none = tg.constant(unit) : !tg.value
  %size = tg.constant([20, 30]) : !tg.value
  %one = tg.constant(1 : i64) : !tg.value
  %c1 = tg.op "prim::unchecked_cast"(%size) : (!tg.value) -> !tg.value
  %c2 = tg.op "prim::unchecked_cast"(%c1) : (!tg.value) -> !tg.value loc("f.py":2:2)
  %y = tg.op "aten::upsample_nearest2d"(%x, %c2, %none) : (tensor<1x4x10x10xf32>, !tg.value, !tg.value) -> tensor<1x4x20x30xf32>
  %c3 = tg.op "prim::unchecked_cast"(%size) : (!tg.value) -> !tg.value
  %a = tg.op "aten::append"(%c3, %one) : (!tg.value, !tg.value) -> !tg.value
  %t = tg.op "prim::unchecked_cast"(%x) : (tensor<1x4x10x10xf32>) -> !tg.tensor
  tg.return %y, %c3, %t : tensor<1x4x20x30xf32>, !tg.value, !tg.tensor
}

// -----

// F.interpolate checks `len(size) != dim` and raises otherwise: once the
// size is a constant list, the condition is known, and the prim::If goes as
// --tg-inline folds the others, the branch not taken recorded as
// eliminated by tg-decompose. Not with ops=, which touches only what it
// names (ops=aten::softmax: nothing folds, the If stays).
// CHECK-LABEL: tg.graph @size_check
// CHECK-NOT: tg.op "prim::If"
// CHECK-NOT: prim::RaiseException"(
// CHECK: tg.return
// CHECK: #tg.origin_record<eliminated, pass = "tg-decompose", op = "prim::RaiseException">
// ONLY-LABEL: tg.graph @size_check
// ONLY: tg.op "prim::If"
tg.graph @size_check(%x: tensor<1x4x10x10xf32>) -> tensor<1x4x20x30xf32> {
  %none = tg.constant(unit) : !tg.value
  %two = tg.constant(2 : i64) : !tg.value
  %four = tg.constant(4 : i64) : !tg.value
  %msg = tg.constant("size shape must match input shape") : !tg.value
  %err = tg.constant("builtins.ValueError") : !tg.value
  %size = tg.constant([20, 30]) : !tg.value
  %dim = tg.op "aten::sub"(%four, %two) : (!tg.value, !tg.value) -> !tg.value
  %c1 = tg.op "prim::unchecked_cast"(%size) : (!tg.value) -> !tg.value
  %c2 = tg.op "prim::unchecked_cast"(%c1) : (!tg.value) -> !tg.value
  %len = tg.op "aten::len"(%c2) : (!tg.value) -> !tg.value
  %ne = tg.op "aten::ne"(%len, %dim) : (!tg.value, !tg.value) -> !tg.value
  tg.op "prim::If"(%ne) ({
    tg.op "prim::RaiseException"(%msg, %err) : (!tg.value, !tg.value) -> () loc("functional.py":3900:8)
    tg.yield
  }, {
    tg.yield
  }) : (!tg.value) -> ()
  %y = tg.op "aten::upsample_nearest2d"(%x, %c2, %none) : (tensor<1x4x10x10xf32>, !tg.value, !tg.value) -> tensor<1x4x20x30xf32>
  tg.return %y : tensor<1x4x20x30xf32>
}

// -----

// A segmentation head upsamples to `x.shape[-2:]`: TorchScript slices the
// size list (`aten::slice.t`, Python's rules: None for a bound, negative
// bounds from the end, clamped; a positive step). A slice of a known list
// is the constant, at the slice's location; a slice whose bounds are not
// known, whose step is not positive, or that something may change (an
// append; a graph's result, which a caller may change), stays.
// CHECK-LABEL: tg.graph @slices
// CHECK-DAG: tg.constant([20, 30]) : !tg.value loc("seg.py":9:4)
// CHECK-DAG: tg.constant([1, 20]) : !tg.value loc("seg.py":10:4)
// CHECK-DAG: tg.constant([4, 30]) : !tg.value loc("seg.py":11:4)
// CHECK-DAG: tg.constant([]) : !tg.value loc("seg.py":12:4)
// CHECK: tg.op "aten::slice"(%{{.*}}, %{{.*}}, %{{.*}}, %arg0)
// CHECK: tg.op "aten::slice"(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) {{.*}} loc("seg.py":14:4)
// CHECK: tg.op "aten::slice"(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) {{.*}} loc("seg.py":15:4)
// CHECK: tg.op "aten::append"
// ONLY-LABEL: tg.graph @slices
// ONLY-COUNT-7: tg.op "aten::slice"
tg.graph @slices(%step: !tg.value, %y: tensor<1x4x20x30xf32>) -> !tg.value {
  %none = tg.constant(unit) : !tg.value
  %m2 = tg.constant(-2 : i64) : !tg.value
  %m9 = tg.constant(-9 : i64) : !tg.value
  %zero = tg.constant(0 : i64) : !tg.value
  %one = tg.constant(1 : i64) : !tg.value
  %two = tg.constant(2 : i64) : !tg.value
  %shape = tg.op "aten::size"(%y) : (tensor<1x4x20x30xf32>) -> !tg.value
  %last = tg.op "aten::slice"(%shape, %m2, %none, %one) : (!tg.value, !tg.value, !tg.value, !tg.value) -> !tg.value loc("seg.py":9:4)
  %every = tg.op "aten::slice"(%shape, %m9, %none, %two) : (!tg.value, !tg.value, !tg.value, !tg.value) -> !tg.value loc("seg.py":10:4)
  %odd = tg.op "aten::slice"(%shape, %one, %none, %two) : (!tg.value, !tg.value, !tg.value, !tg.value) -> !tg.value loc("seg.py":11:4)
  %empty = tg.op "aten::slice"(%shape, %two, %one, %one) : (!tg.value, !tg.value, !tg.value, !tg.value) -> !tg.value loc("seg.py":12:4)
  %unknown = tg.op "aten::slice"(%shape, %zero, %none, %step) : (!tg.value, !tg.value, !tg.value, !tg.value) -> !tg.value loc("seg.py":13:4)
  %backwards = tg.op "aten::slice"(%shape, %zero, %none, %m2) : (!tg.value, !tg.value, !tg.value, !tg.value) -> !tg.value loc("seg.py":14:4)
  %changed = tg.op "aten::slice"(%shape, %zero, %none, %one) : (!tg.value, !tg.value, !tg.value, !tg.value) -> !tg.value loc("seg.py":15:4)
  tg.op "aten::append"(%changed, %one) : (!tg.value, !tg.value) -> ()
  %used = tg.op "read::lists"(%last, %every, %odd, %empty, %unknown, %backwards, %changed) : (!tg.value, !tg.value, !tg.value, !tg.value, !tg.value, !tg.value, !tg.value) -> !tg.value
  tg.return %used : !tg.value
}
