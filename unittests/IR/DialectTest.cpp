//===- DialectTest.cpp - Building tg IR through the C++ API ---------------===//

#include "tg/IR/TGOps.h"

#include "mlir/Bytecode/BytecodeWriter.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"

#include "gtest/gtest.h"

using namespace mlir;
using namespace tg;

namespace {

class DialectTest : public ::testing::Test {
protected:
  DialectTest() { context.loadDialect<TGDialect>(); }

  /// Builds `Class::method(self, x) -> tensor` with an empty body.
  GraphOp makeMethod(OpBuilder &b, StringRef className, StringRef method) {
    auto self = ModuleType::get(&context, className);
    auto tensor = TracedTensorType::get(&context);
    auto graph =
        GraphOp::create(b, b.getUnknownLoc(), (className + "::" + method).str(),
                        b.getFunctionType({self, tensor}, {tensor}));
    Block *body = new Block();
    graph.getBody().push_back(body);
    body->addArguments({self, tensor}, {b.getUnknownLoc(), b.getUnknownLoc()});
    return graph;
  }

  /// Counts the errors a verification emits.
  unsigned countVerifierErrors(Operation *op) {
    unsigned errors = 0;
    ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diag) {
      if (diag.getSeverity() == DiagnosticSeverity::Error)
        ++errors;
      return success();
    });
    (void)verify(op);
    return errors;
  }

  MLIRContext context;
};

TEST_F(DialectTest, BuildsMethodsAndCallsThatVerify) {
  OpBuilder b(&context);
  OwningOpRef<ModuleOp> module = ModuleOp::create(b.getUnknownLoc());
  b.setInsertionPointToEnd(module->getBody());
  GraphOp relu = makeMethod(b, "ReLU", "forward");
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToEnd(&relu.getBody().front());
    auto op = TracedOp::create(b, b.getUnknownLoc(),
                               TypeRange{TracedTensorType::get(&context)},
                               b.getStringAttr("aten::relu"),
                               ValueRange{relu.getBody().getArgument(1)}, 0);
    ReturnOp::create(b, b.getUnknownLoc(), op.getResults());
  }
  GraphOp net = makeMethod(b, "Net", "forward");
  b.setInsertionPointToEnd(&net.getBody().front());
  auto sub = GetSubmoduleOp::create(b, b.getUnknownLoc(),
                                    ModuleType::get(&context, "ReLU"),
                                    net.getSelf(), "relu");
  auto call = CallMethodOp::create(
      b, b.getUnknownLoc(), "ReLU::forward",
      TypeRange{TracedTensorType::get(&context)},
      ValueRange{sub.getResult(), net.getBody().getArgument(1)});
  ReturnOp::create(b, b.getUnknownLoc(), call.getResults());

  EXPECT_TRUE(succeeded(verify(*module)));
  EXPECT_TRUE(net.isMethod());
  EXPECT_EQ(net.getClassName(), "Net");
  EXPECT_EQ(net.getMethodName(), "forward");
  EXPECT_FALSE(call.isSelfCall());
  EXPECT_EQ(call.getInstanceName(), "relu");
}

TEST_F(DialectTest, SelfCallIsRecognised) {
  OpBuilder b(&context);
  OwningOpRef<ModuleOp> module = ModuleOp::create(b.getUnknownLoc());
  b.setInsertionPointToEnd(module->getBody());
  GraphOp impl = makeMethod(b, "ResNet", "_forward_impl");
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToEnd(&impl.getBody().front());
    ReturnOp::create(b, b.getUnknownLoc(),
                     ValueRange{impl.getBody().getArgument(1)});
  }
  GraphOp fwd = makeMethod(b, "ResNet", "forward");
  b.setInsertionPointToEnd(&fwd.getBody().front());
  auto call = CallMethodOp::create(
      b, b.getUnknownLoc(), impl,
      ValueRange{fwd.getSelf(), fwd.getBody().getArgument(1)});
  ReturnOp::create(b, b.getUnknownLoc(), call.getResults());
  ASSERT_TRUE(succeeded(verify(*module)));
  EXPECT_TRUE(call.isSelfCall());
  EXPECT_EQ(call.getInstanceName(), "SELF");
}

TEST_F(DialectTest, ReceiverNeitherSelfNorSubmoduleIsUnknownInstance) {
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(R"mlir(
    tg.graph @"A::f"(%self: !tg.module<"A">, %x: !tg.tensor) -> !tg.tensor {
      tg.return %x : !tg.tensor
    }
    tg.graph @"B::g"(%self: !tg.module<"B">, %a: !tg.module<"A">, %x: !tg.tensor) -> !tg.tensor {
      %0 = tg.call_method @"A::f"(%a, %x) : (!tg.module<"A">, !tg.tensor) -> !tg.tensor
      tg.return %0 : !tg.tensor
    }
  )mlir",
                                                             &context);
  ASSERT_TRUE(module);
  CallMethodOp call;
  module->walk([&](CallMethodOp op) { call = op; });
  ASSERT_TRUE(call);
  EXPECT_EQ(call.getInstanceName(), "INSTANCE_NAME_UNKNOWN");
}

TEST_F(DialectTest, CallOfUnknownGraphFailsToVerify) {
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(
      R"mlir(
    tg.graph @"B::g"(%self: !tg.module<"B">, %x: !tg.tensor) -> !tg.tensor {
      %0 = tg.call_method @"A::f"(%self, %x) : (!tg.module<"B">, !tg.tensor) -> !tg.tensor
      tg.return %0 : !tg.tensor
    }
  )mlir",
      ParserConfig(&context, /*verifyAfterParse=*/false));
  ASSERT_TRUE(module);
  EXPECT_EQ(countVerifierErrors(module->getOperation()), 1u);
}

TEST_F(DialectTest, ArityMismatchFailsToVerify) {
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(
      R"mlir(
    tg.graph @"A::f"(%self: !tg.module<"A">, %x: !tg.tensor) -> !tg.tensor {
      tg.return %x : !tg.tensor
    }
    tg.graph @"A::g"(%self: !tg.module<"A">, %x: !tg.tensor) -> !tg.tensor {
      %0 = tg.call_method @"A::f"(%self) : (!tg.module<"A">) -> !tg.tensor
      tg.return %0 : !tg.tensor
    }
  )mlir",
      ParserConfig(&context, /*verifyAfterParse=*/false));
  ASSERT_TRUE(module);
  EXPECT_EQ(countVerifierErrors(module->getOperation()), 1u);
}

TEST_F(DialectTest, ShortClassNameDropsQualifiedPath) {
  auto type =
      ModuleType::get(&context, "__torch__.torchvision.models.resnet.ResNet");
  EXPECT_EQ(type.getShortClassName(), "ResNet");
  auto frame = FrameAttr::get(&context, "layer1",
                              "__torch__.torch.nn.modules.container.Sequential",
                              "forward");
  EXPECT_EQ(frame.getShortClassName(), "Sequential");
  EXPECT_EQ(ModuleType::get(&context, "Plain").getShortClassName(), "Plain");
}

TEST_F(DialectTest, PrintParsePrintIsStable) {
  const char *source = R"mlir(
    tg.graph @"Net::forward"(%self: !tg.module<"Net">, %x: !tg.tensor) -> !tg.tensor attributes {tg.entry} {
      %c = tg.constant([1, 1]) : !tg.value
      %w = tg.get_attr %self["weight"] : !tg.module<"Net"> -> !tg.tensor
      %0 = tg.op "aten::conv2d"(%x, %w, %c) {groups = 1 : i64} : (!tg.tensor, !tg.tensor, !tg.value) -> !tg.tensor loc(callsite("conv.py":459:15 at fused<#tg.frame<instance = "conv1", class = "Conv2d", method = "forward">>["net.py":3:4]))
      tg.return %0 : !tg.tensor
    }
  )mlir";
  auto print = [&](Operation *op) {
    std::string text;
    llvm::raw_string_ostream os(text);
    op->print(os, OpPrintingFlags().enableDebugInfo());
    return text;
  };
  OwningOpRef<ModuleOp> first = parseSourceString<ModuleOp>(source, &context);
  ASSERT_TRUE(first);
  std::string once = print(first->getOperation());
  OwningOpRef<ModuleOp> second = parseSourceString<ModuleOp>(once, &context);
  ASSERT_TRUE(second);
  EXPECT_EQ(once, print(second->getOperation()));
  EXPECT_NE(once.find("#frame = #tg.frame<instance = \"conv1\""),
            std::string::npos);
}

} // namespace

namespace {

TEST_F(DialectTest, ModulePathIsItsPrefixAndPiece) {
  Builder b(&context);
  auto head = ModulePathAttr::get(&context, {}, b.getStringAttr("TOP(C)::f."));
  auto path = ModulePathAttr::get(&context, head, b.getStringAttr("a(A)::g."));
  EXPECT_EQ(path.getText(), "TOP(C)::f.a(A)::g.");
  // Nodes are uniqued: the same prefix and piece is the same attribute.
  EXPECT_EQ(path,
            ModulePathAttr::get(&context, head, b.getStringAttr("a(A)::g.")));
}

TEST_F(DialectTest, ModulePathPrintsEscapedWhereverItsPiecesNeedIt) {
  // Each node knows whether its whole path needs an escape; a byte that
  // needs one in any piece, first, middle or last, is escaped, and the
  // pieces after it are printed as they are.
  Builder b(&context);
  auto print = [&](std::initializer_list<const char *> pieces) {
    ModulePathAttr path;
    for (const char *piece : pieces)
      path = ModulePathAttr::get(&context, path, b.getStringAttr(piece));
    std::string text;
    llvm::raw_string_ostream os(text);
    path.printQuoted(os);
    return text;
  };
  EXPECT_EQ(print({"TOP(C)::f.", "a(A)::g."}), "\"TOP(C)::f.a(A)::g.\"");
  EXPECT_EQ(print({"say \"hi\".", "a(A)::g.", "b(B)::h."}),
            "\"say \\22hi\\22.a(A)::g.b(B)::h.\"");
  EXPECT_EQ(print({"TOP(C)::f.", "back\\slash.", "b(B)::h."}),
            "\"TOP(C)::f.back\\\\slash.b(B)::h.\"");
  EXPECT_EQ(print({"TOP(C)::f.", "a(A)::g.", "line\n"}),
            "\"TOP(C)::f.a(A)::g.line\\0A\"");
  EXPECT_EQ(print({"caf\xc3\xa9", "x"}), "\"caf\\C3\\A9x\"");
  // A path deeper than the printer's stack buffer.
  std::vector<std::string> deep(200, "frame(F)::forward.");
  ModulePathAttr path;
  for (const std::string &piece : deep)
    path = ModulePathAttr::get(&context, path, b.getStringAttr(piece));
  std::string text;
  llvm::raw_string_ostream os(text);
  path.printQuoted(os);
  EXPECT_EQ(text, "\"" + path.getText() + "\"");
  EXPECT_EQ(text.size(), 200 * deep[0].size() + 2);
}

TEST_F(DialectTest, ModulePathNodesSurviveBytecode) {
  // Bytecode keeps the shared nodes (as text each would be one whole path):
  // read back into the same context, the attribute is the very same node.
  Builder b(&context);
  auto head = ModulePathAttr::get(&context, {}, b.getStringAttr("TOP(C)::f."));
  auto path = ModulePathAttr::get(&context, head, b.getStringAttr("a(A)::g."));
  OwningOpRef<ModuleOp> module = ModuleOp::create(b.getUnknownLoc());
  (*module)->setAttr("tg.module_hierarchy", path);
  std::string bytes;
  llvm::raw_string_ostream os(bytes);
  ASSERT_TRUE(succeeded(writeBytecodeToFile(*module, os)));
  ParserConfig config(&context);
  OwningOpRef<ModuleOp> read =
      parseSourceString<ModuleOp>(os.str(), config, "bytes");
  ASSERT_TRUE(read);
  EXPECT_EQ((*read)->getAttr("tg.module_hierarchy"), path);
}

} // namespace
