//===- ApproximateMath.cpp - Math functions as arithmetic for GPUs --------===//
//
// NVPTX has instructions for sqrt, abs, min/max and fma but none for exp,
// log, tanh or erf: LLVM's NVPTX backend leaves them as calls to libdevice
// (`__nv_expf`), which only a CUDA toolkit provides. tracegraph compiles its
// GPU kernels without one (CI has none), so the math functions become
// arithmetic first: MLIR's polynomial approximations (exp, log, log1p,
// tanh, erf, ...: a few ulp in f32) and expansions. `powf` gets its own
// expansion, because upstream's `exp(b * log(a))` is NaN for every negative
// base while PyTorch's pow of a negative base to an integer exponent is a
// number. Host kernels can run the same rewrite (tg-compile-kernel
// --gpu-math), which is how the GPU kernels' numerics are checked against
// PyTorch without a GPU.
//
//===----------------------------------------------------------------------===//

#include "tg/Conversion/KernelsToGPU/KernelsToGPU.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace tg {
#define GEN_PASS_DEF_TGAPPROXIMATEMATH
#include "tg/Conversion/Passes.h.inc"
} // namespace tg

using namespace mlir;

namespace {

/// pow(a, b) as PyTorch computes it, from exp and log: small constant
/// exponents as products and roots; otherwise exp(b * log|a|), negated for
/// a negative base and an odd integer exponent, NaN for a negative base and
/// a non-integer exponent, and 1 whenever b is 0 (even for a NaN base).
struct ExpandPowF : public OpRewritePattern<math::PowFOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(math::PowFOp op,
                                PatternRewriter &rewriter) const override {
    Type type = op.getType();
    if (!isa<FloatType>(type))
      return rewriter.notifyMatchFailure(op, "not a scalar float");
    Location loc = op.getLoc();
    Value a = op.getLhs(), b = op.getRhs();
    auto constant = [&](double v) -> Value {
      return arith::ConstantOp::create(rewriter, loc, type,
                                       rewriter.getFloatAttr(type, v));
    };
    auto mul = [&](Value x, Value y) -> Value {
      return arith::MulFOp::create(rewriter, loc, x, y);
    };
    auto div = [&](Value x, Value y) -> Value {
      return arith::DivFOp::create(rewriter, loc, x, y);
    };
    APFloat exponent(0.0);
    if (matchPattern(b, m_ConstantFloat(&exponent))) {
      Value result;
      if (exponent.isZero())
        result = constant(1.0);
      else if (exponent.isExactlyValue(1.0))
        result = a;
      else if (exponent.isExactlyValue(2.0))
        result = mul(a, a);
      else if (exponent.isExactlyValue(3.0))
        result = mul(mul(a, a), a);
      else if (exponent.isExactlyValue(0.5))
        result = math::SqrtOp::create(rewriter, loc, a);
      else if (exponent.isExactlyValue(-1.0))
        result = div(constant(1.0), a);
      else if (exponent.isExactlyValue(-2.0)) {
        // One op per statement: a call's arguments are evaluated in the
        // compiler's order, and the IR must not depend on it.
        Value one = constant(1.0);
        result = div(one, mul(a, a));
      } else if (exponent.isExactlyValue(-0.5)) {
        Value one = constant(1.0);
        result = div(one, math::SqrtOp::create(rewriter, loc, a));
      }
      if (result) {
        rewriter.replaceOp(op, result);
        return success();
      }
    }
    rewriter.replaceOp(op, general(rewriter, loc, a, b, constant));
    return success();
  }

  static Value general(PatternRewriter &rewriter, Location loc, Value a,
                       Value b, llvm::function_ref<Value(double)> constant) {
    auto cmp = [&](arith::CmpFPredicate predicate, Value x, Value y) -> Value {
      return arith::CmpFOp::create(rewriter, loc, predicate, x, y);
    };
    auto select = [&](Value c, Value x, Value y) -> Value {
      return arith::SelectOp::create(rewriter, loc, c, x, y);
    };
    Value magnitude = math::ExpOp::create(
        rewriter, loc,
        arith::MulFOp::create(
            rewriter, loc, b,
            math::LogOp::create(rewriter, loc,
                                math::AbsFOp::create(rewriter, loc, a))));
    Value isInteger = cmp(arith::CmpFPredicate::OEQ,
                          math::FloorOp::create(rewriter, loc, b), b);
    Value half = arith::MulFOp::create(rewriter, loc, b, constant(0.5));
    Value isOdd = arith::AndIOp::create(
        rewriter, loc, isInteger,
        cmp(arith::CmpFPredicate::ONE,
            math::FloorOp::create(rewriter, loc, half), half));
    Value negated = arith::NegFOp::create(rewriter, loc, magnitude);
    Value nan = constant(std::numeric_limits<double>::quiet_NaN());
    Value negative = select(isOdd, negated, select(isInteger, magnitude, nan));
    Value result = select(cmp(arith::CmpFPredicate::OLT, a, constant(0.0)),
                          negative, magnitude);
    Value one = constant(1.0);
    Value zeroExponent = cmp(arith::CmpFPredicate::OEQ, b, constant(0.0));
    Value unitBase = cmp(arith::CmpFPredicate::OEQ, a, one);
    Value trivial = arith::OrIOp::create(rewriter, loc, zeroExponent, unitBase);
    return select(trivial, one, result);
  }
};

struct ApproximateMathPass
    : public tg::impl::TGApproximateMathBase<ApproximateMathPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    // Higher benefit than anything upstream adds for powf.
    patterns.add<ExpandPowF>(&getContext(), /*benefit=*/2);
    // exp2, tan and the hyperbolic and inverse hyperbolic functions in
    // terms of exp and log (tanh has its own approximation below).
    math::populateExpansionPatterns(
        patterns,
        {"exp2", "tan", "sinh", "cosh", "asinh", "acosh", "atanh", "fpowi"});
    // exp, expm1, log, log1p, log2, tanh, erf, erfc, atan, atan2, asin,
    // acos, sin, cos, cbrt: polynomial approximations in f32, their f16
    // and bf16 forms through f32.
    populateMathPolynomialApproximationPatterns(patterns);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();
  }
};

} // namespace
