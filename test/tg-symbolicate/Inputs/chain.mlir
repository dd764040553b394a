// Five modules, each calling the next (chain.py: A<i> at lines 10i+1..10i+7).
// Input of source-query-stacks.test.
tg.graph @"A0::forward"(%self: !tg.module<"A0">, %x: !tg.tensor) -> !tg.tensor attributes {tg.entry} {
  %r = tg.op "aten::relu"(%x) : (!tg.tensor) -> !tg.tensor loc("chain.py":5:5)
  %s = tg.get_submodule %self["c"] : !tg.module<"A0"> -> !tg.module<"A1"> loc("chain.py":1:1)
  %0 = tg.call_method @"A1::forward"(%s, %r) : (!tg.module<"A1">, !tg.tensor) -> !tg.tensor loc("chain.py":1:2)
  %t = tg.op "aten::tanh"(%0) : (!tg.tensor) -> !tg.tensor loc("chain.py":7:7)
  tg.return %t : !tg.tensor
}
tg.graph @"A1::forward"(%self: !tg.module<"A1">, %x: !tg.tensor) -> !tg.tensor {
  %r = tg.op "aten::relu"(%x) : (!tg.tensor) -> !tg.tensor loc("chain.py":15:5)
  %s = tg.get_submodule %self["c"] : !tg.module<"A1"> -> !tg.module<"A2"> loc("chain.py":11:1)
  %0 = tg.call_method @"A2::forward"(%s, %r) : (!tg.module<"A2">, !tg.tensor) -> !tg.tensor loc("chain.py":11:2)
  %t = tg.op "aten::tanh"(%0) : (!tg.tensor) -> !tg.tensor loc("chain.py":17:7)
  tg.return %t : !tg.tensor
}
tg.graph @"A2::forward"(%self: !tg.module<"A2">, %x: !tg.tensor) -> !tg.tensor {
  %r = tg.op "aten::relu"(%x) : (!tg.tensor) -> !tg.tensor loc("chain.py":25:5)
  %s = tg.get_submodule %self["c"] : !tg.module<"A2"> -> !tg.module<"A3"> loc("chain.py":21:1)
  %0 = tg.call_method @"A3::forward"(%s, %r) : (!tg.module<"A3">, !tg.tensor) -> !tg.tensor loc("chain.py":21:2)
  %t = tg.op "aten::tanh"(%0) : (!tg.tensor) -> !tg.tensor loc("chain.py":27:7)
  tg.return %t : !tg.tensor
}
tg.graph @"A3::forward"(%self: !tg.module<"A3">, %x: !tg.tensor) -> !tg.tensor {
  %r = tg.op "aten::relu"(%x) : (!tg.tensor) -> !tg.tensor loc("chain.py":35:5)
  %s = tg.get_submodule %self["c"] : !tg.module<"A3"> -> !tg.module<"A4"> loc("chain.py":31:1)
  %0 = tg.call_method @"A4::forward"(%s, %r) : (!tg.module<"A4">, !tg.tensor) -> !tg.tensor loc("chain.py":31:2)
  %t = tg.op "aten::tanh"(%0) : (!tg.tensor) -> !tg.tensor loc("chain.py":37:7)
  tg.return %t : !tg.tensor
}
tg.graph @"A4::forward"(%self: !tg.module<"A4">, %x: !tg.tensor) -> !tg.tensor {
  %r = tg.op "aten::relu"(%x) : (!tg.tensor) -> !tg.tensor loc("chain.py":45:5)
  tg.return %r : !tg.tensor
}
