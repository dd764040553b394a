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
    merge bound (`max-origins`), have no op left to carry them. The pass that
    removed them records each as a *record location*, the origin under this
    metadata:

    ```mlir
    fused<#tg.origin_record<eliminated, pass = "tg-canonicalize", op = "arith.addi">>[origin]
    fused<#tg.origin_record<merged, pass = "tg-cse", op = "arith.constant",
                            into = loc("model.py":7:3)>>[origin]
    ```

    and appends the record locations to the location of the op it runs on
    (the module, or the function for a function pass): records are
    locations, so `-strip-debuginfo` and `-snapshot-op-locations` treat them
    as every other location, and a pass that keeps every origin prints, with
    locations stripped, exactly what the upstream pass prints.
    `tg::getOrigins` skips records (they are not origins of the op that
    holds them); `tg::getOriginRecords` reads them back.

    - `kind` is `eliminated` (erased as dead, or folded away with no
      survivor) or `merged` (merged into the op whose location was `into`
      at that time, but over that op's `max-origins` bound, so that its
      location does not list it).
    - `pass` is the pass that removed it, `op` the name of the op it was
      (`arith.addi`, `aten::relu`). The origin keeps its full location
      (call-site chain intact; a fused origin lists every origin).
  }];
  let parameters = (ins
      StringRefParameter<"`eliminated` or `merged`">:$kind,
      StringRefParameter<"the pass that removed the origin">:$pass,
      StringRefParameter<"the name of the op it was">:$op,
      OptionalParameter<"::mlir::LocationAttr",
                        "for `merged`: the location of the op holding it">:$into);
  let assemblyFormat = [{
    `<` custom<OriginKind>($kind) `,` `pass` `=` $pass `,` `op` `=` $op
    (`,` `into` `=` $into^)? `>`
  }];
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    bool isEliminated() const { return getKind() == "eliminated"; }
    bool isMerged() const { return getKind() == "merged"; }
  }];
}

def TG_OriginRecordsAttr : TG_Attr<"OriginRecords", "origin_records"> {
  let summary = "A chunk of the origin records an op holds";
  let description = [{
    The records an op holds (the module, or a function: the op a pass ran
    on) are a table, not a list that grows with the model. A table of at
    most 63 records is the plain list in the op's location (`fused[own,
    record, ...]`). Each 64 records become one chunk of level 1, each 64
    chunks of level 1 one chunk of level 2, and so on, so no location lists
    more than 64 records or chunks of one level, and appending a record
    rebuilds O(64 x levels) elements, not the table:

    ```mlir
    fused["model.py":1:1,
          fused<#tg.origin_records<level = 1>>[record_1, ..., record_64],
          record_65, record_66]
    ```

    Chunks come before the loose records, higher levels first, in the order
    the records were made. `tg::appendOriginRecords` builds them and
    `tg::getOriginRecords` reads them back; `level` keeps a chunk nested in
    one of the next level from being flattened into it by `FusedLoc::get`.
  }];
  let parameters = (ins "unsigned":$level);
  let assemblyFormat = "`<` `level` `=` $level `>`";
  let genVerifyDecl = 1;
}

def TG_ModulePathAttr : TG_Attr<"ModulePath", "module_path"> {
  let summary = "A module path, shared with every path it extends";
  let description = [{
    The value `--tg-module-hierarchy` gives `tg.module_hierarchy`: a module
    path (`TOP(ResNet)::forward.layer1(Sequential)::forward.`) stored as the
    path it extends (`prefix`, another `#tg.module_path`, or none) and the
    text it adds (`piece`): one node per entry function, per inlined frame
    and, in the mobile form, per op name. Ops inlined through the same calls
    share nodes, so a model's paths cost one node per distinct call stack
    instead of one string per distinct path (docs/performance.md).

    It prints as the whole path, and parses from it (as one node):

    ```mlir
    #tg.module_path<"TOP(ResNet)::forward.layer1(Sequential)::forward.">
    ```

    tg ops print it as the plain string (`tg.module_hierarchy = "..."`), the
    form the pass has always written, and parse that string back as a
    `StringAttr`; read either with `tg::getModulePathTexts`. In bytecode
    the nodes are written as they are shared.
  }];
  let parameters = (ins
      OptionalParameter<"::mlir::Attribute",
                        "the path this one extends (a #tg.module_path), or none">:$prefix,
      "::mlir::StringAttr":$piece);
  let hasCustomAssemblyFormat = 1;
  // Written by hand (lib/IR/TGDialect.cpp): the storage also keeps the
  // whole path's length and whether any byte of it needs an escape when
  // printed, computed once per node, so that printing a path is one copy
  // of its pieces and one write.
  let genStorageClass = 0;
  // The prefix is typed in the builder (the storage keeps an Attribute).
  let skipDefaultBuilders = 1;
  let builders = [
    AttrBuilder<(ins "ModulePathAttr":$prefix, "::mlir::StringAttr":$piece), [{
      return $_get($_ctxt, prefix, piece);
    }]>
  ];
  let extraClassDeclaration = [{
    /// The whole path: the prefix's text followed by the piece.
    std::string getText() const;
    /// Appends the whole path to `out`.
    void appendText(std::string &out) const;
    /// Writes the whole path as a quoted string, escaped as
    /// `AsmPrinter::printString` escapes it, piece by piece.
    void printQuoted(::llvm::raw_ostream &os) const;
  }];
}

#endif // TG_IR_TGATTRS_TD
