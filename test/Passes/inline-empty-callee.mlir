// A call whose callee brings no op (googlenet's `x = self._transform_input(x)`
// when transform_input is False: TorchScript compiles the method to
// `return x`) leaves no op to carry its location as a frame. --tg-inline
// records it as eliminated instead of dropping it; both ways of inlining
// agree. A nested call that does bring ops carries its caller's frame, so
// only the innermost empty call is recorded.

// RUN: tg-opt %s --tg-inline -mlir-print-debuginfo -mlir-print-local-scope | FileCheck %s
// RUN: tg-opt %s --tg-inline=clone-in-order=false -mlir-print-debuginfo -mlir-print-local-scope | FileCheck %s
// RUN: tg-opt %s --tg-snapshot-origins --tg-inline --tg-verify-origins=compare=leaf -o /dev/null
// RUN: tg-opt %s --tg-snapshot-origins --tg-inline=clone-in-order=false --tg-verify-origins=compare=leaf -o /dev/null

// CHECK-LABEL: tg.graph @"Net::forward"
// CHECK:         %[[R:.*]] = tg.op "aten::relu"(%arg0)
// CHECK-NEXT:    tg.return %[[R]]
// CHECK-NEXT:  } loc(fused[{{.*}}, fused<#tg.origin_record<eliminated, pass = "tg-inline", op = "tg.call_method">>["net.py":3:13], fused<#tg.origin_record<eliminated, pass = "tg-inline", op = "tg.call_method">>[callsite("net.py":12:16 at fused<#tg.frame<instance = "SELF", class = "Net", method = "outer">>["net.py":5:8])]])
// CHECK-NOT:   origin_record

tg.graph @"Net::forward"(%self: !tg.module<"Net">, %x: !tg.tensor) -> !tg.tensor attributes {tg.entry} {
  %t = tg.call_method @"Net::identity"(%self, %x) : (!tg.module<"Net">, !tg.tensor) -> !tg.tensor loc("net.py":3:13)
  %o = tg.call_method @"Net::outer"(%self, %t) : (!tg.module<"Net">, !tg.tensor) -> !tg.tensor loc("net.py":5:8)
  tg.return %o : !tg.tensor loc(unknown)
}

tg.graph @"Net::identity"(%self: !tg.module<"Net">, %x: !tg.tensor) -> !tg.tensor {
  tg.return %x : !tg.tensor loc(unknown)
}

// Brings an op of its own and an empty call.
tg.graph @"Net::outer"(%self: !tg.module<"Net">, %x: !tg.tensor) -> !tg.tensor {
  %r = tg.op "aten::relu"(%x) : (!tg.tensor) -> !tg.tensor loc("net.py":11:12)
  %i = tg.call_method @"Net::identity"(%self, %r) : (!tg.module<"Net">, !tg.tensor) -> !tg.tensor loc("net.py":12:16)
  tg.return %i : !tg.tensor loc(unknown)
}
