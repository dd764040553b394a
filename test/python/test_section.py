# RUN: %python -m pytest -q -p no:cacheprovider %s
# REQUIRES: python-bindings, pytest
"""The Python package `tracegraph`, from the build tree: open a section, look
up and symbolicate handles, module paths in three forms, Chrome traces, and
every error path."""
import json
import os
import subprocess

import pytest

import tracegraph

SRC = os.environ["TG_SRC_ROOT"]
TOOLS = os.environ["TG_TOOLS_DIR"]
GOLDEN = os.path.join(SRC, "test", "Serialize", "Inputs", "golden-v2.0.tgdbg")
GOLDEN_21 = os.path.join(SRC, "test", "Serialize", "Inputs", "golden-v2.1.tgdbg")
GOLDEN_30 = os.path.join(SRC, "test", "Serialize", "Inputs", "golden-v3.0.tgdbg")
GOLDEN_30Z = os.path.join(SRC, "test", "Serialize", "Inputs",
                          "golden-v3.0-compressed.tgdbg")


@pytest.fixture
def section():
    return tracegraph.Section(GOLDEN)


def symbolicate(*args):
    return subprocess.run([os.path.join(TOOLS, "tg-symbolicate"), *args],
                          capture_output=True, text=True, check=True).stdout


def test_open_path_pathlike_and_bytes(section):
    import pathlib
    assert section.version == (2, 0)
    assert len(section) == section.num_handles == 11
    assert section.size == os.path.getsize(GOLDEN)
    assert tracegraph.Section(pathlib.Path(GOLDEN)).num_handles == 11
    with open(GOLDEN, "rb") as f:
        data = f.read()
    assert tracegraph.Section(data).num_handles == 11
    assert tracegraph.Section(bytearray(data)).num_handles == 11
    assert tracegraph.Section(GOLDEN_21).version == (2, 1)


def test_traceback_is_what_tg_symbolicate_prints(section):
    for handle in section.handles:
        assert section.traceback(handle) == symbolicate(GOLDEN, str(handle))


def test_mobile_style_matches_tg_symbolicate(section):
    assert section.traceback(3, style="pytorch-mobile") == symbolicate(
        GOLDEN, "3", "--output-style=pytorch-mobile")
    with pytest.raises(ValueError, match="unknown traceback style"):
        section.traceback(3, style="fancy")


def test_llvm_frames_match_tg_symbolicate(section):
    assert section.llvm_frames(3) + "\n" == symbolicate(
        GOLDEN, "3", "--output-style=llvm")


def test_lookup_frames_and_module_paths(section):
    sym = section.lookup(3)
    assert sym["handle"] == 3 and sym["op"] == "aten::conv2d"
    assert sym["top_class"].endswith("ResNet")
    origin = sym["origins"][0]
    frames = origin["frames"]
    assert frames[0]["file"] == "resnet.py" and frames[0]["line"] == 273
    assert frames[0]["call"]["instance"] == "layer1"
    assert frames[0]["call"]["method"] == "forward"
    assert frames[-1]["is_call"] is False
    paths = tracegraph.module_paths(section, 3)
    assert paths["mobile"] == origin["module_path"]
    assert paths["profiler"].startswith("TOP(ResNet)::forward.layer1(Sequential)")
    assert paths["scope"].startswith("top(ResNet).layer1(Sequential)")
    assert section.module_path(3, "scope") == paths["scope"]


def test_raw_is_a_zero_copy_view_that_keeps_the_section_alive():
    view = tracegraph.Section(GOLDEN).raw()
    assert view.readonly and view.nbytes == os.path.getsize(GOLDEN)
    # The Section object is gone from Python; the view still reads the
    # mapping it exported.
    assert bytes(view[:6]) == b"\x89TGDBG"
    with pytest.raises(TypeError):
        view[0] = 0


def test_compressed_section_reads_as_its_uncompressed_file():
    # The compressed golden file was written from the module of the 3.0 one:
    # decompressed at open, its bytes are that file, byte for byte.
    packed = tracegraph.Section(GOLDEN_30Z)
    assert os.path.getsize(GOLDEN_30Z) < os.path.getsize(GOLDEN_30)
    with open(GOLDEN_30, "rb") as f:
        assert bytes(packed.raw()) == f.read()
    assert packed.traceback(7) == tracegraph.Section(GOLDEN_30).traceback(7)


def test_verify(section):
    section.verify()


def test_corrupt_truncated_and_foreign_files_raise(tmp_path):
    with open(GOLDEN, "rb") as f:
        data = bytearray(f.read())
    with pytest.raises(tracegraph.SectionError, match="truncated file"):
        tracegraph.Section(bytes(data[:40]))
    with pytest.raises(tracegraph.SectionError, match="not a tracegraph debug section"):
        tracegraph.Section(b"PK\x03\x04" + bytes(100))
    corrupt = bytearray(data)
    corrupt[corrupt.index(b"resnet.py")] ^= 0x20  # inside STRING_DATA
    s = tracegraph.Section(bytes(corrupt))
    with pytest.raises(tracegraph.SectionError, match="checksum mismatch"):
        s.verify()
    missing = str(tmp_path / "missing.tgdbg")
    with pytest.raises(FileNotFoundError) as e:
        tracegraph.Section(missing)
    assert e.value.filename == missing and missing in str(e.value)
    assert issubclass(tracegraph.SectionError, ValueError)
    # A NUL ended the path for the C library: "S.tg\0dbg" opened "S.tg".
    with pytest.raises(ValueError, match="embedded null byte"):
        tracegraph.Section(GOLDEN + "\0.tgdbg")


def test_unknown_handles_and_formats_raise(section):
    with pytest.raises(KeyError, match="out of range"):
        section.lookup(11)
    with pytest.raises(KeyError):
        section.traceback(-1)
    with pytest.raises(ValueError, match="unknown module path format"):
        section.module_path(3, "short")
    # True is not handle 1; a float is not a handle; an int too large for
    # int64 is out of range like any other.
    with pytest.raises(TypeError, match="not bool"):
        section.lookup(True)
    with pytest.raises(TypeError, match="not float"):
        section.traceback(3.0)
    with pytest.raises(KeyError, match="out of range"):
        section.lookup(2 ** 70)
    # An __index__ that raises: its own exception, not a crash.
    class BadIndex:
        def __index__(self):
            raise RuntimeError("no index here")
    with pytest.raises(RuntimeError, match="no index here"):
        section.lookup(BadIndex())


def test_numpy_bools_are_no_handles(section):
    # numpy.bool_ has __index__: it was taken as handle 1 (and `in` said
    # True) while Python's True was refused. Iterating a boolean array gives
    # numpy.bool_. (numpy comes with python3-torch, which the tests install.)
    np = pytest.importorskip("numpy")
    for flag in (np.bool_(True), np.array([True, False])[0]):
        for call in (section.lookup, section.traceback,
                     lambda h: section.lookup_many([h])):
            with pytest.raises(TypeError, match="not numpy.bool"):
                call(flag)
        assert flag not in section
        with pytest.raises(TypeError, match="a line is an int, not numpy"):
            section.source("resnet.py", flag)
    with pytest.raises(TypeError, match="not numpy.bool"):
        section.lookup_many(np.array([True, False]))
    # NumPy's integers still are handles.
    assert section.lookup_many(np.array([3], dtype=np.int64)) == \
        section.lookup_many([3])


def test_torch_bools_are_no_handles(section):
    # A 0-d tensor has __index__; a boolean one is a bool.
    torch = pytest.importorskip("torch")
    with pytest.raises(TypeError, match="not Tensor"):
        section.lookup(torch.tensor(True))
    assert torch.tensor(True) not in section
    assert section.lookup(torch.tensor(3)) == section.lookup(3)


def test_errors_name_the_number_given(section):
    # Issue 30: past int64 a handle was reported as "debug handle -1", and a
    # line past u32 as "line must be >= 1".
    for bad in (2 ** 64, 2 ** 70, -2 ** 70, 2 ** 63):
        for call in (section.traceback, section.lookup, section.module_path,
                     section.llvm_frames, lambda h: section.lookup_many([h])):
            with pytest.raises(KeyError) as e:
                call(bad)
            assert "debug handle %d " % bad in str(e.value), (call, bad)
    with pytest.raises(KeyError, match=r"debug handle -1 "):
        section.lookup_many([3, -1])
    for line in (-1, -5, 2 ** 32, 2 ** 40, 2 ** 70):
        with pytest.raises(ValueError) as e:
            section.source("resnet.py", line)
        assert str(e.value) == ("line must be between 0 and 4294967295, "
                                "got %d" % line)


def test_lookup_many_is_lookup_in_brief(section):
    briefs = section.lookup_many(section.handles, "profiler")
    assert len(briefs) == len(section.handles)
    for handle, brief in zip(section.handles, briefs):
        full = section.lookup(handle, "profiler")
        if not full["origins"]:  # an op without a location
            assert brief == (full["op"], "", full["kernel"], "", 0, None)
            continue
        origin = full["origins"][0]
        own = origin["frames"][-1] if origin["frames"] else {
            "file": "", "line": 0, "function": None}
        assert brief == (full["op"], origin["module_path"], full["kernel"],
                         own["file"], own["line"], own["function"])
    assert section.lookup_many([]) == []
    with pytest.raises(KeyError, match="not used"):
        section.lookup_many([3, 99])
    with pytest.raises(TypeError, match="not bool"):
        section.lookup_many([True])


def test_pickling_by_path_or_bytes(section):
    import pickle
    again = pickle.loads(pickle.dumps(section))
    assert repr(again) == repr(section)
    assert again.traceback(3) == section.traceback(3)
    with open(GOLDEN, "rb") as f:
        from_bytes = tracegraph.Section(f.read())
    copy = pickle.loads(pickle.dumps(from_bytes))
    assert copy.lookup(3) == section.lookup(3)
    assert "<bytes>" in repr(copy)


def test_repr_iteration_membership_and_close():
    section = tracegraph.Section(GOLDEN)
    assert repr(section) == ("<tracegraph.Section '%s': format 2.0, 11 "
                             "handles, %d bytes>" % (GOLDEN, section.size))
    assert list(section) == section.handles
    assert 3 in section and 11 not in section and -1 not in section
    assert True not in section and "3" not in section
    with tracegraph.Section(GOLDEN) as s:
        assert not s.closed and s.module_path(3)
    assert s.closed and repr(s).endswith("(closed)>")
    with pytest.raises(ValueError, match="closed Section"):
        s.lookup(3)
    # A memoryview of the mapping stays readable after close().
    view = section.raw()
    section.close()
    assert bytes(view[:4]) == b"\x89TGD"
    with pytest.raises(ValueError, match="closed"):
        len(section)


def test_chrome_trace_from_object_and_file(section, tmp_path):
    trace = {"traceEvents": [
        {"name": "conv", "ph": "X", "args": {"debug_handle": 3}},
        {"name": "none", "ph": "X", "args": {"debug_handle": -1}},
        {"name": "str", "ph": "X", "args": {"debug_handle": "0x3"}},
        {"name": "plain", "ph": "X"}]}
    out = tracegraph.annotate_chrome_trace(section, trace)
    args = out["traceEvents"][0]["args"]
    assert args["module_hierarchy"] == section.module_path(3)
    assert args["stack"][0] == 'File "resnet.py", line 273, in forward'
    assert "module_hierarchy" not in out["traceEvents"][1]["args"]
    assert out["traceEvents"][2]["args"]["module_hierarchy"] == args["module_hierarchy"]
    assert "module_hierarchy" not in trace["traceEvents"][0]["args"]  # not modified
    path = tmp_path / "trace.json"
    path.write_text(json.dumps(trace["traceEvents"]))
    assert tracegraph.annotate_chrome_trace(section, str(path))[0]["args"]["stack"]
    with pytest.raises(ValueError, match="not an integer debug handle"):
        tracegraph.annotate_chrome_trace(section, [{"args": {"debug_handle": "x"}}])
    with pytest.raises(ValueError, match="neither a JSON array"):
        tracegraph.annotate_chrome_trace(section, {"events": []})
    # 1e999 in a trace file read as infinity, and its annotated events no
    # longer parsed as JSON (json.loads failed on "inf").
    path.write_text('[{"name": "a", "dur": 1e999, "args": {"debug_handle": 1}}]')
    with pytest.raises(ValueError, match="past a double's range"):
        tracegraph.annotate_chrome_trace(section, str(path))
    # JSON nested 100,000 levels: refused (llvm::json recursed per level
    # until the stack overflowed, and the interpreter died).
    path.write_text("[" * 100000)
    with pytest.raises(ValueError, match="nested deeper than 1024 levels"):
        tracegraph.annotate_chrome_trace(section, str(path))
    # NaN in a trace given as objects: said as such (it was "invalid JSON in
    # trace: [1:9, byte=9]", in text the caller never wrote).
    with pytest.raises(ValueError, match="NaN or infinity"):
        tracegraph.annotate_chrome_trace(
            section, [{"ts": float("nan"), "args": {"debug_handle": 1}}])
    # An event that contains itself: said as such (it was called a NaN).
    cyclic = {"ts": 1, "args": {"debug_handle": 1}}
    cyclic["args"]["self"] = cyclic
    with pytest.raises(ValueError, match="an object that contains itself"):
        tracegraph.annotate_chrome_trace(section, [cyclic])


def test_one_schema_with_tg_symbolicate(section, tmp_path):
    # lookup() is tg-symbolicate --format=json's object, key for key and in
    # the same order (issue 30: the order was a hash map's).
    for handle in section.handles:
        cli = json.loads(symbolicate(GOLDEN, str(handle), "--format=json"))
        assert json.dumps(section.lookup(handle)) == json.dumps(cli[0])
    # A Chrome trace annotated from Python is the one tg-symbolicate writes.
    events = [{"name": "k", "ph": "X", "ts": 1.5, "args": {"debug_handle": h}}
              for h in section.handles]
    path = tmp_path / "trace.json"
    path.write_text(json.dumps(events))
    cli = json.loads(symbolicate(GOLDEN, "--chrome-trace", str(path)))
    assert tracegraph.annotate_chrome_trace(section, events) == cli
    with pytest.raises(ValueError, match="trace event 0: .*out of range"):
        tracegraph.annotate_chrome_trace(section, [{"args": {"debug_handle": 99}}])


def test_source_query_is_tg_symbolicate_source(section):
    for frame in section.lookup(3)["origins"][0]["frames"]:
        query = "%s:%d" % (frame["file"], frame["line"])
        cli = json.loads(symbolicate(GOLDEN, "--source", query,
                                     "--format=json"))
        assert section.source(frame["file"], frame["line"]) == cli
    assert section.source("nowhere.py", 1)["handles"] == []
    # Line 0 (MLIR's line of a position without one) is a line like any
    # other: nothing of this model is on it.
    assert section.source("resnet.py", 0)["handles"] == []
    # No file at all, as tg-symbolicate --source refuses ":1" (it answered
    # nothing found).
    with pytest.raises(ValueError, match="the file is empty"):
        section.source("", 1)


def test_python_c_one_liner():
    code = ("import tracegraph; s = tracegraph.Section(%r); "
            "print(s.module_path(3, 'profiler'))" % GOLDEN)
    import sys
    out = subprocess.run([sys.executable, "-c", code], capture_output=True,
                         text=True, check=True)
    assert out.stdout.startswith("TOP(ResNet)::forward.layer1(Sequential)")


def test_import_torch_runs_the_importer(tmp_path):
    pytest.importorskip("torch")
    out = tmp_path / "tiny.mlir"
    module = tmp_path / "tiny_model.py"
    module.write_text(
        "import torch\n"
        "class Tiny(torch.nn.Module):\n"
        "    def forward(self, x):\n"
        "        return torch.relu(x + 1)\n"
        "def make():\n"
        "    return Tiny()\n")
    status = tracegraph.import_torch("--module", "%s:make" % module, "-o", str(out))
    assert status in (0, None)
    text = out.read_text()
    assert "tg.graph" in text and "aten::relu" in text


def write_graph_section(tmp_path, ops):
    """The section of one graph whose ops, (name, file, line, column), each
    read the last one's result; tmp_path/m.tgdbg."""
    body, value = "", "%x"
    for i, (name, file, line, column) in enumerate(ops):
        body += ('    %%v%d = tg.op "%s"(%s) : (!tg.tensor) -> !tg.tensor '
                 'loc("%s":%d:%d)\n' % (i, name, value, file, line, column))
        value = "%%v%d" % i
    model = tmp_path / "m.mlir"
    model.write_text('module {\n  tg.graph @"M::forward"(%%self: '
                     '!tg.module<"M">, %%x: !tg.tensor) -> !tg.tensor {\n'
                     '%s    tg.return %s : !tg.tensor\n  }\n}\n'
                     % (body, value))
    path = tmp_path / "m.tgdbg"
    subprocess.run([os.path.join(TOOLS, "tg-opt"), str(model),
                    "--tg-assign-debug-handles",
                    "--tg-emit-debug-section=path=%s" % path, "-o",
                    os.devnull], check=True)
    return path


def test_lookup_reads_source_lines_as_tg_symbolicate_does(tmp_path):
    # Issue 30: lookup() gave source_line None where tg-symbolicate reads the
    # line from the file (or from --source-root).
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "m.py").write_text("def f(x):\n    return x + 1\n")
    path = write_graph_section(tmp_path, [("aten::add", "m.py", 2, 12)])
    section = tracegraph.Section(path)
    handle = next(h for h in section.handles
                  if section.lookup(h)["op"] == "aten::add")
    cli = json.loads(symbolicate(str(path), str(handle), "--format=json",
                                 "--source-root", str(tmp_path / "src")))
    mine = section.lookup(handle, source_root=tmp_path / "src")
    assert json.dumps(mine) == json.dumps(cli[0])
    assert mine["origins"][0]["frames"][-1]["source_line"] == \
        "    return x + 1"
    assert section.lookup(handle)["origins"][0]["frames"][-1][
        "source_line"] is None  # m.py is not in the current directory


def test_chrome_trace_reads_source_lines_as_tg_symbolicate_does(tmp_path):
    # A kernel's origins in an annotated trace carry source_line as
    # tg-symbolicate --chrome-trace reads them (from the file, under
    # --source-root); annotate_chrome_trace left them None (found by a helper
    # following docs/python.md).
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "m.py").write_text(
        "def f(x):\n    y = x + 1\n    return y.relu()\n")
    model = tmp_path / "m.mlir"
    model.write_text(
        'tg.graph @"M::forward"(%self: !tg.module<"M">, %x: !tg.tensor) -> '
        '!tg.tensor {\n'
        '  %c = tg.constant(1 : i64) : !tg.value loc("m.py":2:13)\n'
        '  %a = tg.op "aten::add"(%x, %c, %c) : (!tg.tensor, !tg.value, '
        '!tg.value) -> !tg.tensor loc("m.py":2:9)\n'
        '  %r = tg.op "aten::relu"(%a) : (!tg.tensor) -> !tg.tensor '
        'loc("m.py":3:12)\n'
        '  tg.return %r : !tg.tensor\n}\n')
    path = tmp_path / "m.tgdbg"
    subprocess.run([os.path.join(TOOLS, "tg-opt"), str(model),
                    "--tg-fuse-elementwise", "--tg-assign-debug-handles",
                    "--tg-emit-debug-section=path=%s" % path, "-o",
                    os.devnull], check=True)
    section = tracegraph.Section(path)
    kernel = next(h for h in section.handles if section.lookup(h)["kernel"])
    events = [{"name": "k", "ph": "X", "args": {"debug_handle": kernel}}]
    trace = tmp_path / "trace.json"
    trace.write_text(json.dumps(events))
    root = str(tmp_path / "src")
    cli = json.loads(symbolicate(str(path), "--chrome-trace", str(trace),
                                 "--source-root", root))
    mine = tracegraph.annotate_chrome_trace(section, events, source_root=root)
    assert mine == cli
    lines = [o["frames"][-1]["source_line"]
             for o in mine[0]["args"]["origins"]]
    assert lines == ["    y = x + 1", "    return y.relu()"]
    # source=False is --no-source.
    bare = json.loads(symbolicate(str(path), "--chrome-trace", str(trace),
                                  "--no-source"))
    assert tracegraph.annotate_chrome_trace(section, events,
                                            source=False) == bare
    assert bare[0]["args"]["origins"][0]["frames"][-1]["source_line"] is None


def test_lookup_reads_each_source_file_once(tmp_path):
    # lookup() made a source cache of its own per call: every frame's file was
    # read and split again (~1,700 lookups/s on bench/python_lookup.py's
    # model). The Section keeps one per source root, as for traceback(): a file
    # removed after the first lookup still gives its lines.
    (tmp_path / "src").mkdir()
    source = tmp_path / "src" / "m.py"
    source.write_text("def f(x):\n    y = x + 1\n    return y * 2\n")
    path = write_graph_section(tmp_path, [("aten::add", "m.py", 2, 9),
                                          ("aten::mul", "m.py", 3, 12)])
    section = tracegraph.Section(path)
    ops = {section.lookup(h)["op"]: h for h in section.handles}

    def line(op):
        return section.lookup(ops[op], source_root=tmp_path / "src")[
            "origins"][0]["frames"][-1]["source_line"]

    assert line("aten::add") == "    y = x + 1"
    source.unlink()
    assert line("aten::mul") == "    return y * 2"
    # Another Section (or another root) reads the file system as it is now.
    assert tracegraph.Section(path).lookup(
        ops["aten::mul"], source_root=tmp_path / "src")["origins"][0][
        "frames"][-1]["source_line"] is None


def test_names_that_are_not_utf8_read_alike(tmp_path):
    # A file and class name with bytes that are not UTF-8: every method gives
    # U+FFFD for them, as lookup() did (traceback, module_path, llvm_frames
    # and lookup_many raised UnicodeDecodeError), and the file can be asked
    # for by its os.fsdecode name (source() raised UnicodeEncodeError).
    ir = ('module {\n  tg.graph @"__torch__.A\\FFB::forward"(%self: '
          '!tg.module<"__torch__.A\\FFB"> loc("/tmp/x\\FF.py":1:1), %x: '
          '!tg.tensor loc("/tmp/x\\FF.py":1:2)) -> !tg.tensor attributes '
          '{tg.entry} {\n    %0 = tg.op "aten::relu"(%x) : (!tg.tensor) -> '
          '!tg.tensor loc("/tmp/x\\FF.py":2:5)\n    tg.return %0 : !tg.tensor '
          'loc("/tmp/x\\FF.py":3:5)\n  } loc("/tmp/x\\FF.py":1:5)\n}\n')
    section = tracegraph.compile(ir).section
    handle = next(h for h in section.handles
                  if section.lookup(h)["op"] == "aten::relu")
    assert section.module_path(handle) == "top(A\ufffdB)::<unknown>.aten::relu"
    assert 'File "/tmp/x\ufffd.py", line 2' in section.traceback(handle)
    assert "/tmp/x\ufffd.py:2:5" in section.llvm_frames(handle)
    assert section.lookup_many([handle])[0][3] == "/tmp/x\ufffd.py"
    assert section.lookup(handle)["origins"][0]["frames"][-1]["file"] == \
        "/tmp/x\ufffd.py"
    found = section.source(os.fsdecode(b"/tmp/x\xff.py"), 2)["handles"]
    assert handle in [h["handle"] for h in found]


def test_mmap_is_a_boolean():
    # 2.5 was taken as True.
    with pytest.raises(TypeError, match="mmap is True, False or None, not float"):
        tracegraph.Section(GOLDEN, mmap=2.5)
    assert tracegraph.Section(GOLDEN, mmap=False).num_handles == 11


def test_arrays_of_several_handles_are_no_handle(section):
    np = pytest.importorskip("numpy")
    # A 2-D array's rows gave numpy's "only integer scalar arrays can be
    # converted to a scalar index"; `in` raised where other non-ints give False.
    with pytest.raises(TypeError, match="of several elements .give the handles "
                                        "as one flat sequence"):
        section.lookup_many(np.array([[1, 2], [3, 4]]))
    assert np.array([3, 4]) not in section
    assert len(section.lookup_many(np.array([1, 2]))) == 2
