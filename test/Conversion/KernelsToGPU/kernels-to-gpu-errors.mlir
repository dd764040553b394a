// --tg-kernels-to-gpu's errors: each at the op it is about (what a kernel
// cannot run), or at the module with the pass's name (its options).
// RUN: tg-opt %s --tg-kernels-to-gpu -split-input-file -verify-diagnostics
// RUN: not tg-opt %s --tg-kernels-to-gpu=block-size=48 -split-input-file 2>&1 | FileCheck %s --check-prefix=BLOCK
// RUN: not tg-opt %s --tg-kernels-to-gpu=block-size=2048 -split-input-file 2>&1 | FileCheck %s --check-prefix=BLOCK
// RUN: not tg-opt %S/kernels-to-gpu.mlir --tg-kernels-to-gpu=plant-oob=99 2>&1 | FileCheck %s --check-prefix=PLANT
// RUN: not tg-opt %S/kernels-to-gpu.mlir --tg-kernels-to-gpu=plant-oob=-5 2>&1 | FileCheck %s --check-prefix=PLANT-NEG
// RUN: not tg-opt %S/kernels-to-gpu.mlir --tg-kernels-to-gpu=describe=%t.missing/k.json 2>&1 | FileCheck %s --check-prefix=DESCRIBE
// A module without a function to lower (tg graphs, a declaration) went
// through unchanged with exit 0, alone and as the GPU pipeline's extract=false.
// RUN: not tg-opt %S/../../Pipelines/gpu-kernel-pipeline.mlir --tg-kernels-to-gpu 2>&1 | FileCheck %s --check-prefix=NOFUNC
// RUN: not tg-opt %S/../../Pipelines/gpu-kernel-pipeline.mlir --tg-gpu-kernel-pipeline="extract=false line-chains=%t.c.json" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NOFUNC
// RUN: echo 'func.func private @helper(f32) -> f32' | not tg-opt --tg-kernels-to-gpu 2>&1 | FileCheck %s --check-prefix=NOFUNC

// BLOCK: error: tg-kernels-to-gpu: block-size must be a power of two in [32, 1024], got {{48|2048}}
// PLANT: error: tg-kernels-to-gpu: plant-oob=99: no op of the kernels has that debug handle
// A negative handle other than -1 (none) was taken as none: nothing planted, exit 0.
// PLANT-NEG: error: tg-kernels-to-gpu: plant-oob must be a debug handle (>= 0), or -1 for none, got -5
// DESCRIBE: error: tg-kernels-to-gpu: cannot write '{{.*}}k.json': {{.*}}
// NOFUNC: error: tg-kernels-to-gpu: the module has no kernel function to lower (a func.func with a body, as --tg-extract-kernels makes them; --tg-gpu-kernel-pipeline runs it unless extract=false)

func.func private @helper(f32) -> f32

func.func @calls(%x: memref<4xf32>, %out: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %v = memref.load %x[%c0] : memref<4xf32>
  // expected-error@-1 {{cannot run 'memref.load' in a GPU kernel (linalg ops on buffers, memref.alloc, memref.copy, reshapes and scalar arithmetic can)}}
  return
}

// -----

func.func @dynamic(%x: memref<?xf32>, %out: memref<?xf32>) {
  // expected-error@-1 {{a GPU kernel needs buffers of static shape and identity layout, got 'memref<?xf32>'}}
  return
}

// -----

func.func @strided(%x: memref<4x4xf32, strided<[8, 1]>>) {
  // expected-error@-1 {{a GPU kernel needs buffers of static shape and identity layout, got 'memref<4x4xf32, strided<[8, 1]>>'}}
  return
}

// -----

#id = affine_map<(d0) -> (d0)>
func.func @tensors(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@-1 {{a GPU kernel must return nothing, and this function has 1 result: bufferize with results as out-parameters first}}
  return %x : tensor<4xf32>
}

// -----

#id = affine_map<(d0) -> (d0)>
func.func @unbufferized(%x: tensor<4xf32>, %out: memref<4xf32>) {
  %e = tensor.empty() : tensor<4xf32>
  // expected-error@-1 {{cannot run 'tensor.empty' in a GPU kernel (linalg ops on buffers, memref.alloc, memref.copy, reshapes and scalar arithmetic can)}}
  return
}

// -----

func.func @reduction_in_output(%x: memref<4x5xf32>, %out: memref<4x5xf32>) {
  // expected-error@+1 {{reduction dimension 1 indexes an output; a GPU kernel cannot run it}}
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>],
                  iterator_types = ["parallel", "reduction"]}
      ins(%x : memref<4x5xf32>) outs(%out : memref<4x5xf32>) {
  ^bb0(%a: f32, %o: f32):
    %s = arith.addf %a, %o : f32
    linalg.yield %s : f32
  }
  return
}
