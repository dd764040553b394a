// RUN: tg-opt %s -split-input-file -verify-diagnostics --tg-emit-debug-section=path=%t.tgdbg
// RUN: not tg-opt %s -split-input-file --tg-emit-debug-section 2>&1 | FileCheck %s --check-prefix=NOPATH
// RUN: not tg-opt %s -split-input-file --tg-assign-debug-handles --tg-emit-debug-section=path=%t.missing-dir/x.tgdbg 2>&1 | FileCheck %s --check-prefix=NODIR

// NOPATH: error: tg-emit-debug-section: needs an output file: path=<file>
// NODIR: error: tg-emit-debug-section: cannot write the debug section to '{{.*}}missing-dir/x.tgdbg'

tg.graph @"A::f"(%self: !tg.module<"A">) attributes {tg.debug_handle = 0 : i64} {
  // expected-error @below {{op has no valid 'tg.debug_handle' (a non-negative integer); run --tg-assign-debug-handles first}}
  %0 = tg.constant(1 : i64) : !tg.value
  tg.return {tg.debug_handle = 1 : i64}
}

// -----

tg.graph @"A::f"(%self: !tg.module<"A">) attributes {tg.debug_handle = 0 : i64} {
  // expected-note @below {{first used here}}
  %0 = tg.constant(1 : i64) {tg.debug_handle = 1 : i64} : !tg.value
  // expected-error @below {{duplicate debug handle 1}}
  tg.return {tg.debug_handle = 1 : i64}
}

// -----

tg.graph @"A::f"(%self: !tg.module<"A">) attributes {tg.debug_handle = 0 : i64} {
  // expected-error @below {{debug handle 4294967295 does not fit the section's 32-bit handle table}}
  tg.return {tg.debug_handle = 4294967295 : i64}
}

// -----

// tg.source_text (the lines of sources that are no files) must be well formed.
// expected-error @below {{'tg.source_text' must map file names to [[line, "text"], ...] with lines >= 1, got {"<string>" = [[0, "x"]]}}}
module attributes {tg.source_text = {"<string>" = [[0, "x"]]}} {
  tg.graph @"A::f"(%self: !tg.module<"A">) attributes {tg.debug_handle = 0 : i64} {
    tg.return {tg.debug_handle = 1 : i64}
  }
}

// -----

// expected-error @below {{'tg.source_text' must map file names to [[line, "text"], ...] with lines >= 1, got {"<string>" = [[3, 4]]}}}
module attributes {tg.source_text = {"<string>" = [[3, 4]]}} {
  tg.graph @"A::f"(%self: !tg.module<"A">) attributes {tg.debug_handle = 0 : i64} {
    tg.return {tg.debug_handle = 1 : i64}
  }
}

// -----

// expected-error @below {{'tg.source_text' must map file names to [[line, "text"], ...] with lines >= 1, got ["x"]}}
module attributes {tg.source_text = ["x"]} {
  tg.graph @"A::f"(%self: !tg.module<"A">) attributes {tg.debug_handle = 0 : i64} {
    tg.return {tg.debug_handle = 1 : i64}
  }
}

// -----

// expected-error @below {{'tg.source_text' gives line 3 of '<string>' twice}}
module attributes {tg.source_text = {"<string>" = [[3, "x"], [4, "y"], [3, "z"]]}} {
  tg.graph @"A::f"(%self: !tg.module<"A">) attributes {tg.debug_handle = 0 : i64} {
    tg.return {tg.debug_handle = 1 : i64}
  }
}
