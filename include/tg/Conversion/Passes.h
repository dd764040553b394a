//===- Passes.h - tracegraph conversion passes ------------------*- C++ -*-===//
//
// Every lowering from the tg dialect and their registration, gathered as
// mlir/Conversion/Passes.h gathers upstream's. tg-opt registers them with
// tg::registerTGConversionPasses().
//
//===----------------------------------------------------------------------===//

#ifndef TG_CONVERSION_PASSES_H
#define TG_CONVERSION_PASSES_H

#include "tg/Conversion/KernelsToGPU/KernelsToGPU.h"
#include "tg/Conversion/TGToLinalg/TGToLinalg.h"

namespace tg {

#define GEN_PASS_REGISTRATION
#include "tg/Conversion/Passes.h.inc"

} // namespace tg

#endif // TG_CONVERSION_PASSES_H
