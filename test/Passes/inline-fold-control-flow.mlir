// --tg-inline resolves the control flow that inlining makes constant: the
// `inplace` flag of F.relu is an argument of the function graph, a constant
// only once the call is inlined. fold-control-flow=false keeps the If.

// RUN: tg-opt %s --tg-inline -mlir-print-debuginfo -mlir-print-local-scope | FileCheck %s
// RUN: tg-opt %s --tg-inline=fold-control-flow=false | FileCheck %s --check-prefix=KEEP
// RUN: tg-opt %s --tg-snapshot-origins --tg-inline --tg-fuse-elementwise --tg-verify-origins=compare=leaf -o /dev/null
// RUN: tg-opt %s --tg-inline --tg-fuse-elementwise | FileCheck %s --check-prefix=FUSED

// The relu_ of the taken branch keeps its full call stack; the records name
// tg-inline, and carry the inlined frames of what they record.
// CHECK-LABEL: tg.graph @"Block::forward"
// CHECK-NOT:     prim::If
// CHECK:         tg.op "aten::add"
// CHECK:         tg.op "aten::relu_"(%{{.*}}) : (!tg.tensor) -> !tg.tensor loc(callsite("functional.py":1460:17 at callsite(fused<#tg.frame<instance = "", class = "", method = "relu">>["activation.py":103:15] at fused<#tg.frame<instance = "relu", class = "ReLU", method = "forward">>["block.py":9:14])))
// CHECK:       } loc(fused[
// CHECK-SAME:    fused<#tg.origin_record<eliminated, pass = "tg-inline", op = "aten::relu">>[callsite("functional.py":1462:17 at
// CHECK-SAME:    fused<#tg.origin_record<eliminated, pass = "tg-inline", op = "prim::If">>[callsite("functional.py":1459:4 at

// KEEP: tg.op "prim::If"

// add and relu_ now sit in one block: one kernel. (The relu_ writes into
// the add's result, storage nothing else shares.)
// FUSED: tg.kernel "fused_add_relu_0"

tg.graph @"Block::forward"(%self: !tg.module<"Block">, %x: !tg.tensor, %y: !tg.tensor) -> !tg.tensor attributes {tg.entry} {
  %one = tg.constant(1 : i64) : !tg.value loc("block.py":8:8)
  %s = tg.op "aten::add"(%x, %y, %one) : (!tg.tensor, !tg.tensor, !tg.value) -> !tg.tensor loc("block.py":8:8)
  %relu = tg.get_submodule %self["relu"] : !tg.module<"Block"> -> !tg.module<"ReLU">
  %r = tg.call_method @"ReLU::forward"(%relu, %s) : (!tg.module<"ReLU">, !tg.tensor) -> !tg.tensor loc("block.py":9:14)
  tg.return %r : !tg.tensor
}

tg.graph @"ReLU::forward"(%self: !tg.module<"ReLU">, %input: !tg.tensor) -> !tg.tensor {
  %inplace = tg.constant(true) : !tg.value loc("activation.py":103:35)
  %r = tg.call @"relu"(%input, %inplace) : (!tg.tensor, !tg.value) -> !tg.tensor loc("activation.py":103:15)
  tg.return %r : !tg.tensor
}

tg.graph @"relu"(%input: !tg.tensor, %inplace: !tg.value) -> !tg.tensor {
  %r = tg.op "prim::If"(%inplace) ({
    %a = tg.op "aten::relu_"(%input) : (!tg.tensor) -> !tg.tensor loc("functional.py":1460:17)
    tg.yield %a : !tg.tensor
  }, {
    %b = tg.op "aten::relu"(%input) : (!tg.tensor) -> !tg.tensor loc("functional.py":1462:17)
    tg.yield %b : !tg.tensor
  }) : (!tg.value) -> !tg.tensor loc("functional.py":1459:4)
  tg.return %r : !tg.tensor
}
