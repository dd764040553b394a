// A format PyTorch does not print is an error, and nothing is written.
// RUN: not tg-opt %s '--tg-module-hierarchy=format=xml' 2>&1 | FileCheck %s
// RUN: not tg-opt %s '--tg-module-hierarchy=format=Profiler' 2>&1 | FileCheck %s --check-prefix=CASE
// RUN: not tg-opt %s '--tg-module-hierarchy=format=xml' 2>/dev/null | count 0

// CHECK: error: tg-module-hierarchy: unknown format 'xml': expected 'profiler', 'mobile' or 'scope'
// CASE: error: tg-module-hierarchy: unknown format 'Profiler'

tg.graph @"C::forward"(%self: !tg.module<"C">, %x: !tg.tensor) -> !tg.tensor {
  tg.return %x : !tg.tensor
}
