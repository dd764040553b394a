//===- Functionalize.cpp - In-place writes as values ----------------------===//
//
// A TorchScript graph writes in place: `attn[:, :, 1:, 1:] += rel_pos` is
// four `aten::slice` views of `attn` and an `aten::add_` into the last, and
// every later read of `attn` sees the sum. tg IR is SSA: the later reads
// name the value `attn` had before the write. Fusion, the reference lowering
// and the numerics check read an op's operands as values, so a write that
// lands in another value's storage must become a value first. This is what
// PyTorch's functionalization does before Inductor fuses
// (torch/_subclasses/functional_tensor.py): the write becomes its
// out-of-place op, the views it wrote through become `slice_scatter` /
// `select_scatter` of the new values into the tensors they viewed, and the
// reads after the write read the result.
//
//   %v = aten::slice(%attn, 2, 1, None, 1)        (and more views)
//   %r = aten::add_(%v, %rel, 1)
//   ... aten::softmax(%attn, ...)
// becomes
//   %v = aten::slice(%attn, 2, 1, None, 1)
//   %s = aten::add(%v, %rel, 1)
//   %a = aten::slice_scatter(%attn, %s, 2, 1, None, 1)
//   ... aten::softmax(%a, ...)
//
// Every new op is built at the in-place op's location (its whole call
// stack), so its origin is kept. A write is left as it is unless the
// rewrite is provably the same program: the written tensor must be a fresh
// value of the same block (an op's result, not an argument, a module
// attribute or another view), the views in between slices and selects, and
// no other alias of it (a view, a list holding it) may be read after the
// write. The fuser then keeps what is left away from kernels
// (FuseElementwise.cpp).
//
//===----------------------------------------------------------------------===//

#include "tg/Passes/Decompositions.h"

#include "tg/IR/TGOps.h"
#include "tg/Passes/Passes.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SetVector.h"

using namespace mlir;
using namespace tg;

bool tg::isInPlaceOperator(StringRef name) {
  return name.consume_front("aten::") && name.ends_with("_") &&
         !name.starts_with("_") && name.size() > 1;
}

bool tg::mayReturnAlias(Operation *op) {
  auto traced = dyn_cast<TracedOp>(op);
  // Calls that were not inlined, graph arguments' producers and anything
  // else the IR cannot see into may hand back storage of their operands.
  if (!traced)
    return true;
  StringRef name = traced.getName();
  if (isInPlaceOperator(name))
    return true;
  static constexpr llvm::StringLiteral kAliasing[] = {
      "aten::slice",       "aten::select",         "aten::view",
      "aten::reshape",     "aten::_unsafe_view",   "aten::flatten",
      "aten::unflatten",   "aten::squeeze",        "aten::unsqueeze",
      "aten::expand",      "aten::expand_as",      "aten::view_as",
      "aten::permute",     "aten::transpose",      "aten::t",
      "aten::contiguous",  "aten::detach",         "aten::alias",
      "aten::narrow",      "aten::as_strided",     "aten::to",
      "aten::type_as",     "aten::chunk",          "aten::split",
      "aten::unbind",      "aten::__getitem__",    "prim::ListUnpack",
      "prim::TupleUnpack", "prim::unchecked_cast", "prim::TupleIndex",
      "aten::movedim",     "aten::swapaxes",       "aten::diagonal",
      "aten::real",        "aten::imag",           "aten::unfold"};
  return llvm::is_contained(kAliasing, name);
}

llvm::SetVector<Value> tg::getStorageAliases(Value base) {
  llvm::SetVector<Value> aliases;
  aliases.insert(base);
  for (unsigned i = 0; i < aliases.size(); ++i)
    for (OpOperand &use : aliases[i].getUses())
      if (use.getOperandNumber() == 0 && mayReturnAlias(use.getOwner()))
        for (Value result : use.getOwner()->getResults())
          aliases.insert(result);
  return aliases;
}

namespace {

bool isTensor(Value value) {
  return isa<TracedTensorType, TensorType>(value.getType());
}

/// Whether `user` runs after `op` (both in `block`, or `user` nested in an
/// op of it).
bool isAfter(Block &block, Operation *op, Operation *user) {
  Operation *ancestor = block.findAncestorOpInBlock(*user);
  return ancestor && ancestor != op && op->isBeforeInBlock(ancestor);
}

/// Whether `view` is `aten::slice(x, dim, None or 0, None, 1)` with the type
/// of `x`: the whole tensor.
bool isWholeSlice(TracedOp view) {
  if (view.getName() != "aten::slice" ||
      view->getOperand(0).getType() != view->getResult(0).getType() ||
      !isa<RankedTensorType>(view->getResult(0).getType()))
    return false;
  auto constant = [&](unsigned i) -> Attribute {
    auto cst = view->getOperand(i).getDefiningOp<ConstantOp>();
    return cst ? cst.getValue() : Attribute();
  };
  auto isInt = [](Attribute a, int64_t v) {
    auto i = dyn_cast_or_null<IntegerAttr>(a);
    return i && i.getInt() == v;
  };
  Attribute start = constant(2), end = constant(3), step = constant(4);
  return (isa_and_nonnull<UnitAttr>(start) || isInt(start, 0)) &&
         isa_and_nonnull<UnitAttr>(end) && isInt(step, 1);
}

/// Rewrites one in-place write when it provably can; returns whether it did.
bool functionalize(TracedOp write) {
  Block &block = *write->getBlock();
  Value self = write->getOperand(0);
  if (write->getNumResults() != 1 || !isTensor(self) ||
      self.getType() != write->getResult(0).getType())
    return false;
  // The views written through, innermost first: slices and selects of
  // constant-free form (their operands are passed on as they are).
  SmallVector<TracedOp> views;
  Value base = self;
  while (auto view = base.getDefiningOp<TracedOp>()) {
    bool slice = view.getName() == "aten::slice" && view->getNumOperands() == 5;
    bool select =
        view.getName() == "aten::select" && view->getNumOperands() == 3;
    if ((!slice && !select) || view->getBlock() != &block)
      break;
    views.push_back(view);
    base = view->getOperand(0);
  }
  Operation *def = base.getDefiningOp();
  if (!def || def->getBlock() != &block || mayReturnAlias(def) ||
      !isa<TracedOp>(def) || !isTensor(base))
    return false;
  // Who reads the storage after the write: `base` itself (rewired), the
  // write's own result (rewired); any other alias read afterwards, or held
  // in something that outlives the read (a list, a call), keeps the write.
  llvm::SetVector<Value> aliases = getStorageAliases(base);
  bool readAfter = false;
  for (Value alias : aliases) {
    // A view taken after the write reads `base` after it: rewired with it.
    Operation *aliasDef = alias.getDefiningOp();
    if (alias != base && aliasDef && isAfter(block, write, aliasDef))
      continue;
    for (Operation *user : alias.getUsers()) {
      if (user == write.getOperation())
        continue;
      bool after = isAfter(block, write, user);
      if (after && alias != base && alias != write->getResult(0))
        return false;
      if (after && alias == base)
        readAfter = true;
      if (!after && !isa<TracedOp>(user))
        return false;
      if (!after && isa<TracedOp>(user)) {
        StringRef name = cast<TracedOp>(user).getName();
        if (name.starts_with("prim::") && !mayReturnAlias(user))
          return false;
      }
    }
  }
  // A write nothing reads afterwards through another value is already a
  // value: the fuser takes it as its out-of-place form.
  if (!readAfter && views.empty())
    return false;

  OpBuilder b(write);
  Location loc = write.getLoc();
  StringRef name = write.getName();
  Value value = TracedOp::create(b, loc, write->getResult(0).getType(),
                                 name.drop_back(), write->getOperands(), 0)
                    ->getResult(0);
  Value updated = value;
  for (TracedOp view : views) {
    // `x[:, :, 1:]` slices dims 0 and 1 whole: nothing to scatter there.
    if (isWholeSlice(view))
      continue;
    SmallVector<Value> operands{view->getOperand(0), updated};
    llvm::append_range(operands, view->getOperands().drop_front());
    StringRef scatter = view.getName() == "aten::slice"
                            ? "aten::slice_scatter"
                            : "aten::select_scatter";
    updated = TracedOp::create(b, loc, view->getOperand(0).getType(), scatter,
                               operands, 0)
                  ->getResult(0);
  }
  base.replaceUsesWithIf(updated, [&](OpOperand &use) {
    return isAfter(block, write, use.getOwner());
  });
  write->getResult(0).replaceAllUsesWith(value);
  write->erase();
  return true;
}

} // namespace

unsigned tg::functionalizeInPlaceWrites(Operation *root) {
  SmallVector<TracedOp> writes;
  root->walk([&](TracedOp op) {
    if (isInPlaceOperator(op.getName()) && op->getNumOperands() >= 1 &&
        op.getBodies().empty())
      writes.push_back(op);
  });
  unsigned count = 0;
  ArrayRef<llvm::StringLiteral> pointwise = getDefaultPointwiseOperators();
  for (TracedOp write : writes) {
    // The out-of-place form of a pointwise operator is its name without the
    // underscore; other in-place operators (`resize_`, `normal_`, view
    // changes such as `unsqueeze_`) have none that means the same.
    StringRef name = write.getName().drop_front(6).drop_back();
    if (name != "masked_fill" && !llvm::is_contained(pointwise, name))
      continue;
    count += functionalize(write);
  }
  return count;
}
