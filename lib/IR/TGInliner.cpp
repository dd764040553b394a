//===- TGInliner.cpp - Inlining tg graphs through MLIR's inliner ----------===//
//
// The dialect inliner interface of tg: it lets `mlir::inlineCall` (used by
// --tg-inline) and the upstream `-inline` pass inline `tg.call_method` and
// `tg.call` into the calling graph. MLIR's inliner then wraps every inlined
// location, block arguments of nested regions included, in a CallSiteLoc
// whose caller is the call's location: when that location is a tg frame
// location (fused<#tg.frame<...>>[loc], what --tg-inline gives the call), the
// result is exactly the chain tg::pushFrame builds.
//
//===----------------------------------------------------------------------===//

#include "tg/IR/TGDialect.h"
#include "tg/IR/TGOps.h"

#include "mlir/Transforms/InliningUtils.h"

using namespace mlir;

namespace {
struct TGInlinerInterface : public DialectInlinerInterface {
  using DialectInlinerInterface::DialectInlinerInterface;

  /// Every tg call may be inlined: graphs are side-effect-ordered traces whose
  /// ops do not depend on the graph they live in.
  bool isLegalToInline(Operation *call, Operation *callable,
                       bool wouldBeCloned) const final {
    return true;
  }

  /// Graphs are single-block traces; a multi-block body would need a branch
  /// op that tg does not have, so it is not inlined.
  bool isLegalToInline(Region *dest, Region *src, bool wouldBeCloned,
                       IRMapping &valueMapping) const final {
    return src->hasOneBlock();
  }

  bool isLegalToInline(Operation *op, Region *dest, bool wouldBeCloned,
                       IRMapping &valueMapping) const final {
    return true;
  }

  /// The callee's `tg.return` operands replace the call's results.
  void handleTerminator(Operation *op, ValueRange valuesToReplace) const final {
    auto ret = cast<tg::ReturnOp>(op);
    for (auto [from, to] : llvm::zip(valuesToReplace, ret.getOperands()))
      from.replaceAllUsesWith(to);
  }
};
} // namespace

namespace tg {
void addInlinerInterface(TGDialect &dialect) {
  dialect.addInterfaces<TGInlinerInterface>();
}
} // namespace tg
