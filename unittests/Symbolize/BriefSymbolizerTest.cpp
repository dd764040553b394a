//===- BriefSymbolizerTest.cpp - The memo of BriefSymbolizer --------------===//
//
// BriefSymbolizer formats the module path of a (stack node, entry graph, op
// name) once and hands out its index to every handle that shares it. The
// key must hold exactly what the path depends on: the graph (ops of two
// graphs share stack nodes when their call chains are equal), and the op's
// name only in the mobile form, the one whose paths end with it. A key with
// less gives a handle another handle's path; a key with more formats paths
// that should be shared. Until this test only test_lookup_many.py (Python
// bindings) compared briefs with Symbolizer; here every handle of a section
// built for these cases is compared in all three module-path formats, cold
// and warm, in both orders, and the sharing of indices is checked directly.
//
//===----------------------------------------------------------------------===//

#include "tg/Symbolize/BriefSymbolizer.h"

#include "tg/IR/TGDialect.h"
#include "tg/Symbolize/Symbolizer.h"
#include "tg/Target/DebugSection.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/MemoryBuffer.h"

#include "gtest/gtest.h"

#include <tuple>

using namespace mlir;
using namespace tg;

namespace {

// Two graphs whose ops are called through the same chains (equal stack
// nodes, different entry graphs); in each, ops of different names and of
// the same name through one stack; a deeper chain sharing a prefix; a fused
// kernel and an op without a stack (Symbolizer's slow path); an op whose
// location is only a name (a frame without a position).
const char *kModule = R"mlir(
#sub = #tg.frame<instance = "sub", class = "Sub", method = "forward">
#inner = #tg.frame<instance = "inner", class = "Inner", method = "run">
module {
  tg.graph @"A::forward"(%self: !tg.module<"A">, %x: !tg.tensor) -> !tg.tensor attributes {tg.debug_handle = 0 : i64} {
    %0 = tg.op "aten::relu"(%x) {tg.debug_handle = 1 : i64} : (!tg.tensor) -> !tg.tensor loc(callsite("sub.py":5:3 at fused<#sub>["net.py":10:1]))
    %1 = tg.op "aten::sigmoid"(%0) {tg.debug_handle = 2 : i64} : (!tg.tensor) -> !tg.tensor loc(callsite("sub.py":6:3 at fused<#sub>["net.py":10:1]))
    %2 = tg.op "aten::relu"(%1) {tg.debug_handle = 3 : i64} : (!tg.tensor) -> !tg.tensor loc(callsite("sub.py":7:3 at fused<#sub>["net.py":10:1]))
    %3 = tg.op "aten::tanh"(%2) {tg.debug_handle = 4 : i64} : (!tg.tensor) -> !tg.tensor loc(callsite("inner.py":2:5 at callsite(fused<#inner>["sub.py":8:3] at fused<#sub>["net.py":10:1])))
    %4 = tg.op "aten::add"(%3, %x) {tg.debug_handle = 5 : i64} : (!tg.tensor, !tg.tensor) -> !tg.tensor loc(fused<#tg.kernel<"k0">>[callsite("sub.py":9:3 at fused<#sub>["net.py":10:1]), "net.py":11:1])
    %5 = tg.op "aten::neg"(%4) {tg.debug_handle = 6 : i64} : (!tg.tensor) -> !tg.tensor loc("net.py":12:1)
    tg.return {tg.debug_handle = 7 : i64} %5 : !tg.tensor loc("net.py":13:1)
  } loc("net.py":9:1)
  tg.graph @"B::forward"(%self: !tg.module<"B">, %x: !tg.tensor) -> !tg.tensor attributes {tg.debug_handle = 8 : i64} {
    %0 = tg.op "aten::relu"(%x) {tg.debug_handle = 9 : i64} : (!tg.tensor) -> !tg.tensor loc(callsite("sub.py":5:3 at fused<#sub>["net.py":10:1]))
    %1 = tg.op "aten::sigmoid"(%0) {tg.debug_handle = 10 : i64} : (!tg.tensor) -> !tg.tensor loc(callsite("sub.py":6:3 at fused<#sub>["net.py":10:1]))
    %2 = tg.op "aten::tanh"(%1) {tg.debug_handle = 11 : i64} : (!tg.tensor) -> !tg.tensor loc(callsite("inner.py":2:5 at callsite(fused<#inner>["sub.py":8:3] at fused<#sub>["net.py":10:1])))
    %3 = tg.op "aten::exp"(%2) {tg.debug_handle = 13 : i64} : (!tg.tensor) -> !tg.tensor loc("named_op")
    tg.return {tg.debug_handle = 12 : i64} %2 : !tg.tensor loc("net.py":20:1)
  } loc("net.py":19:1)
} loc("model.py":1:1)
)mlir";

constexpr ModulePathFormat kFormats[] = {ModulePathFormat::Profiler,
                                         ModulePathFormat::Mobile,
                                         ModulePathFormat::Scope};

/// What a brief holds, with the module path as text.
using Brief = std::tuple<std::string, std::string, std::string, std::string,
                         uint32_t, std::string>;

class BriefSymbolizerTest : public ::testing::Test {
protected:
  void SetUp() override {
    context.loadDialect<TGDialect>();
    OwningOpRef<ModuleOp> module =
        parseSourceString<ModuleOp>(kModule, &context);
    ASSERT_TRUE(module);
    std::string diagnostics;
    ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diag) {
      diagnostics += diag.str() + "\n";
      return success();
    });
    DebugSectionOptions options;
    options.compressSmall = false;
    FailureOr<std::string> bytes = buildDebugSection(*module, options);
    ASSERT_TRUE(succeeded(bytes)) << diagnostics;
    auto opened = DebugSectionReader::fromBuffer(
        llvm::MemoryBuffer::getMemBufferCopy(*bytes, "section"));
    ASSERT_TRUE(bool(opened)) << llvm::toString(opened.takeError());
    reader = std::move(*opened);
    ASSERT_EQ(reader->getNumHandles(), 14u);
  }

  /// Symbolizer's answer, cut to what a brief holds.
  Brief expected(uint64_t handle, ModulePathFormat format) {
    Symbolizer symbolizer(*reader);
    llvm::Expected<SymbolizedHandle> sym = symbolizer.symbolize(handle, format);
    EXPECT_TRUE(bool(sym)) << llvm::toString(sym.takeError());
    if (!sym)
      return {};
    Brief out{sym->opName.str(), "", sym->kernel.value_or("").str(), "", 0, ""};
    if (!sym->origins.empty()) {
      const SymbolOrigin &origin = sym->origins.front();
      std::get<1>(out) = origin.modulePath;
      if (!origin.frames.empty()) {
        const SymbolFrame &frame = origin.frames.back();
        std::get<3>(out) = frame.file.str();
        std::get<4>(out) = frame.line;
        std::get<5>(out) = frame.function.value_or("<none>").str();
      }
    }
    return out;
  }

  static Brief briefOf(BriefSymbolizer &brief, uint64_t handle) {
    llvm::Expected<HandleBrief> b = brief.brief(handle);
    EXPECT_TRUE(bool(b)) << llvm::toString(b.takeError());
    if (!b)
      return {};
    Brief out{b->opName.str(), "", b->kernel.value_or("").str(), "", 0, ""};
    if (b->modulePath != HandleBrief::kNoModulePath)
      std::get<1>(out) = brief.getModulePath(b->modulePath);
    if (b->hasFrame) {
      std::get<3>(out) = b->file.str();
      std::get<4>(out) = b->line;
      std::get<5>(out) = b->function.value_or("<none>").str();
    }
    return out;
  }

  /// The module-path index of `handle`'s brief.
  static uint32_t pathIndex(BriefSymbolizer &brief, uint64_t handle) {
    llvm::Expected<HandleBrief> b = brief.brief(handle);
    EXPECT_TRUE(bool(b)) << llvm::toString(b.takeError());
    return b ? b->modulePath : HandleBrief::kNoModulePath;
  }

  /// The handles the section uses (tg.return and graphs included).
  std::vector<uint64_t> handles() const {
    std::vector<uint64_t> used;
    for (uint64_t h = 0; h < reader->getNumHandles(); ++h)
      used.push_back(h);
    return used;
  }

  MLIRContext context;
  std::unique_ptr<DebugSectionReader> reader;
};

TEST_F(BriefSymbolizerTest, EveryHandleAsSymbolizerInEveryFormat) {
  for (ModulePathFormat format : kFormats) {
    SCOPED_TRACE(int(format));
    std::vector<Brief> want;
    for (uint64_t h : handles())
      want.push_back(expected(h, format));
    // Cold, in order; then warm, every answer from the memo.
    BriefSymbolizer brief(*reader, format);
    for (int round = 0; round < 2; ++round)
      for (uint64_t h : handles())
        EXPECT_EQ(briefOf(brief, h), want[h])
            << "handle " << h << (round ? " (warm)" : " (cold)");
    // A fresh one, backwards: graph B's ops fill the memo first.
    BriefSymbolizer backwards(*reader, format);
    std::vector<uint64_t> all = handles();
    for (uint64_t h : llvm::reverse(all))
      EXPECT_EQ(briefOf(backwards, h), want[h]) << "handle " << h;
  }
}

TEST_F(BriefSymbolizerTest, ANameWithoutAPositionIsTheOpsFrame) {
  // `loc("named_op")`: the traceback was empty, and the brief had no frame.
  Symbolizer symbolizer(*reader);
  llvm::Expected<SymbolizedHandle> sym = symbolizer.symbolize(13);
  ASSERT_TRUE(bool(sym)) << llvm::toString(sym.takeError());
  ASSERT_EQ(sym->origins.size(), 1u);
  ASSERT_EQ(sym->origins[0].frames.size(), 1u);
  const SymbolFrame &frame = sym->origins[0].frames[0];
  EXPECT_FALSE(frame.hasPosition);
  EXPECT_EQ(frame.function.value_or(""), "named_op");
  BriefSymbolizer brief(*reader, ModulePathFormat::Mobile);
  EXPECT_EQ(std::get<5>(briefOf(brief, 13)), "named_op");
}

TEST(EscapedNameTest, ControlCharactersAreEscapedOthersKept) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << escapedName("plain.py") << '|' << escapedName("a.py\n  File \"b\"")
     << '|' << escapedName(llvm::StringRef("\x1b[2J\t\x7f\0z", 8)) << '|'
     << escapedName("") << '|' << escapedName("caf\xc3\xa9.py");
  EXPECT_EQ(os.str(),
            "plain.py|a.py\\x0a  File \"b\"|\\x1b[2J\\x09\\x7f\\x00z||"
            "caf\xc3\xa9.py");
}

TEST(EscapedNameTest, FindsEveryControlCharacterAsAByteLoopDoes) {
  // Every byte value at every position of names up to 19 bytes long, amid
  // ASCII and amid the high bytes of UTF-8 (the word-at-a-time test must
  // neither miss one nor take a high byte for one), from every start.
  auto byteLoop = [](llvm::StringRef text, size_t from) {
    for (size_t i = from; i < text.size(); ++i) {
      auto byte = static_cast<unsigned char>(text[i]);
      if (byte < 0x20 || byte == 0x7f)
        return i;
    }
    return llvm::StringRef::npos;
  };
  for (char fill : {'a', '\xc3', '\xff', '\x80', ' '})
    for (size_t size = 0; size < 20; ++size)
      for (size_t at = 0; at < std::max<size_t>(size, 1); ++at)
        for (unsigned value = 0; value < 256; ++value) {
          std::string text(size, fill);
          if (size)
            text[at] = char(value);
          for (size_t from : {size_t(0), at, at + 1})
            ASSERT_EQ(findControlCharacter(text, from), byteLoop(text, from))
                << "size " << size << " byte " << value << " at " << at
                << " from " << from;
        }
}

TEST_F(BriefSymbolizerTest, TheSameStackInTwoGraphsHasTwoPaths) {
  // Handles 1 and 9: equal call chains (one stack node), graphs A and B.
  for (ModulePathFormat format : kFormats) {
    SCOPED_TRACE(int(format));
    BriefSymbolizer brief(*reader, format);
    std::string a = std::get<1>(briefOf(brief, 1));
    std::string b = std::get<1>(briefOf(brief, 9));
    EXPECT_NE(a, b);
    EXPECT_EQ(a, std::get<1>(expected(1, format)));
    EXPECT_EQ(b, std::get<1>(expected(9, format)));
  }
  BriefSymbolizer profiler(*reader, ModulePathFormat::Profiler);
  EXPECT_EQ(std::get<1>(briefOf(profiler, 1)),
            "TOP(A)::forward.sub(Sub)::forward.");
  EXPECT_EQ(std::get<1>(briefOf(profiler, 9)),
            "TOP(B)::forward.sub(Sub)::forward.");
}

TEST_F(BriefSymbolizerTest, OpNamesSplitPathsOnlyInTheMobileForm) {
  // Handles 1, 2, 3: one stack in graph A; relu, sigmoid, relu.
  BriefSymbolizer mobile(*reader, ModulePathFormat::Mobile);
  EXPECT_EQ(std::get<1>(briefOf(mobile, 1)),
            "top(A)::<unknown>.sub(Sub)::forward.aten::relu");
  EXPECT_EQ(std::get<1>(briefOf(mobile, 2)),
            "top(A)::<unknown>.sub(Sub)::forward.aten::sigmoid");
  EXPECT_NE(pathIndex(mobile, 1), pathIndex(mobile, 2));
  // The same name through the same stack: one path, formatted once.
  EXPECT_EQ(pathIndex(mobile, 1), pathIndex(mobile, 3));

  for (ModulePathFormat format :
       {ModulePathFormat::Profiler, ModulePathFormat::Scope}) {
    SCOPED_TRACE(int(format));
    BriefSymbolizer brief(*reader, format);
    uint32_t relu = pathIndex(brief, 1);
    EXPECT_EQ(pathIndex(brief, 2), relu) << "sigmoid shares relu's path";
    EXPECT_EQ(pathIndex(brief, 3), relu);
    size_t paths = brief.getNumModulePaths();
    // Asking again formats nothing new.
    for (uint64_t h : {1, 2, 3, 1})
      (void)pathIndex(brief, h);
    EXPECT_EQ(brief.getNumModulePaths(), paths);
  }
  BriefSymbolizer scope(*reader, ModulePathFormat::Scope);
  EXPECT_EQ(std::get<1>(briefOf(scope, 2)), "top(A).sub(Sub)");
}

TEST_F(BriefSymbolizerTest, ADeeperStackSharesItsPrefixNotItsPath) {
  // Handle 4 (graph A) and 11 (graph B) go one frame deeper than 1 and 9.
  BriefSymbolizer profiler(*reader, ModulePathFormat::Profiler);
  EXPECT_EQ(std::get<1>(briefOf(profiler, 1)),
            "TOP(A)::forward.sub(Sub)::forward.");
  EXPECT_EQ(std::get<1>(briefOf(profiler, 4)),
            "TOP(A)::forward.sub(Sub)::forward.inner(Inner)::run.");
  EXPECT_EQ(std::get<1>(briefOf(profiler, 11)),
            "TOP(B)::forward.sub(Sub)::forward.inner(Inner)::run.");
  EXPECT_NE(pathIndex(profiler, 1), pathIndex(profiler, 4));
  EXPECT_NE(pathIndex(profiler, 4), pathIndex(profiler, 11));
}

} // namespace
