# RUN: %python -m pytest -q -p no:cacheprovider %s
# REQUIRES: torch, pytest
"""tracegraph.torch.check_kernels on the kernels fusion is growing into:
reductions with list-constant dims and keepdim, comparisons and bool masks,
aten::where, values of several shapes in one kernel, constants inside the
kernel and in sibling regions. The compiled side is a stand-in written in
Python against the C prototype tg-compile-kernel prints, so these run
whatever the reference lowering supports yet; check-kernels.test runs real
compiled kernels."""
import argparse
import ctypes

import pytest
import torch

from tracegraph.torch import check_kernels as ck


def test_constants():
    assert ck.parse_constant("3 : i64") == 3
    assert ck.parse_constant("-1.500000e+00 : f64") == -1.5
    assert ck.parse_constant("unit") is None
    assert ck.parse_constant("true") is True
    assert ck.parse_constant("[-1]") == [-1]
    assert ck.parse_constant("[-1, 2]") == [-1, 2]
    assert ck.parse_constant('["a", 1.500000e+00, unit, true]') == ["a", 1.5, None, True]
    assert ck.parse_constant('"x{}\\22y"') == 'x{}"y'
    assert ck.parse_constant("0x7FF0000000000000 : f64") == float("inf")
    nan = ck.parse_constant("0x7FF8000000000000 : f64")
    assert nan != nan
    assert isinstance(ck.parse_constant("dense<1.0> : tensor<2xf32>"), ck.Unparsed)


SCOPES = """
module {
  tg.graph @"Net::forward"(%self: !tg.module<"Net">, %arg0: tensor<2x3xf32>) -> tensor<2x3xf32> attributes {tg.entry} {
    %0 = tg.constant(1 : i64) : !tg.value
    %1 = tg.constant(true) : !tg.value
    %2 = tg.op "prim::If"(%1) ({
      %3 = tg.constant(7 : i64) : !tg.value
      %4 = tg.kernel "in_then"(%arg0, %3, %0) : (tensor<2x3xf32>, !tg.value, !tg.value) -> tensor<2x3xf32> {
      ^bb0(%in: tensor<2x3xf32>, %in_0: !tg.value, %in_1: !tg.value):
        %5 = tg.constant([-1]) : !tg.value
        %6 = tg.op "aten::add"(%in, %in_0, %in_1) : (tensor<2x3xf32>, !tg.value, !tg.value) -> tensor<2x3xf32>
        tg.kernel_yield %6 : tensor<2x3xf32>
      }
      tg.yield %4 : tensor<2x3xf32>
    }, {
      %3 = tg.constant(9 : i64) : !tg.value
      %4 = tg.kernel "in_else"(%arg0, %3, %0) : (tensor<2x3xf32>, !tg.value, !tg.value) -> tensor<2x3xf32> {
      ^bb0(%in: tensor<2x3xf32>, %in_0: !tg.value, %in_1: !tg.value):
        %5 = tg.op "aten::add"(%in, %in_0, %in_1) : (tensor<2x3xf32>, !tg.value, !tg.value) -> tensor<2x3xf32>
        tg.kernel_yield %5 : tensor<2x3xf32>
      }
      tg.yield %4 : tensor<2x3xf32>
    }) : (!tg.value) -> tensor<2x3xf32>
    tg.return %2 : tensor<2x3xf32>
  }
  tg.graph @"ModuleList::__len__"(%self: !tg.module<"ModuleList">) -> !tg.value {
    %0 = tg.constant(3 : i64) : !tg.value
    tg.return %0 : !tg.value
  }
}
"""


def test_constants_resolve_in_their_own_scope():
    kernels = {k.name: k for k in ck.parse_kernels(SCOPES)}
    assert sorted(kernels) == ["in_else", "in_then"]
    then_values = [d.value for _, d in kernels["in_then"].operands[1:]]
    else_values = [d.value for _, d in kernels["in_else"].operands[1:]]
    # %3 differs between the sibling regions; %0 is forward's 1, never the 3
    # of ModuleList::__len__.
    assert then_values == [7, 1]
    assert else_values == [9, 1]
    assert kernels["in_then"].constants == {"%5": [-1]}
    assert kernels["in_then"].operands[0][1] is None  # a graph argument


# A kernel as reductions and masks make them: a row mean kept as 2x1
# (list-constant dims, keepdim), a centered value, a bool mask from a
# comparison and aten::where; it yields values of three shapes and dtypes.
REDUCTION = """
tg.graph @"Net::forward"(%self: !tg.module<"Net">, %arg0: tensor<4x6xf32>, %arg1: tensor<4x6xi1>) -> (tensor<4x6xf32>, tensor<4x1xf32>, tensor<4x6xi1>) attributes {tg.entry} {
  %0 = tg.constant([-1]) : !tg.value
  %1 = tg.constant(true) : !tg.value
  %2 = tg.constant(unit) : !tg.value
  %3 = tg.constant(1 : i64) : !tg.value
  %4 = tg.constant(0.000000e+00 : f64) : !tg.value
  %5:3 = tg.kernel "fused_mean_sub_gt_where_0"(%arg0, %0, %1, %2, %3, %4, %arg1) : (tensor<4x6xf32>, !tg.value, !tg.value, !tg.value, !tg.value, !tg.value, tensor<4x6xi1>) -> (tensor<4x6xf32>, tensor<4x1xf32>, tensor<4x6xi1>) {
  ^bb0(%in: tensor<4x6xf32>, %in_0: !tg.value, %in_1: !tg.value, %in_2: !tg.value, %in_3: !tg.value, %in_4: !tg.value, %in_5: tensor<4x6xi1>):
    %6 = tg.op "aten::mean"(%in, %in_0, %in_1, %in_2) : (tensor<4x6xf32>, !tg.value, !tg.value, !tg.value) -> tensor<4x1xf32>
    %7 = tg.op "aten::sub"(%in, %6, %in_3) : (tensor<4x6xf32>, tensor<4x1xf32>, !tg.value) -> tensor<4x6xf32>
    %8 = tg.op "aten::gt"(%7, %in_4) : (tensor<4x6xf32>, !tg.value) -> tensor<4x6xi1>
    %9 = tg.op "aten::__and__"(%8, %in_5) : (tensor<4x6xi1>, tensor<4x6xi1>) -> tensor<4x6xi1>
    %10 = tg.op "aten::where"(%9, %7, %in_4) : (tensor<4x6xi1>, tensor<4x6xf32>, !tg.value) -> tensor<4x6xf32>
    tg.kernel_yield %10, %6, %9 : tensor<4x6xf32>, tensor<4x1xf32>, tensor<4x6xi1>
  }
  tg.return %5#0, %5#1, %5#2 : tensor<4x6xf32>, tensor<4x1xf32>, tensor<4x6xi1>
}
"""

REDUCTION_PROTOTYPE = (
    "void fused_mean_sub_gt_where_0(const float *in0 /* 4x6xf32 */, "
    "const bool *in1 /* 4x6xi1 */, float *out0 /* 4x6xf32 */, "
    "float *out1 /* 4x1xf32 */, bool *out2 /* 4x6xi1 */);")


def _at(pointer, shape, dtype):
    """The tensor of `shape` at a C pointer the checker passes."""
    count = 1
    for d in shape:
        count *= d
    size = count * torch.tensor([], dtype=dtype).element_size()
    buffer = (ctypes.c_byte * size).from_address(pointer.value)
    return torch.frombuffer(buffer, dtype=dtype).reshape(shape)


class FakeLibrary:
    """Stands for the compiled kernel: computes it in Python, optionally
    wrong, and writes the results where the C function would."""

    def __init__(self, mistake=None):
        self.mistake = mistake

    def fused_mean_sub_gt_where_0(self, x, mask, out0, out1, out2):
        x = _at(x, [4, 6], torch.float32)
        mask = _at(mask, [4, 6], torch.bool)
        # Summed in another order than PyTorch's: within the tolerance.
        mean = x.double().sum(-1, keepdim=True).float() / 6
        centered = x - mean
        keep = (centered > 0) & mask
        if self.mistake == "mask":
            keep = ~keep
        if self.mistake == "mean":
            mean = mean + 1e-3
        _at(out0, [4, 6], torch.float32).copy_(torch.where(keep, centered, 0.0))
        _at(out1, [4, 1], torch.float32).copy_(mean)
        _at(out2, [4, 6], torch.bool).copy_(keep)

    def __getattr__(self, name):
        raise AttributeError(name)


def _checker():
    args = argparse.Namespace(atol=1e-6, rtol=1e-5, transcendental_atol=1e-4,
                              transcendental_rtol=1e-5, reduction_atol=1e-5,
                              reduction_rtol=1e-4, seed=0, shape="2x3")
    return ck.Checker(args)


class _Callable:
    """A bound method that accepts `restype` as ctypes functions do."""

    def __init__(self, fn):
        self.fn, self.restype = fn, None

    def __call__(self, *args):
        return self.fn(*args)


class _Lib:
    def __init__(self, mistake=None):
        self.impl = FakeLibrary(mistake)

    def __getattr__(self, name):
        return _Callable(getattr(self.impl, name))


def _reduction_kernel():
    (kernel,) = ck.parse_kernels(REDUCTION)
    arguments = ck.parse_prototypes(REDUCTION_PROTOTYPE)[kernel.name]
    return kernel, arguments


def test_reduction_where_and_masks_equal_pytorch():
    kernel, arguments = _reduction_kernel()
    assert [a.element for a in arguments] == ["f32", "i1", "f32", "f32", "i1"]
    checker = _checker()
    assert checker.tolerance(kernel) == (1e-5, 1e-4)  # it sums: mean
    ok, _, ratio = checker.check(kernel, _Lib(), arguments)
    assert ok and ratio <= 1


@pytest.mark.parametrize("mistake", ["mask", "mean"])
def test_a_wrong_mask_or_mean_differs(mistake):
    kernel, arguments = _reduction_kernel()
    ok, _, ratio = _checker().check(kernel, _Lib(mistake), arguments)
    assert not ok and ratio > 1


def test_tolerance_per_op_family():
    kernel = ck.parse_kernels(SCOPES)[0]
    checker = _checker()
    assert checker.tolerance(kernel) == (1e-6, 1e-5)  # aten::add only
    kernel.ops.append((["%e"], "aten::exp", ["%6"]))
    assert checker.tolerance(kernel) == (1e-4, 1e-5)
    kernel.ops.append((["%s"], "aten::sum", ["%e"]))
    # The loosest atol and the loosest rtol of the families it holds.
    assert checker.tolerance(kernel) == (1e-4, 1e-4)
    assert [ck.op_family(op) for op in ("relu_", "where", "amax", "sigmoid", "mean",
                                        "softmax", "__and__")] == \
        ["pointwise", "pointwise", "pointwise", "transcendental", "sums", "sums",
         "pointwise"]


def test_random_scalars_have_the_kind_the_ir_computes():
    import random
    rng = random.Random(0)
    assert isinstance(ck.random_scalar(ck.Definition(op="aten::size"), rng), int)
    assert isinstance(ck.random_scalar(ck.Definition(op="aten::lt"), rng), bool)
    assert isinstance(ck.random_scalar(ck.Definition(op="aten::div"), rng), float)
    assert isinstance(ck.random_scalar(None, rng), float)


def test_one_kernel_that_cannot_be_checked_is_reported(monkeypatch, capsys):
    kernel, arguments = _reduction_kernel()
    kernel.ops[0] = (kernel.ops[0][0], "prim::frobnicate", kernel.ops[0][2])
    monkeypatch.setattr(ck, "compile_kernel", lambda *a, **k: (_Lib(), None))
    args = argparse.Namespace(tools="", input="", shape="2x3", opt_level=0)
    status = ck._check_one(_checker(), kernel, args, "", {kernel.name: arguments})
    assert status is None
    assert "fused_mean_sub_gt_where_0: cannot be checked: RuntimeError: prim::frobnicate" \
        in capsys.readouterr().out
