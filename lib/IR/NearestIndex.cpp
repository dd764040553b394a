//===- NearestIndex.cpp - Nearest upsampling as an index map --------------===//

#include "tg/IR/NearestIndex.h"
#include "tg/IR/TGOps.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"

#include <algorithm>
#include <cmath>

using namespace mlir;

bool tg::isNearestUpsampleName(StringRef name) {
  return name == "aten::upsample_nearest1d" ||
         name == "aten::upsample_nearest2d" ||
         name == "aten::upsample_nearest3d";
}

int64_t tg::getNearestSourceIndex(int64_t d, int64_t inputSize,
                                  int64_t outputSize,
                                  std::optional<double> scale) {
  // float, as ATen's compute_scales_value<float> and floorf compute it.
  float step = scale && *scale > 0. ? static_cast<float>(1.0 / *scale)
                                    : static_cast<float>(inputSize) /
                                          static_cast<float>(outputSize);
  int64_t source =
      static_cast<int64_t>(std::floor(static_cast<float>(d) * step));
  return std::min(source, inputSize - 1);
}

std::optional<tg::NearestAxis> tg::getNearestAxis(int64_t inputSize,
                                                  int64_t outputSize,
                                                  std::optional<double> scale) {
  if (inputSize <= 0 || outputSize <= 0)
    return std::nullopt;
  NearestAxis axis;
  if (outputSize % inputSize == 0)
    axis = {outputSize / inputSize, /*divide=*/true};
  else if (inputSize % outputSize == 0)
    axis = {inputSize / outputSize, /*divide=*/false};
  else
    return std::nullopt;
  for (int64_t d = 0; d < outputSize; ++d) {
    int64_t affine = axis.divide ? d / axis.factor : d * axis.factor;
    if (getNearestSourceIndex(d, inputSize, outputSize, scale) != affine)
      return std::nullopt;
  }
  return axis;
}

/// A constant scale: a float, or None (unit); none when not a constant.
static std::optional<std::optional<double>> getScale(Attribute value) {
  if (auto real = dyn_cast_or_null<FloatAttr>(value))
    return std::optional<double>(real.getValueAsDouble());
  if (isa_and_nonnull<UnitAttr>(value))
    return std::optional<double>();
  return std::nullopt;
}

std::optional<SmallVector<std::optional<double>>>
tg::getUpsampleScales(Operation *op, unsigned first, int64_t spatial,
                      function_ref<Attribute(unsigned)> constantAt) {
  // None (sizes only), the .vec form's list of scale factors (or None), or
  // the sizes form's one optional scale per dim (with one spatial dim, both
  // forms have one operand there: a list is the .vec form's).
  SmallVector<std::optional<double>> scales(spatial);
  unsigned operands = op->getNumOperands();
  Attribute at = operands > first ? constantAt(first) : Attribute();
  if (operands == first + 1 && isa_and_nonnull<ArrayAttr>(at)) {
    auto list = cast<ArrayAttr>(at);
    if (int64_t(list.size()) != spatial)
      return std::nullopt;
    for (auto [i, element] : llvm::enumerate(list)) {
      std::optional<std::optional<double>> scale = getScale(element);
      if (!scale || !*scale)
        return std::nullopt;
      scales[i] = *scale;
    }
  } else if (operands == first + 1 && isa_and_nonnull<UnitAttr>(at)) {
    // No scales (either form).
  } else if (operands == first + spatial) {
    for (int64_t i = 0; i < spatial; ++i) {
      std::optional<std::optional<double>> scale =
          getScale(constantAt(first + i));
      if (!scale)
        return std::nullopt;
      scales[i] = *scale;
    }
  } else if (operands != first) {
    return std::nullopt;
  }
  return scales;
}

std::optional<SmallVector<tg::NearestAxis>>
tg::getNearestUpsampleAxes(Operation *op,
                           function_ref<Attribute(Value)> getConstant) {
  auto traced = dyn_cast<TracedOp>(op);
  if (!traced || !isNearestUpsampleName(traced.getName()) ||
      op->getNumOperands() < 2 || op->getNumResults() != 1)
    return std::nullopt;
  // upsample_nearest{1,2,3}d: the digit before the final 'd'.
  int64_t spatial = traced.getName().drop_back().back() - '0';
  auto from = dyn_cast<RankedTensorType>(op->getOperand(0).getType());
  auto to = dyn_cast<RankedTensorType>(op->getResult(0).getType());
  if (!from || !to || !from.hasStaticShape() || !to.hasStaticShape() ||
      from.getRank() != 2 + spatial || to.getRank() != 2 + spatial ||
      from.getShape().take_front(2) != to.getShape().take_front(2))
    return std::nullopt;
  auto constantAt = [&](unsigned i) -> Attribute {
    if (getConstant)
      return getConstant(op->getOperand(i));
    auto constant = op->getOperand(i).getDefiningOp<ConstantOp>();
    return constant ? constant.getValue() : Attribute();
  };
  std::optional<SmallVector<std::optional<double>>> scales =
      getUpsampleScales(op, /*first=*/2, spatial, constantAt);
  if (!scales)
    return std::nullopt;
  SmallVector<NearestAxis> axes;
  for (int64_t i = 0; i < spatial; ++i) {
    std::optional<NearestAxis> axis = getNearestAxis(
        from.getDimSize(2 + i), to.getDimSize(2 + i), (*scales)[i]);
    if (!axis)
      return std::nullopt;
    axes.push_back(*axis);
  }
  return axes;
}
