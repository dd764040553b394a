#!/usr/bin/env python3
"""Section.lookup_many against Section.lookup from Python, in one run
(docs/performance.md, "Python lookups").

Generates a model with bench/gen_scale_model.py, runs the debug pipeline
(tg-opt: inline, fuse, handles, module paths, section) and times, each on a
freshly opened Section:

* `lookup` on a random sample of handles (one dict per handle, and per origin);
* `lookup_many` on every handle once, ascending and shuffled (nothing cached:
  each handle is symbolized);
* `lookup_many` on a profiler-like stream: `--events` events drawn uniformly
  from the handles (each handle symbolized once, its tuple reused), and the
  same stream again on the warm Section;
* `traceback` (the text tg-symbolicate prints, source lines included) on
  `--traceback-sample` random handles.

Every result is checked against `lookup` on a sample. Prints a markdown table.

  /usr/bin/python3 bench/python_lookup.py [--build build] [--ops 200000]
"""
import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def brief_of(section, handle, fmt):
    """What lookup_many returns for `handle`, from lookup's dict."""
    d = section.lookup(handle, fmt)
    origin = d["origins"][0] if d["origins"] else None
    frame = origin["frames"][-1] if origin and origin["frames"] else None
    return (d["op"], origin["module_path"] if origin else "", d["kernel"],
            frame["file"] if frame else "", frame["line"] if frame else 0,
            frame["function"] if frame else None)


def timed(fn):
    start = time.perf_counter()
    result = fn()
    return result, time.perf_counter() - start


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--build", default=os.path.join(ROOT, "build"))
    p.add_argument("--ops", type=int, default=200000)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--events", type=int, default=1000000)
    p.add_argument("--lookup-sample", type=int, default=2000)
    p.add_argument("--traceback-sample", type=int, default=50000)
    p.add_argument("--format", default="mobile")
    p.add_argument("--repeat", type=int, default=3,
                   help="runs of each measurement; the best is reported")
    p.add_argument("--json", metavar="FILE",
                   help="also write the rates to FILE (bench/run_pipeline.py reads "
                        "them for its targets table)")
    args = p.parse_args()
    sys.path.insert(0, os.path.join(args.build, "python_packages"))
    import tracegraph

    with tempfile.TemporaryDirectory() as tmp:
        model = os.path.join(tmp, "m.mlir")
        path = os.path.join(tmp, "m.tgdbg")
        subprocess.run([sys.executable, os.path.join(HERE, "gen_scale_model.py"),
                        "--ops", str(args.ops), "--seed", str(args.seed),
                        "-o", model], check=True)
        subprocess.run([os.path.join(args.build, "bin", "tg-opt"), model,
                        "--tg-inline", "--tg-fuse-elementwise",
                        "--tg-assign-debug-handles", "--tg-module-hierarchy",
                        "--tg-emit-debug-section=path=" + path,
                        "--strip-debuginfo", "-o", os.devnull], check=True)
        handles = tracegraph.Section(path).handles
        rng = random.Random(args.seed)
        shuffled = handles[:]
        rng.shuffle(shuffled)
        sample = rng.sample(handles, min(args.lookup_sample, len(handles)))
        events = [rng.choice(handles) for _ in range(args.events)]
        fmt = args.format

        def best(fn, count):
            """Handles per second, best of --repeat runs, each on a fresh
            Section (fn gets it)."""
            rate = 0.0
            for _ in range(args.repeat):
                section = tracegraph.Section(path)
                _, seconds = timed(lambda: fn(section))
                rate = max(rate, count / seconds)
            return rate

        rows = []
        keys = []
        lookup = best(lambda s: [s.lookup(h, fmt) for h in sample], len(sample))
        rows.append(("lookup, %d random handles" % len(sample), lookup))
        keys.append("lookup")
        rows.append(("lookup_many, all %d handles once, ascending" % len(handles),
                     best(lambda s: s.lookup_many(handles, fmt), len(handles))))
        keys.append("lookup_many_ascending")
        rows.append(("lookup_many, all handles once, shuffled",
                     best(lambda s: s.lookup_many(shuffled, fmt), len(handles))))
        keys.append("lookup_many_shuffled")
        rows.append(("lookup_many, %d events over the handles (cold Section)"
                     % len(events),
                     best(lambda s: s.lookup_many(events, fmt), len(events))))
        keys.append("lookup_many_events")

        def warm(section):
            section.lookup_many(events, fmt)
            _, seconds = timed(lambda: section.lookup_many(events, fmt))
            return seconds
        warm_rate = max(len(events) / warm(tracegraph.Section(path))
                        for _ in range(args.repeat))
        rows.append(("lookup_many, the same events again (warm Section)",
                     warm_rate))
        keys.append("lookup_many_events_warm")
        tracebacks = rng.sample(handles, min(args.traceback_sample, len(handles)))
        rows.append(("traceback, %d random handles" % len(tracebacks),
                     best(lambda s: [s.traceback(h, fmt) for h in tracebacks],
                          len(tracebacks))))
        keys.append("traceback")

        # Same answers as lookup.
        check = tracegraph.Section(path)
        got = check.lookup_many(shuffled, fmt)
        for i in range(0, len(shuffled), max(1, len(shuffled) // 3000)):
            expected = brief_of(check, shuffled[i], fmt)
            if got[i] != expected:
                sys.exit("lookup_many(%d) = %r, lookup gives %r"
                         % (shuffled[i], got[i], expected))

        print("%d ops -> %d handles, section %d bytes, module paths '%s', "
              "Python %s" % (args.ops, len(handles), os.path.getsize(path),
                             fmt, sys.version.split()[0]))
        print()
        print("| call | handles/s | vs lookup |")
        print("| --- | ---: | ---: |")
        for name, rate in rows:
            print("| %s | %s | %.0fx |" % (name, format(int(rate), ","),
                                          rate / lookup))
        if args.json:
            with open(args.json, "w") as f:
                json.dump({"ops": args.ops, "handles": len(handles),
                           "rates": dict(zip(keys, (rate for _, rate in rows)))},
                          f, indent=1, sort_keys=True)


if __name__ == "__main__":
    main()
