//===- NearestIndexTest.cpp - Nearest upsampling as an index map ----------===//

#include "tg/IR/NearestIndex.h"

#include "gtest/gtest.h"

using namespace tg;

namespace {

// Source indices PyTorch 1.13 gives (torch.ops.aten.upsample_nearest1d on
// torch.arange(I)): an index map is only taken where it equals them.
TEST(NearestIndexTest, SourceIndicesAreComputedInFloat32AsATenDoes) {
  // 10 -> 20 with scale_factor 2.05: floor(d * float(1 / 2.05)).
  std::vector<int64_t> almost;
  for (int64_t d = 0; d < 20; ++d)
    almost.push_back(getNearestSourceIndex(d, 10, 20, 2.05));
  EXPECT_EQ(almost, (std::vector<int64_t>{0, 0, 0, 1, 1, 2, 2, 3, 3, 4,
                                          4, 5, 5, 6, 6, 7, 7, 8, 8, 9}));
  // Clamped to the last input index.
  EXPECT_EQ(getNearestSourceIndex(24, 10, 25, 0.1), 9);
}

TEST(NearestIndexTest, AxesAreTakenOnlyWhereExact) {
  auto axis = [](int64_t in, int64_t out, std::optional<double> scale) {
    std::optional<NearestAxis> a = getNearestAxis(in, out, scale);
    if (!a)
      return std::string("none");
    return (a->divide ? "/" : "*") + std::to_string(a->factor);
  };
  EXPECT_EQ(axis(10, 20, std::nullopt), "/2");
  EXPECT_EQ(axis(10, 20, 2.0), "/2");
  EXPECT_EQ(axis(10, 30, 3.0), "/3");
  EXPECT_EQ(axis(10, 10, std::nullopt), "/1");
  EXPECT_EQ(axis(10, 5, std::nullopt), "*2");
  EXPECT_EQ(axis(6, 2, std::nullopt), "*3");
  // Not affine: a fractional ratio, or a scale that is not the ratio.
  EXPECT_EQ(axis(10, 25, std::nullopt), "none");
  EXPECT_EQ(axis(10, 20, 2.05), "none");
  EXPECT_EQ(axis(10, 7, std::nullopt), "none");
  EXPECT_EQ(axis(0, 4, std::nullopt), "none");
}

} // namespace
