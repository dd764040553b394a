//===- TGToLinalg.h - Fused kernels as linalg functions ---------*- C++ -*-===//
//
// The reference lowering from tracegraph's fused kernels to upstream
// dialects (`--tg-extract-kernels`): each selected `tg.kernel` becomes a
// `func.func` computing its ops with one `linalg.generic`, every op lowered
// at its own location. Its contract and options are in
// tg/Conversion/Passes.td; docs/native-debugging.md shows the pipeline
// around it.
//
//===----------------------------------------------------------------------===//

#ifndef TG_CONVERSION_TGTOLINALG_TGTOLINALG_H
#define TG_CONVERSION_TGTOLINALG_TGTOLINALG_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

#include <memory>

namespace tg {

/// The element type of the extracted kernels' tensors (`--tg-extract-kernels`'s
/// option `element-type`).
enum class KernelElementType { F32, F64 };

#define GEN_PASS_DECL_TGEXTRACTKERNELS
#include "tg/Conversion/Passes.h.inc"

} // namespace tg

#endif // TG_CONVERSION_TGTOLINALG_TGTOLINALG_H
