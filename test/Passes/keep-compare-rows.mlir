// RUN: tg-opt %s -split-input-file --tg-keep-compare-rows -mlir-print-debuginfo -mlir-print-local-scope | FileCheck %s
// The same output twice, and with the pass run a second time (nothing left
// to do: the selects read a trunc now).
// RUN: tg-opt %s -split-input-file --tg-keep-compare-rows -mlir-print-debuginfo > %t.1
// RUN: tg-opt %s -split-input-file --tg-keep-compare-rows --tg-keep-compare-rows -mlir-print-debuginfo > %t.2
// RUN: cmp %t.1 %t.2
// The result translates to LLVM IR: the intrinsic is declared as LLVM
// declares it (variadic).
// RUN: tg-opt %s -split-input-file --tg-keep-compare-rows -o %t.one.mlir
// RUN: mlir-translate-22 --mlir-to-llvmir %t.one.mlir -split-input-file | FileCheck %s --check-prefix=LLVMIR
// LLVMIR: %[[C:[0-9]+]] = fcmp oeq float
// LLVMIR-NEXT: %[[Z:[0-9]+]] = zext i1 %[[C]] to i8
// LLVMIR-NEXT: call void (...) @llvm.fake.use(i8 %[[Z]])
// LLVMIR-NEXT: %[[T:[0-9]+]] = trunc i8 %[[Z]] to i1
// LLVMIR-NEXT: select i1 %[[T]]
// LLVMIR: declare void @llvm.fake.use(...)

// `mask == 0` under `masked_fill`: the compare and the select are two ops.
// CHECK-LABEL: llvm.func @masked_fill
// CHECK: %[[C:.*]] = llvm.fcmp "oeq" %arg1, %{{.*}} : f32 loc("decoder.py":32:25)
// CHECK-NEXT: %[[Z:.*]] = llvm.zext %[[C]] : i1 to i8 loc("decoder.py":32:25)
// CHECK-NEXT: llvm.call_intrinsic "llvm.fake.use"(%[[Z]]) : (i8) -> () loc("decoder.py":32:25)
// CHECK-NEXT: %[[T:.*]] = llvm.trunc %[[Z]] : i8 to i1 loc("decoder.py":32:10)
// CHECK-NEXT: llvm.select %[[T]], %{{.*}}, %arg0 : i1, f32 loc("decoder.py":32:10)
llvm.func @masked_fill(%x: f32, %mask: f32) -> f32 {
  %zero = llvm.mlir.constant(0.0 : f32) : f32 loc("decoder.py":32:25)
  %ninf = llvm.mlir.constant(0xFF800000 : f32) : f32 loc("decoder.py":32:10)
  %c = llvm.fcmp "oeq" %mask, %zero : f32 loc("decoder.py":32:25)
  %s = llvm.select %c, %ninf, %x : i1, f32 loc("decoder.py":32:10)
  llvm.return %s : f32
}

// -----

// One op's own compare and select (relu) stay as they are; so do a compare
// whose select is at its location although another reads it too.
// CHECK-LABEL: llvm.func @relu
// CHECK-NOT: llvm.zext
// CHECK-NOT: fake.use
// CHECK: llvm.return
llvm.func @relu(%x: f32) -> f32 {
  %zero = llvm.mlir.constant(0.0 : f32) : f32 loc("model.py":3:12)
  %c = llvm.fcmp "ogt" %x, %zero : f32 loc("model.py":3:12)
  %s = llvm.select %c, %x, %zero : i1, f32 loc("model.py":3:12)
  llvm.return %s : f32
}

// -----

// An integer compare read by two selects elsewhere: one widening, one fake
// use, a trunc before each select. A select that reads the compare as a
// value, not as its condition, keeps reading it.
// CHECK-LABEL: llvm.func @two_selects
// CHECK: %[[C:.*]] = llvm.icmp "slt" %arg0, %arg1 : i64 loc("a.py":1:1)
// CHECK-NEXT: %[[Z:.*]] = llvm.zext %[[C]] : i1 to i8 loc("a.py":1:1)
// CHECK-NEXT: llvm.call_intrinsic "llvm.fake.use"(%[[Z]])
// CHECK-NEXT: %[[T1:.*]] = llvm.trunc %[[Z]] : i8 to i1 loc("a.py":2:1)
// CHECK-NEXT: llvm.select %[[T1]], %arg0, %arg1 : i1, i64 loc("a.py":2:1)
// CHECK-NEXT: %[[T2:.*]] = llvm.trunc %[[Z]] : i8 to i1 loc("a.py":3:1)
// CHECK-NEXT: llvm.select %[[T2]], %arg1, %arg0 : i1, i64 loc("a.py":3:1)
// CHECK-NEXT: llvm.select %arg2, %[[C]], %arg2 : i1, i1 loc("a.py":4:1)
llvm.func @two_selects(%a: i64, %b: i64, %p: i1) -> i1 {
  %c = llvm.icmp "slt" %a, %b : i64 loc("a.py":1:1)
  %s1 = llvm.select %c, %a, %b : i1, i64 loc("a.py":2:1)
  %s2 = llvm.select %c, %b, %a : i1, i64 loc("a.py":3:1)
  %v = llvm.select %p, %c, %p : i1, i1 loc("a.py":4:1)
  llvm.return %v : i1
}

// -----

// Left alone: a compare that feeds a branch (loop bounds), a vector compare
// (no scalar row to keep), and a compare with no location.
// CHECK-LABEL: llvm.func @left_alone
// CHECK-NOT: llvm.zext
// CHECK-NOT: fake.use
// CHECK: llvm.return
llvm.func @left_alone(%i: i64, %n: i64, %v: vector<4xf32>, %x: f32) -> f32 {
  %c = llvm.icmp "slt" %i, %n : i64 loc("loop.py":1:1)
  llvm.cond_br %c, ^bb1, ^bb2 loc("loop.py":1:1)
^bb1:
  %vc = llvm.fcmp "olt" %v, %v : vector<4xf32> loc("a.py":1:1)
  %vs = llvm.select %vc, %v, %v : vector<4xi1>, vector<4xf32> loc("a.py":2:1)
  %u = llvm.fcmp "olt" %x, %x : f32 loc(unknown)
  %us = llvm.select %u, %x, %x : i1, f32 loc("a.py":3:1)
  llvm.return %us : f32 loc("a.py":4:1)
^bb2:
  llvm.return %x : f32 loc("a.py":5:1)
}
