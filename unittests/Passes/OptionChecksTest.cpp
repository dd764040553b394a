//===- OptionChecksTest.cpp - Pass options checked where they are parsed --===//
//
// Options a pass cannot run with are refused where a textual pipeline is
// parsed, before any pass runs (what tg-opt does with --tg-... flags and
// --pass-pipeline); a compiler that builds the pass from its options struct
// gets the same error, at the module, when the pass runs.
//
//===----------------------------------------------------------------------===//

#include "tg/IR/TGDialect.h"
#include "tg/Passes/Passes.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"

#include "gtest/gtest.h"

using namespace mlir;

namespace {

constexpr llvm::StringLiteral kGraph = R"mlir(
tg.graph @"M::forward"(%self: !tg.module<"M">, %x: !tg.tensor) -> !tg.tensor {
  %0 = tg.op "aten::neg"(%x) : (!tg.tensor) -> !tg.tensor loc("m.py":2:1)
  tg.return %0 : !tg.tensor
} loc("m.py":1:1)
)mlir";

class OptionChecksTest : public ::testing::Test {
protected:
  OptionChecksTest() {
    context.loadDialect<tg::TGDialect>();
    context.printOpOnDiagnostic(false);
    tg::registerTGPasses();
  }

  /// The error of parsing `pipeline`, or "" when it parsed.
  std::string parseError(StringRef pipeline) {
    std::string message;
    llvm::raw_string_ostream os(message);
    OpPassManager pm("builtin.module");
    if (succeeded(parsePassPipeline(pipeline, pm, os)))
      return "";
    return message;
  }

  /// The diagnostic that running `pass` on the graph gave, or "" when it
  /// succeeded.
  std::string runError(std::unique_ptr<Pass> pass) {
    OwningOpRef<ModuleOp> module =
        parseSourceString<ModuleOp>(kGraph, &context);
    if (!module)
      return "(the test's module did not parse)";
    std::string message;
    ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diag) {
      message = diag.str();
      return success();
    });
    PassManager pm(&context);
    pm.addPass(std::move(pass));
    if (succeeded(pm.run(*module)))
      return "";
    return message.empty() ? "(failed without a diagnostic)" : message;
  }

  MLIRContext context;
};

TEST_F(OptionChecksTest, AParsedPipelineRefusesOptionsThatCannotRun) {
  EXPECT_NE(parseError("builtin.module(tg-emit-debug-section)")
                .find("tg-emit-debug-section: needs an output file"),
            std::string::npos);
  EXPECT_NE(
      parseError(
          "builtin.module(tg-emit-debug-section{path=s format-version=9})")
          .find("format-version=9 cannot be written"),
      std::string::npos);
  EXPECT_NE(parseError("builtin.module(tg-fuse-elementwise{min-size=0})")
                .find("'min-size' must be at least 1"),
            std::string::npos);
  EXPECT_NE(parseError("builtin.module(tg-decompose{ops=aten::conv2d})")
                .find("'aten::conv2d' in ops= is not an operator"),
            std::string::npos);
  EXPECT_NE(parseError("builtin.module(tg-restore-debuginfo)")
                .find("needs a debug section: path=<file>"),
            std::string::npos);
  // Options that can run parse.
  EXPECT_EQ(parseError("builtin.module(tg-emit-debug-section{path=s},"
                       "tg-fuse-elementwise{min-size=2},"
                       "tg-decompose{ops=aten::softmax})"),
            "");
}

TEST_F(OptionChecksTest, AnOptionsStructIsCheckedWhenThePassRuns) {
  tg::TGFuseElementwiseOptions fuse;
  fuse.minSize = 0;
  EXPECT_EQ(runError(tg::createTGFuseElementwise(fuse)),
            "tg-fuse-elementwise: 'min-size' must be at least 1");
  tg::TGEmitDebugSectionOptions emit;
  EXPECT_EQ(runError(tg::createTGEmitDebugSection(emit)),
            "tg-emit-debug-section: needs an output file: path=<file>");
  emit.path = "unused.tgdbg";
  emit.formatVersion = 0;
  EXPECT_NE(runError(tg::createTGEmitDebugSection(emit))
                .find("format-version=0 cannot be written"),
            std::string::npos);
  tg::TGDecomposeOptions decompose;
  decompose.ops = {"aten::conv2d"};
  EXPECT_NE(runError(tg::createTGDecompose(decompose))
                .find("'aten::conv2d' in ops= is not an operator"),
            std::string::npos);
  // Options that can run do.
  fuse.minSize = 1;
  EXPECT_EQ(runError(tg::createTGFuseElementwise(fuse)), "");
}

} // namespace
