// "No origin lost": tg-snapshot-origins records every origin, a later
// tg-verify-origins fails naming each one no op lists any more.

// Fusion keeps every origin.
// RUN: tg-opt %s --tg-snapshot-origins --tg-fuse-elementwise --tg-verify-origins -mlir-print-debuginfo | FileCheck %s --check-prefix=FUSED
// FUSED: tg.kernel "fused_add_relu_0"
// FUSED-NOT: tg.origin_snapshot

// Upstream CSE merges the two identical attribute reads and keeps only one
// location: the checker names the lost one at its own position.
// RUN: not tg-opt %s --tg-snapshot-origins -cse --tg-verify-origins -o /dev/null 2>&1 | FileCheck %s --check-prefix=CSE
// CSE: net.py:4:8: error: origin lost: no op's location lists loc("net.py":4:8) any more, and no #tg.origin_record names it
// CSE-NOT: error:

// Stripping debug info loses everything.
// RUN: not tg-opt %s --tg-snapshot-origins -strip-debuginfo --tg-verify-origins -o /dev/null 2>&1 | FileCheck %s --check-prefix=STRIP
// STRIP-DAG: net.py:3:8: error: origin lost
// STRIP-DAG: net.py:4:8: error: origin lost
// STRIP-DAG: block.py:5:12: error: origin lost
// STRIP-DAG: net.py:12:8: error: origin lost
// Terminators compute nothing: they are not recorded.
// STRIP-NOT: net.py:13:4

// Leaf mode: only the leaf position must survive; a full-mode check of a
// call-site location whose frame was dropped fails, a leaf-mode one passes.
// RUN: tg-opt %s --tg-snapshot-origins --tg-verify-origins=compare=leaf -o /dev/null
// RUN: not tg-opt %s --tg-verify-origins=compare=deep -o /dev/null 2>&1 | FileCheck %s --check-prefix=MODE
// MODE: tg-opt: for the --compare option: Cannot find option named 'deep'!

tg.graph @"Net::forward"(%self: !tg.module<"Net">, %y: !tg.tensor) -> !tg.tensor {
  %0 = tg.get_attr %self["weight"] : !tg.module<"Net"> -> !tg.tensor loc("net.py":3:8)
  %1 = tg.get_attr %self["weight"] : !tg.module<"Net"> -> !tg.tensor loc("net.py":4:8)
  %2 = tg.op "aten::add"(%0, %1) : (!tg.tensor, !tg.tensor) -> !tg.tensor loc(callsite("block.py":5:12 at fused<#tg.frame<instance = "b0", class = "Block", method = "forward">>["net.py":11:8]))
  %3 = tg.op "aten::relu"(%2) : (!tg.tensor) -> !tg.tensor loc("net.py":12:8)
  tg.return %3 : !tg.tensor loc("net.py":13:4)
}
