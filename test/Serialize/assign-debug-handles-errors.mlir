// RUN: tg-opt %s -split-input-file -verify-diagnostics --tg-assign-debug-handles=keep-existing=true
// RUN: not tg-opt %s -split-input-file --tg-assign-debug-handles 2>&1 | FileCheck %s --check-prefix=RENUMBER

// A handle used twice cannot be kept.
tg.graph @"A::f"(%self: !tg.module<"A">) {
  // expected-note @below {{first used here}}
  %0 = tg.constant(1 : i64) {tg.debug_handle = 4 : i64} : !tg.value
  // expected-error @below {{duplicate debug handle 4}}
  %1 = tg.constant(2 : i64) {tg.debug_handle = 4 : i64} : !tg.value
  tg.return
}

// -----

// Malformed handles are errors in both modes.
// RENUMBER: error: 'tg.debug_handle' must be a non-negative integer, found "seven"
// RENUMBER: error: 'tg.debug_handle' must be a non-negative integer, found -1
tg.graph @"A::f"(%self: !tg.module<"A">) {
  // expected-error @below {{'tg.debug_handle' must be a non-negative integer, found "seven"}}
  %0 = tg.constant(1 : i64) {tg.debug_handle = "seven"} : !tg.value
  tg.return
}

// -----

tg.graph @"A::f"(%self: !tg.module<"A">) {
  // expected-error @below {{'tg.debug_handle' must be a non-negative integer, found -1}}
  %0 = tg.constant(1 : i64) {tg.debug_handle = -1 : i64} : !tg.value
  tg.return
}
