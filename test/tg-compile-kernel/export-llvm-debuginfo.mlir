// RUN: tg-opt %S/Inputs/scopes.mlir --tg-export-llvm-debuginfo -mlir-print-debuginfo | FileCheck %s
// RUN: tg-opt %S/Inputs/scopes.mlir --tg-export-llvm-debuginfo -mlir-print-debuginfo -mlir-print-local-scope \
// RUN:   | FileCheck %s --check-prefix=LOCAL
// Idempotent, and the same with threads off.
// RUN: tg-opt %S/Inputs/scopes.mlir --tg-export-llvm-debuginfo -mlir-print-debuginfo -o %t.1.mlir
// RUN: tg-opt %t.1.mlir --tg-export-llvm-debuginfo -mlir-print-debuginfo -o %t.2.mlir
// RUN: diff %t.1.mlir %t.2.mlir
// RUN: tg-opt %S/Inputs/scopes.mlir --tg-export-llvm-debuginfo -mlir-print-debuginfo --mlir-disable-threading \
// RUN:   | diff %t.1.mlir -
// Nothing of the tg dialect is left for mlir-translate to stumble on.
// RUN: not grep '#tg\.' %t.1.mlir
// RUN: tg-opt %S/Inputs/scopes.mlir --tg-export-llvm-debuginfo="language=DW_LANG_C producer=mycc" \
// RUN:   -mlir-print-debuginfo | FileCheck %s --check-prefix=LANG
// RUN: not tg-opt %S/Inputs/scopes.mlir --tg-export-llvm-debuginfo=language=DW_LANG_Klingon 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BADLANG
// RUN: tg-opt %s --tg-export-llvm-debuginfo -mlir-print-debuginfo | FileCheck %s --check-prefix=GRAPH

// One compile unit; the function's subprogram is named after the Python
// method it computes and linked by its symbol; each frame's subprogram is
// named after the Python function and linked by its module path.
// CHECK-DAG: #[[CU:di_compile_unit[0-9]*]] = #llvm.di_compile_unit<id = distinct[{{[0-9]+}}]<>, sourceLanguage = DW_LANG_Python, file = #{{di_file[0-9]*}}, producer = "tracegraph", isOptimized = false, emissionKind = Full>
// CHECK-DAG: = #llvm.di_subprogram<{{.*}}compileUnit = #[[CU]], {{.*}}name = "forward", linkageName = "kernel", {{.*}}subprogramFlags = Definition
// CHECK-DAG: = #llvm.di_subprogram<{{.*}}name = "forward", linkageName = "b0(Block)::forward", {{.*}}subprogramFlags = Definition
// CHECK-DAG: = #llvm.di_subprogram<{{.*}}name = "_impl", linkageName = "Net::_impl", {{.*}}subprogramFlags = Definition
// CHECK-DAG: = #llvm.di_subprogram<{{.*}}name = "clip", linkageName = "clip", {{.*}}subprogramFlags = Definition
// CHECK-DAG: = #llvm.di_subprogram<{{.*}}name = "forward", linkageName = "b1(Block)::forward", {{.*}}subprogramFlags = Definition
// A call without module information: a subprogram without a name.
// CHECK-DAG: = #llvm.di_subprogram<{{.*}}scope = #[[LIB:di_file[0-9]*]], name = "", file = #[[LIB]],
// CHECK-DAG: #[[LIB]] = #llvm.di_file<"lib.py" in "">
// CHECK-DAG: #[[HELPERS:di_file[0-9]*]] = #llvm.di_file<"helpers.py" in "">
// CHECK-DAG: = #llvm.di_lexical_block_file<scope = #{{di_subprogram[0-9]*}}, file = #[[HELPERS]], discriminator = 0>

// LOCAL-LABEL: func.func @kernel
// Outermost call in the function's scope, each deeper position in the
// subprogram of the function its frame called.
// LOCAL: %0 = arith.negf %arg0 : f32 loc(callsite(fused<#llvm.di_subprogram<{{.*}}linkageName = "b0(Block)::forward"{{.*}}>>["block.py":5:9] at callsite(fused<#llvm.di_subprogram<{{.*}}linkageName = "Net::_impl"{{.*}}>>["net.py":12:9] at "net.py":3:16)))
// LOCAL: %1 = arith.negf %0 : f32 loc("net.py":4:8)
// LOCAL: %2 = arith.negf %1 : f32 loc(fused<#llvm.di_lexical_block_file<scope = #llvm.di_subprogram<{{.*}}linkageName = "kernel"{{.*}}>, file = <"helpers.py" in "">, discriminator = 0>>["helpers.py":7:3])
// LOCAL: %3 = arith.negf %2 : f32 loc(callsite(fused<#llvm.di_subprogram<{{.*}}name = "clip", linkageName = "clip"{{.*}}>>["util.py":2:5] at "net.py":5:8))
// LOCAL: %4 = arith.negf %3 : f32 loc(callsite(fused<#llvm.di_subprogram<{{.*}}name = ""{{.*}}>>["lib.py":9:1] at "net.py":6:8))
// LOCAL: %5 = arith.negf %4 : f32 loc(fused["net.py":7:1, callsite(fused<#llvm.di_subprogram<{{.*}}linkageName = "b1(Block)::forward"{{.*}}>>["block.py":5:9] at "net.py":7:5)])
// LOCAL: %6 = arith.negf %5 : f32 loc(unknown)
// LOCAL: %7 = arith.negf %6 : f32 loc("relu"("net.py":8:1))
// LOCAL: return %7 : f32 loc("net.py":9:1)
// LOCAL: } loc(fused<#llvm.di_subprogram<{{.*}}name = "forward", linkageName = "kernel"{{.*}}>>["net.py":1:1])

// LANG: #llvm.di_compile_unit<{{.*}}sourceLanguage = DW_LANG_C, {{.*}}producer = "mycc"
// BADLANG: tg-opt: for the --language option: Cannot find option named 'DW_LANG_Klingon'!

// A graph is a function too: its method names its subprogram; origin
// records on the module (not instructions) are dropped from it.
// GRAPH-DAG: #llvm.di_subprogram<{{.*}}name = "forward", linkageName = "Other::forward"
// GRAPH-DAG: #llvm.di_subprogram<{{.*}}name = "forward", linkageName = "a(A)::forward"
// GRAPH-DAG: {{^}}} loc(#[[MODLOC:loc[0-9]*]])
// GRAPH-DAG: #[[MODLOC]] = loc("other.py":1:1)
module {
  tg.graph @"Other::forward"(%self: !tg.module<"Other">, %x: !tg.tensor) -> !tg.tensor {
    %0 = tg.op "aten::relu"(%x) : (!tg.tensor) -> !tg.tensor loc(callsite("a.py":3:4 at fused<#tg.frame<instance = "a", class = "A", method = "forward">>["other.py":3:4]))
    tg.return %0 : !tg.tensor loc("other.py":4:4)
  } loc("other.py":2:1)
} loc(fused["other.py":1:1, fused<#tg.origin_record<eliminated, pass = "tg-cse", op = "aten::add">>["other.py":5:5]])
