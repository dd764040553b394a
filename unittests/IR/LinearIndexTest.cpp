//===- LinearIndexTest.cpp - Linear upsampling as affine reads ------------===//

#include "tg/IR/LinearIndex.h"

#include "mlir/IR/AffineExpr.h"
#include "mlir/IR/MLIRContext.h"

#include "gtest/gtest.h"

using namespace tg;

namespace {

LinearAxis makeAxis(int64_t in, int64_t out, bool alignCorners,
                    std::optional<double> scale = std::nullopt) {
  LinearAxis axis;
  axis.inputSize = in;
  axis.outputSize = out;
  axis.alignCorners = alignCorners;
  if (alignCorners)
    axis.ratio = out > 1 ? float(in - 1) / float(out - 1) : 0.f;
  else
    axis.ratio = scale ? float(1.0 / *scale) : float(in) / float(out);
  return axis;
}

// Taps PyTorch 1.13 reads (F.interpolate of one-hot inputs: the taps are
// where an output element sees its input's 1).
TEST(LinearIndexTest, TapsAreATens) {
  using Taps = std::pair<int64_t, int64_t>;
  // 10 -> 20: output 0 reads index 0 twice over (the source index clamped
  // at 0), output 19 the last index twice (the upper tap clamped).
  EXPECT_EQ(getLinearSourceTaps(makeAxis(10, 20, false), 0), Taps(0, 1));
  EXPECT_EQ(getLinearSourceTaps(makeAxis(10, 20, false), 3), Taps(1, 2));
  EXPECT_EQ(getLinearSourceTaps(makeAxis(10, 20, false), 19), Taps(9, 9));
  // 100 -> 300 by scale 3: d = 205 reads 68 and 69 (weights 1 - 2.04e-6
  // and 2.04e-6: the source index is a double).
  EXPECT_EQ(getLinearSourceTaps(makeAxis(100, 300, false, 3.0), 205),
            Taps(68, 69));
  // align_corners: the corners are the input's.
  EXPECT_EQ(getLinearSourceTaps(makeAxis(10, 25, true), 0), Taps(0, 1));
  EXPECT_EQ(getLinearSourceTaps(makeAxis(10, 25, true), 24), Taps(9, 9));
  // Same size: each output reads its own index.
  EXPECT_EQ(getLinearSourceTaps(makeAxis(7, 7, false), 4), Taps(4, 4));
}

// The affine index the kernels read equals ATen's taps for every output
// index of every pair of sizes up to 32 -> 96, both ways, and for the scale
// factors models give (2.05 is no ratio of sizes).
TEST(LinearIndexTest, AffineTapsEqualATensEverywhere) {
  mlir::MLIRContext ctx;
  mlir::AffineExpr d = mlir::getAffineDimExpr(0, &ctx);
  auto check = [&](const LinearAxis &axis) {
    mlir::AffineExpr lower = getLinearTapIndex(axis, d, false);
    mlir::AffineExpr upper = getLinearTapIndex(axis, d, true);
    for (int64_t i = 0; i < axis.outputSize; ++i) {
      mlir::AffineExpr at = mlir::getAffineConstantExpr(i, &ctx);
      auto lo = llvm::dyn_cast<mlir::AffineConstantExpr>(lower.replaceDims(at));
      auto hi = llvm::dyn_cast<mlir::AffineConstantExpr>(upper.replaceDims(at));
      std::pair<int64_t, int64_t> taps = getLinearSourceTaps(axis, i);
      if (!lo || !hi || lo.getValue() != taps.first ||
          hi.getValue() != taps.second)
        return false;
    }
    return true;
  };
  for (int64_t in = 1; in <= 32; ++in)
    for (int64_t out = 1; out <= 96; ++out)
      for (bool align : {false, true})
        EXPECT_TRUE(check(makeAxis(in, out, align)))
            << in << " -> " << out << (align ? " align_corners" : "");
  for (double scale : {2.0, 3.0, 2.05, 1.5, 0.5, 1.0 / 3.0})
    for (int64_t in = 1; in <= 40; ++in)
      EXPECT_TRUE(check(makeAxis(in, int64_t(in * scale), false, scale)))
          << in << " by " << scale;
}

} // namespace
