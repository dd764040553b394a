//===- TGDialect.cpp - tracegraph dialect ---------------------------------===//

#include "tg/IR/TGDialect.h"
#include "tg/IR/TGOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/OpImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace tg;

#include "tg/IR/TGOpsDialect.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "tg/IR/TGOpsTypes.cpp.inc"

/// `eliminated` or `merged`, the kind of a `#tg.origin_record`, as a bare
/// keyword (the verifier checks which).
static ParseResult parseOriginKind(AsmParser &parser, std::string &kind) {
  StringRef keyword;
  if (parser.parseKeyword(&keyword))
    return failure();
  kind = keyword.str();
  return success();
}
static void printOriginKind(AsmPrinter &printer, StringRef kind) {
  printer << kind;
}

#define GET_ATTRDEF_CLASSES
#include "tg/IR/TGAttrs.cpp.inc"

namespace {
/// Gives frames and kernels short aliases (`#frame3`, `#kernel`) so that
/// printed locations stay readable when every op carries a call stack.
struct TGOpAsmDialectInterface : public OpAsmDialectInterface {
  using OpAsmDialectInterface::OpAsmDialectInterface;
  AliasResult getAlias(Attribute attr, raw_ostream &os) const override {
    if (isa<FrameAttr>(attr)) {
      os << "frame";
      return AliasResult::FinalAlias;
    }
    if (isa<KernelAttr>(attr)) {
      os << "kernel";
      return AliasResult::FinalAlias;
    }
    if (isa<OriginRecordAttr>(attr)) {
      os << "origin_record";
      return AliasResult::FinalAlias;
    }
    return AliasResult::NoAlias;
  }
};
} // namespace

namespace tg {
/// lib/IR/TGInliner.cpp: lets MLIR's inliner inline tg calls.
void addInlinerInterface(TGDialect &dialect);
} // namespace tg

void TGDialect::initialize() {
  registerTypes();
  registerAttributes();
  addOperations<
#define GET_OP_LIST
#include "tg/IR/TGOps.cpp.inc"
      >();
  addInterfaces<TGOpAsmDialectInterface>();
  addInlinerInterface(*this);
}

void TGDialect::registerTypes() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "tg/IR/TGOpsTypes.cpp.inc"
      >();
}

void TGDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "tg/IR/TGAttrs.cpp.inc"
      >();
}

/// `__torch__.torchvision.models.resnet.ResNet` -> `ResNet`.
static StringRef shortClassName(StringRef qualified) {
  size_t dot = qualified.rfind('.');
  return dot == StringRef::npos ? qualified : qualified.drop_front(dot + 1);
}

StringRef ModuleType::getShortClassName() const {
  return shortClassName(getClassName());
}

LogicalResult ModuleType::verify(function_ref<InFlightDiagnostic()> emitError,
                                 StringRef className) {
  if (className.empty())
    return emitError() << "module type needs a non-empty class name";
  return success();
}

LogicalResult
OriginRecordAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                         StringRef kind, StringRef pass, StringRef op,
                         LocationAttr into) {
  if (kind != "eliminated" && kind != "merged")
    return emitError() << "origin record kind must be 'eliminated' or "
                          "'merged', got '"
                       << kind << "'";
  if (kind == "merged" && !into)
    return emitError() << "a 'merged' origin record needs 'into', the "
                          "location of the op that holds it";
  if (kind == "eliminated" && into)
    return emitError() << "an 'eliminated' origin record has no 'into'";
  return success();
}

StringRef FrameAttr::getShortClassName() const {
  return shortClassName(getClassName());
}
