#!/usr/bin/env python3
"""Origins lost by upstream transforms vs tracegraph's drop-ins, and their cost.

For each input and each pass pair (upstream / drop-in) it counts the origins
(distinct locations, each op's own) that the pass loses: run between
--tg-snapshot-origins and --tg-verify-origins, every "origin lost" is one
origin no op lists and no #tg.origin_record names. It checks that the outputs
with locations stripped are identical, and times the pass alone
(--mlir-timing, best of --repeat runs). Then it measures time and peak RSS of
merging many duplicates into one op, with and without the max-origins bound.

  bench/upstream_origins.py --tg-opt build/bin/tg-opt            # generated inputs
  bench/upstream_origins.py --corpus DIR                         # + *.mlir in DIR

Corpus files (e.g. MLIR's own lit inputs for these passes) are split at
`// -----` like -split-input-file; each chunk first gets one origin per op
from upstream -snapshot-op-locations. Chunks upstream's parser or the pass
rejects are skipped and counted. Prints markdown tables.
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
PAIRS = [
    ('cse', 'tg-cse'),
    ('canonicalize', 'tg-canonicalize'),
    ('linalg-fuse-elementwise-ops', 'tg-linalg-fuse-elementwise'),
]
TIMER_NAMES = {
    'cse': 'CSE', 'tg-cse': 'TGCSE',
    'canonicalize': 'Canonicalizer', 'tg-canonicalize': 'TGCanonicalize',
    'linalg-fuse-elementwise-ops': 'LinalgElementwiseOpFusionPass',
    'tg-linalg-fuse-elementwise': 'TGLinalgFuseElementwise',
}


def run(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, **kw)


def lost(tgopt, path, passarg, extra):
    r = run([tgopt, path, *extra, '-tg-snapshot-origins', f'-{passarg}',
             '-tg-verify-origins', '-o', os.devnull])
    if r.returncode != 0 and 'origin lost' not in r.stderr:
        return None  # the pass itself failed on this input
    return r.stderr.count('origin lost')


def stripped(tgopt, path, passarg, extra):
    a = run([tgopt, path, *extra, f'-{passarg}'])
    if a.returncode != 0:
        return None
    b = run([tgopt, '-strip-debuginfo', *extra], input=a.stdout)
    return b.stdout if b.returncode == 0 else None


def pass_time(tgopt, path, passarg, repeat):
    best = None
    for _ in range(repeat):
        r = run([tgopt, path, f'-{passarg}', '--mlir-timing', '-o', os.devnull])
        m = re.search(r'^\s+([0-9.]+) \(\s*[0-9.]+%\)\s+' +
                      TIMER_NAMES[passarg] + r'$', r.stderr, re.M)
        if m:
            t = float(m.group(1))
            best = t if best is None else min(best, t)
    return best


def origins_in(tgopt, path, extra):
    r = run([tgopt, path, *extra, '-tg-snapshot-origins', '-mlir-print-local-scope'])
    m = re.search(r'tg\.origin_snapshot = \[(.*?)\]\}', r.stdout, re.S)
    return 0 if not m else m.group(1).count('loc(')


def gen(shape, n, out):
    with open(out, 'w') as f:
        subprocess.run([sys.executable, os.path.join(HERE, 'gen_upstream_model.py'),
                        shape, str(n)], stdout=f, check=True)


def generated_table(tgopt, work, sizes, repeat):
    print('### Generated func/arith/tensor/linalg inputs (bench/gen_upstream_model.py mixed N)\n')
    print('| ops | pass | origins | lost by upstream | lost by drop-in | same minus locations | upstream s | drop-in s | ratio |')
    print('| --- | --- | --- | --- | --- | --- | --- | --- | --- |')
    for n in sizes:
        path = os.path.join(work, f'mixed-{n}.mlir')
        gen('mixed', n, path)
        total = origins_in(tgopt, path, [])
        for up, ours in PAIRS:
            lu = lost(tgopt, path, up, [])
            lo = lost(tgopt, path, ours, [])
            same = stripped(tgopt, path, up, []) == stripped(tgopt, path, ours, [])
            tu = pass_time(tgopt, path, up, repeat)
            to = pass_time(tgopt, path, ours, repeat)
            ratio = f'{to / tu:.2f}' if tu and to else '-'
            print(f'| {n} | {up} | {total} | {lu} | {lo} | {"yes" if same else "NO"} '
                  f'| {tu:.3f} | {to:.3f} | {ratio} |')
    print()


def rss(tgopt, path, passarg):
    start = time.time()
    r = run(['/usr/bin/time', '-f', '%M', tgopt, path, f'-{passarg}', '-o', os.devnull])
    wall = time.time() - start
    kb = int(r.stderr.strip().splitlines()[-1])
    return wall, kb / 1024


def merge_table(tgopt, work, n, unbounded_sizes):
    print(f'### Merging duplicates into one op (time and peak RSS of the whole tg-opt run)\n')
    print('| input | pass | wall s | peak RSS MiB |')
    print('| --- | --- | --- | --- |')
    for shape, up, ours in [('constants', 'canonicalize', 'tg-canonicalize'),
                            ('duplicates', 'cse', 'tg-cse')]:
        path = os.path.join(work, f'{shape}-{n}.mlir')
        gen(shape, n, path)
        for passarg in [up, f'{ours}=max-origins=64', f'{ours}=max-origins=0']:
            if passarg.endswith('=0') and shape == 'duplicates':
                continue  # quadratic: measured at smaller sizes below
            w, m = rss(tgopt, path, passarg)
            print(f'| {shape} {n} | {passarg} | {w:.2f} | {m:.0f} |')
        if shape == 'duplicates':
            for k in unbounded_sizes:
                p = os.path.join(work, f'{shape}-{k}.mlir')
                gen(shape, k, p)
                for passarg in [f'{ours}=max-origins=64', f'{ours}=max-origins=0']:
                    w, m = rss(tgopt, p, passarg)
                    print(f'| {shape} {k} | {passarg} | {w:.2f} | {m:.0f} |')
    print()


def split_chunks(text):
    return [c for c in re.split(r'^// -----\s*$', text, flags=re.M) if c.strip()]


def corpus_table(tgopt, work, corpus):
    print('### MLIR\'s own lit inputs (each op its own origin by -snapshot-op-locations)\n')
    print('| file | chunks | skipped | pass | origins | lost by upstream | lost by drop-in | differ minus locations |')
    print('| --- | --- | --- | --- | --- | --- | --- | --- |')
    for name in sorted(os.listdir(corpus)):
        if not name.endswith('.mlir'):
            continue
        chunks = split_chunks(open(os.path.join(corpus, name)).read())
        extra = ['-allow-unregistered-dialect']
        snap = []
        skipped = 0
        for i, chunk in enumerate(chunks):
            src = os.path.join(work, f'{name}.{i}.in.mlir')
            dst = os.path.join(work, f'{name}.{i}.mlir')
            open(src, 'w').write(chunk)
            r = run([tgopt, src, *extra, f'-snapshot-op-locations=filename={dst}',
                     '-o', dst])
            if r.returncode != 0:
                skipped += 1
                continue
            snap.append(dst)
        for up, ours in PAIRS:
            total = lu = lo = differ = 0
            for path in snap:
                a = lost(tgopt, path, up, extra)
                b = lost(tgopt, path, ours, extra)
                if a is None or b is None:
                    continue
                total += origins_in(tgopt, path, extra)
                lu += a
                lo += b
                if stripped(tgopt, path, up, extra) != stripped(tgopt, path, ours, extra):
                    differ += 1
            print(f'| {name} | {len(chunks)} | {skipped} | {up} | {total} | {lu} | {lo} | {differ} |')
    print()


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('--tg-opt', default=os.path.join(HERE, '..', 'build', 'bin', 'tg-opt'))
    ap.add_argument('--corpus', help='directory of .mlir files (not committed)')
    ap.add_argument('--sizes', default='1000,10000,100000')
    ap.add_argument('--merge-size', type=int, default=100000)
    ap.add_argument('--unbounded-sizes', default='10000,30000',
                    help='sizes for the quadratic unbounded CSE merge')
    ap.add_argument('--repeat', type=int, default=3)
    ap.add_argument('--skip-generated', action='store_true')
    ap.add_argument('--pairs', default='cse,canonicalize,linalg-fuse-elementwise-ops',
                    help='upstream passes to compare (with their drop-ins)')
    args = ap.parse_args()
    wanted = args.pairs.split(',')
    PAIRS[:] = [p for p in PAIRS if p[0] in wanted]
    with tempfile.TemporaryDirectory() as work:
        if not args.skip_generated:
            generated_table(args.tg_opt, work, [int(s) for s in args.sizes.split(',')],
                            args.repeat)
            merge_table(args.tg_opt, work, args.merge_size,
                        [int(s) for s in args.unbounded_sizes.split(',') if s])
        if args.corpus:
            corpus_table(args.tg_opt, work, args.corpus)


if __name__ == '__main__':
    main()
