// Two kernels, the first of which cannot be lowered (an operator the
// reference lowering does not know): the checker reports it and still checks
// the second. For test/python/check-kernels.test.
tg.graph @"Net::forward"(%self: !tg.module<"Net">, %x: tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>) attributes {tg.entry} {
  %0 = tg.kernel "unknown_op_0"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32> {
  ^bb0(%a: tensor<2x3xf32>):
    %1 = tg.op "aten::frobnicate"(%a) : (tensor<2x3xf32>) -> tensor<2x3xf32> loc("m.py":3:5)
    %2 = tg.op "aten::relu"(%1) : (tensor<2x3xf32>) -> tensor<2x3xf32> loc("m.py":3:5)
    tg.kernel_yield %2 : tensor<2x3xf32>
  }
  %3 = tg.kernel "fused_neg_relu_0"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32> {
  ^bb0(%a: tensor<2x3xf32>):
    %4 = tg.op "aten::neg"(%a) : (tensor<2x3xf32>) -> tensor<2x3xf32> loc("m.py":4:5)
    %5 = tg.op "aten::relu"(%4) : (tensor<2x3xf32>) -> tensor<2x3xf32> loc("m.py":4:9)
    tg.kernel_yield %5 : tensor<2x3xf32>
  }
  tg.return %0, %3 : tensor<2x3xf32>, tensor<2x3xf32>
}
