//===- SectionReaderFuzzer.cpp - libFuzzer target: section reader ---------===//
//
// Feeds arbitrary bytes to everything that reads a debug section: the
// MLIR-free DebugSectionReader (validation and every record getter), the
// Symbolizer with both text layouts, and the MLIR-side LocationDecoder that
// --tg-restore-debuginfo uses. Sections come from files that may be truncated,
// stale or hostile, so any crash, sanitizer report or hang here is a bug; a
// clean llvm::Error is the expected outcome for bad bytes.
//
// Mutated bytes almost never keep the two checksums right, and a reader
// stops at the first checksum mismatch. So each input runs twice: as is (the
// header and checksum checks), and, when it starts with the magic, with
// file_size and both checksums recomputed, which lets mutations reach the
// table, record and handle-block checks behind them.
//
//===----------------------------------------------------------------------===//

#include "tg/IR/TGDialect.h"
#include "tg/Serialize/DebugInfo.h"
#include "tg/Serialize/Reader.h"
#include "tg/Serialize/Symbolizer.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/CRC.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"

#include <cstring>
#include <vector>

using namespace llvm;
using namespace tg;
using namespace tg::section;

namespace {
/// How many records of each table, and how many handles, one input visits:
/// enough to reach every record of a seed-sized section while keeping each
/// run in the milliseconds (the reader is O(1) per lookup, so nothing is lost
/// by not visiting all of a crafted 2^32-record table).
constexpr uint32_t kMaxVisits = 512;

/// Sets file_size to the real size and recomputes body_checksum and
/// header_crc32 as the writer does (docs/debug-section-format.md).
void fixChecksums(std::vector<uint8_t> &bytes) {
  uint8_t *base = bytes.data();
  support::endian::write64le(base + kOffFileSize, bytes.size());
  support::endian::write64le(
      base + kOffBodyChecksum,
      xxh3_64bits(ArrayRef<uint8_t>(base + kHeaderSize,
                                    bytes.size() - kHeaderSize)));
  support::endian::write32le(base + kOffHeaderCrc,
                             crc32(ArrayRef<uint8_t>(base, kOffHeaderCrc)));
}

template <typename T> void consume(Expected<T> value) {
  if (!value)
    consumeError(value.takeError());
}

/// Upper bound of the indices worth visiting in a table of `count` records:
/// the first kMaxVisits, plus the last one and one past the end (the
/// boundaries where off-by-one errors live).
template <typename Fn> void visit(uint32_t count, Fn fn) {
  for (uint32_t i = 0; i < count && i < kMaxVisits; ++i)
    fn(i);
  if (count > kMaxVisits)
    fn(count - 1);
  fn(count);
  fn(UINT32_MAX);
}

void exerciseReader(const DebugSectionReader &reader) {
  visit(reader.getNumStrings(), [&](uint32_t i) { consume(reader.getString(i)); });
  visit(reader.getNumPositions(),
        [&](uint32_t i) { consume(reader.getPosition(i)); });
  visit(reader.getNumModuleFrames(),
        [&](uint32_t i) { consume(reader.getModuleFrame(i)); });
  visit(reader.getNumStackNodes(),
        [&](uint32_t i) { consume(reader.getStackNode(i)); });
  visit(reader.getNumLocations(),
        [&](uint32_t i) { consume(reader.getLocation(i)); });
  visit(reader.getNumListElements(),
        [&](uint32_t i) { consume(reader.getListElement(i)); });
  visit(reader.getNumGraphs(), [&](uint32_t i) { consume(reader.getGraph(i)); });
  visit(reader.getNumSites(), [&](uint32_t i) { consume(reader.getSite(i)); });
  visit(reader.getNumArgLocations(),
        [&](uint32_t i) { consume(reader.getArgLocation(i)); });
  // Source lines: keys that exist (from the positions) and keys that do not.
  visit(reader.getNumPositions(), [&](uint32_t i) {
    Expected<SectionPosition> pos = reader.getPosition(i);
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
  uint32_t n = reader.getNumHandles();
  for (uint64_t h = 0; h < n && h < kMaxVisits; ++h)
    symbolize(h);
  for (uint64_t h : {uint64_t(n) - 1, uint64_t(n), uint64_t(n) + 1,
                     uint64_t(UINT32_MAX), UINT64_MAX})
    symbolize(h);
}

/// The MLIR side: rebuild locations as --tg-restore-debuginfo does, and
/// print them (attribute printing sees every string the section holds).
void exerciseDecoder(const DebugSectionReader &reader) {
  // One context per input keeps runs independent (uniqued attributes would
  // otherwise pile up over millions of inputs) and reproducible.
  mlir::MLIRContext context(mlir::MLIRContext::Threading::DISABLED);
  context.getOrLoadDialect<TGDialect>();
  // Fused metadata stored as text is parsed back; its diagnostics are
  // expected for bad bytes and would only flood the fuzzer's output.
  mlir::ScopedDiagnosticHandler quiet(
      &context, [](mlir::Diagnostic &) { return mlir::success(); });
  LocationDecoder decoder(reader, &context);
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
  uint32_t n = reader.getNumHandles();
  for (uint64_t h = 0; h < n && h < kMaxVisits; ++h)
    print(decoder.decodeHandle(h));
  print(decoder.decodeHandle(n));
  print(decoder.decode(reader.getRootLoc()));
  visit(reader.getNumArgLocations(), [&](uint32_t i) {
    Expected<SectionArgLocation> arg = reader.getArgLocation(i);
    if (!arg) {
      consumeError(arg.takeError());
      return;
    }
    print(decoder.decode(arg->loc));
  });
}

void run(ArrayRef<uint8_t> bytes) {
  // No null terminator and no copy: ASan sees any read past the input.
  auto buffer = MemoryBuffer::getMemBuffer(
      StringRef(reinterpret_cast<const char *>(bytes.data()), bytes.size()),
      "fuzz-input", /*RequiresNullTerminator=*/false);
  Expected<std::unique_ptr<DebugSectionReader>> reader =
      DebugSectionReader::fromBuffer(std::move(buffer));
  if (!reader) {
    consumeError(reader.takeError());
    return;
  }
  exerciseReader(**reader);
  exerciseDecoder(**reader);
}
} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  run(ArrayRef<uint8_t>(data, size));
  if (size < kHeaderSize || std::memcmp(data, kMagic, sizeof(kMagic)) != 0)
    return 0;
  // An exact-size heap copy, so ASan still catches reads past the end.
  std::vector<uint8_t> fixed(data, data + size);
  fixChecksums(fixed);
  run(fixed);
  return 0;
}
