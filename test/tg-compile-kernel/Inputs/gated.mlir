// A small traced model whose fused kernel has every operator family the
// reference lowering supports in one chain: mul, sigmoid (in a SELF call),
// add with alpha, relu, across three Python functions in two files.
tg.graph @"Net::forward"(%self: !tg.module<"Net">, %x: !tg.tensor, %y: !tg.tensor) -> !tg.tensor {
  %g = tg.get_submodule %self["gate"] : !tg.module<"Net"> -> !tg.module<"Gate"> loc("net.py":20:15 to :24)
  %r = tg.call_method @"Gate::forward"(%g, %x, %y) : (!tg.module<"Gate">, !tg.tensor, !tg.tensor) -> !tg.tensor loc("net.py":20:15 to :30)
  %p = tg.op "aten::relu"(%r) : (!tg.tensor) -> !tg.tensor loc("net.py":21:15 to :28)
  tg.return %p : !tg.tensor loc("net.py":22:8)
} loc("net.py":19:5)
tg.graph @"Gate::forward"(%self: !tg.module<"Gate">, %a: !tg.tensor, %b: !tg.tensor) -> !tg.tensor {
  %m = tg.op "aten::mul"(%a, %b) : (!tg.tensor, !tg.tensor) -> !tg.tensor loc("gate.py":5:13 to :18)
  %s = tg.call_method @"Gate::squash"(%self, %m) : (!tg.module<"Gate">, !tg.tensor) -> !tg.tensor loc("gate.py":6:13 to :27)
  %one = tg.constant(1 : i64) : !tg.value loc("gate.py":7:16 to :29)
  %t = tg.op "aten::add"(%s, %a, %one) : (!tg.tensor, !tg.tensor, !tg.value) -> !tg.tensor loc("gate.py":7:16 to :29)
  tg.return %t : !tg.tensor loc("gate.py":7:9)
} loc("gate.py":4:5)
tg.graph @"Gate::squash"(%self: !tg.module<"Gate">, %v: !tg.tensor) -> !tg.tensor {
  %s = tg.op "aten::sigmoid"(%v) : (!tg.tensor) -> !tg.tensor loc("gate.py":10:16 to :32)
  tg.return %s : !tg.tensor loc("gate.py":10:9)
} loc("gate.py":9:5)
