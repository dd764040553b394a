//===- TGInterfaces.td - tracegraph op interfaces ----------*- tablegen -*-===//

#ifndef TG_IR_TGINTERFACES_TD
#define TG_IR_TGINTERFACES_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/Properties.td"

/// The debug handle stored in an op: an integer in the op itself, not a
/// uniqued attribute. Printed and parsed as `{tg.debug_handle = N}` by the
/// DebugHandleAttrDict custom directive (lib/IR/DebugHandle.cpp).
/// In the generic form it is `<{debug_handle = N : i64}>` (an OptionalProp
/// would print a one-element array).
def TG_DebugHandleProp : OptionalProp<I64Prop> {
  let convertToAttribute = [{
    if (!$_storage.has_value())
      return ::mlir::ArrayAttr::get($_ctxt, {});
    return ::mlir::IntegerAttr::get(::mlir::IntegerType::get($_ctxt, 64),
                                    *$_storage);
  }];
  let convertFromAttribute = [{
    if (auto array = ::llvm::dyn_cast<::mlir::ArrayAttr>($_attr);
        array && array.empty()) {
      $_storage = std::nullopt;
      return ::mlir::success();
    }
    auto integer = ::llvm::dyn_cast<::mlir::IntegerAttr>($_attr);
    if (!integer || integer.getValue().getSignificantBits() > 64)
      return $_diag() << "expected an i64 debug handle, found " << $_attr;
    $_storage = integer.getValue().getSExtValue();
    return ::mlir::success();
  }];
}

def TG_DebugHandleOpInterface : OpInterface<"DebugHandleOpInterface"> {
  let cppNamespace = "::tg";
  let description = [{
    An op that stores its debug handle inline, as the inherent property
    `debug_handle`, instead of in the discardable attribute `tg.debug_handle`.

    Why: a discardable attribute lives in the op's uniqued attribute
    dictionary, and a handle is different on every op, so giving N ops a
    handle inserts N integer attributes and N dictionaries into the context's
    uniquer (docs/performance.md, section 5). A property is a plain integer
    store. The text form is unchanged: tg ops print and parse the handle as
    `{tg.debug_handle = N}` among their attributes.

    Every tg op but `tg.graph` implements it. Other dialects' ops keep the
    discardable attribute; `tg::getDebugHandle` and `tg::setDebugHandle`
    (tg/IR/DebugHandle.h) read and write both kinds, and a downstream
    dialect can implement this interface for its own ops: an op with a
    `TG_DebugHandleProp:$debug_handle` argument needs only to list it, and to
    replace `attr-dict` in its assembly format by
    ``` ``custom<DebugHandleAttrDict>($debug_handle, attr-dict) ```.
  }];
  let methods = [
    InterfaceMethod<[{The handle stored in the op, if any.}],
      "::std::optional<int64_t>", "getInlineDebugHandle", (ins), [{}],
      [{ return $_op.getProperties().debug_handle; }]>,
    InterfaceMethod<[{Stores `handle` in the op (nullopt: removes it).}],
      "void", "setInlineDebugHandle",
      (ins "::std::optional<int64_t>":$handle), [{}],
      [{ $_op.getProperties().debug_handle = handle; }]>,
  ];
  let verify = [{
    return ::tg::detail::verifyDebugHandleOp(
        $_op, ::llvm::cast<ConcreteOp>($_op).getInlineDebugHandle());
  }];
}

#endif // TG_IR_TGINTERFACES_TD
