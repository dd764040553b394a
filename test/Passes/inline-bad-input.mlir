// Bad input around --tg-inline: an entry= that names nothing, and an unknown
// callee (rejected by the verifier before the pass runs; the pass would
// reject it too, with its location).
// RUN: split-file %s %t
// RUN: not tg-opt %t/entry.mlir '--tg-inline=entry=Nope::forward' 2>&1 | FileCheck %s --check-prefix=ENTRY
// entry= naming a func.func, in a module of graphs or of functions alone
// (which did nothing, exit 0).
// RUN: not tg-opt %t/entry.mlir '--tg-inline=entry=f' 2>&1 | FileCheck %s --check-prefix=ENTRY-FUNC
// RUN: not tg-opt %t/func.mlir '--tg-inline=entry=f' 2>&1 | FileCheck %s --check-prefix=ENTRY-FUNC
// RUN: not tg-opt %t/func.mlir '--tg-inline=entry=g' 2>&1 | FileCheck %s --check-prefix=ENTRY-NONE
// RUN: tg-opt %t/func.mlir --tg-inline | FileCheck %s --check-prefix=FUNC
// RUN: not tg-opt %t/unknown.mlir --tg-inline 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// RUN: not tg-opt %t/unknown.mlir --mlir-very-unsafe-disable-verifier-on-parsing --tg-inline 2>&1 | FileCheck %s --check-prefix=UNKNOWN-PASS
// Bad option values are rejected by MLIR's option parser.
// RUN: not tg-opt %t/entry.mlir '--tg-inline=remove-dead-graphs=maybe' 2>&1 | FileCheck %s --check-prefix=BOOL
// RUN: not tg-opt %t/entry.mlir '--tg-inline=bogus=1' 2>&1 | FileCheck %s --check-prefix=BOGUS
// Nothing is printed when the pass fails.
// RUN: not tg-opt %t/entry.mlir '--tg-inline=entry=Nope::forward' 2>/dev/null | count 0

// ENTRY: error: tg-inline: entry=Nope::forward names no tg.graph in this module{{$}}
// ENTRY-FUNC: error: tg-inline: entry=f names no tg.graph in this module (it names a 'func.func')
// ENTRY-NONE: error: tg-inline: entry=g names no tg.graph in this module{{$}}
// FUNC: func.func @f
// BOOL: 'maybe' is invalid value for boolean argument
// BOGUS: no such option bogus
// UNKNOWN: c.py:3:7: error: 'tg.call_method' op calls unknown graph @"A::forward"
// UNKNOWN-PASS: c.py:3:7: error: cannot inline a call of @"A::forward": no such graph

//--- entry.mlir
tg.graph @"C::forward"(%self: !tg.module<"C">, %x: !tg.tensor) -> !tg.tensor {
  tg.return %x : !tg.tensor
}

func.func @f() {
  return
}

//--- func.mlir
func.func @f() {
  return
}

//--- unknown.mlir
tg.graph @"C::forward"(%self: !tg.module<"C">, %x: !tg.tensor) -> !tg.tensor {
  %0 = tg.call_method @"A::forward"(%self, %x) : (!tg.module<"C">, !tg.tensor) -> !tg.tensor loc("c.py":3:7)
  tg.return %0 : !tg.tensor
}
