//===- TGAttrs.td - tracegraph attributes ------------------*- tablegen -*-===//

#ifndef TG_IR_TGATTRS_TD
#define TG_IR_TGATTRS_TD

include "tg/IR/TGDialect.td"

class TG_Attr<string name, string attrMnemonic, list<Trait> traits = []>
    : AttrDef<TG_Dialect, name, traits> {
  let mnemonic = attrMnemonic;
}

def TG_FrameAttr : TG_Attr<"Frame", "frame"> {
  let summary = "The module frame of one inlined method call";
  let description = [{
    Metadata of the caller side of a `CallSiteLoc` made by inlining a
    `tg.call_method`: the module instance the method was called on, the class
    of that instance and the method's name. It is attached to the call's
    source location as `fused<#tg.frame<...>>[loc]`, MLIR's idiom for
    structured metadata on a location.

    `instance` follows PyTorch's rules: the submodule attribute name
    (`layer1`, `0`), `SELF` for a call on the graph's own `self`, or
    `INSTANCE_NAME_UNKNOWN` when the receiver is neither.

    ```mlir
    #tg.frame<instance = "layer1", class = "Sequential", method = "forward">
    ```
  }];
  let parameters = (ins StringRefParameter<"module instance name">:$instance,
                        StringRefParameter<"qualified class name">:$className,
                        StringRefParameter<"method name">:$method);
  let assemblyFormat =
      "`<` `instance` `=` $instance `,` `class` `=` $className `,` `method` `=` $method `>`";
  let extraClassDeclaration = [{
    /// The class name without its qualifying path (`ResNet`).
    ::llvm::StringRef getShortClassName() const;
  }];
}

def TG_KernelAttr : TG_Attr<"Kernel", "kernel"> {
  let summary = "Names the fused kernel a fused location belongs to";
  let description = [{
    Metadata of the `FusedLoc` of a fused kernel: `fused<#tg.kernel<"fused_add_relu_0">>[...]`
    lists the full locations of every original op the kernel computes.
  }];
  let parameters = (ins StringRefParameter<"kernel name">:$name);
  let assemblyFormat = "`<` $name `>`";
}

#endif // TG_IR_TGATTRS_TD
