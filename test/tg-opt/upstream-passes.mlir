// Upstream passes run on tg IR and handle its locations.
// RUN: tg-opt %s -cse -canonicalize -mlir-print-debuginfo | FileCheck %s --check-prefix=CSE
// RUN: tg-opt %s -symbol-dce | FileCheck %s --check-prefix=DCE
// RUN: tg-opt %s -strip-debuginfo -mlir-print-debuginfo | FileCheck %s --check-prefix=STRIP
// RUN: tg-opt %s -snapshot-op-locations='filename=%t.snap.mlir tag=traced' -mlir-print-debuginfo | FileCheck %s --check-prefix=SNAP
// RUN: tg-opt %s --pass-pipeline='builtin.module(cse,symbol-dce)' | FileCheck %s --check-prefix=DCE

// Two identical constants become one.
// CSE-LABEL: tg.graph @"Net::forward"
// CSE-COUNT-1: tg.constant
// CSE-NOT: tg.constant

// DCE-NOT: @unused
// DCE: tg.graph @"Net::forward"

// STRIP-NOT: relu.py
// STRIP: loc(unknown)

// The snapshot keeps the original call-site chain and adds a tagged name
// location pointing into the snapshot file.
// SNAP: tg.op "aten::add"{{.*}} loc([[ADD:#loc[0-9]+]])
// SNAP-DAG: #[[FRAME:frame[0-9]*]] = #tg.frame<instance = "relu"
// SNAP-DAG: [[CALLER:#loc[0-9]+]] = loc(fused<#[[FRAME]]>[
// SNAP-DAG: [[CHAIN:#loc[0-9]+]] = loc(callsite({{#loc[0-9]+}} at [[CALLER]]))
// SNAP-DAG: [[ADD]] = loc(fused{{\[}}[[CHAIN]], {{#loc[0-9]+}}{{\]}})
// SNAP-DAG: loc("traced"(
tg.graph @"Net::forward"(%self: !tg.module<"Net">, %x: !tg.tensor) -> !tg.tensor attributes {tg.entry} {
  %a = tg.constant(1) : !tg.value
  %b = tg.constant(1) : !tg.value
  %0 = tg.op "aten::add"(%x, %x, %a, %b) : (!tg.tensor, !tg.tensor, !tg.value, !tg.value) -> !tg.tensor loc(callsite("relu.py":5:3 at fused<#tg.frame<instance = "relu", class = "ReLU", method = "forward">>["net.py":3:4]))
  tg.return %0 : !tg.tensor
}
tg.graph private @unused(%x: !tg.tensor) -> !tg.tensor {
  tg.return %x : !tg.tensor
}
