// --tg-inline: what the inlined ops' locations hold, case by case.
// RUN: tg-opt %s -split-input-file --tg-inline -mlir-print-debuginfo -mlir-print-local-scope | FileCheck %s
// Deterministic: byte-identical across runs and with threading off.
// RUN: tg-opt %s -split-input-file --tg-inline -mlir-print-debuginfo > %t.1
// RUN: tg-opt %s -split-input-file --tg-inline -mlir-print-debuginfo --mlir-disable-threading > %t.2
// Copying callee bodies in program order (the default for inputs like these)
// and MLIR's inliner (clone-in-order=false) give the same IR.
// RUN: tg-opt %s -split-input-file --tg-inline=clone-in-order=false -mlir-print-debuginfo | diff %t.1 -
// RUN: diff %t.1 %t.2
// The inlined IR verifies and round-trips with its locations.
// RUN: tg-opt %s -split-input-file --tg-inline -mlir-print-debuginfo | tg-opt -split-input-file -mlir-print-debuginfo | diff %t.1 -

// Two levels: the innermost frame is nearest the leaf, the entry's call last
// (MLIR's canonical chain: the callee of every callsite is a leaf). The entry
// graph's own ops keep their locations; callees are removed.
// CHECK-LABEL: tg.graph @"C::forward"
// CHECK-NOT: tg.call_method
// CHECK: tg.get_submodule %self["A0"]{{.*}} loc("c.py":9:13)
// CHECK: tg.get_submodule %{{.*}}["AA0"]{{.*}} loc(callsite("a.py":6:13 at fused<#tg.frame<instance = "A0", class = "A", method = "forward">>["c.py":9:13]))
// CHECK: tg.op "aten::add"{{.*}} loc(callsite("aa.py":3:13 at callsite(fused<#tg.frame<instance = "AA0", class = "AA", method = "forward">>["a.py":6:13] at fused<#tg.frame<instance = "A0", class = "A", method = "forward">>["c.py":9:13])))
// CHECK: tg.op "aten::mul"{{.*}} loc(callsite("a.py":7:13 at fused<#tg.frame<instance = "A0", class = "A", method = "forward">>["c.py":9:13]))
// CHECK: tg.return {{.*}} loc("c.py":10:6)
// CHECK-NOT: tg.graph
tg.graph @"AA::forward"(%self: !tg.module<"AA">, %x: !tg.tensor, %y: !tg.tensor) -> !tg.tensor {
  %0 = tg.op "aten::add"(%x, %y) : (!tg.tensor, !tg.tensor) -> !tg.tensor loc("aa.py":3:13)
  tg.return %0 : !tg.tensor loc("aa.py":3:6)
}
tg.graph @"A::forward"(%self: !tg.module<"A">, %x: !tg.tensor, %y: !tg.tensor) -> !tg.tensor {
  %aa0 = tg.get_submodule %self["AA0"] : !tg.module<"A"> -> !tg.module<"AA"> loc("a.py":6:13)
  %0 = tg.call_method @"AA::forward"(%aa0, %x, %y) : (!tg.module<"AA">, !tg.tensor, !tg.tensor) -> !tg.tensor loc("a.py":6:13)
  %1 = tg.op "aten::mul"(%0, %0) : (!tg.tensor, !tg.tensor) -> !tg.tensor loc("a.py":7:13)
  tg.return %1 : !tg.tensor loc("a.py":7:6)
}
tg.graph @"C::forward"(%self: !tg.module<"C">, %x: !tg.tensor, %y: !tg.tensor) -> !tg.tensor {
  %a0 = tg.get_submodule %self["A0"] : !tg.module<"C"> -> !tg.module<"A"> loc("c.py":9:13)
  %0 = tg.call_method @"A::forward"(%a0, %x, %y) : (!tg.module<"A">, !tg.tensor, !tg.tensor) -> !tg.tensor loc("c.py":9:13)
  tg.return %0 : !tg.tensor loc("c.py":10:6)
}

// -----

// A method called from two places gets two distinct chains: twice directly
// from the entry (on two instances of the same class) and once more through
// a SELF call.
// CHECK-LABEL: tg.graph @"C::forward"
// CHECK: tg.op "aten::relu"{{.*}} loc(callsite("a.py":2:13 at fused<#tg.frame<instance = "A0", class = "A", method = "forward">>["c.py":5:10]))
// CHECK: tg.op "aten::relu"{{.*}} loc(callsite("a.py":2:13 at fused<#tg.frame<instance = "A1", class = "A", method = "forward">>["c.py":6:10]))
// CHECK: tg.op "aten::relu"{{.*}} loc(callsite("a.py":2:13 at callsite(fused<#tg.frame<instance = "A0", class = "A", method = "forward">>["c.py":2:10] at fused<#tg.frame<instance = "SELF", class = "C", method = "helper">>["c.py":7:10])))
tg.graph @"A::forward"(%self: !tg.module<"A">, %x: !tg.tensor) -> !tg.tensor {
  %0 = tg.op "aten::relu"(%x) : (!tg.tensor) -> !tg.tensor loc("a.py":2:13)
  tg.return %0 : !tg.tensor
}
tg.graph @"C::helper"(%self: !tg.module<"C">, %x: !tg.tensor) -> !tg.tensor {
  %a0 = tg.get_submodule %self["A0"] : !tg.module<"C"> -> !tg.module<"A">
  %0 = tg.call_method @"A::forward"(%a0, %x) : (!tg.module<"A">, !tg.tensor) -> !tg.tensor loc("c.py":2:10)
  tg.return %0 : !tg.tensor
}
tg.graph @"C::forward"(%self: !tg.module<"C">, %x: !tg.tensor) -> !tg.tensor attributes {tg.entry} {
  %a0 = tg.get_submodule %self["A0"] : !tg.module<"C"> -> !tg.module<"A">
  %a1 = tg.get_submodule %self["A1"] : !tg.module<"C"> -> !tg.module<"A">
  %0 = tg.call_method @"A::forward"(%a0, %x) : (!tg.module<"A">, !tg.tensor) -> !tg.tensor loc("c.py":5:10)
  %1 = tg.call_method @"A::forward"(%a1, %0) : (!tg.module<"A">, !tg.tensor) -> !tg.tensor loc("c.py":6:10)
  %2 = tg.call_method @"C::helper"(%self, %1) : (!tg.module<"C">, !tg.tensor) -> !tg.tensor loc("c.py":7:10)
  tg.return %2 : !tg.tensor
}

// -----

// Calls on self three levels deep: every frame is SELF, in call order.
// CHECK-LABEL: tg.graph @"C::forward"
// CHECK: tg.op "aten::mul"{{.*}} loc(callsite("c.py":3:20 at callsite(fused<#tg.frame<instance = "SELF", class = "C", method = "c">>["c.py":2:20] at callsite(fused<#tg.frame<instance = "SELF", class = "C", method = "b">>["c.py":1:20] at fused<#tg.frame<instance = "SELF", class = "C", method = "a">>["c.py":4:20]))))
tg.graph @"C::c"(%self: !tg.module<"C">, %x: !tg.tensor) -> !tg.tensor {
  %0 = tg.op "aten::mul"(%x, %x) : (!tg.tensor, !tg.tensor) -> !tg.tensor loc("c.py":3:20)
  tg.return %0 : !tg.tensor
}
tg.graph @"C::b"(%self: !tg.module<"C">, %x: !tg.tensor) -> !tg.tensor {
  %0 = tg.call_method @"C::c"(%self, %x) : (!tg.module<"C">, !tg.tensor) -> !tg.tensor loc("c.py":2:20)
  tg.return %0 : !tg.tensor
}
tg.graph @"C::a"(%self: !tg.module<"C">, %x: !tg.tensor) -> !tg.tensor {
  %0 = tg.call_method @"C::b"(%self, %x) : (!tg.module<"C">, !tg.tensor) -> !tg.tensor loc("c.py":1:20)
  tg.return %0 : !tg.tensor
}
tg.graph @"C::forward"(%self: !tg.module<"C">, %x: !tg.tensor) -> !tg.tensor {
  %0 = tg.call_method @"C::a"(%self, %x) : (!tg.module<"C">, !tg.tensor) -> !tg.tensor loc("c.py":4:20)
  tg.return %0 : !tg.tensor
}

// -----

// A call without a location still gets its frame, around loc(unknown);
// block arguments of inlined regions get the frame too; a call inside a
// region is inlined in place.
// CHECK-LABEL: tg.graph @"C::forward"
// CHECK: tg.op "prim::If"
// CHECK: tg.op "prim::Loop"
// CHECK-NEXT: ^bb0(%{{.*}}: !tg.value loc(callsite("a.py":2:9 at fused<#tg.frame<instance = "A0", class = "A", method = "forward">>[unknown])), %{{.*}}: !tg.tensor loc(callsite("a.py":2:12 at fused<#tg.frame<instance = "A0", class = "A", method = "forward">>[unknown]))):
// CHECK-NEXT: tg.op "aten::relu"{{.*}} loc(callsite("a.py":3:13 at fused<#tg.frame<instance = "A0", class = "A", method = "forward">>[unknown]))
// CHECK-NEXT: tg.yield {{.*}} loc(callsite("a.py":3:6 at fused<#tg.frame<instance = "A0", class = "A", method = "forward">>[unknown]))
// CHECK-NEXT: }) : {{.*}} loc(callsite("a.py":2:5 at fused<#tg.frame<instance = "A0", class = "A", method = "forward">>[unknown]))
// CHECK-NEXT: tg.yield
tg.graph @"A::forward"(%self: !tg.module<"A">, %x: !tg.tensor) -> !tg.tensor {
  %0 = tg.op "prim::Loop"(%x) ({
  ^bb0(%i: !tg.value loc("a.py":2:9), %acc: !tg.tensor loc("a.py":2:12)):
    %1 = tg.op "aten::relu"(%acc) : (!tg.tensor) -> !tg.tensor loc("a.py":3:13)
    tg.yield %1 : !tg.tensor loc("a.py":3:6)
  }) : (!tg.tensor) -> !tg.tensor loc("a.py":2:5)
  tg.return %0 : !tg.tensor loc("a.py":4:5)
}
tg.graph @"C::forward"(%self: !tg.module<"C">, %c: !tg.value, %x: !tg.tensor) -> !tg.tensor {
  %a0 = tg.get_submodule %self["A0"] : !tg.module<"C"> -> !tg.module<"A"> loc("c.py":1:1)
  %0 = tg.op "prim::If"(%c) ({
    %1 = tg.call_method @"A::forward"(%a0, %x) : (!tg.module<"A">, !tg.tensor) -> !tg.tensor loc(unknown)
    tg.yield %1 : !tg.tensor
  }, {
    tg.yield %x : !tg.tensor
  }) : (!tg.value) -> !tg.tensor loc("c.py":2:1)
  tg.return %0 : !tg.tensor
}

// -----

// A free function (tg.call) has no module information: empty instance and
// class. A method called on a module that is neither self nor a submodule
// attribute is INSTANCE_NAME_UNKNOWN (PyTorch's inlineCallTo).
// CHECK-LABEL: tg.graph @"C::forward"
// CHECK: tg.op "aten::neg"{{.*}} loc(callsite("f.py":1:5 at fused<#tg.frame<instance = "", class = "", method = "helper">>["c.py":2:3]))
// CHECK: tg.op "aten::abs"{{.*}} loc(callsite("a.py":1:5 at fused<#tg.frame<instance = "INSTANCE_NAME_UNKNOWN", class = "A", method = "forward">>["c.py":3:3]))
tg.graph @helper(%x: !tg.tensor) -> !tg.tensor {
  %0 = tg.op "aten::neg"(%x) : (!tg.tensor) -> !tg.tensor loc("f.py":1:5)
  tg.return %0 : !tg.tensor
}
tg.graph @"A::forward"(%self: !tg.module<"A">, %x: !tg.tensor) -> !tg.tensor {
  %0 = tg.op "aten::abs"(%x) : (!tg.tensor) -> !tg.tensor loc("a.py":1:5)
  tg.return %0 : !tg.tensor
}
tg.graph @"C::forward"(%self: !tg.module<"C">, %other: !tg.module<"A">, %x: !tg.tensor) -> !tg.tensor {
  %0 = tg.call @helper(%x) : (!tg.tensor) -> !tg.tensor loc("c.py":2:3)
  %1 = tg.call_method @"A::forward"(%other, %0) : (!tg.module<"A">, !tg.tensor) -> !tg.tensor loc("c.py":3:3)
  tg.return %1 : !tg.tensor
}
