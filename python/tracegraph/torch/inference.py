"""The inference context torch-to-tg imports under (`--inference`, the default).

TorchScript keeps checks of run-time state in the graphs: whether grad is
enabled, whether a tensor requires grad, is nested, whether autocast is on,
and the conditions of the fast paths of nn.MultiheadAttention,
nn.TransformerEncoderLayer and nn.TransformerEncoder, which call fused native
kernels (`aten::_native_multi_head_attention`,
`aten::_transformer_encoder_layer_fwd`, `aten::_nested_tensor_from_mask`)
instead of the composite computation. Imported as they are, they stay
`prim::If` after inlining, and every op inside (each layer_norm, linear,
softmax, GELU and residual add of a transformer) stays hidden from fusion.

An inference compiler runs the model in one declared context, and so does
the import: the model in eval mode under `torch.no_grad()`, its parameters
frozen (as `torch.jit.freeze` and inference deployments have them), dense
(not nested) tensors, no autocast, and the fused fast paths off, so that the
program is the composite computation torch.compile sees (PyTorch 2 names
the switch `torch.backends.mha.set_fastpath_enabled(False)`). Each query is
written as a `tg.constant` of its value at the query's own location, as
torch-to-tg writes `self.training`; `--tg-inline` then folds every `if` on
it and records the branch not taken as eliminated
(docs/passes/fold-constant-control-flow.md).

The fast paths of PyTorch 1.13 have no switch of their own: each of the
three forward methods starts a string of reasons, `why_not_fast_path = ''`
(`why_not_sparsity_fast_path` in the transformer layers), sets it to the
first reason the fast path cannot run, and takes the fast path when it is
empty. The context starts that string with a reason, as PyTorch 2 does for
a disabled fast path, so that every `if not why_not_fast_path:` folds to the
composite branch.

The TypeRecorder (example_types.py) runs the graphs under the same context,
so the static types belong to the program that is imported.
"""

import re

# Run-time queries and their value in the context.
QUERIES = {
    # torch.is_grad_enabled(): torch.no_grad().
    "aten::is_grad_enabled": False,
    # tensor.requires_grad: nothing computed under no_grad requires grad,
    # and the parameters are frozen.
    "prim::requires_grad": False,
    # tensor.is_nested: the inputs are dense, and with the fast paths off no
    # nested tensor is made.
    "prim::is_nested": False,
    # torch.is_autocast_enabled(): no autocast.
    "aten::is_autocast_enabled": False,
    "aten::is_autocast_cpu_enabled": False,
}

# The string of reasons the fast path of a transformer module is not taken;
# PyTorch's own names (nn/modules/activation.py, nn/modules/transformer.py).
_FAST_PATH_REASONS = re.compile(r"^why_not_(?:sparsity_)?fast_path(?:\.\d+)?$")

FAST_PATH_OFF = ("the fast path is off: torch-to-tg imports the composite "
                 "computation (--inference)")


class InferenceContext:
    """Which nodes of a TorchScript graph the context decides, and their value."""

    def constant_for(self, node):
        """(True, value) when `node`'s only output is decided by the context,
        else (False, None)."""
        kind = node.kind()
        if kind in QUERIES and node.outputsSize() == 1:
            return True, QUERIES[kind]
        if kind == "prim::Constant" and node.outputsSize() == 1:
            out = node.output()
            if out.type().kind() == "StringType" and \
                    _FAST_PATH_REASONS.match(out.debugName()) and \
                    "value" in node.attributeNames() and out.toIValue() == "":
                return True, FAST_PATH_OFF
        return False, None
