//===- Passes.td - tracegraph passes -----------------------*- tablegen -*-===//
//
// Every tracegraph pass is declared here: its summary, its contract (what it
// reads, what it writes, what it guarantees about locations) and its options.
// docs/Passes/TGPasses.md is generated from this file.
//
//===----------------------------------------------------------------------===//

#ifndef TG_PASSES_PASSES_TD
#define TG_PASSES_PASSES_TD

include "mlir/Pass/PassBase.td"

def TGCheckOrigins : Pass<"tg-check-origins", "mlir::ModuleOp"> {
  let summary = "Report every op's leaf source locations (testing aid)";
  let description = [{
    Emits, for every op with a known location, a remark listing the leaf
    source positions its location stands for, one per origin. Tests use it
    with `-verify-diagnostics` or FileCheck to pin locations without printing
    the whole IR.
  }];
}

#endif // TG_PASSES_PASSES_TD
