// A source path holding control characters (a section's paths are whatever
// the importer recorded): embed-source's warning that it cannot be read
// names it with them escaped, on one line; it printed the line break raw.
// RUN: tg-opt %s --tg-assign-debug-handles "--tg-emit-debug-section=path=%t.tgdbg embed-source=true" -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --match-full-lines
// CHECK: {{.*}}warning: cannot read source file 'a\0Ab\09.py' to embed its lines: No such file or directory
module {
  tg.graph @"M::forward"(%self: !tg.module<"M">) attributes {tg.entry} {
    %0 = tg.op "aten::x"() {tg.debug_handle = 0 : i64} : () -> !tg.value loc("a\0ab\09.py":1:1)
    tg.return
  } loc("top.py":1:1)
} loc("top.py":1:1)
