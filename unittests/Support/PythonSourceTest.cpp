//===- PythonSourceTest.cpp - Source names as tools show them -------------===//

#include "tg/Support/PythonSource.h"

#include "gtest/gtest.h"

using namespace tg;

namespace {

TEST(PythonSourceTest, NumberedNoFileSourcesShowTheirName) {
  // torch-to-tg tells apart sources that share the name `<string>`.
  EXPECT_EQ(getSourceDisplayName("<string>#2"), "<string>");
  EXPECT_EQ(getSourceDisplayName("<string>#15"), "<string>");
  EXPECT_EQ(getSourceDisplayName("<string>"), "<string>");
  EXPECT_EQ(getSourceDisplayName("<ipython-input-3>#2"), "<ipython-input-3>");
}

TEST(PythonSourceTest, FilesAndOtherNamesAreShownAsTheyAre) {
  EXPECT_EQ(getSourceDisplayName("model.py"), "model.py");
  EXPECT_EQ(getSourceDisplayName("dir/a#2"), "dir/a#2");
  EXPECT_EQ(getSourceDisplayName("<string>#"), "<string>#");
  EXPECT_EQ(getSourceDisplayName("<string>#2a"), "<string>#2a");
  EXPECT_EQ(getSourceDisplayName("<a>#2/b.py"), "<a>#2/b.py");
  EXPECT_EQ(getSourceDisplayName(""), "");
}

} // namespace
