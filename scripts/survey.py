#!/usr/bin/python3
"""Runs the importer over torchvision's classification models and measures
debug-data sizes; prints one JSON object per model (docs/torch-import.md's
tables are made from it).

  scripts/survey.py --tg-opt build/bin/tg-opt --workdir /tmp/survey [NAME ...] > survey.jsonl

For each model (random weights): torch.jit.script; import with torch-to-tg;
tg-opt verifies it, inlines it and attaches module paths, which are compared
with the lite interpreter's (compare_module_paths); sizes of PyTorch's debug
data (.debug_pkl members of the torch.jit.save archive;
callstack_debug_map.pkl and all debug members of the lite-interpreter
archive), and of tracegraph's debug section for the inlined entry graph,
without and with embedded source lines. Each model runs in its own process.
"""

import argparse
import json
import os
import subprocess
import sys
import time
import zlib

# The importer: the package tracegraph of the source tree.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.realpath(__file__))),
                                "python"))


def one(name, tg_opt, workdir):
    import torch

    from tracegraph.torch import cli, mobile_debug
    from tracegraph.torch import compare_module_paths as cmp

    out = {"model": name}
    torch.manual_seed(0)
    model = cli.torchvision_model(name)
    # Only the program matters, not the weights: keep the archives small.
    with torch.no_grad():
        for p in list(model.parameters()) + list(model.buffers()):
            p.data = p.data.new_empty((0,))
    model.eval()
    t0 = time.time()
    try:
        scripted = torch.jit.script(model)
    except Exception as e:
        out["script"] = "rejected: " + str(e).strip().splitlines()[0][:200]
        return out
    out["script"] = "ok"
    base = os.path.join(workdir, name)
    pt, ptl, mlir = base + ".pt", base + ".ptl", base + ".mlir"
    scripted.save(pt)
    scripted._save_for_lite_interpreter(ptl, _save_mobile_debug_info=True)
    try:
        text = cli.import_torchscript(scripted, builtin_frames=False)
    except Exception as e:
        out["import"] = "error: " + str(e)[:300]
        return out
    with open(mlir, "w") as f:
        f.write(text)
    out["import"] = "ok"
    out["import_seconds"] = round(time.time() - t0, 2)
    out["graphs"] = text.count("\ntg.graph ") + text.startswith("tg.graph ")
    res = subprocess.run([tg_opt, mlir, "-o", "/dev/null"], capture_output=True, text=True)
    out["verifies"] = res.returncode == 0
    if res.returncode:
        out["verify_error"] = res.stderr[:400]
        return out
    # Module paths against PyTorch's.
    _, reference = mobile_debug.mobile_op_paths(ptl)
    # Op by op against PyTorch's program, which keeps its constant branches.
    res = subprocess.run([tg_opt, mlir,
                          "--tg-inline=remove-dead-graphs=true fold-control-flow=false",
                          "--tg-module-hierarchy=format=mobile"], capture_output=True, text=True)
    if res.returncode:
        out["paths"] = "tg-opt failed: " + res.stderr[:300]
        return out
    ours = cmp.tg_op_paths(res.stdout, with_nesting=True)
    ref_aten = [(k, p) for k, p in reference if k.startswith("aten::")]
    our_aten = [o for o in ours if o[0].startswith("aten::")]
    pairs, unmatched = cmp.align(ref_aten, our_aten,
                                 lambda r, o: (r[0], r[1]) == (o[0], o[1]) or
                                 cmp.block_defect(r, o))
    exact = sum(1 for i, j in pairs if ref_aten[i][1] == our_aten[j][1])
    out.update({"pytorch_aten_ops": len(ref_aten), "tg_aten_ops": len(our_aten),
                "paths_exact": exact, "paths_block_defect": len(pairs) - exact,
                "paths_differ": len(unmatched)})
    # Sizes.
    out["pt_debug_pkl"] = mobile_debug.torchscript_debug_sizes(pt)
    callstack, all_debug = mobile_debug.lite_debug_sizes(ptl)
    out["ptl_callstack_debug_map"] = callstack
    out["ptl_all_debug"] = all_debug
    out["ptl_forward_handles"] = mobile_debug.handle_share(ptl)
    for key, extra in (("tg_section", []), ("tg_section_embed_source", ["embed-source=true"])):
        sec = base + (".src" if extra else "") + ".tgds"
        opts = " ".join(["path=" + sec] + extra)
        res = subprocess.run([tg_opt, mlir, "--tg-inline=remove-dead-graphs=true",
                              "--tg-assign-debug-handles",
                              "--tg-emit-debug-section=" + opts, "-o", "/dev/null"],
                             capture_output=True, text=True)
        if res.returncode:
            out[key] = "failed: " + res.stderr[:300]
            continue
        data = open(sec, "rb").read()
        out[key] = [len(data), len(zlib.compress(data, 6))]
    return out


def share(name, workdir):
    import torch

    from tracegraph.torch import cli, mobile_debug
    model = cli.torchvision_model(name)
    with torch.no_grad():
        for p in list(model.parameters()) + list(model.buffers()):
            p.data = p.data.new_empty((0,))
    model.eval()
    try:
        scripted = torch.jit.script(model)
    except Exception:
        return {"model": name}
    ptl = os.path.join(workdir, name + ".ptl")
    scripted._save_for_lite_interpreter(ptl, _save_mobile_debug_info=True)
    return {"model": name, "ptl_forward_handles": mobile_debug.handle_share(ptl)}


def main(argv):
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--tg-opt", required=True)
    p.add_argument("--workdir", required=True)
    p.add_argument("--one", help=argparse.SUPPRESS)
    p.add_argument("--share-only", action="store_true",
                   help="only the share of forward's debug handles in the lite archive")
    p.add_argument("--timeout", type=int, default=900)
    p.add_argument("models", nargs="*")
    args = p.parse_args(argv)
    os.makedirs(args.workdir, exist_ok=True)
    if args.one:
        if args.share_only:
            print(json.dumps(share(args.one, args.workdir)))
        else:
            print(json.dumps(one(args.one, os.path.abspath(args.tg_opt), args.workdir)))
        return 0
    names = args.models
    if not names:
        import torchvision.models as models
        names = models.list_models(module=models)
    for name in names:
        try:
            res = subprocess.run([sys.executable, __file__, "--tg-opt", args.tg_opt,
                                  "--workdir", args.workdir, "--one", name] +
                                 (["--share-only"] if args.share_only else []),
                                 capture_output=True, text=True, timeout=args.timeout)
            line = res.stdout.strip().splitlines()[-1] if res.stdout.strip() else ""
            if res.returncode or not line.startswith("{"):
                line = json.dumps({"model": name, "crash": res.stderr.strip()[-400:]})
        except subprocess.TimeoutExpired:
            line = json.dumps({"model": name, "crash": "timeout after %ds" % args.timeout})
        print(line, flush=True)
        for f in os.listdir(args.workdir):  # keep the disk clean
            if f.startswith(name + "."):
                os.remove(os.path.join(args.workdir, f))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
