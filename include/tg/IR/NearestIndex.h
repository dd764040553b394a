//===- NearestIndex.h - Nearest upsampling as an index map ------*- C++ -*-===//
//
// `aten::upsample_nearest1d/2d/3d` copies elements; what it computes is
// where each output element is read from. PyTorch (ATen's UpSample.h)
// computes, per spatial dim of input size I and output size O, the source
// of output index d as min(floor(float(d) * s), I - 1), in float32, with
// s = float(1 / scale) for a given positive scale, else float(I) / float(O).
// Where that is d floordiv k (upsampling by an integer factor) or d * k
// (downsampling) for every d, the op is a layout op: a kernel reads its input
// at an affine index (docs/fusion.md), as Inductor folds it into its
// kernels' indexing. The check is exhaustive over d, so a scale that makes
// ATen's float arithmetic round differently is refused, not approximated.
//
//===----------------------------------------------------------------------===//

#ifndef TG_IR_NEARESTINDEX_H
#define TG_IR_NEARESTINDEX_H

#include "mlir/IR/Operation.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>

namespace tg {

/// How one spatial dim of a nearest upsampling reads its input: output index
/// d reads d floordiv factor (`divide`) or d * factor.
struct NearestAxis {
  int64_t factor;
  bool divide;
};

/// PyTorch's source index of output index `d` (ATen's
/// nearest_neighbor_compute_source_index with compute_scales_value).
int64_t getNearestSourceIndex(int64_t d, int64_t inputSize, int64_t outputSize,
                              std::optional<double> scale);

/// The axis whose affine index equals getNearestSourceIndex for every output
/// index, or none.
std::optional<NearestAxis> getNearestAxis(int64_t inputSize, int64_t outputSize,
                                          std::optional<double> scale);

/// For a `tg.op "aten::upsample_nearest{1,2,3}d"` (either overload: sizes
/// and scales, or the `.vec` sizes-or-scale-factors form) whose input and
/// result have static ranked types, whose batch and channel dims agree and
/// whose scales are constants (floats or None; the output size is read from
/// the result type): one axis per spatial dim. None otherwise. `getConstant`
/// gives an operand's constant value (by default its `tg.constant`'s; inside
/// a kernel, the lowering looks through the kernel's block arguments).
std::optional<llvm::SmallVector<NearestAxis>> getNearestUpsampleAxes(
    mlir::Operation *op,
    llvm::function_ref<mlir::Attribute(mlir::Value)> getConstant = nullptr);

/// The scales of an upsampling whose scale operands start at operand
/// `first` (after the output size, and align_corners for linear modes), one
/// per spatial dim, each a float or None: none given (`first` operands), the
/// `.vec` form's list of scale factors or None, or the sizes form's one
/// optional scale per dim. None when an operand is not such a constant
/// (`constantAt` gives operand i's) or the forms do not fit.
std::optional<llvm::SmallVector<std::optional<double>>>
getUpsampleScales(mlir::Operation *op, unsigned first, int64_t spatial,
                  llvm::function_ref<mlir::Attribute(unsigned)> constantAt);

/// Whether `name` is one of the three nearest upsampling operators.
bool isNearestUpsampleName(llvm::StringRef name);

} // namespace tg

#endif // TG_IR_NEARESTINDEX_H
