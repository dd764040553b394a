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

StringRef FrameAttr::getShortClassName() const {
  return shortClassName(getClassName());
}
