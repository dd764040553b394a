// RUN: tg-opt %s -split-input-file -verify-diagnostics -mlir-print-debuginfo | FileCheck %s
// RUN: tg-opt %s -split-input-file -verify-diagnostics -mlir-print-debuginfo | tg-opt -split-input-file -mlir-print-debuginfo | FileCheck %s
// RUN: tg-opt %s -split-input-file -verify-diagnostics -strip-debuginfo -mlir-print-debuginfo | FileCheck %s --check-prefix=STRIP

// Origin records are location metadata: they round-trip on the location of
// the op a pass ran on, with the full origin (call-site chain intact), and
// -strip-debuginfo removes them as any other location.

// CHECK: module {
// CHECK: func.func @f()
// CHECK: {{^}}} loc(#[[ALL:loc[0-9]+]])
// CHECK-DAG: #[[ELIM:.+]] = #tg.origin_record<eliminated, pass = "tg-canonicalize", op = "arith.addi">
// CHECK-DAG: #[[MERGED:.+]] = #tg.origin_record<merged, pass = "tg-cse", op = "arith.constant", into = #[[INTO:loc[0-9]*]]>
// CHECK-DAG: #[[INTO]] = loc("model.py":7:3)
// CHECK-DAG: #[[STACK:.+]] = loc(callsite(#{{.+}} at #{{.+}}))
// CHECK-DAG: #[[R1:.+]] = loc(fused<#[[ELIM]]>[#[[STACK]]])
// CHECK-DAG: #[[R2:.+]] = loc(fused<#[[MERGED]]>[#{{.+}}])
// CHECK-DAG: #[[ALL]] = loc(fused[#{{.+}}, #[[R1]], #[[R2]]])
// STRIP-NOT: origin_record
module {
  func.func @f() {
    return
  }
} loc(fused["in.mlir":1:1,
  fused<#tg.origin_record<eliminated, pass = "tg-canonicalize", op = "arith.addi">>[
    callsite("model.py":12:8 at "model.py":3:4)],
  fused<#tg.origin_record<merged, pass = "tg-cse", op = "arith.constant",
                          into = loc("model.py":7:3)>>["model.py":40:3]])

// -----

// expected-error @+1 {{origin record kind must be 'eliminated' or 'merged', got 'lost'}}
module attributes {a = #tg.origin_record<lost, pass = "p", op = "o">} {}

// -----

// expected-error @+1 {{a 'merged' origin record needs 'into', the location of the op that holds it}}
module attributes {a = #tg.origin_record<merged, pass = "p", op = "o">} {}

// -----

// expected-error @+1 {{an 'eliminated' origin record has no 'into'}}
module attributes {a = #tg.origin_record<eliminated, pass = "p", op = "o", into = loc("a.py":2:2)>} {}
