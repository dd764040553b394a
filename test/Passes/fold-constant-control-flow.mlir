// --tg-fold-constant-control-flow: a prim::If on a known condition becomes
// the branch it takes; every origin of what goes away is recorded on the
// graph, and no origin is lost (tg-verify-origins).

// RUN: tg-opt %s -split-input-file --tg-fold-constant-control-flow -mlir-print-debuginfo -mlir-print-local-scope | FileCheck %s
// RUN: tg-opt %s -split-input-file --tg-snapshot-origins --tg-fold-constant-control-flow --tg-verify-origins -o /dev/null

// F.relu(x, inplace=True): the taken branch's op moves out, unchanged.
// CHECK-LABEL: tg.graph @relu_inplace(
// CHECK-NEXT:    %[[T:.*]] = tg.constant(true) : !tg.value loc("nn.py":1:1)
// CHECK-NEXT:    %[[R:.*]] = tg.op "aten::relu_"(%arg0) : (!tg.tensor) -> !tg.tensor loc("functional.py":1460:17)
// CHECK-NEXT:    tg.return %[[R]] : !tg.tensor
// The branch not taken and the If are recorded, op by op, on the graph.
// CHECK-NEXT:  } loc(fused[{{.*}}, fused<#tg.origin_record<eliminated, pass = "tg-fold-constant-control-flow", op = "aten::relu">>["functional.py":1462:17], {{.*}}fused<#tg.origin_record<eliminated, pass = "tg-fold-constant-control-flow", op = "prim::If">>["functional.py":1459:4]])
tg.graph @"relu_inplace"(%x: !tg.tensor) -> !tg.tensor {
  %inplace = tg.constant(true) : !tg.value loc("nn.py":1:1)
  %r = tg.op "prim::If"(%inplace) ({
    %a = tg.op "aten::relu_"(%x) : (!tg.tensor) -> !tg.tensor loc("functional.py":1460:17)
    tg.yield %a : !tg.tensor
  }, {
    %b = tg.op "aten::relu"(%x) : (!tg.tensor) -> !tg.tensor loc("functional.py":1462:17)
    tg.yield %b : !tg.tensor
  }) : (!tg.value) -> !tg.tensor loc("functional.py":1459:4)
  tg.return %r : !tg.tensor
}

// -----

// `if self.training:` in eval mode takes the else branch; an If without
// results goes with its branches, and the records of nested ops (the whole
// branch not taken, nested Ifs included) are kept.
// CHECK-LABEL: tg.graph @batch_norm_eval(
// CHECK-NOT:     prim::If
// CHECK-NOT:     aten::add_
// CHECK:         %[[BN:.*]] = tg.op "aten::batch_norm"
// CHECK-NEXT:    tg.return %[[BN]]
// CHECK-NEXT:  } loc(fused[
// CHECK-SAME:    op = "aten::add_">>["batchnorm.py":160:16]
// CHECK-SAME:    op = "prim::If">>["batchnorm.py":161:12]
// CHECK-SAME:    op = "aten::mul">>["batchnorm.py":162:20]
// CHECK-SAME:    op = "prim::If">>["batchnorm.py":158:8]])
tg.graph @"batch_norm_eval"(%x: !tg.tensor, %n: !tg.tensor, %c: !tg.value) -> !tg.tensor {
  %training = tg.constant(false) : !tg.value
  %one = tg.constant(1 : i64) : !tg.value
  tg.op "prim::If"(%training) ({
    %0 = tg.op "aten::add_"(%n, %one, %one) : (!tg.tensor, !tg.value, !tg.value) -> !tg.tensor loc("batchnorm.py":160:16)
    tg.op "prim::If"(%c) ({
      %1 = tg.op "aten::mul"(%n, %n) : (!tg.tensor, !tg.tensor) -> !tg.tensor loc("batchnorm.py":162:20)
      tg.yield
    }, {
      tg.yield
    }) : (!tg.value) -> () loc("batchnorm.py":161:12)
    tg.yield
  }, {
    tg.yield
  }) : (!tg.value) -> () loc("batchnorm.py":158:8)
  %y = tg.op "aten::batch_norm"(%x) : (!tg.tensor) -> !tg.tensor loc("batchnorm.py":170:15)
  tg.return %y : !tg.tensor
}

// -----

// Conditions TorchScript builds from constants: `not`, `or` (itself an If
// that yields constants, folded first), comparisons of ints and floats,
// `is None`, string equality.
// CHECK-LABEL: tg.graph @stochastic_depth(
// CHECK-NOT:     prim::If
// CHECK-NOT:     aten::bernoulli_
// CHECK:         tg.return %arg0
tg.graph @"stochastic_depth"(%x: !tg.tensor) -> !tg.tensor {
  %training = tg.constant(false) : !tg.value
  %p = tg.constant(2.000000e-01 : f64) : !tg.value
  %zero = tg.constant(0.000000e+00 : f64) : !tg.value
  %not = tg.op "aten::__not__"(%training) : (!tg.value) -> !tg.value loc("sd.py":1:8)
  %or = tg.op "prim::If"(%not) ({
    %t = tg.constant(true) : !tg.value
    tg.yield %t : !tg.value
  }, {
    %eq = tg.op "aten::eq"(%p, %zero) : (!tg.value, !tg.value) -> !tg.value loc("sd.py":1:30)
    tg.yield %eq : !tg.value
  }) : (!tg.value) -> !tg.value loc("sd.py":1:8)
  %r = tg.op "prim::If"(%or) ({
    tg.yield %x : !tg.tensor
  }, {
    %noise = tg.op "aten::bernoulli_"(%x, %p) : (!tg.tensor, !tg.value) -> !tg.tensor loc("sd.py":3:4)
    tg.yield %noise : !tg.tensor
  }) : (!tg.value) -> !tg.tensor loc("sd.py":1:4)
  tg.return %r : !tg.tensor
}

// CHECK-LABEL: tg.graph @known_conditions(
// CHECK-NOT:     prim::If
// CHECK:         %[[A:.*]] = tg.op "taken::lt"
// CHECK:         %[[B:.*]] = tg.op "taken::is_none"
// CHECK:         %[[C:.*]] = tg.op "taken::isnot"
// CHECK:         %[[D:.*]] = tg.op "taken::str_ne"
// CHECK:         %[[E:.*]] = tg.op "taken::int_float_eq"
// CHECK:         %[[F:.*]] = tg.op "taken::and"
// CHECK:         tg.return %[[A]], %[[B]], %[[C]], %[[D]], %[[E]], %[[F]]
// CHECK-NOT:     tg.op "not_taken
tg.graph @"known_conditions"() -> (!tg.value, !tg.value, !tg.value, !tg.value, !tg.value, !tg.value) {
  %two = tg.constant(2 : i64) : !tg.value
  %three = tg.constant(3 : i64) : !tg.value
  %threef = tg.constant(3.000000e+00 : f64) : !tg.value
  %none = tg.constant(unit) : !tg.value
  %row = tg.constant("row") : !tg.value
  %batch = tg.constant("batch") : !tg.value
  %t = tg.constant(true) : !tg.value
  %lt = tg.op "aten::lt"(%two, %three) : (!tg.value, !tg.value) -> !tg.value
  %a = tg.op "prim::If"(%lt) ({
    %v = tg.op "taken::lt"() : () -> !tg.value
    tg.yield %v : !tg.value
  }, {
    %v = tg.op "not_taken::lt"() : () -> !tg.value
    tg.yield %v : !tg.value
  }) : (!tg.value) -> !tg.value
  %is = tg.op "aten::__is__"(%none, %none) : (!tg.value, !tg.value) -> !tg.value
  %b = tg.op "prim::If"(%is) ({
    %v = tg.op "taken::is_none"() : () -> !tg.value
    tg.yield %v : !tg.value
  }, {
    %v = tg.op "not_taken::is_none"() : () -> !tg.value
    tg.yield %v : !tg.value
  }) : (!tg.value) -> !tg.value
  %isnot = tg.op "aten::__isnot__"(%two, %none) : (!tg.value, !tg.value) -> !tg.value
  %c = tg.op "prim::If"(%isnot) ({
    %v = tg.op "taken::isnot"() : () -> !tg.value
    tg.yield %v : !tg.value
  }, {
    %v = tg.op "not_taken::isnot"() : () -> !tg.value
    tg.yield %v : !tg.value
  }) : (!tg.value) -> !tg.value
  %ne = tg.op "aten::ne"(%row, %batch) : (!tg.value, !tg.value) -> !tg.value
  %d = tg.op "prim::If"(%ne) ({
    %v = tg.op "taken::str_ne"() : () -> !tg.value
    tg.yield %v : !tg.value
  }, {
    %v = tg.op "not_taken::str_ne"() : () -> !tg.value
    tg.yield %v : !tg.value
  }) : (!tg.value) -> !tg.value
  %eq = tg.op "aten::eq"(%three, %threef) : (!tg.value, !tg.value) -> !tg.value
  %e = tg.op "prim::If"(%eq) ({
    %v = tg.op "taken::int_float_eq"() : () -> !tg.value
    tg.yield %v : !tg.value
  }, {
    %v = tg.op "not_taken::int_float_eq"() : () -> !tg.value
    tg.yield %v : !tg.value
  }) : (!tg.value) -> !tg.value
  %and = tg.op "aten::__and__"(%t, %eq) : (!tg.value, !tg.value) -> !tg.value
  %f = tg.op "prim::If"(%and) ({
    %v = tg.op "taken::and"() : () -> !tg.value
    tg.yield %v : !tg.value
  }, {
    %v = tg.op "not_taken::and"() : () -> !tg.value
    tg.yield %v : !tg.value
  }) : (!tg.value) -> !tg.value
  tg.return %a, %b, %c, %d, %e, %f : !tg.value, !tg.value, !tg.value, !tg.value, !tg.value, !tg.value
}

// A list built in place is never None (max_pool2d's `if stride is None`).
// CHECK-LABEL: tg.graph @list_is_none(
// CHECK-NOT:     prim::If
// CHECK:         %[[L:.*]] = tg.op "prim::ListConstruct"
// CHECK:         tg.return %[[L]]
tg.graph @"list_is_none"(%k: !tg.value) -> !tg.value {
  %none = tg.constant(unit) : !tg.value
  %l = tg.op "prim::ListConstruct"(%k, %k) : (!tg.value, !tg.value) -> !tg.value
  %is = tg.op "aten::__is__"(%l, %none) : (!tg.value, !tg.value) -> !tg.value
  %r = tg.op "prim::If"(%is) ({
    %e = tg.op "prim::ListConstruct"() : () -> !tg.value
    tg.yield %e : !tg.value
  }, {
    tg.yield %l : !tg.value
  }) : (!tg.value) -> !tg.value
  tg.return %r : !tg.value
}

// -----

// A branch that yields a narrower type than the If declares: a
// prim::unchecked_cast at the If's location bridges them, and holds the
// If's origin (no record for it).
// CHECK-LABEL: tg.graph @optional_result(
// CHECK-NEXT:    %{{.*}} = tg.constant(true)
// CHECK-NEXT:    %[[CAST:.*]] = tg.op "prim::unchecked_cast"(%arg0) : (!tg.tensor) -> !tg.value loc("opt.py":2:4)
// CHECK-NEXT:    tg.return %[[CAST]] : !tg.value
// CHECK-NOT:     op = "prim::If"
// CHECK:         op = "tg.constant"
// CHECK-NOT:     op = "prim::If"
tg.graph @"optional_result"(%x: !tg.tensor) -> !tg.value {
  %c = tg.constant(true) : !tg.value
  %r = tg.op "prim::If"(%c) ({
    tg.yield %x : !tg.tensor
  }, {
    %none = tg.constant(unit) : !tg.value
    tg.yield %none : !tg.value
  }) : (!tg.value) -> !tg.value loc("opt.py":2:4)
  tg.return %r : !tg.value
}

// A narrower value computed inside the taken branch: the cast reads it, so
// it comes after the ops that move out (F.multi_head_attention_forward's
// `b_q, b_k, b_v = b.chunk(3)` under `if b is None: ... else:`).
// CHECK-LABEL: tg.graph @optional_computed_in_branch(
// CHECK-NEXT:    %{{.*}} = tg.constant(false)
// CHECK-NEXT:    %[[Y:.*]] = tg.op "aten::relu"(%arg0)
// CHECK-NEXT:    %[[CAST:.*]] = tg.op "prim::unchecked_cast"(%[[Y]]) : (!tg.tensor) -> !tg.value loc("opt.py":5:4)
// CHECK-NEXT:    tg.return %[[CAST]] : !tg.value
tg.graph @"optional_computed_in_branch"(%x: !tg.tensor) -> !tg.value {
  %c = tg.constant(false) : !tg.value
  %r = tg.op "prim::If"(%c) ({
    %none = tg.constant(unit) : !tg.value
    tg.yield %none : !tg.value
  }, {
    %y = tg.op "aten::relu"(%x) : (!tg.tensor) -> !tg.tensor loc("opt.py":7:8)
    tg.yield %y : !tg.tensor
  }) : (!tg.value) -> !tg.value loc("opt.py":5:4)
  tg.return %r : !tg.value
}

// -----

// What is not known stays: a condition from an argument, a comparison of
// tensors (even tensor constants), `is` between two non-None values (two
// values, not one value with itself), a comparison of a string with an int,
// and Ifs that are not TorchScript's two-branch shape.
// CHECK-LABEL: tg.graph @unknown_conditions(
// CHECK-COUNT-6: tg.op "prim::If"
tg.graph @"unknown_conditions"(%arg: !tg.value, %x: !tg.tensor) {
  %k = tg.constant("tensor(float, shape=[])") : !tg.tensor
  %one = tg.constant(1 : i64) : !tg.value
  %another_one = tg.constant(1 : i64) : !tg.value
  %s = tg.constant("1") : !tg.value
  tg.op "prim::If"(%arg) ({
    tg.yield
  }, {
    tg.yield
  }) : (!tg.value) -> ()
  %teq = tg.op "aten::eq"(%k, %k) : (!tg.tensor, !tg.tensor) -> !tg.value
  tg.op "prim::If"(%teq) ({
    tg.yield
  }, {
    tg.yield
  }) : (!tg.value) -> ()
  %is = tg.op "aten::__is__"(%one, %another_one) : (!tg.value, !tg.value) -> !tg.value
  tg.op "prim::If"(%is) ({
    tg.yield
  }, {
    tg.yield
  }) : (!tg.value) -> ()
  %mixed = tg.op "aten::eq"(%s, %one) : (!tg.value, !tg.value) -> !tg.value
  tg.op "prim::If"(%mixed) ({
    tg.yield
  }, {
    tg.yield
  }) : (!tg.value) -> ()
  %t = tg.constant(true) : !tg.value
  tg.op "prim::If"(%t) ({
    tg.yield
  }) : (!tg.value) -> ()
  tg.op "prim::If"(%t) ({
  ^bb0(%i: !tg.value):
    tg.yield
  }, {
  ^bb0(%j: !tg.value):
    tg.yield
  }) : (!tg.value) -> ()
  tg.return
}
