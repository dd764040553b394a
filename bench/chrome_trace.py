#!/usr/bin/env python3
"""tg-symbolicate --chrome-trace on large traces: time and peak RSS against
the number of events (docs/performance.md, "Chrome traces stream").

Generates a model with bench/gen_scale_model.py, runs the debug pipeline,
writes Chrome traces of `--events` events (a profiler's: complete events
with timestamps, every one carrying a debug handle drawn from the section's
handles, in a `traceEvents` object with other members around it) and times
`tg-symbolicate SECTION --chrome-trace TRACE --no-source -o OUT` under
/usr/bin/time. With `--compare OTHER_TG_SYMBOLICATE`, runs that binary too
and checks both outputs are byte-identical. Prints a markdown table.

  /usr/bin/python3 bench/chrome_trace.py [--build build] [--ops 200000] \\
      [--events 10000,100000,1000000] [--compare old/tg-symbolicate]
"""
import argparse
import os
import random
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def write_trace(path, handles, count, seed):
    rng = random.Random(seed)
    with open(path, "w") as f:
        f.write('{"displayTimeUnit": "ns", "traceEvents": [\n')
        ts = 0.0
        for i in range(count):
            dur = round(rng.uniform(0.5, 50.0), 3)
            f.write('%s{"name": "kernel", "ph": "X", "pid": 0, "tid": %d, '
                    '"ts": %.3f, "dur": %s, "args": {"debug_handle": %d}}\n'
                    % ("," if i else "", i % 4, ts, dur, rng.choice(handles)))
            ts += dur
        f.write('], "otherData": {"version": "bench"}}\n')


def run(tool, section, trace, out):
    """(seconds, peak RSS in MB) of one tg-symbolicate --chrome-trace."""
    proc = subprocess.run(["/usr/bin/time", "-f", "%e %M", tool, section,
                           "--chrome-trace", trace, "--no-source", "-o", out],
                          capture_output=True, text=True)
    if proc.returncode != 0:
        sys.exit("%s failed: %s" % (tool, proc.stderr))
    seconds, kb = proc.stderr.strip().splitlines()[-1].split()
    return float(seconds), int(kb) / 1024


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--build", default=os.path.join(ROOT, "build"))
    p.add_argument("--ops", type=int, default=200000)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--events", default="10000,100000,1000000")
    p.add_argument("--compare", help="another tg-symbolicate to run and diff")
    args = p.parse_args()
    sys.path.insert(0, os.path.join(args.build, "python_packages"))
    import tracegraph
    tool = os.path.join(args.build, "bin", "tg-symbolicate")

    with tempfile.TemporaryDirectory() as tmp:
        model = os.path.join(tmp, "m.mlir")
        section = os.path.join(tmp, "m.tgdbg")
        subprocess.run([sys.executable, os.path.join(HERE, "gen_scale_model.py"),
                        "--ops", str(args.ops), "--seed", str(args.seed),
                        "-o", model], check=True)
        subprocess.run([os.path.join(args.build, "bin", "tg-opt"), model,
                        "--tg-inline", "--tg-fuse-elementwise",
                        "--tg-assign-debug-handles", "--tg-module-hierarchy",
                        "--tg-emit-debug-section=path=" + section,
                        "--strip-debuginfo", "-o", os.devnull], check=True)
        handles = tracegraph.Section(section).handles
        print("%d ops -> %d handles" % (args.ops, len(handles)))
        print()
        header = "| events | trace | output | time | peak RSS |"
        if args.compare:
            header += " other: time | other: peak RSS |"
        print(header)
        print("|" + " --- |" * (header.count("|") - 1))
        for count in [int(n) for n in args.events.split(",")]:
            trace = os.path.join(tmp, "trace.json")
            out = os.path.join(tmp, "out.json")
            write_trace(trace, handles, count, args.seed)
            seconds, rss = run(tool, section, trace, out)
            row = "| {:,} | {:.0f} MB | {:.0f} MB | {:.1f} s | {:.0f} MB |".format(
                count, os.path.getsize(trace) / 1e6, os.path.getsize(out) / 1e6,
                seconds, rss)
            if args.compare:
                other = os.path.join(tmp, "other.json")
                o_seconds, o_rss = run(args.compare, section, trace, other)
                same = subprocess.run(["cmp", "-s", out, other]).returncode == 0
                if not same:
                    sys.exit("outputs differ at %d events" % count)
                os.remove(other)
                row += " {:.1f} s | {:.0f} MB |".format(o_seconds, o_rss)
            print(row, flush=True)
            os.remove(out)


if __name__ == "__main__":
    main()
