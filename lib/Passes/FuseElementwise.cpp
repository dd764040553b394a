//===- FuseElementwise.cpp - Fuse elementwise ops into kernels ------------===//
//
// Groups connected pointwise and reduction tg.op ops of one block into
// tg.kernel ops whose location lists every origin. See TGFuseElementwise in
// Passes.td for the contract and docs/fusion.md for how the rules compare
// with Inductor's scheduler.
//
//===----------------------------------------------------------------------===//

#include "tg/IR/LayoutOps.h"
#include "tg/IR/LinearIndex.h"
#include "tg/IR/NearestIndex.h"
#include "tg/IR/TGOps.h"
#include "tg/Passes/Decompositions.h"
#include "tg/Passes/LocationPreservingListener.h"
#include "tg/Passes/OptionChecks.h"
#include "tg/Passes/Passes.h"

#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/ADT/EquivalenceClasses.h"
#include "llvm/ADT/StringSet.h"

namespace tg {
#define GEN_PASS_DEF_TGFUSEELEMENTWISE
#include "tg/Passes/Passes.h.inc"
} // namespace tg

using namespace mlir;
using namespace tg;

namespace {

/// The default pointwise set: pointwise aten operators and their in-place
/// forms, as Inductor fuses them into pointwise kernels (what
/// `--tg-decompose` produces included). Every one of them is lowered by
/// --tg-extract-kernels (lib/Conversion/TGToLinalg/TGToLinalg.cpp).
constexpr llvm::StringLiteral kDefaultOps[] = {
    "add",         "sub",        "mul",       "div",        "neg",
    "relu",        "sigmoid",    "tanh",      "gelu",       "silu",
    "exp",         "log",        "sqrt",      "rsqrt",      "abs",
    "hardtanh",    "clamp",      "clamp_min", "clamp_max",  "pow",
    "relu6",       "leaky_relu", "elu",       "softplus",   "erf",
    "hardsigmoid", "hardswish",  "mish",      "reciprocal", "square",
    "log1p",       "expm1",      "sin",       "cos",        "minimum",
    "maximum",     "where",      "eq",        "ne",         "lt",
    "le",          "gt",         "ge",        "logical_not"};

} // namespace

llvm::ArrayRef<llvm::StringLiteral> tg::getDefaultPointwiseOperators() {
  return kDefaultOps;
}

namespace {

/// The default reductions: Inductor's reduction kernels of the decomposed
/// norms and softmax, and of means written in models (`x.mean([2, 3])`).
/// Each reduces its first operand over the constant dims of its second
/// (`aten::mean(x, [-1], keepdim, dtype)`).
constexpr llvm::StringLiteral kDefaultReductions[] = {"mean", "sum", "amax",
                                                      "amin"};

/// Layout ops (tg/IR/LayoutOps.h) fuse into kernels: they change the index a
/// value is read at, not the value (Inductor folds views into its kernels'
/// indexing, and lowers nearest upsampling and pixel shuffles to indexing
/// too). A group of layout ops alone is no kernel: it would only copy.

/// What a reduction reduces: the type of its input and the dims, made
/// non-negative when the rank is known. A kernel holds reductions of one
/// domain only, as an Inductor reduction kernel has one reduction range.
using ReductionDomain = std::pair<Type, Attribute>;

/// One fusion group of a block, in program order.
struct Group {
  SmallVector<Operation *> ops;
  /// Pre-order position of the last op (where the kernel goes) among the ops
  /// the collection walk visits: kernels are numbered in this order.
  unsigned anchorPos = 0;
};

/// What the single collection walk over the module gathers.
struct Collection {
  /// Groups of every block outside kernels (sorted by `anchorPos` once the
  /// walk is done).
  SmallVector<Group> groups;
  /// Names of the kernels already in the module.
  llvm::StringSet<> taken;
  /// The next pre-order position.
  unsigned nextPos = 0;
  /// Operator names known to be elementwise or not.
  DenseMap<StringAttr, bool> elementwiseNames;
  /// Ops that stay out of kernels whatever their operator (getPinnedOps).
  DenseSet<Operation *> pinned;
};

/// An elementwise op of a block, in program order, with its group and
/// position: the groups are assembled from a list of these rather than from
/// a second pass over the block, which at 1M ops costs a cache miss per op.
struct Member {
  Operation *op;
  /// Group id; its rank once the groups are ordered.
  unsigned group;
  unsigned pos;
};

/// Union-find over group ids, with a "closed" flag and the reduction domain
/// (if the group holds a reduction) per root.
struct GroupSets {
  SmallVector<unsigned> parent;
  SmallVector<bool> closed;
  SmallVector<std::optional<ReductionDomain>> domain;
  unsigned make() {
    parent.push_back(parent.size());
    closed.push_back(false);
    domain.emplace_back();
    return parent.size() - 1;
  }
  unsigned find(unsigned g) {
    while (parent[g] != g)
      g = parent[g] = parent[parent[g]];
    return g;
  }
  void unite(unsigned into, unsigned other) {
    parent[find(other)] = find(into);
  }
};

struct FuseElementwisePass
    : public tg::OptionCheckedPass<FuseElementwisePass,
                                   tg::impl::TGFuseElementwiseBase> {
  using OptionCheckedPass::OptionCheckedPass;

  LogicalResult initialize(MLIRContext *ctx) override {
    elementwise.clear();
    reductions.clear();
    if (ops.empty()) {
      for (StringRef name : kDefaultOps) {
        elementwise.insert(("aten::" + name).str());
        elementwise.insert(("aten::" + name + "_").str());
      }
      for (StringRef name : kDefaultReductions)
        reductions.insert(("aten::" + name).str());
    }
    for (const std::string &name : ops)
      elementwise.insert(name);
    for (const std::string &name : reductionOps) {
      elementwise.erase(name);
      reductions.insert(name);
    }
    return success();
  }

  /// What in the options cannot run: checked where the pipeline is parsed
  /// and again when the pass runs (OptionChecks.h).
  tg::OptionsError getOptionsError() {
    // `ops=` with no name parsed as no list, the default set: a list the
    // user emptied must not fuse everything. An options struct from C++
    // leaves no occurrence, and its empty list is the default.
    auto checkList = [&](ListOption<std::string> &list) -> tg::OptionsError {
      if (list.empty() && list.getNumOccurrences())
        return ("tg-fuse-elementwise: " + list.getArgStr() +
                "= needs at least one operator name (leave it out for the "
                "default set)")
            .str();
      if (llvm::is_contained(*list, ""))
        return ("tg-fuse-elementwise: empty operator name in " +
                list.getArgStr() + "=")
            .str();
      return std::nullopt;
    };
    if (tg::OptionsError error = checkList(ops))
      return error;
    if (tg::OptionsError error = checkList(reductionOps))
      return error;
    if (minSize == 0)
      return std::string("tg-fuse-elementwise: 'min-size' must be at least 1");
    return std::nullopt;
  }

  /// Whether `op` is a tg.op of an elementwise operator, without bodies and
  /// with results. `cache` remembers the answer per (uniqued) operator name:
  /// it is asked for every operand, and probing a map of a few dozen
  /// pointers is cheaper than hashing the name's text.
  bool isElementwise(Operation *op, DenseMap<StringAttr, bool> &cache) const {
    auto traced = dyn_cast<TracedOp>(op);
    if (!traced || !traced.getBodies().empty() || !traced->getNumResults())
      return false;
    auto [it, inserted] = cache.try_emplace(traced.getNameAttr(), false);
    if (inserted)
      it->second = elementwise.contains(traced.getName()) ||
                   reductions.contains(traced.getName()) ||
                   (fuseLayout && (tg::isLayoutOpName(traced.getName()) ||
                                   tg::isLinearUpsampleName(traced.getName())));
    if (!it->second || !computesTensors(op))
      return false;
    // `torch.where(condition)` is `nonzero(condition, as_tuple=True)`: the
    // indices of the true elements, as many as there are. Only the
    // three-operand select is pointwise.
    if (traced.getName() == "aten::where" && op->getNumOperands() != 3)
      return false;
    if (reductions.contains(traced.getName()))
      return getDomain(op).has_value();
    if (isLayout(op))
      return hasConstantIndices(op);
    // Linear upsampling computes (a weighted sum of its taps), so it counts
    // as an op; its taps are read at an affine index, like a layout op's
    // operand, where ATen's index is one (LinearIndex.h).
    if (tg::isLinearUpsampleName(traced.getName()))
      return tg::getLinearUpsampleAxes(op).has_value();
    return true;
  }

  static bool isLayout(Operation *op) {
    auto traced = dyn_cast<TracedOp>(op);
    return traced && tg::isLayoutOpName(traced.getName());
  }

  /// Whether a layout op can be read through: its tensor and its result
  /// have static types (the lowering computes the index from them) and its
  /// other operands (dims, shapes, bounds) are constants.
  static bool hasConstantIndices(Operation *op) {
    auto from = dyn_cast<RankedTensorType>(op->getOperand(0).getType());
    auto to = dyn_cast<RankedTensorType>(op->getResult(0).getType());
    if (!from || !to || !from.hasStaticShape() || !to.hasStaticShape())
      return false;
    // Nearest upsampling: its scales decide the index, and only some are
    // affine (NearestIndex.h). Its output size must be a constant too, as
    // every operand of a layout op: a kernel would take it as a scalar input.
    if (tg::isNearestUpsampleName(cast<TracedOp>(op).getName()) &&
        !tg::getNearestUpsampleAxes(op))
      return false;
    return llvm::all_of(op->getOperands().drop_front(), [](Value operand) {
      return operand.getDefiningOp<ConstantOp>() != nullptr;
    });
  }

  /// The domain of a reduction op: its first operand's type and the
  /// constant dims of its second (a `tg.constant` list or int, or None for
  /// every dim of a ranked input); none for an op that is not a reduction or
  /// whose dims are not constant.
  std::optional<ReductionDomain> getDomain(Operation *op) const {
    auto traced = dyn_cast<TracedOp>(op);
    if (!traced || !reductions.contains(traced.getName()) ||
        op->getNumOperands() < 1 || !isTensorType(op->getOperand(0).getType()))
      return std::nullopt;
    Type input = op->getOperand(0).getType();
    auto ranked = dyn_cast<RankedTensorType>(input);
    SmallVector<int64_t> dims;
    Attribute value;
    if (op->getNumOperands() >= 2)
      if (auto cst = op->getOperand(1).getDefiningOp<ConstantOp>())
        value = cst.getValue();
    if (auto list = dyn_cast_or_null<ArrayAttr>(value)) {
      for (Attribute element : list) {
        auto integer = dyn_cast<IntegerAttr>(element);
        if (!integer)
          return std::nullopt;
        dims.push_back(integer.getInt());
      }
    } else if (auto integer = dyn_cast_or_null<IntegerAttr>(value)) {
      dims.push_back(integer.getInt());
    } else if (ranked && (op->getNumOperands() == 1 ||
                          isa_and_nonnull<UnitAttr>(value))) {
      for (int64_t i = 0; i < ranked.getRank(); ++i)
        dims.push_back(i);
    } else {
      return std::nullopt;
    }
    if (ranked) {
      for (int64_t &dim : dims) {
        if (dim < -ranked.getRank() || dim >= ranked.getRank())
          return std::nullopt;
        if (dim < 0)
          dim += ranked.getRank();
      }
      llvm::sort(dims);
      dims.erase(std::unique(dims.begin(), dims.end()), dims.end());
    }
    Builder b(op->getContext());
    return ReductionDomain(input, b.getI64ArrayAttr(dims));
  }

  /// Whether `op` reads a tensor and produces only tensors. An operator name
  /// says nothing about types: TorchScript's `aten::add` also adds ints
  /// (sizes), lists and strings, and `aten::mul` multiplies sizes; none of
  /// that belongs in a kernel.
  static bool computesTensors(Operation *op) {
    return llvm::all_of(op->getResultTypes(), isTensorType) &&
           llvm::any_of(op->getOperandTypes(), isTensorType);
  }
  static bool isTensorType(Type type) {
    return isa<TracedTensorType, TensorType>(type);
  }

  void collectGroups(Block &block, Collection &collection);
  static std::optional<unsigned>
  joinGroups(GroupSets &sets, ArrayRef<std::optional<unsigned>> used,
             std::optional<ReductionDomain> domain);
  void appendGroups(MutableArrayRef<Member> members, GroupSets &sets,
                    Collection &collection);
  std::string kernelBaseName(const Group &group);
  LogicalResult fuse(IRRewriter &rewriter, LocationPreservingListener &listener,
                     Group &group, StringRef name);
  void runOnOperation() override;

  llvm::StringSet<> elementwise;
  llvm::StringSet<> reductions;
};

} // namespace

/// Whether `value` is storage no other value shares: an op's result in
/// `block` read once, computed by an op that returns fresh storage, or by an
/// in-place op on such a value (`relu_(add_(x, y))`).
static bool isExclusive(Value value, Block &block) {
  auto def = value.getDefiningOp<TracedOp>();
  if (!def || def->getBlock() != &block || !value.hasOneUse())
    return false;
  if (!mayReturnAlias(def))
    return true;
  return isInPlaceOperator(def.getName()) && def->getNumOperands() &&
         isExclusive(def->getOperand(0), block);
}

/// Whether `read` may run before `write`: it does in their common block, or
/// their order is unknown (neither is nested in the other's block).
static bool mayRunBefore(Operation *read, Operation *write) {
  if (Operation *ancestor = write->getBlock()->findAncestorOpInBlock(*read))
    return ancestor->isBeforeInBlock(write);
  if (Operation *ancestor = read->getBlock()->findAncestorOpInBlock(*write))
    return ancestor == read || read->isBeforeInBlock(ancestor);
  return true;
}

/// The ops under `root` that must stay out of kernels because an in-place op
/// writes storage that other values share (a slice of a tensor, a tensor
/// read again), which --tg-decompose's functionalization could not turn
/// into values: a kernel computes values, so fusing the write would drop
/// it, or write into a kernel's copy of a view, and a kernel runs where its
/// last op was, so a read of the written tensor placed before the write
/// would see it. The write stays, and so does every op that reads or views
/// that storage before it; reads after it see what they would anyway.
static DenseSet<Operation *> getPinnedOps(Operation *root) {
  DenseSet<Operation *> pinned;
  DenseMap<StringAttr, bool> inPlace;
  root->walk([&](TracedOp traced) {
    Operation &op = *traced;
    if (!op.getNumOperands() || !op.getNumResults())
      return;
    auto [it, inserted] = inPlace.try_emplace(traced.getNameAttr(), false);
    if (inserted)
      it->second = isInPlaceOperator(traced.getName());
    if (!it->second || isExclusive(op.getOperand(0), *op.getBlock()))
      return;
    // The storage written: up through views and in-place ops to the value
    // that owns it, then every value that shares it, in any block (a read
    // after an `if` that wrote it counts too).
    Value base = op.getOperand(0);
    while (Operation *def = base.getDefiningOp()) {
      if (!isa<TracedOp>(def) || !mayReturnAlias(def) || !def->getNumOperands())
        break;
      base = def->getOperand(0);
    }
    pinned.insert(&op);
    for (Value alias : getStorageAliases(base))
      for (Operation *user : alias.getUsers())
        if (user != &op && mayRunBefore(user, &op))
          pinned.insert(user);
  });
  return pinned;
}

void FuseElementwisePass::collectGroups(Block &block, Collection &collection) {
  const DenseSet<Operation *> &pinned = collection.pinned;
  GroupSets sets;
  DenseMap<Operation *, unsigned> groupOf;
  auto groupOfValue = [&](Value value) -> std::optional<unsigned> {
    Operation *def = value.getDefiningOp();
    // Only elementwise ops join groups. Most operands come from other ops
    // (constants, attributes, linear layers): checking the op itself, on the
    // cache lines just read for its block, spares those a probe of
    // `groupOf`, which at 1M ops is large and crowded, and a miss probes
    // longest.
    if (!def || def->getBlock() != &block ||
        !isElementwise(def, collection.elementwiseNames))
      return std::nullopt;
    auto it = groupOf.find(def);
    if (it == groupOf.end())
      return std::nullopt;
    return sets.find(it->second);
  };
  SmallVector<Member> members;

  // The groups of one op's operands, looked up once for both joining and
  // closing groups.
  SmallVector<std::optional<unsigned>, 4> used;

  for (Operation &op : block) {
    unsigned pos = collection.nextPos++;
    used.clear();
    for (Value operand : op.getOperands())
      used.push_back(groupOfValue(operand));
    std::optional<unsigned> own;
    if (isElementwise(&op, collection.elementwiseNames) &&
        !pinned.contains(&op)) {
      own = joinGroups(sets, used, getDomain(&op));
      groupOf[&op] = *own;
      members.push_back({&op, *own, pos});
    }
    // Any use of a group's result by an op outside the group (or by ops
    // nested in it) closes that group. (The op's operands were looked up
    // before it joined `groupOf`: a use of its own result, which a graph
    // region allows, finds no group instead of its own, and closes nothing
    // either way.)
    auto close = [&](std::optional<unsigned> g) {
      if (!g)
        return;
      unsigned root = sets.find(*g);
      if (!own || root != sets.find(*own))
        sets.closed[root] = true;
    };
    for (std::optional<unsigned> g : used)
      close(g);
    if (op.getNumRegions() == 0)
      continue;
    // With no group in this block yet there is nothing to close: this skips
    // walking the body of every graph from the module's block, which would
    // visit every op of the module a second time.
    if (!groupOf.empty()) {
      op.walk([&](Operation *user) {
        if (user == &op)
          return;
        for (Value operand : user->getOperands())
          close(groupOfValue(operand));
      });
    }
    // Nested blocks are collected here, in the same pre-order walk, so that
    // positions order anchors as a walk of the module visits them. Kernels
    // are never fused into; only their names (and those of kernels nested
    // in them) matter.
    if (auto kernel = dyn_cast<KernelOp>(op)) {
      kernel->walk(
          [&](KernelOp k) { collection.taken.insert(k.getKernelName()); });
      continue;
    }
    for (Region &region : op.getRegions())
      for (Block &nested : region)
        collectGroups(nested, collection);
  }
  appendGroups(members, sets, collection);
}

/// The group an op joins: every open group it reads from (`used`, its
/// operands' groups), merged; a closed group already has a use outside it
/// before this op, so the kernel could not sit here. Groups whose reduction
/// domain differs from the op's (`domain`, for a reduction) or from the
/// groups already joined are not joined: the op reads them as a kernel
/// input, which closes them. A new group when there is none.
std::optional<unsigned>
FuseElementwisePass::joinGroups(GroupSets &sets,
                                ArrayRef<std::optional<unsigned>> used,
                                std::optional<ReductionDomain> domain) {
  std::optional<unsigned> own;
  for (std::optional<unsigned> g : used) {
    if (!g)
      continue;
    // Roots change as groups are joined.
    unsigned root = sets.find(*g);
    if (sets.closed[root])
      continue;
    std::optional<ReductionDomain> &theirs = sets.domain[root];
    if (domain && theirs && *domain != *theirs)
      continue;
    if (!domain)
      domain = theirs;
    if (!own)
      own = root;
    else if (root != *own)
      sets.unite(*own, root);
    own = sets.find(*own);
  }
  if (!own)
    own = sets.make();
  sets.domain[*own] = domain;
  return own;
}

/// Appends the groups of one block's `members` (program order) with at least
/// `min-size` ops to `collection.groups`, in the order of their last op
/// (where the kernel goes). Group ids are dense, so vectors indexed by root
/// stand in for maps. Walking the members backwards meets each group's last
/// op first, which numbers the groups in reverse anchor order without a
/// sort; sizes known up front let each group be built in place in one pass.
void FuseElementwisePass::appendGroups(MutableArrayRef<Member> members,
                                       GroupSets &sets,
                                       Collection &collection) {
  constexpr unsigned kNone = ~0u;
  SmallVector<unsigned> rankOf(sets.parent.size(), kNone);
  SmallVector<unsigned> sizes, computing;
  for (Member &member : llvm::reverse(members)) {
    unsigned &rank = rankOf[sets.find(member.group)];
    if (rank == kNone) {
      rank = sizes.size();
      sizes.push_back(0);
      computing.push_back(0);
    }
    ++sizes[rank];
    if (!isLayout(member.op))
      ++computing[rank];
    member.group = rank;
  }
  // Where each kept group goes in `collection.groups`, by rank: layout ops
  // do not count towards min-size, and layout ops alone make no kernel.
  SmallVector<unsigned> indexOf(sizes.size(), kNone);
  unsigned next = collection.groups.size();
  for (unsigned rank = sizes.size(); rank--;)
    if (computing[rank] >= std::max(1u, unsigned(minSize)))
      indexOf[rank] = next++;
  collection.groups.resize(next);
  for (const Member &member : members) {
    unsigned index = indexOf[member.group];
    if (index == kNone)
      continue;
    Group &group = collection.groups[index];
    if (group.ops.empty())
      group.ops.reserve(sizes[member.group]);
    group.ops.push_back(member.op);
    group.anchorPos = member.pos;
  }
}

std::string FuseElementwisePass::kernelBaseName(const Group &group) {
  // Inductor's "original_aten" kernel names: the sorted distinct operators,
  // a decomposed op named by the composite it came from
  // (`tg.decomposed_from`, set by --tg-decompose).
  std::set<std::string> names;
  for (Operation *op : group.ops) {
    StringRef name = cast<TracedOp>(op).getShortName();
    if (auto from = op->getAttrOfType<StringAttr>(kDecomposedFromAttrName)) {
      name = from.getValue();
      size_t sep = name.rfind("::");
      if (sep != StringRef::npos)
        name = name.drop_front(sep + 2);
    }
    name = name.rtrim('_');
    names.insert(name.empty() ? "op" : name.str());
  }
  std::string base = "fused";
  for (const std::string &name : names)
    base += "_" + name;
  return base;
}

LogicalResult FuseElementwisePass::fuse(IRRewriter &rewriter,
                                        LocationPreservingListener &listener,
                                        Group &group, StringRef name) {
  MLIRContext *ctx = &getContext();
  llvm::SmallPtrSet<Operation *, 16> members(group.ops.begin(),
                                             group.ops.end());
  llvm::SetVector<Value> inputs;
  for (Operation *op : group.ops)
    for (Value operand : op->getOperands()) {
      Operation *def = operand.getDefiningOp();
      if (!def || !members.contains(def))
        inputs.insert(operand);
    }
  SmallVector<Value> escaping = getEscapingResults(group.ops);

  // One rewrite for the listener: the kernel it creates is where the ops
  // whose results stay inside (replaced by nothing) go.
  listener.beginGroup();
  Location loc = getFusedLoc(group.ops, KernelAttr::get(ctx, name));
  rewriter.setInsertionPoint(group.ops.back());
  auto kernel =
      KernelOp::create(rewriter, loc, name, ValueRange(escaping).getTypes(),
                       inputs.getArrayRef());
  IRMapping mapping;
  for (auto [input, arg] :
       llvm::zip_equal(inputs, kernel.getBodyBlock().getArguments()))
    mapping.map(input, arg);
  rewriter.setInsertionPointToEnd(&kernel.getBodyBlock());
  for (Operation *op : group.ops)
    rewriter.clone(*op, mapping);
  SmallVector<Value> yielded =
      llvm::map_to_vector(escaping, [&](Value v) { return mapping.lookup(v); });
  KernelYieldOp::create(rewriter, UnknownLoc::get(ctx), yielded);

  LogicalResult merged = mergeOps(rewriter, group.ops, kernel);
  if (failed(merged)) {
    // Cannot happen (the kernel yields exactly the escaping results), but if
    // it did, keep the originals rather than lose them.
    rewriter.eraseOp(kernel);
    listener.endGroup();
    return group.ops.back()->emitError("cannot replace ")
           << group.ops.size() << " ops by kernel '" << name << "'";
  }
  listener.endGroup();
  return success();
}

void FuseElementwisePass::runOnOperation() {
  ModuleOp module = getOperation();
  if (failed(checkOptions()))
    return signalPassFailure();

  // Groups of every block outside kernels, and the kernel names taken, in one
  // pre-order walk; fusing one block never changes another, so all are found
  // first and numbered in program order (the order of their anchors in a
  // pre-order walk of the module).
  Collection collection;
  collection.pinned = getPinnedOps(module);
  for (Region &region : module->getRegions())
    for (Block &block : region)
      collectGroups(block, collection);
  SmallVector<Group> &groups = collection.groups;
  if (groups.empty())
    return;
  // Each block's groups are sorted, but a nested block's come before those
  // of its parent's block; positions are distinct, so any sort gives one
  // order. Nesting is rare, so check before sorting.
  auto byAnchorPos = [](const Group &a, const Group &b) {
    return a.anchorPos < b.anchorPos;
  };
  if (!llvm::is_sorted(groups, byAnchorPos))
    llvm::sort(groups, byAnchorPos);

  LocationPreservingListener::Options options;
  options.recordNames = false;
  // A kernel's location lists every op it computes, however many: the
  // listener's bound (64 by default) cut the 65th origin of a long chain
  // from the kernel with no record of it (--tg-verify-origins refused the
  // output). mergeOps gives each kernel its whole location at once, so the
  // bound buys nothing here.
  options.maxOrigins = 0;
  LocationPreservingListener listener(options);
  IRRewriter rewriter(&getContext(), &listener);
  llvm::StringSet<> &taken = collection.taken;
  unsigned counter = 0;
  SmallVector<std::pair<Group *, std::string>> ordered;
  ordered.reserve(groups.size());
  for (Group &group : groups) {
    // A group whose results nothing reads computes nothing a kernel could
    // return: an in-place op kept for its effect (`num_batches_tracked.add_(1)`
    // in a training branch) stays as it is.
    if (getEscapingResults(group.ops).empty())
      continue;
    std::string base = kernelBaseName(group);
    std::string name;
    do {
      name = base + "_" + std::to_string(counter++);
    } while (taken.contains(name));
    taken.insert(name);
    ordered.emplace_back(&group, std::move(name));
  }
  for (auto &[group, name] : ordered)
    if (failed(fuse(rewriter, listener, *group, name)))
      signalPassFailure();

  listener.finalize();
  for (unsigned id : listener.getDroppedOrigins()) {
    emitError(listener.getOrigins()[id].loc)
        << "origin lost in fusion: " << listener.getOrigins()[id].droppedReason;
    signalPassFailure();
  }
}
