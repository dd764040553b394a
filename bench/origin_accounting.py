#!/usr/bin/env python3
"""Origins through a lowering to the llvm dialect, with and without accounting.

Runs one pipeline of upstream passes only (bufferization, linalg to loops,
scf to cf, arith/memref/func/cf to llvm, reconcile casts) with and without
`tg-opt --tg-account-origins`, and prints markdown tables:

1. Cost, on a generated input (`gen_upstream_model.py layers N`): the
   pipeline's own time (`--mlir-timing` total minus parsing and printing,
   best of --repeat runs, the two modes alternating), wall time and peak RSS
   of the whole tg-opt run, and the ratio with/without.
2. Where the origins go (--tg-snapshot-origins=terminators=true before the
   pipeline, --tg-verify-origins=summary=true after it): on llvm ops, only in
   records, silently lost; on the generated input, and with --corpus DIR on
   every `// -----` chunk of every *.mlir file there (MLIR's own lit inputs,
   say), each op first given its own origin by upstream -snapshot-op-locations.
   Chunks the pipeline rejects are skipped and counted.

  bench/origin_accounting.py --tg-opt build/bin/tg-opt --ops 100000
  bench/origin_accounting.py --ops 0 --corpus DIR      # the corpus only
"""
import argparse
import os
import re
import resource
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
PIPELINE = [
    '-one-shot-bufferize=bufferize-function-boundaries',
    '-convert-linalg-to-loops',
    '-convert-scf-to-cf',
    '-convert-math-to-llvm',
    '-convert-arith-to-llvm',
    '-finalize-memref-to-llvm',
    '-convert-func-to-llvm',
    '-convert-cf-to-llvm',
    '-reconcile-unrealized-casts',
]
SUMMARY = re.compile(r'remark: origins: (\d+), on ops: (\d+) \(on llvm ops: (\d+)\), '
                     r'only in records: (\d+), lost: (\d+)')


def timed(cmd):
    """Runs cmd; returns (stdout+stderr text, wall seconds, peak RSS MiB)."""
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    out = proc.stdout.read()
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    wall = time.perf_counter() - start
    return out, wall, usage.ru_maxrss / 1024.0, proc.returncode


def pipeline_seconds(report):
    """Total minus Parser and Output in an --mlir-timing report."""
    def get(name):
        m = re.search(r'^\s*([0-9.]+) \(\s*[0-9.]+%\)\s+' + name + r'\s*$', report, re.M)
        return float(m.group(1)) if m else 0.0
    return get('Total') - get('Parser') - get('Output')


def where(tgopt, path, account):
    cmd = [tgopt, path, '-tg-snapshot-origins=terminators=true', *PIPELINE,
           '-tg-verify-origins=summary=true', '-o', os.devnull]
    if account:
        cmd.append('--tg-account-origins')
    r = subprocess.run(cmd, capture_output=True, text=True)
    m = SUMMARY.search(r.stderr)
    if not m:
        return None  # the pipeline rejected the input
    total, on_ops, on_llvm, records, lost = map(int, m.groups())
    return {'origins': total, 'llvm': on_llvm, 'other': on_ops - on_llvm,
            'records': records, 'lost': lost}


def cost(tgopt, path, repeat):
    best = {}
    for _ in range(repeat):
        for account in (False, True):
            cmd = [tgopt, path, *PIPELINE, '--mlir-timing', '-o', os.devnull]
            if account:
                cmd.append('--tg-account-origins')
            out, wall, rss, rc = timed(cmd)
            if rc != 0:
                sys.exit(f'origin_accounting.py: {" ".join(cmd)} failed:\n{out}')
            row = (pipeline_seconds(out), wall, rss)
            prev = best.get(account)
            best[account] = row if prev is None else tuple(map(min, prev, row))
    return best


def chunks(path):
    text = open(path).read()
    for i, chunk in enumerate(re.split(r'^// -----\s*$', text, flags=re.M)):
        # FileCheck lines carry no ops; RUN lines name other tools.
        lines = [l for l in chunk.splitlines() if not re.match(r'\s*//', l)]
        if any(l.strip() for l in lines):
            yield i, '\n'.join(lines) + '\n'


def corpus_rows(tgopt, directory, tmp):
    for name in sorted(os.listdir(directory)):
        if not name.endswith('.mlir'):
            continue
        sums = {False: {}, True: {}}
        count = skipped = 0
        for i, chunk in chunks(os.path.join(directory, name)):
            count += 1
            raw = os.path.join(tmp, f'{name}.{i}.raw.mlir')
            located = os.path.join(tmp, f'{name}.{i}.mlir')
            open(raw, 'w').write(chunk)
            r = subprocess.run([tgopt, raw, '-allow-unregistered-dialect',
                                f'-snapshot-op-locations=filename={located}.txt',
                                '-mlir-print-debuginfo', '-o', located],
                               capture_output=True, text=True)
            results = {a: where(tgopt, located, a) for a in (False, True)} \
                if r.returncode == 0 else {False: None, True: None}
            if results[False] is None or results[True] is None:
                skipped += 1
                continue
            for account, res in results.items():
                for key, value in res.items():
                    sums[account][key] = sums[account].get(key, 0) + value
        yield name, count, skipped, sums


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument('--tg-opt', default=os.path.join(HERE, '..', 'build', 'bin', 'tg-opt'))
    parser.add_argument('--ops', type=int, default=100000,
                        help='size of the generated input (0: none)')
    parser.add_argument('--repeat', type=int, default=3)
    parser.add_argument('--corpus', help='a folder of .mlir files to lower')
    args = parser.parse_args()

    print('pipeline: tg-opt ' + ' '.join(PIPELINE) + '\n')
    with tempfile.TemporaryDirectory() as tmp:
        rows = []
        if args.ops:
            path = os.path.join(tmp, f'layers-{args.ops}.mlir')
            with open(path, 'w') as f:
                subprocess.run([sys.executable, os.path.join(HERE, 'gen_upstream_model.py'),
                                'layers', str(args.ops)], stdout=f, check=True)
            best = cost(args.tg_opt, path, args.repeat)
            print('| input | accounting | pipeline s | wall s | peak RSS MiB |')
            print('| --- | --- | --- | --- | --- |')
            for account in (False, True):
                p, w, m = best[account]
                print(f'| layers {args.ops} | {"on" if account else "off"} | '
                      f'{p:.2f} | {w:.2f} | {m:.0f} |')
            print(f'\nratio with/without: pipeline {best[True][0] / best[False][0]:.2f}x, '
                  f'wall {best[True][1] / best[False][1]:.2f}x, '
                  f'peak RSS {best[True][2] / best[False][2]:.2f}x\n')
            sums = {a: where(args.tg_opt, path, a) for a in (False, True)}
            rows.append((f'layers {args.ops} (generated)', 1, 0, sums))
        if args.corpus:
            rows += list(corpus_rows(args.tg_opt, args.corpus, tmp))
        if rows:
            print('| input | chunks | skipped | origins | accounting | on llvm ops '
                  '| on other ops | only in records | silently lost |')
            print('| --- | --- | --- | --- | --- | --- | --- | --- | --- |')
            for name, count, skipped, sums in rows:
                for account in (False, True):
                    s = sums[account]
                    print(f'| {name} | {count} | {skipped} | {s.get("origins", 0)} | '
                          f'{"on" if account else "off"} | {s.get("llvm", 0)} | '
                          f'{s.get("other", 0)} | {s.get("records", 0)} | {s.get("lost", 0)} |')


if __name__ == '__main__':
    main()
