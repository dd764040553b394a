// RUN: tg-opt %s --tg-fold-constant-control-flow -mlir-print-debuginfo -mlir-print-local-scope | FileCheck %s
// RUN: tg-opt %s --tg-fold-constant-control-flow --tg-assign-debug-handles --tg-emit-debug-section=path=%t.tgdbg -o /dev/null
// RUN: tg-symbolicate %t.tgdbg --source opt.py:5 | FileCheck %s --check-prefix=QUERY --implicit-check-not="was eliminated"

// A folded prim::If whose result a prim::unchecked_cast now computes, and
// whose location carries an origin record (here an eliminated aten::dropout
// that an earlier pass recorded on the If).
//
// Decision (issue 33): the records the If carried go to the enclosing graph,
// exactly once, and the cast takes the If's own location without them.
// Why:
// - the cast computes the If's result, so it holds the If's origin; a record
//   is not an origin of the op that carries it but an origin that nothing
//   computes any more, and this pass (Passes.td) keeps those on the graph,
//   where --tg-verify-origins, the debug section and --source look for them;
// - on both (what the pass wrote before) the section holds the record twice:
//   `--source` listed the eliminated op twice, and the cast's handle, whose
//   whole location the section keeps, was reported as computing that line;
// - on the cast alone (no re-recording on the graph) the record rides on an
//   ordinary op, kept only as long as every later rewrite of that op carries
//   records along, and the cast's handle still claims the line.
// So: the cast's location is "opt.py":2:4 (no record), the graph lists the
// dropout record once, and the section answers it once.

// CHECK-LABEL: tg.graph @optional_result(
// CHECK-NEXT:    %{{.*}} = tg.constant(true)
// CHECK-NEXT:    %[[CAST:.*]] = tg.op "prim::unchecked_cast"(%arg0) : (!tg.tensor) -> !tg.value loc("opt.py":2:4)
// CHECK-NEXT:    tg.return %[[CAST]] : !tg.value
// CHECK-NEXT:  } loc(fused["opt.py":1:1,
// CHECK-SAME:    fused<#tg.origin_record<eliminated, pass = "tg-fold-constant-control-flow", op = "tg.constant">>["opt.py":3:8]
// CHECK-SAME:    fused<#tg.origin_record<eliminated, pass = "tg-canonicalize", op = "aten::dropout">>["opt.py":5:4]])
// CHECK-NOT:   aten::dropout
tg.graph @"optional_result"(%x: !tg.tensor) -> !tg.value {
  %c = tg.constant(true) : !tg.value loc(unknown)
  %r = tg.op "prim::If"(%c) ({
    tg.yield %x : !tg.tensor loc(unknown)
  }, {
    %none = tg.constant(unit) : !tg.value loc("opt.py":3:8)
    tg.yield %none : !tg.value loc(unknown)
  }) : (!tg.value) -> !tg.value loc(fused["opt.py":2:4, fused<#tg.origin_record<eliminated, pass = "tg-canonicalize", op = "aten::dropout">>["opt.py":5:4]])
  tg.return %r : !tg.value loc(unknown)
} loc("opt.py":1:1)

// The section holds the record once, and no handle of the cast claims the
// dropout's line.
// QUERY:     opt.py:5:
// QUERY-NOT: prim::unchecked_cast
// QUERY:     aten::dropout at opt.py:5:4 was eliminated by tg-canonicalize
