//===- OriginAccounting.cpp - No origin lost around any pass --------------===//
//
// See the header for the rules. A pass that is not ours is a black box: the
// instrumentation sees the IR before and after it, nothing in between. So the
// snapshot keeps, for each op holding an origin, just what the rules need
// afterwards to tell where the origin went (the op, its name, its first use),
// and reads nothing more of the IR after the pass unless an origin is missing.
// The walk after one pass builds the snapshot of the next pass on the same op:
// a pipeline whose passes keep every location costs one walk per pass.
//
//===----------------------------------------------------------------------===//

#include "tg/Passes/OriginAccounting.h"

#include "tg/IR/CallStack.h"
#include "tg/IR/TGDialect.h"
#include "tg/IR/TGOps.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassInstrumentation.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/Threading.h"

#include <atomic>
#include <future>
#include <mutex>
#include <optional>

using namespace mlir;

namespace {

/// One op that held origins before the pass.
struct Entry {
  Entry(Operation *op, StringAttr recordName)
      : op(op), name(op->getName()), recordName(recordName),
        userLoc(op->getLoc()), loc(op->getLoc()) {}

  Operation *op;
  OperationName name;
  /// The op as records name it (`aten::relu` for a tg.op).
  StringAttr recordName;
  /// The first use of its first used result, when it had one.
  Operation *user = nullptr;
  OperationName userName = name;
  /// The user's location then: a user that holds no origin of its own is
  /// known by its address, its name, this and its operand count (see
  /// isSameOp).
  Location userLoc;
  unsigned operandNo = 0;
  unsigned userNumOperands = 0;
  /// Its location before the pass.
  Location loc;
  /// Its parent op, and its place in the snapshot's post-order walk: the
  /// ops nested in an op come right before it.
  Operation *parent = nullptr;
  unsigned visit = 0;
  /// Its operand count: an op the pass built where it freed this one, of
  /// the same name at the same location with other operands (the
  /// canonicalizer's new scf.for without a dead iter_arg), is another op.
  unsigned numOperands = 0;
  /// Its value and type, when it was a constant, and the symbol of the
  /// function (the nearest isolated-from-above op) it was in.
  Attribute constant;
  Type constantType;
  StringAttr constantScope;
};

/// The symbol name of the function (nearest isolated-from-above op) `op` is
/// in, or null: constants are matched by it, never by an address.
StringAttr getConstantScope(Operation *op) {
  Operation *scope = op->getParentWithTrait<OpTrait::IsIsolatedFromAbove>();
  return scope ? scope->getAttrOfType<StringAttr>(
                     SymbolTable::getSymbolAttrName())
               : StringAttr();
}

/// What the IR under one op held before one pass ran on it.
struct Snapshot {
  std::vector<Entry> entries;
  /// Every origin, with the first entry holding it, in walk order, and the
  /// position of each in that list.
  std::vector<std::pair<Location, unsigned>> origins;
  llvm::DenseMap<Location, unsigned> originIndex;
  /// Every origin record (`fused<#tg.origin_record<...>>[...]`).
  llvm::SetVector<Location> records;
};

/// Calls `fn` on each origin of `loc`; the common plain location costs no
/// allocation.
template <typename Fn>
void forEachOrigin(Location loc, SmallVectorImpl<Location> &scratch, Fn fn) {
  if (isa<UnknownLoc>(loc))
    return;
  if (!isa<FusedLoc>(loc)) {
    fn(loc);
    return;
  }
  scratch.clear();
  tg::getOrigins(loc, scratch);
  for (Location origin : scratch)
    if (!isa<UnknownLoc>(origin))
      fn(origin);
}

/// Marks as found each origin of `before` that lives on, inlined, in a
/// call-site origin the pass made (`made`, added in walk order; `madeHolders`
/// has the first holder of each): an op inlined with its callee, or an
/// inlined call, whose location is now a frame's call location.
/// --tg-verify-origins counts these as on ops by the same rule
/// (tg::InlinedOrigins); without it, every origin an inliner (tg's or MLIR's)
/// moved into a call site was taken for lost, recorded as eliminated and its
/// call merged into a neighbour.
void markInlined(const Snapshot &before, const tg::InlinedOrigins &made,
                 ArrayRef<Operation *> madeHolders, llvm::BitVector &found,
                 std::vector<Operation *> &holders) {
  if (madeHolders.empty() || found.all())
    return;
  for (int i = found.find_first_unset(); i != -1;
       i = found.find_next_unset(i)) {
    // The first holder that is an op; null when only records hold it.
    made.find(before.origins[i].first, [&](unsigned index) {
      found.set(i);
      holders[i] = madeHolders[index];
      return holders[i] != nullptr;
    });
  }
}

/// Calls `fn` on each origin record `loc` carries (its records table).
template <typename Fn> void forEachRecord(Location loc, Fn fn) {
  if (!isa<FusedLoc>(loc))
    return;
  SmallVector<tg::RemovedOrigin> records;
  tg::getOriginRecords(loc, records);
  // The record locations themselves, as the anchor's table holds them.
  for (const tg::RemovedOrigin &removed : records)
    fn(Location(removed.location), removed);
}

/// The metadata a merge keeps (as the listener's): that of a fused location
/// which is not a call frame.
Attribute getFusionMetadata(Location loc) {
  if (auto fused = dyn_cast<FusedLoc>(loc))
    if (!isa_and_nonnull<tg::FrameAttr>(fused.getMetadata()))
      return fused.getMetadata();
  return {};
}

/// Where the origins a pass dropped go, decided after it ran.
class Resolver {
public:
  Resolver(const Snapshot &before, Operation *root, StringRef passName,
           unsigned maxOrigins)
      : before(before), root(root), ctx(root->getContext()), passName(passName),
        maxOrigins(maxOrigins) {}

  /// Accounts for every origin of `before` that is not `found` (by its
  /// position in `before.origins`); `holders` has the first op listing each
  /// found one (null when only a record names it). Returns whether it
  /// changed the IR (a merge or a record).
  bool run(const llvm::BitVector &found, ArrayRef<Operation *> holders,
           const llvm::DenseSet<Location> &presentRecords);

private:
  Operation *findTarget(const Entry &entry);
  Operation *findReplacement(const Entry &entry);
  Operation *findTwin(const Entry &entry);
  Operation *findEqualConstant(const Entry &entry);
  bool isAlive(Operation *op, OperationName name);
  bool isSameOp(const Entry &entry);
  void buildLiveOps();
  void mergeInto(Operation *target,
                 ArrayRef<std::pair<Location, StringAttr>> given);
  void recordEliminated(const Entry &entry, ArrayRef<Location> lost);

  const Snapshot &before;
  Operation *root;
  MLIRContext *ctx;
  StringRef passName;
  unsigned maxOrigins;
  ArrayRef<Operation *> holders;
  /// Built on first need: the live ops, by name, and the constants whose
  /// location the folder reset.
  bool liveBuilt = false;
  llvm::DenseMap<Operation *, OperationName> live;
  /// The first (walk order) live constant without a location of each
  /// value and type in each function.
  llvm::DenseMap<std::tuple<StringAttr, Attribute, Type>, Operation *>
      unknownConstants;
  llvm::DenseMap<Operation *, unsigned> entryOfOp;
  /// Lost entries resolved so far, with the op that took their origins
  /// (null: eliminated).
  llvm::DenseMap<unsigned, Operation *> resolved;
  /// The ops nested in an op, in post-order, built on first need.
  llvm::DenseMap<Operation *, SmallVector<Operation *>> nestedOps;
  SmallVector<Location> records;
  bool changed = false;
};

} // namespace

void Resolver::buildLiveOps() {
  liveBuilt = true;
  root->walk([&](Operation *op) {
    live.try_emplace(op, op->getName());
    Attribute value;
    if (op->getNumResults() == 1 && isa<UnknownLoc>(op->getLoc()) &&
        matchPattern(op, m_Constant(&value)))
      unknownConstants.try_emplace(
          {getConstantScope(op), value, op->getResult(0).getType()}, op);
  });
  for (auto [index, entry] : llvm::enumerate(before.entries))
    entryOfOp.try_emplace(entry.op, index);
}

bool Resolver::isAlive(Operation *op, OperationName name) {
  if (!liveBuilt)
    buildLiveOps();
  auto it = live.find(op);
  // An op at the address of an erased one is alive only as the same kind of
  // op (the folder may build a constant where it freed one).
  return it != live.end() && it->second == name;
}

bool Resolver::isSameOp(const Entry &entry) {
  Operation *op = entry.op;
  if (!isAlive(op, entry.name))
    return false;
  // A constant the pass built where it freed one (the folder materializes
  // its results in freed memory) is another constant unless it has the same
  // value: without this, whether an origin stays on "its" constant would
  // depend on the allocator reusing an address (ASan's does not).
  if (entry.constant) {
    Attribute value;
    if (op->getNumResults() != 1 || !matchPattern(op, m_Constant(&value)) ||
        value != entry.constant ||
        op->getResult(0).getType() != entry.constantType)
      return false;
  }
  // The same op has its location still, or none left (the folder reset
  // it). An op whose location changed is found through its origins instead
  // (the first op that holds one), as one at a new address is: whether the
  // allocator reused the old op's memory must not change where an origin
  // goes, or the output would differ between builds (ASan never reuses).
  // So must an equal constant without a location at this address: the
  // folder builds its constants in freed memory, so it may be another one
  // (-sccp sent an origin to the constant at its old address in some runs
  // and to another function's in others); the op reading it or the first
  // equal constant of its function decides (findReplacement,
  // findEqualConstant).
  if (op->getNumOperands() != entry.numOperands)
    return false;
  Location now = op->getLoc();
  if (now == entry.loc)
    return true;
  return isa<UnknownLoc>(now) && !entry.constant;
}

Operation *Resolver::findReplacement(const Entry &entry) {
  if (!entry.user)
    return nullptr;
  Operation *user = nullptr;
  auto userEntry = entryOfOp.find(entry.user);
  // A user without an entry (a terminator when they are not counted, an op
  // whose origins an earlier op listed first) is known by its address, its
  // name and its location, as isSameOp knows an op: an op of the same name
  // the pass built where it freed the user (the inliner's clones) is
  // another op, whichever address the allocator gave it.
  bool userAlive;
  if (userEntry != entryOfOp.end()) {
    userAlive = isSameOp(before.entries[userEntry->second]);
  } else {
    userAlive = isAlive(entry.user, entry.userName) &&
                entry.user->getNumOperands() == entry.userNumOperands;
    if (userAlive) {
      Location now = entry.user->getLoc();
      userAlive = now == entry.userLoc || isa<UnknownLoc>(now);
    }
  }
  if (userAlive) {
    user = entry.user;
  } else if (userEntry != entryOfOp.end()) {
    // A user that was itself folded away took this op with it (the inner op
    // of a folded chain): what replaced the user computes both.
    auto done = resolved.find(userEntry->second);
    if (done != resolved.end())
      return done->second;
    // Else the op that now holds the user's origin replaced it (a
    // conversion builds the new op at the old one's location).
    SmallVector<Location> scratch;
    forEachOrigin(before.entries[userEntry->second].loc, scratch,
                  [&](Location origin) {
                    auto it = before.originIndex.find(origin);
                    if (!user && it != before.originIndex.end())
                      user = holders[it->second];
                  });
  }
  if (!user)
    return nullptr;
  // A new op that computes the user without this operand (a constant the
  // folder made of a chain) absorbed this op too.
  // (Decided by the path taken, not by comparing with the user's old
  // address, which a new op may have: the answer must not depend on the
  // allocator.)
  if (user->getNumOperands() <= entry.operandNo)
    return userAlive ? nullptr : user;
  // What the user reads there now computes what this op did. It may sit at
  // this op's old address (a replacement built after the erase, in its
  // memory), or be this op itself with a new location: either way the
  // answer, never a comparison with a freed op's address, which would make
  // the answer depend on the allocator (issue 30: index-to-llvm's
  // index.castu went into a record in a few runs of 40).
  Operation *def = user->getOperand(entry.operandNo).getDefiningOp();
  if (def)
    return def;
  // The user reads a block argument there now. When the user is what it
  // was, this op was replaced by that argument, which computes nothing:
  // eliminated. When the user is a rewrite that merged it with others (its
  // location changed), the rewrite consumed this op (a folded chain).
  bool rewritten = userEntry != entryOfOp.end() &&
                   user->getLoc() != before.entries[userEntry->second].loc;
  return rewritten ? user : nullptr;
}

Operation *Resolver::findEqualConstant(const Entry &entry) {
  if (!entry.constant)
    return nullptr;
  // Only in its own function: another function's constant does not compute
  // the value in its place (an eliminated record says what became of it).
  return unknownConstants.lookup(
      {entry.constantScope, entry.constant, entry.constantType});
}

Operation *Resolver::findTwin(const Entry &entry) {
  // An op nested in an op that was replaced by an op of the same kind (CSE
  // of a region op keeps one of two equivalent regions): its twin at the
  // same place in the kept op computes what it computed.
  auto parentEntry = entryOfOp.find(entry.parent);
  if (parentEntry == entryOfOp.end())
    return nullptr;
  const Entry &parent = before.entries[parentEntry->second];
  Operation *kept = resolved.lookup(parentEntry->second);
  if (!kept || kept == parent.op || kept->getName() != parent.name)
    return nullptr;
  auto found = nestedOps.try_emplace(kept);
  SmallVector<Operation *> &list = found.first->second;
  if (found.second)
    kept->walk([&](Operation *nested) {
      if (nested != kept)
        list.push_back(nested);
    });
  ArrayRef<Operation *> nested = list;
  unsigned back = parent.visit - entry.visit;
  if (back == 0 || back > nested.size())
    return nullptr;
  Operation *twin = nested[nested.size() - back];
  return twin->getName() == entry.name ? twin : nullptr;
}

Operation *Resolver::findTarget(const Entry &entry) {
  if (isSameOp(entry))
    return entry.op;
  if (Operation *twin = findTwin(entry))
    return twin;
  if (Operation *replacement = findReplacement(entry))
    return replacement;
  return findEqualConstant(entry);
}

void Resolver::mergeInto(Operation *target,
                         ArrayRef<std::pair<Location, StringAttr>> given) {
  Location current = target->getLoc();
  llvm::SetVector<Location> set;
  SmallVector<Location> scratch;
  forEachOrigin(current, scratch, [&](Location l) { set.insert(l); });
  size_t before = set.size();
  SmallVector<std::pair<Location, StringAttr>> over;
  for (const auto &[origin, name] : given) {
    if (set.contains(origin))
      continue;
    if (maxOrigins && set.size() >= maxOrigins)
      over.push_back({origin, name});
    else
      set.insert(origin);
  }
  Location merged = current;
  if (set.size() != before) {
    Attribute metadata = getFusionMetadata(current);
    merged = !metadata && set.size() == 1
                 ? set.front()
                 : FusedLoc::get(set.getArrayRef(), metadata, ctx);
    target->setLoc(merged);
    changed = true;
  }
  // Over the bound: counted as merged into the holder, never dropped.
  for (const auto &[origin, name] : over) {
    auto record = tg::OriginRecordAttr::get(ctx, "merged", passName,
                                            name.getValue(), merged);
    records.push_back(tg::makeOriginRecord(record, origin));
  }
}

void Resolver::recordEliminated(const Entry &entry, ArrayRef<Location> lost) {
  auto record = tg::OriginRecordAttr::get(
      ctx, "eliminated", passName, entry.recordName.getValue(), LocationAttr());
  Location origin = lost.size() == 1 ? lost.front() : FusedLoc::get(ctx, lost);
  records.push_back(tg::makeOriginRecord(record, origin));
}

bool Resolver::run(const llvm::BitVector &found,
                   ArrayRef<Operation *> holderList,
                   const llvm::DenseSet<Location> &presentRecords) {
  holders = holderList;
  // The lost origins of each entry, in the order the snapshot met them.
  llvm::MapVector<unsigned, SmallVector<Location, 1>> lost;
  for (unsigned i = 0, e = before.origins.size(); i != e; ++i)
    if (!found.test(i))
      lost[before.origins[i].second].push_back(before.origins[i].first);
  llvm::MapVector<Operation *, SmallVector<std::pair<Location, StringAttr>>>
      given;
  if (!lost.empty())
    buildLiveOps();
  // Users before the ops they use (the snapshot walked in post-order), so
  // that a user folded away is resolved when its operands are.
  for (auto &[index, origins] : llvm::reverse(lost))
    resolved[index] = findTarget(before.entries[index]);
  // Records and merges in program order.
  for (const auto &[index, origins] : lost) {
    const Entry &entry = before.entries[index];
    Operation *target = resolved.lookup(index);
    if (!target) {
      recordEliminated(entry, origins);
      continue;
    }
    for (Location origin : origins)
      given[target].push_back({origin, entry.recordName});
  }
  // One new location per holder, however many origins it gains.
  for (auto &[target, origins] : given)
    mergeInto(target, origins);
  // Records are origins too: one a pass dropped is put back as it was.
  for (Location record : before.records)
    if (!presentRecords.contains(record))
      records.push_back(record);
  if (!records.empty())
    root->setLoc(tg::appendOriginRecords(root->getLoc(), records));
  return changed || !records.empty();
}

/// Brings the ops under each of `subtrees` (not the subtrees' own ops, which
/// the caller has loaded) into the cache, at most `budget` ops each. The
/// subtrees are walked side by side, one op of each in turn, each op
/// prefetched when it is found and loaded a round later: a walk of one
/// linked list waits on memory for every op, and these waits overlap.
static void prefetchSubtrees(ArrayRef<Operation *> subtrees, unsigned budget) {
  struct Cursor {
    SmallVector<Operation *, 16> pending;
    unsigned left;
  };
  SmallVector<Cursor, 8> cursors;
  auto pushChildren = [](Cursor &cursor, Operation *op) {
    for (Region &region : op->getRegions())
      for (Block &block : region)
        if (!block.empty()) {
          __builtin_prefetch(&block.front());
          cursor.pending.push_back(&block.front());
        }
  };
  for (Operation *subtree : subtrees) {
    Cursor &cursor = cursors.emplace_back();
    cursor.left = budget;
    pushChildren(cursor, subtree);
  }
  for (bool busy = true; busy;) {
    busy = false;
    for (Cursor &cursor : cursors) {
      if (cursor.pending.empty() || cursor.left == 0)
        continue;
      busy = true;
      --cursor.left;
      Operation *op = cursor.pending.pop_back_val();
      if (Operation *next = op->getNextNode()) {
        __builtin_prefetch(next);
        cursor.pending.push_back(next);
      }
      __builtin_prefetch(op->getLoc().getAsOpaquePointer());
      pushChildren(cursor, op);
    }
  }
}

/// `root->walk(fn)` in post-order (nested ops first, regions, blocks and ops
/// in order), touching the next op of a block before visiting this one.
template <typename Fn> static void walkSubtree(Operation *root, Fn &fn) {
  for (Region &region : root->getRegions())
    for (Block &block : region)
      for (Operation &op : block) {
        // Past prefetchSubtrees' budget, and in a flat block, the next op is
        // still touched before this one is visited.
        if (Operation *next = op.getNextNode())
          __builtin_prefetch(next);
        walkSubtree(&op, fn);
      }
  fn(root);
}

/// walkSubtree(root, fn), run on `root`'s ops in groups whose subtrees were
/// brought into the cache first. The accounting walks a whole module after
/// every pass, and a plain walk waited on memory for each op more than `fn`
/// worked on it. `fn` must not change the IR.
template <typename Fn> static void walkPostOrder(Operation *root, Fn &fn) {
  // Eight subtrees of at most 512 ops: about what the L2 cache holds.
  constexpr unsigned kGroup = 8, kBudget = 512;
  SmallVector<Operation *, kGroup> group;
  auto walkGroup = [&] {
    prefetchSubtrees(group, kBudget);
    for (Operation *op : group)
      walkSubtree(op, fn);
    group.clear();
  };
  for (Region &region : root->getRegions())
    for (Block &block : region)
      for (Operation &op : block) {
        group.push_back(&op);
        if (group.size() == kGroup)
          walkGroup();
      }
  walkGroup();
  fn(root);
}

/// Whether `a` comes before `b` in program order (pre-order: an op before
/// the ops nested in it), decided by the IR's structure alone.
static bool isBeforeInProgram(Operation *a, Operation *b) {
  // The common case, users in one block: no chains to build.
  if (a->getBlock() && a->getBlock() == b->getBlock())
    return a->isBeforeInBlock(b);
  SmallVector<Operation *, 8> chainA, chainB;
  for (Operation *op = a; op; op = op->getParentOp())
    chainA.push_back(op);
  for (Operation *op = b; op; op = op->getParentOp())
    chainB.push_back(op);
  // Down from the top while the chains agree; then x and y are siblings
  // (nested in the same op), or one chain ends in the other's ancestor.
  auto ia = chainA.rbegin(), ib = chainB.rbegin();
  while (ia != chainA.rend() && ib != chainB.rend() && *ia == *ib) {
    ++ia;
    ++ib;
  }
  if (ia == chainA.rend() || ib == chainB.rend())
    return ia == chainA.rend() && ib != chainB.rend();
  Operation *x = *ia, *y = *ib;
  if (x->getBlock() == y->getBlock())
    return x->isBeforeInBlock(y);
  Region *regionX = x->getParentRegion(), *regionY = y->getParentRegion();
  if (regionX != regionY)
    return regionX->getRegionNumber() < regionY->getRegionNumber();
  for (Block &block : *regionX) {
    if (&block == x->getBlock())
      return true;
    if (&block == y->getBlock())
      return false;
  }
  return false;
}

/// The first use of `value` in program order. A use list's order is the
/// order in which passes happened to add and move uses, which varied from
/// run to run after upstream -canonicalize (an origin of a call inlined by
/// -inline followed its arith.subi user in some runs and its func.call
/// user in others).
static OpOperand &getFirstUse(Value value) {
  OpOperand *first = &*value.use_begin();
  for (OpOperand &use : llvm::drop_begin(value.getUses())) {
    Operation *owner = use.getOwner(), *best = first->getOwner();
    if (owner == best ? use.getOperandNumber() < first->getOperandNumber()
                      : isBeforeInProgram(owner, best))
      first = &use;
  }
  return *first;
}

namespace {

/// Builds a snapshot one op at a time, in the post-order of `root->walk`:
/// from a walk of its own before a pass, or from the walk after the previous
/// pass, which sees the same IR.
class SnapshotBuilder {
public:
  SnapshotBuilder(Operation *root, bool recordsOnly, bool terminators,
                  size_t sizeHint)
      : snapshot(std::make_unique<Snapshot>()), root(root),
        recordsOnly(recordsOnly), terminators(terminators),
        last(UnknownLoc::get(root->getContext())) {
    // Sized as the last snapshot: a pipeline's passes see IR of similar size.
    snapshot->originIndex.reserve(sizeHint);
    snapshot->origins.reserve(sizeHint);
    snapshot->entries.reserve(sizeHint);
  }

  void visit(Operation *op);
  std::unique_ptr<Snapshot> take() { return std::move(snapshot); }

private:
  /// What visit asks of an op's kind: whether it holds no computation of
  /// its own (a module, a function, a terminator when they are not
  /// counted), and whether it may be a constant.
  struct KindInfo {
    bool holdsNothing;
    bool constantLike;
  };
  const KindInfo &getKindInfo(Operation *op);

  std::unique_ptr<Snapshot> snapshot;
  /// Asked once per kind of op: a trait query walks the op's list of traits
  /// (~240 instructions for an arith op), and a lowered module has millions
  /// of ops of a few dozen kinds.
  llvm::DenseMap<OperationName, KindInfo> kinds;
  Operation *root;
  bool recordsOnly;
  bool terminators;
  SmallVector<Location> scratch;
  unsigned visits = 0;
  Location last;
};

} // namespace

const SnapshotBuilder::KindInfo &SnapshotBuilder::getKindInfo(Operation *op) {
  auto [it, inserted] = kinds.try_emplace(op->getName());
  if (inserted) {
    // Traits and interfaces belong to the op's name (its registration or
    // its dialect's fallback), so one op answers for every op of its kind.
    it->second.holdsNothing =
        isa<ModuleOp>(op) ||
        (op->hasTrait<OpTrait::IsIsolatedFromAbove>() &&
         isa<FunctionOpInterface>(op)) ||
        (!terminators && op->hasTrait<OpTrait::IsTerminator>());
    it->second.constantLike = op->hasTrait<OpTrait::ConstantLike>();
  }
  return it->second;
}

void SnapshotBuilder::visit(Operation *op) {
  unsigned visitIndex = visits++;
  Location loc = op->getLoc();
  forEachRecord(loc, [&](Location record, const tg::RemovedOrigin &) {
    snapshot->records.insert(record);
  });
  // Ops a lowering expanded from one op share its location: only the
  // first can hold something new. (Checked first: most ops of a lowered
  // module are such followers, and the checks below look up traits and
  // interfaces.)
  if (loc == last)
    return;
  // Modules and functions hold no computation of their own, as for
  // tg-snapshot-origins.
  if (recordsOnly || op == root || isa<UnknownLoc>(loc))
    return;
  KindInfo kind = getKindInfo(op);
  if (kind.holdsNothing)
    return;
  last = loc;
  unsigned index = snapshot->entries.size();
  bool holds = false;
  forEachOrigin(loc, scratch, [&](Location origin) {
    auto [it, inserted] =
        snapshot->originIndex.try_emplace(origin, snapshot->origins.size());
    if (inserted) {
      snapshot->origins.push_back({origin, index});
      holds = true;
    }
  });
  if (!holds)
    return;
  auto traced = dyn_cast<tg::TracedOp>(op);
  Entry &entry = snapshot->entries.emplace_back(
      op, traced ? traced.getNameAttr() : op->getName().getIdentifier());
  entry.parent = op->getParentOp();
  entry.visit = visitIndex;
  entry.numOperands = op->getNumOperands();
  for (Value result : op->getResults()) {
    if (result.use_empty())
      continue;
    OpOperand &use = getFirstUse(result);
    entry.user = use.getOwner();
    entry.userName = entry.user->getName();
    entry.userLoc = entry.user->getLoc();
    entry.operandNo = use.getOperandNumber();
    entry.userNumOperands = entry.user->getNumOperands();
    break;
  }
  Attribute value;
  if (kind.constantLike && op->getNumResults() == 1 &&
      matchPattern(op, m_Constant(&value))) {
    entry.constant = value;
    entry.constantType = op->getResult(0).getType();
    entry.constantScope = getConstantScope(op);
  }
}

//===----------------------------------------------------------------------===//
// The instrumentation
//===----------------------------------------------------------------------===//

/// Below this many origins the IR is walked once after a pass, not twice at
/// once: a task costs more than a small walk.
constexpr size_t kParallelWalkOrigins = 4096;

namespace {

class OriginAccounting : public PassInstrumentation {
public:
  explicit OriginAccounting(const tg::OriginAccountingOptions &options)
      : options(options) {}

  void runBeforePipeline(std::optional<OperationName> name,
                         const PipelineParentInfo &parentInfo) override;
  void runAfterPipeline(std::optional<OperationName> name,
                        const PipelineParentInfo &parentInfo) override;
  void runBeforePass(Pass *pass, Operation *op) override;
  void runAfterPass(Pass *pass, Operation *op) override;
  void runAfterPassFailed(Pass *pass, Operation *op) override;

private:
  /// The IR a pass left on one op, as the snapshot of the next pass on that
  /// op would see it: the walk after a pass builds it, so that a pipeline
  /// walks its IR once per pass, not twice.
  struct Successor {
    Pass *after = nullptr;
    Operation *op = nullptr;
    /// Null when the accounting changed the IR after the walk.
    std::unique_ptr<Snapshot> snapshot;
  };

  bool isAccounted(Pass *pass) const;
  std::unique_ptr<Snapshot> takeSnapshot(Operation *root,
                                         bool recordsOnly) const;
  std::unique_ptr<Snapshot> take(Pass *pass, Operation *op);
  std::unique_ptr<Snapshot> takeSuccessor(Pass *pass, Operation *op);
  void setSuccessor(Pass *pass, Operation *op,
                    std::unique_ptr<Snapshot> snapshot);

  tg::OriginAccountingOptions options;
  /// Nested pass managers run a pass on many ops at once, each on its
  /// thread: one snapshot per (pass, op).
  std::mutex mutex;
  /// Origins in the last snapshot: the next one reserves that much.
  std::atomic<size_t> lastSize{0};
  llvm::DenseMap<std::pair<Pass *, Operation *>, std::unique_ptr<Snapshot>>
      snapshots;
  /// The IR the last pass on each thread left, if no pass or pipeline has
  /// started on that thread since.
  llvm::DenseMap<uint64_t, Successor> successors;
  /// The pass that ran right before each pass (null: none, or another op)
  /// the first time it ran. A snapshot is reused only where that order
  /// holds again: a second run of the same pass manager starts with a pass
  /// whose predecessor was none, and the IR may have changed in between.
  llvm::DenseMap<Pass *, Pass *> predecessors;
};

} // namespace

bool OriginAccounting::isAccounted(Pass *pass) const {
  // The adaptor running a nested pass manager is no pass of its own: the
  // passes it runs are accounted for one by one.
  if (pass->getArgument().empty() &&
      pass->getName().contains("OpToOpPassAdaptor"))
    return false;
  return !llvm::is_contained(options.exemptPasses, pass->getArgument());
}

std::unique_ptr<Snapshot>
OriginAccounting::takeSnapshot(Operation *root, bool recordsOnly) const {
  SnapshotBuilder builder(root, recordsOnly, options.terminators,
                          lastSize.load(std::memory_order_relaxed));
  auto visit = [&](Operation *op) { builder.visit(op); };
  walkPostOrder(root, visit);
  return builder.take();
}

void OriginAccounting::runBeforePipeline(std::optional<OperationName>,
                                         const PipelineParentInfo &) {
  // A pipeline on a nested op starts: what this thread's last pass left
  // belongs to another op, which other threads and passes may change.
  std::lock_guard<std::mutex> lock(mutex);
  successors.erase(llvm::get_threadid());
}

void OriginAccounting::runAfterPipeline(std::optional<OperationName>,
                                        const PipelineParentInfo &) {
  std::lock_guard<std::mutex> lock(mutex);
  successors.erase(llvm::get_threadid());
}

std::unique_ptr<Snapshot> OriginAccounting::takeSuccessor(Pass *pass,
                                                          Operation *op) {
  std::lock_guard<std::mutex> lock(mutex);
  Successor last;
  auto it = successors.find(llvm::get_threadid());
  if (it != successors.end()) {
    last = std::move(it->second);
    successors.erase(it);
  }
  Pass *before = last.op == op ? last.after : nullptr;
  auto [order, first] = predecessors.try_emplace(pass, before);
  if (!before || order->second != before)
    return nullptr;
  return std::move(last.snapshot);
}

void OriginAccounting::setSuccessor(Pass *pass, Operation *op,
                                    std::unique_ptr<Snapshot> snapshot) {
  std::lock_guard<std::mutex> lock(mutex);
  successors[llvm::get_threadid()] = {pass, op, std::move(snapshot)};
}

void OriginAccounting::runBeforePass(Pass *pass, Operation *op) {
  std::unique_ptr<Snapshot> snapshot = takeSuccessor(pass, op);
  if (!isAccounted(pass))
    return;
  bool recordsOnly =
      llvm::is_contained(options.recordsOnlyPasses, pass->getArgument());
  if (!snapshot || recordsOnly)
    snapshot = takeSnapshot(op, recordsOnly);
  lastSize.store(snapshot->origins.size(), std::memory_order_relaxed);
  std::lock_guard<std::mutex> lock(mutex);
  snapshots[{pass, op}] = std::move(snapshot);
}

std::unique_ptr<Snapshot> OriginAccounting::take(Pass *pass, Operation *op) {
  std::lock_guard<std::mutex> lock(mutex);
  auto it = snapshots.find({pass, op});
  if (it == snapshots.end())
    return nullptr;
  std::unique_ptr<Snapshot> snapshot = std::move(it->second);
  snapshots.erase(it);
  return snapshot;
}

void OriginAccounting::runAfterPass(Pass *pass, Operation *op) {
  std::unique_ptr<Snapshot> snapshot = take(pass, op);
  if (!snapshot) {
    setSuccessor(pass, op, nullptr);
    return;
  }
  // What the IR holds now, of what it held before: each origin's first
  // holder (null when only a record names it), and the records. Lookups
  // only: origins the pass created are no concern of the accounting.
  size_t numOrigins = snapshot->origins.size();
  llvm::BitVector found(numOrigins);
  std::vector<Operation *> holders(numOrigins, nullptr);
  llvm::DenseSet<Location> presentRecords;
  SmallVector<Location> scratch;
  // Call-site origins the pass made, each with its first holder: where an
  // inlining carried the origins of the ops it inlined (markInlined).
  tg::InlinedOrigins made;
  std::vector<Operation *> madeHolders;
  // The walk meets the origins in the snapshot's order where the pass kept
  // them: the next one expected is compared first, the index (a cache miss
  // in a table of a few MB) asked only when it is another.
  size_t expected = 0;
  auto mark = [&](Location origin, Operation *holder) {
    size_t position = expected;
    if (position >= numOrigins || snapshot->origins[position].first != origin) {
      auto it = snapshot->originIndex.find(origin);
      if (it == snapshot->originIndex.end()) {
        if (isa<CallSiteLoc>(origin) && made.add(origin) == madeHolders.size())
          madeHolders.push_back(holder);
        return;
      }
      position = it->second;
    }
    if (found.test(position))
      return;
    found.set(position);
    holders[position] = holder;
    expected = position + 1;
  };
  // The walk that finds them also builds the next pass's snapshot: on one
  // thread, one walk does both; on two, each walks the IR for one of them.
  SnapshotBuilder next(op, /*recordsOnly=*/false, options.terminators,
                       numOrigins);
  Location last = UnknownLoc::get(op->getContext());
  auto check = [&](Operation *nested) {
    Location loc = nested->getLoc();
    if (loc == last)
      return;
    last = loc;
    forEachRecord(loc, [&](Location record, const tg::RemovedOrigin &removed) {
      presentRecords.insert(record);
      SmallVector<Location> inner;
      forEachOrigin(removed.origin, inner,
                    [&](Location origin) { mark(origin, nullptr); });
    });
    if (nested != op)
      forEachOrigin(loc, scratch,
                    [&](Location origin) { mark(origin, nested); });
  };
  auto build = [&](Operation *nested) { next.visit(nested); };
  MLIRContext *ctx = op->getContext();
  if (ctx->isMultithreadingEnabled() && numOrigins >= kParallelWalkOrigins &&
      ctx->getThreadPool().getMaxConcurrency() > 1) {
    // Both walks only read the IR, and each writes state of its own. The
    // check is offered to the pool and claimed by whoever gets to it first:
    // a worker, or this thread once its own walk is done. This thread waits
    // only for a check already running, never on the pool's queue: it holds
    // the pass manager's instrumentation lock, and waiting on the pool
    // could run (or wait behind) pipelines of other ops that need it.
    struct Offer {
      std::atomic<bool> claimed{false};
      std::promise<void> done;
    };
    auto offer = std::make_shared<Offer>();
    std::future<void> done = offer->done.get_future();
    auto runCheck = [&] { walkPostOrder(op, check); };
    (void)ctx->getThreadPool().async([offer, runCheck] {
      // The captured references are used only when this task claims the
      // check, while the thread that offered it waits.
      if (offer->claimed.exchange(true))
        return;
      runCheck();
      offer->done.set_value();
    });
    walkPostOrder(op, build);
    if (!offer->claimed.exchange(true))
      runCheck();
    else
      done.wait();
  } else {
    auto both = [&](Operation *nested) {
      build(nested);
      check(nested);
    };
    walkPostOrder(op, both);
  }
  markInlined(*snapshot, made, madeHolders, found, holders);
  StringRef name =
      pass->getArgument().empty() ? pass->getName() : pass->getArgument();
  bool changed = Resolver(*snapshot, op, name, options.maxOrigins)
                     .run(found, holders, presentRecords);
  setSuccessor(pass, op, changed ? nullptr : next.take());
}

void OriginAccounting::runAfterPassFailed(Pass *pass, Operation *op) {
  take(pass, op);
  std::lock_guard<std::mutex> lock(mutex);
  successors.erase(llvm::get_threadid());
}

std::unique_ptr<PassInstrumentation>
tg::createOriginAccounting(const OriginAccountingOptions &options) {
  return std::make_unique<OriginAccounting>(options);
}

void tg::addOriginAccounting(PassManager &pm,
                             const OriginAccountingOptions &options) {
  // Records are tg attributes; a pass cannot load a dialect while the pass
  // manager runs on several threads.
  pm.getContext()->getOrLoadDialect<tg::TGDialect>();
  pm.addInstrumentation(createOriginAccounting(options));
}
