// A format PyTorch does not print is refused by the option parser (the
// option is an enum: profiler, mobile, scope), and nothing is written.
// RUN: not tg-opt %s '--tg-module-hierarchy=format=xml' 2>&1 | FileCheck %s
// RUN: not tg-opt %s '--tg-module-hierarchy=format=Profiler' 2>&1 | FileCheck %s --check-prefix=CASE
// RUN: not tg-opt %s '--tg-module-hierarchy=format=xml' 2>/dev/null | count 0

// CHECK: for the --format option: Cannot find option named 'xml'!
// CASE: for the --format option: Cannot find option named 'Profiler'!

tg.graph @"C::forward"(%self: !tg.module<"C">, %x: !tg.tensor) -> !tg.tensor {
  tg.return %x : !tg.tensor
}
