"""Writes the Python sources that golden-v1.0.tgdbg and golden-v2.0.tgdbg embed
lines of.

golden-v1.0.tgdbg was made once, with format version 1.0, by
  python3 make-golden-sources.py /tmp/golden-src
  tg-opt golden-v1.0.mlir --tg-emit-debug-section=path=golden-v1.0.tgdbg \
      embed-source=true source-root=/tmp/golden-src
and must never be regenerated (see docs/debug-section-format.md, "How
versions evolve"). Each referenced line holds an expression that fills the
location's column range exactly, so the `~~~~ <--- HERE` markers are checkable.
"""
import os
import sys

# file -> line -> (start column, end column or None, prefix, expression)
SPEC = {
    "resnet.py": {
        92: (15, 28, "out = ", "self.conv1(x)"),
        94: (15, 29, "out = ", "self.relu(out)"),
        101: (8, None, "", "out += identity"),
        266: (3, None, "", "def forward(self, x: Tensor) -> Tensor:"),
        268: (12, 25, "x = ", "self.conv1(x)"),
        273: (12, 26, "x = ", "self.layer1(x)"),
        279: (8, 27, "x = ", "torch.flatten(x, 1)"),
        280: (4, None, "", "if x:"),
        281: (8, None, "", "return x"),
        282: (4, None, "", "y = x * x"),
        283: (4, None, "", "y = y * 1"),
        284: (4, None, "", "return y"),
    },
    "conv.py": {
        543: (19, 35, "return ", "F.conv2d(inp, w)"),
        549: (15, 48, "return ", "self._conv_forward(input, weight)"),
    },
    "container.py": {250: (20, 33, "input = ", "module(input)")},
    "functional.py": {
        1704: (17, None, "result = ", "torch.relu(input)"),
        1705: (1, None, "", "  # end of relu"),
    },
}

out_dir = sys.argv[1]
os.makedirs(out_dir, exist_ok=True)
for name, lines in SPEC.items():
    text = []
    for i in range(1, max(lines) + 1):
        if i not in lines:
            text.append("#")
            continue
        col, end, prefix, expr = lines[i]
        assert end is None or end - col == len(expr), (name, i)
        text.append(" " * (col - 1 - len(prefix)) + prefix + expr)
    with open(os.path.join(out_dir, name), "w") as f:
        f.write("\n".join(text) + "\n")
