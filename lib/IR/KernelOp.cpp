//===- KernelOp.cpp - Fused kernels ---------------------------------------===//
//
// tg.kernel and tg.kernel_yield. Kept apart from TGOps.cpp because the kernel
// belongs to fusion; the ODS declarations live with the other ops, and so
// does the kernel's hand-written assembly format (TGOps.cpp).
//
//===----------------------------------------------------------------------===//

#include "tg/IR/TGOps.h"

#include "mlir/IR/Builders.h"

using namespace mlir;
using namespace tg;

void KernelOp::build(OpBuilder &builder, OperationState &state, StringRef name,
                     TypeRange results, ValueRange inputs) {
  state.addAttribute(getKernelNameAttrName(state.name),
                     builder.getStringAttr(name));
  state.addOperands(inputs);
  state.addTypes(results);
  // The body starts with one argument per input, which is what every kernel
  // needs; the caller fills in the ops and the terminator.
  Region *body = state.addRegion();
  Block *block = new Block();
  body->push_back(block);
  for (Value input : inputs)
    block->addArgument(input.getType(), UnknownLoc::get(builder.getContext()));
}

KernelYieldOp KernelOp::getYield() {
  return dyn_cast<KernelYieldOp>(getBodyBlock().getTerminator());
}

void KernelOp::getAsmBlockArgumentNames(Region &region,
                                        OpAsmSetValueNameFn setNameFn) {
  for (BlockArgument arg : region.getArguments())
    setNameFn(arg, "in");
}

LogicalResult KernelOp::verify() {
  if (getKernelName().empty())
    return emitOpError("needs a non-empty kernel name");
  return success();
}

LogicalResult KernelOp::verifyRegions() {
  Block &block = getBodyBlock();
  if (block.getNumArguments() != getInputs().size())
    return emitOpError("kernel '")
           << getKernelName() << "' has " << getInputs().size()
           << " inputs but its body takes " << block.getNumArguments()
           << " arguments";
  for (auto [index, pair] : llvm::enumerate(
           llvm::zip(getInputs().getTypes(), block.getArgumentTypes())))
    if (std::get<0>(pair) != std::get<1>(pair))
      return emitOpError("input #")
             << index << " has type " << std::get<0>(pair)
             << " but body argument #" << index << " has type "
             << std::get<1>(pair);
  KernelYieldOp yield =
      block.empty() ? KernelYieldOp() : dyn_cast<KernelYieldOp>(block.back());
  if (!yield)
    return emitOpError("body of kernel '")
           << getKernelName() << "' must end with tg.kernel_yield";
  if (yield.getNumOperands() != getNumResults())
    return yield.emitOpError("yields ")
           << yield.getNumOperands() << " values but kernel '"
           << getKernelName() << "' has " << getNumResults() << " results";
  for (auto [index, pair] :
       llvm::enumerate(llvm::zip(yield.getOperandTypes(), getResultTypes())))
    if (std::get<0>(pair) != std::get<1>(pair))
      return yield.emitOpError("value #")
             << index << " has type " << std::get<0>(pair) << " but kernel '"
             << getKernelName() << "' result #" << index << " has type "
             << std::get<1>(pair);
  return success();
}
