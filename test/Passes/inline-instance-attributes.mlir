// An attribute whose value differs between instances of one class
// (stochastic depth's `self.p` per block) cannot be a constant in the class's
// graph; torch-to-tg lists it per instance path in tg.instance_attributes,
// and --tg-inline, which knows each read's instance, replaces the read by a
// constant at the read's location, so the branches on it fold per instance.
// fold-control-flow=false keeps the reads.

// RUN: tg-opt %s --tg-inline -mlir-print-debuginfo -mlir-print-local-scope | FileCheck %s
// RUN: tg-opt %s --tg-snapshot-origins --tg-inline --tg-verify-origins=compare=leaf -o /dev/null
// RUN: tg-opt %s --tg-inline=fold-control-flow=false | FileCheck %s --check-prefix=KEEP

// b0 (p = 0.5) keeps the noise, b1 (p = 0.0) skips it; b2 is not in the
// table and keeps its read and its If.
// CHECK-LABEL: tg.graph @"Net::forward"
// CHECK:         tg.constant(5.000000e-01 : f64) : !tg.value loc(callsite("block.py":2:8 at fused<#tg.frame<instance = "b0"
// CHECK:         tg.op "aten::bernoulli"
// CHECK:         tg.constant(0.000000e+00 : f64) : !tg.value loc(callsite("block.py":2:8 at fused<#tg.frame<instance = "b1"
// CHECK-NOT:     tg.op "aten::bernoulli"
// CHECK:         tg.get_attr %{{.*}}["p"]
// CHECK:         tg.op "prim::If"
// CHECK:         tg.return

// KEEP-COUNT-3: tg.get_attr %{{.*}}["p"]

module attributes {tg.instance_attributes = {"b0" = {"p" = 5.000000e-01 : f64}, "b1" = {"p" = 0.000000e+00 : f64}}} {
  tg.graph @"Net::forward"(%self: !tg.module<"Net">, %x: !tg.tensor) -> !tg.tensor attributes {tg.entry} {
    %b0 = tg.get_submodule %self["b0"] : !tg.module<"Net"> -> !tg.module<"Block">
    %b1 = tg.get_submodule %self["b1"] : !tg.module<"Net"> -> !tg.module<"Block">
    %b2 = tg.get_submodule %self["b2"] : !tg.module<"Net"> -> !tg.module<"Block">
    %y0 = tg.call_method @"Block::forward"(%b0, %x) : (!tg.module<"Block">, !tg.tensor) -> !tg.tensor loc("net.py":5:8)
    %y1 = tg.call_method @"Block::forward"(%b1, %y0) : (!tg.module<"Block">, !tg.tensor) -> !tg.tensor loc("net.py":6:8)
    %y2 = tg.call_method @"Block::forward"(%b2, %y1) : (!tg.module<"Block">, !tg.tensor) -> !tg.tensor loc("net.py":7:8)
    tg.return %y2 : !tg.tensor
  }
  tg.graph @"Block::forward"(%self: !tg.module<"Block">, %x: !tg.tensor) -> !tg.tensor {
    %p = tg.get_attr %self["p"] : !tg.module<"Block"> -> !tg.value loc("block.py":2:8)
    %zero = tg.constant(0.000000e+00 : f64) : !tg.value loc("block.py":2:16)
    %skip = tg.op "aten::eq"(%p, %zero) : (!tg.value, !tg.value) -> !tg.value loc("block.py":2:8)
    %r = tg.op "prim::If"(%skip) ({
      tg.yield %x : !tg.tensor loc(unknown)
    }, {
      %n = tg.op "aten::bernoulli"(%x, %p) : (!tg.tensor, !tg.value) -> !tg.tensor loc("block.py":4:12)
      tg.yield %n : !tg.tensor loc(unknown)
    }) : (!tg.value) -> !tg.tensor loc("block.py":2:4)
    tg.return %r : !tg.tensor loc(unknown)
  }
}
