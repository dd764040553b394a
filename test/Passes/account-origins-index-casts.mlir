// Casts to index that lower to nothing with 32-bit indices (as in MLIR's own
// IndexToLLVM tests): index.casts and index.castu of the same i32 both become
// the one materialized unrealized_conversion_cast, which holds both origins.
// Issue 30: the castu's origin went into an "eliminated" record instead in a
// few runs of 40, when the cast was allocated where the erased castu had
// been (unittests/Passes/OriginAccountingTest.cpp builds that case
// deterministically).
// RUN: tg-opt %s --tg-snapshot-origins --tg-account-origins \
// RUN:   --convert-index-to-llvm=index-bitwidth=32 -mlir-print-debuginfo \
// RUN:   -mlir-print-local-scope | FileCheck %s

// CHECK-LABEL: func.func @casts_to_index
// CHECK: builtin.unrealized_conversion_cast %arg0 : i32 to index loc(fused["{{.*}}":[[@LINE+4]]:8, "{{.*}}":[[@LINE+6]]:8])
// CHECK-NOT: origin_record
// CHECK: {{^}}} loc("{{[^"]*}}":0:0){{$}}
func.func @casts_to_index(%x: i32, %y: i64) -> (index, index, index, index) {
  %0 = index.casts %x : i32 to index
  %1 = index.casts %y : i64 to index
  %2 = index.castu %x : i32 to index
  %3 = index.castu %y : i64 to index
  return %0, %1, %2, %3 : index, index, index, index
}
