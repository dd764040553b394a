//===- TGToLinalg.cpp - Fused kernels as linalg functions -----------------===//
//
// The reference lowering from tracegraph's kernels to upstream dialects. It
// exists so that a fused kernel of a real model can be compiled to native
// code end to end with upstream passes only, and so that what reaches the
// object file can be checked against the debug section op by op. Hence the
// one rule that matters here beyond correct arithmetic: every op of the
// kernel is lowered at its own location, never at the kernel's.
//
//===----------------------------------------------------------------------===//

#include "tg/Conversion/TGToLinalg/TGToLinalg.h"
#include "tg/IR/CallStack.h"
#include "tg/IR/DebugHandle.h"
#include "tg/IR/LayoutOps.h"
#include "tg/IR/LinearIndex.h"
#include "tg/IR/NearestIndex.h"
#include "tg/IR/TGOps.h"
#include "tg/Passes/OptionChecks.h"

#include "mlir/Dialect/Affine/Utils.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/AffineMap.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MathExtras.h"

namespace tg {
#define GEN_PASS_DEF_TGEXTRACTKERNELS
#include "tg/Conversion/Passes.h.inc"
} // namespace tg

using namespace mlir;
using namespace tg;

namespace {

constexpr llvm::StringLiteral kSupportedOps =
    "add, sub, mul, div, neg, relu, relu6, hardtanh, clamp, clamp_min, "
    "clamp_max, sigmoid, hardsigmoid, silu, hardswish, mish, gelu, "
    "leaky_relu, elu, softplus, tanh, exp, log, sqrt, rsqrt, abs, erf, pow, "
    "reciprocal, square, log1p, expm1, sin, cos, minimum, maximum, where, eq, "
    "ne, lt, le, gt, ge, logical_not; reductions mean, sum, amax, amin";

/// The operators the lowering knows, in families that share a lowering
/// step, with how many operands each needs at least and reads at most (the
/// optional scalars: alpha, bounds, slopes, gelu's `approximate`; more are
/// ignored).
enum class OpFamily {
  Unsupported,
  Arithmetic,
  Clamp,
  Activation,
  Math,
  Comparison,
  Select
};
struct OpArity {
  OpFamily family;
  unsigned least, most;
};
OpArity getOpArity(StringRef name) {
  using F = OpFamily;
  return llvm::StringSwitch<OpArity>(name)
      .Cases({"add", "sub"}, {F::Arithmetic, 2, 3})
      .Cases({"mul", "div", "pow", "minimum", "maximum"}, {F::Arithmetic, 2, 2})
      .Cases({"neg", "reciprocal", "square"}, {F::Arithmetic, 1, 1})
      .Cases({"clamp_min", "clamp_max"}, {F::Clamp, 2, 2})
      .Cases({"hardtanh", "clamp"}, {F::Clamp, 1, 3})
      .Cases({"relu", "relu6"}, {F::Clamp, 1, 1})
      .Cases({"leaky_relu", "gelu"}, {F::Activation, 1, 2})
      .Case("elu", {F::Activation, 1, 4})
      .Case("softplus", {F::Activation, 1, 3})
      .Cases({"sigmoid", "silu", "hardsigmoid", "hardswish", "mish"},
             {F::Activation, 1, 1})
      .Cases({"tanh", "exp", "log", "sqrt", "rsqrt", "abs", "erf", "log1p",
              "expm1", "sin", "cos"},
             {F::Math, 1, 1})
      .Cases({"eq", "ne", "lt", "le", "gt", "ge"}, {F::Comparison, 2, 2})
      .Case("where", {F::Select, 3, 3})
      .Case("logical_not", {F::Select, 1, 1})
      .Default({F::Unsupported, 0, 0});
}

/// Lowers the ops of one kernel into the body of its linalg.generic.
///
/// Each operator follows PyTorch's definition (aten/src/ATen/native), with
/// its scalar arguments (alpha, bounds, slopes, gelu's `approximate`) read
/// from the constants the kernel takes; a None argument (`clamp(x, max=6)`)
/// is a unit constant.
class KernelBodyLowering {
public:
  KernelBodyLowering(OpBuilder &builder, FloatType elementType,
                     IRMapping &scalars, DenseMap<Value, Attribute> &attrs)
      : b(builder), type(elementType), scalars(scalars), attrs(attrs),
        loc(builder.getUnknownLoc()) {}

  /// Lowers `op` at its location; returns the op that computes its result
  /// (which takes the op's debug handle), or failure with a diagnostic.
  FailureOr<Operation *> lower(TracedOp traced) {
    op = traced;
    loc = op.getLoc();
    bad = false;
    StringRef name = op.getName();
    if (!name.consume_front("aten::"))
      return unsupported();
    name.consume_back("_");
    OpArity arity = getOpArity(name);
    if (op->getNumResults() != 1 || op->getNumRegions() != 0 ||
        arity.family == OpFamily::Unsupported)
      return unsupported();
    unsigned numOperands = op->getNumOperands();
    if (numOperands < arity.least) {
      op.emitError() << "'" << op.getName() << "' needs " << arity.least
                     << " operands but has " << numOperands;
      return failure();
    }
    used = std::min(numOperands, arity.most);
    // The operands an operator cannot do without must be numbers, not None.
    SmallVector<Value, 4> args;
    for (unsigned i = 0; i < arity.least; ++i) {
      args.push_back(number(i));
      if (bad)
        return failure();
      if (!args.back()) {
        op.emitError() << "operand " << i << " of '" << op.getName()
                       << "' is None";
        return failure();
      }
    }
    Operation *lowered = nullptr;
    switch (arity.family) {
    case OpFamily::Arithmetic:
      lowered = lowerArithmetic(name, args);
      break;
    case OpFamily::Clamp:
      lowered = lowerClamp(name, args);
      break;
    case OpFamily::Activation:
      lowered = lowerActivation(name, args[0]);
      break;
    case OpFamily::Math:
      lowered = lowerMath(name, args[0]);
      break;
    case OpFamily::Comparison:
      lowered = lowerComparison(name, args[0], args[1]);
      break;
    case OpFamily::Select:
      lowered = lowerSelect(name, args);
      break;
    case OpFamily::Unsupported:
      llvm_unreachable("rejected above");
    }
    if (bad || !lowered)
      return failure();
    return lowered;
  }

private:
  // Each step returns the op computing the result, or null after a
  // diagnostic (`bad` set by `number`, or its own).

  Operation *lowerArithmetic(StringRef name, ArrayRef<Value> args) {
    Value x = args[0];
    if (name == "add" || name == "sub") {
      Value scaled = args[1];
      // alpha == 1 (the usual case) multiplies by nothing, as PyTorch.
      if (Value alpha = number(2); alpha && !isConstantOne(alpha))
        scaled = arith::MulFOp::create(b, loc, args[1], alpha);
      if (name == "sub")
        return create<arith::SubFOp>(x, scaled);
      return create<arith::AddFOp>(x, scaled);
    }
    if (name == "mul")
      return create<arith::MulFOp>(x, args[1]);
    if (name == "div")
      return create<arith::DivFOp>(x, args[1]);
    if (name == "pow")
      return create<math::PowFOp>(x, args[1]);
    // NaN propagates, as at::minimum and at::maximum.
    if (name == "minimum")
      return create<arith::MinimumFOp>(x, args[1]);
    if (name == "maximum")
      return create<arith::MaximumFOp>(x, args[1]);
    if (name == "reciprocal")
      return create<arith::DivFOp>(constant(1.0), x);
    if (name == "square")
      return create<arith::MulFOp>(x, x);
    assert(name == "neg" && "an arithmetic operator of the table");
    return create<arith::NegFOp>(x);
  }

  /// eq, ne, lt, le, gt, ge on numbers: a bool (i1). Ordered predicates,
  /// except `ne`, which holds for NaN, as in PyTorch.
  Operation *lowerComparison(StringRef name, Value x, Value y) {
    if (!isa<FloatType>(x.getType()) || x.getType() != y.getType()) {
      op.emitError() << "'" << op.getName()
                     << "' compares numbers of one floating-point type";
      return nullptr;
    }
    auto predicate = llvm::StringSwitch<arith::CmpFPredicate>(name)
                         .Case("eq", arith::CmpFPredicate::OEQ)
                         .Case("ne", arith::CmpFPredicate::UNE)
                         .Case("lt", arith::CmpFPredicate::OLT)
                         .Case("le", arith::CmpFPredicate::OLE)
                         .Case("gt", arith::CmpFPredicate::OGT)
                         .Default(arith::CmpFPredicate::OGE);
    return create<arith::CmpFOp>(predicate, x, y);
  }

  /// where(condition, x, y) and logical_not(x) (of a bool, or of a number:
  /// true where it is 0).
  Operation *lowerSelect(StringRef name, ArrayRef<Value> args) {
    Value condition = args[0];
    if (name == "logical_not") {
      if (condition.getType().isInteger(1))
        return create<arith::XOrIOp>(
            condition,
            arith::ConstantOp::create(b, loc, b.getBoolAttr(true)).getResult());
      return create<arith::CmpFOp>(arith::CmpFPredicate::OEQ, condition,
                                   constant(0.0));
    }
    if (!condition.getType().isInteger(1)) {
      op.emitError() << "the condition of 'aten::where' must be a bool tensor";
      return nullptr;
    }
    return create<arith::SelectOp>(condition, args[1], args[2]);
  }

  Operation *lowerClamp(StringRef name, ArrayRef<Value> args) {
    Value x = args[0];
    if (name == "clamp_min")
      return clamp(x, args[1], Value());
    if (name == "clamp_max")
      return clamp(x, Value(), args[1]);
    if (name == "clamp") {
      Value lo = number(1), hi = number(2);
      return clamp(x, lo, hi);
    }
    if (name == "hardtanh") {
      // One statement per bound: the order of a call's arguments is the
      // compiler's, and the IR must not depend on it.
      Value lo = numberOr(1, -1.0);
      Value hi = numberOr(2, 1.0);
      return clamp(x, lo, hi);
    }
    if (name == "relu")
      return create<arith::MaximumFOp>(x, constant(0.0));
    assert(name == "relu6" && "a clamp of the table");
    Value zero = constant(0.0);
    Value six = constant(6.0);
    return clamp(x, zero, six);
  }

  Operation *lowerActivation(StringRef name, Value x) {
    if (name == "sigmoid")
      return sigmoid(x);
    if (name == "mish") {
      // x * tanh(softplus(x)), softplus with beta 1 and threshold 20.
      Value exp = math::ExpOp::create(b, loc, x);
      Value soft = math::Log1pOp::create(b, loc, exp);
      Value linear = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OGT, x,
                                           constant(20.0));
      Value softplus = arith::SelectOp::create(b, loc, linear, x, soft);
      return create<arith::MulFOp>(x, math::TanhOp::create(b, loc, softplus));
    }
    if (name == "silu")
      return create<arith::MulFOp>(x, value(sigmoid(x)));
    if (name == "hardsigmoid" || name == "hardswish") {
      // relu6(x + 3) / 6, times x for hardswish.
      Value shifted = arith::AddFOp::create(b, loc, x, constant(3.0));
      Value zero = constant(0.0);
      Value sixBound = constant(6.0);
      Value six = value(clamp(shifted, zero, sixBound));
      if (name == "hardsigmoid")
        return create<arith::DivFOp>(six, constant(6.0));
      Value scaled = arith::MulFOp::create(b, loc, x, six);
      return create<arith::DivFOp>(scaled, constant(6.0));
    }
    if (name == "leaky_relu")
      return select(x, x, arith::MulFOp::create(b, loc, x, numberOr(1, 0.01)));
    if (name == "elu") {
      // scale * (x > 0 ? x : alpha * (exp(x * input_scale) - 1))
      Value alpha = numberOr(1, 1.0), scale = numberOr(2, 1.0),
            inputScale = numberOr(3, 1.0);
      Value exp = math::ExpOp::create(
          b, loc, arith::MulFOp::create(b, loc, x, inputScale));
      Value negative = arith::MulFOp::create(
          b, loc, alpha, arith::SubFOp::create(b, loc, exp, constant(1.0)));
      return create<arith::MulFOp>(value(select(x, x, negative)), scale);
    }
    if (name == "softplus") {
      // x * beta > threshold ? x : log1p(exp(x * beta)) / beta
      Value beta = numberOr(1, 1.0), threshold = numberOr(2, 20.0);
      Value scaled = arith::MulFOp::create(b, loc, x, beta);
      Value soft = arith::DivFOp::create(
          b, loc,
          math::Log1pOp::create(b, loc, math::ExpOp::create(b, loc, scaled)),
          beta);
      Value linear = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OGT,
                                           scaled, threshold);
      return create<arith::SelectOp>(linear, x, soft);
    }
    assert(name == "gelu" && "an activation of the table");
    return gelu(x);
  }

  Operation *gelu(Value x) {
    StringRef approximate = "none";
    if (used > 1) {
      auto text = dyn_cast_or_null<StringAttr>(attrs.lookup(op->getOperand(1)));
      if (!text || (text.getValue() != "none" && text.getValue() != "tanh")) {
        op.emitError() << "gelu's approximate must be "
                          "the constant \"none\" or \"tanh\"";
        return nullptr;
      }
      approximate = text.getValue();
    }
    Value half = arith::MulFOp::create(b, loc, x, constant(0.5));
    Value inner;
    if (approximate == "none") {
      // 0.5 x (1 + erf(x / sqrt(2)))
      inner = math::ErfOp::create(
          b, loc,
          arith::MulFOp::create(b, loc, x, constant(0.70710678118654752440)));
    } else {
      // 0.5 x (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3)))
      Value cube =
          arith::MulFOp::create(b, loc, x, arith::MulFOp::create(b, loc, x, x));
      Value sum = arith::AddFOp::create(
          b, loc, x, arith::MulFOp::create(b, loc, cube, constant(0.044715)));
      inner = math::TanhOp::create(
          b, loc,
          arith::MulFOp::create(b, loc, sum, constant(0.79788456080286535588)));
    }
    return create<arith::MulFOp>(
        half, arith::AddFOp::create(b, loc, constant(1.0), inner));
  }

  Operation *lowerMath(StringRef name, Value x) {
    if (name == "tanh")
      return create<math::TanhOp>(x);
    if (name == "exp")
      return create<math::ExpOp>(x);
    if (name == "log")
      return create<math::LogOp>(x);
    if (name == "sqrt")
      return create<math::SqrtOp>(x);
    if (name == "rsqrt")
      return create<math::RsqrtOp>(x);
    if (name == "erf")
      return create<math::ErfOp>(x);
    if (name == "log1p")
      return create<math::Log1pOp>(x);
    if (name == "expm1")
      return create<math::ExpM1Op>(x);
    if (name == "sin")
      return create<math::SinOp>(x);
    if (name == "cos")
      return create<math::CosOp>(x);
    assert(name == "abs" && "a math function of the table");
    return create<math::AbsFOp>(x);
  }

  // Building blocks, at the location of the op being lowered.

  template <typename OpTy, typename... Operands>
  Operation *create(Operands... operands) {
    return OpTy::create(b, loc, operands...).getOperation();
  }
  static Value value(Operation *op) { return op->getResult(0); }

  Value constant(double v) {
    return arith::ConstantOp::create(b, loc, type, b.getFloatAttr(type, v));
  }

  /// Operand `i` as a number (a tensor element or a numeric scalar), or
  /// null when it is None or absent; a string or a non-numeric value is an
  /// error (sets `bad`).
  Value number(unsigned i) {
    if (i >= used)
      return {};
    Value operand = op->getOperand(i);
    if (Value v = scalars.lookupOrNull(operand))
      return v;
    if (isa_and_nonnull<UnitAttr>(attrs.lookup(operand)))
      return {};
    op.emitError() << "operand " << i << " of '" << op.getName()
                   << "' is not a tensor or a number";
    bad = true;
    return {};
  }
  Value numberOr(unsigned i, double otherwise) {
    Value v = number(i);
    return v ? v : constant(otherwise);
  }

  Operation *sigmoid(Value x) {
    Value negated = arith::NegFOp::create(b, loc, x);
    Value exp = math::ExpOp::create(b, loc, negated);
    Value denominator = arith::AddFOp::create(b, loc, constant(1.0), exp);
    return create<arith::DivFOp>(constant(1.0), denominator);
  }

  /// max(x, lo) then min(., hi), either bound optional (clamp's None); NaN
  /// propagates, as at::clamp.
  Operation *clamp(Value x, Value lo, Value hi) {
    Operation *result = nullptr;
    if (lo)
      x = value(result = arith::MaximumFOp::create(b, loc, x, lo));
    if (hi)
      result = arith::MinimumFOp::create(b, loc, x, hi);
    // Neither bound: PyTorch rejects it at run time; compute x.
    return result ? result : create<arith::AddFOp>(x, constant(0.0));
  }

  /// x > 0 ? positive : negative, NaN to the negative side as PyTorch's
  /// `x > 0 ? ... : ...` does.
  Operation *select(Value x, Value positive, Value negative) {
    Value isPositive = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OGT,
                                             x, constant(0.0));
    return create<arith::SelectOp>(isPositive, positive, negative);
  }

  FailureOr<Operation *> unsupported() {
    op.emitError() << "cannot lower '" << op.getName()
                   << "' (supported, as aten:: and in-place: " << kSupportedOps
                   << ")";
    return failure();
  }

  static bool isConstantOne(Value v) {
    auto cst = v.getDefiningOp<arith::ConstantOp>();
    auto attr = cst ? dyn_cast<FloatAttr>(cst.getValue()) : FloatAttr();
    return attr && attr.getValueAsDouble() == 1.0;
  }

  OpBuilder &b;
  FloatType type;
  IRMapping &scalars;
  DenseMap<Value, Attribute> &attrs;
  /// The op being lowered, its location, how many of its operands it reads,
  /// and whether a diagnostic was emitted for it.
  TracedOp op;
  Location loc;
  unsigned used = 0;
  bool bad = false;
};

bool isTensor(Type type) {
  return isa<TracedTensorType, RankedTensorType>(type);
}

/// Whether a constant is a number the body computes with: an int or a
/// float, not a bool (a flag such as keepdim, read by the lowering).
bool isNumber(Attribute value) {
  if (auto integer = dyn_cast<IntegerAttr>(value))
    return !integer.getType().isInteger(1);
  return isa<FloatAttr>(value);
}

static constexpr llvm::StringLiteral kReshapes[] = {
    "aten::view",    "aten::reshape", "aten::_unsafe_view",
    "aten::flatten", "aten::squeeze", "aten::unsqueeze"};

/// A reduction op of a kernel: what it reduces, over which dims of its
/// input, and whether the result keeps them.
struct Reduction {
  enum class Kind { Sum, Mean, Max, Min } kind;
  SmallVector<int64_t> dims;
  bool keepdim = false;
};

/// The reduction `op` is (`aten::mean`, `sum`, `amax`, `amin` of a tensor
/// of rank `rank`), or none; failure with a diagnostic for a reduction whose
/// dims or flags are not constants it can honour.
FailureOr<std::optional<Reduction>>
getReduction(Operation *op, int64_t rank,
             llvm::function_ref<Attribute(Value)> getConstant) {
  auto traced = dyn_cast<TracedOp>(op);
  if (!traced)
    return std::optional<Reduction>();
  StringRef name = traced.getName();
  if (!name.consume_front("aten::"))
    return std::optional<Reduction>();
  std::optional<Reduction::Kind> kind =
      llvm::StringSwitch<std::optional<Reduction::Kind>>(name)
          .Case("sum", Reduction::Kind::Sum)
          .Case("mean", Reduction::Kind::Mean)
          .Case("amax", Reduction::Kind::Max)
          .Case("amin", Reduction::Kind::Min)
          .Default(std::nullopt);
  if (!kind)
    return std::optional<Reduction>();
  auto constantOf = [&](unsigned i) -> Attribute {
    if (i >= op->getNumOperands())
      return {};
    return getConstant(op->getOperand(i));
  };
  Reduction reduction{*kind, {}, false};
  Attribute dims = constantOf(1);
  if (op->getNumOperands() == 1 || isa_and_nonnull<UnitAttr>(dims)) {
    for (int64_t i = 0; i < rank; ++i)
      reduction.dims.push_back(i);
  } else if (auto list = dyn_cast_or_null<ArrayAttr>(dims)) {
    for (Attribute element : list) {
      auto integer = dyn_cast<IntegerAttr>(element);
      if (!integer)
        return op->emitError() << "the dims of '" << traced.getName()
                               << "' must be constant ints";
      reduction.dims.push_back(integer.getInt());
    }
  } else if (auto integer = dyn_cast_or_null<IntegerAttr>(dims)) {
    reduction.dims.push_back(integer.getInt());
  } else {
    return op->emitError() << "the dims of '" << traced.getName()
                           << "' must be a constant list of ints";
  }
  for (int64_t &dim : reduction.dims) {
    if (dim < -rank || dim >= rank)
      return op->emitError() << "'" << traced.getName() << "' reduces dim "
                             << dim << " of a tensor of rank " << rank;
    if (dim < 0)
      dim += rank;
  }
  llvm::sort(reduction.dims);
  reduction.dims.erase(
      std::unique(reduction.dims.begin(), reduction.dims.end()),
      reduction.dims.end());
  if (op->getNumOperands() >= 3) {
    auto keep = dyn_cast_or_null<BoolAttr>(constantOf(2));
    if (!keep)
      return op->emitError() << "the keepdim flag of '" << traced.getName()
                             << "' must be a constant bool";
    reduction.keepdim = keep.getValue();
  }
  if (op->getNumOperands() >= 4 && !isa_and_nonnull<UnitAttr>(constantOf(3)))
    return op->emitError() << "'" << traced.getName()
                           << "' with a dtype is not supported (only None)";
  return std::optional<Reduction>(reduction);
}

/// One kernel as a function of linalg ops: a `linalg.generic` with
/// reduction iterators per reduction of the kernel, in program order, each
/// writing its result to a tensor; then one parallel `linalg.generic` per
/// distinct shape of the values the kernel yields. Inside each generic a
/// value is computed where it is needed, at the index where it is needed:
/// an op's operand is read through the broadcast from its shape to the
/// op's, composed with the op's own index, so values of several shapes (a
/// `[C, 1, 1]` scale of a `[N, C, H, W]` map, a row mean of its rows) meet
/// exactly as PyTorch broadcasts them. A pointwise op needed by several
/// generics is computed in each (Inductor recomputes likewise), each time
/// at its own location with its own debug handle.
class KernelExtraction {
public:
  KernelExtraction(KernelOp kernel, FloatType elementTy,
                   std::optional<SmallVector<int64_t>> staticShape,
                   int64_t trapAfter)
      : kernel(kernel), elementTy(elementTy), staticShape(staticShape),
        trapAfter(trapAfter), ctx(kernel.getContext()) {}

  /// The kernel as a free-standing function (not yet in the module), or
  /// failure with a diagnostic.
  FailureOr<func::FuncOp> extract(OpBuilder &builder);
  bool hasTrapped() const { return trapped; }

private:
  /// A value computed at an index of a generic's iteration space: a load of
  /// an input (a kernel tensor or a reduction's result), an op, a mean's
  /// division by its count, or a linear upsampling's weighted sum of its
  /// taps (operands: the taps, spatial dim j's upper tap at bit j).
  struct Node {
    enum class Kind { Load, Op, MeanDivision, Interpolation } kind;
    Value value;
    AffineMap map;
    unsigned input = 0;
    SmallVector<unsigned, 3> operands;
    /// An interpolation's spatial axes, as planInterpolation read them.
    SmallVector<tg::LinearAxis> axes;
  };
  /// One generic: its iteration space, what it reads and computes.
  struct Stage {
    RankedTensorType space;
    SmallVector<utils::IteratorType> iterators;
    SmallVector<std::pair<Value, AffineMap>> inputs;
    std::vector<Node> nodes;
    DenseMap<std::pair<Value, AffineMap>, unsigned> memo;
  };

  auto error() {
    return kernel.emitError() << "kernel '" << kernel.getKernelName() << "' ";
  }

  LogicalResult assignTypes();
  Attribute getConstant(Value value);
  FailureOr<std::optional<AffineMap>> getLayoutMap(Operation *op,
                                                   AffineMap map);
  FailureOr<AffineMap> getOperandMap(Value operand, RankedTensorType result,
                                     AffineMap map);
  FailureOr<unsigned> plan(Stage &stage, Value value, AffineMap map);
  FailureOr<unsigned> planInterpolation(Stage &stage, Operation *op,
                                        AffineMap map);
  Value buildInterpolation(OpBuilder &b, const Node &node,
                           ArrayRef<Value> scalars);
  unsigned addLoad(Stage &stage, Value value, Value source, AffineMap map);
  LogicalResult buildBody(OpBuilder &b, Stage &stage, ValueRange blockArgs,
                          SmallVectorImpl<Value> &scalarsOut);
  LogicalResult buildReduction(OpBuilder &b, Operation *op,
                               const Reduction &reduction);
  FailureOr<SmallVector<Value>> buildYields(OpBuilder &b,
                                            ArrayRef<Value> yields);
  LogicalResult collectInputs(Block &entry);
  LogicalResult checkIntegerTensors();

  KernelOp kernel;
  FloatType elementTy;
  std::optional<SmallVector<int64_t>> staticShape;
  int64_t trapAfter;
  MLIRContext *ctx;
  bool trapped = false;

  /// The static type of every tensor value of the body.
  DenseMap<Value, RankedTensorType> types;
  /// The reductions of the body and, once built, their results (the reduced
  /// dims dropped).
  DenseMap<Operation *, Reduction> reductions;
  DenseMap<Operation *, Value> reduced;
  /// How each kernel input reaches the function (see KernelInputs).
  IRMapping scalars;
  DenseMap<Value, Attribute> attrs;
  DenseMap<Value, Value> tensorArgs;
  SmallVector<Type> argTypes;
  SmallVector<Value> tensorArgOrder;
};

/// The static type of every tensor of the body: its ranked type, else the
/// `shape` option's with the element type (or a reduction's result of it);
/// failure with a diagnostic on dynamic shapes, other float types, and a
/// tensor of unknown shape without the option.
LogicalResult KernelExtraction::assignTypes() {
  Block &body = kernel.getBodyBlock();
  auto typeOf = [&](Value value) -> FailureOr<RankedTensorType> {
    if (auto ranked = dyn_cast<RankedTensorType>(value.getType())) {
      if (!ranked.hasStaticShape()) {
        error() << "has a tensor of dynamic shape " << ranked;
        return failure();
      }
      // MLIR's canonical strides of such a shape are dynamic from that dim
      // outwards, so the bare-pointer calling convention cannot pass it
      // (the lowering would stop half way, leaving casts behind).
      if (ranked.getRank() > 1 &&
          llvm::is_contained(ranked.getShape().drop_front(), 0)) {
        error() << "has a tensor of type " << ranked
                << " with a zero-size dim after the first, which the lowering "
                   "to LLVM does not support (MLIR's strides of such a shape "
                   "are not static)";
        return failure();
      }
      Type element = ranked.getElementType();
      // Integers: indices (an arange) that only layout ops read before an
      // op makes floats of them (checked below).
      bool integer = element.isSignlessInteger() && !element.isInteger(1);
      if (element != elementTy && !element.isInteger(1) && !integer) {
        error() << "has a tensor of element type " << element
                << " but element-type is " << elementTy;
        return failure();
      }
      return ranked;
    }
    if (!staticShape) {
      error() << "has no static tensor shape; import with an example input "
                 "(torch-to-tg --example-input; a value whose shape differs "
                 "between runs, as in a loop that grows it or a branch the "
                 "example did not take, gets none) or give one with "
                 "shape=AxBxC (tg-compile-kernel --shape AxBxC)";
      return failure();
    }
    return RankedTensorType::get(*staticShape, elementTy);
  };
  for (Value arg : body.getArguments()) {
    if (!isTensor(arg.getType()))
      continue;
    FailureOr<RankedTensorType> type = typeOf(arg);
    if (failed(type))
      return failure();
    types[arg] = *type;
  }
  for (Operation &op : body.without_terminator()) {
    for (Value result : op.getResults()) {
      if (!isTensor(result.getType()))
        continue;
      FailureOr<RankedTensorType> type = typeOf(result);
      if (failed(type))
        return failure();
      types[result] = *type;
    }
    if (op.getNumOperands() == 0 || !types.count(op.getOperand(0)))
      continue;
    FailureOr<std::optional<Reduction>> reduction =
        getReduction(&op, types[op.getOperand(0)].getRank(), [&](Value value) {
          // Constants reach the body as kernel inputs.
          if (auto arg = dyn_cast<BlockArgument>(value))
            if (arg.getOwner() == &body)
              value = kernel.getInputs()[arg.getArgNumber()];
          auto cst = value.getDefiningOp<ConstantOp>();
          return cst ? cst.getValue() : Attribute();
        });
    if (failed(reduction))
      return failure();
    if (!*reduction)
      continue;
    // An untyped result takes the reduced shape of its input.
    if (!isa<RankedTensorType>(op.getResult(0).getType())) {
      RankedTensorType input = types[op.getOperand(0)];
      SmallVector<int64_t> shape;
      for (auto [i, size] : llvm::enumerate(input.getShape())) {
        if (!llvm::is_contained((*reduction)->dims, int64_t(i)))
          shape.push_back(size);
        else if ((*reduction)->keepdim)
          shape.push_back(1);
      }
      types[op.getResult(0)] = RankedTensorType::get(shape, elementTy);
    }
    reductions[&op] = **reduction;
  }
  return checkIntegerTensors();
}

/// An integer tensor is a kernel input, read as it is through layout ops
/// and made a float by the op that reads it (`aten::mul` of an arange by a
/// float scale gives floats, as PyTorch promotes it): the body computes in
/// `elementTy`, so an op with an integer result or an integer output would
/// compute something else.
LogicalResult KernelExtraction::checkIntegerTensors() {
  Block &body = kernel.getBodyBlock();
  auto isIntegerTensor = [&](Value value) {
    auto it = types.find(value);
    if (it == types.end())
      return false;
    Type element = it->second.getElementType();
    return element.isSignlessInteger() && !element.isInteger(1);
  };
  for (Operation &op : body.without_terminator()) {
    auto traced = dyn_cast<TracedOp>(&op);
    for (Value result : op.getResults())
      if (isIntegerTensor(result) &&
          !(traced && tg::isLayoutOpName(traced.getName()))) {
        error() << "has a tensor of element type "
                << types[result].getElementType()
                << " that is computed, not only read (element-type is "
                << elementTy << ")";
        return failure();
      }
  }
  for (Value yield : body.getTerminator()->getOperands())
    if (isIntegerTensor(yield)) {
      error() << "has an output of element type "
              << types[yield].getElementType() << " but element-type is "
              << elementTy;
      return failure();
    }
  return success();
}

/// The attribute of the `tg.constant` behind `value`, or null. Constants
/// reach the body as kernel inputs.
Attribute KernelExtraction::getConstant(Value value) {
  if (auto arg = dyn_cast<BlockArgument>(value))
    if (arg.getOwner() == &kernel.getBodyBlock())
      value = kernel.getInputs()[arg.getArgNumber()];
  auto cst = value.getDefiningOp<ConstantOp>();
  return cst ? cst.getValue() : Attribute();
}

/// `dim` counted from the end when negative, as PyTorch takes dims and
/// indices; none when outside [-size, size).
static std::optional<int64_t> normalizeDim(int64_t dim, int64_t size) {
  if (dim < -size || dim >= size)
    return std::nullopt;
  return dim < 0 ? dim + size : dim;
}

/// Where an element of a reshape's result, at `map` into `to`, lies in its
/// operand of type `from` (the same number of elements): the result's
/// linear index, then its place in the operand's shape.
static SmallVector<AffineExpr>
getReshapeIndex(RankedTensorType from, RankedTensorType to, AffineMap map) {
  MLIRContext *ctx = map.getContext();
  // An empty tensor has no element to find (and its strides would divide by
  // its zero-size dim): any index will do.
  if (from.getNumElements() == 0)
    return SmallVector<AffineExpr>(from.getRank(),
                                   getAffineConstantExpr(0, ctx));
  AffineExpr linear = getAffineConstantExpr(0, ctx);
  int64_t stride = 1;
  for (int64_t k = to.getRank(); k-- > 0;) {
    linear = linear + map.getResult(k) * stride;
    stride *= to.getDimSize(k);
  }
  SmallVector<AffineExpr> exprs;
  stride = from.getNumElements();
  for (int64_t l = 0; l < from.getRank(); ++l) {
    int64_t size = from.getDimSize(l);
    stride /= size;
    if (size == 1) {
      exprs.push_back(getAffineConstantExpr(0, ctx));
      continue;
    }
    AffineExpr index = stride == 1 ? linear : linear.floorDiv(stride);
    exprs.push_back(l == 0 ? index : index % size);
  }
  return exprs;
}

/// `permute`'s dims as a permutation of `rank` dims (negative ones counted
/// from the end); none when `dims` is not one.
static std::optional<SmallVector<int64_t>> getPermutation(ArrayAttr dims,
                                                          int64_t rank) {
  if (!dims || int64_t(dims.size()) != rank)
    return std::nullopt;
  SmallVector<int64_t> perm;
  for (Attribute attr : dims) {
    auto dim = dyn_cast<IntegerAttr>(attr);
    std::optional<int64_t> d =
        dim ? normalizeDim(dim.getInt(), rank) : std::nullopt;
    if (!d || llvm::is_contained(perm, *d))
      return std::nullopt;
    perm.push_back(*d);
  }
  return perm;
}

/// The index `slice` reads at, where `map` computes its result: `start` and
/// `step` along `dim` (negative ones counted from the end, as Python's
/// slices). None when the types disagree with them.
static std::optional<SmallVector<AffineExpr>>
getSliceIndex(int64_t dim, int64_t start, int64_t step, RankedTensorType from,
              RankedTensorType to, AffineMap map) {
  int64_t rank = from.getRank();
  std::optional<int64_t> d = normalizeDim(dim, rank);
  if (!d || to.getRank() != rank)
    return std::nullopt;
  int64_t size = from.getDimSize(*d);
  if (start < 0)
    start = std::max<int64_t>(0, start + size);
  if (step <= 0 || start + step * (to.getDimSize(*d) - 1) >= size)
    return std::nullopt;
  SmallVector<AffineExpr> exprs(map.getResults());
  exprs[*d] = exprs[*d] * step + start;
  return exprs;
}

/// The index `nearest` upsampling reads at (NearestIndex.h), where `map`
/// computes its result: batch and channel as they are, each spatial index
/// divided or multiplied by its axis' factor.
static SmallVector<AffineExpr> getNearestIndex(ArrayRef<tg::NearestAxis> axes,
                                               AffineMap map) {
  SmallVector<AffineExpr> exprs(map.getResults().take_front(2));
  for (auto [i, axis] : llvm::enumerate(axes)) {
    AffineExpr index = map.getResult(2 + i);
    exprs.push_back(axis.divide ? index.floorDiv(axis.factor)
                                : index * axis.factor);
  }
  return exprs;
}

/// The index `pixel_shuffle` (`shuffle`) or `pixel_unshuffle` by `r` reads
/// at, where `map` computes its result: [..., C*r*r, H, W] <-> [..., C,
/// H*r, W*r], the channel c*r*r + i*r + j at (h, w) being the element
/// (h*r + i, w*r + j) of channel c. None when the types disagree with `r`.
static std::optional<SmallVector<AffineExpr>>
getPixelShuffleIndex(bool shuffle, int64_t r, RankedTensorType from,
                     RankedTensorType to, AffineMap map) {
  int64_t rank = from.getRank();
  RankedTensorType space = shuffle ? to : from, depth = shuffle ? from : to;
  if (r <= 0 || rank < 3 || to.getRank() != rank ||
      from.getShape().drop_back(3) != to.getShape().drop_back(3) ||
      depth.getDimSize(rank - 3) != space.getDimSize(rank - 3) * r * r ||
      space.getDimSize(rank - 2) != depth.getDimSize(rank - 2) * r ||
      space.getDimSize(rank - 1) != depth.getDimSize(rank - 1) * r)
    return std::nullopt;
  SmallVector<AffineExpr> exprs(map.getResults().drop_back(3));
  AffineExpr c = map.getResult(rank - 3), h = map.getResult(rank - 2),
             w = map.getResult(rank - 1);
  if (shuffle) {
    exprs.push_back(c * (r * r) + (h % r) * r + w % r);
    exprs.push_back(h.floorDiv(r));
    exprs.push_back(w.floorDiv(r));
  } else {
    exprs.push_back(c.floorDiv(r * r));
    exprs.push_back(h * r + (c % (r * r)).floorDiv(r));
    exprs.push_back(w * r + c % r);
  }
  return exprs;
}

/// For a layout op, the map into its tensor operand's dims that reads, at
/// `map` (iteration dims -> the op's result dims), the element the op puts
/// there: a permutation (`permute`, `transpose`; `contiguous` is the
/// identity), a row-major reshape (`view`, `reshape`, `flatten`, `squeeze`,
/// `unsqueeze`: the linear index, delinearized in the operand's shape), a
/// broadcast (`expand`), an offset and a stride (`slice`), a fixed index
/// (`select`), channels moved into space and back (`pixel_shuffle`,
/// `pixel_unshuffle`: floordiv and mod by the factor), each spatial index
/// divided or multiplied by an integer (`upsample_nearest1d/2d/3d` where
/// PyTorch's float index is that: NearestIndex.h). None for any other op;
/// failure with a diagnostic for dims that are not constants the op's types
/// agree with.
FailureOr<std::optional<AffineMap>>
KernelExtraction::getLayoutMap(Operation *op, AffineMap map) {
  auto traced = dyn_cast<TracedOp>(op);
  StringRef name = traced ? traced.getName() : StringRef();
  bool isReshape = llvm::is_contained(kReshapes, name);
  if (!tg::isLayoutOpName(name))
    return std::optional<AffineMap>();
  RankedTensorType from = types.lookup(op->getOperand(0));
  RankedTensorType to = types.lookup(op->getResult(0));
  int64_t rank = from.getRank();
  auto fail = [&]() -> FailureOr<std::optional<AffineMap>> {
    return op->emitError() << "cannot read '" << name << "' from " << from
                           << " to " << to
                           << " as an index (its dims must be constants "
                              "its types agree with)";
  };
  auto intOperand = [&](unsigned i) -> std::optional<int64_t> {
    if (i >= op->getNumOperands())
      return std::nullopt;
    auto integer =
        dyn_cast_or_null<IntegerAttr>(getConstant(op->getOperand(i)));
    if (!integer || integer.getType().isInteger(1))
      return std::nullopt;
    return integer.getInt();
  };
  auto result = [&](ArrayRef<AffineExpr> exprs) {
    return std::optional<AffineMap>(
        AffineMap::get(map.getNumDims(), 0, exprs, ctx));
  };
  SmallVector<AffineExpr> exprs;
  if (isReshape) {
    if (from.getNumElements() != to.getNumElements())
      return fail();
    return result(getReshapeIndex(from, to, map));
  }
  if (name == "aten::contiguous")
    return result(map.getResults());
  if (name == "aten::permute" || name == "aten::transpose") {
    SmallVector<int64_t> perm = llvm::to_vector(llvm::seq<int64_t>(0, rank));
    if (name == "aten::permute") {
      std::optional<SmallVector<int64_t>> dims = getPermutation(
          op->getNumOperands() == 2
              ? dyn_cast_or_null<ArrayAttr>(getConstant(op->getOperand(1)))
              : ArrayAttr(),
          rank);
      if (!dims)
        return fail();
      perm = std::move(*dims);
    } else {
      std::optional<int64_t> a = intOperand(1), b = intOperand(2);
      a = a ? normalizeDim(*a, rank) : std::nullopt;
      b = b ? normalizeDim(*b, rank) : std::nullopt;
      if (!a || !b)
        return fail();
      std::swap(perm[*a], perm[*b]);
    }
    // Result dim i reads operand dim perm[i].
    exprs.assign(rank, AffineExpr());
    for (auto [i, dim] : llvm::enumerate(perm))
      exprs[dim] = map.getResult(i);
    return result(exprs);
  }
  if (name == "aten::expand") {
    int64_t offset = to.getRank() - rank;
    if (offset < 0)
      return fail();
    for (int64_t l = 0; l < rank; ++l) {
      if (from.getDimSize(l) == to.getDimSize(offset + l))
        exprs.push_back(map.getResult(offset + l));
      else if (from.getDimSize(l) == 1)
        exprs.push_back(getAffineConstantExpr(0, ctx));
      else
        return fail();
    }
    return result(exprs);
  }
  if (tg::isNearestUpsampleName(name)) {
    std::optional<SmallVector<tg::NearestAxis>> axes =
        tg::getNearestUpsampleAxes(
            op, [&](Value value) { return getConstant(value); });
    if (!axes)
      return op->emitError()
             << "cannot read '" << name << "' from " << from << " to " << to
             << " as an index (PyTorch's nearest index is no integer "
                "multiple or fraction of the output index at these sizes "
                "and scales, or a scale is not a constant)";
    return result(getNearestIndex(*axes, map));
  }
  if (name == "aten::pixel_shuffle" || name == "aten::pixel_unshuffle") {
    std::optional<int64_t> factor = intOperand(1);
    std::optional<SmallVector<AffineExpr>> index =
        factor ? getPixelShuffleIndex(name == "aten::pixel_shuffle", *factor,
                                      from, to, map)
               : std::nullopt;
    if (!index)
      return fail();
    return result(*index);
  }
  if (name == "aten::select") {
    std::optional<int64_t> dim = intOperand(1), index = intOperand(2);
    dim = dim ? normalizeDim(*dim, rank) : std::nullopt;
    if (!dim || !index || to.getRank() != rank - 1)
      return fail();
    std::optional<int64_t> at = normalizeDim(*index, from.getDimSize(*dim));
    if (!at)
      return fail();
    exprs.append(map.getResults().begin(), map.getResults().end());
    exprs.insert(exprs.begin() + *dim, getAffineConstantExpr(*at, ctx));
    return result(exprs);
  }
  // slice(x, dim, start, end, step): start None is 0.
  std::optional<int64_t> dim = intOperand(1);
  std::optional<SmallVector<AffineExpr>> index =
      dim ? getSliceIndex(*dim, intOperand(2).value_or(0),
                          intOperand(4).value_or(1), from, to, map)
          : std::nullopt;
  if (!index)
    return fail();
  return result(*index);
}

/// The map into `operand`'s shape for reading it where an op of type
/// `result` is computed at `map`: NumPy's broadcast (dims aligned from the
/// right, a size-1 dim read at 0) composed with `map`.
FailureOr<AffineMap> KernelExtraction::getOperandMap(Value operand,
                                                     RankedTensorType result,
                                                     AffineMap map) {
  RankedTensorType from = types.lookup(operand);
  int64_t offset = result.getRank() - from.getRank();
  if (offset < 0) {
    error() << "reads a tensor of type " << from
            << " that does not broadcast to " << result;
    return failure();
  }
  SmallVector<AffineExpr> results;
  for (auto [i, size] : llvm::enumerate(from.getShape())) {
    int64_t target = result.getDimSize(offset + i);
    if (size == target)
      results.push_back(map.getResult(offset + i));
    else if (size == 1)
      results.push_back(getAffineConstantExpr(0, ctx));
    else {
      error() << "reads a tensor of type " << from
              << " that does not broadcast to " << result;
      return failure();
    }
  }
  return AffineMap::get(map.getNumDims(), 0, results, ctx);
}

unsigned KernelExtraction::addLoad(Stage &stage, Value value, Value source,
                                   AffineMap map) {
  auto key = std::make_pair(source, map);
  unsigned input = 0;
  auto it = llvm::find(stage.inputs, key);
  if (it == stage.inputs.end()) {
    input = stage.inputs.size();
    stage.inputs.push_back(key);
  } else {
    input = it - stage.inputs.begin();
  }
  stage.nodes.push_back({Node::Kind::Load, value, map, input, {}, {}});
  return stage.nodes.size() - 1;
}

/// The node computing tensor `value` at `map` (iteration dims -> its dims)
/// in `stage`, planning what it needs first.
FailureOr<unsigned> KernelExtraction::plan(Stage &stage, Value value,
                                           AffineMap map) {
  auto key = std::make_pair(value, map);
  if (auto it = stage.memo.find(key); it != stage.memo.end())
    return it->second;
  unsigned node;
  Operation *op = value.getDefiningOp();
  if (!op) {
    node = addLoad(stage, value, tensorArgs.lookup(value), map);
  } else if (auto it = reductions.find(op); it != reductions.end()) {
    // A reduction's result is read from the tensor its generic wrote, whose
    // dims are the kept ones only.
    const Reduction &reduction = it->second;
    AffineMap readMap = map;
    if (reduction.keepdim) {
      SmallVector<AffineExpr> kept;
      for (auto [i, expr] : llvm::enumerate(map.getResults()))
        if (!llvm::is_contained(reduction.dims, int64_t(i)))
          kept.push_back(expr);
      readMap = AffineMap::get(map.getNumDims(), 0, kept, ctx);
    }
    node = addLoad(stage, value, reduced.lookup(op), readMap);
    if (reduction.kind == Reduction::Kind::Mean) {
      stage.nodes.push_back(
          {Node::Kind::MeanDivision, value, map, 0, {node}, {}});
      node = stage.nodes.size() - 1;
    }
  } else if (auto traced = dyn_cast<TracedOp>(op);
             traced && tg::isLinearUpsampleName(traced.getName())) {
    FailureOr<unsigned> interpolation = planInterpolation(stage, op, map);
    if (failed(interpolation))
      return failure();
    node = *interpolation;
  } else {
    FailureOr<std::optional<AffineMap>> layout = getLayoutMap(op, map);
    if (failed(layout))
      return failure();
    if (*layout) {
      // A layout op computes nothing: its operand is read where the op
      // would have put the element.
      FailureOr<unsigned> operand = plan(stage, op->getOperand(0), **layout);
      if (failed(operand))
        return failure();
      stage.memo[key] = *operand;
      return *operand;
    }
    RankedTensorType resultType = types.lookup(value);
    Node computed{Node::Kind::Op, value, map, 0, {}, {}};
    for (Value operand : op->getOperands()) {
      if (!types.count(operand))
        continue;
      FailureOr<AffineMap> operandMap = getOperandMap(operand, resultType, map);
      if (failed(operandMap))
        return failure();
      FailureOr<unsigned> operandNode = plan(stage, operand, *operandMap);
      if (failed(operandNode))
        return failure();
      computed.operands.push_back(*operandNode);
    }
    stage.nodes.push_back(computed);
    node = stage.nodes.size() - 1;
  }
  stage.memo[key] = node;
  return node;
}

/// The node of a linear upsampling at `map`: its taps (LinearIndex.h), each
/// its input read at the affine index ATen reads it at, planned first.
FailureOr<unsigned> KernelExtraction::planInterpolation(Stage &stage,
                                                        Operation *op,
                                                        AffineMap map) {
  std::optional<SmallVector<tg::LinearAxis>> axes = tg::getLinearUpsampleAxes(
      op, [&](Value value) { return getConstant(value); });
  if (!axes)
    return op->emitError()
           << "cannot read the taps of '" << cast<TracedOp>(op).getName()
           << "' from " << types.lookup(op->getOperand(0)) << " to "
           << types.lookup(op->getResult(0))
           << " at an affine index (PyTorch's float32 index is none at these "
              "sizes and scales, or align_corners or a scale is not a "
              "constant)";
  Node computed{Node::Kind::Interpolation, op->getResult(0), map, 0, {}, *axes};
  unsigned spatial = axes->size();
  for (unsigned corner = 0; corner < (1u << spatial); ++corner) {
    SmallVector<AffineExpr> exprs(map.getResults().take_front(2));
    for (auto [j, axis] : llvm::enumerate(*axes))
      exprs.push_back(
          tg::getLinearTapIndex(axis, map.getResult(2 + j), (corner >> j) & 1));
    FailureOr<unsigned> tap =
        plan(stage, op->getOperand(0),
             AffineMap::get(map.getNumDims(), 0, exprs, ctx));
    if (failed(tap))
      return failure();
    computed.operands.push_back(*tap);
  }
  stage.nodes.push_back(computed);
  return stage.nodes.size() - 1;
}

/// The weighted sum of a linear upsampling's taps (`scalars`, by corner),
/// as ATen's upsample kernels compute it: per spatial dim, from the last,
/// `t0 * w0 + t1 * w1`, the weights computed from the output index as
/// compute_source_index_and_lambda computes them (LinearIndex.h). Every op at
/// the upsampling's location; the last one takes its debug handle.
Value KernelExtraction::buildInterpolation(OpBuilder &b, const Node &node,
                                           ArrayRef<Value> scalars) {
  Operation *op = node.value.getDefiningOp();
  Location loc = op->getLoc();
  ArrayRef<tg::LinearAxis> axes = node.axes;
  Type f32 = b.getF32Type(), f64 = b.getF64Type(), i64 = b.getI64Type();
  auto f32Constant = [&](float value) -> Value {
    return arith::ConstantOp::create(b, loc, f32, b.getF32FloatAttr(value));
  };
  auto toElement = [&](Value weight) -> Value {
    if (elementTy == f32)
      return weight;
    if (elementTy.getWidth() > 32)
      return arith::ExtFOp::create(b, loc, elementTy, weight);
    return arith::TruncFOp::create(b, loc, elementTy, weight);
  };
  // The iteration indices the output index is computed from.
  SmallVector<Value> dims(node.map.getNumDims());
  for (unsigned i = 0; i < dims.size(); ++i)
    dims[i] = linalg::IndexOp::create(b, loc, i);
  SmallVector<Value> values(scalars);
  Value sum;
  for (unsigned j = axes.size(); j-- > 0;) {
    const tg::LinearAxis &axis = axes[j];
    Value w0, w1;
    if (axis.isCopy()) {
      w0 = f32Constant(1.f);
      w1 = f32Constant(0.f);
    } else {
      Value index = affine::expandAffineExpr(b, loc, node.map.getResult(2 + j),
                                             dims, ValueRange());
      Value d = arith::SIToFPOp::create(
          b, loc, f64, arith::IndexCastOp::create(b, loc, i64, index));
      auto f64Constant = [&](double value) -> Value {
        return arith::ConstantOp::create(b, loc, f64, b.getF64FloatAttr(value));
      };
      // The source index in double: ratio * d, or ratio * (d + 0.5) - 0.5
      // and 0 where that is negative.
      Value ratio = f64Constant(double(axis.ratio));
      Value real;
      if (axis.alignCorners) {
        real = arith::MulFOp::create(b, loc, ratio, d);
      } else {
        Value half = f64Constant(0.5);
        real = arith::SubFOp::create(
            b, loc,
            arith::MulFOp::create(b, loc, ratio,
                                  arith::AddFOp::create(b, loc, d, half)),
            half);
        Value zero = f64Constant(0.);
        Value negative = arith::CmpFOp::create(
            b, loc, arith::CmpFPredicate::OLT, real, zero);
        real = arith::SelectOp::create(b, loc, negative, zero, real);
      }
      Value index0 = arith::SIToFPOp::create(
          b, loc, f64, arith::FPToSIOp::create(b, loc, i64, real));
      w1 = arith::TruncFOp::create(b, loc, f32,
                                   arith::SubFOp::create(b, loc, real, index0));
      w0 = arith::SubFOp::create(b, loc, f32Constant(1.f), w1);
    }
    w0 = toElement(w0);
    w1 = toElement(w1);
    unsigned half = values.size() / 2;
    for (unsigned c = 0; c < half; ++c) {
      Value low = arith::MulFOp::create(b, loc, values[c], w0);
      Value high = arith::MulFOp::create(b, loc, values[c + half], w1);
      sum = arith::AddFOp::create(b, loc, low, high);
      values[c] = sum;
    }
    values.resize(half);
  }
  if (std::optional<uint64_t> handle = getDebugHandle(op))
    setDebugHandle(sum.getDefiningOp(), *handle);
  return sum;
}

/// Emits the nodes of `stage` into a generic's body whose block arguments
/// are `blockArgs` (one per input, then the outputs); `scalarsOut` gets the
/// scalar of every node.
LogicalResult KernelExtraction::buildBody(OpBuilder &b, Stage &stage,
                                          ValueRange blockArgs,
                                          SmallVectorImpl<Value> &scalarsOut) {
  // Numeric constants first, at their own locations, as the kernel lists
  // them.
  for (auto [i, input] : llvm::enumerate(kernel.getInputs())) {
    Value arg = kernel.getBodyBlock().getArgument(i);
    auto cst = input.getDefiningOp<ConstantOp>();
    if (isTensor(input.getType()) || !cst || !isNumber(cst.getValue()))
      continue;
    double v = 0;
    if (auto f = dyn_cast<FloatAttr>(cst.getValue()))
      v = f.getValueAsDouble();
    else
      v = double(cast<IntegerAttr>(cst.getValue()).getInt());
    scalars.map(arg, arith::ConstantOp::create(b, cst.getLoc(), elementTy,
                                               b.getFloatAttr(elementTy, v)));
  }
  KernelBodyLowering lowering(b, elementTy, scalars, attrs);
  scalarsOut.clear();
  for (Node &node : stage.nodes) {
    Operation *op = node.value.getDefiningOp();
    switch (node.kind) {
    case Node::Kind::Load: {
      Value element = blockArgs[node.input];
      // An integer input (indices) becomes a float where it is read.
      if (element.getType().isSignlessInteger() &&
          !element.getType().isInteger(1))
        element =
            arith::SIToFPOp::create(b, kernel.getLoc(), elementTy, element);
      scalarsOut.push_back(element);
      continue;
    }
    case Node::Kind::MeanDivision: {
      const Reduction &reduction = reductions.lookup(op);
      RankedTensorType input = types.lookup(op->getOperand(0));
      int64_t count = 1;
      for (int64_t dim : reduction.dims)
        count *= input.getDimSize(dim);
      Value divisor = arith::ConstantOp::create(
          b, op->getLoc(), elementTy, b.getFloatAttr(elementTy, double(count)));
      auto division = arith::DivFOp::create(
          b, op->getLoc(), scalarsOut[node.operands[0]], divisor);
      if (std::optional<uint64_t> handle = getDebugHandle(op))
        setDebugHandle(division, *handle);
      scalarsOut.push_back(division);
      continue;
    }
    case Node::Kind::Interpolation: {
      SmallVector<Value> taps;
      for (unsigned operand : node.operands)
        taps.push_back(scalarsOut[operand]);
      scalarsOut.push_back(buildInterpolation(b, node, taps));
      continue;
    }
    case Node::Kind::Op:
      break;
    }
    auto traced = dyn_cast<TracedOp>(op);
    if (!traced)
      return op->emitError()
             << "cannot lower '" << op->getName() << "' in a kernel";
    unsigned next = 0;
    for (Value operand : op->getOperands())
      if (types.count(operand))
        scalars.map(operand, scalarsOut[node.operands[next++]]);
    FailureOr<Operation *> lowered = lowering.lower(traced);
    if (failed(lowered))
      return failure();
    if (std::optional<uint64_t> handle = getDebugHandle(op)) {
      setDebugHandle(*lowered, *handle);
      if (trapAfter >= 0 && *handle == uint64_t(trapAfter)) {
        LLVM::Trap::create(b, op->getLoc());
        trapped = true;
      }
    }
    scalarsOut.push_back((*lowered)->getResult(0));
  }
  return success();
}

/// The tensor arguments, the scalar arguments and the constants of the
/// kernel's inputs.
LogicalResult KernelExtraction::collectInputs(Block &entry) {
  Block &body = kernel.getBodyBlock();
  for (auto [i, input] : llvm::enumerate(kernel.getInputs())) {
    Value arg = body.getArgument(i);
    if (types.count(arg)) {
      tensorArgs[arg] = entry.addArgument(types[arg], kernel.getLoc());
      continue;
    }
    if (auto cst = input.getDefiningOp<ConstantOp>()) {
      Attribute value = cst.getValue();
      if (isNumber(value))
        continue; // Emitted in each body (buildBody).
      // Strings, None, lists (a reduction's dims): read by the lowering.
      attrs[arg] = value;
      continue;
    }
    scalars.map(arg, entry.addArgument(elementTy, kernel.getLoc()));
  }
  return success();
}

/// Every ordered pair of a reduction op's generic: over its input's shape,
/// the reduced dims as reduction iterators, accumulating into a tensor of
/// the kept dims filled with the reduction's identity, at the reduction's
/// location; the combining op keeps its handle.
LogicalResult KernelExtraction::buildReduction(OpBuilder &b, Operation *op,
                                               const Reduction &reduction) {
  Location loc = op->getLoc();
  Value input = op->getOperand(0);
  Stage stage;
  stage.space = types.lookup(input);
  int64_t rank = stage.space.getRank();
  SmallVector<int64_t> keptShape;
  SmallVector<AffineExpr> keptDims;
  for (int64_t i = 0; i < rank; ++i) {
    bool isReduced = llvm::is_contained(reduction.dims, i);
    stage.iterators.push_back(isReduced ? utils::IteratorType::reduction
                                        : utils::IteratorType::parallel);
    if (!isReduced) {
      keptShape.push_back(stage.space.getDimSize(i));
      keptDims.push_back(getAffineDimExpr(i, ctx));
    }
  }
  FailureOr<unsigned> root = plan(stage, input, b.getMultiDimIdentityMap(rank));
  if (failed(root))
    return failure();
  double identity = 0.0;
  if (reduction.kind == Reduction::Kind::Max)
    identity = -std::numeric_limits<double>::infinity();
  else if (reduction.kind == Reduction::Kind::Min)
    identity = std::numeric_limits<double>::infinity();
  Value empty = tensor::EmptyOp::create(b, loc, keptShape, elementTy);
  Value init = arith::ConstantOp::create(b, loc, elementTy,
                                         b.getFloatAttr(elementTy, identity));
  Value filled =
      linalg::FillOp::create(b, loc, ValueRange{init}, ValueRange{empty})
          .getResult(0);
  SmallVector<Value> sources, sizeOperands;
  SmallVector<AffineMap> maps;
  for (auto &[source, map] : stage.inputs) {
    sources.push_back(source);
    maps.push_back(map);
  }
  // linalg infers each loop's range from an operand dim indexed by that
  // loop alone. A reduced dim that every input reads through a layout map
  // (MaxViT's layer norm after a window permute and reshape: `(d3 floordiv
  // 64 + d2) mod 7`) has none, and the generic is rejected as
  // non-invertible: an unread 1-D operand of the dim's size gives it one.
  for (int64_t i = 0; i < rank; ++i) {
    if (!llvm::is_contained(reduction.dims, i))
      continue; // the output indexes it
    AffineExpr dim = getAffineDimExpr(i, ctx);
    bool indexed = llvm::any_of(maps, [&](AffineMap map) {
      return llvm::is_contained(map.getResults(), dim);
    });
    if (indexed)
      continue;
    Value size = tensor::EmptyOp::create(
        b, loc, ArrayRef<int64_t>{stage.space.getDimSize(i)}, elementTy);
    sources.push_back(size);
    sizeOperands.push_back(size);
    maps.push_back(AffineMap::get(rank, 0, dim));
  }
  maps.push_back(AffineMap::get(rank, 0, keptDims, ctx));
  bool ok = true;
  auto generic = linalg::GenericOp::create(
      b, loc, TypeRange{filled.getType()}, sources, ValueRange{filled}, maps,
      stage.iterators, [&](OpBuilder &nested, Location, ValueRange args) {
        SmallVector<Value> values;
        if (failed(buildBody(nested, stage, args, values))) {
          ok = false;
          linalg::YieldOp::create(nested, loc, args.back());
          return;
        }
        Value element = values[*root];
        Value accumulator = args.back();
        Operation *combined = nullptr;
        if (reduction.kind == Reduction::Kind::Max)
          combined =
              arith::MaximumFOp::create(nested, loc, accumulator, element);
        else if (reduction.kind == Reduction::Kind::Min)
          combined =
              arith::MinimumFOp::create(nested, loc, accumulator, element);
        else
          combined = arith::AddFOp::create(nested, loc, accumulator, element);
        if (std::optional<uint64_t> handle = getDebugHandle(op))
          setDebugHandle(combined, *handle);
        linalg::YieldOp::create(nested, loc, combined->getResult(0));
      });
  // The size operands are never read: their buffers go at once.
  for (Value size : sizeOperands)
    bufferization::DeallocTensorOp::create(b, loc, size);
  reduced[op] = generic.getResult(0);
  return success(ok);
}

/// The parallel generics that compute the yielded values, one per distinct
/// shape, in the order the yields first name it; the results in yield
/// order.
FailureOr<SmallVector<Value>>
KernelExtraction::buildYields(OpBuilder &b, ArrayRef<Value> yields) {
  Location loc = kernel.getLoc();
  SmallVector<Value> results(yields.size());
  SmallVector<RankedTensorType> spaces;
  for (Value yield : yields) {
    RankedTensorType type = types.lookup(yield);
    RankedTensorType space = RankedTensorType::get(type.getShape(), elementTy);
    if (!llvm::is_contained(spaces, space))
      spaces.push_back(space);
  }
  for (RankedTensorType space : spaces) {
    Stage stage;
    stage.space = space;
    stage.iterators.assign(space.getRank(), utils::IteratorType::parallel);
    AffineMap identity = b.getMultiDimIdentityMap(space.getRank());
    SmallVector<unsigned> which, roots;
    SmallVector<Value> inits;
    for (auto [i, yield] : llvm::enumerate(yields)) {
      RankedTensorType type = types.lookup(yield);
      if (type.getShape() != space.getShape())
        continue;
      FailureOr<unsigned> root = plan(stage, yield, identity);
      if (failed(root))
        return failure();
      which.push_back(i);
      roots.push_back(*root);
      Type element = type.getElementType();
      // An untyped comparison or logical_not yields bools.
      if (!isa<RankedTensorType>(yield.getType()))
        if (auto traced = yield.getDefiningOp<TracedOp>()) {
          StringRef name = traced.getShortName().rtrim('_');
          if (name == "logical_not" ||
              getOpArity(name).family == OpFamily::Comparison)
            element = b.getI1Type();
        }
      inits.push_back(
          tensor::EmptyOp::create(b, loc, space.getShape(), element));
    }
    SmallVector<Value> sources;
    SmallVector<AffineMap> maps;
    for (auto &[source, map] : stage.inputs) {
      sources.push_back(source);
      maps.push_back(map);
    }
    maps.append(inits.size(), identity);
    bool ok = true;
    auto generic = linalg::GenericOp::create(
        b, loc, ValueRange(inits).getTypes(), sources, inits, maps,
        stage.iterators, [&](OpBuilder &nested, Location, ValueRange args) {
          SmallVector<Value> values;
          if (failed(buildBody(nested, stage, args, values))) {
            ok = false;
            linalg::YieldOp::create(nested, loc, args.take_back(inits.size()));
            return;
          }
          SmallVector<Value> yielded;
          for (unsigned root : roots)
            yielded.push_back(values[root]);
          linalg::YieldOp::create(nested, kernel.getYield().getLoc(), yielded);
        });
    if (!ok)
      return failure();
    for (auto [i, result] : llvm::zip(which, generic.getResults()))
      results[i] = result;
  }
  return results;
}

FailureOr<func::FuncOp> KernelExtraction::extract(OpBuilder &builder) {
  KernelYieldOp yield = kernel.getYield();
  for (Value result : yield.getOperands())
    if (!isTensor(result.getType()))
      return yield.emitError() << "kernel '" << kernel.getKernelName()
                               << "' returns a value that is not a tensor";
  if (yield.getNumOperands() == 0)
    return kernel.emitError()
           << "kernel '" << kernel.getKernelName() << "' returns nothing";
  if (failed(assignTypes()))
    return failure();
  if (staticShape) {
    for (Value result : yield.getOperands()) {
      auto ranked = dyn_cast<RankedTensorType>(result.getType());
      if (ranked && ranked.getShape() != ArrayRef<int64_t>(*staticShape)) {
        error() << "has type " << ranked << ", which shape="
                << llvm::join(llvm::map_range(*staticShape,
                                              [](int64_t size) {
                                                return std::to_string(size);
                                              }),
                              "x")
                << " contradicts";
        return failure();
      }
    }
  }

  // The function, its arguments first: the result types are known once
  // every yielded value has its type.
  builder.clearInsertionPoint();
  auto func =
      func::FuncOp::create(builder, kernel.getLoc(), kernel.getKernelName(),
                           builder.getFunctionType({}, {}));
  if (std::optional<uint64_t> handle = getDebugHandle(kernel))
    setDebugHandle(func, *handle);
  EntryFunction entry = getEntryFunction(kernel);
  if (entry.op) {
    std::string from = entry.className.empty()
                           ? entry.method.str()
                           : (entry.className + "::" + entry.method).str();
    func->setAttr(kTracedFromAttrName, StringAttr::get(ctx, from));
  }
  Block *entryBlock = func.addEntryBlock();
  if (failed(collectInputs(*entryBlock))) {
    func.erase();
    return failure();
  }
  builder.setInsertionPointToStart(entryBlock);
  for (Operation &op : kernel.getBodyBlock().without_terminator()) {
    auto it = reductions.find(&op);
    if (it != reductions.end() &&
        failed(buildReduction(builder, &op, it->second))) {
      func.erase();
      return failure();
    }
  }
  FailureOr<SmallVector<Value>> results =
      buildYields(builder, SmallVector<Value>(yield.getOperands()));
  if (failed(results)) {
    func.erase();
    return failure();
  }
  // A reduction's result lives in a buffer of its own until the generics
  // that read it are done, which is before the function returns.
  for (Operation &op : kernel.getBodyBlock().without_terminator())
    if (Value tensor = reduced.lookup(&op))
      bufferization::DeallocTensorOp::create(builder, op.getLoc(), tensor);
  func::ReturnOp::create(builder, kernel.getLoc(), *results);
  func.setType(builder.getFunctionType(entryBlock->getArgumentTypes(),
                                       ValueRange(*results).getTypes()));
  return func;
}

struct ExtractKernelsPass
    : public tg::OptionCheckedPass<ExtractKernelsPass,
                                   tg::impl::TGExtractKernelsBase> {
  using OptionCheckedPass::OptionCheckedPass;

  /// What in the options cannot run: checked where the pipeline is parsed
  /// and again when the pass runs (OptionChecks.h).
  tg::OptionsError getOptionsError() {
    if (trapAfter < -1)
      return llvm::formatv("tg-extract-kernels: trap-after must be a debug "
                           "handle (>= 0), or -1 for none, got {0}",
                           static_cast<int64_t>(trapAfter))
          .str();
    if (shape.empty())
      return std::nullopt;
    std::optional<SmallVector<int64_t>> sizes = parseShape(shape);
    if (!sizes)
      return "tg-extract-kernels: shape must be positive sizes joined by "
             "'x' (1x64x56x56), got '" +
             shape + "'";
    // A buffer of that shape must be indexable: its byte size must fit in an
    // int64 (what memref indexing and the C harness compute with).
    bool isF64 = elementType == KernelElementType::F64;
    int64_t bytes = isF64 ? 8 : 4;
    for (int64_t size : *sizes)
      if (llvm::MulOverflow(bytes, size, bytes))
        return "tg-extract-kernels: shape '" + shape +
               "' has more elements than a buffer of '" +
               (isF64 ? "f64" : "f32") +
               "' can hold (its size in bytes overflows a 64-bit integer)";
    return std::nullopt;
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *ctx = &getContext();
    trapped = false;
    if (failed(checkOptions()))
      return signalPassFailure();

    FloatType elementTy = elementType == KernelElementType::F64
                              ? FloatType(Float64Type::get(ctx))
                              : FloatType(Float32Type::get(ctx));
    // Checked above: the shape parses and fits.
    std::optional<SmallVector<int64_t>> staticShape;
    if (!shape.empty())
      staticShape = parseShape(shape);
    FailureOr<SmallVector<KernelOp>> selected =
        selectKernels(module, staticShape.has_value());
    if (failed(selected))
      return signalPassFailure();

    OpBuilder builder(ctx);
    SmallVector<Operation *> functions;
    // Whether the kernels' ops have handles at all, to say so when
    // trap-after finds none (a module not yet through
    // --tg-assign-debug-handles).
    bool anyHandle = false;
    for (KernelOp kernel : *selected) {
      if (trapAfter >= 0 && !anyHandle)
        kernel->walk([&](Operation *op) {
          anyHandle |= tg::hasDebugHandle(op);
          return anyHandle ? WalkResult::interrupt() : WalkResult::advance();
        });
      KernelExtraction extraction(kernel, elementTy, staticShape, trapAfter);
      FailureOr<func::FuncOp> func = extraction.extract(builder);
      trapped |= extraction.hasTrapped();
      if (failed(func)) {
        // The functions made so far are in no block yet: free them.
        for (Operation *made : functions)
          made->erase();
        return signalPassFailure();
      }
      functions.push_back(*func);
    }
    // The graphs stay with the framework; the module now holds what a
    // native compiler gets.
    for (Operation &op :
         llvm::make_early_inc_range(module.getBody()->getOperations()))
      if (!llvm::is_contained(functions, &op))
        op.erase();
    for (Operation *func : functions)
      module.getBody()->push_back(func);
    if (trapAfter >= 0 && !trapped) {
      emitError(module.getLoc())
          << "tg-extract-kernels: trap-after="
          << static_cast<int64_t>(trapAfter)
          << ": no op of the extracted kernels has that debug "
             "handle"
          << (anyHandle ? ""
                        : " (their ops have no debug handles: "
                          "number them with "
                          "--tg-assign-debug-handles first)");
      return signalPassFailure();
    }
  }

  /// The kernels named in `kernels`, in walk order, or by default every
  /// kernel but those that cannot be typed: a kernel with a tensor of no
  /// static type, in a graph other than the entry, when `shape` gives none.
  /// Example inputs type only the program the entry runs, and a graph it
  /// never calls stays as imported (MultiheadAttention's `out_proj.forward`,
  /// which the entry never calls, holds a fused linear): such a kernel is
  /// skipped with a warning that names it, not an error that fails every
  /// other kernel. Failure with a diagnostic for a name no kernel has, for
  /// a module without kernels, and when every kernel was skipped.
  FailureOr<SmallVector<KernelOp>> selectKernels(ModuleOp module,
                                                 bool hasShapeOption) {
    SmallVector<KernelOp> selected;
    llvm::StringSet<> wanted;
    for (const std::string &name : kernels)
      wanted.insert(name);
    llvm::StringSet<> found;
    bool hasEntry = llvm::any_of(module.getOps<GraphOp>(),
                                 [](GraphOp graph) { return graph.isEntry(); });
    module.walk([&](KernelOp kernel) {
      found.insert(kernel.getKernelName());
      if (!wanted.empty()) {
        if (wanted.contains(kernel.getKernelName()))
          selected.push_back(kernel);
        return;
      }
      auto graph = kernel->getParentOfType<GraphOp>();
      if (hasEntry && !hasShapeOption && graph && !graph.isEntry() &&
          hasUnshapedTensor(kernel)) {
        kernel.emitWarning()
            << "tg-extract-kernels: skipped kernel '" << kernel.getKernelName()
            << "': it has a tensor of no static type, and its graph '"
            << graph.getSymName()
            << "' is not the entry graph, which example inputs type (name it "
               "in kernels= with shape= to extract it; tg-compile-kernel: -k "
               "NAME --shape AxBxC)";
        return;
      }
      selected.push_back(kernel);
    });
    for (const std::string &name : kernels) {
      if (!found.contains(name)) {
        emitError(module.getLoc()) << "tg-extract-kernels: no kernel named '"
                                   << name << "' in the module";
        return failure();
      }
    }
    if (selected.empty()) {
      if (!found.empty()) {
        emitError(module.getLoc())
            << "tg-extract-kernels: every kernel of the module "
               "was skipped (see the warnings)";
        return failure();
      }
      emitError(module.getLoc())
          << "tg-extract-kernels: the module has no tg.kernel "
             "(run --tg-fuse-elementwise first)";
      return failure();
    }
    return selected;
  }

  /// Whether a value the kernel takes, computes or yields is a tensor
  /// without a ranked type (`!tg.tensor`).
  static bool hasUnshapedTensor(KernelOp kernel) {
    auto unshaped = [](Type type) { return isa<TracedTensorType>(type); };
    if (llvm::any_of(kernel.getBodyBlock().getArgumentTypes(), unshaped))
      return true;
    WalkResult walk = kernel.getBodyBlock().walk([&](Operation *op) {
      return llvm::any_of(op->getResultTypes(), unshaped)
                 ? WalkResult::interrupt()
                 : WalkResult::advance();
    });
    return walk.wasInterrupted();
  }

  bool trapped = false;

  static std::optional<SmallVector<int64_t>> parseShape(StringRef text) {
    SmallVector<int64_t> sizes;
    SmallVector<StringRef> parts;
    text.split(parts, 'x');
    for (StringRef part : parts) {
      int64_t size;
      if (part.getAsInteger(10, size) || size <= 0)
        return std::nullopt;
      sizes.push_back(size);
    }
    return sizes;
  }
};

} // namespace
