//===- CheckOrigins.cpp - Report leaf locations of every op ---------------===//
//
// A testing aid: a remark per op that names the source positions its location
// stands for, so lit tests can pin locations through any pipeline.
//
//===----------------------------------------------------------------------===//

#include "tg/IR/CallStack.h"
#include "tg/IR/TGOps.h"
#include "tg/Passes/Passes.h"

#include "mlir/IR/Diagnostics.h"

namespace tg {
#define GEN_PASS_DEF_TGCHECKORIGINS
#include "tg/Passes/Passes.h.inc"
} // namespace tg

using namespace mlir;

namespace {
struct CheckOriginsPass
    : public tg::impl::TGCheckOriginsBase<CheckOriginsPass> {
  void runOnOperation() override {
    getOperation()->walk([](Operation *op) {
      if (isa<ModuleOp>(op))
        return;
      SmallVector<Location> origins;
      tg::getOrigins(op->getLoc(), origins);
      std::string text;
      llvm::raw_string_ostream os(text);
      llvm::interleave(
          origins, os,
          [&](Location origin) {
            tg::CallStack stack = tg::getCallStack(origin);
            os << stack.leaf << " (" << stack.frames.size() << " frames)";
          },
          "; ");
      op->emitRemark() << "origins: " << text;
    });
  }
};
} // namespace
