//===- DebugHandle.cpp - Inline and attribute debug handles ---------------===//

#include "tg/IR/DebugHandle.h"
#include "tg/IR/RepeatedError.h"
#include "tg/IR/TGDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Diagnostics.h"

using namespace mlir;

#include "tg/IR/TGInterfaces.cpp.inc"

namespace tg {

/// A valid handle: a non-negative integer attribute that fits in 64 bits.
static std::optional<uint64_t> getHandleValue(Attribute attr) {
  auto integer = dyn_cast_or_null<IntegerAttr>(attr);
  if (!integer)
    return std::nullopt;
  const APInt &value = integer.getValue();
  if (value.isNegative() || value.getActiveBits() > 63)
    return std::nullopt;
  return value.getZExtValue();
}

std::optional<uint64_t> getDebugHandle(Operation *op) {
  if (auto inlineOp = dyn_cast<DebugHandleOpInterface>(op))
    if (std::optional<int64_t> handle = inlineOp.getInlineDebugHandle())
      return uint64_t(*handle);
  return getHandleValue(op->getDiscardableAttr(kDebugHandleAttrName));
}

bool hasDebugHandle(Operation *op) {
  if (auto inlineOp = dyn_cast<DebugHandleOpInterface>(op))
    if (inlineOp.getInlineDebugHandle())
      return true;
  return bool(op->getDiscardableAttr(kDebugHandleAttrName));
}

void setDebugHandle(Operation *op, uint64_t handle) {
  if (auto inlineOp = dyn_cast<DebugHandleOpInterface>(op)) {
    inlineOp.setInlineDebugHandle(int64_t(handle));
    // The common case (no attributes at all) costs no dictionary lookup.
    if (LLVM_UNLIKELY(!op->getDiscardableAttrDictionary().empty()))
      op->removeDiscardableAttr(kDebugHandleAttrName);
    return;
  }
  Builder builder(op->getContext());
  op->setDiscardableAttr(kDebugHandleAttrName,
                         builder.getI64IntegerAttr(int64_t(handle)));
}

void removeDebugHandle(Operation *op) {
  if (auto inlineOp = dyn_cast<DebugHandleOpInterface>(op))
    inlineOp.setInlineDebugHandle(std::nullopt);
  op->removeDiscardableAttr(kDebugHandleAttrName);
}

LogicalResult claimDebugHandle(llvm::DenseMap<uint64_t, Operation *> &owners,
                               Operation *op, uint64_t handle,
                               RepeatedError *duplicates) {
  return claimDebugHandle(owners[handle], op, handle, duplicates);
}

LogicalResult claimDebugHandle(Operation *&owner, Operation *op,
                               uint64_t handle, RepeatedError *duplicates) {
  if (!owner) {
    owner = op;
    return success();
  }
  RepeatedError alone;
  if (InFlightDiagnostic *diag = (duplicates ? *duplicates : alone).add(op)) {
    *diag << "duplicate debug handle " << handle;
    diag->attachNote(getDiagnosticLoc(owner)) << "first used here";
  }
  return failure();
}

LogicalResult detail::verifyDebugHandleOp(Operation *op,
                                          std::optional<int64_t> handle) {
  if (!handle)
    return success();
  if (*handle < 0)
    return op->emitOpError("has a negative debug handle ") << *handle;
  if (Attribute attr = op->getDiscardableAttr(kDebugHandleAttrName))
    return op->emitOpError("has both the inline debug handle ")
           << *handle << " and a '" << kDebugHandleAttrName << "' attribute ("
           << attr << "); set handles with tg::setDebugHandle";
  return success();
}

ParseResult parseDebugHandleAttrDict(OpAsmParser &parser,
                                     std::optional<int64_t> &handle,
                                     NamedAttrList &attrs) {
  if (parser.parseOptionalAttrDict(attrs))
    return failure();
  std::optional<NamedAttribute> named = attrs.getNamed(kDebugHandleAttrName);
  if (!named)
    return success();
  if (std::optional<uint64_t> value = getHandleValue(named->getValue())) {
    handle = int64_t(*value);
    attrs.erase(named->getName());
  }
  return success();
}

/// Moves the inherent attribute `name` out of a parsed dictionary.
static ParseResult takeArrayAttr(OpAsmParser &parser, SMLoc loc,
                                 NamedAttrList &attrs, StringRef name,
                                 ArrayAttr &result) {
  std::optional<NamedAttribute> named = attrs.getNamed(name);
  if (!named)
    return success();
  result = dyn_cast<ArrayAttr>(named->getValue());
  if (!result)
    return parser.emitError(loc)
           << "'" << name << "' must be an array, found " << named->getValue();
  attrs.erase(named->getName());
  return success();
}

ParseResult parseDebugHandleAttrDict(OpAsmParser &parser,
                                     std::optional<int64_t> &handle,
                                     ArrayAttr &argAttrs, ArrayAttr &resAttrs,
                                     NamedAttrList &attrs) {
  SMLoc loc = parser.getCurrentLocation();
  if (parseDebugHandleAttrDict(parser, handle, attrs) ||
      takeArrayAttr(parser, loc, attrs, "arg_attrs", argAttrs) ||
      takeArrayAttr(parser, loc, attrs, "res_attrs", resAttrs))
    return failure();
  return success();
}

/// A string without a type, or a list of them and of module paths: the
/// values a tracegraph pass attaches besides paths (`tg.decomposed_from =
/// "aten::linear"`, a kernel's module paths from several modules).
static bool isPlainString(Attribute attr) {
  auto string = dyn_cast<StringAttr>(attr);
  return string && isa<NoneType>(string.getType());
}
static bool isPlainStrings(Attribute attr) {
  if (auto list = dyn_cast<ArrayAttr>(attr))
    return llvm::all_of(list, [](Attribute element) {
      return isPlainString(element) || isa<ModulePathAttr>(element);
    });
  return isPlainString(attr);
}

/// Writes an isPlainStrings value as MLIR's printer writes it. Through
/// printNamedAttribute a list of a kernel's paths cost ~30K instructions
/// (the strings written byte by byte), a plain string ~8K.
static void printPlainStrings(raw_ostream &os, Attribute attr) {
  auto list = dyn_cast<ArrayAttr>(attr);
  if (!list) {
    printQuotedString(os, cast<StringAttr>(attr).getValue());
    return;
  }
  os << '[';
  llvm::interleaveComma(list, os, [&](Attribute element) {
    if (auto path = dyn_cast<ModulePathAttr>(element))
      path.printQuoted(os);
    else
      printQuotedString(os, cast<StringAttr>(element).getValue());
  });
  os << ']';
}

/// Prints `attrs` (sorted by name) as an attribute dictionary, with the handle
/// among them where `tg.debug_handle` sorts, and `#tg.module_path` values as
/// the plain string they stand for (the form tg ops have always printed
/// `tg.module_hierarchy` in; parsed back, it is a StringAttr). Both are
/// printed by hand rather than through temporary attributes: printing a
/// module must not insert one attribute per op into the context. Plain
/// strings too, for speed (printPlainStrings).
static void printWithHandle(OpAsmPrinter &printer,
                            ArrayRef<NamedAttribute> attrs,
                            std::optional<int64_t> handle) {
  // A path, or a list holding one (a fused kernel's, from several modules).
  auto isPath = [](NamedAttribute attr) {
    if (auto list = dyn_cast<ArrayAttr>(attr.getValue()))
      return llvm::any_of(list, llvm::IsaPred<ModulePathAttr>);
    return isa<ModulePathAttr>(attr.getValue());
  };
  if (!handle && llvm::none_of(attrs, isPath)) {
    printer.printOptionalAttrDict(attrs);
    return;
  }
  raw_ostream &os = printer.getStream();
  os << " {";
  bool printedHandle = !handle;
  bool first = true;
  auto separate = [&] {
    if (!first)
      os << ", ";
    first = false;
  };
  for (NamedAttribute attr : attrs) {
    if (!printedHandle && attr.getName().getValue() > kDebugHandleAttrName) {
      separate();
      os << kDebugHandleAttrName << " = " << *handle << " : i64";
      printedHandle = true;
    }
    separate();
    auto path = dyn_cast<ModulePathAttr>(attr.getValue());
    if (!path && !isPlainStrings(attr.getValue())) {
      printer.printNamedAttribute(attr);
      continue;
    }
    printer.printKeywordOrString(attr.getName().getValue());
    os << " = ";
    if (path)
      path.printQuoted(os);
    else
      printPlainStrings(os, attr.getValue());
  }
  if (!printedHandle) {
    separate();
    os << kDebugHandleAttrName << " = " << *handle << " : i64";
  }
  os << "}";
}

void printDebugHandleAttrDict(OpAsmPrinter &printer, Operation *op,
                              std::optional<int64_t> handle) {
  // Only the discardable attributes belong in the dictionary: the inherent
  // ones (an operator name, a callee) are printed elsewhere by the op.
  printWithHandle(printer, op->getDiscardableAttrDictionary().getValue(),
                  handle);
}

void printDebugHandleAttrDict(OpAsmPrinter &printer, Operation *op,
                              std::optional<int64_t> handle,
                              DictionaryAttr /*allAttrs*/) {
  printDebugHandleAttrDict(printer, op, handle);
}

void printDebugHandleAttrDict(OpAsmPrinter &printer, Operation *op,
                              std::optional<int64_t> handle, ArrayAttr argAttrs,
                              ArrayAttr resAttrs, DictionaryAttr /*allAttrs*/) {
  if (!argAttrs && !resAttrs)
    return printDebugHandleAttrDict(printer, op, handle);
  Builder builder(op->getContext());
  SmallVector<NamedAttribute> attrs(
      op->getDiscardableAttrDictionary().getValue());
  if (argAttrs)
    attrs.emplace_back(builder.getStringAttr("arg_attrs"), argAttrs);
  if (resAttrs)
    attrs.emplace_back(builder.getStringAttr("res_attrs"), resAttrs);
  llvm::sort(attrs, [](NamedAttribute lhs, NamedAttribute rhs) {
    return lhs.getName().getValue() < rhs.getName().getValue();
  });
  printWithHandle(printer, attrs, handle);
}

} // namespace tg
