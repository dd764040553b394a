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
// The conditions are evaluated as TorchScript computes them from constants:
// the transformer modules build theirs from strings of reasons, f-strings,
// integer arithmetic, identity and shapes (`why_not_fast_path`, once
// torch-to-tg's inference context has made run-time state constant), so
// the evaluator knows Python's meaning of those, and nothing of tensors
// beyond what their static types say.
//
//===----------------------------------------------------------------------===//

#include "tg/IR/CallStack.h"
#include "tg/IR/TGOps.h"
#include "tg/Passes/Decompositions.h"
#include "tg/Passes/Passes.h"

#include "mlir/IR/Matchers.h"

#include <charconv>
#include <cmath>

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
  std::string s; // a constant's text, or one `aten::format` computed
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
    value.s = text.getValue().str();
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
  // A container built in place, a list's slice or copy (`x.shape[-2:]`),
  // a size (a list, or an int): what these return is never None.
  return name == "prim::ListConstruct" || name == "prim::TupleConstruct" ||
         name == "prim::DictConstruct" || name == "aten::slice" ||
         name == "aten::list" || name == "aten::size";
}

/// Whether `type` is a tensor: never None (TorchScript refined it to
/// `Tensor`), and never known as a scalar here.
bool isTensorType(Type type) { return isa<TracedTensorType, TensorType>(type); }

/// TorchScript's operators after which a list built in place may no longer
/// hold what it was built with: those that change a list in place, and
/// those that store it where something else could change it (another
/// container, an alias through a cast).
bool mayChangeList(StringRef name) {
  return llvm::is_contained(
      {"aten::append", "aten::extend", "aten::insert", "aten::pop",
       "aten::remove", "aten::clear", "aten::_set_item", "aten::reverse",
       "aten::sort", "aten::add_", "aten::mul_", "aten::__setitem__",
       "aten::setdefault", "aten::update", "prim::ListConstruct",
       "prim::TupleConstruct", "prim::DictConstruct", "prim::unchecked_cast",
       "prim::SetAttr"},
      name);
}

/// `value` without the importer's `prim::unchecked_cast`s: a cast is the
/// same object (TorchScript's refinement of a type), so identity sees
/// through it.
Value stripCasts(Value value) {
  while (auto cast = value.getDefiningOp<TracedOp>()) {
    if (cast.getName() != "prim::unchecked_cast" || cast->getNumOperands() != 1)
      break;
    value = cast->getOperand(0);
  }
  return value;
}

/// PyTorch's ScalarType code of an element type, as `tensor.dtype` is
/// compared in TorchScript (`torch.bool` is 11, `torch.float32` 6).
std::optional<int64_t> getScalarTypeCode(Type element) {
  if (element.isF32())
    return 6;
  if (element.isF64())
    return 7;
  if (element.isF16())
    return 5;
  if (element.isBF16())
    return 15;
  if (element.isSignlessInteger(1))
    return 11;
  if (element.isSignlessInteger(64) || element.isSignedInteger(64))
    return 4;
  if (element.isSignlessInteger(32) || element.isSignedInteger(32))
    return 3;
  if (element.isSignlessInteger(16) || element.isSignedInteger(16))
    return 2;
  if (element.isSignlessInteger(8) || element.isSignedInteger(8))
    return 1;
  if (element.isUnsignedInteger(8))
    return 0;
  return std::nullopt;
}

Scalar makeInt(int64_t i) {
  Scalar value(Scalar::Int);
  value.i = i;
  return value;
}

/// What the static type of a tensor tells about it: `t.dim()`,
/// `t.dtype`, `t.is_floating_point()`, `t.size(d)`, `len(t.size())`.
std::optional<Scalar> evaluateTensorQuery(TracedOp op, unsigned depth);

/// Python's integer arithmetic, when it is defined (no division by zero,
/// no overflow).
std::optional<Scalar> evaluateIntArithmetic(StringRef name, int64_t lhs,
                                            int64_t rhs) {
  int64_t result;
  if (name == "aten::add") {
    if (llvm::AddOverflow(lhs, rhs, result))
      return std::nullopt;
    return makeInt(result);
  }
  if (name == "aten::sub") {
    if (llvm::SubOverflow(lhs, rhs, result))
      return std::nullopt;
    return makeInt(result);
  }
  if (name == "aten::mul") {
    if (llvm::MulOverflow(lhs, rhs, result))
      return std::nullopt;
    return makeInt(result);
  }
  if ((name != "aten::floordiv" && name != "aten::remainder") || rhs == 0 ||
      (lhs == INT64_MIN && rhs == -1))
    return std::nullopt;
  // Python rounds the quotient down and gives the remainder the divisor's
  // sign: -7 // 2 == -4, -7 % 2 == 1.
  int64_t quotient = lhs / rhs, remainder = lhs % rhs;
  if (remainder != 0 && ((remainder < 0) != (rhs < 0))) {
    --quotient;
    remainder += rhs;
  }
  return makeInt(name == "aten::floordiv" ? quotient : remainder);
}

/// The number of code points of UTF-8 text, Python's `len` of a str.
int64_t countCodePoints(StringRef text) {
  return llvm::count_if(text, [](char c) { return (c & 0xC0) != 0x80; });
}

std::optional<Scalar> evaluate(Value value, unsigned depth = 16);

/// Whether a list or tuple built in place (`prim::ListConstruct`) keeps
/// what it was built with: no user changes it, or could (a user that is not
/// a tg.op, or one with regions, might).
/// A cast is the same list under another type (`Optional[List[int]]` of
/// torch.norm's `dim`): its users count as the list's, to a bounded depth.
bool hasNoChangingUser(Value list, unsigned depth = 8);

/// Whether `user`, a user of a list, leaves it as it is (see
/// hasNoChangingUser).
bool userLeavesListUnchanged(Operation *user, unsigned depth) {
  auto traced = dyn_cast<TracedOp>(user);
  if (!traced || !traced.getBodies().empty())
    return false;
  if (traced.getName() == "prim::unchecked_cast")
    return depth && traced->getNumResults() == 1 &&
           hasNoChangingUser(traced->getResult(0), depth - 1);
  return !mayChangeList(traced.getName());
}

bool hasNoChangingUser(Value list, unsigned depth) {
  return llvm::all_of(list.getUsers(), [&](Operation *user) {
    return userLeavesListUnchanged(user, depth);
  });
}

bool isUnchangedList(Value list) {
  auto built = list.getDefiningOp<TracedOp>();
  if (!built || (built.getName() != "prim::ListConstruct" &&
                 built.getName() != "prim::TupleConstruct"))
    return false;
  return hasNoChangingUser(list);
}

std::optional<SmallVector<Scalar>> evaluateList(Value list, unsigned depth);

/// `list[start:end:step]` (TorchScript's `aten::slice.t`) of a known list,
/// with Python's rules: None for either bound, bounds counted from the end
/// when negative and clamped to the list; a positive step only. The slice is
/// a new list: known while nothing changes it.
std::optional<SmallVector<Scalar>> evaluateListSlice(TracedOp slice,
                                                     unsigned depth) {
  if (!hasNoChangingUser(slice->getResult(0)))
    return std::nullopt;
  std::optional<SmallVector<Scalar>> source =
      evaluateList(slice->getOperand(0), depth - 1);
  std::optional<Scalar> start = evaluate(slice->getOperand(1), depth - 1);
  std::optional<Scalar> end = evaluate(slice->getOperand(2), depth - 1);
  std::optional<Scalar> step = evaluate(slice->getOperand(3), depth - 1);
  auto isBound = [](const std::optional<Scalar> &bound) {
    return bound && (bound->kind == Scalar::None || bound->kind == Scalar::Int);
  };
  if (!source || !isBound(start) || !isBound(end) || !step ||
      step->kind != Scalar::Int || step->i <= 0)
    return std::nullopt;
  int64_t size = source->size();
  auto clampBound = [&](const Scalar &bound, int64_t absent) {
    if (bound.kind == Scalar::None)
      return absent;
    int64_t index = bound.i < 0 ? bound.i + size : bound.i;
    return std::clamp<int64_t>(index, 0, size);
  };
  SmallVector<Scalar> elements;
  for (int64_t i = clampBound(*start, 0), e = clampBound(*end, size); i < e;
       i += step->i)
    elements.push_back((*source)[i]);
  return elements;
}

/// The elements of a list known without running the program: `t.size()`
/// of a tensor of static shape, a list or tuple built in place, that
/// nothing changes, of known elements, or a slice of a known list.
std::optional<SmallVector<Scalar>> evaluateList(Value list, unsigned depth) {
  SmallVector<Scalar> elements;
  Attribute constant;
  if (matchPattern(list, m_Constant(&constant))) {
    auto array = dyn_cast<ArrayAttr>(constant);
    if (!array)
      return std::nullopt;
    for (Attribute element : array) {
      std::optional<Scalar> known = toScalar(element);
      if (!known)
        return std::nullopt;
      elements.push_back(*known);
    }
    return elements;
  }
  auto built = list.getDefiningOp<TracedOp>();
  if (!built || !depth)
    return std::nullopt;
  if (built.getName() == "aten::size" && built->getNumOperands() == 1) {
    auto ranked = dyn_cast<RankedTensorType>(built->getOperand(0).getType());
    if (!ranked || !ranked.hasStaticShape())
      return std::nullopt;
    for (int64_t size : ranked.getShape())
      elements.push_back(makeInt(size));
    return elements;
  }
  if (built.getName() == "aten::slice" && built->getNumOperands() == 4 &&
      isa<ValueType>(built->getOperand(0).getType()))
    return evaluateListSlice(built, depth);
  if (!isUnchangedList(list))
    return std::nullopt;
  for (Value element : built->getOperands()) {
    std::optional<Scalar> known = evaluate(element, depth - 1);
    if (!known)
      return std::nullopt;
    elements.push_back(*known);
  }
  return elements;
}

/// `list == other` / `list != other` of two known lists (shape checks:
/// `key.shape == value.shape`), element by element with Python's rules.
std::optional<Scalar> evaluateListEquality(TracedOp op, unsigned depth) {
  std::optional<SmallVector<Scalar>> lhs =
      evaluateList(op->getOperand(0), depth);
  std::optional<SmallVector<Scalar>> rhs =
      evaluateList(op->getOperand(1), depth);
  if (!lhs || !rhs)
    return std::nullopt;
  bool equal = lhs->size() == rhs->size();
  for (size_t i = 0; equal && i < lhs->size(); ++i) {
    std::optional<bool> same = compare("aten::eq", (*lhs)[i], (*rhs)[i]);
    if (!same)
      return std::nullopt;
    equal = *same;
  }
  return makeBool(op.getName() == "aten::eq" ? equal : !equal);
}

/// `len(x)`: of a string, of a list built in place that nothing changes,
/// of `t.size()` for a tensor of static rank.
std::optional<Scalar> evaluateLength(Value operand, unsigned depth) {
  if (isUnchangedList(operand))
    return makeInt(operand.getDefiningOp()->getNumOperands());
  // A constant list (one --tg-decompose folded: F.interpolate's size).
  Attribute constant;
  if (matchPattern(operand, m_Constant(&constant)))
    if (auto list = dyn_cast<ArrayAttr>(constant))
      return makeInt(list.size());
  if (auto size = operand.getDefiningOp<TracedOp>();
      size && size.getName() == "aten::size" && size->getNumOperands() == 1)
    if (auto ranked = dyn_cast<RankedTensorType>(size->getOperand(0).getType()))
      return makeInt(ranked.getRank());
  std::optional<Scalar> known = evaluate(operand, depth - 1);
  if (known && known->kind == Scalar::String)
    return makeInt(countCodePoints(known->s));
  return std::nullopt;
}

/// The value whose object `value` is: through casts, and through in-place
/// ops, which return their first operand (`b = a.unsqueeze_(0)` is `a`,
/// whatever shape each was typed with when made).
Value getObjectRoot(Value value) {
  while (true) {
    value = stripCasts(value);
    auto op = value.getDefiningOp<TracedOp>();
    if (!op || op->getNumOperands() == 0 || op->getNumResults() != 1 ||
        !isInPlaceOperator(op.getName()))
      return value;
    value = op->getOperand(0);
  }
}

/// Whether `root` is an argument of the entry graph.
bool isEntryArgument(Value root) {
  auto arg = dyn_cast<BlockArgument>(root);
  if (!arg)
    return false;
  auto graph = dyn_cast<GraphOp>(arg.getOwner()->getParentOp());
  return graph && graph.isEntry() && arg.getOwner() == &graph.getBody().front();
}

/// Whether `root` is a tensor a call made anew, never one of its operands:
/// the ops that compute the query of an attention block (a layer norm, a
/// linear, arithmetic), in their forms without `out=`. Not an op that may
/// hand back its input (`contiguous`, `to`, `dropout` in eval, `flatten` of
/// one dim), nor a value read from a list, a tuple, a module or a branch.
bool isFreshTensor(Value root) {
  auto op = root.getDefiningOp<TracedOp>();
  if (!op || op->getNumResults() != 1 || !op.getBodies().empty() ||
      !isTensorType(root.getType()))
    return false;
  StringRef name = op.getName();
  unsigned operands = op->getNumOperands();
  return (name == "aten::layer_norm" && operands == 6) ||
         (name == "aten::linear" && operands == 3) ||
         ((name == "aten::add" || name == "aten::sub") && operands == 3) ||
         ((name == "aten::mul" || name == "aten::div") && operands == 2);
}

/// `x is y` / `x is not y` on what identity is known for: the same object
/// (through casts and in-place ops), different objects (a tensor made anew
/// against another or an argument; two arguments of the example run), or a
/// tensor (never None) against None.
std::optional<Scalar> evaluateIdentity(TracedOp op, unsigned depth) {
  bool negate = op.getName() == "aten::__isnot__";
  Value lhs = getObjectRoot(op->getOperand(0)),
        rhs = getObjectRoot(op->getOperand(1));
  if (lhs == rhs)
    return makeBool(!negate);
  // Two different objects. A tensor a call made anew is no other value (not
  // an argument, not another call's tensor). Static types come from one run
  // of the example inputs (torch-to-tg --example-input), which the program
  // is specialized to, as a tracer specializes it (and Dynamo guards on
  // it): in that run two different arguments of the entry graph were two
  // tensors, and one object has one type, but for in-place ops that reshape
  // it, which return their operand and are followed above. (An `out=`
  // variant also returns its operand, resized: a program that compares the
  // two by identity is not told apart; docs/passes/fold-constant-control-
  // flow.md.) This is cross-attention's `query is key` in
  // nn.MultiheadAttention, whose branches (the same attention, computed two
  // ways) otherwise keep both paths, untyped.
  bool lhsFresh = isFreshTensor(lhs), rhsFresh = isFreshTensor(rhs);
  auto lhsType = dyn_cast<RankedTensorType>(lhs.getType());
  auto rhsType = dyn_cast<RankedTensorType>(rhs.getType());
  bool typed = lhsType && rhsType;
  bool typesDiffer =
      typed &&
      (lhsType.getElementType() != rhsType.getElementType() ||
       failed(verifyCompatibleShape(lhsType.getShape(), rhsType.getShape())));
  if ((lhsFresh && (rhsFresh || isEntryArgument(rhs))) ||
      (rhsFresh && isEntryArgument(lhs)) ||
      (typed && isEntryArgument(lhs) && isEntryArgument(rhs)) || typesDiffer)
    return makeBool(negate);
  for (unsigned side = 0; side < 2; ++side) {
    // A tensor stays a tensor through the importer's casts to Optional.
    Value one = stripCasts(op->getOperand(side)),
          other = op->getOperand(1 - side);
    auto built = one.getDefiningOp<TracedOp>();
    bool neverNone =
        isTensorType(one.getType()) || (built && isNeverNone(built.getName()));
    std::optional<Scalar> known = evaluate(other, depth - 1);
    if (neverNone && known && known->kind == Scalar::None)
      return makeBool(negate);
  }
  // Two known scalars: only `is None` / `is not None` are known (identity
  // of other values is not a question of their value).
  if (isTensorType(lhs.getType()) || isTensorType(rhs.getType()))
    return std::nullopt;
  std::optional<Scalar> left = evaluate(op->getOperand(0), depth - 1);
  std::optional<Scalar> right = evaluate(op->getOperand(1), depth - 1);
  if (!left || !right ||
      (left->kind != Scalar::None && right->kind != Scalar::None))
    return std::nullopt;
  return makeBool((left->kind == right->kind) != negate);
}

/// Python's `str` of a float (`repr`): the shortest digits that read back
/// as the same double, in positional notation from 1e-4 up to 1e16 (always
/// with a decimal point: `100.0`), else in scientific (`1e-05`, `1e+16`).
std::string formatPythonFloat(double value) {
  if (std::isnan(value))
    return "nan";
  if (std::isinf(value))
    return value < 0 ? "-inf" : "inf";
  char buffer[64];
  auto [end, ec] = std::to_chars(buffer, buffer + sizeof(buffer), value,
                                 std::chars_format::scientific);
  if (ec != std::errc())
    return "";
  StringRef text(buffer, end - buffer); // -d.ddde[+-]XX
  auto [mantissa, exponentText] = text.split('e');
  int exponent = 0;
  exponentText.consume_front("+");
  if (exponentText.getAsInteger(10, exponent))
    return "";
  std::string sign = mantissa.consume_front("-") ? "-" : "";
  std::string digits = mantissa.str();
  llvm::erase(digits, '.');
  if (exponent < -4 || exponent >= 16) {
    std::string out = sign + digits.substr(0, 1);
    if (digits.size() > 1)
      out += "." + digits.substr(1);
    std::string exp = std::to_string(std::abs(exponent));
    return out + (exponent < 0 ? "e-" : "e+") +
           (exp.size() < 2 ? "0" + exp : exp);
  }
  if (exponent < 0)
    return sign + "0." + std::string(-exponent - 1, '0') + digits;
  if (digits.size() <= size_t(exponent) + 1)
    return sign + digits + std::string(exponent + 1 - digits.size(), '0') +
           ".0";
  return sign + digits.substr(0, exponent + 1) + "." +
         digits.substr(exponent + 1);
}

/// Python's `str` of a known scalar.
std::string formatPython(const Scalar &value) {
  switch (value.kind) {
  case Scalar::None:
    return "None";
  case Scalar::Bool:
    return value.b ? "True" : "False";
  case Scalar::Int:
    return std::to_string(value.i);
  case Scalar::Float:
    return formatPythonFloat(value.f);
  case Scalar::String:
    return value.s;
  }
  llvm_unreachable("a scalar kind");
}

/// TorchScript's `aten::format` (f-strings, `"...{}".format(...)`): each
/// `{}` replaced by the next argument's `str`; other replacement fields are
/// not evaluated.
std::optional<Scalar> evaluateFormat(TracedOp op, unsigned depth) {
  std::optional<Scalar> format = evaluate(op->getOperand(0), depth - 1);
  if (!format || format->kind != Scalar::String)
    return std::nullopt;
  Scalar result(Scalar::String);
  StringRef rest = format->s;
  unsigned next = 1;
  while (!rest.empty()) {
    size_t brace = rest.find_first_of("{}");
    result.s += rest.take_front(brace).str();
    if (brace == StringRef::npos)
      break;
    if (!rest.substr(brace).starts_with("{}") || next >= op->getNumOperands())
      return std::nullopt;
    std::optional<Scalar> argument =
        evaluate(op->getOperand(next++), depth - 1);
    if (!argument)
      return std::nullopt;
    std::string text = formatPython(*argument);
    if (argument->kind == Scalar::Float && text.empty())
      return std::nullopt;
    result.s += text;
    rest = rest.drop_front(brace + 2);
  }
  return result;
}

/// `x in [a, b, ...]` for a known list.
std::optional<Scalar> evaluateContains(TracedOp op, unsigned depth) {
  std::optional<SmallVector<Scalar>> list =
      evaluateList(op->getOperand(0), depth);
  std::optional<Scalar> needle = evaluate(op->getOperand(1), depth - 1);
  if (!list || !needle)
    return std::nullopt;
  bool found = false;
  for (const Scalar &element : *list) {
    std::optional<bool> equal = compare("aten::eq", element, *needle);
    if (!equal)
      return std::nullopt;
    found |= *equal;
  }
  return makeBool(found);
}

/// `not x` and Python's `bool(x)` of a known number.
std::optional<Scalar> evaluateUnary(StringRef name, const Scalar &operand) {
  if (name == "aten::__not__" && operand.kind == Scalar::Bool)
    return makeBool(!operand.b);
  if (name == "aten::Bool" && operand.isNumber())
    return makeBool(operand.kind == Scalar::Float ? operand.f != 0
                                                  : operand.asInt() != 0);
  if (name == "aten::neg" && operand.kind == Scalar::Int &&
      operand.i != INT64_MIN)
    return makeInt(-operand.i);
  return std::nullopt;
}

/// `a, b, c = t.size()`: size `index` of a tensor of static shape.
std::optional<Scalar> evaluateUnpackedSize(TracedOp unpack, unsigned index) {
  // A list known otherwise (a constant, once --tg-decompose has folded the
  // `t.size()` of a static type into one).
  if (std::optional<SmallVector<Scalar>> list =
          evaluateList(unpack->getOperand(0), 8))
    return list->size() == unpack->getNumResults()
               ? std::optional<Scalar>((*list)[index])
               : std::nullopt;
  auto size = unpack->getOperand(0).getDefiningOp<TracedOp>();
  if (!size || size.getName() != "aten::size" || size->getNumOperands() != 1)
    return std::nullopt;
  auto ranked = dyn_cast<RankedTensorType>(size->getOperand(0).getType());
  if (!ranked || !ranked.hasStaticShape() ||
      ranked.getRank() != int64_t(unpack->getNumResults()))
    return std::nullopt;
  return makeInt(ranked.getDimSize(index));
}

std::optional<Scalar> evaluateTensorQuery(TracedOp op, unsigned depth) {
  StringRef name = op.getName();
  if (op->getNumOperands() == 0)
    return std::nullopt;
  auto ranked = dyn_cast<RankedTensorType>(op->getOperand(0).getType());
  if (!ranked)
    return std::nullopt;
  // The rank of a tensor of static type (from example inputs): the
  // `if input.dim() != 4: raise` checks of every BatchNorm and convolution.
  if (name == "aten::dim" && op->getNumOperands() == 1)
    return makeInt(ranked.getRank());
  if (name == "prim::dtype" && op->getNumOperands() == 1) {
    if (std::optional<int64_t> code =
            getScalarTypeCode(ranked.getElementType()))
      return makeInt(*code);
    return std::nullopt;
  }
  if (name == "aten::is_floating_point" && op->getNumOperands() == 1)
    return makeBool(isa<FloatType>(ranked.getElementType()));
  if (name == "aten::size" && op->getNumOperands() == 2 &&
      ranked.hasStaticShape()) {
    std::optional<Scalar> dim = evaluate(op->getOperand(1), depth - 1);
    if (!dim || dim->kind != Scalar::Int)
      return std::nullopt;
    int64_t rank = ranked.getRank(), d = dim->i < 0 ? dim->i + rank : dim->i;
    if (d < 0 || d >= rank)
      return std::nullopt;
    return makeInt(ranked.getDimSize(d));
  }
  return std::nullopt;
}

/// The value of `value` when it is known without running the program: a
/// constant, or a condition TorchScript builds from constants (`not`,
/// `and`, `or`, comparisons of numbers and strings, `bool(x)`, integer
/// arithmetic, `len` of strings and of lists built in place, `is None`,
/// identity of one value, what a static tensor type says). The ops that
/// compute it are left in place (they hold their own origins); only the If
/// that reads it is folded. `depth` bounds the walk up the chain.
std::optional<Scalar> evaluate(Value value, unsigned depth) {
  Attribute attr;
  if (matchPattern(value, m_Constant(&attr)))
    return toScalar(attr);
  auto traced = value.getDefiningOp<TracedOp>();
  if (!depth || !traced || !traced.getBodies().empty())
    return std::nullopt;
  StringRef name = traced.getName();
  if (name == "prim::ListUnpack" || name == "prim::TupleUnpack")
    return evaluateUnpackedSize(traced,
                                cast<OpResult>(value).getResultNumber());
  if (traced->getNumResults() != 1)
    return std::nullopt;
  if (std::optional<Scalar> shape = evaluateTensorQuery(traced, depth))
    return shape;
  if ((name == "aten::__is__" || name == "aten::__isnot__") &&
      traced->getNumOperands() == 2)
    return evaluateIdentity(traced, depth);
  if (name == "aten::len" && traced->getNumOperands() == 1)
    return evaluateLength(traced->getOperand(0), depth);
  if (name == "aten::__contains__" && traced->getNumOperands() == 2)
    return evaluateContains(traced, depth);
  if (name == "aten::format" && traced->getNumOperands() >= 1)
    return evaluateFormat(traced, depth);
  // `shape[0]` of a known list (view shapes: `[x.shape[0], bsz * heads]`).
  if (name == "aten::__getitem__" && traced->getNumOperands() == 2)
    if (std::optional<SmallVector<Scalar>> list =
            evaluateList(traced->getOperand(0), depth - 1))
      if (std::optional<Scalar> index =
              evaluate(traced->getOperand(1), depth - 1);
          index && index->kind == Scalar::Int) {
        int64_t size = list->size(),
                i = index->i < 0 ? index->i + size : index->i;
        if (i >= 0 && i < size)
          return (*list)[i];
        return std::nullopt;
      }
  // The importer's refinement of a type: the same value.
  if (name == "prim::unchecked_cast" && traced->getNumOperands() == 1 &&
      !isTensorType(traced->getOperand(0).getType()))
    return evaluate(traced->getOperand(0), depth - 1);
  if ((name == "aten::eq" || name == "aten::ne") &&
      traced->getNumOperands() == 2)
    if (std::optional<Scalar> lists = evaluateListEquality(traced, depth))
      return lists;
  SmallVector<Scalar, 2> operands;
  for (Value operand : traced->getOperands()) {
    // Tensor operands are never known here (aten::eq of two tensors is a
    // tensor), even when a tensor constant defines them.
    if (isTensorType(operand.getType()))
      return std::nullopt;
    std::optional<Scalar> known = evaluate(operand, depth - 1);
    if (!known)
      return std::nullopt;
    operands.push_back(*known);
  }
  if (operands.size() == 1)
    return evaluateUnary(name, operands[0]);
  if (operands.size() != 2)
    return std::nullopt;
  const Scalar &lhs = operands[0], &rhs = operands[1];
  if (lhs.kind == Scalar::Bool && rhs.kind == Scalar::Bool) {
    if (name == "aten::__and__")
      return makeBool(lhs.b && rhs.b);
    if (name == "aten::__or__")
      return makeBool(lhs.b || rhs.b);
    if (name == "aten::__xor__")
      return makeBool(lhs.b != rhs.b);
  }
  if (lhs.kind == Scalar::Int && rhs.kind == Scalar::Int)
    if (std::optional<Scalar> result =
            evaluateIntArithmetic(name, lhs.i, rhs.i))
      return result;
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
  if (!isa<UnknownLoc>(stripOriginRecords(yield.getLoc())))
    recordEliminated(yield, passName, records);
  yield->erase();
  op->getBlock()->getOperations().splice(op->getIterator(),
                                         body.getOperations());
  // After the moved ops, which may compute the values the casts read.
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

Attribute tg::evaluateKnownScalar(Value value) {
  std::optional<Scalar> known = evaluate(value);
  if (!known)
    return {};
  Builder b(value.getContext());
  switch (known->kind) {
  case Scalar::None:
    return b.getUnitAttr();
  case Scalar::Bool:
    return b.getBoolAttr(known->b);
  case Scalar::Int:
    return b.getI64IntegerAttr(known->i);
  case Scalar::Float:
    return b.getF64FloatAttr(known->f);
  case Scalar::String:
    return b.getStringAttr(known->s);
  }
  return {};
}

ArrayAttr tg::evaluateNumberList(Value list) {
  std::optional<SmallVector<Scalar>> elements = evaluateList(list, 16);
  if (!elements)
    return {};
  Builder b(list.getContext());
  SmallVector<Attribute> numbers;
  for (const Scalar &element : *elements) {
    if (element.kind != (*elements)[0].kind)
      return {};
    if (element.kind == Scalar::Int)
      numbers.push_back(b.getI64IntegerAttr(element.i));
    else if (element.kind == Scalar::Float)
      numbers.push_back(b.getF64FloatAttr(element.f));
    else
      return {};
  }
  return b.getArrayAttr(numbers);
}

bool tg::leavesListUnchanged(Operation *user) {
  return userLeavesListUnchanged(user, 8);
}

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
