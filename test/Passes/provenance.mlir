// tg-provenance: original ops -> kernels, kernels -> origins with stacks.
// RUN: tg-opt %s --tg-fuse-elementwise --tg-provenance=path=%t.json -mlir-print-debuginfo -o %t.mlir
// RUN: FileCheck %s < %t.json
// '-' (the default) writes to stdout; the IR is not changed.
// RUN: tg-opt %t.mlir --tg-provenance -mlir-print-debuginfo -o %t.again.mlir | FileCheck %s
// RUN: tg-opt %t.mlir -mlir-print-debuginfo -o %t.plain.mlir
// RUN: diff %t.plain.mlir %t.again.mlir
// Deterministic, threads or not.
// RUN: tg-opt %s --tg-fuse-elementwise --tg-provenance=path=%t.2.json --mlir-disable-threading -o /dev/null
// RUN: diff %t.json %t.2.json
// A path that cannot be written is an error.
// RUN: not tg-opt %t.mlir --tg-provenance=path=%t.missing/dir/p.json -o /dev/null 2>&1 | FileCheck %s --check-prefix=ERR
// ERR: error: tg-provenance: cannot write '{{.*}}missing/dir/p.json':

// CHECK:      {
// CHECK-NEXT:   "kernelToOrigins": {
// CHECK-NEXT:     "fused_add_relu_0": [
// CHECK-NEXT:       {
// CHECK-NEXT:         "operators": [
// CHECK-NEXT:           "aten::add"
// CHECK-NEXT:         ],
// CHECK-NEXT:         "ops": [
// CHECK-NEXT:           "handle:7"
// CHECK-NEXT:         ],
// CHECK-NEXT:         "stack": [
// CHECK-NEXT:           {
// CHECK-NEXT:             "class": "Net",
// CHECK-NEXT:             "col": 8,
// CHECK-NEXT:             "file": "net.py",
// CHECK-NEXT:             "function": "forward",
// CHECK-NEXT:             "instance": "TOP",
// CHECK-NEXT:             "line": 11
// CHECK-NEXT:           },
// CHECK-NEXT:           {
// CHECK-NEXT:             "class": "Block",
// CHECK-NEXT:             "col": 12,
// CHECK-NEXT:             "endCol": 30,
// CHECK-NEXT:             "endLine": 5,
// CHECK-NEXT:             "file": "block.py",
// CHECK-NEXT:             "function": "forward",
// CHECK-NEXT:             "instance": "b0",
// CHECK-NEXT:             "line": 5
// CHECK-NEXT:           }
// CHECK-NEXT:         ]
// CHECK-NEXT:       },
// CHECK-NEXT:       {
// CHECK-NEXT:         "operators": [
// CHECK-NEXT:           "aten::relu"
// CHECK-NEXT:         ],
// CHECK-NEXT:         "ops": [
// CHECK-NEXT:           "Net::forward/aten::relu#0"
// CHECK-NEXT:         ],
// CHECK-NEXT:         "stack": [
// CHECK-NEXT:           {
// CHECK-NEXT:             "class": "Net",
// CHECK-NEXT:             "col": 8,
// CHECK-NEXT:             "file": "net.py",
// CHECK-NEXT:             "function": "forward",
// CHECK-NEXT:             "instance": "TOP",
// CHECK-NEXT:             "line": 12
// CHECK-NEXT:           }
// CHECK-NEXT:         ]
// CHECK-NEXT:       }
// CHECK-NEXT:     ],
// CHECK-NEXT:     "fused_neg_sigmoid_1": [
// CHECK:              "function": "helper",
// CHECK-NEXT:         "line": 20
// CHECK:        "originalToKernels": {
// CHECK-NEXT:     "Net::forward/aten::conv2d#0": [],
// CHECK-NEXT:     "Net::forward/aten::relu#0": [
// CHECK-NEXT:       "fused_add_relu_0"
// CHECK-NEXT:     ],
// CHECK-NEXT:     "Net::forward/tg.get_attr#0": [],
// CHECK-NEXT:     "handle:7": [
// CHECK-NEXT:       "fused_add_relu_0"
// CHECK-NEXT:     ],
// CHECK-NEXT:     "helper/aten::neg#0": [
// CHECK-NEXT:       "fused_neg_sigmoid_1"
// CHECK-NEXT:     ],
// CHECK-NEXT:     "helper/aten::sigmoid#0": [
// CHECK-NEXT:       "fused_neg_sigmoid_1"
// CHECK-NEXT:     ]
// CHECK-NEXT:   },
// CHECK-NEXT:   "version": 1
// CHECK-NEXT: }

tg.graph @"Net::forward"(%self: !tg.module<"Net">, %x: !tg.tensor, %y: !tg.tensor) -> !tg.tensor {
  %w = tg.get_attr %self["weight"] : !tg.module<"Net"> -> !tg.tensor
  %c = tg.op "aten::conv2d"(%x, %w) : (!tg.tensor, !tg.tensor) -> !tg.tensor loc("net.py":10:8)
  %a = tg.op "aten::add"(%c, %y) {tg.debug_handle = 7 : i64} : (!tg.tensor, !tg.tensor) -> !tg.tensor loc(callsite("block.py":5:12 to :30 at fused<#tg.frame<instance = "b0", class = "Block", method = "forward">>["net.py":11:8]))
  %r = tg.op "aten::relu"(%a) : (!tg.tensor) -> !tg.tensor loc("net.py":12:8)
  tg.return %r : !tg.tensor
}
tg.graph @helper(%x: !tg.tensor) -> !tg.tensor {
  %n = tg.op "aten::neg"(%x) : (!tg.tensor) -> !tg.tensor loc("h.py":20:4)
  %s = tg.op "aten::sigmoid"(%n) : (!tg.tensor) -> !tg.tensor loc("h.py":21:4)
  tg.return %s : !tg.tensor
}
