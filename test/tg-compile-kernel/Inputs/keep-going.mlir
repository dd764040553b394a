// Two kernels that lower and one that does not (aten::softmax), for
// tg-compile-kernel --keep-going (test/tg-compile-kernel/tg-compile-kernel-errors.test).
tg.graph @"Net::forward"(%self: !tg.module<"Net">, %x: tensor<2x3xf32>) attributes {tg.entry} {
  %a = tg.kernel "good_relu"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32> {
  ^bb0(%in: tensor<2x3xf32>):
    %0 = tg.op "aten::relu"(%in) : (tensor<2x3xf32>) -> tensor<2x3xf32> loc("net.py":3:8)
    tg.kernel_yield %0 : tensor<2x3xf32>
  }
  %b = tg.kernel "bad_softmax"(%a) : (tensor<2x3xf32>) -> tensor<2x3xf32> {
  ^bb0(%in: tensor<2x3xf32>):
    %0 = tg.op "aten::softmax"(%in) : (tensor<2x3xf32>) -> tensor<2x3xf32> loc("net.py":4:8)
    tg.kernel_yield %0 : tensor<2x3xf32>
  }
  %c = tg.kernel "good_sigmoid"(%b) : (tensor<2x3xf32>) -> tensor<2x3xf32> {
  ^bb0(%in: tensor<2x3xf32>):
    %0 = tg.op "aten::sigmoid"(%in) : (tensor<2x3xf32>) -> tensor<2x3xf32> loc("net.py":5:8)
    tg.kernel_yield %0 : tensor<2x3xf32>
  }
  tg.return
}
