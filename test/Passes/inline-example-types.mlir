// tg.example_types (torch-to-tg --example-input): the static type of every
// tensor per call path and op ordinal. One method graph serves every call,
// so its values have one type per call path; --tg-inline applies them while
// it flattens, types the entry's arguments and signature, and drops the
// table. Paths are call ordinals from the entry ("entry" for the entry
// graph, "1" for its second call, "1.0" for the first call of that callee);
// op ordinals count the graph's ops in pre-order, and `ops` (written since
// the importer records it) is that count, checked before any type is set
// (inline-example-types-rewritten.mlir).

// RUN: tg-opt %s --tg-inline | FileCheck %s
// RUN: tg-opt %s --tg-inline=clone-in-order=false 2>&1 | FileCheck %s --check-prefix=MLIR-INLINER

// CHECK-LABEL: tg.graph @"Net::forward"(%self: !tg.module<"Net">, %arg0: tensor<1x8x4x4xf32>) -> tensor<1x8x2x2xf32>
// First call (path "0"): Block at 4x4.
// CHECK:         tg.op "aten::conv2d"(%arg0) : (tensor<1x8x4x4xf32>) -> tensor<1x8x4x4xf32>
// CHECK-NEXT:    tg.op "aten::relu"({{.*}}) : (tensor<1x8x4x4xf32>) -> tensor<1x8x4x4xf32>
// Second call (path "1"), with a nested call (path "1.0"): the same ops at 2x2.
// CHECK:         tg.op "aten::max_pool2d"({{.*}}) : (tensor<1x8x4x4xf32>) -> tensor<1x8x2x2xf32>
// CHECK:         tg.op "aten::conv2d"({{.*}}) : (tensor<1x8x2x2xf32>) -> tensor<1x8x2x2xf32>
// CHECK-NEXT:    tg.op "aten::relu"({{.*}}) : (tensor<1x8x2x2xf32>) -> tensor<1x8x2x2xf32>
// Ops without an entry keep their type.
// CHECK-NEXT:    tg.op "aten::size"({{.*}}) : (tensor<1x8x2x2xf32>) -> !tg.value
// CHECK:         tg.return %{{.*}} : tensor<1x8x2x2xf32>
// CHECK-NOT:   tg.example_types

// Without in-order copying the call paths are not tracked: a warning, and
// the types are dropped (the IR stays valid).
// MLIR-INLINER: warning: tg-inline: tg.example_types is applied only when callee bodies are copied in order (clone-in-order); the types are dropped
// MLIR-INLINER: tg.graph @"Net::forward"(%self: !tg.module<"Net">, %arg0: !tg.tensor) -> !tg.tensor

module attributes {tg.example_types = {
    "entry" = {"args" = [none, tensor<1x8x4x4xf32>], "2" = [tensor<1x8x2x2xf32>], ops = 5},
    "0" = {"0" = [tensor<1x8x4x4xf32>], "1" = [tensor<1x8x4x4xf32>], ops = 3},
    "1" = {"0" = [tensor<1x8x2x2xf32>], ops = 4},
    "1.0" = {"0" = [tensor<1x8x2x2xf32>], "1" = [tensor<1x8x2x2xf32>], ops = 3}}} {
  tg.graph @"Net::forward"(%self: !tg.module<"Net">, %x: !tg.tensor) -> !tg.tensor attributes {tg.entry} {
    %b = tg.get_submodule %self["block"] : !tg.module<"Net"> -> !tg.module<"Block">
    %y = tg.call_method @"Block::forward"(%b, %x) : (!tg.module<"Block">, !tg.tensor) -> !tg.tensor
    %p = tg.op "aten::max_pool2d"(%y) : (!tg.tensor) -> !tg.tensor
    %z = tg.call_method @"Net::down"(%self, %p) : (!tg.module<"Net">, !tg.tensor) -> !tg.tensor
    tg.return %z : !tg.tensor
  }
  tg.graph @"Net::down"(%self: !tg.module<"Net">, %x: !tg.tensor) -> !tg.tensor {
    %b = tg.get_submodule %self["block"] : !tg.module<"Net"> -> !tg.module<"Block">
    %y = tg.call_method @"Block::forward"(%b, %x) : (!tg.module<"Block">, !tg.tensor) -> !tg.tensor
    %s = tg.op "aten::size"(%y) : (!tg.tensor) -> !tg.value
    tg.return %y : !tg.tensor
  }
  tg.graph @"Block::forward"(%self: !tg.module<"Block">, %x: !tg.tensor) -> !tg.tensor {
    %c = tg.op "aten::conv2d"(%x) : (!tg.tensor) -> !tg.tensor
    %r = tg.op "aten::relu"(%c) : (!tg.tensor) -> !tg.tensor
    tg.return %r : !tg.tensor
  }
}
