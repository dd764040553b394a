"""Compares tg-symbolicate's traceback with PyTorch's real error message.

  compare_tracebacks.py TOOLS_DIR TORCH_TO_TG WORKDIR MODEL...

For each torchvision MODEL: scripts it, calls it with a 4-channel input so
that its first convolution fails inside the TorchScript interpreter, and
keeps PyTorch's message; then the same through the lite (mobile)
interpreter, saved with its debug info, whose message has the module path
too. Then imports the model with torch-to-tg, inlines it,
assigns debug handles, writes the debug section, and symbolicates the handle
of the first aten::conv2d (the op that failed). The "Traceback of TorchScript"
parts of the full JIT's message and of tg-symbolicate's must be identical,
character for character, and so must the lite interpreter's "Module
hierarchy" and traceback and `tg-symbolicate --output-style=pytorch-mobile`. Prints
one line per model and exits 1 on the first difference (with a diff).
"""
import difflib
import os
import re
import subprocess
import sys

import torch
import torchvision

tools, torch_to_tg, work = sys.argv[1:4]
models = sys.argv[4:]


def traceback_part(text, first="Traceback of TorchScript"):
    lines = [l.strip() if l.strip().startswith("Module hierarchy:") else l
             for l in text.splitlines()]
    start = next(i for i, l in enumerate(lines) if l.startswith(first))
    out = []
    for line in lines[start:]:
        if line.startswith("RuntimeError:") or line.startswith("Debug handle"):
            break
        out.append(line)
    while out and not out[-1].strip():
        out.pop()
    return out


def run(cmd):
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)


failed = False
for name in models:
    model = getattr(torchvision.models, name)()
    model.eval()
    scripted = torch.jit.script(model)
    try:
        scripted(torch.randn(1, 4, 64, 64))
        sys.exit("%s: the wrong input did not fail" % name)
    except RuntimeError as e:
        theirs = traceback_part(str(e))
    import torch.jit.mobile
    lite_path = os.path.join(work, name + ".ptl")
    scripted._save_for_lite_interpreter(lite_path, _save_mobile_debug_info=True)
    theirs_lite = None
    try:
        lite = torch.jit.mobile._load_for_lite_interpreter(lite_path)
    except RuntimeError as e:
        # PyTorch 1.13 cannot load some of its own lite archives ("Source
        # range tag must exist in deserialized source range map").
        lite_error = str(e).splitlines()[0]
    else:
        try:
            lite(torch.randn(1, 4, 64, 64))
            sys.exit("%s: the wrong input did not fail in the lite "
                     "interpreter" % name)
        except RuntimeError as e:
            theirs_lite = traceback_part(str(e), "Module hierarchy:")
    mlir = os.path.join(work, name + ".mlir")
    run([torch_to_tg, "--torchvision", name, "-o", mlir])
    handles = os.path.join(work, name + ".handles.mlir")
    run([os.path.join(tools, "tg-opt"), mlir, "--tg-inline",
         "--tg-assign-debug-handles", "-mlir-print-debuginfo", "-o", handles])
    section = os.path.join(work, name + ".tgdbg")
    run([os.path.join(tools, "tg-opt"), handles,
         "--tg-emit-debug-section=path=" + section, "-o", os.devnull])
    first = re.search(r'tg\.op "aten::conv2d".*?tg\.debug_handle = (\d+)',
                      open(handles).read())
    ours_text = subprocess.run([os.path.join(tools, "tg-symbolicate"), section,
                                first.group(1)], check=True,
                               capture_output=True, text=True).stdout
    ours = traceback_part(ours_text)
    ours_lite = traceback_part(subprocess.run(
        [os.path.join(tools, "tg-symbolicate"), section, first.group(1),
         "--output-style=pytorch-mobile"], check=True, capture_output=True,
        text=True).stdout, "Module hierarchy:")
    for kind, a, b in [("jit", theirs, ours), ("lite", theirs_lite, ours_lite)]:
        if a is None:
            print("%s (%s): skipped: PyTorch's lite interpreter cannot load "
                  "the model (%s)" % (name, kind, lite_error))
            continue
        if a != b:
            failed = True
            print("%s (%s): DIFFERS" % (name, kind))
            sys.stdout.writelines(l + "\n" for l in difflib.unified_diff(
                a, b, "pytorch", "tg-symbolicate", lineterm=""))
        else:
            print("%s (%s): identical (%d lines, %d frames)" % (
                name, kind, len(b), sum(l.startswith("  File ") for l in b)))
sys.exit(1 if failed else 0)
