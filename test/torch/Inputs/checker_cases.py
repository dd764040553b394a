import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "..", "tools", "torch-to-tg"))
import compare_module_paths as c  # noqa: E402

T = "top(Net)::<unknown>."
ref = [("aten::linear", T + "SELF(Net)::_forward_impl.a(A)::forward.aten::linear"),
       ("aten::relu", T + "SELF(Net)::_forward_impl.b(B)::forward.aten::relu"),
       ("aten::add", T + "aten::add")]
ours = [("aten::linear", T + "SELF(Net)::_forward_impl.a(A)::forward.aten::linear", False),
        ("aten::relu", T + "SELF(Net)::_forward_impl.c(B)::forward.aten::relu", False),
        # Frames lost, but the op is not nested in control flow.
        ("aten::add", T + "SELF(Net)::_forward_impl.aten::add", False)]
print("returned", c.compare(ref, ours, label="t: "))
# The same path lost inside a block is PyTorch's known defect.
print("returned", c.compare(ref[2:], [ours[2][:2] + (True,)], label="t: "))
print("returned", c.compare([("aten::mul", T + "aten::mul")], ours, label="t: "))
