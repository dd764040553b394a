//===- LayoutOps.cpp - Ops a kernel reads through -------------------------===//

#include "tg/IR/LayoutOps.h"

#include "llvm/ADT/STLExtras.h"

static constexpr llvm::StringLiteral kLayoutOps[] = {
    "aten::permute",
    "aten::transpose",
    "aten::contiguous",
    "aten::view",
    "aten::reshape",
    "aten::_unsafe_view",
    "aten::flatten",
    "aten::squeeze",
    "aten::unsqueeze",
    "aten::expand",
    "aten::slice",
    "aten::select",
    "aten::pixel_shuffle",
    "aten::pixel_unshuffle",
    "aten::upsample_nearest1d",
    "aten::upsample_nearest2d",
    "aten::upsample_nearest3d"};

llvm::ArrayRef<llvm::StringLiteral> tg::getLayoutOpNames() {
  return kLayoutOps;
}

bool tg::isLayoutOpName(llvm::StringRef name) {
  return llvm::is_contained(kLayoutOps, name);
}
