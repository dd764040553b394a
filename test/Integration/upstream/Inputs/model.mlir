#map = affine_map<(d0) -> (d0)>
func.func @f(%x: i32, %y: i32) -> (i32, i32, i32) {
  %c0 = arith.constant 0 : i32 loc("model.py":10:4)
  %c1 = arith.constant 1 : i32 loc("model.py":11:4)
  %c1b = arith.constant 1 : i32 loc("model.py":12:4)
  %a = arith.addi %x, %y : i32 loc("model.py":13:8)
  %b = arith.addi %x, %y : i32 loc("model.py":14:8)
  %z = arith.addi %a, %c0 : i32 loc("model.py":15:8)
  %dead = arith.muli %a, %b : i32 loc("model.py":16:8)
  %s = arith.addi %c1, %c1b : i32 loc("model.py":17:8)
  %r = arith.addi %b, %s : i32 loc("model.py":18:8)
  return %z, %r, %b : i32, i32, i32 loc("model.py":19:4)
}
func.func @g(%t: tensor<8xf32>, %u: tensor<8xf32>) -> tensor<8xf32> {
  %e = tensor.empty() : tensor<8xf32> loc("model.py":30:4)
  %0 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]}
      ins(%t, %u : tensor<8xf32>, tensor<8xf32>) outs(%e : tensor<8xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %s = arith.addf %a, %b : f32 loc("model.py":31:10)
    linalg.yield %s : f32 loc("model.py":31:4)
  } -> tensor<8xf32> loc("model.py":31:4)
  %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]}
      ins(%0 : tensor<8xf32>) outs(%e : tensor<8xf32>) {
  ^bb0(%a: f32, %o: f32):
    %m = arith.mulf %a, %a : f32 loc("model.py":32:10)
    linalg.yield %m : f32 loc("model.py":32:4)
  } -> tensor<8xf32> loc("model.py":32:4)
  return %1 : tensor<8xf32> loc("model.py":33:4)
}
