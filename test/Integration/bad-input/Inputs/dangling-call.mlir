// A call of a graph the module does not define.
tg.graph @"Top::forward"(%self: !tg.module<"Top">, %x: !tg.tensor) -> !tg.tensor attributes {tg.entry} {
  %a = tg.get_submodule %self["a"] : !tg.module<"Top"> -> !tg.module<"A"> loc("top.py":5:9)
  %0 = tg.call_method @"A::forward"(%a, %x) : (!tg.module<"A">, !tg.tensor) -> !tg.tensor loc("top.py":5:9)
  tg.return %0 : !tg.tensor loc("top.py":6:5)
}
