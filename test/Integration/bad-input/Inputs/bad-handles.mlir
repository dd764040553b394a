// Debug handles that are not non-negative integers, and a duplicate.
tg.graph @"A::forward"(%self: !tg.module<"A">, %x: !tg.tensor) -> !tg.tensor attributes {tg.debug_handle = 0 : i64} {
  %0 = tg.op "aten::relu"(%x) {tg.debug_handle = -1 : i64} : (!tg.tensor) -> !tg.tensor loc("a.py":2:9)
  %1 = tg.op "aten::neg"(%0) {tg.debug_handle = "x"} : (!tg.tensor) -> !tg.tensor loc("a.py":3:9)
  tg.return {tg.debug_handle = 0 : i64} %1 : !tg.tensor loc("a.py":4:5)
}
