//===- LocationPreservingListener.cpp - Rewrites that keep origins --------===//
//
// See the header for the rules. The listener never reads the IR of an op it
// did not see created except at the moment that op is replaced or erased,
// which is what the dialect-conversion driver allows for its delayed
// notifications (the replaced op is intact until after notifyOperationReplaced
// and notifyOperationErased).
//
//===----------------------------------------------------------------------===//

#include "tg/Passes/LocationPreservingListener.h"

#include "tg/IR/CallStack.h"
#include "tg/IR/TGOps.h"

#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringMap.h"

using namespace mlir;

namespace tg {

//===----------------------------------------------------------------------===//
// Location helpers
//===----------------------------------------------------------------------===//

/// The metadata a merge keeps: that of a fused location which is not a call
/// frame (a frame location is an origin, not a fusion).
static Attribute getFusionMetadata(Location loc) {
  if (auto fused = dyn_cast<FusedLoc>(loc))
    if (!isa_and_nonnull<FrameAttr>(fused.getMetadata()))
      return fused.getMetadata();
  return {};
}

Location fuseOrigins(ArrayRef<Location> locs, Attribute metadata,
                     MLIRContext *ctx) {
  llvm::SetVector<Location> set;
  for (Location loc : locs) {
    SmallVector<Location> origins;
    getOrigins(loc, origins);
    for (Location origin : origins)
      if (!isa<UnknownLoc>(origin))
        set.insert(origin);
  }
  if (!metadata && set.size() == 1)
    return set.front();
  if (!metadata && set.empty())
    return UnknownLoc::get(ctx);
  return FusedLoc::get(set.getArrayRef(), metadata, ctx);
}

Location getFusedLoc(ArrayRef<Operation *> ops, Attribute metadata) {
  assert(!ops.empty() && "no ops to fuse");
  SmallVector<Location> locs =
      llvm::map_to_vector(ops, [](Operation *op) { return op->getLoc(); });
  return fuseOrigins(locs, metadata, ops.front()->getContext());
}

Location mergeLocations(Location into, Location from) {
  return fuseOrigins({into, from}, getFusionMetadata(into), into.getContext());
}

void replaceOpWithFusedLoc(RewriterBase &rewriter, Operation *op,
                           Operation *newOp) {
  Location merged = mergeLocations(newOp->getLoc(), op->getLoc());
  rewriter.modifyOpInPlace(newOp, [&] { newOp->setLoc(merged); });
  rewriter.replaceOp(op, newOp->getResults());
}

SmallVector<Value> getEscapingResults(ArrayRef<Operation *> ops) {
  llvm::SmallPtrSet<Operation *, 16> inside(ops.begin(), ops.end());
  SmallVector<Value> escaping;
  for (Operation *op : ops) {
    Block *block = op->getBlock();
    for (Value result : op->getResults()) {
      bool escapes = llvm::any_of(result.getUsers(), [&](Operation *user) {
        Operation *ancestor =
            block ? block->findAncestorOpInBlock(*user) : user;
        return !ancestor || !inside.contains(ancestor);
      });
      if (escapes)
        escaping.push_back(result);
    }
  }
  return escaping;
}

LogicalResult mergeOps(RewriterBase &rewriter, ArrayRef<Operation *> ops,
                       Operation *newOp) {
  SmallVector<Value> escaping = getEscapingResults(ops);
  if (escaping.size() != newOp->getNumResults())
    return failure();
  Location fused = getFusedLoc(ops, getFusionMetadata(newOp->getLoc()));
  rewriter.modifyOpInPlace(newOp, [&] { newOp->setLoc(fused); });
  DenseMap<Value, Value> mapping;
  for (auto [from, to] : llvm::zip_equal(escaping, newOp->getResults()))
    mapping[from] = to;
  // Last first: by the time an op is replaced, the ops of the group that used
  // its results are gone, so only the escaping uses are left to replace.
  for (Operation *op : llvm::reverse(ops)) {
    SmallVector<Value> replacements = llvm::map_to_vector(
        op->getResults(), [&](Value v) { return mapping.lookup(v); });
    rewriter.replaceOp(op, replacements);
  }
  return success();
}

std::string getOriginName(Operation *op) {
  if (std::optional<uint64_t> handle = getDebugHandle(op))
    return "handle:" + std::to_string(*handle);
  std::string text;
  llvm::raw_string_ostream os(text);
  if (auto traced = dyn_cast<TracedOp>(op))
    os << traced.getName();
  else
    os << op->getName();
  os << "@" << op->getLoc();
  return text;
}

void assignStableNames(Operation *root,
                       DenseMap<Operation *, std::string> &names) {
  // One counter per (scope, op name); the scope is the enclosing graph.
  llvm::StringMap<unsigned> counters;
  root->walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (std::optional<uint64_t> handle = getDebugHandle(op)) {
      names[op] = "handle:" + std::to_string(*handle);
      return;
    }
    if (isa<GraphOp, ModuleOp>(op))
      return;
    auto graph = op->getParentOfType<GraphOp>();
    std::string scope = graph ? graph.getSymName().str() : "module";
    std::string opName = isa<TracedOp>(op) ? cast<TracedOp>(op).getName().str()
                                           : op->getName().getStringRef().str();
    std::string key = scope + "/" + opName;
    unsigned index = counters[key]++;
    names[op] = key + "#" + std::to_string(index);
  });
}

//===----------------------------------------------------------------------===//
// LocationPreservingListener
//===----------------------------------------------------------------------===//

LocationPreservingListener::LocationPreservingListener(
    OpBuilder::Listener *next)
    : LocationPreservingListener(Options(), next) {}

LocationPreservingListener::LocationPreservingListener(
    Options options, OpBuilder::Listener *next)
    : ForwardingListener(next), options(options) {}

void LocationPreservingListener::snapshotConstants(Operation *root) {
  root->walk([&](Operation *op) {
    if (op->hasTrait<OpTrait::ConstantLike>() &&
        !isa<UnknownLoc>(op->getLoc()) &&
        constantLocs.try_emplace(op, op->getLoc()).second)
      constantOrder.push_back(op);
  });
}

void LocationPreservingListener::snapshotNames(Operation *root) {
  assignStableNames(root, stableNames);
}

ArrayRef<unsigned>
LocationPreservingListener::getOriginsOf(Operation *op) const {
  auto it = held.find(op);
  if (it == held.end())
    return {};
  return it->second;
}

SmallVector<Operation *> LocationPreservingListener::getNewOps() const {
  SmallVector<Operation *> ops;
  for (Operation *op : newList)
    if (op)
      ops.push_back(op);
  return ops;
}

SmallVector<Operation *>
LocationPreservingListener::getHolders(unsigned index) const {
  SmallVector<Operation *> holders;
  for (Operation *op : newList)
    if (op && llvm::is_contained(getOriginsOf(op), index))
      holders.push_back(op);
  // Survivors too (an op a rewrite replaced by an existing one's value: a
  // fold to it, CSE), in the order they first gained an origin: only new ops
  // were asked, so the origin of `x * 1 -> x` had no holder and was not
  // dropped either, though getOriginsOf(x) listed it.
  llvm::SmallPtrSet<Operation *, 8> seen;
  for (Operation *op : holderOrder)
    if (!isNew(op) && held.count(op) && seen.insert(op).second &&
        llvm::is_contained(getOriginsOf(op), index))
      holders.push_back(op);
  return holders;
}

SmallVector<unsigned> LocationPreservingListener::getDroppedOrigins() const {
  SmallVector<unsigned> dropped;
  for (auto [index, record] : llvm::enumerate(origins))
    if (!record.droppedReason.empty())
      dropped.push_back(index);
  return dropped;
}

bool LocationPreservingListener::isTopLevelNew(Operation *op) const {
  for (Operation *parent = op->getParentOp(); parent;
       parent = parent->getParentOp())
    if (isNew(parent))
      return false;
  return true;
}

SmallVector<unsigned> LocationPreservingListener::takeOrigins(Operation *op) {
  auto it = held.find(op);
  // A new op stands for what it was given; a survivor for its own origin
  // (recorded when it first received one) and what it was given, even when
  // the folder has since reset its location.
  if (isNew(op) || it != held.end()) {
    if (it == held.end())
      return {};
    return SmallVector<unsigned>(it->second.begin(), it->second.end());
  }
  Location loc = op->getLoc();
  auto constant = constantLocs.find(op);
  if (constant != constantLocs.end())
    loc = mergeLocations(constant->second, loc);
  OriginRecord record{"", "", loc, ""};
  auto name = stableNames.find(op);
  if (name != stableNames.end())
    record.name = name->second;
  else if (options.recordNames)
    record.name = getOriginName(op);
  if (auto traced = dyn_cast<TracedOp>(op))
    record.opName = traced.getName().str();
  else
    record.opName = op->getName().getStringRef().str();
  origins.push_back(std::move(record));
  return {static_cast<unsigned>(origins.size() - 1)};
}

void LocationPreservingListener::give(Operation *holder, ArrayRef<unsigned> ids,
                                      Location loc, Operation *giver) {
  if (!held.count(holder)) {
    holderOrder.push_back(holder);
    // A survivor's own origin is recorded first, so that `finalize` can
    // restore it after MLIR's folder resets the location of a reused
    // constant.
    if (!isNew(holder)) {
      SmallVector<unsigned> self = takeOrigins(holder);
      held[holder].append(self.begin(), self.end());
      // The folder may have reset the location already: put it back.
      for (unsigned id : self)
        mergeInto(holder, origins[id].loc);
    }
  }
  SmallVector<unsigned, 2> &list = held[holder];
  for (unsigned id : ids) {
    // A holder of many origins (a constant the folder deduplicated K times)
    // gets a set, so that K merges cost O(K), not O(K^2).
    bool present;
    if (list.size() < 16) {
      present = llvm::is_contained(list, id);
    } else {
      llvm::DenseSet<unsigned> &set = heldSets[holder];
      if (set.empty())
        set.insert(list.begin(), list.end());
      present = !set.insert(id).second;
    }
    if (!present)
      list.push_back(id);
    origins[id].droppedReason.clear();
  }
  mergeInto(holder, loc);
  // `loc` is the giver's location now: MLIR's folder resets a hoisted or
  // reused constant's to unknown, which then lists none of the origins
  // given. finalize() rebuilds the holder's location from what it holds.
  if (!ids.empty() && isa<UnknownLoc>(loc))
    rebuild.insert(holder);
  // A giver whose location does not list what it held passes that on: an
  // absorber given a reset constant's origin under an unknown location,
  // then replaced by another rewrite (-tg-canonicalize lost the origin of a
  // constant that an affine.min folded into its map, then rewrote again).
  if (giver && !ids.empty() && rebuild.contains(giver))
    rebuild.insert(holder);
}

/// The metadata-preserving location listing `set`.
static Location buildFused(ArrayRef<Location> set, Attribute metadata,
                           MLIRContext *ctx) {
  if (!metadata && set.size() == 1)
    return set.front();
  if (!metadata && set.empty())
    return UnknownLoc::get(ctx);
  return FusedLoc::get(set, metadata, ctx);
}

void LocationPreservingListener::mergeInto(Operation *holder, Location loc) {
  if (!options.updateLocations)
    return;
  Location current = holder->getLoc();
  // Settled (the location lists everything given so far) stays true only
  // while nobody else changes the location: MLIR's folder resets a hoisted
  // or reused constant's location to unknown without a notification, and a
  // merge into that reset location lists only what comes now. Then
  // finalize() rebuilds the location from everything the holder holds.
  auto priorSettled = settled.find(holder);
  bool changedOutside =
      priorSettled != settled.end() && priorSettled->second != current;
  if (changedOutside)
    rebuild.insert(holder);
  auto settle = [&](Location at) { settled.insert_or_assign(holder, at); };
  if (!options.maxOrigins) {
    SmallVector<Location> incoming, holderOrigins;
    tg::getOrigins(loc, incoming);
    auto isKnown = [](Location origin, auto &&contains) {
      return isa<UnknownLoc>(origin) || contains(origin);
    };
    bool allKnown;
    auto known = knownOrigins.find(holder);
    // An entry for another location (the holder's was changed outside the
    // listener) says nothing about this one.
    if (known != knownOrigins.end() && known->second.at != current) {
      knownOrigins.erase(known);
      known = knownOrigins.end();
    }
    if (known != knownOrigins.end()) {
      allKnown = llvm::all_of(incoming, [&](Location origin) {
        return isKnown(origin, [&](Location o) {
          return known->second.origins.contains(o);
        });
      });
    } else {
      tg::getOrigins(current, holderOrigins);
      // A table only for holders with many origins (long kernels): a short
      // list is cheaper to scan than to hash.
      if (holderOrigins.size() > kMinOriginsForTable) {
        known = knownOrigins.insert_or_assign(holder, KnownOrigins{current, {}})
                    .first;
        KnownOrigins &entry = known->second;
        entry.origins.insert(holderOrigins.begin(), holderOrigins.end());
        allKnown = llvm::all_of(incoming, [&](Location origin) {
          return isKnown(origin,
                         [&](Location o) { return entry.origins.contains(o); });
        });
      } else {
        allKnown = llvm::all_of(incoming, [&](Location origin) {
          return isKnown(origin, [&](Location o) {
            return llvm::is_contained(holderOrigins, o);
          });
        });
      }
    }
    if (allKnown) {
      settle(current);
      return;
    }
    Location merged = mergeLocations(current, loc);
    if (merged != current)
      holder->setLoc(merged);
    if (known != knownOrigins.end()) {
      known->second.at = merged;
      known->second.origins.insert(incoming.begin(), incoming.end());
    }
    settle(merged);
    return;
  }
  // At the bound the location stops changing, and a merge into a holder
  // known to be full costs O(1); the origins over the bound are counted by
  // finalize() from `held`.
  auto full = fullAt.find(holder);
  if (full != fullAt.end() && full->second == current) {
    settled.erase(holder); // Over the bound: finalize() counts the rest.
    return;
  }
  SmallVector<Location> scratch;
  tg::getOrigins(current, scratch);
  llvm::SetVector<Location> set;
  for (Location origin : scratch)
    if (!isa<UnknownLoc>(origin))
      set.insert(origin);
  if (set.size() >= options.maxOrigins) {
    fullAt.insert_or_assign(holder, current);
    settled.erase(holder);
    return;
  }
  size_t before = set.size();
  scratch.clear();
  tg::getOrigins(loc, scratch);
  bool fits = true;
  for (Location origin : scratch) {
    if (isa<UnknownLoc>(origin) || set.contains(origin))
      continue;
    if (set.size() >= options.maxOrigins) {
      fits = false;
      break;
    }
    set.insert(origin);
  }
  Location merged = current;
  if (set.size() != before) {
    merged = buildFused(set.getArrayRef(), getFusionMetadata(current),
                        holder->getContext());
    holder->setLoc(merged);
  }
  // Settled: the location lists everything given so far, so finalize()
  // has nothing to do for this holder unless someone changes it.
  if (fits)
    settle(merged);
  else
    settled.erase(holder);
}

bool LocationPreservingListener::giveToAbsorbers(Operation *op,
                                                 ArrayRef<unsigned> ids) {
  auto it = absorbers.find(op);
  if (it == absorbers.end())
    return false;
  SmallVector<unsigned, 2> indices = std::move(it->second);
  absorbers.erase(it);
  bool given = false;
  for (unsigned index : indices) {
    Operation *absorber = index < newList.size() ? newList[index] : nullptr;
    if (!absorber || absorber == op)
      continue;
    give(absorber, ids, op->getLoc(), op);
    given = true;
  }
  return given;
}

void LocationPreservingListener::forget(Operation *op) {
  auto it = newIndex.find(op);
  if (it != newIndex.end()) {
    newList[it->second] = nullptr;
    newIndex.erase(it);
  }
  if (held.erase(op)) {
    heldSets.erase(op);
    fullAt.erase(op);
    settled.erase(op);
    rebuild.erase(op);
  }
  // An op later built at the same address must not inherit its origins.
  knownOrigins.erase(op);
  groupOps.remove(op);
  replaced.erase(op);
  absorbers.erase(op);
  constantLocs.erase(op);
  twins.erase(op);
  bornDetached.erase(op);
  if (op == groupRoot)
    groupRoot = nullptr;
}

void LocationPreservingListener::notifyOperationInserted(
    Operation *op, OpBuilder::InsertPoint previous) {
  // A moved op keeps what it computes; only created ops are new. Whatever
  // was known about an op at this address before is stale.
  if (!previous.isSet()) {
    forget(op);
    newIndex[op] = newList.size();
    newList.push_back(op);
    if (groupDepth)
      groupOps.insert(op);
    if (!op->getParentOp())
      bornDetached.insert(op);
  }
  ForwardingListener::notifyOperationInserted(op, previous);
}

void LocationPreservingListener::notifyBlockInserted(
    Block *block, Region *previous, Region::iterator previousIt) {
  // A block moved into an op's region: the ops built in it are in the IR.
  if (!bornDetached.empty() && block->getParentOp())
    block->walk([&](Operation *op) { bornDetached.erase(op); });
  ForwardingListener::notifyBlockInserted(block, previous, previousIt);
}

bool LocationPreservingListener::forgetFreedUnseen(
    ArrayRef<Operation *> candidates, SmallVectorImpl<unsigned> &erased) {
  if (bornDetached.empty())
    return false;
  SmallVector<Operation *> unseen;
  for (Operation *op : candidates)
    if (op && bornDetached.contains(op))
      unseen.push_back(op);
  if (unseen.empty())
    return false;
  // Only the other candidates are read: each was inserted where the IR
  // could see it, and any op that dies later is notified.
  llvm::DenseSet<Operation *> reached;
  for (Operation *op : candidates) {
    if (!op || bornDetached.contains(op) || reached.contains(op))
      continue;
    op->walk([&](Operation *nested) { reached.insert(nested); });
  }
  bool forgotten = false;
  for (Operation *op : unseen) {
    bornDetached.erase(op);
    if (reached.contains(op))
      continue;
    // Freed with the region it was built in: whatever it was given is
    // erased with it (a new op's origins are looked up, never read from
    // it).
    erased.append(takeOrigins(op));
    forget(op);
    forgotten = true;
  }
  return forgotten;
}

void LocationPreservingListener::notifyOperationReplaced(
    Operation *op, ValueRange replacement) {
  SmallVector<unsigned> ids = takeOrigins(op);
  Location loc = op->getLoc();
  // The new ops that define the replacement values, then the new ops without
  // origins that feed them: together they compute what `op` computed.
  SmallVector<Operation *> targets;
  SmallVector<Operation *> survivors;
  llvm::SmallPtrSet<Operation *, 8> seen;
  for (Value value : replacement) {
    Operation *def = value ? value.getDefiningOp() : nullptr;
    if (!def || def == op || !seen.insert(def).second)
      continue;
    // Replaced by an existing op (CSE, a fold to an existing constant):
    // the survivor computes it now.
    if (isNew(def))
      targets.push_back(def);
    else
      survivors.push_back(def);
  }
  for (size_t i = 0; i < targets.size(); ++i) {
    for (Value operand : targets[i]->getOperands()) {
      Operation *def = operand.getDefiningOp();
      if (def && isNew(def) && !held.count(def) && seen.insert(def).second)
        targets.push_back(def);
    }
  }
  if (targets.empty() && survivors.empty()) {
    // Nothing computes it: an erasure in disguise (a fold to a block
    // argument, a merge's producer).
    if (groupDepth)
      groupErased.append(ids);
    else
      pendingErased.append(ids);
  } else {
    for (Operation *target : targets)
      give(target, ids, loc, op);
    for (Operation *survivor : survivors)
      give(survivor, ids, loc, op);
  }
  if (survivors.size() == 1 && targets.empty())
    mapTwins(op, survivors.front());
  forget(op);
  // Remembered so that the erasure that follows is not taken for a drop.
  replaced.insert(op);
  ForwardingListener::notifyOperationReplaced(op, replacement);
}

void LocationPreservingListener::notifyOperationReplaced(
    Operation *op, Operation *replacement) {
  notifyOperationReplaced(op, ValueRange(replacement->getResults()));
}

void LocationPreservingListener::mapTwins(Operation *op, Operation *twin) {
  // CSE replaces an op with regions only by an equivalent one, whose
  // regions hold the same ops in the same order; anything else is no twin.
  if (!op->getNumRegions() || twin->getName() != op->getName() ||
      twin->getNumRegions() != op->getNumRegions())
    return;
  SmallVector<Operation *> mine, theirs;
  op->walk([&](Operation *nested) { mine.push_back(nested); });
  twin->walk([&](Operation *nested) { theirs.push_back(nested); });
  if (mine.size() != theirs.size())
    return;
  for (auto [a, b] : llvm::zip_equal(mine, theirs))
    if (a->getName() != b->getName())
      return;
  for (auto [a, b] : llvm::zip_equal(mine, theirs))
    if (a != op)
      twins[a] = b;
}

void LocationPreservingListener::notifyOperationErased(Operation *op) {
  if (replaced.erase(op)) {
    ForwardingListener::notifyOperationErased(op);
    return;
  }
  // An op of a region CSE removed lives on in its twin in the kept region
  // (terminators included: a `return` in both branches is two lines).
  auto twin = twins.find(op);
  if (twin != twins.end()) {
    Operation *kept = twin->second;
    SmallVector<unsigned> ids = takeOrigins(op);
    give(kept, ids, op->getLoc(), op);
    forget(op);
    ForwardingListener::notifyOperationErased(op);
    return;
  }
  // Erasing an op erases what it holds; nested ops are notified first.
  // Unless they count (Options::terminators, as tg-snapshot-origins'
  // option), terminators compute nothing: a fusion that drops a producer's
  // yield loses no origin.
  bool computes = options.terminators ||
                  !op->hasTrait<OpTrait::IsTerminator>() || held.count(op);
  if (computes && (!isNew(op) || held.count(op))) {
    SmallVector<unsigned> ids = takeOrigins(op);
    // A producer that died after the rewrite of its user lives on in what
    // that rewrite created.
    if (!giveToAbsorbers(op, ids)) {
      if (groupDepth)
        groupErased.append(ids);
      else
        pendingErased.append(ids);
    }
  }
  forget(op);
  ForwardingListener::notifyOperationErased(op);
}

SmallVector<unsigned>
LocationPreservingListener::resolveErased(ArrayRef<unsigned> ids,
                                          ArrayRef<Operation *> candidates,
                                          ArrayRef<Operation *> fallback) {
  if (ids.empty())
    return {};
  // Which candidates list which origin, built once: finalize() may see every
  // op of a large rewrite on both sides.
  DenseMap<Location, SmallVector<Operation *, 1>> listing;
  SmallVector<Location> scratch;
  for (Operation *candidate : candidates) {
    scratch.clear();
    tg::getOrigins(candidate->getLoc(), scratch);
    for (Location origin : scratch)
      listing[origin].push_back(candidate);
  }
  SmallVector<unsigned> left;
  for (unsigned id : ids) {
    SmallVector<Location> wanted;
    tg::getOrigins(origins[id].loc, wanted);
    llvm::erase_if(wanted, [](Location l) { return isa<UnknownLoc>(l); });
    // An op without a known location has nothing to lose.
    if (wanted.empty())
      continue;
    SmallVector<Operation *> holders;
    auto first = listing.find(wanted.front());
    if (first != listing.end()) {
      for (Operation *candidate : first->second) {
        bool listsAll = llvm::all_of(llvm::drop_begin(wanted), [&](Location l) {
          auto it = listing.find(l);
          return it != listing.end() &&
                 llvm::is_contained(it->second, candidate);
        });
        if (listsAll && !llvm::is_contained(holders, candidate))
          holders.push_back(candidate);
      }
    }
    if (holders.empty())
      holders.assign(fallback.begin(), fallback.end());
    if (holders.empty()) {
      left.push_back(id);
      continue;
    }
    for (Operation *holder : holders)
      give(holder, {id}, origins[id].loc);
  }
  return left;
}

void LocationPreservingListener::beginGroup() { ++groupDepth; }

void LocationPreservingListener::endGroup() {
  assert(groupDepth && "endGroup without beginGroup");
  if (--groupDepth)
    return;
  // A group not of a pattern (beginGroup): checked here. A copy: forget()
  // removes entries from groupOps.
  if (!bornDetached.empty()) {
    SmallVector<Operation *> group(groupOps.begin(), groupOps.end());
    forgetFreedUnseen(group, groupErased);
  }
  SmallVector<Operation *> created;
  for (Operation *op : groupOps)
    if (isTopLevelNew(op))
      created.push_back(op);
  // Matched against every op the group created, nested ones included (a
  // clone inside a fused op keeps its origin's location); only the group's
  // own ops, so that a group costs what it touched.
  SmallVector<unsigned> left =
      resolveErased(groupErased, groupOps.getArrayRef(), created);
  pendingErased.append(left);
  groupOps.clear();
  groupErased.clear();
}

void LocationPreservingListener::notifyPatternBegin(const Pattern &pattern,
                                                    Operation *op) {
  if (!groupDepth) {
    groupRoot = op;
    groupRootProducers.clear();
    for (Value operand : op->getOperands())
      if (Operation *def = operand.getDefiningOp())
        if (!llvm::is_contained(groupRootProducers, def))
          groupRootProducers.push_back(def);
  }
  beginGroup();
  ForwardingListener::notifyPatternBegin(pattern, op);
}

void LocationPreservingListener::notifyPatternEnd(const Pattern &pattern,
                                                  LogicalResult status) {
  if (groupDepth == 1 && !bornDetached.empty()) {
    // A copy: forget() removes entries from groupOps.
    SmallVector<Operation *> group(groupOps.begin(), groupOps.end());
    forgetFreedUnseen(group, groupErased);
  }
  // When the application replaced or erased its root (forget() cleared
  // groupRoot) and created ops, the root's producers that die later were
  // consumed by that rewrite (elementwise fusion, a folded chain).
  if (groupDepth == 1 && succeeded(status) && !groupRoot) {
    SmallVector<unsigned, 2> created;
    for (Operation *op : groupOps)
      if (isTopLevelNew(op))
        created.push_back(newIndex.lookup(op));
    if (!created.empty())
      for (Operation *producer : groupRootProducers)
        if (!groupOps.contains(producer))
          absorbers[producer].append(created.begin(), created.end());
  }
  if (groupDepth == 1) {
    groupRoot = nullptr;
    groupRootProducers.clear();
  }
  endGroup();
  ForwardingListener::notifyPatternEnd(pattern, status);
}

void LocationPreservingListener::finalize() {
  forgetFreedUnseen(getNewOps(), pendingErased);
  SmallVector<unsigned> left =
      pendingErased.empty()
          ? SmallVector<unsigned>()
          : resolveErased(pendingErased, getNewOps(), /*fallback=*/{});
  pendingErased.clear();
  if (!left.empty()) {
    llvm::DenseSet<unsigned> stillHeld;
    for (const auto &entry : held)
      stillHeld.insert(entry.second.begin(), entry.second.end());
    for (unsigned id : left)
      if (!stillHeld.contains(id))
        origins[id].droppedReason =
            "erased, and no op created by the rewrite lists its location";
  }

  // Constants the folder hoisted or reused without a notification, and
  // whose location it reset: still alive (erased ones were forgotten), so
  // they hold their own origin again.
  for (Operation *op : constantOrder) {
    auto it = constantLocs.find(op);
    if (it == constantLocs.end() || held.count(op))
      continue;
    SmallVector<Location> now, before;
    tg::getOrigins(op->getLoc(), now);
    tg::getOrigins(it->second, before);
    if (llvm::all_of(before,
                     [&](Location l) { return llvm::is_contained(now, l); }))
      continue;
    give(op, {}, it->second);
  }

  // Every holder lists what it holds, within the bound; the folder may have
  // reset a reused constant's location since it was given its origins.
  overflow.clear();
  llvm::DenseSet<Operation *> done;
  SmallVector<Location> scratch;
  for (Operation *holder : holderOrder) {
    auto it = held.find(holder);
    if (it == held.end() || !done.insert(holder).second)
      continue;
    auto clean = settled.find(holder);
    if (clean != settled.end() && clean->second == holder->getLoc() &&
        !rebuild.contains(holder))
      continue;
    llvm::SetVector<Location> all;
    llvm::DenseMap<Location, unsigned> from;
    scratch.clear();
    tg::getOrigins(holder->getLoc(), scratch);
    for (Location origin : scratch)
      if (!isa<UnknownLoc>(origin))
        all.insert(origin);
    for (unsigned id : it->second) {
      scratch.clear();
      tg::getOrigins(origins[id].loc, scratch);
      for (Location origin : scratch)
        if (!isa<UnknownLoc>(origin) && all.insert(origin))
          from.try_emplace(origin, id);
    }
    size_t keep = options.maxOrigins
                      ? std::min<size_t>(all.size(), options.maxOrigins)
                      : all.size();
    for (Location origin : llvm::drop_begin(all.getArrayRef(), keep)) {
      auto src = from.find(origin);
      std::string opName = src != from.end()
                               ? origins[src->second].opName
                               : holder->getName().getStringRef().str();
      overflow.push_back({origin, std::move(opName), holder});
    }
    if (!options.updateLocations)
      continue;
    Location fused =
        buildFused(all.getArrayRef().take_front(keep),
                   getFusionMetadata(holder->getLoc()), holder->getContext());
    if (fused != holder->getLoc())
      holder->setLoc(fused);
  }
}

/// A total order on locations by their contents (file, line and column,
/// names, the parts of call sites and fused locations), never by address:
/// the order records are written in must not depend on the allocator.
static int compareLocations(Location a, Location b) {
  if (a == b)
    return 0;
  auto rank = [](Location l) {
    return isa<FileLineColRange>(l) ? 0
           : isa<NameLoc>(l)        ? 1
           : isa<CallSiteLoc>(l)    ? 2
           : isa<FusedLoc>(l)       ? 3
           : isa<UnknownLoc>(l)     ? 4
                                    : 5;
  };
  if (int diff = rank(a) - rank(b))
    return diff;
  auto order = [](auto x, auto y) { return x < y ? -1 : x > y ? 1 : 0; };
  if (auto x = dyn_cast<FileLineColRange>(a)) {
    auto y = cast<FileLineColRange>(b);
    if (int c = x.getFilename().getValue().compare(y.getFilename().getValue()))
      return c;
    if (int c = order(std::make_tuple(x.getStartLine(), x.getStartColumn(),
                                      x.getEndLine(), x.getEndColumn()),
                      std::make_tuple(y.getStartLine(), y.getStartColumn(),
                                      y.getEndLine(), y.getEndColumn())))
      return c;
    return 0;
  }
  if (auto x = dyn_cast<NameLoc>(a)) {
    auto y = cast<NameLoc>(b);
    if (int c = x.getName().getValue().compare(y.getName().getValue()))
      return c;
    return compareLocations(x.getChildLoc(), y.getChildLoc());
  }
  if (auto x = dyn_cast<CallSiteLoc>(a)) {
    auto y = cast<CallSiteLoc>(b);
    if (int c = compareLocations(x.getCallee(), y.getCallee()))
      return c;
    return compareLocations(x.getCaller(), y.getCaller());
  }
  if (auto x = dyn_cast<FusedLoc>(a)) {
    auto y = cast<FusedLoc>(b);
    ArrayRef<Location> xs = x.getLocations(), ys = y.getLocations();
    for (size_t i = 0, e = std::min(xs.size(), ys.size()); i != e; ++i)
      if (int c = compareLocations(xs[i], ys[i]))
        return c;
    if (int c = order(xs.size(), ys.size()))
      return c;
    // Metadata last, by its printed form (records, kernels, frames).
    std::string mx, my;
    llvm::raw_string_ostream ox(mx), oy(my);
    if (x.getMetadata())
      x.getMetadata().print(ox);
    if (y.getMetadata())
      y.getMetadata().print(oy);
    return StringRef(mx).compare(my);
  }
  return 0;
}

unsigned LocationPreservingListener::recordRemovedOrigins(Operation *anchor) {
  MLIRContext *ctx = anchor->getContext();
  // The listener runs in compilers of other dialects (a func/arith
  // pipeline): a record made in a context that never loaded the tg dialect
  // has no attribute storage, and this crashed. Loaded here, as
  // addOriginAccounting does; a pass that uses the listener on several
  // threads declares tg::TGDialect among its dependent dialects instead
  // (docs/upstream-transforms.md).
  ctx->getOrLoadDialect<TGDialect>();
  SmallVector<Location> records;
  for (unsigned id : getDroppedOrigins()) {
    OriginRecord &origin = origins[id];
    origin.droppedReason.clear();
    if (isa<UnknownLoc>(origin.loc))
      continue;
    auto record = OriginRecordAttr::get(ctx, "eliminated", options.passName,
                                        origin.opName, LocationAttr());
    records.push_back(makeOriginRecord(record, origin.loc));
  }
  for (const Overflow &entry : overflow) {
    auto record = OriginRecordAttr::get(ctx, "merged", options.passName,
                                        entry.opName, entry.holder->getLoc());
    records.push_back(makeOriginRecord(record, entry.origin));
  }
  overflow.clear();
  // In the order of their contents: the order the driver notified erasures
  // in varied from run to run (-tg-canonicalize of two dead scf.for nests
  // recorded one's ops first in some runs, the other's in others). Equal
  // records are the same location, so any sort gives these bytes.
  llvm::sort(records,
             [](Location x, Location y) { return compareLocations(x, y) < 0; });
  if (!records.empty())
    anchor->setLoc(appendOriginRecords(anchor->getLoc(), records));
  return records.size();
}

} // namespace tg
