// The add's range ends at line 2^32 - 1 (tg-symbolicate/huge-end-line.test).
tg.graph @"M::forward"(%self: !tg.module<"M">, %x: !tg.tensor) -> !tg.tensor attributes {tg.entry} {
  %0 = tg.op "aten::add"(%x) : (!tg.tensor) -> !tg.tensor loc("m.py":3:13 to 4294967295:14)
  tg.return %0 : !tg.tensor
}
