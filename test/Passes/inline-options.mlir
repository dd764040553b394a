// --tg-inline options: choosing the entry and keeping graphs.
// RUN: tg-opt %s --tg-inline | FileCheck %s --check-prefix=DEFAULT
// RUN: tg-opt %s --tg-inline=remove-dead-graphs=false | FileCheck %s --check-prefix=KEEP
// RUN: tg-opt %s '--tg-inline=entry=B::forward' | FileCheck %s --check-prefix=ENTRYB

// Default: the tg.entry graph (C::forward, although Other::run is also
// called by nobody). Inlined callees are erased; B::forward stays because
// Other::run, which the entry does not reach, still calls it; Other::run is
// not changed.
// DEFAULT-LABEL: tg.graph @"B::forward"
// DEFAULT-NEXT: tg.op "aten::relu"
// DEFAULT-LABEL: tg.graph @"C::forward"
// DEFAULT-NOT: tg.call_method
// DEFAULT: tg.op "aten::relu"
// DEFAULT: tg.op "aten::tanh"
// DEFAULT-LABEL: tg.graph @"Other::run"
// DEFAULT-NEXT: tg.get_submodule
// DEFAULT-NEXT: tg.call_method @"B::forward"
// DEFAULT-NOT: tg.graph

// remove-dead-graphs=false keeps every graph; the callees are flattened in
// place (A::forward no longer calls B::forward).
// KEEP-LABEL: tg.graph @"B::forward"
// KEEP-LABEL: tg.graph @"A::forward"
// KEEP-NOT: tg.call_method
// KEEP: tg.op "aten::relu"
// KEEP: tg.op "aten::tanh"
// KEEP-LABEL: tg.graph @"C::forward"
// KEEP-NOT: tg.call_method
// KEEP-LABEL: tg.graph @"Other::run"
// KEEP: tg.call_method @"B::forward"

// entry= picks another graph; only what it reaches changes.
// ENTRYB-LABEL: tg.graph @"B::forward"
// ENTRYB-LABEL: tg.graph @"A::forward"
// ENTRYB-NEXT: tg.get_submodule
// ENTRYB-NEXT: tg.call_method @"B::forward"
// ENTRYB-LABEL: tg.graph @"C::forward"
// ENTRYB: tg.call_method @"A::forward"

tg.graph @"B::forward"(%self: !tg.module<"B">, %x: !tg.tensor) -> !tg.tensor {
  %0 = tg.op "aten::relu"(%x) : (!tg.tensor) -> !tg.tensor
  tg.return %0 : !tg.tensor
}
tg.graph @"A::forward"(%self: !tg.module<"A">, %x: !tg.tensor) -> !tg.tensor {
  %b = tg.get_submodule %self["b"] : !tg.module<"A"> -> !tg.module<"B">
  %0 = tg.call_method @"B::forward"(%b, %x) : (!tg.module<"B">, !tg.tensor) -> !tg.tensor
  %1 = tg.op "aten::tanh"(%0) : (!tg.tensor) -> !tg.tensor
  tg.return %1 : !tg.tensor
}
tg.graph @"C::forward"(%self: !tg.module<"C">, %x: !tg.tensor) -> !tg.tensor attributes {tg.entry} {
  %a = tg.get_submodule %self["a"] : !tg.module<"C"> -> !tg.module<"A">
  %0 = tg.call_method @"A::forward"(%a, %x) : (!tg.module<"A">, !tg.tensor) -> !tg.tensor
  tg.return %0 : !tg.tensor
}
tg.graph @"Other::run"(%self: !tg.module<"Other">, %x: !tg.tensor) -> !tg.tensor {
  %b = tg.get_submodule %self["b"] : !tg.module<"Other"> -> !tg.module<"B">
  %0 = tg.call_method @"B::forward"(%b, %x) : (!tg.module<"B">, !tg.tensor) -> !tg.tensor
  tg.return %0 : !tg.tensor
}
