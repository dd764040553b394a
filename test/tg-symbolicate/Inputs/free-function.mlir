tg.graph @helper(%x: !tg.tensor) -> !tg.tensor {
  %0 = tg.op "aten::relu"(%x) : (!tg.tensor) -> !tg.tensor loc("f.py":2:3)
  tg.return %0 : !tg.tensor loc("f.py":3:3)
}
tg.graph @"C::forward"(%self: !tg.module<"C">, %x: !tg.tensor) -> !tg.tensor attributes {tg.entry} {
  %0 = tg.call @helper(%x) : (!tg.tensor) -> !tg.tensor loc("c.py":10:5)
  tg.return %0 : !tg.tensor loc("c.py":11:3)
}
