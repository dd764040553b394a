//===- tg-opt.cpp - tracegraph optimizer driver ---------------------------===//
//
// mlir-opt for tracegraph: the tg dialect, every tracegraph pass, and the
// upstream transforms a compiler developer reaches for (-inline,
// -canonicalize, -cse, -strip-debuginfo, -snapshot-op-locations,
// -symbol-dce, ...).
//
//===----------------------------------------------------------------------===//

#include "tg/IR/TGDialect.h"
#include "tg/Passes/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "mlir/Transforms/Passes.h"

int main(int argc, char **argv) {
  mlir::registerTransformsPasses();
  tg::registerTGPasses();

  mlir::DialectRegistry registry;
  registry.insert<tg::TGDialect, mlir::func::FuncDialect>();
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "tracegraph optimizer driver\n", registry));
}
