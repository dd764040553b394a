//===- FuseElementwise.cpp - Fuse elementwise ops into kernels ------------===//
//
// Groups connected elementwise tg.op ops of one block into tg.kernel ops whose
// location lists every origin. See TGFuseElementwise in Passes.td for the
// contract.
//
//===----------------------------------------------------------------------===//

#include "tg/IR/TGOps.h"
#include "tg/Passes/LocationPreservingListener.h"
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

/// The default elementwise set: pointwise aten operators and their in-place
/// forms, as Inductor fuses them into pointwise kernels.
constexpr llvm::StringLiteral kDefaultOps[] = {
    "add",     "sub",        "mul",         "div",      "neg",   "relu",
    "sigmoid", "tanh",       "gelu",        "silu",     "exp",   "log",
    "sqrt",    "rsqrt",      "abs",         "hardtanh", "clamp", "pow",
    "relu6",   "leaky_relu", "hardsigmoid", "hardswish"};

/// One fusion group of a block, in program order.
struct Group {
  SmallVector<Operation *> ops;
};

/// Union-find over group ids, with a "closed" flag per root.
struct GroupSets {
  SmallVector<unsigned> parent;
  SmallVector<bool> closed;
  unsigned make() {
    parent.push_back(parent.size());
    closed.push_back(false);
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
    : public tg::impl::TGFuseElementwiseBase<FuseElementwisePass> {
  using Base::Base;

  LogicalResult initialize(MLIRContext *ctx) override {
    elementwise.clear();
    if (ops.empty()) {
      for (StringRef name : kDefaultOps) {
        elementwise.insert(("aten::" + name).str());
        elementwise.insert(("aten::" + name + "_").str());
      }
    }
    for (const std::string &name : ops) {
      if (name.empty())
        return emitError(UnknownLoc::get(ctx))
               << "tg-fuse-elementwise: empty operator name in 'ops'";
      elementwise.insert(name);
    }
    if (minSize == 0)
      return emitError(UnknownLoc::get(ctx))
             << "tg-fuse-elementwise: 'min-size' must be at least 1";
    return success();
  }

  bool isElementwise(Operation *op) const {
    auto traced = dyn_cast<TracedOp>(op);
    return traced && traced.getBodies().empty() && traced->getNumResults() &&
           elementwise.contains(traced.getName());
  }

  void collectGroups(Block &block, SmallVectorImpl<Group> &groups);
  std::string kernelBaseName(const Group &group);
  LogicalResult fuse(IRRewriter &rewriter, LocationPreservingListener &listener,
                     Group &group, StringRef name);
  void runOnOperation() override;

  llvm::StringSet<> elementwise;
};

} // namespace

void FuseElementwisePass::collectGroups(Block &block,
                                        SmallVectorImpl<Group> &groups) {
  GroupSets sets;
  DenseMap<Operation *, unsigned> groupOf;
  auto groupOfValue = [&](Value value) -> std::optional<unsigned> {
    Operation *def = value.getDefiningOp();
    if (!def || def->getBlock() != &block)
      return std::nullopt;
    auto it = groupOf.find(def);
    if (it == groupOf.end())
      return std::nullopt;
    return sets.find(it->second);
  };

  for (Operation &op : block) {
    std::optional<unsigned> own;
    if (isElementwise(&op)) {
      // Join every open group this op reads from; a closed group already has
      // a use outside it before this op, so the kernel could not sit here.
      for (Value operand : op.getOperands()) {
        std::optional<unsigned> g = groupOfValue(operand);
        if (!g || sets.closed[*g])
          continue;
        if (!own)
          own = *g;
        else if (*g != *own)
          sets.unite(*own, *g);
        own = sets.find(*own);
      }
      if (!own)
        own = sets.make();
      groupOf[&op] = *own;
    }
    // Any use of a group's result by an op outside the group (or by ops
    // nested in it) closes that group.
    op.walk([&](Operation *user) {
      for (Value operand : user->getOperands()) {
        std::optional<unsigned> g = groupOfValue(operand);
        if (g && (!own || *g != sets.find(*own)))
          sets.closed[*g] = true;
      }
    });
  }

  // Members in program order, groups in the order of their last op (where
  // the kernel goes).
  DenseMap<unsigned, unsigned> index;
  SmallVector<Group> all;
  for (Operation &op : block) {
    auto it = groupOf.find(&op);
    if (it == groupOf.end())
      continue;
    unsigned root = sets.find(it->second);
    auto [slot, inserted] = index.try_emplace(root, all.size());
    if (inserted)
      all.emplace_back();
    all[slot->second].ops.push_back(&op);
  }
  // Last ops are distinct, so any sort gives one order.
  llvm::sort(all, [](const Group &a, const Group &b) {
    return a.ops.back()->isBeforeInBlock(b.ops.back());
  });
  for (Group &group : all)
    if (group.ops.size() >= minSize)
      groups.push_back(std::move(group));
}

std::string FuseElementwisePass::kernelBaseName(const Group &group) {
  // Inductor's "original_aten" kernel names: the sorted distinct operators.
  std::set<std::string> names;
  for (Operation *op : group.ops) {
    StringRef name = cast<TracedOp>(op).getShortName().rtrim('_');
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
    return group.ops.back()->emitError("tg-fuse-elementwise: cannot replace ")
           << group.ops.size() << " ops by kernel '" << name << "'";
  }
  listener.endGroup();
  return success();
}

void FuseElementwisePass::runOnOperation() {
  ModuleOp module = getOperation();

  // Groups of every block outside kernels; fusing one block never changes
  // another, so all are found first and numbered in program order.
  SmallVector<Group> groups;
  module->walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (isa<KernelOp>(op))
      return WalkResult::skip();
    for (Region &region : op->getRegions())
      for (Block &block : region)
        collectGroups(block, groups);
    return WalkResult::advance();
  });
  if (groups.empty())
    return;

  DenseMap<Operation *, Group *> byAnchor;
  for (Group &group : groups)
    byAnchor[group.ops.back()] = &group;
  llvm::StringSet<> taken;
  module->walk([&](KernelOp kernel) { taken.insert(kernel.getKernelName()); });

  LocationPreservingListener::Options options;
  options.recordNames = false;
  LocationPreservingListener listener(options);
  IRRewriter rewriter(&getContext(), &listener);
  unsigned counter = 0;
  SmallVector<std::pair<Group *, std::string>> ordered;
  module->walk<WalkOrder::PreOrder>([&](Operation *op) {
    auto it = byAnchor.find(op);
    if (it == byAnchor.end())
      return;
    std::string base = kernelBaseName(*it->second);
    std::string name;
    do {
      name = base + "_" + std::to_string(counter++);
    } while (taken.contains(name));
    taken.insert(name);
    ordered.emplace_back(it->second, std::move(name));
  });
  for (auto &[group, name] : ordered)
    if (failed(fuse(rewriter, listener, *group, name)))
      signalPassFailure();

  listener.finalize();
  for (unsigned id : listener.getDroppedOrigins()) {
    emitError(listener.getOrigins()[id].loc)
        << "tg-fuse-elementwise lost this origin: "
        << listener.getOrigins()[id].droppedReason;
    signalPassFailure();
  }
}
