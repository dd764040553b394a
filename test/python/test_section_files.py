# RUN: %python -m pytest -q -p no:cacheprovider %s
# REQUIRES: python-bindings, pytest
"""A Section whose file changes under it, or that is no file at all (issue
30): truncated in place (`open(path, "wb")`), rewritten in place, a FIFO.
The answer is the old data or SectionError, never a signal and never a hang.
Each case runs in a child interpreter, so that a SIGBUS or a hang is this
test's failure, not pytest's."""
import os
import shutil
import struct
import subprocess
import sys
import textwrap
import zlib

import pytest

import tracegraph

SRC = os.environ["TG_SRC_ROOT"]
GOLDEN = os.path.join(SRC, "test", "Serialize", "Inputs", "golden-v3.1.tgdbg")


def child(code, *args, timeout=60):
    run = subprocess.run([sys.executable, "-c", textwrap.dedent(code), *args],
                         capture_output=True, text=True, timeout=timeout)
    assert run.returncode == 0, (run.returncode, run.stderr[-3000:])
    return run.stdout


@pytest.fixture
def copy(tmp_path):
    path = tmp_path / "m.tgdbg"
    shutil.copyfile(GOLDEN, path)
    os.utime(path, (0, 0))  # a rewrite now gives it another mtime
    return str(path)


def test_small_section_keeps_its_bytes_when_truncated_in_place(copy):
    # Under 64 KiB a section is read at open: the old answers stay.
    out = child("""
        import sys, tracegraph
        s = tracegraph.Section(sys.argv[1])
        before = [s.traceback(h) for h in s.handles]
        open(sys.argv[1], "wb").write(b"")
        assert [s.traceback(h) for h in s.handles] == before
        open(sys.argv[1], "wb").write(b"x" * 5000)
        assert [s.lookup_many([h]) for h in s.handles]
        assert bytes(s.raw())[:4] == open(sys.argv[2], "rb").read(4)
        print("old data")
        """, copy, GOLDEN)
    assert out == "old data\n"


def test_mapped_section_truncated_in_place_raises(copy):
    # mmap=True maps whatever the size, as a section from 64 KiB on is.
    out = child("""
        import sys, tracegraph
        s = tracegraph.Section(sys.argv[1], mmap=True)
        h = s.handles
        s.traceback(h[0])
        view = s.raw()
        open(sys.argv[1], "wb").write(b"")  # python.md's own sample
        calls = [lambda: s.traceback(h[-1]), lambda: s.lookup(h[0]),
                 lambda: s.lookup_many(h), lambda: s.verify(),
                 lambda: s.handles, lambda: s.source("m.py", 3),
                 lambda: s.build_id, lambda: h[1] in s,
                 lambda: s.module_path(h[1]), lambda: s.raw()]
        for call in calls:
            try:
                call()
            except tracegraph.SectionError as e:
                assert "changed while open" in str(e), e
                assert sys.argv[1] in str(e), e
            else:
                raise AssertionError("no SectionError")
        # A raw view taken before reads zeros where the file's pages went:
        # no SIGBUS. raw() now raises, as the queries do (it gave a view of
        # the zeros: found trying the package as a user would).
        assert set(bytes(view)[4096:]) <= {0}
        # The buffer protocol itself does not raise (an exception there
        # aborted the interpreter): memoryview(s) shows the zeros as well.
        assert set(bytes(memoryview(s))[4096:]) <= {0}
        print("SectionError")
        """, copy)
    assert out == "SectionError\n"


def test_mapped_section_rewritten_in_place_raises(copy):
    # Same size, other bytes: no page is missing, the mtime says it changed.
    out = child("""
        import sys, tracegraph
        s = tracegraph.Section(sys.argv[1], mmap=True)
        data = open(sys.argv[1], "rb").read()
        open(sys.argv[1], "r+b").write(data[:100] + b"\\0" * (len(data) - 100))
        try:
            s.lookup(s.handles[0])
        except tracegraph.SectionError as e:
            print("SectionError" if "changed while open" in str(e) else e)
        """, copy)
    assert out == "SectionError\n"


def test_second_verify_of_a_rewrite_with_its_mtime_restored_raises(copy):
    # Same size, the modification time put back: nothing in the file's
    # status says it changed, so only its bytes can. A second verify()
    # trusted the first and passed.
    out = child("""
        import os, sys, tracegraph
        s = tracegraph.Section(sys.argv[1], mmap=True)
        s.verify()
        status = os.stat(sys.argv[1])
        data = bytearray(open(sys.argv[1], "rb").read())
        data[-1] ^= 0xFF  # the last byte: inside the last table
        open(sys.argv[1], "r+b").write(bytes(data))
        os.utime(sys.argv[1], ns=(status.st_atime_ns, status.st_mtime_ns))
        try:
            s.verify()
        except tracegraph.SectionError as e:
            print("SectionError" if "checksum mismatch" in str(e) else e)
        """, copy)
    assert out == "SectionError\n"


def test_read_or_mapped_give_the_same_answers(copy):
    read = tracegraph.Section(copy, mmap=False)
    mapped = tracegraph.Section(copy, mmap=True)
    assert read.handles == mapped.handles
    for h in read.handles:
        assert read.lookup(h) == mapped.lookup(h)
    assert bytes(read.raw()) == bytes(mapped.raw())


def test_fifo_is_refused_without_blocking(tmp_path):
    fifo = str(tmp_path / "fifo")
    os.mkfifo(fifo)
    out = child("""
        import sys, tracegraph
        try:
            tracegraph.Section(sys.argv[1])
        except tracegraph.SectionError as e:
            print(e)
        """, fifo, timeout=30)
    assert out == fifo + ": not a regular file\n"


def test_claimed_handle_count_is_checked_at_open(tmp_path):
    # A compressed 5.0 section (stream tables) whose header claims 2^32 - 2
    # handles, its CRC right: refused at open as every reader refuses it.
    # lookup_many sized a per-handle cache by the claim before any table
    # was read: 32 GiB (MemoryError under the child's 4 GiB limit).
    data = bytearray(open(os.path.join(SRC, "test", "Serialize", "Inputs",
                                       "golden-v5.0.tgdbg"), "rb").read())
    struct.pack_into("<I", data, 40, 0xFFFFFFFE)
    struct.pack_into("<I", data, 60, zlib.crc32(bytes(data[:60])))
    path = tmp_path / "count.tgdbg"
    path.write_bytes(bytes(data))
    out = child("""
        import resource, sys, tracegraph
        resource.setrlimit(resource.RLIMIT_AS, (4 << 30, 4 << 30))
        try:
            tracegraph.Section(sys.argv[1]).lookup_many([0])
        except tracegraph.SectionError as e:
            print("SectionError", e)
    """, str(path))
    assert out.startswith("SectionError"), out
    assert "HANDLE_BLOCKS: 4294967294 rows of 3 columns need at least" in out
