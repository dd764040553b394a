//===- TGOptFuzzer.cpp - libFuzzer target: tg IR through the debug passes -===//
//
// What tg-opt does with a file, in process: parse it as tg IR (the tg and
// func dialects, as tg-opt registers them), verify it, and run the debug
// pipeline on what verifies. Mutations of real inputs give malformed but
// parseable IR (missing or odd locations, cyclic or dangling calls, wrong
// #tg.frame metadata, deep call chains), which the passes must reject with a
// diagnostic or handle; a crash, a sanitizer report or a hang is a bug.
//
// Beyond "does not crash", one property is checked on every input that gets
// through: the debug section round trip is exact. After emit ->
// strip-debuginfo -> restore the module must print byte-identically with
// debug info (the contract of --tg-emit-debug-section), and the section the
// writer produced must open and symbolize. A violation aborts, so libFuzzer
// reports it with the input that shows it.
//
//===----------------------------------------------------------------------===//

#include "tg/Conversion/Passes.h"
#include "tg/IR/TGDialect.h"
#include "tg/IR/TGOps.h"
#include "tg/Passes/Passes.h"
#include "tg/Serialize/Reader.h"
#include "tg/Symbolize/Symbolizer.h"
#include "tg/Target/DebugSection.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OperationSupport.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdio>
#include <cstdlib>

using namespace mlir;

namespace {
/// Handles symbolized per module: the symbolizer is O(depth) per handle, so
/// this bounds a run without hiding anything a seed-sized module has.
constexpr uint64_t kMaxHandles = 2048;
/// Handles above this are not written to a section here (see below).
constexpr uint64_t kMaxSparseHandle = 1 << 16;

std::string print(ModuleOp module) {
  std::string text;
  llvm::raw_string_ostream os(text);
  module->print(os, OpPrintingFlags().enableDebugInfo(/*enable=*/true,
                                                      /*prettyForm=*/false));
  return text;
}

[[noreturn]] void fail(const char *what, const std::string &detail) {
  fprintf(stderr, "tg-opt-fuzzer: %s\n%s\n", what, detail.c_str());
  abort();
}

bool runPipeline(ModuleOp module, llvm::StringRef pipeline) {
  // The pass manager must be anchored on the module itself: an "any"
  // anchored one would run a `builtin.module(...)` pipeline on modules nested
  // in it, that is on nothing (which this target did until it checked).
  PassManager pm(module->getContext(), ModuleOp::getOperationName());
  llvm::StringRef passes = pipeline;
  if (!passes.consume_front("builtin.module(") || !passes.consume_back(")") ||
      failed(parsePassPipeline(passes, pm)))
    fail("bad pipeline in the fuzz target", pipeline.str());
  return succeeded(pm.run(module));
}

/// Whether a location or attribute value in `module` (its own location
/// included) is, or holds, an attribute of the tg dialect: what
/// mlir-translate could not parse.
bool hasTGAttribute(ModuleOp module) {
  bool found = false;
  auto check = [&](Attribute attr) {
    attr.walk([&](Attribute sub) {
      found |= sub.getDialect().getNamespace() == "tg";
    });
  };
  module->walk([&](Operation *op) {
    check(op->getLoc());
    for (NamedAttribute attr : op->getAttrs())
      check(attr.getValue());
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (BlockArgument arg : block.getArguments())
          check(arg.getLoc());
  });
  return found;
}

/// emit -> strip -> restore must give back the printed module exactly.
void checkSectionRoundTrip(ModuleOp module) {
  // A kept handle of millions on a two-op module is accepted by the writer
  // (up to its 2^24-row limit, tested in test/bad-input) and encodes in about
  // 2 s, which the instrumented fuzzer turns into a timeout: not a finding.
  bool sparse = false;
  module->walk([&](Operation *op) {
    if (std::optional<uint64_t> h = tg::getDebugHandle(op))
      sparse |= *h > kMaxSparseHandle;
  });
  if (sparse)
    return;
  FailureOr<std::string> bytes = tg::buildDebugSection(module);
  if (failed(bytes))
    return; // Rejected with a diagnostic (e.g. a location it cannot store).
  auto reader = tg::DebugSectionReader::fromBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(*bytes, "section"));
  if (!reader)
    fail("the reader rejects a section the writer wrote",
         llvm::toString(reader.takeError()) + "\n" + print(module));

  tg::Symbolizer symbolizer(**reader);
  std::string text;
  llvm::raw_string_ostream os(text);
  for (uint64_t h = 0, e = (*reader)->getNumHandles(); h < e && h < kMaxHandles;
       ++h) {
    auto sym = symbolizer.symbolize(h, tg::ModulePathFormat::Profiler);
    if (!sym) {
      // Deep stacks past the symbolizer's depth limit are reported, not
      // crashed on; anything reported is fine here.
      llvm::consumeError(sym.takeError());
      continue;
    }
    for (const tg::SymbolOrigin &origin : sym->origins) {
      tg::printPyTorchTraceback(os, origin, /*source=*/nullptr);
      tg::printLLVMFrames(os, origin);
    }
    text.clear();
  }

  std::string before = print(module);
  if (!runPipeline(module, "builtin.module(strip-debuginfo)"))
    return;
  if (failed(tg::restoreDebugInfo(module, **reader)))
    fail("restoring a section the writer verified fails", before);
  std::string after = print(module);
  if (before != after)
    fail("emit -> strip -> restore changed the module",
         "--- before\n" + before + "--- after\n" + after);
}

void runOne(llvm::StringRef input) {
  DialectRegistry registry;
  registry.insert<tg::TGDialect, func::FuncDialect>();
  // One context per input: runs stay independent and reproducible, and
  // uniqued attributes do not pile up over millions of inputs.
  MLIRContext context(registry, MLIRContext::Threading::DISABLED);
  // Diagnostics are the expected outcome for most inputs; printing them
  // would only slow the fuzzer down.
  ScopedDiagnosticHandler quiet(&context,
                                [](Diagnostic &) { return success(); });
  OwningOpRef<ModuleOp> parsed =
      parseSourceString<ModuleOp>(input, ParserConfig(&context), "fuzz-input");
  if (!parsed || failed(verify(*parsed)))
    return;

  // Without inlining: handles, module paths and the section of IR as traced.
  {
    OwningOpRef<ModuleOp> module = parsed->clone();
    if (runPipeline(*module,
                    "builtin.module(tg-module-hierarchy{format=mobile},"
                    "tg-assign-debug-handles)"))
      checkSectionRoundTrip(*module);
  }
  // The whole debug pipeline, keeping handles the input already has.
  {
    OwningOpRef<ModuleOp> module = parsed->clone();
    if (runPipeline(*module,
                    "builtin.module(tg-inline,tg-module-hierarchy,"
                    "tg-fuse-elementwise,tg-provenance{path=/dev/null},"
                    "tg-module-hierarchy{format=scope},"
                    "tg-assign-debug-handles{keep-existing=true})"))
      checkSectionRoundTrip(*module);
  }
  // To native code's debug info: the reference lowering of whatever kernels
  // fusion made, and the export of every location to LLVM debug scopes. The
  // result must verify and hold nothing of the tg dialect in its locations
  // (mlir-translate could not read it).
  {
    OwningOpRef<ModuleOp> module = parsed->clone();
    bool hasKernels = false;
    if (runPipeline(*module, "builtin.module(tg-inline,tg-fuse-elementwise)")) {
      module->walk([&](tg::KernelOp) { hasKernels = true; });
      if (hasKernels &&
          !runPipeline(*module, "builtin.module(tg-extract-kernels{shape=4})"))
        hasKernels = false;
    }
    OwningOpRef<ModuleOp> exported =
        hasKernels ? std::move(module) : parsed->clone();
    if (runPipeline(*exported, "builtin.module(tg-export-llvm-debuginfo)")) {
      if (failed(verify(*exported)))
        fail("tg-export-llvm-debuginfo produced IR that does not verify",
             print(*exported));
      if (hasKernels && hasTGAttribute(*exported))
        fail("a tg attribute is left in the exported kernels",
             print(*exported));
    }
  }
}
} // namespace

// LLVM's BumpPtrAllocator poisons its free slab space when the code that
// inlines it is built with ASan, but Debian's MLIR libraries inline it without
// ASan and hand out that memory without unpoisoning it: every context would
// report a false use-after-poison. Ignoring manual poisoning loses nothing
// else (heap, stack and global checks stay on).
extern "C" const char *__asan_default_options() {
  return "allow_user_poisoning=0";
}

extern "C" int LLVMFuzzerInitialize(int *argc, char ***argv) {
  registerTransformsPasses();
  tg::registerTGPasses();
  tg::registerTGConversionPasses();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  // The parser wants a null-terminated buffer; an exact copy keeps ASan's
  // view of the input's end.
  std::string input(reinterpret_cast<const char *>(data), size);
  runOne(input);
  return 0;
}
