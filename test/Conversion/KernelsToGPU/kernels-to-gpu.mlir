// --tg-kernels-to-gpu: kernel functions over buffers (what the kernel
// pipeline makes of --tg-extract-kernels after bufferization) become GPU
// kernels. Pointwise kernels: a grid-stride loop, one thread per element,
// broadcast inputs read through their maps; reductions and several ops: one
// block per row with barriers between the ops, a shared-memory tree for a
// reduction with one combiner, linalg's own order otherwise; intermediate
// buffers become scratch parameters. Every body op keeps its location and
// handle; the description JSON says what a launcher needs.
// RUN: tg-opt %s --tg-kernels-to-gpu="describe=%t.json" | FileCheck %s
// RUN: tg-opt %s --tg-kernels-to-gpu -mlir-print-debuginfo | FileCheck %s --check-prefix=LOCS
// RUN: FileCheck %s --check-prefix=JSON < %t.json
// RUN: tg-opt %s --tg-kernels-to-gpu="block-size=64 plant-oob=7" | FileCheck %s --check-prefix=PLANT

#id = affine_map<(d0, d1) -> (d0, d1)>
#bcast = affine_map<(d0, d1) -> (0, d1)>
#row = affine_map<(d0, d1) -> (d0)>

// CHECK-LABEL: func.func @pointwise(
// CHECK-SAME: %[[X:.*]]: memref<4x8xf32> {tg.gpu.role = "input"}, %[[B:.*]]: memref<1x8xf32> {tg.gpu.role = "input"}, %[[OUT:.*]]: memref<4x8xf32> {tg.gpu.role = "output"})
// CHECK-SAME: tg.debug_handle = 5 : i64, tg.gpu.launch = {block = 256 : i64, grid = 1 : i64, rows = 32 : i64, strategy = "pointwise"}
// CHECK-DAG: %[[TID:.*]] = gpu.thread_id x
// CHECK-DAG: %[[BID:.*]] = gpu.block_id x
// CHECK-DAG: %[[GRID:.*]] = gpu.grid_dim x
// CHECK: %[[FIRST:.*]] = arith.addi %{{.*}}, %[[TID]]
// CHECK: %[[STEP:.*]] = arith.muli %[[GRID]], %{{.*}}
// CHECK: scf.for %[[I:.*]] = %[[FIRST]] to %{{.*}} step %[[STEP]] {
// CHECK: %[[COL:.*]] = arith.remui %[[I]], %{{.*}}
// CHECK: %[[ROW:.*]] = arith.divui %[[I]], %{{.*}}
// CHECK: memref.load %[[X]][%[[ROW]], %[[COL]]]
// CHECK: memref.load %[[B]][%{{.*}}, %[[COL]]]
// CHECK: arith.addf {{.*}} {tg.debug_handle = 6 : i64} : f32
// CHECK: %[[RELU:.*]] = arith.maximumf {{.*}} {tg.debug_handle = 7 : i64} : f32
// CHECK: memref.store %[[RELU]], %[[OUT]][%[[ROW]], %[[COL]]] : memref<4x8xf32>
// CHECK-NOT: gpu.barrier
// CHECK: return
func.func @pointwise(%x: memref<4x8xf32>, %b: memref<1x8xf32>, %out: memref<4x8xf32>)
    attributes {tg.debug_handle = 5 : i64} {
  %zero = arith.constant 0.0 : f32
  linalg.generic {indexing_maps = [#id, #bcast, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %b : memref<4x8xf32>, memref<1x8xf32>) outs(%out : memref<4x8xf32>) {
  ^bb0(%a: f32, %c: f32, %o: f32):
    %s = arith.addf %a, %c {tg.debug_handle = 6 : i64} : f32 loc("m.py":3:9)
    %r = arith.maximumf %s, %zero {tg.debug_handle = 7 : i64} : f32 loc("m.py":4:9)
    linalg.yield %r : f32
  } loc("m.py":1:1)
  return
}

// Softmax's sum and divide over rows of 300: one block per row, the sum's
// partials in shared memory (a tree of log2(256) steps), the row sum in a
// scratch buffer the launcher allocates, barriers between the ops.
// CHECK-LABEL: memref.global "private" @sum_div__tg_shared_f32 : memref<256xf32, #gpu.address_space<workgroup>> = uninitialized
// CHECK-LABEL: func.func @sum_div(
// CHECK-SAME: %[[SX:.*]]: memref<37x300xf32> {tg.gpu.role = "input"}, %[[SO:.*]]: memref<37x300xf32> {tg.gpu.role = "output"}, %[[SCR:.*]]: memref<37xf32> {tg.gpu.role = "scratch"})
// CHECK-SAME: tg.gpu.launch = {block = 256 : i64, grid = 37 : i64, rows = 37 : i64, strategy = "rows"}
// CHECK: %[[STID:.*]] = gpu.thread_id x
// CHECK: %[[SBID:.*]] = gpu.block_id x
// CHECK: %[[SGRID:.*]] = gpu.grid_dim x
// CHECK: scf.for %[[R:.*]] = %[[SBID]] to %{{.*}} step %[[SGRID]] {
//   The fill: one element per row.
// CHECK: scf.for %{{.*}} = %[[STID]] to %{{.*}} step %{{.*}} {
// CHECK: memref.store %{{.*}}, %[[SCR]][%[[R]]]
// CHECK: gpu.barrier
//   The sum: partials from the addf's neutral element.
// CHECK: %[[IDENTITY:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: %[[PART:.*]] = scf.for %[[K:.*]] = %[[STID]] to %{{.*}} step %{{.*}} iter_args(%[[ACC:.*]] = %[[IDENTITY]]) -> (f32) {
// CHECK: %[[E:.*]] = memref.load %[[SX]][%[[R]], %[[K]]]
// CHECK: %[[NEXT:.*]] = arith.addf %[[E]], %[[ACC]] : f32
// CHECK: scf.yield %[[NEXT]]
// CHECK: %[[SHARED:.*]] = memref.get_global @sum_div__tg_shared_f32
// CHECK: memref.store %[[PART]], %[[SHARED]][%[[STID]]]
// CHECK: gpu.barrier
// CHECK-COUNT-8: gpu.barrier
// CHECK: scf.if %{{.*}} {
// CHECK: %[[INIT:.*]] = memref.load %[[SCR]][%[[R]]]
// CHECK: %[[TOTAL:.*]] = memref.load %[[SHARED]]
// CHECK: %[[ROWSUM:.*]] = arith.addf %[[INIT]], %[[TOTAL]]
// CHECK: memref.store %[[ROWSUM]], %[[SCR]][%[[R]]]
// CHECK: gpu.barrier
//   The divide: the row's elements over the block's threads.
// CHECK: scf.for
// CHECK: arith.divf
// CHECK: gpu.barrier
func.func @sum_div(%x: memref<37x300xf32>, %out: memref<37x300xf32>) {
  %zero = arith.constant 0.0 : f32
  %s = memref.alloc() : memref<37xf32>
  linalg.fill ins(%zero : f32) outs(%s : memref<37xf32>)
  linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : memref<37x300xf32>) outs(%s : memref<37xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %r = arith.addf %in, %acc : f32 loc("s.py":5:12)
    linalg.yield %r : f32
  }
  linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %s : memref<37x300xf32>, memref<37xf32>) outs(%out : memref<37x300xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %q = arith.divf %a, %b : f32 loc("s.py":6:12)
    linalg.yield %q : f32
  }
  memref.dealloc %s : memref<37xf32>
  return
}

// A reduction whose body is no single combiner (acc * 0.5 + x), over the
// middle dimension: sequential, one thread per output element.
// CHECK-LABEL: func.func @decay(
// CHECK-SAME: strategy = "rows"
// CHECK: scf.for %[[ROWD:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK: scf.for %[[Q:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK: %[[ACC0:.*]] = memref.load %{{.*}}[%[[ROWD]], %[[Q]]]
// CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%{{.*}} = %[[ACC0]]) -> (f32) {
// CHECK: arith.mulf
// CHECK: arith.addf
// CHECK-NOT: memref.get_global
// CHECK: return
func.func @decay(%x: memref<6x8x5xf32>, %out: memref<6x5xf32>) {
  %half = arith.constant 0.5 : f32
  linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d2)>],
                  iterator_types = ["parallel", "reduction", "parallel"]}
      ins(%x : memref<6x8x5xf32>) outs(%out : memref<6x5xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %d = arith.mulf %acc, %half : f32
    %r = arith.addf %d, %in : f32
    linalg.yield %r : f32
  }
  return
}

// A transposed read of what the kernel wrote: no independent rows, so one
// row (one block, rows = 1), and a memref.copy is an op like any other.
// CHECK-LABEL: func.func @transposed(
// CHECK-SAME: grid = 1 : i64, rows = 1 : i64, strategy = "rows"
// CHECK-COUNT-2: gpu.barrier
func.func @transposed(%x: memref<3x5xf32>, %out: memref<5x3xf32>) {
  %t = memref.alloc() : memref<3x5xf32>
  memref.copy %x, %t : memref<3x5xf32> to memref<3x5xf32>
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, #id], iterator_types = ["parallel", "parallel"]}
      ins(%t : memref<3x5xf32>) outs(%out : memref<5x3xf32>) {
  ^bb0(%a: f32, %o: f32):
    linalg.yield %a : f32
  }
  return
}

// Each body op at its own location, the store at the location of the op
// whose value it stores, loads and loops at the linalg op's.
// LOCS-LABEL: func.func @pointwise(
// LOCS: memref.load {{.*}} loc(#[[GENERIC:loc[0-9]+]])
// LOCS: arith.addf {{.*}} {tg.debug_handle = 6 : i64} : f32 loc(#[[ADD:loc[0-9]+]])
// LOCS: arith.maximumf {{.*}} {tg.debug_handle = 7 : i64} : f32 loc(#[[RELU:loc[0-9]+]])
// LOCS: memref.store {{.*}} loc(#[[RELU]])
// LOCS-DAG: #[[GENERIC]] = loc("m.py":1:1)
// LOCS-DAG: #[[ADD]] = loc("m.py":3:9)
// LOCS-DAG: #[[RELU]] = loc("m.py":4:9)

// A reduction kept with its dimension, read back through a reshape (what
// a keepdim=False reduction bufferizes to): a row of the view is no row of
// the buffer, so the kernel is one row. A view of an input changes nothing,
// and scalar arithmetic outside the linalg ops stays.
// CHECK-LABEL: func.func @reshaped(
// CHECK-SAME: {tg.gpu.role = "output"}, %[[SUMS:.*]]: memref<4x1xf32> {tg.gpu.role = "scratch"})
// CHECK-SAME: grid = 1 : i64, rows = 1 : i64, strategy = "rows"
// CHECK: memref.collapse_shape %[[SUMS]]
// CHECK: arith.divf
// CHECK-LABEL: func.func @input_view(
// CHECK-SAME: rows = 4 : i64, strategy = "pointwise"
func.func @reshaped(%x: memref<4x5xf32>, %out: memref<4x5xf32>) {
  %zero = arith.constant 0.0 : f32
  %five = arith.constant 5.0 : f32
  %inv = arith.divf %zero, %five : f32
  %s = memref.alloc() : memref<4x1xf32>
  linalg.fill ins(%zero : f32) outs(%s : memref<4x1xf32>)
  linalg.generic {indexing_maps = [#id, affine_map<(d0, d1) -> (d0, 0)>], iterator_types = ["parallel", "reduction"]}
      ins(%x : memref<4x5xf32>) outs(%s : memref<4x1xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %r = arith.addf %in, %acc : f32
    linalg.yield %r : f32
  }
  %flat = memref.collapse_shape %s [[0, 1]] : memref<4x1xf32> into memref<4xf32>
  linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %flat : memref<4x5xf32>, memref<4xf32>) outs(%out : memref<4x5xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %q = arith.divf %a, %b : f32
    %r = arith.addf %q, %inv : f32
    linalg.yield %r : f32
  }
  return
}

func.func @input_view(%x: memref<2x2xf32>, %out: memref<4xf32>) {
  %flat = memref.collapse_shape %x [[0, 1]] : memref<2x2xf32> into memref<4xf32>
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%flat : memref<4xf32>) outs(%out : memref<4xf32>) {
  ^bb0(%a: f32, %o: f32):
    linalg.yield %a : f32
  }
  return
}

// One line per kernel: parameters with roles, shapes and sizes, the block,
// the recommended grid, the handles of its ops.
// JSON: {"format": "tracegraph-gpu-kernels", "version": 1, "kernels": [
// JSON-NEXT: {"block":[256,1,1],"grid":[1,1,1],"handle":5,"handles":[6,7],"name":"pointwise","params":[{"bytes":128,"elements":32,"name":"in0","role":"input","shape":[4,8],"type":"f32"},{"bytes":32,"elements":8,"name":"in1","role":"input","shape":[1,8],"type":"f32"},{"bytes":128,"elements":32,"name":"out0","role":"output","shape":[4,8],"type":"f32"}],"rows":32,"strategy":"pointwise"},
// JSON-NEXT: {"block":[256,1,1],"grid":[37,1,1],"handles":[],"name":"sum_div","params":[{{.*}}"name":"in0","role":"input"{{.*}}"name":"out0","role":"output"{{.*}}{"bytes":148,"elements":37,"name":"scratch0","role":"scratch","shape":[37],"type":"f32"}],"rows":37,"strategy":"rows"},
// JSON-NEXT: {"block":[256,1,1],"grid":[6,1,1]{{.*}}"name":"decay"
// JSON-NEXT: {"block":[256,1,1],"grid":[1,1,1]{{.*}}"name":"transposed"
// JSON-NEXT: {"block":[256,1,1],"grid":[1,1,1]{{.*}}"name":"reshaped"
// JSON-NEXT: {"block":[256,1,1],"grid":[1,1,1]{{.*}}"name":"input_view"
// JSON-NEXT: ]}

// plant-oob=7: after the relu (handle 7), the first thread to compute it
// stores its value 1 TiB past the first output, at the relu's location.
// PLANT-LABEL: func.func @pointwise(
// PLANT: %[[RELU:.*]] = arith.maximumf {{.*}} {tg.debug_handle = 7 : i64}
// PLANT: scf.if %{{.*}} {
// PLANT: %[[BASE:.*]] = memref.extract_aligned_pointer_as_index %arg2
// PLANT: %[[FAR:.*]] = arith.constant 1099511627776 : index
// PLANT: %[[ADDR:.*]] = arith.addi %[[BASE]], %[[FAR]]
// PLANT: %[[INT:.*]] = arith.index_cast %[[ADDR]] : index to i64
// PLANT: %[[PTR:.*]] = llvm.inttoptr %[[INT]] : i64 to !llvm.ptr<1>
// PLANT: llvm.store %[[RELU]], %[[PTR]] : f32, !llvm.ptr<1>
// PLANT: memref.store %[[RELU]]
// PLANT-LABEL: func.func @sum_div(
// PLANT-SAME: block = 64 : i64
// PLANT-NOT: llvm.store
