// A calls B calls A: recursion, which --tg-inline rejects before changing
// anything.
tg.graph @"A::forward"(%self: !tg.module<"A">, %x: !tg.tensor) -> !tg.tensor attributes {tg.entry} {
  %b = tg.get_submodule %self["b"] : !tg.module<"A"> -> !tg.module<"B"> loc("a.py":2:9)
  %0 = tg.call_method @"B::forward"(%b, %x) : (!tg.module<"B">, !tg.tensor) -> !tg.tensor loc("a.py":2:9)
  tg.return %0 : !tg.tensor loc("a.py":3:5)
}
tg.graph @"B::forward"(%self: !tg.module<"B">, %x: !tg.tensor) -> !tg.tensor {
  %a = tg.get_submodule %self["a"] : !tg.module<"B"> -> !tg.module<"A"> loc("b.py":2:9)
  %0 = tg.call_method @"A::forward"(%a, %x) : (!tg.module<"A">, !tg.tensor) -> !tg.tensor loc("b.py":2:9)
  tg.return %0 : !tg.tensor loc("b.py":3:5)
}
