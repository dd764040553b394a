//===- ModuleHierarchy.cpp - Module paths of ops --------------------------===//
//
// The --tg-module-hierarchy pass: attaches each op's module paths, computed
// by the IR's module-path API (tg/IR/ModulePath.h).
//
//===----------------------------------------------------------------------===//

#include "tg/IR/ModulePath.h"
#include "tg/IR/TGDialect.h"
#include "tg/Passes/Passes.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/TypeSwitch.h"

namespace tg {
#define GEN_PASS_DEF_TGMODULEHIERARCHY
#include "tg/Passes/Passes.h.inc"
} // namespace tg

using namespace mlir;

namespace {

/// Annotates every op of a module with its module path: the state of one run
/// of --tg-module-hierarchy and its steps, as mlir/lib/Transforms/CSE.cpp
/// keeps CSEDriver.
///
/// An op's path depends only on its function, the frames (instance, class,
/// method) of its caller chain and, in the mobile form, its op name. A path
/// is a #tg.module_path node: the node of the function's head, extended by
/// one node per frame and, in the mobile form, one for the op name. Each
/// caller chain (a call-site location, uniqued by the context) is an entry
/// here, built once from its caller's entry and the piece of text of its own
/// frame; the piece is formatted once per frame attribute, and the node of
/// an entry once per function from its caller's node. Chains with the same
/// frames at other call positions get the same node back from the context's
/// uniquing, which is the only memo of paths. No path is ever built as a
/// whole string, so the pass costs a walk with a hash lookup per new caller
/// chain and O(1) per op, whatever the depth (docs/performance.md). On
/// inlined models nearly every caller chain has frames of its own (1.97M
/// chains, 1.93M distinct frame sequences at 10M ops), so interning frame
/// sequences as well, as an earlier version did, cost two more tables of
/// that size.
class ModulePathAnnotator {
public:
  ModulePathAnnotator(MLIRContext *ctx, tg::ModulePathFormat format,
                      bool emitRemarks)
      : ctx(ctx), format(format), emitRemarks(emitRemarks),
        attrName(StringAttr::get(ctx, tg::kModuleHierarchyAttrName)),
        chains(1) {}

  /// Every function is an entry: a tg.graph, or a func.func of a downstream
  /// compiler's IR, in the module or in a module nested in it (as
  /// --tg-assign-debug-handles and the section cover them). Declarations
  /// have no body to annotate.
  void run(ModuleOp module) { annotateFunctionsIn(module.getBodyRegion()); }

private:
  void annotateFunctionsIn(Region &region) {
    for (Operation &child : region.getOps()) {
      auto func = dyn_cast<FunctionOpInterface>(child);
      if (!func) {
        // Only containers of functions (modules, gpu.module: symbol
        // tables): their own ops are not a function's.
        if (child.hasTrait<OpTrait::SymbolTable>())
          for (Region &nested : child.getRegions())
            annotateFunctionsIn(nested);
        continue;
      }
      if (func.isExternal())
        continue;
      func.getFunctionBody().walk<WalkOrder::PreOrder>([&](Operation *op) {
        // A terminator only hands values back: PyTorch gives it no path.
        if (!op->hasTrait<OpTrait::IsTerminator>())
          annotate(op);
      });
    }
  }

  struct CallerChain {
    unsigned parent = 0;
    StringAttr piece;
    // The node of this chain in function `nodeTop` (ops of one chain are
    // all in one function after inlining; another function rebuilds it).
    Operation *nodeTop = nullptr;
    tg::ModulePathAttr node;
    // The last path and dictionary built for ops of this chain: they
    // mostly share their function and other attributes, so this answers
    // most ops without a table.
    Operation *top = nullptr;
    StringRef opName;
    Attribute path;
    // `after` is `before` with `afterPath` set.
    DictionaryAttr before, after;
    Attribute afterPath;
  };

  /// Sets the path attribute of `op` (and its remark).
  void annotate(Operation *op) {
    unsigned chain = 0;
    Attribute path = getSharedPath(op, chain);
    CallerChain *shared = path ? &chains[chain] : nullptr;
    if (!path)
      path = buildPath(op);
    if (emitRemarks)
      op->emitRemark("module hierarchy: ")
          << llvm::join(tg::getModulePathTexts(path), "; ");
    DictionaryAttr before = op->getDiscardableAttrDictionary();
    if (shared && shared->before == before && shared->afterPath == path) {
      op->setDiscardableAttrs(shared->after);
      return;
    }
    DictionaryAttr after = getDictionaryWithPath(before, path);
    if (shared) {
      shared->before = before;
      shared->after = after;
      shared->afterPath = path;
    }
    op->setDiscardableAttrs(after);
  }

  /// `before` with the path attribute set to `path`.
  DictionaryAttr getDictionaryWithPath(DictionaryAttr before, Attribute path) {
    if (before.empty())
      return DictionaryAttr::getWithSorted(ctx, {{attrName, path}});
    DictionaryAttr &memo = dictMemo[{before, path}];
    if (!memo) {
      NamedAttrList attrs(before);
      attrs.set(attrName, path);
      memo = attrs.getDictionary(ctx);
    }
    return memo;
  }

  /// The entry of a caller chain, or nothing for a chain whose callee side
  /// is itself a chain (not the form tracegraph builds; such ops get their
  /// path built from scratch). Iterative: chains can be thousands of calls
  /// deep.
  std::optional<unsigned> getChainId(Location chain) {
    if (chain.getAsOpaquePointer() == lastChain)
      return lastChainId;
    pending.clear();
    unsigned id = 0;
    for (Location node = chain;;) {
      auto it = chainIds.find(node.getAsOpaquePointer());
      if (it != chainIds.end()) {
        id = it->second;
        break;
      }
      // A name may hide call sites (frames the section counts): such
      // chains are built from scratch, as other uncommon shapes are.
      if (isa<NameLoc>(node))
        return std::nullopt;
      pending.push_back(node);
      auto site = dyn_cast<CallSiteLoc>(node);
      if (!site)
        break;
      if (isa<CallSiteLoc, NameLoc>(site.getCallee()))
        return std::nullopt;
      node = site.getCaller();
    }
    for (Location node : llvm::reverse(pending)) {
      auto site = dyn_cast<CallSiteLoc>(node);
      tg::InlinedFrame frame =
          tg::matchFrameLoc(site ? site.getCallee() : node);
      CallerChain &entry = chains.emplace_back();
      entry.parent = id;
      entry.piece = getPiece(frame);
      id = unsigned(chains.size() - 1);
      chainIds[node.getAsOpaquePointer()] = id;
    }
    lastChain = chain.getAsOpaquePointer();
    lastChainId = id;
    return id;
  }

  /// The text one frame adds to a path, formatted once per frame attribute.
  StringAttr getPiece(const tg::InlinedFrame &frame) {
    StringAttr &text = pieces[frame.frame];
    if (!text) {
      piece.clear();
      tg::appendModulePathFrame(piece, tg::getModulePathFrame(frame), format);
      text = StringAttr::get(ctx, piece);
    }
    return text;
  }

  /// The path node of a caller chain in function `top`: the nodes of its
  /// callers are built first, each once per function (iteratively).
  tg::ModulePathAttr getNode(const tg::EntryFunction &top, unsigned chain) {
    unbuilt.clear();
    tg::ModulePathAttr node;
    for (unsigned id = chain;; id = chains[id].parent) {
      if (chains[id].node && chains[id].nodeTop == top.op) {
        node = chains[id].node;
        break;
      }
      unbuilt.push_back(id);
      if (id == 0)
        break;
    }
    for (unsigned id : llvm::reverse(unbuilt)) {
      StringAttr text =
          id ? chains[id].piece
             : StringAttr::get(ctx, tg::formatModulePathHead(
                                        top.className, top.method, format));
      node = tg::ModulePathAttr::get(ctx, node, text);
      chains[id].nodeTop = top.op;
      chains[id].node = node;
    }
    return node;
  }

  /// The path of an op whose location has one origin and its caller
  /// chain's entry, or null for the other shapes (fused kernels' several
  /// origins, nested callee chains).
  Attribute getSharedPath(Operation *op, unsigned &chainOut) {
    return getSharedPath(op, op->getLoc(), chainOut);
  }

  /// The path of `op` as if `loc` were its location (one origin of a fused
  /// kernel's), or null for the shapes getSharedPath leaves out.
  Attribute getSharedPath(Operation *op, Location loc, unsigned &chainOut) {
    unsigned chain = 0;
    if (auto site = dyn_cast<CallSiteLoc>(loc)) {
      if (isa<CallSiteLoc, NameLoc>(site.getCallee()))
        return {};
      std::optional<unsigned> id = getChainId(site.getCaller());
      if (!id)
        return {};
      chain = *id;
    } else if (!isa<FileLineColRange, UnknownLoc>(loc)) {
      // A name over a position has no frames; over anything else it may.
      auto name = dyn_cast<NameLoc>(loc);
      if (!name || !isa<FileLineColRange, UnknownLoc>(name.getChildLoc()))
        return {};
    }
    chainOut = chain;
    const tg::EntryFunction &top = entries.get(op);
    StringRef opName = getOpName(op);
    CallerChain &last = chains[chain];
    if (last.path && last.top == top.op && last.opName == opName)
      return last.path;
    tg::ModulePathAttr path = getNode(top, chain);
    if (!opName.empty())
      path = tg::ModulePathAttr::get(ctx, path, getTail(opName));
    last.top = top.op;
    last.opName = opName;
    last.path = path;
    return path;
  }

  /// The op name a path ends with: in the mobile form only.
  StringRef getOpName(Operation *op) const {
    return tg::modulePathHasOpName(format) ? tg::getModulePathOpName(op)
                                           : StringRef();
  }

  /// The mobile form's last piece, formatted once per op name.
  StringAttr getTail(StringRef opName) {
    StringAttr &tail = tails[opName];
    if (!tail) {
      piece.clear();
      tg::appendModulePathTail(piece, opName, format);
      tail = StringAttr::get(ctx, piece);
    }
    return tail;
  }

  /// The path of any other op (a fused kernel): one per distinct origin, in
  /// the order of tg::getModulePaths. Each origin's is its caller chain's
  /// node, as for an op of that one origin, and built as a whole string only
  /// for the shapes getSharedPath leaves out: a kernel's paths are a few
  /// hundred bytes each, and building, hashing and uniquing them as strings
  /// was half of the pass (8.9K kernels of 100K generated ops: 211M of its
  /// 426M instructions).
  Attribute buildPath(Operation *op) {
    origins.clear();
    tg::getOrigins(op->getLoc(), origins);
    SmallVector<Attribute, 4> paths;
    // The text of each of `paths`, built once the kernel has a second path.
    SmallVector<std::string, 4> texts;
    for (Location origin : origins) {
      unsigned chain = 0;
      Attribute path = getSharedPath(op, origin, chain);
      if (!path)
        path = StringAttr::get(ctx, tg::getModulePath(origin, entries.get(op),
                                                      format, getOpName(op)));
      if (!isNewPath(paths, texts, path))
        continue;
      paths.push_back(path);
    }
    if (paths.size() == 1)
      return paths.front();
    return ArrayAttr::get(ctx, paths);
  }

  /// Whether `path` differs from each of `paths` by its text: equal nodes
  /// are the same attribute, but a string built from scratch, or a node
  /// whose pieces split the same text elsewhere, spells a path another node
  /// may spell too.
  /// `texts` holds the text of each of `paths` once there are two; each
  /// path's text is built once, not once per comparison.
  static bool isNewPath(ArrayRef<Attribute> paths,
                        SmallVectorImpl<std::string> &texts, Attribute path) {
    if (paths.empty())
      return true;
    if (llvm::is_contained(paths, path))
      return false;
    if (texts.empty())
      texts.push_back(tg::getModulePathTexts(paths.front()).front());
    std::string text = tg::getModulePathTexts(path).front();
    if (llvm::is_contained(texts, text))
      return false;
    texts.push_back(std::move(text));
    return true;
  }

  MLIRContext *ctx;
  tg::ModulePathFormat format;
  bool emitRemarks;
  StringAttr attrName;

  /// Entry 0: no frames (the function's own ops).
  std::vector<CallerChain> chains;
  DenseMap<const void *, unsigned> chainIds;
  /// The piece of each frame (#tg.frame, or null for a call site made
  /// without tracegraph): far fewer than chains.
  DenseMap<Attribute, StringAttr> pieces;
  /// The mobile form's last piece, per op name.
  llvm::StringMap<StringAttr> tails;
  /// Dictionaries with other attributes than the path; a path alone is
  /// uniqued by the context.
  DenseMap<std::pair<Attribute, Attribute>, DictionaryAttr> dictMemo;

  // Scratch space of getChainId and getNode, and the text being formatted.
  SmallVector<Location, 16> pending;
  SmallVector<unsigned, 16> unbuilt;
  SmallVector<Location> origins;
  std::string piece;
  /// Consecutive ops were mostly inlined through the same call.
  const void *lastChain = nullptr;
  unsigned lastChainId = 0;
  tg::EntryFunctionCache entries;
};

struct ModuleHierarchyPass
    : public tg::impl::TGModuleHierarchyBase<ModuleHierarchyPass> {
  using Base::Base;

  void runOnOperation() override {
    ModulePathAnnotator(&getContext(), format, emitRemarks).run(getOperation());
    // The paths are attributes: no op, block, region or use changes, and no
    // analysis reads them, so every analysis stays valid, and the pass
    // manager skips its verifier walk (well-formed paths by construction).
    markAllAnalysesPreserved();
  }
};
} // namespace
