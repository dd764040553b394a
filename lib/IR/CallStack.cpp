//===- CallStack.cpp - Inlined call stacks in MLIR locations --------------===//

#include "tg/IR/CallStack.h"

#include "tg/IR/TGOps.h"
#include "tg/Support/ModulePath.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SetVector.h"

#include <tuple>

using namespace mlir;

namespace tg {

Location getFrameLoc(FrameAttr frame, Location callLoc) {
  return FusedLoc::get({callLoc}, frame, callLoc.getContext());
}

InlinedFrame matchFrameLoc(Location callerLoc) {
  if (auto fused = dyn_cast<FusedLoc>(callerLoc)) {
    if (auto frame = dyn_cast_or_null<FrameAttr>(fused.getMetadata())) {
      ArrayRef<Location> locs = fused.getLocations();
      // FusedLoc::get keeps a lone unknown location when metadata is given,
      // so a frame location always lists exactly one location.
      Location call = locs.size() == 1 ? locs.front()
                                       : FusedLoc::get(locs, Attribute(),
                                                       callerLoc.getContext());
      return {call, frame};
    }
  }
  return {callerLoc, FrameAttr()};
}

Location stackLocations(Location calleeLoc, Location caller) {
  // Walk to the end of the callee's chain and re-root it onto the new caller.
  SmallVector<CallSiteLoc, 8> chain;
  Location last = calleeLoc;
  while (auto site = dyn_cast<CallSiteLoc>(last)) {
    chain.push_back(site);
    last = site.getCaller();
  }
  Location result = CallSiteLoc::get(last, caller);
  for (CallSiteLoc site : llvm::reverse(chain))
    result = CallSiteLoc::get(site.getCallee(), result);
  return result;
}

Location pushFrame(Location calleeLoc, FrameAttr frame, Location callLoc) {
  return stackLocations(calleeLoc, getFrameLoc(frame, callLoc));
}

/// Appends the points of a call-site chain innermost first: in
/// `callsite(X at Y)` everything in X is inner to everything in Y, whichever
/// side is itself a chain.
/// Without `throughNames`, a name ends the chain where it stands (the
/// location is rebuilt as it was); with it, a name is looked through, as
/// the debug section's readers look through it.
static Location skipNames(Location loc, bool throughNames) {
  while (throughNames && isa<NameLoc>(loc))
    loc = cast<NameLoc>(loc).getChildLoc();
  return loc;
}

static void flattenCallSites(Location loc, SmallVectorImpl<Location> &points,
                             bool throughNames) {
  loc = skipNames(loc, throughNames);
  while (auto site = dyn_cast<CallSiteLoc>(loc)) {
    flattenCallSites(site.getCallee(), points, throughNames);
    loc = skipNames(site.getCaller(), throughNames);
  }
  points.push_back(loc);
}

CallStack getCallStack(Location loc, bool throughNames) {
  SmallVector<Location, 8> points;
  flattenCallSites(loc, points, throughNames);
  CallStack stack{{}, points.front()};
  for (Location caller : llvm::reverse(llvm::drop_begin(points)))
    stack.frames.push_back(matchFrameLoc(caller));
  return stack;
}

Location buildLocation(const CallStack &stack) {
  if (stack.frames.empty())
    return stack.leaf;
  auto frameLoc = [](const InlinedFrame &f) {
    return f.frame ? getFrameLoc(f.frame, f.callLoc) : f.callLoc;
  };
  // Outermost frame is the root of the caller chain.
  Location caller = frameLoc(stack.frames.front());
  for (const InlinedFrame &f : llvm::drop_begin(stack.frames))
    caller = CallSiteLoc::get(frameLoc(f), caller);
  return CallSiteLoc::get(stack.leaf, caller);
}

static bool isOriginRecord(Location loc) {
  auto fused = dyn_cast<FusedLoc>(loc);
  return fused && isa_and_nonnull<OriginRecordAttr>(fused.getMetadata());
}

/// The level of a chunk of records, or 0 for any other location.
static unsigned getChunkLevel(Location loc) {
  if (auto fused = dyn_cast<FusedLoc>(loc))
    if (auto chunk = dyn_cast_or_null<OriginRecordsAttr>(fused.getMetadata()))
      return chunk.getLevel();
  return 0;
}

bool isOriginRecordItem(Location loc) {
  return isOriginRecord(loc) || getChunkLevel(loc) != 0;
}

/// Origins in first-seen order. Most locations fuse a few origins (a kernel
/// lists at most its bound of 64): up to 16 are kept without a hash set,
/// which the accounting and the passes ask for on every fused location.
using OriginSet = llvm::SmallSetVector<Location, 16>;

static void collectOrigins(Location loc, OriginSet &out) {
  if (isOriginRecordItem(loc))
    return;
  if (auto fused = dyn_cast<FusedLoc>(loc)) {
    // A frame location is not a fusion of origins: keep it whole.
    if (!isa_and_nonnull<FrameAttr>(fused.getMetadata())) {
      for (Location inner : fused.getLocations())
        collectOrigins(inner, out);
      return;
    }
  }
  out.insert(loc);
}

FileLineColLoc findPosition(Location loc) {
  if (auto pos = dyn_cast<FileLineColLoc>(loc))
    return pos;
  if (auto name = dyn_cast<NameLoc>(loc))
    return findPosition(name.getChildLoc());
  if (auto site = dyn_cast<CallSiteLoc>(loc))
    return findPosition(site.getCallee());
  if (auto fused = dyn_cast<FusedLoc>(loc)) {
    for (Location part : fused.getLocations())
      if (FileLineColLoc pos = findPosition(part))
        return pos;
  }
  if (auto opaque = dyn_cast<OpaqueLoc>(loc))
    return findPosition(opaque.getFallbackLocation());
  return {};
}

SmallVector<NamedFrame> getNamedFrames(const CallStack &stack) {
  SmallVector<NamedFrame> levels;
  FileLineColLoc outer =
      findPosition(stack.frames.empty() ? stack.leaf : stack.frames[0].callLoc);
  if (!outer)
    return levels;
  levels.push_back({outer, std::string(), StringRef()});
  std::string path;
  for (size_t i = 0; i < stack.frames.size(); ++i) {
    Location inner =
        i + 1 < stack.frames.size() ? stack.frames[i + 1].callLoc : stack.leaf;
    FileLineColLoc pos = findPosition(inner);
    if (!pos)
      break;
    FrameAttr frame = stack.frames[i].frame;
    NamedFrame level{pos, std::string(), StringRef()};
    if (frame) {
      level.method = frame.getMethod();
      // The instance path grows with every frame that has a class (a free
      // function adds no instance), as tg-symbolicate's module paths do.
      if (!frame.getClassName().empty())
        appendInstancePath(path, frame.getInstance());
      level.linkageName =
          formatLinkageName(path, frame.getClassName(), level.method);
    }
    levels.push_back(std::move(level));
  }
  return levels;
}

void getOrigins(Location loc, SmallVectorImpl<Location> &origins) {
  OriginSet set;
  collectOrigins(loc, set);
  origins.append(set.begin(), set.end());
}

EntryFunction getEntryFunction(Operation *op) {
  // The closest function-like ancestor, or the op itself.
  Operation *func = op;
  while (func && !isa<FunctionOpInterface>(func))
    func = func->getParentOp();
  EntryFunction entry;
  if (!func)
    return entry;
  entry.op = func;
  if (auto graph = dyn_cast<GraphOp>(func)) {
    if (graph.isMethod())
      entry.className = graph.getClassName();
    entry.method = graph.getMethodName();
    return entry;
  }
  // A function outlined from a graph (a kernel made by --tg-extract-kernels)
  // computes part of that graph: its module paths start where the graph's do.
  if (auto from = func->getAttrOfType<StringAttr>(kTracedFromAttrName)) {
    // Split as GraphOp::getClassName/getMethodName split a graph's symbol.
    if (from.getValue().contains("::"))
      std::tie(entry.className, entry.method) = from.getValue().rsplit("::");
    else
      entry.method = from.getValue();
    return entry;
  }
  if (auto name =
          func->getAttrOfType<StringAttr>(SymbolTable::getSymbolAttrName()))
    entry.method = name.getValue();
  return entry;
}

const EntryFunction &EntryFunctionCache::get(Operation *op) {
  if (op->getNumRegions() && isa<FunctionOpInterface>(op)) {
    block = nullptr;
    entry = getEntryFunction(op);
  } else if (op->getBlock() != block) {
    block = op->getBlock();
    entry = getEntryFunction(op);
  }
  return entry;
}

unsigned InlinedOrigins::add(Location origin) {
  auto [it, inserted] = seen.try_emplace(origin, stacks.size());
  if (!inserted)
    return it->second;
  stacks.push_back(getCallStack(origin));
  const CallStack &stack = stacks.back();
  unsigned index = stacks.size() - 1;
  for (unsigned p = 0, e = stack.frames.size(); p <= e; ++p)
    ends[p == e ? stack.leaf : stack.frames[p].callLoc].push_back({index, p});
  return index;
}

bool InlinedOrigins::find(Location origin,
                          llvm::function_ref<bool(unsigned)> fn) const {
  CallStack wanted = getCallStack(origin);
  auto it = ends.find(wanted.leaf);
  if (it == ends.end())
    return false;
  bool found = false;
  for (auto [index, p] : it->second) {
    const CallStack &stack = stacks[index];
    size_t n = wanted.frames.size();
    if (p < n)
      continue;
    bool same = true;
    for (size_t i = 0; i < n && same; ++i) {
      const InlinedFrame &a = wanted.frames[i], &b = stack.frames[p - n + i];
      same = a.callLoc == b.callLoc && a.frame == b.frame;
    }
    if (!same)
      continue;
    found = true;
    if (fn(index))
      break;
  }
  return found;
}

Location makeOriginRecord(OriginRecordAttr record, Location origin) {
  return FusedLoc::get(record.getContext(), {origin}, record);
}

/// An anchor's location taken apart: its own part and the items of its
/// records table (records and chunks), each in order.
static void splitAnchorLoc(Location loc, SmallVectorImpl<Location> &own,
                           SmallVectorImpl<Location> &items) {
  if (isOriginRecordItem(loc)) {
    items.push_back(loc);
    return;
  }
  auto fused = dyn_cast<FusedLoc>(loc);
  // Records sit directly in the anchor's plain fused location.
  if (!fused || fused.getMetadata()) {
    own.push_back(loc);
    return;
  }
  for (Location inner : fused.getLocations())
    (isOriginRecordItem(inner) ? items : own).push_back(inner);
}

Location appendOriginRecords(Location anchorLoc, ArrayRef<Location> records) {
  if (records.empty())
    return anchorLoc;
  MLIRContext *ctx = anchorLoc.getContext();
  SmallVector<Location> own, items;
  splitAnchorLoc(anchorLoc, own, items);
  // The table by level: levels[0] the loose records, levels[L] the chunks
  // of level L, each oldest first. A level that holds 64 items becomes one
  // item of the next (a table written by hand or by an older tracegraph may
  // hold more loose records than that: they are packed the same way).
  SmallVector<SmallVector<Location>, 4> levels(1);
  for (Location item : items) {
    unsigned level = getChunkLevel(item);
    if (levels.size() <= level)
      levels.resize(level + 1);
    levels[level].push_back(item);
  }
  auto carry = [&](unsigned from) {
    for (unsigned level = from; levels[level].size() >= kOriginRecordsPerChunk;
         ++level) {
      ArrayRef<Location> full =
          ArrayRef<Location>(levels[level]).take_front(kOriginRecordsPerChunk);
      Location chunk =
          FusedLoc::get(ctx, full, OriginRecordsAttr::get(ctx, level + 1));
      levels[level].erase(levels[level].begin(),
                          levels[level].begin() + kOriginRecordsPerChunk);
      if (levels.size() <= level + 1)
        levels.resize(level + 2);
      levels[level + 1].push_back(chunk);
    }
  };
  for (unsigned level = 0; level < levels.size(); ++level)
    carry(level);
  llvm::DenseSet<Location> loose(levels[0].begin(), levels[0].end());
  for (Location record : records) {
    if (!loose.insert(record).second)
      continue;
    levels[0].push_back(record);
    if (levels[0].size() == kOriginRecordsPerChunk) {
      carry(0);
      loose.clear();
    }
  }
  SmallVector<Location> parts(own);
  for (auto &level : llvm::reverse(levels))
    parts.append(level.begin(), level.end());
  // FusedLoc::get drops an unknown own location: an anchor with only
  // records is its table (a lone record or chunk is its own location).
  return FusedLoc::get(ctx, parts);
}

/// The items of an anchor's records table, in order (splitAnchorLoc's
/// `items` alone: cheap for the many locations that hold no records).
static void getRecordItems(Location loc, SmallVectorImpl<Location> &items) {
  if (isOriginRecordItem(loc)) {
    items.push_back(loc);
    return;
  }
  auto fused = dyn_cast<FusedLoc>(loc);
  if (!fused || fused.getMetadata())
    return;
  for (Location inner : fused.getLocations())
    if (isOriginRecordItem(inner))
      items.push_back(inner);
}

void getOriginRecords(Location loc, SmallVectorImpl<RemovedOrigin> &records) {
  SmallVector<Location> items;
  getRecordItems(loc, items);
  if (items.empty())
    return;
  // Depth-first, in order, without recursion: a hand-written table may nest
  // chunks deeply.
  SmallVector<Location> stack(llvm::reverse(items));
  while (!stack.empty()) {
    auto fused = cast<FusedLoc>(stack.pop_back_val());
    if (auto record = dyn_cast<OriginRecordAttr>(fused.getMetadata())) {
      ArrayRef<Location> inner = fused.getLocations();
      Location origin = inner.size() == 1
                            ? inner.front()
                            : FusedLoc::get(loc.getContext(), inner);
      records.push_back({record, origin, fused});
      continue;
    }
    for (Location inner : llvm::reverse(fused.getLocations()))
      if (isOriginRecordItem(inner))
        stack.push_back(inner);
  }
}

Location stripOriginRecords(Location loc) {
  SmallVector<Location> own, items;
  getRecordItems(loc, items);
  if (items.empty())
    return loc;
  items.clear();
  splitAnchorLoc(loc, own, items);
  return FusedLoc::get(loc.getContext(), own);
}

Operation *getOriginRecordAnchor(Operation *op) {
  Operation *anchor = op;
  for (Operation *parent = op->getParentOp(); parent;
       parent = parent->getParentOp()) {
    anchor = parent;
    if (isa<FunctionOpInterface>(parent))
      break;
  }
  return anchor;
}

void recordEliminated(Operation *op, StringRef pass) {
  MLIRContext *ctx = op->getContext();
  // A compiler of other dialects calls this from its own passes; a record
  // of a context without the tg dialect has no attribute storage.
  ctx->getOrLoadDialect<TGDialect>();
  SmallVector<Location> records;
  // What the op held itself (an anchor being erased) moves with it.
  SmallVector<RemovedOrigin> carried;
  getOriginRecords(op->getLoc(), carried);
  for (const RemovedOrigin &removed : carried)
    records.push_back(makeOriginRecord(removed.record, removed.origin));
  Location origin = stripOriginRecords(op->getLoc());
  if (!isa<UnknownLoc>(origin)) {
    StringRef name = op->getName().getStringRef();
    if (auto traced = dyn_cast<TracedOp>(op))
      name = traced.getName();
    records.push_back(makeOriginRecord(
        OriginRecordAttr::get(ctx, "eliminated", pass, name, LocationAttr()),
        origin));
  }
  Operation *anchor = getOriginRecordAnchor(op);
  if (anchor == op || records.empty())
    return;
  anchor->setLoc(appendOriginRecords(anchor->getLoc(), records));
}

} // namespace tg
