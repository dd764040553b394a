// The entry has no kernel; the only kernel is untyped, in a graph the entry
// never calls (extract-kernels-skip.mlir).
tg.graph @"Net::forward"(%self: !tg.module<"Net">, %x: tensor<4xf32>) -> tensor<4xf32> attributes {tg.entry} {
  tg.return %x : tensor<4xf32>
}

tg.graph @"Linear::forward"(%self: !tg.module<"Linear">, %x: !tg.tensor) -> !tg.tensor {
  %r = tg.kernel "untyped"(%x) : (!tg.tensor) -> !tg.tensor {
  ^bb0(%a: !tg.tensor):
    %0 = tg.op "aten::relu"(%a) : (!tg.tensor) -> !tg.tensor
    tg.kernel_yield %0 : !tg.tensor
  }
  tg.return %r : !tg.tensor
}
