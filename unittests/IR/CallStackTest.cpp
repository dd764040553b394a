//===- CallStackTest.cpp - Call-stack location helpers --------------------===//

#include "tg/IR/CallStack.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"

#include "gtest/gtest.h"

using namespace mlir;
using namespace tg;

namespace {

class CallStackTest : public ::testing::Test {
protected:
  CallStackTest() { context.loadDialect<TGDialect>(); }

  Location pos(StringRef file, unsigned line, unsigned col = 1) {
    return FileLineColLoc::get(&context, file, line, col);
  }
  FrameAttr frame(StringRef instance, StringRef cls, StringRef method) {
    return FrameAttr::get(&context, instance, cls, method);
  }

  MLIRContext context;
};

TEST_F(CallStackTest, SingleFrameRoundTrips) {
  Location leaf = pos("conv.py", 459, 15);
  FrameAttr f = frame("conv1", "Conv2d", "forward");
  Location loc = pushFrame(leaf, f, pos("block.py", 92));
  CallStack stack = getCallStack(loc);
  ASSERT_EQ(stack.frames.size(), 1u);
  EXPECT_EQ(stack.leaf, leaf);
  EXPECT_EQ(stack.frames[0].frame, f);
  EXPECT_EQ(stack.frames[0].callLoc, pos("block.py", 92));
  EXPECT_EQ(buildLocation(stack), loc);
}

TEST_F(CallStackTest, NestedInliningPutsEntryFrameFirst) {
  Location leaf = pos("conv.py", 459);
  FrameAttr inner = frame("SELF", "Conv2d", "_conv_forward");
  FrameAttr outer = frame("conv1", "Conv2d", "forward");
  // Inline _conv_forward into Conv2d::forward, then that into the block.
  Location once = pushFrame(leaf, inner, pos("conv.py", 463));
  Location twice = pushFrame(once, outer, pos("block.py", 92));
  // MLIR's canonical shape: the callee of every call site is a leaf.
  auto site = dyn_cast<CallSiteLoc>(twice);
  ASSERT_TRUE(site);
  EXPECT_EQ(site.getCallee(), leaf);
  CallStack stack = getCallStack(twice);
  ASSERT_EQ(stack.frames.size(), 2u);
  EXPECT_EQ(stack.frames[0].frame, outer);
  EXPECT_EQ(stack.frames[1].frame, inner);
  EXPECT_EQ(buildLocation(stack), twice);
}

TEST_F(CallStackTest, HandBuiltCalleeChainIsReadInOrder) {
  // callsite(callsite(L at F_inner) at F_outer): the callee side is a chain.
  FrameAttr inner = frame("SELF", "A", "impl");
  FrameAttr outer = frame("A0", "A", "forward");
  Location loc = CallSiteLoc::get(
      CallSiteLoc::get(pos("a.py", 1), getFrameLoc(inner, pos("a.py", 2))),
      getFrameLoc(outer, pos("c.py", 3)));
  CallStack stack = getCallStack(loc);
  ASSERT_EQ(stack.frames.size(), 2u);
  EXPECT_EQ(stack.frames[0].frame, outer);
  EXPECT_EQ(stack.frames[1].frame, inner);
  EXPECT_EQ(stack.leaf, pos("a.py", 1));
}

TEST_F(CallStackTest, CallSiteWithoutFrameHasNoModuleInfo) {
  Location loc = CallSiteLoc::get(pos("f.py", 1), pos("g.py", 2));
  CallStack stack = getCallStack(loc);
  ASSERT_EQ(stack.frames.size(), 1u);
  EXPECT_FALSE(stack.frames[0].frame);
  EXPECT_EQ(stack.frames[0].callLoc, pos("g.py", 2));
}

TEST_F(CallStackTest, UnknownCallLocationStillMakesAFrame) {
  FrameAttr f = frame("relu", "ReLU", "forward");
  Location loc = pushFrame(pos("relu.py", 5), f, UnknownLoc::get(&context));
  CallStack stack = getCallStack(loc);
  ASSERT_EQ(stack.frames.size(), 1u);
  EXPECT_EQ(stack.frames[0].frame, f);
  EXPECT_TRUE(isa<UnknownLoc>(stack.frames[0].callLoc));
}

TEST_F(CallStackTest, OriginsOfFusedKernelKeepOrderAndFrames) {
  FrameAttr f = frame("relu", "ReLU", "forward");
  Location a = pushFrame(pos("relu.py", 5), f, pos("net.py", 3));
  Location b = pos("net.py", 4);
  Location kernel = FusedLoc::get(
      &context, {a, b, a}, KernelAttr::get(&context, "fused_add_relu_0"));
  SmallVector<Location> origins;
  getOrigins(kernel, origins);
  ASSERT_EQ(origins.size(), 2u);
  EXPECT_EQ(origins[0], a);
  EXPECT_EQ(origins[1], b);
  // A frame location is not a fusion: it is one origin.
  origins.clear();
  getOrigins(getFrameLoc(f, pos("x.py", 1)), origins);
  EXPECT_EQ(origins.size(), 1u);
}

TEST_F(CallStackTest, PlainLocationHasNoFrames) {
  CallStack stack = getCallStack(pos("x.py", 7));
  EXPECT_TRUE(stack.frames.empty());
  EXPECT_EQ(stack.leaf, pos("x.py", 7));
}

TEST_F(CallStackTest, OriginRecordsAppendReadBackAndAreNotOrigins) {
  Location anchor = pos("in.mlir", 1);
  Location dead = pushFrame(pos("model.py", 12, 8),
                            frame("layer1", "Sequential", "forward"),
                            pos("model.py", 3, 4));
  auto eliminated = OriginRecordAttr::get(&context, "eliminated", "tg-cse",
                                          "arith.addi", LocationAttr());
  auto merged = OriginRecordAttr::get(&context, "merged", "tg-canonicalize",
                                      "arith.constant", pos("model.py", 7, 3));
  Location withOne =
      appendOriginRecords(anchor, {makeOriginRecord(eliminated, dead)});
  // A second pass appends to the records of the first.
  Location withTwo = appendOriginRecords(
      withOne, {makeOriginRecord(merged, pos("model.py", 40, 3))});

  SmallVector<RemovedOrigin> records;
  getOriginRecords(withTwo, records);
  ASSERT_EQ(records.size(), 2u);
  EXPECT_EQ(records[0].record, eliminated);
  EXPECT_EQ(records[0].origin, dead);
  EXPECT_EQ(records[1].record, merged);
  EXPECT_EQ(records[1].origin, pos("model.py", 40, 3));

  // The anchor's own origins exclude its records.
  SmallVector<Location> origins;
  getOrigins(withTwo, origins);
  ASSERT_EQ(origins.size(), 1u);
  EXPECT_EQ(origins[0], anchor);
  EXPECT_EQ(stripOriginRecords(withTwo), anchor);
  EXPECT_EQ(stripOriginRecords(anchor), anchor);
}

TEST_F(CallStackTest, OriginRecordsOnUnknownAnchor) {
  Location unknown = UnknownLoc::get(&context);
  auto eliminated = OriginRecordAttr::get(&context, "eliminated", "tg-cse",
                                          "arith.addi", LocationAttr());
  // A fused origin (a kernel) is recorded whole, under one record.
  Location kernel = FusedLoc::get(&context, {pos("a.py", 1), pos("a.py", 2)});
  Location loc =
      appendOriginRecords(unknown, {makeOriginRecord(eliminated, kernel)});
  SmallVector<RemovedOrigin> records;
  getOriginRecords(loc, records);
  ASSERT_EQ(records.size(), 1u);
  EXPECT_EQ(records[0].origin, kernel);
  SmallVector<Location> origins;
  getOrigins(loc, origins);
  EXPECT_TRUE(origins.empty());
  EXPECT_TRUE(isa<UnknownLoc>(stripOriginRecords(loc)));
}

} // namespace
