//===- tg-opt.cpp - tracegraph optimizer driver ---------------------------===//
//
// mlir-opt for tracegraph: the tg dialect and every tracegraph pass, next to
// every upstream dialect, extension and pass that mlir-opt itself registers.
// Downstream compilers lower through func/arith/tensor/linalg/scf/memref/llvm
// and run upstream transforms (-canonicalize, -cse,
// -linalg-fuse-elementwise-ops, bufferization, conversions to llvm): one tool
// runs such a pipeline and tracegraph's location-preserving passes side by
// side, on the same input.
//
//===----------------------------------------------------------------------===//

#include "tg/Conversion/Passes.h"
#include "tg/IR/TGDialect.h"
#include "tg/Passes/Passes.h"
#include "tg/Pipelines/Pipelines.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int main(int argc, char **argv) {
  mlir::registerAllPasses();
  tg::registerTGPasses();
  tg::registerTGConversionPasses();
  tg::registerTGPipelines();

  mlir::DialectRegistry registry;
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  registry.insert<tg::TGDialect>();
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "tracegraph optimizer driver\n", registry));
}
