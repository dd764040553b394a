// Sources that are no files (TorchScript's `<string>` builtins): the module's
// tg.source_text gives their lines, the section always embeds them, and
// tg-symbolicate prints them with two context lines on each side, as
// PyTorch prints such a source. Files on disk are unaffected.
// RUN: tg-opt %s --tg-emit-debug-section=path=%t.tgdbg -o /dev/null
// RUN: tg-symbolicate %t.tgdbg 1 2 5 6 2>&1 | FileCheck %s --match-full-lines --strict-whitespace
// With embed-source=true the given file is not read from disk (no warning
// for "<string>"); the one on disk is, as before.
// RUN: tg-opt %s --tg-emit-debug-section="path=%t.embed.tgdbg embed-source=true" -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=WARN
// WARN: warning: cannot read source file 'model.py' to embed its lines
// WARN-NOT: cannot read source file '<string>'
// RUN: tg-symbolicate %t.embed.tgdbg 1 2>&1 | FileCheck %s --check-prefix=CHECK1 --match-full-lines --strict-whitespace

// CHECK:Debug handle 1 (aten::len)
// CHECK-NEXT:Module hierarchy:top(M)::<unknown>.aten::len
// CHECK-NEXT:Traceback of TorchScript (most recent call last):
// CHECK-NEXT:  File "<string>", line 5, in forward
// CHECK-NEXT:  pass
// CHECK-NEXT:def list_with_default(out_size: List[int], defaults: List[int]):
// CHECK-NEXT:  assert len(defaults) > len(out_size)
// CHECK-NEXT:         ~~~ <--- HERE
// CHECK-NEXT:  return out_size
// CHECK-NEXT:def _assert(condition : bool, message : str):
// Line 10 is not given, so the context after line 8 stops at line 9.
// CHECK:Debug handle 2 (aten::gt)
// CHECK:  File "<string>", line 8, in forward
// CHECK-NEXT:  return out_size
// CHECK-NEXT:def _assert(condition : bool, message : str):
// CHECK-NEXT:  assert condition, message
// CHECK-NEXT:  ~~~~~~~~~~~~~~~~~~~~~~~~~ <--- HERE
// CHECK-NEXT:  pass
// Another source of the same name (torch-to-tg numbers it `<string>#2`)
// prints as `<string>`, with its own lines only.
// CHECK:Debug handle 5 (prim::Constant)
// CHECK:  File "<string>", line 2, in forward
// CHECK-NEXT:def __len__(self):
// CHECK-NEXT:   return 3
// CHECK-NEXT:          ~ <--- HERE
// Context is only the run of lines next to the range: line 2 is missing, so
// line 1 is not shown before line 4, and nothing after it.
// CHECK:Debug handle 6 (aten::mul)
// CHECK:  File "<string>", line 4, in forward
// CHECK-NEXT:y = 2
// CHECK-NEXT:z = x + y
// CHECK-NEXT:    ~~~~~ <--- HERE
// CHECK-NOT:{{.}}

// CHECK1:  File "<string>", line 5, in forward
// CHECK1-NEXT:  pass

module attributes {tg.source_text = {"<string>" = [[3, "  pass"], [4, "def list_with_default(out_size: List[int], defaults: List[int]):"], [5, "  assert len(defaults) > len(out_size)"], [6, "  return out_size"], [7, "def _assert(condition : bool, message : str):"], [8, "  assert condition, message"], [9, "  pass"]], "<string>#2" = [[1, "def __len__(self):"], [2, "   return 3"]], "<string>#3" = [[1, "x = 1"], [3, "y = 2"], [4, "z = x + y"]]}} {
  tg.graph @"M::forward"(%self: !tg.module<"M">, %x: !tg.value) attributes {tg.debug_handle = 0 : i64} {
    %0 = tg.op "aten::len"(%x) {tg.debug_handle = 1 : i64} : (!tg.value) -> !tg.value loc("<string>":5:10 to :13)
    %1 = tg.op "aten::gt"(%0, %0) {tg.debug_handle = 2 : i64} : (!tg.value, !tg.value) -> !tg.value loc("<string>":8:3 to :28)
    %3 = tg.constant(3 : i64) {tg.debug_handle = 5 : i64} : !tg.value loc("<string>#2":2:11)
    %4 = tg.op "aten::mul"(%0, %0) {tg.debug_handle = 6 : i64} : (!tg.value, !tg.value) -> !tg.value loc("<string>#3":4:5 to :10)
    %2 = tg.op "aten::add"(%0, %0) {tg.debug_handle = 3 : i64} : (!tg.value, !tg.value) -> !tg.value loc("model.py":3:1)
    tg.return {tg.debug_handle = 4 : i64}
  }
}
