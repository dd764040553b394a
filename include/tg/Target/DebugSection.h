//===- DebugSection.h - Debug sections from and back into MLIR --*- C++ -*-===//
//
// The MLIR side of the debug section: writing every location of a module
// whose ops carry `tg.debug_handle` into a section, and restoring those
// locations into a stripped module. The format is
// docs/debug-section-format.md; Reader.h reads it without MLIR.
//
//===----------------------------------------------------------------------===//

#ifndef TG_TARGET_DEBUGSECTION_H
#define TG_TARGET_DEBUGSECTION_H

#include "tg/IR/DebugHandle.h"
#include "tg/Serialize/Reader.h"

#include "mlir/IR/Location.h"
#include "mlir/IR/Operation.h"
#include "llvm/ADT/DenseMap.h"

#include <string>
#include <vector>

namespace tg {

/// Module attribute with the text of sources that are no files (TorchScript's
/// `<string>` builtins), set by torch-to-tg:
/// `{"<string>" = [[line, "text"], ...]}`. The debug section embeds it.
inline constexpr llvm::StringLiteral kSourceTextAttrName = "tg.source_text";

struct DebugSectionOptions {
  /// Embed the source lines the section refers to (flag SOURCE_LINES), read
  /// from the files named by the positions. Files that cannot be read are
  /// reported as warnings and left out.
  bool embedSource = false;
  /// Prefix for relative file names when embedding source.
  std::string sourceRoot;
  /// Entries per handle block (the format allows any B > 0). 0: the
  /// writer codes the table with each of section::kAutoRowsPerBlock and
  /// keeps the smallest (format 1: section::kDefaultHandlesPerBlock).
  uint32_t handlesPerBlock = 0;
  /// Rows per stack-node and per location block (formats 2 and 3; any value
  /// > 0, or 0 for the smallest of section::kAutoRowsPerBlock).
  uint32_t stackNodesPerBlock = 0;
  uint32_t locationsPerBlock = 0;
  /// The format major version to write: the current one, or 1 for files
  /// that older readers must read (and for tests of the 1.0 reader path).
  uint16_t formatVersion = section::kVersionMajorNumbered;
  /// Format 3: compress a section of at most section::kMaxCompressedImage
  /// bytes as one zstd frame when that makes it smaller (flag COMPRESSED).
  /// Off for sections that tests damage byte by byte, and for readers that
  /// must map every table in place.
  bool compressSmall = true;
  /// Format 3: give the section a build ID, its identity (BUILD_ID table,
  /// format 3.1): `buildId` when it is not empty (1 to
  /// section::kMaxBuildIdSize bytes), else the first 20 bytes of the BLAKE3
  /// hash of the section as it is without one (the 3.0 image, uncompressed),
  /// so that equal contents get equal IDs. Off: the 3.0 section.
  bool writeBuildId = true;
  std::vector<uint8_t> buildId;
  /// Format 3 with a build ID: return the ELF container of the section
  /// (section::wrapInElf), which debuginfod servers index by build ID.
  bool elfContainer = false;
  /// Format 3: keep the origin records apart from the locations of the ops
  /// holding them, as rows of their own (RECORDS, format 3.2), so a
  /// lookup of such an op reads its own location only and no location grows
  /// with the number of records. Off: records stay inside those locations,
  /// as 3.1 wrote them (for 3.1 readers that restore locations).
  bool recordsApart = true;
  /// Format 2: let the block-coded tables use copy blocks (off for
  /// comparisons and tests of literal blocks).
  bool allowCopyBlocks = true;
  /// Decode the written section and compare it with the module, so a
  /// location the format cannot represent exactly is an error, never a
  /// silent loss.
  bool verify = true;
};

/// Sets the build ID of `options` from its text, as `--tg-emit-debug-section
/// build-id=` and `tracegraph.compile(build_id=)` take it: hex digits (the
/// ID), `none` (no build ID: the 3.0 section) or empty (a hash of the
/// contents). The error says what is wrong with the text.
llvm::Error setBuildIdFromText(llvm::StringRef text,
                               DebugSectionOptions &options);

/// Builds the section of `root` (usually a builtin.module): every op nested
/// in it must carry a unique `tg.debug_handle`. Reports problems as errors at
/// the offending op and fails.
mlir::FailureOr<std::string>
buildDebugSection(mlir::Operation *root,
                  const DebugSectionOptions &options = {});

namespace detail {
/// The writer's read-back check, which buildDebugSection runs unless
/// DebugSectionOptions::verify is off: decodes `bytes` and compares every op
/// of `root` with it. The error is at the first op, in program order, whose
/// location does not read back (the same one with threads on or off; large
/// modules are compared on the context's threads). Exposed for tests.
mlir::LogicalResult verifyWrittenSection(mlir::Operation *root,
                                         llvm::StringRef bytes);
} // namespace detail

/// Decodes locations of a section into an MLIRContext, memoizing every
/// record it builds so shared stacks are built once.
class LocationDecoder {
public:
  LocationDecoder(const DebugSectionReader &reader, mlir::MLIRContext *context)
      : reader(reader), context(context) {}

  /// The location a LocRef names.
  llvm::Expected<mlir::Location> decode(uint32_t ref);
  /// The full location of a handle.
  llvm::Expected<mlir::Location> decodeHandle(uint64_t handle);
  /// The same, for a handle already looked up.
  llvm::Expected<mlir::Location> decodeHandle(const SectionHandle &entry);
  /// The caller location a stack node stands for (memoized).
  llvm::Expected<mlir::Location> decodeStackNode(uint32_t node);
  /// The record location of an ORIGIN_RECORDS row
  /// (`fused<#tg.origin_record<...>>[origin]`).
  llvm::Expected<mlir::Location>
  decodeOriginRecord(const SectionOriginRecord &record);
  /// Format 3.2: the record locations of the rows kept apart, by anchor
  /// (section::kAnchorRoot, or handle + 1), each anchor's in row order;
  /// empty for sections whose records are inside their locations. O(rows).
  llvm::Error decodeAnchoredRecords(
      llvm::DenseMap<uint32_t, llvm::SmallVector<mlir::Location>> &out);

private:
  llvm::Expected<mlir::Location> decodeRef(uint32_t ref, unsigned depth);
  llvm::Expected<mlir::Location> decodePosition(uint32_t index);
  /// A LOCATIONS record; adds its children's tree sizes to `size`.
  llvm::Expected<mlir::Location> decodeRecord(uint32_t index, unsigned depth,
                                              uint64_t &size);
  llvm::Expected<mlir::Attribute>
  decodeFusedMetadata(const SectionLocation &rec, uint32_t index);
  llvm::Expected<mlir::Location> decodeNode(uint32_t node, unsigned depth,
                                            uint32_t bound);

  const DebugSectionReader &reader;
  mlir::MLIRContext *context;
  /// Each decoded record with its size as a tree (what printing it walks),
  /// which is bounded: see kMaxTreeSize in Restore.cpp.
  llvm::DenseMap<uint32_t, std::pair<mlir::Location, uint64_t>> refCache;
  llvm::DenseMap<uint32_t, std::pair<mlir::Location, uint64_t>> nodeCache;
};

/// Sets the location of every op of `root` that has a debug handle, of the
/// block arguments the section lists and of `root` itself from `reader`.
/// Reports mismatches between section and module as errors and fails.
mlir::LogicalResult restoreDebugInfo(mlir::Operation *root,
                                     const DebugSectionReader &reader);

} // namespace tg

#endif // TG_TARGET_DEBUGSECTION_H
