//===- PTXLineInfoTest.cpp - Python call stacks as PTX line info ----------===//
//
// The rules the PTX line info must follow (ptxas: "source location used in
// inlined_at directive must be used in a preceding .loc directive"; one
// row per line at an address), for chains of every depth, shared prefixes
// and files: whatever the writer writes passes the check, reads back as the
// chains it was given (folded where a line repeats), and the check refuses
// each way of breaking the rules.
//
//===----------------------------------------------------------------------===//

#include "tg/Target/PTXLineInfo.h"

#include "gtest/gtest.h"

#include <string>

using namespace tg;

namespace {

/// PTX as llc writes it with the placeholder file: one instruction per
/// chain id in `ids`.
std::string rawPTX(const std::vector<unsigned> &ids) {
  std::string ptx = ".version 7.8\n.target sm_90\n.address_size 64\n"
                    ".visible .entry k()\n{\n";
  for (unsigned id : ids)
    ptx += "\t.loc\t1 " + std::to_string(id) +
           " 0 // <tg-line-chains>\n\tadd.s32 %r1, %r1, 1;\n";
  ptx += "\tret;\n}\n\t.file\t1 \"<tg-line-chains>\"\n";
  return ptx;
}

PTXLineFrame frame(const std::string &file, uint32_t line,
                   const std::string &function) {
  return {file, line, 1, function};
}

/// A chain `depth` levels deep whose levels alternate between two files,
/// each named after its depth.
PTXLineChain chain(unsigned depth, uint32_t base) {
  PTXLineChain result{frame("model.py", base, "k")};
  for (unsigned i = 1; i < depth; ++i)
    result.push_back(frame(i % 2 ? "a/layers.py" : "b/functional.py", base + i,
                           "level" + std::to_string(i)));
  return result;
}

PTXLineChainTable table(std::vector<PTXLineChain> chains) {
  return {std::string(kDefaultChainFile), std::move(chains)};
}

TEST(PTXLineInfo, WrittenChainsFollowTheRuleAndReadBack) {
  // Depths 1 to 40, chains sharing prefixes (the same base), each used
  // twice and out of order (never twice in a row: the reader gives a run of
  // instructions at one chain once).
  std::vector<PTXLineChain> chains;
  std::vector<unsigned> ids;
  for (unsigned depth = 1; depth <= 40; ++depth) {
    chains.push_back(chain(depth, 100 * (depth % 3)));
    ids.push_back(depth);
  }
  for (unsigned depth = 39; depth >= 1; --depth)
    ids.push_back(depth);
  llvm::Expected<std::string> written =
      writePTXLineInfo(rawPTX(ids), table(chains));
  ASSERT_TRUE(bool(written)) << llvm::toString(written.takeError());
  llvm::Error verified = verifyPTXLineInfo(*written);
  EXPECT_FALSE(bool(verified)) << llvm::toString(std::move(verified));

  llvm::Expected<std::vector<PTXLineChain>> read = readPTXLineChains(*written);
  ASSERT_TRUE(bool(read)) << llvm::toString(read.takeError());
  ASSERT_EQ(read->size(), ids.size());
  for (size_t i = 0; i < ids.size(); ++i)
    EXPECT_EQ((*read)[i], chains[ids[i] - 1]) << "instruction " << i;
}

TEST(PTXLineInfo, EveryInlinedAtNamesThePreviousLoc) {
  llvm::Expected<std::string> written = writePTXLineInfo(
      rawPTX({3}), table({chain(1, 1), chain(2, 5), chain(4, 9)}));
  ASSERT_TRUE(bool(written)) << llvm::toString(written.takeError());
  EXPECT_NE(written->find("\t.loc\t1 9 1\n"
                          "\t.loc\t2 10 1, function_name $L__info_string0, "
                          "inlined_at 1 9 1\n"
                          "\t.loc\t3 11 1, function_name $L__info_string1, "
                          "inlined_at 2 10 1\n"
                          "\t.loc\t2 12 1, function_name $L__info_string2, "
                          "inlined_at 3 11 1\n"
                          "\tadd.s32"),
            std::string::npos)
      << *written;
}

/// PTX whose body is `body`, with files a.py (1) and b.py (2) and one name.
std::string withBody(const std::string &body) {
  return ".version 7.8\n.visible .entry k()\n{\n" + body +
         "\tret;\n}\n\t.file\t1 \"a.py\"\n\t.file\t2 \"b.py\"\n"
         "\t.section\t.debug_str\n\t{\n$L__info_string0:\n.b8 102,0\n\t}\n";
}

std::string check(const std::string &body) {
  llvm::Error err = verifyPTXLineInfo(withBody(body));
  return err ? llvm::toString(std::move(err)) : "";
}

TEST(PTXLineInfo, WhatIsNotPTXIsRefused) {
  // PTX starts with .version (comments and blank lines aside): anything
  // else has no line info to check, and readPTXLineChains reads none.
  auto error = [](llvm::StringRef text) {
    llvm::Error err = verifyPTXLineInfo(text);
    return err ? llvm::toString(std::move(err)) : "";
  };
  EXPECT_EQ(error(""), "not PTX: no .version directive (the input is empty "
                       "or only comments)");
  EXPECT_EQ(error("// x\n\n"), "not PTX: no .version directive (the input "
                               "is empty or only comments)");
  EXPECT_EQ(error("\n.versionX 1\n"),
            "line 2: not PTX: it starts with '.versionX 1', not a .version "
            "directive");
  EXPECT_EQ(error("\x7f\x45LF"),
            "line 1: not PTX: it starts with '\\7FELF', not a .version "
            "directive");
  EXPECT_EQ(error("// made by hand\n.version 7.8\n"), "");
  llvm::Expected<std::vector<PTXLineChain>> chains = readPTXLineChains("x\n");
  ASSERT_FALSE(bool(chains));
  EXPECT_EQ(llvm::toString(chains.takeError()),
            "line 1: not PTX: it starts with 'x', not a .version directive");
}

TEST(PTXLineInfo, TheCheckAcceptsNVVMsLayout) {
  EXPECT_EQ(check("\t.loc\t1 6 5\n"
                  "\t.loc\t1 2 72, function_name $L__info_string0, "
                  "inlined_at 1 6 5\n"
                  "\t.loc\t2 1 72, function_name $L__info_string0, "
                  "inlined_at 1 2 72\n"),
            "");
  // Comments and blank lines between the .locs of a chain are fine.
  EXPECT_EQ(check("\t.loc\t1 6 5 // call\n\n"
                  "\t.loc\t1 2 72, function_name $L__info_string0, "
                  "inlined_at 1 6 5\n"),
            "");
}

TEST(PTXLineInfo, TheCheckRefusesACallSiteNoLocHad) {
  // The first level inlined: no plain .loc before it.
  EXPECT_NE(check("\t.loc\t1 2 72, function_name $L__info_string0, "
                  "inlined_at 1 6 5\n")
                .find("line 4: inlined_at 1 6 5 names a call site that the "
                      ".loc before it does not (none)"),
            std::string::npos);
  // Another position before it.
  EXPECT_NE(check("\t.loc\t1 6 6\n"
                  "\t.loc\t1 2 72, function_name $L__info_string0, "
                  "inlined_at 1 6 5\n")
                .find("names a call site that the .loc before it does not "
                      "(1 6 6)"),
            std::string::npos);
  // The call site, but an instruction in between: the chain was broken.
  EXPECT_NE(check("\t.loc\t1 6 5\n\tadd.s32 %r1, %r1, 1;\n"
                  "\t.loc\t1 2 72, function_name $L__info_string0, "
                  "inlined_at 1 6 5\n")
                .find("line 6: inlined_at 1 6 5"),
            std::string::npos);
}

TEST(PTXLineInfo, TheCheckRefusesUnknownNamesAndFiles) {
  EXPECT_NE(check("\t.loc\t1 6 5\n"
                  "\t.loc\t1 2 7, function_name $L__info_string9, "
                  "inlined_at 1 6 5\n")
                .find("function_name $L__info_string9 is no label"),
            std::string::npos);
  EXPECT_NE(check("\t.loc\t7 6 5\n").find(".loc names file 7"),
            std::string::npos);
  EXPECT_NE(check("\t.loc\t1 6 5, function_name $L__info_string0\n")
                .find("function_name without inlined_at"),
            std::string::npos);
}

TEST(PTXLineInfo, LineZeroWritesNoLoc) {
  // Ops without positions only: LLVM's line-0 .locs go (ptxas writes no
  // row for them, and the row after one loses its file and frame); what is
  // left is valid.
  llvm::Expected<std::string> written =
      writePTXLineInfo(rawPTX({0, 1, 0}), table({chain(2, 1)}));
  ASSERT_TRUE(bool(written)) << llvm::toString(written.takeError());
  llvm::Error verified = verifyPTXLineInfo(*written);
  EXPECT_FALSE(bool(verified)) << llvm::toString(std::move(verified));
  EXPECT_EQ(written->find(" 0 0\n"), std::string::npos) << *written;
  llvm::Expected<std::string> none =
      writePTXLineInfo(rawPTX({0, 0}), table({chain(2, 1)}));
  ASSERT_TRUE(bool(none)) << llvm::toString(none.takeError());
  EXPECT_EQ(none->find(".loc"), std::string::npos) << *none;
}

TEST(PTXLineInfo, FoldRepeatedLinesKeepsTheDeepestFrameOnEachLine) {
  // EfficientNet's: three Sequentials at container.py:204, MBConv between.
  PTXLineChain nested{frame("m.py", 355, "k"),
                      frame("m.py", 345, "impl"),
                      frame("c.py", 204, "features"),
                      frame("c.py", 204, "features.1"),
                      frame("m.py", 165, "features.1.0"),
                      frame("c.py", 204, "block"),
                      frame("f.py", 2450, "batch_norm")};
  EXPECT_EQ(
      foldRepeatedLines(nested),
      (PTXLineChain{nested[0], nested[1], nested[4], nested[5], nested[6]}));
  // One line in two files is one line to ptxas.
  PTXLineChain twoFiles{frame("a.py", 7, "k"), frame("b.py", 7, "g")};
  EXPECT_EQ(foldRepeatedLines(twoFiles), PTXLineChain{twoFiles[1]});
  // Distinct lines: the chain as it is.
  EXPECT_EQ(foldRepeatedLines(chain(40, 3)), chain(40, 3));
}

TEST(PTXLineInfo, TheWriterFoldsAndReadsBackTheFoldedChain) {
  PTXLineChain nested{frame("m.py", 9, "k"), frame("c.py", 204, "outer"),
                      frame("m.py", 30, "middle"), frame("c.py", 204, "inner"),
                      frame("f.py", 5, "leaf")};
  llvm::Expected<std::string> written =
      writePTXLineInfo(rawPTX({1}), table({nested}));
  ASSERT_TRUE(bool(written)) << llvm::toString(written.takeError());
  llvm::Error verified = verifyPTXLineInfo(*written);
  EXPECT_FALSE(bool(verified)) << llvm::toString(std::move(verified));
  llvm::Expected<std::vector<PTXLineChain>> read = readPTXLineChains(*written);
  ASSERT_TRUE(bool(read)) << llvm::toString(read.takeError());
  ASSERT_EQ(read->size(), 1u);
  EXPECT_EQ(read->front(), foldRepeatedLines(nested));
  EXPECT_EQ(read->front().size(), 4u);
}

TEST(PTXLineInfo, TheCheckRefusesALineTwiceInOneChain) {
  EXPECT_NE(check("\t.loc\t1 6 5\n"
                  "\t.loc\t2 6 72, function_name $L__info_string0, "
                  "inlined_at 1 6 5\n")
                .find("line 5: line 6 again in one chain (line 4)"),
            std::string::npos);
  // The same line in two instructions' chains is fine.
  EXPECT_EQ(check("\t.loc\t1 6 5\n\tadd.s32 %r1, %r1, 1;\n"
                  "\t.loc\t2 6 72\n"),
            "");
}

TEST(PTXLineInfo, TableRoundTrip) {
  PTXLineChainTable original = table({chain(3, 7), chain(1, 2)});
  std::string text;
  llvm::raw_string_ostream os(text);
  writePTXLineChainTable(os, original);
  llvm::Expected<PTXLineChainTable> parsed = parsePTXLineChainTable(text);
  ASSERT_TRUE(bool(parsed)) << llvm::toString(parsed.takeError());
  EXPECT_EQ(parsed->chainFile, original.chainFile);
  EXPECT_EQ(parsed->chains, original.chains);
}

TEST(PTXLineInfo, TheWriterRefusesWhatItCannotWrite) {
  llvm::Expected<std::string> quote =
      writePTXLineInfo(rawPTX({1}), table({{frame("we\"ird.py", 1, "k")}}));
  ASSERT_FALSE(bool(quote));
  EXPECT_NE(llvm::toString(quote.takeError()).find("cannot be written"),
            std::string::npos);
  llvm::Expected<std::string> missing =
      writePTXLineInfo(rawPTX({2}), table({chain(1, 1)}));
  ASSERT_FALSE(bool(missing));
  EXPECT_NE(llvm::toString(missing.takeError()).find("chain 2 is not in"),
            std::string::npos);
}

} // namespace
