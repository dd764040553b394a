# RUN: %python -m pytest -q -p no:cacheprovider %s
# REQUIRES: python-bindings, pytest, hypothesis
"""Properties of the Section API on bad input (Debian's python3-hypothesis):
whatever the bytes, handles, lines, formats and traces, a call returns or
raises SectionError, KeyError, TypeError or ValueError, and never crashes the
interpreter; what it returns agrees with the other calls. Derandomized, so
every run tries the same examples (the C++ fuzz target tg-symbolize-fuzzer
searches further: scripts/fuzz.sh)."""
import glob
import os

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import tracegraph

SRC = os.environ["TG_SRC_ROOT"]
GOLDENS = sorted(glob.glob(os.path.join(SRC, "test", "Serialize", "Inputs",
                                        "golden-v*.tgdbg")))
DATA = {path: open(path, "rb").read() for path in GOLDENS}
EXPECTED = (tracegraph.SectionError, KeyError, TypeError, ValueError)

settings.register_profile(
    "tracegraph", derandomize=True, database=None, deadline=None,
    max_examples=150, suppress_health_check=[HealthCheck.too_slow,
                                             HealthCheck.data_too_large])
settings.load_profile("tracegraph")

golden = st.sampled_from(GOLDENS)


def brief_of(section, handle, fmt="mobile"):
    full = section.lookup(handle, fmt)
    origin = full["origins"][0] if full["origins"] else None
    frame = origin["frames"][-1] if origin and origin["frames"] else None
    return (full["op"], origin["module_path"] if origin else "", full["kernel"],
            frame["file"] if frame else "", frame["line"] if frame else 0,
            frame["function"] if frame else None)


def exercise(section):
    """Every query on a few handles; only the expected exceptions."""
    try:
        handles = section.handles
    except EXPECTED:
        return
    assert all(0 <= h < section.num_handles for h in handles)
    for h in handles[:4] + [section.num_handles, -1]:
        for call in (lambda: section.lookup(h), lambda: section.traceback(h),
                     lambda: section.llvm_frames(h),
                     lambda: section.lookup_many([h, h]),
                     lambda: section.module_path(h, "profiler"),
                     lambda: h in section):
            try:
                call()
            except EXPECTED:
                pass
    for call in (section.verify, lambda: section.build_id,
                 lambda: section.source("m.py", 1)):
        try:
            call()
        except EXPECTED:
            pass


@given(st.binary(max_size=4096))
def test_any_bytes_open_or_raise(data):
    try:
        section = tracegraph.Section(data)
    except tracegraph.SectionError:
        return
    exercise(section)


@st.composite
def damaged(draw):
    """A golden section with bytes flipped, cut, inserted or overwritten."""
    data = bytearray(DATA[draw(golden)])
    for _ in range(draw(st.integers(1, 8))):
        kind = draw(st.sampled_from(["flip", "cut", "insert", "set"]))
        at = draw(st.integers(0, len(data)))
        if kind == "flip" and at < len(data):
            data[at] ^= 1 << draw(st.integers(0, 7))
        elif kind == "cut":
            del data[at:at + draw(st.integers(1, 64))]
        elif kind == "insert":
            data[at:at] = draw(st.binary(min_size=1, max_size=16))
        elif at < len(data):
            data[at] = draw(st.sampled_from([0, 1, 0x7f, 0x80, 0xff]))
    return bytes(data)


@given(damaged())
def test_damaged_sections_open_or_raise(data):
    try:
        section = tracegraph.Section(data)
    except tracegraph.SectionError:
        return
    exercise(section)


@given(golden, st.one_of(st.integers(), st.integers(-2**80, 2**80),
                         st.booleans(), st.floats(), st.text(max_size=4),
                         st.none()))
def test_any_handle_answers_or_raises(path, handle):
    section = tracegraph.Section(path)
    valid = (isinstance(handle, int) and not isinstance(handle, bool) and
             handle in section.handles)
    try:
        answer = section.lookup(handle)
    except KeyError as e:
        assert not valid
        # The number given, not a wrapped-around one (issue 30).
        assert "debug handle %d " % handle in str(e)
        return
    except TypeError:
        assert not isinstance(handle, int) or isinstance(handle, bool)
        return
    assert valid and answer["handle"] == handle
    assert section.traceback(handle)
    assert section.lookup_many([handle]) == [brief_of(section, handle)]


@given(golden, st.data())
def test_lookup_many_is_lookup_in_any_order(path, data):
    section = tracegraph.Section(path)
    handles = section.handles
    for fmt in tracegraph.MODULE_PATH_FORMATS:
        order = data.draw(st.lists(st.sampled_from(handles), max_size=40))
        assert section.lookup_many(order, fmt) == [
            brief_of(section, h, fmt) for h in order]
        # A bad handle anywhere is a KeyError and leaves the memo usable.
        bad = data.draw(st.one_of(st.integers(section.num_handles, 2**70),
                                  st.integers(-2**70, -1)))
        spliced = list(order)
        spliced.insert(data.draw(st.integers(0, len(order))), bad)
        with pytest.raises(KeyError, match="debug handle %d " % bad):
            section.lookup_many(spliced, fmt)
        assert section.lookup_many(order, fmt) == [
            brief_of(section, h, fmt) for h in order]


@given(golden, st.text(max_size=40), st.integers(-2**40, 2**40),
       st.text(max_size=10))
def test_source_and_formats_answer_or_raise(path, file, line, fmt):
    section = tracegraph.Section(path)
    try:
        answer = section.source(file, line, fmt)
    except ValueError as e:
        assert (not 1 <= line < 2**32 or
                fmt not in tracegraph.MODULE_PATH_FORMATS), e
        return
    assert set(answer) == {"source", "handles", "removed"}
    assert all(h in section for h in (x["handle"] for x in answer["handles"]))


@given(golden, st.lists(st.fixed_dictionaries({
    "name": st.text(max_size=4),
    "args": st.dictionaries(st.sampled_from(["debug_handle", "x"]),
                            st.one_of(st.integers(-2, 2**64), st.text(max_size=6),
                                      st.none(), st.floats()), max_size=2)}),
    max_size=8))
def test_chrome_traces_annotate_or_raise(path, events):
    section = tracegraph.Section(path)
    try:
        out = tracegraph.annotate_chrome_trace(section, events)
    except ValueError:
        return
    assert len(out) == len(events)


@given(damaged())
def test_files_read_or_mapped_agree(tmp_path_factory, data):
    path = tmp_path_factory.mktemp("s") / "s.tgdbg"
    path.write_bytes(data)
    answers = []
    for mmap in (False, True):
        try:
            section = tracegraph.Section(path, mmap=mmap)
            answers.append(("ok", section.handles,
                            [section.lookup_many([h]) for h in section.handles]))
        except EXPECTED as e:
            answers.append(("error", type(e), str(e)))
    assert answers[0] == answers[1]
