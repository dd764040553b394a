//===- FoldConstantControlFlow.cpp - Resolve prim::If on constants --------===//
//
// Replaces every `prim::If` whose condition is a constant by the body of the
// branch it takes, and accounts for every origin that goes with it. See
// TGFoldConstantControlFlow in Passes.td for the contract.
//
// Why a pass of its own: TorchScript keeps `if inplace:` and
// `if self.training:` as control flow in the method graphs, because a
// method is shared by every instance of its class and the flag is an
// argument or an attribute there. Once `--tg-inline` has flattened the
// program the flag is a constant, and the branch not taken is dead code that
// hides every activation from fusion. `--tg-inline` calls
// `tg::foldConstantControlFlow` after inlining for that reason; the pass
// runs the same step on its own (for graphs inlined by other means).
//
//===----------------------------------------------------------------------===//

#include "tg/IR/CallStack.h"
#include "tg/IR/TGOps.h"
#include "tg/Passes/Passes.h"

#include "mlir/IR/Matchers.h"

namespace tg {
#define GEN_PASS_DEF_TGFOLDCONSTANTCONTROLFLOW
#include "tg/Passes/Passes.h.inc"
} // namespace tg

using namespace mlir;
using namespace tg;

namespace {

/// A scalar value known at compile time: what TorchScript's conditions are
/// built from.
struct Scalar {
  enum Kind { None, Bool, Int, Float, String };
  explicit Scalar(Kind kind) : kind(kind) {}
  Kind kind;
  bool b = false;
  int64_t i = 0;
  double f = 0;
  StringRef s;
  bool isNumber() const { return kind == Bool || kind == Int || kind == Float; }
  double asDouble() const {
    return kind == Float ? f : kind == Int ? double(i) : double(b);
  }
  int64_t asInt() const { return kind == Int ? i : int64_t(b); }
};

Scalar makeBool(bool b) {
  Scalar value(Scalar::Bool);
  value.b = b;
  return value;
}

std::optional<Scalar> toScalar(Attribute attr) {
  if (isa<UnitAttr>(attr))
    return Scalar(Scalar::None);
  if (auto integer = dyn_cast<IntegerAttr>(attr)) {
    if (integer.getType().isSignlessInteger(1))
      return makeBool(!integer.getValue().isZero());
    if (integer.getValue().getSignificantBits() > 64)
      return std::nullopt;
    Scalar value(Scalar::Int);
    value.i = integer.getValue().getSExtValue();
    return value;
  }
  if (auto real = dyn_cast<FloatAttr>(attr)) {
    Scalar value(Scalar::Float);
    value.f = real.getValueAsDouble();
    return value;
  }
  if (auto text = dyn_cast<StringAttr>(attr)) {
    Scalar value(Scalar::String);
    value.s = text.getValue();
    return value;
  }
  return std::nullopt;
}

/// Python's comparison of two known scalars, if it is defined here.
std::optional<bool> compare(StringRef op, const Scalar &lhs,
                            const Scalar &rhs) {
  if (lhs.isNumber() && rhs.isNumber()) {
    // Python compares ints exactly and mixes in floats as doubles.
    bool exact = lhs.kind != Scalar::Float && rhs.kind != Scalar::Float;
    int order =
        exact ? (lhs.asInt() < rhs.asInt()   ? -1
                 : lhs.asInt() > rhs.asInt() ? 1
                                             : 0)
              : (lhs.asDouble() < rhs.asDouble()    ? -1
                 : lhs.asDouble() > rhs.asDouble()  ? 1
                 : lhs.asDouble() == rhs.asDouble() ? 0
                                                    : 2); // NaN: unordered
    if (op == "aten::eq")
      return order == 0;
    if (op == "aten::ne")
      return order != 0;
    if (order == 2)
      return false;
    if (op == "aten::lt")
      return order < 0;
    if (op == "aten::le")
      return order <= 0;
    if (op == "aten::gt")
      return order > 0;
    if (op == "aten::ge")
      return order >= 0;
    return std::nullopt;
  }
  if (lhs.kind == Scalar::String && rhs.kind == Scalar::String) {
    if (op == "aten::eq")
      return lhs.s == rhs.s;
    if (op == "aten::ne")
      return lhs.s != rhs.s;
  }
  return std::nullopt;
}

/// Whether the result of TorchScript operator `name` is never None.
bool isNeverNone(StringRef name) {
  return name == "prim::ListConstruct" || name == "prim::TupleConstruct" ||
         name == "prim::DictConstruct";
}

/// The value of `value` when it is known without running the program: a
/// constant, or a condition TorchScript builds from constants (`not`,
/// `and`, `or`, comparisons of numbers and strings, `is None`, also of a
/// list or tuple built in place). The ops
/// that compute it are left in place (they hold their own origins); only
/// the If that reads it is folded. `depth` bounds the walk up the chain.
std::optional<Scalar> evaluate(Value value, unsigned depth = 16) {
  Attribute attr;
  if (matchPattern(value, m_Constant(&attr)))
    return toScalar(attr);
  auto traced = value.getDefiningOp<TracedOp>();
  if (!depth || !traced || !traced.getBodies().empty() ||
      traced->getNumResults() != 1)
    return std::nullopt;
  StringRef name = traced.getName();
  // The rank of a tensor of static type (from example inputs): the
  // `if input.dim() != 4: raise` checks of every BatchNorm and convolution.
  if (name == "aten::dim" && traced->getNumOperands() == 1) {
    auto ranked = dyn_cast<RankedTensorType>(traced->getOperand(0).getType());
    if (!ranked)
      return std::nullopt;
    Scalar rank(Scalar::Int);
    rank.i = ranked.getRank();
    return rank;
  }
  if ((name == "aten::__is__" || name == "aten::__isnot__") &&
      traced->getNumOperands() == 2) {
    // `x is None` where x is a list or tuple built right here: never None,
    // whatever it holds (max_pool2d's `if stride is None`).
    for (unsigned side = 0; side < 2; ++side) {
      auto built = traced->getOperand(side).getDefiningOp<TracedOp>();
      std::optional<Scalar> other =
          evaluate(traced->getOperand(1 - side), depth - 1);
      if (built && isNeverNone(built.getName()) && other &&
          other->kind == Scalar::None)
        return makeBool(name == "aten::__isnot__");
    }
  }
  SmallVector<Scalar, 2> operands;
  for (Value operand : traced->getOperands()) {
    // Tensor operands are never known here (aten::eq of two tensors is a
    // tensor), even when a tensor constant defines them.
    if (isa<TracedTensorType, TensorType>(operand.getType()))
      return std::nullopt;
    std::optional<Scalar> known = evaluate(operand, depth - 1);
    if (!known)
      return std::nullopt;
    operands.push_back(*known);
  }
  if (name == "aten::__not__" && operands.size() == 1 &&
      operands[0].kind == Scalar::Bool)
    return makeBool(!operands[0].b);
  if (operands.size() != 2)
    return std::nullopt;
  const Scalar &lhs = operands[0], &rhs = operands[1];
  if (name == "aten::__is__" || name == "aten::__isnot__") {
    // Only `is None` / `is not None` are known: identity of other values is
    // not a question of their value.
    if (lhs.kind != Scalar::None && rhs.kind != Scalar::None)
      return std::nullopt;
    bool same = lhs.kind == rhs.kind;
    return makeBool(name == "aten::__is__" ? same : !same);
  }
  if (lhs.kind == Scalar::Bool && rhs.kind == Scalar::Bool) {
    if (name == "aten::__and__")
      return makeBool(lhs.b && rhs.b);
    if (name == "aten::__or__")
      return makeBool(lhs.b || rhs.b);
    if (name == "aten::__xor__")
      return makeBool(lhs.b != rhs.b);
  }
  if (std::optional<bool> result = compare(name, lhs, rhs))
    return makeBool(*result);
  return std::nullopt;
}

/// The value of an If's condition, when it is known.
std::optional<bool> getConstantCondition(Value condition) {
  std::optional<Scalar> value = evaluate(condition);
  if (!value || value->kind != Scalar::Bool)
    return std::nullopt;
  return value->b;
}

/// The branch a `prim::If` takes, when it can be folded: a constant
/// condition, two single-block regions without arguments, each ended by a
/// `tg.yield` of as many values as the If has results.
Region *getTakenRegion(TracedOp op) {
  if (op.getName() != "prim::If" || op->getNumOperands() != 1 ||
      op.getBodies().size() != 2)
    return nullptr;
  for (Region &region : op.getBodies()) {
    if (!region.hasOneBlock() || region.front().getNumArguments() != 0)
      return nullptr;
    auto yield = dyn_cast<YieldOp>(region.front().getTerminator());
    if (!yield || yield->getNumOperands() != op->getNumResults())
      return nullptr;
  }
  std::optional<bool> condition = getConstantCondition(op->getOperand(0));
  if (!condition)
    return nullptr;
  return &op.getBodies()[*condition ? 0 : 1];
}

/// The operator an origin record names: `aten::relu` for a tg.op.
StringRef getRecordedOpName(Operation *op) {
  if (auto traced = dyn_cast<TracedOp>(op))
    return traced.getName();
  return op->getName().getStringRef();
}

/// Collects the records of origins that leave the IR with `op` (erased with
/// nothing computing them): one `eliminated` record per op with a known
/// location, plus the records the op already carried.
void recordEliminated(Operation *op, StringRef passName,
                      SmallVectorImpl<Location> &records) {
  MLIRContext *ctx = op->getContext();
  SmallVector<RemovedOrigin> carried;
  getOriginRecords(op->getLoc(), carried);
  for (const RemovedOrigin &removed : carried)
    records.push_back(makeOriginRecord(removed.record, removed.origin));
  Location origin = stripOriginRecords(op->getLoc());
  if (isa<UnknownLoc>(origin))
    return;
  auto record = OriginRecordAttr::get(ctx, "eliminated", passName,
                                      getRecordedOpName(op), LocationAttr());
  records.push_back(makeOriginRecord(record, origin));
}

/// Folds one If: the taken block's ops move before it, its results become
/// the yielded values (through a `prim::unchecked_cast` at the If's location
/// where a branch yields a narrower type than the If declares), and the If
/// goes with the branch not taken.
void foldIf(TracedOp op, Region &taken, StringRef passName,
            SmallVectorImpl<Location> &records) {
  Block &body = taken.front();
  auto yield = cast<YieldOp>(body.getTerminator());
  SmallVector<Value> replacements(yield->getOperands());
  OpBuilder builder(op);
  bool ifHeld = false;
  for (auto [result, value] : llvm::zip(op->getResults(), replacements)) {
    if (result.getType() == value.getType())
      continue;
    // The importer's own bridge between a subtype and its declared type. It
    // computes the If's result, so it holds the If's origin; the records the
    // If carried are not origins of anything and go to the graph below,
    // once (docs/passes/fold-constant-control-flow.md, "Origins").
    auto cast =
        TracedOp::create(builder, stripOriginRecords(op.getLoc()),
                         result.getType(), "prim::unchecked_cast", value,
                         /*bodiesCount=*/0);
    value = cast->getResult(0);
    ifHeld = true;
  }
  if (!isa<UnknownLoc>(stripOriginRecords(yield.getLoc())))
    recordEliminated(yield, passName, records);
  yield->erase();
  op->getBlock()->getOperations().splice(op->getIterator(),
                                         body.getOperations());
  op->replaceAllUsesWith(replacements);

  // What the If loses: the branch not taken, op by op (nested ones too),
  // and its own origin unless a cast now computes its result.
  for (Region &region : op.getBodies()) {
    if (&region == &taken)
      continue;
    region.walk<WalkOrder::PreOrder>([&](Operation *nested) {
      recordEliminated(nested, passName, records);
    });
  }
  if (ifHeld) {
    // The cast holds the If's origin, not its records: they move here.
    SmallVector<RemovedOrigin> carried;
    getOriginRecords(op.getLoc(), carried);
    for (const RemovedOrigin &removed : carried)
      records.push_back(makeOriginRecord(removed.record, removed.origin));
  } else {
    recordEliminated(op, passName, records);
  }
  op->erase();
}

/// The op whose location keeps the records of folds under `op`: its
/// closest enclosing function-like op (a `tg.graph`), else `fallback`.
Operation *getRecordAnchor(Operation *op, Operation *fallback) {
  for (Operation *parent = op->getParentOp(); parent;
       parent = parent->getParentOp())
    if (isa<GraphOp>(parent) || parent == fallback)
      return parent;
  return fallback;
}

struct FoldConstantControlFlowPass
    : public tg::impl::TGFoldConstantControlFlowBase<
          FoldConstantControlFlowPass> {
  using Base::Base;
  void runOnOperation() override {
    foldConstantControlFlow(getOperation(), getArgument());
  }
};

} // namespace

unsigned tg::foldConstantControlFlow(Operation *root, StringRef passName) {
  // Post-order: an If nested in a branch is folded before the branch is
  // moved or erased, so no op of the list is erased before its turn, and
  // every If whose condition a fold makes constant comes later in the list.
  SmallVector<TracedOp> candidates;
  root->walk([&](TracedOp op) {
    if (op.getName() == "prim::If")
      candidates.push_back(op);
  });
  // Records per anchor, in the order folds happen (deterministic).
  llvm::MapVector<Operation *, SmallVector<Location>> recordsByAnchor;
  unsigned folded = 0;
  for (TracedOp op : candidates) {
    Region *taken = getTakenRegion(op);
    if (!taken)
      continue;
    Operation *anchor = getRecordAnchor(op, root);
    foldIf(op, *taken, passName, recordsByAnchor[anchor]);
    ++folded;
  }
  for (auto &[anchor, records] : recordsByAnchor)
    if (!records.empty())
      anchor->setLoc(appendOriginRecords(anchor->getLoc(), records));
  return folded;
}
