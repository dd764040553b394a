//===- TGDialect.td - tracegraph dialect definition --------*- tablegen -*-===//
//
// The `tg` dialect holds a traced ML program: one graph per method of a
// module class, as TorchScript holds it, with plain MLIR locations that keep
// the way back to the Python source.
//
//===----------------------------------------------------------------------===//

#ifndef TG_IR_TGDIALECT_TD
#define TG_IR_TGDIALECT_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"

def TG_Dialect : Dialect {
  let name = "tg";
  let summary = "Traced ML programs whose ops keep their Python origins";
  let description = [{
    A traced model is a set of `tg.graph` ops, one per method of a module
    class (`ResNet::forward`, `Conv2d::_conv_forward`, ...). Methods call each
    other with `tg.call_method` on a module instance obtained through
    `tg.get_submodule`, or on the graph's own `self` argument (a SELF call).
    Every other traced operation is a `tg.op` that names its operator
    (`aten::conv2d`).

    Source information is carried only by standard MLIR locations, so every
    MLIR tool reads, prints and strips it:

    * a source position is a `FileLineColLoc` / `FileLineColRange`;
    * an inlined method call is a `CallSiteLoc` whose caller is
      `fused<#tg.frame<...>>[call-location]`: the frame attribute records the
      module instance, its class and the called method;
    * a fused kernel is a `fused<#tg.kernel<...>>[...]` of all its origins.

    Debug handles print as `{tg.debug_handle = N : i64}` on every op. tg ops
    (all but `tg.graph`) store theirs inline, as the property `debug_handle`
    (`TG_DebugHandleOpInterface`), so that numbering a million ops uniques no
    attribute; other ops carry the discardable attribute. Read and write both
    with `tg::getDebugHandle` / `tg::setDebugHandle` (tg/IR/DebugHandle.h).
  }];
  let cppNamespace = "::tg";
  let useDefaultTypePrinterParser = 1;
  let useDefaultAttributePrinterParser = 1;
  let hasConstantMaterializer = 0;
  let extraClassDeclaration = [{
    void registerTypes();
    void registerAttributes();
  }];
}

class TG_Op<string mnemonic, list<Trait> traits = []>
    : Op<TG_Dialect, mnemonic, traits>;

#endif // TG_IR_TGDIALECT_TD
