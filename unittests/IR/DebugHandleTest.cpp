//===- DebugHandleTest.cpp - Inline and attribute debug handles -----------===//

#include "tg/IR/DebugHandle.h"
#include "tg/IR/TGOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Verifier.h"

#include "gtest/gtest.h"

using namespace mlir;
using namespace tg;

namespace {

class DebugHandleTest : public ::testing::Test {
protected:
  DebugHandleTest() : builder(&context) {
    context.loadDialect<TGDialect>();
    context.allowUnregisteredDialects();
    module = ModuleOp::create(builder.getUnknownLoc());
    builder.setInsertionPointToEnd(module->getBody());
    graph = GraphOp::create(builder, builder.getUnknownLoc(), "f",
                            builder.getFunctionType({tensor()}, {tensor()}));
    Block *body = new Block();
    graph.getBody().push_back(body);
    body->addArgument(tensor(), builder.getUnknownLoc());
    builder.setInsertionPointToEnd(body);
  }

  Type tensor() { return TracedTensorType::get(&context); }

  TracedOp makeTraced() {
    return TracedOp::create(builder, builder.getUnknownLoc(),
                            TypeRange{tensor()}, "aten::relu",
                            ValueRange{graph.getBody().getArgument(0)},
                            /*bodiesCount=*/0);
  }

  MLIRContext context;
  OpBuilder builder;
  OwningOpRef<ModuleOp> module;
  GraphOp graph;
};

TEST_F(DebugHandleTest, TgOpsStoreTheHandleInlineWithoutAttributes) {
  TracedOp op = makeTraced();
  EXPECT_TRUE(isa<DebugHandleOpInterface>(op.getOperation()));
  EXPECT_FALSE(hasDebugHandle(op));
  EXPECT_EQ(getDebugHandle(op), std::nullopt);

  setDebugHandle(op, 42);
  EXPECT_TRUE(hasDebugHandle(op));
  EXPECT_EQ(getDebugHandle(op), std::optional<uint64_t>(42));
  EXPECT_EQ(op.getDebugHandle(), std::optional<int64_t>(42));
  // Nothing in the attribute dictionary: no uniqued attribute per op.
  EXPECT_TRUE(op->getDiscardableAttrDictionary().empty());
  EXPECT_FALSE(op->hasAttr(kDebugHandleAttrName));

  removeDebugHandle(op);
  EXPECT_FALSE(hasDebugHandle(op));
  EXPECT_EQ(op.getDebugHandle(), std::nullopt);
}

TEST_F(DebugHandleTest, OtherOpsUseTheAttribute) {
  // tg.graph and other dialects' ops keep the discardable attribute.
  for (Operation *op :
       {graph.getOperation(),
        builder.create(builder.getUnknownLoc(),
                       builder.getStringAttr("other.op"), {}, {})}) {
    EXPECT_FALSE(isa<DebugHandleOpInterface>(op));
    setDebugHandle(op, 7);
    EXPECT_EQ(getDebugHandle(op), std::optional<uint64_t>(7));
    auto attr = op->getAttrOfType<IntegerAttr>(kDebugHandleAttrName);
    ASSERT_TRUE(attr);
    EXPECT_EQ(attr.getInt(), 7);
    removeDebugHandle(op);
    EXPECT_FALSE(op->hasAttr(kDebugHandleAttrName));
  }
}

TEST_F(DebugHandleTest, MalformedAttributesAreHandlesButNotValidOnes) {
  TracedOp op = makeTraced();
  for (Attribute bad : {Attribute(builder.getStringAttr("seven")),
                        Attribute(builder.getI64IntegerAttr(-1))}) {
    op->setAttr(kDebugHandleAttrName, bad);
    EXPECT_TRUE(hasDebugHandle(op));
    EXPECT_EQ(getDebugHandle(op), std::nullopt);
  }
  // Setting a handle replaces the malformed attribute with the inline one.
  setDebugHandle(op, 3);
  EXPECT_FALSE(op->hasAttr(kDebugHandleAttrName));
  EXPECT_EQ(getDebugHandle(op), std::optional<uint64_t>(3));
  EXPECT_TRUE(succeeded(verify(op)));
}

TEST_F(DebugHandleTest, BothKindsAtOnceDoNotVerify) {
  TracedOp op = makeTraced();
  setDebugHandle(op, 1);
  op->setAttr(kDebugHandleAttrName, builder.getI64IntegerAttr(2));
  std::string message;
  ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diag) {
    message = diag.str();
    return success();
  });
  EXPECT_TRUE(failed(verify(op)));
  EXPECT_NE(message.find("has both the inline debug handle 1"),
            std::string::npos)
      << message;
}

TEST_F(DebugHandleTest, ClonesKeepTheHandle) {
  TracedOp op = makeTraced();
  setDebugHandle(op, 9);
  Operation *copy = op->clone();
  EXPECT_EQ(getDebugHandle(copy), std::optional<uint64_t>(9));
  copy->destroy();
}

} // namespace
