//===- KernelsToNVVM.cpp - GPU kernels to the llvm and nvvm dialects ------===//
//
// Upstream's `--convert-gpu-to-nvvm` runs on a `gpu.module` and upstream's
// `--convert-to-llvm` knows nothing of NVVM; tracegraph's kernels are plain
// functions of the top-level module (what mlir-translate and llc take), so
// this pass puts together the same upstream patterns for them: every op and
// type to the llvm dialect with bare pointers and 64-bit indices, gpu ids
// and barriers to nvvm, shared memory to address space 3, and each kernel
// marked for the NVPTX backend (`nvvm.kernel`, `nvvm.reqntid`).
//
//===----------------------------------------------------------------------===//

#include "tg/Conversion/KernelsToGPU/KernelsToGPU.h"

#include "mlir/Conversion/AffineToStandard/AffineToStandard.h"
#include "mlir/Conversion/ArithToLLVM/ArithToLLVM.h"
#include "mlir/Conversion/ControlFlowToLLVM/ControlFlowToLLVM.h"
#include "mlir/Conversion/FuncToLLVM/ConvertFuncToLLVM.h"
#include "mlir/Conversion/GPUToNVVM/GPUToNVVMPass.h"
#include "mlir/Conversion/IndexToLLVM/IndexToLLVM.h"
#include "mlir/Conversion/LLVMCommon/ConversionTarget.h"
#include "mlir/Conversion/LLVMCommon/LoweringOptions.h"
#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Conversion/MathToLLVM/MathToLLVM.h"
#include "mlir/Conversion/MemRefToLLVM/MemRefToLLVM.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Index/IR/IndexDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/MemRef/Transforms/Transforms.h"
#include "mlir/Transforms/DialectConversion.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace tg {
#define GEN_PASS_DEF_TGKERNELSTONVVM
#include "tg/Conversion/Passes.h.inc"
} // namespace tg

using namespace mlir;
using namespace tg;

namespace {

/// The math ops NVPTX runs natively (or MathToLLVM expands into ops it
/// runs): anything else would become a libdevice call.
bool isNativeMath(Operation *op) {
  return isa<math::AbsFOp, math::AbsIOp, math::SqrtOp, math::RsqrtOp,
             math::FmaOp, math::FloorOp, math::CeilOp, math::CopySignOp,
             math::TruncOp, math::RoundEvenOp, math::CountLeadingZerosOp,
             math::CountTrailingZerosOp, math::CtPopOp>(op);
}

struct KernelsToNVVMPass
    : public tg::impl::TGKernelsToNVVMBase<KernelsToNVVMPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *ctx = &getContext();
    WalkResult leftover = module.walk([&](Operation *op) {
      if (op->getDialect() != ctx->getLoadedDialect<math::MathDialect>() ||
          isNativeMath(op))
        return WalkResult::advance();
      // An op without results (a custom math op) is named by its operands.
      TypeRange types = op->getNumResults() ? TypeRange(op->getResultTypes())
                                            : TypeRange(op->getOperandTypes());
      InFlightDiagnostic diag = op->emitError() << "'" << op->getName() << "'";
      if (!types.empty())
        diag << " on " << types;
      diag << " has no GPU lowering without libdevice (f32 math functions "
              "are approximated by --tg-approximate-math)";
      return WalkResult::interrupt();
    });
    if (leftover.wasInterrupted())
      return signalPassFailure();
    markKernels(module);

    LowerToLLVMOptions options(ctx);
    options.useBarePtrCallConv = true;
    options.overrideIndexBitwidth(64);
    LLVMTypeConverter converter(ctx, options);
    configureGpuToNVVMTypeConverter(converter);
    // Views (expand_shape, collapse_shape) as reinterpret_casts, which the
    // memref lowering takes.
    {
      RewritePatternSet strided(ctx);
      memref::populateExpandStridedMetadataPatterns(strided);
      if (failed(applyPatternsGreedily(module, std::move(strided))))
        return signalPassFailure();
    }
    // The math ops left become LLVM intrinsics first: the GPU patterns
    // would make calls to libdevice of some (`math.fma` -> `__nv_fmaf`).
    {
      RewritePatternSet mathPatterns(ctx);
      populateMathToLLVMConversionPatterns(converter, mathPatterns);
      ConversionTarget mathTarget(*ctx);
      mathTarget.addLegalDialect<LLVM::LLVMDialect>();
      mathTarget.addIllegalDialect<math::MathDialect>();
      if (failed(applyPartialConversion(module, mathTarget,
                                        std::move(mathPatterns))))
        return signalPassFailure();
    }
    RewritePatternSet patterns(ctx);
    arith::populateArithToLLVMConversionPatterns(converter, patterns);
    cf::populateControlFlowToLLVMConversionPatterns(converter, patterns);
    populateFuncToLLVMConversionPatterns(converter, patterns);
    populateFinalizeMemRefToLLVMConversionPatterns(converter, patterns);
    populateMathToLLVMConversionPatterns(converter, patterns);
    index::populateIndexToLLVMConversionPatterns(converter, patterns);
    populateAffineToStdConversionPatterns(patterns);
    populateGpuToNVVMConversionPatterns(converter, patterns);
    // Not configureGpuToNVVMConversionLegality: it makes the intrinsics
    // NVPTX runs natively (floor, fabs, sqrt, ...) illegal, for libdevice.
    LLVMConversionTarget target(*ctx);
    target.addLegalDialect<NVVM::NVVMDialect>();
    target.addIllegalDialect<affine::AffineDialect, arith::ArithDialect,
                             cf::ControlFlowDialect, func::FuncDialect,
                             gpu::GPUDialect, index::IndexDialect,
                             math::MathDialect, memref::MemRefDialect>();
    if (failed(applyPartialConversion(module, target, std::move(patterns))))
      return signalPassFailure();
    // A kernel must not call what the PTX cannot define (libdevice).
    for (auto func : module.getOps<LLVM::LLVMFuncOp>()) {
      if (!func.isExternal())
        continue;
      func.emitError() << "the GPU kernels call '" << func.getName()
                       << "', which no PTX module defines (libdevice?)";
      return signalPassFailure();
    }
  }

  /// Kernels (functions with a launch attribute) become `nvvm.kernel`s
  /// whose block must be exactly `block` threads (PTX `.reqntid`): the
  /// shared-memory reductions and the grid-stride steps assume it. The
  /// function conversion carries these attributes to the llvm.func.
  static void markKernels(ModuleOp module) {
    Builder b(module.getContext());
    for (auto func : module.getOps<func::FuncOp>()) {
      auto launch = func->getAttrOfType<DictionaryAttr>(kGPULaunchAttrName);
      if (!launch)
        continue;
      auto block = launch.getAs<IntegerAttr>("block");
      func->setAttr(NVVM::NVVMDialect::getKernelFuncAttrName(),
                    b.getUnitAttr());
      if (block)
        func->setAttr(NVVM::NVVMDialect::getReqntidAttrName(),
                      b.getDenseI32ArrayAttr(
                          {int32_t(block.getInt()), int32_t(1), int32_t(1)}));
    }
  }
};

} // namespace
