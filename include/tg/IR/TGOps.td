//===- TGOps.td - tracegraph operations --------------------*- tablegen -*-===//

#ifndef TG_IR_TGOPS_TD
#define TG_IR_TGOPS_TD

include "tg/IR/TGDialect.td"
include "tg/IR/TGTypes.td"
include "tg/IR/TGAttrs.td"
include "tg/IR/TGInterfaces.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/IR/RegionKindInterface.td"
include "mlir/Interfaces/CallInterfaces.td"
include "mlir/Interfaces/FunctionInterfaces.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/IR/OpAsmInterface.td"

/// A tg op that stores its debug handle inline (TG_DebugHandleOpInterface).
/// Its arguments end with `TG_DebugHandleProp:$debug_handle` and its format
/// prints the attribute dictionary through the DebugHandleAttrDict directive.
class TG_HandleOp<string mnemonic, list<Trait> traits = []>
    : TG_Op<mnemonic, traits # [TG_DebugHandleOpInterface]>;

//===----------------------------------------------------------------------===//
// tg.graph
//===----------------------------------------------------------------------===//

def TG_GraphOp : TG_Op<"graph", [
    AutomaticAllocationScope, FunctionOpInterface, IsolatedFromAbove,
    DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmBlockArgumentNames"]>]> {
  let summary = "One traced method of a module class, or a free function";
  let description = [{
    A graph holds the traced body of one method, named `Class::method`
    (`@"ResNet::forward"`), whose first argument is the module instance the
    method runs on (`%self: !tg.module<"ResNet">`); or of a free function,
    named without `::`, which has no `self`.

    The graph a program starts from carries the unit attribute `tg.entry`.

    ```mlir
    tg.graph @"ReLU::forward"(%self: !tg.module<"ReLU">, %x: !tg.tensor) -> !tg.tensor {
      %0 = tg.op "aten::relu"(%x) : (!tg.tensor) -> !tg.tensor
      tg.return %0 : !tg.tensor
    }
    ```
  }];

  let arguments = (ins SymbolNameAttr:$sym_name,
                       TypeAttrOf<FunctionType>:$function_type,
                       OptionalAttr<StrAttr>:$sym_visibility,
                       OptionalAttr<DictArrayAttr>:$arg_attrs,
                       OptionalAttr<DictArrayAttr>:$res_attrs);
  let regions = (region AnyRegion:$body);

  let builders = [OpBuilder<(ins "::llvm::StringRef":$name,
                                 "::mlir::FunctionType":$type)>];

  let extraClassDeclaration = [{
    /// Whether the graph is a method (`Class::method`) rather than a free
    /// function.
    bool isMethod();
    /// The qualified class of a method graph, empty for a free function.
    ::llvm::StringRef getClassName();
    /// The method name of a method graph, or the function's name: the last
    /// component of its `tg.qualified_name` when it has one (the symbol may
    /// carry a `$N` suffix that keeps same-named functions apart), else the
    /// symbol. This is the name tracebacks and module paths print.
    ::llvm::StringRef getMethodName();
    /// The `self` argument of a method graph, or null.
    ::mlir::BlockArgument getSelf();
    /// Whether this graph is marked as the program's entry (`tg.entry`).
    bool isEntry();
    static constexpr ::llvm::StringLiteral kEntryAttrName = "tg.entry";
    /// The Python qualified name of a free function (`pkg.mod.fn`), as the
    /// importers record it.
    static constexpr ::llvm::StringLiteral kQualifiedNameAttrName =
        "tg.qualified_name";

    //===------------------------------------------------------------------===//
    // FunctionOpInterface
    //===------------------------------------------------------------------===//
    ::mlir::Region *getCallableRegion() { return &getBody(); }
    ::llvm::ArrayRef<::mlir::Type> getArgumentTypes() {
      return getFunctionType().getInputs();
    }
    ::llvm::ArrayRef<::mlir::Type> getResultTypes() {
      return getFunctionType().getResults();
    }
  }];
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// tg.return
//===----------------------------------------------------------------------===//

def TG_ReturnOp : TG_HandleOp<"return", [Pure, HasParent<"GraphOp">, ReturnLike,
                                   Terminator]> {
  let summary = "Returns from a graph";
  let arguments = (ins Variadic<AnyType>:$operands, TG_DebugHandleProp:$debug_handle);
  let builders = [OpBuilder<(ins), [{ build($_builder, $_state, {}); }]>];
  let assemblyFormat = "``custom<DebugHandleAttrDict>($debug_handle, attr-dict) ($operands^ `:` type($operands))?";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// tg.yield
//===----------------------------------------------------------------------===//

def TG_YieldOp : TG_HandleOp<"yield", [Pure, HasParent<"TracedOp">, ReturnLike,
                                 Terminator]> {
  let summary = "Ends a block of a traced control-flow op";
  let arguments = (ins Variadic<AnyType>:$operands, TG_DebugHandleProp:$debug_handle);
  let builders = [OpBuilder<(ins), [{ build($_builder, $_state, {}); }]>];
  let assemblyFormat = "``custom<DebugHandleAttrDict>($debug_handle, attr-dict) ($operands^ `:` type($operands))?";
}

//===----------------------------------------------------------------------===//
// tg.get_submodule / tg.get_attr
//===----------------------------------------------------------------------===//

def TG_GetSubmoduleOp : TG_HandleOp<"get_submodule", [Pure]> {
  let summary = "Reads a submodule attribute of a module instance";
  let description = [{
    `%l1 = tg.get_submodule %self["layer1"] : !tg.module<"ResNet"> -> !tg.module<"Sequential">`
    is `self.layer1`. The attribute name becomes the module instance name of
    every frame inlined through a call on the result.

    Syntax, as ODS generated it; parsed and printed by hand (lib/IR/TGOps.cpp,
    "Hand-written assembly formats"):

    ```
    operation ::= `tg.get_submodule` $parent `[` $name `]` ``custom<DebugHandleAttrDict>($debug_handle, attr-dict) `:` qualified(type($parent)) `->` qualified(type($result))
    ```
  }];
  let arguments = (ins TG_ModuleType:$parent, StrAttr:$name,
                       TG_DebugHandleProp:$debug_handle);
  let results = (outs TG_ModuleType:$result);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def TG_GetAttrOp : TG_HandleOp<"get_attr", [Pure]> {
  let summary = "Reads a parameter, buffer or constant attribute of a module";
  let description = [{
    `%w = tg.get_attr %self["weight"] : !tg.module<"Conv2d"> -> !tg.tensor`
    is `self.weight`. Submodules are read with `tg.get_submodule` instead.

    Syntax, as ODS generated it; parsed and printed by hand (lib/IR/TGOps.cpp,
    "Hand-written assembly formats"):

    ```
    operation ::= `tg.get_attr` $parent `[` $name `]` ``custom<DebugHandleAttrDict>($debug_handle, attr-dict) `:` qualified(type($parent)) `->` type($result)
    ```
  }];
  let arguments = (ins TG_ModuleType:$parent, StrAttr:$name,
                       TG_DebugHandleProp:$debug_handle);
  let results = (outs AnyType:$result);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// tg.constant
//===----------------------------------------------------------------------===//

def TG_ConstantOp : TG_HandleOp<"constant", [Pure, ConstantLike]> {
  let summary = "A traced constant (prim::Constant)";
  let description = [{
    `%0 = tg.constant(1) : !tg.value`, `%1 = tg.constant([1, 1]) : !tg.value`,
    `%2 = tg.constant(unit) : !tg.value` (None).

    Syntax, as ODS generated it; parsed and printed by hand (lib/IR/TGOps.cpp,
    "Hand-written assembly formats"):

    ```
    operation ::= `tg.constant` `(` $value `)` ``custom<DebugHandleAttrDict>($debug_handle, attr-dict) `:` type($result)
    ```
  }];
  let arguments = (ins AnyAttr:$value, TG_DebugHandleProp:$debug_handle);
  let results = (outs AnyType:$result);
  let hasCustomAssemblyFormat = 1;
  let hasFolder = 1;
}

//===----------------------------------------------------------------------===//
// tg.call_method / tg.call
//===----------------------------------------------------------------------===//

def TG_CallMethodOp : TG_HandleOp<"call_method", [
    CallOpInterface, DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "Calls a method on a module instance (prim::CallMethod)";
  let description = [{
    Calls the method graph `@callee` with the module instance as its first
    operand. When that operand is the calling graph's own `self` argument the
    call is a SELF call: its frame prints as `SELF(Class)`.

    ```mlir
    %y = tg.call_method @"Sequential::forward"(%l1, %x)
        : (!tg.module<"Sequential">, !tg.tensor) -> !tg.tensor
    ```
  }];
  let arguments = (ins FlatSymbolRefAttr:$callee,
                       Variadic<AnyType>:$operands,
                       OptionalAttr<DictArrayAttr>:$arg_attrs,
                       OptionalAttr<DictArrayAttr>:$res_attrs,
                       TG_DebugHandleProp:$debug_handle);
  let results = (outs Variadic<AnyType>:$results);
  let builders = [
    OpBuilder<(ins "::llvm::StringRef":$callee, "::mlir::TypeRange":$results,
                   "::mlir::ValueRange":$operands), [{
      build($_builder, $_state, results,
            ::mlir::FlatSymbolRefAttr::get($_builder.getContext(), callee),
            operands, nullptr, nullptr);
    }]>,
    OpBuilder<(ins "GraphOp":$callee, "::mlir::ValueRange":$operands), [{
      build($_builder, $_state, callee.getSymName(),
            callee.getFunctionType().getResults(), operands);
    }]>];
  let assemblyFormat = [{
    $callee `(` $operands `)` ``custom<DebugHandleAttrDict>($debug_handle, $arg_attrs, $res_attrs, attr-dict) `:` functional-type($operands, $results)
  }];
  let extraClassDeclaration = [{
    /// The module instance the method is called on.
    ::mlir::Value getReceiver() { return getOperands().front(); }
    /// Whether the receiver is the calling graph's own `self` argument.
    bool isSelfCall();
    /// The module instance name PyTorch records for this call: the submodule
    /// attribute name, `SELF`, or `INSTANCE_NAME_UNKNOWN`.
    ::llvm::StringRef getInstanceName();

    //===------------------------------------------------------------------===//
    // CallOpInterface
    //===------------------------------------------------------------------===//
    ::mlir::CallInterfaceCallable getCallableForCallee() { return getCalleeAttr(); }
    void setCalleeFromCallable(::mlir::CallInterfaceCallable callee) {
      (*this)->setAttr("callee", ::llvm::cast<::mlir::SymbolRefAttr>(callee));
    }
    ::mlir::Operation::operand_range getArgOperands() { return getOperands(); }
    ::mlir::MutableOperandRange getArgOperandsMutable() { return getOperandsMutable(); }
  }];
}

def TG_CallOp : TG_HandleOp<"call", [
    CallOpInterface, DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "Calls a free function graph (prim::CallFunction)";
  let description = [{
    A call of a graph that is not a method. Its inlined frames carry no
    module information and print as `UNKNOWN_INSTANCE(UNKNOWN_TYPE)`, as
    PyTorch prints them.
  }];
  let arguments = (ins FlatSymbolRefAttr:$callee,
                       Variadic<AnyType>:$operands,
                       OptionalAttr<DictArrayAttr>:$arg_attrs,
                       OptionalAttr<DictArrayAttr>:$res_attrs,
                       TG_DebugHandleProp:$debug_handle);
  let results = (outs Variadic<AnyType>:$results);
  let builders = [
    OpBuilder<(ins "::llvm::StringRef":$callee, "::mlir::TypeRange":$results,
                   "::mlir::ValueRange":$operands), [{
      build($_builder, $_state, results,
            ::mlir::FlatSymbolRefAttr::get($_builder.getContext(), callee),
            operands, nullptr, nullptr);
    }]>,
    OpBuilder<(ins "GraphOp":$callee, "::mlir::ValueRange":$operands), [{
      build($_builder, $_state, callee.getSymName(),
            callee.getFunctionType().getResults(), operands);
    }]>];
  let assemblyFormat = [{
    $callee `(` $operands `)` ``custom<DebugHandleAttrDict>($debug_handle, $arg_attrs, $res_attrs, attr-dict) `:` functional-type($operands, $results)
  }];
  let extraClassDeclaration = [{
    ::mlir::CallInterfaceCallable getCallableForCallee() { return getCalleeAttr(); }
    void setCalleeFromCallable(::mlir::CallInterfaceCallable callee) {
      (*this)->setAttr("callee", ::llvm::cast<::mlir::SymbolRefAttr>(callee));
    }
    ::mlir::Operation::operand_range getArgOperands() { return getOperands(); }
    ::mlir::MutableOperandRange getArgOperandsMutable() { return getOperandsMutable(); }
  }];
}

//===----------------------------------------------------------------------===//
// tg.op
//===----------------------------------------------------------------------===//

def TG_TracedOp : TG_HandleOp<"op", [
    DeclareOpInterfaceMethods<RegionKindInterface>]> {
  let summary = "A traced operator call (aten::conv2d, prim::If, ...)";
  let description = [{
    Every traced node that is not a call or an attribute read: the operator
    name, operands, results and any attributes the importer kept. Control
    flow nodes (`prim::If`, `prim::Loop`) keep their blocks as regions, each
    ended by `tg.yield`.

    ```mlir
    %0 = tg.op "aten::add"(%x, %y) : (!tg.tensor, !tg.tensor) -> !tg.tensor
    %1 = tg.op "prim::If"(%c) ({
      tg.yield %x : !tg.tensor
    }, {
      tg.yield %y : !tg.tensor
    }) : (!tg.value) -> !tg.tensor
    ```

    Syntax, as ODS generated it; parsed and printed by hand (lib/IR/TGOps.cpp,
    "Hand-written assembly formats"):

    ```
    operation ::= `tg.op` $name `(` $operands `)` (`(` $bodies^ `)`)? ``custom<DebugHandleAttrDict>($debug_handle, attr-dict) `:` functional-type($operands, $results)
    ```
  }];
  let arguments = (ins StrAttr:$name, Variadic<AnyType>:$operands,
                       TG_DebugHandleProp:$debug_handle);
  let results = (outs Variadic<AnyType>:$results);
  let regions = (region VariadicRegion<AnyRegion>:$bodies);
  // The builders without the handle (the generated ones take it before
  // `bodiesCount`, so it cannot default): most ops are built before handles
  // are assigned.
  let builders = [
    OpBuilder<(ins "::mlir::TypeRange":$results, "::mlir::StringAttr":$name,
                   "::mlir::ValueRange":$operands, "unsigned":$bodiesCount), [{
      build($_builder, $_state, results, name, operands,
            /*debug_handle=*/std::nullopt, bodiesCount);
    }]>,
    OpBuilder<(ins "::mlir::TypeRange":$results, "::llvm::StringRef":$name,
                   "::mlir::ValueRange":$operands, "unsigned":$bodiesCount), [{
      build($_builder, $_state, results, $_builder.getStringAttr(name),
            operands, /*debug_handle=*/std::nullopt, bodiesCount);
    }]>];
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// The operator name without its namespace (`add` for `aten::add`).
    ::llvm::StringRef getShortName();
  }];
}

//===----------------------------------------------------------------------===//
// tg.kernel / tg.kernel_yield
//===----------------------------------------------------------------------===//

def TG_KernelOp : TG_HandleOp<"kernel", [
    IsolatedFromAbove,
    DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmBlockArgumentNames"]>]> {
  let summary = "A fused kernel that keeps the ops it computes";
  let description = [{
    A kernel made by fusion (`--tg-fuse-elementwise`) or by a downstream
    compiler. Its body holds the original ops, with their own locations and
    attributes (`tg.debug_handle`), so every op it computes stays readable;
    the block arguments stand for the kernel inputs, one per operand, and
    `tg.kernel_yield` returns the values used outside the kernel.

    The kernel's own location lists the full locations of every op it
    computes: `fused<#tg.kernel<"fused_add_relu_0">>[origin, ...]`, in
    program order, deduplicated. The body is isolated from above, as a
    compiled kernel only sees its arguments.

    ```mlir
    %r = tg.kernel "fused_add_relu_0"(%a, %b) : (!tg.tensor, !tg.tensor) -> !tg.tensor {
    ^bb0(%x: !tg.tensor, %y: !tg.tensor):
      %0 = tg.op "aten::add"(%x, %y) : (!tg.tensor, !tg.tensor) -> !tg.tensor
      %1 = tg.op "aten::relu"(%0) : (!tg.tensor) -> !tg.tensor
      tg.kernel_yield %1 : !tg.tensor
    }
    ```

    Syntax, as ODS generated it; parsed and printed by hand (lib/IR/TGOps.cpp,
    "Hand-written assembly formats"):

    ```
    operation ::= `tg.kernel` $kernel_name `(` $inputs `)` ``custom<DebugHandleAttrDict>($debug_handle, attr-dict) `:` functional-type($inputs, $results) $body
    ```
  }];
  let arguments = (ins StrAttr:$kernel_name, Variadic<AnyType>:$inputs,
                       TG_DebugHandleProp:$debug_handle);
  let results = (outs Variadic<AnyType>:$results);
  let regions = (region SizedRegion<1>:$body);
  let hasCustomAssemblyFormat = 1;
  let skipDefaultBuilders = 1;
  let builders = [
    OpBuilder<(ins "::llvm::StringRef":$name, "::mlir::TypeRange":$results,
                   "::mlir::ValueRange":$inputs)>];
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
  let extraClassDeclaration = [{
    /// The block holding the kernel's ops.
    ::mlir::Block &getBodyBlock() { return getBody().front(); }
    /// The terminator that returns the kernel's results.
    KernelYieldOp getYield();
  }];
}

def TG_KernelYieldOp : TG_HandleOp<"kernel_yield", [Pure, HasParent<"KernelOp">,
                                              ReturnLike, Terminator]> {
  let summary = "Returns the results of a fused kernel";
  let arguments = (ins Variadic<AnyType>:$operands, TG_DebugHandleProp:$debug_handle);
  let builders = [OpBuilder<(ins), [{ build($_builder, $_state, {}); }]>];
  let assemblyFormat = "``custom<DebugHandleAttrDict>($debug_handle, attr-dict) ($operands^ `:` type($operands))?";
}

#endif // TG_IR_TGOPS_TD
