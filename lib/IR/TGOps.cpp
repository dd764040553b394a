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

//===----------------------------------------------------------------------===//
// Hand-written assembly formats
//===----------------------------------------------------------------------===//
//
// tg.op, tg.kernel, tg.constant, tg.get_attr and tg.get_submodule parse and
// print by hand what their ODS assembly formats generated, character for
// character (each op's description gives the format). The generated printer
// of an op with properties passes `getOperation()->getAttrDictionary()` to
// the DebugHandleAttrDict directive, and for an op with inherent attributes
// that builds and uniques a new dictionary (the inherent attributes with the
// discardable ones) on every print, twice per op as MLIR prints, and leaves
// it in the context (docs/performance.md, section 25). These five ops are
// nearly all of an annotated model; the others have no inherent attribute
// (yields, returns) or are inlined away (calls), and keep their ODS formats.

/// Parses the string attribute a tg op is named by, as ODS does a `StrAttr`.
static ParseResult parseNameAttr(OpAsmParser &parser, StringAttr &name) {
  return parser.parseCustomAttributeWithFallback(
      name, parser.getBuilder().getType<NoneType>());
}

/// Parses the attribute dictionary, with the handle moved into the op's
/// properties (the DebugHandleAttrDict directive).
template <typename OpTy>
static ParseResult parseHandleAttrDict(OpAsmParser &parser,
                                       OperationState &result) {
  return parseDebugHandleAttrDict(
      parser,
      result.getOrAddProperties<typename OpTy::Properties>().debug_handle,
      result.attributes);
}

/// Parses `"name" ( operands )`, the head of tg.op and tg.kernel, and
/// returns where the operands start (for errors on their types).
static ParseResult
parseNameAndOperands(OpAsmParser &parser, StringAttr &name,
                     SmallVectorImpl<OpAsmParser::UnresolvedOperand> &operands,
                     SMLoc &operandsLoc) {
  if (parseNameAttr(parser, name) || parser.parseLParen())
    return failure();
  operandsLoc = parser.getCurrentLocation();
  return failure(parser.parseOperandList(operands) || parser.parseRParen());
}

static void printNameAndOperands(OpAsmPrinter &p, StringAttr name,
                                 OperandRange operands) {
  p << ' ';
  p.printAttributeWithoutType(name);
  p << '(' << operands << ')';
}

/// Parses tg.op's optional `( region, ... )`. As ODS parsed the group, `()`
/// is accepted and holds no region.
static ParseResult
parseOptionalBodies(OpAsmParser &parser,
                    SmallVectorImpl<std::unique_ptr<Region>> &bodies) {
  if (failed(parser.parseOptionalLParen()))
    return success();
  auto first = std::make_unique<Region>();
  OptionalParseResult parsedFirst = parser.parseOptionalRegion(*first);
  if (!parsedFirst.has_value())
    return parser.parseRParen();
  if (failed(*parsedFirst))
    return failure();
  bodies.push_back(std::move(first));
  while (succeeded(parser.parseOptionalComma())) {
    bodies.push_back(std::make_unique<Region>());
    if (parser.parseRegion(*bodies.back()))
      return failure();
  }
  return parser.parseRParen();
}

ParseResult TracedOp::parse(OpAsmParser &parser, OperationState &result) {
  StringAttr name;
  SmallVector<OpAsmParser::UnresolvedOperand, 4> operands;
  SMLoc operandsLoc;
  SmallVector<std::unique_ptr<Region>, 2> bodies;
  FunctionType type;
  if (parseNameAndOperands(parser, name, operands, operandsLoc))
    return failure();
  result.getOrAddProperties<Properties>().name = name;
  if (parseOptionalBodies(parser, bodies) ||
      parseHandleAttrDict<TracedOp>(parser, result) || parser.parseColon() ||
      parser.parseType(type))
    return failure();
  result.addRegions(bodies);
  result.addTypes(type.getResults());
  return parser.resolveOperands(operands, type.getInputs(), operandsLoc,
                                result.operands);
}

void TracedOp::print(OpAsmPrinter &p) {
  printNameAndOperands(p, getNameAttr(), getOperands());
  if (!getBodies().empty()) {
    p << " (";
    llvm::interleaveComma(getBodies(), p,
                          [&](Region &region) { p.printRegion(region); });
    p << ')';
  }
  printDebugHandleAttrDict(p, *this, getProperties().debug_handle);
  p << " : ";
  p.printFunctionalType(getOperands().getTypes(), getResults().getTypes());
}

ParseResult KernelOp::parse(OpAsmParser &parser, OperationState &result) {
  StringAttr name;
  SmallVector<OpAsmParser::UnresolvedOperand, 4> inputs;
  SMLoc inputsLoc;
  FunctionType type;
  if (parseNameAndOperands(parser, name, inputs, inputsLoc))
    return failure();
  result.getOrAddProperties<Properties>().kernel_name = name;
  if (parseHandleAttrDict<KernelOp>(parser, result) || parser.parseColon() ||
      parser.parseType(type) || parser.parseRegion(*result.addRegion()))
    return failure();
  result.addTypes(type.getResults());
  return parser.resolveOperands(inputs, type.getInputs(), inputsLoc,
                                result.operands);
}

void KernelOp::print(OpAsmPrinter &p) {
  printNameAndOperands(p, getKernelNameAttr(), getInputs());
  printDebugHandleAttrDict(p, *this, getProperties().debug_handle);
  p << " : ";
  p.printFunctionalType(getInputs().getTypes(), getResults().getTypes());
  p << ' ';
  p.printRegion(getBody());
}

ParseResult ConstantOp::parse(OpAsmParser &parser, OperationState &result) {
  Attribute value;
  Type type;
  if (parser.parseLParen() || parser.parseAttribute(value, Type()))
    return failure();
  result.getOrAddProperties<Properties>().value = value;
  if (parser.parseRParen() || parseHandleAttrDict<ConstantOp>(parser, result) ||
      parser.parseColon() || parser.parseType(type))
    return failure();
  result.addTypes(type);
  return success();
}

void ConstantOp::print(OpAsmPrinter &p) {
  p << '(';
  p.printAttribute(getValueAttr());
  p << ')';
  printDebugHandleAttrDict(p, *this, getProperties().debug_handle);
  p << " : " << getResult().getType();
}

/// Parses `%parent [ "name" ] attr-dict : type -> type`, the form of both
/// module reads.
template <typename ModuleReadOp>
static ParseResult parseModuleRead(OpAsmParser &parser,
                                   OperationState &result) {
  OpAsmParser::UnresolvedOperand parent;
  StringAttr name;
  Type parentType, resultType;
  if (parser.parseOperand(parent) || parser.parseLSquare() ||
      parseNameAttr(parser, name))
    return failure();
  result.getOrAddProperties<typename ModuleReadOp::Properties>().name = name;
  if (parser.parseRSquare() ||
      parseHandleAttrDict<ModuleReadOp>(parser, result) ||
      parser.parseColon() || parser.parseType(parentType) ||
      parser.parseArrow() || parser.parseType(resultType))
    return failure();
  result.addTypes(resultType);
  return parser.resolveOperand(parent, parentType, result.operands);
}

template <typename ModuleReadOp>
static void printModuleRead(OpAsmPrinter &p, ModuleReadOp op) {
  p << ' ' << op.getParent() << '[';
  p.printAttributeWithoutType(op.getNameAttr());
  p << ']';
  printDebugHandleAttrDict(p, op, op.getProperties().debug_handle);
  p << " : " << op.getParent().getType() << " -> " << op.getResult().getType();
}

ParseResult GetSubmoduleOp::parse(OpAsmParser &parser, OperationState &result) {
  return parseModuleRead<GetSubmoduleOp>(parser, result);
}

void GetSubmoduleOp::print(OpAsmPrinter &p) { printModuleRead(p, *this); }

ParseResult GetAttrOp::parse(OpAsmParser &parser, OperationState &result) {
  return parseModuleRead<GetAttrOp>(parser, result);
}

void GetAttrOp::print(OpAsmPrinter &p) { printModuleRead(p, *this); }
