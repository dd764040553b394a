//===- Writer.cpp - Build a debug section from a module -------------------===//
//
// Walks the module once, interning strings, positions, module frames, stack
// nodes and composite locations (each stored once), then codes the handle
// table in blocks. Canonical inlined locations (what tg::buildLocation makes)
// are split into a stack node and a leaf so a handle needs no record of its
// own; everything else is kept as a composite record, so the section rebuilds
// every location exactly.
//
//===----------------------------------------------------------------------===//

#include "tg/IR/CallStack.h"
#include "tg/IR/ModulePath.h"
#include "tg/IR/RepeatedError.h"
#include "tg/IR/TGOps.h"
#include "tg/Serialize/BuildId.h"
#include "tg/Serialize/ColumnTable.h"
#include "tg/Serialize/ElfContainer.h"
#include "tg/Serialize/Encoding.h"
#include "tg/Serialize/SectionImage.h"
#include "tg/Serialize/StringData.h"
#include "tg/Target/DebugSection.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Threading.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/BLAKE3.h"
#include "llvm/Support/CRC.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/xxhash.h"

#include <array>
#include <functional>
#include <limits>
#include <map>
#include <numeric>
#include <set>
#include <tuple>

using namespace mlir;
using namespace tg;
using namespace tg::section;
using namespace tg::encoding;

namespace {

/// Column values; site 0 marks a handle no op uses.
struct HandleEntry {
  uint32_t values[kNumColumns] = {0, 0, 0};
};

/// The tables of a section being written, by kind, with their counts.
struct SectionTables {
  std::string bytes[kNumSectionKinds];
  uint32_t counts[kNumSectionKinds] = {};
  /// The rows (row-major u32 cells) of each block-coded and row table, kept
  /// for the stream tables of format 4.0.
  std::vector<uint32_t> rows[kNumSectionKinds];
  std::string &at(SectionKind kind) { return bytes[unsigned(kind) - 1]; }
  uint32_t &count(SectionKind kind) { return counts[unsigned(kind) - 1]; }
};

/// Rows per block of the block-coded tables, as the header records them.
struct BlockSizes {
  uint32_t handles, stackNodes, locations;
};

class HolderIndex;

class SectionBuilder {
public:
  SectionBuilder(Operation *root, const DebugSectionOptions &options)
      : root(root), options(options) {}

  FailureOr<std::string> build();
  /// The build ID written (empty before build() or without one).
  ArrayRef<uint8_t> getBuildId() const { return writtenBuildId; }

private:
  uint32_t intern(StringRef str);
  FailureOr<uint32_t> encode(Location loc, uint32_t function, Operation *op);
  /// Levels of encode() active, and the height (levels, itself included) of
  /// the location the last encode() returned: a reader decodes a location
  /// `h` high that sits `d` levels down to depth `d + h - 1`, which must stay
  /// within kMaxLocationDepth. Heights are memoized with the refs, since a
  /// location encoded once may be reused deeper down.
  unsigned encodeDepth = 0;
  unsigned lastHeight = 0;
  /// Fails with the readers' message when a reader would descend deeper
  /// than kMaxLocationDepth (depth of the deepest level, the root at 0).
  /// The error is emitted once encode() has unwound (leaveLevel): the
  /// diagnostic engine walks the op's location recursively, which on top
  /// of 4096 levels of encode() overflowed the stack of a sanitizer build.
  LogicalResult checkDepth(uint64_t deepest, Operation *op);
  void leaveLevel();
  void reportDepthError();
  Operation *depthErrorOp = nullptr;
  /// A file/line/column position of encode(): a POSITIONS row.
  FailureOr<uint32_t> encodePosition(FileLineColRange range, uint32_t function,
                                     Operation *op);
  /// A fused location's metadata as the LOCATIONS row codes it.
  LogicalResult encodeFusedMetadata(Attribute metadata, FusedMeta &meta,
                                    uint32_t &a, Operation *op);
  /// A canonical inlined location split into its innermost stack node and
  /// its leaf location ref; `canonical` is false (and the rest unset) when
  /// the location does not have that shape.
  struct StackedRef {
    bool canonical = false;
    uint32_t node = 0;
    uint32_t leaf = 0;
    /// Levels a reader descends from the record: the leaf one below it, the
    /// stack nodes' call locations two (through the node).
    unsigned height = 0;
  };
  /// Splits a canonical inlined location; fails softly (canonical = false)
  /// when the location is not canonical. (Plain structs rather than
  /// FailureOr<std::optional<...>>: GCC 12 reports false
  /// -Wmaybe-uninitialized on the nested optional.)
  FailureOr<StackedRef> encodeStacked(Location loc, uint32_t function,
                                      Operation *op);
  /// A caller chain's innermost stack node and the function its callee is
  /// written in; node kNone for the empty chain.
  struct ChainInfo {
    uint32_t node;
    uint32_t innerFunction;
    bool canonical = true;
    /// The largest height of the chain's call locations.
    unsigned callHeight = 0;
  };
  /// Encodes the caller chain of a canonical inlined location (memoized per
  /// chain); canonical = false when the chain is not canonical.
  FailureOr<ChainInfo> encodeChain(Location caller, uint32_t function,
                                   Operation *op);
  uint32_t moduleFrame(FrameAttr frame);
  /// The SITES index of (leaf, op name string id + 1).
  uint32_t site(uint32_t leaf, uint32_t opName);
  uint32_t composite(LocKind kind, FusedMeta meta, uint32_t a, uint32_t b,
                     uint32_t c);
  /// An op and its debug handle, in walk order.
  struct Pending {
    Operation *op;
    uint64_t handle;
  };
  /// The GRAPHS column of `op`'s handle (0 for none) and its function's
  /// string id (kNone for none).
  std::pair<uint32_t, uint32_t> getGraph(Operation *op);
  EntryFunctionCache entryFunctions;
  /// getGraph's answer for the ops of `graphFunction`.
  Operation *graphFunction = nullptr;
  std::pair<uint32_t, uint32_t> functionGraph = {0, kNone};
  /// Every handle's entry, block argument locations and the root location.
  LogicalResult collectHandles();
  /// The ops with handles in walk order, each handle checked (present, in
  /// range, unique, not too sparse); `count` is the table size.
  LogicalResult gatherHandles(std::vector<Pending> &pending, uint64_t &count);
  LogicalResult encodeHandle(const Pending &p);
  LogicalResult encodeArgLocations(const Pending &p, uint32_t function);
  LogicalResult collectOriginRecords(ArrayRef<Pending> pending);
  /// One record held by `op`: a RECORDS row (3.2) or an ORIGIN_RECORDS row.
  LogicalResult addOriginRecord(Operation *op, const RemovedOrigin &removed,
                                HolderIndex &holders);
  /// Format 3: notes `op`'s own location when it holds records that the
  /// section keeps apart (RECORDS).
  void noteRecordAnchor(Operation *op);
  /// The location written for `op`: its own location when its records are
  /// kept apart, else its whole location.
  Location getWrittenLoc(Operation *op) const {
    auto it = ownLocs.find(op);
    return it == ownLocs.end() ? op->getLoc() : it->second;
  }
  void embedSource();
  LogicalResult embedSourceText();
  /// Renumbers the LOCATIONS rows: by depth, then kind, then first use.
  void orderLocations();
  /// The image in the format of options.formatVersion, in named steps.
  std::string serialize();
  void encodePrefixCodedStrings(SectionTables &tables, bool numbered);
  void encodeStringTable(SectionTables &tables);
  void encodeFixedTables(SectionTables &tables);
  void encodeFixedRecordsV1(SectionTables &tables);
  void encodeRunCodedHandlesV1(SectionTables &tables, uint32_t perBlock);
  void encodeBlockCodedTables(SectionTables &tables, BlockSizes &sizes,
                              bool chainedPatches);
  void encodeRowTables(SectionTables &tables, unsigned numKinds,
                       bool chainedPatches);
  /// The header, the section table and the tables of `kinds` (kind
  /// numbers, in order), with version `layout.major`.`minor`.
  std::string assembleImage(const FormatLayout &layout,
                            ArrayRef<unsigned> kinds, uint16_t minor,
                            const SectionTables &tables,
                            const BlockSizes &sizes);
  /// Format 3: the image with a BUILD_ID table (3.1) when options ask for
  /// one and a RECORDS table (3.2) when records are kept apart, else
  /// the 3.0 image.
  std::string assembleWithBuildId(const FormatLayout &layout,
                                  SectionTables &tables,
                                  const BlockSizes &sizes,
                                  SmallVectorImpl<unsigned> &kinds);
  /// Stores everything after the header of a small 3.0 image as one zstd
  /// frame, when that is smaller (flag COMPRESSED).
  void compressSmallImage(std::string &image);
  /// Formats 4 and 5: replaces a small block-coded `image` (3.x or 5.0, of
  /// tables `kinds`) by the compressed section of the same tables,
  /// stream-coded (4.0, or 5.0 with flag STREAM_TABLES), when that is
  /// smaller.
  void compressStreamImage(std::string &image, const FormatLayout &layout,
                           ArrayRef<unsigned> kinds,
                           const SectionTables &tables,
                           const BlockSizes &sizes);

  Operation *root;
  const DebugSectionOptions &options;
  std::vector<uint8_t> writtenBuildId;

  llvm::StringMap<uint32_t> stringIds;
  std::vector<StringRef> strings;
  std::map<std::array<uint32_t, 6>, uint32_t> positionIds;
  std::vector<std::array<uint32_t, 6>> positions;
  std::map<std::array<uint32_t, 3>, uint32_t> frameIds;
  std::vector<std::array<uint32_t, 3>> frames;
  std::map<std::array<uint32_t, 3>, uint32_t> nodeIds;
  std::vector<std::array<uint32_t, 3>> nodes;
  std::map<std::tuple<uint8_t, uint8_t, uint32_t, uint32_t, uint32_t>, uint32_t>
      locationIds;
  std::vector<std::array<uint32_t, 4>> locations; // kind|aux<<8, a, b, c
  std::vector<uint32_t> lists;
  std::map<std::pair<uint32_t, uint32_t>, uint32_t> graphIds;
  std::vector<std::pair<uint32_t, uint32_t>> graphs;
  std::map<std::pair<uint32_t, uint32_t>, uint32_t> siteIds;
  std::vector<std::pair<uint32_t, uint32_t>> sites;
  struct Encoded {
    uint32_t ref;
    unsigned height;
  };
  llvm::DenseMap<std::pair<const void *, uint32_t>, Encoded> memo;
  llvm::DenseMap<std::pair<const void *, uint32_t>, ChainInfo> chainMemo;
  std::vector<HandleEntry> handles;
  std::vector<std::array<uint32_t, 5>> argLocs;
  std::vector<std::array<uint32_t, 3>> sourceLines;
  /// Files whose lines tg.source_text gives (not read from disk).
  llvm::DenseSet<uint32_t> providedFiles;
  /// ORIGIN_RECORDS rows (2.1): kind, pass, op, origin, into, holder.
  std::vector<std::array<uint32_t, 6>> originRecords;
  /// RECORDS rows (3.2): anchor, kind, pass, site, stack, into, holder.
  std::vector<std::array<uint32_t, kNumRecordColumns>> recordRows;
  /// Whether records are written as RECORDS rows (format 3 with
  /// options.recordsApart) rather than ORIGIN_RECORDS rows.
  bool recordsApart() const {
    return options.formatVersion >= kVersionMajor && options.recordsApart;
  }
  /// The own locations of the ops whose records are kept apart.
  llvm::DenseMap<Operation *, Location> ownLocs;
  uint32_t rootLoc = 0;
};

/// A location as a diagnostic quotes it: at most 1,000 characters (a fused
/// kernel's can be megabytes).
static std::string boundedText(Location loc) {
  std::string text;
  llvm::raw_string_ostream os(text);
  loc.print(os);
  constexpr size_t kLimit = 1000;
  if (text.size() > kLimit)
    text = text.substr(0, kLimit) + "... (" + formatCount(text.size()) +
           " characters)";
  return text;
}

uint32_t SectionBuilder::intern(StringRef str) {
  auto [it, inserted] = stringIds.try_emplace(str, strings.size());
  if (inserted)
    strings.push_back(it->getKey());
  return it->second;
}

uint32_t SectionBuilder::moduleFrame(FrameAttr frame) {
  std::array<uint32_t, 3> key = {intern(frame.getInstance()),
                                 intern(frame.getClassName()),
                                 intern(frame.getMethod())};
  auto [it, inserted] = frameIds.try_emplace(key, frames.size());
  if (inserted)
    frames.push_back(key);
  return it->second;
}

uint32_t SectionBuilder::site(uint32_t leaf, uint32_t opName) {
  std::pair<uint32_t, uint32_t> key = {leaf, opName};
  auto [it, inserted] = siteIds.try_emplace(key, sites.size());
  if (inserted)
    sites.push_back(key);
  return it->second;
}

uint32_t SectionBuilder::composite(LocKind kind, FusedMeta meta, uint32_t a,
                                   uint32_t b, uint32_t c) {
  auto key = std::make_tuple(uint8_t(kind), uint8_t(meta), a, b, c);
  auto [it, inserted] = locationIds.try_emplace(key, locations.size());
  if (inserted)
    locations.push_back({uint32_t(kind) | uint32_t(meta) << 8, a, b, c});
  return makeLocRef(LocTag::Composite, it->second);
}

FailureOr<SectionBuilder::ChainInfo>
SectionBuilder::encodeChain(Location caller, uint32_t function, Operation *op) {
  // The levels of the chain not seen before, innermost first: ops of one
  // inlined callee share their caller chain, so this is usually empty or
  // one level, and an op costs a hash lookup instead of rebuilding its
  // location with tg::buildLocation (docs/performance.md, section 3).
  SmallVector<Location, 8> todo;
  std::optional<ChainInfo> base;
  Location cur = caller;
  while (true) {
    auto found = chainMemo.find({cur.getAsOpaquePointer(), function});
    if (found != chainMemo.end()) {
      base = found->second;
      break;
    }
    todo.push_back(cur);
    auto site = dyn_cast<CallSiteLoc>(cur);
    if (!site)
      break;
    cur = site.getCaller();
  }
  // Only the shape tg::buildLocation builds is stored as stack nodes: every
  // level's frame location (the callee side of a chain link, or the
  // outermost caller) must be a non-call-site location that matchFrameLoc
  // takes apart and getFrameLoc puts back to itself. Checked for all levels
  // before anything is interned, so a non-canonical chain (kept verbatim as
  // CALLSITE records) adds no stray nodes.
  for (Location level : todo) {
    auto site = dyn_cast<CallSiteLoc>(level);
    Location frameLoc = site ? site.getCallee() : level;
    if (isa<CallSiteLoc>(frameLoc))
      return ChainInfo{kNone, kNone, /*canonical=*/false};
    InlinedFrame frame = matchFrameLoc(frameLoc);
    if (frame.frame && getFrameLoc(frame.frame, frame.callLoc) != frameLoc)
      return ChainInfo{kNone, kNone, /*canonical=*/false};
  }
  ChainInfo info = base.value_or(ChainInfo{kNone, function});
  for (Location level : llvm::reverse(todo)) {
    auto site = dyn_cast<CallSiteLoc>(level);
    InlinedFrame frame = matchFrameLoc(site ? site.getCallee() : level);
    // Readers decode a node's call location one level below the node's
    // user (decodeNode, appendNodeFrames).
    ++encodeDepth;
    FailureOr<uint32_t> call = encode(frame.callLoc, info.innerFunction, op);
    leaveLevel();
    if (failed(call))
      return failure();
    info.callHeight = std::max(info.callHeight, lastHeight);
    uint32_t mf = frame.frame ? moduleFrame(frame.frame) + 1 : 0;
    std::array<uint32_t, 3> key = {*call, mf,
                                   info.node == kNone ? 0 : info.node + 1};
    auto [it, inserted] = nodeIds.try_emplace(key, nodes.size());
    if (inserted)
      nodes.push_back(key);
    info.node = it->second;
    info.innerFunction = frame.frame ? intern(frame.frame.getMethod()) : kNone;
    chainMemo[{level.getAsOpaquePointer(), function}] = info;
  }
  return info;
}

FailureOr<SectionBuilder::StackedRef>
SectionBuilder::encodeStacked(Location loc, uint32_t function, Operation *op) {
  auto site = dyn_cast<CallSiteLoc>(loc);
  // A call-site callee would be flattened into the chain by getCallStack,
  // so it is not the canonical shape either.
  if (!site || isa<CallSiteLoc>(site.getCallee()))
    return StackedRef();
  FailureOr<ChainInfo> chain = encodeChain(site.getCaller(), function, op);
  if (failed(chain))
    return failure();
  if (!chain->canonical)
    return StackedRef();
  // A memoized chain's call locations, decoded one level below this one.
  if (chain->callHeight &&
      failed(checkDepth(encodeDepth + chain->callHeight, op)))
    return failure();
  FailureOr<uint32_t> leaf = encode(site.getCallee(), chain->innerFunction, op);
  if (failed(leaf))
    return failure();
  return StackedRef{/*canonical=*/true, chain->node, *leaf,
                    std::max(lastHeight + 1, chain->callHeight + 2)};
}

LogicalResult SectionBuilder::checkDepth(uint64_t deepest, Operation *op) {
  if (deepest <= encoding::kMaxLocationDepth)
    return success();
  depthErrorOp = op;
  if (encodeDepth == 0)
    reportDepthError();
  return failure();
}

void SectionBuilder::leaveLevel() {
  if (--encodeDepth == 0)
    reportDepthError();
}

void SectionBuilder::reportDepthError() {
  if (!depthErrorOp)
    return;
  emitError(getDiagnosticLoc(depthErrorOp))
      << "debug section cannot represent this location exactly: location "
         "nested deeper than "
      << encoding::kMaxLocationDepth << " levels";
  depthErrorOp = nullptr;
}

FailureOr<uint32_t> SectionBuilder::encodePosition(FileLineColRange range,
                                                   uint32_t function,
                                                   Operation *op) {
  std::array<uint32_t, 6> rec = {intern(range.getFilename().getValue()),
                                 function,
                                 range.getStartLine(),
                                 range.getStartColumn(),
                                 range.getEndLine(),
                                 range.getEndColumn()};
  // The section rebuilds the form the parser gives the printed text; a
  // range built another way (e.g. with only a line) cannot round-trip.
  Location rebuilt =
      rec[4] == rec[2] && rec[5] == rec[3]
          ? Location(FileLineColLoc::get(range.getFilename(), rec[2], rec[3]))
      : rec[4] == rec[2]
          ? Location(FileLineColRange::get(range.getFilename(), rec[2], rec[3],
                                           rec[5]))
          : Location(FileLineColRange::get(range.getFilename(), rec[2], rec[3],
                                           rec[4], rec[5]));
  if (rebuilt != Location(range)) {
    emitError(getDiagnosticLoc(op))
        << "debug section cannot represent the location " << boundedText(range)
        << " exactly (a FileLineColRange not in its parsed form)";
    return failure();
  }
  auto [it, inserted] = positionIds.try_emplace(rec, positions.size());
  if (inserted)
    positions.push_back(rec);
  return makeLocRef(LocTag::Position, it->second);
}

LogicalResult SectionBuilder::encodeFusedMetadata(Attribute metadata,
                                                  FusedMeta &meta, uint32_t &a,
                                                  Operation *op) {
  if (!metadata)
    return success();
  if (auto kernel = dyn_cast<KernelAttr>(metadata)) {
    meta = FusedMeta::Kernel;
    a = intern(kernel.getName());
  } else if (auto frame = dyn_cast<FrameAttr>(metadata)) {
    meta = FusedMeta::Frame;
    a = moduleFrame(frame);
  } else {
    std::string text;
    llvm::raw_string_ostream os(text);
    metadata.print(os);
    if (parseAttribute(text, op->getContext()) != metadata) {
      emitError(getDiagnosticLoc(op))
          << "debug section cannot represent the fused "
             "location metadata "
          << text << ": it does not parse back to itself";
      return failure();
    }
    meta = FusedMeta::AttrText;
    a = intern(text);
  }
  return success();
}

// About 100 lines on purpose: one case per location kind of the format,
// side by side with docs/debug-section-format.md's LOCATIONS table.
FailureOr<uint32_t> SectionBuilder::encode(Location loc, uint32_t function,
                                           Operation *op) {
  auto key = std::make_pair(loc.getAsOpaquePointer(), function);
  auto found = memo.find(key);
  if (found != memo.end()) {
    if (failed(checkDepth(encodeDepth + found->second.height - 1, op)))
      return failure();
    lastHeight = found->second.height;
    return found->second.ref;
  }

  // Readers refuse a location nested deeper than kMaxLocationDepth; the
  // writer stops there too, with the same message, before its recursion
  // (one frame per level of a name, fused or non-canonical call-site
  // location) can run off the end of the stack (~19K levels parse).
  if (failed(checkDepth(encodeDepth, op)))
    return failure();
  ++encodeDepth;
  llvm::scope_exit leave([&] { leaveLevel(); });
  // A location's height: one more than its highest part.
  unsigned height = 1;
  auto encodePart = [&](Location part) {
    FailureOr<uint32_t> ref = encode(part, function, op);
    height = std::max(height, lastHeight + 1);
    return ref;
  };

  FailureOr<uint32_t> result = failure();
  if (isa<UnknownLoc>(loc)) {
    result = 0u;
  } else if (auto range = dyn_cast<FileLineColRange>(loc)) {
    result = encodePosition(range, function, op);
  } else if (auto name = dyn_cast<NameLoc>(loc)) {
    FailureOr<uint32_t> child = encodePart(name.getChildLoc());
    if (failed(child))
      return failure();
    result = composite(LocKind::Name, FusedMeta::None,
                       intern(name.getName().getValue()), *child, 0);
  } else if (auto site = dyn_cast<CallSiteLoc>(loc)) {
    auto stacked = encodeStacked(loc, function, op);
    if (failed(stacked))
      return failure();
    if (stacked->canonical) {
      height = stacked->height;
      result = composite(LocKind::StackedCallSite, FusedMeta::None,
                         stacked->leaf, stacked->node, 0);
    } else {
      FailureOr<uint32_t> callee = encodePart(site.getCallee());
      if (failed(callee))
        return failure();
      FailureOr<uint32_t> caller = encodePart(site.getCaller());
      if (failed(caller))
        return failure();
      result =
          composite(LocKind::CallSite, FusedMeta::None, *callee, *caller, 0);
    }
  } else if (auto fused = dyn_cast<FusedLoc>(loc)) {
    FusedMeta meta = FusedMeta::None;
    uint32_t a = 0;
    if (failed(encodeFusedMetadata(fused.getMetadata(), meta, a, op)))
      return failure();
    SmallVector<uint32_t> refs;
    for (Location inner : fused.getLocations()) {
      FailureOr<uint32_t> ref = encodePart(inner);
      if (failed(ref))
        return failure();
      refs.push_back(*ref);
    }
    // Each fused location is interned once (memo), so its list is too.
    uint32_t first = lists.size();
    lists.insert(lists.end(), refs.begin(), refs.end());
    result = composite(LocKind::Fused, meta, a, first, uint32_t(refs.size()));
  } else {
    emitError(getDiagnosticLoc(op))
        << "debug section cannot represent the location " << boundedText(loc)
        << " (only unknown, file/line/column, name, call-site "
           "and fused locations are supported)";
    return failure();
  }
  memo[key] = {*result, height};
  lastHeight = height;
  return result;
}

LogicalResult SectionBuilder::collectHandles() {
  std::vector<Pending> pending;
  uint64_t count = 0;
  if (failed(gatherHandles(pending, count)))
    return failure();
  handles.assign(count, HandleEntry());
  noteRecordAnchor(root);
  for (const Pending &p : pending)
    noteRecordAnchor(p.op);
  for (const Pending &p : pending)
    if (failed(encodeHandle(p)))
      return failure();
  llvm::sort(argLocs);
  FailureOr<uint32_t> ref = encode(getWrittenLoc(root), kNone, root);
  if (failed(ref))
    return failure();
  rootLoc = *ref;
  return collectOriginRecords(pending);
}

LogicalResult SectionBuilder::gatherHandles(std::vector<Pending> &pending,
                                            uint64_t &count) {
  // A module made without --tg-assign-debug-handles (or with handles from
  // elsewhere) gets each mistake once, with the count of the ops that
  // repeat it, however large the module.
  RepeatedError missing, tooLarge, duplicates;
  Operation *largest = nullptr;
  root->walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (op == root)
      return;
    std::optional<uint64_t> handle = getDebugHandle(op);
    if (!handle) {
      if (InFlightDiagnostic *diag = missing.add(op))
        *diag << "op has no valid '" << kDebugHandleAttrName
              << "' (a non-negative integer); run --tg-assign-debug-handles "
                 "first";
      return;
    }
    if (*handle >= kNone) {
      if (InFlightDiagnostic *diag = tooLarge.add(op))
        *diag << "debug handle " << *handle
              << " does not fit the section's 32-bit handle table";
      return;
    }
    pending.push_back({op, *handle});
    if (*handle + 1 > count) {
      count = *handle + 1;
      largest = op;
    }
  });
  // Duplicates, in walk order (the first user keeps its handle), checked
  // in a table of the dense handles: the walk above costs no hash table
  // per op. Handles too sparse for a table (refused below) take a map.
  uint64_t limit = std::max<uint64_t>(uint64_t(1) << 24, 16 * pending.size());
  if (count <= limit) {
    std::vector<Operation *> owners(count);
    for (const Pending &p : pending)
      (void)claimDebugHandle(owners[p.handle], p.op, p.handle, &duplicates);
  } else {
    llvm::DenseMap<uint64_t, Operation *> owners;
    for (const Pending &p : pending)
      (void)claimDebugHandle(owners, p.op, p.handle, &duplicates);
  }
  bool ok = succeeded(missing.report());
  ok = succeeded(tooLarge.report()) && ok;
  ok = succeeded(duplicates.report()) && ok;
  if (!ok)
    return failure();
  // The handle table is dense (handles 0 .. N-1 have entries), so its size
  // follows the largest handle, not the number of ops. Handles far sparser
  // than any numbering of the module needs would make a table of billions of
  // empty entries (and abort on allocating it): refuse them instead.
  if (count > limit) {
    emitError(getDiagnosticLoc(largest))
        << "debug handle " << count - 1 << " is too sparse: the section's "
        << "dense handle table would need " << count << " entries for "
        << pending.size() << " ops (at most " << limit
        << "); renumber with --tg-assign-debug-handles";
    return failure();
  }

  return success();
}

std::pair<uint32_t, uint32_t> SectionBuilder::getGraph(Operation *op) {
  const EntryFunction &top = entryFunctions.get(op);
  // Consecutive ops mostly share their function: its ids are interned once
  // per run of them, not per op.
  if (top.op == graphFunction)
    return functionGraph;
  graphFunction = top.op;
  functionGraph = {0, kNone};
  if (top.op) {
    uint32_t function = intern(top.method);
    std::pair<uint32_t, uint32_t> key = {
        top.className.empty() ? kNone : intern(top.className), function};
    auto [it, inserted] = graphIds.try_emplace(key, graphs.size());
    if (inserted)
      graphs.push_back(key);
    functionGraph = {it->second + 1, function};
  }
  return functionGraph;
}

LogicalResult SectionBuilder::encodeHandle(const Pending &p) {
  Operation *op = p.op;
  HandleEntry &entry = handles[p.handle];
  auto [graphColumn, function] = getGraph(op);
  if (graphColumn)
    entry.values[kColGraph] = graphColumn;
  // The name --tg-module-hierarchy's mobile form ends with, so a path
  // rebuilt from the section is the one the pass attached.
  StringRef opName = getModulePathOpName(op);

  // An op is its stack plus its site (leaf location and name): sites
  // repeat across module instances, so the site column of a repeated
  // block of code is a run of consecutive ids.
  uint32_t leaf;
  Location loc = getWrittenLoc(op);
  auto stacked = encodeStacked(loc, function, op);
  if (failed(stacked))
    return failure();
  if (stacked->canonical) {
    entry.values[kColStack] = stacked->node + 1;
    leaf = stacked->leaf;
  } else {
    FailureOr<uint32_t> ref = encode(loc, function, op);
    if (failed(ref))
      return failure();
    entry.values[kColStack] = 0;
    leaf = *ref;
  }
  entry.values[kColSite] = site(leaf, intern(opName) + 1) + 1;

  return encodeArgLocations(p, function);
}

LogicalResult SectionBuilder::encodeArgLocations(const Pending &p,
                                                 uint32_t function) {
  Operation *op = p.op;
  for (auto [r, region] : llvm::enumerate(op->getRegions()))
    for (auto [b, block] : llvm::enumerate(region))
      for (BlockArgument arg : block.getArguments()) {
        if (isa<UnknownLoc>(arg.getLoc()))
          continue;
        FailureOr<uint32_t> ref = encode(arg.getLoc(), function, op);
        if (failed(ref))
          return failure();
        argLocs.push_back({uint32_t(p.handle), uint32_t(r), uint32_t(b),
                           arg.getArgNumber(), *ref});
      }
  return success();
}

/// The own location of `loc` when the records it holds can be kept apart:
/// appending them back to it, in order, gives `loc` exactly (what restore
/// does, docs/debug-section-format.md, RECORDS). Null otherwise, and
/// for a location without records.
static LocationAttr getSeparableOwnLoc(Location loc) {
  SmallVector<RemovedOrigin> records;
  getOriginRecords(loc, records);
  if (records.empty())
    return {};
  Location own = stripOriginRecords(loc);
  SmallVector<Location> rebuilt;
  rebuilt.reserve(records.size());
  for (const RemovedOrigin &removed : records)
    rebuilt.push_back(makeOriginRecord(removed.record, removed.origin));
  if (appendOriginRecords(own, rebuilt) != loc)
    return {};
  return own;
}

void SectionBuilder::noteRecordAnchor(Operation *op) {
  if (!recordsApart())
    return;
  if (LocationAttr own = getSeparableOwnLoc(op->getLoc()))
    ownLocs.try_emplace(op, own);
}

/// A merged record's holder: the first op whose location is `into`, or,
/// when later passes merged more into that op, the first op whose location
/// lists every origin of `into`. Indexed on the first merged record only: it
/// takes every op's origins.
class HolderIndex {
public:
  template <typename PendingRange>
  explicit HolderIndex(const PendingRange &pending) {
    index = [this, &pending] {
      SmallVector<Location> scratch;
      for (const auto &p : pending) {
        firstHandleOf.try_emplace(p.op->getLoc().getAsOpaquePointer(),
                                  uint32_t(p.handle));
        scratch.clear();
        getOrigins(p.op->getLoc(), scratch);
        for (Location origin : scratch)
          handlesListing[origin.getAsOpaquePointer()].push_back(p.handle);
      }
    };
  }
  uint32_t find(Location into);

private:
  std::function<void()> index;
  bool indexed = false;
  llvm::DenseMap<const void *, uint32_t> firstHandleOf;
  llvm::DenseMap<const void *, SmallVector<uint32_t, 1>> handlesListing;
};

uint32_t HolderIndex::find(Location into) {
  if (!indexed) {
    indexed = true;
    index();
  }
  auto exact = firstHandleOf.find(into.getAsOpaquePointer());
  if (exact != firstHandleOf.end())
    return exact->second;
  SmallVector<Location> wanted;
  getOrigins(into, wanted);
  if (wanted.empty())
    return kNone;
  auto first = handlesListing.find(wanted.front().getAsOpaquePointer());
  if (first == handlesListing.end())
    return kNone;
  for (uint32_t handle : first->second) {
    bool listsAll = llvm::all_of(wanted, [&](Location origin) {
      auto it = handlesListing.find(origin.getAsOpaquePointer());
      return it != handlesListing.end() &&
             llvm::is_contained(it->second, handle);
    });
    if (listsAll)
      return handle;
  }
  return kNone;
}

LogicalResult SectionBuilder::collectOriginRecords(ArrayRef<Pending> pending) {
  // 3.2: each record is a RECORDS row naming the op that holds it, whose
  // written location omits it when appending it back gives the op's
  // location (ownLocs); before, the records stay in the locations they are
  // written in (the module's is ROOT_LOC, the others the handles' own), so
  // restore is exact, and ORIGIN_RECORDS indexes them for queries without
  // MLIR (tg-symbolicate --source).
  HolderIndex holders(pending);
  SmallVector<RemovedOrigin> records;
  WalkResult walk = root->walk<WalkOrder::PreOrder>([&](Operation *op) {
    records.clear();
    getOriginRecords(op->getLoc(), records);
    if (!records.empty() && options.formatVersion == kVersionMajorV1) {
      // An op whose location is only records (a graph's) has no position
      // of its own: the error goes to the module's.
      Location at = getDiagnosticLoc(op);
      if (isa<UnknownLoc>(at))
        at = getDiagnosticLoc(root);
      emitError(at) << "tg-emit-debug-section: format 1.0 cannot hold origin "
                       "records (#tg.origin_record); write format 2";
      return WalkResult::interrupt();
    }
    for (const RemovedOrigin &removed : records)
      if (failed(addOriginRecord(op, removed, holders)))
        return WalkResult::interrupt();
    return WalkResult::advance();
  });
  return failure(walk.wasInterrupted());
}

LogicalResult SectionBuilder::addOriginRecord(Operation *op,
                                              const RemovedOrigin &removed,
                                              HolderIndex &holders) {
  OriginRecordAttr record = removed.record;
  uint32_t function = kNone;
  EntryFunction entry = getEntryFunction(op);
  if (entry.op)
    function = intern(entry.method);
  uint32_t into = kNone, holder = kNone;
  if (record.isMerged()) {
    FailureOr<uint32_t> intoRef = encode(record.getInto(), function, op);
    if (failed(intoRef))
      return failure();
    into = *intoRef;
    holder = holders.find(record.getInto());
  }
  uint32_t kind = uint32_t(record.isMerged() ? OriginRecordKind::Merged
                                             : OriginRecordKind::Eliminated);
  if (!recordsApart()) {
    FailureOr<uint32_t> origin = encode(removed.origin, function, op);
    if (failed(origin))
      return failure();
    originRecords.push_back({kind, intern(record.getPass()),
                             intern(record.getOp()), *origin, into, holder});
    return success();
  }
  // As a handle: the origin's stack node and its site (leaf and op name),
  // which the instances of one module class share.
  auto stacked = encodeStacked(removed.origin, function, op);
  if (failed(stacked))
    return failure();
  uint32_t stack = 0, leaf;
  if (stacked->canonical) {
    stack = stacked->node + 1;
    leaf = stacked->leaf;
  } else {
    FailureOr<uint32_t> ref = encode(removed.origin, function, op);
    if (failed(ref))
      return failure();
    leaf = *ref;
  }
  uint32_t anchor = kNone;
  if (ownLocs.count(op))
    anchor = op == root ? kAnchorRoot : uint32_t(*getDebugHandle(op)) + 1;
  recordRows.push_back({anchor, kind, intern(record.getPass()),
                        site(leaf, intern(record.getOp()) + 1) + 1, stack, into,
                        holder});
  return success();
}

void SectionBuilder::embedSource() {
  // Reads each referenced file once and keeps only the referenced lines.
  std::map<uint32_t, std::set<uint32_t>> wanted;
  for (const auto &pos : positions)
    for (uint32_t line = pos[2]; line <= pos[4] && line - pos[2] < 64; ++line)
      if (line > 0)
        wanted[pos[0]].insert(line);
  for (auto &[fileId, lines] : wanted) {
    if (providedFiles.contains(fileId))
      continue;
    std::string file = strings[fileId].str();
    llvm::SmallString<256> path(file);
    if (!options.sourceRoot.empty() && llvm::sys::path::is_relative(file)) {
      path = options.sourceRoot;
      llvm::sys::path::append(path, file);
    }
    auto buffer = llvm::MemoryBuffer::getFile(path, /*IsText=*/true);
    if (!buffer) {
      // The path as a recorded name may hold anything: its control
      // characters (a NUL, a line break) escaped, not printed raw.
      std::string shown;
      llvm::raw_string_ostream os(shown);
      llvm::printEscapedString(path.str(), os);
      mlir::emitWarning(root->getLoc())
          << "cannot read source file '" << shown
          << "' to embed its lines: " << buffer.getError().message();
      continue;
    }
    StringRef text = (*buffer)->getBuffer();
    uint32_t lineNo = 1;
    auto next = lines.begin();
    while (next != lines.end() && !text.empty()) {
      auto [line, rest] = text.split('\n');
      if (lineNo == *next) {
        sourceLines.push_back({fileId, lineNo, intern(line.rtrim("\r"))});
        ++next;
      }
      text = rest;
      ++lineNo;
    }
  }
}

void SectionBuilder::encodePrefixCodedStrings(SectionTables &tables,
                                              bool numbered) {
  tables.at(SectionKind::StringData) = encodeStringData(strings, numbered);
  tables.count(SectionKind::StringOffsets) = strings.size();
  tables.count(SectionKind::StringData) = strings.size();
}

void SectionBuilder::encodeStringTable(SectionTables &tables) {
  uint32_t offset = 0;
  for (StringRef str : strings) {
    appendU32(tables.at(SectionKind::StringOffsets), offset);
    tables.at(SectionKind::StringData) += str;
    offset += str.size();
  }
  appendU32(tables.at(SectionKind::StringOffsets), offset);
  tables.count(SectionKind::StringOffsets) = strings.size();
  tables.count(SectionKind::StringData) = offset;
}

/// Appends every u32 of `records` to a fixed-width table.
template <typename Records>
static void appendRecords(SectionTables &tables, SectionKind kind,
                          const Records &records) {
  for (const auto &record : records)
    for (uint32_t v : record)
      appendU32(tables.at(kind), v);
  tables.count(kind) = records.size();
}

void SectionBuilder::encodeFixedTables(SectionTables &tables) {
  appendRecords(tables, SectionKind::Positions, positions);
  appendRecords(tables, SectionKind::ModuleFrames, frames);
  for (uint32_t v : lists)
    appendU32(tables.at(SectionKind::LocationLists), v);
  tables.count(SectionKind::LocationLists) = lists.size();
  for (const auto &[a, b] : graphs) {
    appendU32(tables.at(SectionKind::Graphs), a);
    appendU32(tables.at(SectionKind::Graphs), b);
  }
  tables.count(SectionKind::Graphs) = graphs.size();
  for (const auto &[a, b] : sites) {
    appendU32(tables.at(SectionKind::Sites), a);
    appendU32(tables.at(SectionKind::Sites), b);
  }
  tables.count(SectionKind::Sites) = sites.size();
  appendRecords(tables, SectionKind::ArgLocations, argLocs);
  appendRecords(tables, SectionKind::SourceLines, sourceLines);
  appendRecords(tables, SectionKind::OriginRecords, originRecords);
  appendRecords(tables, SectionKind::Records, recordRows);
}

void SectionBuilder::encodeFixedRecordsV1(SectionTables &tables) {
  appendRecords(tables, SectionKind::StackNodes, nodes);
  std::string &out = tables.at(SectionKind::Locations);
  for (const auto &rec : locations) {
    out.push_back(char(rec[0] & 0xff));
    out.push_back(char(rec[0] >> 8));
    out.append(2, '\0');
    appendU32(out, rec[1]);
    appendU32(out, rec[2]);
    appendU32(out, rec[3]);
  }
  tables.count(SectionKind::Locations) = locations.size();
}

void SectionBuilder::encodeRunCodedHandlesV1(SectionTables &tables,
                                             uint32_t perBlock) {
  // Column by column, runs of arithmetic progressions.
  std::string &blocks = tables.at(SectionKind::HandleBlocks);
  std::string &index = tables.at(SectionKind::HandleIndex);
  for (size_t begin = 0; begin < handles.size(); begin += perBlock) {
    appendU32(index, blocks.size());
    size_t end = std::min(handles.size(), begin + perBlock);
    for (unsigned col = 0; col < kNumColumns; ++col) {
      int64_t prev = 0;
      size_t i = begin;
      while (i < end) {
        int64_t d = int64_t(handles[i].values[col]) - prev;
        size_t len = 1;
        while (i + len < end &&
               int64_t(handles[i + len].values[col]) -
                       int64_t(handles[i + len - 1].values[col]) ==
                   d)
          ++len;
        appendVarint(blocks,
                     zigzagEncode(d) << 3 | std::min<uint64_t>(len - 1, 7));
        if (len >= 8)
          appendVarint(blocks, len - 8);
        prev += d * int64_t(len);
        i += len;
      }
    }
  }
  appendU32(index, blocks.size());
  tables.count(SectionKind::HandleIndex) =
      (handles.size() + perBlock - 1) / perBlock + 1;
  tables.count(SectionKind::HandleBlocks) = blocks.size();
}

void SectionBuilder::encodeBlockCodedTables(SectionTables &tables,
                                            BlockSizes &sizes,
                                            bool chainedPatches) {
  // Rows of u32 columns, so a repeated layer can be a copy of an earlier
  // block (docs/debug-section-format.md).
  struct CodedTable {
    SectionKind blocksKind, indexKind;
    unsigned columns;
    /// Rows per block: fixed by the options, or 0 until chosen.
    uint32_t &rowsPerBlock;
    std::vector<uint32_t> values;
  };
  CodedTable coded[] = {{SectionKind::StackNodes,
                         SectionKind::StackNodeIndex,
                         kNumNodeColumns,
                         sizes.stackNodes,
                         {}},
                        {SectionKind::Locations,
                         SectionKind::LocationIndex,
                         kNumLocColumns,
                         sizes.locations,
                         {}},
                        {SectionKind::HandleBlocks,
                         SectionKind::HandleIndex,
                         kNumColumns,
                         sizes.handles,
                         {}}};
  for (const auto &rec : nodes)
    coded[0].values.insert(coded[0].values.end(), rec.begin(), rec.end());
  // Locations: `kind | aux << 8` is the 1.0 record's first u32.
  for (const auto &rec : locations)
    coded[1].values.insert(coded[1].values.end(), rec.begin(), rec.end());
  for (const HandleEntry &entry : handles)
    coded[2].values.insert(coded[2].values.end(), entry.values,
                           entry.values + kNumColumns);
  tables.count(SectionKind::StackNodes) = nodes.size();
  tables.count(SectionKind::Locations) = locations.size();
  // A table whose block size is left to the writer is coded with each of
  // kAutoRowsPerBlock, in parallel (the codings are independent), and the
  // smallest is kept, the first of equals: the same bytes with threads on
  // or off.
  constexpr size_t kNumCandidates = std::size(kAutoRowsPerBlock);
  std::optional<EncodedColumnTable> candidates[std::size(coded)]
                                              [kNumCandidates];
  auto encodeCandidate = [&](size_t job) {
    CodedTable &table = coded[job / kNumCandidates];
    size_t candidate = job % kNumCandidates;
    if (table.rowsPerBlock && candidate)
      return;
    ColumnTableOptions tableOptions;
    tableOptions.allowCopies = options.allowCopyBlocks;
    tableOptions.chainedPatches = chainedPatches;
    tableOptions.rowsPerBlock =
        table.rowsPerBlock ? table.rowsPerBlock : kAutoRowsPerBlock[candidate];
    candidates[job / kNumCandidates][candidate] =
        encodeColumnTable(table.values, table.columns, tableOptions);
  };
  mlir::parallelFor(root->getContext(), 0, std::size(coded) * kNumCandidates,
                    encodeCandidate);
  for (size_t t = 0; t < std::size(coded); ++t) {
    CodedTable &table = coded[t];
    tables.rows[unsigned(table.blocksKind) - 1] = table.values;
    size_t best = 0;
    auto size = [&](size_t c) {
      return candidates[t][c]->index.size() + candidates[t][c]->blocks.size();
    };
    for (size_t c = 1; c < kNumCandidates && !table.rowsPerBlock; ++c)
      if (size(c) < size(best))
        best = c;
    if (!table.rowsPerBlock)
      table.rowsPerBlock = kAutoRowsPerBlock[best];
    tables.at(table.blocksKind) = std::move(candidates[t][best]->blocks);
    tables.at(table.indexKind) = std::move(candidates[t][best]->index);
    tables.count(table.indexKind) = tables.at(table.indexKind).size() / 4;
  }
  tables.count(SectionKind::HandleBlocks) =
      tables.at(SectionKind::HandleBlocks).size();
}

void SectionBuilder::encodeRowTables(SectionTables &tables, unsigned numKinds,
                                     bool chainedPatches) {
  // The fixed-width tables become row tables, block-coded like the handle
  // table with their block index in front. Their rows and columns are the
  // u32 fields of the 2.x records, so they are coded from those bytes.
  std::vector<uint32_t> values;
  for (unsigned k = 0; k < numKinds; ++k) {
    unsigned columns = getRowTableColumns(SectionKind(k + 1));
    if (!columns)
      continue;
    const std::string &fixed = tables.bytes[k];
    values.resize(fixed.size() / 4);
    for (size_t i = 0; i < values.size(); ++i)
      values[i] =
          readU32(reinterpret_cast<const uint8_t *>(fixed.data()) + 4 * i);
    ColumnTableOptions tableOptions;
    tableOptions.allowCopies = options.allowCopyBlocks;
    tableOptions.chainedPatches = chainedPatches;
    tableOptions.rowsPerBlock = kRowTableRowsPerBlock;
    EncodedColumnTable table = encodeColumnTable(values, columns, tableOptions);
    tables.rows[k] = values;
    tables.bytes[k] = std::move(table.index);
    tables.bytes[k] += table.blocks;
  }
}

std::string SectionBuilder::assembleImage(const FormatLayout &layout,
                                          ArrayRef<unsigned> kinds,
                                          uint16_t minor,
                                          const SectionTables &tables,
                                          const BlockSizes &sizes) {
  // Header, section table, aligned tables.
  std::string out(kHeaderSize, '\0');
  for (unsigned kind : kinds) {
    unsigned k = kind - 1;
    appendU32(out, kind);
    appendU32(out, tables.counts[k]);
    appendU64(out, tables.bytes[k].size());
    if (layout.tableChecksums)
      appendU64(out,
                llvm::xxh3_64bits(llvm::ArrayRef<uint8_t>(
                    reinterpret_cast<const uint8_t *>(tables.bytes[k].data()),
                    tables.bytes[k].size())));
  }
  size_t tableEnd = out.size();
  for (unsigned kind : kinds) {
    out.resize(alignTable(out.size(), layout.major), '\0');
    out += tables.bytes[kind - 1];
  }
  auto *header = reinterpret_cast<uint8_t *>(out.data());
  using namespace llvm::support::endian;
  std::memcpy(header, kMagic, sizeof(kMagic));
  write16le(header + kOffVersionMajor, layout.major);
  write16le(header + kOffVersionMinor, minor);
  uint32_t flags = sourceLines.empty() && !options.embedSource
                       ? 0u
                       : uint32_t(kFlagSourceLines);
  if (layout.numberedStrings && layout.streamTables)
    flags |= kFlagStreamTables;
  write32le(header + kOffFlags, flags);
  write32le(header + kOffHeaderSize, kHeaderSize);
  write32le(header + kOffSectionCount, kinds.size());
  write64le(header + kOffFileSize, out.size());
  write32le(header + kOffHandleCount, handles.size());
  write32le(header + kOffHandlesPerBlock, sizes.handles);
  write32le(header + kOffRootLoc, rootLoc);
  if (layout.tableChecksums) {
    write32le(header + kOffStackNodesPerBlock, sizes.stackNodes);
    write32le(header + kOffLocationsPerBlock, sizes.locations);
    write32le(header + kOffSectionTableCrc,
              llvm::crc32(llvm::ArrayRef<uint8_t>(header + kHeaderSize,
                                                  tableEnd - kHeaderSize)));
  } else {
    write64le(header + kOffBodyChecksum,
              llvm::xxh3_64bits(llvm::ArrayRef<uint8_t>(
                  header + kHeaderSize, out.size() - kHeaderSize)));
  }
  sealHeader(header);
  return out;
}

std::string SectionBuilder::serialize() {
  // Format 4 is written only compressed (below); what is not compressed is
  // written in 3.x, which is read in place.
  bool streams = options.formatVersion >= kVersionMajorStreams;
  // Format 4 means 3.x read in place, 4.0 compressed; format 5 is both.
  FormatLayout layout = FormatLayout::get(
      options.formatVersion == kVersionMajorStreams
          ? kVersionMajor
          : std::min<uint16_t>(options.formatVersion, kVersionMajorNumbered));
  // Rows per block of the three block-coded tables, as written in the
  // header; 0 until chosen (format 1 codes handles in blocks of its own).
  BlockSizes sizes{options.handlesPerBlock, options.stackNodesPerBlock,
                   options.locationsPerBlock};
  if (!layout.blockCodedTables && !sizes.handles)
    sizes.handles = kDefaultHandlesPerBlock;
  SectionTables tables;
  if (layout.prefixCodedStrings)
    encodePrefixCodedStrings(tables, layout.numberedStrings);
  else
    encodeStringTable(tables);
  encodeFixedTables(tables);
  if (layout.blockCodedTables) {
    encodeBlockCodedTables(tables, sizes, layout.chainedPatches);
  } else {
    encodeFixedRecordsV1(tables);
    encodeRunCodedHandlesV1(tables, sizes.handles);
  }
  if (layout.rowTables)
    encodeRowTables(tables, layout.numKinds, layout.chainedPatches);
  std::string image;
  SmallVector<unsigned> kinds;
  if (layout.buildId) {
    image = assembleWithBuildId(layout, tables, sizes, kinds);
  } else {
    kinds = llvm::to_vector(llvm::seq_inclusive(1u, layout.numKinds));
    image = assembleImage(layout, kinds, layout.minor, tables, sizes);
  }
  if (layout.compressible && options.compressSmall) {
    if (streams)
      compressStreamImage(image, layout, kinds, tables, sizes);
    else
      compressSmallImage(image);
  }
  return image;
}

std::string SectionBuilder::assembleWithBuildId(
    const FormatLayout &layout, SectionTables &tables, const BlockSizes &sizes,
    SmallVectorImpl<unsigned> &kinds) {
  // The image without a build ID (3.0, or 3.2 with RECORDS in place of
  // ORIGIN_RECORDS): what a section without one is, and what the default
  // build ID hashes, so that it names the contents alone.
  bool rows = !recordRows.empty();
  kinds.assign(llvm::to_vector(llvm::seq_inclusive(
      1u, rows ? unsigned(SectionKind::LocationIndex) : kNumSectionKindsV2)));
  if (rows)
    kinds.push_back(unsigned(SectionKind::Records));
  // 3.x names its optional tables in the minor version; 5.0 has them all.
  bool minorNamesTables = layout.major == kVersionMajor;
  uint16_t minor =
      rows && minorNamesTables ? kVersionMinorRecords : layout.minor;
  std::string image = assembleImage(layout, kinds, minor, tables, sizes);
  if (!options.writeBuildId)
    return image;
  std::string &id = tables.at(SectionKind::BuildId);
  if (!options.buildId.empty()) {
    id.assign(options.buildId.begin(), options.buildId.end());
  } else {
    auto hash = llvm::BLAKE3::hash<kDefaultBuildIdSize>(llvm::ArrayRef<uint8_t>(
        reinterpret_cast<const uint8_t *>(image.data()), image.size()));
    id.assign(hash.begin(), hash.end());
  }
  tables.count(SectionKind::BuildId) = id.size();
  writtenBuildId.assign(id.begin(), id.end());
  // Kinds in order: BUILD_ID before RECORDS.
  kinds.insert(rows ? kinds.end() - 1 : kinds.end(),
               unsigned(SectionKind::BuildId));
  if (minorNamesTables)
    minor = rows ? kVersionMinorRecords : kVersionMinorBuildId;
  return assembleImage(layout, kinds, minor, tables, sizes);
}

void SectionBuilder::compressSmallImage(std::string &image) {
  if (image.size() > kMaxCompressedImage)
    return;
  std::string packed = compressImage(llvm::ArrayRef<uint8_t>(
      reinterpret_cast<const uint8_t *>(image.data()), image.size()));
  // Empty without zstd; kept only when smaller.
  if (!packed.empty() && packed.size() < image.size())
    image = std::move(packed);
}

void SectionBuilder::compressStreamImage(std::string &image,
                                         const FormatLayout &layout,
                                         ArrayRef<unsigned> kinds,
                                         const SectionTables &tables,
                                         const BlockSizes &sizes) {
  if (image.size() > kMaxCompressedImage)
    return;
  // The same tables (strings, build ID and all), the block-coded ones
  // stream-coded: zstd finds a repeated layer's rows as repeated bytes,
  // where a copy block's shifted and patched rows were new bytes to it.
  // In 5.0 with each column's mode chosen, and with Delta everywhere (a
  // column's best mode alone is not always best in the whole frame: on an
  // unfused ResNet-18 the chosen modes cost 3%); the smaller frame is kept.
  FormatLayout streamLayout =
      layout.numberedStrings ? layout : FormatLayout::get(kVersionMajorStreams);
  streamLayout.streamTables = true;
  auto compressStreams = [&](bool chooseModes) {
    SectionTables streamed = tables;
    for (unsigned kind : kinds) {
      unsigned k = kind - 1;
      auto sectionKind = SectionKind(kind);
      unsigned columns = getRowTableColumns(sectionKind);
      switch (sectionKind) {
      case SectionKind::HandleBlocks:
        columns = kNumColumns;
        break;
      case SectionKind::StackNodes:
        columns = kNumNodeColumns;
        break;
      case SectionKind::Locations:
        columns = kNumLocColumns;
        break;
      case SectionKind::HandleIndex:
      case SectionKind::StackNodeIndex:
      case SectionKind::LocationIndex:
        streamed.bytes[k].clear();
        streamed.counts[k] = 0;
        continue;
      default:
        break;
      }
      if (!columns)
        continue;
      // Modes for the three large tables only: a mode byte per column of
      // each small row table cost more than it saved (ResNet-18 unfused:
      // ~30 bytes).
      bool modes = layout.streamColumnModes && !getRowTableColumns(sectionKind);
      streamed.bytes[k] =
          encodeStreamTable(tables.rows[k], columns, modes, chooseModes);
    }
    streamed.count(SectionKind::HandleBlocks) =
        streamed.at(SectionKind::HandleBlocks).size();
    std::string streamImage =
        assembleImage(streamLayout, kinds, /*minor=*/0, streamed, sizes);
    return compressImage(llvm::ArrayRef<uint8_t>(
        reinterpret_cast<const uint8_t *>(streamImage.data()),
        streamImage.size()));
  };
  // The two frames are independent, and zstd -19 is most of the writer's
  // time on a small section (100K generated ops: 1.8G of the emit pass's
  // 4.2G instructions): compressed side by side on the context's threads.
  std::string frames[2];
  mlir::parallelFor(
      root->getContext(), 0, layout.streamColumnModes ? 2 : 1,
      [&](size_t i) { frames[i] = compressStreams(/*chooseModes=*/i == 0); });
  std::string packed = std::move(frames[0]);
  if (!frames[1].empty() && frames[1].size() < packed.size())
    packed = std::move(frames[1]);
  // Empty without zstd; kept only when smaller than the block-coded image.
  if (!packed.empty() && packed.size() < image.size())
    image = std::move(packed);
}

FailureOr<std::string> SectionBuilder::build() {
  if (failed(collectHandles()))
    return failure();
  if (failed(embedSourceText()))
    return failure();
  if (options.embedSource)
    embedSource();
  // Sorted by (file, line); the keys are unique: embedSource skips the files
  // tg.source_text gives, which gives each line once.
  llvm::sort(sourceLines, [](const auto &x, const auto &y) {
    return std::make_pair(x[0], x[1]) < std::make_pair(y[0], y[1]);
  });
  orderLocations();
  return serialize();
}

void SectionBuilder::orderLocations() {
  // Rows are made in first-use order, which interleaves the kinds: a fused
  // kernel's row comes right after the rows of its origins, so every column
  // alternates between two meanings (a leaf reference and a kernel name, a
  // stack node and a list index) and the block codec stores each block at
  // the width of the wider. Grouped by kind, each column holds one meaning,
  // near-sorted, and the rows of one kind repeat per layer. A row's
  // references stay earlier: its depth (one more than its deepest
  // composite child) comes first in the order.
  size_t n = locations.size();
  std::vector<uint32_t> depth(n, 0);
  auto childDepth = [&](uint32_t ref) -> uint32_t {
    return getLocTag(ref) == LocTag::Composite ? depth[getLocIndex(ref)] + 1
                                               : 0;
  };
  // A stacked call site also uses every call location of its stack node's
  // chain, which readers require before it too: a node's depth is the
  // largest of its chain's call locations'. Asked for by a row after all of
  // them (they were interned before the node, the node before the row), so
  // their depths are known; the chain is walked iteratively, once.
  std::vector<int64_t> nodeDepth(nodes.size(), -1);
  auto getNodeDepth = [&](uint32_t node) -> uint32_t {
    SmallVector<uint32_t, 16> chain;
    for (uint32_t k = node; nodeDepth[k] < 0; k = nodes[k][2] - 1) {
      chain.push_back(k);
      if (!nodes[k][2])
        break;
    }
    for (uint32_t k : llvm::reverse(chain)) {
      int64_t parent = nodes[k][2] ? nodeDepth[nodes[k][2] - 1] : 0;
      nodeDepth[k] = std::max<int64_t>(childDepth(nodes[k][0]), parent);
    }
    return uint32_t(nodeDepth[node]);
  };
  for (size_t i = 0; i < n; ++i) {
    const std::array<uint32_t, 4> &row = locations[i];
    switch (LocKind(row[0] & 0xff)) {
    case LocKind::StackedCallSite:
      depth[i] = std::max(childDepth(row[1]), getNodeDepth(row[2]));
      break;
    case LocKind::CallSite:
      depth[i] = std::max(childDepth(row[1]), childDepth(row[2]));
      break;
    case LocKind::Name:
      depth[i] = childDepth(row[2]);
      break;
    case LocKind::Fused:
      for (uint32_t k = 0; k < row[3]; ++k)
        depth[i] = std::max(depth[i], childDepth(lists[row[2] + k]));
      break;
    }
  }
  std::vector<uint32_t> order(n);
  std::iota(order.begin(), order.end(), 0);
  // The index breaks ties: a total order, so any sort gives these bytes
  // (std::stable_sort's buffer is deprecated in libstdc++ 12).
  llvm::sort(order, [&](uint32_t x, uint32_t y) {
    return std::make_tuple(depth[x], locations[x][0], x) <
           std::make_tuple(depth[y], locations[y][0], y);
  });
  std::vector<uint32_t> newIndex(n);
  for (size_t k = 0; k < n; ++k)
    newIndex[order[k]] = k;
  auto remap = [&](uint32_t &ref) {
    if (getLocTag(ref) == LocTag::Composite)
      ref = makeLocRef(LocTag::Composite, newIndex[getLocIndex(ref)]);
  };
  std::vector<std::array<uint32_t, 4>> rows;
  std::vector<uint32_t> newLists;
  rows.reserve(n);
  newLists.reserve(lists.size());
  for (uint32_t old : order) {
    std::array<uint32_t, 4> row = locations[old];
    switch (LocKind(row[0] & 0xff)) {
    case LocKind::StackedCallSite:
      remap(row[1]);
      break;
    case LocKind::CallSite:
      remap(row[1]);
      remap(row[2]);
      break;
    case LocKind::Name:
      remap(row[2]);
      break;
    case LocKind::Fused: {
      // Lists follow their rows, so the first-index column grows.
      uint32_t first = newLists.size();
      for (uint32_t k = 0; k < row[3]; ++k) {
        newLists.push_back(lists[row[2] + k]);
        remap(newLists.back());
      }
      row[2] = first;
      break;
    }
    }
    rows.push_back(row);
  }
  locations = std::move(rows);
  lists = std::move(newLists);
  for (auto &[leaf, op] : sites)
    remap(leaf);
  for (std::array<uint32_t, 3> &node : nodes)
    remap(node[0]);
  for (std::array<uint32_t, 5> &arg : argLocs)
    remap(arg[4]);
  for (std::array<uint32_t, 6> &record : originRecords) {
    remap(record[3]);
    remap(record[4]);
  }
  for (std::array<uint32_t, kNumRecordColumns> &record : recordRows)
    remap(record[5]);
  remap(rootLoc);
  // The interning maps are not used past this point.
  locationIds.clear();
  memo.clear();
}

LogicalResult SectionBuilder::embedSourceText() {
  // Sources that are no files (TorchScript's `<string>` builtins) exist only
  // in the importer's hands: it passes their lines here, and the section is
  // their only copy, so they are embedded whether embed-source is on or not.
  Attribute attr = root->getAttr(kSourceTextAttrName);
  if (!attr)
    return success();
  auto bad = [&]() {
    return emitError(getDiagnosticLoc(root))
           << "'" << kSourceTextAttrName
           << "' must map file names to [[line, \"text\"], ...] with "
              "lines >= 1, got "
           << attr;
  };
  auto files = dyn_cast<DictionaryAttr>(attr);
  if (!files)
    return bad();
  for (NamedAttribute file : files) {
    auto rows = dyn_cast<ArrayAttr>(file.getValue());
    if (!rows)
      return bad();
    uint32_t fileId = intern(file.getName().getValue());
    providedFiles.insert(fileId);
    llvm::DenseSet<int64_t> seen;
    for (Attribute row : rows) {
      auto pair = dyn_cast<ArrayAttr>(row);
      if (!pair || pair.size() != 2)
        return bad();
      auto line = dyn_cast<IntegerAttr>(pair[0]);
      auto text = dyn_cast<StringAttr>(pair[1]);
      if (!line || !text || line.getInt() < 1 ||
          line.getInt() > std::numeric_limits<uint32_t>::max())
        return bad();
      if (!seen.insert(line.getInt()).second)
        return emitError(getDiagnosticLoc(root))
               << "'" << kSourceTextAttrName << "' gives line " << line.getInt()
               << " of '" << file.getName().getValue() << "' twice";
      sourceLines.push_back(
          {fileId, uint32_t(line.getInt()), intern(text.getValue())});
    }
  }
  return success();
}

/// The self-check compares ops on several threads from this many ops up: below
/// it, a thread's start and a decoder's memo cost more than they save.
constexpr size_t kParallelCheckOps = 1 << 15;

/// Checks that the records kept apart rebuild every anchor's location: its
/// own location, restored, with its records appended (3.2).
static LogicalResult verifyAnchoredRecords(Operation *root,
                                           LocationDecoder &decoder) {
  llvm::DenseMap<uint32_t, SmallVector<Location>> anchored;
  if (llvm::Error err = decoder.decodeAnchoredRecords(anchored))
    return emitError(getDiagnosticLoc(root))
           << "internal error: the origin records of the "
              "written debug section do not read back: "
           << llvm::toString(std::move(err));
  if (anchored.empty())
    return success();
  WalkResult walk = root->walk<WalkOrder::PreOrder>([&](Operation *op) {
    uint32_t anchor =
        op == root ? kAnchorRoot : uint32_t(*getDebugHandle(op)) + 1;
    auto it = anchored.find(anchor);
    if (it == anchored.end())
      return WalkResult::advance();
    Location rebuilt =
        appendOriginRecords(stripOriginRecords(op->getLoc()), it->second);
    if (rebuilt == op->getLoc())
      return WalkResult::advance();
    emitError(getDiagnosticLoc(op))
        << "debug section cannot represent the origin records of "
           "this op exactly";
    return WalkResult::interrupt();
  });
  return failure(walk.wasInterrupted());
}

/// Decodes the section just written and compares it with the module.
LogicalResult verifySection(Operation *root, StringRef bytes) {
  auto reader = DebugSectionReader::fromBuffer(
      llvm::MemoryBuffer::getMemBuffer(bytes, "<debug section>",
                                       /*RequiresNullTerminator=*/false));
  if (!reader)
    return emitError(getDiagnosticLoc(root))
           << "internal error: the written debug section "
              "does not read back: "
           << llvm::toString(reader.takeError());
  if (llvm::Error err = (*reader)->verifyAll())
    return emitError(getDiagnosticLoc(root))
           << "internal error: the written debug section "
              "does not verify: "
           << llvm::toString(std::move(err));
  LocationDecoder decoder(**reader, root->getContext());
  // With records apart (3.2), an anchor's handle holds its own location;
  // the records are checked below.
  bool apart = (*reader)->hasRecordsTable();
  auto written = [&](Operation *op) -> Location {
    if (apart)
      if (LocationAttr own = getSeparableOwnLoc(op->getLoc()))
        return own;
    return op->getLoc();
  };
  auto mismatch = [&](Operation *op, Location expected,
                      llvm::Expected<Location> got) {
    if (!got) {
      emitError(getDiagnosticLoc(op))
          << "debug section cannot represent this location "
             "exactly: "
          << llvm::toString(got.takeError());
      return true;
    }
    if (*got == expected)
      return false;
    emitError(getDiagnosticLoc(op))
        << "debug section cannot represent this location "
           "exactly: it reads back as "
        << boundedText(*got);
    return true;
  };
  if (mismatch(root, written(root), decoder.decode((*reader)->getRootLoc())))
    return failure();
  // An op's location is compared in parts (leaf, and the stack node's caller
  // chain, both memoized by the decoder), so the check costs a lookup, not a
  // CallSiteLoc uniqued per op; the full location is built only to report a
  // mismatch.
  auto matches = [&](LocationDecoder &partDecoder, Operation *op,
                     uint64_t handle) {
    llvm::Expected<SectionHandle> entry = (*reader)->lookupHandle(handle);
    if (!entry) {
      llvm::consumeError(entry.takeError());
      return false;
    }
    llvm::Expected<Location> leaf = partDecoder.decode(entry->leaf);
    if (!leaf) {
      llvm::consumeError(leaf.takeError());
      return false;
    }
    Location loc = written(op);
    if (!entry->stack)
      return loc == *leaf;
    auto site = dyn_cast<CallSiteLoc>(loc);
    if (!site || site.getCallee() != *leaf)
      return false;
    llvm::Expected<Location> caller =
        partDecoder.decodeStackNode(*entry->stack);
    if (!caller) {
      llvm::consumeError(caller.takeError());
      return false;
    }
    return site.getCaller() == *caller;
  };
  // The ops in walk order, compared in contiguous runs on the context's
  // threads, each run with a decoder of its own (a decoder's memo is not
  // shared). The reader and MLIR's uniquing are thread-safe. A run only
  // notes the ops that do not match; they are reported here, in walk order,
  // so the first error is the one a single thread finds (the check is a
  // third of the pass on a large module: docs/performance.md, section 28).
  std::vector<Operation *> ops;
  root->walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (op != root)
      ops.push_back(op);
  });
  MLIRContext *context = root->getContext();
  size_t numRuns = 1;
  if (context->isMultithreadingEnabled() && ops.size() >= kParallelCheckOps)
    numRuns = std::min<size_t>(context->getThreadPool().getMaxConcurrency(),
                               ops.size() / (kParallelCheckOps / 2));
  size_t runSize = (ops.size() + numRuns - 1) / std::max<size_t>(numRuns, 1);
  std::vector<std::vector<size_t>> unmatched(numRuns);
  auto checkRun = [&](size_t run) {
    LocationDecoder runDecoder(**reader, context);
    size_t end = std::min(ops.size(), (run + 1) * runSize);
    for (size_t i = run * runSize; i < end; ++i)
      if (!matches(runDecoder, ops[i], *getDebugHandle(ops[i])))
        unmatched[run].push_back(i);
  };
  if (numRuns > 1)
    mlir::parallelFor(context, 0, numRuns, checkRun);
  else if (numRuns == 1)
    checkRun(0);
  for (const std::vector<size_t> &run : unmatched)
    for (size_t i : run)
      if (mismatch(ops[i], written(ops[i]),
                   decoder.decodeHandle(*getDebugHandle(ops[i]))))
        return failure();
  return verifyAnchoredRecords(root, decoder);
}

} // namespace

LogicalResult tg::detail::verifyWrittenSection(Operation *root,
                                               StringRef bytes) {
  return verifySection(root, bytes);
}

llvm::Error tg::setBuildIdFromText(StringRef text,
                                   DebugSectionOptions &options) {
  options.writeBuildId = text != "none";
  options.buildId.clear();
  if (text.empty() || text == "none")
    return llvm::Error::success();
  llvm::Expected<std::vector<uint8_t>> id = parseBuildId(text);
  if (!id)
    return encoding::makeError(
        "{0} (or 'none', or empty for a hash of the contents)",
        llvm::toString(id.takeError()));
  options.buildId = std::move(*id);
  return llvm::Error::success();
}

FailureOr<std::string>
tg::buildDebugSection(Operation *root, const DebugSectionOptions &options) {
  if (options.buildId.size() > kMaxBuildIdSize)
    return emitError(getDiagnosticLoc(root))
           << "a build ID has at most " << kMaxBuildIdSize << " bytes, got "
           << options.buildId.size();
  if (options.formatVersion < kVersionMajor &&
      (!options.buildId.empty() || options.elfContainer))
    return emitError(getDiagnosticLoc(root))
           << (options.elfContainer ? "an ELF container (elf=true)"
                                    : "a build ID (build-id=)")
           << " needs format " << kVersionMajor
           << " or later (format-version=" << kVersionMajor
           << " and up; without the option, the current format), not "
           << options.formatVersion;
  if (options.elfContainer && !options.writeBuildId)
    return emitError(getDiagnosticLoc(root))
           << "an ELF container (elf=true) needs a build "
              "ID, its GNU build ID (not build-id=none)";
  SectionBuilder builder(root, options);
  FailureOr<std::string> bytes = builder.build();
  if (failed(bytes))
    return failure();
  if (options.verify && failed(verifySection(root, *bytes)))
    return failure();
  if (options.elfContainer)
    return wrapInElf(*bytes, builder.getBuildId());
  return bytes;
}
