//===- KernelsToGPU.cpp - Kernel functions as GPU kernels -----------------===//
//
// Why our own lowering rather than upstream's linalg -> parallel loops ->
// gpu.launch path: upstream maps a loop nest onto a fixed grid (no
// grid-stride loop, so the launch must know the problem size), has no way
// to run a sequence of linalg ops with reductions in one kernel (each would
// be its own launch), and outlines kernels into a gpu.module whose
// serialization embeds the PTX in MLIR, where tracegraph could not write
// the line info. Working on the linalg functions of the kernel pipeline
// (after bufferization) keeps the lowering independent of tg ops: a new
// operator of the reference lowering is a GPU operator for free, and the
// kernels' launch ABI is the host functions' argument list.
//
// The one rule beyond correct code, as in the reference lowering: every op
// of a linalg body is cloned at its own location, so each PTX instruction
// carries its op's Python stack (`--tg-export-ptx-line-chains`).
//
//===----------------------------------------------------------------------===//

#include "tg/Conversion/KernelsToGPU/KernelsToGPU.h"
#include "tg/IR/DebugHandle.h"
#include "tg/Passes/OptionChecks.h"
#include "tg/Support/OutputFile.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Affine/Utils.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MathExtras.h"

#include <set>

namespace tg {
#define GEN_PASS_DEF_TGKERNELSTOGPU
#include "tg/Conversion/Passes.h.inc"
} // namespace tg

using namespace mlir;
using namespace tg;

namespace {

/// Where the planted store goes: this many bytes past the first output
/// buffer. Far from every allocation a process makes, so memcheck always
/// reports it (one element past the end may be the next allocation).
constexpr int64_t kPlantDistance = int64_t(1) << 40;

int64_t product(ArrayRef<int64_t> sizes) {
  int64_t result = 1;
  for (int64_t size : sizes)
    result *= size;
  return result;
}

/// The buffer a memref value views (itself for an argument or allocation):
/// what `memref.expand_shape`, `memref.collapse_shape` and `memref.cast`
/// reshape or retype.
Value getRootBuffer(Value value) {
  while (Operation *def = value.getDefiningOp()) {
    if (auto expand = dyn_cast<memref::ExpandShapeOp>(def))
      value = expand.getSrc();
    else if (auto collapse = dyn_cast<memref::CollapseShapeOp>(def))
      value = collapse.getSrc();
    else if (auto cast = dyn_cast<memref::CastOp>(def))
      value = cast.getSource();
    else
      break;
  }
  return value;
}

/// The buffers the kernel's linalg ops write (through any view).
template <typename Phases>
llvm::SmallPtrSet<Value, 8> getWrittenBuffers(const Phases &phases) {
  llvm::SmallPtrSet<Value, 8> written;
  for (const auto &phase : phases)
    for (Value init : phase.op.getDpsInits())
      written.insert(getRootBuffer(init));
  return written;
}

/// One linalg op of a kernel, in program order, with its loop sizes and how
/// its loop dimensions split once the row dimensions are known.
struct Phase {
  mutable linalg::GenericOp op;
  SmallVector<int64_t> sizes;
  SmallVector<utils::IteratorType> iterators;
  /// The loop dimensions past the row dimensions: the parallel ones (over a
  /// block's threads) and the reduction ones.
  SmallVector<unsigned> inner, reduced;

  int64_t sizeOf(ArrayRef<unsigned> dims) const {
    int64_t result = 1;
    for (unsigned dim : dims)
      result *= sizes[dim];
    return result;
  }
};

enum class Strategy { Pointwise, Rows };

/// How a kernel is spread over the grid (see the pass description).
struct Plan {
  Strategy strategy = Strategy::Pointwise;
  SmallVector<int64_t> rowShape;
  int64_t rows = 1;
  int64_t grid = 1;
};

/// A reduction whose body folds each element into the accumulator with one
/// associative and commutative op: `%acc2 = arith.addf %x, %acc`.
struct Combiner {
  Operation *op = nullptr;
  TypedAttr identity;
};

/// The combiner of a reduction over one output, if its body has one: the op
/// the yield returns is the accumulator's only use, and has a neutral
/// element (arith::getNeutralElement knows the associative ones).
std::optional<Combiner> findCombiner(linalg::GenericOp op) {
  if (op.getNumDpsInits() != 1)
    return std::nullopt;
  BlockArgument acc = op.getRegionOutputArgs()[0];
  auto yield = cast<linalg::YieldOp>(op.getBlock()->getTerminator());
  Operation *def = yield.getOperand(0).getDefiningOp();
  if (!def || !acc.hasOneUse() || *acc.getUsers().begin() != def ||
      def->getNumOperands() != 2 || def->getNumResults() != 1 ||
      def->getBlock() != op.getBlock())
    return std::nullopt;
  std::optional<TypedAttr> identity = arith::getNeutralElement(def);
  if (!identity)
    return std::nullopt;
  return Combiner{def, *identity};
}

/// Builds the body of one kernel function from its phases.
class KernelEmitter {
public:
  KernelEmitter(func::FuncOp func, ArrayRef<Phase> phases, const Plan &plan,
                int64_t blockSize, int64_t plantHandle, Value plantTarget)
      : func(func), phases(phases), plan(plan), blockSize(blockSize),
        plantHandle(plantHandle), plantTarget(plantTarget),
        b(func.getContext()), funcLoc(func.getLoc()) {}

  /// Emits the kernel before the function's return; the caller erases the
  /// linalg ops afterwards. Returns whether the planted store was placed.
  bool emit() {
    b.setInsertionPoint(func.getBody().front().getTerminator());
    tid = gpu::ThreadIdOp::create(b, funcLoc, gpu::Dimension::x);
    Value bid = gpu::BlockIdOp::create(b, funcLoc, gpu::Dimension::x);
    Value gridDim = gpu::GridDimOp::create(b, funcLoc, gpu::Dimension::x);
    if (plan.strategy == Strategy::Pointwise) {
      // One thread per row: the grid-stride loop over rows.
      Value start = arith::AddIOp::create(
          b, funcLoc, arith::MulIOp::create(b, funcLoc, bid, index(blockSize)),
          tid);
      Value step = arith::MulIOp::create(b, funcLoc, gridDim, index(blockSize));
      forLoop(start, index(plan.rows), step, [&](Value row) {
        SmallVector<Value> rowIdx = delinearize(row, plan.rowShape, funcLoc);
        Value first = isZero(row, funcLoc);
        for (const Phase &phase : phases)
          emitElement(phase, assemble(phase, rowIdx, {}, {}), first);
      });
      return planted;
    }
    // One block per row: the grid-stride loop over rows by blocks.
    forLoop(bid, index(plan.rows), gridDim, [&](Value row) {
      SmallVector<Value> rowIdx = delinearize(row, plan.rowShape, funcLoc);
      Value first = isZero(row, funcLoc);
      for (const Phase &phase : phases) {
        emitPhaseInBlock(phase, rowIdx, first);
        // What one op wrote, the next reads from other threads.
        gpu::BarrierOp::create(b, phase.op.getLoc());
      }
    });
    return planted;
  }

private:
  Value index(int64_t value) {
    return arith::ConstantIndexOp::create(b, funcLoc, value);
  }

  /// `scf.for` from `lb` to `ub` by `step` whose body `body` builds.
  void forLoop(Value lb, Value ub, Value step,
               llvm::function_ref<void(Value)> body) {
    auto loop = scf::ForOp::create(b, funcLoc, lb, ub, step);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(loop.getBody());
    body(loop.getInductionVar());
  }

  /// `linear` as indices into a row-major space of `sizes`.
  SmallVector<Value> delinearize(Value linear, ArrayRef<int64_t> sizes,
                                 Location loc) {
    SmallVector<Value> indices(sizes.size());
    for (size_t i = sizes.size(); i-- > 0;) {
      if (sizes[i] == 1) {
        indices[i] = index(0);
        continue;
      }
      if (i == 0) {
        indices[i] = linear;
        continue;
      }
      Value size = index(sizes[i]);
      indices[i] = arith::RemUIOp::create(b, loc, linear, size);
      linear = arith::DivUIOp::create(b, loc, linear, size);
    }
    return indices;
  }

  /// Whether `value` is 0, for the planted store; null when none is planted.
  Value isZero(Value value, Location loc) {
    if (plantHandle < 0)
      return Value();
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, value,
                                 index(0));
  }
  Value both(Value a, Value c, Location loc) {
    if (!a || !c)
      return Value();
    return arith::AndIOp::create(b, loc, a, c);
  }

  /// A point of `phase`'s iteration space: the row indices, then its inner
  /// and reduced dimensions (any left out are 0).
  SmallVector<Value> assemble(const Phase &phase, ArrayRef<Value> rowIdx,
                              ArrayRef<Value> innerIdx,
                              ArrayRef<Value> reducedIdx) {
    SmallVector<Value> point(phase.sizes.size());
    for (auto [i, v] : llvm::enumerate(rowIdx))
      point[i] = v;
    for (auto [dim, v] : llvm::zip(phase.inner, innerIdx))
      point[dim] = v;
    for (auto [dim, v] : llvm::zip(phase.reduced, reducedIdx))
      point[dim] = v;
    for (Value &v : point)
      if (!v)
        v = index(0);
    return point;
  }

  /// The element of `operand` at `point` (the value itself for a scalar).
  Value load(const Phase &phase, OpOperand &operand, ArrayRef<Value> point) {
    Value source = operand.get();
    if (!isa<MemRefType>(source.getType()))
      return source;
    Location loc = phase.op.getLoc();
    AffineMap map = phase.op.getMatchingIndexingMap(&operand);
    std::optional<SmallVector<Value, 8>> indices =
        affine::expandAffineMap(b, loc, map, point);
    return memref::LoadOp::create(b, loc, source, *indices);
  }

  /// Stores `value` into output `i` of `phase` at `point`, at the location
  /// of the op that computed it.
  void store(const Phase &phase, unsigned i, Value value,
             ArrayRef<Value> point) {
    OpOperand &init = phase.op.getDpsInitsMutable()[i];
    Location loc = phase.op.getLoc();
    if (Operation *def = value.getDefiningOp())
      loc = def->getLoc();
    AffineMap map = phase.op.getMatchingIndexingMap(&init);
    std::optional<SmallVector<Value, 8>> indices =
        affine::expandAffineMap(b, loc, map, point);
    memref::StoreOp::create(b, loc, value, init.get(), *indices);
  }

  /// Clones the body of `phase` at `point`, its inputs loaded there and its
  /// outputs' block arguments bound to `outs` (null: unused); returns what
  /// it yields. Plants the out-of-bounds store after the op with the
  /// planted handle when `first` says this is the first computation.
  SmallVector<Value> cloneBody(const Phase &phase, ArrayRef<Value> point,
                               ArrayRef<Value> outs, Value first) {
    linalg::GenericOp op = phase.op;
    IRMapping mapping;
    for (OpOperand *input : op.getDpsInputOperands())
      mapping.map(op.getMatchingBlockArgument(input),
                  load(phase, *input, point));
    for (auto [arg, out] : llvm::zip(op.getRegionOutputArgs(), outs))
      if (out)
        mapping.map(arg, out);
    for (Operation &inner : op.getBlock()->without_terminator()) {
      if (auto idx = dyn_cast<linalg::IndexOp>(inner)) {
        mapping.map(idx.getResult(), point[idx.getDim()]);
        continue;
      }
      Operation *clone = b.clone(inner, mapping);
      std::optional<uint64_t> handle = getDebugHandle(clone);
      if (first && handle && int64_t(*handle) == plantHandle &&
          clone->getNumResults() == 1)
        plant(clone->getResult(0), clone->getLoc(), first);
    }
    SmallVector<Value> yielded;
    for (Value v : op.getBlock()->getTerminator()->getOperands())
      yielded.push_back(mapping.lookupOrDefault(v));
    return yielded;
  }

  /// One iteration of a parallel loop nest: loads, the body, stores.
  void emitElement(const Phase &phase, ArrayRef<Value> point, Value first) {
    SmallVector<Value> outs;
    for (OpOperand &init : phase.op.getDpsInitsMutable())
      outs.push_back(phase.op.payloadUsesValueFromOperand(&init)
                         ? load(phase, init, point)
                         : Value());
    SmallVector<Value> yielded = cloneBody(phase, point, outs, first);
    for (auto [i, v] : llvm::enumerate(yielded))
      store(phase, i, v, point);
  }

  /// One phase of one row, by the block's threads.
  void emitPhaseInBlock(const Phase &phase, ArrayRef<Value> rowIdx,
                        Value rowFirst) {
    Location loc = phase.op.getLoc();
    if (phase.reduced.empty()) {
      forLoop(tid, index(phase.sizeOf(phase.inner)), index(blockSize),
              [&](Value linear) {
                SmallVector<Value> innerIdx =
                    delinearize(linear, gather(phase, phase.inner), loc);
                emitElement(phase, assemble(phase, rowIdx, innerIdx, {}),
                            both(rowFirst, isZero(linear, loc), loc));
              });
      return;
    }
    std::optional<Combiner> combiner = findCombiner(phase.op);
    if (combiner && phase.sizeOf(phase.inner) == 1)
      return emitTreeReduction(phase, rowIdx, rowFirst, *combiner);
    emitSerialReduction(phase, rowIdx, rowFirst);
  }

  SmallVector<int64_t> gather(const Phase &phase, ArrayRef<unsigned> dims) {
    SmallVector<int64_t> sizes;
    for (unsigned dim : dims)
      sizes.push_back(phase.sizes[dim]);
    return sizes;
  }

  /// Each thread folds its share of the reduced elements into a partial
  /// result from the combiner's identity; the partials meet in shared
  /// memory, halving each step; thread 0 folds the total into the output's
  /// initial value.
  void emitTreeReduction(const Phase &phase, ArrayRef<Value> rowIdx,
                         Value rowFirst, const Combiner &combiner) {
    Location loc = phase.op.getLoc();
    Location combineLoc = combiner.op->getLoc();
    Value identity = arith::ConstantOp::create(b, loc, combiner.identity);
    auto loop =
        scf::ForOp::create(b, loc, tid, index(phase.sizeOf(phase.reduced)),
                           index(blockSize), ValueRange{identity});
    {
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(loop.getBody());
      Value linear = loop.getInductionVar();
      SmallVector<Value> reducedIdx =
          delinearize(linear, gather(phase, phase.reduced), loc);
      SmallVector<Value> yielded = cloneBody(
          phase, assemble(phase, rowIdx, {}, reducedIdx),
          {loop.getRegionIterArg(0)}, both(rowFirst, isZero(linear, loc), loc));
      scf::YieldOp::create(b, loc, yielded);
    }
    Value shared = getShared(identity.getType(), loc);
    memref::StoreOp::create(b, combineLoc, loop.getResult(0), shared, tid);
    gpu::BarrierOp::create(b, loc);
    for (int64_t half = blockSize / 2; half >= 1; half /= 2) {
      Value active = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult,
                                           tid, index(half));
      auto ifOp = scf::IfOp::create(b, loc, active, /*withElseRegion=*/false);
      {
        OpBuilder::InsertionGuard guard(b);
        b.setInsertionPointToStart(ifOp.thenBlock());
        Value mine = memref::LoadOp::create(b, loc, shared, tid);
        Value other = memref::LoadOp::create(
            b, loc, shared,
            ValueRange{arith::AddIOp::create(b, loc, tid, index(half))});
        memref::StoreOp::create(b, combineLoc, combine(combiner, mine, other),
                                shared, tid);
      }
      gpu::BarrierOp::create(b, loc);
    }
    Value isFirstThread = isZeroIndex(tid, loc);
    auto ifOp = scf::IfOp::create(b, loc, isFirstThread, false);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(ifOp.thenBlock());
    SmallVector<Value> point = assemble(phase, rowIdx, {}, {});
    Value init = load(phase, phase.op.getDpsInitsMutable()[0], point);
    Value total = memref::LoadOp::create(b, loc, shared, index(0));
    store(phase, 0, combine(combiner, init, total), point);
  }

  Value isZeroIndex(Value value, Location loc) {
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, value,
                                 index(0));
  }

  /// The combiner applied to `lhs` and `rhs`, at its own location.
  Value combine(const Combiner &combiner, Value lhs, Value rhs) {
    Operation *op = b.clone(*combiner.op);
    op->setOperands({lhs, rhs});
    return op->getResult(0);
  }

  /// A reduction in linalg's own order: one thread per output element (the
  /// inner parallel dimensions), folding every reduced element in turn.
  void emitSerialReduction(const Phase &phase, ArrayRef<Value> rowIdx,
                           Value rowFirst) {
    Location loc = phase.op.getLoc();
    forLoop(tid, index(phase.sizeOf(phase.inner)), index(blockSize),
            [&](Value outer) {
              SmallVector<Value> innerIdx =
                  delinearize(outer, gather(phase, phase.inner), loc);
              SmallVector<Value> point = assemble(phase, rowIdx, innerIdx, {});
              SmallVector<Value> accs;
              for (OpOperand &init : phase.op.getDpsInitsMutable())
                accs.push_back(load(phase, init, point));
              auto loop = scf::ForOp::create(b, loc, index(0),
                                             index(phase.sizeOf(phase.reduced)),
                                             index(1), accs);
              {
                OpBuilder::InsertionGuard guard(b);
                b.setInsertionPointToStart(loop.getBody());
                Value linear = loop.getInductionVar();
                SmallVector<Value> reducedIdx =
                    delinearize(linear, gather(phase, phase.reduced), loc);
                Value first = both(both(rowFirst, isZero(outer, loc), loc),
                                   isZero(linear, loc), loc);
                SmallVector<Value> yielded = cloneBody(
                    phase, assemble(phase, rowIdx, innerIdx, reducedIdx),
                    SmallVector<Value>(loop.getRegionIterArgs()), first);
                scf::YieldOp::create(b, loc, yielded);
              }
              for (auto [i, v] : llvm::enumerate(loop.getResults()))
                store(phase, i, v, point);
            });
  }

  /// The block's shared array of `type` (one element per thread), declared
  /// once per function and type.
  Value getShared(Type type, Location loc) {
    MLIRContext *ctx = b.getContext();
    auto memrefType = MemRefType::get(
        {blockSize}, type, MemRefLayoutAttrInterface(),
        gpu::AddressSpaceAttr::get(ctx, gpu::AddressSpace::Workgroup));
    std::string name;
    llvm::raw_string_ostream os(name);
    os << func.getName() << "__tg_shared_" << type;
    auto module = func->getParentOfType<ModuleOp>();
    if (!SymbolTable::lookupSymbolIn(module, name)) {
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPoint(func);
      memref::GlobalOp::create(b, loc, name, b.getStringAttr("private"),
                               memrefType, b.getUnitAttr(),
                               /*constant=*/false, IntegerAttr());
    }
    return memref::GetGlobalOp::create(b, loc, memrefType, name);
  }

  /// The planted out-of-bounds store of `value`, when `first`.
  void plant(Value value, Location loc, Value first) {
    auto ifOp = scf::IfOp::create(b, loc, first, /*withElseRegion=*/false);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(ifOp.thenBlock());
    Value base =
        memref::ExtractAlignedPointerAsIndexOp::create(b, loc, plantTarget);
    Value address = arith::AddIOp::create(
        b, loc, base, arith::ConstantIndexOp::create(b, loc, kPlantDistance));
    Value integer = arith::IndexCastOp::create(b, loc, b.getI64Type(), address);
    Value pointer = LLVM::IntToPtrOp::create(
        b, loc, LLVM::LLVMPointerType::get(b.getContext(), 1), integer);
    LLVM::StoreOp::create(b, loc, value, pointer);
    planted = true;
  }

  func::FuncOp func;
  ArrayRef<Phase> phases;
  const Plan &plan;
  int64_t blockSize, plantHandle;
  Value plantTarget;
  OpBuilder b;
  Location funcLoc;
  Value tid;
  bool planted = false;
};

struct KernelsToGPUPass
    : public tg::OptionCheckedPass<KernelsToGPUPass,
                                   tg::impl::TGKernelsToGPUBase> {
  using OptionCheckedPass::OptionCheckedPass;

  /// What in the options cannot run: checked where the pipeline is parsed
  /// and again when the pass runs (OptionChecks.h).
  tg::OptionsError getOptionsError() {
    if (!llvm::isPowerOf2_64(blockSize) || blockSize < 32 || blockSize > 1024)
      return llvm::formatv("tg-kernels-to-gpu: block-size must be a power of "
                           "two in [32, 1024], got {0}",
                           static_cast<int64_t>(blockSize))
          .str();
    if (plantOOB < -1)
      return llvm::formatv("tg-kernels-to-gpu: plant-oob must be a debug "
                           "handle (>= 0), or -1 for none, got {0}",
                           static_cast<int64_t>(plantOOB))
          .str();
    return std::nullopt;
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (failed(checkOptions()))
      return signalPassFailure();
    planted = false;
    llvm::json::Array described;
    SmallVector<func::FuncOp> funcs(module.getOps<func::FuncOp>());
    // A module without kernel functions (graphs that --tg-extract-kernels
    // never saw, as with the GPU pipeline's extract=false) went through
    // unchanged, exit 0, as if its kernels had been compiled.
    if (llvm::all_of(funcs, [](func::FuncOp f) { return f.isExternal(); })) {
      emitError(module.getLoc())
          << "tg-kernels-to-gpu: the module has no kernel function to lower "
             "(a func.func with a body, as --tg-extract-kernels makes them; "
             "--tg-gpu-kernel-pipeline runs it unless extract=false)";
      return signalPassFailure();
    }
    for (func::FuncOp func : funcs) {
      if (func.isExternal())
        continue;
      FailureOr<llvm::json::Object> description = convert(func);
      if (failed(description))
        return signalPassFailure();
      described.push_back(std::move(*description));
    }
    if (plantOOB >= 0 && !planted) {
      emitError(module.getLoc())
          << "tg-kernels-to-gpu: plant-oob=" << static_cast<int64_t>(plantOOB)
          << ": no op of the kernels has that debug handle";
      return signalPassFailure();
    }
    if (!describe.empty() && failed(writeDescription(module, described)))
      return signalPassFailure();
  }

private:
  /// One function into a kernel; its description.
  FailureOr<llvm::json::Object> convert(func::FuncOp func) {
    if (failed(normalize(func)))
      return failure();
    SmallVector<Phase, 4> phases;
    SmallVector<memref::AllocOp> allocs;
    if (failed(collect(func, phases, allocs)))
      return failure();
    Plan plan = planKernel(phases);
    SmallVector<StringRef> roles = rewriteSignature(func, phases, allocs);
    Value target = findPlantTarget(func, roles);
    KernelEmitter emitter(func, phases, plan, blockSize,
                          target ? int64_t(plantOOB) : -1, target);
    planted |= emitter.emit();
    for (Phase &phase : llvm::reverse(phases))
      phase.op.erase();
    // What only the linalg ops used (constants, views) goes too.
    for (Operation &op : llvm::make_early_inc_range(
             llvm::reverse(func.getBody().front().getOperations())))
      if (isOpTriviallyDead(&op))
        op.erase();
    setLaunchAttrs(func, plan, roles);
    return describeKernel(func, plan, roles);
  }

  /// Named linalg ops and copies become linalg.generic; deallocations go
  /// (the launcher owns every buffer).
  LogicalResult normalize(func::FuncOp func) {
    IRRewriter rewriter(func.getContext());
    SmallVector<Operation *> ops;
    func.walk([&](Operation *op) { ops.push_back(op); });
    for (Operation *op : ops) {
      rewriter.setInsertionPoint(op);
      if (auto copy = dyn_cast<memref::CopyOp>(op)) {
        auto target = cast<MemRefType>(copy.getTarget().getType());
        AffineMap id = rewriter.getMultiDimIdentityMap(target.getRank());
        SmallVector<utils::IteratorType> iterators(
            target.getRank(), utils::IteratorType::parallel);
        linalg::GenericOp::create(
            rewriter, copy.getLoc(), copy.getSource(), copy.getTarget(),
            ArrayRef<AffineMap>{id, id}, iterators,
            [](OpBuilder &b, Location loc, ValueRange args) {
              linalg::YieldOp::create(b, loc, args[0]);
            });
        rewriter.eraseOp(copy);
      } else if (isa<memref::DeallocOp>(op)) {
        rewriter.eraseOp(op);
      } else if (auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
                 linalgOp && !isa<linalg::GenericOp>(op)) {
        if (failed(linalg::generalizeNamedOp(rewriter, linalgOp)))
          return op->emitError() << "cannot turn '" << op->getName()
                                 << "' into a linalg.generic for a GPU kernel";
      }
    }
    return success();
  }

  static LogicalResult checkBuffer(Operation *op, Type type) {
    auto memref = dyn_cast<MemRefType>(type);
    if (!memref)
      return success();
    if (!memref.hasStaticShape() || !memref.getLayout().isIdentity())
      return op->emitError()
             << "a GPU kernel needs buffers of static shape and identity "
                "layout, got "
             << type;
    return success();
  }

  /// The function's linalg ops in order, and its allocations; an error at
  /// any op a kernel cannot run.
  LogicalResult collect(func::FuncOp func, SmallVectorImpl<Phase> &phases,
                        SmallVectorImpl<memref::AllocOp> &allocs) {
    for (Type type : func.getArgumentTypes())
      if (failed(checkBuffer(func, type)))
        return failure();
    if (func.getNumResults() != 0)
      return func.emitError()
             << "a GPU kernel must return nothing, and this function has "
             << func.getNumResults()
             << (func.getNumResults() == 1 ? " result" : " results")
             << ": bufferize with results as out-parameters first";
    for (Operation &op : func.getBody().front()) {
      if (auto alloc = dyn_cast<memref::AllocOp>(op)) {
        if (failed(checkBuffer(alloc, alloc.getType())))
          return failure();
        allocs.push_back(alloc);
        continue;
      }
      if (isa<func::ReturnOp>(op) || isScalarComputation(op))
        continue;
      if (isa<memref::ExpandShapeOp, memref::CollapseShapeOp, memref::CastOp>(
              op)) {
        if (failed(checkBuffer(&op, op.getResult(0).getType())))
          return failure();
        continue;
      }
      auto generic = dyn_cast<linalg::GenericOp>(op);
      if (!generic)
        return op.emitError() << "cannot run '" << op.getName()
                              << "' in a GPU kernel (linalg ops on buffers, "
                                 "memref.alloc, memref.copy, reshapes and "
                                 "scalar arithmetic can)";
      if (!generic.hasPureBufferSemantics())
        return op.emitError() << "a GPU kernel runs linalg ops on buffers: "
                                 "bufferize first";
      Phase phase{generic,
                  generic.getStaticLoopRanges(),
                  generic.getIteratorTypesArray(),
                  {},
                  {}};
      if (llvm::any_of(phase.sizes, ShapedType::isDynamic))
        return op.emitError() << "a GPU kernel needs static loop sizes";
      if (failed(checkReductionOutputs(phase)))
        return failure();
      phases.push_back(std::move(phase));
    }
    return success();
  }

  /// A side-effect-free op on scalars only (constants, a 1/N computed from
  /// them): it stays where it is, and the kernel's code uses its value.
  static bool isScalarComputation(Operation &op) {
    auto isScalar = [](Type type) { return type.isIntOrIndexOrFloat(); };
    return op.getNumRegions() == 0 && isMemoryEffectFree(&op) &&
           llvm::all_of(op.getOperandTypes(), isScalar) &&
           llvm::all_of(op.getResultTypes(), isScalar);
  }

  /// A reduction dimension in an output's indexing map would make the
  /// output element change inside the reduction.
  static LogicalResult checkReductionOutputs(const Phase &phase) {
    for (OpOperand &init : phase.op.getDpsInitsMutable()) {
      AffineMap map = phase.op.getMatchingIndexingMap(&init);
      for (auto [dim, iterator] : llvm::enumerate(phase.iterators))
        if (iterator == utils::IteratorType::reduction &&
            map.isFunctionOfDim(dim))
          return phase.op.emitError()
                 << "reduction dimension " << dim
                 << " indexes an output; a GPU kernel cannot run it";
    }
    return success();
  }

  /// The rows: the most leading parallel dimensions that every phase has,
  /// of the same sizes, at which every buffer the kernel writes is read and
  /// written only at its own row (see the pass description).
  static Plan planKernel(MutableArrayRef<Phase> phases) {
    llvm::SmallPtrSet<Value, 8> written = getWrittenBuffers(phases);
    unsigned most = phases.empty() ? 0 : ~0u;
    for (Phase &phase : phases) {
      unsigned leading = 0;
      while (leading < phase.iterators.size() &&
             phase.iterators[leading] == utils::IteratorType::parallel)
        ++leading;
      most = std::min(most, leading);
    }
    unsigned rowDims = most;
    while (rowDims > 0 && !rowsAreIndependent(phases, written, rowDims))
      --rowDims;

    Plan plan;
    if (!phases.empty())
      plan.rowShape.assign(phases[0].sizes.begin(),
                           phases[0].sizes.begin() + rowDims);
    plan.rows = product(plan.rowShape);
    bool oneElementPerRow = true;
    for (Phase &phase : phases) {
      for (unsigned dim = rowDims; dim < phase.sizes.size(); ++dim)
        (phase.iterators[dim] == utils::IteratorType::reduction ? phase.reduced
                                                                : phase.inner)
            .push_back(dim);
      oneElementPerRow &=
          product(ArrayRef(phase.sizes).drop_front(rowDims)) == 1;
    }
    plan.strategy = oneElementPerRow ? Strategy::Pointwise : Strategy::Rows;
    return plan;
  }

  static bool rowsAreIndependent(ArrayRef<Phase> phases,
                                 const llvm::SmallPtrSet<Value, 8> &written,
                                 unsigned rowDims) {
    ArrayRef<int64_t> rowShape = ArrayRef(phases[0].sizes).take_front(rowDims);
    for (const Phase &phase : phases) {
      if (ArrayRef(phase.sizes).take_front(rowDims) != rowShape)
        return false;
      for (OpOperand &operand : phase.op->getOpOperands()) {
        Value root = getRootBuffer(operand.get());
        if (!written.contains(root))
          continue;
        // Through a reshape a row of the view is no row of the buffer.
        if (root != operand.get())
          return false;
        AffineMap map = phase.op.getMatchingIndexingMap(&operand);
        if (map.getNumResults() < rowDims)
          return false;
        for (unsigned i = 0; i < rowDims; ++i)
          if (map.getResult(i) != getAffineDimExpr(i, map.getContext()))
            return false;
      }
    }
    return true;
  }

  /// Allocations become scratch arguments after the function's own; the
  /// role of every argument.
  static SmallVector<StringRef>
  rewriteSignature(func::FuncOp func, ArrayRef<Phase> phases,
                   ArrayRef<memref::AllocOp> allocs) {
    llvm::SmallPtrSet<Value, 8> written = getWrittenBuffers(phases);
    SmallVector<StringRef> roles;
    for (BlockArgument arg : func.getArguments())
      roles.push_back(!isa<MemRefType>(arg.getType()) ? "scalar"
                      : written.contains(arg)         ? "output"
                                                      : "input");
    for (memref::AllocOp alloc : allocs) {
      unsigned position = func.getNumArguments();
      if (failed(func.insertArgument(position, alloc.getType(),
                                     DictionaryAttr(), alloc.getLoc())))
        llvm_unreachable("a function's argument list can always grow");
      alloc.replaceAllUsesWith(func.getArgument(position));
      alloc.erase();
      roles.push_back("scratch");
    }
    return roles;
  }

  /// The buffer the planted store is relative to: the first output.
  Value findPlantTarget(func::FuncOp func, ArrayRef<StringRef> roles) {
    if (plantOOB < 0)
      return Value();
    for (auto [arg, role] : llvm::zip(func.getArguments(), roles))
      if (role == "output")
        return arg;
    return Value();
  }

  void setLaunchAttrs(func::FuncOp func, Plan &plan,
                      ArrayRef<StringRef> roles) {
    Builder b(func.getContext());
    // Enough blocks for every row (one per block for rows, blockSize per
    // block pointwise), within CUDA's 65535 that every device allows;
    // the grid-stride loops cover the rest.
    int64_t blocks = plan.strategy == Strategy::Rows
                         ? plan.rows
                         : llvm::divideCeil(plan.rows, int64_t(blockSize));
    plan.grid = std::max<int64_t>(1, std::min<int64_t>(blocks, 65535));
    func->setAttr(
        kGPULaunchAttrName,
        b.getDictionaryAttr({
            b.getNamedAttr("strategy",
                           b.getStringAttr(plan.strategy == Strategy::Rows
                                               ? "rows"
                                               : "pointwise")),
            b.getNamedAttr("block", b.getI64IntegerAttr(blockSize)),
            b.getNamedAttr("grid", b.getI64IntegerAttr(plan.grid)),
            b.getNamedAttr("rows", b.getI64IntegerAttr(plan.rows)),
        }));
    for (auto [i, role] : llvm::enumerate(roles))
      func.setArgAttr(i, kGPURoleAttrName, b.getStringAttr(role));
  }

  /// The JSON description of a converted kernel (docs/gpu-debugging.md).
  llvm::json::Object describeKernel(func::FuncOp func, const Plan &plan,
                                    ArrayRef<StringRef> roles) {
    llvm::json::Array params;
    unsigned counts[4] = {0, 0, 0, 0};
    for (auto [arg, role] : llvm::zip(func.getArguments(), roles)) {
      StringRef prefix = role == "output"    ? "out"
                         : role == "scratch" ? "scratch"
                                             : "in";
      unsigned &count = counts[role == "output"    ? 1
                               : role == "scratch" ? 2
                                                   : 0];
      llvm::json::Object param{{"name", (prefix + Twine(count++)).str()},
                               {"role", role}};
      Type type = arg.getType();
      auto memref = dyn_cast<MemRefType>(type);
      Type element = memref ? memref.getElementType() : type;
      std::string typeName;
      llvm::raw_string_ostream(typeName) << element;
      param["type"] = typeName;
      if (memref) {
        param["shape"] = llvm::json::Array(memref.getShape());
        param["elements"] = memref.getNumElements();
        param["bytes"] = memref.getNumElements() *
                         int64_t(element.getIntOrFloatBitWidth() / 8);
      }
      params.push_back(std::move(param));
    }
    // The handles of the ops it computes, once each (a tree reduction's
    // combiner is cloned several times), in order.
    std::set<int64_t> seen;
    func.walk([&](Operation *op) {
      if (std::optional<uint64_t> handle = getDebugHandle(op);
          handle && op != func.getOperation())
        seen.insert(int64_t(*handle));
    });
    llvm::json::Array handles;
    for (int64_t handle : seen)
      handles.push_back(handle);
    llvm::json::Object kernel{
        {"name", func.getName()},
        {"strategy", plan.strategy == Strategy::Rows ? "rows" : "pointwise"},
        {"block", llvm::json::Array{int64_t(blockSize), 1, 1}},
        {"grid", llvm::json::Array{plan.grid, 1, 1}},
        {"rows", plan.rows},
        {"params", std::move(params)},
        {"handles", std::move(handles)}};
    if (std::optional<uint64_t> handle = getDebugHandle(func))
      kernel["handle"] = int64_t(*handle);
    return kernel;
  }

  LogicalResult writeDescription(ModuleOp module,
                                 llvm::json::Array &described) {
    // One kernel per line: readable, and greppable by kernel name.
    std::string error =
        writeFileAtomically(describe, [&](llvm::raw_ostream &os) {
          os << "{\"format\": \"tracegraph-gpu-kernels\", \"version\": 1, "
                "\"kernels\": [";
          for (auto [i, kernel] : llvm::enumerate(described))
            os << (i ? ",\n" : "\n") << kernel;
          os << "\n]}\n";
        });
    if (error.empty())
      return success();
    return emitError(module.getLoc())
           << "tg-kernels-to-gpu: cannot write '" << describe << "': " << error;
  }

  bool planted = false;
};

} // namespace
