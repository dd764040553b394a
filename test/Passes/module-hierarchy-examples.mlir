// PyTorch's own worked examples, rebuilt as tg IR, inlined and given their
// module paths in every form. The expected strings are PyTorch's, copied from
// the tests that pin them (see docs/module-hierarchy.md):
//   test/profiler/test_profiler.py (test_module_hierarchy),
//   test/cpp/lite_interpreter_runtime/test_mobile_profiler.cpp (ModuleHierarchy),
//   test/cpp/jit/test_lite_interpreter.cpp
//     (TestExceptionStackWithTwoLevelModuleHierarchy),
//   test/cpp/jit/test_backend.cpp (TestExceptionStackForCompilerWithModuleHierarchy).
//
// RUN: split-file %s %t
// RUN: tg-opt %t/example1.mlir --tg-inline --tg-module-hierarchy=format=profiler | FileCheck %t/example1.mlir --check-prefix=PROF
// RUN: tg-opt %t/example1.mlir --tg-inline --tg-module-hierarchy=format=mobile | FileCheck %t/example1.mlir --check-prefix=MOBILE
// RUN: tg-opt %t/example1.mlir --tg-inline --tg-module-hierarchy=format=scope | FileCheck %t/example1.mlir --check-prefix=SCOPE
// RUN: tg-opt %t/example2.mlir --tg-inline --tg-module-hierarchy=format=profiler | FileCheck %t/example2.mlir --check-prefix=PROF
// RUN: tg-opt %t/example2.mlir --tg-inline --tg-module-hierarchy=format=mobile | FileCheck %t/example2.mlir --check-prefix=MOBILE
// RUN: tg-opt %t/example2.mlir --tg-inline --tg-module-hierarchy=format=scope | FileCheck %t/example2.mlir --check-prefix=SCOPE
// RUN: tg-opt %t/example3.mlir --tg-inline --tg-module-hierarchy=format=profiler | FileCheck %t/example3.mlir --check-prefix=PROF
// RUN: tg-opt %t/example3.mlir --tg-inline --tg-module-hierarchy=format=mobile | FileCheck %t/example3.mlir --check-prefix=MOBILE
// RUN: tg-opt %t/example3.mlir --tg-inline --tg-module-hierarchy=format=scope | FileCheck %t/example3.mlir --check-prefix=SCOPE
// RUN: tg-opt %t/example4.mlir --tg-inline --tg-module-hierarchy=format=profiler | FileCheck %t/example4.mlir --check-prefix=PROF
// RUN: tg-opt %t/example4.mlir --tg-inline --tg-module-hierarchy=format=mobile | FileCheck %t/example4.mlir --check-prefix=MOBILE
// RUN: tg-opt %t/example4.mlir --tg-inline --tg-module-hierarchy=format=scope | FileCheck %t/example4.mlir --check-prefix=SCOPE
// The default format is the profiler's.
// RUN: tg-opt %t/example2.mlir --tg-inline --tg-module-hierarchy | FileCheck %t/example2.mlir --check-prefix=PROF

//--- example1.mlir
// class AA: def forward(self, x, y): return x + y
// class A:  def forward(self, x, y): return self.AA0.forward(x, y) + 3
// class B:  def forward(self, x): return x + 2
// class C:  def forward(self, x, y):
//               return self.A0.forward(x, y) + self.B0.forward(x)
// The `x + y` op's scope path is top(C).A0(A).AA0(AA) (test_backend.cpp).

// PROF-LABEL: tg.graph @"C::forward"
// PROF: tg.get_submodule {{.*}}tg.module_hierarchy = "TOP(C)::forward."
// PROF: tg.get_submodule {{.*}}tg.module_hierarchy = "TOP(C)::forward.A0(A)::forward."
// PROF: tg.op "aten::add"{{.*}}tg.module_hierarchy = "TOP(C)::forward.A0(A)::forward.AA0(AA)::forward."
// PROF: tg.constant(3 : i64) {tg.module_hierarchy = "TOP(C)::forward.A0(A)::forward."}
// PROF: tg.op "aten::add"{{.*}}tg.module_hierarchy = "TOP(C)::forward.A0(A)::forward."
// PROF: tg.get_submodule {{.*}}tg.module_hierarchy = "TOP(C)::forward."
// PROF: tg.op "aten::add"{{.*}}tg.module_hierarchy = "TOP(C)::forward.B0(B)::forward."
// PROF: tg.op "aten::add"{{.*}}tg.module_hierarchy = "TOP(C)::forward."
// PROF-NOT: tg.graph

// MOBILE-LABEL: tg.graph @"C::forward"
// MOBILE: tg.get_submodule {{.*}}tg.module_hierarchy = "top(C)::<unknown>.prim::GetAttr"
// MOBILE: tg.get_submodule {{.*}}tg.module_hierarchy = "top(C)::<unknown>.A0(A)::forward.prim::GetAttr"
// MOBILE: tg.op "aten::add"{{.*}}tg.module_hierarchy = "top(C)::<unknown>.A0(A)::forward.AA0(AA)::forward.aten::add"
// MOBILE: tg.constant(3 : i64) {tg.module_hierarchy = "top(C)::<unknown>.A0(A)::forward.prim::Constant"}
// MOBILE: tg.op "aten::add"{{.*}}tg.module_hierarchy = "top(C)::<unknown>.A0(A)::forward.aten::add"
// MOBILE: tg.op "aten::add"{{.*}}tg.module_hierarchy = "top(C)::<unknown>.B0(B)::forward.aten::add"
// MOBILE: tg.op "aten::add"{{.*}}tg.module_hierarchy = "top(C)::<unknown>.aten::add"

// SCOPE-LABEL: tg.graph @"C::forward"
// SCOPE: tg.op "aten::add"{{.*}}tg.module_hierarchy = "top(C).A0(A).AA0(AA)"
// SCOPE: tg.op "aten::add"{{.*}}tg.module_hierarchy = "top(C).A0(A)"
// SCOPE: tg.op "aten::add"{{.*}}tg.module_hierarchy = "top(C).B0(B)"
// SCOPE: tg.op "aten::add"{{.*}}tg.module_hierarchy = "top(C)"
// SCOPE-NOT: tg.module_hierarchy

tg.graph @"AA::forward"(%self: !tg.module<"AA">, %x: !tg.tensor, %y: !tg.tensor) -> !tg.tensor {
  %0 = tg.op "aten::add"(%x, %y) : (!tg.tensor, !tg.tensor) -> !tg.tensor loc("example1.py":3:13)
  tg.return %0 : !tg.tensor loc("example1.py":3:6)
}
tg.graph @"A::forward"(%self: !tg.module<"A">, %x: !tg.tensor, %y: !tg.tensor) -> !tg.tensor {
  %aa0 = tg.get_submodule %self["AA0"] : !tg.module<"A"> -> !tg.module<"AA"> loc("example1.py":8:13)
  %0 = tg.call_method @"AA::forward"(%aa0, %x, %y) : (!tg.module<"AA">, !tg.tensor, !tg.tensor) -> !tg.tensor loc("example1.py":8:13)
  %c3 = tg.constant(3 : i64) : !tg.value loc("example1.py":8:38)
  %1 = tg.op "aten::add"(%0, %c3) : (!tg.tensor, !tg.value) -> !tg.tensor loc("example1.py":8:13)
  tg.return %1 : !tg.tensor loc("example1.py":8:6)
}
tg.graph @"B::forward"(%self: !tg.module<"B">, %x: !tg.tensor) -> !tg.tensor {
  %c2 = tg.constant(2 : i64) : !tg.value loc("example1.py":12:17)
  %0 = tg.op "aten::add"(%x, %c2) : (!tg.tensor, !tg.value) -> !tg.tensor loc("example1.py":12:13)
  tg.return %0 : !tg.tensor loc("example1.py":12:6)
}
tg.graph @"C::forward"(%self: !tg.module<"C">, %x: !tg.tensor, %y: !tg.tensor) -> !tg.tensor attributes {tg.entry} {
  %a0 = tg.get_submodule %self["A0"] : !tg.module<"C"> -> !tg.module<"A"> loc("example1.py":18:13)
  %0 = tg.call_method @"A::forward"(%a0, %x, %y) : (!tg.module<"A">, !tg.tensor, !tg.tensor) -> !tg.tensor loc("example1.py":18:13)
  %b0 = tg.get_submodule %self["B0"] : !tg.module<"C"> -> !tg.module<"B"> loc("example1.py":18:35)
  %1 = tg.call_method @"B::forward"(%b0, %x) : (!tg.module<"B">, !tg.tensor) -> !tg.tensor loc("example1.py":18:35)
  %2 = tg.op "aten::add"(%0, %1) : (!tg.tensor, !tg.tensor) -> !tg.tensor loc("example1.py":18:13)
  tg.return %2 : !tg.tensor loc("example1.py":18:6)
}

//--- example2.mlir
// test_profiler.py, test_module_hierarchy:
// class A:
//     def my_new_method(self, x): return x * 3
//     def forward_impl_(self, x, y): return self.my_new_method(x) + y
//     def forward(self, x, y):
//         y = y - 2
//         return self.forward_impl_(x, y)
// class B: def forward(self, x): return x + 2
// class C:
//     def call_b(self, x): return self.B0.forward(x)
//     def forward(self, x, y): return self.A0.forward(x, y) + self.call_b(x)
// No tg.entry: C::forward is the only graph nobody calls.

// PROF-LABEL: tg.graph @"C::forward"
// PROF: tg.op "aten::sub"{{.*}}tg.module_hierarchy = "TOP(C)::forward.A0(A)::forward."
// PROF: tg.op "aten::mul"{{.*}}tg.module_hierarchy = "TOP(C)::forward.A0(A)::forward.SELF(A)::forward_impl_.SELF(A)::my_new_method."
// PROF: tg.op "aten::add"{{.*}}tg.module_hierarchy = "TOP(C)::forward.A0(A)::forward.SELF(A)::forward_impl_."
// PROF: tg.op "aten::add"{{.*}}tg.module_hierarchy = "TOP(C)::forward.SELF(C)::call_b.B0(B)::forward."
// PROF: tg.op "aten::add"{{.*}}tg.module_hierarchy = "TOP(C)::forward."
// PROF-NOT: tg.graph

// MOBILE-LABEL: tg.graph @"C::forward"
// MOBILE: tg.op "aten::sub"{{.*}}tg.module_hierarchy = "top(C)::<unknown>.A0(A)::forward.aten::sub"
// MOBILE: tg.op "aten::mul"{{.*}}tg.module_hierarchy = "top(C)::<unknown>.A0(A)::forward.SELF(A)::forward_impl_.SELF(A)::my_new_method.aten::mul"
// MOBILE: tg.op "aten::add"{{.*}}tg.module_hierarchy = "top(C)::<unknown>.A0(A)::forward.SELF(A)::forward_impl_.aten::add"
// MOBILE: tg.op "aten::add"{{.*}}tg.module_hierarchy = "top(C)::<unknown>.SELF(C)::call_b.B0(B)::forward.aten::add"
// MOBILE: tg.op "aten::add"{{.*}}tg.module_hierarchy = "top(C)::<unknown>.aten::add"

// SCOPE-LABEL: tg.graph @"C::forward"
// SCOPE: tg.op "aten::sub"{{.*}}tg.module_hierarchy = "top(C).A0(A)"
// SCOPE: tg.op "aten::mul"{{.*}}tg.module_hierarchy = "top(C).A0(A).SELF(A).SELF(A)"
// SCOPE: tg.op "aten::add"{{.*}}tg.module_hierarchy = "top(C).A0(A).SELF(A)"
// SCOPE: tg.op "aten::add"{{.*}}tg.module_hierarchy = "top(C).SELF(C).B0(B)"
// SCOPE: tg.op "aten::add"{{.*}}tg.module_hierarchy = "top(C)"

tg.graph @"A::my_new_method"(%self: !tg.module<"A">, %x: !tg.tensor) -> !tg.tensor {
  %c3 = tg.constant(3 : i64) : !tg.value loc("example2.py":3:43)
  %0 = tg.op "aten::mul"(%x, %c3) : (!tg.tensor, !tg.value) -> !tg.tensor loc("example2.py":3:39)
  tg.return %0 : !tg.tensor loc("example2.py":3:32)
}
tg.graph @"A::forward_impl_"(%self: !tg.module<"A">, %x: !tg.tensor, %y: !tg.tensor) -> !tg.tensor {
  %0 = tg.call_method @"A::my_new_method"(%self, %x) : (!tg.module<"A">, !tg.tensor) -> !tg.tensor loc("example2.py":4:43)
  %1 = tg.op "aten::add"(%0, %y) : (!tg.tensor, !tg.tensor) -> !tg.tensor loc("example2.py":4:43)
  tg.return %1 : !tg.tensor loc("example2.py":4:36)
}
tg.graph @"A::forward"(%self: !tg.module<"A">, %x: !tg.tensor, %y: !tg.tensor) -> !tg.tensor {
  %c2 = tg.constant(2 : i64) : !tg.value loc("example2.py":6:17)
  %0 = tg.op "aten::sub"(%y, %c2) : (!tg.tensor, !tg.value) -> !tg.tensor loc("example2.py":6:13)
  %1 = tg.call_method @"A::forward_impl_"(%self, %x, %0) : (!tg.module<"A">, !tg.tensor, !tg.tensor) -> !tg.tensor loc("example2.py":7:16)
  tg.return %1 : !tg.tensor loc("example2.py":7:9)
}
tg.graph @"B::forward"(%self: !tg.module<"B">, %x: !tg.tensor) -> !tg.tensor {
  %c2 = tg.constant(2 : i64) : !tg.value loc("example2.py":8:45)
  %0 = tg.op "aten::add"(%x, %c2) : (!tg.tensor, !tg.value) -> !tg.tensor loc("example2.py":8:41)
  tg.return %0 : !tg.tensor loc("example2.py":8:34)
}
tg.graph @"C::call_b"(%self: !tg.module<"C">, %x: !tg.tensor) -> !tg.tensor {
  %b0 = tg.get_submodule %self["B0"] : !tg.module<"C"> -> !tg.module<"B"> loc("example2.py":10:40)
  %0 = tg.call_method @"B::forward"(%b0, %x) : (!tg.module<"B">, !tg.tensor) -> !tg.tensor loc("example2.py":10:40)
  tg.return %0 : !tg.tensor loc("example2.py":10:33)
}
tg.graph @"C::forward"(%self: !tg.module<"C">, %x: !tg.tensor, %y: !tg.tensor) -> !tg.tensor {
  %a0 = tg.get_submodule %self["A0"] : !tg.module<"C"> -> !tg.module<"A"> loc("example2.py":11:43)
  %0 = tg.call_method @"A::forward"(%a0, %x, %y) : (!tg.module<"A">, !tg.tensor, !tg.tensor) -> !tg.tensor loc("example2.py":11:43)
  %1 = tg.call_method @"C::call_b"(%self, %x) : (!tg.module<"C">, !tg.tensor) -> !tg.tensor loc("example2.py":11:65)
  %2 = tg.op "aten::add"(%0, %1) : (!tg.tensor, !tg.tensor) -> !tg.tensor loc("example2.py":11:43)
  tg.return %2 : !tg.tensor loc("example2.py":11:36)
}

//--- example3.mlir
// test_lite_interpreter.cpp, TestExceptionStackWithTwoLevelModuleHierarchy:
// class A: def bar(self, x, y): return x + y
// class B: def foo(self, x, y): return self.A0.bar(x, y) + 2
// class C: def forward(self, x, y): return self.B0.foo(x, y) + 3

// PROF-LABEL: tg.graph @"C::forward"
// PROF: tg.op "aten::add"{{.*}}tg.module_hierarchy = "TOP(C)::forward.B0(B)::foo.A0(A)::bar."
// PROF: tg.op "aten::add"{{.*}}tg.module_hierarchy = "TOP(C)::forward.B0(B)::foo."
// PROF: tg.op "aten::add"{{.*}}tg.module_hierarchy = "TOP(C)::forward."

// MOBILE-LABEL: tg.graph @"C::forward"
// MOBILE: tg.op "aten::add"{{.*}}tg.module_hierarchy = "top(C)::<unknown>.B0(B)::foo.A0(A)::bar.aten::add"
// MOBILE: tg.op "aten::add"{{.*}}tg.module_hierarchy = "top(C)::<unknown>.B0(B)::foo.aten::add"
// MOBILE: tg.op "aten::add"{{.*}}tg.module_hierarchy = "top(C)::<unknown>.aten::add"

// SCOPE-LABEL: tg.graph @"C::forward"
// SCOPE: tg.op "aten::add"{{.*}}tg.module_hierarchy = "top(C).B0(B).A0(A)"
// SCOPE: tg.op "aten::add"{{.*}}tg.module_hierarchy = "top(C).B0(B)"
// SCOPE: tg.op "aten::add"{{.*}}tg.module_hierarchy = "top(C)"

tg.graph @"A::bar"(%self: !tg.module<"A">, %x: !tg.tensor, %y: !tg.tensor) -> !tg.tensor {
  %0 = tg.op "aten::add"(%x, %y) : (!tg.tensor, !tg.tensor) -> !tg.tensor loc("<string>":3:14)
  tg.return %0 : !tg.tensor loc("<string>":3:7)
}
tg.graph @"B::foo"(%self: !tg.module<"B">, %x: !tg.tensor, %y: !tg.tensor) -> !tg.tensor {
  %a0 = tg.get_submodule %self["A0"] : !tg.module<"B"> -> !tg.module<"A"> loc("<string>":3:14)
  %0 = tg.call_method @"A::bar"(%a0, %x, %y) : (!tg.module<"A">, !tg.tensor, !tg.tensor) -> !tg.tensor loc("<string>":3:14)
  %c2 = tg.constant(2 : i64) : !tg.value loc("<string>":3:34)
  %1 = tg.op "aten::add"(%0, %c2) : (!tg.tensor, !tg.value) -> !tg.tensor loc("<string>":3:14)
  tg.return %1 : !tg.tensor loc("<string>":3:7)
}
tg.graph @"C::forward"(%self: !tg.module<"C">, %x: !tg.tensor, %y: !tg.tensor) -> !tg.tensor attributes {tg.entry} {
  %b0 = tg.get_submodule %self["B0"] : !tg.module<"C"> -> !tg.module<"B"> loc("<string>":3:14)
  %0 = tg.call_method @"B::foo"(%b0, %x, %y) : (!tg.module<"B">, !tg.tensor, !tg.tensor) -> !tg.tensor loc("<string>":3:14)
  %c3 = tg.constant(3 : i64) : !tg.value loc("<string>":3:34)
  %1 = tg.op "aten::add"(%0, %c3) : (!tg.tensor, !tg.value) -> !tg.tensor loc("<string>":3:14)
  tg.return %1 : !tg.tensor loc("<string>":3:7)
}

//--- example4.mlir
// torchvision's ResNet: forward calls self._forward_impl, down to a Conv2d
// whose forward calls self._conv_forward. Classes carry their qualified
// TorchScript names; every form prints the last component.

// PROF-LABEL: tg.graph @"__torch__.torchvision.models.resnet.ResNet::forward"
// PROF: tg.op "aten::conv2d"{{.*}}tg.module_hierarchy = "TOP(ResNet)::forward.SELF(ResNet)::_forward_impl.conv1(Conv2d)::forward.SELF(Conv2d)::_conv_forward."
// PROF: tg.op "aten::conv2d"{{.*}}tg.module_hierarchy = "TOP(ResNet)::forward.SELF(ResNet)::_forward_impl.layer1(Sequential)::forward.0(BasicBlock)::forward.conv1(Conv2d)::forward.SELF(Conv2d)::_conv_forward."
// PROF: tg.op "aten::relu"{{.*}}tg.module_hierarchy = "TOP(ResNet)::forward.SELF(ResNet)::_forward_impl.layer1(Sequential)::forward.0(BasicBlock)::forward.relu(ReLU)::forward."
// PROF-NOT: tg.graph

// MOBILE-LABEL: tg.graph @"__torch__.torchvision.models.resnet.ResNet::forward"
// MOBILE: tg.op "aten::conv2d"{{.*}}tg.module_hierarchy = "top(ResNet)::<unknown>.SELF(ResNet)::_forward_impl.conv1(Conv2d)::forward.SELF(Conv2d)::_conv_forward.aten::conv2d"
// MOBILE: tg.op "aten::conv2d"{{.*}}tg.module_hierarchy = "top(ResNet)::<unknown>.SELF(ResNet)::_forward_impl.layer1(Sequential)::forward.0(BasicBlock)::forward.conv1(Conv2d)::forward.SELF(Conv2d)::_conv_forward.aten::conv2d"
// MOBILE: tg.op "aten::relu"{{.*}}tg.module_hierarchy = "top(ResNet)::<unknown>.SELF(ResNet)::_forward_impl.layer1(Sequential)::forward.0(BasicBlock)::forward.relu(ReLU)::forward.aten::relu"

// SCOPE-LABEL: tg.graph @"__torch__.torchvision.models.resnet.ResNet::forward"
// SCOPE: tg.op "aten::conv2d"{{.*}}tg.module_hierarchy = "top(ResNet).SELF(ResNet).conv1(Conv2d).SELF(Conv2d)"
// SCOPE: tg.op "aten::conv2d"{{.*}}tg.module_hierarchy = "top(ResNet).SELF(ResNet).layer1(Sequential).0(BasicBlock).conv1(Conv2d).SELF(Conv2d)"
// SCOPE: tg.op "aten::relu"{{.*}}tg.module_hierarchy = "top(ResNet).SELF(ResNet).layer1(Sequential).0(BasicBlock).relu(ReLU)"

tg.graph @"__torch__.torch.nn.modules.conv.Conv2d::_conv_forward"(%self: !tg.module<"__torch__.torch.nn.modules.conv.Conv2d">, %input: !tg.tensor, %weight: !tg.tensor) -> !tg.tensor {
  %0 = tg.op "aten::conv2d"(%input, %weight) : (!tg.tensor, !tg.tensor) -> !tg.tensor loc("torch/nn/modules/conv.py":549:15)
  tg.return %0 : !tg.tensor loc("torch/nn/modules/conv.py":549:8)
}
tg.graph @"__torch__.torch.nn.modules.conv.Conv2d::forward"(%self: !tg.module<"__torch__.torch.nn.modules.conv.Conv2d">, %input: !tg.tensor) -> !tg.tensor {
  %w = tg.get_attr %self["weight"] : !tg.module<"__torch__.torch.nn.modules.conv.Conv2d"> -> !tg.tensor loc("torch/nn/modules/conv.py":554:41)
  %0 = tg.call_method @"__torch__.torch.nn.modules.conv.Conv2d::_conv_forward"(%self, %input, %w) : (!tg.module<"__torch__.torch.nn.modules.conv.Conv2d">, !tg.tensor, !tg.tensor) -> !tg.tensor loc("torch/nn/modules/conv.py":554:15)
  tg.return %0 : !tg.tensor loc("torch/nn/modules/conv.py":554:8)
}
tg.graph @"__torch__.torch.nn.modules.activation.ReLU::forward"(%self: !tg.module<"__torch__.torch.nn.modules.activation.ReLU">, %input: !tg.tensor) -> !tg.tensor {
  %0 = tg.op "aten::relu"(%input) : (!tg.tensor) -> !tg.tensor loc("torch/nn/modules/activation.py":144:15)
  tg.return %0 : !tg.tensor loc("torch/nn/modules/activation.py":144:8)
}
tg.graph @"__torch__.torchvision.models.resnet.BasicBlock::forward"(%self: !tg.module<"__torch__.torchvision.models.resnet.BasicBlock">, %x: !tg.tensor) -> !tg.tensor {
  %conv1 = tg.get_submodule %self["conv1"] : !tg.module<"__torch__.torchvision.models.resnet.BasicBlock"> -> !tg.module<"__torch__.torch.nn.modules.conv.Conv2d"> loc("torchvision/models/resnet.py":92:14)
  %0 = tg.call_method @"__torch__.torch.nn.modules.conv.Conv2d::forward"(%conv1, %x) : (!tg.module<"__torch__.torch.nn.modules.conv.Conv2d">, !tg.tensor) -> !tg.tensor loc("torchvision/models/resnet.py":92:14)
  %relu = tg.get_submodule %self["relu"] : !tg.module<"__torch__.torchvision.models.resnet.BasicBlock"> -> !tg.module<"__torch__.torch.nn.modules.activation.ReLU"> loc("torchvision/models/resnet.py":94:14)
  %1 = tg.call_method @"__torch__.torch.nn.modules.activation.ReLU::forward"(%relu, %0) : (!tg.module<"__torch__.torch.nn.modules.activation.ReLU">, !tg.tensor) -> !tg.tensor loc("torchvision/models/resnet.py":94:14)
  tg.return %1 : !tg.tensor loc("torchvision/models/resnet.py":103:8)
}
tg.graph @"__torch__.torch.nn.modules.container.Sequential::forward"(%self: !tg.module<"__torch__.torch.nn.modules.container.Sequential">, %input: !tg.tensor) -> !tg.tensor {
  %b0 = tg.get_submodule %self["0"] : !tg.module<"__torch__.torch.nn.modules.container.Sequential"> -> !tg.module<"__torch__.torchvision.models.resnet.BasicBlock"> loc("torch/nn/modules/container.py":250:20)
  %0 = tg.call_method @"__torch__.torchvision.models.resnet.BasicBlock::forward"(%b0, %input) : (!tg.module<"__torch__.torchvision.models.resnet.BasicBlock">, !tg.tensor) -> !tg.tensor loc("torch/nn/modules/container.py":250:20)
  tg.return %0 : !tg.tensor loc("torch/nn/modules/container.py":251:8)
}
tg.graph @"__torch__.torchvision.models.resnet.ResNet::_forward_impl"(%self: !tg.module<"__torch__.torchvision.models.resnet.ResNet">, %x: !tg.tensor) -> !tg.tensor {
  %conv1 = tg.get_submodule %self["conv1"] : !tg.module<"__torch__.torchvision.models.resnet.ResNet"> -> !tg.module<"__torch__.torch.nn.modules.conv.Conv2d"> loc("torchvision/models/resnet.py":268:12)
  %0 = tg.call_method @"__torch__.torch.nn.modules.conv.Conv2d::forward"(%conv1, %x) : (!tg.module<"__torch__.torch.nn.modules.conv.Conv2d">, !tg.tensor) -> !tg.tensor loc("torchvision/models/resnet.py":268:12)
  %layer1 = tg.get_submodule %self["layer1"] : !tg.module<"__torch__.torchvision.models.resnet.ResNet"> -> !tg.module<"__torch__.torch.nn.modules.container.Sequential"> loc("torchvision/models/resnet.py":273:12)
  %1 = tg.call_method @"__torch__.torch.nn.modules.container.Sequential::forward"(%layer1, %0) : (!tg.module<"__torch__.torch.nn.modules.container.Sequential">, !tg.tensor) -> !tg.tensor loc("torchvision/models/resnet.py":273:12)
  tg.return %1 : !tg.tensor loc("torchvision/models/resnet.py":285:8)
}
tg.graph @"__torch__.torchvision.models.resnet.ResNet::forward"(%self: !tg.module<"__torch__.torchvision.models.resnet.ResNet">, %x: !tg.tensor) -> !tg.tensor attributes {tg.entry} {
  %0 = tg.call_method @"__torch__.torchvision.models.resnet.ResNet::_forward_impl"(%self, %x) : (!tg.module<"__torch__.torchvision.models.resnet.ResNet">, !tg.tensor) -> !tg.tensor loc("torchvision/models/resnet.py":288:15)
  tg.return %0 : !tg.tensor loc("torchvision/models/resnet.py":288:8)
}
