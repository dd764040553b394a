//===- LinearIndex.h - Linear upsampling as affine reads --------*- C++ -*-===//
//-*-===//
//
// `aten::upsample_linear1d`, `upsample_bilinear2d` and `upsample_trilinear3d`
// read, per spatial dim of input size I and output size O, two taps of the
// input and mix them with weights of the output index. PyTorch (ATen's
// UpSample.h, compute_source_index_and_lambda) computes the source index
// r = s * d (align_corners) or max(s * (d + 0.5) - 0.5, 0) in double, with
// the ratio s a float32: (I - 1) / (O - 1), 1 / scale for a given positive
// scale, else I / O; the taps are i0 = int(r) and i1 = min(i0 + 1, I - 1),
// the weights 1 - l and l = float(r - i0) (the taps d and weights 1, 0 when
// O == I). PyTorch 1.13's CPU results on one-hot inputs are these weights.
//
// The weights are computed inside a kernel from the output index, as ATen
// computes them. The taps are read at an affine index of the output index:
// with the float ratio written exactly as M / 2^E, ATen's double source
// index is exact, so i0 is (M * d) floordiv 2^E (align_corners) or
// (2M * d + M - 2^E) floordiv 2^(E + 1) clamped at 0, and i1 is i0 + 1
// clamped at I - 1 (clamps at a known bound are affine with floordiv), as
// Inductor lowers these ops to indexing. The index is still checked against
// ATen's for every output index: an op where they differ is refused, not
// approximated (NearestIndex.h does the same for nearest upsampling).
//
//===----------------------------------------------------------------------===//

#ifndef TG_IR_LINEARINDEX_H
#define TG_IR_LINEARINDEX_H

#include "mlir/IR/AffineExpr.h"
#include "mlir/IR/Operation.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>

namespace tg {

/// One spatial dim of a linear upsampling of a float32 tensor: the sizes,
/// ATen's mode and its ratio s, as ATen computes it.
struct LinearAxis {
  int64_t inputSize = 0;
  int64_t outputSize = 0;
  bool alignCorners = false;
  float ratio = 0;

  /// Whether the output index reads its own index, with weights 1 and 0.
  bool isCopy() const { return inputSize == outputSize; }
};

/// ATen's taps of output index `d` (compute_source_index_and_lambda):
/// {i0, i1}.
std::pair<int64_t, int64_t> getLinearSourceTaps(const LinearAxis &axis,
                                                int64_t d);

/// The affine index of tap `upper` (i1, else i0) of output index `d`; equal
/// to getLinearSourceTaps for every d of an axis getLinearUpsampleAxes
/// returns.
mlir::AffineExpr getLinearTapIndex(const LinearAxis &axis, mlir::AffineExpr d,
                                   bool upper);

/// For a `tg.op "aten::upsample_{linear1d,bilinear2d,trilinear3d}"` (either
/// overload: output size, align_corners and one optional scale per dim, or
/// the `.vec` form's output size or list of scale factors) whose input and
/// result have static ranked float32 types (ATen computes a double tensor's
/// ratio in double: its taps are not these), whose batch and channel dims
/// agree, whose align_corners and scales are constants (the output size is read
/// from the result type), and whose taps are affine for every output index: one
/// axis per spatial dim. None otherwise. `getConstant` gives an operand's
/// constant value (by default its `tg.constant`'s; inside a kernel, the
/// lowering looks through the kernel's block arguments).
std::optional<llvm::SmallVector<LinearAxis>> getLinearUpsampleAxes(
    mlir::Operation *op,
    llvm::function_ref<mlir::Attribute(mlir::Value)> getConstant = nullptr);

/// Whether `name` is one of the three linear upsampling operators.
bool isLinearUpsampleName(llvm::StringRef name);

} // namespace tg

#endif // TG_IR_LINEARINDEX_H
