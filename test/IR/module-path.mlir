// #tg.module_path, the value --tg-module-hierarchy attaches: it prints and
// parses as its whole path; tg ops print it as the plain string; text,
// generic form and bytecode give the same paths back.
// RUN: tg-opt %s -split-input-file -verify-diagnostics | FileCheck %s
// RUN: tg-opt %s -split-input-file -verify-diagnostics | tg-opt -split-input-file | FileCheck %s
// RUN: tg-opt %s -split-input-file -verify-diagnostics -mlir-print-op-generic | tg-opt -split-input-file | FileCheck %s
//
// The pass's nodes (one per function, frame and op name, shared between
// paths) survive bytecode: the module prints the same after a round trip,
// on tg ops and on other dialects' ops, in every form.
// RUN: tg-opt %examples/resnet18.mlir --tg-inline --tg-module-hierarchy=format=mobile -o %t.text.mlir
// RUN: tg-opt %examples/resnet18.mlir --tg-inline --tg-module-hierarchy=format=mobile -emit-bytecode | tg-opt | diff %t.text.mlir -
// RUN: FileCheck %s --check-prefix=R18 < %t.text.mlir
// R18: tg.op "aten::relu_"{{.*}}tg.module_hierarchy = "top(ResNet)::<unknown>.SELF(ResNet)::_forward_impl.layer1(Sequential)::forward.0(BasicBlock)::forward.relu(ReLU)::forward.aten::relu_"
// RUN: tg-opt %tg_src_root/test/Integration/upstream/Inputs/func-calls.mlir -inline --tg-module-hierarchy=format=profiler -o %t.func.mlir
// RUN: tg-opt %tg_src_root/test/Integration/upstream/Inputs/func-calls.mlir -inline --tg-module-hierarchy=format=profiler -emit-bytecode | tg-opt | diff %t.func.mlir -
// RUN: FileCheck %s --check-prefix=FUNC < %t.func.mlir
// FUNC: arith.mulf {{.*}}{tg.module_hierarchy = #tg.module_path<"TOP()::net_forward.layer1(Block)::forward.">}

// CHECK-LABEL: func.func @other_dialects
// CHECK: arith.constant {tg.module_hierarchy = #tg.module_path<"TOP(Net)::forward.layer1(Block)::forward.">} 1.0
// CHECK: arith.constant {tg.module_hierarchy = #tg.module_path<"say \22hi\22\0A">} 2.0
func.func @other_dialects() {
  %0 = arith.constant {tg.module_hierarchy = #tg.module_path<"TOP(Net)::forward.layer1(Block)::forward.">} 1.0 : f32
  %1 = arith.constant {tg.module_hierarchy = #tg.module_path<"say \"hi\"\n">} 2.0 : f32
  return
}

// -----

// CHECK-LABEL: tg.graph @"Net::forward"
// CHECK: tg.constant(1 : i64) {tg.debug_handle = 3 : i64, tg.module_hierarchy = "TOP(Net)::forward."}
// CHECK: tg.constant(2 : i64) {tg.module_hierarchy = "top(Net)::<unknown>.prim::Constant", x = 1 : i64}
// Escaped as MLIR escapes a string, each escaped byte alone among eight
// plain ones (the printer finds runs of plain bytes eight at a time):
// CHECK: tg.constant(3 : i64) {tg.module_hierarchy = "TOP(Net)::forward. a quote \22 among plain bytes, a backslash \\ among plain bytes, caf\C3\A9, a tab \09 and a DEL \7F among plain bytes."}
// CHECK: tg.constant(4 : i64) {tg.module_hierarchy = "\22\0A"}
// CHECK: arith.constant {tg.module_hierarchy = #tg.module_path<"TOP(Net)::forward. a quote \22 among plain bytes, a backslash \\ among plain bytes, caf\C3\A9, a tab \09 and a DEL \7F among plain bytes.">}
// The plain strings beside a handle or a path are written by hand too, as
// MLIR writes them: escaped, a typed one with its type, a name that is no
// keyword in quotes.
// CHECK: tg.constant(5 : i64) {"a name" = "x", tg.debug_handle = 4 : i64, tg.decomposed_from = "a quote \22 among plain bytes, caf\C3\A9\0A", tg.module_hierarchy = "TOP(Net)::forward.", tg.typed = "s" : i32}
// And lists of them (a kernel's paths from several modules):
// CHECK: tg.constant(6 : i64) {tg.debug_handle = 5 : i64, tg.empty = [], tg.mixed = ["a", 1, "b" : i32], tg.module_hierarchy = ["TOP(Net)::forward.a(A)::forward.", "TOP(Net)::forward.b\22(B)::forward."]}
tg.graph @"Net::forward"(%self: !tg.module<"Net">) {
  %0 = tg.constant(1 : i64) {tg.debug_handle = 3 : i64, tg.module_hierarchy = #tg.module_path<"TOP(Net)::forward.">} : !tg.value
  %1 = tg.constant(2 : i64) {tg.module_hierarchy = #tg.module_path<"top(Net)::<unknown>.prim::Constant">, x = 1 : i64} : !tg.value
  %2 = tg.constant(3 : i64) {tg.module_hierarchy = #tg.module_path<"TOP(Net)::forward. a quote \" among plain bytes, a backslash \\ among plain bytes, caf\C3\A9, a tab \09 and a DEL \7F among plain bytes.">} : !tg.value
  %3 = tg.constant(4 : i64) {tg.module_hierarchy = #tg.module_path<"\"\n">} : !tg.value
  %4 = arith.constant {tg.module_hierarchy = #tg.module_path<"TOP(Net)::forward. a quote \" among plain bytes, a backslash \\ among plain bytes, caf\C3\A9, a tab \09 and a DEL \7F among plain bytes.">} 2.0 : f32
  %5 = tg.constant(5 : i64) {tg.typed = "s" : i32, tg.module_hierarchy = #tg.module_path<"TOP(Net)::forward.">, tg.debug_handle = 4 : i64, tg.decomposed_from = "a quote \" among plain bytes, caf\C3\A9\n", "a name" = "x"} : !tg.value
  %6 = tg.constant(6 : i64) {tg.debug_handle = 5 : i64, tg.module_hierarchy = ["TOP(Net)::forward.a(A)::forward.", "TOP(Net)::forward.b\"(B)::forward."], tg.empty = [], tg.mixed = ["a", 1, "b" : i32]} : !tg.value
  tg.return
}

// -----

func.func @no_text() {
  // expected-error @below {{expected string}}
  %0 = arith.constant {tg.module_hierarchy = #tg.module_path<1>} 1.0 : f32
  return
}

// -----

func.func @no_angle() {
  // expected-error @below {{expected '<'}}
  %0 = arith.constant {tg.module_hierarchy = #tg.module_path} 1.0 : f32
  return
}
