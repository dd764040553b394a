// A snapshot written by hand (or left by an earlier tg-snapshot-origins):
// each origin no op lists is an error at the origin's own position, and the
// snapshot attribute is removed.
// RUN: not tg-opt %s --tg-verify-origins 2>&1 | FileCheck %s
// CHECK: gone.py:1:1: error: origin lost: no op's location lists loc("gone.py":1:1) any more, and no #tg.origin_record names it
// CHECK-NOT: kept.py
// CHECK: leaf.py:3:3: error: origin lost: no op's location lists loc("leaf.py":3:3) (inlined 1 calls deep) any more, and no #tg.origin_record names it
// RUN: not tg-opt %s --tg-verify-origins=compare=leaf 2>&1 | FileCheck %s --check-prefix=LEAF
// LEAF: gone.py:1:1: error: origin lost: no op's location lists the leaf loc("gone.py":1:1) any more, and no #tg.origin_record names it
// LEAF-NOT: error
// Leaf mode accepts leaf.py:3:3, whose call site changed (as inlining
// changes them): only its leaf position must survive.

module attributes {tg.origin_snapshot = [loc("gone.py":1:1), loc("kept.py":2:2), loc(callsite("leaf.py":3:3 at "call.py":4:4))]} {
  tg.graph @f(%x: !tg.tensor) -> !tg.tensor {
    %0 = tg.op "aten::relu"(%x) : (!tg.tensor) -> !tg.tensor loc("kept.py":2:2)
    %1 = tg.op "aten::relu"(%0) : (!tg.tensor) -> !tg.tensor loc(callsite("leaf.py":3:3 at "other.py":5:5))
    tg.return %1 : !tg.tensor
  }
}
