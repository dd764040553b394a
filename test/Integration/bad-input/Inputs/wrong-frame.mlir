// Call-site metadata that is not what --tg-inline writes: a #tg.frame on a
// leaf location, a #tg.kernel on a plain op, a frame with empty fields. The
// debug passes must carry such locations exactly or reject them, not crash.
tg.graph @"Top::forward"(%self: !tg.module<"Top">, %x: !tg.tensor) -> !tg.tensor attributes {tg.entry} {
  %0 = tg.op "aten::relu"(%x) : (!tg.tensor) -> !tg.tensor loc(fused<#tg.frame<instance = "", class = "", method = "">>["a.py":2:9])
  %1 = tg.op "aten::neg"(%0) : (!tg.tensor) -> !tg.tensor loc(fused<#tg.kernel<"k">>["a.py":3:9, "b.py":1:1])
  %2 = tg.op "aten::neg"(%1) : (!tg.tensor) -> !tg.tensor loc(callsite("a.py":4:9 at callsite(unknown at fused<"odd">["c.py":1:1])))
  %3 = tg.op "aten::neg"(%2) : (!tg.tensor) -> !tg.tensor loc("name"(callsite(fused<#tg.frame<instance = "x", class = "X", method = "m">>["a.py":5:9] at "top.py":1:1)))
  tg.return %3 : !tg.tensor loc(unknown)
}
