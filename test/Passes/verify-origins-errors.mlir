// tg-verify-origins checks fused kernels' locations even without a snapshot.
// RUN: not tg-opt %s -split-input-file --tg-verify-origins -o /dev/null 2>&1 | FileCheck %s
// summary=true without a snapshot said nothing: a warning, the kernels
// still checked.
// RUN: tg-opt %S/verify-origins-snapshot.mlir --tg-snapshot-origins --tg-verify-origins=summary=true -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=SNAP
// RUN: echo 'module {}' | tg-opt --tg-verify-origins=summary=true -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOSNAP
// RUN: not tg-opt %s -split-input-file --tg-verify-origins=summary=true -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOSNAP
// SNAP-NOT: warning
// SNAP: remark: origins: 2, on ops: 2
// NOSNAP: warning: tg-verify-origins: summary=true: no tg.origin_snapshot to summarize (run --tg-snapshot-origins before the passes to check)

// A kernel whose location forgets one of its ops: the error is at the op.
// CHECK: verify-origins-errors.mlir:[[@LINE+6]]:10: error: origin loc("{{.*}}verify-origins-errors.mlir":[[@LINE+6]]:10) of this op is missing from the location of kernel 'fused_add_relu_0'
// CHECK-NOT: m.py:1:1: error
tg.graph @f(%x: !tg.tensor) -> !tg.tensor {
  %0 = tg.kernel "fused_add_relu_0"(%x) : (!tg.tensor) -> !tg.tensor {
  ^bb0(%a: !tg.tensor):
    %1 = tg.op "aten::add"(%a, %a) : (!tg.tensor, !tg.tensor) -> !tg.tensor loc("m.py":1:1)
    %2 = tg.op "aten::relu"(%1) : (!tg.tensor) -> !tg.tensor
    tg.kernel_yield %2 : !tg.tensor
  } loc(fused<#tg.kernel<"fused_add_relu_0">>["m.py":1:1])
  tg.return %0 : !tg.tensor
}

// -----

// A kernel location that names another kernel.
// CHECK: m.py:1:1: error: location of kernel 'fused_relu_0' must be fused<#tg.kernel<"fused_relu_0">>[...]
tg.graph @f(%x: !tg.tensor) -> !tg.tensor {
  %0 = tg.kernel "fused_relu_0"(%x) : (!tg.tensor) -> !tg.tensor {
  ^bb0(%a: !tg.tensor):
    %1 = tg.op "aten::relu"(%a) : (!tg.tensor) -> !tg.tensor loc("m.py":1:1)
    tg.kernel_yield %1 : !tg.tensor
  } loc(fused<#tg.kernel<"fused_relu_7">>["m.py":1:1])
  tg.return %0 : !tg.tensor
}

// -----

// A kernel location that lists an origin none of its ops computes.
// CHECK: extra.py:9:9: error: kernel 'fused_neg_0' lists origin loc("extra.py":9:9) that no op of its body computes
tg.graph @f(%x: !tg.tensor) -> !tg.tensor {
  %0 = tg.kernel "fused_neg_0"(%x) : (!tg.tensor) -> !tg.tensor {
  ^bb0(%a: !tg.tensor):
    %1 = tg.op "aten::neg"(%a) : (!tg.tensor) -> !tg.tensor loc("m.py":1:1)
    tg.kernel_yield %1 : !tg.tensor loc(unknown)
  } loc(fused<#tg.kernel<"fused_neg_0">>["extra.py":9:9, "m.py":1:1])
  tg.return %0 : !tg.tensor
}

// -----

// A snapshot that is not an array of locations: no op locates that, so the
// error names the pass (docs/contributing.md).
// CHECK: error: tg-verify-origins: tg.origin_snapshot must be an array of locations
module attributes {tg.origin_snapshot = "m.py:1:1"} {
}

// -----

// CHECK: error: tg-verify-origins: tg.origin_snapshot holds a non-location: "m.py:1:1"
module attributes {tg.origin_snapshot = [loc("m.py":1:1), "m.py:1:1"]} {
}

// -----

// Names are unique in the module. Stripped (unknown) kernel locations are
// accepted, so only the name is reported.
// CHECK: error: kernel name 'k_0' is used twice in the module
// CHECK: note: first used here
// CHECK-NOT: error
tg.graph @f(%x: !tg.tensor) -> !tg.tensor {
  %0 = tg.kernel "k_0"(%x) : (!tg.tensor) -> !tg.tensor {
  ^bb0(%a: !tg.tensor):
    tg.kernel_yield %a : !tg.tensor
  } loc(unknown)
  tg.return %0 : !tg.tensor
}
tg.graph @g(%x: !tg.tensor) -> !tg.tensor {
  %0 = tg.kernel "k_0"(%x) : (!tg.tensor) -> !tg.tensor {
  ^bb0(%a: !tg.tensor):
    tg.kernel_yield %a : !tg.tensor
  } loc(unknown)
  tg.return %0 : !tg.tensor
}

