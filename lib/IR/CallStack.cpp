//===- CallStack.cpp - Inlined call stacks in MLIR locations --------------===//

#include "tg/IR/CallStack.h"

#include "tg/IR/TGOps.h"
#include "tg/Support/ModulePath.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
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
static void flattenCallSites(Location loc, SmallVectorImpl<Location> &points) {
  while (auto site = dyn_cast<CallSiteLoc>(loc)) {
    flattenCallSites(site.getCallee(), points);
    loc = site.getCaller();
  }
  points.push_back(loc);
}

CallStack getCallStack(Location loc) {
  SmallVector<Location, 8> points;
  flattenCallSites(loc, points);
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

static void collectOrigins(Location loc, llvm::SetVector<Location> &out) {
  if (isOriginRecord(loc))
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
  llvm::SetVector<Location> set;
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

Location makeOriginRecord(OriginRecordAttr record, Location origin) {
  return FusedLoc::get(record.getContext(), {origin}, record);
}

Location appendOriginRecords(Location anchorLoc, ArrayRef<Location> records) {
  if (records.empty())
    return anchorLoc;
  SmallVector<Location> parts{anchorLoc};
  parts.append(records.begin(), records.end());
  // FusedLoc::get flattens an anchor that is already a plain fused location
  // (records appended by an earlier pass) and drops an unknown anchor.
  return FusedLoc::get(anchorLoc.getContext(), parts);
}

void getOriginRecords(Location loc, SmallVectorImpl<RemovedOrigin> &records) {
  auto fused = dyn_cast<FusedLoc>(loc);
  if (!fused)
    return;
  if (auto record = dyn_cast_or_null<OriginRecordAttr>(fused.getMetadata())) {
    ArrayRef<Location> inner = fused.getLocations();
    Location origin = inner.size() == 1
                          ? inner.front()
                          : FusedLoc::get(loc.getContext(), inner);
    records.push_back({record, origin});
    return;
  }
  // Records sit directly in the anchor's plain fused location.
  if (fused.getMetadata())
    return;
  for (Location inner : fused.getLocations())
    if (isOriginRecord(inner))
      getOriginRecords(inner, records);
}

Location stripOriginRecords(Location loc) {
  if (isOriginRecord(loc))
    return UnknownLoc::get(loc.getContext());
  auto fused = dyn_cast<FusedLoc>(loc);
  if (!fused || fused.getMetadata())
    return loc;
  SmallVector<Location> kept;
  for (Location inner : fused.getLocations())
    if (!isOriginRecord(inner))
      kept.push_back(inner);
  if (kept.size() == fused.getLocations().size())
    return loc;
  return FusedLoc::get(loc.getContext(), kept);
}

} // namespace tg
