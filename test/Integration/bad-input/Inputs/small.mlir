// A small traced model: Top::forward calls A::forward on its submodule "a".
tg.graph @"A::forward"(%self: !tg.module<"A">, %x: !tg.tensor) -> !tg.tensor {
  %0 = tg.op "aten::relu"(%x) : (!tg.tensor) -> !tg.tensor loc("a.py":2:9)
  tg.return %0 : !tg.tensor loc("a.py":3:5)
} loc("a.py":1:1)
tg.graph @"Top::forward"(%self: !tg.module<"Top">, %x: !tg.tensor) -> !tg.tensor attributes {tg.entry} {
  %a = tg.get_submodule %self["a"] : !tg.module<"Top"> -> !tg.module<"A"> loc("top.py":5:9)
  %0 = tg.call_method @"A::forward"(%a, %x) : (!tg.module<"A">, !tg.tensor) -> !tg.tensor loc("top.py":5:9)
  tg.return %0 : !tg.tensor loc("top.py":6:5)
} loc("top.py":4:1)
