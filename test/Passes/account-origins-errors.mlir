// --tg-account-origins when something goes wrong: a pass that fails keeps its
// diagnostics and the accounting adds nothing (the pipeline stops there); a
// bad bound is refused by the option parser before anything runs; a pass that
// drops locations on purpose (-strip-debuginfo) is left alone, so the check
// after it names what was lost.
// RUN: tg-opt %s -split-input-file --tg-inline --tg-account-origins -verify-diagnostics
// RUN: not tg-opt %s -split-input-file --tg-inline --tg-account-origins 2>&1 | FileCheck %s
// RUN: not tg-opt %s --tg-account-origins --tg-account-max-origins=many 2>&1 | FileCheck %s --check-prefix=BADOPT
// RUN: not tg-opt %s -split-input-file -tg-snapshot-origins=terminators=true -strip-debuginfo -tg-verify-origins --tg-account-origins -o /dev/null 2>&1 | FileCheck %s --check-prefix=STRIP

// BADOPT: for the --tg-account-max-origins option: 'many' value invalid for uint argument!
// The bound without the accounting was ignored, exit 0.
// RUN: rm -f %t.out
// RUN: not tg-opt %s --tg-account-max-origins=3 -o %t.out 2>&1 | FileCheck %s --check-prefix=ALONE
// RUN: not test -e %t.out
// RUN: not tg-opt %s --tg-account-origins=false --tg-account-max-origins=3 2>&1 | FileCheck %s --check-prefix=ALONE
// ALONE: tg-opt: error: --tg-account-max-origins bounds --tg-account-origins, which is not given

// A recursive call: tg-inline fails at the call, nothing is recorded.
// CHECK: error: recursive calls cannot be inlined: @"C::forward" -> @"C::forward"
// CHECK-NOT: origin_record
// STRIP-DAG: e.py:1:4: error: origin lost
// STRIP-DAG: e.py:2:4: error: origin lost
tg.graph @"C::forward"(%self: !tg.module<"C">, %x: !tg.tensor) -> !tg.tensor attributes {tg.entry} {
  %r = tg.op "aten::relu"(%x) : (!tg.tensor) -> !tg.tensor loc("e.py":1:4)
  // expected-error @+1 {{recursive calls cannot be inlined: @"C::forward" -> @"C::forward"}}
  %0 = tg.call_method @"C::forward"(%self, %r) : (!tg.module<"C">, !tg.tensor) -> !tg.tensor
  tg.return %0 : !tg.tensor loc("e.py":2:4)
}
