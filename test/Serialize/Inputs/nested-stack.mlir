// A canonical inlined location (a stacked call site) inside a name, whose
// caller is itself a name over a position: the stack node's call location
// is a LOCATIONS row, which readers require before the row that uses the
// node (Serialize/nested-stack.test).
tg.graph @"Net::forward"(%self: !tg.module<"Net">, %x: !tg.tensor) -> !tg.tensor attributes {tg.entry} {
  %0 = tg.op "aten::relu"(%x) : (!tg.tensor) -> !tg.tensor loc("top"(callsite("leaf.py":1:1 at "n1"("a.py":1:2))))
  %1 = tg.op "aten::relu"(%0) : (!tg.tensor) -> !tg.tensor loc(fused["b.py":3:4, callsite("leaf.py":2:1 at "n2"("n1"("a.py":1:2)))])
  tg.return %1 : !tg.tensor
}
