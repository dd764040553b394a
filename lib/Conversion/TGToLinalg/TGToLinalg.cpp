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
#include "tg/IR/TGOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
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
    "clamp_max, sigmoid, hardsigmoid, silu, hardswish, gelu, leaky_relu, elu, "
    "softplus, tanh, exp, log, sqrt, rsqrt, abs, erf, pow";

/// The operators the lowering knows, in families that share a lowering
/// step, with how many operands each needs at least and reads at most (the
/// optional scalars: alpha, bounds, slopes, gelu's `approximate`; more are
/// ignored).
enum class OpFamily { Unsupported, Arithmetic, Clamp, Activation, Math };
struct OpArity {
  OpFamily family;
  unsigned least, most;
};
OpArity getOpArity(StringRef name) {
  using F = OpFamily;
  return llvm::StringSwitch<OpArity>(name)
      .Cases({"add", "sub"}, {F::Arithmetic, 2, 3})
      .Cases({"mul", "div", "pow"}, {F::Arithmetic, 2, 2})
      .Case("neg", {F::Arithmetic, 1, 1})
      .Cases({"clamp_min", "clamp_max"}, {F::Clamp, 2, 2})
      .Cases({"hardtanh", "clamp"}, {F::Clamp, 1, 3})
      .Cases({"relu", "relu6"}, {F::Clamp, 1, 1})
      .Cases({"leaky_relu", "gelu"}, {F::Activation, 1, 2})
      .Case("elu", {F::Activation, 1, 4})
      .Case("softplus", {F::Activation, 1, 3})
      .Cases({"sigmoid", "silu", "hardsigmoid", "hardswish"},
             {F::Activation, 1, 1})
      .Cases({"tanh", "exp", "log", "sqrt", "rsqrt", "abs", "erf"},
             {F::Math, 1, 1})
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
    assert(name == "neg" && "an arithmetic operator of the table");
    return create<arith::NegFOp>(x);
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
    if (name == "hardtanh")
      return clamp(x, numberOr(1, -1.0), numberOr(2, 1.0));
    if (name == "relu")
      return create<arith::MaximumFOp>(x, constant(0.0));
    assert(name == "relu6" && "a clamp of the table");
    return clamp(x, constant(0.0), constant(6.0));
  }

  Operation *lowerActivation(StringRef name, Value x) {
    if (name == "sigmoid")
      return sigmoid(x);
    if (name == "silu")
      return create<arith::MulFOp>(x, value(sigmoid(x)));
    if (name == "hardsigmoid" || name == "hardswish") {
      // relu6(x + 3) / 6, times x for hardswish.
      Value shifted = arith::AddFOp::create(b, loc, x, constant(3.0));
      Value six = value(clamp(shifted, constant(0.0), constant(6.0)));
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

struct ExtractKernelsPass
    : public tg::impl::TGExtractKernelsBase<ExtractKernelsPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *ctx = &getContext();
    trapped = false;

    FloatType elementTy = elementType == KernelElementType::F64
                              ? FloatType(Float64Type::get(ctx))
                              : FloatType(Float32Type::get(ctx));
    FailureOr<std::optional<SmallVector<int64_t>>> staticShape =
        getStaticShape(module, elementTy);
    if (failed(staticShape))
      return signalPassFailure();
    FailureOr<SmallVector<KernelOp>> selected = selectKernels(module);
    if (failed(selected))
      return signalPassFailure();

    OpBuilder builder(ctx);
    SmallVector<Operation *> functions;
    for (KernelOp kernel : *selected) {
      FailureOr<func::FuncOp> func =
          extract(kernel, elementTy, *staticShape, builder);
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
      module.emitError() << "tg-extract-kernels: trap-after="
                         << static_cast<int64_t>(trapAfter)
                         << ": no op of the extracted kernels has that debug "
                            "handle";
      return signalPassFailure();
    }
  }

  /// The sizes of the `shape` option (none when it is empty), or failure
  /// with a diagnostic when they are not positive sizes joined by 'x' or a
  /// buffer of that shape could not be indexed: its byte size must fit in an
  /// int64 (what memref indexing and the C harness compute with).
  FailureOr<std::optional<SmallVector<int64_t>>>
  getStaticShape(ModuleOp module, FloatType elementTy) {
    if (shape.empty())
      return std::optional<SmallVector<int64_t>>();
    std::optional<SmallVector<int64_t>> sizes = parseShape(shape);
    if (!sizes) {
      module.emitError() << "tg-extract-kernels: shape must be positive "
                            "sizes joined by 'x' (1x64x56x56), got '"
                         << shape << "'";
      return failure();
    }
    int64_t bytes = elementTy.getIntOrFloatBitWidth() / 8;
    for (int64_t size : *sizes) {
      if (llvm::MulOverflow(bytes, size, bytes)) {
        module.emitError() << "tg-extract-kernels: shape '" << shape
                           << "' has more elements than a buffer of "
                           << elementTy << " can hold (its size in bytes "
                           << "overflows a 64-bit integer)";
        return failure();
      }
    }
    return sizes;
  }

  /// The kernels the `kernels` option names (every kernel when it is empty),
  /// in walk order; failure with a diagnostic for a name no kernel has, or
  /// for a module without kernels.
  FailureOr<SmallVector<KernelOp>> selectKernels(ModuleOp module) {
    SmallVector<KernelOp> selected;
    llvm::StringSet<> wanted;
    for (const std::string &name : kernels)
      wanted.insert(name);
    llvm::StringSet<> found;
    module.walk([&](KernelOp kernel) {
      found.insert(kernel.getKernelName());
      if (wanted.empty() || wanted.contains(kernel.getKernelName()))
        selected.push_back(kernel);
    });
    for (const std::string &name : kernels) {
      if (!found.contains(name)) {
        module.emitError() << "tg-extract-kernels: no kernel named '" << name
                           << "' in the module";
        return failure();
      }
    }
    if (selected.empty()) {
      module.emitError() << "tg-extract-kernels: the module has no tg.kernel "
                            "(run --tg-fuse-elementwise first)";
      return failure();
    }
    return selected;
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

  static bool isTensor(Type type) {
    return isa<TracedTensorType, RankedTensorType>(type);
  }

  /// How a tensor of type `from` is read at each point of the iteration
  /// space `to`, with PyTorch's (NumPy's) broadcasting: dimensions aligned
  /// from the right, a size-1 dimension read at index 0, missing leading
  /// dimensions ignored. Fails when `from` does not broadcast to `to`.
  static FailureOr<AffineMap> getBroadcastMap(RankedTensorType from,
                                              RankedTensorType to) {
    MLIRContext *ctx = to.getContext();
    int64_t offset = to.getRank() - from.getRank();
    if (offset < 0)
      return failure();
    SmallVector<AffineExpr> results;
    for (auto [i, size] : llvm::enumerate(from.getShape())) {
      int64_t target = to.getDimSize(offset + i);
      if (size == target)
        results.push_back(getAffineDimExpr(offset + i, ctx));
      else if (size == 1)
        results.push_back(getAffineConstantExpr(0, ctx));
      else
        return failure();
    }
    return AffineMap::get(to.getRank(), 0, results, ctx);
  }

  /// The shapes of a kernel's extraction: its iteration space, and each
  /// input's type (null for non-tensors) and map into that space.
  struct KernelShape {
    RankedTensorType iteration;
    SmallVector<RankedTensorType> inputTypes;
    SmallVector<AffineMap> inputMaps;
  };

  /// How a kernel's inputs reach its function: tensors are arguments;
  /// numeric constants are folded into the body, and strings and None
  /// (gelu's `approximate`, clamp's missing bound) are read by the lowering;
  /// other scalars are arguments too.
  struct KernelInputs {
    /// The function's argument types.
    SmallVector<Type> argTypes;
    /// Per input: its argument, or none for a constant.
    SmallVector<std::optional<unsigned>> argOf;
    /// Per input: the value of a constant (null for arguments) and where it
    /// was defined.
    SmallVector<Attribute> constants;
    SmallVector<Location> constantLocs;
  };

  /// The iteration space is the shape of the values the kernel yields (every
  /// one the same), from their ranked types, else the shape option; inputs
  /// keep their own shapes and are broadcast to it as PyTorch broadcasts.
  /// Fails with a diagnostic on dynamic shapes, other element types, results
  /// of different shapes, a contradicting shape option, no shape at all, and
  /// an input or op result that does not broadcast.
  FailureOr<KernelShape>
  getKernelShape(KernelOp kernel, FloatType elementTy,
                 std::optional<ArrayRef<int64_t>> staticShape) {
    Block &body = kernel.getBodyBlock();
    auto error = [&]() {
      return kernel.emitError() << "kernel '" << kernel.getKernelName() << "' ";
    };
    RankedTensorType tensorTy;
    for (Type type : llvm::concat<const Type>(kernel.getInputs().getTypes(),
                                              kernel.getResultTypes())) {
      auto ranked = dyn_cast<RankedTensorType>(type);
      if (!ranked)
        continue;
      if (!ranked.hasStaticShape()) {
        error() << "has a tensor of dynamic shape " << ranked;
        return failure();
      }
      if (ranked.getElementType() != elementTy) {
        error() << "has a tensor of element type " << ranked.getElementType()
                << " but element-type is " << elementTy;
        return failure();
      }
    }
    for (Type type : kernel.getResultTypes()) {
      auto ranked = dyn_cast<RankedTensorType>(type);
      if (!ranked)
        continue;
      if (tensorTy && tensorTy != ranked) {
        error() << "yields tensors of different shapes " << tensorTy << " and "
                << ranked << " (one iteration space per kernel)";
        return failure();
      }
      tensorTy = ranked;
    }
    if (tensorTy && staticShape && *staticShape != tensorTy.getShape()) {
      error() << "has type " << tensorTy << ", which shape=" << shape
              << " contradicts";
      return failure();
    }
    if (!tensorTy) {
      if (!staticShape) {
        error() << "has no static tensor shape; import with an example input "
                   "(torch-to-tg --example-input) or give one with "
                   "shape=AxBxC";
        return failure();
      }
      tensorTy = RankedTensorType::get(*staticShape, elementTy);
    }
    // The type of each tensor input (untyped ones take the iteration type)
    // and its map into the iteration space.
    KernelShape shapes{tensorTy, {}, {}};
    for (Value input : kernel.getInputs()) {
      RankedTensorType type;
      AffineMap map;
      if (isTensor(input.getType())) {
        type = dyn_cast<RankedTensorType>(input.getType());
        if (!type)
          type = tensorTy;
        FailureOr<AffineMap> broadcast = getBroadcastMap(type, tensorTy);
        if (failed(broadcast)) {
          error() << "reads a tensor of type " << input.getType()
                  << " that does not broadcast to its result type " << tensorTy;
          return failure();
        }
        map = *broadcast;
      }
      shapes.inputTypes.push_back(type);
      shapes.inputMaps.push_back(map);
    }
    for (Operation &op : body.without_terminator())
      for (Type type : op.getResultTypes())
        if (auto ranked = dyn_cast<RankedTensorType>(type);
            ranked && failed(getBroadcastMap(ranked, tensorTy))) {
          error() << "computes a tensor of type " << ranked
                  << " that does not broadcast to its result type " << tensorTy;
          return failure();
        }
    return shapes;
  }

  /// The body of a kernel's linalg.generic: its inputs as scalars (an
  /// element of each tensor, the folded constants, the scalar arguments of
  /// `entryBlock`), then each op lowered at its own location, keeping its
  /// debug handle. Fails with the lowering's diagnostic; the body then yields
  /// placeholders and the caller erases the function.
  LogicalResult buildGenericBody(OpBuilder &b, KernelOp kernel,
                                 ValueRange elements,
                                 const KernelInputs &inputs, Block &entryBlock,
                                 FloatType elementTy) {
    ArrayRef<Attribute> constants = inputs.constants;
    Block &body = kernel.getBodyBlock();
    KernelYieldOp yield = kernel.getYield();
    bool ok = true;
    IRMapping scalars;
    DenseMap<Value, Attribute> attrs;
    unsigned nextTensor = 0;
    for (auto [i, input] : llvm::enumerate(kernel.getInputs())) {
      Value arg = body.getArgument(i);
      if (isa_and_nonnull<StringAttr, UnitAttr>(constants[i])) {
        attrs[arg] = constants[i];
      } else if (constants[i]) {
        double v = 0;
        if (auto f = dyn_cast<FloatAttr>(constants[i]))
          v = f.getValueAsDouble();
        else
          v = double(cast<IntegerAttr>(constants[i]).getInt());
        scalars.map(
            arg, arith::ConstantOp::create(b, inputs.constantLocs[i], elementTy,
                                           b.getFloatAttr(elementTy, v)));
      } else if (isTensor(input.getType())) {
        scalars.map(arg, elements[nextTensor++]);
      } else {
        scalars.map(arg, entryBlock.getArgument(*inputs.argOf[i]));
      }
    }
    KernelBodyLowering lowering(b, elementTy, scalars, attrs);
    for (Operation &op : body.without_terminator()) {
      auto traced = dyn_cast<TracedOp>(op);
      FailureOr<Operation *> lowered =
          traced ? lowering.lower(traced) : FailureOr<Operation *>();
      if (!traced)
        op.emitError() << "cannot lower '" << op.getName() << "' in a kernel";
      if (failed(lowered)) {
        ok = false;
        break;
      }
      if (std::optional<uint64_t> handle = getDebugHandle(&op)) {
        setDebugHandle(*lowered, *handle);
        if (trapAfter >= 0 && *handle == uint64_t(trapAfter)) {
          LLVM::Trap::create(b, op.getLoc());
          trapped = true;
        }
      }
      scalars.map(op.getResult(0), (*lowered)->getResult(0));
    }
    SmallVector<Value> yielded;
    for (Value v : yield.getOperands())
      yielded.push_back(ok ? scalars.lookup(v) : elements.front());
    linalg::YieldOp::create(b, yield.getLoc(), yielded);
    return success(ok);
  }

  /// The arguments and constants of a kernel's function (see KernelInputs).
  static KernelInputs getKernelInputs(KernelOp kernel,
                                      const KernelShape &shapes,
                                      FloatType elementTy) {
    size_t n = kernel.getInputs().size();
    KernelInputs inputs{{},
                        SmallVector<std::optional<unsigned>>(n),
                        SmallVector<Attribute>(n),
                        SmallVector<Location>(n, kernel.getLoc())};
    for (auto [i, input] : llvm::enumerate(kernel.getInputs())) {
      if (!isTensor(input.getType())) {
        if (auto cst = input.getDefiningOp<ConstantOp>()) {
          if (isa<IntegerAttr, FloatAttr, StringAttr, UnitAttr>(
                  cst.getValue())) {
            inputs.constants[i] = cst.getValue();
            inputs.constantLocs[i] = cst.getLoc();
            continue;
          }
        }
      }
      inputs.argOf[i] = inputs.argTypes.size();
      inputs.argTypes.push_back(isTensor(input.getType())
                                    ? Type(shapes.inputTypes[i])
                                    : Type(elementTy));
    }
    return inputs;
  }

  /// Fails with a diagnostic unless the kernel yields tensors only, and at
  /// least one.
  static LogicalResult checkResults(KernelOp kernel) {
    auto yield = kernel.getYield();
    for (Value result : yield.getOperands()) {
      if (!isTensor(result.getType()))
        return yield.emitError() << "kernel '" << kernel.getKernelName()
                                 << "' returns a value that is not a tensor";
    }
    if (yield.getNumOperands() == 0)
      return kernel.emitError()
             << "kernel '" << kernel.getKernelName() << "' returns nothing";
    return success();
  }

  /// The empty function of a kernel: its name, type, location and handle,
  /// and `tg.traced_from` naming the graph it came from.
  static func::FuncOp createFunction(OpBuilder &builder, KernelOp kernel,
                                     FunctionType type) {
    builder.clearInsertionPoint();
    auto func = func::FuncOp::create(builder, kernel.getLoc(),
                                     kernel.getKernelName(), type);
    if (std::optional<uint64_t> handle = getDebugHandle(kernel))
      setDebugHandle(func, *handle);
    EntryFunction entry = getEntryFunction(kernel);
    if (entry.op) {
      std::string from = entry.className.empty()
                             ? entry.method.str()
                             : (entry.className + "::" + entry.method).str();
      func->setAttr(kTracedFromAttrName,
                    StringAttr::get(kernel.getContext(), from));
    }
    return func;
  }

  /// The kernel as a free-standing function (not yet in the module): one
  /// linalg.generic over the iteration space, reading each tensor argument
  /// through its broadcast map.
  FailureOr<func::FuncOp> extract(KernelOp kernel, FloatType elementTy,
                                  std::optional<ArrayRef<int64_t>> staticShape,
                                  OpBuilder &builder) {
    Location kernelLoc = kernel.getLoc();
    FailureOr<KernelShape> shapes =
        getKernelShape(kernel, elementTy, staticShape);
    if (failed(shapes))
      return failure();
    RankedTensorType tensorTy = shapes->iteration;
    KernelInputs inputs = getKernelInputs(kernel, *shapes, elementTy);
    if (failed(checkResults(kernel)))
      return failure();
    SmallVector<Type> resultTypes(kernel.getYield().getNumOperands(), tensorTy);

    func::FuncOp func = createFunction(
        builder, kernel, builder.getFunctionType(inputs.argTypes, resultTypes));
    Block *entryBlock = func.addEntryBlock();
    builder.setInsertionPointToStart(entryBlock);

    SmallVector<Value> tensorArgs;
    SmallVector<AffineMap> maps;
    for (auto [i, input] : llvm::enumerate(kernel.getInputs())) {
      if (inputs.argOf[i] && isTensor(input.getType())) {
        tensorArgs.push_back(entryBlock->getArgument(*inputs.argOf[i]));
        maps.push_back(shapes->inputMaps[i]);
      }
    }
    SmallVector<Value> inits;
    for (size_t i = 0; i < resultTypes.size(); ++i)
      inits.push_back(tensor::EmptyOp::create(builder, kernelLoc,
                                              tensorTy.getShape(), elementTy));
    AffineMap identity = builder.getMultiDimIdentityMap(tensorTy.getRank());
    maps.append(inits.size(), identity);
    SmallVector<utils::IteratorType> iterators(tensorTy.getRank(),
                                               utils::IteratorType::parallel);

    bool ok = true;
    auto generic = linalg::GenericOp::create(
        builder, kernelLoc, resultTypes, tensorArgs, inits, maps, iterators,
        [&](OpBuilder &b, Location, ValueRange elements) {
          ok = succeeded(buildGenericBody(b, kernel, elements, inputs,
                                          *entryBlock, elementTy));
        });
    func::ReturnOp::create(builder, kernelLoc, generic.getResults());
    if (!ok) {
      func.erase();
      return failure();
    }
    return func;
  }
};

} // namespace
