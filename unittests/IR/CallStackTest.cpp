//===- CallStackTest.cpp - Call-stack location helpers --------------------===//

#include "tg/IR/CallStack.h"
#include "tg/IR/TGOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Parser/Parser.h"

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

/// The number of elements of the widest fused location in `loc` (what one
/// location lists at most).
static size_t widestList(Location loc) {
  size_t widest = 0;
  loc->walk([&](Location inner) {
    if (auto fused = dyn_cast<FusedLoc>(inner))
      widest = std::max(widest, fused.getLocations().size());
    return WalkResult::advance();
  });
  return widest;
}

TEST_F(CallStackTest, ManyRecordsFormATableOfBoundedChunks) {
  // 64^2 + 70 records: two levels of chunks, and no location that lists
  // more than 64 records or chunks of one level (the anchor: its own
  // location, one chunk of level 2, one of level 1 and 6 loose records).
  Location anchor = pos("in.mlir", 1);
  SmallVector<Location> made;
  for (unsigned i = 0; i < 64 * 64 + 70; ++i)
    made.push_back(makeOriginRecord(
        OriginRecordAttr::get(&context, "eliminated", "tg-inline", "aten::relu",
                              LocationAttr()),
        pos("model.py", i + 1)));
  Location whole = appendOriginRecords(anchor, made);
  EXPECT_LE(widestList(whole), kOriginRecordsPerChunk);
  auto top = cast<FusedLoc>(whole);
  EXPECT_EQ(top.getLocations().size(), 1u + 1u + 1u + 6u);
  auto level2 = cast<FusedLoc>(top.getLocations()[1]);
  EXPECT_EQ(cast<OriginRecordsAttr>(level2.getMetadata()).getLevel(), 2u);

  SmallVector<RemovedOrigin> records;
  getOriginRecords(whole, records);
  ASSERT_EQ(records.size(), made.size());
  for (auto [i, record] : llvm::enumerate(records)) {
    EXPECT_EQ(record.origin, pos("model.py", i + 1));
    EXPECT_EQ(Location(record.location), made[i]);
  }
  EXPECT_EQ(stripOriginRecords(whole), anchor);
  SmallVector<Location> origins;
  getOrigins(whole, origins);
  EXPECT_EQ(origins, SmallVector<Location>{anchor});

  // The table depends on the sequence of records only: appended one at a
  // time (as passes do), or in uneven batches (as restore might), it is
  // the same location.
  Location oneByOne = anchor;
  for (Location record : made)
    oneByOne = appendOriginRecords(oneByOne, {record});
  EXPECT_EQ(oneByOne, whole);
  Location batched =
      appendOriginRecords(anchor, ArrayRef(made).take_front(100));
  batched = appendOriginRecords(batched, ArrayRef(made).drop_front(100));
  EXPECT_EQ(batched, whole);
}

TEST_F(CallStackTest, RecordEqualToALooseOneIsNotAddedAgain) {
  auto eliminated = OriginRecordAttr::get(&context, "eliminated", "tg-cse",
                                          "arith.addi", LocationAttr());
  Location record = makeOriginRecord(eliminated, pos("a.py", 3));
  Location once = appendOriginRecords(pos("in.mlir", 1), {record});
  EXPECT_EQ(appendOriginRecords(once, {record}), once);
  EXPECT_EQ(appendOriginRecords(pos("in.mlir", 1), {record, record}), once);
}

TEST_F(CallStackTest, LegacyFlatListOfManyRecordsIsPacked) {
  // An older tracegraph wrote every record in the anchor's list: appending
  // to it packs them as if they had been appended one by one.
  SmallVector<Location> parts{pos("in.mlir", 1)};
  SmallVector<Location> made;
  for (unsigned i = 0; i < 100; ++i)
    made.push_back(
        makeOriginRecord(OriginRecordAttr::get(&context, "eliminated", "tg-cse",
                                               "arith.addi", LocationAttr()),
                         pos("model.py", i + 1)));
  parts.append(made.begin(), made.end());
  Location flat = FusedLoc::get(&context, parts);
  Location extra =
      makeOriginRecord(OriginRecordAttr::get(&context, "eliminated", "tg-cse",
                                             "arith.muli", LocationAttr()),
                       pos("model.py", 500));
  made.push_back(extra);
  EXPECT_EQ(appendOriginRecords(flat, {extra}),
            appendOriginRecords(pos("in.mlir", 1), made));
}

TEST_F(CallStackTest, RecordEliminatedKeepsTheOriginOnTheEnclosingGraph) {
  // What a decomposition does with dropout in eval mode: the op goes, with
  // nothing computing it, and its origin is recorded on its graph.
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(R"mlir(
    tg.graph @"Net::forward"(%self: !tg.module<"Net">, %x: !tg.tensor) -> !tg.tensor {
      %0 = tg.op "aten::dropout"(%x) : (!tg.tensor) -> !tg.tensor loc("net.py":7:12)
      tg.return %x : !tg.tensor loc("net.py":8:5)
    } loc("net.py":5:1)
  )mlir",
                                                             &context);
  ASSERT_TRUE(module);
  Operation *dropout = nullptr;
  GraphOp graph;
  module->walk([&](TracedOp op) { dropout = op; });
  module->walk([&](GraphOp op) { graph = op; });
  ASSERT_TRUE(dropout && graph);
  recordEliminated(dropout, "tg-decompose");
  dropout->erase();
  SmallVector<RemovedOrigin> records;
  getOriginRecords(graph->getLoc(), records);
  ASSERT_EQ(records.size(), 1u);
  EXPECT_EQ(records[0].record,
            OriginRecordAttr::get(&context, "eliminated", "tg-decompose",
                                  "aten::dropout", LocationAttr()));
  EXPECT_EQ(records[0].origin, pos("net.py", 7, 12));
  EXPECT_EQ(stripOriginRecords(graph->getLoc()), pos("net.py", 5, 1));
  EXPECT_EQ(getOriginRecordAnchor(graph), module->getOperation());
}

} // namespace
