// Locations of every shape --tg-export-llvm-debuginfo scopes.
func.func @kernel(%x: f32) -> f32 attributes {tg.traced_from = "__torch__.net.Net::forward"} {
  // Two calls deep, SELF then a submodule: linkage names are module paths.
  %0 = arith.negf %x : f32 loc(callsite("block.py":5:9 at callsite(fused<#tg.frame<instance = "b0", class = "__torch__.block.Block", method = "forward">>["net.py":12:9] at fused<#tg.frame<instance = "SELF", class = "__torch__.net.Net", method = "_impl">>["net.py":3:16])))
  // The entry method itself, and a position of it in another file.
  %1 = arith.negf %0 : f32 loc("net.py":4:8)
  %2 = arith.negf %1 : f32 loc("helpers.py":7:3)
  // A free function (no class) and a call without module information.
  %3 = arith.negf %2 : f32 loc(callsite("util.py":2:5 at fused<#tg.frame<instance = "", class = "", method = "clip">>["net.py":5:8]))
  %4 = arith.negf %3 : f32 loc(callsite("lib.py":9:1 at "net.py":6:8))
  // Fused: each origin keeps its stack. Unknown stays unknown; a name is kept.
  %5 = arith.negf %4 : f32 loc(fused<#tg.kernel<"k">>["net.py":7:1, callsite("block.py":5:9 at fused<#tg.frame<instance = "b1", class = "__torch__.block.Block", method = "forward">>["net.py":7:5])])
  %6 = arith.negf %5 : f32 loc(unknown)
  %7 = arith.negf %6 : f32 loc("relu"("net.py":8:1))
  return %7 : f32 loc("net.py":9:1)
} loc("net.py":1:1)
