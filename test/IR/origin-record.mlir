// RUN: tg-opt %s -split-input-file -verify-diagnostics | FileCheck %s
// RUN: tg-opt %s -split-input-file -verify-diagnostics | tg-opt -split-input-file | FileCheck %s

// #tg.origin_record round-trips both kinds, with the full origin location
// (call-site chain intact) and the holder's location for `merged`.

// CHECK-DAG: #[[LEAF:.+]] = loc("model.py":12:8)
// CHECK-DAG: #[[CALL:.+]] = loc("model.py":3:4)
// CHECK-DAG: #[[STACK:.+]] = loc(callsite(#[[LEAF]] at #[[CALL]]))
// CHECK-DAG: #[[O:.+]] = loc("model.py":40:3)
// CHECK-DAG: #[[INTO:.+]] = loc("model.py":7:3)
// CHECK: module attributes {tg.origin_records = [
// CHECK-SAME: #tg.origin_record<eliminated, pass = "tg-canonicalize", op = "arith.addi", origin = #[[STACK]]>,
// CHECK-SAME: #tg.origin_record<merged, pass = "tg-cse", op = "arith.constant", origin = #[[O]], into = #[[INTO]]>]}
module attributes {tg.origin_records = [
  #tg.origin_record<eliminated, pass = "tg-canonicalize", op = "arith.addi",
                    origin = loc(callsite("model.py":12:8 at "model.py":3:4))>,
  #tg.origin_record<merged, pass = "tg-cse", op = "arith.constant",
                    origin = loc("model.py":40:3), into = loc("model.py":7:3)>
]} {
}

// -----

// expected-error @+1 {{origin record kind must be 'eliminated' or 'merged', got 'lost'}}
module attributes {a = #tg.origin_record<lost, pass = "p", op = "o", origin = loc("a.py":1:1)>} {}

// -----

// expected-error @+1 {{a 'merged' origin record needs 'into', the location of the op that holds it}}
module attributes {a = #tg.origin_record<merged, pass = "p", op = "o", origin = loc("a.py":1:1)>} {}

// -----

// expected-error @+1 {{an 'eliminated' origin record has no 'into'}}
module attributes {a = #tg.origin_record<eliminated, pass = "p", op = "o", origin = loc("a.py":1:1), into = loc("a.py":2:2)>} {}
