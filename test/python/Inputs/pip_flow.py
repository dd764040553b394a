"""The whole flow from a pip-installed tracegraph, run from a directory of its
own with nothing on PYTHONPATH (test/python/pip-install.test): an nn.Module
-> import_torch -> compile -> section -> the traceback PyTorch's own
symbolicated error prints, using only `import tracegraph`."""
import os
import subprocess
import sys

import torch

import tracegraph

site = sys.argv[1]  # the venv: the package must come from there
assert os.path.realpath(tracegraph.__file__).startswith(os.path.realpath(site)), \
    tracegraph.__file__


class Block(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = torch.nn.Linear(4, 4)

    def forward(self, x):
        y = self.fc(x)
        return torch.relu(y + x)  # RELU_LINE


class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.block = Block()

    def forward(self, x):
        return self.block(x) * 2.0


ir = tracegraph.import_torch(Net(), example_inputs=torch.randn(2, 4))
result = tracegraph.compile(ir, filename="net.mlir", provenance=True)
ir_text, section = result
assert isinstance(section, tracegraph.Section) and len(section) > 0
assert "tg.debug_handle" in ir_text or "debug_handle" in ir_text

# The relu: its traceback names this file at the relu's line, through
# Net.forward and Block.forward, as PyTorch prints a symbolicated error.
relu_line = next(i for i, line in enumerate(open(__file__), 1)
                 if line.rstrip().endswith("# RELU_LINE")
                 and "RELU_LINE\")" not in line)
briefs = section.lookup_many(section.handles)
relu = [h for h, b in zip(section.handles, briefs)
        if b[0] == "aten::relu" or (b[2] and "relu" in b[2])]
assert relu, briefs
text = section.traceback(relu[0])
here = os.path.basename(__file__)
assert text.startswith("Debug handle %d" % relu[0]), text
assert "Module hierarchy:top(Net)::<unknown>.block(Block)::forward" in text, text
assert "Traceback of TorchScript (most recent call last):" in text, text
assert ('%s", line %d, in forward' % (here, relu_line)) in text, text

# The same text as the pip-installed tg-symbolicate prints for the same
# bytes; the provenance names the kernel holding the relu.
with open("net.tgdbg", "wb") as f:
    f.write(result.section_bytes)
printed = subprocess.run(["tg-symbolicate", "net.tgdbg", str(relu[0])],
                         capture_output=True, text=True, check=True).stdout
assert printed == text, (printed, text)
if briefs[section.handles.index(relu[0])][2]:
    kernel = briefs[section.handles.index(relu[0])][2]
    assert kernel in result.provenance.kernels, result.provenance.kernels
print(text, end="")
print("pip flow: ok")
