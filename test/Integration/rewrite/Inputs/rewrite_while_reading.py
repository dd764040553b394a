"""Rewrites a section file N times while it is being read.

A notebook keeps a tracegraph.Section open on model.tgdbg and re-runs tg-opt,
which writes model.tgdbg again; a profiler's tg-symbolicate reads it at the
same time. Every tool writes its outputs atomically (a temporary file renamed
over the old one), so a reader holding the old file keeps reading the old
bytes: no crash, no torn read, and each answer is one of the two versions'.

usage: rewrite_while_reading.py --tools DIR --inputs A.mlir B.mlir
           --section PATH [--times N]
Exits 1 with a message on any wrong answer or failed reader.
"""
import argparse
import os
import subprocess
import sys
import threading


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--tools", required=True)
    parser.add_argument("--inputs", nargs=2, required=True)
    parser.add_argument("--section", required=True)
    parser.add_argument("--times", type=int, default=100)
    args = parser.parse_args()
    tg_opt = os.path.join(args.tools, "tg-opt")
    tg_sym = os.path.join(args.tools, "tg-symbolicate")

    def write(index):
        subprocess.run([tg_opt, args.inputs[index], "--tg-assign-debug-handles",
                        "--tg-emit-debug-section=path=%s compress=false" % args.section,
                        "-o", os.devnull], check=True)

    # What each version answers for handle 1.
    expected = []
    for i in range(2):
        write(i)
        expected.append(subprocess.run([tg_sym, args.section, "1"],
                                       capture_output=True, text=True,
                                       check=True).stdout)
    if expected[0] == expected[1]:
        sys.exit("the two inputs must give different answers for handle 1")

    failures = []
    done = threading.Event()

    def symbolicate_loop():
        runs = 0
        while not done.is_set() or runs == 0:
            out = subprocess.run([tg_sym, args.section, "1"],
                                 capture_output=True, text=True)
            runs += 1
            if out.returncode != 0 or out.stdout not in expected:
                failures.append("tg-symbolicate run %d: exit %d, %r %r" % (
                    runs, out.returncode, out.stdout[:200], out.stderr[:200]))
                return
        print("tg-symbolicate runs:", runs)

    section_lookups = [0]

    def section_loop():
        import tracegraph
        section = tracegraph.Section(args.section)
        first = section.traceback(1)
        while not done.is_set():
            # The same open Section: the old bytes, whatever the file now is.
            if section.traceback(1) != first:
                failures.append("an open Section changed its answer")
                return
            section_lookups[0] += 1
            # A fresh open sees one complete version or the other.
            if tracegraph.Section(args.section).traceback(1) not in expected:
                failures.append("a fresh Section read a torn file")
                return

    threads = [threading.Thread(target=symbolicate_loop)]
    try:
        import tracegraph  # noqa: F401
        threads.append(threading.Thread(target=section_loop))
    except ImportError:
        print("tracegraph not importable: tg-symbolicate only")
    for t in threads:
        t.start()
    for i in range(args.times):
        write(i % 2)
        if failures:
            break
    done.set()
    for t in threads:
        t.join()
    if failures:
        sys.exit("\n".join(failures))
    leftovers = [f for f in os.listdir(os.path.dirname(args.section) or ".")
                 if ".temp" in f or f.endswith(".tmp")]
    if leftovers:
        sys.exit("temporary files left behind: %s" % leftovers)
    print("rewrites:", args.times, "ok")


if __name__ == "__main__":
    main()
