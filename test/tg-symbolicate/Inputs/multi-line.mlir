// A call that spans lines 10 to 12 of m.py, an op inlined through a call
// that spans lines 20 to 22, and an eliminated origin on lines 30 to 32:
// the shapes Python gives a call whose arguments wrap.
#frame = #tg.frame<instance = "act", class = "Act", method = "forward">
tg.graph @"M::forward"(%self: !tg.module<"M">, %x: !tg.tensor) -> !tg.tensor {
  %0 = tg.op "aten::conv2d"(%x) : (!tg.tensor) -> !tg.tensor loc("m.py":10:5 to 12:9)
  %1 = tg.op "aten::relu"(%0) : (!tg.tensor) -> !tg.tensor loc(callsite("act.py":4:16 at fused<#frame>["m.py":20:9 to 22:14]))
  tg.return %1 : !tg.tensor loc("m.py":40:5)
} loc(fused["m.py":9:3,
  fused<#tg.origin_record<eliminated, pass = "tg-canonicalize", op = "aten::dropout">>["m.py":30:5 to 32:2]])
