// --tg-inline errors: each a diagnostic at the right place, a nonzero exit,
// and the module left unchanged.
// RUN: tg-opt %s -split-input-file -allow-unregistered-dialect --tg-inline -verify-diagnostics
// RUN: not tg-opt %s -split-input-file -allow-unregistered-dialect --tg-inline 2>&1 | FileCheck %s

// Recursion is diagnosed, naming the whole cycle, not inlined forever.
// CHECK: error: recursive calls cannot be inlined: @"A::ping" -> @"A::pong" -> @"A::ping"
tg.graph @"A::ping"(%self: !tg.module<"A">, %x: !tg.tensor) -> !tg.tensor {
  %0 = tg.call_method @"A::pong"(%self, %x) : (!tg.module<"A">, !tg.tensor) -> !tg.tensor
  tg.return %0 : !tg.tensor
}
tg.graph @"A::pong"(%self: !tg.module<"A">, %x: !tg.tensor) -> !tg.tensor {
  // expected-error @+1 {{recursive calls cannot be inlined: @"A::ping" -> @"A::pong" -> @"A::ping"}}
  %0 = tg.call_method @"A::ping"(%self, %x) : (!tg.module<"A">, !tg.tensor) -> !tg.tensor
  tg.return %0 : !tg.tensor
}
tg.graph @"C::forward"(%self: !tg.module<"C">, %a: !tg.module<"A">, %x: !tg.tensor) -> !tg.tensor attributes {tg.entry} {
  %0 = tg.call_method @"A::ping"(%a, %x) : (!tg.module<"A">, !tg.tensor) -> !tg.tensor
  tg.return %0 : !tg.tensor
}

// -----

// A graph calling itself.
// CHECK: error: recursive calls cannot be inlined: @"C::forward" -> @"C::forward"
tg.graph @"C::forward"(%self: !tg.module<"C">, %x: !tg.tensor) -> !tg.tensor attributes {tg.entry} {
  // expected-error @+1 {{recursive calls cannot be inlined: @"C::forward" -> @"C::forward"}}
  %0 = tg.call_method @"C::forward"(%self, %x) : (!tg.module<"C">, !tg.tensor) -> !tg.tensor
  tg.return %0 : !tg.tensor
}

// -----

// No tg.entry and two graphs nobody calls.
// CHECK: error: tg-inline: cannot choose the entry graph: 2 graphs are called by no other graph (@"A::forward", @"B::forward"); mark the entry with tg.entry or pass entry=<graph>
// expected-error @+1 {{cannot choose the entry graph: 2 graphs are called by no other graph (@"A::forward", @"B::forward")}}
module {
  tg.graph @"A::forward"(%self: !tg.module<"A">, %x: !tg.tensor) -> !tg.tensor {
    tg.return %x : !tg.tensor
  }
  tg.graph @"B::forward"(%self: !tg.module<"B">, %x: !tg.tensor) -> !tg.tensor {
    tg.return %x : !tg.tensor
  }
}

// -----

// Every graph is called by another: no root, and no tg.entry.
// CHECK: error: tg-inline: cannot choose the entry graph: every graph is called by another one
// expected-error @+1 {{cannot choose the entry graph: every graph is called by another one}}
module {
  tg.graph @"A::f"(%self: !tg.module<"A">, %x: !tg.tensor) -> !tg.tensor {
    %0 = tg.call_method @"A::g"(%self, %x) : (!tg.module<"A">, !tg.tensor) -> !tg.tensor
    tg.return %0 : !tg.tensor
  }
  tg.graph @"A::g"(%self: !tg.module<"A">, %x: !tg.tensor) -> !tg.tensor {
    %0 = tg.call_method @"A::f"(%self, %x) : (!tg.module<"A">, !tg.tensor) -> !tg.tensor
    tg.return %0 : !tg.tensor
  }
}

// -----

// Two graphs marked tg.entry.
// CHECK: error: tg-inline: several graphs are marked tg.entry (@"A::forward", @"B::forward"); pass entry=<graph> to choose one
// expected-error @+1 {{several graphs are marked tg.entry}}
module {
  tg.graph @"A::forward"(%self: !tg.module<"A">, %x: !tg.tensor) -> !tg.tensor attributes {tg.entry} {
    tg.return %x : !tg.tensor
  }
  tg.graph @"B::forward"(%self: !tg.module<"B">, %x: !tg.tensor) -> !tg.tensor attributes {tg.entry} {
    tg.return %x : !tg.tensor
  }
}

// -----

// A callee holding an op MLIR cannot inline (no inliner interface): the
// error names it and nothing is inlined.
// CHECK: error: cannot inline @"A::forward": 'test.opaque' has no inliner interface
tg.graph @"A::forward"(%self: !tg.module<"A">, %x: !tg.tensor) -> !tg.tensor {
  // expected-error @+1 {{cannot inline @"A::forward": 'test.opaque' has no inliner interface}}
  %0 = "test.opaque"(%x) : (!tg.tensor) -> !tg.tensor
  tg.return %0 : !tg.tensor
}
tg.graph @"C::forward"(%self: !tg.module<"C">, %x: !tg.tensor) -> !tg.tensor attributes {tg.entry} {
  %a = tg.get_submodule %self["a"] : !tg.module<"C"> -> !tg.module<"A">
  %0 = tg.call_method @"A::forward"(%a, %x) : (!tg.module<"A">, !tg.tensor) -> !tg.tensor
  tg.return %0 : !tg.tensor
}

// -----

// A multi-block callee: tg has no branch op to stitch it in.
// CHECK: error: cannot inline @"A::forward": its body has 2 blocks
// expected-error @+1 {{cannot inline @"A::forward": its body has 2 blocks}}
tg.graph @"A::forward"(%self: !tg.module<"A">, %x: !tg.tensor) -> !tg.tensor {
  "test.br"()[^bb1] : () -> ()
^bb1:
  tg.return %x : !tg.tensor
}
tg.graph @"C::forward"(%self: !tg.module<"C">, %x: !tg.tensor) -> !tg.tensor attributes {tg.entry} {
  %a = tg.get_submodule %self["a"] : !tg.module<"C"> -> !tg.module<"A">
  %0 = tg.call_method @"A::forward"(%a, %x) : (!tg.module<"A">, !tg.tensor) -> !tg.tensor
  tg.return %0 : !tg.tensor
}
