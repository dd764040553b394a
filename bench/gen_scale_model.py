#!/usr/bin/env python3
"""Generates traced models of any size in tg IR, for the benchmarks.

The output is what a tracer hands tracegraph: one `tg.graph` per method of each
TorchScript class type plus the free functions they call, not inlined
(`tg.call_method` / `tg.call`), like examples/resnet18.mlir. The benchmark
pipeline starts with `--tg-inline`, so "N ops" below always means the ops of
the *inlined* program (every op the debug section gets a handle for), which
the generator computes exactly and prints with `--stats`.

The model is a vision-language model as it appears in large training traces,
so every stack shape real models produce is there:

  TOP(DistributedDataParallel)::forward.SELF::_run_ddp_forward
   .module(FullyShardedDataParallel)::forward
   ._fsdp_wrapped_module(LlavaForConditionalGeneration)::forward
     .SELF::get_image_features
       .vision_tower(ResNet)::forward.SELF::_forward_impl.layer3(Sequential)
       ::forward.4(Bottleneck)::forward.bn2(BatchNorm2d)::forward
       -> F.batch_norm -> F._verify_batch_size            (ResNet-like)
     .multi_modal_projector(LlavaMultiModalProjector)::forward.linear_1 ...
     .language_model(MixtralForCausalLM)::forward.model(MixtralModel)::forward
       .layers(Sequential)::forward.7(CheckpointWrapper)::forward
       ._checkpoint_wrapped_module(MixtralDecoderLayer)::forward
       .self_attn(MixtralAttention)::forward.SELF::_apply_rotary
       -> apply_rotary_pos_emb -> rotate_half               (transformer-like)
       .block_sparse_moe(MixtralSparseMoeBlock)::forward
       .3(MixtralBlockSparseTop2MLP)::forward.act_fn(SiLU)::forward -> F.silu

Ops sit 0 to 12 calls deep, most of them 9 to 12 (`--stats` prints the
histogram). The vision tower is torchvision's ResNet built by
examples/gen_traced_model.py (imported, not copied: same classes, graphs and
true torchvision/torch source lines, with its `--functional` F.* graphs). The
DDP, FSDP, checkpoint-wrapper, SiLU, GELU, Embedding and F.silu positions are
the true lines of Debian's torch 1.13 (tg-symbolicate shows their source);
the language model follows transformers' Mixtral modules, with positions in
the file a real install has (transformers is not installed here, so those
lines are plausible, not checked). File and function names thus come from
the pool a real trace has.

Scaling. The number of decoder layers, experts per MoE block and vision blocks
grow with `--ops`; TorchScript's type sharing keeps the number of distinct
classes (and graphs) realistic: every Linear shape, attention kind (global or
sliding-window) and decoder-layer kind (dense or MoE) is one class, reused by
every instance with the same constants. Which layers are MoE and which use a
sliding window is drawn from `--seed`. The same arguments always give the
same bytes.

Usage:
  python3 bench/gen_scale_model.py --ops 100000 -o model.mlir --stats
  python3 bench/gen_scale_model.py --ops 1000 --seed 7   # to stdout
"""

import argparse
import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "examples"))
import gen_traced_model as tv  # noqa: E402  (the ResNet builder and Graph)

TENSOR = tv.TENSOR
VALUE = tv.VALUE
SITE = tv.SITE

# The pool of source files of the non-torchvision modules, relative to SITE.
FILES = {
    "ddp": "torch/nn/parallel/distributed.py",
    "fsdp": "torch/distributed/fsdp/fully_sharded_data_parallel.py",
    "ckpt": "torch/distributed/algorithms/_checkpoint/checkpoint_wrapper.py",
    "llava": "transformers/models/llava/modeling_llava.py",
    "mixtral": "transformers/models/mixtral/modeling_mixtral.py",
    "sparse": "torch/nn/modules/sparse.py",
    "activation": "torch/nn/modules/activation.py",
    "functional": "torch/nn/functional.py",
    "normalization": "torch/nn/modules/normalization.py",
}

DDP = "torch.nn.parallel.distributed.DistributedDataParallel"
FSDP = "torch.distributed.fsdp.fully_sharded_data_parallel.FullyShardedDataParallel"
CKPT = "torch.distributed.algorithms._checkpoint.checkpoint_wrapper.CheckpointWrapper"
LLAVA = "transformers.models.llava.modeling_llava.LlavaForConditionalGeneration"
PROJECTOR = "transformers.models.llava.modeling_llava.LlavaMultiModalProjector"
CAUSAL_LM = "transformers.models.mixtral.modeling_mixtral.MixtralForCausalLM"
MODEL = "transformers.models.mixtral.modeling_mixtral.MixtralModel"
DECODER = "transformers.models.mixtral.modeling_mixtral.MixtralDecoderLayer"
ATTENTION = "transformers.models.mixtral.modeling_mixtral.MixtralAttention"
ROTARY = "transformers.models.mixtral.modeling_mixtral.MixtralRotaryEmbedding"
RMSNORM = "transformers.models.mixtral.modeling_mixtral.MixtralRMSNorm"
MOE = "transformers.models.mixtral.modeling_mixtral.MixtralSparseMoeBlock"
EXPERT = "transformers.models.mixtral.modeling_mixtral.MixtralBlockSparseTop2MLP"
MLP = "transformers.models.mixtral.modeling_mixtral.MixtralMLP"
EMBEDDING = "torch.nn.modules.sparse.Embedding"
SILU = "torch.nn.modules.activation.SiLU"
GELU = "torch.nn.modules.activation.GELU"
LAYERNORM = "torch.nn.modules.normalization.LayerNorm"

# --norms: the model's norms are torch.nn.LayerNorm (F.layer_norm ->
# aten::layer_norm) instead of Mixtral's RMSNorm, and its attention is the
# eager one (matmul, F.softmax -> aten::softmax, F.dropout -> aten::dropout
# in eval, matmul) instead of scaled_dot_product_attention: the composites a
# decomposition (--tg-decompose) rewrites into pointwise and reduction ops,
# at scale, in the forms torchvision and transformers imports have them.
NORMS = False

F_SILU = "__torch__.torch.nn.functional.silu"
F_APPLY_ROTARY = "__torch__.transformers.models.mixtral.modeling_mixtral.apply_rotary_pos_emb"
F_ROTATE_HALF = "__torch__.transformers.models.mixtral.modeling_mixtral.rotate_half"
F_REPEAT_KV = "__torch__.transformers.models.mixtral.modeling_mixtral.repeat_kv"
F_LAYER_NORM = "__torch__.torch.nn.functional.layer_norm"
F_SOFTMAX = "__torch__.torch.nn.functional.softmax"
F_DROPOUT = "__torch__.torch.nn.functional.dropout"


def at(key, line, col, length, line2=None, endcol=None):
    """A source range: `length` characters from 1-based `col` on `line`, or
    up to `endcol` (exclusive) on `line2`."""
    path = SITE + "/" + FILES[key]
    if line2 is None:
        return 'loc("%s":%d:%d to :%d)' % (path, line, col, col + length)
    return 'loc("%s":%d:%d to %d:%d)' % (path, line, col, line2, endcol)


# --------------------------------------------------------------------------
# Module instances (TorchScript class types come from tv.TypeStore)
# --------------------------------------------------------------------------

def linear(cin, cout, bias=False):
    return tv.Module(tv.LINEAR, [("in_features", cin), ("out_features", cout)],
                     [] if bias else [("bias", "NoneType")])


def rmsnorm(hidden):
    if NORMS:
        return tv.Module(LAYERNORM, [("normalized_shape", [hidden]), ("eps", 1e-05),
                                     ("elementwise_affine", True)])
    return tv.Module(RMSNORM, [("variance_epsilon", 1e-05), ("hidden", hidden)])


def expert(hidden, ffn):
    return tv.Module(EXPERT, [], [], [
        ("w1", linear(hidden, ffn)), ("w2", linear(ffn, hidden)),
        ("w3", linear(hidden, ffn)), ("act_fn", tv.Module(SILU, [("inplace", False)]))])


def attention(hidden, kv, window):
    return tv.Module(ATTENTION, [("sliding_window", window), ("num_kv_groups", hidden // kv)],
                     [], [("q_proj", linear(hidden, hidden)),
                          ("k_proj", linear(hidden, kv)),
                          ("v_proj", linear(hidden, kv)),
                          ("o_proj", linear(hidden, hidden)),
                          ("rotary_emb", tv.Module(ROTARY, [("base", 1000000.0)]))])


def decoder_layer(hidden, kv, window, experts, ffn):
    if experts:
        experts_list = tv.Module("torch.nn.modules.container.ModuleList", [], [],
                                 [(str(i), expert(hidden, ffn)) for i in range(experts)])
        ffn_block = ("block_sparse_moe", tv.Module(
            MOE, [("num_experts", experts), ("top_k", 2)], [],
            [("gate", linear(hidden, experts)), ("experts", experts_list)]))
    else:
        ffn_block = ("mlp", tv.Module(MLP, [], [], [
            ("gate_proj", linear(hidden, 4 * ffn)), ("up_proj", linear(hidden, 4 * ffn)),
            ("down_proj", linear(4 * ffn, hidden)),
            ("act_fn", tv.Module(SILU, [("inplace", False)]))]))
    layer = tv.Module(DECODER, [], [], [
        ("self_attn", attention(hidden, kv, window)), ffn_block,
        ("input_layernorm", rmsnorm(hidden)),
        ("post_attention_layernorm", rmsnorm(hidden))])
    return tv.Module(CKPT, [], [], [("_checkpoint_wrapped_module", layer)])


def build_model(layers, experts, vision_blocks, seed):
    """The instance tree. `layers` decoder layers, each MoE with `experts`
    experts or dense (drawn from the seed), a ResNet-50-like vision tower
    with `vision_blocks` blocks in its third stage (0: no vision tower)."""
    rng = random.Random(seed)
    hidden, kv, ffn = 4096, 1024, 14336
    decoder = []
    for i in range(layers):
        moe = i > 0 and rng.random() < 0.75      # first layer dense, as DeepSeek
        window = 4096 if rng.random() < 0.5 else 0  # Gemma-2-style alternation
        decoder.append((str(i), decoder_layer(hidden, kv, window, experts if moe else 0, ffn)))
    lm = tv.Module(CAUSAL_LM, [], [], [
        ("model", tv.Module(MODEL, [], [], [
            ("embed_tokens", tv.Module(EMBEDDING, [("num_embeddings", 32000),
                                                   ("embedding_dim", hidden)])),
            ("layers", tv.Module(tv.SEQUENTIAL, [], [], decoder)),
            ("norm", rmsnorm(hidden))])),
        ("lm_head", linear(hidden, 32000))])
    children = []
    if vision_blocks:
        children.append(("vision_tower", tv.resnet("bottleneck", (3, 4, vision_blocks, 3))))
        children.append(("multi_modal_projector", tv.Module(PROJECTOR, [], [], [
            ("linear_1", linear(1000, hidden, True)),
            ("act", tv.Module(GELU, [("approximate", "none")])),
            ("linear_2", linear(hidden, hidden, True))])))
    children.append(("language_model", lm))
    llava = tv.Module(LLAVA, [], [], children)
    fsdp = tv.Module(FSDP, [], [], [("_fsdp_wrapped_module", llava)])
    return tv.Module(DDP, [], [], [("module", fsdp)])


# --------------------------------------------------------------------------
# Graphs of the non-torchvision classes
# --------------------------------------------------------------------------

def method(cls, name, key, def_line, params, col=5):
    """A method graph; parameter positions follow `def name(self, p, ...)`."""
    args = []
    offset = col + len("def %s(" % name)
    for pname, type_ in [("self", tv.module_type(cls))] + list(params):
        args.append((pname, type_, at(key, def_line, offset, len(pname))))
        offset += len(pname) + 2
    return tv.Graph(cls, name, args, [TENSOR],
                    at(key, def_line, col, offset - col), entry=False)


def function(name, key, def_line, params):
    args = []
    short = name.rsplit(".", 1)[1]
    offset = 1 + len("def %s(" % short)
    for pname, type_ in params:
        args.append((pname, type_, at(key, def_line, offset, len(pname))))
        offset += len(pname) + 2
    return tv.Graph(None, name, args, [TENSOR], at(key, def_line, 1, offset))


def call(g, key, line, col, name, value, var="hidden_states", args=()):
    """`var = self.<name>(value, ...)` on line `line` at column `col`."""
    sub = g.get_submodule(g.args[0], name, cls_child(g, name),
                          at(key, line, col, len("self." + name)))
    text = "self.%s(%s)" % (name, var)
    return g.call_method(cls_child(g, name), "forward", sub, [value] + list(args),
                         TENSOR, at(key, line, col, len(text)), var)


def cls_child(g, name):
    return g.cls.child(name)


def op(g, name, operands, key, line, col, length, var="v", consts=()):
    """An aten op whose constant arguments are `tg.constant`s on the same
    range, as TorchScript emits them."""
    values = list(operands)
    for c in consts:
        values.append(g.constant(c, at(key, line, col, length)))
    return g.op(name, values, [TENSOR], at(key, line, col, length), var)[0]


def ret(g, key, line, col, value, length=None):
    g.ret([value], at(key, line, col, length or 20))


def ddp_graphs(cls):
    # torch 1.13's DistributedDataParallel.forward -> self._run_ddp_forward
    # -> module_to_run(*inputs, **kwargs), at their true lines.
    g = tv.Graph(cls, "forward", [("self", tv.module_type(cls), at("ddp", 1005, 17, 4)),
                                  ("input_ids", TENSOR, at("ddp", 1005, 23, 7)),
                                  ("pixel_values", TENSOR, at("ddp", 1005, 32, 8))],
                 [TENSOR], at("ddp", 1005, 5, 37), entry=True)
    self_, ids, pixels = g.args
    out = g.call_method(cls, "_run_ddp_forward", self_, [ids, pixels], TENSOR,
                        at("ddp", 1040, 22, 40), "output")
    ret(g, "ddp", 1040, 13, out, 49)
    yield g

    g = tv.Graph(cls, "_run_ddp_forward",
                 [("self", tv.module_type(cls), at("ddp", 989, 26, 4)),
                  ("input_ids", TENSOR, at("ddp", 989, 32, 7)),
                  ("pixel_values", TENSOR, at("ddp", 989, 41, 8))],
                 [TENSOR], at("ddp", 989, 5, 46))
    self_, ids, pixels = g.args
    sub = g.get_submodule(self_, "module", cls.child("module"), at("ddp", 990, 114, 11))
    out = g.call_method(cls.child("module"), "forward", sub, [ids, pixels], TENSOR,
                        at("ddp", 1003, 24, 32), "output")
    ret(g, "ddp", 1003, 17, out, 39)
    yield g


def fsdp_graphs(cls):
    g = method(cls, "forward", "fsdp", 2697, [("input_ids", TENSOR), ("pixel_values", TENSOR)])
    self_, ids, pixels = g.args
    inner = cls.child("_fsdp_wrapped_module")
    sub = g.get_submodule(self_, "_fsdp_wrapped_module", inner, at("fsdp", 2727, 22, 26))
    out = g.call_method(inner, "forward", sub, [ids, pixels], TENSOR,
                        at("fsdp", 2727, 22, 42), "output")
    ret(g, "fsdp", 2728, 13, out, 76)
    yield g


def llava_graphs(cls):
    vision = cls.child("vision_tower") is not None
    g = method(cls, "forward", "llava", 409, [("input_ids", TENSOR), ("pixel_values", TENSOR)])
    self_, ids, pixels = g.args
    lm = cls.child("language_model")
    # self.get_input_embeddings()(input_ids): language_model.model.embed_tokens
    lm_sub = g.get_submodule(self_, "language_model", lm, at("llava", 455, 29, 19))
    model = lm.child("model")
    m_sub = g.get_submodule(lm_sub, "model", model, at("llava", 455, 29, 25))
    emb = model.child("embed_tokens")
    e_sub = g.get_submodule(m_sub, "embed_tokens", emb, at("llava", 455, 29, 38))
    embeds = g.call_method(emb, "forward", e_sub, [ids], TENSOR, at("llava", 455, 29, 49),
                           "inputs_embeds")
    if vision:
        feats = g.call_method(cls, "get_image_features", self_, [pixels], TENSOR,
                              at("llava", 458, 30, 48), "image_features")
        mask = op(g, "aten::eq", [ids], "llava", 466, 30, 47, "special_image_mask",
                  consts=(32000,))
        mask = op(g, "aten::unsqueeze", [mask], "llava", 466, 30, 61, "special_image_mask",
                  consts=(-1,))
        mask = op(g, "aten::expand_as", [mask, embeds], "llava", 467, 34, 38, "special_image_mask")
        embeds = op(g, "aten::masked_scatter", [embeds, mask, feats], "llava", 476, 29, 62,
                    "inputs_embeds")
    sub = g.get_submodule(self_, "language_model", lm, at("llava", 478, 19, 19))
    out = g.call_method(lm, "forward", sub, [embeds], TENSOR, at("llava", 478, 19, 70),
                        "outputs")
    ret(g, "llava", 512, 9, out, 14)
    yield g
    if not vision:
        return
    g = method(cls, "get_image_features", "llava", 278, [("pixel_values", TENSOR)])
    self_, pixels = g.args
    tower = cls.child("vision_tower")
    sub = g.get_submodule(self_, "vision_tower", tower, at("llava", 298, 32, 17))
    feats = g.call_method(tower, "forward", sub, [pixels], TENSOR,
                          at("llava", 298, 32, 67), "image_outputs")
    feats = op(g, "aten::unsqueeze", [feats], "llava", 303, 38, 40, "selected_image_feature",
               consts=(1,))
    feats = call(g, "llava", 309, 26, "multi_modal_projector", feats, "image_features")
    ret(g, "llava", 310, 9, feats, 21)
    yield g


def projector_graphs(cls):
    g = method(cls, "forward", "llava", 117, [("image_features", TENSOR)])
    x = g.args[1]
    x = call(g, "llava", 118, 25, "linear_1", x, "hidden_states")
    x = call(g, "llava", 119, 25, "act", x, "hidden_states")
    x = call(g, "llava", 120, 25, "linear_2", x, "hidden_states")
    ret(g, "llava", 121, 9, x)
    yield g


def causal_lm_graphs(cls):
    g = method(cls, "forward", "mixtral", 1262, [("inputs_embeds", TENSOR)])
    x = g.args[1]
    x = call(g, "mixtral", 1310, 19, "model", x, "outputs")
    x = call(g, "mixtral", 1324, 18, "lm_head", x, "logits")
    x = op(g, "aten::float", [x], "mixtral", 1325, 18, 14, "logits")
    ret(g, "mixtral", 1352, 9, x, 36)
    yield g


def model_graphs(cls):
    g = method(cls, "forward", "mixtral", 1005, [("inputs_embeds", TENSOR)])
    x = g.args[1]
    x = op(g, "aten::mul", [x], "mixtral", 1057, 25, 30, "hidden_states", consts=(1.0,))
    x = call(g, "mixtral", 1071, 25, "layers", x)
    x = call(g, "mixtral", 1108, 25, "norm", x)
    ret(g, "mixtral", 1119, 9, x, 40)
    yield g


def ckpt_graphs(cls):
    g = method(cls, "forward", "ckpt", 74, [("hidden_states", TENSOR)])
    inner = cls.child("_checkpoint_wrapped_module")
    sub = g.get_submodule(g.args[0], "_checkpoint_wrapped_module", inner,
                          at("ckpt", 77, 24, 32))
    x = g.call_method(inner, "forward", sub, [g.args[1]], TENSOR,
                      at("ckpt", 77, 24, 48), "hidden_states")
    ret(g, "ckpt", 77, 17, x, 55)
    yield g


def decoder_graphs(cls):
    g = method(cls, "forward", "mixtral", 849, [("hidden_states", TENSOR)])
    x = g.args[1]
    residual = x
    x = call(g, "mixtral", 876, 25, "input_layernorm", x)
    x = call(g, "mixtral", 879, 59, "self_attn", x)
    x = op(g, "aten::add", [residual, x], "mixtral", 887, 25, 24, "hidden_states",
           consts=(1,))
    residual = x
    x = call(g, "mixtral", 891, 25, "post_attention_layernorm", x)
    if cls.child("block_sparse_moe") is not None:
        x = call(g, "mixtral", 892, 42, "block_sparse_moe", x)
    else:
        x = call(g, "mixtral", 892, 42, "mlp", x)
    x = op(g, "aten::add", [residual, x], "mixtral", 893, 25, 24, "hidden_states",
           consts=(1,))
    ret(g, "mixtral", 903, 9, x, 14)
    yield g


def rmsnorm_graphs(cls):
    g = method(cls, "forward", "mixtral", 79, [("hidden_states", TENSOR)])
    self_, x = g.args
    dtype = op(g, "prim::dtype", [x], "mixtral", 80, 23, 19, "input_dtype")
    x = op(g, "aten::to", [x], "mixtral", 81, 25, 30, "hidden_states", consts=(6,))
    var = op(g, "aten::pow", [x], "mixtral", 82, 20, 19, "variance", consts=(2,))
    var = op(g, "aten::mean", [var], "mixtral", 82, 20, 38, "variance", consts=([-1], True))
    eps = g.constant(cls.constants["variance_epsilon"], at("mixtral", 83, 58, 21), "eps")
    var = op(g, "aten::add", [var, eps], "mixtral", 83, 52, 28, "v", consts=(1,))
    var = op(g, "aten::rsqrt", [var], "mixtral", 83, 41, 40)
    x = op(g, "aten::mul", [x, var], "mixtral", 83, 25, 56, "hidden_states")
    weight = g.get_attr(self_, "weight", TENSOR, at("mixtral", 84, 16, 11))
    x2 = op(g, "aten::to", [x, dtype], "mixtral", 84, 30, 28, "v")
    x = op(g, "aten::mul", [weight, x2], "mixtral", 84, 16, 42, "v")
    ret(g, "mixtral", 84, 9, x, 49)
    yield g


def attention_graphs(cls):
    c = cls.constants
    g = method(cls, "forward", "mixtral", 271, [("hidden_states", TENSOR)])
    self_, x = g.args
    size = op(g, "aten::size", [x], "mixtral", 280, 24, 20, "bsz")
    q = call(g, "mixtral", 282, 24, "q_proj", x, "query_states")
    k = call(g, "mixtral", 283, 22, "k_proj", x, "key_states")
    v = call(g, "mixtral", 284, 24, "v_proj", x, "value_states")
    q = op(g, "aten::view", [q, size], "mixtral", 286, 24, 72, "query_states", consts=([32, 128],))
    q = op(g, "aten::transpose", [q], "mixtral", 286, 24, 87, "query_states", consts=(1, 2))
    k = op(g, "aten::view", [k, size], "mixtral", 287, 22, 84, "key_states", consts=([8, 128],))
    k = op(g, "aten::transpose", [k], "mixtral", 287, 22, 99, "key_states", consts=(1, 2))
    v = op(g, "aten::view", [v, size], "mixtral", 288, 24, 86, "value_states", consts=([8, 128],))
    v = op(g, "aten::transpose", [v], "mixtral", 288, 24, 101, "value_states", consts=(1, 2))
    emb = call(g, "mixtral", 295, 20, "rotary_emb", v, "value_states")
    q = g.call_method(cls, "_apply_rotary", self_, [q, emb], TENSOR,
                      at("mixtral", 296, 24, 42), "query_states")
    k = g.call_method(cls, "_apply_rotary", self_, [k, emb], TENSOR,
                      at("mixtral", 297, 22, 40), "key_states")
    rep = g.constant(c["num_kv_groups"], at("mixtral", 304, 44, 25), "n_rep")
    k = g.call(F_REPEAT_KV, [k, rep], TENSOR, at("mixtral", 304, 22, 48), "key_states")
    v = g.call(F_REPEAT_KV, [v, rep], TENSOR, at("mixtral", 305, 24, 50), "value_states")
    if NORMS:
        out = eager_attention(g, q, k, v, c["sliding_window"])
    elif c["sliding_window"]:
        mask = op(g, "aten::triu", [q], "mixtral", 310, 27, 60, "causal_mask",
                  consts=(-c["sliding_window"],))
        out = op(g, "aten::scaled_dot_product_attention", [q, k, v, mask],
                 "mixtral", 316, 23, 41, "attn_output", consts=(0.0, False))
    else:
        out = op(g, "aten::scaled_dot_product_attention", [q, k, v], "mixtral", 316,
                 23, 41, "attn_output", consts=(0.0, True))
    out = op(g, "aten::transpose", [out], "mixtral", 324, 23, 29, "attn_output", consts=(1, 2))
    out = op(g, "aten::contiguous", [out], "mixtral", 324, 23, 42, "attn_output")
    out = op(g, "aten::reshape", [out, size], "mixtral", 325, 23, 51, "attn_output")
    out = call(g, "mixtral", 327, 23, "o_proj", out, "attn_output")
    ret(g, "mixtral", 332, 9, out, 43)
    yield g

    g = method(cls, "_apply_rotary", "mixtral", 262, [("states", TENSOR), ("emb", TENSOR)])
    self_, s, emb = g.args
    cos = op(g, "aten::cos", [emb], "mixtral", 263, 15, 9, "cos")
    sin = op(g, "aten::sin", [emb], "mixtral", 264, 15, 9, "sin")
    s = g.call(F_APPLY_ROTARY, [s, cos, sin], TENSOR, at("mixtral", 265, 16, 38), "v")
    ret(g, "mixtral", 265, 9, s, 45)
    yield g


def eager_attention(g, q, k, v, window):
    """MixtralAttention's eager path (transformers' `attn_implementation=
    "eager"`): scores, mask, softmax in float32, dropout (a no-op in eval),
    weighted sum."""
    kt = op(g, "aten::transpose", [k], "mixtral", 313, 49, 26, "v", consts=(2, 3))
    w = op(g, "aten::matmul", [q, kt], "mixtral", 313, 24, 52, "attn_weights")
    w = op(g, "aten::div", [w], "mixtral", 313, 24, 80, "attn_weights",
           consts=(11.313708498984761,))
    mask = op(g, "aten::triu", [q], "mixtral", 326, 27, 60, "causal_mask",
              consts=(-window if window else 1,))
    w = op(g, "aten::add", [w, mask], "mixtral", 327, 28, 31, "attn_weights", consts=(1,))
    dim = g.constant(-1, at("mixtral", 330, 55, 6), "dim")
    dtype = g.constant(6, at("mixtral", 330, 63, 19), "dtype")
    w = g.call(F_SOFTMAX, [w, dim, dtype], TENSOR, at("mixtral", 330, 24, 59),
               "attn_weights")
    w = op(g, "aten::to", [w], "mixtral", 330, 24, 81, "attn_weights", consts=(5,))
    p = g.constant(0.0, at("mixtral", 331, 63, 22), "p")
    training = g.constant(False, at("mixtral", 331, 96, 13), "training")
    w = g.call(F_DROPOUT, [w, p, training], TENSOR, at("mixtral", 331, 24, 86),
               "attn_weights")
    return op(g, "aten::matmul", [w, v], "mixtral", 332, 23, 41, "attn_output")


def layernorm_graphs(cls):
    # torch 1.13's LayerNorm.forward, at its true lines.
    g = method(cls, "forward", "normalization", 189, [("input", TENSOR)])
    self_, x = g.args
    shape = g.constant(cls.constants["normalized_shape"], at("normalization", 191, 20, 21),
                       "normalized_shape")
    weight = g.get_attr(self_, "weight", TENSOR, at("normalization", 191, 43, 11))
    bias = g.get_attr(self_, "bias", TENSOR, at("normalization", 191, 56, 9))
    eps = g.constant(cls.constants["eps"], at("normalization", 191, 67, 8), "eps")
    y = g.call(F_LAYER_NORM, [x, shape, weight, bias, eps], TENSOR,
               at("normalization", 190, 16, 0, 191, 76))
    ret(g, "normalization", 190, 9, y, 7)
    yield g


def layer_norm_function():
    g = function(F_LAYER_NORM, "functional", 2500,
                 [("input", TENSOR), ("normalized_shape", VALUE), ("weight", TENSOR),
                  ("bias", TENSOR), ("eps", VALUE)])
    x, shape, weight, bias, eps = g.args
    y = op(g, "aten::layer_norm", [x, shape, weight, bias, eps], "functional", 2515, 12, 97,
           consts=(True,))
    ret(g, "functional", 2515, 5, y, 104)
    return g


def softmax_function():
    g = function(F_SOFTMAX, "functional", 1811,
                 [("input", TENSOR), ("dim", VALUE), ("dtype", VALUE)])
    x, dim, dtype = g.args
    y = op(g, "aten::softmax", [x, dim, dtype], "functional", 1843, 15, 34, "ret")
    ret(g, "functional", 1844, 5, y, 10)
    return g


def dropout_function():
    g = function(F_DROPOUT, "functional", 1235,
                 [("input", TENSOR), ("p", VALUE), ("training", VALUE)])
    x, p, training = g.args
    inplace = g.constant(False, at("functional", 1235, 84, 21), "inplace")
    at_if = at("functional", 1252, 12, 76)

    def in_place(g):
        return [op(g, "aten::dropout_", [x, p, training], "functional", 1252, 12, 36)], at_if

    def out_of_place(g):
        return [op(g, "aten::dropout", [x, p, training], "functional", 1252, 57, 31)], at_if

    y = g.op("prim::If", [inplace], [TENSOR], at_if, "v", regions=[in_place, out_of_place])[0]
    ret(g, "functional", 1252, 5, y, 83)
    return g


def rotary_graphs(cls):
    g = method(cls, "forward", "mixtral", 197, [("x", TENSOR)])
    self_, x = g.args
    inv = g.get_attr(self_, "inv_freq", TENSOR, at("mixtral", 206, 27, 13))
    t = op(g, "aten::arange", [x], "mixtral", 204, 13, 60, "t", consts=(4096,))
    t = op(g, "aten::type_as", [t, inv], "mixtral", 204, 13, 74, "t")
    freqs = op(g, "aten::outer", [t, inv], "mixtral", 206, 17, 28, "freqs")
    emb = op(g, "aten::cat", [freqs, freqs], "mixtral", 208, 15, 36, "emb", consts=(-1,))
    emb = op(g, "aten::to", [emb, x], "mixtral", 209, 16, 20, "emb")
    ret(g, "mixtral", 209, 9, emb, 27)
    yield g


def moe_graphs(cls):
    c = cls.constants
    g = method(cls, "forward", "mixtral", 664, [("hidden_states", TENSOR)])
    self_, x = g.args
    x = op(g, "aten::view", [x], "mixtral", 668, 25, 40, "hidden_states", consts=([-1, 4096],))
    logits = call(g, "mixtral", 670, 25, "gate", x, "router_logits")
    w = op(g, "aten::softmax", [logits], "mixtral", 672, 26, 46, "routing_weights",
           consts=(1, 6))
    w = op(g, "aten::topk", [w], "mixtral", 673, 45, 50, "routing_weights",
           consts=(c["top_k"], -1))
    s = op(g, "aten::sum", [w], "mixtral", 674, 28, 38, "v", consts=([-1], True))
    w = op(g, "aten::div_", [w, s], "mixtral", 674, 9, 57, "routing_weights")
    final = op(g, "aten::zeros", [x], "mixtral", 678, 31, 80, "final_hidden_states")
    mask = op(g, "aten::one_hot", [w], "mixtral", 684, 23, 85, "expert_mask",
              consts=(c["num_experts"],))
    mask = op(g, "aten::permute", [mask], "mixtral", 684, 23, 97, "expert_mask",
              consts=([2, 1, 0],))
    experts = cls.child("experts")
    holder = g.get_submodule(self_, "experts", experts, at("mixtral", 688, 30, 12))
    for name, ecls in experts.children:
        sub = g.get_submodule(holder, name, ecls, at("mixtral", 688, 30, 28))
        idx = op(g, "aten::where", [mask], "mixtral", 689, 27, 36, "idx")
        cur = op(g, "aten::index", [x, idx], "mixtral", 694, 29, 42, "current_state")
        cur = op(g, "aten::reshape", [cur], "mixtral", 694, 29, 58, "current_state",
                 consts=([-1, 4096],))
        out = g.call_method(ecls, "forward", sub, [cur], TENSOR,
                            at("mixtral", 695, 43, 28), "current_hidden_states")
        out = op(g, "aten::mul", [out, w], "mixtral", 695, 43, 59, "current_hidden_states")
        final = op(g, "aten::index_add_", [final, idx, out], "mixtral", 699, 13, 76,
                   "final_hidden_states", consts=(0,))
    final = op(g, "aten::reshape", [final], "mixtral", 700, 31, 74, "final_hidden_states",
               consts=([1, -1, 4096],))
    ret(g, "mixtral", 701, 9, final, 47)
    yield g


def expert_graphs(cls):
    g = method(cls, "forward", "mixtral", 624, [("hidden_states", TENSOR)])
    x = g.args[1]
    a = call(g, "mixtral", 625, 47, "w1", x, "v")
    a = call(g, "mixtral", 625, 33, "act_fn", a, "v")
    b = call(g, "mixtral", 625, 62, "w3", x, "v")
    h = op(g, "aten::mul", [a, b], "mixtral", 625, 33, 47, "current_hidden_states")
    h = call(g, "mixtral", 626, 33, "w2", h, "current_hidden_states")
    ret(g, "mixtral", 627, 9, h, 28)
    yield g


def mlp_graphs(cls):
    g = method(cls, "forward", "mixtral", 59, [("x", TENSOR)])
    x = g.args[1]
    a = call(g, "mixtral", 60, 42, "gate_proj", x, "v")
    a = call(g, "mixtral", 60, 30, "act_fn", a, "v")
    b = call(g, "mixtral", 60, 60, "up_proj", x, "v")
    h = op(g, "aten::mul", [a, b], "mixtral", 60, 30, 46, "v")
    h = call(g, "mixtral", 60, 16, "down_proj", h, "down_proj")
    ret(g, "mixtral", 61, 9, h, 16)
    yield g


def embedding_graphs(cls):
    g = method(cls, "forward", "sparse", 159, [("input", TENSOR)])
    self_, x = g.args
    w = g.get_attr(self_, "weight", TENSOR, at("sparse", 161, 20, 11))
    y = op(g, "aten::embedding", [w, x], "sparse", 160, 16, 12, "v", consts=(-1, False))
    ret(g, "sparse", 160, 9, y, 19)
    yield g


def silu_graphs(cls):
    g = method(cls, "forward", "activation", 394, [("input", TENSOR)])
    self_, x = g.args
    inplace = g.constant(cls.constants["inplace"], at("activation", 395, 38, 12), "inplace")
    y = g.call(F_SILU, [x, inplace], TENSOR, at("activation", 395, 16, 35))
    ret(g, "activation", 395, 9, y, 42)
    yield g


def gelu_graphs(cls):
    g = method(cls, "forward", "activation", 683, [("input", TENSOR)])
    x = g.args[1]
    y = op(g, "aten::gelu", [x], "activation", 684, 16, 43, "v",
           consts=(cls.constants["approximate"],))
    ret(g, "activation", 684, 9, y, 50)
    yield g


def silu_function():
    g = function(F_SILU, "functional", 2038, [("input", TENSOR), ("inplace", VALUE)])
    x, inplace = g.args
    at_if = at("functional", 2057, 5, 0, 2059, 36)

    def in_place(g):
        return [op(g, "aten::silu_", [x], "functional", 2058, 16, 28)], at_if

    def out_of_place(g):
        return [op(g, "aten::silu", [x], "functional", 2059, 12, 27)], at_if

    y = g.op("prim::If", [inplace], [TENSOR], at_if, "v", regions=[in_place, out_of_place])[0]
    ret(g, "functional", 2059, 5, y, 34)
    return g


def rotate_half_function():
    g = function(F_ROTATE_HALF, "mixtral", 216, [("x", TENSOR)])
    x = g.args[0]
    x1 = op(g, "aten::slice", [x], "mixtral", 218, 10, 24, "x1", consts=(-1, 0, 64))
    x2 = op(g, "aten::slice", [x], "mixtral", 219, 10, 24, "x2", consts=(-1, 64))
    n = op(g, "aten::neg", [x2], "mixtral", 220, 23, 3, "v")
    y = op(g, "aten::cat", [n, x1], "mixtral", 220, 12, 27, "v", consts=(-1,))
    ret(g, "mixtral", 220, 5, y, 34)
    return g


def apply_rotary_function():
    g = function(F_APPLY_ROTARY, "mixtral", 224, [("q", TENSOR), ("cos", TENSOR),
                                                  ("sin", TENSOR)])
    q, cos, sin = g.args
    cos = op(g, "aten::unsqueeze", [cos], "mixtral", 245, 11, 30, "cos", consts=(1,))
    sin = op(g, "aten::unsqueeze", [sin], "mixtral", 246, 11, 30, "sin", consts=(1,))
    a = op(g, "aten::mul", [q, cos], "mixtral", 247, 15, 7, "v")
    r = g.call(F_ROTATE_HALF, [q], TENSOR, at("mixtral", 247, 26, 14), "v")
    b = op(g, "aten::mul", [r, sin], "mixtral", 247, 26, 20, "v")
    y = op(g, "aten::add", [a, b], "mixtral", 247, 14, 33, "q_embed", consts=(1,))
    ret(g, "mixtral", 249, 5, y, 22)
    return g


def repeat_kv_function():
    g = function(F_REPEAT_KV, "mixtral", 573, [("hidden_states", TENSOR), ("n_rep", VALUE)])
    x, n = g.args
    size = op(g, "aten::size", [x], "mixtral", 578, 53, 19, "v")
    x = op(g, "aten::unsqueeze", [x], "mixtral", 581, 21, 30, "hidden_states", consts=(2,))
    x = op(g, "aten::expand", [x, size, n], "mixtral", 581, 21, 82, "hidden_states")
    y = op(g, "aten::reshape", [x, size, n], "mixtral", 582, 12, 74, "v")
    ret(g, "mixtral", 582, 5, y, 81)
    return g


GRAPHS = dict(tv.GRAPHS)
GRAPHS.update({
    DDP: ddp_graphs, FSDP: fsdp_graphs, LLAVA: llava_graphs, PROJECTOR: projector_graphs,
    CAUSAL_LM: causal_lm_graphs, MODEL: model_graphs, CKPT: ckpt_graphs,
    DECODER: decoder_graphs, ATTENTION: attention_graphs, ROTARY: rotary_graphs,
    RMSNORM: rmsnorm_graphs, MOE: moe_graphs, EXPERT: expert_graphs, MLP: mlp_graphs,
    EMBEDDING: embedding_graphs, SILU: silu_graphs, GELU: gelu_graphs,
    LAYERNORM: layernorm_graphs,
    "torch.nn.modules.container.ModuleList": lambda cls: iter(()),
})

FUNCTIONS = dict(tv.FUNCTIONS)
FUNCTIONS.update({F_SILU: silu_function, F_ROTATE_HALF: rotate_half_function,
                  F_APPLY_ROTARY: apply_rotary_function, F_REPEAT_KV: repeat_kv_function,
                  F_LAYER_NORM: layer_norm_function, F_SOFTMAX: softmax_function,
                  F_DROPOUT: dropout_function})


# --------------------------------------------------------------------------
# Assembly and op counting
# --------------------------------------------------------------------------

def callees(graph):
    """The symbols a graph calls, once per call, in order."""
    out = []
    for line in graph.lines:
        i = line.find("tg.call")
        if i >= 0:
            j = line.index('@"', i)
            out.append(line[j:line.index('"', j + 2) + 1])
    return out


def inlined_counts(graphs):
    """(ops, depth histogram) of each graph once inlined: its own ops (the
    calls and, for callees, the return vanish) plus its callees', one frame
    deeper."""
    by_symbol = {tv.symbol(g.cls, g.method): g for g in graphs}
    memo = {}

    def count(sym):
        if sym in memo:
            return memo[sym]
        g = by_symbol[sym]
        calls = callees(g)
        hist = {0: g.num_ops - len(calls) - 1}   # minus the return
        for c in calls:
            for depth, n in count(c).items():
                hist[depth + 1] = hist.get(depth + 1, 0) + n
        memo[sym] = hist
        return hist

    return count


def generate(ops, seed):
    """The model text and its statistics for about `ops` inlined ops."""
    tv.FUNCTIONAL = True

    def make(layers, experts, vision_blocks):
        top = build_model(layers, experts, vision_blocks, seed)
        tv.TypeStore(True).get(top)
        classes = tv.classes_preorder(top, set(), [])
        graphs = []
        for cls in classes:
            for g in GRAPHS[cls.pyclass](cls):
                if cls.pyclass == tv.RESNET:
                    g.header = g.header.replace(" attributes {tg.entry}", "")
                graphs.append(g)
        functions = []
        for g in graphs:
            for sym in callees(g):
                name = sym[2:-1]
                if name in FUNCTIONS and name not in functions:
                    functions.append(name)
        i = 0
        while i < len(functions):   # functions calling functions
            for sym in callees(FUNCTIONS[functions[i]]()):
                if sym[2:-1] not in functions:
                    functions.append(sym[2:-1])
            i += 1
        graphs += [FUNCTIONS[name]() for name in functions]
        entry = tv.symbol(classes[0], "forward")
        hist = dict(inlined_counts(graphs)(entry))
        hist[0] += 2    # the entry graph itself and its return keep handles
        return graphs, classes, hist

    # Experts and vision depth grow slowly with the size, layers fill the rest
    # (a layer is ~50 ops dense, ~25 per expert in an MoE block).
    experts = 4 if ops < 20000 else 8 if ops < 200000 else 16 if ops < 2000000 else 32
    vision = 0 if ops < 5000 else max(2, min(36, ops // 30000))
    _, _, h1 = make(1, experts, vision)
    _, _, h9 = make(9, experts, vision)
    per_layer = (sum(h9.values()) - sum(h1.values())) / 8.0
    layers = max(1, int(round(1 + (ops - sum(h1.values())) / per_layer)))
    graphs, classes, hist = make(layers, experts, vision)
    return graphs, classes, hist, dict(layers=layers, experts=experts, vision=vision)


def render(graphs, classes, hist, params, ops, seed, norms=False):
    total = sum(hist.values())
    out = [
        "// A traced vision-language model (DDP > FSDP > LLaVA: a ResNet vision tower",
        "// and a Mixtral-style MoE language model) in tg IR, not inlined: one",
        "// tg.graph per method of each TorchScript class type and per free function.",
        "// %d classes, %d graphs, %d ops once inlined; %d decoder layers, %d experts," % (
            len(classes), len(graphs), total, params["layers"], params["experts"]),
        "// %d vision blocks in stage 3." % params["vision"],
        "// Generated by `python3 bench/gen_scale_model.py --ops %d --seed %d%s`; do not edit."
        % (ops, seed, " --norms" if norms else ""),
        "",
        "module {",
    ]
    body = []
    for g in graphs:
        body.append("\n".join("  " + line for line in g.text().split("\n")))
    out.append("\n\n".join(body))
    out.append("} " + at("llava", 237, 1, 42))
    return "\n".join(out) + "\n"


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--ops", type=int, default=10000,
                        help="approximate number of ops once inlined (default 10000)")
    parser.add_argument("--seed", type=int, default=1,
                        help="seed of the layer pattern (default 1)")
    parser.add_argument("-o", "--output", default="-", help="output file (default: stdout)")
    parser.add_argument("--norms", action="store_true",
                        help="LayerNorm (aten::layer_norm) for the norms and the eager "
                             "attention (aten::softmax, aten::dropout in eval) instead of "
                             "RMSNorm and scaled_dot_product_attention: what --tg-decompose "
                             "rewrites, at scale")
    parser.add_argument("--stats", action="store_true",
                        help="print classes, graphs, inlined ops and the call-depth "
                             "histogram to stderr")
    args = parser.parse_args(argv)
    if args.ops < 500:
        parser.error("--ops must be at least 500 (the smallest model)")
    global NORMS
    NORMS = args.norms
    graphs, classes, hist, params = generate(args.ops, args.seed)
    text = render(graphs, classes, hist, params, args.ops, args.seed, args.norms)
    if args.output == "-":
        sys.stdout.write(text)
    else:
        with open(args.output, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
    if args.stats:
        total = sum(hist.values())
        print("classes %d graphs %d ops %d layers %d experts %d vision_blocks %d" % (
            len(classes), len(graphs), total, params["layers"], params["experts"],
            params["vision"]), file=sys.stderr)
        print("depth " + " ".join("%d:%d" % (d, hist[d]) for d in sorted(hist)),
              file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
