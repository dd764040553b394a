//===- Restore.cpp - Rebuild MLIR locations from a debug section ----------===//
//
// Decoding mirrors the writer: positions rebuild in their parsed form, stack
// nodes rebuild the caller chain tg::buildLocation makes, and every record is
// built once (memoized), so restoring a module costs one MLIR location per
// distinct record, not per op.
//
//===----------------------------------------------------------------------===//

#include "tg/IR/CallStack.h"
#include "tg/IR/ModulePath.h"
#include "tg/IR/TGDialect.h"
#include "tg/Serialize/Encoding.h"
#include "tg/Target/DebugSection.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Diagnostics.h"
#include "llvm/Support/FormatVariadic.h"

#include <limits>

using namespace mlir;
using namespace tg;
using namespace tg::section;
using encoding::makeError;

namespace {
/// Bounds the recursion a crafted file can cause (shared with the
/// symbolizer).
constexpr unsigned kMaxDepth = encoding::kMaxLocationDepth;
/// Bounds the size of one decoded location counted as a tree, which is how
/// MLIR prints (and walks) it. Decoding is memoized, so a location whose
/// parts are shared costs little to build, but a few hundred bytes can spell
/// out a tree of 2^64 nodes (record k a call site of k-1 and k-1), or a
/// 2^32-frame stack (format 2.0 codes a uniform parent chain in a few bytes):
/// either would exhaust memory as soon as anything prints the location. A
/// real model's largest location, a fused kernel's, is far smaller (1,000
/// origins of 12 frames is ~40,000 nodes); the symbolizer has the same bound.
constexpr uint64_t kMaxTreeSize = encoding::kMaxExpandedLocations;

uint64_t addSizes(uint64_t a, uint64_t b) {
  return std::min(a + b, kMaxTreeSize + 1);
}

/// The tree size recorded for a decoded record; 1 for what is not cached
/// (`UnknownLoc`, the only reference decodeRef returns without caching).
template <typename Cache> uint64_t treeSize(const Cache &cache, uint32_t key) {
  auto it = cache.find(key);
  return it == cache.end() ? 1 : it->second.second;
}
} // namespace

llvm::Expected<Location> LocationDecoder::decode(uint32_t ref) {
  return decodeRef(ref, 0);
}

llvm::Expected<Location> LocationDecoder::decodeHandle(uint64_t handle) {
  llvm::Expected<SectionHandle> entry = reader.lookupHandle(handle);
  if (!entry)
    return entry.takeError();
  return decodeHandle(*entry);
}

llvm::Expected<Location>
LocationDecoder::decodeHandle(const SectionHandle &entry) {
  llvm::Expected<Location> leaf = decodeRef(entry.leaf, 0);
  if (!leaf || !entry.stack)
    return leaf;
  llvm::Expected<Location> caller =
      decodeNode(*entry.stack, 0, std::numeric_limits<uint32_t>::max());
  if (!caller)
    return caller.takeError();
  return Location(CallSiteLoc::get(*leaf, *caller));
}

llvm::Expected<Location> LocationDecoder::decodeStackNode(uint32_t node) {
  return decodeNode(node, 0, std::numeric_limits<uint32_t>::max());
}

llvm::Expected<Location>
LocationDecoder::decodeOriginRecord(const SectionOriginRecord &record) {
  llvm::Expected<Location> origin = decodeRef(record.origin, 0);
  if (!origin)
    return origin.takeError();
  if (record.stack) {
    llvm::Expected<Location> caller =
        decodeNode(*record.stack, 0, std::numeric_limits<uint32_t>::max());
    if (!caller)
      return caller.takeError();
    origin = Location(CallSiteLoc::get(*origin, *caller));
  }
  LocationAttr into;
  if (record.into) {
    llvm::Expected<Location> intoLoc = decodeRef(*record.into, 0);
    if (!intoLoc)
      return intoLoc.takeError();
    into = *intoLoc;
  }
  bool merged = record.kind == OriginRecordKind::Merged;
  auto attr = OriginRecordAttr::get(context, merged ? "merged" : "eliminated",
                                    record.pass, record.opName, into);
  return makeOriginRecord(attr, *origin);
}

llvm::Error LocationDecoder::decodeAnchoredRecords(
    llvm::DenseMap<uint32_t, SmallVector<Location>> &out) {
  if (!reader.hasRecordsTable())
    return llvm::Error::success();
  for (uint32_t i = 0, e = reader.getNumOriginRecords(); i < e; ++i) {
    llvm::Expected<SectionOriginRecord> record = reader.getOriginRecord(i);
    if (!record)
      return record.takeError();
    if (!record->isAnchored())
      continue;
    llvm::Expected<Location> loc = decodeOriginRecord(*record);
    if (!loc)
      return makeError("origin record {0}: {1}", i,
                       llvm::toString(loc.takeError()));
    out[record->anchor].push_back(*loc);
  }
  return llvm::Error::success();
}

llvm::Expected<Location>
LocationDecoder::decodeNode(uint32_t index, unsigned depth, uint32_t bound) {
  if (depth > kMaxDepth)
    return makeError("call stack deeper than {0} frames at stack node {1}",
                     kMaxDepth, index);
  // A stack is as deep as the model's calls (10,000 nested calls are a
  // legitimate input), so walk the parent chain iteratively up to the first
  // node already decoded: the reader guarantees every parent index is lower
  // than its child's, so the walk ends. Only the nesting of the call
  // locations themselves counts against the depth limit.
  SmallVector<std::pair<uint32_t, SectionStackNode>, 16> chain;
  std::optional<Location> parentLoc;
  uint64_t parentSize = 0;
  for (std::optional<uint32_t> current = index; current;) {
    auto cached = nodeCache.find(*current);
    if (cached != nodeCache.end()) {
      parentLoc = cached->second.first;
      parentSize = cached->second.second;
      break;
    }
    if (chain.size() > kMaxTreeSize)
      return makeError("stack node {0}: its call stack is deeper than {1} "
                       "frames",
                       index, kMaxTreeSize);
    llvm::Expected<SectionStackNode> node = reader.getStackNode(*current);
    if (!node)
      return node.takeError();
    chain.push_back({*current, *node});
    current = node->parent;
  }
  // Build from the outermost uncached node down to `index`.
  for (auto &[nodeIndex, node] : llvm::reverse(chain)) {
    // A node reached from composite record `bound` may only call composites
    // before it, so decoding never cycles between the two tables.
    if (getLocTag(node.call) == LocTag::Composite &&
        getLocIndex(node.call) >= bound)
      return makeError("stack node {0}: its call location {1} must come "
                       "before location {2}, which uses the node",
                       nodeIndex, getLocIndex(node.call), bound);
    llvm::Expected<Location> call = decodeRef(node.call, depth + 1);
    if (!call)
      return call.takeError();
    uint64_t size =
        addSizes(addSizes(treeSize(refCache, node.call), 2), parentSize);
    if (size > kMaxTreeSize)
      return makeError("stack node {0}: its caller location expands to more "
                       "than {1} locations",
                       nodeIndex, kMaxTreeSize);
    Location frameLoc = *call;
    if (node.moduleFrame) {
      llvm::Expected<SectionModuleFrame> frame =
          reader.getModuleFrame(*node.moduleFrame);
      if (!frame)
        return frame.takeError();
      frameLoc = getFrameLoc(FrameAttr::get(context, frame->instance,
                                            frame->className, frame->method),
                             *call);
    }
    Location result =
        parentLoc ? Location(CallSiteLoc::get(frameLoc, *parentLoc)) : frameLoc;
    nodeCache.try_emplace(nodeIndex, std::make_pair(result, size));
    parentLoc = result;
    parentSize = size;
  }
  return *parentLoc;
}

llvm::Expected<Location> LocationDecoder::decodeRef(uint32_t ref,
                                                    unsigned depth) {
  if (depth > kMaxDepth)
    return makeError("location nested deeper than {0} levels", kMaxDepth);
  LocTag tag = getLocTag(ref);
  if (tag == LocTag::Unknown) {
    if (ref != 0)
      return makeError("invalid location reference {0}",
                       llvm::format_hex(ref, 10));
    return Location(UnknownLoc::get(context));
  }
  if (tag == LocTag::Invalid)
    return makeError("invalid location reference {0}",
                     llvm::format_hex(ref, 10));
  auto cached = refCache.find(ref);
  if (cached != refCache.end())
    return cached->second.first;

  uint32_t index = getLocIndex(ref);
  // The location's size as a tree: 1 + its children's (a stack node's is
  // recorded in nodeCache).
  uint64_t size = 1;
  llvm::Expected<Location> result = tag == LocTag::Position
                                        ? decodePosition(index)
                                        : decodeRecord(index, depth, size);
  if (!result)
    return result.takeError();
  if (size > kMaxTreeSize)
    return makeError("location {0} expands to more than {1} locations (its "
                     "parts are shared that often, which no real model's "
                     "locations are)",
                     index, kMaxTreeSize);
  refCache.try_emplace(ref, std::make_pair(*result, size));
  return *result;
}

llvm::Expected<Location> LocationDecoder::decodePosition(uint32_t index) {
  llvm::Expected<SectionPosition> pos = reader.getPosition(index);
  if (!pos)
    return pos.takeError();
  auto file = StringAttr::get(context, pos->file);
  if (pos->endLine == pos->startLine && pos->endCol == pos->startCol)
    return Location(FileLineColLoc::get(file, pos->startLine, pos->startCol));
  if (pos->endLine == pos->startLine)
    return Location(FileLineColRange::get(file, pos->startLine, pos->startCol,
                                          pos->endCol));
  return Location(FileLineColRange::get(file, pos->startLine, pos->startCol,
                                        pos->endLine, pos->endCol));
}

llvm::Expected<Location>
LocationDecoder::decodeRecord(uint32_t index, unsigned depth, uint64_t &size) {
  llvm::Expected<SectionLocation> rec = reader.getLocation(index);
  if (!rec)
    return rec.takeError();
  auto sizeOfRef = [&](uint32_t child) {
    size = addSizes(size, treeSize(refCache, child));
  };
  switch (rec->kind) {
  case LocKind::StackedCallSite: {
    llvm::Expected<Location> leaf = decodeRef(rec->a, depth + 1);
    if (!leaf)
      return leaf.takeError();
    llvm::Expected<Location> caller = decodeNode(rec->b, depth + 1, index);
    if (!caller)
      return caller.takeError();
    sizeOfRef(rec->a);
    size = addSizes(size, treeSize(nodeCache, rec->b));
    return Location(CallSiteLoc::get(*leaf, *caller));
  }
  case LocKind::CallSite: {
    llvm::Expected<Location> callee = decodeRef(rec->a, depth + 1);
    if (!callee)
      return callee.takeError();
    llvm::Expected<Location> caller = decodeRef(rec->b, depth + 1);
    if (!caller)
      return caller.takeError();
    sizeOfRef(rec->a);
    sizeOfRef(rec->b);
    return Location(CallSiteLoc::get(*callee, *caller));
  }
  case LocKind::Name: {
    llvm::Expected<llvm::StringRef> name = reader.getString(rec->a);
    if (!name)
      return name.takeError();
    llvm::Expected<Location> child = decodeRef(rec->b, depth + 1);
    if (!child)
      return child.takeError();
    sizeOfRef(rec->b);
    return Location(NameLoc::get(StringAttr::get(context, *name), *child));
  }
  case LocKind::Fused: {
    llvm::Expected<Attribute> metadata = decodeFusedMetadata(*rec, index);
    if (!metadata)
      return metadata.takeError();
    SmallVector<Location> locs;
    for (uint32_t i = 0; i < rec->c; ++i) {
      llvm::Expected<uint32_t> elt = reader.getListElement(rec->b + i);
      if (!elt)
        return elt.takeError();
      llvm::Expected<Location> loc = decodeRef(*elt, depth + 1);
      if (!loc)
        return loc.takeError();
      sizeOfRef(*elt);
      if (size > kMaxTreeSize)
        break;
      locs.push_back(*loc);
    }
    return FusedLoc::get(locs, *metadata, context);
  }
  }
  return makeError("location {0}: unknown kind", index);
}

llvm::Expected<Attribute>
LocationDecoder::decodeFusedMetadata(const SectionLocation &rec,
                                     uint32_t index) {
  switch (rec.meta) {
  case FusedMeta::None:
    return Attribute();
  case FusedMeta::Kernel: {
    llvm::Expected<llvm::StringRef> name = reader.getString(rec.a);
    if (!name)
      return name.takeError();
    return Attribute(KernelAttr::get(context, *name));
  }
  case FusedMeta::Frame: {
    llvm::Expected<SectionModuleFrame> frame = reader.getModuleFrame(rec.a);
    if (!frame)
      return frame.takeError();
    return Attribute(FrameAttr::get(context, frame->instance, frame->className,
                                    frame->method));
  }
  case FusedMeta::AttrText: {
    llvm::Expected<llvm::StringRef> text = reader.getString(rec.a);
    if (!text)
      return text.takeError();
    Attribute metadata = parseAttribute(*text, context);
    if (!metadata)
      return makeError("location {0}: cannot parse the fused metadata "
                       "'{1}' (is its dialect loaded?)",
                       index, *text);
    return metadata;
  }
  }
  return Attribute();
}

/// Format 3.2: appends to each anchor's location (written without them) the
/// records kept apart for it, in row order, as the passes appended them.
static LogicalResult
restoreAnchoredRecords(Operation *root, LocationDecoder &decoder,
                       const llvm::DenseMap<uint64_t, Operation *> &byHandle) {
  llvm::DenseMap<uint32_t, SmallVector<Location>> anchored;
  if (llvm::Error err = decoder.decodeAnchoredRecords(anchored))
    return emitError(root->getLoc()) << "cannot restore the origin records: "
                                     << llvm::toString(std::move(err));
  // In anchor order, so that errors come out deterministically.
  SmallVector<uint32_t> anchors;
  for (auto &entry : anchored)
    anchors.push_back(entry.first);
  llvm::sort(anchors);
  for (uint32_t anchor : anchors) {
    Operation *op = anchor == kAnchorRoot ? root : byHandle.lookup(anchor - 1);
    if (!op)
      return emitError(root->getLoc())
             << "the debug section has origin records on debug handle "
             << anchor - 1 << ", but no op has that handle";
    op->setLoc(appendOriginRecords(op->getLoc(), anchored[anchor]));
  }
  return success();
}

LogicalResult tg::restoreDebugInfo(Operation *root,
                                   const DebugSectionReader &reader) {
  MLIRContext *context = root->getContext();
  // Restoring reads nearly every table, and the module must never get
  // locations from bytes that were not checked: verify everything first
  // (opening a format-2 section checks only its header and section table).
  if (llvm::Error err = reader.verifyAll())
    return emitError(root->getLoc())
           << "cannot restore debug info: " << llvm::toString(std::move(err));
  LocationDecoder decoder(reader, context);
  llvm::DenseMap<uint64_t, Operation *> byHandle;
  WalkResult walk = root->walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (op == root)
      return WalkResult::advance();
    std::optional<uint64_t> handle = getDebugHandle(op);
    if (!handle)
      return WalkResult::advance();
    byHandle.try_emplace(*handle, op);
    // A section names each handle's op: a section of another module (or of
    // this one before a pass renumbered its handles) would restore the
    // wrong model's locations without a word.
    llvm::Expected<SectionHandle> entry = reader.lookupHandle(*handle);
    if (!entry) {
      op->emitError() << "cannot restore the location of debug handle "
                      << *handle << ": " << llvm::toString(entry.takeError());
      return WalkResult::interrupt();
    }
    // The writer names ops as module paths do (prim::GetAttr for
    // tg.get_submodule, the TorchScript kind of a tg.op).
    if (entry->opName && *entry->opName != getModulePathOpName(op)) {
      op->emitError() << "debug handle " << *handle << " is a '"
                      << *entry->opName
                      << "' in the debug section, not this op: the section "
                         "was written for another module (or before its "
                         "handles were reassigned)";
      return WalkResult::interrupt();
    }
    llvm::Expected<Location> loc = decoder.decodeHandle(*entry);
    if (!loc) {
      op->emitError() << "cannot restore the location of debug handle "
                      << *handle << ": " << llvm::toString(loc.takeError());
      return WalkResult::interrupt();
    }
    op->setLoc(*loc);
    // The section lists every known block-argument location of a handled
    // op; the others were unknown (a reparsed stripped module gives them
    // positions in its own text).
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (BlockArgument arg : block.getArguments())
          arg.setLoc(UnknownLoc::get(context));
    return WalkResult::advance();
  });
  if (walk.wasInterrupted())
    return failure();

  for (uint32_t i = 0, e = reader.getNumArgLocations(); i < e; ++i) {
    llvm::Expected<SectionArgLocation> rec = reader.getArgLocation(i);
    if (!rec)
      return emitError(root->getLoc()) << llvm::toString(rec.takeError());
    auto where = [&] {
      return llvm::formatv("argument {0} of block {1} of region {2} of the "
                           "op with debug handle {3}",
                           rec->arg, rec->block, rec->region, rec->handle)
          .str();
    };
    Operation *op = byHandle.lookup(rec->handle);
    if (!op)
      return emitError(root->getLoc())
             << "the debug section has a location for " << where()
             << ", but no op has that handle";
    if (rec->region >= op->getNumRegions())
      return op->emitError()
             << "the debug section has a location for " << where()
             << ", but the op has " << op->getNumRegions() << " regions";
    Region &region = op->getRegion(rec->region);
    if (rec->block >= region.getBlocks().size())
      return op->emitError() << "the debug section has a location for "
                             << where() << ", but the region has "
                             << region.getBlocks().size() << " blocks";
    Block &block = *std::next(region.begin(), rec->block);
    if (rec->arg >= block.getNumArguments())
      return op->emitError() << "the debug section has a location for "
                             << where() << ", but the block has "
                             << block.getNumArguments() << " arguments";
    llvm::Expected<Location> loc = decoder.decode(rec->loc);
    if (!loc)
      return op->emitError() << "cannot restore the location of " << where()
                             << ": " << llvm::toString(loc.takeError());
    block.getArgument(rec->arg).setLoc(*loc);
  }

  llvm::Expected<Location> rootLoc = decoder.decode(reader.getRootLoc());
  if (!rootLoc)
    return emitError(root->getLoc()) << "cannot restore the root location: "
                                     << llvm::toString(rootLoc.takeError());
  root->setLoc(*rootLoc);
  return restoreAnchoredRecords(root, decoder, byHandle);
}
