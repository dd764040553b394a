//===- InlineMethods.cpp - Flatten the entry graph ------------------------===//
//
// --tg-inline: inlines every tg.call_method / tg.call reachable from the entry
// graph, recording one #tg.frame per call in the inlined ops' locations.
//
// The inlining itself is MLIR's (`mlir::inlineCall` through the dialect
// inliner interface in lib/IR/TGInliner.cpp). The pass only adds what the
// upstream inliner cannot know: the frame of each call (PyTorch's module
// instance rules) and the order. It gives each call its frame location
// `fused<#tg.frame<...>>[call loc]` before inlining it, so MLIR's own
// location stacking builds exactly the chain tg::pushFrame describes.
//
// Graphs are flattened top-down from the entry: each call is inlined with the
// callee's original, unflattened body, and the calls that come in with it are
// inlined in turn. Flattening callees first (and cloning the flattened graph
// into every caller) clones an op once per level of its call chain and makes
// MLIR rebuild its whole CallSiteLoc chain at each level: O(ops x depth)
// clones and O(ops x depth^2) uniqued locations, most of the pipeline's time
// and memory on deep models. Top-down, every op is cloned once and gets its
// full chain in one step, since the call it comes through already carries
// the chain of all its callers.
//
// Where every call matches its callee's signature and the callees' nested
// regions are single-block SSA regions (what tracers write), flattenInOrder
// builds the same IR without mlir::inlineCall, copying callee bodies op by op
// in program order so that the ops are allocated in the order every later
// pass walks them (see there). mlir::inlineCall remains the general path;
// clone-in-order=false forces it, and the tests check both give the same
// IR.
//
// A call's frame depends on the graph it was written in (a method call's
// instance is read there: `SELF` is the *caller's* self), so the frames of
// all the original calls are computed before anything moves; a cloned call
// is mapped back to its original to find its frame.
//
//===----------------------------------------------------------------------===//

#include "tg/IR/CallStack.h"
#include "tg/IR/TGOps.h"
#include "tg/Passes/Passes.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/RegionKindInterface.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Transforms/InliningUtils.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FormatVariadic.h"

#include <optional>

namespace tg {
#define GEN_PASS_DEF_TGINLINE
#include "tg/Passes/Passes.h.inc"
} // namespace tg

using namespace mlir;
using namespace tg;

namespace {

/// A call to inline, with the frame computed where it was written.
struct CallSite {
  Operation *op;
  GraphOp callee;
  FrameAttr frame;
};

/// Everything the pass learns before it changes anything.
struct CallGraph {
  /// The calls written in each graph, in walk order.
  llvm::DenseMap<Operation *, SmallVector<CallSite, 4>> calls;
  /// The graphs reachable from the entry, callees before callers.
  SmallVector<GraphOp> postOrder;
};

/// A call to inline into the graph being flattened.
struct PendingCall {
  /// The call op there: an original call, or a clone of one.
  Operation *op;
  /// The original call: its callee, frame and location.
  const CallSite *site;
  /// The location the enclosing inlined call had (the chain of all the
  /// callers), or null for a call written in the graph being flattened.
  LocationAttr callerChain;
};

/// The calls written in a reachable graph. Never inserts: the worklist
/// points into these vectors.
static const SmallVector<CallSite, 4> &getCalls(const CallGraph &callGraph,
                                                GraphOp graph) {
  auto it = callGraph.calls.find(graph);
  assert(it != callGraph.calls.end() && "graph not reached from the entry");
  return it->second;
}

static FlatSymbolRefAttr getCalleeRef(Operation *op) {
  if (auto call = dyn_cast<CallMethodOp>(op))
    return call.getCalleeAttr();
  return cast<CallOp>(op).getCalleeAttr();
}

/// The record of an inlined call that brought no op into the graph, at
/// `origin` (the call's location stacked onto its callers' frames): nothing
/// else would carry it.
static Location makeEmptyCallRecord(Operation *call, Location origin) {
  auto record =
      OriginRecordAttr::get(call->getContext(), "eliminated", "tg-inline",
                            call->getName().getStringRef(), LocationAttr());
  return makeOriginRecord(record, origin);
}

/// Appends the records of `records` to `graph`'s location.
static void appendRecords(GraphOp graph, ArrayRef<Location> records) {
  if (!records.empty())
    graph->setLoc(appendOriginRecords(graph->getLoc(), records));
}

/// The static tensor types torch-to-tg recorded from PyTorch's run on example
/// inputs (`tg.example_types`, written by
/// python/tracegraph/torch/example_types.py): per call path (call ordinals from
/// the entry, joined by '.'; "entry" for the entry graph itself) and op ordinal
/// (pre-order in the graph as written), the type of each result. Applied while
/// flattening, when the call path of every cloned op is known.
class ExampleTypes {
public:
  static constexpr llvm::StringLiteral kAttrName = "tg.example_types";

  explicit ExampleTypes(DictionaryAttr table) : table(table) {}

  /// The ordinal of `call` among the tg.call_method / tg.call ops of
  /// `graph`, in pre-order.
  unsigned getCallOrdinal(GraphOp graph, Operation *call) {
    auto &ordinals = callOrdinals[graph];
    if (ordinals.empty())
      graph.walk<WalkOrder::PreOrder>([&](Operation *op) {
        if (isa<CallMethodOp, CallOp>(op))
          ordinals.try_emplace(op, ordinals.size());
      });
    return ordinals.lookup(call);
  }

  /// Gives `clone` (a copy of `original`, an op of `graph`, reached by
  /// `path`) the recorded types of its results.
  void apply(Operation *clone, StringRef path, GraphOp graph,
             Operation *original) {
    auto entries = table.getAs<DictionaryAttr>(path);
    if (!entries)
      return;
    auto &ordinals = getOpOrdinals(graph);
    checkRecordedGraph(entries, path, graph, ordinals.size());
    auto it = ordinals.find(original);
    if (mismatch || it == ordinals.end())
      return;
    setTypes(clone->getResults(),
             entries.getAs<ArrayAttr>(std::to_string(it->second)));
    // Regions cloned with the op (the flattening out of order); in order,
    // they are built after this call: applyToBlockArguments.
    setBlockArgumentTypes(clone, entries, it->second);
  }

  /// Gives the entry blocks of `clone`'s regions, once built, the recorded
  /// types of their arguments (see `apply`).
  void applyToBlockArguments(Operation *clone, StringRef path, GraphOp graph,
                             Operation *original) {
    auto entries = table.getAs<DictionaryAttr>(path);
    if (!entries || mismatch)
      return;
    auto &ordinals = getOpOrdinals(graph);
    auto it = ordinals.find(original);
    if (it != ordinals.end())
      setBlockArgumentTypes(clone, entries, it->second);
  }

  /// Types the entry graph in place: its ops and arguments, then its
  /// signature once flattened (`finishEntry`).
  void applyToEntry(GraphOp entry) {
    auto entries = table.getAs<DictionaryAttr>("entry");
    if (!entries)
      return;
    checkRecordedGraph(entries, "entry", entry, getOpOrdinals(entry).size());
    if (mismatch)
      return;
    unsigned ordinal = 0;
    entry.getBody().walk<WalkOrder::PreOrder>([&](Operation *op) {
      setBlockArgumentTypes(op, entries, ordinal);
      setTypes(op->getResults(),
               entries.getAs<ArrayAttr>(std::to_string(ordinal++)));
    });
    setTypes(entry.getArguments(), entries.getAs<ArrayAttr>("args"));
    bindDefaults(entry, entries.getAs<ArrayAttr>("args"));
  }

  /// The arguments the example run left at their default (a constant in
  /// the table, where a tensor has its type: `unit` for None, `true`,
  /// `3 : i64`, ...): their uses read that constant, as in a caller that
  /// passes nothing, so the branches that test them fold. The argument
  /// stays in the signature.
  static void bindDefaults(GraphOp entry, ArrayAttr args) {
    if (!args)
      return;
    Block &body = entry.getBody().front();
    auto builder = OpBuilder::atBlockBegin(&body);
    for (auto [arg, attr] : llvm::zip(body.getArguments(), args)) {
      if (!isa<UnitAttr, BoolAttr, IntegerAttr, FloatAttr, StringAttr>(attr) ||
          !isa<ValueType>(arg.getType()) || arg.use_empty())
        continue;
      auto value =
          ConstantOp::create(builder, arg.getLoc(), arg.getType(), attr);
      arg.replaceAllUsesWith(value.getResult());
    }
  }

  /// The error for a graph that is not the one the table was recorded for,
  /// if any: its ops were rewritten since import (--tg-decompose,
  /// --tg-fuse-elementwise, a canonicalization that hoists constants, before
  /// --tg-inline), so the table's ordinals name other ops, and typing them
  /// would be silently wrong.
  LogicalResult reportMismatch(ModuleOp module) {
    if (!mismatch)
      return success();
    InFlightDiagnostic diag = emitError(module.getLoc(), "tg-inline: ");
    diag << kAttrName << " was recorded for " << mismatch->expected
         << " ops of " << mismatch->graph.getSymNameAttr() << " (call path '"
         << mismatch->path << "'), ";
    if (mismatch->expected != int64_t(mismatch->found))
      diag << "which now has " << mismatch->found;
    else
      diag << "which now has other ops or another order (its signature is "
           << mismatch->foundSignature << ", not " << mismatch->signature
           << ")";
    diag << ": its ops were rewritten after import; run --tg-inline on the "
            "IR as imported (before --tg-decompose, --tg-fuse-elementwise and "
            "other rewrites)";
    return diag;
  }

  /// The entry graph's signature from its arguments and returned values.
  static void finishEntry(GraphOp entry) {
    SmallVector<Type> results;
    entry.walk([&](ReturnOp ret) {
      if (ret->getParentOp() == entry)
        llvm::append_range(results, ret.getOperandTypes());
    });
    entry.setFunctionType(FunctionType::get(
        entry.getContext(), entry.getBody().getArgumentTypes(), results));
  }

private:
  /// Pre-order ordinals of the ops of `graph` as it is now.
  llvm::DenseMap<Operation *, unsigned> &getOpOrdinals(GraphOp graph) {
    auto &ordinals = opOrdinals[graph];
    if (ordinals.empty())
      graph.getBody().walk<WalkOrder::PreOrder>(
          [&](Operation *op) { ordinals.try_emplace(op, ordinals.size()); });
    return ordinals;
  }

  /// Compares a path's recorded op count and signature (`ops` and
  /// `signature`, written since the table carries them) with its graph's;
  /// keeps the first mismatch.
  void checkRecordedGraph(DictionaryAttr entries, StringRef path, GraphOp graph,
                          size_t found) {
    auto expected = entries.getAs<IntegerAttr>("ops");
    if (!expected || mismatch)
      return;
    auto signature = entries.getAs<StringAttr>("signature");
    std::string foundSignature =
        signature ? getSignature(graph) : std::string();
    if (expected.getInt() == int64_t(found) &&
        (!signature || signature.getValue() == foundSignature))
      return;
    mismatch = Mismatch{graph,
                        path.str(),
                        expected.getInt(),
                        found,
                        signature ? signature.getValue().str() : "",
                        foundSignature};
  }

  /// The FNV-1a 64 hash of each op's name in pre-order, one per line
  /// (`tg.op` with its operator: `tg.op:aten::relu`), in hex: what the
  /// importer computes of the graph as written (torchscript.py,
  /// `_op_signature`). Memoized per graph.
  std::string getSignature(GraphOp graph) {
    std::string &memo = signatures[graph];
    if (!memo.empty())
      return memo;
    uint64_t hash = 0xcbf29ce484222325ULL;
    auto add = [&](StringRef text) {
      for (unsigned char byte : text) {
        hash ^= byte;
        hash *= 0x100000001b3ULL;
      }
    };
    graph.getBody().walk<WalkOrder::PreOrder>([&](Operation *op) {
      add(op->getName().getStringRef());
      if (auto traced = dyn_cast<TracedOp>(op)) {
        add(":");
        add(traced.getName());
      }
      add("\n");
    });
    memo = llvm::formatv("{0:x-16}", hash).str();
    return memo;
  }

  struct Mismatch {
    GraphOp graph;
    std::string path;
    int64_t expected;
    size_t found;
    std::string signature, foundSignature;
  };
  llvm::DenseMap<Operation *, std::string> signatures;
  std::optional<Mismatch> mismatch;

  /// The recorded types of the arguments of `op`'s regions' entry blocks
  /// ("<ordinal>.r<region>": a loop's carried values, where every iteration
  /// of the example run saw the same type).
  static void setBlockArgumentTypes(Operation *op, DictionaryAttr entries,
                                    unsigned ordinal) {
    for (auto [index, region] : llvm::enumerate(op->getRegions()))
      if (!region.empty())
        setTypes(region.front().getArguments(),
                 entries.getAs<ArrayAttr>(std::to_string(ordinal) + ".r" +
                                          std::to_string(index)));
  }

  /// Sets the tensor types of `types` (`none` entries skip a value).
  template <typename Values>
  static void setTypes(Values values, ArrayAttr types) {
    if (!types)
      return;
    for (auto [value, attr] : llvm::zip(values, types)) {
      auto type = dyn_cast<TypeAttr>(attr);
      if (type && isa<RankedTensorType>(type.getValue()) &&
          isa<TracedTensorType, TensorType>(value.getType()))
        value.setType(type.getValue());
    }
  }

  DictionaryAttr table;
  llvm::DenseMap<Operation *, llvm::DenseMap<Operation *, unsigned>>
      callOrdinals, opOrdinals;
};

static std::string quoted(GraphOp graph) {
  return ("@\"" + graph.getSymName() + "\"").str();
}

struct InlinePass : public tg::impl::TGInlineBase<InlinePass> {
  using Base::Base;

  void runOnOperation() override;

private:
  FailureOr<GraphOp> chooseEntry(ModuleOp module, SymbolTable &symbols);
  LogicalResult collectCalls(GraphOp graph, SymbolTable &symbols,
                             CallGraph &callGraph);
  LogicalResult visit(GraphOp graph, SymbolTable &symbols, CallGraph &callGraph,
                      llvm::DenseMap<Operation *, unsigned> &state,
                      SmallVectorImpl<CallSite> &path);
  LogicalResult checkInlinable(GraphOp callee, InlinerInterface &interface);
  LogicalResult checkCallSites(GraphOp entry, CallGraph &callGraph,
                               InlinerInterface &interface);
  std::optional<ExampleTypes> takeExampleTypes(ModuleOp module, bool inOrder);
  std::optional<llvm::DenseSet<StringAttr>>
  getUsedSymbols(ModuleOp module, CallGraph &callGraph);
  LogicalResult flatten(GraphOp graph, CallGraph &callGraph,
                        InlinerInterface &interface);
  void flattenInOrder(GraphOp graph, CallGraph &callGraph,
                      ExampleTypes *types = nullptr);
  /// Replaces each `tg.get_attr` of the flattened entry whose instance path
  /// and attribute `table` (the importer's `tg.instance_attributes`) names
  /// by a `tg.constant` of that value, at the read's location.
  void resolveInstanceAttributes(GraphOp entry, DictionaryAttr table);
  static constexpr llvm::StringLiteral kInstanceAttributesAttrName =
      "tg.instance_attributes";
};

} // namespace

FailureOr<GraphOp> InlinePass::chooseEntry(ModuleOp module,
                                           SymbolTable &symbols) {
  if (!entry.empty()) {
    auto graph = symbols.lookup<GraphOp>(entry);
    if (!graph) {
      InFlightDiagnostic diag = emitError(module.getLoc(), "tg-inline: entry=")
                                << entry << " names no tg.graph in this module";
      if (Operation *other = symbols.lookup(entry))
        diag << " (it names a '" << other->getName() << "')";
      return diag;
    }
    return graph;
  }

  SmallVector<GraphOp> marked;
  for (GraphOp graph : module.getOps<GraphOp>())
    if (graph.isEntry())
      marked.push_back(graph);
  if (marked.size() == 1)
    return marked.front();
  if (marked.size() > 1) {
    InFlightDiagnostic diag = emitError(
        module.getLoc(), "tg-inline: several graphs are marked tg.entry (");
    llvm::interleaveComma(marked, diag, [&](GraphOp g) { diag << quoted(g); });
    return diag << "); pass entry=<graph> to choose one";
  }

  // The only graph nobody calls is the entry.
  llvm::DenseSet<StringAttr> called;
  module.walk([&](Operation *op) {
    if (isa<CallMethodOp, CallOp>(op))
      called.insert(getCalleeRef(op).getAttr());
  });
  SmallVector<GraphOp> roots;
  for (GraphOp graph : module.getOps<GraphOp>())
    if (!called.contains(graph.getSymNameAttr()))
      roots.push_back(graph);
  if (roots.size() == 1)
    return roots.front();
  InFlightDiagnostic diag =
      emitError(module.getLoc(), "tg-inline: cannot choose the entry graph: ");
  if (roots.empty()) {
    diag << "every graph is called by another one";
  } else {
    diag << roots.size() << " graphs are called by no other graph (";
    llvm::interleaveComma(roots, diag, [&](GraphOp g) { diag << quoted(g); });
    diag << ")";
  }
  return diag << "; mark the entry with tg.entry or pass entry=<graph>";
}

LogicalResult InlinePass::collectCalls(GraphOp graph, SymbolTable &symbols,
                                       CallGraph &callGraph) {
  MLIRContext *ctx = &getContext();
  SmallVector<CallSite, 4> &sites = callGraph.calls[graph];
  WalkResult result = graph.getBody().walk([&](Operation *op) {
    if (!isa<CallMethodOp, CallOp>(op))
      return WalkResult::advance();
    FlatSymbolRefAttr ref = getCalleeRef(op);
    Operation *target = symbols.lookup(ref.getValue());
    auto callee = dyn_cast_or_null<GraphOp>(target);
    if (!callee) {
      op->emitError("cannot inline a call of ")
          << ref << ": " << (target ? "not a tg.graph" : "no such graph");
      return WalkResult::interrupt();
    }
    // PyTorch's inlineCallTo: module information only for method calls.
    FrameAttr frame;
    if (auto method = dyn_cast<CallMethodOp>(op))
      frame = FrameAttr::get(ctx, method.getInstanceName(),
                             callee.getClassName(), callee.getMethodName());
    else
      frame = FrameAttr::get(ctx, "", "", callee.getMethodName());
    sites.push_back({op, callee, frame});
    return WalkResult::advance();
  });
  return failure(result.wasInterrupted());
}

/// Depth-first over the call graph: 1 = on the current path, 2 = done.
LogicalResult InlinePass::visit(GraphOp root, SymbolTable &symbols,
                                CallGraph &callGraph,
                                llvm::DenseMap<Operation *, unsigned> &state,
                                SmallVectorImpl<CallSite> &path) {
  // An explicit stack rather than recursion: call graphs 10,000 methods deep
  // are legitimate input and must not overflow the native stack. `path[i]`
  // is the call that led from stack[i] to stack[i + 1].
  struct Frame {
    GraphOp graph;
    size_t nextSite;
  };
  SmallVector<Frame, 16> stack;
  auto enter = [&](GraphOp graph) {
    state[graph] = 1;
    if (failed(collectCalls(graph, symbols, callGraph)))
      return failure();
    stack.push_back({graph, 0});
    return success();
  };
  if (failed(enter(root)))
    return failure();
  while (!stack.empty()) {
    Frame &top = stack.back();
    const SmallVector<CallSite, 4> &sites = callGraph.calls[top.graph];
    if (top.nextSite == sites.size()) {
      state[top.graph] = 2;
      callGraph.postOrder.push_back(top.graph);
      stack.pop_back();
      if (!stack.empty())
        path.pop_back();
      continue;
    }
    // Copy: entering a callee adds entries to the map.
    CallSite site = sites[top.nextSite++];
    unsigned calleeState = state.lookup(site.callee);
    if (calleeState == 2)
      continue;
    if (calleeState == 1) {
      // Name the cycle from the graph that closes it, through every call.
      InFlightDiagnostic diag =
          site.op->emitError("recursive calls cannot be inlined: ");
      auto start = llvm::find_if(path, [&](const CallSite &s) {
        return s.op->getParentOfType<GraphOp>() == site.callee;
      });
      diag << quoted(site.callee);
      for (const CallSite &s : llvm::make_range(start, path.end()))
        diag << " -> " << quoted(s.callee);
      diag << " -> " << quoted(site.callee);
      return failure();
    }
    path.push_back(site);
    if (failed(enter(site.callee)))
      return failure();
  }
  return success();
}

LogicalResult InlinePass::checkInlinable(GraphOp callee,
                                         InlinerInterface &interface) {
  Region &body = callee.getBody();
  if (!body.hasOneBlock())
    return callee.emitError("cannot inline ")
           << quoted(callee) << ": its body has " << body.getBlocks().size()
           << " blocks";
  // The check mlir::inlineCall makes, done up front so that a failure
  // leaves the module untouched.
  IRMapping mapping;
  WalkResult result = body.walk([&](Operation *op) {
    if (interface.isLegalToInline(op, &body, /*wouldBeCloned=*/true, mapping))
      return WalkResult::advance();
    op->emitError("cannot inline ") << quoted(callee) << ": '" << op->getName()
                                    << "' has no inliner interface";
    return WalkResult::interrupt();
  });
  return failure(result.wasInterrupted());
}

/// Whether every reachable call can be inlined by flattenInOrder with the
/// result mlir::inlineCall gives: its operand and result types are the
/// callee's (no conversion to materialize), the callee ends in a tg.return
/// with one operand per result, and every region nested in the callee is a
/// single-block SSA region, where values are defined before their uses in
/// op order (flattenInOrder maps operands as it goes, where
/// Region::cloneInto creates all ops before setting any operand).
static bool canFlattenInOrder(const CallGraph &callGraph) {
  llvm::DenseSet<Operation *> checked;
  for (GraphOp graph : callGraph.postOrder) {
    for (const CallSite &site : getCalls(callGraph, graph)) {
      GraphOp callee = site.callee;
      Block &body = callee.getBody().front();
      if (!llvm::equal(site.op->getOperandTypes(), body.getArgumentTypes()) ||
          !llvm::equal(site.op->getResultTypes(), callee.getResultTypes()))
        return false;
      auto ret = dyn_cast<ReturnOp>(body.back());
      if (!ret || ret->getNumOperands() != site.op->getNumResults())
        return false;
      if (!checked.insert(callee).second)
        continue;
      WalkResult simple = body.walk([](Operation *op) {
        for (Region &region : op->getRegions())
          if (!region.empty() &&
              (!region.hasOneBlock() || mayBeGraphRegion(region)))
            return WalkResult::interrupt();
        return WalkResult::advance();
      });
      if (simple.wasInterrupted())
        return false;
    }
  }
  return true;
}

void InlinePass::runOnOperation() {
  ModuleOp module = getOperation();
  // A module without graphs has nothing to inline, unless entry= names one:
  // entry=f on a module of func.func ops did nothing, exit 0.
  if (module.getOps<GraphOp>().empty() && entry.empty())
    return;
  SymbolTable symbols(module);
  FailureOr<GraphOp> entryGraph = chooseEntry(module, symbols);
  if (failed(entryGraph))
    return signalPassFailure();

  CallGraph callGraph;
  llvm::DenseMap<Operation *, unsigned> state;
  SmallVector<CallSite> path;
  if (failed(visit(*entryGraph, symbols, callGraph, state, path)))
    return signalPassFailure();
  InlinerInterface interface(&getContext());
  if (failed(checkCallSites(*entryGraph, callGraph, interface)))
    return signalPassFailure();

  // Inputs as tracers write them are flattened by copying op by op in
  // program order; anything else takes MLIR's inliner (same IR).
  bool inOrder = cloneInOrder && canFlattenInOrder(callGraph);
  // Which graphs stay is decided before the entry is flattened: its copies
  // of the reachable graphs' ops use what those graphs use, and walking the
  // whole inlined model for symbol uses was half of the pass (100K generated
  // ops: 317M of its 612M instructions, against the callers' few thousand
  // ops as written).
  std::optional<llvm::DenseSet<StringAttr>> used;
  if (removeDeadGraphs)
    used = getUsedSymbols(module, callGraph);
  auto flattenGraph = [&](GraphOp graph) {
    if (!inOrder)
      return flatten(graph, callGraph, interface);
    flattenInOrder(graph, callGraph);
    return success();
  };
  if (std::optional<ExampleTypes> types = takeExampleTypes(module, inOrder)) {
    types->applyToEntry(*entryGraph);
    if (failed(types->reportMismatch(module)))
      return signalPassFailure();
    flattenInOrder(*entryGraph, callGraph, &*types);
    if (failed(types->reportMismatch(module)))
      return signalPassFailure();
    ExampleTypes::finishEntry(*entryGraph);
  } else if (failed(flattenGraph(*entryGraph))) {
    return signalPassFailure();
  }

  // The other reachable graphs are still as written. Those that stay (all
  // with remove-dead-graphs=false, else those still referenced) are
  // flattened as well; the rest are erased.
  auto isKept = [&](GraphOp graph) {
    return !used || used->contains(graph.getSymNameAttr());
  };
  // Callers before callees (the reverse of a post-order is a topological
  // order), so that a graph is still as written when it is inlined.
  for (GraphOp graph : llvm::reverse(callGraph.postOrder))
    if (graph != *entryGraph && isKept(graph) && failed(flattenGraph(graph)))
      return signalPassFailure();
  SmallVector<GraphOp> flattened;
  for (GraphOp graph : callGraph.postOrder) {
    if (graph == *entryGraph || isKept(graph))
      flattened.push_back(graph);
    else
      graph.erase();
  }
  // Attributes whose value depends on the instance are known now that each
  // read names its instance path; flags passed down as arguments (`inplace`)
  // are constants: resolve the control flow on them, so that fusion sees
  // the ops they guarded.
  if (foldControlFlow) {
    if (auto table =
            module->getAttrOfType<DictionaryAttr>(kInstanceAttributesAttrName))
      resolveInstanceAttributes(*entryGraph, table);
    for (GraphOp graph : flattened)
      (void)foldConstantControlFlow(graph, getArgument());
  }
}

/// Checks, before anything changes, that every reachable callee can be
/// inlined, and that the region around each call accepts inlined code too (a
/// call nested in another dialect's op may not).
LogicalResult InlinePass::checkCallSites(GraphOp entry, CallGraph &callGraph,
                                         InlinerInterface &interface) {
  for (GraphOp graph : callGraph.postOrder)
    if (graph != entry && failed(checkInlinable(graph, interface)))
      return failure();
  for (GraphOp graph : callGraph.postOrder) {
    for (CallSite site : callGraph.calls[graph]) {
      IRMapping mapping;
      Region *dest = site.op->getParentRegion();
      if (interface.isLegalToInline(dest, &site.callee.getBody(),
                                    /*wouldBeCloned=*/true, mapping))
        continue;
      return site.op->emitError("cannot inline ")
             << quoted(site.callee) << " into '"
             << dest->getParentOp()->getName() << "'";
    }
  }
  return success();
}

/// The static types from example inputs (`tg.example_types`, removed from
/// the module), which apply to the program flattened from the entry, where
/// each op's call path is known: only when callee bodies are copied in
/// order (a warning otherwise, and the types are dropped).
std::optional<ExampleTypes> InlinePass::takeExampleTypes(ModuleOp module,
                                                         bool inOrder) {
  auto table = module->getAttrOfType<DictionaryAttr>(ExampleTypes::kAttrName);
  if (!table)
    return std::nullopt;
  module->removeAttr(ExampleTypes::kAttrName);
  if (inOrder)
    return ExampleTypes(table);
  emitWarning(module.getLoc(), "tg-inline: ")
      << ExampleTypes::kAttrName
      << " is applied only when callee bodies are copied in order "
         "(clone-in-order); the types are dropped";
  return std::nullopt;
}

/// The symbols still referenced once every reachable graph is flat (read
/// before any is: flattening copies ops and their uses into the entry, and
/// drops only the calls of reachable graphs, which are not counted), or
/// nullopt when uses cannot be known (an unregistered op may hold a symbol
/// table): then every graph is kept rather than erase one that is still
/// referenced.
std::optional<llvm::DenseSet<StringAttr>>
InlinePass::getUsedSymbols(ModuleOp module, CallGraph &callGraph) {
  auto uses = SymbolTable::getSymbolUses(&module.getBodyRegion());
  if (!uses)
    return std::nullopt;
  llvm::DenseSet<Operation *> reachable;
  for (GraphOp graph : callGraph.postOrder)
    reachable.insert(graph);
  llvm::DenseSet<StringAttr> used;
  for (const SymbolTable::SymbolUse &use : *uses) {
    // The calls in the reachable graphs go, and whatever else they hold is
    // in the entry now (or will be), so counting it again changes nothing.
    Operation *user = use.getUser();
    if (isa<CallMethodOp, CallOp>(user))
      if (auto graph = user->getParentOfType<GraphOp>();
          graph && reachable.contains(graph))
        continue;
    used.insert(use.getSymbolRef().getRootReference());
  }
  return used;
}

/// The path of the module instance `value` holds, from the entry graph's
/// `self` through `tg.get_submodule` reads (`features.1.conv`; "" for self),
/// or nullopt when it is not such a chain.
static std::optional<std::string>
getInstancePath(Value value, BlockArgument self,
                llvm::DenseMap<Value, std::optional<std::string>> &memo) {
  if (value == self)
    return std::string();
  auto it = memo.find(value);
  if (it != memo.end())
    return it->second;
  std::optional<std::string> path;
  if (auto read = value.getDefiningOp<GetSubmoduleOp>()) {
    if (std::optional<std::string> parent =
            getInstancePath(read.getParent(), self, memo))
      path = parent->empty() ? read.getName().str()
                             : *parent + "." + read.getName().str();
  }
  memo[value] = path;
  return path;
}

void InlinePass::resolveInstanceAttributes(GraphOp entry,
                                           DictionaryAttr table) {
  BlockArgument self = entry.getSelf();
  if (!self)
    return;
  llvm::DenseMap<Value, std::optional<std::string>> memo;
  SmallVector<GetAttrOp> reads;
  entry.walk([&](GetAttrOp read) { reads.push_back(read); });
  for (GetAttrOp read : reads) {
    std::optional<std::string> path =
        getInstancePath(read.getParent(), self, memo);
    if (!path)
      continue;
    auto attributes = table.getAs<DictionaryAttr>(*path);
    Attribute value = attributes ? attributes.get(read.getName()) : nullptr;
    if (!value)
      continue;
    // The constant takes the read's place and its location: the origin
    // stays on an op.
    OpBuilder builder(read);
    auto constant = ConstantOp::create(builder, read.getLoc(),
                                       read.getResult().getType(), value);
    read.getResult().replaceAllUsesWith(constant.getResult());
    read.erase();
  }
}

LogicalResult InlinePass::flatten(GraphOp graph, CallGraph &callGraph,
                                  InlinerInterface &interface) {
  SmallVector<PendingCall> worklist;
  // Reversed, so that calls are popped (and inlined) in program order.
  for (const CallSite &site : llvm::reverse(getCalls(callGraph, graph)))
    worklist.push_back({site.op, &site, LocationAttr()});

  // MLIR's default clone step (mlir/Transforms/Inliner.h), always cloning:
  // a callee may be inlined many times. It also picks out the clones of the
  // callee's calls, which are inlined next.
  const SmallVector<CallSite, 4> *calleeSites = nullptr;
  SmallVector<Operation *> clonedCalls;
  auto cloneCallback = [&](OpBuilder &builder, Region *src, Block *inlineBlock,
                           Block *postInsertBlock, IRMapping &mapper,
                           bool shouldCloneInlinedRegion) {
    src->cloneInto(inlineBlock->getParent(), postInsertBlock->getIterator(),
                   mapper);
    for (const CallSite &site : *calleeSites)
      clonedCalls.push_back(mapper.lookup(site.op));
  };

  SmallVector<Location> records;
  while (!worklist.empty()) {
    PendingCall call = worklist.pop_back_val();
    const CallSite &site = *call.site;
    GraphOp callee = site.callee;
    // MLIR's inliner stacks the callee's locations onto the call's
    // location: give the call, for the duration, its frame location (read
    // from the original call, whose location is as written) under the chain
    // of its callers, which is what inlining the flattened callee would
    // have built. A frame already on the call (written for upstream
    // -inline) is replaced by the one computed from the IR, not nested in
    // it.
    Location callLoc = call.op->getLoc();
    Location frameLoc =
        getFrameLoc(site.frame, matchFrameLoc(site.op->getLoc()).callLoc);
    call.op->setLoc(call.callerChain
                        ? Location(CallSiteLoc::get(frameLoc, call.callerChain))
                        : frameLoc);
    calleeSites = &getCalls(callGraph, site.callee);
    clonedCalls.clear();
    // Inline in a block of its own, then splice the result back. MLIR splits
    // the call's block after the call and merges it back, moving (and
    // re-parenting) every op after the call; top-down, every call is inlined
    // into the graph being flattened, so in place that would be quadratic in
    // its size (a fifth of the time at 1M ops).
    Block *block = call.op->getBlock();
    Block::iterator next = std::next(call.op->getIterator());
    auto *scratch = new Block();
    block->getParent()->getBlocks().insertAfter(block->getIterator(), scratch);
    call.op->moveBefore(scratch, scratch->end());
    if (failed(inlineCall(
            interface, cloneCallback, cast<CallOpInterface>(call.op),
            cast<CallableOpInterface>(callee.getOperation()), &callee.getBody(),
            /*shouldCloneInlinedRegion=*/true))) {
      call.op->moveBefore(block, next);
      scratch->erase();
      call.op->setLoc(callLoc);
      // Reported on the call as written, as when callees were flattened
      // first.
      site.op->emitError("MLIR's inliner could not inline ")
          << quoted(site.callee);
      return failure();
    }
    LocationAttr chain = call.op->getLoc();
    // As in flattenInOrder: a call that brought nothing (the call is alone in
    // its scratch block) is recorded, before it is erased.
    if (&scratch->front() == call.op && &scratch->back() == call.op)
      records.push_back(makeEmptyCallRecord(call.op, callLoc));
    call.op->erase();
    block->getOperations().splice(next, scratch->getOperations());
    scratch->erase();
    for (size_t i = clonedCalls.size(); i-- > 0;)
      worklist.push_back({clonedCalls[i], &(*calleeSites)[i], chain});
  }
  appendRecords(graph, records);
  return success();
}

/// One inlined call being expanded: how the callee's values map into the
/// flattened graph, and the location chain its ops are stacked onto.
struct InOrderLevel {
  IRMapping mapper;
  Location chain;
  Operation *call;
  /// Whether the call brought any op (or call) into the graph.
  bool emitted;
  /// The callee, and the call path that reaches it (call ordinals joined
  /// by '.'), for the example types (ExampleTypes).
  GraphOp callee;
  std::string path;
};
/// A source block being copied: into `dest`, before `before` (null: at
/// the end), for the call at `level`. `body` is the callee's body block,
/// whose tg.return ends the call.
struct InOrderCursor {
  Block::iterator next, end;
  Block *dest;
  Operation *before;
  size_t level;
  bool body;
};

/// The callee's terminator `ret` ends the call of `levels[index]`: its
/// operands replace the call's results (in the graph for a call of the graph
/// itself, else in the caller's mapping). A call that brought nothing (the
/// callee returns its arguments or constants it does not compute here)
/// leaves no op to carry its location as a frame: it is recorded.
static void finishInOrderCall(ArrayRef<std::unique_ptr<InOrderLevel>> levels,
                              size_t index, Operation &ret,
                              SmallVectorImpl<Location> &records) {
  InOrderLevel &level = *levels[index];
  InOrderLevel *caller = index == 0 ? nullptr : levels[index - 1].get();
  if (!level.emitted)
    records.push_back(makeEmptyCallRecord(
        level.call, caller ? stackLocations(level.call->getLoc(), caller->chain)
                           : level.call->getLoc()));
  for (auto [result, value] :
       llvm::zip_equal(level.call->getResults(), ret.getOperands())) {
    Value replacement = level.mapper.lookupOrDefault(value);
    if (caller)
      caller->mapper.map(result, replacement);
    else
      result.replaceAllUsesWith(replacement);
  }
}

/// Gives `clone` (a copy of `op` without its regions) one empty block per
/// region of `op`, with `op`'s block arguments mapped and stacked onto the
/// call's chain, and a cursor for each, so that they are filled before the
/// next op (single blocks, checked by canFlattenInOrder).
static void pushInOrderRegions(Operation &op, Operation *clone,
                               InOrderLevel &level, size_t levelIndex,
                               SmallVectorImpl<InOrderCursor> &cursors) {
  for (unsigned i = op.getNumRegions(); i-- > 0;) {
    Region &region = op.getRegion(i);
    if (region.empty())
      continue;
    Block &block = region.front();
    auto *copy = new Block();
    clone->getRegion(i).push_back(copy);
    level.mapper.map(&block, copy);
    for (BlockArgument arg : block.getArguments())
      level.mapper.map(
          arg, copy->addArgument(arg.getType(),
                                 stackLocations(arg.getLoc(), level.chain)));
    cursors.push_back(
        {block.begin(), block.end(), copy, nullptr, levelIndex, false});
  }
}

// The same IR as flatten() (each op cloned once, with MLIR's stacked location,
// results forwarded as tg::TGInlinerInterface::handleTerminator does), but
// built in program order: each call is expanded where it stands, recursively,
// and an op's regions are filled before the next op, instead of cloning a
// whole callee body and then the bodies of the calls it brought along. Ops
// are therefore allocated in the order every later walk visits them, with
// their operands in the op (Region::cloneInto sets them after creating the
// op, which moves them to a separate allocation). At 1M ops the
// callee-body-at-a-time order made a plain walk ~4x slower per op than on the
// same IR read from bytecode, and every later stage, and the verifier after
// each pass, walk the IR.
void InlinePass::flattenInOrder(GraphOp graph, CallGraph &callGraph,
                                ExampleTypes *types) {
  using Level = InOrderLevel;
  using Cursor = InOrderCursor;
  llvm::DenseMap<Operation *, const CallSite *> siteOf;
  for (auto &entry : callGraph.calls)
    for (const CallSite &site : entry.second)
      siteOf[site.op] = &site;

  // Explicit stacks, as in visit(): call chains 10,000 deep are legitimate
  // input. Levels are reused across calls so their mappers keep their
  // buckets.
  SmallVector<std::unique_ptr<Level>> levels;
  size_t depth = 0;
  SmallVector<Cursor> cursors;
  auto push = [&](Operation *call, const CallSite &site, Location chain,
                  Block *dest, Operation *before, IRMapping *outer) {
    if (depth == levels.size())
      levels.push_back(std::make_unique<Level>(
          Level{IRMapping(), chain, nullptr, false, GraphOp(), std::string()}));
    Level &level = *levels[depth];
    GraphOp callee = site.callee;
    Block &body = callee.getBody().front();
    level.mapper.clear();
    level.chain = chain;
    level.call = call;
    level.emitted = false;
    level.callee = callee;
    if (types) {
      // The path of this call: its caller's path and its ordinal among the
      // calls of the caller's graph.
      GraphOp caller = depth == 0 ? graph : levels[depth - 1]->callee;
      std::string ordinal = std::to_string(types->getCallOrdinal(caller, call));
      level.path =
          depth == 0 ? ordinal : levels[depth - 1]->path + "." + ordinal;
    }
    for (auto [arg, operand] :
         llvm::zip_equal(body.getArguments(), call->getOperands()))
      level.mapper.map(arg, outer ? outer->lookupOrDefault(operand) : operand);
    cursors.push_back({body.begin(), body.end(), dest, before, depth, true});
    ++depth;
  };
  auto frameChain = [](const CallSite &site, LocationAttr callerChain) {
    Location frameLoc =
        getFrameLoc(site.frame, matchFrameLoc(site.op->getLoc()).callLoc);
    return callerChain ? Location(CallSiteLoc::get(frameLoc, callerChain))
                       : frameLoc;
  };
  auto cloneOptions = Operation::CloneOptions::all().cloneRegions(false);
  SmallVector<Location> records;

  for (const CallSite &top : getCalls(callGraph, graph)) {
    push(top.op, top, frameChain(top, LocationAttr()), top.op->getBlock(),
         top.op, nullptr);
    while (!cursors.empty()) {
      Cursor &cursor = cursors.back();
      if (cursor.next == cursor.end) {
        cursors.pop_back();
        continue;
      }
      Operation &op = *cursor.next++;
      Level &level = *levels[cursor.level];
      if (cursor.body && isa<ReturnOp>(op)) {
        finishInOrderCall(levels, cursor.level, op, records);
        cursors.pop_back();
        --depth;
        continue;
      }
      level.emitted = true;
      if (isa<CallMethodOp, CallOp>(op)) {
        const CallSite &site = *siteOf.lookup(&op);
        push(&op, site, frameChain(site, level.chain), cursor.dest,
             cursor.before, &level.mapper);
        continue;
      }
      // What MLIR's remapInlinedLocations does to an inlined op: every
      // location in it, nested ops and block arguments included, is stacked
      // onto the call's.
      Operation *clone = op.clone(level.mapper, cloneOptions);
      clone->setLoc(stackLocations(op.getLoc(), level.chain));
      if (types)
        types->apply(clone, level.path, level.callee, &op);
      if (cursor.before)
        cursor.dest->getOperations().insert(cursor.before->getIterator(),
                                            clone);
      else
        cursor.dest->push_back(clone);
      if (op.getNumRegions() == 0)
        continue;
      // `cursor` is not used past this point, as pushing may reallocate.
      pushInOrderRegions(op, clone, level, cursor.level, cursors);
      if (types)
        types->applyToBlockArguments(clone, level.path, level.callee, &op);
    }
    top.op->erase();
  }
  appendRecords(graph, records);
}
