//===- SyntheticModel.h - In-memory traced model for benchmarks -*- C++ -*-===//
//
// Builds, without any input file, a module whose ops carry the locations the
// inliner gives a transformer layer stack (DDP > FSDP > layers.i >
// self_attn / experts.j > Linear ...), with debug handles 0..N-1, so every
// micro-benchmark runs on the same realistic shape at any size. The shape
// follows bench/gen_scale_model.py: deep call-site chains (5 to 11 frames),
// neighbouring ops sharing all but their innermost frames, a small pool of
// files, functions and positions.
//
//===----------------------------------------------------------------------===//

#ifndef TG_BENCH_SYNTHETICMODEL_H
#define TG_BENCH_SYNTHETICMODEL_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OwningOpRef.h"

#include <cstdint>

namespace tg {
namespace bench {

/// A module of `numOps` unregistered `bench.op` ops, handles 0..numOps-1,
/// deterministic for a given size. The context must allow unregistered
/// dialects and have the tg dialect loaded.
mlir::OwningOpRef<mlir::ModuleOp> buildSyntheticModel(mlir::MLIRContext &ctx,
                                                      uint64_t numOps);

/// A context set up for buildSyntheticModel.
void prepareContext(mlir::MLIRContext &ctx);

} // namespace bench
} // namespace tg

#endif // TG_BENCH_SYNTHETICMODEL_H
