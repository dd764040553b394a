//===- Passes.td - tracegraph passes -----------------------*- tablegen -*-===//
//
// Every tracegraph pass is declared here: its summary, its contract (what it
// reads, what it writes, what it guarantees about locations) and its options.
// docs/Passes/TGPasses.md is generated from this file.
//
//===----------------------------------------------------------------------===//

#ifndef TG_PASSES_PASSES_TD
#define TG_PASSES_PASSES_TD

include "mlir/Pass/PassBase.td"

def TGInline : Pass<"tg-inline", "mlir::ModuleOp"> {
  let summary = "Inline every method and function call into the entry graph";
  let description = [{
    Reads the `tg.graph` ops of the module and flattens the entry graph: every
    `tg.call_method` and `tg.call` reachable from it is inlined, recursively,
    top-down: each call is replaced by its callee's body as written, whose
    calls are inlined in turn, so every op is cloned once.

    When every reachable call matches its callee's signature and the
    regions nested in the callees are single-block SSA regions (what tracers
    write), the pass copies the callee bodies op by op in program order,
    expanding each call where it stands, so the flattened graph's ops are
    allocated in the order later passes walk them; otherwise (a type
    mismatch, a multi-block or graph region) each call goes through MLIR's
    inliner (`mlir::inlineCall` with tg's dialect inliner interface). Both
    give the same IR (only use-list orders, which bytecode records, can
    differ): `clone-in-order=false` forces the second way, for testing.

    The entry graph is `entry=<symbol>` when given; otherwise the graph marked
    with the unit attribute `tg.entry`; otherwise the only graph that no
    other graph calls. Anything else (no such graph, several candidates, an
    `entry` that names no graph) is an error that lists the candidates.

    Locations. Every inlined op (and every block argument of its nested
    regions) keeps its callee location `L` and gains one frame per inlined
    call, in MLIR's canonical call-site chain, innermost frame nearest the
    leaf:

    ```
    callsite(L at callsite(fused<#tg.frame<inner>>[L_inner_call]
                           at fused<#tg.frame<outer>>[L_outer_call]))
    ```

    A `tg.call_method` frame records `instance` = the submodule attribute
    name the receiver was read with (`tg.get_submodule`), `SELF` when the
    receiver is the calling graph's own `self`, or `INSTANCE_NAME_UNKNOWN`
    otherwise (PyTorch's `inlineCallTo` rules); `class` = the callee's
    class; `method` = the callee's method. A `tg.call` frame has empty
    `instance` and `class` (no module information; module paths print it as
    `UNKNOWN_INSTANCE(UNKNOWN_TYPE)`) and the function's name as `method`. A
    call without a location still gets its frame, around `loc(unknown)`;
    a `#tg.frame` already written on a call's location is replaced by the
    computed one. Ops of the entry graph itself are not changed.

    Errors: recursion among the graphs reachable from the entry (the
    diagnostic names the whole cycle), a call of an unknown symbol, a callee
    that cannot be inlined. The pass never leaves a half-inlined module when
    the call graph is invalid: it checks it before changing anything.

    With `remove-dead-graphs` (default true), the graphs reachable from the
    entry that no remaining op references afterwards are erased, so a model
    whose graphs all hang off the entry ends as one graph; with
    `remove-dead-graphs=false` they stay, flattened in place. Graphs not
    reachable from the entry are never changed.

    A call whose callee brings no op (a method TorchScript compiled to
    `return x`) leaves no op to carry its location as a frame: it is
    recorded as `#tg.origin_record<eliminated, pass = "tg-inline",
    op = "tg.call_method">` on the graph's location.

    What the importer knows only per instance or per call, the inlined
    program knows per op, and the pass applies it:
    - `tg.example_types` on the module (torch-to-tg `--example-input`): the
      static tensor type of each op's results per call path (call ordinals
      from the entry joined by `.`, `entry` for the entry graph) and op
      ordinal (pre-order in the graph as written), and of the arguments of
      each region's entry block (`"<ordinal>.r<region>"`: the values a loop
      carries). Each copied op gets its types; the entry graph's arguments and signature follow; the table is
      removed. Only when callee bodies are copied in order (a warning
      otherwise, and the types are dropped). A path's `ops` and `signature`
      are its graph's op count as imported and a hash of its ops' names in
      order: a graph with another count or signature was rewritten since
      (fused, decomposed, constants hoisted), its ordinals name other ops,
      and the pass fails rather than type them. An `args` entry that is a constant
      (`unit` for None, `true`, `3 : i64`, ...) is an argument the example
      run left at its default: its uses read that constant (the argument
      stays in the signature).
    - `tg.instance_attributes` (attributes whose value differs between
      instances of a class, by instance path): each `tg.get_attr` of the
      flattened entry whose receiver is such an instance becomes a
      `tg.constant` at the read's location.
    Then, unless `fold-control-flow=false`, the `prim::If` on constants
    are resolved as `--tg-fold-constant-control-flow` does (records name
    `tg-inline`).
  }];
  let options = [
    Option<"entry", "entry", "std::string", /*default=*/"\"\"",
           "Symbol of the graph to flatten (default: the tg.entry graph, "
           "else the only graph nobody calls)">,
    Option<"removeDeadGraphs", "remove-dead-graphs", "bool",
           /*default=*/"true",
           "Erase the graphs that are no longer referenced after inlining">,
    Option<"cloneInOrder", "clone-in-order", "bool", /*default=*/"true",
           "Copy callee bodies op by op in program order where possible "
           "(false: inline every call with mlir::inlineCall; same IR)">,
    Option<"foldControlFlow", "fold-control-flow", "bool", /*default=*/"true",
           "Resolve prim::If on constants once inlined, as "
           "--tg-fold-constant-control-flow does">,
  ];
}

def TGFoldConstantControlFlow
    : Pass<"tg-fold-constant-control-flow", "mlir::ModuleOp"> {
  let summary = "Replace each prim::If on a constant by the branch it takes";
  let description = [{
    TorchScript keeps `if inplace:` (a `__constants__` flag passed down as an
    argument) and `if self.training:` as `prim::If` in the method graphs,
    because a method graph is shared by every instance of its class. Once
    `--tg-inline` has flattened the program, the condition is a constant
    (torch-to-tg writes `self.training` as the constant of the mode it
    imported in), and the branch not taken hides every activation from
    fusion. This pass resolves them; `--tg-inline` runs the same step after
    inlining unless `fold-control-flow=false`.

    What it folds. A `tg.op "prim::If"` whose one operand is known without
    running the program: a constant `i1` (`tg.constant(true)`,
    `arith.constant false`), or a condition built from constants
    (`aten::__not__`, `__and__`, `__or__`, `__xor__`, comparisons of
    numbers and strings, `bool(x)`, integer arithmetic with Python's
    division, `len` and f-strings (`aten::format`) of known strings, `len`
    and `in` of lists built in place that nothing changes, `is None` /
    `is not None` (a tensor never is, nor a list built in place, a list's
    slice or copy, or a size), `x is x` (also through in-place
    ops), `x is y` false for different objects (tensors made anew by a layer
    norm, a linear or arithmetic; with static types, two arguments of the
    `tg.entry` graph or tensors of different types: cross-attention's
    `query is key`; docs/passes/fold-constant-control-flow.md says where
    this assumes the example run), and what a static tensor type says: `dim()`, `dtype`, `is_floating_point()`, `size(d)`, the shape
    as a list or unpacked); two single-block regions without arguments,
    each ended by a `tg.yield` of as many values as the If has results. The
    taken block's ops move before the If, in order, unchanged (locations and
    attributes included); the If's results are replaced by the yielded
    values, and the If is erased with the branch not taken. Where a branch
    yields a narrower type than the If declares (`!tg.tensor` for a
    `!tg.value`), a `tg.op "prim::unchecked_cast"` at the If's location
    bridges them, as the importer does. Nested Ifs are folded inside out, so
    an If whose condition another fold makes constant is folded too. Ifs on
    anything else are left as they are.

    Origins. Nothing is lost silently: every op of the branch not taken
    (nested ones included) and the If itself (unless a cast now computes its
    result) are recorded as `#tg.origin_record<eliminated, pass =
    "tg-fold-constant-control-flow" (or "tg-inline"), op = ...>` on the
    location of the enclosing `tg.graph` (the module outside graphs), where
    `--tg-verify-origins`, the debug section and `tg-symbolicate --source`
    find them. Records the removed ops carried move with them (the If's
    too when a cast takes its place: the cast gets the If's location without
    them, so each record is written once). The ops that
    stay keep their locations, so their module paths and tracebacks do not
    change.
  }];
}

def TGModuleHierarchy : Pass<"tg-module-hierarchy", "mlir::ModuleOp"> {
  // It builds tg attributes on any module, one that never loaded tg too.
  let dependentDialects = ["tg::TGDialect"];
  let summary = "Attach each op's PyTorch-style module path";
  let description = [{
    Reads the location of every op inside a function of the module or of a
    module nested in it (a `tg.graph`, or a `func.func` of upstream-dialect
    IR; terminators and declarations excepted) and attaches its module path
    as the attribute
    `tg.module_hierarchy`, in the form `format` selects, character for
    character as PyTorch prints it:

    * `profiler` (default): the TorchScript interpreter's form, as the
      profiler records it:
      `TOP(C)::forward.A0(A)::forward.SELF(A)::forward_impl_.SELF(A)::my_new_method.`
    * `mobile`: the mobile debug-handle form, ending with the op's name:
      `top(C)::<unknown>.B0(B)::foo.A0(A)::bar.aten::add`
    * `scope`: instances and classes only, as backend errors print it:
      `top(C).A0(A).AA0(AA)`

    The top of the path is the class and method of the graph that holds the
    op (a `func.func` gives its name and no class: `TOP()::net_forward.`); then one entry per inlined frame, outermost first, names
    looked through as tg-symbolicate looks through them (the frames of
    `loc("relu"(callsite(...)))` count; see
    docs/module-hierarchy.md for every rule and its PyTorch source). The
    op name of the mobile form is the `tg.op` operator name, or for other
    ops the TorchScript node kind they stand for (`prim::Constant`,
    `prim::GetAttr`, `prim::CallMethod`, `prim::CallFunction`), or the MLIR
    op name.

    The attribute is a `#tg.module_path`: the path as a chain of nodes shared
    by every op inlined through the same calls (tg ops print it as the plain
    string; docs/dialect.md), so the pass costs a walk plus O(1) per distinct
    call stack, never a whole path per op. An op whose location stands for
    several origins (a fused location) gets one path per origin: a string
    when they are all equal, else an array of the distinct paths in origin
    order. `tg::getModulePathTexts` reads every form.

    With `emit-remarks`, each op also gets a remark `module hierarchy: <path>`
    (paths joined by `; `), for FileCheck and `-verify-diagnostics`.
    Locations are not changed, and no op, block or use either: the pass
    preserves every analysis, so MLIR's pass manager skips its verifier
    after it (the paths are well-formed by construction). A `format` other than the three is refused
    by the option parser.
  }];
  let options = [
    Option<"format", "format", "::tg::ModulePathFormat",
           /*default=*/"::tg::ModulePathFormat::Profiler",
           "Form of the module path",
           [{::llvm::cl::values(
               clEnumValN(::tg::ModulePathFormat::Profiler, "profiler",
                          "The TorchScript interpreter's and profiler's form"),
               clEnumValN(::tg::ModulePathFormat::Mobile, "mobile",
                          "The mobile debug-handle form, ending with the op"),
               clEnumValN(::tg::ModulePathFormat::Scope, "scope",
                          "Instances and classes only, as backend errors "
                          "print it"))}]>,
    Option<"emitRemarks", "emit-remarks", "bool", /*default=*/"false",
           "Also emit a remark with the module path of every op">,
  ];
}

def TGDecompose : Pass<"tg-decompose", "mlir::ModuleOp"> {
  let summary = "Decompose composite aten ops into pointwise ops and reductions";
  let description = [{
    Rewrites the composite operators that Inductor decomposes before fusing
    into the pointwise operators and reductions (`aten::mean`, `aten::sum`,
    `aten::amax`) that `--tg-fuse-elementwise` fuses, for inference:

    | operator | becomes |
    | --- | --- |
    | `batch_norm` (training false) | `(x - mean) * rsqrt(var + eps) * weight + bias`, per-channel tensors viewed as `[C, 1, ...]` |
    | `batch_norm` (training true, no running statistics to update) | as `layer_norm` over every dim but the channels', then the per-channel affine (torch.fx's form of an instance norm with its input's statistics) |
    | `layer_norm` | `mean`, `sub`, `mul`, `mean`, `add`, `rsqrt`, `mul` over the normalized dims, then `* weight + bias` |
    | `group_norm` | the same over `[N, G, -1]`, viewed back, then the per-channel affine |
    | `instance_norm` | with the input's statistics (and no running ones to update): the same over the spatial dims of each sample and channel, then the per-channel affine; with the running ones (use_input_stats false): as `batch_norm` |
    | `var`, `std`, `var_mean`, `std_mean` (over a dim list; `unbiased` or a correction) | `mean`, `sub`, `mul`, `sum`, then `div` by N - correction (`sqrt`); the `_mean` forms also give the mean |
    | `logsumexp` | `amax` (an infinite one as 0), `sub`, `exp`, `sum`, `log`, `add` |
    | `norm` with p 1, 2 (or None) or inf (`F.normalize`'s) | `abs` and `sum`; `mul`, `sum`, `sqrt`; `abs` and `amax` |
    | `expand_as` of a tensor of static type | `expand` to its shape |
    | `selu` | `elu` with SELU's alpha and scale |
    | `prelu` | `where(x > 0, x, x * weight)`, the weight viewed as `[C, 1, ...]` |
    | `softmax`, `log_softmax` (dtype None); `_softmax`, `_log_softmax` (half_to_float false) | `amax`, `sub`, `exp`, `sum`, `div` (`log`, `sub`) |
    | `linear` with a bias | `linear` without it, then `add`: the bias joins the next kernel |
    | `addmm` | `mm`, then `add` (and `mul` by alpha when it is not 1) |
    | `dropout` and its feature, alpha and in-place forms (train false, or p 0) | the identity: the op is recorded as `eliminated` |
    | `masked_fill` | `where(mask, value, self)` |
    | `adaptive_avg_pool2d` to 1x1 | `mean` over the last two dims, kept |
    | `adaptive_avg_pool2d` to a size that divides the input's (static) | `reshape` to `[..., oh, H / oh, ow, W / ow]`, then `mean` over the two block dims |
    | `dim`, `size` of a tensor of static type | the constant its type gives |
    | `prim::ListConstruct` of ints, or of floats, known without running the program (constants, static sizes, integer arithmetic) | the constant list |
    | `aten::slice` of such a list, or of a static size, with known bounds and a positive step, that nothing changes afterwards (`x.shape[-2:]`, a segmentation head's upsampling size) | the constant list, at the slice's location |
    | an empty `prim::ListConstruct` that a `prim::Loop` of a known trip count (at most 64) fills with a known number, and nothing changes afterwards (`[scale_factor for _ in range(dim)]`, F.interpolate's scales in TorchScript) | the constant list; the loop and its body recorded as `eliminated` |
    | `prim::unchecked_cast` of a constant that is no tensor (F.interpolate's size in TorchScript) | the constant, at the cast's location |
    | `prim::TupleUnpack` of a `prim::TupleConstruct` (and the list form) | the values packed; the unpack (and a pack nothing else reads) recorded as `eliminated` |
    | an in-place pointwise write whose effect a later op reads through another value (`attn[:, :, 1:, 1:] += rel_pos`; `x.add_(y)` with `x` read again) | the out-of-place op, `slice_scatter` / `select_scatter` back into each viewed tensor, and the later reads rewired to the result (functionalization; only when provably the same program, and only without `ops`) |

    Then, without `ops`, the `prim::If` whose conditions those folds made
    known (F.interpolate's `len(size) != dim` check, once its size is a
    constant list) are resolved as `--tg-fold-constant-control-flow` does
    (records name `tg-decompose`).

    Each follows PyTorch's own decomposition (torch/_decomp/decompositions.py;
    docs/passes/decompose.md cites each and says where tracegraph differs).
    torch.fx's aten graphs (`torch-to-tg --fx`) hold the norms as
    `native_batch_norm`, `native_layer_norm` and `native_group_norm`, each
    returning a tuple (output, mean, rstd) read by `operator.getitem`: they
    decompose the same way when only the output is read, and the reads go
    with the op.

    Locations. Every op a decomposition creates, constants and views
    included, is built at the composite op's own location, its whole
    call-site chain: module paths (`--tg-module-hierarchy`) and tracebacks of
    the new ops equal the composite's, and `--tg-verify-origins` finds the
    composite's origin on each of them. A dropout in eval leaves nothing that
    computes it: its origin is recorded as `eliminated` by `tg-decompose` on
    the enclosing `tg.graph`, as the other folds record theirs.

    What is left alone. An op whose rewrite cannot be proven exact stays as
    it is: a batch_norm or dropout whose `training` flag is not the constant
    false (or true with running statistics, which PyTorch updates), a native
    norm whose statistics are read, a softmax with a dtype, a per-channel
    parameter whose broadcast
    needs an input rank the IR does not give (import with example inputs),
    a normalized shape or dim that is not a constant. Run after `--tg-inline`,
    which folds `self.training` and gives every tensor its example type.

    Errors: an operator in `ops` that the pass does not decompose, and an
    `ops=` that names none (leave it out for every operator).
  }];
  let options = [
    ListOption<"ops", "ops", "std::string",
               "Decompose only these operators (default: all of "
               "aten::batch_norm, native_batch_norm, layer_norm, "
               "native_layer_norm, group_norm, native_group_norm, "
               "instance_norm, var, std, var_mean, std_mean, logsumexp, norm, "
               "frobenius_norm, "
               "expand_as, selu, prelu, softmax, log_softmax, _softmax, "
               "_log_softmax, linear, addmm, dropout, feature_dropout, "
               "alpha_dropout, feature_alpha_dropout, masked_fill, "
               "adaptive_avg_pool2d, dim, size, prim::ListConstruct, "
               "slice (of a list), prim::unchecked_cast, prim::TupleUnpack, "
               "prim::ListUnpack)">,
  ];
}

def TGFuseElementwise : Pass<"tg-fuse-elementwise", "mlir::ModuleOp"> {
  let summary = "Fuse pointwise ops and reductions into kernels";
  let description = [{
    Reads every block of the module (graph bodies and nested regions, except
    the bodies of existing `tg.kernel` ops) and groups connected `tg.op` ops
    of the same block into one `tg.kernel` each. An op fuses when it has no
    regions and computes tensors (every result is a tensor, `!tg.tensor` or
    a builtin tensor type, and at least one operand is) and its operator is
    pointwise (in `ops`) or a reduction (in `reductions`) of its first
    operand over the constant dims of its second. The name alone is not
    enough: TorchScript's `aten::add` and `aten::mul` also compute sizes,
    lists and strings (`"AssertionError: " + msg`), which never join a
    kernel. Run `--tg-decompose` first: it turns batch norm, layer norm,
    softmax, linear's bias and dropout into ops this pass fuses.

    An op joins the groups of its operands' producers (merging them, which
    makes DAGs such as `add(relu(x), sigmoid(x))` or a layer norm one
    kernel) unless a group's results are already used by an op outside it
    that comes earlier: the kernel is placed where the group's last op was,
    so this rule keeps every use after its definition and never creates a
    cycle. A kernel holds reductions of one domain (the reduced tensor's type
    and dims): a reduction joins only groups of no domain or of its own, and
    groups of different domains are not merged. With `layout` (default),
    layout ops (`permute`, `transpose`, `contiguous`, `view`, `reshape`,
    `flatten`, `squeeze`, `unsqueeze`, `expand`, `slice`, `select`,
    `pixel_shuffle`, `pixel_unshuffle`, and `upsample_nearest1d/2d/3d`
    where PyTorch's float32 index is an integer multiple or fraction of the
    output index) of static types and constant dims join groups too (a
    kernel reads through them at a computed index), but do not count as
    ops: a group of layout ops alone is no kernel. So do linear upsamplings
    (`upsample_linear1d`, `upsample_bilinear2d`, `upsample_trilinear3d`)
    of static float32 types and constant `align_corners` and scales where PyTorch's
    float32 taps are an affine index of the output index (a kernel reads
    their taps there and weighs them as ATen does); they count as ops. Groups with fewer than
    `min-size` ops (default 1: nothing fusable runs outside a kernel) and
    groups whose results nothing reads are left alone.

    What it writes. Each group becomes a `tg.kernel` whose body holds copies
    of the group's ops (operator names, attributes such as `tg.debug_handle`
    and locations unchanged) reading the kernel's block arguments, one per
    value the group reads from outside (in first-use order), and yielding
    every result used outside the group (in program order); those uses now
    read the kernel's results. The originals are replaced through
    `tg::mergeOps` under a `tg::LocationPreservingListener`, the API offered
    to downstream rewrites.

    Kernel names follow compiled kernels (Inductor's `original_aten` naming):
    `fused_` + the distinct short operator names of the group (a decomposed
    op named by the composite it came from, `tg.decomposed_from`), sorted,
    with trailing `_` of in-place variants dropped, + `_<n>`, n counting
    kernels in the module in program order (`fused_add_batch_norm_relu_2`);
    names already taken by kernels in the module are skipped, so names stay
    unique.

    Locations. The kernel's location is
    `fused<#tg.kernel<"name">>[origins...]`: the full location (call-site
    chain intact) of every op it computes, flattened, deduplicated, in
    program order, however many (no bound, unlike the location-preserving
    listener's 64 for merged duplicates). The ops in the body keep their own locations, so each
    original location stays reachable from exactly the ops that compute it:
    the op in the body and its kernel. The output is deterministic (the pass
    runs once per module, in program order).

    Errors: an empty operator name in `ops` or `reductions`, an `ops=` or
    `reductions=` that names none (leave it out for the default set), or a
    `min-size` of 0, is rejected.
  }];
  let options = [
    ListOption<"ops", "ops", "std::string",
               "Operator names treated as elementwise (default: aten:: add, "
               "sub, mul, div, neg, relu, sigmoid, tanh, gelu, silu, exp, "
               "log, sqrt, rsqrt, abs, hardtanh, clamp, clamp_min, "
               "clamp_max, pow, relu6, leaky_relu, elu, softplus, erf, "
               "hardsigmoid, hardswish, mish, reciprocal, square, log1p, "
               "expm1, sin, cos, minimum, maximum, where, eq, ne, lt, le, gt, "
               "ge, logical_not, and their in-place forms; giving ops also "
               "drops the default reductions)">,
    ListOption<"reductionOps", "reductions", "std::string",
               "Operator names treated as reductions of their first operand "
               "over the constant dims of their second (default: aten:: mean, "
               "sum, amax, amin)">,
    Option<"fuseLayout", "layout", "bool", /*default=*/"true",
           "Fuse layout ops (permute, transpose, contiguous, view, reshape, "
           "flatten, squeeze, unsqueeze, expand, slice, select, "
           "pixel_shuffle, pixel_unshuffle, nearest upsampling) into the "
           "kernels around them (read at a computed index, as Inductor folds "
           "views), and linear upsampling (its taps read so)">,
    Option<"minSize", "min-size", "unsigned", /*default=*/"1",
           "Smallest group of ops that becomes a kernel (1: nothing "
           "fusable runs outside a kernel)">,
  ];
}

def TGProvenance : Pass<"tg-provenance", "mlir::ModuleOp"> {
  let summary = "Write the provenance map of fused kernels as JSON";
  let description = [{
    Reads the module (after fusion) and writes a JSON document to `path`
    (`-`, the default, is stdout) with two maps, as Inductor's provenance
    tracking does for its kernels (see docs/provenance.md):

    * `originalToKernels`: each original op -> the kernels that now hold it.
      An original op is an op in a kernel body (terminators excepted) or any
      other op of a graph (terminators and `tg.kernel` excepted), named by
      its `tg.debug_handle` (`handle:<n>`) when it has one, else by the
      stable name `<graph>/<operator>#<n>` (n counts ops of that operator in
      the graph, in walk order). Ops outside any kernel map to `[]`.
    * `kernelToOrigins`: each kernel name -> its origins, in the order of its
      location, each with the original op's name and operator (when an op of
      the body lists that origin) and its stack trace: `frames`, outermost
      first, each with `file`, `line`, `col`, `function` (the called method)
      and `instance`/`class` of the module; and `leaf`, the op's own
      `file`/`line`/`col`.

    Keys are sorted (llvm::json), so the output is deterministic. The IR is
    not changed. A `path` that cannot be written is an error.
  }];
  let options = [
    Option<"path", "path", "std::string", /*default=*/"\"-\"",
           "Output JSON file, or - for stdout">,
  ];
}

def TGSnapshotOrigins : Pass<"tg-snapshot-origins", "mlir::ModuleOp"> {
  // It builds tg attributes on any module, one that never loaded tg too.
  let dependentDialects = ["tg::TGDialect"];
  let summary = "Record every origin in the module for tg-verify-origins";
  let description = [{
    Collects the origins of every op's location (`tg::getOrigins`: each
    location a fused location lists, else the location itself; unknown
    locations skipped), deduplicated, in walk order, and stores them on the
    module as the array attribute `tg.origin_snapshot`. Terminators and
    functions (`tg.graph`, `func.func`) are skipped: they compute nothing,
    and inlining rightly drops them. A later `--tg-verify-origins` in the same pipeline checks
    that none was lost. Locations are not changed.

    With `terminators=true` the origins of terminators count too
    (`func.return`, `cf.br`, `scf.yield`, `linalg.yield` carry the Python line
    of a `return` or of a loop body's end): what `tg-opt --tg-account-origins`
    accounts for, and what docs/upstream-transforms.md says a lowering must
    keep.
  }];
  let options = [
    Option<"terminators", "terminators", "bool", /*default=*/"false",
           "Count the origins of terminators too">,
  ];
}

def TGStripOriginRecords : Pass<"tg-strip-origin-records", "mlir::ModuleOp"> {
  let summary = "Move the origin records out of the IR, into a file";
  let description = [{
    Removes every `#tg.origin_record` from every location (they sit on the
    module, or on a function a nested pass ran on) and, with `path`, writes
    them there first, one printed location per line, in walk order. For
    tools that cannot read tg attributes but must keep the records: Debian's
    `mlir-translate` turns `tg-compile-kernel --account-origins`'s llvm
    dialect into LLVM IR after it, and DWARF has no place for an origin no
    instruction computes. The rest of each location is left as it was, so
    the DWARF of the object is the same. `tg-opt --tg-account-origins`
    leaves this pass alone (the records leave on purpose).

    Errors when `path` cannot be written (the IR is then left unchanged).
  }];
  let options = [
    Option<"path", "path", "std::string", /*default=*/"",
           "Where to write the records (default: nowhere)">,
  ];
}

def TGVerifyOrigins : Pass<"tg-verify-origins", "mlir::ModuleOp"> {
  let summary = "Fail when an origin recorded by tg-snapshot-origins is lost";
  let description = [{
    Checks, and then removes, the `tg.origin_snapshot` attribute left by
    `--tg-snapshot-origins`: every recorded origin must have left the IR in
    one of the three accepted ways: still listed by some op's location (kept,
    or merged into a survivor), or named by a `#tg.origin_record` on any op's
    location (`eliminated`, or `merged` over a `max-origins` bound). Any
    other origin is lost. With `compare=full` (default) the whole origin must
    survive (its call-site chain included), where inlining may have put it:
    as the inner part of a longer call stack (the op was inlined: frames
    were added outside it), or ending at the call location of a frame (a
    call that was inlined lives on as its callee's frames); with
    `compare=leaf` only its leaf
    source position must, as the leaf or as the call location of a frame of
    some op's location, which is what survives passes that add or fold frames
    (`--tg-inline` turns a call's location into its frames' call location).
    Each lost origin is an error at that origin's own
    location, `origin lost: ...`, and the pass fails.

    Independently of a snapshot it checks every `tg.kernel`: unless its
    location is unknown (stripped), its location must be
    `fused<#tg.kernel<"name">>[...]` with its own name and list exactly the
    origins of the ops in its body (none missing, none extra); kernel names
    must be unique in the module.
    The IR is otherwise not changed.

    With `summary=true` it also reports, as a remark on the module, where
    the snapshot's origins are: `origins: N, on ops: H (on llvm ops: L), only
    in records: R, lost: X` (an origin both on an op and in a record counts
    as on an op). bench/origin_accounting.py tabulates it. Without a
    snapshot there is nothing to summarize: a warning says so.
  }];
  let options = [
    Option<"summary", "summary", "bool", /*default=*/"false",
           "Report where the snapshot's origins are, as a remark">,
    Option<"compare", "compare", "::tg::OriginComparison",
           /*default=*/"::tg::OriginComparison::Full",
           "What must survive of each origin",
           [{::llvm::cl::values(
               clEnumValN(::tg::OriginComparison::Full, "full",
                          "The whole origin, its call-site chain included"),
               clEnumValN(::tg::OriginComparison::Leaf, "leaf",
                          "Its leaf source position only"))}]>,
  ];
}

def TGAssignDebugHandles : Pass<"tg-assign-debug-handles", "mlir::ModuleOp"> {
  // It builds tg attributes on any module, one that never loaded tg too.
  let dependentDialects = ["tg::TGDialect"];
  let summary = "Give every op a unique integer debug handle (tg.debug_handle)";
  let description = [{
    Sets the `i64` attribute `tg.debug_handle` on every op nested in the
    module (the module itself has none: its location is kept by the debug
    section separately). Handles are unique in the module, dense from 0 and
    given in pre-order walk order, so the same input always gets the same
    handles, with threads on or off.

    By default every op is renumbered. With `keep-existing=true`, an op that
    already has a valid handle (a non-negative integer) keeps it and every
    other op gets a fresh handle after the largest existing one, in walk
    order; a handle used twice is an error at the second op (with a note at
    the first), and the pass fails. A `tg.debug_handle` that is not a
    non-negative integer is an error in both modes.

    Locations are not read or changed, and no op, block or use either: the
    pass preserves every analysis, so MLIR's pass manager skips its verifier
    after it (the handles are well-formed by construction).
    `--tg-emit-debug-section` needs handles on every op.
  }];
  let options = [
    Option<"keepExisting", "keep-existing", "bool", /*default=*/"false",
           "Keep valid existing handles; number only ops without one">,
  ];
}

def TGEmitDebugSection : Pass<"tg-emit-debug-section", "mlir::ModuleOp"> {
  let summary = "Write every location into a compact binary debug section";
  let description = [{
    Writes the debug section (docs/debug-section-format.md) of the module to
    `path`: for each `tg.debug_handle`, the op's full location (source
    positions, inlined call stacks with their `#tg.frame` module frames,
    names, fused locations with `#tg.kernel` or other metadata), the op's
    name and its top graph's class and method (for module paths); the
    locations of block arguments keyed by (handle, region, block, index);
    and the module's own location. Strings, positions, module frames and
    call-stack prefixes are stored once.

    Reads locations and handles; does not change the IR, so
    `-strip-debuginfo` after it leaves only handles, and
    `--tg-restore-debuginfo` brings back byte-identical locations.

    Errors (and no file) when `path` is missing or cannot be written, when
    `compress=true` is given with `format-version=1` or `2`, when
    an op has no valid handle or two ops share one, or when a location
    cannot be represented exactly (`OpaqueLoc`, fused metadata that does not
    print and parse back to itself): the written section is decoded and
    compared with the module before the pass succeeds, so nothing is lost
    silently. The output is byte-identical across runs and thread settings.

    The handle, stack-node and location tables are block-coded; the writer
    codes each with 64, 128 and 256 rows per block and keeps the smallest
    (which one wins depends on how the model's layers repeat), unless
    `handles-per-block` fixes the handle table's. A section of at most
    256 KiB is then stored compressed (its header, then the rest as one zstd
    frame) when that is smaller, unless `compress=false`: readers decompress
    it once at open and read it as any other; larger sections are read in
    place, zero-copy.

    Every format-3 section carries a build ID (format 3.1), its identity:
    by default the first 20 bytes of the BLAKE3 hash of the section as it
    is without one, so equal contents get equal IDs; `build-id=HEX` gives
    one (for example the model's own version hash), `build-id=none` writes
    none (minor version 0: 5.0 by default, 3.0 with `format-version=3`).
    `tg-symbolicate --print-build-id` prints it and `--expect-build-id`
    refuses a section of another build. With `elf=true` the file is an ELF
    container: the section in `.debug_tracegraph` and the build ID as the
    file's GNU build ID, which debuginfod servers index and serve as debug
    info (`tg-symbolicate --build-id`). Every reader reads a container like
    a plain section.

    Origin records (`#tg.origin_record`: origins of ops erased as dead, or
    merged over a `max-origins` bound) are rows of a table of their own
    (format 3.2), not part of the location written for the op holding them
    (the module, a graph): a lookup of its handle gives its own frames,
    `tg-symbolicate --source` finds the records, and
    `--tg-restore-debuginfo` appends them back. `records-apart=false` writes
    them inside those locations, as 3.1 did.
  }];
  let options = [
    Option<"path", "path", "std::string", /*default=*/"\"\"",
           "Output file of the debug section (required; - is stdout, where the "
           "printed IR goes too unless -o names a file)">,
    Option<"embedSource", "embed-source", "bool", /*default=*/"false",
           "Embed the referenced source lines (only those) for tracebacks">,
    Option<"sourceRoot", "source-root", "std::string", /*default=*/"\"\"",
           "Directory that relative source file names are read from">,
    Option<"handlesPerBlock", "handles-per-block", "unsigned",
           /*default=*/"0",
           "Handle-table entries per coded block (lookup cost vs size); 0 "
           "(default): the smallest table of 64, 128 or 256">,
    Option<"compress", "compress", "bool", /*default=*/"true",
           "Store a small section (at most 256 KiB) as one zstd frame when "
           "that is smaller (stream-coded tables: 5.0 with STREAM_TABLES, "
           "4.0 with format-version=4, the 3.x image with format-version=3); "
           "readers decompress it at open. Formats 1 and 2 are never "
           "compressed: compress=true with them is an error">,
    Option<"formatVersion", "format-version", "unsigned", /*default=*/"5",
           "Major format version to write: 5 (current: numbered strings and "
           "chained patches; small sections compressed with stream tables), "
           "4 for readers that predate 5.0 (small sections compressed in "
           "4.0, the others in 3.x), 3 for readers that predate 4.0, 2 for "
           "readers that predate 3.0, or 1 for readers that predate 2.0 "
           "(O(size) open, about 4x larger)">,
    Option<"buildId", "build-id", "std::string", /*default=*/"\"\"",
           "The section's build ID (format 3.1): hex digits, or empty "
           "(default) for a hash of the contents, or 'none' for none (minor "
           "version 0 of the format written)">,
    Option<"elf", "elf", "bool", /*default=*/"false",
           "Write an ELF container (the section in .debug_tracegraph, the "
           "build ID as the GNU build ID) that debuginfod servers index">,
    Option<"recordsApart", "records-apart", "bool", /*default=*/"true",
           "Format 3: keep origin records as rows of their own, apart from "
           "the locations of the ops holding them (3.2, RECORDS); "
           "false writes them inside those locations, as 3.1 did, for 3.1 "
           "readers that restore locations">,
  ];
}

def TGRestoreDebugInfo : Pass<"tg-restore-debuginfo", "mlir::ModuleOp"> {
  // It builds tg attributes on any module, one that never loaded tg too.
  let dependentDialects = ["tg::TGDialect"];
  let summary = "Restore locations from a debug section by debug handle";
  let description = [{
    Reads the debug section at `path` (written by `--tg-emit-debug-section`)
    and sets the location of every op that has a `tg.debug_handle` to the
    one recorded for that handle, the locations of the block arguments of
    that op's regions (those the section lists; the others become unknown,
    as they were when written), and the module's own location, with the
    origin records a 3.2 section keeps apart appended back to the ops that
    held them. Ops without
    a handle keep their locations. After `emit -> -strip-debuginfo -> restore`, the module
    prints byte-identically to the original with `-mlir-print-debuginfo`.

    Errors when `path` is missing, when the file is not a valid section
    (truncated, wrong magic, unknown major version, checksum mismatch,
    malformed records: the message says what was expected at which offset),
    when a handle has no entry, or when a block-argument entry names a
    region, block or argument the op does not have.
  }];
  let options = [
    Option<"path", "path", "std::string", /*default=*/"\"\"",
           "Debug section to read (required)">,
  ];
}


//===----------------------------------------------------------------------===//
// Upstream transforms that keep every origin
//===----------------------------------------------------------------------===//

defvar TGMaxOriginsOption =
    Option<"maxOrigins", "max-origins", "unsigned", /*default=*/"64",
           "At most this many origins in one op's location (0: no bound); "
           "the rest are recorded as merged, never dropped">;

def TGCanonicalize : Pass<"tg-canonicalize"> {
  let summary = "-canonicalize that keeps every origin";
  let description = [{
    Upstream `-canonicalize`, origin for origin: the same patterns (every
    loaded dialect's and every registered op's canonicalization patterns,
    filtered by `disable-patterns`/`enable-patterns`), the same greedy driver
    and folding, the same options, with `tg::LocationPreservingListener`
    attached. With locations stripped its output is byte-identical to
    `-canonicalize`'s.

    Every op that leaves the IR keeps its origin:
    - replaced by new ops (a pattern's result, a materialized constant): they
      list its location;
    - replaced by an existing value or op (a fold to an operand or to an
      existing constant, constant deduplication): the survivor's location
      gains it, also where MLIR's folder resets a reused constant's location
      to `unknown`; a producer that dies after the rewrite of its user is
      given to what that rewrite created;
    - erased as dead, or folded to a block argument: recorded as
      `fused<#tg.origin_record<eliminated, pass = "tg-canonicalize", op = ...>>[origin]`
      on the location of the op the pass runs on.
    A location lists at most `max-origins` origins; the others are recorded
    as `merged` into it. `--tg-verify-origins` accepts exactly these outcomes.
  }];
  let dependentDialects = ["tg::TGDialect"];
  let options = [
    Option<"topDownProcessingEnabled", "top-down", "bool",
           /*default=*/"true",
           "Seed the worklist in general top-down order">,
    Option<"regionSimplifyLevel", "region-simplify",
           "mlir::GreedySimplifyRegionLevel",
           /*default=*/"mlir::GreedySimplifyRegionLevel::Normal",
           "Perform control flow optimizations to the region tree",
           [{::llvm::cl::values(
               clEnumValN(mlir::GreedySimplifyRegionLevel::Disabled, "disabled",
                "Don't run any control-flow simplification."),
               clEnumValN(mlir::GreedySimplifyRegionLevel::Normal, "normal",
                "Perform simple control-flow simplifications (e.g. dead args elimination)."),
               clEnumValN(mlir::GreedySimplifyRegionLevel::Aggressive, "aggressive",
                "Perform aggressive control-flow simplification (e.g. block merging).")
              )}]>,
    Option<"maxIterations", "max-iterations", "int64_t", /*default=*/"10",
           "Max. iterations between applying patterns / simplifying regions">,
    Option<"maxNumRewrites", "max-num-rewrites", "int64_t", /*default=*/"-1",
           "Max. number of pattern rewrites within an iteration">,
    Option<"testConvergence", "test-convergence", "bool", /*default=*/"false",
           "Test only: Fail pass on non-convergence to detect cyclic pattern">,
    ListOption<"disabledPatterns", "disable-patterns", "std::string",
               "Labels of patterns that should be filtered out during"
               " application">,
    ListOption<"enabledPatterns", "enable-patterns", "std::string",
               "Labels of patterns that should be used during"
               " application, all other patterns are filtered out">,
    TGMaxOriginsOption,
  ];
}

def TGCSE : Pass<"tg-cse"> {
  let summary = "-cse that keeps every origin";
  let description = [{
    Upstream `-cse` (`mlir::eliminateCommonSubExpressions`, the same driver)
    with `tg::LocationPreservingListener` on its rewriter: an op replaced by
    an equivalent earlier op gives that survivor its origin (upstream keeps
    the survivor's location only), and the survivor's location lists both.
    With locations stripped its output is byte-identical to `-cse`'s. Ops
    CSE erases as dead are recorded as `eliminated` (see `--tg-canonicalize`);
    a location lists at most `max-origins` origins, the rest are recorded as
    `merged` into it.
  }];
  let dependentDialects = ["tg::TGDialect"];
  let options = [TGMaxOriginsOption];
}

def TGLinalgFuseElementwise : Pass<"tg-linalg-fuse-elementwise"> {
  let summary = "-linalg-fuse-elementwise-ops that keeps every origin";
  let description = [{
    Upstream `-linalg-fuse-elementwise-ops`, pattern for pattern (elementwise
    op fusion with the same control function, reshape folding by expansion,
    expand-shape bubbling, the same canonicalization and constant-folding
    patterns, the same top-down greedy driver), with
    `tg::LocationPreservingListener` attached. Upstream builds the fused
    `linalg.generic` at the consumer's location and the producer's location
    is lost; here the fused op lists the origins of every op it computes, in
    program order of the rewrites. With locations stripped its output is
    byte-identical to upstream's. Dead ops are recorded as `eliminated`;
    a location lists at most `max-origins` origins, the rest are recorded as
    `merged` into it.
  }];
  let dependentDialects = [
    "mlir::affine::AffineDialect", "mlir::linalg::LinalgDialect",
    "mlir::memref::MemRefDialect", "tg::TGDialect"
  ];
  let options = [TGMaxOriginsOption];
}

//===----------------------------------------------------------------------===//
// Native code: DWARF with the Python frames (the reference lowering to
// linalg, --tg-extract-kernels, is in tg/Conversion/Passes.td)
//===----------------------------------------------------------------------===//

def TGExportLLVMDebugInfo : Pass<"tg-export-llvm-debuginfo", "mlir::ModuleOp"> {
  let summary = "Turn Python call stacks into LLVM debug scopes (DWARF)";
  let description = [{
    Rewrites the locations of every function in the module so that MLIR's
    translation to LLVM IR (`mlir-translate --mlir-to-llvmir`) emits DWARF
    in which each instruction carries its op's whole Python stack: gdb,
    llvm-symbolizer and perf then show the Python frames with no tracegraph
    tool in the loop. Runs on any IR whose locations tracegraph built
    (after `--tg-inline`, fusion, handles), before or after lowering to the
    llvm dialect; locations stay plain MLIR locations.

    What it builds (as `#llvm.di_*` attributes in fused-location metadata,
    the form the translation reads):
    - one `DICompileUnit` for the module (language `language`, producer
      `producer`), a `DIFile` per Python source;
    - for each function, its `DISubprogram`: named after the Python method
      it computes (`tg.traced_from`, a `tg.graph`'s method, or the symbol),
      with the function's symbol as linkage name, in the file of its first
      op's outermost position, or of the function's own position when some
      op is in that file too (a helper's op can come first);
    - for each `#tg.frame`, a `DISubprogram` named after the Python function
      (`forward`) whose linkage name is its module path:
      `layer1.0.conv1(Conv2d)::forward` (instance names from the entry,
      `SELF` calls adding none; `ResNet::_forward_impl` for a method of the
      entry module itself; a free function's own name);
    - each call-site chain becomes `callsite` locations whose callee sides
      are scoped by those subprograms, which the translation emits as an
      `inlinedAt` chain; a position in another file than its scope's gets a
      `DILexicalBlockFile`;
    - a fused location (a kernel's origins, a merge by a pass) keeps each
      origin's stack; the translation merges them, so only the ops that sit
      on one origin (every op inside a kernel) keep a single one.

    Unknown locations stay unknown. A function that already has a
    `DISubprogram` is left alone, so the pass is idempotent. `language` is
    one of the `DW_LANG_*` names of LLVM's DWARF table; the option parser
    refuses any other.
  }];
  let dependentDialects = ["mlir::LLVM::LLVMDialect"];
  let options = [
    // Every DW_LANG_* name LLVM knows (llvm/BinaryFormat/Dwarf.def): too
    // many to spell out here, so Passes.h lists them from LLVM's table.
    Option<"language", "language", "::llvm::dwarf::SourceLanguage",
           /*default=*/"::llvm::dwarf::DW_LANG_Python",
           "DWARF source language of the compile unit (DW_LANG_*)",
           [{::tg::getDWARFLanguageValues()}]>,
    Option<"producer", "producer", "std::string", /*default=*/"\"tracegraph\"",
           "DW_AT_producer of the compile unit">,
  ];
}

def TGExportPTXLineChains
    : Pass<"tg-export-ptx-line-chains", "mlir::ModuleOp"> {
  let summary = "Turn Python call stacks into PTX line-info chains";
  let description = [{
    The GPU counterpart of `--tg-export-llvm-debuginfo`. LLVM 22's NVPTX
    backend writes no `inlined_at` into PTX, so DWARF-style inlined scopes
    would reach ptxas as their innermost line only. Instead, every distinct
    call chain of the module's functions (their ops' Python stacks, named as
    `--tg-export-llvm-debuginfo` names DWARF frames: the kernel's symbol
    outermost, then module paths such as `layer1.0.relu(ReLU)::forward`)
    gets an id from 1, and each op's location becomes line `id` of the
    placeholder file `chain-file`, in a compile unit that emits line
    directives only. llc then writes one placeholder `.loc` per chain change,
    and `tg-ptx-lineinfo --chains=<path>` replaces each by its chain
    (`.loc` per level with `function_name` and `inlined_at`;
    docs/gpu-debugging.md). The chains go to `path` as JSON.

    A location with several origins (loads, stores and loops carry the
    kernel's fused location) gets the levels its origins all share, the
    kernel's outermost call at least; one with no position gets line 0.
    Runs after lowering to the llvm dialect, as the last pass.
  }];
  let dependentDialects = ["mlir::LLVM::LLVMDialect"];
  let options = [
    Option<"path", "path", "std::string", /*default=*/"\"\"",
           "Where to write the line-chain table (JSON; required)">,
    Option<"chainFile", "chain-file", "std::string",
           /*default=*/"\"<tg-line-chains>\"",
           "Name of the placeholder file whose line N is chain N">,
  ];
}

def TGKeepCompareRows : Pass<"tg-keep-compare-rows"> {
  let summary = "Give a compare that a select reads a line-table row of its own";
  let description = [{
    x86 instruction selection folds a compare whose result only a select
    reads into that select (`ucomiss` and a blend, or a `cmov`), at `llc -O0`
    as at `-O2`, and the folded instructions carry the select's location.
    When the two come from different source ops (`mask == 0` feeding
    `masked_fill`, `attn_mask != 0` in Swin's shifted windows), the compare's
    source position then has no row in the line table: a debugger or
    llvm-symbolizer cannot name it, although the debug section has its
    handle.

    This pass runs on the llvm dialect, after the lowering. For each
    `llvm.fcmp` or `llvm.icmp` on scalars whose result a `llvm.select` of
    another location reads as its condition, it widens the result to `i8`
    (`llvm.zext`, at the compare's location), passes that to
    `llvm.fake.use` (at the compare's location), and gives the select
    `llvm.trunc` of it (at the select's location). Fast instruction
    selection (`llc -O0`) then materializes the compare (`setcc`) for the
    `zext`; at `-O2`, LLVM's own pipeline folds the `zext`/`trunc` pair away
    and `llvm.fake.use` (what clang's `-fextend-variable-liveness` emits)
    keeps the compare materialized, which fast instruction selection would
    drop. Measured on the decoder's masked softmax kernel and a loop of
    `fcmp` + `select` (docs/native-debugging.md): every compare gets its
    row at both levels, for a few bytes of code per compare.

    Compares that feed branches, and selects at the compare's own location
    (one op's lowering: `relu` as compare and select), are left alone, as
    are vector compares.
  }];
  let dependentDialects = ["mlir::LLVM::LLVMDialect"];
}

#endif // TG_PASSES_PASSES_TD
