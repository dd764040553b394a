//===- Decompositions.cpp - Composite aten ops as pointwise + reductions --===//
//
// Inductor fuses BatchNorm, LayerNorm and softmax with everything around them
// because it first decomposes them into pointwise ops and reductions
// (torch/_decomp/decompositions.py). These patterns do the same on tg IR, so
// that `--tg-fuse-elementwise` sees through them. The rule that matters here
// beyond exact arithmetic: every op a decomposition creates is built at the
// composite op's own location, its whole call-site chain, so each new op's
// module path and traceback are the composite's, and `--tg-verify-origins`
// finds the composite's origin on every piece of it.
//
// Each pattern states the PyTorch definition it follows. A pattern that
// cannot prove its rewrite exact leaves the op alone: a batch_norm that may
// be training, a dtype argument it would have to honour, a per-channel
// parameter whose broadcast needs an input rank nobody knows.
//
//===----------------------------------------------------------------------===//

#include "tg/Passes/Decompositions.h"
#include "tg/IR/CallStack.h"
#include "tg/IR/TGOps.h"
#include "tg/Passes/Passes.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringMap.h"

#include <cmath>
#include <limits>

using namespace mlir;
using namespace tg;

//===----------------------------------------------------------------------===//
// EliminatedOrigins
//===----------------------------------------------------------------------===//

void EliminatedOrigins::record(Operation *op) {
  Operation *anchor = root;
  for (Operation *parent = op->getParentOp(); parent;
       parent = parent->getParentOp())
    if (isa<GraphOp>(parent) || parent == root) {
      anchor = parent;
      break;
    }
  SmallVector<Location> &records = byAnchor[anchor];
  SmallVector<RemovedOrigin> carried;
  getOriginRecords(op->getLoc(), carried);
  for (const RemovedOrigin &removed : carried)
    records.push_back(makeOriginRecord(removed.record, removed.origin));
  Location origin = stripOriginRecords(op->getLoc());
  if (isa<UnknownLoc>(origin))
    return;
  StringRef opName = op->getName().getStringRef();
  if (auto traced = dyn_cast<TracedOp>(op))
    opName = traced.getName();
  auto record = OriginRecordAttr::get(op->getContext(), "eliminated", passName,
                                      opName, LocationAttr());
  records.push_back(makeOriginRecord(record, origin));
}

unsigned EliminatedOrigins::flush() {
  unsigned count = 0;
  for (auto &[anchor, records] : byAnchor) {
    if (records.empty())
      continue;
    anchor->setLoc(appendOriginRecords(anchor->getLoc(), records));
    count += records.size();
  }
  byAnchor.clear();
  return count;
}

//===----------------------------------------------------------------------===//
// Reading operands
//===----------------------------------------------------------------------===//

namespace {

/// The attribute of a `tg.constant` operand, or null; through the
/// `prim::unchecked_cast`s TorchScript puts between an Optional and its
/// value (`dim: Optional[int]` of F.softmax).
Attribute getConstant(Value value) {
  while (auto cast = value.getDefiningOp<TracedOp>()) {
    if (cast.getName() != "prim::unchecked_cast" || cast->getNumOperands() != 1)
      break;
    value = cast->getOperand(0);
  }
  auto cst = value.getDefiningOp<ConstantOp>();
  return cst ? cst.getValue() : Attribute();
}

bool isNone(Value value) {
  return isa_and_nonnull<UnitAttr>(getConstant(value));
}

std::optional<bool> getBool(Value value) {
  if (auto flag = dyn_cast_or_null<BoolAttr>(getConstant(value)))
    return flag.getValue();
  return std::nullopt;
}

std::optional<int64_t> getInt(Value value) {
  if (auto integer = dyn_cast_or_null<IntegerAttr>(getConstant(value)))
    if (integer.getType().isSignlessInteger(64))
      return integer.getInt();
  return std::nullopt;
}

/// An int or float constant as a double.
std::optional<double> getNumber(Value value) {
  Attribute cst = getConstant(value);
  if (auto integer = dyn_cast_or_null<IntegerAttr>(cst))
    if (integer.getType().isSignlessInteger(64))
      return double(integer.getInt());
  if (auto real = dyn_cast_or_null<FloatAttr>(cst))
    return real.getValueAsDouble();
  return std::nullopt;
}

/// A list of ints: a `tg.constant([..])`, a `prim::ListConstruct` of int
/// constants, or (`allowScalar`) a single int constant.
std::optional<SmallVector<int64_t>> getIntList(Value value,
                                               bool allowScalar = false) {
  SmallVector<int64_t> ints;
  if (auto array = dyn_cast_or_null<ArrayAttr>(getConstant(value))) {
    for (Attribute element : array) {
      auto integer = dyn_cast<IntegerAttr>(element);
      if (!integer)
        return std::nullopt;
      ints.push_back(integer.getInt());
    }
    return ints;
  }
  if (allowScalar)
    if (std::optional<int64_t> single = getInt(value))
      return SmallVector<int64_t>{*single};
  auto list = value.getDefiningOp<TracedOp>();
  if (!list || list.getName() != "prim::ListConstruct")
    return std::nullopt;
  for (Value element : list.getOperands()) {
    std::optional<int64_t> integer = getInt(element);
    if (!integer)
      return std::nullopt;
    ints.push_back(*integer);
  }
  return ints;
}

bool isTensorType(Type type) { return isa<TracedTensorType, TensorType>(type); }

/// The tensor behind an `Optional[Tensor]` operand: TorchScript hands
/// parameters to batch_norm and layer_norm through `prim::unchecked_cast`
/// (Tensor -> Optional[Tensor]), which says nothing about the value.
Value getTensor(Value value) {
  if (isTensorType(value.getType()))
    return value;
  if (auto cast = value.getDefiningOp<TracedOp>())
    if (cast.getName() == "prim::unchecked_cast" &&
        cast->getNumOperands() == 1 &&
        isTensorType(cast->getOperand(0).getType()))
      return cast->getOperand(0);
  return {};
}

/// The rank of a tensor value when its type says.
std::optional<int64_t> getRank(Value value) {
  if (auto ranked = dyn_cast<RankedTensorType>(value.getType()))
    return ranked.getRank();
  return std::nullopt;
}

/// Whether a tensor value can have `shape` (kDynamic: any size): false only
/// when its type says otherwise. A decomposition of a call whose operands'
/// types already contradict PyTorch's checks would compute something for a
/// call that raises.
bool mayHaveShape(Value value, ArrayRef<int64_t> shape) {
  auto ranked = dyn_cast<RankedTensorType>(value.getType());
  return !ranked || succeeded(verifyCompatibleShape(ranked.getShape(), shape));
}

/// The size of dim `dim` of a tensor value, kDynamic when its type does not
/// say.
int64_t getDimSize(Value value, int64_t dim) {
  auto ranked = dyn_cast<RankedTensorType>(value.getType());
  if (!ranked || dim < 0 || dim >= ranked.getRank())
    return ShapedType::kDynamic;
  return ranked.getDimSize(dim);
}

//===----------------------------------------------------------------------===//
// Building the pieces
//===----------------------------------------------------------------------===//

/// Builds tg ops at one location (the composite op's) before the op being
/// decomposed, with the types PyTorch's semantics give: a pointwise op's
/// result has the broadcast shape of its tensor operands, a reduction with
/// keepdim has size 1 at the reduced dims; where a type is not ranked the
/// result is `!tg.tensor`.
class DecompositionBuilder {
public:
  DecompositionBuilder(PatternRewriter &rewriter, TracedOp op)
      : b(rewriter), loc(op.getLoc()), ctx(op.getContext()),
        from(op.getNameAttr()) {
    b.setInsertionPoint(op);
  }

  Value constant(Attribute value) {
    return ConstantOp::create(b, loc, ValueType::get(ctx), value);
  }
  Value intConstant(int64_t value) {
    return constant(b.getI64IntegerAttr(value));
  }
  Value intListConstant(ArrayRef<int64_t> values) {
    return constant(b.getI64ArrayAttr(values));
  }
  Value boolConstant(bool value) { return constant(b.getBoolAttr(value)); }
  Value none() { return constant(b.getUnitAttr()); }
  Value one() {
    if (!cachedOne)
      cachedOne = intConstant(1);
    return cachedOne;
  }

  /// `name(operands)` with one result of type `type`, marked as decomposed
  /// from the composite (`tg.decomposed_from`).
  Value create(StringRef name, Type type, ValueRange operands) {
    auto op = TracedOp::create(b, loc, type, name, operands, /*bodiesCount=*/0);
    op->setAttr(kDecomposedFromAttrName, from);
    return op->getResult(0);
  }

  /// A pointwise op: its result type is the broadcast of its tensor
  /// operands' (unless `type` is given).
  Value pointwise(StringRef name, ValueRange operands, Type type = {}) {
    if (!type)
      type = broadcastType(operands);
    return create(name, type, operands);
  }

  /// `name(x, dims, keepdim=True[, dtype=None])`: a reduction over `dims`
  /// that keeps them as size 1.
  Value reduction(StringRef name, Value x, ArrayRef<int64_t> dims,
                  bool withDtype) {
    SmallVector<Value> operands{x, intListConstant(dims), boolConstant(true)};
    if (withDtype)
      operands.push_back(none());
    return create(name, reducedType(x.getType(), dims), operands);
  }

  /// `aten::reshape(x, shape)` (one size may be -1).
  Value reshape(Value x, ArrayRef<int64_t> shape) {
    return create("aten::reshape", reshapedType(x.getType(), shape),
                  {x, intListConstant(shape)});
  }

  /// `x` viewed with `trailingOnes` size-1 dims appended (`[C]` ->
  /// `[C, 1, 1]`): a per-channel parameter broadcast over the trailing
  /// spatial dims, as PyTorch's `_unsqueeze_to_dim` does.
  Value unsqueezeTrailing(Value x, int64_t trailingOnes) {
    if (trailingOnes <= 0)
      return x;
    SmallVector<int64_t> shape{-1};
    shape.append(trailingOnes, 1);
    return reshape(x, shape);
  }

  Type broadcastType(ValueRange operands) {
    SmallVector<int64_t> shape;
    Type element;
    bool ranked = true, any = false;
    for (Value operand : operands) {
      Type type = operand.getType();
      if (!isTensorType(type))
        continue;
      auto tensor = dyn_cast<RankedTensorType>(type);
      if (!tensor) {
        ranked = false;
        continue;
      }
      if (!any) {
        shape.assign(tensor.getShape().begin(), tensor.getShape().end());
        element = tensor.getElementType();
        any = true;
        continue;
      }
      if (!broadcastInto(shape, tensor.getShape()))
        ranked = false;
    }
    if (!ranked || !any)
      return TracedTensorType::get(ctx);
    return RankedTensorType::get(shape, element);
  }

  Type reducedType(Type type, ArrayRef<int64_t> dims) {
    auto tensor = dyn_cast<RankedTensorType>(type);
    if (!tensor)
      return TracedTensorType::get(ctx);
    SmallVector<int64_t> shape(tensor.getShape());
    for (int64_t dim : dims)
      shape[dim < 0 ? dim + tensor.getRank() : dim] = 1;
    return RankedTensorType::get(shape, tensor.getElementType());
  }

  Type reshapedType(Type type, ArrayRef<int64_t> shape) {
    auto tensor = dyn_cast<RankedTensorType>(type);
    if (!tensor || !tensor.hasStaticShape())
      return TracedTensorType::get(ctx);
    int64_t known = 1;
    for (int64_t size : shape)
      if (size != -1)
        known *= size;
    SmallVector<int64_t> sizes(shape);
    for (int64_t &size : sizes)
      if (size == -1)
        size = known ? tensor.getNumElements() / known : 0;
    return RankedTensorType::get(sizes, tensor.getElementType());
  }

private:
  /// `shape` broadcast with `other` (NumPy rules), in place; false when they
  /// do not broadcast.
  static bool broadcastInto(SmallVectorImpl<int64_t> &shape,
                            ArrayRef<int64_t> other) {
    if (other.size() > shape.size())
      shape.insert(shape.begin(), other.size() - shape.size(), 1);
    size_t offset = shape.size() - other.size();
    for (auto [i, size] : llvm::enumerate(other)) {
      int64_t &mine = shape[offset + i];
      if (mine == size || size == 1)
        continue;
      if (mine != 1)
        return false;
      mine = size;
    }
    return true;
  }

  PatternRewriter &b;
  Location loc;
  MLIRContext *ctx;
  StringAttr from;
  Value cachedOne;
};

/// A decomposition of the operators named by `names` (a tg.op with exactly
/// one result and no regions).
class Decomposition : public OpRewritePattern<TracedOp> {
public:
  Decomposition(MLIRContext *ctx, ArrayRef<StringRef> names)
      : OpRewritePattern<TracedOp>(ctx), names(names) {}

  LogicalResult matchAndRewrite(TracedOp op,
                                PatternRewriter &rewriter) const final {
    if (!llvm::is_contained(names, op.getName()) ||
        (hasOneResult() && op->getNumResults() != 1) ||
        op->getNumRegions() != 0)
      return failure();
    return decompose(op, rewriter);
  }

  /// The operators this decomposes.
  ArrayRef<StringRef> getNames() const { return names; }

  /// Keeps only the operators `only` names (an in-place form goes with its
  /// operator); false when none is left.
  bool restrictTo(ArrayRef<std::string> only) {
    llvm::erase_if(names, [&](StringRef name) {
      return !llvm::is_contained(only, name) &&
             !llvm::is_contained(only, name.rtrim('_'));
    });
    return !names.empty();
  }

protected:
  /// Whether the operators this decomposes have one result (the default).
  virtual bool hasOneResult() const { return true; }
  virtual LogicalResult decompose(TracedOp op,
                                  PatternRewriter &rewriter) const = 0;

  /// Replaces `op` by `value`, built by `DecompositionBuilder` at `op`'s
  /// location.
  static LogicalResult replace(PatternRewriter &rewriter, TracedOp op,
                               Value value) {
    rewriter.replaceOp(op, value);
    return success();
  }

private:
  SmallVector<StringRef, 2> names;
};

/// `(x - mean) * rsqrt(var + eps) [* weight] [+ bias]` over `dims` of `x`
/// (the normalized dims, kept as size 1): layer_norm's and group_norm's
/// common part, as PyTorch's `normalize` (var_mean with correction 0).
/// `weight` and `bias` may be null.
Value normalize(DecompositionBuilder &build, Value x, ArrayRef<int64_t> dims,
                Value eps, Value weight, Value bias, Type resultType) {
  Value mean = build.reduction("aten::mean", x, dims, /*withDtype=*/true);
  Value centered = build.pointwise("aten::sub", {x, mean, build.one()});
  Value squared = build.pointwise("aten::mul", {centered, centered});
  Value var = build.reduction("aten::mean", squared, dims, /*withDtype=*/true);
  Value shifted = build.pointwise("aten::add", {var, eps, build.one()});
  Value rstd = build.pointwise("aten::rsqrt", {shifted});
  bool last = !weight && !bias;
  Value y = build.pointwise("aten::mul", {centered, rstd},
                            last ? resultType : Type());
  if (weight)
    y = build.pointwise("aten::mul", {y, weight}, !bias ? resultType : Type());
  if (bias)
    y = build.pointwise("aten::add", {y, bias, build.one()}, resultType);
  return y;
}

//===----------------------------------------------------------------------===//
// The decompositions
//===----------------------------------------------------------------------===//

/// batch_norm with the batch's own statistics and no running ones (PyTorch
/// updates running statistics when given: left alone): `normalize` over
/// every dim but the channels', then the per-channel affine. This is how
/// torch.fx's aten graph holds an instance norm that uses its input's
/// statistics: native_batch_norm on the input viewed as `[1, N * C, ...]`.
static Value decomposeBatchNormWithBatchStatistics(PatternRewriter &rewriter,
                                                   TracedOp op,
                                                   Type resultType) {
  Value x = op->getOperand(0);
  std::optional<int64_t> rank = getRank(x);
  if (!isTensorType(x.getType()) || !rank || *rank < 2 ||
      !isNone(op->getOperand(3)) || !isNone(op->getOperand(4)))
    return {};
  Value weight = getTensor(op->getOperand(1));
  Value bias = getTensor(op->getOperand(2));
  if ((!weight && !isNone(op->getOperand(1))) ||
      (!bias && !isNone(op->getOperand(2))))
    return {};
  int64_t channels = getDimSize(x, 1);
  for (Value perChannel : {weight, bias})
    if (perChannel && !mayHaveShape(perChannel, {channels}))
      return {};
  DecompositionBuilder build(rewriter, op);
  int64_t spatial = *rank - 2;
  if (weight)
    weight = build.unsqueezeTrailing(weight, spatial);
  if (bias)
    bias = build.unsqueezeTrailing(bias, spatial);
  SmallVector<int64_t> dims = {0};
  for (int64_t d = 2; d < *rank; ++d)
    dims.push_back(d);
  return normalize(build, x, dims, op->getOperand(7), weight, bias, resultType);
}

/// batch_norm in eval: `(x - running_mean) * rsqrt(running_var + eps) *
/// weight + bias`, each per-channel tensor viewed as `[C, 1, ...]`.
/// PyTorch: `native_batch_norm_helper` with `training=False`
/// (torch/_decomp/decompositions.py), which unsqueezes `invstd` after the
/// rsqrt; here the running variance is viewed first, so the whole formula
/// is pointwise over the input and fuses as one kernel with what follows.
/// The operands from `input` on are batch_norm's and native_batch_norm's:
/// (input, weight, bias, running_mean, running_var, training, momentum,
/// eps[, cudnn_enabled]). Null when the rewrite cannot be proven exact.
Value decomposeBatchNorm(PatternRewriter &rewriter, TracedOp op,
                         Type resultType) {
  if (op->getNumOperands() < 8)
    return {};
  std::optional<bool> training = getBool(op->getOperand(5));
  if (training == true)
    return decomposeBatchNormWithBatchStatistics(rewriter, op, resultType);
  if (training != false)
    return {};
  Value x = op->getOperand(0);
  Value mean = getTensor(op->getOperand(3));
  Value var = getTensor(op->getOperand(4));
  std::optional<int64_t> rank = getRank(x);
  if (!isTensorType(x.getType()) || !mean || !var || !rank || *rank < 2)
    return {};
  Value weight = getTensor(op->getOperand(1));
  Value bias = getTensor(op->getOperand(2));
  if ((!weight && !isNone(op->getOperand(1))) ||
      (!bias && !isNone(op->getOperand(2))))
    return {};
  // Each per-channel tensor has the input's C elements (PyTorch checks).
  int64_t channels = getDimSize(x, 1);
  for (Value perChannel : {mean, var, weight, bias})
    if (perChannel && !mayHaveShape(perChannel, {channels}))
      return {};
  DecompositionBuilder build(rewriter, op);
  int64_t spatial = *rank - 2;
  mean = build.unsqueezeTrailing(mean, spatial);
  var = build.unsqueezeTrailing(var, spatial);
  if (weight)
    weight = build.unsqueezeTrailing(weight, spatial);
  if (bias)
    bias = build.unsqueezeTrailing(bias, spatial);
  Value centered = build.pointwise("aten::sub", {x, mean, build.one()});
  Value shifted =
      build.pointwise("aten::add", {var, op->getOperand(7), build.one()});
  Value invstd = build.pointwise("aten::rsqrt", {shifted});
  bool last = !weight && !bias;
  Value y = build.pointwise("aten::mul", {centered, invstd},
                            last ? resultType : Type());
  if (weight)
    y = build.pointwise("aten::mul", {y, weight}, !bias ? resultType : Type());
  if (bias)
    y = build.pointwise("aten::add", {y, bias, build.one()}, resultType);
  return y;
}

/// batch_norm(input, weight, bias, running_mean, running_var, training,
/// momentum, eps, cudnn_enabled) in eval: see `decomposeBatchNorm`.
class BatchNormDecomposition : public Decomposition {
public:
  explicit BatchNormDecomposition(MLIRContext *ctx)
      : Decomposition(ctx, {"aten::batch_norm"}) {}

  LogicalResult decompose(TracedOp op,
                          PatternRewriter &rewriter) const override {
    if (op->getNumOperands() != 9)
      return failure();
    Value y = decomposeBatchNorm(rewriter, op, op->getResult(0).getType());
    return y ? replace(rewriter, op, y) : failure();
  }
};

/// The reads of a torch.fx aten op that returns a tuple (native_batch_norm's
/// output, save_mean, save_invstd), each an `operator.getitem` of a constant
/// index: `output` reads element 0, and no other read has a user (in eval
/// the statistics are empty or unused). Otherwise nothing is found.
struct TupleOutputReads {
  TracedOp output;
  SmallVector<TracedOp> reads;
};

static std::optional<TupleOutputReads> findTupleOutputOnly(TracedOp op) {
  TupleOutputReads found;
  for (Operation *user : op->getResult(0).getUsers()) {
    auto read = dyn_cast<TracedOp>(user);
    std::optional<int64_t> index =
        read && read.getName() == "operator.getitem" &&
                read->getNumOperands() == 2 && read->getNumResults() == 1
            ? getInt(read->getOperand(1))
            : std::nullopt;
    if (!index || (*index != 0 && !read->use_empty()) ||
        (*index == 0 && found.output))
      return std::nullopt;
    if (*index == 0)
      found.output = read;
    found.reads.push_back(read);
  }
  if (!found.output)
    return std::nullopt;
  return found;
}

/// Replaces the tuple op and its reads by `y`, the value of element 0: the
/// reads go with the op (they share its location).
static LogicalResult replaceTupleOutput(PatternRewriter &rewriter, TracedOp op,
                                        const TupleOutputReads &found,
                                        Value y) {
  rewriter.replaceOp(found.output, y);
  for (TracedOp read : found.reads)
    if (read != found.output)
      rewriter.eraseOp(read);
  rewriter.eraseOp(op);
  return success();
}

/// Decomposes a torch.fx op that returns a tuple whose statistics nobody
/// reads: `compute` gives element 0's value for its type (null: refused).
static LogicalResult
decomposeTupleOutput(PatternRewriter &rewriter, TracedOp op,
                     llvm::function_ref<Value(Type)> compute) {
  std::optional<TupleOutputReads> found = findTupleOutputOnly(op);
  if (!found)
    return failure();
  Value y = compute(found->output->getResult(0).getType());
  return y ? replaceTupleOutput(rewriter, op, *found, y) : failure();
}

/// native_batch_norm (torch.fx's aten graph): the same operands without
/// cudnn_enabled, and a tuple (output, save_mean, save_invstd) read by
/// `operator.getitem`. In eval the statistics are empty tensors; when
/// nothing reads them, the output is `decomposeBatchNorm`'s.
class NativeBatchNormDecomposition : public Decomposition {
public:
  explicit NativeBatchNormDecomposition(MLIRContext *ctx)
      : Decomposition(ctx, {"aten::native_batch_norm"}) {}

  LogicalResult decompose(TracedOp op,
                          PatternRewriter &rewriter) const override {
    if (op->getNumOperands() != 8)
      return failure();
    return decomposeTupleOutput(rewriter, op, [&](Type resultType) {
      return decomposeBatchNorm(rewriter, op, resultType);
    });
  }
};

/// layer_norm's computation from its operands (input, normalized_shape,
/// weight, bias, eps), which native_layer_norm shares: `normalize` over the
/// last len(normalized_shape) dims, then the elementwise affine. Null when
/// the rewrite cannot be proven exact.
static Value decomposeLayerNorm(PatternRewriter &rewriter, TracedOp op,
                                Type resultType) {
  Value x = op->getOperand(0);
  std::optional<SmallVector<int64_t>> normalized =
      getIntList(op->getOperand(1));
  if (!isTensorType(x.getType()) || !normalized || normalized->empty())
    return {};
  std::optional<int64_t> rank = getRank(x);
  if (rank && *rank < int64_t(normalized->size()))
    return {};
  Value weight = getTensor(op->getOperand(2));
  Value bias = getTensor(op->getOperand(3));
  if ((!weight && !isNone(op->getOperand(2))) ||
      (!bias && !isNone(op->getOperand(3))))
    return {};
  // PyTorch requires the input's trailing dims, the weight and the bias to
  // be normalized_shape.
  if (rank) {
    auto inputShape = cast<RankedTensorType>(x.getType()).getShape();
    for (auto [size, expected] :
         llvm::zip(inputShape.take_back(normalized->size()), *normalized))
      if (!ShapedType::isDynamic(size) && size != expected)
        return {};
  }
  for (Value affine : {weight, bias})
    if (affine && !mayHaveShape(affine, *normalized))
      return {};
  SmallVector<int64_t> dims;
  for (int64_t i = normalized->size(); i > 0; --i)
    dims.push_back(-i);
  DecompositionBuilder build(rewriter, op);
  return normalize(build, x, dims, op->getOperand(4), weight, bias, resultType);
}

/// layer_norm(input, normalized_shape, weight, bias, eps, cudnn_enable):
/// see `decomposeLayerNorm`. PyTorch: `native_layer_norm`.
class LayerNormDecomposition : public Decomposition {
public:
  explicit LayerNormDecomposition(MLIRContext *ctx)
      : Decomposition(ctx, {"aten::layer_norm"}) {}

  LogicalResult decompose(TracedOp op,
                          PatternRewriter &rewriter) const override {
    if (op->getNumOperands() != 6)
      return failure();
    Value y = decomposeLayerNorm(rewriter, op, op->getResult(0).getType());
    return y ? replace(rewriter, op, y) : failure();
  }
};

/// native_layer_norm(input, normalized_shape, weight, bias, eps) (torch.fx's
/// aten graph): a tuple (output, mean, rstd) read by `operator.getitem`;
/// when nothing reads the statistics, the output is `decomposeLayerNorm`'s.
class NativeLayerNormDecomposition : public Decomposition {
public:
  explicit NativeLayerNormDecomposition(MLIRContext *ctx)
      : Decomposition(ctx, {"aten::native_layer_norm"}) {}

  LogicalResult decompose(TracedOp op,
                          PatternRewriter &rewriter) const override {
    if (op->getNumOperands() != 5)
      return failure();
    return decomposeTupleOutput(rewriter, op, [&](Type resultType) {
      return decomposeLayerNorm(rewriter, op, resultType);
    });
  }
};

/// group_norm's computation: the input viewed as `[N, G, -1]`, normalized
/// over its last dim, viewed back, then the per-channel affine. The operands
/// are given apart, as group_norm and native_group_norm order them
/// differently. Null when the rewrite cannot be proven exact.
static Value decomposeGroupNorm(PatternRewriter &rewriter, TracedOp op, Value x,
                                Value numGroups, Value weightOperand,
                                Value biasOperand, Value eps, Type resultType) {
  auto type = dyn_cast<RankedTensorType>(x.getType());
  std::optional<int64_t> groups = getInt(numGroups);
  if (!type || !type.hasStaticShape() || type.getRank() < 2 || !groups ||
      *groups <= 0 || type.getDimSize(1) % *groups != 0)
    return {};
  Value weight = getTensor(weightOperand);
  Value bias = getTensor(biasOperand);
  if ((!weight && !isNone(weightOperand)) || (!bias && !isNone(biasOperand)))
    return {};
  for (Value affine : {weight, bias})
    if (affine && !mayHaveShape(affine, {type.getDimSize(1)}))
      return {};
  DecompositionBuilder build(rewriter, op);
  int64_t spatial = type.getRank() - 2;
  Value grouped = build.reshape(x, {type.getDimSize(0), *groups, -1});
  Value normalized = normalize(build, grouped, {-1}, eps, {}, {}, Type());
  bool last = !weight && !bias;
  Value y = build.create("aten::reshape", last ? resultType : Type(type),
                         {normalized, build.intListConstant(type.getShape())});
  if (weight)
    y = build.pointwise("aten::mul",
                        {y, build.unsqueezeTrailing(weight, spatial)},
                        !bias ? resultType : Type());
  if (bias)
    y = build.pointwise(
        "aten::add", {y, build.unsqueezeTrailing(bias, spatial), build.one()},
        resultType);
  return y;
}

/// group_norm(input, num_groups, weight, bias, eps, cudnn_enabled): see
/// `decomposeGroupNorm`. PyTorch: `native_group_norm`. The two views are
/// layout ops, so a group norm fuses as two kernels.
class GroupNormDecomposition : public Decomposition {
public:
  explicit GroupNormDecomposition(MLIRContext *ctx)
      : Decomposition(ctx, {"aten::group_norm"}) {}

  LogicalResult decompose(TracedOp op,
                          PatternRewriter &rewriter) const override {
    if (op->getNumOperands() != 6)
      return failure();
    Value y = decomposeGroupNorm(
        rewriter, op, op->getOperand(0), op->getOperand(1), op->getOperand(2),
        op->getOperand(3), op->getOperand(4), op->getResult(0).getType());
    return y ? replace(rewriter, op, y) : failure();
  }
};

/// native_group_norm(input, weight, bias, N, C, HxW, group, eps) (torch.fx's
/// aten graph): a tuple (output, mean, rstd) read by `operator.getitem`;
/// when nothing reads the statistics, the output is `decomposeGroupNorm`'s.
/// N, C and HxW restate the input's shape, which PyTorch checks.
class NativeGroupNormDecomposition : public Decomposition {
public:
  explicit NativeGroupNormDecomposition(MLIRContext *ctx)
      : Decomposition(ctx, {"aten::native_group_norm"}) {}

  LogicalResult decompose(TracedOp op,
                          PatternRewriter &rewriter) const override {
    if (op->getNumOperands() != 8)
      return failure();
    auto type = dyn_cast<RankedTensorType>(op->getOperand(0).getType());
    std::optional<int64_t> n = getInt(op->getOperand(3));
    std::optional<int64_t> c = getInt(op->getOperand(4));
    std::optional<int64_t> hxw = getInt(op->getOperand(5));
    if (!type || !type.hasStaticShape() || type.getRank() < 2 || !n || !c ||
        !hxw || *n != type.getDimSize(0) || *c != type.getDimSize(1) ||
        *n * *c * *hxw != type.getNumElements())
      return failure();
    return decomposeTupleOutput(rewriter, op, [&](Type resultType) {
      return decomposeGroupNorm(
          rewriter, op, op->getOperand(0), op->getOperand(6), op->getOperand(1),
          op->getOperand(2), op->getOperand(7), resultType);
    });
  }
};

/// instance_norm(input, weight, bias, running_mean, running_var,
/// use_input_stats, momentum, eps, cudnn_enabled): with the input's
/// statistics, `normalize` over the spatial dims of each sample and
/// channel, then the per-channel affine; with the running ones (an
/// InstanceNorm that tracks them, in eval), batch_norm in eval. PyTorch:
/// `instance_norm` (torch/_refs/nn/functional, via native_batch_norm on
/// the input viewed as `[1, N * C, ...]`). With the input's statistics and
/// running ones given, the op also updates them: left alone.
class InstanceNormDecomposition : public Decomposition {
public:
  explicit InstanceNormDecomposition(MLIRContext *ctx)
      : Decomposition(ctx, {"aten::instance_norm"}) {}

  LogicalResult decompose(TracedOp op,
                          PatternRewriter &rewriter) const override {
    if (op->getNumOperands() != 9)
      return failure();
    Type resultType = op->getResult(0).getType();
    std::optional<bool> inputStats = getBool(op->getOperand(5));
    if (inputStats == false) {
      Value y = decomposeBatchNorm(rewriter, op, resultType);
      return y ? replace(rewriter, op, y) : failure();
    }
    if (inputStats != true || !isNone(op->getOperand(3)) ||
        !isNone(op->getOperand(4)))
      return failure();
    Value x = op->getOperand(0);
    std::optional<int64_t> rank = getRank(x);
    if (!isTensorType(x.getType()) || !rank || *rank < 3)
      return failure();
    Value weight = getTensor(op->getOperand(1));
    Value bias = getTensor(op->getOperand(2));
    if ((!weight && !isNone(op->getOperand(1))) ||
        (!bias && !isNone(op->getOperand(2))))
      return failure();
    int64_t channels = getDimSize(x, 1);
    for (Value affine : {weight, bias})
      if (affine && !mayHaveShape(affine, {channels}))
        return failure();
    DecompositionBuilder build(rewriter, op);
    int64_t spatial = *rank - 2;
    if (weight)
      weight = build.unsqueezeTrailing(weight, spatial);
    if (bias)
      bias = build.unsqueezeTrailing(bias, spatial);
    SmallVector<int64_t> dims;
    for (int64_t i = spatial; i > 0; --i)
      dims.push_back(-i);
    return replace(
        rewriter, op,
        normalize(build, x, dims, op->getOperand(7), weight, bias, resultType));
  }
};

/// The dims a reduction names, made non-negative and checked against the
/// rank (PyTorch: "Dimension out of range"); none for an empty or repeated
/// list.
std::optional<SmallVector<int64_t>> getReducedDims(Value dims, int64_t rank) {
  std::optional<SmallVector<int64_t>> list = getIntList(dims);
  if (!list || list->empty())
    return std::nullopt;
  SmallVector<int64_t> result;
  for (int64_t dim : *list) {
    if (dim < -rank || dim >= rank)
      return std::nullopt;
    int64_t positive = dim < 0 ? dim + rank : dim;
    if (llvm::is_contained(result, positive))
      return std::nullopt;
    result.push_back(positive);
  }
  return result;
}

/// Whether `result` is what reducing the floats of `input` over `dims`
/// gives (kept as size 1, or dropped): PyTorch computes these reductions on
/// floating-point tensors only (`logsumexp` of integers gives floats, `var`
/// and `norm` of integers raise), and a result of another shape is a call
/// PyTorch would not make.
bool isFloatReduction(RankedTensorType input, RankedTensorType result,
                      ArrayRef<int64_t> dims, bool keepdim) {
  if (!isa<FloatType>(input.getElementType()) ||
      result.getElementType() != input.getElementType())
    return false;
  SmallVector<int64_t> shape;
  for (auto [i, size] : llvm::enumerate(input.getShape())) {
    if (!llvm::is_contained(dims, int64_t(i)))
      shape.push_back(size);
    else if (keepdim)
      shape.push_back(1);
  }
  return result.getShape() == ArrayRef<int64_t>(shape);
}

/// A reduction call whose types say what PyTorch computes: a tensor of
/// static float type reduced over constant dims (operand `dimsAt`) with a
/// constant keepdim (operand `keepdimAt`), every result of the reduced
/// shape.
struct ReductionCall {
  Value input;
  RankedTensorType inputType, resultType;
  SmallVector<int64_t> dims;
  bool keepdim;

  static std::optional<ReductionCall> match(TracedOp op, unsigned dimsAt,
                                            unsigned keepdimAt) {
    if (op->getNumOperands() <= std::max(dimsAt, keepdimAt) ||
        op->getNumResults() == 0)
      return std::nullopt;
    ReductionCall call;
    call.input = op->getOperand(0);
    call.inputType = dyn_cast<RankedTensorType>(call.input.getType());
    call.resultType = dyn_cast<RankedTensorType>(op->getResult(0).getType());
    if (!call.inputType || !call.inputType.hasStaticShape() ||
        !call.resultType || !call.resultType.hasStaticShape())
      return std::nullopt;
    std::optional<SmallVector<int64_t>> dims =
        getReducedDims(op->getOperand(dimsAt), call.inputType.getRank());
    std::optional<bool> keepdim = getBool(op->getOperand(keepdimAt));
    if (!dims || !keepdim)
      return std::nullopt;
    call.dims = std::move(*dims);
    call.keepdim = *keepdim;
    for (Type type : op->getResultTypes())
      if (type != call.resultType ||
          !isFloatReduction(call.inputType, call.resultType, call.dims,
                            call.keepdim))
        return std::nullopt;
    return call;
  }

  /// `kept`, computed with the reduced dims kept, as the result: itself
  /// with keepdim, else viewed to the result's shape.
  Value asResult(DecompositionBuilder &build, Value kept) const {
    if (keepdim)
      return kept;
    return build.create("aten::reshape", resultType,
                        {kept, build.intListConstant(resultType.getShape())});
  }
  /// The type of the last op before `asResult`: the result's with keepdim.
  Type lastType() const { return keepdim ? Type(resultType) : Type(); }
};

/// var(self, dim, unbiased, keepdim), var(self, dim, correction, keepdim)
/// and std: `sum((x - mean)^2) / (N - correction)` over the dims (then
/// `sqrt`), N the number of elements reduced; keepdim false views the
/// kept dims away. var_mean and std_mean also give the mean. PyTorch: `var` in
/// torch/_refs (through `_var_mean`), `std` as its `sqrt`. Needs a static shape
/// (N) and N > correction.
class VarianceDecomposition : public Decomposition {
public:
  explicit VarianceDecomposition(MLIRContext *ctx)
      : Decomposition(ctx, {"aten::var", "aten::std", "aten::var_mean",
                            "aten::std_mean"}) {}

protected:
  bool hasOneResult() const override { return false; }

  LogicalResult decompose(TracedOp op,
                          PatternRewriter &rewriter) const override {
    StringRef name = op.getName();
    bool withMean = name.ends_with("_mean");
    if (op->getNumOperands() != 4 || op->getNumResults() != (withMean ? 2 : 1))
      return failure();
    std::optional<ReductionCall> call = ReductionCall::match(op, 1, 3);
    if (!call)
      return failure();
    // The third operand: `unbiased` (a bool), or `correction` (a number, or
    // None for 1).
    int64_t correction;
    Value third = op->getOperand(2);
    if (std::optional<bool> unbiased = getBool(third))
      correction = *unbiased ? 1 : 0;
    else if (std::optional<int64_t> given = getInt(third))
      correction = *given;
    else if (isNone(third))
      correction = 1;
    else
      return failure();
    int64_t count = 1;
    for (int64_t dim : call->dims)
      count *= call->inputType.getDimSize(dim);
    if (count - correction <= 0)
      return failure();
    DecompositionBuilder build(rewriter, op);
    Value x = call->input;
    Value mean =
        build.reduction("aten::mean", x, call->dims, /*withDtype=*/true);
    Value centered = build.pointwise("aten::sub", {x, mean, build.one()});
    Value squared = build.pointwise("aten::mul", {centered, centered});
    Value sum =
        build.reduction("aten::sum", squared, call->dims, /*withDtype=*/true);
    bool isStd = name.starts_with("aten::std");
    Value y = build.pointwise(
        "aten::div",
        {sum, build.constant(rewriter.getF64FloatAttr(count - correction))},
        isStd ? Type() : call->lastType());
    if (isStd)
      y = build.pointwise("aten::sqrt", {y}, call->lastType());
    y = call->asResult(build, y);
    if (!withMean)
      return replace(rewriter, op, y);
    rewriter.replaceOp(op, ValueRange{y, call->asResult(build, mean)});
    return success();
  }
};

/// logsumexp(self, dim, keepdim): `log(sum(exp(x - m))) + m`, m the amax
/// over the dims (kept), an infinite one taken as 0 (so that a row of -inf
/// gives -inf, not NaN). PyTorch: `logsumexp` in torch/_refs
/// (`maxes.masked_fill(maxes.abs() == inf, 0)`, before the subtraction).
class LogSumExpDecomposition : public Decomposition {
public:
  explicit LogSumExpDecomposition(MLIRContext *ctx)
      : Decomposition(ctx, {"aten::logsumexp"}) {}

  LogicalResult decompose(TracedOp op,
                          PatternRewriter &rewriter) const override {
    std::optional<ReductionCall> call = op->getNumOperands() == 3
                                            ? ReductionCall::match(op, 1, 2)
                                            : std::nullopt;
    if (!call)
      return failure();
    DecompositionBuilder build(rewriter, op);
    Value x = call->input;
    Value max =
        build.reduction("aten::amax", x, call->dims, /*withDtype=*/false);
    auto maskType = RankedTensorType::get(
        cast<RankedTensorType>(max.getType()).getShape(), rewriter.getI1Type());
    Value magnitude = build.pointwise("aten::abs", {max});
    Value infinite = build.create(
        "aten::eq", maskType,
        {magnitude, build.constant(rewriter.getF64FloatAttr(
                        std::numeric_limits<double>::infinity()))});
    Value finiteMax = build.create(
        "aten::where", max.getType(),
        {infinite, build.constant(rewriter.getF64FloatAttr(0.0)), max});
    Value shifted = build.pointwise("aten::sub", {x, finiteMax, build.one()});
    Value exp = build.pointwise("aten::exp", {shifted});
    Value sum =
        build.reduction("aten::sum", exp, call->dims, /*withDtype=*/true);
    Value log = build.pointwise("aten::log", {sum});
    Value y = build.pointwise("aten::add", {log, finiteMax, build.one()},
                              call->lastType());
    return replace(rewriter, op, call->asResult(build, y));
  }
};

/// norm(self, p, dim, keepdim) for p 1, 2 (or None) and inf (F.normalize's
/// is 2): `sum(abs(x))`, `sqrt(sum(x * x))`, `amax(abs(x))` over the dims;
/// without keepdim, viewed to the result's shape. frobenius_norm(self, dim,
/// keepdim), what `torch.norm(x, dim=d)` calls, is the p = 2 one. PyTorch:
/// `linalg_vector_norm` in torch/_refs/linalg (what `norm` is for these p).
class VectorNormDecomposition : public Decomposition {
public:
  explicit VectorNormDecomposition(MLIRContext *ctx)
      : Decomposition(ctx, {"aten::norm", "aten::frobenius_norm"}) {}

  LogicalResult decompose(TracedOp op,
                          PatternRewriter &rewriter) const override {
    bool frobenius = op.getName() == "aten::frobenius_norm";
    std::optional<ReductionCall> call;
    if (frobenius && op->getNumOperands() == 3)
      call = ReductionCall::match(op, 1, 2);
    else if (!frobenius && op->getNumOperands() == 4)
      call = ReductionCall::match(op, 2, 3);
    // frobenius_norm takes at most 2 dims (PyTorch raises otherwise).
    if (!call || (frobenius && call->dims.size() > 2))
      return failure();
    // A p of None is 2 (`norm.ScalarOpt_dim`).
    std::optional<double> p = frobenius || isNone(op->getOperand(1))
                                  ? std::optional<double>(2.0)
                                  : getNumber(op->getOperand(1));
    if (!p || (*p != 1.0 && *p != 2.0 && !std::isinf(*p)) || *p < 0)
      return failure();
    DecompositionBuilder build(rewriter, op);
    Value x = call->input;
    Value y;
    if (*p == 2.0) {
      Value squared = build.pointwise("aten::mul", {x, x});
      Value sum =
          build.reduction("aten::sum", squared, call->dims, /*withDtype=*/true);
      y = build.pointwise("aten::sqrt", {sum}, call->lastType());
    } else {
      Value magnitude = build.pointwise("aten::abs", {x});
      y = *p == 1.0 ? build.reduction("aten::sum", magnitude, call->dims,
                                      /*withDtype=*/true)
                    : build.reduction("aten::amax", magnitude, call->dims,
                                      /*withDtype=*/false);
    }
    return replace(rewriter, op, call->asResult(build, y));
  }
};

/// expand_as(self, other) of an `other` of static shape: `expand(self,
/// other's shape)`, a layout op the kernels read through. PyTorch:
/// `expand_as` is `self.expand(other.size())`.
class ExpandAsDecomposition : public Decomposition {
public:
  explicit ExpandAsDecomposition(MLIRContext *ctx)
      : Decomposition(ctx, {"aten::expand_as"}) {}

  LogicalResult decompose(TracedOp op,
                          PatternRewriter &rewriter) const override {
    if (op->getNumOperands() != 2 || !isTensorType(op->getOperand(0).getType()))
      return failure();
    auto other = dyn_cast<RankedTensorType>(op->getOperand(1).getType());
    if (!other || !other.hasStaticShape())
      return failure();
    DecompositionBuilder build(rewriter, op);
    return replace(rewriter, op,
                   build.create("aten::expand", op->getResult(0).getType(),
                                {op->getOperand(0),
                                 build.intListConstant(other.getShape()),
                                 build.boolConstant(false)}));
  }
};

/// selu(self): `elu(self, alpha, scale, 1)` with SELU's constants, which
/// the fusion and the lowering already compute. PyTorch: `selu` in
/// torch/_refs/nn/functional (`scale * where(a > 0, a, alpha * expm1(a))`).
class SeluDecomposition : public Decomposition {
public:
  explicit SeluDecomposition(MLIRContext *ctx)
      : Decomposition(ctx, {"aten::selu"}) {}

  LogicalResult decompose(TracedOp op,
                          PatternRewriter &rewriter) const override {
    if (op->getNumOperands() != 1 || !isTensorType(op->getOperand(0).getType()))
      return failure();
    // The constants of torch/_refs/nn/functional/__init__.py.
    constexpr double kAlpha = 1.6732632423543772848170429916717;
    constexpr double kScale = 1.0507009873554804934193349852946;
    DecompositionBuilder build(rewriter, op);
    return replace(
        rewriter, op,
        build.create("aten::elu", op->getResult(0).getType(),
                     {op->getOperand(0),
                      build.constant(rewriter.getF64FloatAttr(kAlpha)),
                      build.constant(rewriter.getF64FloatAttr(kScale)),
                      build.one()}));
  }
};

/// prelu(self, weight): `where(self > 0, self, self * weight')`, weight'
/// the weight viewed as `[C, 1, ...]` over the channel dim (or its one
/// element everywhere). PyTorch: `prelu` in torch/_refs/nn/functional.
class PreluDecomposition : public Decomposition {
public:
  explicit PreluDecomposition(MLIRContext *ctx)
      : Decomposition(ctx, {"aten::prelu"}) {}

  LogicalResult decompose(TracedOp op,
                          PatternRewriter &rewriter) const override {
    if (op->getNumOperands() != 2)
      return failure();
    Value x = op->getOperand(0);
    auto type = dyn_cast<RankedTensorType>(x.getType());
    auto weightType = dyn_cast<RankedTensorType>(op->getOperand(1).getType());
    // A 0-d input keeps its rank where a `[1]` weight would broadcast it to
    // `[1]`: left alone.
    if (!type || type.getRank() < 1 || !weightType ||
        weightType.getRank() != 1 || !weightType.hasStaticShape())
      return failure();
    int64_t channels = weightType.getDimSize(0);
    DecompositionBuilder build(rewriter, op);
    Value weight = op->getOperand(1);
    if (channels != 1) {
      // PyTorch: the weight's size must be the input's dim 1.
      if (type.getRank() < 2 || type.getDimSize(1) != channels)
        return failure();
      weight = build.unsqueezeTrailing(weight, type.getRank() - 2);
    }
    auto maskType =
        RankedTensorType::get(type.getShape(), rewriter.getI1Type());
    Value positive =
        build.create("aten::gt", maskType,
                     {x, build.constant(rewriter.getI64IntegerAttr(0))});
    Value scaled = build.pointwise("aten::mul", {x, weight}, type);
    return replace(rewriter, op,
                   build.create("aten::where", op->getResult(0).getType(),
                                {positive, x, scaled}));
  }
};

/// softmax(self, dim, dtype=None): `exp(x - amax(x)) / sum(exp(x - amax(x)))`
/// over `dim`; log_softmax: `(x - amax) - log(sum(exp(x - amax)))`.
/// PyTorch: `_softmax` and `_log_softmax`, which torch.fx's aten graph holds
/// as they are: (self, dim, half_to_float), the same computation when
/// half_to_float is false. A dtype other than None, or half_to_float, is
/// left alone (it changes the computation type).
class SoftmaxDecomposition : public Decomposition {
public:
  explicit SoftmaxDecomposition(MLIRContext *ctx)
      : Decomposition(ctx, {"aten::softmax", "aten::log_softmax",
                            "aten::_softmax", "aten::_log_softmax"}) {}

  LogicalResult decompose(TracedOp op,
                          PatternRewriter &rewriter) const override {
    bool native = op.getName().starts_with("aten::_");
    if (op->getNumOperands() != 3 ||
        (native ? getBool(op->getOperand(2)) != false
                : !isNone(op->getOperand(2))))
      return failure();
    Value x = op->getOperand(0);
    std::optional<int64_t> dim = getInt(op->getOperand(1));
    if (!isTensorType(x.getType()) || !dim)
      return failure();
    // A dim PyTorch rejects ("Dimension out of range") would reduce nothing.
    // A 0-d tensor (dim -1 or 0 is valid) is left alone too: nothing to fuse.
    std::optional<int64_t> rank = getRank(x);
    if (rank && (*rank == 0 || *dim < -*rank || *dim >= *rank))
      return failure();
    DecompositionBuilder build(rewriter, op);
    Type resultType = op->getResult(0).getType();
    Value max = build.reduction("aten::amax", x, {*dim}, /*withDtype=*/false);
    Value shifted = build.pointwise("aten::sub", {x, max, build.one()});
    Value exp = build.pointwise("aten::exp", {shifted});
    Value sum = build.reduction("aten::sum", exp, {*dim}, /*withDtype=*/true);
    if (op.getShortName() == "softmax" || op.getShortName() == "_softmax")
      return replace(rewriter, op,
                     build.pointwise("aten::div", {exp, sum}, resultType));
    Value logSum = build.pointwise("aten::log", {sum});
    return replace(rewriter, op,
                   build.pointwise("aten::sub", {shifted, logSum, build.one()},
                                   resultType));
  }
};

/// linear(input, weight, bias): `linear(input, weight, None) + bias`, so the
/// bias joins the kernel of what follows. PyTorch: `linear` is `addmm` /
/// `matmul` plus the bias add in torch/_decomp.
class LinearDecomposition : public Decomposition {
public:
  explicit LinearDecomposition(MLIRContext *ctx)
      : Decomposition(ctx, {"aten::linear"}) {}

  LogicalResult decompose(TracedOp op,
                          PatternRewriter &rewriter) const override {
    if (op->getNumOperands() != 3)
      return failure();
    Value bias = getTensor(op->getOperand(2));
    if (!bias || !isTensorType(op->getOperand(0).getType()))
      return failure();
    DecompositionBuilder build(rewriter, op);
    Type resultType = op->getResult(0).getType();
    Value product =
        build.create("aten::linear", resultType,
                     {op->getOperand(0), op->getOperand(1), build.none()});
    return replace(
        rewriter, op,
        build.pointwise("aten::add", {product, bias, build.one()}, resultType));
  }
};

/// addmm(self, mat1, mat2, beta, alpha): `mm(mat1, mat2) [* alpha] + beta *
/// self`. PyTorch: `addmm` in torch/_decomp.
class AddmmDecomposition : public Decomposition {
public:
  explicit AddmmDecomposition(MLIRContext *ctx)
      : Decomposition(ctx, {"aten::addmm"}) {}

  LogicalResult decompose(TracedOp op,
                          PatternRewriter &rewriter) const override {
    // torch.fx records addmm(self, mat1, mat2) when beta and alpha are 1.
    if ((op->getNumOperands() != 5 && op->getNumOperands() != 3) ||
        !isTensorType(op->getOperand(0).getType()) ||
        !isTensorType(op->getOperand(1).getType()))
      return failure();
    bool scaled = op->getNumOperands() == 5;
    // beta 0 ignores `self`, NaN and infinity included (PyTorch's addmm and
    // its decomposition: `if beta == 0: return out`), where `+ 0 * self`
    // would spread them; a beta known only at run time keeps the op whole.
    // Checked before anything is built: a failing pattern changes nothing.
    std::optional<double> beta =
        scaled ? getNumber(op->getOperand(3)) : std::optional<double>(1);
    if (!beta)
      return failure();
    DecompositionBuilder build(rewriter, op);
    Type resultType = op->getResult(0).getType();
    Value product = build.create("aten::mm", resultType,
                                 {op->getOperand(1), op->getOperand(2)});
    if (scaled && getInt(op->getOperand(4)) != 1)
      product = build.pointwise("aten::mul", {product, op->getOperand(4)},
                                resultType);
    if (*beta == 0)
      return replace(rewriter, op, product);
    Value betaValue = scaled ? op->getOperand(3) : build.one();
    return replace(rewriter, op,
                   build.pointwise("aten::add",
                                   {product, op->getOperand(0), betaValue},
                                   resultType));
  }
};

/// dropout(input, p, train) and its feature / alpha / in-place forms with
/// `train` false or `p` 0: the identity (PyTorch: `dropout` returns `input`
/// when not training, and keeps every element when p is 0). Nothing
/// computes the dropout any more, so it is recorded as eliminated.
class DropoutDecomposition : public Decomposition {
public:
  DropoutDecomposition(MLIRContext *ctx, EliminatedOrigins &eliminated)
      : Decomposition(ctx, {"aten::dropout", "aten::dropout_",
                            "aten::feature_dropout", "aten::feature_dropout_",
                            "aten::alpha_dropout", "aten::alpha_dropout_",
                            "aten::feature_alpha_dropout",
                            "aten::feature_alpha_dropout_"}),
        eliminated(eliminated) {}

  LogicalResult decompose(TracedOp op,
                          PatternRewriter &rewriter) const override {
    if (op->getNumOperands() != 3 || !isTensorType(op->getOperand(0).getType()))
      return failure();
    // The identity in eval, and in training with p = 0 (every element kept,
    // scaled by 1 / (1 - 0)): torchvision's swin_t passes no `training`, so
    // its p = 0 attention dropout runs with the default True.
    auto p = dyn_cast_or_null<FloatAttr>(getConstant(op->getOperand(1)));
    bool zero = p && p.getValueAsDouble() == 0.0;
    if (getBool(op->getOperand(2)) != false && !zero)
      return failure();
    eliminated.record(op);
    rewriter.replaceOp(op, op->getOperand(0));
    return success();
  }

private:
  EliminatedOrigins &eliminated;
};

/// masked_fill(self, mask, value): `where(mask, value, self)`. PyTorch:
/// `masked_fill` in torch/_refs.
class MaskedFillDecomposition : public Decomposition {
public:
  explicit MaskedFillDecomposition(MLIRContext *ctx)
      : Decomposition(ctx, {"aten::masked_fill", "aten::masked_fill_"}) {}

  LogicalResult decompose(TracedOp op,
                          PatternRewriter &rewriter) const override {
    if (op->getNumOperands() != 3 ||
        !isTensorType(op->getOperand(0).getType()) ||
        !isTensorType(op->getOperand(1).getType()))
      return failure();
    DecompositionBuilder build(rewriter, op);
    return replace(rewriter, op,
                   build.create("aten::where", op->getResult(0).getType(),
                                {op->getOperand(1), op->getOperand(2),
                                 op->getOperand(0)}));
  }
};

/// adaptive_avg_pool2d(input, output_size) with output size 1x1: the mean
/// over the last two dims, kept. PyTorch: Inductor lowers it so
/// (`_adaptive_avg_pool2d` with a 1x1 output is `mean`).
/// Any other output size that divides the input's spatial sizes: every
/// window is a block of (H / oh) x (W / ow) elements, so the input viewed as
/// [..., oh, H / oh, ow, W / ow] and averaged over the two window dims
/// (PyTorch's decomposition makes it `avg_pool2d` with kernel = stride =
/// the block: torch/_decomp/decompositions.py `adaptive_avg_pool2d`). An
/// output as large as the input (VGG's 7x7 on a 7x7 map) averages blocks of
/// one element: the values themselves, in a tensor of their own.
class AdaptiveAvgPoolDecomposition : public Decomposition {
public:
  explicit AdaptiveAvgPoolDecomposition(MLIRContext *ctx)
      : Decomposition(ctx, {"aten::adaptive_avg_pool2d"}) {}

  LogicalResult decompose(TracedOp op,
                          PatternRewriter &rewriter) const override {
    if (op->getNumOperands() != 2)
      return failure();
    Value x = op->getOperand(0);
    std::optional<SmallVector<int64_t>> size =
        getIntList(op->getOperand(1), /*allowScalar=*/true);
    std::optional<int64_t> rank = getRank(x);
    if (!isTensorType(x.getType()) || !size || !rank || *rank < 2 ||
        size->empty() || size->size() > 2)
      return failure();
    DecompositionBuilder build(rewriter, op);
    if (llvm::all_of(*size, [](int64_t s) { return s == 1; })) {
      Value mean = build.create("aten::mean", op->getResult(0).getType(),
                                {x, build.intListConstant({-2, -1}),
                                 build.boolConstant(true), build.none()});
      return replace(rewriter, op, mean);
    }
    // A single size is both dims'.
    int64_t outH = (*size)[0], outW = size->back();
    auto type = dyn_cast<RankedTensorType>(x.getType());
    auto resultType = dyn_cast<RankedTensorType>(op->getResult(0).getType());
    if (!type || !type.hasStaticShape() || *rank < 3 || outH <= 0 ||
        outW <= 0 || !resultType)
      return failure();
    int64_t h = type.getDimSize(*rank - 2), w = type.getDimSize(*rank - 1);
    if (h % outH != 0 || w % outW != 0)
      return failure();
    SmallVector<int64_t> blocks(type.getShape().drop_back(2));
    SmallVector<int64_t> pooled = blocks;
    blocks.append({outH, h / outH, outW, w / outW});
    pooled.append({outH, outW});
    if (resultType.getShape() != ArrayRef<int64_t>(pooled))
      return failure();
    Value viewed = build.reshape(x, blocks);
    Value mean = build.create("aten::mean", resultType,
                              {viewed, build.intListConstant({-3, -1}),
                               build.boolConstant(false), build.none()});
    return replace(rewriter, op, mean);
  }
};

/// dim(x) and size(x[, dim]) of a tensor whose type is static: the constant
/// the type gives. Shape checks (`_check_input_dim`, adaptive pooling's
/// `len(input.size())`) read the tensors a kernel computes; as constants
/// they no longer stand between the ops that fuse. The IR is specialized to
/// its example types already (every tensor type came from them).
class StaticShapeQueryFolding : public Decomposition {
public:
  explicit StaticShapeQueryFolding(MLIRContext *ctx)
      : Decomposition(ctx, {"aten::dim", "aten::size"}) {}

  LogicalResult decompose(TracedOp op,
                          PatternRewriter &rewriter) const override {
    if (op->getNumOperands() < 1 || op->getNumOperands() > 2)
      return failure();
    auto type = dyn_cast<RankedTensorType>(op->getOperand(0).getType());
    if (!type || !type.hasStaticShape() ||
        isTensorType(op->getResult(0).getType()))
      return failure();
    DecompositionBuilder build(rewriter, op);
    if (op.getName() == "aten::dim") {
      if (op->getNumOperands() != 1)
        return failure();
      return replace(rewriter, op, build.intConstant(type.getRank()));
    }
    if (op->getNumOperands() == 1)
      return replace(rewriter, op, build.intListConstant(type.getShape()));
    std::optional<int64_t> dim = getInt(op->getOperand(1));
    if (!dim || *dim < -type.getRank() || *dim >= type.getRank())
      return failure();
    int64_t index = *dim < 0 ? *dim + type.getRank() : *dim;
    return replace(rewriter, op, build.intConstant(type.getDimSize(index)));
  }
};

/// prim::ListConstruct of numbers known without running the program
/// (constants, static sizes, integer arithmetic on them, as --tg-inline
/// evaluates conditions; a list nothing changes), or a slice of such a list
/// (`x.shape[-2:]`, the size segmentation heads upsample to), all ints or
/// all floats:
/// the constant list (`tg.constant([0, 2, 3, 1])`, `tg.constant([1.0, 2.0,
/// 2.0])`), at the list's location. Permutations, shapes, reduced dims and
/// scale factors are lists TorchScript builds from constants and sizes; as
/// one constant they are what fusion and the lowering read. The ops that
/// computed the elements stay (they hold their own origins).
class ConstantListFolding : public Decomposition {
public:
  explicit ConstantListFolding(MLIRContext *ctx)
      : Decomposition(ctx, {"prim::ListConstruct", "aten::slice"}) {}

  LogicalResult decompose(TracedOp op,
                          PatternRewriter &rewriter) const override {
    // A list built of known numbers, or a slice of a known list (a size's
    // spatial dims: `x.shape[-2:]`); a tensor's slice is a layout op.
    if (op->getNumOperands() == 0 || op->getNumResults() != 1 ||
        !isa<ValueType>(op->getResult(0).getType()) ||
        !isa<ValueType>(op->getOperand(0).getType()))
      return failure();
    ArrayAttr numbers = evaluateNumberList(op->getResult(0));
    if (!numbers)
      return failure();
    rewriter.setInsertionPoint(op);
    Value list = ConstantOp::create(rewriter, op.getLoc(),
                                    ValueType::get(op.getContext()), numbers);
    return replace(rewriter, op, list);
  }
};

/// An empty prim::ListConstruct that a prim::Loop of a known trip count
/// fills with one known number per iteration, and that nothing changes
/// afterwards: TorchScript's form of `[scale_factor for _ in range(dim)]`,
/// which F.interpolate builds its scale factors (and a size given as an
/// int) with. Becomes the constant list, at the list's location; the loop
/// and its append are recorded as `eliminated` (what they computed is the
/// constant). As a constant, an upsampling's scales are what fusion reads.
/// Only the plain form: a loop of no carried values whose body is the
/// append of a value from outside the loop and the yield of a known true
/// condition, at most kMaxUnrolledAppends iterations.
class LoopFilledListFolding : public Decomposition {
public:
  LoopFilledListFolding(MLIRContext *ctx, EliminatedOrigins &eliminated)
      : Decomposition(ctx, {"prim::ListConstruct"}), eliminated(eliminated) {}

  LogicalResult decompose(TracedOp op,
                          PatternRewriter &rewriter) const override {
    Value list = op->getResult(0);
    if (op->getNumOperands() != 0 || !isa<ValueType>(list.getType()))
      return failure();
    TracedOp append = getAppendInLoop(list);
    if (!append)
      return failure();
    auto loop = cast<TracedOp>(append->getParentOp());
    std::optional<int64_t> count = getTripCount(loop);
    Value element = append->getOperand(1);
    Attribute known = evaluateKnownScalar(element);
    // A bool is an IntegerAttr of i1: only ints (i64) and floats.
    if (!count || !isa_and_nonnull<IntegerAttr, FloatAttr>(known) ||
        isa<BoolAttr>(known) || !isFilledOnlyBy(loop, append) ||
        !isReadOnlyAfter(list, loop, append))
      return failure();
    rewriter.setInsertionPoint(op);
    SmallVector<Attribute> elements(*count, known);
    Value folded = ConstantOp::create(rewriter, op.getLoc(),
                                      ValueType::get(op.getContext()),
                                      rewriter.getArrayAttr(elements));
    eliminated.record(loop);
    for (Operation &nested : loop.getBodies().front().front())
      eliminated.record(&nested);
    rewriter.eraseOp(loop);
    return replace(rewriter, op, folded);
  }

private:
  /// A list longer than this is left as it is: the constant would hold
  /// every element.
  static constexpr int64_t kMaxUnrolledAppends = 64;

  /// The one `aten::append` of `list` directly in a prim::Loop of the
  /// list's block, whose result nothing reads; null when there is none, or
  /// several.
  static TracedOp getAppendInLoop(Value list) {
    TracedOp found;
    for (Operation *user : list.getUsers()) {
      auto traced = dyn_cast<TracedOp>(user);
      if (!traced || traced.getName() != "aten::append")
        continue;
      if (found)
        return {};
      found = traced;
    }
    if (!found || found->getNumOperands() != 2 ||
        found->getOperand(0) != list || !found->use_empty())
      return {};
    auto loop = dyn_cast_or_null<TracedOp>(found->getParentOp());
    if (!loop || loop.getName() != "prim::Loop" ||
        loop->getBlock() != list.getParentBlock())
      return {};
    return found;
  }

  /// The iterations of a `prim::Loop(max_trip_count, true)` without carried
  /// values, when the count is known and small.
  static std::optional<int64_t> getTripCount(TracedOp loop) {
    if (loop->getNumOperands() != 2 || loop->getNumResults() != 0 ||
        loop->getNumRegions() != 1)
      return std::nullopt;
    auto count =
        dyn_cast_or_null<IntegerAttr>(evaluateKnownScalar(loop->getOperand(0)));
    auto condition =
        dyn_cast_or_null<BoolAttr>(evaluateKnownScalar(loop->getOperand(1)));
    if (!count || count.getType().isInteger(1) || !condition ||
        !condition.getValue())
      return std::nullopt;
    int64_t trips = std::max<int64_t>(count.getInt(), 0);
    if (trips > kMaxUnrolledAppends)
      return std::nullopt;
    return trips;
  }

  /// Whether the loop's body is the append of a value defined outside the
  /// loop and the yield of a known true condition, nothing else.
  static bool isFilledOnlyBy(TracedOp loop, TracedOp append) {
    Region &body = loop->getRegion(0);
    if (!body.hasOneBlock())
      return false;
    Block &block = body.front();
    if (block.getNumArguments() != 1 || &block.front() != append.getOperation())
      return false;
    auto yield = dyn_cast<YieldOp>(append->getNextNode());
    if (!yield || yield->getNextNode() || yield->getNumOperands() != 1)
      return false;
    auto condition =
        dyn_cast_or_null<BoolAttr>(evaluateKnownScalar(yield->getOperand(0)));
    Value element = append->getOperand(1);
    // The appended value is defined outside the loop (not its iteration
    // argument, nor anything the body computes).
    return condition && condition.getValue() &&
           !body.isAncestor(element.getParentRegion());
  }

  /// Whether every other reader of `list` comes after the loop, in its
  /// block, and leaves the list as it is.
  static bool isReadOnlyAfter(Value list, TracedOp loop, TracedOp append) {
    Block *block = loop->getBlock();
    return llvm::all_of(list.getUsers(), [&](Operation *user) {
      if (user == append.getOperation())
        return true;
      Operation *inBlock = block->findAncestorOpInBlock(*user);
      return inBlock && loop->isBeforeInBlock(inBlock) &&
             leavesListUnchanged(user);
    });
  }

  EliminatedOrigins &eliminated;
};

/// A prim::unchecked_cast of a constant that is no tensor: the constant, at
/// the cast's location. The importer writes TorchScript's refinements of
/// `Optional[List[int]]` to `List[int]` as such casts (F.interpolate's size
/// reaches the upsampling through two); a cast is the same value, and a
/// layout op's dims must be constants to fuse. A list is folded only when
/// nothing changes it through the cast.
class UncheckedCastFolding : public Decomposition {
public:
  explicit UncheckedCastFolding(MLIRContext *ctx)
      : Decomposition(ctx, {"prim::unchecked_cast"}) {}

  LogicalResult decompose(TracedOp op,
                          PatternRewriter &rewriter) const override {
    if (op->getNumOperands() != 1 ||
        !isa<ValueType>(op->getResult(0).getType()))
      return failure();
    auto constant = op->getOperand(0).getDefiningOp<ConstantOp>();
    if (!constant || !isa<ValueType>(constant.getType()))
      return failure();
    if (isa<ArrayAttr>(constant.getValue()) &&
        !llvm::all_of(op->getUsers(), leavesListUnchanged))
      return failure();
    rewriter.setInsertionPoint(op);
    Value folded = ConstantOp::create(rewriter, op.getLoc(),
                                      ValueType::get(op.getContext()),
                                      constant.getValue());
    return replace(rewriter, op, folded);
  }
};

/// prim::TupleUnpack of a prim::TupleConstruct (and the list forms): the
/// values packed. Functions that return tuples (nn.MultiheadAttention's
/// `(output, weights)`) leave the pair between a view and the transpose
/// after it once inlined; reading through it lets them fuse. The unpack is
/// recorded as eliminated (nothing computes it; what it returned is the
/// packed values, which keep their own origins).
class PackUnpackFolding : public Decomposition {
public:
  PackUnpackFolding(MLIRContext *ctx, EliminatedOrigins &eliminated)
      : Decomposition(ctx, {"prim::TupleUnpack", "prim::ListUnpack"}),
        eliminated(eliminated) {}

  bool hasOneResult() const override { return false; }

  LogicalResult decompose(TracedOp op,
                          PatternRewriter &rewriter) const override {
    if (op->getNumOperands() != 1)
      return failure();
    auto pack = op->getOperand(0).getDefiningOp<TracedOp>();
    StringRef expected = op.getName() == "prim::TupleUnpack"
                             ? "prim::TupleConstruct"
                             : "prim::ListConstruct";
    if (!pack || pack.getName() != expected ||
        pack->getNumOperands() != op->getNumResults())
      return failure();
    // A list someone may change is not what it was built with.
    if (expected == "prim::ListConstruct" &&
        !llvm::all_of(pack->getUsers(), [&](Operation *user) {
          return user == op.getOperation();
        }))
      return failure();
    for (auto [result, packed] :
         llvm::zip(op->getResults(), pack->getOperands()))
      if (result.getType() != packed.getType() &&
          isTensorType(result.getType()) != isTensorType(packed.getType()))
        return failure();
    eliminated.record(op);
    rewriter.replaceOp(op, pack->getOperands());
    // The pack read nothing else: gone with its unpack, it no longer reads
    // (and so holds back from fusion) the values packed.
    if (pack->use_empty()) {
      eliminated.record(pack);
      rewriter.eraseOp(pack);
    }
    return success();
  }

private:
  EliminatedOrigins &eliminated;
};

/// The decompositions as one pattern that picks them by operator name: as
/// patterns of their own, each matched against every tg.op in turn (they
/// all have the same root), which at 1M ops cost more than the rewrites.
class DecompositionDispatcher : public OpRewritePattern<TracedOp> {
public:
  explicit DecompositionDispatcher(MLIRContext *ctx)
      : OpRewritePattern<TracedOp>(ctx) {}

  void add(std::unique_ptr<Decomposition> decomposition) {
    for (StringRef name : decomposition->getNames())
      byName[name].push_back(decomposition.get());
    owned.push_back(std::move(decomposition));
  }

  LogicalResult matchAndRewrite(TracedOp op,
                                PatternRewriter &rewriter) const override {
    auto it = byName.find(op.getName());
    if (it == byName.end())
      return failure();
    for (Decomposition *decomposition : it->second)
      if (succeeded(decomposition->matchAndRewrite(op, rewriter)))
        return success();
    return failure();
  }

private:
  SmallVector<std::unique_ptr<Decomposition>> owned;
  llvm::StringMap<SmallVector<Decomposition *, 1>> byName;
};

constexpr llvm::StringLiteral kDecomposedOperators[] = {
    "aten::batch_norm",
    "aten::native_batch_norm",
    "aten::layer_norm",
    "aten::native_layer_norm",
    "aten::group_norm",
    "aten::native_group_norm",
    "aten::instance_norm",
    "aten::var",
    "aten::std",
    "aten::var_mean",
    "aten::std_mean",
    "aten::logsumexp",
    "aten::norm",
    "aten::frobenius_norm",
    "aten::expand_as",
    "aten::selu",
    "aten::prelu",
    "aten::softmax",
    "aten::log_softmax",
    "aten::_softmax",
    "aten::_log_softmax",
    "aten::linear",
    "aten::addmm",
    "aten::dropout",
    "aten::feature_dropout",
    "aten::alpha_dropout",
    "aten::feature_alpha_dropout",
    "aten::masked_fill",
    "aten::adaptive_avg_pool2d",
    "aten::dim",
    "aten::size",
    "prim::ListConstruct",
    "prim::unchecked_cast",
    "prim::TupleUnpack",
    "prim::ListUnpack"};

} // namespace

ArrayRef<llvm::StringLiteral> tg::getDecomposedOperators() {
  return kDecomposedOperators;
}

void tg::populateDecompositionPatterns(RewritePatternSet &patterns,
                                       EliminatedOrigins &eliminated,
                                       ArrayRef<std::string> only) {
  MLIRContext *ctx = patterns.getContext();
  SmallVector<std::unique_ptr<Decomposition>> all;
  all.push_back(std::make_unique<BatchNormDecomposition>(ctx));
  all.push_back(std::make_unique<NativeBatchNormDecomposition>(ctx));
  all.push_back(std::make_unique<LayerNormDecomposition>(ctx));
  all.push_back(std::make_unique<NativeLayerNormDecomposition>(ctx));
  all.push_back(std::make_unique<GroupNormDecomposition>(ctx));
  all.push_back(std::make_unique<NativeGroupNormDecomposition>(ctx));
  all.push_back(std::make_unique<InstanceNormDecomposition>(ctx));
  all.push_back(std::make_unique<VarianceDecomposition>(ctx));
  all.push_back(std::make_unique<LogSumExpDecomposition>(ctx));
  all.push_back(std::make_unique<VectorNormDecomposition>(ctx));
  all.push_back(std::make_unique<ExpandAsDecomposition>(ctx));
  all.push_back(std::make_unique<SeluDecomposition>(ctx));
  all.push_back(std::make_unique<PreluDecomposition>(ctx));
  all.push_back(std::make_unique<SoftmaxDecomposition>(ctx));
  all.push_back(std::make_unique<LinearDecomposition>(ctx));
  all.push_back(std::make_unique<AddmmDecomposition>(ctx));
  all.push_back(std::make_unique<DropoutDecomposition>(ctx, eliminated));
  all.push_back(std::make_unique<MaskedFillDecomposition>(ctx));
  all.push_back(std::make_unique<AdaptiveAvgPoolDecomposition>(ctx));
  all.push_back(std::make_unique<StaticShapeQueryFolding>(ctx));
  all.push_back(std::make_unique<ConstantListFolding>(ctx));
  all.push_back(std::make_unique<LoopFilledListFolding>(ctx, eliminated));
  all.push_back(std::make_unique<UncheckedCastFolding>(ctx));
  all.push_back(std::make_unique<PackUnpackFolding>(ctx, eliminated));
  auto dispatcher = std::make_unique<DecompositionDispatcher>(ctx);
  for (std::unique_ptr<Decomposition> &pattern : all) {
    if (!only.empty() && !pattern->restrictTo(only))
      continue;
    dispatcher->add(std::move(pattern));
  }
  patterns.add(std::move(dispatcher));
}
