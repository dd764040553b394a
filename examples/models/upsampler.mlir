// Imported by torch-to-tg from "examples/models/upsampler.py:upsampler" (TorchScript).
module attributes {tg.source_text = {"<string>" = [[11, "  return a.mH"], [12, "def shape(a : Tensor) -> List[int]:"], [13, "  return a.size()"]], "<string>#2" = [[1, ""], [2, "def ndim(a : Tensor) -> int:"], [3, "  return a.dim()"], [4, "def T(a : Tensor) -> Tensor:"], [5, "  return a.numpy_T()"]], "<string>#3" = [[3, "  pass"], [4, "def list_with_default(out_size: List[int], defaults: List[int]):"], [5, "  assert len(defaults) > len(out_size)"], [6, "  return out_size"], [7, "def _assert(condition : bool, message : str):"]]}, tg.example_types = {"entry" = {"10" = [tensor<1x8x16x16xf32>], "12" = [tensor<1x4x8x8xf32>], "14" = [tensor<1x4x32x32xf32>], "17" = [tensor<1x8x16x16xf32>], "18" = [tensor<1x4x32x32xf32>], "20" = [tensor<1x1x32x32xf32>], "21" = [tensor<1x1x64x64xf32>], "24" = [tensor<1x1x32x32xf32>], "25" = [tensor<1x1x32x32xf32>], "9" = [tensor<1x8x8x8xf32>], "args" = [none, tensor<1x16x8x8xf32>], ops = 27, signature = "a328bbeebee17a53"}, "0" = {"0" = [tensor<8x16x1x1xf32>], "1" = [tensor<8xf32>], "2" = [tensor<1x8x8x8xf32>], ops = 4, signature = "5ae1bc9efe1d6da7"}, "0.0" = {"5" = [tensor<1x8x8x8xf32>], ops = 7, signature = "646d3235614e8237"}, "1" = {"164" = [tensor<1x8x16x16xf32>], "173" = [tensor<1x8x16x16xf32>], "174" = [tensor<1x8x16x16xf32>], ops = 402, signature = "3c1fd016680d5deb"}, "2" = {"0" = [tensor<4x16x1x1xf32>], "1" = [tensor<4xf32>], "2" = [tensor<1x4x8x8xf32>], ops = 4, signature = "5ae1bc9efe1d6da7"}, "2.0" = {"5" = [tensor<1x4x8x8xf32>], ops = 7, signature = "646d3235614e8237"}, "3" = {"179" = [tensor<1x4x32x32xf32>], "188" = [tensor<1x4x32x32xf32>], "197" = [tensor<1x4x32x32xf32>], "206" = [tensor<1x4x32x32xf32>], "215" = [tensor<1x4x32x32xf32>], "224" = [tensor<1x4x32x32xf32>], "233" = [tensor<1x4x32x32xf32>], "248" = [tensor<1x4x32x32xf32>], "263" = [tensor<1x4x32x32xf32>], "278" = [tensor<1x4x32x32xf32>], "293" = [tensor<1x4x32x32xf32>], "300" = [tensor<1x4x32x32xf32>], "303" = [tensor<1x4x32x32xf32>], ops = 417, signature = "01874777875049c0"}, "4" = {"5" = [tensor<1x8x8x8xf32>], "6" = [tensor<1x8x8x8xf32>], "7" = [tensor<1x8x8x8xf32>], "8" = [tensor<1x8x16x16xf32>], "9" = [tensor<1x8x16x16xf32>], ops = 11, signature = "f720fead84d6a576"}, "4.0" = {"0" = [tensor<8x16x3x3xf32>], "2" = [tensor<1x8x8x8xf32>], ops = 4, signature = "65988e748e233805"}, "4.0.0" = {"4" = [tensor<1x8x8x8xf32>], ops = 6, signature = "ca65599975f1119c"}, "4.1" = {"16" = [tensor<8xf32>], "17" = [tensor<8xf32>], "18" = [tensor<8xf32>], "19" = [tensor<8xf32>], "24" = [tensor<1x8x8x8xf32>], ops = 26, signature = "d3ef581df71167e4"}, "4.1.1" = {"6" = [tensor<1x8x8x8xf32>], ops = 8, signature = "42118e9c0f5d81ef"}, "4.2" = {"1" = [tensor<1x8x8x8xf32>], ops = 3, signature = "e4e5bcc77c1dab5e"}, "4.2.0" = {"0" = [tensor<1x8x8x8xf32>], "1" = [tensor<1x8x8x8xf32>], ops = 6, signature = "7878319fb4061396"}, "4.3" = {"4" = [tensor<1x8x16x16xf32>], ops = 6, signature = "3778b452f31104bf"}, "4.3.0" = {"164" = [tensor<1x8x16x16xf32>], "173" = [tensor<1x8x16x16xf32>], "174" = [tensor<1x8x16x16xf32>], ops = 402, signature = "3c1fd016680d5deb"}, "5" = {"5" = [tensor<1x4x16x16xf32>], "6" = [tensor<1x4x16x16xf32>], "7" = [tensor<1x4x16x16xf32>], "8" = [tensor<1x4x32x32xf32>], "9" = [tensor<1x4x32x32xf32>], ops = 11, signature = "f720fead84d6a576"}, "5.0" = {"0" = [tensor<4x8x3x3xf32>], "2" = [tensor<1x4x16x16xf32>], ops = 4, signature = "65988e748e233805"}, "5.0.0" = {"4" = [tensor<1x4x16x16xf32>], ops = 6, signature = "ca65599975f1119c"}, "5.1" = {"16" = [tensor<4xf32>], "17" = [tensor<4xf32>], "18" = [tensor<4xf32>], "19" = [tensor<4xf32>], "24" = [tensor<1x4x16x16xf32>], ops = 26, signature = "d3ef581df71167e4"}, "5.1.1" = {"6" = [tensor<1x4x16x16xf32>], ops = 8, signature = "42118e9c0f5d81ef"}, "5.2" = {"1" = [tensor<1x4x16x16xf32>], ops = 3, signature = "e4e5bcc77c1dab5e"}, "5.2.0" = {"0" = [tensor<1x4x16x16xf32>], "1" = [tensor<1x4x16x16xf32>], ops = 6, signature = "7878319fb4061396"}, "5.3" = {"4" = [tensor<1x4x32x32xf32>], ops = 6, signature = "3778b452f31104bf"}, "5.3.0" = {"164" = [tensor<1x4x32x32xf32>], "173" = [tensor<1x4x32x32xf32>], "174" = [tensor<1x4x32x32xf32>], ops = 402, signature = "3c1fd016680d5deb"}, "6" = {"0" = [tensor<1x4x1x1xf32>], "1" = [tensor<1xf32>], "2" = [tensor<1x1x32x32xf32>], ops = 4, signature = "5ae1bc9efe1d6da7"}, "6.0" = {"5" = [tensor<1x1x32x32xf32>], ops = 7, signature = "646d3235614e8237"}, "7" = {"164" = [tensor<1x1x64x64xf32>], "173" = [tensor<1x1x64x64xf32>], "174" = [tensor<1x1x64x64xf32>], ops = 402, signature = "3c1fd016680d5deb"}, "8" = {"179" = [tensor<1x1x32x32xf32>], "188" = [tensor<1x1x32x32xf32>], "197" = [tensor<1x1x32x32xf32>], "206" = [tensor<1x1x32x32xf32>], "215" = [tensor<1x1x32x32xf32>], "224" = [tensor<1x1x32x32xf32>], "233" = [tensor<1x1x32x32xf32>], "248" = [tensor<1x1x32x32xf32>], "263" = [tensor<1x1x32x32xf32>], "278" = [tensor<1x1x32x32xf32>], "293" = [tensor<1x1x32x32xf32>], "300" = [tensor<1x1x32x32xf32>], "303" = [tensor<1x1x32x32xf32>], ops = 417, signature = "01874777875049c0"}}} {
tg.graph @"__torch__.upsampler.Upsampler::forward"(%self: !tg.module<"__torch__.upsampler.Upsampler"> loc(unknown), %x.1: !tg.tensor loc(unknown)) -> !tg.tensor attributes {tg.entry} {
  %53 = tg.constant(1 : i64) : !tg.value loc(#tgloc0)
  %52 = tg.constant(-2 : i64) : !tg.value loc(#tgloc1)
  %20 = tg.constant("bilinear") : !tg.value loc(#tgloc2)
  %12 = tg.constant(false) : !tg.value loc(unknown)
  %9 = tg.constant("nearest") : !tg.value loc(unknown)
  %8 = tg.constant(unit) : !tg.value loc(unknown)
  %5 = tg.constant(2.0 : f64) : !tg.value loc(#tgloc3)
  %18 = tg.constant(32 : i64) : !tg.value loc(#tgloc4)
  %skip1 = tg.get_submodule %self["skip1"] : !tg.module<"__torch__.upsampler.Upsampler"> -> !tg.module<"__torch__.torch.nn.modules.conv.Conv2d"> loc(unknown)
  %4 = tg.call_method @"__torch__.torch.nn.modules.conv.Conv2d::forward"(%skip1, %x.1) : (!tg.module<"__torch__.torch.nn.modules.conv.Conv2d">, !tg.tensor) -> !tg.tensor loc(#tgloc5)
  %s1.1 = tg.call @"interpolate"(%4, %8, %5, %9, %8, %8, %12) : (!tg.tensor, !tg.value, !tg.value, !tg.value, !tg.value, !tg.value, !tg.value) -> !tg.tensor loc(#tgloc6)
  %skip2 = tg.get_submodule %self["skip2"] : !tg.module<"__torch__.upsampler.Upsampler"> -> !tg.module<"__torch__.torch.nn.modules.conv.___torch_mangle_0.Conv2d"> loc(unknown)
  %17 = tg.call_method @"__torch__.torch.nn.modules.conv.___torch_mangle_0.Conv2d::forward"(%skip2, %x.1) : (!tg.module<"__torch__.torch.nn.modules.conv.___torch_mangle_0.Conv2d">, !tg.tensor) -> !tg.tensor loc(#tgloc7)
  %22 = tg.op "prim::ListConstruct"(%18, %18) : (!tg.value, !tg.value) -> !tg.value loc(unknown)
  %s2.1 = tg.call @"interpolate$2"(%17, %22, %8, %20, %12, %8, %12) : (!tg.tensor, !tg.value, !tg.value, !tg.value, !tg.value, !tg.value, !tg.value) -> !tg.tensor loc(#tgloc8)
  %block2 = tg.get_submodule %self["block2"] : !tg.module<"__torch__.upsampler.Upsampler"> -> !tg.module<"__torch__.upsampler.___torch_mangle_4.UpBlock"> loc(unknown)
  %block1 = tg.get_submodule %self["block1"] : !tg.module<"__torch__.upsampler.Upsampler"> -> !tg.module<"__torch__.upsampler.UpBlock"> loc(unknown)
  %32 = tg.call_method @"__torch__.upsampler.UpBlock::forward"(%block1, %x.1, %s1.1) : (!tg.module<"__torch__.upsampler.UpBlock">, !tg.tensor, !tg.tensor) -> !tg.tensor loc(#tgloc9)
  %y.1 = tg.call_method @"__torch__.upsampler.___torch_mangle_4.UpBlock::forward"(%block2, %32, %s2.1) : (!tg.module<"__torch__.upsampler.___torch_mangle_4.UpBlock">, !tg.tensor, !tg.tensor) -> !tg.tensor loc(#tgloc10)
  %head = tg.get_submodule %self["head"] : !tg.module<"__torch__.upsampler.Upsampler"> -> !tg.module<"__torch__.torch.nn.modules.conv.___torch_mangle_5.Conv2d"> loc(unknown)
  %37 = tg.call_method @"__torch__.torch.nn.modules.conv.___torch_mangle_5.Conv2d::forward"(%head, %y.1) : (!tg.module<"__torch__.torch.nn.modules.conv.___torch_mangle_5.Conv2d">, !tg.tensor) -> !tg.tensor loc(#tgloc11)
  %logits.1 = tg.call @"interpolate"(%37, %8, %5, %9, %8, %8, %12) : (!tg.tensor, !tg.value, !tg.value, !tg.value, !tg.value, !tg.value, !tg.value) -> !tg.tensor loc(#tgloc12)
  %49 = tg.op "aten::size"(%y.1) : (!tg.tensor) -> !tg.value loc(#tgloc13)
  %55 = tg.op "aten::slice"(%49, %52, %8, %53) : (!tg.value, !tg.value, !tg.value, !tg.value) -> !tg.value loc(#tgloc0)
  %62 = tg.call @"interpolate$2"(%logits.1, %55, %8, %20, %12, %8, %12) : (!tg.tensor, !tg.value, !tg.value, !tg.value, !tg.value, !tg.value, !tg.value) -> !tg.tensor loc(#tgloc14)
  %63 = tg.op "aten::sigmoid"(%62) : (!tg.tensor) -> !tg.tensor loc(#tgloc15)
  tg.return %63 : !tg.tensor loc(unknown)
} loc(unknown)

tg.graph @"__torch__.torch.nn.modules.conv.Conv2d::forward"(%self: !tg.module<"__torch__.torch.nn.modules.conv.Conv2d"> loc(unknown), %input.1: !tg.tensor loc(unknown)) -> !tg.tensor {
  %weight = tg.get_attr %self["weight"] : !tg.module<"__torch__.torch.nn.modules.conv.Conv2d"> -> !tg.tensor loc(unknown)
  %bias = tg.get_attr %self["bias"] : !tg.module<"__torch__.torch.nn.modules.conv.Conv2d"> -> !tg.value loc(unknown)
  %5 = tg.call_method @"__torch__.torch.nn.modules.conv.Conv2d::_conv_forward"(%self, %input.1, %weight, %bias) : (!tg.module<"__torch__.torch.nn.modules.conv.Conv2d">, !tg.tensor, !tg.tensor, !tg.value) -> !tg.tensor loc(#tgloc16)
  tg.return %5 : !tg.tensor loc(unknown)
} loc(unknown)

tg.graph @"__torch__.torch.nn.modules.conv.Conv2d::_conv_forward"(%self: !tg.module<"__torch__.torch.nn.modules.conv.Conv2d"> loc(unknown), %input.1: !tg.tensor loc(unknown), %weight.1: !tg.tensor loc(unknown), %bias.1: !tg.value loc(unknown)) -> !tg.tensor {
  %60 = tg.constant(0 : i64) : !tg.value loc(#tgloc17)
  %57 = tg.constant(1 : i64) : !tg.value loc(#tgloc18)
  %67 = tg.op "prim::ListConstruct"(%57, %57) : (!tg.value, !tg.value) -> !tg.value loc(unknown)
  %68 = tg.op "prim::ListConstruct"(%60, %60) : (!tg.value, !tg.value) -> !tg.value loc(unknown)
  %69 = tg.op "prim::ListConstruct"(%57, %57) : (!tg.value, !tg.value) -> !tg.value loc(unknown)
  %70 = tg.op "aten::conv2d"(%input.1, %weight.1, %bias.1, %67, %68, %69, %57) : (!tg.tensor, !tg.tensor, !tg.value, !tg.value, !tg.value, !tg.value, !tg.value) -> !tg.tensor loc(#tgloc19)
  tg.return %70 : !tg.tensor loc(unknown)
} loc(unknown)

tg.graph @"__torch__.torch.nn.modules.conv.___torch_mangle_0.Conv2d::forward"(%self: !tg.module<"__torch__.torch.nn.modules.conv.___torch_mangle_0.Conv2d"> loc(unknown), %input.1: !tg.tensor loc(unknown)) -> !tg.tensor {
  %weight = tg.get_attr %self["weight"] : !tg.module<"__torch__.torch.nn.modules.conv.___torch_mangle_0.Conv2d"> -> !tg.tensor loc(unknown)
  %bias = tg.get_attr %self["bias"] : !tg.module<"__torch__.torch.nn.modules.conv.___torch_mangle_0.Conv2d"> -> !tg.value loc(unknown)
  %5 = tg.call_method @"__torch__.torch.nn.modules.conv.___torch_mangle_0.Conv2d::_conv_forward"(%self, %input.1, %weight, %bias) : (!tg.module<"__torch__.torch.nn.modules.conv.___torch_mangle_0.Conv2d">, !tg.tensor, !tg.tensor, !tg.value) -> !tg.tensor loc(#tgloc16)
  tg.return %5 : !tg.tensor loc(unknown)
} loc(unknown)

tg.graph @"__torch__.torch.nn.modules.conv.___torch_mangle_0.Conv2d::_conv_forward"(%self: !tg.module<"__torch__.torch.nn.modules.conv.___torch_mangle_0.Conv2d"> loc(unknown), %input.1: !tg.tensor loc(unknown), %weight.1: !tg.tensor loc(unknown), %bias.1: !tg.value loc(unknown)) -> !tg.tensor {
  %60 = tg.constant(0 : i64) : !tg.value loc(#tgloc17)
  %57 = tg.constant(1 : i64) : !tg.value loc(#tgloc18)
  %67 = tg.op "prim::ListConstruct"(%57, %57) : (!tg.value, !tg.value) -> !tg.value loc(unknown)
  %68 = tg.op "prim::ListConstruct"(%60, %60) : (!tg.value, !tg.value) -> !tg.value loc(unknown)
  %69 = tg.op "prim::ListConstruct"(%57, %57) : (!tg.value, !tg.value) -> !tg.value loc(unknown)
  %70 = tg.op "aten::conv2d"(%input.1, %weight.1, %bias.1, %67, %68, %69, %57) : (!tg.tensor, !tg.tensor, !tg.value, !tg.value, !tg.value, !tg.value, !tg.value) -> !tg.tensor loc(#tgloc19)
  tg.return %70 : !tg.tensor loc(unknown)
} loc(unknown)

tg.graph @"__torch__.upsampler.UpBlock::forward"(%self: !tg.module<"__torch__.upsampler.UpBlock"> loc(unknown), %x.1: !tg.tensor loc(unknown), %skip.1: !tg.tensor loc(unknown)) -> !tg.tensor {
  %13 = tg.constant(1 : i64) : !tg.value loc(unknown)
  %up = tg.get_submodule %self["up"] : !tg.module<"__torch__.upsampler.UpBlock"> -> !tg.module<"__torch__.torch.nn.modules.upsampling.Upsample"> loc(unknown)
  %relu = tg.get_submodule %self["relu"] : !tg.module<"__torch__.upsampler.UpBlock"> -> !tg.module<"__torch__.torch.nn.modules.activation.ReLU"> loc(unknown)
  %bn = tg.get_submodule %self["bn"] : !tg.module<"__torch__.upsampler.UpBlock"> -> !tg.module<"__torch__.torch.nn.modules.batchnorm.BatchNorm2d"> loc(unknown)
  %conv = tg.get_submodule %self["conv"] : !tg.module<"__torch__.upsampler.UpBlock"> -> !tg.module<"__torch__.torch.nn.modules.conv.___torch_mangle_1.Conv2d"> loc(unknown)
  %8 = tg.call_method @"__torch__.torch.nn.modules.conv.___torch_mangle_1.Conv2d::forward"(%conv, %x.1) : (!tg.module<"__torch__.torch.nn.modules.conv.___torch_mangle_1.Conv2d">, !tg.tensor) -> !tg.tensor loc(#tgloc20)
  %9 = tg.call_method @"__torch__.torch.nn.modules.batchnorm.BatchNorm2d::forward"(%bn, %8) : (!tg.module<"__torch__.torch.nn.modules.batchnorm.BatchNorm2d">, !tg.tensor) -> !tg.tensor loc(#tgloc21)
  %10 = tg.call_method @"__torch__.torch.nn.modules.activation.ReLU::forward"(%relu, %9) : (!tg.module<"__torch__.torch.nn.modules.activation.ReLU">, !tg.tensor) -> !tg.tensor loc(#tgloc22)
  %11 = tg.call_method @"__torch__.torch.nn.modules.upsampling.Upsample::forward"(%up, %10) : (!tg.module<"__torch__.torch.nn.modules.upsampling.Upsample">, !tg.tensor) -> !tg.tensor loc(#tgloc23)
  %14 = tg.op "aten::add"(%11, %skip.1, %13) : (!tg.tensor, !tg.tensor, !tg.value) -> !tg.tensor loc(#tgloc24)
  tg.return %14 : !tg.tensor loc(unknown)
} loc(unknown)

tg.graph @"__torch__.torch.nn.modules.conv.___torch_mangle_1.Conv2d::forward"(%self: !tg.module<"__torch__.torch.nn.modules.conv.___torch_mangle_1.Conv2d"> loc(unknown), %input.1: !tg.tensor loc(unknown)) -> !tg.tensor {
  %weight = tg.get_attr %self["weight"] : !tg.module<"__torch__.torch.nn.modules.conv.___torch_mangle_1.Conv2d"> -> !tg.tensor loc(unknown)
  %bias = tg.constant(unit) : !tg.value loc(unknown)
  %5 = tg.call_method @"__torch__.torch.nn.modules.conv.___torch_mangle_1.Conv2d::_conv_forward"(%self, %input.1, %weight, %bias) : (!tg.module<"__torch__.torch.nn.modules.conv.___torch_mangle_1.Conv2d">, !tg.tensor, !tg.tensor, !tg.value) -> !tg.tensor loc(#tgloc16)
  tg.return %5 : !tg.tensor loc(unknown)
} loc(unknown)

tg.graph @"__torch__.torch.nn.modules.conv.___torch_mangle_1.Conv2d::_conv_forward"(%self: !tg.module<"__torch__.torch.nn.modules.conv.___torch_mangle_1.Conv2d"> loc(unknown), %input.1: !tg.tensor loc(unknown), %weight.1: !tg.tensor loc(unknown), %bias.1: !tg.value loc(unknown)) -> !tg.tensor {
  %57 = tg.constant(1 : i64) : !tg.value loc(#tgloc18)
  %67 = tg.op "prim::ListConstruct"(%57, %57) : (!tg.value, !tg.value) -> !tg.value loc(unknown)
  %68 = tg.op "prim::ListConstruct"(%57, %57) : (!tg.value, !tg.value) -> !tg.value loc(unknown)
  %69 = tg.op "prim::ListConstruct"(%57, %57) : (!tg.value, !tg.value) -> !tg.value loc(unknown)
  %70 = tg.op "aten::conv2d"(%input.1, %weight.1, %bias.1, %67, %68, %69, %57) : (!tg.tensor, !tg.tensor, !tg.value, !tg.value, !tg.value, !tg.value, !tg.value) -> !tg.tensor loc(#tgloc19)
  tg.return %70 : !tg.tensor loc(unknown)
} loc(unknown)

tg.graph @"__torch__.torch.nn.modules.batchnorm.BatchNorm2d::forward"(%self: !tg.module<"__torch__.torch.nn.modules.batchnorm.BatchNorm2d"> loc(unknown), %input.1: !tg.tensor loc(unknown)) -> !tg.tensor {
  %68 = tg.constant(1.0e-05 : f64) : !tg.value loc(#tgloc25)
  %40 = tg.constant(false) : !tg.value loc(#tgloc26)
  %bn_training.1 = tg.constant(true) : !tg.value loc(#tgloc27)
  %97 = tg.constant(0.1 : f64) : !tg.value loc(unknown)
  %18 = tg.constant(1 : i64) : !tg.value loc(#tgloc28)
  %3 = tg.call_method @"__torch__.torch.nn.modules.batchnorm.BatchNorm2d::_check_input_dim"(%self, %input.1) : (!tg.module<"__torch__.torch.nn.modules.batchnorm.BatchNorm2d">, !tg.tensor) -> !tg.value loc(#tgloc29)
  %training.1 = tg.constant(false) : !tg.value loc(unknown)
  tg.op "prim::If"(%training.1) ({
    %num_batches_tracked.7 = tg.get_attr %self["num_batches_tracked"] : !tg.module<"__torch__.torch.nn.modules.batchnorm.BatchNorm2d"> -> !tg.tensor loc(unknown)
    %91 = tg.op "aten::add_"(%num_batches_tracked.7, %18, %18) : (!tg.tensor, !tg.value, !tg.value) -> !tg.tensor loc(#tgloc31)
    tg.yield loc(unknown)
  }, {
    tg.yield loc(unknown)
  }) : (!tg.value) -> () loc(#tgloc30)
  %training.3 = tg.constant(false) : !tg.value loc(unknown)
  %bn_training = tg.op "prim::If"(%training.3) ({
    tg.yield %bn_training.1 : !tg.value loc(unknown)
  }, {
    tg.yield %40 : !tg.value loc(unknown)
  }) : (!tg.value) -> !tg.value loc(#tgloc32)
  %running_mean = tg.get_attr %self["running_mean"] : !tg.module<"__torch__.torch.nn.modules.batchnorm.BatchNorm2d"> -> !tg.tensor loc(unknown)
  %running_var = tg.get_attr %self["running_var"] : !tg.module<"__torch__.torch.nn.modules.batchnorm.BatchNorm2d"> -> !tg.tensor loc(unknown)
  %weight = tg.get_attr %self["weight"] : !tg.module<"__torch__.torch.nn.modules.batchnorm.BatchNorm2d"> -> !tg.tensor loc(unknown)
  %bias = tg.get_attr %self["bias"] : !tg.module<"__torch__.torch.nn.modules.batchnorm.BatchNorm2d"> -> !tg.tensor loc(unknown)
  %cast$1 = tg.op "prim::unchecked_cast"(%running_mean) : (!tg.tensor) -> !tg.value loc(#tgloc33)
  %cast$2 = tg.op "prim::unchecked_cast"(%running_var) : (!tg.tensor) -> !tg.value loc(#tgloc33)
  %cast$3 = tg.op "prim::unchecked_cast"(%weight) : (!tg.tensor) -> !tg.value loc(#tgloc33)
  %cast$4 = tg.op "prim::unchecked_cast"(%bias) : (!tg.tensor) -> !tg.value loc(#tgloc33)
  %70 = tg.call @"batch_norm"(%input.1, %cast$1, %cast$2, %cast$3, %cast$4, %bn_training, %97, %68) : (!tg.tensor, !tg.value, !tg.value, !tg.value, !tg.value, !tg.value, !tg.value, !tg.value) -> !tg.tensor loc(#tgloc33)
  tg.return %70 : !tg.tensor loc(unknown)
} loc(unknown)

tg.graph @"__torch__.torch.nn.modules.batchnorm.BatchNorm2d::_check_input_dim"(%self: !tg.module<"__torch__.torch.nn.modules.batchnorm.BatchNorm2d"> loc(unknown), %input.1: !tg.tensor loc(unknown)) -> !tg.value {
  %13 = tg.constant(unit) : !tg.value loc(#tgloc34)
  %11 = tg.constant("builtins.ValueError") : !tg.value loc(#tgloc35)
  %7 = tg.constant("expected 4D input (got {}D input)") : !tg.value loc(#tgloc36)
  %4 = tg.constant(4 : i64) : !tg.value loc(#tgloc37)
  %3 = tg.op "aten::dim"(%input.1) : (!tg.tensor) -> !tg.value loc(#tgloc38)
  %5 = tg.op "aten::ne"(%3, %4) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc39)
  tg.op "prim::If"(%5) ({
    %9 = tg.op "aten::dim"(%input.1) : (!tg.tensor) -> !tg.value loc(#tgloc41)
    %10 = tg.op "aten::format"(%7, %9) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc42)
    tg.op "prim::RaiseException"(%10, %11) : (!tg.value, !tg.value) -> () loc(#tgloc43)
    tg.yield loc(unknown)
  }, {
    tg.yield loc(unknown)
  }) : (!tg.value) -> () loc(#tgloc40)
  tg.return %13 : !tg.value loc(unknown)
} loc(unknown)

tg.graph @"__torch__.torch.nn.modules.activation.ReLU::forward"(%self: !tg.module<"__torch__.torch.nn.modules.activation.ReLU"> loc(unknown), %input.1: !tg.tensor loc(unknown)) -> !tg.tensor {
  %3 = tg.constant(true) : !tg.value loc(#tgloc44)
  %5 = tg.call @"relu"(%input.1, %3) : (!tg.tensor, !tg.value) -> !tg.tensor loc(#tgloc45)
  tg.return %5 : !tg.tensor loc(unknown)
} loc(unknown)

tg.graph @"__torch__.torch.nn.modules.upsampling.Upsample::forward"(%self: !tg.module<"__torch__.torch.nn.modules.upsampling.Upsample"> loc(unknown), %input.1: !tg.tensor loc(unknown)) -> !tg.tensor {
  %8 = tg.constant(false) : !tg.value loc(unknown)
  %5 = tg.constant("nearest") : !tg.value loc(#tgloc46)
  %4 = tg.constant(2.0 : f64) : !tg.value loc(#tgloc47)
  %3 = tg.constant(unit) : !tg.value loc(#tgloc48)
  %10 = tg.call @"interpolate"(%input.1, %3, %4, %5, %3, %3, %8) : (!tg.tensor, !tg.value, !tg.value, !tg.value, !tg.value, !tg.value, !tg.value) -> !tg.tensor loc(#tgloc49)
  tg.return %10 : !tg.tensor loc(unknown)
} loc(unknown)

tg.graph @"__torch__.upsampler.___torch_mangle_4.UpBlock::forward"(%self: !tg.module<"__torch__.upsampler.___torch_mangle_4.UpBlock"> loc(unknown), %x.1: !tg.tensor loc(unknown), %skip.1: !tg.tensor loc(unknown)) -> !tg.tensor {
  %13 = tg.constant(1 : i64) : !tg.value loc(unknown)
  %up = tg.get_submodule %self["up"] : !tg.module<"__torch__.upsampler.___torch_mangle_4.UpBlock"> -> !tg.module<"__torch__.torch.nn.modules.upsampling.Upsample"> loc(unknown)
  %relu = tg.get_submodule %self["relu"] : !tg.module<"__torch__.upsampler.___torch_mangle_4.UpBlock"> -> !tg.module<"__torch__.torch.nn.modules.activation.ReLU"> loc(unknown)
  %bn = tg.get_submodule %self["bn"] : !tg.module<"__torch__.upsampler.___torch_mangle_4.UpBlock"> -> !tg.module<"__torch__.torch.nn.modules.batchnorm.___torch_mangle_3.BatchNorm2d"> loc(unknown)
  %conv = tg.get_submodule %self["conv"] : !tg.module<"__torch__.upsampler.___torch_mangle_4.UpBlock"> -> !tg.module<"__torch__.torch.nn.modules.conv.___torch_mangle_2.Conv2d"> loc(unknown)
  %8 = tg.call_method @"__torch__.torch.nn.modules.conv.___torch_mangle_2.Conv2d::forward"(%conv, %x.1) : (!tg.module<"__torch__.torch.nn.modules.conv.___torch_mangle_2.Conv2d">, !tg.tensor) -> !tg.tensor loc(#tgloc20)
  %9 = tg.call_method @"__torch__.torch.nn.modules.batchnorm.___torch_mangle_3.BatchNorm2d::forward"(%bn, %8) : (!tg.module<"__torch__.torch.nn.modules.batchnorm.___torch_mangle_3.BatchNorm2d">, !tg.tensor) -> !tg.tensor loc(#tgloc21)
  %10 = tg.call_method @"__torch__.torch.nn.modules.activation.ReLU::forward"(%relu, %9) : (!tg.module<"__torch__.torch.nn.modules.activation.ReLU">, !tg.tensor) -> !tg.tensor loc(#tgloc22)
  %11 = tg.call_method @"__torch__.torch.nn.modules.upsampling.Upsample::forward"(%up, %10) : (!tg.module<"__torch__.torch.nn.modules.upsampling.Upsample">, !tg.tensor) -> !tg.tensor loc(#tgloc23)
  %14 = tg.op "aten::add"(%11, %skip.1, %13) : (!tg.tensor, !tg.tensor, !tg.value) -> !tg.tensor loc(#tgloc24)
  tg.return %14 : !tg.tensor loc(unknown)
} loc(unknown)

tg.graph @"__torch__.torch.nn.modules.conv.___torch_mangle_2.Conv2d::forward"(%self: !tg.module<"__torch__.torch.nn.modules.conv.___torch_mangle_2.Conv2d"> loc(unknown), %input.1: !tg.tensor loc(unknown)) -> !tg.tensor {
  %weight = tg.get_attr %self["weight"] : !tg.module<"__torch__.torch.nn.modules.conv.___torch_mangle_2.Conv2d"> -> !tg.tensor loc(unknown)
  %bias = tg.constant(unit) : !tg.value loc(unknown)
  %5 = tg.call_method @"__torch__.torch.nn.modules.conv.___torch_mangle_2.Conv2d::_conv_forward"(%self, %input.1, %weight, %bias) : (!tg.module<"__torch__.torch.nn.modules.conv.___torch_mangle_2.Conv2d">, !tg.tensor, !tg.tensor, !tg.value) -> !tg.tensor loc(#tgloc16)
  tg.return %5 : !tg.tensor loc(unknown)
} loc(unknown)

tg.graph @"__torch__.torch.nn.modules.conv.___torch_mangle_2.Conv2d::_conv_forward"(%self: !tg.module<"__torch__.torch.nn.modules.conv.___torch_mangle_2.Conv2d"> loc(unknown), %input.1: !tg.tensor loc(unknown), %weight.1: !tg.tensor loc(unknown), %bias.1: !tg.value loc(unknown)) -> !tg.tensor {
  %57 = tg.constant(1 : i64) : !tg.value loc(#tgloc18)
  %67 = tg.op "prim::ListConstruct"(%57, %57) : (!tg.value, !tg.value) -> !tg.value loc(unknown)
  %68 = tg.op "prim::ListConstruct"(%57, %57) : (!tg.value, !tg.value) -> !tg.value loc(unknown)
  %69 = tg.op "prim::ListConstruct"(%57, %57) : (!tg.value, !tg.value) -> !tg.value loc(unknown)
  %70 = tg.op "aten::conv2d"(%input.1, %weight.1, %bias.1, %67, %68, %69, %57) : (!tg.tensor, !tg.tensor, !tg.value, !tg.value, !tg.value, !tg.value, !tg.value) -> !tg.tensor loc(#tgloc19)
  tg.return %70 : !tg.tensor loc(unknown)
} loc(unknown)

tg.graph @"__torch__.torch.nn.modules.batchnorm.___torch_mangle_3.BatchNorm2d::forward"(%self: !tg.module<"__torch__.torch.nn.modules.batchnorm.___torch_mangle_3.BatchNorm2d"> loc(unknown), %input.1: !tg.tensor loc(unknown)) -> !tg.tensor {
  %68 = tg.constant(1.0e-05 : f64) : !tg.value loc(#tgloc25)
  %40 = tg.constant(false) : !tg.value loc(#tgloc26)
  %bn_training.1 = tg.constant(true) : !tg.value loc(#tgloc27)
  %97 = tg.constant(0.1 : f64) : !tg.value loc(unknown)
  %18 = tg.constant(1 : i64) : !tg.value loc(#tgloc28)
  %3 = tg.call_method @"__torch__.torch.nn.modules.batchnorm.___torch_mangle_3.BatchNorm2d::_check_input_dim"(%self, %input.1) : (!tg.module<"__torch__.torch.nn.modules.batchnorm.___torch_mangle_3.BatchNorm2d">, !tg.tensor) -> !tg.value loc(#tgloc29)
  %training.1 = tg.constant(false) : !tg.value loc(unknown)
  tg.op "prim::If"(%training.1) ({
    %num_batches_tracked.7 = tg.get_attr %self["num_batches_tracked"] : !tg.module<"__torch__.torch.nn.modules.batchnorm.___torch_mangle_3.BatchNorm2d"> -> !tg.tensor loc(unknown)
    %91 = tg.op "aten::add_"(%num_batches_tracked.7, %18, %18) : (!tg.tensor, !tg.value, !tg.value) -> !tg.tensor loc(#tgloc31)
    tg.yield loc(unknown)
  }, {
    tg.yield loc(unknown)
  }) : (!tg.value) -> () loc(#tgloc30)
  %training.3 = tg.constant(false) : !tg.value loc(unknown)
  %bn_training = tg.op "prim::If"(%training.3) ({
    tg.yield %bn_training.1 : !tg.value loc(unknown)
  }, {
    tg.yield %40 : !tg.value loc(unknown)
  }) : (!tg.value) -> !tg.value loc(#tgloc32)
  %running_mean = tg.get_attr %self["running_mean"] : !tg.module<"__torch__.torch.nn.modules.batchnorm.___torch_mangle_3.BatchNorm2d"> -> !tg.tensor loc(unknown)
  %running_var = tg.get_attr %self["running_var"] : !tg.module<"__torch__.torch.nn.modules.batchnorm.___torch_mangle_3.BatchNorm2d"> -> !tg.tensor loc(unknown)
  %weight = tg.get_attr %self["weight"] : !tg.module<"__torch__.torch.nn.modules.batchnorm.___torch_mangle_3.BatchNorm2d"> -> !tg.tensor loc(unknown)
  %bias = tg.get_attr %self["bias"] : !tg.module<"__torch__.torch.nn.modules.batchnorm.___torch_mangle_3.BatchNorm2d"> -> !tg.tensor loc(unknown)
  %cast$1 = tg.op "prim::unchecked_cast"(%running_mean) : (!tg.tensor) -> !tg.value loc(#tgloc33)
  %cast$2 = tg.op "prim::unchecked_cast"(%running_var) : (!tg.tensor) -> !tg.value loc(#tgloc33)
  %cast$3 = tg.op "prim::unchecked_cast"(%weight) : (!tg.tensor) -> !tg.value loc(#tgloc33)
  %cast$4 = tg.op "prim::unchecked_cast"(%bias) : (!tg.tensor) -> !tg.value loc(#tgloc33)
  %70 = tg.call @"batch_norm"(%input.1, %cast$1, %cast$2, %cast$3, %cast$4, %bn_training, %97, %68) : (!tg.tensor, !tg.value, !tg.value, !tg.value, !tg.value, !tg.value, !tg.value, !tg.value) -> !tg.tensor loc(#tgloc33)
  tg.return %70 : !tg.tensor loc(unknown)
} loc(unknown)

tg.graph @"__torch__.torch.nn.modules.batchnorm.___torch_mangle_3.BatchNorm2d::_check_input_dim"(%self: !tg.module<"__torch__.torch.nn.modules.batchnorm.___torch_mangle_3.BatchNorm2d"> loc(unknown), %input.1: !tg.tensor loc(unknown)) -> !tg.value {
  %13 = tg.constant(unit) : !tg.value loc(#tgloc34)
  %11 = tg.constant("builtins.ValueError") : !tg.value loc(#tgloc35)
  %7 = tg.constant("expected 4D input (got {}D input)") : !tg.value loc(#tgloc36)
  %4 = tg.constant(4 : i64) : !tg.value loc(#tgloc37)
  %3 = tg.op "aten::dim"(%input.1) : (!tg.tensor) -> !tg.value loc(#tgloc38)
  %5 = tg.op "aten::ne"(%3, %4) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc39)
  tg.op "prim::If"(%5) ({
    %9 = tg.op "aten::dim"(%input.1) : (!tg.tensor) -> !tg.value loc(#tgloc41)
    %10 = tg.op "aten::format"(%7, %9) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc42)
    tg.op "prim::RaiseException"(%10, %11) : (!tg.value, !tg.value) -> () loc(#tgloc43)
    tg.yield loc(unknown)
  }, {
    tg.yield loc(unknown)
  }) : (!tg.value) -> () loc(#tgloc40)
  tg.return %13 : !tg.value loc(unknown)
} loc(unknown)

tg.graph @"__torch__.torch.nn.modules.conv.___torch_mangle_5.Conv2d::forward"(%self: !tg.module<"__torch__.torch.nn.modules.conv.___torch_mangle_5.Conv2d"> loc(unknown), %input.1: !tg.tensor loc(unknown)) -> !tg.tensor {
  %weight = tg.get_attr %self["weight"] : !tg.module<"__torch__.torch.nn.modules.conv.___torch_mangle_5.Conv2d"> -> !tg.tensor loc(unknown)
  %bias = tg.get_attr %self["bias"] : !tg.module<"__torch__.torch.nn.modules.conv.___torch_mangle_5.Conv2d"> -> !tg.value loc(unknown)
  %5 = tg.call_method @"__torch__.torch.nn.modules.conv.___torch_mangle_5.Conv2d::_conv_forward"(%self, %input.1, %weight, %bias) : (!tg.module<"__torch__.torch.nn.modules.conv.___torch_mangle_5.Conv2d">, !tg.tensor, !tg.tensor, !tg.value) -> !tg.tensor loc(#tgloc16)
  tg.return %5 : !tg.tensor loc(unknown)
} loc(unknown)

tg.graph @"__torch__.torch.nn.modules.conv.___torch_mangle_5.Conv2d::_conv_forward"(%self: !tg.module<"__torch__.torch.nn.modules.conv.___torch_mangle_5.Conv2d"> loc(unknown), %input.1: !tg.tensor loc(unknown), %weight.1: !tg.tensor loc(unknown), %bias.1: !tg.value loc(unknown)) -> !tg.tensor {
  %60 = tg.constant(0 : i64) : !tg.value loc(#tgloc17)
  %57 = tg.constant(1 : i64) : !tg.value loc(#tgloc18)
  %67 = tg.op "prim::ListConstruct"(%57, %57) : (!tg.value, !tg.value) -> !tg.value loc(unknown)
  %68 = tg.op "prim::ListConstruct"(%60, %60) : (!tg.value, !tg.value) -> !tg.value loc(unknown)
  %69 = tg.op "prim::ListConstruct"(%57, %57) : (!tg.value, !tg.value) -> !tg.value loc(unknown)
  %70 = tg.op "aten::conv2d"(%input.1, %weight.1, %bias.1, %67, %68, %69, %57) : (!tg.tensor, !tg.tensor, !tg.value, !tg.value, !tg.value, !tg.value, !tg.value) -> !tg.tensor loc(#tgloc19)
  tg.return %70 : !tg.tensor loc(unknown)
} loc(unknown)

tg.graph @"interpolate"(%input.1: !tg.tensor loc(unknown), %size.1: !tg.value loc(unknown), %scale_factor.1: !tg.value loc(unknown), %mode.1: !tg.value loc(unknown), %align_corners.1: !tg.value loc(unknown), %recompute_scale_factor.1: !tg.value loc(unknown), %antialias.1: !tg.value loc(unknown)) -> !tg.tensor attributes {tg.qualified_name = "__torch__.torch.nn.functional.___torch_mangle_7.interpolate"} {
  %3545 = tg.constant("Input Error: Only 3D, 4D and 5D input Tensors supported (got {}D) for the modes: nearest | linear | bilinear | bicubic | trilinear | area | nearest-exact (got {})") : !tg.value loc(#tgloc50)
  %3543 = tg.constant("Got 5D input, but bilinear mode needs 4D input") : !tg.value loc(#tgloc51)
  %3533 = tg.constant("Got 5D input, but linear mode needs 3D input") : !tg.value loc(#tgloc52)
  %3523 = tg.constant("Got 4D input, but trilinear mode needs 5D input") : !tg.value loc(#tgloc53)
  %3513 = tg.constant("Got 4D input, but linear mode needs 3D input") : !tg.value loc(#tgloc54)
  %3503 = tg.constant("Got 3D input, but trilinear mode needs 5D input") : !tg.value loc(#tgloc55)
  %3494 = tg.constant("builtins.NotImplementedError") : !tg.value loc(#tgloc56)
  %3493 = tg.constant("Got 3D input, but bilinear mode needs 4D input") : !tg.value loc(#tgloc57)
  %3276 = tg.constant("trilinear") : !tg.value loc(#tgloc58)
  %2963 = tg.constant("linear") : !tg.value loc(#tgloc59)
  %329 = tg.constant("Anti-alias option is only supported for bilinear and bicubic modes") : !tg.value loc(#tgloc60)
  %314 = tg.constant("bicubic") : !tg.value loc(#tgloc61)
  %313 = tg.constant("bilinear") : !tg.value loc(#tgloc62)
  %215 = tg.constant("recompute_scale_factor is not meaningful with an explicit size.") : !tg.value loc(#tgloc63)
  %144 = tg.constant("either size or scale_factor should be defined") : !tg.value loc(#tgloc64)
  %105 = tg.constant(true) : !tg.value loc(#tgloc65)
  %3551 = tg.constant("AssertionError: ") : !tg.value loc(unknown)
  %71 = tg.constant("only one of size or scale_factor should be defined") : !tg.value loc(#tgloc66)
  %align_corners.19 = tg.constant(false) : !tg.value loc(#tgloc67)
  %26 = tg.constant("builtins.ValueError") : !tg.value loc(#tgloc68)
  %25 = tg.constant("align_corners option can only be set with the interpolating modes: linear | bilinear | bicubic | trilinear") : !tg.value loc(#tgloc69)
  %20 = tg.constant(unit) : !tg.value loc(#tgloc70)
  %14 = tg.constant("nearest-exact") : !tg.value loc(#tgloc71)
  %13 = tg.constant("area") : !tg.value loc(#tgloc72)
  %12 = tg.constant("nearest") : !tg.value loc(#tgloc73)
  %52 = tg.constant(2 : i64) : !tg.value loc(#tgloc74)
  %321 = tg.constant(4 : i64) : !tg.value loc(#tgloc75)
  %334 = tg.constant(3 : i64) : !tg.value loc(#tgloc76)
  %363 = tg.constant(5 : i64) : !tg.value loc(#tgloc77)
  %896 = tg.op "prim::Uninitialized"() : () -> !tg.tensor loc(unknown)
  %891 = tg.op "prim::Uninitialized"() : () -> !tg.value loc(unknown)
  %890 = tg.op "prim::Uninitialized"() : () -> !tg.value loc(unknown)
  %889 = tg.op "prim::Uninitialized"() : () -> !tg.value loc(unknown)
  %887 = tg.op "prim::Uninitialized"() : () -> !tg.value loc(unknown)
  %886 = tg.op "prim::Uninitialized"() : () -> !tg.value loc(unknown)
  %884 = tg.op "prim::Uninitialized"() : () -> !tg.value loc(unknown)
  %883 = tg.op "prim::Uninitialized"() : () -> !tg.value loc(unknown)
  %882 = tg.op "prim::Uninitialized"() : () -> !tg.value loc(unknown)
  %881 = tg.op "prim::Uninitialized"() : () -> !tg.value loc(unknown)
  %16 = tg.op "prim::ListConstruct"(%12, %13, %14) : (!tg.value, !tg.value, !tg.value) -> !tg.value loc(unknown)
  %17 = tg.op "aten::__contains__"(%16, %mode.1) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc78)
  %align_corners.145 = tg.op "prim::If"(%17) ({
    %21 = tg.op "aten::__isnot__"(%align_corners.1, %20) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc80)
    %align_corners.141 = tg.op "prim::If"(%21) ({
      tg.op "prim::RaiseException"(%25, %26) : (!tg.value, !tg.value) -> () loc(#tgloc82)
      tg.yield %882 : !tg.value loc(unknown)
    }, {
      tg.yield %align_corners.1 : !tg.value loc(unknown)
    }) : (!tg.value) -> !tg.value loc(#tgloc81)
    tg.yield %align_corners.141 : !tg.value loc(unknown)
  }, {
    %34 = tg.op "aten::__is__"(%align_corners.1, %20) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc83)
    %align_corners.143 = tg.op "prim::If"(%34) ({
      tg.yield %align_corners.19 : !tg.value loc(unknown)
    }, {
      %align_corners.25 = tg.op "prim::unchecked_cast"(%align_corners.1) : (!tg.value) -> !tg.value loc(unknown)
      tg.yield %align_corners.25 : !tg.value loc(unknown)
    }) : (!tg.value) -> !tg.value loc(#tgloc84)
    tg.yield %align_corners.143 : !tg.value loc(unknown)
  }) : (!tg.value) -> !tg.value loc(#tgloc79)
  %51 = tg.op "aten::dim"(%input.1) : (!tg.tensor) -> !tg.value loc(#tgloc85)
  %dim.1 = tg.op "aten::sub"(%51, %52) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc86)
  %56 = tg.op "aten::__isnot__"(%size.1, %20) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc87)
  %r$1:2 = tg.op "prim::If"(%56) ({
    %size.7 = tg.op "prim::unchecked_cast"(%size.1) : (!tg.value) -> !tg.value loc(unknown)
    %62 = tg.op "aten::__isnot__"(%scale_factor.1, %20) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc89)
    tg.yield %62, %size.7 : !tg.value, !tg.value loc(unknown)
  }, {
    tg.yield %align_corners.19, %size.1 : !tg.value, !tg.value loc(unknown)
  }) : (!tg.value) -> (!tg.value, !tg.value) loc(#tgloc88)
  %r$2:3 = tg.op "prim::If"(%r$1#0) ({
    tg.op "prim::RaiseException"(%71, %26) : (!tg.value, !tg.value) -> () loc(#tgloc91)
    tg.yield %883, %886, %884 : !tg.value, !tg.value, !tg.value loc(unknown)
  }, {
    %76 = tg.op "aten::__isnot__"(%r$1#1, %20) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc92)
    %r$3:3 = tg.op "prim::If"(%76) ({
      %size.21 = tg.op "prim::unchecked_cast"(%r$1#1) : (!tg.value) -> !tg.value loc(unknown)
      %82 = tg.op "aten::__is__"(%scale_factor.1, %20) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc94)
      tg.op "prim::If"(%82) ({
        tg.yield loc(unknown)
      }, {
        tg.op "prim::RaiseException"(%3551, %20) : (!tg.value, !tg.value) -> () loc(#tgloc95)
        tg.yield loc(unknown)
      }) : (!tg.value) -> () loc(#tgloc95)
      %size.29 = tg.op "prim::unchecked_cast"(%size.21) : (!tg.value) -> !tg.value loc(unknown)
      %output_size.1 = tg.op "prim::ListConstruct"() : () -> !tg.value loc(unknown)
      tg.op "prim::Loop"(%dim.1, %105) ({
      ^bb0(%106: !tg.value loc(unknown)):
        %108 = tg.op "aten::append"(%output_size.1, %size.29) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc65)
        tg.yield %105 : !tg.value loc(unknown)
      }) : (!tg.value, !tg.value) -> () loc(#tgloc65)
      tg.yield %size.29, %output_size.1, %20 : !tg.value, !tg.value, !tg.value loc(unknown)
    }, {
      %111 = tg.op "aten::__isnot__"(%scale_factor.1, %20) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc96)
      %r$4:3 = tg.op "prim::If"(%111) ({
        %scale_factor.29 = tg.op "prim::unchecked_cast"(%scale_factor.1) : (!tg.value) -> !tg.value loc(unknown)
        %117 = tg.op "aten::__is__"(%r$1#1, %20) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc98)
        %size.89 = tg.op "prim::If"(%117) ({
          tg.yield %r$1#1 : !tg.value loc(unknown)
        }, {
          tg.op "prim::RaiseException"(%3551, %20) : (!tg.value, !tg.value) -> () loc(#tgloc99)
          tg.yield %883 : !tg.value loc(unknown)
        }) : (!tg.value) -> !tg.value loc(#tgloc99)
        %scale_factor.37 = tg.op "prim::unchecked_cast"(%scale_factor.29) : (!tg.value) -> !tg.value loc(unknown)
        %scale_factors.3 = tg.op "prim::ListConstruct"() : () -> !tg.value loc(unknown)
        tg.op "prim::Loop"(%dim.1, %105) ({
        ^bb0(%141: !tg.value loc(unknown)):
          %143 = tg.op "aten::append"(%scale_factors.3, %scale_factor.37) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc100)
          tg.yield %105 : !tg.value loc(unknown)
        }) : (!tg.value, !tg.value) -> () loc(#tgloc100)
        tg.yield %size.89, %20, %scale_factors.3 : !tg.value, !tg.value, !tg.value loc(unknown)
      }, {
        tg.op "prim::RaiseException"(%144, %26) : (!tg.value, !tg.value) -> () loc(#tgloc101)
        tg.yield %883, %889, %887 : !tg.value, !tg.value, !tg.value loc(unknown)
      }) : (!tg.value) -> (!tg.value, !tg.value, !tg.value) loc(#tgloc97)
      tg.yield %r$4#0, %r$4#1, %r$4#2 : !tg.value, !tg.value, !tg.value loc(unknown)
    }) : (!tg.value) -> (!tg.value, !tg.value, !tg.value) loc(#tgloc93)
    tg.yield %r$3#0, %r$3#1, %r$3#2 : !tg.value, !tg.value, !tg.value loc(unknown)
  }) : (!tg.value) -> (!tg.value, !tg.value, !tg.value) loc(#tgloc90)
  %193 = tg.op "aten::__isnot__"(%recompute_scale_factor.1, %20) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc102)
  %r$5:2 = tg.op "prim::If"(%193) ({
    %recompute_scale_factor.7 = tg.op "prim::unchecked_cast"(%recompute_scale_factor.1) : (!tg.value) -> !tg.value loc(unknown)
    tg.yield %recompute_scale_factor.7, %recompute_scale_factor.7 : !tg.value, !tg.value loc(unknown)
  }, {
    tg.yield %align_corners.19, %recompute_scale_factor.1 : !tg.value, !tg.value loc(unknown)
  }) : (!tg.value) -> (!tg.value, !tg.value) loc(#tgloc103)
  %r$6:2 = tg.op "prim::If"(%r$5#0) ({
    %recompute_scale_factor.15 = tg.op "prim::unchecked_cast"(%r$5#1) : (!tg.value) -> !tg.value loc(unknown)
    %206 = tg.op "aten::__isnot__"(%r$2#0, %20) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc105)
    tg.yield %206, %recompute_scale_factor.15 : !tg.value, !tg.value loc(unknown)
  }, {
    tg.yield %align_corners.19, %r$5#1 : !tg.value, !tg.value loc(unknown)
  }) : (!tg.value) -> (!tg.value, !tg.value) loc(#tgloc104)
  %recompute_scale_factor.71 = tg.op "prim::If"(%r$6#0) ({
    tg.op "prim::RaiseException"(%215, %26) : (!tg.value, !tg.value) -> () loc(#tgloc107)
    tg.yield %890 : !tg.value loc(unknown)
  }, {
    tg.yield %r$6#1 : !tg.value loc(unknown)
  }) : (!tg.value) -> !tg.value loc(#tgloc106)
  %228 = tg.op "aten::eq"(%mode.1, %13) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc108)
  %234 = tg.op "prim::If"(%228) ({
    %232 = tg.op "aten::__is__"(%r$2#1, %20) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc110)
    tg.yield %232 : !tg.value loc(unknown)
  }, {
    tg.yield %align_corners.19 : !tg.value loc(unknown)
  }) : (!tg.value) -> !tg.value loc(#tgloc109)
  %recompute_scale_factor.73 = tg.op "prim::If"(%234) ({
    tg.yield %105 : !tg.value loc(unknown)
  }, {
    tg.yield %recompute_scale_factor.71 : !tg.value loc(unknown)
  }) : (!tg.value) -> !tg.value loc(#tgloc111)
  %243 = tg.op "aten::__isnot__"(%recompute_scale_factor.73, %20) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc112)
  %250 = tg.op "prim::If"(%243) ({
    %recompute_scale_factor.47 = tg.op "prim::unchecked_cast"(%recompute_scale_factor.73) : (!tg.value) -> !tg.value loc(unknown)
    tg.yield %recompute_scale_factor.47 : !tg.value loc(unknown)
  }, {
    tg.yield %align_corners.19 : !tg.value loc(unknown)
  }) : (!tg.value) -> !tg.value loc(#tgloc113)
  %r$7:2 = tg.op "prim::If"(%250) ({
    %263 = tg.op "aten::__isnot__"(%r$2#2, %20) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc115)
    %scale_factors.75 = tg.op "prim::If"(%263) ({
      %scale_factors.21 = tg.op "prim::unchecked_cast"(%r$2#2) : (!tg.value) -> !tg.value loc(unknown)
      tg.yield %scale_factors.21 : !tg.value loc(unknown)
    }, {
      tg.op "prim::RaiseException"(%3551, %20) : (!tg.value, !tg.value) -> () loc(#tgloc116)
      tg.yield %887 : !tg.value loc(unknown)
    }) : (!tg.value) -> !tg.value loc(#tgloc116)
    %output_size.19 = tg.op "prim::ListConstruct"() : () -> !tg.value loc(unknown)
    tg.op "prim::Loop"(%dim.1, %105) ({
    ^bb0(%i.1: !tg.value loc(unknown)):
      %284 = tg.op "aten::add"(%i.1, %52) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc118)
      %285 = tg.op "aten::size"(%input.1, %284) : (!tg.tensor, !tg.value) -> !tg.value loc(#tgloc119)
      %287 = tg.op "aten::Float"(%285) : (!tg.value) -> !tg.value loc(#tgloc120)
      %290 = tg.op "aten::__getitem__"(%scale_factors.75, %i.1) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc121)
      %291 = tg.op "aten::mul"(%287, %290) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc122)
      %292 = tg.op "aten::floor"(%291) : (!tg.value) -> !tg.value loc(#tgloc123)
      %294 = tg.op "aten::append"(%output_size.19, %292) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc117)
      tg.yield %105 : !tg.value loc(unknown)
    }) : (!tg.value, !tg.value) -> () loc(#tgloc117)
    tg.yield %output_size.19, %20 : !tg.value, !tg.value loc(unknown)
  }, {
    tg.yield %r$2#1, %r$2#2 : !tg.value, !tg.value loc(unknown)
  }) : (!tg.value) -> (!tg.value, !tg.value) loc(#tgloc114)
  %328 = tg.op "prim::If"(%antialias.1) ({
    %316 = tg.op "prim::ListConstruct"(%313, %314) : (!tg.value, !tg.value) -> !tg.value loc(unknown)
    %317 = tg.op "aten::__contains__"(%316, %mode.1) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc125)
    %325 = tg.op "prim::If"(%317) ({
      %320 = tg.op "aten::dim"(%input.1) : (!tg.tensor) -> !tg.value loc(#tgloc127)
      %322 = tg.op "aten::eq"(%320, %321) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc128)
      tg.yield %322 : !tg.value loc(unknown)
    }, {
      tg.yield %align_corners.19 : !tg.value loc(unknown)
    }) : (!tg.value) -> !tg.value loc(#tgloc126)
    %326 = tg.op "aten::__not__"(%325) : (!tg.value) -> !tg.value loc(#tgloc129)
    tg.yield %326 : !tg.value loc(unknown)
  }, {
    tg.yield %align_corners.19 : !tg.value loc(unknown)
  }) : (!tg.value) -> !tg.value loc(#tgloc124)
  tg.op "prim::If"(%328) ({
    tg.op "prim::RaiseException"(%329, %26) : (!tg.value, !tg.value) -> () loc(#tgloc131)
    tg.yield loc(unknown)
  }, {
    tg.yield loc(unknown)
  }) : (!tg.value) -> () loc(#tgloc130)
  %333 = tg.op "aten::dim"(%input.1) : (!tg.tensor) -> !tg.value loc(#tgloc132)
  %335 = tg.op "aten::eq"(%333, %334) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc133)
  %342 = tg.op "prim::If"(%335) ({
    %339 = tg.op "aten::eq"(%mode.1, %12) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc135)
    tg.yield %339 : !tg.value loc(unknown)
  }, {
    tg.yield %align_corners.19 : !tg.value loc(unknown)
  }) : (!tg.value) -> !tg.value loc(#tgloc134)
  %1257 = tg.op "prim::If"(%342) ({
    %346 = tg.op "aten::upsample_nearest1d"(%input.1, %r$7#0, %r$7#1) : (!tg.tensor, !tg.value, !tg.value) -> !tg.tensor loc(#tgloc137)
    tg.yield %346 : !tg.tensor loc(unknown)
  }, {
    %959 = tg.op "aten::dim"(%input.1) : (!tg.tensor) -> !tg.value loc(#tgloc138)
    %960 = tg.op "aten::eq"(%959, %321) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc139)
    %962 = tg.op "prim::If"(%960) ({
      %964 = tg.op "aten::eq"(%mode.1, %12) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc141)
      tg.yield %964 : !tg.value loc(unknown)
    }, {
      tg.yield %align_corners.19 : !tg.value loc(unknown)
    }) : (!tg.value) -> !tg.value loc(#tgloc140)
    %1543 = tg.op "prim::If"(%962) ({
      %969 = tg.op "aten::upsample_nearest2d"(%input.1, %r$7#0, %r$7#1) : (!tg.tensor, !tg.value, !tg.value) -> !tg.tensor loc(#tgloc143)
      tg.yield %969 : !tg.tensor loc(unknown)
    }, {
      %1258 = tg.op "aten::dim"(%input.1) : (!tg.tensor) -> !tg.value loc(#tgloc144)
      %1259 = tg.op "aten::eq"(%1258, %363) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc145)
      %1261 = tg.op "prim::If"(%1259) ({
        %1263 = tg.op "aten::eq"(%mode.1, %12) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc147)
        tg.yield %1263 : !tg.value loc(unknown)
      }, {
        tg.yield %align_corners.19 : !tg.value loc(unknown)
      }) : (!tg.value) -> !tg.value loc(#tgloc146)
      %1816 = tg.op "prim::If"(%1261) ({
        %1268 = tg.op "aten::upsample_nearest3d"(%input.1, %r$7#0, %r$7#1) : (!tg.tensor, !tg.value, !tg.value) -> !tg.tensor loc(#tgloc149)
        tg.yield %1268 : !tg.tensor loc(unknown)
      }, {
        %1544 = tg.op "aten::dim"(%input.1) : (!tg.tensor) -> !tg.value loc(#tgloc150)
        %1545 = tg.op "aten::eq"(%1544, %334) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc151)
        %1547 = tg.op "prim::If"(%1545) ({
          %1549 = tg.op "aten::eq"(%mode.1, %14) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc153)
          tg.yield %1549 : !tg.value loc(unknown)
        }, {
          tg.yield %align_corners.19 : !tg.value loc(unknown)
        }) : (!tg.value) -> !tg.value loc(#tgloc152)
        %2076 = tg.op "prim::If"(%1547) ({
          %1554 = tg.op "aten::_upsample_nearest_exact1d"(%input.1, %r$7#0, %r$7#1) : (!tg.tensor, !tg.value, !tg.value) -> !tg.tensor loc(#tgloc155)
          tg.yield %1554 : !tg.tensor loc(unknown)
        }, {
          %1817 = tg.op "aten::dim"(%input.1) : (!tg.tensor) -> !tg.value loc(#tgloc156)
          %1818 = tg.op "aten::eq"(%1817, %321) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc157)
          %1820 = tg.op "prim::If"(%1818) ({
            %1822 = tg.op "aten::eq"(%mode.1, %14) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc159)
            tg.yield %1822 : !tg.value loc(unknown)
          }, {
            tg.yield %align_corners.19 : !tg.value loc(unknown)
          }) : (!tg.value) -> !tg.value loc(#tgloc158)
          %2323 = tg.op "prim::If"(%1820) ({
            %1827 = tg.op "aten::_upsample_nearest_exact2d"(%input.1, %r$7#0, %r$7#1) : (!tg.tensor, !tg.value, !tg.value) -> !tg.tensor loc(#tgloc161)
            tg.yield %1827 : !tg.tensor loc(unknown)
          }, {
            %2077 = tg.op "aten::dim"(%input.1) : (!tg.tensor) -> !tg.value loc(#tgloc162)
            %2078 = tg.op "aten::eq"(%2077, %363) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc163)
            %2080 = tg.op "prim::If"(%2078) ({
              %2082 = tg.op "aten::eq"(%mode.1, %14) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc165)
              tg.yield %2082 : !tg.value loc(unknown)
            }, {
              tg.yield %align_corners.19 : !tg.value loc(unknown)
            }) : (!tg.value) -> !tg.value loc(#tgloc164)
            %2557 = tg.op "prim::If"(%2080) ({
              %2087 = tg.op "aten::_upsample_nearest_exact3d"(%input.1, %r$7#0, %r$7#1) : (!tg.tensor, !tg.value, !tg.value) -> !tg.tensor loc(#tgloc167)
              tg.yield %2087 : !tg.tensor loc(unknown)
            }, {
              %2324 = tg.op "aten::dim"(%input.1) : (!tg.tensor) -> !tg.value loc(#tgloc168)
              %2325 = tg.op "aten::eq"(%2324, %334) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc169)
              %2327 = tg.op "prim::If"(%2325) ({
                %2329 = tg.op "aten::eq"(%mode.1, %13) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc171)
                tg.yield %2329 : !tg.value loc(unknown)
              }, {
                tg.yield %align_corners.19 : !tg.value loc(unknown)
              }) : (!tg.value) -> !tg.value loc(#tgloc170)
              %2769 = tg.op "prim::If"(%2327) ({
                %2336 = tg.op "aten::__isnot__"(%r$7#0, %20) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc173)
                %output_size.321 = tg.op "prim::If"(%2336) ({
                  %output_size.323 = tg.op "prim::unchecked_cast"(%r$7#0) : (!tg.value) -> !tg.value loc(unknown)
                  tg.yield %output_size.323 : !tg.value loc(unknown)
                }, {
                  tg.op "prim::RaiseException"(%3551, %20) : (!tg.value, !tg.value) -> () loc(#tgloc174)
                  tg.yield %891 : !tg.value loc(unknown)
                }) : (!tg.value) -> !tg.value loc(#tgloc174)
                %2343 = tg.op "aten::adaptive_avg_pool1d"(%input.1, %output_size.321) : (!tg.tensor, !tg.value) -> !tg.tensor loc(#tgloc175)
                tg.yield %2343 : !tg.tensor loc(unknown)
              }, {
                %2558 = tg.op "aten::dim"(%input.1) : (!tg.tensor) -> !tg.value loc(#tgloc176)
                %2559 = tg.op "aten::eq"(%2558, %321) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc177)
                %2561 = tg.op "prim::If"(%2559) ({
                  %2563 = tg.op "aten::eq"(%mode.1, %13) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc179)
                  tg.yield %2563 : !tg.value loc(unknown)
                }, {
                  tg.yield %align_corners.19 : !tg.value loc(unknown)
                }) : (!tg.value) -> !tg.value loc(#tgloc178)
                %2958 = tg.op "prim::If"(%2561) ({
                  %2570 = tg.op "aten::__isnot__"(%r$7#0, %20) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc181)
                  %output_size.357 = tg.op "prim::If"(%2570) ({
                    %output_size.359 = tg.op "prim::unchecked_cast"(%r$7#0) : (!tg.value) -> !tg.value loc(unknown)
                    tg.yield %output_size.359 : !tg.value loc(unknown)
                  }, {
                    tg.op "prim::RaiseException"(%3551, %20) : (!tg.value, !tg.value) -> () loc(#tgloc182)
                    tg.yield %891 : !tg.value loc(unknown)
                  }) : (!tg.value) -> !tg.value loc(#tgloc182)
                  %2578 = tg.call @"adaptive_avg_pool2d"(%input.1, %output_size.357) : (!tg.tensor, !tg.value) -> !tg.tensor loc(#tgloc183)
                  tg.yield %2578 : !tg.tensor loc(unknown)
                }, {
                  %2770 = tg.op "aten::dim"(%input.1) : (!tg.tensor) -> !tg.value loc(#tgloc184)
                  %2771 = tg.op "aten::eq"(%2770, %363) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc185)
                  %2773 = tg.op "prim::If"(%2771) ({
                    %2775 = tg.op "aten::eq"(%mode.1, %13) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc187)
                    tg.yield %2775 : !tg.value loc(unknown)
                  }, {
                    tg.yield %align_corners.19 : !tg.value loc(unknown)
                  }) : (!tg.value) -> !tg.value loc(#tgloc186)
                  %3124 = tg.op "prim::If"(%2773) ({
                    %2782 = tg.op "aten::__isnot__"(%r$7#0, %20) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc189)
                    %output_size.381 = tg.op "prim::If"(%2782) ({
                      %output_size.383 = tg.op "prim::unchecked_cast"(%r$7#0) : (!tg.value) -> !tg.value loc(unknown)
                      tg.yield %output_size.383 : !tg.value loc(unknown)
                    }, {
                      tg.op "prim::RaiseException"(%3551, %20) : (!tg.value, !tg.value) -> () loc(#tgloc190)
                      tg.yield %891 : !tg.value loc(unknown)
                    }) : (!tg.value) -> !tg.value loc(#tgloc190)
                    %2790 = tg.call @"adaptive_avg_pool3d"(%input.1, %output_size.381) : (!tg.tensor, !tg.value) -> !tg.tensor loc(#tgloc191)
                    tg.yield %2790 : !tg.tensor loc(unknown)
                  }, {
                    %2959 = tg.op "aten::dim"(%input.1) : (!tg.tensor) -> !tg.value loc(#tgloc192)
                    %2960 = tg.op "aten::eq"(%2959, %334) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc193)
                    %2962 = tg.op "prim::If"(%2960) ({
                      %2964 = tg.op "aten::eq"(%mode.1, %2963) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc195)
                      tg.yield %2964 : !tg.value loc(unknown)
                    }, {
                      tg.yield %align_corners.19 : !tg.value loc(unknown)
                    }) : (!tg.value) -> !tg.value loc(#tgloc194)
                    %3268 = tg.op "prim::If"(%2962) ({
                      %2971 = tg.op "aten::__isnot__"(%align_corners.145, %20) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc197)
                      %align_corners.547 = tg.op "prim::If"(%2971) ({
                        %align_corners.549 = tg.op "prim::unchecked_cast"(%align_corners.145) : (!tg.value) -> !tg.value loc(unknown)
                        tg.yield %align_corners.549 : !tg.value loc(unknown)
                      }, {
                        tg.op "prim::RaiseException"(%3551, %20) : (!tg.value, !tg.value) -> () loc(#tgloc198)
                        tg.yield %881 : !tg.value loc(unknown)
                      }) : (!tg.value) -> !tg.value loc(#tgloc198)
                      %2978 = tg.op "aten::upsample_linear1d"(%input.1, %r$7#0, %align_corners.547, %r$7#1) : (!tg.tensor, !tg.value, !tg.value, !tg.value) -> !tg.tensor loc(#tgloc199)
                      tg.yield %2978 : !tg.tensor loc(unknown)
                    }, {
                      %3125 = tg.op "aten::dim"(%input.1) : (!tg.tensor) -> !tg.value loc(#tgloc200)
                      %3126 = tg.op "aten::eq"(%3125, %321) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc201)
                      %3128 = tg.op "prim::If"(%3126) ({
                        %3130 = tg.op "aten::eq"(%mode.1, %313) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc203)
                        tg.yield %3130 : !tg.value loc(unknown)
                      }, {
                        tg.yield %align_corners.19 : !tg.value loc(unknown)
                      }) : (!tg.value) -> !tg.value loc(#tgloc202)
                      %3387 = tg.op "prim::If"(%3128) ({
                        %3137 = tg.op "aten::__isnot__"(%align_corners.145, %20) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc205)
                        %align_corners.595 = tg.op "prim::If"(%3137) ({
                          %align_corners.597 = tg.op "prim::unchecked_cast"(%align_corners.145) : (!tg.value) -> !tg.value loc(unknown)
                          tg.yield %align_corners.597 : !tg.value loc(unknown)
                        }, {
                          tg.op "prim::RaiseException"(%3551, %20) : (!tg.value, !tg.value) -> () loc(#tgloc206)
                          tg.yield %881 : !tg.value loc(unknown)
                        }) : (!tg.value) -> !tg.value loc(#tgloc206)
                        %3271 = tg.op "prim::If"(%antialias.1) ({
                          %3147 = tg.op "aten::_upsample_bilinear2d_aa"(%input.1, %r$7#0, %align_corners.595, %r$7#1) : (!tg.tensor, !tg.value, !tg.value, !tg.value) -> !tg.tensor loc(#tgloc208)
                          tg.yield %3147 : !tg.tensor loc(unknown)
                        }, {
                          %3269 = tg.op "aten::upsample_bilinear2d"(%input.1, %r$7#0, %align_corners.595, %r$7#1) : (!tg.tensor, !tg.value, !tg.value, !tg.value) -> !tg.tensor loc(#tgloc209)
                          tg.yield %3269 : !tg.tensor loc(unknown)
                        }) : (!tg.value) -> !tg.tensor loc(#tgloc207)
                        tg.yield %3271 : !tg.tensor loc(unknown)
                      }, {
                        %3272 = tg.op "aten::dim"(%input.1) : (!tg.tensor) -> !tg.value loc(#tgloc210)
                        %3273 = tg.op "aten::eq"(%3272, %363) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc211)
                        %3275 = tg.op "prim::If"(%3273) ({
                          %3277 = tg.op "aten::eq"(%mode.1, %3276) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc213)
                          tg.yield %3277 : !tg.value loc(unknown)
                        }, {
                          tg.yield %align_corners.19 : !tg.value loc(unknown)
                        }) : (!tg.value) -> !tg.value loc(#tgloc212)
                        %3481 = tg.op "prim::If"(%3275) ({
                          %3284 = tg.op "aten::__isnot__"(%align_corners.145, %20) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc215)
                          %align_corners.631 = tg.op "prim::If"(%3284) ({
                            %align_corners.633 = tg.op "prim::unchecked_cast"(%align_corners.145) : (!tg.value) -> !tg.value loc(unknown)
                            tg.yield %align_corners.633 : !tg.value loc(unknown)
                          }, {
                            tg.op "prim::RaiseException"(%3551, %20) : (!tg.value, !tg.value) -> () loc(#tgloc216)
                            tg.yield %881 : !tg.value loc(unknown)
                          }) : (!tg.value) -> !tg.value loc(#tgloc216)
                          %3291 = tg.op "aten::upsample_trilinear3d"(%input.1, %r$7#0, %align_corners.631, %r$7#1) : (!tg.tensor, !tg.value, !tg.value, !tg.value) -> !tg.tensor loc(#tgloc217)
                          tg.yield %3291 : !tg.tensor loc(unknown)
                        }, {
                          %3388 = tg.op "aten::dim"(%input.1) : (!tg.tensor) -> !tg.value loc(#tgloc218)
                          %3389 = tg.op "aten::eq"(%3388, %321) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc219)
                          %3391 = tg.op "prim::If"(%3389) ({
                            %3393 = tg.op "aten::eq"(%mode.1, %314) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc221)
                            tg.yield %3393 : !tg.value loc(unknown)
                          }, {
                            tg.yield %align_corners.19 : !tg.value loc(unknown)
                          }) : (!tg.value) -> !tg.value loc(#tgloc220)
                          %3550 = tg.op "prim::If"(%3391) ({
                            %3400 = tg.op "aten::__isnot__"(%align_corners.145, %20) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc223)
                            %align_corners.655 = tg.op "prim::If"(%3400) ({
                              %align_corners.657 = tg.op "prim::unchecked_cast"(%align_corners.145) : (!tg.value) -> !tg.value loc(unknown)
                              tg.yield %align_corners.657 : !tg.value loc(unknown)
                            }, {
                              tg.op "prim::RaiseException"(%3551, %20) : (!tg.value, !tg.value) -> () loc(#tgloc224)
                              tg.yield %881 : !tg.value loc(unknown)
                            }) : (!tg.value) -> !tg.value loc(#tgloc224)
                            %3484 = tg.op "prim::If"(%antialias.1) ({
                              %3410 = tg.op "aten::_upsample_bicubic2d_aa"(%input.1, %r$7#0, %align_corners.655, %r$7#1) : (!tg.tensor, !tg.value, !tg.value, !tg.value) -> !tg.tensor loc(#tgloc226)
                              tg.yield %3410 : !tg.tensor loc(unknown)
                            }, {
                              %3482 = tg.op "aten::upsample_bicubic2d"(%input.1, %r$7#0, %align_corners.655, %r$7#1) : (!tg.tensor, !tg.value, !tg.value, !tg.value) -> !tg.tensor loc(#tgloc227)
                              tg.yield %3482 : !tg.tensor loc(unknown)
                            }) : (!tg.value) -> !tg.tensor loc(#tgloc225)
                            tg.yield %3484 : !tg.tensor loc(unknown)
                          }, {
                            %3485 = tg.op "aten::dim"(%input.1) : (!tg.tensor) -> !tg.value loc(#tgloc228)
                            %3486 = tg.op "aten::eq"(%3485, %334) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc229)
                            %3488 = tg.op "prim::If"(%3486) ({
                              %3490 = tg.op "aten::eq"(%mode.1, %313) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc231)
                              tg.yield %3490 : !tg.value loc(unknown)
                            }, {
                              tg.yield %align_corners.19 : !tg.value loc(unknown)
                            }) : (!tg.value) -> !tg.value loc(#tgloc230)
                            tg.op "prim::If"(%3488) ({
                              tg.op "prim::RaiseException"(%3493, %3494) : (!tg.value, !tg.value) -> () loc(#tgloc233)
                              tg.yield loc(unknown)
                            }, {
                              tg.yield loc(unknown)
                            }) : (!tg.value) -> () loc(#tgloc232)
                            %3495 = tg.op "aten::dim"(%input.1) : (!tg.tensor) -> !tg.value loc(#tgloc234)
                            %3496 = tg.op "aten::eq"(%3495, %334) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc235)
                            %3498 = tg.op "prim::If"(%3496) ({
                              %3500 = tg.op "aten::eq"(%mode.1, %3276) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc237)
                              tg.yield %3500 : !tg.value loc(unknown)
                            }, {
                              tg.yield %align_corners.19 : !tg.value loc(unknown)
                            }) : (!tg.value) -> !tg.value loc(#tgloc236)
                            tg.op "prim::If"(%3498) ({
                              tg.op "prim::RaiseException"(%3503, %3494) : (!tg.value, !tg.value) -> () loc(#tgloc239)
                              tg.yield loc(unknown)
                            }, {
                              tg.yield loc(unknown)
                            }) : (!tg.value) -> () loc(#tgloc238)
                            %3505 = tg.op "aten::dim"(%input.1) : (!tg.tensor) -> !tg.value loc(#tgloc240)
                            %3506 = tg.op "aten::eq"(%3505, %321) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc241)
                            %3508 = tg.op "prim::If"(%3506) ({
                              %3510 = tg.op "aten::eq"(%mode.1, %2963) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc243)
                              tg.yield %3510 : !tg.value loc(unknown)
                            }, {
                              tg.yield %align_corners.19 : !tg.value loc(unknown)
                            }) : (!tg.value) -> !tg.value loc(#tgloc242)
                            tg.op "prim::If"(%3508) ({
                              tg.op "prim::RaiseException"(%3513, %3494) : (!tg.value, !tg.value) -> () loc(#tgloc245)
                              tg.yield loc(unknown)
                            }, {
                              tg.yield loc(unknown)
                            }) : (!tg.value) -> () loc(#tgloc244)
                            %3515 = tg.op "aten::dim"(%input.1) : (!tg.tensor) -> !tg.value loc(#tgloc246)
                            %3516 = tg.op "aten::eq"(%3515, %321) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc247)
                            %3518 = tg.op "prim::If"(%3516) ({
                              %3520 = tg.op "aten::eq"(%mode.1, %3276) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc249)
                              tg.yield %3520 : !tg.value loc(unknown)
                            }, {
                              tg.yield %align_corners.19 : !tg.value loc(unknown)
                            }) : (!tg.value) -> !tg.value loc(#tgloc248)
                            tg.op "prim::If"(%3518) ({
                              tg.op "prim::RaiseException"(%3523, %3494) : (!tg.value, !tg.value) -> () loc(#tgloc251)
                              tg.yield loc(unknown)
                            }, {
                              tg.yield loc(unknown)
                            }) : (!tg.value) -> () loc(#tgloc250)
                            %3525 = tg.op "aten::dim"(%input.1) : (!tg.tensor) -> !tg.value loc(#tgloc252)
                            %3526 = tg.op "aten::eq"(%3525, %363) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc253)
                            %3528 = tg.op "prim::If"(%3526) ({
                              %3530 = tg.op "aten::eq"(%mode.1, %2963) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc255)
                              tg.yield %3530 : !tg.value loc(unknown)
                            }, {
                              tg.yield %align_corners.19 : !tg.value loc(unknown)
                            }) : (!tg.value) -> !tg.value loc(#tgloc254)
                            tg.op "prim::If"(%3528) ({
                              tg.op "prim::RaiseException"(%3533, %3494) : (!tg.value, !tg.value) -> () loc(#tgloc257)
                              tg.yield loc(unknown)
                            }, {
                              tg.yield loc(unknown)
                            }) : (!tg.value) -> () loc(#tgloc256)
                            %3535 = tg.op "aten::dim"(%input.1) : (!tg.tensor) -> !tg.value loc(#tgloc258)
                            %3536 = tg.op "aten::eq"(%3535, %363) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc259)
                            %3538 = tg.op "prim::If"(%3536) ({
                              %3540 = tg.op "aten::eq"(%mode.1, %313) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc261)
                              tg.yield %3540 : !tg.value loc(unknown)
                            }, {
                              tg.yield %align_corners.19 : !tg.value loc(unknown)
                            }) : (!tg.value) -> !tg.value loc(#tgloc260)
                            tg.op "prim::If"(%3538) ({
                              tg.op "prim::RaiseException"(%3543, %3494) : (!tg.value, !tg.value) -> () loc(#tgloc263)
                              tg.yield loc(unknown)
                            }, {
                              tg.yield loc(unknown)
                            }) : (!tg.value) -> () loc(#tgloc262)
                            %3546 = tg.op "aten::dim"(%input.1) : (!tg.tensor) -> !tg.value loc(#tgloc264)
                            %3547 = tg.op "aten::format"(%3545, %3546, %mode.1) : (!tg.value, !tg.value, !tg.value) -> !tg.value loc(#tgloc265)
                            tg.op "prim::RaiseException"(%3547, %3494) : (!tg.value, !tg.value) -> () loc(#tgloc266)
                            tg.yield %896 : !tg.tensor loc(unknown)
                          }) : (!tg.value) -> !tg.tensor loc(#tgloc222)
                          tg.yield %3550 : !tg.tensor loc(unknown)
                        }) : (!tg.value) -> !tg.tensor loc(#tgloc214)
                        tg.yield %3481 : !tg.tensor loc(unknown)
                      }) : (!tg.value) -> !tg.tensor loc(#tgloc204)
                      tg.yield %3387 : !tg.tensor loc(unknown)
                    }) : (!tg.value) -> !tg.tensor loc(#tgloc196)
                    tg.yield %3268 : !tg.tensor loc(unknown)
                  }) : (!tg.value) -> !tg.tensor loc(#tgloc188)
                  tg.yield %3124 : !tg.tensor loc(unknown)
                }) : (!tg.value) -> !tg.tensor loc(#tgloc180)
                tg.yield %2958 : !tg.tensor loc(unknown)
              }) : (!tg.value) -> !tg.tensor loc(#tgloc172)
              tg.yield %2769 : !tg.tensor loc(unknown)
            }) : (!tg.value) -> !tg.tensor loc(#tgloc166)
            tg.yield %2557 : !tg.tensor loc(unknown)
          }) : (!tg.value) -> !tg.tensor loc(#tgloc160)
          tg.yield %2323 : !tg.tensor loc(unknown)
        }) : (!tg.value) -> !tg.tensor loc(#tgloc154)
        tg.yield %2076 : !tg.tensor loc(unknown)
      }) : (!tg.value) -> !tg.tensor loc(#tgloc148)
      tg.yield %1816 : !tg.tensor loc(unknown)
    }) : (!tg.value) -> !tg.tensor loc(#tgloc142)
    tg.yield %1543 : !tg.tensor loc(unknown)
  }) : (!tg.value) -> !tg.tensor loc(#tgloc136)
  tg.return %1257 : !tg.tensor loc(unknown)
} loc(unknown)

tg.graph @"interpolate$2"(%input.1: !tg.tensor loc(unknown), %size.1: !tg.value loc(unknown), %scale_factor.1: !tg.value loc(unknown), %mode.1: !tg.value loc(unknown), %align_corners.1: !tg.value loc(unknown), %recompute_scale_factor.1: !tg.value loc(unknown), %antialias.1: !tg.value loc(unknown)) -> !tg.tensor attributes {tg.qualified_name = "__torch__.torch.nn.functional.___torch_mangle_6.interpolate"} {
  %3562 = tg.constant("Input Error: Only 3D, 4D and 5D input Tensors supported (got {}D) for the modes: nearest | linear | bilinear | bicubic | trilinear | area | nearest-exact (got {})") : !tg.value loc(#tgloc50)
  %3560 = tg.constant("Got 5D input, but bilinear mode needs 4D input") : !tg.value loc(#tgloc51)
  %3550 = tg.constant("Got 5D input, but linear mode needs 3D input") : !tg.value loc(#tgloc52)
  %3540 = tg.constant("Got 4D input, but trilinear mode needs 5D input") : !tg.value loc(#tgloc53)
  %3530 = tg.constant("Got 4D input, but linear mode needs 3D input") : !tg.value loc(#tgloc54)
  %3520 = tg.constant("Got 3D input, but trilinear mode needs 5D input") : !tg.value loc(#tgloc55)
  %3511 = tg.constant("builtins.NotImplementedError") : !tg.value loc(#tgloc56)
  %3510 = tg.constant("Got 3D input, but bilinear mode needs 4D input") : !tg.value loc(#tgloc57)
  %3293 = tg.constant("trilinear") : !tg.value loc(#tgloc58)
  %2980 = tg.constant("linear") : !tg.value loc(#tgloc59)
  %347 = tg.constant("Anti-alias option is only supported for bilinear and bicubic modes") : !tg.value loc(#tgloc60)
  %332 = tg.constant("bicubic") : !tg.value loc(#tgloc61)
  %331 = tg.constant("bilinear") : !tg.value loc(#tgloc62)
  %recompute_scale_factor.31 = tg.constant(true) : !tg.value loc(#tgloc267)
  %233 = tg.constant("recompute_scale_factor is not meaningful with an explicit size.") : !tg.value loc(#tgloc63)
  %162 = tg.constant("either size or scale_factor should be defined") : !tg.value loc(#tgloc64)
  %150 = tg.constant("Input and scale_factor must have the same number of spatial dimensions, but got input with spatial dimensions of {} and scale_factor of shape {}. Please provide input tensor in (N, C, d1, d2, ...,dK) format and scale_factor in (s1, s2, ...,sK) format.") : !tg.value loc(#tgloc268)
  %109 = tg.constant(1 : i64) : !tg.value loc(#tgloc269)
  %106 = tg.constant("Input and output must have the same number of spatial dimensions, but got input with spatial dimensions of {} and output size of {}. Please provide input tensor in (N, C, d1, d2, ...,dK) format and output size in (o1, o2, ...,oK) format.") : !tg.value loc(#tgloc270)
  %3568 = tg.constant("AssertionError: ") : !tg.value loc(unknown)
  %71 = tg.constant("only one of size or scale_factor should be defined") : !tg.value loc(#tgloc66)
  %align_corners.19 = tg.constant(false) : !tg.value loc(#tgloc67)
  %26 = tg.constant("builtins.ValueError") : !tg.value loc(#tgloc68)
  %25 = tg.constant("align_corners option can only be set with the interpolating modes: linear | bilinear | bicubic | trilinear") : !tg.value loc(#tgloc69)
  %20 = tg.constant(unit) : !tg.value loc(#tgloc70)
  %14 = tg.constant("nearest-exact") : !tg.value loc(#tgloc71)
  %13 = tg.constant("area") : !tg.value loc(#tgloc72)
  %12 = tg.constant("nearest") : !tg.value loc(#tgloc73)
  %52 = tg.constant(2 : i64) : !tg.value loc(#tgloc74)
  %339 = tg.constant(4 : i64) : !tg.value loc(#tgloc75)
  %352 = tg.constant(3 : i64) : !tg.value loc(#tgloc76)
  %381 = tg.constant(5 : i64) : !tg.value loc(#tgloc77)
  %913 = tg.op "prim::Uninitialized"() : () -> !tg.tensor loc(unknown)
  %908 = tg.op "prim::Uninitialized"() : () -> !tg.value loc(unknown)
  %907 = tg.op "prim::Uninitialized"() : () -> !tg.value loc(unknown)
  %906 = tg.op "prim::Uninitialized"() : () -> !tg.value loc(unknown)
  %905 = tg.op "prim::Uninitialized"() : () -> !tg.value loc(unknown)
  %904 = tg.op "prim::Uninitialized"() : () -> !tg.value loc(unknown)
  %902 = tg.op "prim::Uninitialized"() : () -> !tg.value loc(unknown)
  %901 = tg.op "prim::Uninitialized"() : () -> !tg.value loc(unknown)
  %900 = tg.op "prim::Uninitialized"() : () -> !tg.value loc(unknown)
  %899 = tg.op "prim::Uninitialized"() : () -> !tg.value loc(unknown)
  %16 = tg.op "prim::ListConstruct"(%12, %13, %14) : (!tg.value, !tg.value, !tg.value) -> !tg.value loc(unknown)
  %17 = tg.op "aten::__contains__"(%16, %mode.1) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc78)
  %align_corners.145 = tg.op "prim::If"(%17) ({
    %21 = tg.op "aten::__isnot__"(%align_corners.1, %20) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc80)
    %align_corners.141 = tg.op "prim::If"(%21) ({
      tg.op "prim::RaiseException"(%25, %26) : (!tg.value, !tg.value) -> () loc(#tgloc82)
      tg.yield %900 : !tg.value loc(unknown)
    }, {
      tg.yield %align_corners.1 : !tg.value loc(unknown)
    }) : (!tg.value) -> !tg.value loc(#tgloc81)
    tg.yield %align_corners.141 : !tg.value loc(unknown)
  }, {
    %34 = tg.op "aten::__is__"(%align_corners.1, %20) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc83)
    %align_corners.143 = tg.op "prim::If"(%34) ({
      tg.yield %align_corners.19 : !tg.value loc(unknown)
    }, {
      %align_corners.25 = tg.op "prim::unchecked_cast"(%align_corners.1) : (!tg.value) -> !tg.value loc(unknown)
      tg.yield %align_corners.25 : !tg.value loc(unknown)
    }) : (!tg.value) -> !tg.value loc(#tgloc84)
    tg.yield %align_corners.143 : !tg.value loc(unknown)
  }) : (!tg.value) -> !tg.value loc(#tgloc79)
  %51 = tg.op "aten::dim"(%input.1) : (!tg.tensor) -> !tg.value loc(#tgloc85)
  %dim.1 = tg.op "aten::sub"(%51, %52) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc86)
  %56 = tg.op "aten::__isnot__"(%size.1, %20) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc87)
  %r$1:2 = tg.op "prim::If"(%56) ({
    %size.7 = tg.op "prim::unchecked_cast"(%size.1) : (!tg.value) -> !tg.value loc(unknown)
    %62 = tg.op "aten::__isnot__"(%scale_factor.1, %20) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc89)
    tg.yield %62, %size.7 : !tg.value, !tg.value loc(unknown)
  }, {
    tg.yield %align_corners.19, %size.1 : !tg.value, !tg.value loc(unknown)
  }) : (!tg.value) -> (!tg.value, !tg.value) loc(#tgloc88)
  %r$2:3 = tg.op "prim::If"(%r$1#0) ({
    tg.op "prim::RaiseException"(%71, %26) : (!tg.value, !tg.value) -> () loc(#tgloc91)
    tg.yield %901, %904, %902 : !tg.value, !tg.value, !tg.value loc(unknown)
  }, {
    %76 = tg.op "aten::__isnot__"(%r$1#1, %20) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc92)
    %r$3:3 = tg.op "prim::If"(%76) ({
      %size.21 = tg.op "prim::unchecked_cast"(%r$1#1) : (!tg.value) -> !tg.value loc(unknown)
      %82 = tg.op "aten::__is__"(%scale_factor.1, %20) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc94)
      tg.op "prim::If"(%82) ({
        tg.yield loc(unknown)
      }, {
        tg.op "prim::RaiseException"(%3568, %20) : (!tg.value, !tg.value) -> () loc(#tgloc95)
        tg.yield loc(unknown)
      }) : (!tg.value) -> () loc(#tgloc95)
      %size.29 = tg.op "prim::unchecked_cast"(%size.21) : (!tg.value) -> !tg.value loc(unknown)
      %102 = tg.op "aten::len"(%size.29) : (!tg.value) -> !tg.value loc(#tgloc271)
      %104 = tg.op "aten::ne"(%102, %dim.1) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc272)
      tg.op "prim::If"(%104) ({
        %108 = tg.op "aten::size"(%input.1) : (!tg.tensor) -> !tg.value loc(#tgloc13)
        %111 = tg.op "aten::slice"(%108, %52, %20, %109) : (!tg.value, !tg.value, !tg.value, !tg.value) -> !tg.value loc(#tgloc269)
        %112 = tg.op "aten::list"(%111) : (!tg.value) -> !tg.value loc(#tgloc274)
        %114 = tg.op "aten::format"(%106, %112, %size.29) : (!tg.value, !tg.value, !tg.value) -> !tg.value loc(#tgloc270)
        tg.op "prim::RaiseException"(%114, %26) : (!tg.value, !tg.value) -> () loc(#tgloc275)
        tg.yield loc(unknown)
      }, {
        tg.yield loc(unknown)
      }) : (!tg.value) -> () loc(#tgloc273)
      tg.yield %size.29, %size.29, %20 : !tg.value, !tg.value, !tg.value loc(unknown)
    }, {
      %120 = tg.op "aten::__isnot__"(%scale_factor.1, %20) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc96)
      %r$4:3 = tg.op "prim::If"(%120) ({
        %scale_factor.29 = tg.op "prim::unchecked_cast"(%scale_factor.1) : (!tg.value) -> !tg.value loc(unknown)
        %126 = tg.op "aten::__is__"(%r$1#1, %20) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc98)
        %size.93 = tg.op "prim::If"(%126) ({
          tg.yield %r$1#1 : !tg.value loc(unknown)
        }, {
          tg.op "prim::RaiseException"(%3568, %20) : (!tg.value, !tg.value) -> () loc(#tgloc99)
          tg.yield %901 : !tg.value loc(unknown)
        }) : (!tg.value) -> !tg.value loc(#tgloc99)
        %scale_factor.37 = tg.op "prim::unchecked_cast"(%scale_factor.29) : (!tg.value) -> !tg.value loc(unknown)
        %146 = tg.op "aten::len"(%scale_factor.37) : (!tg.value) -> !tg.value loc(#tgloc276)
        %148 = tg.op "aten::ne"(%146, %dim.1) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc277)
        tg.op "prim::If"(%148) ({
          %152 = tg.op "aten::size"(%input.1) : (!tg.tensor) -> !tg.value loc(#tgloc13)
          %155 = tg.op "aten::slice"(%152, %52, %20, %109) : (!tg.value, !tg.value, !tg.value, !tg.value) -> !tg.value loc(#tgloc279)
          %156 = tg.op "aten::list"(%155) : (!tg.value) -> !tg.value loc(#tgloc280)
          %158 = tg.op "aten::format"(%150, %156, %scale_factor.37) : (!tg.value, !tg.value, !tg.value) -> !tg.value loc(#tgloc268)
          tg.op "prim::RaiseException"(%158, %26) : (!tg.value, !tg.value) -> () loc(#tgloc281)
          tg.yield loc(unknown)
        }, {
          tg.yield loc(unknown)
        }) : (!tg.value) -> () loc(#tgloc278)
        tg.yield %size.93, %20, %scale_factor.37 : !tg.value, !tg.value, !tg.value loc(unknown)
      }, {
        tg.op "prim::RaiseException"(%162, %26) : (!tg.value, !tg.value) -> () loc(#tgloc101)
        tg.yield %901, %906, %905 : !tg.value, !tg.value, !tg.value loc(unknown)
      }) : (!tg.value) -> (!tg.value, !tg.value, !tg.value) loc(#tgloc97)
      tg.yield %r$4#0, %r$4#1, %r$4#2 : !tg.value, !tg.value, !tg.value loc(unknown)
    }) : (!tg.value) -> (!tg.value, !tg.value, !tg.value) loc(#tgloc93)
    tg.yield %r$3#0, %r$3#1, %r$3#2 : !tg.value, !tg.value, !tg.value loc(unknown)
  }) : (!tg.value) -> (!tg.value, !tg.value, !tg.value) loc(#tgloc90)
  %211 = tg.op "aten::__isnot__"(%recompute_scale_factor.1, %20) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc102)
  %r$5:2 = tg.op "prim::If"(%211) ({
    %recompute_scale_factor.7 = tg.op "prim::unchecked_cast"(%recompute_scale_factor.1) : (!tg.value) -> !tg.value loc(unknown)
    tg.yield %recompute_scale_factor.7, %recompute_scale_factor.7 : !tg.value, !tg.value loc(unknown)
  }, {
    tg.yield %align_corners.19, %recompute_scale_factor.1 : !tg.value, !tg.value loc(unknown)
  }) : (!tg.value) -> (!tg.value, !tg.value) loc(#tgloc103)
  %r$6:2 = tg.op "prim::If"(%r$5#0) ({
    %recompute_scale_factor.15 = tg.op "prim::unchecked_cast"(%r$5#1) : (!tg.value) -> !tg.value loc(unknown)
    %224 = tg.op "aten::__isnot__"(%r$2#0, %20) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc105)
    tg.yield %224, %recompute_scale_factor.15 : !tg.value, !tg.value loc(unknown)
  }, {
    tg.yield %align_corners.19, %r$5#1 : !tg.value, !tg.value loc(unknown)
  }) : (!tg.value) -> (!tg.value, !tg.value) loc(#tgloc104)
  %recompute_scale_factor.71 = tg.op "prim::If"(%r$6#0) ({
    tg.op "prim::RaiseException"(%233, %26) : (!tg.value, !tg.value) -> () loc(#tgloc107)
    tg.yield %907 : !tg.value loc(unknown)
  }, {
    tg.yield %r$6#1 : !tg.value loc(unknown)
  }) : (!tg.value) -> !tg.value loc(#tgloc106)
  %246 = tg.op "aten::eq"(%mode.1, %13) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc108)
  %252 = tg.op "prim::If"(%246) ({
    %250 = tg.op "aten::__is__"(%r$2#1, %20) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc110)
    tg.yield %250 : !tg.value loc(unknown)
  }, {
    tg.yield %align_corners.19 : !tg.value loc(unknown)
  }) : (!tg.value) -> !tg.value loc(#tgloc109)
  %recompute_scale_factor.73 = tg.op "prim::If"(%252) ({
    tg.yield %recompute_scale_factor.31 : !tg.value loc(unknown)
  }, {
    tg.yield %recompute_scale_factor.71 : !tg.value loc(unknown)
  }) : (!tg.value) -> !tg.value loc(#tgloc111)
  %261 = tg.op "aten::__isnot__"(%recompute_scale_factor.73, %20) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc112)
  %268 = tg.op "prim::If"(%261) ({
    %recompute_scale_factor.47 = tg.op "prim::unchecked_cast"(%recompute_scale_factor.73) : (!tg.value) -> !tg.value loc(unknown)
    tg.yield %recompute_scale_factor.47 : !tg.value loc(unknown)
  }, {
    tg.yield %align_corners.19 : !tg.value loc(unknown)
  }) : (!tg.value) -> !tg.value loc(#tgloc113)
  %r$7:2 = tg.op "prim::If"(%268) ({
    %281 = tg.op "aten::__isnot__"(%r$2#2, %20) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc115)
    %scale_factors.73 = tg.op "prim::If"(%281) ({
      %scale_factors.19 = tg.op "prim::unchecked_cast"(%r$2#2) : (!tg.value) -> !tg.value loc(unknown)
      tg.yield %scale_factors.19 : !tg.value loc(unknown)
    }, {
      tg.op "prim::RaiseException"(%3568, %20) : (!tg.value, !tg.value) -> () loc(#tgloc116)
      tg.yield %905 : !tg.value loc(unknown)
    }) : (!tg.value) -> !tg.value loc(#tgloc116)
    %output_size.17 = tg.op "prim::ListConstruct"() : () -> !tg.value loc(unknown)
    tg.op "prim::Loop"(%dim.1, %recompute_scale_factor.31) ({
    ^bb0(%i.1: !tg.value loc(unknown)):
      %302 = tg.op "aten::add"(%i.1, %52) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc118)
      %303 = tg.op "aten::size"(%input.1, %302) : (!tg.tensor, !tg.value) -> !tg.value loc(#tgloc119)
      %305 = tg.op "aten::Float"(%303) : (!tg.value) -> !tg.value loc(#tgloc120)
      %308 = tg.op "aten::__getitem__"(%scale_factors.73, %i.1) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc121)
      %309 = tg.op "aten::mul"(%305, %308) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc122)
      %310 = tg.op "aten::floor"(%309) : (!tg.value) -> !tg.value loc(#tgloc123)
      %312 = tg.op "aten::append"(%output_size.17, %310) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc117)
      tg.yield %recompute_scale_factor.31 : !tg.value loc(unknown)
    }) : (!tg.value, !tg.value) -> () loc(#tgloc117)
    tg.yield %output_size.17, %20 : !tg.value, !tg.value loc(unknown)
  }, {
    tg.yield %r$2#1, %r$2#2 : !tg.value, !tg.value loc(unknown)
  }) : (!tg.value) -> (!tg.value, !tg.value) loc(#tgloc114)
  %346 = tg.op "prim::If"(%antialias.1) ({
    %334 = tg.op "prim::ListConstruct"(%331, %332) : (!tg.value, !tg.value) -> !tg.value loc(unknown)
    %335 = tg.op "aten::__contains__"(%334, %mode.1) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc125)
    %343 = tg.op "prim::If"(%335) ({
      %338 = tg.op "aten::dim"(%input.1) : (!tg.tensor) -> !tg.value loc(#tgloc127)
      %340 = tg.op "aten::eq"(%338, %339) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc128)
      tg.yield %340 : !tg.value loc(unknown)
    }, {
      tg.yield %align_corners.19 : !tg.value loc(unknown)
    }) : (!tg.value) -> !tg.value loc(#tgloc126)
    %344 = tg.op "aten::__not__"(%343) : (!tg.value) -> !tg.value loc(#tgloc129)
    tg.yield %344 : !tg.value loc(unknown)
  }, {
    tg.yield %align_corners.19 : !tg.value loc(unknown)
  }) : (!tg.value) -> !tg.value loc(#tgloc124)
  tg.op "prim::If"(%346) ({
    tg.op "prim::RaiseException"(%347, %26) : (!tg.value, !tg.value) -> () loc(#tgloc131)
    tg.yield loc(unknown)
  }, {
    tg.yield loc(unknown)
  }) : (!tg.value) -> () loc(#tgloc130)
  %351 = tg.op "aten::dim"(%input.1) : (!tg.tensor) -> !tg.value loc(#tgloc132)
  %353 = tg.op "aten::eq"(%351, %352) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc133)
  %360 = tg.op "prim::If"(%353) ({
    %357 = tg.op "aten::eq"(%mode.1, %12) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc135)
    tg.yield %357 : !tg.value loc(unknown)
  }, {
    tg.yield %align_corners.19 : !tg.value loc(unknown)
  }) : (!tg.value) -> !tg.value loc(#tgloc134)
  %1274 = tg.op "prim::If"(%360) ({
    %364 = tg.op "aten::upsample_nearest1d"(%input.1, %r$7#0, %r$7#1) : (!tg.tensor, !tg.value, !tg.value) -> !tg.tensor loc(#tgloc137)
    tg.yield %364 : !tg.tensor loc(unknown)
  }, {
    %976 = tg.op "aten::dim"(%input.1) : (!tg.tensor) -> !tg.value loc(#tgloc138)
    %977 = tg.op "aten::eq"(%976, %339) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc139)
    %979 = tg.op "prim::If"(%977) ({
      %981 = tg.op "aten::eq"(%mode.1, %12) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc141)
      tg.yield %981 : !tg.value loc(unknown)
    }, {
      tg.yield %align_corners.19 : !tg.value loc(unknown)
    }) : (!tg.value) -> !tg.value loc(#tgloc140)
    %1560 = tg.op "prim::If"(%979) ({
      %986 = tg.op "aten::upsample_nearest2d"(%input.1, %r$7#0, %r$7#1) : (!tg.tensor, !tg.value, !tg.value) -> !tg.tensor loc(#tgloc143)
      tg.yield %986 : !tg.tensor loc(unknown)
    }, {
      %1275 = tg.op "aten::dim"(%input.1) : (!tg.tensor) -> !tg.value loc(#tgloc144)
      %1276 = tg.op "aten::eq"(%1275, %381) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc145)
      %1278 = tg.op "prim::If"(%1276) ({
        %1280 = tg.op "aten::eq"(%mode.1, %12) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc147)
        tg.yield %1280 : !tg.value loc(unknown)
      }, {
        tg.yield %align_corners.19 : !tg.value loc(unknown)
      }) : (!tg.value) -> !tg.value loc(#tgloc146)
      %1833 = tg.op "prim::If"(%1278) ({
        %1285 = tg.op "aten::upsample_nearest3d"(%input.1, %r$7#0, %r$7#1) : (!tg.tensor, !tg.value, !tg.value) -> !tg.tensor loc(#tgloc149)
        tg.yield %1285 : !tg.tensor loc(unknown)
      }, {
        %1561 = tg.op "aten::dim"(%input.1) : (!tg.tensor) -> !tg.value loc(#tgloc150)
        %1562 = tg.op "aten::eq"(%1561, %352) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc151)
        %1564 = tg.op "prim::If"(%1562) ({
          %1566 = tg.op "aten::eq"(%mode.1, %14) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc153)
          tg.yield %1566 : !tg.value loc(unknown)
        }, {
          tg.yield %align_corners.19 : !tg.value loc(unknown)
        }) : (!tg.value) -> !tg.value loc(#tgloc152)
        %2093 = tg.op "prim::If"(%1564) ({
          %1571 = tg.op "aten::_upsample_nearest_exact1d"(%input.1, %r$7#0, %r$7#1) : (!tg.tensor, !tg.value, !tg.value) -> !tg.tensor loc(#tgloc155)
          tg.yield %1571 : !tg.tensor loc(unknown)
        }, {
          %1834 = tg.op "aten::dim"(%input.1) : (!tg.tensor) -> !tg.value loc(#tgloc156)
          %1835 = tg.op "aten::eq"(%1834, %339) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc157)
          %1837 = tg.op "prim::If"(%1835) ({
            %1839 = tg.op "aten::eq"(%mode.1, %14) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc159)
            tg.yield %1839 : !tg.value loc(unknown)
          }, {
            tg.yield %align_corners.19 : !tg.value loc(unknown)
          }) : (!tg.value) -> !tg.value loc(#tgloc158)
          %2340 = tg.op "prim::If"(%1837) ({
            %1844 = tg.op "aten::_upsample_nearest_exact2d"(%input.1, %r$7#0, %r$7#1) : (!tg.tensor, !tg.value, !tg.value) -> !tg.tensor loc(#tgloc161)
            tg.yield %1844 : !tg.tensor loc(unknown)
          }, {
            %2094 = tg.op "aten::dim"(%input.1) : (!tg.tensor) -> !tg.value loc(#tgloc162)
            %2095 = tg.op "aten::eq"(%2094, %381) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc163)
            %2097 = tg.op "prim::If"(%2095) ({
              %2099 = tg.op "aten::eq"(%mode.1, %14) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc165)
              tg.yield %2099 : !tg.value loc(unknown)
            }, {
              tg.yield %align_corners.19 : !tg.value loc(unknown)
            }) : (!tg.value) -> !tg.value loc(#tgloc164)
            %2574 = tg.op "prim::If"(%2097) ({
              %2104 = tg.op "aten::_upsample_nearest_exact3d"(%input.1, %r$7#0, %r$7#1) : (!tg.tensor, !tg.value, !tg.value) -> !tg.tensor loc(#tgloc167)
              tg.yield %2104 : !tg.tensor loc(unknown)
            }, {
              %2341 = tg.op "aten::dim"(%input.1) : (!tg.tensor) -> !tg.value loc(#tgloc168)
              %2342 = tg.op "aten::eq"(%2341, %352) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc169)
              %2344 = tg.op "prim::If"(%2342) ({
                %2346 = tg.op "aten::eq"(%mode.1, %13) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc171)
                tg.yield %2346 : !tg.value loc(unknown)
              }, {
                tg.yield %align_corners.19 : !tg.value loc(unknown)
              }) : (!tg.value) -> !tg.value loc(#tgloc170)
              %2786 = tg.op "prim::If"(%2344) ({
                %2353 = tg.op "aten::__isnot__"(%r$7#0, %20) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc173)
                %output_size.319 = tg.op "prim::If"(%2353) ({
                  %output_size.321 = tg.op "prim::unchecked_cast"(%r$7#0) : (!tg.value) -> !tg.value loc(unknown)
                  tg.yield %output_size.321 : !tg.value loc(unknown)
                }, {
                  tg.op "prim::RaiseException"(%3568, %20) : (!tg.value, !tg.value) -> () loc(#tgloc174)
                  tg.yield %908 : !tg.value loc(unknown)
                }) : (!tg.value) -> !tg.value loc(#tgloc174)
                %2360 = tg.op "aten::adaptive_avg_pool1d"(%input.1, %output_size.319) : (!tg.tensor, !tg.value) -> !tg.tensor loc(#tgloc175)
                tg.yield %2360 : !tg.tensor loc(unknown)
              }, {
                %2575 = tg.op "aten::dim"(%input.1) : (!tg.tensor) -> !tg.value loc(#tgloc176)
                %2576 = tg.op "aten::eq"(%2575, %339) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc177)
                %2578 = tg.op "prim::If"(%2576) ({
                  %2580 = tg.op "aten::eq"(%mode.1, %13) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc179)
                  tg.yield %2580 : !tg.value loc(unknown)
                }, {
                  tg.yield %align_corners.19 : !tg.value loc(unknown)
                }) : (!tg.value) -> !tg.value loc(#tgloc178)
                %2975 = tg.op "prim::If"(%2578) ({
                  %2587 = tg.op "aten::__isnot__"(%r$7#0, %20) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc181)
                  %output_size.355 = tg.op "prim::If"(%2587) ({
                    %output_size.357 = tg.op "prim::unchecked_cast"(%r$7#0) : (!tg.value) -> !tg.value loc(unknown)
                    tg.yield %output_size.357 : !tg.value loc(unknown)
                  }, {
                    tg.op "prim::RaiseException"(%3568, %20) : (!tg.value, !tg.value) -> () loc(#tgloc182)
                    tg.yield %908 : !tg.value loc(unknown)
                  }) : (!tg.value) -> !tg.value loc(#tgloc182)
                  %2595 = tg.call @"adaptive_avg_pool2d"(%input.1, %output_size.355) : (!tg.tensor, !tg.value) -> !tg.tensor loc(#tgloc183)
                  tg.yield %2595 : !tg.tensor loc(unknown)
                }, {
                  %2787 = tg.op "aten::dim"(%input.1) : (!tg.tensor) -> !tg.value loc(#tgloc184)
                  %2788 = tg.op "aten::eq"(%2787, %381) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc185)
                  %2790 = tg.op "prim::If"(%2788) ({
                    %2792 = tg.op "aten::eq"(%mode.1, %13) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc187)
                    tg.yield %2792 : !tg.value loc(unknown)
                  }, {
                    tg.yield %align_corners.19 : !tg.value loc(unknown)
                  }) : (!tg.value) -> !tg.value loc(#tgloc186)
                  %3141 = tg.op "prim::If"(%2790) ({
                    %2799 = tg.op "aten::__isnot__"(%r$7#0, %20) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc189)
                    %output_size.379 = tg.op "prim::If"(%2799) ({
                      %output_size.381 = tg.op "prim::unchecked_cast"(%r$7#0) : (!tg.value) -> !tg.value loc(unknown)
                      tg.yield %output_size.381 : !tg.value loc(unknown)
                    }, {
                      tg.op "prim::RaiseException"(%3568, %20) : (!tg.value, !tg.value) -> () loc(#tgloc190)
                      tg.yield %908 : !tg.value loc(unknown)
                    }) : (!tg.value) -> !tg.value loc(#tgloc190)
                    %2807 = tg.call @"adaptive_avg_pool3d"(%input.1, %output_size.379) : (!tg.tensor, !tg.value) -> !tg.tensor loc(#tgloc191)
                    tg.yield %2807 : !tg.tensor loc(unknown)
                  }, {
                    %2976 = tg.op "aten::dim"(%input.1) : (!tg.tensor) -> !tg.value loc(#tgloc192)
                    %2977 = tg.op "aten::eq"(%2976, %352) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc193)
                    %2979 = tg.op "prim::If"(%2977) ({
                      %2981 = tg.op "aten::eq"(%mode.1, %2980) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc195)
                      tg.yield %2981 : !tg.value loc(unknown)
                    }, {
                      tg.yield %align_corners.19 : !tg.value loc(unknown)
                    }) : (!tg.value) -> !tg.value loc(#tgloc194)
                    %3285 = tg.op "prim::If"(%2979) ({
                      %2988 = tg.op "aten::__isnot__"(%align_corners.145, %20) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc197)
                      %align_corners.547 = tg.op "prim::If"(%2988) ({
                        %align_corners.549 = tg.op "prim::unchecked_cast"(%align_corners.145) : (!tg.value) -> !tg.value loc(unknown)
                        tg.yield %align_corners.549 : !tg.value loc(unknown)
                      }, {
                        tg.op "prim::RaiseException"(%3568, %20) : (!tg.value, !tg.value) -> () loc(#tgloc198)
                        tg.yield %899 : !tg.value loc(unknown)
                      }) : (!tg.value) -> !tg.value loc(#tgloc198)
                      %2995 = tg.op "aten::upsample_linear1d"(%input.1, %r$7#0, %align_corners.547, %r$7#1) : (!tg.tensor, !tg.value, !tg.value, !tg.value) -> !tg.tensor loc(#tgloc199)
                      tg.yield %2995 : !tg.tensor loc(unknown)
                    }, {
                      %3142 = tg.op "aten::dim"(%input.1) : (!tg.tensor) -> !tg.value loc(#tgloc200)
                      %3143 = tg.op "aten::eq"(%3142, %339) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc201)
                      %3145 = tg.op "prim::If"(%3143) ({
                        %3147 = tg.op "aten::eq"(%mode.1, %331) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc203)
                        tg.yield %3147 : !tg.value loc(unknown)
                      }, {
                        tg.yield %align_corners.19 : !tg.value loc(unknown)
                      }) : (!tg.value) -> !tg.value loc(#tgloc202)
                      %3404 = tg.op "prim::If"(%3145) ({
                        %3154 = tg.op "aten::__isnot__"(%align_corners.145, %20) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc205)
                        %align_corners.595 = tg.op "prim::If"(%3154) ({
                          %align_corners.597 = tg.op "prim::unchecked_cast"(%align_corners.145) : (!tg.value) -> !tg.value loc(unknown)
                          tg.yield %align_corners.597 : !tg.value loc(unknown)
                        }, {
                          tg.op "prim::RaiseException"(%3568, %20) : (!tg.value, !tg.value) -> () loc(#tgloc206)
                          tg.yield %899 : !tg.value loc(unknown)
                        }) : (!tg.value) -> !tg.value loc(#tgloc206)
                        %3288 = tg.op "prim::If"(%antialias.1) ({
                          %3164 = tg.op "aten::_upsample_bilinear2d_aa"(%input.1, %r$7#0, %align_corners.595, %r$7#1) : (!tg.tensor, !tg.value, !tg.value, !tg.value) -> !tg.tensor loc(#tgloc208)
                          tg.yield %3164 : !tg.tensor loc(unknown)
                        }, {
                          %3286 = tg.op "aten::upsample_bilinear2d"(%input.1, %r$7#0, %align_corners.595, %r$7#1) : (!tg.tensor, !tg.value, !tg.value, !tg.value) -> !tg.tensor loc(#tgloc209)
                          tg.yield %3286 : !tg.tensor loc(unknown)
                        }) : (!tg.value) -> !tg.tensor loc(#tgloc207)
                        tg.yield %3288 : !tg.tensor loc(unknown)
                      }, {
                        %3289 = tg.op "aten::dim"(%input.1) : (!tg.tensor) -> !tg.value loc(#tgloc210)
                        %3290 = tg.op "aten::eq"(%3289, %381) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc211)
                        %3292 = tg.op "prim::If"(%3290) ({
                          %3294 = tg.op "aten::eq"(%mode.1, %3293) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc213)
                          tg.yield %3294 : !tg.value loc(unknown)
                        }, {
                          tg.yield %align_corners.19 : !tg.value loc(unknown)
                        }) : (!tg.value) -> !tg.value loc(#tgloc212)
                        %3498 = tg.op "prim::If"(%3292) ({
                          %3301 = tg.op "aten::__isnot__"(%align_corners.145, %20) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc215)
                          %align_corners.631 = tg.op "prim::If"(%3301) ({
                            %align_corners.633 = tg.op "prim::unchecked_cast"(%align_corners.145) : (!tg.value) -> !tg.value loc(unknown)
                            tg.yield %align_corners.633 : !tg.value loc(unknown)
                          }, {
                            tg.op "prim::RaiseException"(%3568, %20) : (!tg.value, !tg.value) -> () loc(#tgloc216)
                            tg.yield %899 : !tg.value loc(unknown)
                          }) : (!tg.value) -> !tg.value loc(#tgloc216)
                          %3308 = tg.op "aten::upsample_trilinear3d"(%input.1, %r$7#0, %align_corners.631, %r$7#1) : (!tg.tensor, !tg.value, !tg.value, !tg.value) -> !tg.tensor loc(#tgloc217)
                          tg.yield %3308 : !tg.tensor loc(unknown)
                        }, {
                          %3405 = tg.op "aten::dim"(%input.1) : (!tg.tensor) -> !tg.value loc(#tgloc218)
                          %3406 = tg.op "aten::eq"(%3405, %339) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc219)
                          %3408 = tg.op "prim::If"(%3406) ({
                            %3410 = tg.op "aten::eq"(%mode.1, %332) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc221)
                            tg.yield %3410 : !tg.value loc(unknown)
                          }, {
                            tg.yield %align_corners.19 : !tg.value loc(unknown)
                          }) : (!tg.value) -> !tg.value loc(#tgloc220)
                          %3567 = tg.op "prim::If"(%3408) ({
                            %3417 = tg.op "aten::__isnot__"(%align_corners.145, %20) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc223)
                            %align_corners.655 = tg.op "prim::If"(%3417) ({
                              %align_corners.657 = tg.op "prim::unchecked_cast"(%align_corners.145) : (!tg.value) -> !tg.value loc(unknown)
                              tg.yield %align_corners.657 : !tg.value loc(unknown)
                            }, {
                              tg.op "prim::RaiseException"(%3568, %20) : (!tg.value, !tg.value) -> () loc(#tgloc224)
                              tg.yield %899 : !tg.value loc(unknown)
                            }) : (!tg.value) -> !tg.value loc(#tgloc224)
                            %3501 = tg.op "prim::If"(%antialias.1) ({
                              %3427 = tg.op "aten::_upsample_bicubic2d_aa"(%input.1, %r$7#0, %align_corners.655, %r$7#1) : (!tg.tensor, !tg.value, !tg.value, !tg.value) -> !tg.tensor loc(#tgloc226)
                              tg.yield %3427 : !tg.tensor loc(unknown)
                            }, {
                              %3499 = tg.op "aten::upsample_bicubic2d"(%input.1, %r$7#0, %align_corners.655, %r$7#1) : (!tg.tensor, !tg.value, !tg.value, !tg.value) -> !tg.tensor loc(#tgloc227)
                              tg.yield %3499 : !tg.tensor loc(unknown)
                            }) : (!tg.value) -> !tg.tensor loc(#tgloc225)
                            tg.yield %3501 : !tg.tensor loc(unknown)
                          }, {
                            %3502 = tg.op "aten::dim"(%input.1) : (!tg.tensor) -> !tg.value loc(#tgloc228)
                            %3503 = tg.op "aten::eq"(%3502, %352) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc229)
                            %3505 = tg.op "prim::If"(%3503) ({
                              %3507 = tg.op "aten::eq"(%mode.1, %331) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc231)
                              tg.yield %3507 : !tg.value loc(unknown)
                            }, {
                              tg.yield %align_corners.19 : !tg.value loc(unknown)
                            }) : (!tg.value) -> !tg.value loc(#tgloc230)
                            tg.op "prim::If"(%3505) ({
                              tg.op "prim::RaiseException"(%3510, %3511) : (!tg.value, !tg.value) -> () loc(#tgloc233)
                              tg.yield loc(unknown)
                            }, {
                              tg.yield loc(unknown)
                            }) : (!tg.value) -> () loc(#tgloc232)
                            %3512 = tg.op "aten::dim"(%input.1) : (!tg.tensor) -> !tg.value loc(#tgloc234)
                            %3513 = tg.op "aten::eq"(%3512, %352) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc235)
                            %3515 = tg.op "prim::If"(%3513) ({
                              %3517 = tg.op "aten::eq"(%mode.1, %3293) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc237)
                              tg.yield %3517 : !tg.value loc(unknown)
                            }, {
                              tg.yield %align_corners.19 : !tg.value loc(unknown)
                            }) : (!tg.value) -> !tg.value loc(#tgloc236)
                            tg.op "prim::If"(%3515) ({
                              tg.op "prim::RaiseException"(%3520, %3511) : (!tg.value, !tg.value) -> () loc(#tgloc239)
                              tg.yield loc(unknown)
                            }, {
                              tg.yield loc(unknown)
                            }) : (!tg.value) -> () loc(#tgloc238)
                            %3522 = tg.op "aten::dim"(%input.1) : (!tg.tensor) -> !tg.value loc(#tgloc240)
                            %3523 = tg.op "aten::eq"(%3522, %339) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc241)
                            %3525 = tg.op "prim::If"(%3523) ({
                              %3527 = tg.op "aten::eq"(%mode.1, %2980) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc243)
                              tg.yield %3527 : !tg.value loc(unknown)
                            }, {
                              tg.yield %align_corners.19 : !tg.value loc(unknown)
                            }) : (!tg.value) -> !tg.value loc(#tgloc242)
                            tg.op "prim::If"(%3525) ({
                              tg.op "prim::RaiseException"(%3530, %3511) : (!tg.value, !tg.value) -> () loc(#tgloc245)
                              tg.yield loc(unknown)
                            }, {
                              tg.yield loc(unknown)
                            }) : (!tg.value) -> () loc(#tgloc244)
                            %3532 = tg.op "aten::dim"(%input.1) : (!tg.tensor) -> !tg.value loc(#tgloc246)
                            %3533 = tg.op "aten::eq"(%3532, %339) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc247)
                            %3535 = tg.op "prim::If"(%3533) ({
                              %3537 = tg.op "aten::eq"(%mode.1, %3293) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc249)
                              tg.yield %3537 : !tg.value loc(unknown)
                            }, {
                              tg.yield %align_corners.19 : !tg.value loc(unknown)
                            }) : (!tg.value) -> !tg.value loc(#tgloc248)
                            tg.op "prim::If"(%3535) ({
                              tg.op "prim::RaiseException"(%3540, %3511) : (!tg.value, !tg.value) -> () loc(#tgloc251)
                              tg.yield loc(unknown)
                            }, {
                              tg.yield loc(unknown)
                            }) : (!tg.value) -> () loc(#tgloc250)
                            %3542 = tg.op "aten::dim"(%input.1) : (!tg.tensor) -> !tg.value loc(#tgloc252)
                            %3543 = tg.op "aten::eq"(%3542, %381) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc253)
                            %3545 = tg.op "prim::If"(%3543) ({
                              %3547 = tg.op "aten::eq"(%mode.1, %2980) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc255)
                              tg.yield %3547 : !tg.value loc(unknown)
                            }, {
                              tg.yield %align_corners.19 : !tg.value loc(unknown)
                            }) : (!tg.value) -> !tg.value loc(#tgloc254)
                            tg.op "prim::If"(%3545) ({
                              tg.op "prim::RaiseException"(%3550, %3511) : (!tg.value, !tg.value) -> () loc(#tgloc257)
                              tg.yield loc(unknown)
                            }, {
                              tg.yield loc(unknown)
                            }) : (!tg.value) -> () loc(#tgloc256)
                            %3552 = tg.op "aten::dim"(%input.1) : (!tg.tensor) -> !tg.value loc(#tgloc258)
                            %3553 = tg.op "aten::eq"(%3552, %381) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc259)
                            %3555 = tg.op "prim::If"(%3553) ({
                              %3557 = tg.op "aten::eq"(%mode.1, %331) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc261)
                              tg.yield %3557 : !tg.value loc(unknown)
                            }, {
                              tg.yield %align_corners.19 : !tg.value loc(unknown)
                            }) : (!tg.value) -> !tg.value loc(#tgloc260)
                            tg.op "prim::If"(%3555) ({
                              tg.op "prim::RaiseException"(%3560, %3511) : (!tg.value, !tg.value) -> () loc(#tgloc263)
                              tg.yield loc(unknown)
                            }, {
                              tg.yield loc(unknown)
                            }) : (!tg.value) -> () loc(#tgloc262)
                            %3563 = tg.op "aten::dim"(%input.1) : (!tg.tensor) -> !tg.value loc(#tgloc264)
                            %3564 = tg.op "aten::format"(%3562, %3563, %mode.1) : (!tg.value, !tg.value, !tg.value) -> !tg.value loc(#tgloc265)
                            tg.op "prim::RaiseException"(%3564, %3511) : (!tg.value, !tg.value) -> () loc(#tgloc266)
                            tg.yield %913 : !tg.tensor loc(unknown)
                          }) : (!tg.value) -> !tg.tensor loc(#tgloc222)
                          tg.yield %3567 : !tg.tensor loc(unknown)
                        }) : (!tg.value) -> !tg.tensor loc(#tgloc214)
                        tg.yield %3498 : !tg.tensor loc(unknown)
                      }) : (!tg.value) -> !tg.tensor loc(#tgloc204)
                      tg.yield %3404 : !tg.tensor loc(unknown)
                    }) : (!tg.value) -> !tg.tensor loc(#tgloc196)
                    tg.yield %3285 : !tg.tensor loc(unknown)
                  }) : (!tg.value) -> !tg.tensor loc(#tgloc188)
                  tg.yield %3141 : !tg.tensor loc(unknown)
                }) : (!tg.value) -> !tg.tensor loc(#tgloc180)
                tg.yield %2975 : !tg.tensor loc(unknown)
              }) : (!tg.value) -> !tg.tensor loc(#tgloc172)
              tg.yield %2786 : !tg.tensor loc(unknown)
            }) : (!tg.value) -> !tg.tensor loc(#tgloc166)
            tg.yield %2574 : !tg.tensor loc(unknown)
          }) : (!tg.value) -> !tg.tensor loc(#tgloc160)
          tg.yield %2340 : !tg.tensor loc(unknown)
        }) : (!tg.value) -> !tg.tensor loc(#tgloc154)
        tg.yield %2093 : !tg.tensor loc(unknown)
      }) : (!tg.value) -> !tg.tensor loc(#tgloc148)
      tg.yield %1833 : !tg.tensor loc(unknown)
    }) : (!tg.value) -> !tg.tensor loc(#tgloc142)
    tg.yield %1560 : !tg.tensor loc(unknown)
  }) : (!tg.value) -> !tg.tensor loc(#tgloc136)
  tg.return %1274 : !tg.tensor loc(unknown)
} loc(unknown)

tg.graph @"batch_norm"(%input.1: !tg.tensor loc(unknown), %running_mean.1: !tg.value loc(unknown), %running_var.1: !tg.value loc(unknown), %weight.1: !tg.value loc(unknown), %bias.1: !tg.value loc(unknown), %training.1: !tg.value loc(unknown), %momentum.1: !tg.value loc(unknown), %eps.1: !tg.value loc(unknown)) -> !tg.tensor attributes {tg.qualified_name = "__torch__.torch.nn.functional.batch_norm"} {
  %30 = tg.constant(true) : !tg.value loc(#tgloc282)
  tg.op "prim::If"(%training.1) ({
    %19 = tg.op "aten::size"(%input.1) : (!tg.tensor) -> !tg.value loc(#tgloc284)
    %21 = tg.call @"_verify_batch_size"(%19) : (!tg.value) -> !tg.value loc(#tgloc285)
    tg.yield loc(unknown)
  }, {
    tg.yield loc(unknown)
  }) : (!tg.value) -> () loc(#tgloc283)
  %31 = tg.op "aten::batch_norm"(%input.1, %weight.1, %bias.1, %running_mean.1, %running_var.1, %training.1, %momentum.1, %eps.1, %30) : (!tg.tensor, !tg.value, !tg.value, !tg.value, !tg.value, !tg.value, !tg.value, !tg.value, !tg.value) -> !tg.tensor loc(#tgloc286)
  tg.return %31 : !tg.tensor loc(unknown)
} loc(unknown)

tg.graph @"relu"(%input.1: !tg.tensor loc(unknown), %inplace.1: !tg.value loc(unknown)) -> !tg.tensor attributes {tg.qualified_name = "__torch__.torch.nn.functional.relu"} {
  %result = tg.op "prim::If"(%inplace.1) ({
    %result.1 = tg.op "aten::relu_"(%input.1) : (!tg.tensor) -> !tg.tensor loc(#tgloc288)
    tg.yield %result.1 : !tg.tensor loc(unknown)
  }, {
    %result.3 = tg.op "aten::relu"(%input.1) : (!tg.tensor) -> !tg.tensor loc(#tgloc289)
    tg.yield %result.3 : !tg.tensor loc(unknown)
  }) : (!tg.value) -> !tg.tensor loc(#tgloc287)
  tg.return %result : !tg.tensor loc(unknown)
} loc(unknown)

tg.graph @"adaptive_avg_pool2d"(%input.1: !tg.tensor loc(unknown), %output_size.1: !tg.value loc(unknown)) -> !tg.tensor attributes {tg.qualified_name = "__torch__.torch.nn.functional.adaptive_avg_pool2d"} {
  %10 = tg.constant("AssertionError: ") : !tg.value loc(unknown)
  %9 = tg.constant(unit) : !tg.value loc(unknown)
  %8 = tg.op "aten::size"(%input.1) : (!tg.tensor) -> !tg.value loc(#tgloc290)
  %11 = tg.op "aten::len"(%8) : (!tg.value) -> !tg.value loc(#tgloc291)
  %12 = tg.op "aten::len"(%output_size.1) : (!tg.value) -> !tg.value loc(#tgloc292)
  %13 = tg.op "aten::gt"(%11, %12) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc293)
  tg.op "prim::If"(%13) ({
    tg.yield loc(unknown)
  }, {
    tg.op "prim::RaiseException"(%10, %9) : (!tg.value, !tg.value) -> () loc(#tgloc294)
    tg.yield loc(unknown)
  }) : (!tg.value) -> () loc(#tgloc294)
  %16 = tg.op "aten::adaptive_avg_pool2d"(%input.1, %output_size.1) : (!tg.tensor, !tg.value) -> !tg.tensor loc(#tgloc295)
  tg.return %16 : !tg.tensor loc(unknown)
} loc(unknown)

tg.graph @"adaptive_avg_pool3d"(%input.1: !tg.tensor loc(unknown), %output_size.1: !tg.value loc(unknown)) -> !tg.tensor attributes {tg.qualified_name = "__torch__.torch.nn.functional.adaptive_avg_pool3d"} {
  %10 = tg.constant("AssertionError: ") : !tg.value loc(unknown)
  %9 = tg.constant(unit) : !tg.value loc(unknown)
  %8 = tg.op "aten::size"(%input.1) : (!tg.tensor) -> !tg.value loc(#tgloc296)
  %11 = tg.op "aten::len"(%8) : (!tg.value) -> !tg.value loc(#tgloc297)
  %12 = tg.op "aten::len"(%output_size.1) : (!tg.value) -> !tg.value loc(#tgloc298)
  %13 = tg.op "aten::gt"(%11, %12) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc299)
  tg.op "prim::If"(%13) ({
    tg.yield loc(unknown)
  }, {
    tg.op "prim::RaiseException"(%10, %9) : (!tg.value, !tg.value) -> () loc(#tgloc300)
    tg.yield loc(unknown)
  }) : (!tg.value) -> () loc(#tgloc300)
  %16 = tg.op "aten::adaptive_avg_pool3d"(%input.1, %output_size.1) : (!tg.tensor, !tg.value) -> !tg.tensor loc(#tgloc301)
  tg.return %16 : !tg.tensor loc(unknown)
} loc(unknown)

tg.graph @"_verify_batch_size"(%size.1: !tg.value loc(unknown)) -> !tg.value attributes {tg.qualified_name = "__torch__.torch.nn.functional._verify_batch_size"} {
  %28 = tg.constant(unit) : !tg.value loc(#tgloc302)
  %26 = tg.constant("builtins.ValueError") : !tg.value loc(#tgloc303)
  %23 = tg.constant("Expected more than 1 value per channel when training, got input size {}") : !tg.value loc(#tgloc304)
  %10 = tg.constant(true) : !tg.value loc(#tgloc305)
  %2 = tg.constant(0 : i64) : !tg.value loc(#tgloc306)
  %6 = tg.constant(2 : i64) : !tg.value loc(#tgloc307)
  %20 = tg.constant(1 : i64) : !tg.value loc(#tgloc308)
  %size_prods.1 = tg.op "aten::__getitem__"(%size.1, %2) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc309)
  %5 = tg.op "aten::len"(%size.1) : (!tg.value) -> !tg.value loc(#tgloc310)
  %7 = tg.op "aten::sub"(%5, %6) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc311)
  %size_prods = tg.op "prim::Loop"(%7, %10, %size_prods.1) ({
  ^bb0(%i.1: !tg.value loc(unknown), %size_prods.11: !tg.value loc(unknown)):
    %15 = tg.op "aten::add"(%i.1, %6) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc312)
    %16 = tg.op "aten::__getitem__"(%size.1, %15) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc313)
    %size_prods.5 = tg.op "aten::mul"(%size_prods.11, %16) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc314)
    tg.yield %10, %size_prods.5 : !tg.value, !tg.value loc(unknown)
  }) : (!tg.value, !tg.value, !tg.value) -> !tg.value loc(#tgloc305)
  %21 = tg.op "aten::eq"(%size_prods, %20) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc315)
  tg.op "prim::If"(%21) ({
    %25 = tg.op "aten::format"(%23, %size.1) : (!tg.value, !tg.value) -> !tg.value loc(#tgloc317)
    tg.op "prim::RaiseException"(%25, %26) : (!tg.value, !tg.value) -> () loc(#tgloc318)
    tg.yield loc(unknown)
  }, {
    tg.yield loc(unknown)
  }) : (!tg.value) -> () loc(#tgloc316)
  tg.return %28 : !tg.value loc(unknown)
} loc(unknown)

}
#tgloc0 = loc("examples/models/upsampler.py":49:43 to :54)
#tgloc1 = loc("examples/models/upsampler.py":49:51 to :53)
#tgloc2 = loc("examples/models/upsampler.py":44:63 to :72)
#tgloc3 = loc("examples/models/upsampler.py":43:56 to :59)
#tgloc4 = loc("examples/models/upsampler.py":44:49 to :51)
#tgloc5 = loc("examples/models/upsampler.py":43:28 to :38)
#tgloc6 = loc("examples/models/upsampler.py":43:14 to :27)
#tgloc7 = loc("examples/models/upsampler.py":44:28 to :38)
#tgloc8 = loc("examples/models/upsampler.py":44:14 to :27)
#tgloc9 = loc("examples/models/upsampler.py":46:25 to :36)
#tgloc10 = loc("examples/models/upsampler.py":46:13 to :24)
#tgloc11 = loc("examples/models/upsampler.py":47:32 to :41)
#tgloc12 = loc("examples/models/upsampler.py":47:18 to :31)
#tgloc13 = loc("<string>":13:10 to :16)
#tgloc14 = loc("examples/models/upsampler.py":49:16 to :29)
#tgloc15 = loc("examples/models/upsampler.py":49:16 to 50:57)
#tgloc16 = loc("/usr/lib/python3/dist-packages/torch/nn/modules/conv.py":463:16 to :34)
#tgloc17 = loc("/usr/lib/python3/dist-packages/torch/nn/modules/conv.py":460:25 to :37)
#tgloc18 = loc("/usr/lib/python3/dist-packages/torch/nn/modules/conv.py":459:46 to :57)
#tgloc19 = loc("/usr/lib/python3/dist-packages/torch/nn/modules/conv.py":459:16 to :24)
#tgloc20 = loc("examples/models/upsampler.py":28:42 to :51)
#tgloc21 = loc("examples/models/upsampler.py":28:34 to :41)
#tgloc22 = loc("examples/models/upsampler.py":28:24 to :33)
#tgloc23 = loc("examples/models/upsampler.py":28:16 to :23)
#tgloc24 = loc("examples/models/upsampler.py":28:16 to :64)
#tgloc25 = loc("/usr/lib/python3/dist-packages/torch/nn/modules/batchnorm.py":182:13 to :21)
#tgloc26 = loc("/usr/lib/python3/dist-packages/torch/nn/modules/batchnorm.py":164:28 to :84)
#tgloc27 = loc("/usr/lib/python3/dist-packages/torch/nn/modules/batchnorm.py":162:27 to :31)
#tgloc28 = loc("/usr/lib/python3/dist-packages/torch/nn/modules/batchnorm.py":151:47 to :48)
#tgloc29 = loc("/usr/lib/python3/dist-packages/torch/nn/modules/batchnorm.py":138:9 to :30)
#tgloc30 = loc("/usr/lib/python3/dist-packages/torch/nn/modules/batchnorm.py":148:12 to :54)
#tgloc31 = loc("/usr/lib/python3/dist-packages/torch/nn/modules/batchnorm.py":151:17 to :46)
#tgloc32 = loc("/usr/lib/python3/dist-packages/torch/nn/modules/batchnorm.py":161:9 to 164:84)
#tgloc33 = loc("/usr/lib/python3/dist-packages/torch/nn/modules/batchnorm.py":171:16 to :28)
#tgloc34 = loc("/usr/lib/python3/dist-packages/torch/nn/modules/batchnorm.py":408:5 to 410:82)
#tgloc35 = loc("/usr/lib/python3/dist-packages/torch/nn/modules/batchnorm.py":410:19 to :29)
#tgloc36 = loc("/usr/lib/python3/dist-packages/torch/nn/modules/batchnorm.py":410:30 to :64)
#tgloc37 = loc("/usr/lib/python3/dist-packages/torch/nn/modules/batchnorm.py":409:27 to :28)
#tgloc38 = loc("/usr/lib/python3/dist-packages/torch/nn/modules/batchnorm.py":409:12 to :21)
#tgloc39 = loc("/usr/lib/python3/dist-packages/torch/nn/modules/batchnorm.py":409:12 to :28)
#tgloc40 = loc("/usr/lib/python3/dist-packages/torch/nn/modules/batchnorm.py":409:9 to 410:82)
#tgloc41 = loc("/usr/lib/python3/dist-packages/torch/nn/modules/batchnorm.py":410:73 to :82)
#tgloc42 = loc("/usr/lib/python3/dist-packages/torch/nn/modules/batchnorm.py":410:30 to :71)
#tgloc43 = loc("/usr/lib/python3/dist-packages/torch/nn/modules/batchnorm.py":410:13 to :82)
#tgloc44 = loc("/usr/lib/python3/dist-packages/torch/nn/modules/activation.py":102:38 to :50)
#tgloc45 = loc("/usr/lib/python3/dist-packages/torch/nn/modules/activation.py":102:16 to :22)
#tgloc46 = loc("/usr/lib/python3/dist-packages/torch/nn/modules/upsampling.py":156:67 to :76)
#tgloc47 = loc("/usr/lib/python3/dist-packages/torch/nn/modules/upsampling.py":156:48 to :65)
#tgloc48 = loc("/usr/lib/python3/dist-packages/torch/nn/modules/upsampling.py":156:37 to :46)
#tgloc49 = loc("/usr/lib/python3/dist-packages/torch/nn/modules/upsampling.py":156:16 to :29)
#tgloc50 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3974:9 to 3975:106)
#tgloc51 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3971:35 to :82)
#tgloc52 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3969:35 to :80)
#tgloc53 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3967:35 to :83)
#tgloc54 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3965:35 to :80)
#tgloc55 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3963:35 to :83)
#tgloc56 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3961:15 to :34)
#tgloc57 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3961:35 to :82)
#tgloc58 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3951:37 to :47)
#tgloc59 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3943:37 to :44)
#tgloc60 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3917:26 to :93)
#tgloc61 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3916:48 to :56)
#tgloc62 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3916:36 to :45)
#tgloc63 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3895:26 to :90)
#tgloc64 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3892:26 to :72)
#tgloc65 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3875:27 to :51)
#tgloc66 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3860:26 to :77)
#tgloc67 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3851:29 to :34)
#tgloc68 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3845:19 to :29)
#tgloc69 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3846:17 to 3847:59)
#tgloc70 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3844:33 to :37)
#tgloc71 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3843:36 to :50)
#tgloc72 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3843:28 to :33)
#tgloc73 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3843:17 to :25)
#tgloc74 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3853:25 to :26)
#tgloc75 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3916:77 to :78)
#tgloc76 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3919:23 to :24)
#tgloc77 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3923:23 to :24)
#tgloc78 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3843:8 to :50)
#tgloc79 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3843:5 to 3851:34)
#tgloc80 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3844:12 to :37)
#tgloc81 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3844:9 to 3847:59)
#tgloc82 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3845:13 to 3847:59)
#tgloc83 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3850:12 to :33)
#tgloc84 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3850:9 to 3851:34)
#tgloc85 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3853:11 to :20)
#tgloc86 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3853:11 to :26)
#tgloc87 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3859:8 to :24)
#tgloc88 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3859:8 to :53)
#tgloc89 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3859:29 to :53)
#tgloc90 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3859:5 to 3892:72)
#tgloc91 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3860:9 to :77)
#tgloc92 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3861:10 to :26)
#tgloc93 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3861:5 to 3892:72)
#tgloc94 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3862:16 to :36)
#tgloc95 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3862:9 to :36)
#tgloc96 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3876:10 to :34)
#tgloc97 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3876:5 to 3892:72)
#tgloc98 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3877:16 to :28)
#tgloc99 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3877:9 to :28)
#tgloc100 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3890:29 to :61)
#tgloc101 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3892:9 to :72)
#tgloc102 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3894:8 to :42)
#tgloc103 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3894:8 to :69)
#tgloc104 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3894:8 to :90)
#tgloc105 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3894:74 to :90)
#tgloc106 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3894:5 to 3895:90)
#tgloc107 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3895:9 to :90)
#tgloc108 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3899:8 to :21)
#tgloc109 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3899:8 to :46)
#tgloc110 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3899:27 to :46)
#tgloc111 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3899:5 to 3900:38)
#tgloc112 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3902:8 to :42)
#tgloc113 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3902:8 to :69)
#tgloc114 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3902:5 to 3914:29)
#tgloc115 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3912:20 to :45)
#tgloc116 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3912:13 to :45)
#tgloc117 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3913:27 to :107)
#tgloc118 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3913:60 to :65)
#tgloc119 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3913:49 to :59)
#tgloc120 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3913:43 to :48)
#tgloc121 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3913:70 to :86)
#tgloc122 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3913:43 to :86)
#tgloc123 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3913:32 to :42)
#tgloc124 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3916:8 to :78)
#tgloc125 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3916:27 to :56)
#tgloc126 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3916:27 to :78)
#tgloc127 = loc("<string>#2":3:10 to :15)
#tgloc128 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3916:63 to :78)
#tgloc129 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3916:22 to :78)
#tgloc130 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3916:5 to 3917:93)
#tgloc131 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3917:9 to :93)
#tgloc132 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3919:8 to :17)
#tgloc133 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3919:8 to :24)
#tgloc134 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3919:8 to :45)
#tgloc135 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3919:29 to :45)
#tgloc136 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3919:5 to 3920:81)
#tgloc137 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3920:16 to :47)
#tgloc138 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3921:8 to :17)
#tgloc139 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3921:8 to :24)
#tgloc140 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3921:8 to :45)
#tgloc141 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3921:29 to :45)
#tgloc142 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3921:5 to 3922:81)
#tgloc143 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3922:16 to :47)
#tgloc144 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3923:8 to :17)
#tgloc145 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3923:8 to :24)
#tgloc146 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3923:8 to :45)
#tgloc147 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3923:29 to :45)
#tgloc148 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3923:5 to 3924:81)
#tgloc149 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3924:16 to :47)
#tgloc150 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3926:8 to :17)
#tgloc151 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3926:8 to :24)
#tgloc152 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3926:8 to :51)
#tgloc153 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3926:29 to :51)
#tgloc154 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3926:5 to 3927:88)
#tgloc155 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3927:16 to :54)
#tgloc156 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3928:8 to :17)
#tgloc157 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3928:8 to :24)
#tgloc158 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3928:8 to :51)
#tgloc159 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3928:29 to :51)
#tgloc160 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3928:5 to 3929:88)
#tgloc161 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3929:16 to :54)
#tgloc162 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3930:8 to :17)
#tgloc163 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3930:8 to :24)
#tgloc164 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3930:8 to :51)
#tgloc165 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3930:29 to :51)
#tgloc166 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3930:5 to 3931:88)
#tgloc167 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3931:16 to :54)
#tgloc168 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3933:8 to :17)
#tgloc169 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3933:8 to :24)
#tgloc170 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3933:8 to :42)
#tgloc171 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3933:29 to :42)
#tgloc172 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3933:5 to 3935:54)
#tgloc173 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3934:16 to :39)
#tgloc174 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3934:9 to :39)
#tgloc175 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3935:16 to :35)
#tgloc176 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3936:8 to :17)
#tgloc177 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3936:8 to :24)
#tgloc178 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3936:8 to :42)
#tgloc179 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3936:29 to :42)
#tgloc180 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3936:5 to 3938:54)
#tgloc181 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3937:16 to :39)
#tgloc182 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3937:9 to :39)
#tgloc183 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3938:16 to :35)
#tgloc184 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3939:8 to :17)
#tgloc185 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3939:8 to :24)
#tgloc186 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3939:8 to :42)
#tgloc187 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3939:29 to :42)
#tgloc188 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3939:5 to 3941:54)
#tgloc189 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3940:16 to :39)
#tgloc190 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3940:9 to :39)
#tgloc191 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3941:16 to :35)
#tgloc192 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3943:8 to :17)
#tgloc193 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3943:8 to :24)
#tgloc194 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3943:8 to :44)
#tgloc195 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3943:29 to :44)
#tgloc196 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3943:5 to 3945:95)
#tgloc197 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3944:16 to :41)
#tgloc198 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3944:9 to :41)
#tgloc199 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3945:16 to :46)
#tgloc200 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3946:8 to :17)
#tgloc201 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3946:8 to :24)
#tgloc202 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3946:8 to :46)
#tgloc203 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3946:29 to :46)
#tgloc204 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3946:5 to 3950:97)
#tgloc205 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3947:16 to :41)
#tgloc206 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3947:9 to :41)
#tgloc207 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3948:9 to 3949:105)
#tgloc208 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3949:20 to :56)
#tgloc209 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3950:16 to :48)
#tgloc210 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3951:8 to :17)
#tgloc211 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3951:8 to :24)
#tgloc212 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3951:8 to :47)
#tgloc213 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3951:29 to :47)
#tgloc214 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3951:5 to 3953:98)
#tgloc215 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3952:16 to :41)
#tgloc216 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3952:9 to :41)
#tgloc217 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3953:16 to :49)
#tgloc218 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3954:8 to :17)
#tgloc219 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3954:8 to :24)
#tgloc220 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3954:8 to :45)
#tgloc221 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3954:29 to :45)
#tgloc222 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3954:5 to 3958:96)
#tgloc223 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3955:16 to :41)
#tgloc224 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3955:9 to :41)
#tgloc225 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3956:9 to 3957:104)
#tgloc226 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3957:20 to :55)
#tgloc227 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3958:16 to :47)
#tgloc228 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3960:8 to :17)
#tgloc229 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3960:8 to :24)
#tgloc230 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3960:8 to :46)
#tgloc231 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3960:29 to :46)
#tgloc232 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3960:5 to 3961:82)
#tgloc233 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3961:9 to :82)
#tgloc234 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3962:8 to :17)
#tgloc235 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3962:8 to :24)
#tgloc236 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3962:8 to :47)
#tgloc237 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3962:29 to :47)
#tgloc238 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3962:5 to 3963:83)
#tgloc239 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3963:9 to :83)
#tgloc240 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3964:8 to :17)
#tgloc241 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3964:8 to :24)
#tgloc242 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3964:8 to :44)
#tgloc243 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3964:29 to :44)
#tgloc244 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3964:5 to 3965:80)
#tgloc245 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3965:9 to :80)
#tgloc246 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3966:8 to :17)
#tgloc247 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3966:8 to :24)
#tgloc248 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3966:8 to :47)
#tgloc249 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3966:29 to :47)
#tgloc250 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3966:5 to 3967:83)
#tgloc251 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3967:9 to :83)
#tgloc252 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3968:8 to :17)
#tgloc253 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3968:8 to :24)
#tgloc254 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3968:8 to :44)
#tgloc255 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3968:29 to :44)
#tgloc256 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3968:5 to 3969:80)
#tgloc257 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3969:9 to :80)
#tgloc258 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3970:8 to :17)
#tgloc259 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3970:8 to :24)
#tgloc260 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3970:8 to :46)
#tgloc261 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3970:29 to :46)
#tgloc262 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3970:5 to 3971:82)
#tgloc263 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3971:9 to :82)
#tgloc264 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3976:28 to :37)
#tgloc265 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3974:9 to 3975:109)
#tgloc266 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3973:5 to 3976:45)
#tgloc267 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3900:34 to :38)
#tgloc268 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3882:21 to :22)
#tgloc269 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3868:62 to :76)
#tgloc270 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3867:21 to :22)
#tgloc271 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3865:16 to :19)
#tgloc272 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3865:16 to :32)
#tgloc273 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3865:13 to 3868:104)
#tgloc274 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3868:57 to :76)
#tgloc275 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3866:17 to 3868:104)
#tgloc276 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3880:16 to :19)
#tgloc277 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3880:16 to :40)
#tgloc278 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3880:13 to 3884:58)
#tgloc279 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3883:66 to :80)
#tgloc280 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3883:61 to :80)
#tgloc281 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":3881:17 to 3884:58)
#tgloc282 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":2451:82 to :110)
#tgloc283 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":2447:5 to 2448:38)
#tgloc284 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":2448:28 to :38)
#tgloc285 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":2448:9 to :27)
#tgloc286 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":2450:12 to :28)
#tgloc287 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":1454:5 to 1457:34)
#tgloc288 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":1455:18 to :29)
#tgloc289 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":1457:18 to :28)
#tgloc290 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":1213:52 to :62)
#tgloc291 = loc(callsite("<string>#3":5:10 to :13 at fused<#tg.frame<instance = "", class = "", method = "list_with_default">>["/usr/lib/python3/dist-packages/torch/nn/functional.py":1213:20 to :65]))
#tgloc292 = loc(callsite("<string>#3":5:26 to :29 at fused<#tg.frame<instance = "", class = "", method = "list_with_default">>["/usr/lib/python3/dist-packages/torch/nn/functional.py":1213:20 to :65]))
#tgloc293 = loc(callsite("<string>#3":5:10 to :38 at fused<#tg.frame<instance = "", class = "", method = "list_with_default">>["/usr/lib/python3/dist-packages/torch/nn/functional.py":1213:20 to :65]))
#tgloc294 = loc(callsite("<string>#3":5:3 to :38 at fused<#tg.frame<instance = "", class = "", method = "list_with_default">>["/usr/lib/python3/dist-packages/torch/nn/functional.py":1213:20 to :65]))
#tgloc295 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":1214:12 to :44)
#tgloc296 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":1230:52 to :62)
#tgloc297 = loc(callsite("<string>#3":5:10 to :13 at fused<#tg.frame<instance = "", class = "", method = "list_with_default">>["/usr/lib/python3/dist-packages/torch/nn/functional.py":1230:20 to :65]))
#tgloc298 = loc(callsite("<string>#3":5:26 to :29 at fused<#tg.frame<instance = "", class = "", method = "list_with_default">>["/usr/lib/python3/dist-packages/torch/nn/functional.py":1230:20 to :65]))
#tgloc299 = loc(callsite("<string>#3":5:10 to :38 at fused<#tg.frame<instance = "", class = "", method = "list_with_default">>["/usr/lib/python3/dist-packages/torch/nn/functional.py":1230:20 to :65]))
#tgloc300 = loc(callsite("<string>#3":5:3 to :38 at fused<#tg.frame<instance = "", class = "", method = "list_with_default">>["/usr/lib/python3/dist-packages/torch/nn/functional.py":1230:20 to :65]))
#tgloc301 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":1231:12 to :44)
#tgloc302 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":2402:1 to 2416:111)
#tgloc303 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":2416:15 to :25)
#tgloc304 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":2416:26 to :98)
#tgloc305 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":2413:5 to 2414:34)
#tgloc306 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":2412:23 to :24)
#tgloc307 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":2413:32 to :33)
#tgloc308 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":2415:22 to :23)
#tgloc309 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":2412:18 to :25)
#tgloc310 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":2413:20 to :23)
#tgloc311 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":2413:20 to :33)
#tgloc312 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":2414:28 to :33)
#tgloc313 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":2414:23 to :34)
#tgloc314 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":2414:9 to :34)
#tgloc315 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":2415:8 to :23)
#tgloc316 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":2415:5 to 2416:111)
#tgloc317 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":2416:26 to :105)
#tgloc318 = loc("/usr/lib/python3/dist-packages/torch/nn/functional.py":2416:9 to :111)
