// --tg-export-ptx-line-chains: every distinct Python call chain of a
// function's ops gets an id (from 1, in order of first use), each op's
// location becomes line `id` of the placeholder file in a compile unit that
// emits line directives only, and the chains go to a JSON table, one per
// line, outermost level first, named as --tg-export-llvm-debuginfo names
// DWARF frames (the kernel's symbol outermost, module paths inside).
// RUN: tg-opt %S/Inputs/scopes.mlir --tg-export-ptx-line-chains=path=%t.json -mlir-print-debuginfo \
// RUN:   -mlir-print-local-scope | FileCheck %s
// RUN: FileCheck %s --check-prefix=TABLE < %t.json
// Deterministic, threads on or off; nothing of the tg dialect left.
// RUN: tg-opt %S/Inputs/scopes.mlir --tg-export-ptx-line-chains=path=%t.2.json --mlir-disable-threading -o /dev/null
// RUN: diff %t.json %t.2.json
// RUN: tg-opt %S/Inputs/scopes.mlir --tg-export-ptx-line-chains=path=%t.3.json -mlir-print-debuginfo | not grep '#tg\.'
// RUN: tg-opt %S/Inputs/scopes.mlir --tg-export-ptx-line-chains="path=%t.4.json chain-file=chains.txt" \
// RUN:   -mlir-print-debuginfo -mlir-print-local-scope | FileCheck %s --check-prefix=NAMED
// RUN: not tg-opt %S/Inputs/scopes.mlir --tg-export-ptx-line-chains 2>&1 | FileCheck %s --check-prefix=NOPATH
// RUN: not tg-opt %S/Inputs/scopes.mlir --tg-export-ptx-line-chains=path=%t.missing/t.json 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NOWRITE

// CHECK-LABEL: func.func @kernel
// CHECK: arith.negf %arg0 : f32 loc("<tg-line-chains>":1:0)
// CHECK: arith.negf %0 : f32 loc("<tg-line-chains>":2:0)
// CHECK: arith.negf %1 : f32 loc("<tg-line-chains>":3:0)
// CHECK: arith.negf %2 : f32 loc("<tg-line-chains>":4:0)
// CHECK: arith.negf %3 : f32 loc("<tg-line-chains>":5:0)
// Two origins with no level in common: no position (line 0), as LLVM merges
// them; unknown stays without one.
// CHECK: arith.negf %4 : f32 loc("<tg-line-chains>":0:0)
// CHECK: arith.negf %5 : f32 loc("<tg-line-chains>":0:0)
// CHECK: arith.negf %6 : f32 loc("<tg-line-chains>":6:0)
// CHECK: return %7 : f32 loc("<tg-line-chains>":7:0)
// The function: its subprogram in the placeholder file, at its own chain.
// CHECK: } loc(fused<#llvm.di_subprogram<{{.*}}emissionKind = DebugDirectivesOnly>, {{.*}}name = "kernel", linkageName = "kernel", file = <"<tg-line-chains>" in "">, line = 9, scopeLine = 9, {{.*}}>>["<tg-line-chains>":9:0])

// TABLE: {"format": "tracegraph-ptx-line-chains", "version": 1, "chain_file": "<tg-line-chains>", "chains": [
// TABLE-NEXT: [{"column":16,"file":"net.py","function":"kernel","line":3},{"column":9,"file":"net.py","function":"Net::_impl","line":12},{"column":9,"file":"block.py","function":"b0(Block)::forward","line":5}],
// TABLE-NEXT: [{"column":8,"file":"net.py","function":"kernel","line":4}],
// TABLE-NEXT: [{"column":3,"file":"helpers.py","function":"kernel","line":7}],
// TABLE-NEXT: [{"column":8,"file":"net.py","function":"kernel","line":5},{"column":5,"file":"util.py","function":"clip","line":2}],
// A call without module information: a function without a name.
// TABLE-NEXT: [{"column":8,"file":"net.py","function":"kernel","line":6},{"column":1,"file":"lib.py","function":"","line":9}],
// TABLE-NEXT: [{"column":1,"file":"net.py","function":"kernel","line":8}],
// TABLE-NEXT: [{"column":1,"file":"net.py","function":"kernel","line":9}],

// NAMED: arith.negf %arg0 : f32 loc("chains.txt":1:0)
// NOPATH: error: tg-export-ptx-line-chains: needs a file for the line-chain table: path=<file>
// NOWRITE: error: tg-export-ptx-line-chains: cannot write '{{.*}}t.json': {{.*}}
