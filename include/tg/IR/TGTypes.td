//===- TGTypes.td - tracegraph types -----------------------*- tablegen -*-===//

#ifndef TG_IR_TGTYPES_TD
#define TG_IR_TGTYPES_TD

include "tg/IR/TGDialect.td"

class TG_Type<string name, string typeMnemonic, list<Trait> traits = []>
    : TypeDef<TG_Dialect, name, traits> {
  let mnemonic = typeMnemonic;
}

def TG_TensorType : TG_Type<"TracedTensor", "tensor"> {
  let summary = "A traced tensor value";
  let description = [{
    An opaque tensor. Shapes and dtypes are not needed to keep debug
    information and are deliberately left out of the IR.
  }];
}

def TG_ValueType : TG_Type<"Value", "value"> {
  let summary = "A traced non-tensor value (int, float, list, None, ...)";
  let description = [{
    Any TorchScript value that is neither a tensor nor a module instance:
    scalars, lists, tuples, `None`. Importers use it where they do not need a
    more precise builtin type.
  }];
}

def TG_ModuleType : TG_Type<"Module", "module"> {
  let summary = "An instance of a module class";
  let description = [{
    `!tg.module<"ResNet">` is an instance of the module class `ResNet`. The
    class name may be qualified (`__torch__.torchvision.models.resnet.ResNet`);
    module paths print its last component, as PyTorch does.

    Syntax: `!tg.module<` string `>`, the class name a quoted string,
    escaped as MLIR escapes strings.
  }];
  let parameters = (ins StringRefParameter<"qualified class name">:$className);
  // `<` $className `>`, printed by hand: a model's IR prints a qualified
  // class name on every submodule access, and MLIR's printString writes it
  // byte by byte (a fifth of printing an inlined model's types).
  let hasCustomAssemblyFormat = 1;
  let extraClassDeclaration = [{
    /// The class name without its qualifying path (`ResNet`).
    ::llvm::StringRef getShortClassName() const;
  }];
  let genVerifyDecl = 1;
}

def TG_AnyValue : AnyTypeOf<[TG_TensorType, TG_ValueType, TG_ModuleType,
                             AnyType]>;

#endif // TG_IR_TGTYPES_TD
