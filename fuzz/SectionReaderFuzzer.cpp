//===- SectionReaderFuzzer.cpp - libFuzzer target: section reader ---------===//
//
// Feeds arbitrary bytes to everything that reads a debug section: the
// MLIR-free DebugSectionReader (validation and every record getter), the
// Symbolizer with both text layouts, and the MLIR-side LocationDecoder that
// --tg-restore-debuginfo uses. Sections come from files that may be truncated,
// stale or hostile, so any crash, sanitizer report or hang here is a bug; a
// clean llvm::Error is the expected outcome for bad bytes.
//
// Mutated bytes almost never keep the checksums right, and a reader stops at
// the first checksum mismatch. So each input runs twice: as is (the header
// and checksum checks), and, when it starts with the magic, with file_size
// and the checksums recomputed (SealSection.h), which lets mutations reach
// the table, record and block checks behind them.
//
//===----------------------------------------------------------------------===//

#include "tg/IR/TGDialect.h"
#include "tg/Serialize/Reader.h"
#include "tg/Serialize/SectionImage.h"
#include "tg/Symbolize/Symbolizer.h"
#include "tg/Target/DebugSection.h"

#include "SealSection.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/CRC.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"

#include <algorithm>
#include <cstring>
#include <utility>
#include <vector>

using namespace llvm;
using namespace tg;
using namespace tg::section;

namespace {
/// How many records of each table, and how many handles, one input visits.
/// They are spread evenly over the table, so every handle block of a
/// seed-sized section is decoded, while each run stays in the milliseconds
/// (lookups are O(1), so nothing is lost by not visiting all of a crafted
/// 2^32-record table).
constexpr uint64_t kMaxVisits = 64;

template <typename T> void consume(Expected<T> value) {
  if (!value)
    consumeError(value.takeError());
}

/// Calls `fn` on up to kMaxVisits indices spread over [0, count), each with
/// its successor, and on the boundaries where off-by-one errors live: the
/// last index, one past the end and the largest index.
template <typename Fn> void visit(uint64_t count, Fn fn) {
  uint64_t steps = std::min(count, kMaxVisits);
  for (uint64_t i = 0; i < steps; ++i) {
    uint64_t index = i * count / steps;
    fn(index);
    if (index + 1 < count)
      fn(index + 1);
  }
  if (count > 0)
    fn(count - 1);
  fn(count);
  fn(UINT32_MAX);
}

void exerciseReader(const DebugSectionReader &reader) {
  consume(reader.getBuildId());
  visit(reader.getNumStrings(),
        [&](uint64_t i) { consume(reader.getString(uint32_t(i))); });
  visit(reader.getNumPositions(),
        [&](uint64_t i) { consume(reader.getPosition(uint32_t(i))); });
  visit(reader.getNumModuleFrames(),
        [&](uint64_t i) { consume(reader.getModuleFrame(uint32_t(i))); });
  visit(reader.getNumStackNodes(),
        [&](uint64_t i) { consume(reader.getStackNode(uint32_t(i))); });
  visit(reader.getNumLocations(),
        [&](uint64_t i) { consume(reader.getLocation(uint32_t(i))); });
  visit(reader.getNumListElements(),
        [&](uint64_t i) { consume(reader.getListElement(uint32_t(i))); });
  visit(reader.getNumGraphs(),
        [&](uint64_t i) { consume(reader.getGraph(uint32_t(i))); });
  visit(reader.getNumSites(),
        [&](uint64_t i) { consume(reader.getSite(uint32_t(i))); });
  visit(reader.getNumArgLocations(),
        [&](uint64_t i) { consume(reader.getArgLocation(uint32_t(i))); });
  // Source lines: keys that exist (from the positions) and keys that do not.
  visit(reader.getNumPositions(), [&](uint64_t i) {
    Expected<SectionPosition> pos = reader.getPosition(uint32_t(i));
    if (!pos) {
      consumeError(pos.takeError());
      return;
    }
    consume(reader.findSourceLine(pos->fileId, pos->startLine));
    consume(reader.findSourceLine(pos->fileId, pos->startLine + 1));
  });
  consume(reader.findSourceLine(UINT32_MAX, UINT32_MAX));

  Symbolizer symbolizer(reader);
  std::string text;
  raw_string_ostream os(text);
  const ModulePathFormat formats[] = {ModulePathFormat::Mobile,
                                      ModulePathFormat::Profiler,
                                      ModulePathFormat::Scope};
  auto symbolize = [&](uint64_t handle) {
    Expected<SymbolizedHandle> sym =
        symbolizer.symbolize(handle, formats[handle % 3]);
    if (!sym) {
      consumeError(sym.takeError());
      return;
    }
    for (const SymbolOrigin &origin : sym->origins) {
      printPyTorchTraceback(os, origin, /*source=*/nullptr);
      printLLVMFrames(os, origin);
    }
    text.clear();
  };
  visit(reader.getNumHandles(), symbolize);
  symbolize(UINT64_MAX);
}

/// The MLIR side: rebuild locations as --tg-restore-debuginfo does, and
/// print them (attribute printing sees every string the section holds).
void exerciseDecoder(const DebugSectionReader &reader) {
  // Creating a context costs as much as the rest of a run, so one is reused;
  // it is replaced every few thousand runs so uniqued attributes do not pile
  // up. Decoding only adds uniqued locations to it, which does not change
  // what a later decode returns, so runs stay reproducible one by one.
  static std::unique_ptr<mlir::MLIRContext> context;
  static unsigned uses = 0;
  if (!context || ++uses % 4096 == 0) {
    context = std::make_unique<mlir::MLIRContext>(
        mlir::MLIRContext::Threading::DISABLED);
    context->getOrLoadDialect<TGDialect>();
    // Fused metadata stored as text is parsed back; its diagnostics are
    // expected for bad bytes and would only flood the fuzzer's output.
    context->getDiagEngine().registerHandler(
        [](mlir::Diagnostic &) { return mlir::success(); });
  }
  LocationDecoder decoder(reader, context.get());
  std::string text;
  raw_string_ostream os(text);
  auto print = [&](Expected<mlir::Location> loc) {
    if (!loc) {
      consumeError(loc.takeError());
      return;
    }
    loc->print(os);
    text.clear();
  };
  visit(reader.getNumHandles(),
        [&](uint64_t h) { print(decoder.decodeHandle(h)); });
  print(decoder.decode(reader.getRootLoc()));
  visit(reader.getNumArgLocations(), [&](uint64_t i) {
    Expected<SectionArgLocation> arg = reader.getArgLocation(uint32_t(i));
    if (!arg) {
      consumeError(arg.takeError());
      return;
    }
    print(decoder.decode(arg->loc));
  });
}

/// What one reading of an input came to: whether it opened, the image the
/// reader holds (a compressed file's is the file it stands for), and whether
/// every table checked out.
struct Outcome {
  bool opened = false;
  std::string image;
  bool verified = false;
};

Outcome run(ArrayRef<uint8_t> bytes) {
  Outcome outcome;
  // No null terminator and no copy: ASan sees any read past the input.
  auto buffer = MemoryBuffer::getMemBuffer(
      StringRef(reinterpret_cast<const char *>(bytes.data()), bytes.size()),
      "fuzz-input", /*RequiresNullTerminator=*/false);
  Expected<std::unique_ptr<DebugSectionReader>> reader =
      DebugSectionReader::fromBuffer(std::move(buffer));
  if (!reader) {
    consumeError(reader.takeError());
    return outcome;
  }
  outcome.opened = true;
  outcome.image = (*reader)->getBytes().str();
  exerciseReader(**reader);
  exerciseDecoder(**reader);
  // Last: the lookups above must work without it (lazy checks), and it must
  // agree with them on bad bytes without crashing.
  if (Error err = (*reader)->verifyAll())
    consumeError(std::move(err));
  else
    outcome.verified = true;
  return outcome;
}

/// A compressed file must read exactly as the image it stands for: the same
/// verdict at open and from verifyAll, and the same image. A difference is a
/// bug in decompression (abort, so libFuzzer keeps the input).
void checkCompressedReadsTheSame(ArrayRef<uint8_t> image,
                                 const Outcome &plain) {
  uint16_t major =
      image.size() < kHeaderSize
          ? 0
          : support::endian::read16le(image.data() + kOffVersionMajor);
  // Every major from 3.0 on may be stored compressed (4.0 and 5.0 with
  // stream tables as written; any image as the reader must read it).
  if (image.size() < kHeaderSize || image.size() > kMaxCompressedImage ||
      major < kVersionMajor ||
      (support::endian::read32le(image.data() + kOffFlags) & kFlagCompressed) ||
      // A writer leaves the frame-size field 0 in an image it does not
      // compress; the reader's image of a compressed file has it 0 too.
      support::endian::read32le(image.data() + kOffCompressedSize) != 0)
    return;
  // Stored as the writer stores it, at level 1: the reader does not see the
  // level, and the fuzzer wants speed.
  std::string compressed = compressImage(image, /*level=*/1);
  if (compressed.empty()) // LLVM without zstd
    return;
  Outcome packed = run(ArrayRef<uint8_t>(
      reinterpret_cast<const uint8_t *>(compressed.data()), compressed.size()));
  // The plain image may fail where the compressed one cannot (a file_size
  // that disagrees is checked against the file in one case, against the
  // decompressed bytes in the other): compare only what both opened.
  if (!plain.opened || !packed.opened)
    return;
  if (packed.image != plain.image || packed.verified != plain.verified) {
    errs() << "compressed and plain readings differ\n";
    abort();
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

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  run(ArrayRef<uint8_t>(data, size));
  if (size < kHeaderSize || std::memcmp(data, kMagic, sizeof(kMagic)) != 0)
    return 0;
  // An exact-size heap copy, so ASan still catches reads past the end.
  std::vector<uint8_t> fixed(data, data + size);
  tg::fuzz::fixChecksums(fixed);
  Outcome plain = run(fixed);
  checkCompressedReadsTheSame(fixed, plain);
  return 0;
}
