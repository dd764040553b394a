// Locations MLIR's own tests and other importers write, which no PyTorch
// import does: a bare name, a call whose callee is only a name, line 0, and
// names holding a line break.
module {
  tg.graph @g(%arg0: !tg.tensor) -> !tg.tensor {
    %0 = tg.op "aten::relu"(%arg0) : (!tg.tensor) -> !tg.tensor loc("named_op")
    %1 = tg.op "aten::relu"(%0) : (!tg.tensor) -> !tg.tensor loc(callsite("callee" at "caller.py":3:4))
    %2 = tg.op "aten::relu"(%1) : (!tg.tensor) -> !tg.tensor loc("zero.py":0:0)
    %3 = tg.op "aten::relu"(%2) : (!tg.tensor) -> !tg.tensor loc("a.py\0A  File \"b.py\"":7:1)
    %4 = tg.op "aten::relu\0Aaten::add"(%3) : (!tg.tensor) -> !tg.tensor loc("c.py":8:1)
    %5 = tg.op "aten::relu"(%4) : (!tg.tensor) -> !tg.tensor loc(callsite("d.py":7:8 at "caller"))
    %6 = tg.op "aten::relu"(%5) : (!tg.tensor) -> !tg.tensor loc("nameless_origins"(fused<"meta">[unknown]))
    tg.return %6 : !tg.tensor
  }
}
