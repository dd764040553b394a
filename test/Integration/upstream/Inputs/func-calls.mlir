func.func private @block_forward(%x: f32) -> f32 {
  %0 = arith.mulf %x, %x : f32 loc("block.py":20:12)
  %1 = arith.addf %0, %x : f32 loc("block.py":21:12)
  return %1 : f32 loc("block.py":22:8)
}
func.func @net_forward(%x: f32) -> f32 {
  %0 = call @block_forward(%x) : (f32) -> f32 loc(fused<#tg.frame<instance = "layer1", class = "Block", method = "forward">>["net.py":10:8])
  %1 = call @block_forward(%0) : (f32) -> f32 loc(fused<#tg.frame<instance = "layer2", class = "Block", method = "forward">>["net.py":11:8])
  %2 = arith.negf %1 : f32 loc("net.py":12:8)
  return %2 : f32 loc("net.py":13:4)
}
