// RUN: tg-opt %s -split-input-file -tg-linalg-fuse-elementwise -mlir-print-debuginfo -mlir-print-local-scope | FileCheck %s
// RUN: tg-opt %s -split-input-file -tg-linalg-fuse-elementwise=max-origins=2 -mlir-print-debuginfo -mlir-print-local-scope | FileCheck %s --check-prefix=BOUND

#map = affine_map<(d0) -> (d0)>

// Upstream builds the fused op at the consumer's location. The drop-in's
// fused op lists the consumer and every producer it absorbed (with the yields
// of the consumers a fusion rebuilt: terminators count, as for
// --tg-account-origins), and each op of its body keeps its own line.
// CHECK-LABEL: func.func @chain
func.func @chain(%t: tensor<8xf32>, %u: tensor<8xf32>) -> tensor<8xf32> {
  %e = tensor.empty() : tensor<8xf32> loc("m.py":1:1)
  %0 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]}
      ins(%t, %u : tensor<8xf32>, tensor<8xf32>) outs(%e : tensor<8xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %s = arith.addf %a, %b : f32 loc("m.py":2:10)
    linalg.yield %s : f32 loc("m.py":2:20)
  } -> tensor<8xf32> loc("m.py":2:1)
  %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]}
      ins(%0 : tensor<8xf32>) outs(%e : tensor<8xf32>) {
  ^bb0(%a: f32, %o: f32):
    %m = arith.mulf %a, %a : f32 loc("m.py":3:10)
    linalg.yield %m : f32 loc("m.py":3:20)
  } -> tensor<8xf32> loc("m.py":3:1)
  %2 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]}
      ins(%1 : tensor<8xf32>) outs(%e : tensor<8xf32>) {
  ^bb0(%a: f32, %o: f32):
    %n = arith.negf %a : f32 loc("m.py":4:10)
    linalg.yield %n : f32 loc("m.py":4:20)
  } -> tensor<8xf32> loc("m.py":4:1)
  // CHECK: linalg.generic
  // CHECK: arith.addf {{.*}} loc("m.py":2:10)
  // CHECK: arith.mulf {{.*}} loc("m.py":3:10)
  // CHECK: arith.negf {{.*}} loc("m.py":4:10)
  // CHECK: } -> tensor<8xf32> loc(fused["m.py":4:1, "m.py":4:20, "m.py":3:1, "m.py":3:20, "m.py":2:1])
  // CHECK-NOT: linalg.generic
  return %2 : tensor<8xf32>
}
// Only the first producer's yield was eliminated: its value flows inside the
// fused body now.
// CHECK: } loc(fused[{{.*}}fused<#tg.origin_record<eliminated, pass = "tg-linalg-fuse-elementwise", op = "linalg.yield">>["m.py":2:20]])

// With a bound of two origins the first producer absorbed is recorded as
// merged into the fused op.
// BOUND: } -> tensor<8xf32> loc(fused["m.py":4:1, "m.py":4:20])
// BOUND: fused<#tg.origin_record<merged, pass = "tg-linalg-fuse-elementwise", op = "linalg.generic", into = loc(fused["m.py":4:1, "m.py":4:20])>>["m.py":2:1]
