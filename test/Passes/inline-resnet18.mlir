// The bundled ResNet-18 (torch.jit.script(torchvision.models.resnet18()),
// 50 graphs) through --tg-inline and --tg-module-hierarchy.
//
// Inlining leaves one graph and no call.
// RUN: tg-opt %examples/resnet18.mlir --tg-inline -mlir-print-debuginfo > %t.inlined.mlir
// RUN: grep -c 'tg.graph' %t.inlined.mlir | FileCheck %s --check-prefix=ONE
// RUN: not grep -E 'tg\.call(_method)? ' %t.inlined.mlir
// ONE: {{^1$}}
//
// Every op gets a module path, and every path goes back to ResNet::forward
// through its SELF call of _forward_impl: each op line (an op with regions
// prints its attributes on its closing `})` line) carries the attribute,
// and no path starts otherwise.
// RUN: tg-opt %t.inlined.mlir --tg-module-hierarchy > %t.paths.mlir
// RUN: grep -E '^ *(%[^ ]+ = )?tg\.(op|constant|get_attr|get_submodule)|^ *\}\) ' %t.paths.mlir | grep -v '({$' | not grep -v 'tg.module_hierarchy = "TOP(ResNet)::forward.SELF(ResNet)::_forward_impl.'
// RUN: grep -c 'tg.module_hierarchy = "TOP(ResNet)::forward.SELF(ResNet)::_forward_impl.' %t.paths.mlir | FileCheck %s --check-prefix=NONZERO
// NONZERO: {{^[1-9][0-9]+$}}
//
// Exact paths in every form.
// RUN: FileCheck %s --check-prefix=PROF < %t.paths.mlir
// RUN: tg-opt %t.inlined.mlir --tg-module-hierarchy=format=mobile | FileCheck %s --check-prefix=MOBILE
// RUN: tg-opt %t.inlined.mlir --tg-module-hierarchy=format=scope | FileCheck %s --check-prefix=SCOPE
//
// The full chain of the first BasicBlock's first convolution, innermost
// frame first, each frame at the source range of its call.
// RUN: tg-opt %t.inlined.mlir -mlir-print-debuginfo -mlir-print-local-scope | FileCheck %s --check-prefix=CHAIN
//
// Deterministic, threads on or off.
// RUN: tg-opt %examples/resnet18.mlir --tg-inline --tg-module-hierarchy -mlir-print-debuginfo > %t.1
// RUN: tg-opt %examples/resnet18.mlir --tg-inline --tg-module-hierarchy -mlir-print-debuginfo --mlir-disable-threading > %t.2
// RUN: diff %t.1 %t.2

// PROF-LABEL: tg.graph @"__torch__.torchvision.models.resnet.ResNet::forward"
// PROF: tg.op "aten::conv2d"{{.*}}tg.module_hierarchy = "TOP(ResNet)::forward.SELF(ResNet)::_forward_impl.conv1(Conv2d)::forward.SELF(Conv2d)::_conv_forward."
// PROF: tg.op "prim::RaiseException"{{.*}}tg.module_hierarchy = "TOP(ResNet)::forward.SELF(ResNet)::_forward_impl.bn1(BatchNorm2d)::forward.SELF(BatchNorm2d)::_check_input_dim."
// PROF: tg.op "aten::batch_norm"{{.*}}tg.module_hierarchy = "TOP(ResNet)::forward.SELF(ResNet)::_forward_impl.bn1(BatchNorm2d)::forward."
// PROF: tg.op "aten::max_pool2d"{{.*}}tg.module_hierarchy = "TOP(ResNet)::forward.SELF(ResNet)::_forward_impl.maxpool(MaxPool2d)::forward."
// PROF: tg.op "aten::conv2d"{{.*}}tg.module_hierarchy = "TOP(ResNet)::forward.SELF(ResNet)::_forward_impl.layer1(Sequential)::forward.0(BasicBlock)::forward.conv1(Conv2d)::forward.SELF(Conv2d)::_conv_forward."
// PROF: tg.op "aten::conv2d"{{.*}}tg.module_hierarchy = "TOP(ResNet)::forward.SELF(ResNet)::_forward_impl.layer1(Sequential)::forward.0(BasicBlock)::forward.conv2(Conv2d)::forward.SELF(Conv2d)::_conv_forward."
// PROF: tg.op "aten::conv2d"{{.*}}tg.module_hierarchy = "TOP(ResNet)::forward.SELF(ResNet)::_forward_impl.layer1(Sequential)::forward.1(BasicBlock)::forward.conv1(Conv2d)::forward.SELF(Conv2d)::_conv_forward."
// PROF: tg.op "aten::conv2d"{{.*}}tg.module_hierarchy = "TOP(ResNet)::forward.SELF(ResNet)::_forward_impl.layer2(Sequential)::forward.0(BasicBlock)::forward.downsample(Sequential)::forward.0(Conv2d)::forward.SELF(Conv2d)::_conv_forward."
// PROF: tg.op "aten::adaptive_avg_pool2d"{{.*}}tg.module_hierarchy = "TOP(ResNet)::forward.SELF(ResNet)::_forward_impl.avgpool(AdaptiveAvgPool2d)::forward."
// PROF: tg.op "aten::flatten"{{.*}}tg.module_hierarchy = "TOP(ResNet)::forward.SELF(ResNet)::_forward_impl."
// PROF: tg.op "aten::linear"{{.*}}tg.module_hierarchy = "TOP(ResNet)::forward.SELF(ResNet)::_forward_impl.fc(Linear)::forward."

// MOBILE: tg.op "aten::conv2d"{{.*}}tg.module_hierarchy = "top(ResNet)::<unknown>.SELF(ResNet)::_forward_impl.layer1(Sequential)::forward.0(BasicBlock)::forward.conv1(Conv2d)::forward.SELF(Conv2d)::_conv_forward.aten::conv2d"
// MOBILE: tg.op "aten::linear"{{.*}}tg.module_hierarchy = "top(ResNet)::<unknown>.SELF(ResNet)::_forward_impl.fc(Linear)::forward.aten::linear"

// SCOPE: tg.op "aten::conv2d"{{.*}}tg.module_hierarchy = "top(ResNet).SELF(ResNet).layer1(Sequential).0(BasicBlock).conv1(Conv2d).SELF(Conv2d)"
// SCOPE: tg.op "aten::linear"{{.*}}tg.module_hierarchy = "top(ResNet).SELF(ResNet).fc(Linear)"

// CHAIN: tg.op "aten::conv2d"
// CHAIN: tg.op "aten::conv2d"{{.*}} loc(callsite("{{[^"]*}}/torch/nn/modules/conv.py":459:16 to 460:66 at callsite(fused<#tg.frame<instance = "SELF", class = "__torch__.torch.nn.modules.conv.___torch_mangle_0.Conv2d", method = "_conv_forward">>["{{[^"]*}}/torch/nn/modules/conv.py":463:16 to :65] at callsite(fused<#tg.frame<instance = "conv1", class = "__torch__.torch.nn.modules.conv.___torch_mangle_0.Conv2d", method = "forward">>["{{[^"]*}}/torchvision/models/resnet.py":92:15 to :28] at callsite(fused<#tg.frame<instance = "0", class = "__torch__.torchvision.models.resnet.BasicBlock", method = "forward">>["{{[^"]*}}/torch/nn/modules/container.py":204:21 to :34] at callsite(fused<#tg.frame<instance = "layer1", class = "__torch__.torch.nn.modules.container.Sequential", method = "forward">>["{{[^"]*}}/torchvision/models/resnet.py":273:13 to :27] at fused<#tg.frame<instance = "SELF", class = "__torch__.torchvision.models.resnet.ResNet", method = "_forward_impl">>["{{[^"]*}}/torchvision/models/resnet.py":285:16 to :37]))))))
