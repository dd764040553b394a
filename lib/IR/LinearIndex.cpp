//===- LinearIndex.cpp - Linear upsampling as affine reads ----------------===//

#include "tg/IR/LinearIndex.h"
#include "tg/IR/NearestIndex.h"
#include "tg/IR/TGOps.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/Support/MathExtras.h"

#include <cmath>

using namespace mlir;

bool tg::isLinearUpsampleName(StringRef name) {
  return name == "aten::upsample_linear1d" ||
         name == "aten::upsample_bilinear2d" ||
         name == "aten::upsample_trilinear3d";
}

std::pair<int64_t, int64_t> tg::getLinearSourceTaps(const LinearAxis &axis,
                                                    int64_t d) {
  if (axis.isCopy())
    return {d, d};
  // As ATen computes it for a float32 tensor: the ratio a float, the
  // source index `ratio * d` or `ratio * (d + 0.5) - 0.5` in double (read
  // back from PyTorch's weights: one-hot inputs give 2.04e-6, not a float's
  // ulp, for d = 205 of 100 -> 300).
  double real = static_cast<double>(axis.ratio) * static_cast<double>(d);
  if (!axis.alignCorners) {
    real =
        static_cast<double>(axis.ratio) * (static_cast<double>(d) + 0.5) - 0.5;
    if (real < 0)
      real = 0;
  }
  int64_t index0 = static_cast<int64_t>(real);
  return {index0, index0 < axis.inputSize - 1 ? index0 + 1 : index0};
}

/// The float ratio as an exact fraction M / 2^E (E >= 0, M odd unless
/// E == 0): ATen's source index, ratio * d or ratio * (d + 0.5) - 0.5 in
/// double, is then exact (M has 24 bits, 2d + 1 far fewer than 29), so its
/// floor is an integer division by a power of two.
static std::pair<int64_t, int64_t> getExactRatio(float ratio) {
  if (ratio == 0)
    return {0, 0};
  int exponent = 0;
  double mantissa = std::frexp(static_cast<double>(ratio), &exponent);
  int64_t m = static_cast<int64_t>(std::ldexp(mantissa, 24));
  int64_t e = 24 - exponent;
  for (; e < 0; ++e)
    m *= 2;
  for (; e > 0 && m % 2 == 0; --e)
    m /= 2;
  return {m, e};
}

/// The taps' index as integer arithmetic (T = int64_t) or as an affine
/// expression (T = AffineExpr), written once for both, so that what the
/// exhaustive check compares is what the kernel reads.
template <typename T, typename FloorDiv>
static T getTapIndex(const tg::LinearAxis &axis, T d, bool upper,
                     FloorDiv floorDiv) {
  int64_t in = axis.inputSize;
  if (axis.isCopy())
    return d;
  auto [m, e] = getExactRatio(axis.ratio);
  T index0 = d * 0;
  if (axis.alignCorners) {
    // floor(M * d / 2^E).
    index0 = floorDiv(d * m, int64_t(1) << e);
  } else {
    // floor(M * (2d + 1) / 2^(E + 1) - 1 / 2), at least -1; max(v, 0) is
    // v + 1 - (v + I) floordiv I for v in [-1, I - 1].
    T v = floorDiv(d * (2 * m) + (m - (int64_t(1) << e)), int64_t(2) << e);
    index0 = v + 1 - floorDiv(v + in, in);
  }
  if (!upper)
    return index0;
  // min(i0 + 1, I - 1) for i0 in [0, I - 1].
  return index0 + 1 - floorDiv(index0 + 1, in);
}

AffineExpr tg::getLinearTapIndex(const LinearAxis &axis, AffineExpr d,
                                 bool upper) {
  return getTapIndex<AffineExpr>(
      axis, d, upper, [](AffineExpr a, int64_t b) { return a.floorDiv(b); });
}

/// Whether the affine taps equal ATen's for every output index.
static bool hasAffineTaps(const tg::LinearAxis &axis) {
  auto floorDiv = [](int64_t a, int64_t b) {
    return llvm::divideFloorSigned(a, b);
  };
  for (int64_t d = 0; d < axis.outputSize; ++d) {
    std::pair<int64_t, int64_t> taps = tg::getLinearSourceTaps(axis, d);
    if (getTapIndex<int64_t>(axis, d, false, floorDiv) != taps.first ||
        getTapIndex<int64_t>(axis, d, true, floorDiv) != taps.second)
      return false;
  }
  return true;
}

std::optional<SmallVector<tg::LinearAxis>>
tg::getLinearUpsampleAxes(Operation *op,
                          function_ref<Attribute(Value)> getConstant) {
  auto traced = dyn_cast<TracedOp>(op);
  if (!traced || !isLinearUpsampleName(traced.getName()) ||
      op->getNumOperands() < 3 || op->getNumResults() != 1)
    return std::nullopt;
  // upsample_{linear1d,bilinear2d,trilinear3d}: the digit before the 'd'.
  int64_t spatial = traced.getName().drop_back().back() - '0';
  auto from = dyn_cast<RankedTensorType>(op->getOperand(0).getType());
  auto to = dyn_cast<RankedTensorType>(op->getResult(0).getType());
  if (!from || !to || !from.hasStaticShape() || !to.hasStaticShape() ||
      !from.getElementType().isF32() || from.getRank() != 2 + spatial ||
      to.getRank() != 2 + spatial ||
      from.getShape().take_front(2) != to.getShape().take_front(2))
    return std::nullopt;
  auto constantAt = [&](unsigned i) -> Attribute {
    if (getConstant)
      return getConstant(op->getOperand(i));
    auto constant = op->getOperand(i).getDefiningOp<ConstantOp>();
    return constant ? constant.getValue() : Attribute();
  };
  auto alignCorners = dyn_cast_or_null<BoolAttr>(constantAt(2));
  if (!alignCorners)
    return std::nullopt;
  std::optional<SmallVector<std::optional<double>>> scales =
      getUpsampleScales(op, /*first=*/3, spatial, constantAt);
  if (!scales)
    return std::nullopt;
  SmallVector<LinearAxis> axes;
  for (int64_t i = 0; i < spatial; ++i) {
    LinearAxis axis;
    axis.inputSize = from.getDimSize(2 + i);
    axis.outputSize = to.getDimSize(2 + i);
    axis.alignCorners = alignCorners.getValue();
    if (axis.inputSize <= 0 || axis.outputSize <= 0)
      return std::nullopt;
    // ATen's area_pixel_compute_scale<float>.
    if (axis.alignCorners) {
      axis.ratio = axis.outputSize > 1
                       ? static_cast<float>(axis.inputSize - 1) /
                             static_cast<float>(axis.outputSize - 1)
                       : 0.f;
    } else if ((*scales)[i] && *(*scales)[i] > 0.) {
      axis.ratio = static_cast<float>(1.0 / *(*scales)[i]);
    } else {
      axis.ratio = static_cast<float>(axis.inputSize) /
                   static_cast<float>(axis.outputSize);
    }
    if (!hasAffineTaps(axis))
      return std::nullopt;
    axes.push_back(axis);
  }
  return axes;
}
