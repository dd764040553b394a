//===- tg-ptx-lineinfo.cpp - Python call stacks into PTX line info --------===//
//
// The step after llc in tg-compile-kernel --target=nvptx64: LLVM 22 writes
// no inlined_at into PTX, so the kernels come out of llc with placeholder
// `.loc`s (one line per call chain, from --tg-export-ptx-line-chains), and
// this tool writes the chains in (lib/Target/PTXLineInfo). It also checks
// PTX line info against the ordering rule and prints the chains a PTX file
// spells, in llvm-symbolizer's layout, for tests to compare with
// tg-symbolicate. Bad input is one line `tg-ptx-lineinfo: error: ...` and
// exit code 1.
//
//===----------------------------------------------------------------------===//

#include "tg/Support/InputFile.h"
#include "tg/Support/OutputFile.h"
#include "tg/Support/Version.h"
#include "tg/Target/PTXLineInfo.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/WithColor.h"

using namespace llvm;
using namespace tg;

namespace {
cl::OptionCategory category("tg-ptx-lineinfo options");
cl::opt<std::string> input(cl::Positional, cl::desc("<input.ptx>"),
                           cl::Required, cl::cat(category));
cl::opt<std::string> chainsPath(
    "chains",
    cl::desc("The line-chain table --tg-export-ptx-line-chains wrote: "
             "rewrite the input's placeholder .locs into chains"),
    cl::value_desc("table.json"), cl::init(""), cl::cat(category));
cl::opt<bool> verifyOnly(
    "verify",
    cl::desc("Only check the input's line info (every inlined_at right after "
             "a .loc at its call site, names in .debug_str, files declared)"),
    cl::init(false), cl::cat(category));
cl::opt<bool> printChains(
    "print-chains",
    cl::desc("Print every distinct chain of the input's line info, innermost "
             "level first, as llvm-symbolizer and tg-symbolicate "
             "--output-style=llvm --functions=linkage print frames"),
    cl::init(false), cl::cat(category));
cl::opt<std::string> outputPath("o", cl::desc("Output file (default: stdout)"),
                                cl::value_desc("file"), cl::init("-"),
                                cl::cat(category));

int fail(const Twine &message) {
  WithColor::error(errs(), "tg-ptx-lineinfo") << message << "\n";
  return 1;
}

int print(StringRef name, StringRef ptx) {
  Expected<std::vector<PTXLineChain>> chains = readPTXLineChains(ptx);
  if (!chains)
    return fail(name + ": " + toString(chains.takeError()));
  std::vector<PTXLineChain> seen;
  std::string error = writeFileAtomically(outputPath, [&](raw_ostream &os) {
    for (const PTXLineChain &chain : *chains) {
      if (llvm::is_contained(seen, chain))
        continue;
      seen.push_back(chain);
      for (const PTXLineFrame &frame : llvm::reverse(chain))
        os << frame.function << "\n"
           << frame.file << ":" << frame.line << ":" << frame.column << "\n";
      os << "\n";
    }
  });
  return error.empty() ? 0
                       : fail("cannot write '" + outputPath + "': " + error);
}
} // namespace

int main(int argc, char **argv) {
  InitLLVM init(argc, argv);
  cl::AddExtraVersionPrinter(tg::printVersion);
  cl::HideUnrelatedOptions(category);
  cl::ParseCommandLineOptions(
      argc, argv,
      "tracegraph PTX line info: Python call stacks as .loc chains\n\n"
      "  tg-ptx-lineinfo k.raw.ptx --chains k.chains.json -o k.ptx\n"
      "  tg-ptx-lineinfo k.ptx --verify\n"
      "  tg-ptx-lineinfo k.ptx --print-chains\n");
  unsigned modes = !chainsPath.empty() + verifyOnly + printChains;
  if (modes != 1)
    return fail("give exactly one of --chains, --verify, --print-chains");
  // A stream is read in pieces and stops at a NUL byte (PTX is text):
  // /dev/zero was read until memory ran out.
  Expected<std::unique_ptr<MemoryBuffer>> ptx =
      tg::readInputFile(input, tg::InputContent::Text);
  if (!ptx)
    return fail("cannot read '" + input + "': " + toString(ptx.takeError()));
  StringRef text = (*ptx)->getBuffer();
  if (verifyOnly) {
    if (Error err = verifyPTXLineInfo(text))
      return fail(input + ": " + toString(std::move(err)));
    return 0;
  }
  if (printChains)
    return print(input, text);

  ErrorOr<std::unique_ptr<MemoryBuffer>> tableText =
      MemoryBuffer::getFile(chainsPath);
  if (!tableText)
    return fail("cannot read '" + chainsPath +
                "': " + tableText.getError().message());
  Expected<PTXLineChainTable> table =
      parsePTXLineChainTable((*tableText)->getBuffer());
  if (!table)
    return fail(chainsPath + ": " + toString(table.takeError()));
  Expected<std::string> rewritten = writePTXLineInfo(text, *table);
  if (!rewritten)
    return fail(input + ": " + toString(rewritten.takeError()));
  // What the writer wrote must follow the rule it exists for.
  if (Error err = verifyPTXLineInfo(*rewritten))
    return fail("the rewritten PTX breaks the line-info rule: " +
                toString(std::move(err)));
  std::string error = writeFileAtomically(
      outputPath, [&](raw_ostream &os) { os << *rewritten; });
  if (!error.empty())
    return fail("cannot write '" + outputPath + "': " + error);
  return 0;
}
