//===- TGOps.cpp - tracegraph operations ----------------------------------===//

#include "tg/IR/TGOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/FunctionImplementation.h"

using namespace mlir;
using namespace tg;

#define GET_OP_CLASSES
#include "tg/IR/TGOps.cpp.inc"

//===----------------------------------------------------------------------===//
// GraphOp
//===----------------------------------------------------------------------===//

void GraphOp::build(OpBuilder &builder, OperationState &state, StringRef name,
                    FunctionType type) {
  state.addAttribute(SymbolTable::getSymbolAttrName(),
                     builder.getStringAttr(name));
  state.addAttribute(getFunctionTypeAttrName(state.name), TypeAttr::get(type));
  state.addRegion();
}

ParseResult GraphOp::parse(OpAsmParser &parser, OperationState &result) {
  auto buildType = [](Builder &builder, ArrayRef<Type> argTypes,
                      ArrayRef<Type> results,
                      function_interface_impl::VariadicFlag, std::string &) {
    return builder.getFunctionType(argTypes, results);
  };
  return function_interface_impl::parseFunctionOp(
      parser, result, /*allowVariadic=*/false,
      getFunctionTypeAttrName(result.name), buildType,
      getArgAttrsAttrName(result.name), getResAttrsAttrName(result.name));
}

void GraphOp::print(OpAsmPrinter &p) {
  function_interface_impl::printFunctionOp(
      p, *this, /*isVariadic=*/false, getFunctionTypeAttrName(),
      getArgAttrsAttrName(), getResAttrsAttrName());
}

bool GraphOp::isMethod() { return getSymName().contains("::"); }

StringRef GraphOp::getClassName() {
  StringRef name = getSymName();
  size_t sep = name.rfind("::");
  return sep == StringRef::npos ? StringRef() : name.take_front(sep);
}

StringRef GraphOp::getMethodName() {
  StringRef name = getSymName();
  size_t sep = name.rfind("::");
  if (sep != StringRef::npos)
    return name.drop_front(sep + 2);
  // Symbols are unique per module, Python function names are not: two
  // `helper`s of different modules become @helper and @helper$2, and both
  // must print as PyTorch prints them, `helper`.
  if (auto qualified =
          (*this)->getAttrOfType<StringAttr>(kQualifiedNameAttrName)) {
    StringRef last = qualified.getValue().rsplit('.').second;
    if (last.empty())
      last = qualified.getValue();
    if (!last.empty())
      return last;
  }
  return name;
}

BlockArgument GraphOp::getSelf() {
  if (!isMethod() || getBody().empty() || getBody().getNumArguments() == 0)
    return {};
  return getBody().getArgument(0);
}

void GraphOp::getAsmBlockArgumentNames(Region &region,
                                       OpAsmSetValueNameFn setNameFn) {
  // Name the module instance a method runs on as Python does.
  if (BlockArgument self = getSelf();
      self && self.getOwner()->getParent() == &region)
    setNameFn(self, "self");
}

bool GraphOp::isEntry() { return (*this)->hasAttr(kEntryAttrName); }

LogicalResult GraphOp::verify() {
  if (getBody().empty())
    return emitOpError("needs a body: external graphs are not supported");
  if (getSymName().empty())
    return emitOpError("needs a non-empty name");
  if (!isMethod())
    return success();
  StringRef className = getClassName();
  StringRef method = getMethodName();
  if (className.empty() || method.empty())
    return emitOpError("method graph name '")
           << getSymName() << "' must be 'Class::method'";
  ArrayRef<Type> inputs = getFunctionType().getInputs();
  auto selfType =
      inputs.empty() ? ModuleType() : dyn_cast<ModuleType>(inputs[0]);
  if (!selfType)
    return emitOpError("method '")
           << getSymName() << "' must take its module instance as "
           << "first argument (!tg.module<\"" << className << "\">)";
  if (selfType.getClassName() != className)
    return emitOpError("method of class '")
           << className << "' takes self of class '" << selfType.getClassName()
           << "'";
  return success();
}

//===----------------------------------------------------------------------===//
// ReturnOp
//===----------------------------------------------------------------------===//

LogicalResult ReturnOp::verify() {
  auto graph = cast<GraphOp>((*this)->getParentOp());
  ArrayRef<Type> results = graph.getFunctionType().getResults();
  if (getNumOperands() != results.size())
    return emitOpError("returns ")
           << getNumOperands() << " values but graph '" << graph.getSymName()
           << "' declares " << results.size();
  for (auto [index, pair] :
       llvm::enumerate(llvm::zip(getOperandTypes(), results)))
    if (std::get<0>(pair) != std::get<1>(pair))
      return emitOpError("result #")
             << index << " has type " << std::get<0>(pair) << " but graph '"
             << graph.getSymName() << "' declares " << std::get<1>(pair);
  return success();
}

//===----------------------------------------------------------------------===//
// GetSubmoduleOp / GetAttrOp
//===----------------------------------------------------------------------===//

LogicalResult GetSubmoduleOp::verify() {
  if (getName().empty())
    return emitOpError("needs a non-empty submodule name");
  return success();
}

LogicalResult GetAttrOp::verify() {
  if (getName().empty())
    return emitOpError("needs a non-empty attribute name");
  if (isa<ModuleType>(getResult().getType()))
    return emitOpError("reads a module instance: use tg.get_submodule for '")
           << getName() << "'";
  return success();
}

//===----------------------------------------------------------------------===//
// ConstantOp
//===----------------------------------------------------------------------===//

OpFoldResult ConstantOp::fold(FoldAdaptor) { return getValue(); }

//===----------------------------------------------------------------------===//
// Calls
//===----------------------------------------------------------------------===//

/// Checks that a call's operands and results match the callee's signature.
static LogicalResult verifyCallSignature(Operation *call, GraphOp callee,
                                         TypeRange operands,
                                         TypeRange results) {
  FunctionType type = callee.getFunctionType();
  if (operands.size() != type.getNumInputs())
    return call->emitOpError("passes ")
           << operands.size() << " operands but '" << callee.getSymName()
           << "' takes " << type.getNumInputs();
  for (unsigned i = 0, e = operands.size(); i != e; ++i)
    if (operands[i] != type.getInput(i))
      return call->emitOpError("operand #")
             << i << " has type " << operands[i] << " but '"
             << callee.getSymName() << "' takes " << type.getInput(i);
  if (results.size() != type.getNumResults())
    return call->emitOpError("has ")
           << results.size() << " results but '" << callee.getSymName()
           << "' returns " << type.getNumResults();
  for (unsigned i = 0, e = results.size(); i != e; ++i)
    if (results[i] != type.getResult(i))
      return call->emitOpError("result #")
             << i << " has type " << results[i] << " but '"
             << callee.getSymName() << "' returns " << type.getResult(i);
  return success();
}

static FailureOr<GraphOp> lookupCallee(Operation *call, FlatSymbolRefAttr ref,
                                       SymbolTableCollection &symbolTable) {
  Operation *target = symbolTable.lookupNearestSymbolFrom(call, ref.getAttr());
  if (!target)
    return call->emitOpError("calls unknown graph ") << ref;
  auto graph = dyn_cast<GraphOp>(target);
  if (!graph)
    return call->emitOpError("callee ") << ref << " is not a tg.graph";
  return graph;
}

LogicalResult
CallMethodOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  FailureOr<GraphOp> callee = lookupCallee(*this, getCalleeAttr(), symbolTable);
  if (failed(callee))
    return failure();
  if (!callee->isMethod())
    return emitOpError("calls '")
           << callee->getSymName() << "', a free function: use tg.call";
  if (getOperands().empty())
    return emitOpError("needs the module instance as first operand");
  auto receiverType = dyn_cast<ModuleType>(getReceiver().getType());
  if (!receiverType)
    return emitOpError("first operand must be a module instance, got ")
           << getReceiver().getType();
  if (receiverType.getClassName() != callee->getClassName())
    return emitOpError("calls '")
           << callee->getSymName() << "' on an instance of class '"
           << receiverType.getClassName() << "'";
  return verifyCallSignature(*this, *callee, getOperandTypes(),
                             getResultTypes());
}

bool CallMethodOp::isSelfCall() {
  auto graph = (*this)->getParentOfType<GraphOp>();
  return graph && getReceiver() == graph.getSelf();
}

StringRef CallMethodOp::getInstanceName() {
  if (isSelfCall())
    return "SELF";
  if (auto get = getReceiver().getDefiningOp<GetSubmoduleOp>())
    return get.getName();
  return "INSTANCE_NAME_UNKNOWN";
}

LogicalResult CallOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  FailureOr<GraphOp> callee = lookupCallee(*this, getCalleeAttr(), symbolTable);
  if (failed(callee))
    return failure();
  if (callee->isMethod())
    return emitOpError("calls method '")
           << callee->getSymName() << "': use tg.call_method";
  return verifyCallSignature(*this, *callee, getOperandTypes(),
                             getResultTypes());
}

//===----------------------------------------------------------------------===//
// TracedOp
//===----------------------------------------------------------------------===//

LogicalResult TracedOp::verify() {
  if (getName().empty())
    return emitOpError("needs a non-empty operator name");
  for (Region &region : getBodies()) {
    for (Block &block : region) {
      if (block.empty() || !isa<YieldOp>(block.back()))
        return emitOpError("block of '")
               << getName() << "' must end with tg.yield";
    }
  }
  return success();
}

StringRef TracedOp::getShortName() {
  StringRef name = getName();
  size_t sep = name.rfind("::");
  return sep == StringRef::npos ? name : name.drop_front(sep + 2);
}

RegionKind TracedOp::getRegionKind(unsigned) { return RegionKind::SSACFG; }
