//===- LayoutOps.h - Ops a kernel reads through -----------------*- C++ -*-===//
//
// Layout ops change the index a value is read at, not the value: permutes,
// reshapes, broadcasts, slices, pixel shuffles, nearest upsampling.
// --tg-fuse-elementwise puts them into kernels and --tg-extract-kernels reads
// through them at an affine index (docs/fusion.md): one list for both, so
// the two cannot disagree on what a kernel may hold.
//
//===----------------------------------------------------------------------===//

#ifndef TG_IR_LAYOUTOPS_H
#define TG_IR_LAYOUTOPS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

namespace tg {

/// The operators (`aten::...`) that are layout ops.
llvm::ArrayRef<llvm::StringLiteral> getLayoutOpNames();

/// Whether `name` is a layout op.
bool isLayoutOpName(llvm::StringRef name);

} // namespace tg

#endif // TG_IR_LAYOUTOPS_H
