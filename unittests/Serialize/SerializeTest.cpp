//===- SerializeTest.cpp - Debug section writer, reader, symbolizer -------===//

#include "tg/IR/CallStack.h"
#include "tg/IR/TGDialect.h"
#include "tg/Serialize/ElfContainer.h"
#include "tg/Serialize/SectionImage.h"
#include "tg/Symbolize/Symbolizer.h"
#include "tg/Target/DebugSection.h"

#include "SectionTesting.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/Support/BLAKE3.h"
#include "llvm/Support/CRC.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FileUtilities.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"

#include "gtest/gtest.h"

#include <set>
#include <thread>

#ifdef LLVM_ON_UNIX
#include <sys/stat.h>
#include <unistd.h>
#endif

using namespace mlir;
using namespace tg;
using namespace tg::section;
using namespace tg::testing;

namespace {

const char *kModule = R"mlir(
#conv = #tg.frame<instance = "conv1", class = "__torch__.m.Conv2d", method = "forward">
#impl = #tg.frame<instance = "SELF", class = "__torch__.m.Conv2d", method = "_conv_forward">
#layer = #tg.frame<instance = "layer1", class = "__torch__.m.Sequential", method = "forward">
module {
  tg.graph @"__torch__.m.Net::forward"(%self: !tg.module<"__torch__.m.Net"> loc("net.py":10:16), %x: !tg.tensor loc("net.py":10:22)) -> !tg.tensor attributes {tg.debug_handle = 0 : i64} {
    %w = tg.get_attr %self["w"] {tg.debug_handle = 1 : i64} : !tg.module<"__torch__.m.Net"> -> !tg.tensor loc("net.py":11:8)
    %c = tg.op "aten::conv2d"(%x, %w) {tg.debug_handle = 2 : i64} : (!tg.tensor, !tg.tensor) -> !tg.tensor loc(callsite("conv.py":543:19 to :35 at callsite(fused<#impl>["conv.py":549:15 to :48] at callsite(fused<#conv>["block.py":92:15 to :28] at fused<#layer>["net.py":12:12 to :26]))))
    %a = tg.op "aten::add"(%c, %x) {tg.debug_handle = 3 : i64} : (!tg.tensor, !tg.tensor) -> !tg.tensor loc(fused<#tg.kernel<"k0">>["net.py":13:8, callsite("conv.py":543:19 to :35 at fused<#conv>["net.py":12:12 to :26])])
    %i = tg.op "prim::If"(%a) ({
    ^bb0(%p: !tg.tensor loc("net.py":14:4), %q: !tg.tensor):
      tg.yield {tg.debug_handle = 5 : i64} %p : !tg.tensor loc("n"("net.py":15:8 to 16:2))
    }) {tg.debug_handle = 4 : i64} : (!tg.tensor) -> !tg.tensor loc(callsite("x.py":1:1 at callsite("y.py":2:2 at "z.py":3:3)))
    tg.return {tg.debug_handle = 7 : i64} %i : !tg.tensor loc(unknown)
  } loc("net.py":10:3)
} loc("model.py":1:1)
)mlir";

class SerializeTest : public tg::testing::SectionFixture {
protected:
  OwningOpRef<ModuleOp> parse(const char *text = kModule) {
    return SectionFixture::parse(text);
  }

  void checkLookups(uint16_t version);
  void checkBadHeaders(uint16_t version);
  void checkStreamTables(uint16_t version);
};

/// Every location of `module`, in walk order: ops, then block arguments.
std::vector<Location> allLocations(ModuleOp module) {
  std::vector<Location> locs;
  module->walk<WalkOrder::PreOrder>([&](Operation *op) {
    locs.push_back(op->getLoc());
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (BlockArgument arg : block.getArguments())
          locs.push_back(arg.getLoc());
  });
  return locs;
}

void stripLocations(ModuleOp module) {
  Location unknown = UnknownLoc::get(module.getContext());
  module->walk([&](Operation *op) {
    op->setLoc(unknown);
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (BlockArgument arg : block.getArguments())
          arg.setLoc(unknown);
  });
}

TEST_F(SerializeTest, RestoreGivesBackEveryLocationExactly) {
  OwningOpRef<ModuleOp> module = parse();
  ASSERT_TRUE(module);
  std::vector<Location> before = allLocations(*module);
  std::string bytes;
  ASSERT_NO_FATAL_FAILURE(bytes = build(*module));
  stripLocations(*module);
  ASSERT_NE(allLocations(*module), before);
  auto reader = read(bytes);
  ASSERT_TRUE(!!reader) << llvm::toString(reader.takeError());
  ASSERT_TRUE(succeeded(restoreDebugInfo(*module, **reader)));
  EXPECT_EQ(allLocations(*module), before);
}

TEST_F(SerializeTest, OutputIsDeterministic) {
  OwningOpRef<ModuleOp> a = parse(), b = parse();
  std::string first, second, again;
  ASSERT_NO_FATAL_FAILURE(first = build(*a));
  ASSERT_NO_FATAL_FAILURE(second = build(*b));
  ASSERT_NO_FATAL_FAILURE(again = build(*a));
  EXPECT_EQ(first, second);
  EXPECT_EQ(first, again);
}

TEST_F(SerializeTest, ReaderAnswersLookups) {
  for (uint16_t version : {kVersionMajorV1, kVersionMajorV2, kVersionMajor})
    ASSERT_NO_FATAL_FAILURE(checkLookups(version));
}

void SerializeTest::checkLookups(uint16_t version) {
  SCOPED_TRACE(version);
  OwningOpRef<ModuleOp> module = parse();
  std::string bytes;
  ASSERT_NO_FATAL_FAILURE(bytes = buildVersion(*module, version));
  auto reader = read(bytes);
  ASSERT_TRUE(!!reader) << llvm::toString(reader.takeError());
  DebugSectionReader &r = **reader;
  EXPECT_EQ(r.getVersionMajor(), version);
  EXPECT_EQ(r.getVersionMinor(), version == kVersionMajorV1 ? 0
                                 : version == kVersionMajorV2
                                     ? section::kVersionMinorV2
                                     : section::kVersionMinorBuildId);
  EXPECT_EQ(r.getNumHandles(), 8u); // 0..7; 6 is unused
  EXPECT_EQ(r.getFileSize(), bytes.size());

  auto conv = r.lookupHandle(2);
  ASSERT_TRUE(!!conv) << llvm::toString(conv.takeError());
  EXPECT_EQ(conv->opName, "aten::conv2d");
  ASSERT_TRUE(conv->stack.has_value());
  ASSERT_TRUE(conv->graph.has_value());
  auto graph = r.getGraph(*conv->graph);
  ASSERT_TRUE(!!graph);
  EXPECT_EQ(graph->className, "__torch__.m.Net");
  EXPECT_EQ(graph->method, "forward");
  // The innermost node's module frame is the SELF call of _conv_forward.
  auto node = r.getStackNode(*conv->stack);
  ASSERT_TRUE(!!node);
  ASSERT_TRUE(node->moduleFrame.has_value());
  auto frame = r.getModuleFrame(*node->moduleFrame);
  ASSERT_TRUE(!!frame);
  EXPECT_EQ(frame->instance, "SELF");
  EXPECT_EQ(frame->method, "_conv_forward");

  // Strings are views into the section's own bytes; ops are named as
  // module paths name them (tg::getModulePathOpName).
  auto name = r.lookupHandle(1);
  ASSERT_TRUE(!!name);
  EXPECT_EQ(*name->opName, "prim::GetAttr");

  auto unused = r.lookupHandle(6);
  ASSERT_FALSE(!!unused);
  EXPECT_EQ(llvm::toString(unused.takeError()),
            "debug handle 6 is not used by any op");
  auto outOfRange = r.lookupHandle(8);
  ASSERT_FALSE(!!outOfRange);
  EXPECT_EQ(llvm::toString(outOfRange.takeError()),
            "debug handle 8 out of range: the section has handles 0..7");
}

TEST_F(SerializeTest, LocationDecoderMatchesModule) {
  OwningOpRef<ModuleOp> module = parse();
  std::string bytes;
  ASSERT_NO_FATAL_FAILURE(bytes = build(*module));
  auto reader = read(bytes);
  ASSERT_TRUE(!!reader);
  LocationDecoder decoder(**reader, &context);
  module->walk([&](Operation *op) {
    if (op == module->getOperation())
      return;
    auto loc = decoder.decodeHandle(*getDebugHandle(op));
    ASSERT_TRUE(!!loc) << llvm::toString(loc.takeError());
    EXPECT_EQ(*loc, op->getLoc());
  });
}

TEST_F(SerializeTest, SymbolizerGivesFramesAndModulePath) {
  OwningOpRef<ModuleOp> module = parse();
  std::string bytes;
  ASSERT_NO_FATAL_FAILURE(bytes = build(*module));
  auto reader = read(bytes);
  ASSERT_TRUE(!!reader);
  Symbolizer symbolizer(**reader);

  auto conv = symbolizer.symbolize(2, ModulePathFormat::Profiler);
  ASSERT_TRUE(!!conv) << llvm::toString(conv.takeError());
  ASSERT_EQ(conv->origins.size(), 1u);
  const SymbolOrigin &origin = conv->origins[0];
  ASSERT_EQ(origin.frames.size(), 4u);
  EXPECT_EQ(origin.frames[0].file, "net.py");
  EXPECT_EQ(origin.frames[0].line, 12u);
  EXPECT_EQ(*origin.frames[0].function, "forward");
  EXPECT_EQ(origin.frames[0].callee->instance, "layer1");
  EXPECT_EQ(origin.frames[3].file, "conv.py");
  EXPECT_EQ(origin.frames[3].line, 543u);
  EXPECT_EQ(origin.frames[3].column, 19u);
  EXPECT_EQ(origin.frames[3].endColumn, 35u);
  EXPECT_EQ(*origin.frames[3].function, "_conv_forward");
  EXPECT_FALSE(origin.frames[3].isCall);
  EXPECT_EQ(origin.modulePath,
            "TOP(Net)::forward.layer1(Sequential)::forward.conv1(Conv2d)::"
            "forward.SELF(Conv2d)::_conv_forward.");

  auto fused = symbolizer.symbolize(3);
  ASSERT_TRUE(!!fused);
  EXPECT_EQ(*fused->kernel, "k0");
  ASSERT_EQ(fused->origins.size(), 2u);
  EXPECT_EQ(fused->origins[0].frames.size(), 1u);
  EXPECT_EQ(fused->origins[1].frames.size(), 2u);

  // A call-site chain without module frames: one frame per call.
  auto plain = symbolizer.symbolize(4);
  ASSERT_TRUE(!!plain);
  ASSERT_EQ(plain->origins.size(), 1u);
  ASSERT_EQ(plain->origins[0].frames.size(), 3u);
  EXPECT_EQ(plain->origins[0].frames[0].file, "z.py");
  EXPECT_EQ(plain->origins[0].frames[2].file, "x.py");

  std::string text;
  llvm::raw_string_ostream os(text);
  printPyTorchTraceback(os, origin, nullptr);
  EXPECT_EQ(text,
            "Module hierarchy:TOP(Net)::forward.layer1(Sequential)::"
            "forward.conv1(Conv2d)::forward.SELF(Conv2d)::_conv_forward.\n"
            "Traceback of TorchScript (most recent call last):\n"
            "  File \"net.py\", line 12, in forward\n"
            "  File \"block.py\", line 92, in forward\n"
            "  File \"conv.py\", line 549, in forward\n"
            "  File \"conv.py\", line 543, in _conv_forward\n");
}

// The writer names ops as --tg-module-hierarchy does (tg::getModulePathOpName),
// whether it runs from the pass or from this C++ API: the mobile module path
// rebuilt from a section ends with the TorchScript node kind of a tg op.
TEST_F(SerializeTest, SitesNameOpsAsModulePathsDo) {
  OwningOpRef<ModuleOp> module = parse();
  std::string bytes;
  ASSERT_NO_FATAL_FAILURE(bytes = build(*module));
  auto reader = read(bytes);
  ASSERT_TRUE(!!reader);
  Symbolizer symbolizer(**reader);
  auto names = [&](uint64_t handle) {
    auto sym = symbolizer.symbolize(handle, ModulePathFormat::Mobile);
    EXPECT_TRUE(!!sym);
    return sym ? sym->opName.str() : std::string();
  };
  EXPECT_EQ(names(1), "prim::GetAttr");
  EXPECT_EQ(names(2), "aten::conv2d");
  EXPECT_EQ(names(7), "prim::Return");
}

TEST(PyTorchTracebackTest, MarksEveryLineOfARange) {
  // PyTorch's print_with_context: code lines verbatim, `~` from the first
  // non-blank column at or after the start to the (exclusive) end, HERE after
  // the last marked line; a line with nothing to mark gets no marker line.
  SymbolOrigin origin;
  origin.modulePath = "top(M)::<unknown>.aten::f";
  SymbolFrame frame;
  frame.hasPosition = true;
  frame.file = "m.py";
  frame.function = llvm::StringRef("forward");
  frame.line = 10;
  frame.column = 9;
  frame.endLine = 12;
  frame.endColumn = 3;
  frame.sourceLines = {"    x = f(a,", "          b)", "  # c"};
  origin.frames.push_back(frame);
  SymbolFrame point = frame;
  point.line = point.endLine = 20;
  point.column = point.endColumn = 5;
  point.sourceLines = {"    return x  "};
  origin.frames.push_back(point);
  SymbolFrame noSource = frame;
  noSource.sourceLines.clear();
  origin.frames.push_back(noSource);
  std::string text;
  llvm::raw_string_ostream os(text);
  printPyTorchTraceback(os, origin, nullptr);
  EXPECT_EQ(text, "Module hierarchy:top(M)::<unknown>.aten::f\n"
                  "Traceback of TorchScript (most recent call last):\n"
                  "  File \"m.py\", line 10, in forward\n"
                  "    x = f(a,\n"
                  "        ~~~~\n"
                  "          b)\n"
                  "          ~~ <--- HERE\n"
                  "  # c\n"
                  "  File \"m.py\", line 20, in forward\n"
                  "    return x  \n"
                  "    ~~~~~~~~ <--- HERE\n"
                  "  File \"m.py\", line 10, in forward\n");
}

TEST_F(SerializeTest, OpenMapsAFile) {
  OwningOpRef<ModuleOp> module = parse();
  std::string bytes;
  ASSERT_NO_FATAL_FAILURE(bytes = build(*module));
  llvm::SmallString<128> path;
  ASSERT_FALSE(llvm::sys::fs::createTemporaryFile("tg-section", "tgdbg", path));
  llvm::FileRemover remover(path);
  {
    std::error_code ec;
    llvm::raw_fd_ostream os(path, ec);
    ASSERT_FALSE(ec);
    os << bytes;
  }
  auto reader = DebugSectionReader::open(path);
  ASSERT_TRUE(!!reader) << llvm::toString(reader.takeError());
  auto entry = (*reader)->lookupHandle(2);
  ASSERT_TRUE(!!entry);
  // The op name is a view into the mapping, not a copy.
  const char *begin = entry->opName->data();
  auto whole = (*reader)->getString(0);
  ASSERT_TRUE(!!whole);
  EXPECT_GE(begin, whole->data());
  EXPECT_LT(begin, whole->data() + bytes.size());

  auto missing = DebugSectionReader::open(std::string(path) + ".missing");
  ASSERT_FALSE(!!missing);
  EXPECT_EQ(llvm::StringRef(llvm::toString(missing.takeError()))
                .starts_with("cannot open: "),
            true);
}

/// Writes `bytes` to `path`, truncating what was there: in place, as
/// `open(path, "wb")` does, not by a rename.
static void writeInPlace(llvm::StringRef path, llvm::StringRef bytes) {
  std::error_code ec;
  llvm::raw_fd_ostream os(path, ec);
  ASSERT_FALSE(ec);
  os << bytes;
}

TEST_F(SerializeTest, FilesThatChangeUnderTheReaderNeverFault) {
  // Issue 30: a mapped file truncated in place raised SIGBUS on the next
  // read. A section read at open keeps its bytes; a mapped one reads zeros
  // where pages went, and checkUnchanged() says so.
  OwningOpRef<ModuleOp> module = parse();
  std::string bytes = build(*module);
  llvm::SmallString<128> path;
  ASSERT_FALSE(llvm::sys::fs::createTemporaryFile("tg-section", "tgdbg", path));
  llvm::FileRemover remover(path);
  for (uint64_t mapFrom : {DebugSectionReader::kMapFrom, uint64_t(0)}) {
    writeInPlace(path, bytes);
    auto reader = DebugSectionReader::open(path, mapFrom);
    ASSERT_TRUE(!!reader) << llvm::toString(reader.takeError());
    EXPECT_EQ((*reader)->isMapped(), mapFrom == 0);
    Symbolizer symbolizer(**reader);
    std::vector<std::string> before;
    for (uint64_t h : {1, 2, 3, 4, 5, 7}) {
      auto sym = symbolizer.symbolize(h, ModulePathFormat::Mobile);
      ASSERT_TRUE(!!sym) << llvm::toString(sym.takeError());
      before.push_back(sym->origins.front().modulePath);
    }
    writeInPlace(path, "");
    std::vector<std::string> after;
    for (uint64_t h : {1, 2, 3, 4, 5, 7}) {
      auto sym = symbolizer.symbolize(h, ModulePathFormat::Mobile);
      if (!sym) {
        llvm::consumeError(sym.takeError());
        continue;
      }
      after.push_back(sym->origins.empty() ? ""
                                           : sym->origins.front().modulePath);
    }
    llvm::Error changed = (*reader)->checkUnchanged();
    if (mapFrom == 0) {
      EXPECT_TRUE(!!changed);
      EXPECT_NE(llvm::toString(std::move(changed)).find("changed while open"),
                std::string::npos);
    } else {
      EXPECT_FALSE(!!changed);
      llvm::consumeError(std::move(changed));
      EXPECT_EQ(after, before);
    }
  }
}

#ifdef LLVM_ON_UNIX
TEST_F(SerializeTest, OpenRefusesAFifoWithoutBlocking) {
  // open() of a FIFO blocks until a writer comes: the type is checked first.
  llvm::SmallString<128> dir;
  ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("tg-fifo", dir));
  std::string fifo = (dir + "/fifo").str();
  // Removed on every path out (an ASSERT returns early): llvm::sys::fs::remove
  // refuses anything but files, directories and links, so the FIFO goes by
  // unlink(2), and the directory after it.
  llvm::scope_exit cleanup([&] {
    ::unlink(fifo.c_str());
    llvm::sys::fs::remove(dir);
  });
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  auto reader = DebugSectionReader::open(fifo);
  ASSERT_FALSE(!!reader);
  EXPECT_EQ(llvm::toString(reader.takeError()), "not a regular file");
}
#endif

TEST_F(SerializeTest, ManyHandlesInOddBlocks) {
  // Enough ops to fill many blocks, with runs, jumps and repeats in every
  // column; every block size must read back the same.
  std::string text =
      "module {\n  tg.graph @\"A::f\"(%self: !tg.module<\"A\">) {\n";
  for (int i = 0; i < 500; ++i)
    text += llvm::formatv("    %v{0} = tg.constant({0} : i64) : !tg.value "
                          "loc(\"f.py\":{1}:{2})\n",
                          i, (i * 7) % 13 + 1, i % 3 + 1)
                .str();
  text += "    tg.return\n  }\n}\n";
  for (uint32_t perBlock : {1u, 2u, 7u, 64u, 1000u}) {
    OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(text, &context);
    ASSERT_TRUE(module);
    uint64_t next = 0;
    module->walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (!isa<ModuleOp>(op))
        setDebugHandle(op, next++);
    });
    std::vector<Location> before = allLocations(*module);
    DebugSectionOptions options;
    options.handlesPerBlock = perBlock;
    std::string bytes;
    ASSERT_NO_FATAL_FAILURE(bytes = build(*module, options));
    stripLocations(*module);
    auto reader = read(bytes);
    ASSERT_TRUE(!!reader) << llvm::toString(reader.takeError());
    ASSERT_TRUE(succeeded(restoreDebugInfo(*module, **reader)));
    EXPECT_EQ(allLocations(*module), before) << "block size " << perBlock;
  }
}

TEST_F(SerializeTest, AutomaticBlockSizesKeepTheSmallestTables) {
  // 3000 ops of a few positions: every block of every size is one or two
  // runs per column, so the per-block overhead decides and 64 rows per block
  // is not the smallest. Left to choose, the writer codes each table with
  // each candidate size: the section is no larger than with any one size for
  // all three tables, and smaller than with 64.
  std::string text =
      "module {\n  tg.graph @\"A::f\"(%self: !tg.module<\"A\">) {\n";
  for (int i = 0; i < 3000; ++i)
    text += llvm::formatv("    %v{0} = tg.constant({0} : i64) : !tg.value "
                          "loc(\"f.py\":{1}:1)\n",
                          i, i / 500 + 1)
                .str();
  text += "    tg.return\n  }\n}\n";
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(text, &context);
  ASSERT_TRUE(module);
  uint64_t next = 0;
  module->walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (!isa<ModuleOp>(op))
      setDebugHandle(op, next++);
  });
  std::string automatic;
  ASSERT_NO_FATAL_FAILURE(automatic = build(*module, DebugSectionOptions()));
  for (uint32_t perBlock : section::kAutoRowsPerBlock) {
    DebugSectionOptions fixed;
    fixed.handlesPerBlock = fixed.stackNodesPerBlock = fixed.locationsPerBlock =
        perBlock;
    std::string bytes;
    ASSERT_NO_FATAL_FAILURE(bytes = build(*module, fixed));
    EXPECT_LE(automatic.size(), bytes.size()) << "block size " << perBlock;
    if (perBlock == section::kAutoRowsPerBlock[0]) {
      EXPECT_LT(automatic.size(), bytes.size());
    }
  }
  // The header holds the size chosen, and lookups agree with the module.
  auto reader = read(automatic);
  ASSERT_TRUE(!!reader) << llvm::toString(reader.takeError());
  EXPECT_TRUE(llvm::is_contained(section::kAutoRowsPerBlock,
                                 (*reader)->getHandlesPerBlock()));
  std::vector<Location> before = allLocations(*module);
  stripLocations(*module);
  ASSERT_TRUE(succeeded(restoreDebugInfo(*module, **reader)));
  EXPECT_EQ(allLocations(*module), before);
}

TEST_F(SerializeTest, UnrepresentableLocationIsAnError) {
  OwningOpRef<ModuleOp> module = parse();
  Operation *op = nullptr;
  module->walk([&](Operation *o) {
    if (getDebugHandle(o) == 1u)
      op = o;
  });
  ASSERT_TRUE(op);
  static int tag;
  op->setLoc(OpaqueLoc::get(&tag, UnknownLoc::get(&context)));
  std::string message;
  ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diag) {
    message = diag.str();
    return success();
  });
  EXPECT_TRUE(failed(buildDebugSection(*module)));
  EXPECT_NE(message.find("debug section cannot represent the location"),
            std::string::npos)
      << message;
}

/// A chain of `numOps` relus, op i at "a.py":i:2, handles assigned.
static std::string chainModule(unsigned numOps) {
  std::string text = "tg.graph @\"Net::forward\"(%self: !tg.module<\"Net\">, "
                     "%x: !tg.tensor) -> !tg.tensor attributes {tg.entry, "
                     "tg.debug_handle = 0 : i64} {\n";
  llvm::raw_string_ostream os(text);
  std::string value = "%x";
  for (unsigned i = 1; i <= numOps; ++i) {
    os << "  %" << i << " = tg.op \"aten::relu\"(" << value
       << ") {tg.debug_handle = " << i
       << " : i64} : (!tg.tensor) -> !tg.tensor loc(\"a.py\":" << i << ":2)\n";
    value = "%" + std::to_string(i);
  }
  os << "  tg.return {tg.debug_handle = " << numOps + 1 << " : i64} " << value
     << " : !tg.tensor\n}\n";
  return text;
}

// The writer's read-back check compares a large module on several threads;
// what it reports must not depend on them: the first op that does not read
// back, in program order, and only that one.
TEST_F(SerializeTest, ReadBackCheckReportsTheFirstMismatchOnAnyThreads) {
  constexpr unsigned kNumOps = 40000;
  std::string text = chainModule(kNumOps);
  OwningOpRef<ModuleOp> module = parse(text.c_str());
  ASSERT_TRUE(module);
  std::string bytes;
  ASSERT_NO_FATAL_FAILURE(bytes = build(*module));
  // Two ops whose locations changed after the write, one in each half of the
  // walk (each thread's share when there are two).
  module->walk([&](Operation *op) {
    std::optional<uint64_t> handle = getDebugHandle(op);
    if (handle == 15000u || handle == 25000u)
      op->setLoc(FileLineColLoc::get(&context, "b.py", *handle, 7));
  });
  for (bool threads : {true, false}) {
    context.disableMultithreading(!threads);
    std::vector<std::string> errors;
    ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diag) {
      std::string text;
      llvm::raw_string_ostream os(text);
      os << diag.getLocation() << ": " << diag;
      errors.push_back(text);
      return success();
    });
    EXPECT_TRUE(failed(tg::detail::verifyWrittenSection(*module, bytes)));
    ASSERT_EQ(errors.size(), 1u) << "threads " << threads;
    EXPECT_EQ(errors[0],
              "loc(\"b.py\":15000:7): debug section cannot represent this "
              "location exactly: it reads back as loc(\"a.py\":15000:2)");
  }
  context.disableMultithreading(false);
  // The module as written reads back.
  module->walk([&](Operation *op) {
    std::optional<uint64_t> handle = getDebugHandle(op);
    if (handle == 15000u || handle == 25000u)
      op->setLoc(FileLineColLoc::get(&context, "a.py", *handle, 2));
  });
  EXPECT_TRUE(succeeded(tg::detail::verifyWrittenSection(*module, bytes)));
}

TEST_F(SerializeTest, MissingAndDuplicateHandlesAreErrors) {
  OwningOpRef<ModuleOp> module = parse();
  std::vector<std::string> messages;
  ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diag) {
    messages.push_back(diag.str());
    return success();
  });
  module->walk([&](Operation *op) {
    if (getDebugHandle(op) == 5u)
      setDebugHandle(op, 2);
  });
  EXPECT_TRUE(failed(buildDebugSection(*module)));
  ASSERT_FALSE(messages.empty());
  EXPECT_EQ(messages[0], "duplicate debug handle 2");
}

TEST_F(SerializeTest, EveryTruncationIsAnError) {
  // Every prefix of a file is refused by the truncation check itself, not by
  // whichever later check it happens to trip: shorter than the header, the
  // header's own; else the file size the header records at offset 24
  // against the bytes there are.
  OwningOpRef<ModuleOp> module = parse();
  for (uint16_t version : {kVersionMajorV1, kVersionMajorV2, kVersionMajor}) {
    SCOPED_TRACE(version);
    std::string bytes;
    ASSERT_NO_FATAL_FAILURE(bytes = buildVersion(*module, version));
    for (size_t size = 0; size < bytes.size(); ++size) {
      std::string expected =
          size < kHeaderSize
              ? llvm::formatv("truncated file: expected a 64-byte header at "
                              "offset 0, found {0} bytes",
                              size)
                    .str()
              : llvm::formatv("truncated file: the header at offset 24 "
                              "records {0} bytes, found {1}",
                              bytes.size(), size)
                    .str();
      ASSERT_EQ(errorOf(llvm::StringRef(bytes).take_front(size)), expected)
          << "prefix of " << size << " bytes";
    }
  }
}

TEST_F(SerializeTest, BadHeadersAreErrors) {
  for (uint16_t version :
       {kVersionMajorV1, kVersionMajorV2, kVersionMajor, kVersionMajorNumbered})
    ASSERT_NO_FATAL_FAILURE(checkBadHeaders(version));
}

void SerializeTest::checkBadHeaders(uint16_t version) {
  SCOPED_TRACE(version);
  OwningOpRef<ModuleOp> module = parse();
  std::string good;
  ASSERT_NO_FATAL_FAILURE(good = buildVersion(*module, version));
  ASSERT_EQ(errorOf(good), "");
  uint32_t entrySize = entrySizeOf(good);

  std::string bad = good;
  bad[0] = 'X';
  EXPECT_EQ(errorOf(bad), "not a tracegraph debug section: expected magic 89 "
                          "54 47 44 42 47 0d 0a at offset 0, found 58 54 47 "
                          "44 42 47 0d 0a");

  bad = good;
  bad[kOffVersionMajor] = 6;
  uint16_t minor = version == kVersionMajorV1   ? 0
                   : version == kVersionMajorV2 ? section::kVersionMinorV2
                   : version == kVersionMajor   ? section::kVersionMinorBuildId
                                                : 0;
  EXPECT_EQ(errorOf(bad), "unsupported format version 6." +
                              std::to_string(minor) +
                              " at offset 8: this reader reads versions 1.x, "
                              "2.x, 3.x, 4.x and 5.x");

  // A newer minor version of the same major stays readable.
  bad = good;
  bad[kOffVersionMinor] = 7;
  fixChecksums(bad);
  auto newerMinor = read(bad);
  ASSERT_TRUE(!!newerMinor) << llvm::toString(newerMinor.takeError());
  EXPECT_EQ((*newerMinor)->getVersionMinor(), 7);

  bad = good;
  bad[kOffHandleCount] ^= 1;
  EXPECT_NE(errorOf(bad).find("header checksum mismatch at offset 60"),
            std::string::npos);

  if (version == kVersionMajorV1) {
    bad = good;
    bad[bad.size() - 1] ^= 1;
    EXPECT_NE(errorOf(bad).find("checksum mismatch: the header at offset 32"),
              std::string::npos);
  }

  bad = good;
  bad[kOffHandlesPerBlock] = 0;
  bad[kOffHandlesPerBlock + 1] = 0;
  fixChecksums(bad);
  EXPECT_EQ(errorOf(bad),
            "bad header at offset 44: handles per block must be > 0");

  bad = good;
  bad[kOffHeaderSize] = 32;
  fixChecksums(bad);
  EXPECT_EQ(errorOf(bad),
            "bad header size at offset 16: expected 64, found 32");

  bad = good + std::string(3, '\0');
  EXPECT_NE(errorOf(bad).find("oversized file"), std::string::npos);

  // A section-table entry whose size does not match its count (3.0's row
  // tables have no fixed size, nor 5.0's: RowTableDamageIsReportedOnUse).
  if (version >= kVersionMajor)
    return;
  bad = good;
  bad[kHeaderSize + entrySize * 2 + 4] += 1; // POSITIONS count
  fixChecksums(bad);
  EXPECT_NE(errorOf(bad).find("bad section table entry at offset " +
                              std::to_string(kHeaderSize + entrySize * 2) +
                              ": POSITIONS with"),
            std::string::npos)
      << errorOf(bad);
}

TEST_F(SerializeTest, BadRecordsAreErrorsOnLookup) {
  // Format 1.0, whose stack nodes and handle blocks can be patched in place;
  // the record checks are shared with 2.0 (whose blocks are covered by
  // ColumnTableTest and the V2 tests below).
  OwningOpRef<ModuleOp> module = parse();
  std::string good;
  ASSERT_NO_FATAL_FAILURE(good = buildVersion(*module, kVersionMajorV1));

  // A stack node whose parent does not come before it.
  std::string bad = good;
  uint64_t nodes = tableOffset(bad, SectionKind::StackNodes);
  ASSERT_NE(nodes, 0u);
  llvm::support::endian::write32le(bad.data() + nodes + 8, 5);
  fixChecksums(bad);
  auto reader = read(bad);
  ASSERT_TRUE(!!reader) << llvm::toString(reader.takeError());
  auto node = (*reader)->getStackNode(0);
  ASSERT_FALSE(!!node);
  EXPECT_NE(llvm::toString(node.takeError())
                .find("bad stack node 0 at offset " + std::to_string(nodes) +
                      ": parent 4 must come before it"),
            std::string::npos);

  // A string offset past the data.
  bad = good;
  uint64_t strings = tableOffset(bad, SectionKind::StringOffsets);
  llvm::support::endian::write32le(bad.data() + strings + 4, 0xFFFFFF);
  fixChecksums(bad);
  reader = read(bad);
  ASSERT_TRUE(!!reader);
  auto str = (*reader)->getString(0);
  ASSERT_FALSE(!!str);
  EXPECT_NE(llvm::toString(str.takeError()).find("bad STRING_OFFSETS entry 0"),
            std::string::npos);

  // A handle block whose varint runs past the block.
  bad = good;
  uint64_t blocks = tableOffset(bad, SectionKind::HandleBlocks);
  for (int i = 0; i < 4; ++i)
    bad[blocks + i] = char(0xff);
  fixChecksums(bad);
  reader = read(bad);
  ASSERT_TRUE(!!reader);
  auto handle = (*reader)->lookupHandle(0);
  ASSERT_FALSE(!!handle);
  EXPECT_NE(llvm::toString(handle.takeError()).find("bad handle block 0"),
            std::string::npos);
}

TEST_F(SerializeTest, StackNodeWithAnInvalidCallIsNamedOnLookup) {
  // A stack node's call location reference with the invalid tag (or an
  // unknown one with an index) is the reader's to report, as a site's leaf
  // is: the decoder that follows it could only name the reference. Format
  // 1.0, whose STACK_NODES records can be patched in place.
  OwningOpRef<ModuleOp> module = parse();
  std::string good;
  ASSERT_NO_FATAL_FAILURE(good = buildVersion(*module, kVersionMajorV1));
  uint64_t nodes = tableOffset(good, SectionKind::StackNodes);
  ASSERT_NE(nodes, 0u);
  for (uint32_t ref :
       {makeLocRef(LocTag::Invalid, 2), makeLocRef(LocTag::Unknown, 5)}) {
    std::string bad = good;
    llvm::support::endian::write32le(bad.data() + nodes, ref);
    fixChecksums(bad);
    auto reader = read(bad);
    ASSERT_TRUE(!!reader) << llvm::toString(reader.takeError());
    auto node = (*reader)->getStackNode(0);
    ASSERT_FALSE(!!node);
    EXPECT_EQ(llvm::toString(node.takeError()),
              llvm::formatv("bad stack node 0 at offset {0}: invalid call "
                            "location reference {1}",
                            nodes, llvm::format_hex(ref, 10))
                  .str());
  }
}

TEST_F(SerializeTest, CyclesBetweenNodesAndLocationsAreErrors) {
  // A stack node whose call is the STACKED_CALLSITE that uses it: decoding
  // must report it instead of recursing until the depth limit, or forever.
  // Format 1.0: its STACK_NODES records can be patched in place.
  OwningOpRef<ModuleOp> module = parse();
  std::string bad;
  ASSERT_NO_FATAL_FAILURE(bad = buildVersion(*module, kVersionMajorV1));
  auto reader = read(bad);
  ASSERT_TRUE(!!reader);
  uint32_t stacked = kNone, node = kNone;
  for (uint32_t i = 0; i < (*reader)->getNumLocations(); ++i) {
    auto loc = (*reader)->getLocation(i);
    ASSERT_TRUE(!!loc);
    if (loc->kind == LocKind::StackedCallSite) {
      stacked = i;
      node = loc->b;
      break;
    }
  }
  ASSERT_NE(stacked, kNone);
  uint64_t nodes = tableOffset(bad, SectionKind::StackNodes);
  llvm::support::endian::write32le(bad.data() + nodes + node * kStackNodeSize,
                                   makeLocRef(LocTag::Composite, stacked));
  fixChecksums(bad);
  reader = read(bad);
  ASSERT_TRUE(!!reader);
  LocationDecoder decoder(**reader, &context);
  auto loc = decoder.decode(makeLocRef(LocTag::Composite, stacked));
  ASSERT_FALSE(!!loc);
  EXPECT_NE(llvm::toString(loc.takeError()).find("must come before location"),
            std::string::npos);
  // The symbolizer never follows a node's call back into nodes.
  Symbolizer symbolizer(**reader);
  for (uint64_t h = 0; h < (*reader)->getNumHandles(); ++h) {
    auto sym = symbolizer.symbolize(h);
    if (!sym)
      llvm::consumeError(sym.takeError());
  }
}

/// Whether an error about a damaged section says where the damage is: a
/// byte offset, a table by its name, or a record of one by its index (the
/// stack node, location, site, graph or string being read).
bool saysWhere(llvm::StringRef message) {
  static const llvm::Regex where(
      "offset [0-9]+|section table|"
      "STRING_OFFSETS|STRING_DATA|POSITIONS|MODULE_FRAMES|STACK_NODES|"
      "LOCATIONS|LOCATION_LISTS|GRAPHS|SITES|HANDLE_INDEX|HANDLE_BLOCKS|"
      "ARG_LOCATIONS|SOURCE_LINES|STACK_NODE_INDEX|LOCATION_INDEX|"
      "ORIGIN_RECORDS|BUILD_ID|"
      "(stack node|handle block|location|site|graph|string) [0-9]+");
  return where.match(message);
}

/// Whether `message` is a lookup's answer about the handle asked rather
/// than an error about the section: a corrupt handle table can make a
/// handle unused, and the loop below also asks one past the last.
bool isAnswerAboutTheHandle(llvm::StringRef message) {
  static const llvm::Regex answer(
      "^debug handle [0-9]+ (is not used by any op|out of range: the "
      "section has handles 0\\.\\.[0-9]+)$");
  return answer.match(message);
}

TEST_F(SerializeTest, CorruptBytesNeverCrash) {
  // Flip each byte of the tables (with checksums fixed, so the corruption
  // reaches the record checks): every open, lookup, decode and verifyAll
  // either succeeds or gives an error that says where the damage is.
  OwningOpRef<ModuleOp> module = parse();
  std::set<std::string> vague;
  unsigned errors = 0;
  auto check = [&](llvm::Error err) {
    if (!err)
      return;
    std::string message = llvm::toString(std::move(err));
    ++errors;
    if (!isAnswerAboutTheHandle(message) && !saysWhere(message))
      vague.insert(message);
  };
  for (uint16_t version : {kVersionMajorV1, kVersionMajorV2, kVersionMajor}) {
    std::string good;
    ASSERT_NO_FATAL_FAILURE(good = buildVersion(*module, version));
    for (size_t pos = kHeaderSize; pos < good.size(); ++pos) {
      for (uint8_t flip : {uint8_t(0x01), uint8_t(0x80), uint8_t(0xff)}) {
        std::string bad = good;
        bad[pos] ^= char(flip);
        fixChecksums(bad);
        auto reader = read(bad);
        if (!reader) {
          check(reader.takeError());
          continue;
        }
        Symbolizer symbolizer(**reader);
        LocationDecoder decoder(**reader, &context);
        for (uint64_t h = 0; h <= (*reader)->getNumHandles(); ++h) {
          check(symbolizer.symbolize(h).takeError());
          check(decoder.decodeHandle(h).takeError());
        }
        check(decoder.decode((*reader)->getRootLoc()).takeError());
        check((*reader)->verifyAll());
      }
    }
  }
  // The flips do reach the checks (thousands of errors), and none of them
  // leaves the user guessing.
  EXPECT_GT(errors, 1000u);
  std::string listed;
  for (const std::string &message : vague)
    if (listed.size() < 2000)
      listed += "\n  " + message;
  EXPECT_TRUE(vague.empty())
      << vague.size() << " errors name no table, record or offset:" << listed;
}

TEST_F(SerializeTest, SmallSectionsAreCompressedAndReadTheSame) {
  // With format-version=3 a small section is stored as its header and one
  // zstd frame; it reads exactly as the uncompressed image it stands for.
  OwningOpRef<ModuleOp> module = parse();
  DebugSectionOptions defaults;
  defaults.formatVersion = kVersionMajor;
  std::string packed;
  ASSERT_NO_FATAL_FAILURE(packed = buildAsIs(*module, defaults));
  std::string plain;
  ASSERT_NO_FATAL_FAILURE(plain = build(*module, defaults));
  using llvm::support::endian::read32le;
  ASSERT_TRUE(read32le(packed.data() + kOffFlags) & kFlagCompressed);
  EXPECT_FALSE(read32le(plain.data() + kOffFlags) & kFlagCompressed);
  EXPECT_LT(packed.size(), plain.size());
  EXPECT_EQ(read32le(packed.data() + kOffCompressedSize),
            packed.size() - kHeaderSize);
  auto reader = read(packed);
  ASSERT_TRUE(!!reader) << llvm::toString(reader.takeError());
  // The reader holds the decompressed image: the uncompressed section, byte
  // for byte, header included (it reads as any uncompressed file).
  EXPECT_TRUE((*reader)->isCompressed());
  EXPECT_EQ((*reader)->getBytes(), plain);
  ASSERT_FALSE((*reader)->verifyAll());
  std::vector<Location> before = allLocations(*module);
  stripLocations(*module);
  ASSERT_TRUE(succeeded(restoreDebugInfo(*module, **reader)));
  EXPECT_EQ(allLocations(*module), before);
  // Formats 1 and 2 are never compressed.
  for (uint16_t version : {kVersionMajorV1, kVersionMajorV2}) {
    DebugSectionOptions old;
    old.formatVersion = version;
    std::string bytes;
    ASSERT_NO_FATAL_FAILURE(bytes = buildAsIs(*module, old));
    EXPECT_FALSE(read32le(bytes.data() + kOffFlags) & kFlagCompressed);
  }
}

TEST_F(SerializeTest, StreamTablesReadAsBlockCodedTables) {
  // By default a small section is compressed in format 5.0 with flag
  // STREAM_TABLES (4.0 with format-version=4), its tables stream-coded:
  // every record reads as in the block-coded image of the same module (5.0,
  // 3.x), and the reader's image (an uncompressed file of stream tables)
  // reads the same again.
  for (uint16_t version : {kVersionMajorNumbered, kVersionMajorStreams})
    ASSERT_NO_FATAL_FAILURE(checkStreamTables(version));
}

void SerializeTest::checkStreamTables(uint16_t version) {
  SCOPED_TRACE(version);
  OwningOpRef<ModuleOp> module = parse();
  DebugSectionOptions options;
  options.formatVersion = version;
  std::string packed, plain;
  ASSERT_NO_FATAL_FAILURE(packed = buildAsIs(*module, options));
  ASSERT_NO_FATAL_FAILURE(plain = build(*module, options));
  using llvm::support::endian::read16le;
  using llvm::support::endian::read32le;
  ASSERT_EQ(read16le(packed.data() + kOffVersionMajor), version);
  ASSERT_TRUE(read32le(packed.data() + kOffFlags) & kFlagCompressed);
  EXPECT_EQ(bool(read32le(packed.data() + kOffFlags) & kFlagStreamTables),
            version == kVersionMajorNumbered);
  EXPECT_EQ(read16le(plain.data() + kOffVersionMajor),
            version == kVersionMajorNumbered ? kVersionMajorNumbered
                                             : kVersionMajor);
  EXPECT_FALSE(read32le(plain.data() + kOffFlags) & kFlagStreamTables);
  auto four = read(packed);
  ASSERT_TRUE(!!four) << llvm::toString(four.takeError());
  auto unpacked = read((*four)->getBytes());
  ASSERT_TRUE(!!unpacked) << llvm::toString(unpacked.takeError());
  auto three = read(plain);
  ASSERT_TRUE(!!three) << llvm::toString(three.takeError());
  for (DebugSectionReader *reader : {four->get(), unpacked->get()}) {
    ASSERT_FALSE(reader->verifyAll());
    ASSERT_EQ(reader->getNumHandles(), (*three)->getNumHandles());
    for (uint32_t h = 0; h < reader->getNumHandles(); ++h) {
      uint32_t a[kNumColumns], b[kNumColumns];
      ASSERT_FALSE(reader->getHandleColumns(h, a));
      ASSERT_FALSE((*three)->getHandleColumns(h, b));
      EXPECT_TRUE(std::equal(a, a + kNumColumns, b)) << "handle " << h;
    }
    ASSERT_EQ(reader->getNumStackNodes(), (*three)->getNumStackNodes());
    for (uint32_t n = 0; n < reader->getNumStackNodes(); ++n) {
      auto x = reader->getStackNode(n), y = (*three)->getStackNode(n);
      ASSERT_TRUE(x && y);
      EXPECT_EQ(x->call, y->call);
      EXPECT_EQ(x->moduleFrame, y->moduleFrame);
      EXPECT_EQ(x->parent, y->parent);
    }
    ASSERT_EQ(reader->getNumLocations(), (*three)->getNumLocations());
    for (uint32_t l = 0; l < reader->getNumLocations(); ++l) {
      auto x = reader->getLocation(l), y = (*three)->getLocation(l);
      ASSERT_TRUE(x && y);
      EXPECT_EQ(x->kind, y->kind);
      EXPECT_EQ(x->a, y->a);
      EXPECT_EQ(x->b, y->b);
      EXPECT_EQ(x->c, y->c);
    }
    ASSERT_EQ(reader->getNumPositions(), (*three)->getNumPositions());
    for (uint32_t i = 0; i < reader->getNumPositions(); ++i) {
      auto x = reader->getPosition(i), y = (*three)->getPosition(i);
      ASSERT_TRUE(x && y);
      EXPECT_EQ(x->startLine, y->startLine);
      EXPECT_EQ(x->endCol, y->endCol);
    }
  }
  std::vector<Location> before = allLocations(*module);
  stripLocations(*module);
  ASSERT_TRUE(succeeded(restoreDebugInfo(*module, **four)));
  EXPECT_EQ(allLocations(*module), before);
}

TEST_F(SerializeTest, DamagedStreamTablesAreErrors) {
  // An uncompressed 4.0 image (what the reader of a compressed one holds)
  // with a stream table cut short or run long, its checksums redone: an
  // error naming the table and the offset, never a read past it.
  OwningOpRef<ModuleOp> module = parse();
  std::string packed;
  ASSERT_NO_FATAL_FAILURE(packed = buildAsIs(*module, DebugSectionOptions()));
  auto reader = read(packed);
  ASSERT_TRUE(!!reader) << llvm::toString(reader.takeError());
  std::string image = (*reader)->getBytes().str();
  ASSERT_EQ(errorOf(image), "");
  // The handle table's last byte, set to a varint's continuation bit, runs
  // past the table's end; an extra row count needs more bytes than it has.
  auto withEntry = [&](SectionKind kind, auto edit) {
    std::string bytes = image;
    for (const TableEntry &entry : readTableEntries(bytes))
      if (entry.kind == uint32_t(kind))
        edit(bytes, entry.entryAt, entry.offset, entry.bytes);
    fixChecksums(bytes);
    return bytes;
  };
  auto lookup = [](const std::string &bytes) -> std::string {
    auto r = read(bytes);
    if (!r)
      return llvm::toString(r.takeError());
    uint32_t values[kNumColumns];
    if (llvm::Error err = (*r)->getHandleColumns(0, values))
      return llvm::toString(std::move(err));
    auto node = (*r)->getStackNode(0);
    return node ? "" : llvm::toString(node.takeError());
  };
  ASSERT_EQ(lookup(image), "");
  std::string cut =
      withEntry(SectionKind::HandleBlocks,
                [](std::string &bytes, uint64_t, uint64_t offset,
                   uint64_t size) { bytes[offset + size - 1] = char(0x80); });
  EXPECT_NE(lookup(cut).find("HANDLE_BLOCKS: row"), std::string::npos)
      << lookup(cut);
  EXPECT_NE(lookup(cut).find("varint runs past the end of the table"),
            std::string::npos)
      << lookup(cut);
  std::string more =
      withEntry(SectionKind::StackNodes, [](std::string &bytes, uint64_t entry,
                                            uint64_t, uint64_t size) {
        llvm::support::endian::write32le(bytes.data() + entry + 4,
                                         uint32_t(size + 1));
      });
  EXPECT_NE(lookup(more).find("STACK_NODES: "), std::string::npos)
      << lookup(more);
  EXPECT_NE(lookup(more).find("need at least"), std::string::npos)
      << lookup(more);

  // A section of stream tables has empty block indexes: HANDLE_INDEX given
  // two entries (8 bytes, so every later table stays aligned) is an error.
  std::string indexed = image;
  for (const TableEntry &entry : readTableEntries(indexed)) {
    if (entry.kind != uint32_t(SectionKind::HandleIndex))
      continue;
    ASSERT_EQ(entry.bytes, 0u);
    indexed.insert(entry.offset, 8, '\0');
    char *e = indexed.data() + entry.entryAt;
    llvm::support::endian::write32le(e + 4, 2);
    llvm::support::endian::write64le(e + 8, 8);
  }
  llvm::support::endian::write64le(indexed.data() + kOffFileSize,
                                   indexed.size());
  fixChecksums(indexed);
  EXPECT_NE(errorOf(indexed).find(
                "bad HANDLE_INDEX at offset " +
                std::to_string(tableOffset(indexed, SectionKind::HandleIndex)) +
                ": a section of stream tables (4.0, or 5.0 with "
                "STREAM_TABLES) has no block index, found 2 entries"),
            std::string::npos)
      << errorOf(indexed);
  // Without the flag, the same tables are block-coded: their (empty)
  // indexes do not fit the handle count.
  std::string unflagged = image;
  auto *header = reinterpret_cast<uint8_t *>(unflagged.data());
  llvm::support::endian::write32le(
      header + kOffFlags,
      llvm::support::endian::read32le(header + kOffFlags) & ~kFlagStreamTables);
  sealHeader(header);
  EXPECT_NE(errorOf(unflagged).find("bad HANDLE_INDEX at offset"),
            std::string::npos)
      << errorOf(unflagged);
}

TEST_F(SerializeTest, DamagedCompressedSectionsAreErrors) {
  OwningOpRef<ModuleOp> module = parse();
  std::string good;
  ASSERT_NO_FATAL_FAILURE(good = buildAsIs(*module, DebugSectionOptions()));
  ASSERT_TRUE(llvm::support::endian::read32le(good.data() + kOffFlags) &
              kFlagCompressed);
  // Header fields are rewritten with the header checksum fixed, so that
  // each reaches its own check.
  auto withHeader = [&](void (*edit)(uint8_t *)) {
    std::string bytes = good;
    auto *p = reinterpret_cast<uint8_t *>(bytes.data());
    edit(p);
    sealHeader(p);
    return bytes;
  };
  auto expectError = [&](const std::string &bad, llvm::StringRef message) {
    std::string error = errorOf(bad);
    EXPECT_NE(error.find(message), std::string::npos)
        << "expected '" << message.str() << "' in '" << error << "'";
  };
  expectError(good.substr(0, good.size() - 1),
              "truncated compressed section: the header at offset 36 records");
  expectError(good + "x", "oversized compressed section");
  expectError(withHeader([](uint8_t *p) {
                llvm::support::endian::write64le(p + kOffFileSize, uint64_t(1)
                                                                       << 40);
              }),
              "bad compressed section: the header at offset 24 records "
              "1099511627776 bytes once decompressed");
  expectError(withHeader([](uint8_t *p) {
                uint64_t size =
                    llvm::support::endian::read64le(p + kOffFileSize);
                llvm::support::endian::write64le(p + kOffFileSize, size + 1);
              }),
              "corrupt compressed section: the zstd frame at offset 64 "
              "decompresses to");
  expectError(withHeader([](uint8_t *p) {
                uint64_t size =
                    llvm::support::endian::read64le(p + kOffFileSize);
                llvm::support::endian::write64le(p + kOffFileSize, size - 1);
              }),
              "corrupt compressed section: the zstd frame at offset 64 does "
              "not decompress");
  // Any byte of the frame flipped: an error at open (zstd's own checks, the
  // padding) or, when the frame still decodes, at the first use of a table
  // (its checksum); never a crash. A damaged file that passes every check
  // decodes to the same image (a flip zstd ignores), so it answers the same.
  auto reader = read(good);
  ASSERT_TRUE(!!reader);
  std::string goodImage = (*reader)->getBytes().drop_front(kHeaderSize).str();
  unsigned noticed = 0;
  for (size_t pos = kHeaderSize; pos < good.size(); ++pos) {
    std::string bad = good;
    bad[pos] ^= 0x20;
    auto damaged = read(bad);
    if (!damaged) {
      llvm::consumeError(damaged.takeError());
      ++noticed;
      continue;
    }
    if (llvm::Error err = (*damaged)->verifyAll()) {
      llvm::consumeError(std::move(err));
      ++noticed;
      continue;
    }
    EXPECT_EQ((*damaged)->getBytes().drop_front(kHeaderSize), goodImage)
        << "byte " << pos << " flipped changed the image unnoticed";
  }
  EXPECT_GT(noticed, (good.size() - kHeaderSize) * 9 / 10);

  // A padding byte that decompresses nonzero (the image compressed here,
  // as the writer does, after the damage).
  std::string image;
  ASSERT_NO_FATAL_FAILURE(image = build(*module));
  auto *p = reinterpret_cast<uint8_t *>(image.data());
  uint32_t sections = llvm::support::endian::read32le(p + kOffSectionCount);
  uint64_t at = kHeaderSize + uint64_t(sections) * kSectionEntrySizeV2;
  uint64_t gap = 0;
  for (uint32_t i = 0; i < sections && !gap; ++i) {
    uint64_t bytes = llvm::support::endian::read64le(
        p + kHeaderSize + i * kSectionEntrySizeV2 + 8);
    at = alignTable(at, kVersionMajor) + bytes;
    if (at % 8 && i + 1 < sections)
      gap = at;
  }
  ASSERT_NE(gap, 0u) << "no padding in the image";
  image[gap] = 1;
  std::string packed =
      compressImage(llvm::ArrayRef<uint8_t>(p, image.size()), /*level=*/1);
  ASSERT_FALSE(packed.empty());
  expectError(packed, "corrupt compressed section: padding byte at offset " +
                          std::to_string(gap));
}

/// Byte `at` of table `kind` flipped, nothing recomputed.
std::string damageTable(llvm::StringRef good, SectionKind kind, uint64_t at,
                        uint64_t (*tableOffset)(llvm::StringRef, SectionKind)) {
  std::string bad = good.str();
  bad[tableOffset(bad, kind) + at] ^= 0x40;
  return bad;
}

TEST_F(SerializeTest, V2OpenChecksOnlyHeaderAndSectionTable) {
  OwningOpRef<ModuleOp> module = parse();
  std::string good;
  ASSERT_NO_FATAL_FAILURE(good = build(*module));
  ASSERT_EQ(versionOf(good), kVersionMajorNumbered);

  // A damaged table does not stop open; its first use reports it, every
  // time, and the tables that are intact still answer.
  std::string bad = damageTable(good, SectionKind::Positions, 5, &tableOffset);
  auto reader = read(bad);
  ASSERT_TRUE(!!reader) << llvm::toString(reader.takeError());
  auto str = (*reader)->getString(0);
  ASSERT_TRUE(!!str) << llvm::toString(str.takeError());
  std::string expected =
      "checksum mismatch in POSITIONS at offset " +
      std::to_string(tableOffset(bad, SectionKind::Positions)) +
      ": the section table records ";
  for (int i = 0; i < 2; ++i) {
    auto pos = (*reader)->getPosition(0);
    ASSERT_FALSE(!!pos);
    std::string error = llvm::toString(pos.takeError());
    EXPECT_EQ(error.rfind(expected, 0), 0u) << error;
    EXPECT_NE(error.find("(the file is corrupt)"), std::string::npos);
  }
  llvm::Error all = (*reader)->verifyAll();
  ASSERT_TRUE(!!all);
  EXPECT_EQ(llvm::toString(std::move(all)).rfind(expected, 0), 0u);

  // The section table itself is checked at open.
  bad = good;
  bad[kHeaderSize + 4] ^= 1;
  EXPECT_EQ(errorOf(bad).rfind("section table checksum mismatch: the header "
                               "at offset 32 records 0x",
                               0),
            0u)
      << errorOf(bad);

  // An intact section verifies, and so does every 1.0 file (checked whole
  // at open).
  auto ok = read(good);
  ASSERT_TRUE(!!ok);
  EXPECT_FALSE(!!(*ok)->verifyAll());
  std::string v1Bytes;
  ASSERT_NO_FATAL_FAILURE(v1Bytes = buildVersion(*module, kVersionMajorV1));
  auto v1 = read(v1Bytes);
  ASSERT_TRUE(!!v1);
  EXPECT_FALSE(!!(*v1)->verifyAll());
}

TEST_F(SerializeTest, RowTableDamageIsReportedOnUse) {
  // 3.0's row tables (POSITIONS, SITES, STRING_OFFSETS, ...) are block-coded:
  // damage behind a valid checksum is found by the block's own checksum on
  // the first read of a row, named by table and block, and by verifyAll.
  OwningOpRef<ModuleOp> module = parse();
  std::string good;
  ASSERT_NO_FATAL_FAILURE(good = buildVersion(*module, kVersionMajor));
  ASSERT_EQ(versionOf(good), kVersionMajor);
  for (SectionKind kind :
       {SectionKind::Positions, SectionKind::Sites, SectionKind::LocationLists,
        SectionKind::ModuleFrames}) {
    SCOPED_TRACE(unsigned(kind));
    // Past the block index (8 bytes: one block), inside the first block.
    std::string bad = damageTable(good, kind, 10, &tableOffset);
    fixChecksums(bad);
    auto reader = read(bad);
    ASSERT_TRUE(!!reader) << llvm::toString(reader.takeError());
    llvm::Error all = (*reader)->verifyAll();
    ASSERT_TRUE(!!all);
    std::string error = llvm::toString(std::move(all));
    EXPECT_NE(error.find("block 0"), std::string::npos) << error;
    // Reading a row of the damaged block errors, naming the table.
    auto reader2 = read(bad);
    ASSERT_TRUE(!!reader2);
    DebugSectionReader &r = **reader2;
    llvm::Error rowError = llvm::Error::success();
    auto take = [&](auto result) {
      if (!result)
        rowError = result.takeError();
    };
    switch (kind) {
    case SectionKind::Positions:
      take(r.getPosition(0));
      break;
    case SectionKind::Sites:
      take(r.getSite(0));
      break;
    case SectionKind::LocationLists:
      take(r.getListElement(0));
      break;
    default:
      take(r.getModuleFrame(0));
      break;
    }
    ASSERT_TRUE(!!rowError);
    std::string rowText = llvm::toString(std::move(rowError));
    EXPECT_NE(rowText.find(kind == SectionKind::Positions ? "POSITIONS"
                           : kind == SectionKind::Sites   ? "SITES"
                           : kind == SectionKind::LocationLists
                               ? "LOCATION_LISTS"
                               : "MODULE_FRAMES"),
              std::string::npos)
        << rowText;
  }

  // A row table smaller than its block index.
  std::string bad = good;
  uint32_t n = llvm::support::endian::read32le(bad.data() + kOffSectionCount);
  for (uint32_t i = 0; i < n; ++i) {
    char *entry = bad.data() + kHeaderSize + kSectionEntrySizeV2 * i;
    if (llvm::support::endian::read32le(entry) !=
        uint32_t(SectionKind::Positions))
      continue;
    // Claim more rows: more blocks, a larger index than the table holds.
    llvm::support::endian::write32le(entry + 4, 100000);
  }
  fixChecksums(bad);
  auto reader = read(bad);
  ASSERT_TRUE(!!reader) << llvm::toString(reader.takeError());
  auto pos = (*reader)->getPosition(0);
  ASSERT_FALSE(!!pos);
  std::string error = llvm::toString(pos.takeError());
  EXPECT_NE(
      error.find("bad POSITIONS at offset " +
                 std::to_string(tableOffset(bad, SectionKind::Positions)) +
                 ": 100000 rows in blocks of 64 need a 6256-byte block "
                 "index"),
      std::string::npos)
      << error;
}

TEST_F(SerializeTest, BadStringDataIsAnError) {
  // 3.0 codes each string against an earlier one; every way the coding can
  // lie is an error naming STRING_DATA, the string and the offset.
  OwningOpRef<ModuleOp> module = parse();
  std::string good;
  ASSERT_NO_FATAL_FAILURE(good = buildVersion(*module, kVersionMajor));
  uint64_t at = tableOffset(good, SectionKind::StringData);
  auto stringError = [&](const std::string &bytes) {
    auto reader = read(bytes);
    if (!reader)
      return llvm::toString(reader.takeError());
    auto str = (*reader)->getString(0);
    if (str)
      return std::string();
    return llvm::toString(str.takeError());
  };
  ASSERT_EQ(stringError(good), "");

  // String 0 refers to a string before it.
  std::string bad = good;
  bad[at] = 5;
  fixChecksums(bad);
  EXPECT_EQ(stringError(bad), "bad STRING_DATA at offset " +
                                  std::to_string(at) +
                                  ": string 0: refers 5 strings back, before "
                                  "the first string");

  // The section table claims fewer or more strings than the table holds.
  auto setStringCount = [&](std::string bytes, uint32_t delta) {
    uint32_t n =
        llvm::support::endian::read32le(bytes.data() + kOffSectionCount);
    for (uint32_t i = 0; i < n; ++i) {
      char *entry = bytes.data() + kHeaderSize + kSectionEntrySizeV2 * i;
      uint32_t kind = llvm::support::endian::read32le(entry);
      if (kind == uint32_t(SectionKind::StringData) ||
          kind == uint32_t(SectionKind::StringOffsets))
        llvm::support::endian::write32le(
            entry + 4, llvm::support::endian::read32le(entry + 4) + delta);
    }
    fixChecksums(bytes);
    return bytes;
  };
  std::string fewer = stringError(setStringCount(good, uint32_t(-1)));
  EXPECT_NE(fewer.find("bytes after the last of its"), std::string::npos)
      << fewer;
  std::string more = stringError(setStringCount(good, 1));
  EXPECT_NE(more.find("varint runs past the end of the table"),
            std::string::npos)
      << more;

  // STRING_OFFSETS and STRING_DATA disagree on the number of strings.
  bad = good;
  uint32_t n = llvm::support::endian::read32le(bad.data() + kOffSectionCount);
  for (uint32_t i = 0; i < n; ++i) {
    char *entry = bad.data() + kHeaderSize + kSectionEntrySizeV2 * i;
    if (llvm::support::endian::read32le(entry) ==
        uint32_t(SectionKind::StringOffsets))
      llvm::support::endian::write32le(entry + 4, 1);
  }
  fixChecksums(bad);
  EXPECT_NE(stringError(bad).find("bad section table entry of STRING_OFFSETS: "
                                  "1 strings, but STRING_DATA holds"),
            std::string::npos)
      << stringError(bad);
}

TEST_F(SerializeTest, V2BlocksAreCheckedOnFirstUseAndByVerifyAll) {
  OwningOpRef<ModuleOp> module = parse();
  std::string good;
  ASSERT_NO_FATAL_FAILURE(good = build(*module));
  std::string bad =
      damageTable(good, SectionKind::HandleBlocks, 8, &tableOffset);
  auto reader = read(bad);
  ASSERT_TRUE(!!reader) << llvm::toString(reader.takeError());
  std::string prefix =
      "HANDLE_BLOCKS: bad block 0 (rows 0.., block at offset " +
      std::to_string(tableOffset(bad, SectionKind::HandleBlocks)) +
      "): checksum mismatch";
  auto handle = (*reader)->lookupHandle(2);
  ASSERT_FALSE(!!handle);
  std::string error = llvm::toString(handle.takeError());
  EXPECT_EQ(error.rfind(prefix, 0), 0u) << error;
  llvm::Error all = (*reader)->verifyAll();
  ASSERT_TRUE(!!all);
  error = llvm::toString(std::move(all));
  EXPECT_EQ(error.rfind(prefix, 0), 0u) << error;

  // Damage in a block with its table checksum recomputed: the block's own
  // checksum still catches it.
  fixChecksums(bad);
  reader = read(bad);
  ASSERT_TRUE(!!reader);
  all = (*reader)->verifyAll();
  ASSERT_TRUE(!!all);
  error = llvm::toString(std::move(all));
  EXPECT_EQ(error.rfind(prefix, 0), 0u) << error;

  // Restoring verifies first, so it never uses a damaged table.
  OwningOpRef<ModuleOp> stripped = parse();
  stripLocations(*stripped);
  std::string diagnostics;
  ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diag) {
    diagnostics += diag.str();
    return success();
  });
  EXPECT_TRUE(failed(restoreDebugInfo(*stripped, **reader)));
  EXPECT_EQ(diagnostics.rfind("cannot restore debug info: " + prefix, 0), 0u)
      << diagnostics;
}

TEST_F(SerializeTest, V1AndV2AgreeOnEveryLookup) {
  OwningOpRef<ModuleOp> module = parse();
  std::string v1Bytes;
  ASSERT_NO_FATAL_FAILURE(v1Bytes = buildVersion(*module, kVersionMajorV1));
  std::string v2Bytes;
  ASSERT_NO_FATAL_FAILURE(v2Bytes = build(*module));
  DebugSectionOptions literal;
  literal.allowCopyBlocks = false;
  literal.handlesPerBlock = 3;
  literal.stackNodesPerBlock = 1;
  literal.locationsPerBlock = 2;
  std::string v2Small;
  ASSERT_NO_FATAL_FAILURE(v2Small = build(*module, literal));
  auto v1 = read(v1Bytes);
  ASSERT_TRUE(!!v1);
  for (const std::string *bytes : {&v2Bytes, &v2Small}) {
    auto v2 = read(*bytes);
    ASSERT_TRUE(!!v2) << llvm::toString(v2.takeError());
    ASSERT_EQ((*v1)->getNumHandles(), (*v2)->getNumHandles());
    ASSERT_EQ((*v1)->getNumStackNodes(), (*v2)->getNumStackNodes());
    ASSERT_GT((*v2)->getNumStackNodes(), 0u);
    for (uint32_t i = 0; i < (*v1)->getNumStackNodes(); ++i) {
      auto a = (*v1)->getStackNode(i), b = (*v2)->getStackNode(i);
      ASSERT_TRUE(a && b);
      EXPECT_EQ(a->call, b->call);
      EXPECT_EQ(a->moduleFrame, b->moduleFrame);
      EXPECT_EQ(a->parent, b->parent);
    }
    ASSERT_EQ((*v1)->getNumLocations(), (*v2)->getNumLocations());
    ASSERT_GT((*v2)->getNumLocations(), 0u);
    for (uint32_t i = 0; i < (*v1)->getNumLocations(); ++i) {
      auto a = (*v1)->getLocation(i), b = (*v2)->getLocation(i);
      ASSERT_TRUE(a && b);
      EXPECT_EQ(a->kind, b->kind);
      EXPECT_EQ(a->meta, b->meta);
      EXPECT_EQ(a->a, b->a);
      EXPECT_EQ(a->b, b->b);
      EXPECT_EQ(a->c, b->c);
    }
    for (uint64_t h = 0; h <= (*v1)->getNumHandles(); ++h) {
      auto a = (*v1)->lookupHandle(h), b = (*v2)->lookupHandle(h);
      ASSERT_EQ(!!a, !!b) << h;
      if (!a) {
        EXPECT_EQ(llvm::toString(a.takeError()), llvm::toString(b.takeError()));
        continue;
      }
      EXPECT_EQ(a->stack, b->stack);
      EXPECT_EQ(a->leaf, b->leaf);
      EXPECT_EQ(a->opName, b->opName);
      EXPECT_EQ(a->graph, b->graph);
    }
    EXPECT_FALSE(!!(*v2)->verifyAll());
  }
}

TEST_F(SerializeTest, V2FirstUsesMayRace) {
  // Several threads make the first use of every table of one fresh reader
  // at once: each table is checked once (under the reader's lock) and all
  // threads see the same answers as a sequential reader.
  OwningOpRef<ModuleOp> module = parse();
  std::string bytes;
  ASSERT_NO_FATAL_FAILURE(bytes = build(*module));
  auto expected = read(bytes);
  ASSERT_TRUE(!!expected);
  std::vector<std::string> want;
  Symbolizer sequential(**expected);
  for (uint64_t h = 0; h < (*expected)->getNumHandles(); ++h) {
    auto sym = sequential.symbolize(h);
    want.push_back(sym ? sym->origins.front().modulePath
                       : llvm::toString(sym.takeError()));
  }
  for (int round = 0; round < 20; ++round) {
    auto reader = read(bytes);
    ASSERT_TRUE(!!reader);
    std::vector<std::vector<std::string>> got(4);
    std::vector<std::thread> threads;
    for (unsigned t = 0; t < got.size(); ++t)
      threads.emplace_back([&, t] {
        Symbolizer symbolizer(**reader);
        for (uint64_t h = 0; h < (*reader)->getNumHandles(); ++h) {
          auto sym = symbolizer.symbolize(h);
          got[t].push_back(sym ? sym->origins.front().modulePath
                               : llvm::toString(sym.takeError()));
        }
      });
    for (std::thread &thread : threads)
      thread.join();
    for (const auto &result : got)
      EXPECT_EQ(result, want);
  }
}

} // namespace

namespace {
TEST_F(SerializeTest, BuildIdNamesTheContents) {
  OwningOpRef<ModuleOp> module = parse();
  std::string withId;
  ASSERT_NO_FATAL_FAILURE(withId = build(*module));
  DebugSectionOptions noId;
  noId.writeBuildId = false;
  std::string plain;
  ASSERT_NO_FATAL_FAILURE(plain = build(*module, noId));
  auto reader = read(withId);
  ASSERT_TRUE(bool(reader)) << llvm::toString(reader.takeError());
  // 5.0 has no minor versions yet (3.1 named the BUILD_ID table).
  EXPECT_EQ((*reader)->getVersionMinor(), 0);
  llvm::Expected<llvm::ArrayRef<uint8_t>> id = (*reader)->getBuildId();
  ASSERT_TRUE(bool(id));
  // The BLAKE3 hash of the 3.0 image, whose build-ID-less reader sees 3.0.
  auto hash = llvm::BLAKE3::hash<kDefaultBuildIdSize>(llvm::ArrayRef<uint8_t>(
      reinterpret_cast<const uint8_t *>(plain.data()), plain.size()));
  EXPECT_EQ(std::vector<uint8_t>(id->begin(), id->end()),
            std::vector<uint8_t>(hash.begin(), hash.end()));
  auto plainReader = read(plain);
  ASSERT_TRUE(bool(plainReader));
  EXPECT_EQ((*plainReader)->getVersionMinor(), 0);
  EXPECT_TRUE((*plainReader)->getBuildId()->empty());
  // The same contents, the same ID; a given ID is kept as given.
  std::string again, withGivenId;
  ASSERT_NO_FATAL_FAILURE(again = build(*module));
  EXPECT_EQ(again, withId);
  DebugSectionOptions given;
  given.buildId = {0xca, 0xfe};
  ASSERT_NO_FATAL_FAILURE(withGivenId = build(*module, given));
  auto givenReader = read(withGivenId);
  ASSERT_TRUE(bool(givenReader));
  EXPECT_EQ(std::vector<uint8_t>((*givenReader)->getBuildId()->begin(),
                                 (*givenReader)->getBuildId()->end()),
            given.buildId);
}

TEST_F(SerializeTest, ElfContainerReadsLikeTheSection) {
  OwningOpRef<ModuleOp> module = parse();
  DebugSectionOptions options;
  options.elfContainer = true;
  std::string elf;
  ASSERT_NO_FATAL_FAILURE(elf = buildAsIs(*module, options));
  ASSERT_TRUE(isElf(elf));
  auto reader = read(elf);
  ASSERT_TRUE(bool(reader)) << llvm::toString(reader.takeError());
  EXPECT_TRUE((*reader)->isElfContainer());
  llvm::Error verified = (*reader)->verifyAll();
  EXPECT_FALSE(bool(verified)) << llvm::toString(std::move(verified));
  std::string plainBytes;
  ASSERT_NO_FATAL_FAILURE(plainBytes = buildAsIs(*module, {}));
  auto plain = read(plainBytes);
  ASSERT_TRUE(bool(plain));
  EXPECT_EQ(*(*reader)->getBuildId(), *(*plain)->getBuildId());
  Symbolizer fromElf(**reader), fromPlain(**plain);
  for (uint64_t h : {1, 2, 3, 5}) {
    auto a = fromElf.symbolize(h, ModulePathFormat::Mobile);
    auto b = fromPlain.symbolize(h, ModulePathFormat::Mobile);
    ASSERT_TRUE(a && b);
    EXPECT_EQ(a->opName, b->opName);
    ASSERT_EQ(a->origins.size(), b->origins.size());
    for (size_t i = 0; i < a->origins.size(); ++i)
      EXPECT_EQ(a->origins[i].modulePath, b->origins[i].modulePath);
  }
}

TEST_F(SerializeTest, BuildIdOptionsThatCannotBeWrittenAreErrors) {
  OwningOpRef<ModuleOp> module = parse();
  DebugSectionOptions options;
  options.buildId.assign(kMaxBuildIdSize + 1, 1);
  EXPECT_TRUE(failed(buildDebugSection(*module, options)));
  options.buildId = {1};
  options.formatVersion = kVersionMajorV2;
  EXPECT_TRUE(failed(buildDebugSection(*module, options)));
  options = {};
  options.elfContainer = true;
  options.writeBuildId = false;
  EXPECT_TRUE(failed(buildDebugSection(*module, options)));
}

TEST_F(SerializeTest, BadBuildIdTablesAreErrors) {
  OwningOpRef<ModuleOp> module = parse();
  std::string bytes;
  ASSERT_NO_FATAL_FAILURE(bytes = build(*module));
  // The BUILD_ID entry is the 17th of the section table.
  uint8_t *entry = reinterpret_cast<uint8_t *>(&bytes[kHeaderSize + 16 * 24]);
  ASSERT_EQ(llvm::support::endian::read32le(entry), 17u);
  std::string zero = bytes;
  llvm::support::endian::write32le(&zero[kHeaderSize + 16 * 24 + 4], 0);
  fixChecksums(zero);
  EXPECT_NE(errorOf(zero).find("a BUILD_ID of 0 bytes"), std::string::npos);
  // Damage the ID itself: caught by its checksum when first read.
  uint64_t offset = bytes.size() - kDefaultBuildIdSize;
  bytes[offset] ^= 1;
  auto reader = read(bytes);
  ASSERT_TRUE(bool(reader));
  auto id = (*reader)->getBuildId();
  ASSERT_FALSE(bool(id));
  EXPECT_NE(
      llvm::toString(id.takeError()).find("checksum mismatch in BUILD_ID"),
      std::string::npos);
}
} // namespace
