# RUN: %python -m pytest -q -p no:cacheprovider %s
# REQUIRES: python-bindings, pytest
"""Section.lookup_many and Section.traceback on a real import, inlined and
fused: lookup_many's memoized fast paths (sites and positions decoded once,
a kernel's first origin through its stack node) give exactly what lookup
gives, for every handle and module path form; traceback, whose source files
are read once per Section, gives exactly what tg-symbolicate prints; and the
graph that holds the folded branches' origin records shows its own frames."""
import os
import subprocess

import pytest

import tracegraph

SRC = os.environ["TG_SRC_ROOT"]
TOOLS = os.environ["TG_TOOLS_DIR"]
RESNET = os.path.join(SRC, "examples", "torchvision", "resnet18.mlir")


@pytest.fixture(scope="module")
def section_path(tmp_path_factory):
    path = str(tmp_path_factory.mktemp("fast") / "r18.tgdbg")
    subprocess.run([os.path.join(TOOLS, "tg-opt"), RESNET, "--tg-inline",
                    "--tg-fuse-elementwise", "--tg-assign-debug-handles",
                    "--tg-module-hierarchy", "--tg-emit-debug-section=path=" + path,
                    "-o", os.devnull], check=True)
    return path


def brief_of(section, handle, fmt):
    full = section.lookup(handle, fmt)
    if not full["origins"]:
        return (full["op"], "", full["kernel"], "", 0, None)
    origin = full["origins"][0]
    own = origin["frames"][-1] if origin["frames"] else {
        "file": "", "line": 0, "function": None}
    return (full["op"], origin["module_path"], full["kernel"], own["file"],
            own["line"], own["function"])


@pytest.mark.parametrize("fmt", ["mobile", "profiler", "scope"])
def test_lookup_many_is_lookup_on_a_fused_import(section_path, fmt):
    section = tracegraph.Section(section_path)
    handles = section.handles
    # Shuffled, each handle twice: order and repeats change nothing.
    order = handles[::-1] + handles[::2] + handles[1::2]
    briefs = section.lookup_many(order, fmt)
    kernels = 0
    for handle, brief in zip(order, briefs):
        assert brief == brief_of(section, handle, fmt), handle
        kernels += brief[2] is not None
    assert kernels > 0  # the kernels' path is taken


def test_traceback_is_tg_symbolicate(section_path):
    section = tracegraph.Section(section_path)
    picks = section.handles[::37]
    expected = subprocess.run(
        [os.path.join(TOOLS, "tg-symbolicate"), section_path] +
        [str(h) for h in picks], capture_output=True, text=True,
        check=True).stdout
    got = "\n".join(section.traceback(h) for h in picks)
    assert got == expected
    # Asked again (the source files are cached): the same text.
    assert "\n".join(section.traceback(h) for h in picks) == expected


def test_graph_traceback_has_its_own_frames_only(section_path):
    # Handle 0 is the entry graph, which holds the records of every branch
    # --tg-inline folded (704 of them): its traceback is its own location
    # (unknown in this import: no frame), none of the records'.
    section = tracegraph.Section(section_path)
    # Records apart (RECORDS), compressed in 5.0.
    assert section.version == (5, 0)
    text = section.traceback(0)
    assert text.startswith("Debug handle 0 (tg.graph)\n")
    assert 'File "' not in text and len(text) < 1024, text
    removed = section.source("functional.py", 1457)["removed"]
    assert removed and all(r["pass"] == "tg-inline" for r in removed)
    assert {r["kind"] for r in removed} == {"eliminated"}
