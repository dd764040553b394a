#!/usr/bin/env python3
"""Runs the whole debug pipeline at several sizes next to its baselines and
prints the results as Markdown tables (docs/performance.md holds a copy).

For each size N (ops once inlined) it generates a model with
bench/gen_scale_model.py and measures, in the same run:

  pipeline   one tg-opt process from the generated (not inlined) model:
             --tg-inline --tg-decompose --tg-fuse-elementwise
             --tg-assign-debug-handles --tg-module-hierarchy
             --tg-emit-debug-section --strip-debuginfo (the README's);
             wall time and peak RSS of the process, per-stage times from
             --mlir-timing (parser, each pass, output)
  debug      the same without --tg-inline, on the inlined IR (the cost of the
             debug passes on the IR a compiler holds after inlining)
  stage RSS  each stage alone in its own process, reading the previous
             stage's output as bytecode, for the peak RSS of each stage
  baselines  tg-opt parse+print of the inlined IR (with its locations);
             upstream -snapshot-op-locations on it; MLIR bytecode of it with
             and without locations; the naive text (each op's module path and
             full stack, from tg-bench-section naive) and its zstd -19 size
  section    size per op and per table; open time, random lookups per
             second (tg-bench-section stats); tg-symbolicate's peak RSS on
             the largest section

Then, once, what the sizes do not measure (issue 31's targets; each part
is skipped, and its rows say so, when its tools are missing, or with the
option named):

  resnet18   the README pipeline on examples/torchvision/resnet18.mlir:
             section bytes, origin records included
  mistake    the pipeline at 100K ops without --tg-assign-debug-handles:
             bytes of stderr (one error and a count, not one per op)
  accounting bench/origin_accounting.py's lowering at 100K ops with and
             without --tg-account-origins (--no-accounting)
  python     bench/python_lookup.py: Section.lookup_many and
             Section.traceback rates (needs the Python package in the build
             folder; --no-python)
  real       bench/torchvision_sizes.py --decompose: twelve torchvision
             models' sections against zstd -19 of their naive text (needs
             torch and torchvision; --no-real-models)

Parse+print and the pipeline run in alternating rounds (--ratio-rounds, 3
by default, at every size), and the pipeline / parse+print ratio is the
median of the rounds' own ratios.

Ratios: pipeline / parse+print; time per op of every stage relative to
10K ops; naive / section; section / zstd -19; open time relative to 10K.

Sizes (section, naive, zstd, bytecode) and peak RSS depend only on the
bytes: with --keep then --reuse, a later run takes the inlined IR and those
figures from the earlier one when the model, the inlined IR and the section
are byte-identical (sha256), instead of recompressing gigabytes; every time
is measured in the run that prints it.

Usage (from the repository root, after building with benchmarks on):
  TG_BUILD_DIR=build-bench TG_CMAKE_ARGS=-DTG_BUILD_BENCHMARKS=ON \\
    ./scripts/build.sh tg-opt tg-symbolicate tg-benchmarks
  python3 bench/run_pipeline.py --build build-bench
  python3 bench/run_pipeline.py --sizes 1000,10000 --no-stage-rss   # quick
"""

import argparse
import hashlib
import json
import os
import platform
import random
import re
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

STAGES = [
    ("inline", "TGInline", "--tg-inline"),
    ("decompose", "TGDecompose", "--tg-decompose"),
    ("fuse", "TGFuseElementwise", "--tg-fuse-elementwise"),
    ("handles", "TGAssignDebugHandles", "--tg-assign-debug-handles"),
    ("hierarchy", "TGModuleHierarchy", "--tg-module-hierarchy"),
    ("emit", "TGEmitDebugSection", None),   # needs the section path
    ("strip", "StripDebugInfo", "--strip-debuginfo"),
]


def log(msg):
    print(msg, file=sys.stderr, flush=True)


class Runner:
    def __init__(self, build, work):
        self.bin = os.path.join(build, "bin")
        self.work = work

    def tool(self, name):
        return os.path.join(self.bin, name)

    def run(self, args, stdout=None):
        """Runs `args` under /usr/bin/time; returns (wall seconds, peak RSS
        KiB, stderr text). Wall time is measured here (finer than %e)."""
        tfile = os.path.join(self.work, "time.out")
        cmd = ["/usr/bin/time", "-f", "%e %M", "-o", tfile] + args
        start = time.perf_counter()
        proc = subprocess.run(cmd, stdout=stdout or subprocess.DEVNULL,
                              stderr=subprocess.PIPE, text=True)
        wall = time.perf_counter() - start
        if proc.returncode != 0:
            raise SystemExit("command failed (%d): %s\n%s" % (
                proc.returncode, " ".join(args), proc.stderr[-4000:]))
        with open(tfile) as f:
            rss = int(f.read().split()[-1])
        return wall, rss, proc.stderr

    def best_of(self, repeat, args):
        """The run with the median wall time of `repeat` runs."""
        return median_run([self.run(args) for _ in range(repeat)])


def median_run(runs):
    """Of (wall, rss, stderr) runs, the one with the median wall time (the
    upper middle one of an even number)."""
    return sorted(runs, key=lambda run: run[0])[len(runs) // 2]


def parse_timing(text):
    """--mlir-timing's report -> {name: seconds}."""
    times = {}
    for m in re.finditer(r"^\s+([0-9.]+) \(\s*[0-9.]+%\)\s+(\S+)\s*$", text, re.M):
        times[m.group(2)] = times.get(m.group(2), 0.0) + float(m.group(1))
    return times


def sha256(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def zstd_version():
    out = subprocess.run(["zstd", "--version"], capture_output=True, text=True).stdout
    m = re.search(r"v(\d+\.\d+\.\d+)", out)
    return m.group(1) if m else out.strip()


def naive_and_zstd(r, section, cache, reuse):
    """The naive text's size and its zstd -19 size. zstd -19 of gigabytes takes
    minutes, and its result depends only on the text's bytes (and zstd's
    version): the text is hashed first, and a size measured before for the
    same sha256 is taken from the cache. Keying on the text, not the section,
    keeps the cache valid across section format changes, and checks on the way
    that a new format decodes to the same tracebacks."""
    naive_cmd = '"%s" naive "%s"' % (r.tool("tg-bench-section"), section)
    proc = subprocess.Popen(["bash", "-c", naive_cmd], stdout=subprocess.PIPE)
    h, naive = hashlib.sha256(), 0
    for chunk in iter(lambda: proc.stdout.read(1 << 20), b""):
        h.update(chunk)
        naive += len(chunk)
    if proc.wait() != 0:
        raise subprocess.CalledProcessError(proc.returncode, naive_cmd)
    digest = h.hexdigest()
    key = "naive-sha256:%s zstd:%s" % (digest, zstd_version())
    if reuse and key in cache:
        return naive, cache[key]["zstd19"], True
    out = subprocess.run(["bash", "-c", "set -o pipefail; %s | zstd -19 -q -c | wc -c"
                          % naive_cmd], check=True, capture_output=True, text=True)
    zstd = int(out.stdout.strip())
    cache[key] = {"naive": naive, "zstd19": zstd}
    return naive, zstd, False


def section_stats(r, section):
    out = subprocess.run([r.tool("tg-bench-section"), "stats", section],
                         check=True, capture_output=True, text=True).stdout
    return {k: float(v) for k, v in (line.split() for line in out.splitlines())}


def measure(r, n, args, cache):
    w = r.work
    model = os.path.join(w, "model-%d.mlir" % n)
    inlined = os.path.join(w, "inlined-%d.mlir" % n)
    section = os.path.join(w, "section-%d.tgdbg" % n)
    repeat = args.repeat if n < 1000000 else 1
    res = {"target_ops": n}
    opt = r.tool("tg-opt")

    t0 = time.perf_counter()
    subprocess.run([sys.executable, os.path.join(HERE, "gen_scale_model.py"), "--ops",
                    str(n), "--seed", str(args.seed), "-o", model, "--stats"] +
                   (["--norms"] if args.norms else []),
                   check=True, capture_output=True)
    res["generate_s"] = time.perf_counter() - t0
    res["model_bytes"] = os.path.getsize(model)

    res["model_sha"] = sha256(model)
    # Peak RSS depends on the tools too: reuse only what the same tg-opt measured.
    res["tool_sha"] = sha256(opt)
    prev = {}
    prev_file = os.path.join(w, "result-%d.json" % n)
    if args.reuse and os.path.exists(prev_file):
        prev = json.load(open(prev_file))
        if (prev.get("model_sha") != res["model_sha"] or
                prev.get("tool_sha") != res["tool_sha"]):
            prev = {}
    # The inlined IR, with locations: what the baselines read.
    if prev and os.path.exists(inlined) and prev.get("inlined_sha") == sha256(inlined):
        log("  %d: inlined IR reused" % n)
    else:
        log("  %d: inline" % n)
        r.run([opt, model, "--tg-inline", "-mlir-print-debuginfo", "-o", inlined])
        prev = {}
    res["inlined_bytes"] = os.path.getsize(inlined)
    res["inlined_sha"] = sha256(inlined)

    # Every timed run prints to /dev/null: the tables measure tg-opt, not
    # this VM's disk (writing the 2.5 GB text of 4M ops to a file made the
    # printer 53% slower, 13% at 1M; docs/performance.md, "What is measured").
    out = os.devnull
    emit = "--tg-emit-debug-section=path=%s" % section
    passes = ["--tg-decompose", "--tg-fuse-elementwise", "--tg-assign-debug-handles",
              "--tg-module-hierarchy", emit, "--strip-debuginfo"]
    pp_cmd = [opt, inlined, "-mlir-print-debuginfo", "--mlir-timing", "-o", out]
    full_cmd = [opt, model, "--tg-inline"] + passes + ["--mlir-timing", "-o", out]
    # Parse+print and the pipeline alternate, round by round: the issue's
    # ratio is the median of the rounds' own ratios, so a slow minute of this
    # shared machine slows both sides of one ratio rather than one side of
    # the verdict (one run of each, minutes apart, once gave 0.83 at 1M ops
    # where paired rounds gave 1.22-1.35). Each side's time is its median run.
    rounds = max(repeat, args.ratio_rounds)
    log("  %d: parse+print and pipeline, %d rounds alternating" % (n, rounds))
    pp_runs, full_runs = [], []
    for _ in range(rounds):
        pp_runs.append(r.run(pp_cmd))
        full_runs.append(r.run(full_cmd))
    res["ratio_rounds"] = [f[0] / p[0] for p, f in zip(pp_runs, full_runs)]
    res["full_pp_ratio"] = sorted(res["ratio_rounds"])[rounds // 2]
    wall, rss, err = median_run(pp_runs)
    res["pp_wall"], res["pp_rss"] = wall, rss
    res["pp_timing"] = parse_timing(err)
    wall, rss, err = median_run(full_runs)
    res["full_wall"], res["full_rss"] = wall, rss
    res["full_timing"] = parse_timing(err)

    # MLIR verifies the IR after every pass that does not preserve all
    # analyses, inside that pass's --mlir-timing entry; the verifier walks
    # every op, so at 1M ops it is a large, superlinear share of each stage.
    # The same pipeline without it gives each pass's own time.
    log("  %d: pipeline, --verify-each=false" % n)
    wall, rss, err = r.best_of(repeat, [opt, model, "--tg-inline"] + passes +
                               ["--verify-each=false", "--mlir-timing", "-o", out])
    res["nv_wall"] = wall
    res["nv_timing"] = parse_timing(err)

    log("  %d: debug passes on the inlined IR" % n)
    wall, rss, err = r.best_of(repeat, [opt, inlined] + passes + ["--mlir-timing", "-o", out])
    res["debug_wall"], res["debug_rss"] = wall, rss
    res["debug_timing"] = parse_timing(err)

    log("  %d: snapshot-op-locations" % n)
    snap = os.path.join(w, "snapshot-%d.mlir" % n)
    wall, rss, err = r.best_of(repeat, [opt, inlined,
                                        "--snapshot-op-locations=filename=%s" % snap,
                                        "--mlir-timing", "-o", out])
    res["snap_wall"], res["snap_rss"] = wall, rss
    res["snap_pass"] = parse_timing(err).get("LocationSnapshot", 0.0)
    os.remove(snap)

    res["section_sha"] = sha256(section)
    same = bool(prev) and prev.get("section_sha") == res["section_sha"]
    deterministic = ["bc_bytes", "bc_stripped_bytes", "stage_rss", "stage_wall",
                     "stage_pp_rss", "naive_bytes", "zstd_bytes"]
    if same and all(k in prev for k in deterministic):
        # Sizes and peak RSS depend only on the bytes (same model, same
        # inlined IR, same section): take them from the previous run.
        log("  %d: sizes and stage RSS reused from %s" % (n, prev_file))
        for k in deterministic:
            res[k] = prev[k]
        res["reused"] = True
        return finish(r, n, res, section, inlined, args, cache, prev_file)

    log("  %d: bytecode" % n)
    bc = os.path.join(w, "inlined-%d.mlirbc" % n)
    r.run([opt, inlined, "--emit-bytecode", "-o", bc])
    res["bc_bytes"] = os.path.getsize(bc)
    bc_stripped = os.path.join(w, "stripped-%d.mlirbc" % n)
    r.run([opt, inlined, "--strip-debuginfo", "--emit-bytecode", "-o", bc_stripped])
    res["bc_stripped_bytes"] = os.path.getsize(bc_stripped)
    os.remove(bc_stripped)

    if args.stage_rss:
        log("  %d: stages one by one" % n)
        prev = model
        res["stage_rss"], res["stage_wall"] = {}, {}
        for name, _, flag in STAGES:
            nxt = os.path.join(w, "stage-%s-%d.mlirbc" % (name, n))
            wall, rss, _ = r.run([opt, prev, flag or emit, "--emit-bytecode", "-o", nxt])
            res["stage_rss"][name], res["stage_wall"][name] = rss, wall
            if prev != model:
                os.remove(prev)
            prev = nxt
        os.remove(prev)
        wall, rss, _ = r.run([opt, bc, "--emit-bytecode", "-o", bc + ".pp"])
        res["stage_pp_rss"] = rss
        os.remove(bc + ".pp")
    os.remove(bc)

    if not args.no_naive and n <= args.naive_max:
        log("  %d: naive text and zstd -19" % n)
        naive, zstd, cached = naive_and_zstd(r, section, cache, args.reuse)
        res["naive_bytes"], res["zstd_bytes"] = naive, zstd
        res["zstd_reused"] = cached
    return finish(r, n, res, section, inlined, args, cache, prev_file)


def finish(r, n, res, section, inlined, args, cache, prev_file):
    log("  %d: section" % n)
    res["section_bytes"] = os.path.getsize(section)
    res["stats"] = section_stats(r, section)
    res["handles"] = int(res["stats"]["handles"])
    if not args.keep:
        os.remove(inlined)
    with open(prev_file, "w") as f:
        json.dump(res, f, indent=1, sort_keys=True)
    return res


def symbolicate_rss(r, section, handles, count=1000):
    rng = random.Random(42)
    picks = " ".join(str(rng.randrange(handles)) for _ in range(count))
    tfile = os.path.join(r.work, "time.out")
    start = time.perf_counter()
    subprocess.run(["/usr/bin/time", "-f", "%e %M", "-o", tfile, r.tool("tg-symbolicate"),
                    section, "--no-source"], input=picks, text=True, check=True,
                   stdout=subprocess.DEVNULL)
    wall = time.perf_counter() - start
    rss = int(open(tfile).read().split()[-1])
    return wall, rss, count


def machine():
    cpu = "unknown"
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    mem = 0
    try:
        for line in open("/proc/meminfo"):
            if line.startswith("MemTotal"):
                mem = int(line.split()[1]) // 1024
    except OSError:
        pass
    return "%d cores (nproc), %s, %d MiB RAM, %s %s" % (
        os.cpu_count(), cpu, mem, platform.system(), platform.release())


def fmt_bytes(b):
    for unit, size in (("GB", 1e9), ("MB", 1e6), ("KB", 1e3)):
        if b >= size:
            return "%.1f %s" % (b / size, unit)
    return "%d B" % b


def report(results, sym, args, more=None):
    lines = []
    add = lines.append
    ref = next((r for r in results if r["target_ops"] == 10000), results[0])
    big = results[-1]

    add("Machine: %s. Release build. Seed %d. Run started %s UTC. Times are wall "
        "seconds, median of %d runs below 1M ops, 1 run from 1M up; parse+print and "
        "the pipeline median of %d rounds alternating at every size." % (
            machine(), args.seed, args.started, args.repeat,
            max(args.repeat, args.ratio_rounds)))
    add("")
    add("### Pipeline against parse+print (same run)")
    add("")
    add("| ops | parse+print s | RSS MiB | pipeline s | RSS MiB | pipeline / p+p | "
        "debug passes s | debug / p+p | snapshot-op-locations s | snapshot / p+p |")
    add("| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for r in results:
        add("| %d | %.3f | %d | %.3f | %d | **%.2f** (%s) | %.3f | %.2f | %.3f | %.2f |" % (
            r["handles"], r["pp_wall"], r["pp_rss"] // 1024, r["full_wall"],
            r["full_rss"] // 1024, r["full_pp_ratio"],
            ", ".join("%.2f" % x for x in r["ratio_rounds"]), r["debug_wall"],
            r["debug_wall"] / r["pp_wall"], r["snap_wall"], r["snap_wall"] / r["pp_wall"]))
    add("")
    add("`pipeline`: one tg-opt process from the generated model (not inlined) to the "
        "stripped IR and the section. `debug passes`: the same minus `--tg-inline`, on "
        "the inlined IR. `parse+print`: tg-opt on the inlined IR with its locations "
        "(`-mlir-print-debuginfo`), no pass. Parse+print and the pipeline run in "
        "alternating rounds; `pipeline / p+p` is the median of the rounds' ratios "
        "(each round's in brackets, in order), the other columns each side's median run.")
    add("")
    add("### Time per stage (--mlir-timing, inside the pipeline process)")
    add("")
    names = [("parse", "Parser")] + [(s[0], s[1]) for s in STAGES] + [("print", "Output")]
    add("| ops | " + " | ".join("%s ms" % n for n, _ in names) + " |")
    add("| ---: |" + " ---: |" * len(names))
    for r in results:
        add("| %d | " % r["handles"] + " | ".join(
            "%.1f" % (1e3 * r["full_timing"].get(k, 0.0)) for _, k in names) + " |")
    add("")
    add("Time per op relative to %d ops (1.00 = linear; the target is within 30%%; the "
        "parser reads the compact not-inlined model, so its column is not a scaling "
        "figure):" % ref["handles"])
    add("")
    per_op_table(add, results, ref, names, "full_timing")
    if all("nv_timing" in r for r in results):
        add("")
        add("The same pipeline with `--verify-each=false`: each pass's own time, without "
            "the verifier MLIR runs after every pass that changes the IR (inside that "
            "pass's entry above; `print` still verifies once). Times in ms, then per op "
            "relative to %d ops:" % ref["handles"])
        add("")
        add("| ops | " + " | ".join("%s ms" % n for n, _ in names) + " | verifier ms |")
        add("| ---: |" + " ---: |" * (len(names) + 1))
        for r in results:
            add("| %d | " % r["handles"] + " | ".join(
                "%.1f" % (1e3 * r["nv_timing"].get(k, 0.0)) for _, k in names) +
                " | %.1f |" % (1e3 * verifier_seconds(r)))
        add("")
        per_op_table(add, results, ref, names, "nv_timing")
        add("")
        add("`verifier` is the pipeline's passes with the verifier minus without it "
            "(both runs of this table; noise can make small values negative).")
    if args.stage_rss:
        add("")
        add("Peak RSS (MiB) of each stage run alone (its own tg-opt process, reading the "
            "previous stage's bytecode; `p+p` is parse+print of the inlined bytecode):")
        add("")
        add("| ops | " + " | ".join(s[0] for s in STAGES) + " | p+p |")
        add("| ---: |" + " ---: |" * (len(STAGES) + 1))
        for r in results:
            add("| %d | " % r["handles"] + " | ".join(
                "%d" % (r["stage_rss"][s[0]] // 1024) for s in STAGES) +
                " | %d |" % (r["stage_pp_rss"] // 1024))
    add("")
    add("### Sizes")
    add("")
    add("| ops | section | bytes/op | naive text | naive / section | zstd -19 of naive | "
        "zstd B/op | section / zstd | bytecode | bytecode stripped | inlined text |")
    add("| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for r in results:
        naive = r.get("naive_bytes")
        zstd = r.get("zstd_bytes")
        add("| %d | %s | %.2f | %s | %s | %s | %s | **%s** | %s | %s | %s |" % (
            r["handles"], fmt_bytes(r["section_bytes"]), r["section_bytes"] / r["handles"],
            fmt_bytes(naive) if naive else "-",
            "%.0fx" % (naive / r["section_bytes"]) if naive else "-",
            fmt_bytes(zstd) if zstd else "-",
            "%.2f" % (zstd / r["handles"]) if zstd else "-",
            "%.2f" % (r["section_bytes"] / zstd) if zstd else "-",
            fmt_bytes(r["bc_bytes"]), fmt_bytes(r["bc_stripped_bytes"]),
            fmt_bytes(r["inlined_bytes"])))
    skipped = [r for r in results if not r.get("naive_bytes")]
    if skipped and not args.no_naive:
        add("")
        add("At %s ops the naive text (~1.8 KB per op: %s) is not generated: `zstd -19` "
            "of it would take hours on this machine (`--naive-max`, default %d ops)." % (
                ", ".join(str(r["handles"]) for r in skipped),
                ", ".join(fmt_bytes(1800 * r["handles"]) for r in skipped), args.naive_max))
    if any(r.get("reused") for r in results):
        add("")
        add("Reused (`--reuse`) at %s ops: sizes, naive/zstd and per-stage peak RSS come "
            "from an earlier run of this script on byte-identical inputs and outputs "
            "(same sha256 of model, inlined IR and section); they depend on the bytes "
            "only. Every time in these tables is from this run." % ", ".join(
                str(r["handles"]) for r in results if r.get("reused")))
    if any(r.get("zstd_reused") and not r.get("reused") for r in results):
        add("")
        add("At %s ops the naive text was generated from this run's section and hashed; "
            "its `zstd -19` size was measured by an earlier run on the same text (same "
            "sha256, same zstd version) and taken from the cache." % ", ".join(
                str(r["handles"]) for r in results
                if r.get("zstd_reused") and not r.get("reused")))
    add("")
    add("Section tables (bytes) by kind number (docs/debug-section-format.md):")
    add("")
    kinds = sorted(int(k.split("_")[1]) for k in big["stats"] if k.startswith("table_"))
    add("| ops | " + " | ".join(str(k) for k in kinds) + " |")
    add("| ---: |" + " ---: |" * len(kinds))
    for r in results:
        add("| %d | " % r["handles"] + " | ".join(
            "%d" % r["stats"].get("table_%d" % k, 0) for k in kinds) + " |")
    add("")
    add("### Opening and symbolication")
    add("")
    has_proto = any(r["stats"].get("lookups_per_s_column_offsets") for r in results)
    add("| ops | section | first open us | open us (median) | open us (min) | open / %d "
        "(median) | reader checks us | checks / %d | lookups/s | " % (ref["handles"], ref["handles"])
        + ("lookups/s, column-offset prototype | " if has_proto else "") + "symbolize/s | "
        "first symbolize us | verifyAll us |")
    add("| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
        + (" ---: |" if has_proto else ""))
    for r in results:
        s = r["stats"]
        proto = s.get("lookups_per_s_column_offsets", 0)
        val, ref_val = s.get("validate_median_us"), ref["stats"].get("validate_median_us")
        add("| %d | %s | %.0f | %.1f | %s | %.2f | %s | %s | %.2fM | %s%.0fK | %s | %s |" % (
            r["handles"], fmt_bytes(r["section_bytes"]), s["open_first_us"],
            s["open_median_us"], "%.1f" % s["open_min_us"] if "open_min_us" in s else "-",
            s["open_median_us"] / ref["stats"]["open_median_us"],
            "%.2f" % val if val else "-", "%.2f" % (val / ref_val) if val and ref_val else "-",
            s["lookups_per_s"] / 1e6,
            ("%.2fM | " % (proto / 1e6) if proto else "- | ") if has_proto else "",
            s["symbolize_per_s"] / 1e3,
            "%.0f" % s["first_symbolize_us"] if "first_symbolize_us" in s else "-",
            "%.0f" % s["verify_all_us"] if "verify_all_us" in s else "-"))
    add("")
    add("`open` is `DebugSectionReader::open(path)` of the file, 200 times: the kernel's "
        "mmap and first page fault, then the reader's checks. `reader checks` is the same "
        "reader on the bytes already in memory (`fromBuffer`): the part of opening the "
        "section format decides. `first symbolize` is the first symbolization of a fresh "
        "reader, which checks the tables it reads; `verifyAll` checks every table and "
        "block (what `tg-symbolicate --verify` and restore pay).")
    add("")
    add("`lookups/s` is `DebugSectionReader::lookupHandle` on random handles, one core"
        + ("; the prototype (tg-bench-section, checked against it on 64K handles) "
           "decodes each column only up to the entry from the column's offset." if has_proto
           else "."))
    if sym:
        wall, rss, count = sym
        add("")
        add("tg-symbolicate on the %d-op section (%s), %d random handles from stdin, "
            "`--no-source`: %.2f s, peak RSS %.1f MiB = section + %.1f MiB." % (
                big["handles"], fmt_bytes(big["section_bytes"]), count, wall, rss / 1024,
                rss / 1024 - big["section_bytes"] / 2**20))
        if "peak_rss_kb" in big["stats"]:
            add("The same reader and symbolizer linked against the static LLVMSupport "
                "(tg-bench-section, which maps the section, validates it %d times and "
                "runs millions of random lookups and symbolizations): peak RSS %.1f MiB "
                "= section + %.1f MiB. Both link LLVM's static libraries, not "
                "libLLVM.so, whose mapping alone was ~51 MiB of tg-symbolicate's RSS "
                "(section 34)." % (
                    201, big["stats"]["peak_rss_kb"] / 1024,
                    big["stats"]["peak_rss_kb"] / 1024 - big["section_bytes"] / 2**20))
    add("")
    add("### Targets")
    add("")
    add(targets(results, ref, big, sym))
    if more:
        add("")
        add(issue31_targets(results, more))
    return "\n".join(lines) + "\n"


def python_with(*modules):
    """A Python that imports `modules`: Debian's /usr/bin/python3 (where
    python3-torch installs) or this one; None if neither does."""
    for exe in ("/usr/bin/python3", sys.executable):
        if os.path.exists(exe) and subprocess.run(
                [exe, "-c", "import " + ", ".join(modules)],
                capture_output=True).returncode == 0:
            return exe
    return None


def measure_once(r, results, args, build):
    """Issue 31's targets that no size row measures (module docstring)."""
    more = {}
    opt = r.tool("tg-opt")
    readme = ["--tg-inline", "--tg-decompose", "--tg-fuse-elementwise",
              "--tg-assign-debug-handles", "--tg-module-hierarchy"]
    log("resnet18 section")
    section = os.path.join(r.work, "resnet18.tgdbg")
    r.run([opt, os.path.join(ROOT, "examples", "torchvision", "resnet18.mlir")] +
          readme + ["--tg-emit-debug-section=path=" + section, "--strip-debuginfo",
                    "-o", os.devnull])
    more["resnet18_bytes"] = os.path.getsize(section)

    hundred = [x for x in results if x["target_ops"] == 100000]
    if hundred:
        log("forgotten --tg-assign-debug-handles at 100K ops")
        model = os.path.join(r.work, "model-100000.mlir")
        passes = [p for p in readme if p != "--tg-assign-debug-handles"]
        proc = subprocess.run([opt, model] + passes + [
            "--tg-emit-debug-section=path=" + os.path.join(r.work, "mistake.tgdbg"),
            "-o", os.devnull], capture_output=True)
        more["mistake"] = {"ops": hundred[0]["handles"], "rc": proc.returncode,
                           "stderr_bytes": len(proc.stderr),
                           "first_line": proc.stderr.decode(errors="replace")
                           .splitlines()[0] if proc.stderr else ""}

    if args.accounting:
        log("--tg-account-origins around the lowering, %d ops, best of %d" % (
            args.accounting_ops, args.accounting_repeat))
        sys.path.insert(0, HERE)
        import origin_accounting
        layers = os.path.join(r.work, "layers-%d.mlir" % args.accounting_ops)
        with open(layers, "w") as f:
            subprocess.run([sys.executable, os.path.join(HERE, "gen_upstream_model.py"),
                            "layers", str(args.accounting_ops)], stdout=f, check=True)
        best = origin_accounting.cost(opt, layers, args.accounting_repeat)
        more["accounting"] = {"ops": args.accounting_ops,
                              "off_s": best[False][0], "on_s": best[True][0]}

    py = python_with("numpy") if args.python else None
    package = os.path.join(build, "python_packages", "tracegraph")
    if args.python and (not py or not os.path.isdir(package)):
        more["python_skipped"] = "no Python package in %s" % build
    elif py:
        log("Python lookups")
        out = os.path.join(r.work, "python_lookup.json")
        subprocess.run([py, os.path.join(HERE, "python_lookup.py"), "--build", build,
                        "--json", out], check=True, stdout=subprocess.DEVNULL)
        more["python"] = json.load(open(out))

    py = python_with("torch", "torchvision") if args.real_models else None
    if args.real_models and not py:
        more["real_skipped"] = "no torch and torchvision"
    elif py:
        log("torchvision sections")
        out = os.path.join(r.work, "torchvision_sizes.json")
        subprocess.run([py, os.path.join(HERE, "torchvision_sizes.py"), "--build", build,
                        "--decompose", "--json", out], check=True,
                       stdout=subprocess.DEVNULL)
        more["real"] = json.load(open(out))
    return more


def issue31_targets(results, more):
    rows = ["| target (issue 31) | measured | verdict |", "| --- | --- | --- |"]

    def row(name, value, ok):
        verdict = "skipped" if ok is None else "pass" if ok else "**miss**"
        rows.append("| %s | %s | %s |" % (name, value, verdict))

    row("the pipeline passes at every size", ", ".join(
        "%s ops: %s handles" % (format(x["target_ops"], ","), format(x["handles"], ","))
        for x in results), True)
    per = [(x["handles"], x["section_bytes"] / x["handles"])
           for x in results if x["target_ops"] >= 10000]
    if per:
        spread = max(b for _, b in per) / min(b for _, b in per)
        row("section bytes per handle flat from 10K ops (within 1.3x)", ", ".join(
            "%d: %.2f B" % x for x in per) + " (max/min %.2f)" % spread, spread <= 1.3)
    row("ResNet-18's section <= 3.5 KB, records included (README pipeline)",
        "%d bytes" % more["resnet18_bytes"], more["resnet18_bytes"] <= 3500)
    m = more.get("mistake")
    if m:
        row("forgotten `--tg-assign-debug-handles` at 100K ops: <= 64 KB of stderr",
            "%d bytes, exit %d: `%s`" % (m["stderr_bytes"], m["rc"], m["first_line"][:120]),
            m["rc"] != 0 and m["stderr_bytes"] <= 65536)
    a = more.get("accounting")
    if a:
        ratio = a["on_s"] / a["off_s"]
        row("`--tg-account-origins` <= 1.1x on the lowering (%d ops)" % a["ops"],
            "%.2fx (%.3f s vs %.3f s, best of each)" % (ratio, a["on_s"], a["off_s"]),
            ratio <= 1.1)
    p = more.get("python")
    if p:
        rates = p["rates"]
        row("`Section.lookup_many` >= 1M distinct handles/s (%d handles)" % p["handles"],
            "%.2fM/s ascending, %.2fM/s shuffled" % (
                rates["lookup_many_ascending"] / 1e6, rates["lookup_many_shuffled"] / 1e6),
            min(rates["lookup_many_ascending"], rates["lookup_many_shuffled"]) >= 1e6)
        row("`Section.traceback` >= 100K handles/s", "%s/s" % format(
            int(rates["traceback"]), ","), rates["traceback"] >= 1e5)
    elif "python_skipped" in more:
        row("`Section.lookup_many`, `Section.traceback`", more["python_skipped"], None)
    real = more.get("real")
    if real:
        # The issue: at most 0.3x, and at most 1x on a model of ~130 handles.
        big = [x for x in real if x["handles"] >= 1000]
        small = [x for x in real if x["handles"] < 1000]
        for group, limit, what in ((big, 0.3, ">= 1K handles"), (small, 1.0, "< 1K handles")):
            if not group:
                continue
            ratios = [x["section"] / x["zstd"] for x in group]
            row("torchvision sections <= %gx zstd -19 of the naive text (%s)" % (limit, what),
                "%.2f-%.2fx over %d models (%s)" % (min(ratios), max(ratios), len(group),
                                                   ", ".join("%s %.2f" % (x["model"], q)
                                                             for x, q in zip(group, ratios))),
                max(ratios) <= limit)
    elif "real_skipped" in more:
        row("torchvision sections against zstd -19 of the naive text",
            more["real_skipped"], None)
    return "\n".join(rows)


def verifier_seconds(r):
    stages = [s[1] for s in STAGES]
    return sum(r["full_timing"].get(k, 0.0) - r["nv_timing"].get(k, 0.0) for k in stages)


def per_op_table(add, results, ref, names, key):
    add("| ops | " + " | ".join(n for n, _ in names) + " | whole pipeline |")
    add("| ---: |" + " ---: |" * (len(names) + 1))
    for r in results:
        cells = []
        for _, k in names + [(None, "Total")]:
            base = ref[key].get(k, 0.0) / ref["handles"]
            per = r[key].get(k, 0.0) / r["handles"]
            cells.append("%.2f" % (per / base) if base else "-")
        add("| %d | " % r["handles"] + " | ".join(cells) + " |")


def scaling(results, ref, key):
    """(worst deviation, stage, min, max) of time per op relative to ref."""
    names = [(s[0], s[1]) for s in STAGES] + [("print", "Output")]
    worst = []
    for n, k in names:
        base = ref[key].get(k, 0.0) / ref["handles"]
        if not base:
            continue
        rel = [r[key].get(k, 0.0) / r["handles"] / base
               for r in results if r["handles"] >= ref["handles"]]
        dev = max(max(rel), 1 / max(min(rel), 1e-9))
        worst.append((dev, n, min(rel), max(rel)))
    return worst


def targets(results, ref, big, sym):
    rows = ["| target | measured | verdict |", "| --- | --- | --- |"]

    def row(name, value, ok):
        rows.append("| %s | %s | %s |" % (name, value, "pass" if ok else "**miss**"))

    # Issue 15's targets (docs/performance.md).
    for r in results:
        if r["handles"] < 900000:
            continue
        ratio = r["full_pp_ratio"]
        row("pipeline / parse+print <= 1.2 at %d ops (median of %d rounds "
            "alternating)" % (r["handles"], len(r["ratio_rounds"])),
            "%.2f (rounds %s; debug passes alone: %.2f)" % (
                ratio, ", ".join("%.2f" % x for x in r["ratio_rounds"]),
                r["debug_wall"] / r["pp_wall"]),
            ratio <= 1.2)
    # The parser reads the compact (not inlined) model, whose size does not
    # grow with the ops: its time per op is not a scaling figure.
    forms = [("full_timing", "as tg-opt runs it, verifier after each pass included")]
    if all("nv_timing" in r for r in results):
        forms.append(("nv_timing", "each pass alone (`--verify-each=false`)"))
    for key, what in forms:
        worst = scaling(results, ref, key)
        bad = [w for w in worst if w[0] > 1.3]
        row("time per op within 1.3x from %d to %d ops, every stage, %s (min-max "
            "relative to %d)" % (ref["handles"], big["handles"], what, ref["handles"]),
            ", ".join("%s %.2f-%.2f" % (n, lo, hi)
                      for _, n, lo, hi in sorted(worst, reverse=True)),
            not bad)
    # Peak RSS linear: bytes per op of the pipeline process from 1M up.
    large = [r for r in results if r["handles"] >= 900000]
    if len(large) > 1:
        per = [r["full_rss"] / r["handles"] for r in large]
        row("pipeline peak RSS linear from %d ops (per op, relative to it)" %
            large[0]["handles"], ", ".join("%d: %.0f MiB, %.2f" % (
                r["handles"], r["full_rss"] / 1024, p / per[0])
                for r, p in zip(large, per)), max(per) / per[0] <= 1.3)
    sized = [r for r in results if r.get("zstd_bytes")]
    if sized:
        low = min(r["naive_bytes"] / r["section_bytes"] for r in sized)
        row(">= 20x smaller than naive text at every size", "smallest ratio %.0fx" % low,
            low >= 20)
        ratios = [(r["handles"], r["section_bytes"] / r["zstd_bytes"]) for r in sized]
        row("<= zstd -19 of the naive text at every size from 1K ops", ", ".join(
            "%d: %.2fx" % x for x in ratios), all(x[1] <= 1.0 for x in ratios))
        big_ratios = [x for x in ratios if x[0] >= 10000]
        if big_ratios:
            row("<= 0.5x zstd -19 from 10K ops up", ", ".join(
                "%d: %.2fx" % x for x in big_ratios), all(x[1] <= 0.5 for x in big_ratios))
    o = big["stats"]["open_median_us"] / ref["stats"]["open_median_us"]
    bs, rs = big["stats"], ref["stats"]
    if "validate_median_us" in bs and "open_min_us" in bs:
        v = bs["validate_median_us"] / rs["validate_median_us"]
        m = bs["open_min_us"] / rs["open_min_us"]
        # The verdict is on what the section decides: the reader's checks,
        # and the fastest file open (the median adds the kernel's bimodal
        # page-table cost of mapping a file, the same for 1 MB and 4 MB).
        row("open(%d) within 2x of open(%d)" % (big["handles"], ref["handles"]),
            "reader's checks %.2fx (%.2f us vs %.2f us); file open min %.1fx (%.1f us vs "
            "%.1f us), median %.1fx (%.1f us vs %.1f us)" % (
                v, bs["validate_median_us"], rs["validate_median_us"], m, bs["open_min_us"],
                rs["open_min_us"], o, bs["open_median_us"], rs["open_median_us"]),
            v <= 2 and m <= 2)
    else:
        row("open(%d) within 2x of open(%d)" % (big["handles"], ref["handles"]),
            "%.1fx (%.1f us vs %.1f us)" % (o, big["stats"]["open_median_us"],
                                          ref["stats"]["open_median_us"]), o <= 2)
    lk = min(r["stats"]["lookups_per_s"] for r in results)
    row(">= 5M random lookups/s, one core", "%.2fM/s (slowest size)" % (lk / 1e6), lk >= 5e6)
    if sym:
        limit = big["section_bytes"] / 2**20 + 64
        row("tg-symbolicate peak RSS <= section + 64 MiB", "%.1f MiB (limit %.1f)" % (
            sym[1] / 1024, limit), sym[1] / 1024 <= limit)
    return "\n".join(rows)


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--build", default="build-bench", help="build folder (default build-bench)")
    p.add_argument("--work", default=None, help="scratch folder (default <build>/bench-work)")
    p.add_argument("--sizes", default="1000,10000,100000,1000000")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--norms", action="store_true",
                   help="models with layer norms, softmax and dropout (gen_scale_model.py "
                        "--norms), which --tg-decompose turns into reductions that fuse")
    p.add_argument("--repeat", type=int, default=3, help="runs per timing below 1M ops")
    p.add_argument("--ratio-rounds", type=int, default=3,
                   help="rounds of parse+print and the pipeline, alternating, at every "
                        "size (at least --repeat): the pipeline / parse+print ratio is "
                        "the median of the rounds' ratios (default 3)")
    p.add_argument("--no-stage-rss", dest="stage_rss", action="store_false",
                   help="skip the per-stage processes (peak RSS of each stage)")
    p.add_argument("--no-naive", action="store_true", help="skip naive text and zstd")
    p.add_argument("--naive-max", type=int, default=2000000,
                   help="skip naive text and zstd above this many ops (default 2M: "
                        "at 10M ops the text is ~18 GB and zstd -19 takes hours)")
    p.add_argument("--reuse", action="store_true",
                   help="reuse the inlined IR and the byte-determined figures (sizes, "
                        "naive/zstd, per-stage peak RSS) of an earlier run with --keep "
                        "when model, inlined IR and section are byte-identical")
    p.add_argument("--keep", action="store_true",
                   help="keep the inlined IR files (for --reuse)")
    p.add_argument("--no-accounting", dest="accounting", action="store_false",
                   help="skip --tg-account-origins around the lowering")
    p.add_argument("--accounting-ops", type=int, default=100000)
    p.add_argument("--accounting-repeat", type=int, default=8,
                   help="runs of each mode (best of, modes alternating)")
    p.add_argument("--no-python", dest="python", action="store_false",
                   help="skip the Python lookups")
    p.add_argument("--no-real-models", dest="real_models", action="store_false",
                   help="skip the torchvision models (torch-to-tg imports twelve)")
    p.add_argument("--no-once", dest="once", action="store_false",
                   help="skip everything measured once (resnet18, the forgotten "
                        "pass, accounting, Python, torchvision): the sizes only")
    p.add_argument("--markdown", help="also write the tables to this file")
    p.add_argument("--json", help="also write the raw results to this file")
    p.add_argument("--update-doc", metavar="MD",
                   help="replace the text between the RESULTS markers of this "
                        "Markdown file (docs/performance.md) with the tables")
    args = p.parse_args()
    args.started = time.strftime("%Y-%m-%d %H:%M", time.gmtime())
    build = os.path.abspath(os.path.join(ROOT, args.build) if not os.path.isabs(args.build)
                            else args.build)
    work = os.path.abspath(args.work or os.path.join(build, "bench-work"))
    os.makedirs(work, exist_ok=True)
    r = Runner(build, work)
    for tool in ("tg-opt", "tg-symbolicate", "tg-bench-section"):
        if not os.path.exists(r.tool(tool)):
            raise SystemExit("missing %s: build with -DTG_BUILD_BENCHMARKS=ON" % r.tool(tool))
    cache_file = os.path.join(work, "sizes-cache.json")
    cache = json.load(open(cache_file)) if os.path.exists(cache_file) else {}
    results = []
    for n in (int(s) for s in args.sizes.split(",")):
        log("size %d" % n)
        results.append(measure(r, n, args, cache))
        with open(cache_file, "w") as f:
            json.dump(cache, f, indent=1, sort_keys=True)
    big = results[-1]
    sym = symbolicate_rss(r, os.path.join(work, "section-%d.tgdbg" % big["target_ops"]),
                          big["handles"])
    more = measure_once(r, results, args, build) if args.once else None
    text = report(results, sym, args, more)
    sys.stdout.write(text)
    if args.markdown:
        with open(args.markdown, "w") as f:
            f.write(text)
    if args.update_doc:
        begin, end = "<!-- BEGIN RESULTS -->", "<!-- END RESULTS -->"
        doc = open(args.update_doc).read()
        if begin not in doc or end not in doc:
            raise SystemExit("%s has no %s ... %s markers" % (args.update_doc, begin, end))
        head, rest = doc.split(begin, 1)
        tail = rest.split(end, 1)[1]
        with open(args.update_doc, "w") as f:
            f.write(head + begin + "\n" + text + end + tail)
    if args.json:
        with open(args.json, "w") as f:
            json.dump(results, f, indent=1, sort_keys=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
