//===- LocationPreservingListener.h - Rewrites keeping origins --*- C++ -*-===//
//
// A rewrite listener and helpers that make any pattern set keep the source
// locations of the ops it replaces or merges, and record which new ops now
// compute which original ops (the provenance map).
//
// Attach it to the greedy driver or to the dialect-conversion driver:
//
//   tg::LocationPreservingListener listener;
//   listener.snapshotNames(module);          // optional: stable origin names
//   GreedyRewriteConfig config;
//   config.setListener(&listener);
//   (void)applyPatternsGreedily(module, std::move(patterns), config);
//   listener.finalize();
//
//   ConversionConfig conversionConfig;
//   conversionConfig.listener = &listener;
//   (void)applyPartialConversion(module, target, std::move(patterns),
//                                conversionConfig);
//   listener.finalize();
//
// or to a rewriter of your own (`IRRewriter rewriter(ctx, &listener)`).
//
// Rules. An op leaves the IR in one of three ways, and each keeps its origin:
//
// 1. Replaced by new ops: every op created during the session that defines
//    one of X's replacement values gets X's origins merged into its
//    location, and so does every op created during the session that feeds
//    such an op and holds no origin yet (the rest of a decomposition).
// 2. Replaced by an existing value or op (CSE, a fold to an operand or to an
//    existing constant): the *survivor*, the op defining the replacement
//    value, gains X's origins. MLIR's folder resets the location of a
//    constant it reuses to `unknown` after notifying the replacement (the fix
//    for llvm-project #74670); `finalize` puts every holder's origins back.
//    An op nested in a replaced op whose replacement is an equivalent op
//    with regions (CSE of `scf.if`) goes to its twin in the kept regions.
//    An op whose results fed the root of a pattern application and that dies
//    afterwards (the producer of a fusion, the inner op of a folded chain)
//    is absorbed by the ops that application created. When an op is erased
//    inside a pattern application without replacement values, its origins
//    go to the ops created by that application whose location already lists
//    them, or else to every op it created.
// Terminators count only with `Options::terminators` (the drop-ins set it):
// otherwise an erased terminator computes nothing and loses no origin.
//
// 3. Erased as dead, or replaced by a block argument: nothing computes it
//    any more. `finalize` reports it by `getDroppedOrigins()`, and
//    `recordRemovedOrigins` records it as `eliminated` (with the pass) on the
//    location of the op the pass runs on (see `#tg.origin_record`).
//
// Bounded merging: with `maxOrigins` = N > 0 an op's location lists at most
// N origins; the others are counted as `merged` records (into that op),
// never dropped silently, and a holder's location stops growing at N, so
// merging K duplicates costs O(K), not O(K^2).
//
// Merged locations are `FusedLoc`s of the full origin locations (call-site
// chains intact), flattened and deduplicated, the op's own origins first and
// then the others in the order the rewrite replaced them. Metadata on the
// op's own fused location (e.g. `#tg.kernel<...>`) is kept. Use
// `getFusedLoc`/`mergeOps` to give merged ops their origins in program order.
//
//===----------------------------------------------------------------------===//

#ifndef TG_PASSES_LOCATIONPRESERVINGLISTENER_H
#define TG_PASSES_LOCATIONPRESERVINGLISTENER_H

#include "mlir/IR/PatternMatch.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SetVector.h"

#include <optional>
#include <string>

namespace tg {

//===----------------------------------------------------------------------===//
// Location helpers
//===----------------------------------------------------------------------===//

/// The location of an op that computes everything `locs` stand for: the
/// origins of each (see `tg::getOrigins`), flattened, deduplicated, in order,
/// unknown locations dropped. With one origin and no metadata this is that
/// origin itself; otherwise `fused<metadata>[origins...]`. Returns an unknown
/// location when nothing is known and no metadata is given.
mlir::Location fuseOrigins(llvm::ArrayRef<mlir::Location> locs,
                           mlir::Attribute metadata, mlir::MLIRContext *ctx);

/// `fuseOrigins` of the locations of `ops`, in the order given.
mlir::Location getFusedLoc(llvm::ArrayRef<mlir::Operation *> ops,
                           mlir::Attribute metadata = {});

/// `into` with the origins of `from` appended; metadata of `into` (when it
/// is a fused location whose metadata is not a call frame) is kept.
mlir::Location mergeLocations(mlir::Location into, mlir::Location from);

/// Replaces `op` by the results of `newOp` and gives `newOp` the merge of its
/// own location and `op`'s (for a 1-to-1 rewrite outside any listener).
void replaceOpWithFusedLoc(mlir::RewriterBase &rewriter, mlir::Operation *op,
                           mlir::Operation *newOp);

/// Merges `ops` (one block, program order) into `newOp`: `newOp`'s location
/// becomes the fused location of `ops` (plus its own metadata), then the
/// results of `ops` that are used outside `ops` are replaced, in order (op
/// order, then result number), by the results of `newOp`, and every op of
/// `ops` is erased, last first. Fails without changing anything when the
/// numbers of escaping results and of `newOp` results differ.
mlir::LogicalResult mergeOps(mlir::RewriterBase &rewriter,
                             llvm::ArrayRef<mlir::Operation *> ops,
                             mlir::Operation *newOp);

/// The results of `ops` used by an op outside `ops` (nested users count as
/// their ancestor in the block), in op order then result number.
llvm::SmallVector<mlir::Value>
getEscapingResults(llvm::ArrayRef<mlir::Operation *> ops);

/// A stable name for every op under `root` that has no `tg.debug_handle`:
/// `<graph>/<op name>#<n>`, n counting ops of the same name in the graph in
/// walk order (`ResNet::forward/aten::relu#2`); ops outside graphs are named
/// after the module. Ops with a handle are named `handle:<n>`.
void assignStableNames(mlir::Operation *root,
                       llvm::DenseMap<mlir::Operation *, std::string> &names);

/// The name of `op` as the provenance map records it: `handle:<n>` when it has
/// a `tg.debug_handle`, else its operator name and location.
std::string getOriginName(mlir::Operation *op);

//===----------------------------------------------------------------------===//
// LocationPreservingListener
//===----------------------------------------------------------------------===//

/// One original op that a rewrite replaced or erased.
struct OriginRecord {
  /// `handle:<n>`, a stable name from `snapshotNames`, or `getOriginName`.
  std::string name;
  /// The operator: `aten::relu` for a tg.op, else the op name (`arith.addi`).
  std::string opName;
  /// Its full location when it was replaced.
  mlir::Location loc;
  /// Why it is dropped, when no op holds it any more; empty otherwise.
  std::string droppedReason;
};

class LocationPreservingListener
    : public mlir::RewriterBase::ForwardingListener {
public:
  struct Options {
    /// Rewrite the locations of new ops (off: only record provenance).
    bool updateLocations = true;
    /// Name each origin when it is recorded (printing its location when it
    /// has neither a handle nor a snapshot name). Off: names stay empty,
    /// which saves that cost on large rewrites.
    bool recordNames = true;
    /// The pass named by the origin records (`tg-cse`).
    std::string passName = "rewrite";
    /// At most this many origins in one op's location; 0: no bound. The
    /// default is the measured one of docs/upstream-transforms.md.
    unsigned maxOrigins = kDefaultMaxOrigins;
    /// Keep the origins of terminators (`scf.yield`, `scf.reduce`,
    /// `func.return`) as any op's. Off, a terminator computes nothing and an
    /// erased one loses no origin (a fusion dropping its producer's yield).
    bool terminators = false;

    /// The options of a location-preserving drop-in pass: records name the
    /// pass, merges are bounded by its `max-origins`, origins are not named
    /// (names are for provenance maps; records carry locations), and
    /// terminators count, as for `--tg-account-origins` (so that
    /// `--tg-snapshot-origins=terminators=true` finds every one of them).
    static Options forPass(llvm::StringRef passName, unsigned maxOrigins) {
      Options options;
      options.passName = passName.str();
      options.maxOrigins = maxOrigins;
      options.recordNames = false;
      options.terminators = true;
      return options;
    }
  };
  static constexpr unsigned kDefaultMaxOrigins = 64;

  /// `next` (optional) receives every notification after this listener.
  explicit LocationPreservingListener(
      mlir::OpBuilder::Listener *next = nullptr);
  LocationPreservingListener(Options options,
                             mlir::OpBuilder::Listener *next = nullptr);

  /// Names every op under `root` with `assignStableNames` so that origins are
  /// recorded under stable names. Call before rewriting.
  void snapshotNames(mlir::Operation *root);

  /// Remembers the location of every constant-like op under `root`. MLIR's
  /// folder hoists and deduplicates constants without notifying listeners,
  /// and resets their location to `unknown` when it does; `finalize` gives
  /// each surviving constant its remembered origins back. The drop-ins call
  /// it before running their driver.
  void snapshotConstants(mlir::Operation *root);

  /// Resolves origins erased outside any pattern application against the
  /// locations of the live new ops, and gives every holder its origins
  /// (within `maxOrigins`). Call once the driver has returned.
  void finalize();

  /// After `finalize`: appends an `eliminated` record for every dropped
  /// origin and a `merged` record for every origin over a holder's bound to
  /// the location of `anchor` (the op the pass runs on). Returns the number
  /// of records. Afterwards no origin is dropped.
  unsigned recordRemovedOrigins(mlir::Operation *anchor);

  /// Origins over the bound, after `finalize`: (origin location, op name,
  /// holder). Counted, and recorded by `recordRemovedOrigins`.
  struct Overflow {
    mlir::Location origin;
    std::string opName;
    mlir::Operation *holder;
  };
  llvm::ArrayRef<Overflow> getOverflow() const { return overflow; }

  /// Groups what happens until `endGroup` as one rewrite (the greedy driver
  /// does this per pattern through notifyPatternBegin/End).
  void beginGroup();
  void endGroup();

  /// Every original op replaced or erased so far, and every survivor's own
  /// origin (an existing op that gained others'), in event order.
  llvm::ArrayRef<OriginRecord> getOrigins() const { return origins; }
  /// The origins (indices into `getOrigins()`) that `op`, a live op created
  /// during the session or a survivor, now computes.
  llvm::ArrayRef<unsigned> getOriginsOf(mlir::Operation *op) const;
  /// The live ops that now compute origin `index`: the reverse of
  /// `getOriginsOf`. New ops in creation order, then survivors in the order
  /// they first gained an origin.
  llvm::SmallVector<mlir::Operation *> getHolders(unsigned index) const;
  /// Origins no live op holds, with the reason.
  llvm::SmallVector<unsigned> getDroppedOrigins() const;
  /// Live ops created during the session, in creation order.
  llvm::SmallVector<mlir::Operation *> getNewOps() const;

  // RewriterBase::Listener
  void notifyOperationInserted(mlir::Operation *op,
                               mlir::OpBuilder::InsertPoint previous) override;
  void notifyOperationReplaced(mlir::Operation *op,
                               mlir::ValueRange replacement) override;
  /// CSE notifies this overload; ForwardingListener would pass it on
  /// without going through the ValueRange overload above.
  void notifyOperationReplaced(mlir::Operation *op,
                               mlir::Operation *replacement) override;
  void notifyOperationErased(mlir::Operation *op) override;
  void notifyBlockInserted(mlir::Block *block, mlir::Region *previous,
                           mlir::Region::iterator previousIt) override;
  void notifyPatternBegin(const mlir::Pattern &pattern,
                          mlir::Operation *op) override;
  void notifyPatternEnd(const mlir::Pattern &pattern,
                        mlir::LogicalResult status) override;

private:
  /// The origins `op` stands for: what it holds when it is a new op, else a
  /// new record for it.
  llvm::SmallVector<unsigned> takeOrigins(mlir::Operation *op);
  /// Gives `ids` to `holder`, merging `loc` (the giver's location) into
  /// its location; `giver`, when one op gives, is the op that held them.
  void give(mlir::Operation *holder, llvm::ArrayRef<unsigned> ids,
            mlir::Location loc, mlir::Operation *giver = nullptr);
  /// Merges `loc`'s origins into `holder`'s location, within the bound.
  void mergeInto(mlir::Operation *holder, mlir::Location loc);
  /// Gives the origins of a dead op that fed a pattern's root to the ops
  /// that pattern created; false when there are none left.
  bool giveToAbsorbers(mlir::Operation *op, llvm::ArrayRef<unsigned> ids);
  void forget(mlir::Operation *op);
  /// Pairs the ops nested in `op` with those at the same places in `twin`,
  /// an equivalent op that replaced it.
  void mapTwins(mlir::Operation *op, mlir::Operation *twin);
  /// Gives `ids` to the ops of `candidates` whose location lists them, or
  /// else to all of `fallback`; returns the ids left over.
  llvm::SmallVector<unsigned>
  resolveErased(llvm::ArrayRef<unsigned> ids,
                llvm::ArrayRef<mlir::Operation *> candidates,
                llvm::ArrayRef<mlir::Operation *> fallback);
  bool isTopLevelNew(mlir::Operation *op) const;
  /// Forgets the ops of `candidates` built in a region of no op (see
  /// `bornDetached`) that no other op of `candidates` holds any more: what
  /// they were given goes to `erased`. Returns whether any was forgotten.
  bool forgetFreedUnseen(llvm::ArrayRef<mlir::Operation *> candidates,
                         llvm::SmallVectorImpl<unsigned> &erased);

  Options options;
  std::vector<OriginRecord> origins;
  llvm::DenseMap<mlir::Operation *, std::string> stableNames;
  /// Live ops created during the session: their creation index, and the
  /// ops by index (null once erased, so that erasing stays O(1)).
  llvm::DenseMap<mlir::Operation *, unsigned> newIndex;
  std::vector<mlir::Operation *> newList;
  bool isNew(mlir::Operation *op) const { return newIndex.count(op); }
  /// What each new op computes.
  llvm::DenseMap<mlir::Operation *, llvm::SmallVector<unsigned, 2>> held;
  /// The same as sets, for holders of many origins.
  llvm::DenseMap<mlir::Operation *, llvm::DenseSet<unsigned>> heldSets;
  /// Constant-like ops and their locations before the driver ran.
  llvm::DenseMap<mlir::Operation *, mlir::Location> constantLocs;
  std::vector<mlir::Operation *> constantOrder;
  /// Holders whose location reached `maxOrigins`, with that location.
  llvm::DenseMap<mlir::Operation *, mlir::Location> fullAt;
  /// Holders whose location lists everything they were given, with that
  /// location: finalize() skips them while the location is unchanged.
  llvm::DenseMap<mlir::Operation *, mlir::Location> settled;
  /// Holders whose location was changed outside the listener (MLIR's folder
  /// resets a hoisted or reused constant's to unknown) or given origins by a
  /// giver whose location was reset: whatever `settled` says, finalize()
  /// rebuilds their location from what they hold.
  llvm::DenseSet<mlir::Operation *> rebuild;
  /// Without a bound: the origins of a holder's location `at`, so that a
  /// merge of origins it already lists (every op a kernel replaces) costs
  /// the merged location's size, not the holder's. A pure function of `at`.
  struct KnownOrigins {
    mlir::Location at;
    llvm::DenseSet<mlir::Location> origins;
  };
  llvm::DenseMap<mlir::Operation *, KnownOrigins> knownOrigins;
  static constexpr size_t kMinOriginsForTable = 64;
  /// Ops already handled by notifyOperationReplaced, awaiting their erasure.
  llvm::DenseSet<mlir::Operation *> replaced;
  /// The current group: ops it created and origins erased in it.
  unsigned groupDepth = 0;
  llvm::SetVector<mlir::Operation *> groupOps;
  llvm::SmallVector<unsigned> groupErased;
  /// Origins erased outside any group, resolved by `finalize`.
  llvm::SmallVector<unsigned> pendingErased;
  /// Ops that hold origins, in the order they first did (for deterministic
  /// finalization; entries of erased ops are skipped).
  std::vector<mlir::Operation *> holderOrder;
  /// The root of the current pattern application and the ops defining its
  /// operands when it began.
  mlir::Operation *groupRoot = nullptr;
  llvm::SmallVector<mlir::Operation *, 4> groupRootProducers;
  /// Producers of a rewritten root, by the creation indices of the ops that
  /// rewrite created: they absorb the producer if it dies.
  llvm::DenseMap<mlir::Operation *, llvm::SmallVector<unsigned, 2>> absorbers;
  std::vector<Overflow> overflow;
  /// Ops of a replaced op's regions, and their twins in its replacement.
  llvm::DenseMap<mlir::Operation *, mlir::Operation *> twins;
  /// New ops inserted into a region of no op (an op's body built before
  /// the op is: `scf.forall`'s implicit terminator) and not seen attached
  /// since. A pattern may free such a region without notification
  /// (upstream's ForallOpSingleOrZeroIterationDimsFolder clears the body
  /// its builder made), as MLIR's greedy driver, which never tracks ops
  /// outside the IR, tolerates: they are checked before they are read.
  llvm::DenseSet<mlir::Operation *> bornDetached;
};

} // namespace tg

#endif // TG_PASSES_LOCATIONPRESERVINGLISTENER_H
