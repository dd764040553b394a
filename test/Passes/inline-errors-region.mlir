// A call inside an op of a dialect that does not accept inlined code is an
// error before anything is inlined. (Symbol lookup through an unregistered op
// fails the parser's verifier, so this IR is read without it, as IR built in
// memory would reach the pass.)
// RUN: tg-opt %s -allow-unregistered-dialect --mlir-very-unsafe-disable-verifier-on-parsing --tg-inline -verify-diagnostics
// RUN: not tg-opt %s -allow-unregistered-dialect --mlir-very-unsafe-disable-verifier-on-parsing --tg-inline 2>&1 | FileCheck %s
// CHECK: error: cannot inline @"A::forward" into 'test.region'
tg.graph @"A::forward"(%self: !tg.module<"A">, %x: !tg.tensor) -> !tg.tensor {
  tg.return %x : !tg.tensor
}
tg.graph @"C::forward"(%self: !tg.module<"C">, %x: !tg.tensor) -> !tg.tensor attributes {tg.entry} {
  %a = tg.get_submodule %self["a"] : !tg.module<"C"> -> !tg.module<"A">
  "test.region"() ({
    // expected-error @+1 {{cannot inline @"A::forward" into 'test.region'}}
    %0 = tg.call_method @"A::forward"(%a, %x) : (!tg.module<"A">, !tg.tensor) -> !tg.tensor
    "test.end"() : () -> ()
  }) : () -> ()
  tg.return %x : !tg.tensor
}
