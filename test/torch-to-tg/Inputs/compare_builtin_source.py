"""Compares the `<string>` frame of PyTorch's real error with tg-symbolicate's.

  compare_builtin_source.py TOOLS_DIR TORCH_TO_TG WORKDIR

Calls builtin_pool.Pool with a 1-D input: the assertion in TorchScript's
builtin `list_with_default` (source `<string>`) fails. torch-to-tg keeps the
builtin's lines (tg.source_text), the debug section embeds them, and
tg-symbolicate prints the failing op's `<string>` frame: its code, marker and
context lines must be PyTorch's, character for character. Prints both frame
headers (PyTorch drops the caller frames of an op inside an If block and names
the entry method; tracegraph keeps them) and exits 1 on a difference.
"""
import difflib
import os
import re
import subprocess
import sys

import torch

tools, torch_to_tg, work = sys.argv[1:4]
here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, here)
import builtin_pool  # noqa: E402

scripted = torch.jit.script(builtin_pool.Pool())
try:
    scripted(torch.zeros(3))
    sys.exit("the wrong input did not fail")
except Exception as e:  # torch.jit.Error (JITException) is no RuntimeError
    theirs = str(e)


def string_frame(text):
    """The header and the lines of the `<string>` frame of a traceback."""
    lines = text.splitlines()
    start = next(i for i, l in enumerate(lines) if l.startswith('  File "<string>"'))
    body = []
    for line in lines[start + 1:]:
        if line.startswith("  File ") or line.startswith("RuntimeError") or \
                line.startswith("Debug handle"):
            break
        body.append(line)
    while body and not body[-1].strip():
        body.pop()
    return lines[start], body


mlir = os.path.join(work, "pool.mlir")
subprocess.run([sys.executable, torch_to_tg, "--module",
                os.path.join(here, "builtin_pool.py") + ":Pool", "-o", mlir], check=True)
handles = os.path.join(work, "pool.handles.mlir")
section = os.path.join(work, "pool.tgdbg")
subprocess.run([os.path.join(tools, "tg-opt"), mlir, "--tg-inline", "--tg-assign-debug-handles",
                "--tg-emit-debug-section=path=" + section, "-mlir-print-debuginfo",
                "-o", handles], check=True)
raise_handle = re.search(r'tg\.op "prim::RaiseException".*?tg\.debug_handle = (\d+)',
                         open(handles).read()).group(1)
ours = subprocess.run([os.path.join(tools, "tg-symbolicate"), section, raise_handle],
                      check=True, capture_output=True, text=True)
if ours.stderr:
    sys.exit("tg-symbolicate warned:\n" + ours.stderr)

their_header, their_body = string_frame(theirs)
our_header, our_body = string_frame(ours.stdout)
print("pytorch:", their_header.strip())
print("tracegraph:", our_header.strip())
if their_body != our_body:
    print("DIFFERS")
    sys.stdout.writelines(difflib.unified_diff(
        [l + "\n" for l in their_body], [l + "\n" for l in our_body], "pytorch", "tracegraph"))
    sys.exit(1)
print("<string> frame identical (%d lines)" % len(our_body))
print(ours.stdout, end="")
