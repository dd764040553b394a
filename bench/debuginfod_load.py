#!/usr/bin/env python3
"""Fleet symbolication under load: N clients symbolicate (build ID, handle)
pairs of M builds through one real debuginfod server on loopback
(docs/performance.md, "Symbolication by build ID"; docs/fleet-symbolication.md).

Setup: torchvision's ResNet-18 as torch-to-tg imports it (examples/torchvision)
through the debug pipeline (tg-opt), then M ELF containers
of its section, each with its own build ID, written by one tg-opt run (M
--tg-emit-debug-section passes), indexed by Debian's debuginfod (elfutils,
scripts/debuginfod-server.py). Load: N client processes, each with its own
cold debuginfod client cache (as N machines would have), each symbolicating
R/N requests drawn uniformly over the builds and their handles with
tracegraph.Section.from_build_id (LLVM's debuginfod client) and
Section.lookup; a client keeps the Sections it opened. A request is "cold"
when its build is new to that client (a fetch from the server), else warm.

Prints one markdown table: throughput, latency percentiles of cold and warm
requests, the server's requests and peak memory, the clients' cache size.

  /usr/bin/python3 bench/debuginfod_load.py [--build build] [--builds 1000]
      [--requests 100000] [--clients 8]
"""
import argparse
import importlib.util
import multiprocessing
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def load_server_module():
    spec = importlib.util.spec_from_file_location(
        "debuginfod_server", os.path.join(ROOT, "scripts", "debuginfod-server.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def build_id(i):
    return "%040x" % (0x7467000000000000000000000000000000000000 + i)


def write_builds(tools, work, builds):
    model = os.path.join(work, "model.mlir")
    subprocess.run([os.path.join(tools, "tg-opt"),
                    os.path.join(ROOT, "examples", "torchvision", "resnet18.mlir"),
                    "--tg-inline", "--tg-fuse-elementwise",
                    "--tg-assign-debug-handles", "--tg-module-hierarchy",
                    "-mlir-print-debuginfo", "-o", model], check=True)
    store = os.path.join(work, "store")
    os.makedirs(store)
    # 100 --tg-emit-debug-section passes per tg-opt run: the module is
    # parsed once per 100 builds (and the command line stays short).
    for first in range(0, builds, 100):
        passes = ",".join(
            "tg-emit-debug-section{path=%s elf=true build-id=%s}"
            % (os.path.join(store, "%05d.elf" % i), build_id(i))
            for i in range(first, min(builds, first + 100)))
        subprocess.run([os.path.join(tools, "tg-opt"), model, "-o", os.devnull,
                        "--pass-pipeline=builtin.module(%s)" % passes],
                       check=True)
    return store


def client(index, url, builds, requests, handles, cache, seed, results):
    import tracegraph
    rng = random.Random(seed + index)
    sections = {}
    cold, warm = [], []
    errors = 0
    for _ in range(requests):
        b = rng.randrange(builds)
        h = rng.choice(handles)
        start = time.perf_counter()
        try:
            section = sections.get(b)
            fetched = section is None
            if fetched:
                section = tracegraph.Section.from_build_id(
                    build_id(b), urls=[url], cache_dir=cache, timeout=30)
                sections[b] = section
            section.lookup(h)
        except Exception:
            errors += 1
            continue
        (cold if fetched else warm).append(time.perf_counter() - start)
    results.put((cold, warm, errors))


def percentile(values, p):
    if not values:
        return float("nan")
    values = sorted(values)
    return values[min(len(values) - 1, int(p / 100.0 * len(values)))]


def du(path):
    total = 0
    for root, _, files in os.walk(path):
        for name in files:
            total += os.path.getsize(os.path.join(root, name))
    return total


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--build", default=os.path.join(ROOT, "build"))
    parser.add_argument("--builds", type=int, default=1000)
    parser.add_argument("--requests", type=int, default=100000)
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    tools = os.path.join(args.build, "bin")
    sys.path.insert(0, os.path.join(args.build, "python_packages"))
    import tracegraph
    server_module = load_server_module()

    work = tempfile.mkdtemp(prefix="tg-debuginfod-load-")
    try:
        start = time.perf_counter()
        store = write_builds(tools, work, args.builds)
        written = time.perf_counter() - start
        first = os.path.join(store, "00000.elf")
        handles = tracegraph.Section(first).handles
        container = os.path.getsize(first)

        start = time.perf_counter()
        with server_module.DebuginfodServer(store, files=args.builds) as server:
            indexed = time.perf_counter() - start
            results = multiprocessing.Queue()
            per_client = args.requests // args.clients
            procs = [multiprocessing.Process(
                target=client,
                args=(i, server.url, args.builds, per_client, handles,
                      os.path.join(work, "cache%d" % i), args.seed, results))
                for i in range(args.clients)]
            start = time.perf_counter()
            for p in procs:
                p.start()
            collected = [results.get() for _ in procs]
            for p in procs:
                p.join()
            wall = time.perf_counter() - start
            server_rss = server.rss_kib()
            metrics = server.metrics()
        cold = [x for c, _, _ in collected for x in c]
        warm = [x for _, w, _ in collected for x in w]
        errors = sum(e for _, _, e in collected)
        caches = sum(du(os.path.join(work, "cache%d" % i))
                     for i in range(args.clients))
        served = metrics.get(
            'http_responses_duration_milliseconds_count{code="200",type="debuginfo"}', 0)
        serve_ms = metrics.get(
            'http_responses_duration_milliseconds_sum{code="200",type="debuginfo"}', 0)
        done = len(cold) + len(warm)

        ms = lambda s: "%.2f" % (s * 1000)
        print("| measure | value |")
        print("| --- | --- |")
        print("| builds (ELF containers of ResNet-18's section, %d handles) | %d of %d bytes each, written in %.1f s |"
              % (len(handles), args.builds, container, written))
        print("| server | elfutils debuginfod, 127.0.0.1, indexed in %.1f s |" % indexed)
        print("| clients x requests | %d x %d = %d (%d errors) |"
              % (args.clients, per_client, done, errors))
        print("| wall time, throughput | %.1f s, %.0f requests/s |" % (wall, done / wall))
        print("| cold requests (fetch + open + lookup) | %d: p50 %s ms, p90 %s ms, p99 %s ms, max %s ms |"
              % (len(cold), ms(percentile(cold, 50)), ms(percentile(cold, 90)),
                 ms(percentile(cold, 99)), ms(max(cold) if cold else 0)))
        print("| warm requests (lookup) | %d: p50 %s ms, p90 %s ms, p99 %s ms, max %s ms |"
              % (len(warm), ms(percentile(warm, 50)), ms(percentile(warm, 90)),
                 ms(percentile(warm, 99)), ms(max(warm) if warm else 0)))
        print("| fetches served by the server (HTTP 200) | %d (%.0f/s over the run), %.2f ms each on average in the server |"
              % (served, served / wall, serve_ms / served if served else 0))
        print("| server peak RSS | %.1f MB |" % (server_rss / 1024.0))
        print("| client caches | %.1f MB in all, %.1f MB per client |"
              % (caches / 1e6, caches / 1e6 / args.clients))
        return 1 if errors else 0
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
