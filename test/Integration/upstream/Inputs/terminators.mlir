// Terminators in rewrites the drop-ins make (test/Integration/upstream/terminators.test):
// an scf.parallel of one iteration that canonicalization folds (its
// scf.reduce goes), a dead loop (its yield goes), equal scf.ifs (CSE keeps
// one), and an elementwise chain that fusion rebuilds (the yields go).
func.func @single_iteration(%m: memref<4xf32>, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.parallel (%i) = (%c0) to (%c1) step (%c1) {
    memref.store %v, %m[%i] : memref<4xf32>
    scf.reduce
  }
  return
}
func.func @empty_loop(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    scf.yield
  }
  return
}
func.func @dup_regions(%c: i1, %x: i32) -> (i32, i32) {
  %a = scf.if %c -> i32 {
    scf.yield %x : i32
  } else {
    scf.yield %x : i32
  }
  %b = scf.if %c -> i32 {
    scf.yield %x : i32
  } else {
    scf.yield %x : i32
  }
  return %a, %b : i32, i32
}
#id = affine_map<(d0) -> (d0)>
func.func @chain(%x: tensor<8xf32>) -> tensor<8xf32> {
  %e = tensor.empty() : tensor<8xf32>
  %a = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%x : tensor<8xf32>) outs(%e : tensor<8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %n = arith.negf %in : f32
    linalg.yield %n : f32
  } -> tensor<8xf32>
  %b = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%a : tensor<8xf32>) outs(%e : tensor<8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %m = arith.mulf %in, %in : f32
    linalg.yield %m : f32
  } -> tensor<8xf32>
  return %b : tensor<8xf32>
}
