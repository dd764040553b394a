// A hand-written, already-inlined ResNet-like graph: call-site chains with
// #tg.frame metadata, a fused kernel location, ranges, a name location,
// block-argument locations and a region with its own block arguments.
#conv_fwd = #tg.frame<instance = "conv1", class = "__torch__.torch.nn.modules.conv.Conv2d", method = "forward">
#conv_impl = #tg.frame<instance = "SELF", class = "__torch__.torch.nn.modules.conv.Conv2d", method = "_conv_forward">
#layer1 = #tg.frame<instance = "layer1", class = "__torch__.torch.nn.modules.container.Sequential", method = "forward">
#block0 = #tg.frame<instance = "0", class = "__torch__.torchvision.models.resnet.BasicBlock", method = "forward">
#relu = #tg.frame<instance = "relu", class = "__torch__.torch.nn.modules.activation.ReLU", method = "forward">
module {
  tg.graph @"__torch__.torchvision.models.resnet.ResNet::forward"(%self: !tg.module<"__torch__.torchvision.models.resnet.ResNet"> loc("resnet.py":266:16), %x: !tg.tensor loc("resnet.py":266:22)) -> !tg.tensor attributes {tg.entry} {
    %w = tg.get_attr %self["conv1.weight"] : !tg.module<"__torch__.torchvision.models.resnet.ResNet"> -> !tg.tensor loc(callsite("conv.py":549:29 to :40 at fused<#conv_fwd>["resnet.py":268:12 to :25]))
    %c = tg.op "aten::conv2d"(%x, %w) : (!tg.tensor, !tg.tensor) -> !tg.tensor loc(callsite("conv.py":543:19 to :35 at callsite(fused<#conv_impl>["conv.py":549:15 to :48] at fused<#conv_fwd>["resnet.py":268:12 to :25])))
    %b = tg.op "aten::conv2d"(%c, %w) : (!tg.tensor, !tg.tensor) -> !tg.tensor loc(callsite("conv.py":543:19 to :35 at callsite(fused<#conv_impl>["conv.py":549:15 to :48] at callsite(fused<#conv_fwd>["resnet.py":92:15 to :28] at callsite(fused<#block0>["container.py":250:20 to :32] at fused<#layer1>["resnet.py":273:12 to :26])))))
    %r = tg.op "aten::relu"(%b) : (!tg.tensor) -> !tg.tensor loc(callsite("functional.py":1704:17 to 1705:3 at callsite(fused<#relu>["resnet.py":94:15 to :26] at callsite(fused<#block0>["container.py":250:20 to :32] at fused<#layer1>["resnet.py":273:12 to :26]))))
    %a = tg.op "aten::add"(%r, %c) : (!tg.tensor, !tg.tensor) -> !tg.tensor loc(fused<#tg.kernel<"fused_add_relu_0">>["resnet.py":101:8, callsite("functional.py":1704:17 to 1705:3 at callsite(fused<#relu>["resnet.py":94:15 to :26] at callsite(fused<#block0>["container.py":250:20 to :32] at fused<#layer1>["resnet.py":273:12 to :26])))])
    %k = tg.op "prim::If"(%a) ({
    ^bb0(%i: !tg.tensor loc("resnet.py":280:4), %j: !tg.tensor loc(unknown)):
      tg.yield %i : !tg.tensor loc("resnet.py":281:8)
    }) : (!tg.tensor) -> !tg.tensor loc("flatten"("resnet.py":279:8 to :30))
    %u = tg.op "aten::flatten"(%k) : (!tg.tensor) -> !tg.tensor loc(unknown)
    %m = tg.op "aten::mul"(%u, %u) : (!tg.tensor, !tg.tensor) -> !tg.tensor loc(fused["resnet.py":282:4, "resnet.py":283:4])
    tg.return %m : !tg.tensor loc("resnet.py":284:4)
  } loc("resnet.py":266:3)
} loc("model.py":1:1)
