#!/usr/bin/env python3
"""Generates func/arith/tensor/linalg inputs for the upstream drop-ins.

Every op gets its own Python `file:line` location, so that a lost line is a
lost origin. Two shapes:

  mixed N      about N ops in blocks of 20: common subexpressions, foldable
               arithmetic, dead ops, duplicate constants, elementwise
               linalg.generic chains (what -cse, -canonicalize and
               -linalg-fuse-elementwise-ops act on)
  constants N  N duplicate constants from N lines, each used by a call: the
               folder merges them into one op (llvm-project #74670/#75415)
  duplicates N N identical additions from N lines, each used by a call: CSE
               merges them into one op whose location keeps growing
  layers N     the blocks of `mixed`, ten (about 200 ops) to a function: the
               input of a lowering pipeline to the llvm dialect, which is
               superlinear in the size of one function (-convert-scf-to-cf
               takes 120 s on `mixed 100000`), not in the number of them

  gen_upstream_model.py mixed 100000 > mixed-100k.mlir
"""
import sys


def block(p, acc, tensor, loc):
    """One block of 20 ops named %<p>...: common subexpressions, foldable
    arithmetic, a dead op, duplicate constants, a linalg.generic chain."""
    return [
        f'  %{p}c0 = arith.constant 0 : i32 {loc()}',
        f'  %{p}c1 = arith.constant 1 : i32 {loc()}',
        f'  %{p}c1b = arith.constant 1 : i32 {loc()}',
        f'  %{p}a = arith.addi {acc}, %y : i32 {loc()}',
        f'  %{p}b = arith.addi {acc}, %y : i32 {loc()}',
        f'  %{p}z = arith.addi %{p}a, %{p}c0 : i32 {loc()}',
        f'  %{p}dead = arith.muli %{p}a, %{p}b : i32 {loc()}',
        f'  %{p}s = arith.addi %{p}c1, %{p}c1b : i32 {loc()}',
        f'  %{p}r = arith.muli %{p}b, %{p}s : i32 {loc()}',
        f'  %{p}m = arith.muli %{p}z, %{p}c1 : i32 {loc()}',
        f'  %{p}acc = arith.xori %{p}r, %{p}m : i32 {loc()}',
        f'  func.call @sink(%{p}acc) : (i32) -> () {loc()}',
        f'  %{p}e = tensor.empty() : tensor<16xf32> {loc()}',
        f'  %{p}g0 = linalg.generic {{indexing_maps = [#map, #map], iterator_types = ["parallel"]}} '
        f'ins({tensor} : tensor<16xf32>) outs(%{p}e : tensor<16xf32>) {{',
        '  ^bb0(%i: f32, %o: f32):',
        f'    %v = arith.addf %i, %i : f32 {loc()}',
        f'    linalg.yield %v : f32 {loc()}',
        f'  }} -> tensor<16xf32> {loc()}',
        f'  %{p}g1 = linalg.generic {{indexing_maps = [#map, #map], iterator_types = ["parallel"]}} '
        f'ins(%{p}g0 : tensor<16xf32>) outs(%{p}e : tensor<16xf32>) {{',
        '  ^bb0(%i: f32, %o: f32):',
        f'    %v = arith.mulf %i, %i : f32 {loc()}',
        f'    linalg.yield %v : f32 {loc()}',
        f'  }} -> tensor<16xf32> {loc()}',
    ]


def mixed(n):
    out = ['#map = affine_map<(d0) -> (d0)>',
           'func.func private @sink(i32)',
           'func.func @model(%x: i32, %y: i32, %t: tensor<16xf32>) -> (i32, tensor<16xf32>) {']
    line = [0]

    def loc():
        line[0] += 1
        return f'loc("model.py":{line[0]}:8)'

    acc = '%x'
    tensor = '%t'
    blocks = max(1, n // 20)
    for b in range(blocks):
        p = f'b{b}'
        out += block(p, acc, tensor, loc)
        acc = f'%{p}acc'
        tensor = f'%{p}g1'
    out.append(f'  return {acc}, {tensor} : i32, tensor<16xf32> {loc()}')
    out.append('}')
    return out


def constants(n):
    out = ['func.func private @sink(i32)', 'func.func @model() {']
    for i in range(n):
        out.append(f'  %c{i} = arith.constant 7 : i32 loc("model.py":{i + 1}:4)')
        out.append(f'  func.call @sink(%c{i}) : (i32) -> () loc("use.py":{i + 1}:4)')
    out.append('  return')
    out.append('}')
    return out


def duplicates(n):
    out = ['func.func private @sink(i32)', 'func.func @model(%x: i32, %y: i32) {']
    for i in range(n):
        out.append(f'  %a{i} = arith.addi %x, %y : i32 loc("model.py":{i + 1}:4)')
        out.append(f'  func.call @sink(%a{i}) : (i32) -> () loc("use.py":{i + 1}:4)')
    out.append('  return')
    out.append('}')
    return out


def layers(n):
    out = ['#map = affine_map<(d0) -> (d0)>', 'func.func private @sink(i32)']
    line = [0]

    def loc():
        line[0] += 1
        return f'loc("model.py":{line[0]}:8)'

    blocks = max(1, n // 20)
    for f in range(0, blocks, 10):
        out.append(f'func.func @layer{f // 10}(%x: i32, %y: i32, %t: tensor<16xf32>) '
                   '-> (i32, tensor<16xf32>) {')
        acc, tensor = '%x', '%t'
        for b in range(f, min(blocks, f + 10)):
            p = f'b{b}'
            out += block(p, acc, tensor, loc)
            acc, tensor = f'%{p}acc', f'%{p}g1'
        out.append(f'  return {acc}, {tensor} : i32, tensor<16xf32> {loc()}')
        out.append('}')
    return out


SHAPES = {'mixed': mixed, 'layers': layers, 'constants': constants, 'duplicates': duplicates}


def main():
    if len(sys.argv) != 3 or sys.argv[1] not in SHAPES:
        sys.exit(__doc__)
    lines = SHAPES[sys.argv[1]](int(sys.argv[2]))
    sys.stdout.write('\n'.join(lines) + '\n')


if __name__ == '__main__':
    main()
