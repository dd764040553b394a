// Kernel functions as the kernel pipeline's extraction makes them (linalg on
// static-shape tensors), written by hand with what the reference lowering
// does not make (yet): reductions with pointwise prologues and epilogues,
// several linalg ops per function, named ops, intermediate buffers, pow of
// negative bases. `tg-compile-kernel --from-linalg --target=nvptx64` compiles
// them; scripts/gpu-check.sh runs each on the GPU against
// kernels_reference.py (test/Integration/gpu: on the host's emulation).
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#mid = affine_map<(d0, d1, d2) -> (d0, d2)>
#id4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#nc = affine_map<(d0, d1, d2, d3) -> (d0, d1, 0, 0)>
#all = affine_map<(d0, d1) -> ()>
#tr = affine_map<(d0, d1) -> (d1, d0)>

// softmax over the last dimension: max, exp(x - max), sum, divide. Rows:
// the 37 rows; the max and the sum reduce in shared memory.
func.func @softmax(%x: tensor<37x300xf32>) -> tensor<37x300xf32> {
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.0 : f32
  %e0 = tensor.empty() : tensor<37xf32>
  %m0 = linalg.fill ins(%ninf : f32) outs(%e0 : tensor<37xf32>) -> tensor<37xf32>
  %m = linalg.generic {indexing_maps = [#id2, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<37x300xf32>) outs(%m0 : tensor<37xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %r = arith.maximumf %in, %acc : f32 loc("softmax.py":3:12)
    linalg.yield %r : f32
  } -> tensor<37xf32>
  %e1 = tensor.empty() : tensor<37x300xf32>
  %ex = linalg.generic {indexing_maps = [#id2, #row, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%x, %m : tensor<37x300xf32>, tensor<37xf32>) outs(%e1 : tensor<37x300xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %d = arith.subf %a, %b : f32 loc("softmax.py":4:12)
    %e = math.exp %d : f32 loc("softmax.py":4:8)
    linalg.yield %e : f32
  } -> tensor<37x300xf32>
  %s0 = linalg.fill ins(%zero : f32) outs(%e0 : tensor<37xf32>) -> tensor<37xf32>
  %s = linalg.generic {indexing_maps = [#id2, #row], iterator_types = ["parallel", "reduction"]}
      ins(%ex : tensor<37x300xf32>) outs(%s0 : tensor<37xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %r = arith.addf %in, %acc : f32 loc("softmax.py":5:12)
    linalg.yield %r : f32
  } -> tensor<37xf32>
  %e2 = tensor.empty() : tensor<37x300xf32>
  %out = linalg.generic {indexing_maps = [#id2, #row, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%ex, %s : tensor<37x300xf32>, tensor<37xf32>) outs(%e2 : tensor<37x300xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %q = arith.divf %a, %b : f32 loc("softmax.py":6:12)
    linalg.yield %q : f32
  } -> tensor<37x300xf32>
  return %out : tensor<37x300xf32>
}

// Global average pooling with keepdim, [2,5,7,9] -> [2,5,1,1]: the sum of
// each channel's 63 elements reduces in shared memory, then divides.
func.func @mean_hw(%x: tensor<2x5x7x9xf32>) -> tensor<2x5x1x1xf32> {
  %zero = arith.constant 0.0 : f32
  %n = arith.constant 63.0 : f32
  %e = tensor.empty() : tensor<2x5x1x1xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<2x5x1x1xf32>) -> tensor<2x5x1x1xf32>
  %s = linalg.generic {indexing_maps = [#id4, #nc], iterator_types = ["parallel", "parallel", "reduction", "reduction"]}
      ins(%x : tensor<2x5x7x9xf32>) outs(%z : tensor<2x5x1x1xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %r = arith.addf %in, %acc : f32 loc("pool.py":2:10)
    linalg.yield %r : f32
  } -> tensor<2x5x1x1xf32>
  %e2 = tensor.empty() : tensor<2x5x1x1xf32>
  %m = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%s : tensor<2x5x1x1xf32>) outs(%e2 : tensor<2x5x1x1xf32>) {
  ^bb0(%a: f32, %o: f32):
    %q = arith.divf %a, %n : f32 loc("pool.py":2:20)
    linalg.yield %q : f32
  } -> tensor<2x5x1x1xf32>
  return %m : tensor<2x5x1x1xf32>
}

// Sum of squares over everything: no row dimension (one block), the
// combiner folds x*x.
func.func @sum_squares(%x: tensor<33x65xf32>) -> tensor<f32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<f32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<f32>) -> tensor<f32>
  %s = linalg.generic {indexing_maps = [#id2, #all], iterator_types = ["reduction", "reduction"]}
      ins(%x : tensor<33x65xf32>) outs(%z : tensor<f32>) {
  ^bb0(%in: f32, %acc: f32):
    %sq = arith.mulf %in, %in : f32 loc("norm.py":7:9)
    %r = arith.addf %sq, %acc : f32 loc("norm.py":7:5)
    linalg.yield %r : f32
  } -> tensor<f32>
  return %s : tensor<f32>
}

// A reduction over the middle dimension, [6,8,5] -> [6,5], whose body is
// no single associative combiner (acc * 0.5 + x): sequential, in linalg's
// order, one thread per output element.
func.func @decay_middle(%x: tensor<6x8x5xf32>) -> tensor<6x5xf32> {
  %zero = arith.constant 0.0 : f32
  %half = arith.constant 0.5 : f32
  %e = tensor.empty() : tensor<6x5xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<6x5xf32>) -> tensor<6x5xf32>
  %s = linalg.generic {indexing_maps = [#id3, #mid], iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%x : tensor<6x8x5xf32>) outs(%z : tensor<6x5xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %d = arith.mulf %acc, %half : f32 loc("decay.py":3:9)
    %r = arith.addf %d, %in : f32 loc("decay.py":3:20)
    linalg.yield %r : f32
  } -> tensor<6x5xf32>
  return %s : tensor<6x5xf32>
}

// A pointwise op, then a transposed read of what it wrote: rows cannot be
// independent (row i of the result reads column i), so the kernel runs as
// one row, in one block, with a barrier between the two ops.
func.func @transpose_after(%x: tensor<24x40xf32>) -> tensor<40x24xf32> {
  %e = tensor.empty() : tensor<24x40xf32>
  %t = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<24x40xf32>) outs(%e : tensor<24x40xf32>) {
  ^bb0(%a: f32, %o: f32):
    %y = math.tanh %a : f32 loc("t.py":1:5)
    linalg.yield %y : f32
  } -> tensor<24x40xf32>
  %e2 = tensor.empty() : tensor<40x24xf32>
  %u = linalg.generic {indexing_maps = [#tr, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%t : tensor<24x40xf32>) outs(%e2 : tensor<40x24xf32>) {
  ^bb0(%a: f32, %o: f32):
    %y = arith.addf %a, %a : f32 loc("t.py":2:5)
    linalg.yield %y : f32
  } -> tensor<40x24xf32>
  return %u : tensor<40x24xf32>
}

// Layer norm over the last dimension, ViT's shape (197 tokens of 768), in
// four ops: sum, centre, sum of squares, scale. Each block strides over
// rows when the grid is smaller than the row count.
func.func @layer_norm(%x: tensor<197x768xf32>) -> tensor<197x768xf32> {
  %zero = arith.constant 0.0 : f32
  %n = arith.constant 768.0 : f32
  %eps = arith.constant 1.0e-5 : f32
  %e0 = tensor.empty() : tensor<197xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e0 : tensor<197xf32>) -> tensor<197xf32>
  %s = linalg.generic {indexing_maps = [#id2, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<197x768xf32>) outs(%z : tensor<197xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %r = arith.addf %in, %acc : f32 loc("ln.py":1:1)
    linalg.yield %r : f32
  } -> tensor<197xf32>
  %e1 = tensor.empty() : tensor<197x768xf32>
  %c = linalg.generic {indexing_maps = [#id2, #row, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%x, %s : tensor<197x768xf32>, tensor<197xf32>) outs(%e1 : tensor<197x768xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %mean = arith.divf %b, %n : f32 loc("ln.py":2:1)
    %d = arith.subf %a, %mean : f32 loc("ln.py":2:2)
    linalg.yield %d : f32
  } -> tensor<197x768xf32>
  %z2 = linalg.fill ins(%zero : f32) outs(%e0 : tensor<197xf32>) -> tensor<197xf32>
  %v = linalg.generic {indexing_maps = [#id2, #row], iterator_types = ["parallel", "reduction"]}
      ins(%c : tensor<197x768xf32>) outs(%z2 : tensor<197xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %sq = arith.mulf %in, %in : f32 loc("ln.py":3:1)
    %r = arith.addf %sq, %acc : f32 loc("ln.py":3:2)
    linalg.yield %r : f32
  } -> tensor<197xf32>
  %e2 = tensor.empty() : tensor<197x768xf32>
  %out = linalg.generic {indexing_maps = [#id2, #row, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%c, %v : tensor<197x768xf32>, tensor<197xf32>) outs(%e2 : tensor<197x768xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %var = arith.divf %b, %n : f32 loc("ln.py":4:1)
    %ve = arith.addf %var, %eps : f32 loc("ln.py":4:2)
    %r = math.rsqrt %ve : f32 loc("ln.py":4:3)
    %y = arith.mulf %a, %r : f32 loc("ln.py":4:4)
    linalg.yield %y : f32
  } -> tensor<197x768xf32>
  return %out : tensor<197x768xf32>
}

// pow as PyTorch defines it, on negative bases too: NaN to a non-integer
// exponent, a number to an integer one (its sign from the parity).
func.func @pow_mixed(%x: tensor<64x33xf32>, %y: tensor<64x33xf32>) -> (tensor<64x33xf32>, tensor<64x33xf32>) {
  %e0 = tensor.empty() : tensor<64x33xf32>
  %e1 = tensor.empty() : tensor<64x33xf32>
  %r:2 = linalg.generic {indexing_maps = [#id2, #id2, #id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%x, %y : tensor<64x33xf32>, tensor<64x33xf32>) outs(%e0, %e1 : tensor<64x33xf32>, tensor<64x33xf32>) {
  ^bb0(%a: f32, %b: f32, %o0: f32, %o1: f32):
    %p = math.powf %a, %b : f32 loc("pow.py":1:5)
    %n = math.roundeven %b : f32 loc("pow.py":2:9)
    %q = math.powf %a, %n : f32 loc("pow.py":2:5)
    linalg.yield %p, %q : f32, f32
  } -> (tensor<64x33xf32>, tensor<64x33xf32>)
  return %r#0, %r#1 : tensor<64x33xf32>, tensor<64x33xf32>
}

// Rows normalized by their L1 norm, the norm reduced with its dimension
// kept and read back through a reshape (how a keepdim=False reduction
// bufferizes): a view of a buffer the kernel writes.
func.func @l1_normalize(%x: tensor<8x12xf32>) -> tensor<8x12xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x1xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<8x1xf32>) -> tensor<8x1xf32>
  %s = linalg.generic {indexing_maps = [#id2, affine_map<(d0, d1) -> (d0, 0)>], iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<8x12xf32>) outs(%z : tensor<8x1xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %a = math.absf %in : f32 loc("norm.py":1:9)
    %r = arith.addf %a, %acc : f32 loc("norm.py":1:5)
    linalg.yield %r : f32
  } -> tensor<8x1xf32>
  %flat = tensor.collapse_shape %s [[0, 1]] : tensor<8x1xf32> into tensor<8xf32>
  %e2 = tensor.empty() : tensor<8x12xf32>
  %out = linalg.generic {indexing_maps = [#id2, #row, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%x, %flat : tensor<8x12xf32>, tensor<8xf32>) outs(%e2 : tensor<8x12xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %q = arith.divf %a, %b : f32 loc("norm.py":2:12)
    linalg.yield %q : f32
  } -> tensor<8x12xf32>
  return %out : tensor<8x12xf32>
}
