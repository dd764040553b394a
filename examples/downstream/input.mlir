// A traced block after inlining: conv -> add (residual) -> relu, and a GELU.
tg.graph @"Block::forward"(%self: !tg.module<"Block">, %x: !tg.tensor, %w: !tg.tensor) -> !tg.tensor {
  %c = tg.op "aten::conv2d"(%x, %w) {tg.debug_handle = 1 : i64} : (!tg.tensor, !tg.tensor) -> !tg.tensor loc(callsite("conv.py":459:16 at fused<#tg.frame<instance = "conv1", class = "Conv2d", method = "forward">>["block.py":92:15]))
  %a = tg.op "aten::add"(%c, %x) {tg.debug_handle = 2 : i64} : (!tg.tensor, !tg.tensor) -> !tg.tensor loc("block.py":102:9)
  %r = tg.op "aten::relu"(%a) {tg.debug_handle = 3 : i64} : (!tg.tensor) -> !tg.tensor loc(callsite("activation.py":102:16 at fused<#tg.frame<instance = "relu", class = "ReLU", method = "forward">>["block.py":103:15]))
  %g = tg.op "aten::gelu"(%r) {tg.debug_handle = 4 : i64} : (!tg.tensor) -> !tg.tensor loc(callsite("activation.py":690:16 at fused<#tg.frame<instance = "act", class = "GELU", method = "forward">>["block.py":104:15]))
  tg.return %g : !tg.tensor
}
