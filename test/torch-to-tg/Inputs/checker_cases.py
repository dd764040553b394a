"""Cases for checker-fails.test: compare_module_paths on hand-made data."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "..", "python"))
from tracegraph.torch import compare_module_paths as c  # noqa: E402

T = "top(Net)::<unknown>."
ref = [("aten::linear", T + "SELF(Net)::_forward_impl.a(A)::forward.aten::linear"),
       ("aten::relu", T + "SELF(Net)::_forward_impl.b(B)::forward.aten::relu"),
       ("aten::add", T + "aten::add")]
# (kind, tg's path, the path PyTorch's inliner would give the op)
ours = [("aten::linear", T + "SELF(Net)::_forward_impl.a(A)::forward.aten::linear",
         T + "SELF(Net)::_forward_impl.a(A)::forward.aten::linear"),
        ("aten::relu", T + "SELF(Net)::_forward_impl.c(B)::forward.aten::relu",
         T + "SELF(Net)::_forward_impl.c(B)::forward.aten::relu"),
        # Frames lost, but the op is not nested in control flow.
        ("aten::add", T + "SELF(Net)::_forward_impl.aten::add",
         T + "SELF(Net)::_forward_impl.aten::add")]
print("1 returned", c.compare(ref, ours, label="t: "))
print("2 returned", c.compare([("aten::mul", T + "aten::mul")], ours, label="t: "))

# From tg-opt output: `self.b()` (frame b(B)::forward), called from
# _forward_impl, whose body holds an `if` without results around an aten::add
# and an `if` with a result around an aten::mul.
M = T + "SELF(Net)::_forward_impl.b(B)::forward."
mlir = """module {
  tg.graph @"Net::forward"(%self: !tg.module<"Net">, %x: !tg.tensor) -> !tg.tensor attributes {tg.entry} {
    %c = tg.op "aten::Bool"(%x) {tg.module_hierarchy = "@M@aten::Bool"} : (!tg.tensor) -> !tg.value
    tg.op "prim::If"(%c) ({
      %0 = tg.op "aten::add"(%x, %x) {tg.module_hierarchy = "@M@aten::add"} : (!tg.tensor, !tg.tensor) -> !tg.tensor
      tg.yield
    }, {
      tg.yield
    }) {tg.module_hierarchy = "@M@prim::If"} : (!tg.value) -> ()
    %r = tg.op "prim::If"(%c) ({
      %1 = tg.op "aten::mul"(%x, %x) {tg.module_hierarchy = "@M@aten::mul"} : (!tg.tensor, !tg.tensor) -> !tg.tensor
      tg.yield %1 : !tg.tensor
    }, {
      tg.yield %x : !tg.tensor
    }) {tg.module_hierarchy = "@M@prim::If"} : (!tg.value) -> !tg.tensor
    tg.return %r : !tg.tensor
  }
}
""".replace("@M@", M)
parsed = c.tg_op_paths(mlir, with_nesting=True)
for kind, path, defective in parsed:
    print("op", kind, "| tg:", path, "| pytorch:", defective)
add = [o for o in parsed if o[0] == "aten::add"]
# PyTorch's path is what its inliner makes of ours: accepted, counted apart.
print("3 returned", c.compare([("aten::add", T + "aten::add")], add, label="t: "))
# Any other loss of frames is a difference.
print("4 returned", c.compare([("aten::add", T + "SELF(Net)::_forward_impl.aten::add")], add,
                              label="t: "))
