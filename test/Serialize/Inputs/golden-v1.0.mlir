// The module golden-v1.0.tgdbg was written from (see make-golden-sources.py).
// Handles are assigned; restoring the golden section into this module with its
// locations stripped must print it back exactly.
#loc2 = loc("resnet.py":266:16)
#loc3 = loc("resnet.py":266:22)
#loc15 = loc("resnet.py":280:4)
#loc16 = loc(unknown)
module {
  tg.graph @"__torch__.torchvision.models.resnet.ResNet::forward"(%self: !tg.module<"__torch__.torchvision.models.resnet.ResNet"> loc("resnet.py":266:16), %arg0: !tg.tensor loc("resnet.py":266:22)) -> !tg.tensor attributes {tg.debug_handle = 0 : i64, tg.entry} {
    %0 = tg.get_attr %self["conv1.weight"] {tg.debug_handle = 1 : i64} : !tg.module<"__torch__.torchvision.models.resnet.ResNet"> -> !tg.tensor loc(#loc29)
    %1 = tg.op "aten::conv2d"(%arg0, %0) {tg.debug_handle = 2 : i64} : (!tg.tensor, !tg.tensor) -> !tg.tensor loc(#loc32)
    %2 = tg.op "aten::conv2d"(%1, %0) {tg.debug_handle = 3 : i64} : (!tg.tensor, !tg.tensor) -> !tg.tensor loc(#loc37)
    %3 = tg.op "aten::relu"(%2) {tg.debug_handle = 4 : i64} : (!tg.tensor) -> !tg.tensor loc(#loc36)
    %4 = tg.op "aten::add"(%3, %1) {tg.debug_handle = 5 : i64} : (!tg.tensor, !tg.tensor) -> !tg.tensor loc(#loc38)
    %5 = tg.op "prim::If"(%4) ({
    ^bb0(%arg1: !tg.tensor loc("resnet.py":280:4), %arg2: !tg.tensor loc(unknown)):
      tg.yield {tg.debug_handle = 7 : i64} %arg1 : !tg.tensor loc(#loc17)
    }) {tg.debug_handle = 6 : i64} : (!tg.tensor) -> !tg.tensor loc(#loc27)
    %6 = tg.op "aten::flatten"(%5) {tg.debug_handle = 8 : i64} : (!tg.tensor) -> !tg.tensor loc(#loc16)
    %7 = tg.op "aten::mul"(%6, %6) {tg.debug_handle = 9 : i64} : (!tg.tensor, !tg.tensor) -> !tg.tensor loc(#loc28)
    tg.return {tg.debug_handle = 10 : i64} %7 : !tg.tensor loc(#loc20)
  } loc(#loc1)
} loc(#loc)
#frame = #tg.frame<instance = "conv1", class = "__torch__.torch.nn.modules.conv.Conv2d", method = "forward">
#frame1 = #tg.frame<instance = "SELF", class = "__torch__.torch.nn.modules.conv.Conv2d", method = "_conv_forward">
#frame2 = #tg.frame<instance = "0", class = "__torch__.torchvision.models.resnet.BasicBlock", method = "forward">
#frame3 = #tg.frame<instance = "layer1", class = "__torch__.torch.nn.modules.container.Sequential", method = "forward">
#frame4 = #tg.frame<instance = "relu", class = "__torch__.torch.nn.modules.activation.ReLU", method = "forward">
#kernel = #tg.kernel<"fused_add_relu_0">
#loc = loc("resnet.py":1:1)
#loc1 = loc("resnet.py":266:3)
#loc4 = loc("conv.py":549:29 to :40)
#loc5 = loc("resnet.py":268:12 to :25)
#loc6 = loc("conv.py":543:19 to :35)
#loc7 = loc("conv.py":549:15 to :48)
#loc8 = loc("resnet.py":92:15 to :28)
#loc9 = loc("container.py":250:20 to :33)
#loc10 = loc("resnet.py":273:12 to :26)
#loc11 = loc("functional.py":1704:17 to 1705:3)
#loc12 = loc("resnet.py":94:15 to :29)
#loc13 = loc("resnet.py":101:8)
#loc14 = loc("resnet.py":279:8 to :27)
#loc17 = loc("resnet.py":281:8)
#loc18 = loc("resnet.py":282:4)
#loc19 = loc("resnet.py":283:4)
#loc20 = loc("resnet.py":284:4)
#loc21 = loc(fused<#frame>[#loc5])
#loc22 = loc(fused<#frame1>[#loc7])
#loc23 = loc(fused<#frame>[#loc8])
#loc24 = loc(fused<#frame2>[#loc9])
#loc25 = loc(fused<#frame3>[#loc10])
#loc26 = loc(fused<#frame4>[#loc12])
#loc27 = loc("flatten"(#loc14))
#loc28 = loc(fused[#loc18, #loc19])
#loc29 = loc(callsite(#loc4 at #loc21))
#loc30 = loc(callsite(#loc22 at #loc21))
#loc31 = loc(callsite(#loc24 at #loc25))
#loc32 = loc(callsite(#loc6 at #loc30))
#loc33 = loc(callsite(#loc23 at #loc31))
#loc34 = loc(callsite(#loc26 at #loc31))
#loc35 = loc(callsite(#loc22 at #loc33))
#loc36 = loc(callsite(#loc11 at #loc34))
#loc37 = loc(callsite(#loc6 at #loc35))
#loc38 = loc(fused<#kernel>[#loc13, #loc36])

