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

def TG_OriginRecordAttr : TG_Attr<"OriginRecord", "origin_record"> {
  let summary = "What became of an origin that no op's location holds";
  let description = [{
    An op leaves the IR in one of three ways: replaced by new ops (they
    inherit its location), replaced by an existing value or op (the survivor
    inherits it), or erased as dead. Only the last one, and origins beyond a
    merge bound (`max-origins`), have no op left to carry them: the pass that
    removed them appends one record each to the module's `tg.origin_records`
    array, so that no origin is ever silently lost.

    - `kind` is `eliminated` (erased as dead, or folded away with no
      survivor) or `merged` (merged into the op whose location is `into`, but
      over that op's `max-origins` bound, so its location only counts it).
    - `pass` is the pass (or pattern driver) that removed it, `op` the name of
      the op it was (`arith.addi`, `aten::relu`), `origin` its full location
      (call-site chain intact).

    ```mlir
    module attributes {tg.origin_records = [
      #tg.origin_record<eliminated, pass = "tg-canonicalize", op = "arith.addi",
                        origin = loc("model.py":12:8)>,
      #tg.origin_record<merged, pass = "tg-cse", op = "arith.constant",
                        origin = loc("model.py":40:3), into = loc("model.py":7:3)>
    ]} { ... }
    ```
  }];
  let parameters = (ins
      StringRefParameter<"`eliminated` or `merged`">:$kind,
      StringRefParameter<"the pass that removed the origin">:$pass,
      StringRefParameter<"the name of the op it was">:$op,
      "::mlir::LocationAttr":$origin,
      OptionalParameter<"::mlir::LocationAttr",
                        "for `merged`: the location of the op holding it">:$into);
  let assemblyFormat = [{
    `<` custom<OriginKind>($kind) `,` `pass` `=` $pass `,` `op` `=` $op `,` `origin` `=` $origin
    (`,` `into` `=` $into^)? `>`
  }];
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// The module attribute that holds the records, in the order the passes
    /// made them.
    static constexpr ::llvm::StringLiteral getModuleAttrName() {
      return ::llvm::StringLiteral("tg.origin_records");
    }
    bool isEliminated() const { return getKind() == "eliminated"; }
    bool isMerged() const { return getKind() == "merged"; }
  }];
}

#endif // TG_IR_TGATTRS_TD
