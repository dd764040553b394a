#loc8 = loc("model.mlir":2:14)
#loc9 = loc("model.mlir":2:23)
#loc15 = loc("model.mlir":14:14)
#loc16 = loc("model.mlir":14:33)
#loc20 = loc("model.mlir":18:8)
#loc21 = loc("model.mlir":18:17)
#loc22 = loc("model.mlir":24:17)
#map = affine_map<(d0) -> (d0)>
module {
  func.func @f(%arg0: i32 loc("model.mlir":2:14), %arg1: i32 loc("model.mlir":2:23)) -> (i32, i32, i32) attributes {tg.debug_handle = 0 : i64} {
    %c2_i32 = arith.constant {tg.debug_handle = 1 : i64} 2 : i32 loc(#loc10)
    %0 = arith.addi %arg0, %arg1 {tg.debug_handle = 2 : i64} : i32 loc(#loc29)
    %1 = arith.addi %0, %c2_i32 {tg.debug_handle = 3 : i64} : i32 loc(#loc12)
    return {tg.debug_handle = 4 : i64} %0, %1, %0 : i32, i32, i32 loc(#loc13)
  } loc(#loc7)
  func.func @g(%arg0: tensor<8xf32> loc("model.mlir":14:14), %arg1: tensor<8xf32> loc("model.mlir":14:33)) -> tensor<8xf32> attributes {tg.debug_handle = 5 : i64} {
    %0 = tensor.empty() {tg.debug_handle = 6 : i64} : tensor<8xf32> loc(#loc17)
    %1 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]} ins(%arg0, %arg1 : tensor<8xf32>, tensor<8xf32>) outs(%0 : tensor<8xf32>) attrs =  {tg.debug_handle = 7 : i64} {
    ^bb0(%in: f32 loc("model.mlir":18:8), %in_0: f32 loc("model.mlir":18:17), %out: f32 loc("model.mlir":24:17)):
      %2 = arith.addf %in, %in_0 {tg.debug_handle = 8 : i64} : f32 loc(#loc23)
      %3 = arith.mulf %2, %2 {tg.debug_handle = 9 : i64} : f32 loc(#loc24)
      linalg.yield %3 {tg.debug_handle = 10 : i64} : f32 loc(#loc18)
    } -> tensor<8xf32> loc(#loc30)
    return {tg.debug_handle = 11 : i64} %1 : tensor<8xf32> loc(#loc25)
  } loc(#loc14)
} loc(#loc33)
#loc = loc("model.mlir":0:0)
#loc1 = loc("model.py":16:8)
#loc2 = loc("model.py":11:4)
#loc3 = loc("model.py":12:4)
#loc4 = loc("model.py":13:8)
#loc5 = loc("model.py":14:8)
#loc6 = loc("model.py":10:4)
#loc7 = loc("model.mlir":2:1)
#loc10 = loc("model.py":17:8)
#loc11 = loc("model.py":15:8)
#loc12 = loc("model.py":18:8)
#loc13 = loc("model.py":19:4)
#loc14 = loc("model.mlir":14:1)
#loc17 = loc("model.py":30:4)
#loc18 = loc("model.py":32:4)
#loc19 = loc("model.py":31:4)
#loc23 = loc("model.py":31:10)
#loc24 = loc("model.py":32:10)
#loc25 = loc("model.py":33:4)
#origin_record = #tg.origin_record<eliminated, pass = "tg-cse", op = "arith.muli">
#origin_record1 = #tg.origin_record<eliminated, pass = "tg-canonicalize", op = "arith.constant">
#loc26 = loc(fused<#origin_record>[#loc1])
#loc27 = loc(fused<#origin_record1>[#loc6])
#loc28 = loc(fused<#origin_record1>[#loc2])
#loc29 = loc(fused[#loc4, #loc11])
#loc30 = loc(fused[#loc18, #loc19])
#origin_record2 = #tg.origin_record<merged, pass = "tg-cse", op = "arith.constant", into = #loc2>
#origin_record3 = #tg.origin_record<merged, pass = "tg-cse", op = "arith.addi", into = #loc4>
#loc31 = loc(fused<#origin_record2>[#loc3])
#loc32 = loc(fused<#origin_record3>[#loc5])
#loc33 = loc(fused[#loc, #loc26, #loc31, #loc32, #loc27, #loc28])

