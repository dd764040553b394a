// ResNet-18 after inlining: fusion keeps every origin, and the whole
// pipeline loses none (checked over the whole module). This import has no
// example types, so its batch norms are not decomposed; min-size=2 keeps
// the lone relus out and the kernels to the residual add + relu pairs (the
// decomposed, typed import is test/examples/torchvision-resnet18.test).

// Inline (leaf positions survive), then fuse (full origins survive).
// RUN: tg-opt %examples/resnet18.mlir --tg-snapshot-origins --tg-inline --tg-verify-origins=compare=leaf --tg-snapshot-origins --tg-fuse-elementwise=min-size=2 --tg-verify-origins -mlir-print-debuginfo -o %t.1.mlir
// RUN: FileCheck %s < %t.1.mlir
// The same from scratch, checked once at the end.
// RUN: tg-opt %examples/resnet18.mlir --tg-snapshot-origins --tg-inline --tg-fuse-elementwise=min-size=2 --tg-verify-origins=compare=leaf -o /dev/null

// Deterministic: again, and without threads, byte for byte.
// RUN: tg-opt %examples/resnet18.mlir --tg-inline --tg-fuse-elementwise=min-size=2 -mlir-print-debuginfo -o %t.2.mlir
// RUN: tg-opt %examples/resnet18.mlir --tg-inline --tg-fuse-elementwise=min-size=2 -mlir-print-debuginfo --mlir-disable-threading -o %t.3.mlir
// RUN: diff %t.1.mlir %t.2.mlir
// RUN: diff %t.1.mlir %t.3.mlir
// Fusing the fused module again changes nothing.
// RUN: tg-opt %t.1.mlir --tg-fuse-elementwise=min-size=2 -mlir-print-debuginfo | diff %t.1.mlir -

// The checker fails when a pass drops origins: upstream CSE merges identical
// submodule reads and constants (the two `self.relu` reads of each
// BasicBlock, for one) and keeps one location of each.
// RUN: not tg-opt %examples/resnet18.mlir --tg-snapshot-origins --tg-inline --tg-fuse-elementwise=min-size=2 -cse --tg-verify-origins=compare=leaf -o /dev/null 2>&1 | FileCheck %s --check-prefix=CSE
// CSE: resnet.py:{{[0-9]+}}:{{[0-9]+}}: error: origin lost: no op's location lists the leaf loc("{{.*}}resnet.py":{{.*}}) any more, and no #tg.origin_record names it

// One kernel per residual add + relu of the 8 BasicBlocks, numbered in
// program order; each keeps its two ops with their own inlined locations.
// CHECK-COUNT-8: tg.kernel "fused_add_relu_{{[0-7]}}"
// CHECK-NOT: tg.kernel "
// CHECK-DAG: #[[K0:kernel[0-9]*]] = #tg.kernel<"fused_add_relu_0">
// CHECK-DAG: #[[K7:kernel[0-9]*]] = #tg.kernel<"fused_add_relu_7">
// CHECK-DAG: = loc(fused<#[[K0]]>[#loc{{[0-9]+}}, #loc{{[0-9]+}}])
// CHECK-DAG: = loc(fused<#[[K7]]>[#loc{{[0-9]+}}, #loc{{[0-9]+}}])

// Provenance of the first kernel: both ops, with their full stacks from
// ResNet.forward down to the ReLU module.
// RUN: tg-opt %t.1.mlir --tg-provenance=path=%t.json -o /dev/null
// RUN: FileCheck %s --check-prefix=JSON < %t.json
// JSON: "fused_add_relu_0": [
// JSON: "operators": [
// JSON-NEXT: "aten::add_"
// JSON: "stack": [
// JSON: "function": "forward",
// JSON-NEXT: "instance": "TOP",
// JSON: "function": "_forward_impl",
// JSON-NEXT: "instance": "SELF",
// JSON: "function": "forward",
// JSON-NEXT: "instance": "layer1",
// JSON: "class": "__torch__.torchvision.models.resnet.BasicBlock",
// JSON: "function": "forward",
// JSON-NEXT: "instance": "0",
// JSON-NEXT: "line": 102
// JSON: "operators": [
// JSON-NEXT: "aten::relu_"
// JSON: "class": "__torch__.torch.nn.modules.activation.ReLU",
// JSON: "file": "{{.*}}activation.py",
// JSON-NEXT: "function": "forward",
// JSON-NEXT: "instance": "relu",
// JSON: "fused_add_relu_1": [
