# RUN: %python -m pytest -q -p no:cacheprovider %s
# REQUIRES: python-bindings, pytest
"""tracegraph.compile (tg-opt's passes in process, tracegraph._compiler) and
tracegraph.Provenance (the --tg-provenance map): the same IR, section and
provenance as tg-opt writes for the same passes; MLIR's diagnostics in the
exceptions; the reader module loads no MLIR."""
import os
import subprocess
import sys

import pytest

import tracegraph

SRC = os.environ["TG_SRC_ROOT"]
TOOLS = os.environ["TG_TOOLS_DIR"]
RESNET = os.path.join(SRC, "examples", "resnet18.mlir")
PASSES = ["tg-inline", "tg-decompose", "tg-fuse-elementwise", "tg-assign-debug-handles",
          "tg-module-hierarchy"]


def tg_opt(*args):
    return subprocess.run([os.path.join(TOOLS, "tg-opt"), *args],
                          capture_output=True, text=True, check=True).stdout


@pytest.fixture(scope="module")
def resnet_ir():
    with open(RESNET) as f:
        return f.read()


def test_ir_and_section_are_what_tg_opt_writes(resnet_ir, tmp_path):
    section_path = tmp_path / "r.tgdbg"
    expected_ir = tg_opt(RESNET, *("--" + p for p in PASSES),
                         "--tg-emit-debug-section=path=%s" % section_path,
                         "--strip-debuginfo")
    result = tracegraph.compile(resnet_ir, passes=PASSES)
    assert result.ir == expected_ir
    assert isinstance(result.section, tracegraph.Section)
    assert result.section_bytes == section_path.read_bytes()
    assert bytes(result.section.raw()) == bytes(
        tracegraph.Section(section_path).raw())
    ir, section = result  # unpacks as (ir, section)
    assert ir is result.ir and section is result.section
    assert result.provenance is None
    assert result.diagnostics == ""
    assert "CompileResult" in repr(result)


def test_default_passes_and_traceback_matches_tg_symbolicate(resnet_ir,
                                                            tmp_path):
    ir, section = tracegraph.compile(resnet_ir)
    assert tuple(tracegraph.DEFAULT_PASSES) == tuple(PASSES)
    path = tmp_path / "s.tgdbg"
    path.write_bytes(bytes(section.raw()))  # the image, uncompressed
    handle = section.handles[-1]
    expected = subprocess.run(
        [os.path.join(TOOLS, "tg-symbolicate"), str(path), str(handle)],
        capture_output=True, text=True, check=True).stdout
    assert section.traceback(handle) == expected
    assert "resnet.py" in expected


def test_pass_spellings_and_pipeline(resnet_ir):
    profiler = tg_opt(RESNET, "--tg-inline", "--tg-module-hierarchy=format=profiler",
                      "-mlir-print-debuginfo")
    for passes in (["tg-inline", "tg-module-hierarchy{format=profiler}"],
                   ["--tg-inline", "--tg-module-hierarchy=format=profiler"],
                   [("tg-inline", {}), ("tg-module-hierarchy",
                                        {"format": "profiler"})]):
        result = tracegraph.compile(resnet_ir, passes=passes, section=False)
        assert result.section is None
        assert result.ir == profiler  # not stripped: locations printed
    result = tracegraph.compile(
        resnet_ir, pipeline="builtin.module(tg-inline,"
        "tg-module-hierarchy{format=profiler})", section=False)
    assert result.ir == profiler
    result = tracegraph.compile(resnet_ir, pipeline="tg-inline", section=False,
                                print_debuginfo=False)
    assert result.ir == tg_opt(RESNET, "--tg-inline")
    # Upstream passes, nested.
    assert "func.func" in tracegraph.compile(
        "func.func @f(%a: i32) -> i32 {\n  %0 = arith.addi %a, %a : i32\n"
        "  return %0 : i32\n}\n", pipeline="func.func(canonicalize,cse)",
        section=False).ir


@pytest.mark.parametrize("pipeline,why", [
    ("bogus.op(canonicalize)", "no dialect 'bogus' is registered"),
    ("func.fucn(canonicalize)", "dialect 'func' has no such operation"),
    ("builtin.module(tg-inline,func.fucn(cse))",
     "dialect 'func' has no such operation"),
])
def test_pipeline_anchor_that_names_no_op(pipeline, why):
    # MLIR runs a nested pipeline on the ops of its anchor's name, and on
    # nothing when no op has it: a typo ran no pass and said nothing (tg-opt
    # refuses a wrong top-level anchor; compile() takes the module's passes
    # without one, so a typo there was silent).
    ir = ("func.func @f(%a: i32) -> i32 {\n  %0 = arith.addi %a, %a : i32\n"
          "  return %0 : i32\n}\n")
    with pytest.raises(tracegraph.CompileError) as error:
        tracegraph.compile(ir, pipeline=pipeline, section=False)
    anchor = pipeline.split(",")[-1].split("(")[0]
    assert str(error.value).startswith(
        "pipeline: '%s(...)' runs its passes on '%s' ops, and %s: they would "
        "run on nothing" % (anchor, anchor, why)), str(error.value)
    # Options in braces are no anchors; `any` anchors every op.
    foldable = ("func.func @f() -> i32 {\n  %c = arith.constant 1 : i32\n"
                "  %0 = arith.addi %c, %c : i32\n  return %0 : i32\n}\n")
    assert "arith.addi" not in tracegraph.compile(
        foldable, pipeline="builtin.module(any(canonicalize{max-iterations=2}))",
        section=False, print_debuginfo=False).ir


def test_path_and_bytecode_input(resnet_ir, tmp_path):
    import pathlib
    text = tracegraph.compile(pathlib.Path(RESNET)).ir
    assert text == tracegraph.compile(resnet_ir).ir
    bc = tmp_path / "r.mlirbc"
    subprocess.run([os.path.join(TOOLS, "tg-opt"), RESNET, "--emit-bytecode",
                    "-o", str(bc)], check=True)
    assert tracegraph.compile(bc.read_bytes()).ir == text


def test_provenance_matches_tg_opt(resnet_ir, tmp_path):
    path = tmp_path / "prov.json"
    tg_opt(RESNET, "--tg-assign-debug-handles", "--tg-inline",
           "--tg-fuse-elementwise", "--tg-provenance=path=%s" % path,
           "-o", os.devnull)
    from_file = tracegraph.read_provenance(path)
    assert isinstance(from_file, tracegraph.Provenance)
    result = tracegraph.compile(resnet_ir, passes=[
        "tg-assign-debug-handles", "tg-inline", "tg-fuse-elementwise"],
        section=False, provenance=True)
    prov = result.provenance
    assert prov.kernels == from_file.kernels
    assert prov.original_ops == from_file.original_ops
    assert len(prov) == len(prov.kernels) > 0
    kernel = prov.kernels[0]
    assert kernel.startswith("fused_")
    assert prov.origins(kernel) == from_file.origins(kernel)
    origin = prov.origins(kernel)[0]
    assert origin.operators and origin.stack
    assert origin.stack[0].instance == "TOP"
    assert origin.stack[-1].file.endswith(".py")
    assert origin.format_stack().splitlines()[0].startswith('  File "')
    # kernels -> original ops -> kernels
    handles = prov.handles_of(kernel)
    assert handles and handles == [int(op.split(":")[1])
                                   for op in prov.ops_of(kernel)]
    for h in handles:
        assert kernel in prov.kernels_of(h)
        assert h in prov and "handle:%d" % h in prov
    unfused = [op for op in prov.original_ops if not prov.kernels_of(op)]
    assert unfused
    assert True not in prov
    with pytest.raises(KeyError, match="no kernel named"):
        prov.origins("nope")
    with pytest.raises(KeyError, match="no original op"):
        prov.kernels_of(10**9)
    with pytest.raises(TypeError):
        prov.kernels_of(True)
    assert "Provenance" in repr(prov)


def test_provenance_errors(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{")
    with pytest.raises(ValueError, match="not JSON"):
        tracegraph.Provenance.load(bad)
    with pytest.raises(ValueError, match="version 2"):
        tracegraph.Provenance.loads('{"version": 2}')
    with pytest.raises(ValueError, match="must be objects"):
        tracegraph.Provenance.loads('{"version": 1}')
    with pytest.raises(FileNotFoundError):
        tracegraph.Provenance.load(tmp_path / "missing.json")
    # Another document (the message said it *is* an object), a binary file
    # (a UnicodeDecodeError escaped).
    with pytest.raises(ValueError, match="is not a JSON object but list"):
        tracegraph.Provenance.loads("[]")
    section = tmp_path / "s.tgdbg"
    section.write_bytes(b"\x89TGD\xff\xfe" + bytes(64))
    with pytest.raises(ValueError, match="not JSON"):
        tracegraph.Provenance.load(section)


def test_provenance_takes_numpy_handles(resnet_ir):
    np = pytest.importorskip("numpy")
    result = tracegraph.compile(resnet_ir, provenance=True)
    handle = next(h for k in result.provenance.kernels
                  for h in result.provenance.handles_of(k))
    assert (result.provenance.kernels_of(np.int64(handle)) ==
            result.provenance.kernels_of(handle))
    assert np.int32(handle) in result.provenance


def test_flags_are_booleans(resnet_ir):
    # compress="no" compressed: any object was true.
    for flag in ("compress", "section", "verify_each", "threads",
                 "embed_source", "provenance", "strip_debuginfo"):
        with pytest.raises(TypeError, match="%s is True or False" % flag):
            tracegraph.compile(resnet_ir, **{flag: "no"})
    assert tracegraph.compile(resnet_ir, compress=0, threads=1).section


def test_parse_error_carries_mlir_diagnostics():
    with pytest.raises(tracegraph.CompileError) as info:
        tracegraph.compile("tg.graph @g(%x: !tg.tensor) {\n  tg.bogus\n}\n",
                           filename="model.mlir")
    message = str(info.value)
    assert message.startswith("model.mlir:2:3: error: ")
    assert info.value.diagnostics == message
    assert isinstance(info.value, RuntimeError)


def test_pass_failure_carries_mlir_diagnostics(resnet_ir):
    # No handles: building the section fails, naming the op's location.
    with pytest.raises(tracegraph.CompileError,
                       match=r"resnet\.py:\d+:\d+: error: .*tg-assign-debug-handles"):
        tracegraph.compile(resnet_ir, passes=["tg-inline"])
    with pytest.raises(tracegraph.CompileError,
                       match="error: tg-inline: .*nope"):
        tracegraph.compile(resnet_ir, passes=["tg-inline{entry=nope}"])
    with pytest.raises(tracegraph.CompileError,
                       match="'tg-nope' does not refer to a registered pass"):
        tracegraph.compile(resnet_ir, passes=["tg-nope"])


def test_diagnostics_quote_no_long_line():
    """An imported model's first line is its 12 KB tg.source_text: an error
    on the module quoted it whole into CompileError (13,634 characters for
    one line of message), and a warning into `diagnostics`; tg-opt quotes no
    line of more than 1 KB, and neither does compile()."""
    with open(os.path.join(SRC, "examples", "torchvision", "resnet18.mlir")) as f:
        ir = f.read()
    with pytest.raises(tracegraph.CompileError) as info:
        tracegraph.compile(ir, [("tg-inline", {"entry": "nope"})], section=False)
    message = str(info.value)
    assert "<string>:2:1: error: tg-inline: entry=nope names no tg.graph" in message
    assert "tg.source_text" not in message and len(message) < 1024
    result = tracegraph.compile(ir, ["tg-inline", ("tg-verify-origins", {"summary": True})],
                                section=False)
    assert "warning" in result.diagnostics and "tg.source_text" not in result.diagnostics
    # A short line is still quoted, caret under it.
    short = ir.replace(ir.splitlines()[1], "module attributes {tg.short} {", 1)
    with pytest.raises(tracegraph.CompileError) as info:
        tracegraph.compile(short, [("tg-inline", {"entry": "nope"})], section=False)
    assert "module attributes {tg.short} {\n^" in str(info.value)


def test_compile_error_is_bounded():
    """A mistake on every op is one error with a count; and however many
    diagnostics a run makes, CompileError keeps the first ones whole up to
    64 KB and counts the rest (it was 711 KB for resnet18 without handles)."""
    ops = "\n".join(
        '  %%%d = tg.op "aten::relu"(%s) : (!tg.tensor) -> !tg.tensor loc("r.py":%d:1)'
        % (i, "%x" if i == 0 else "%%%d" % (i - 1), i + 2) for i in range(5000))
    ir = ('tg.graph @"A::f"(%self: !tg.module<"A">, %x: !tg.tensor) -> !tg.tensor {\n'
          + ops + '\n  tg.return %4999 : !tg.tensor loc("r.py":5002:1)\n} loc("r.py":1:1)\n')
    with pytest.raises(tracegraph.CompileError) as info:
        tracegraph.compile(ir, passes=[])
    message = str(info.value)
    # The plain words of compile() first (issue 30), then the one error.
    assert message.startswith("tracegraph.compile: section=True (the default) builds")
    assert "r.py:1:1: error: op has no valid 'tg.debug_handle'" in message
    assert "(and 5,001 more ops)" in message and len(message) < 1024
    # Every duplicated constant's origin lost by upstream -cse: one error per
    # origin, each whole until 64 KB, then a count.
    consts = "\n".join("    %%c%d = arith.constant 1 : i32 loc(\"m.py\":%d:1)" % (i, i + 1)
                       for i in range(20000))
    uses = " ".join("%%c%d," % i for i in range(20000))[:-1]
    ir = ("func.func @f() -> (%s) {\n%s\n    return %s : %s\n}\n"
          % (", ".join(["i32"] * 20000), consts, uses, ", ".join(["i32"] * 20000)))
    with pytest.raises(tracegraph.CompileError) as info:
        tracegraph.compile(ir, passes=["tg-snapshot-origins", "cse", "tg-verify-origins"],
                           section=False)
    message = str(info.value)
    assert "error: origin lost" in message
    assert 64 * 1024 <= len(message) < 80 * 1024
    assert message.endswith("more diagnostics (%s errors) not shown\n"
                            % message.rsplit("(", 1)[1].split()[0])


def test_argument_errors(resnet_ir):
    with pytest.raises(TypeError, match="not both"):
        tracegraph.compile(resnet_ir, passes=["tg-inline"], pipeline="tg-inline")
    with pytest.raises(TypeError, match="list of pass names"):
        tracegraph.compile(resnet_ir, passes="tg-inline")
    with pytest.raises(TypeError, match="ir is IR text"):
        tracegraph.compile(42)
    with pytest.raises(TypeError, match="a pass is a str"):
        tracegraph.compile(resnet_ir, passes=[3])
    # Found by trying the package: an AttributeError ('int' object has no
    # attribute 'strip') and a ValueError from the section writer.
    with pytest.raises(TypeError, match="pipeline is MLIR's textual pipeline"):
        tracegraph.compile(resnet_ir, pipeline=5)
    with pytest.raises(TypeError, match="build_id is hex digits"):
        tracegraph.compile(resnet_ir, build_id=5)
    with pytest.raises(ValueError, match="ir is not valid Unicode text"):
        tracegraph.compile("module {} \ud800")
    # Found by trying the package: a NUL in filename cut every diagnostic to
    # the name before it ("a"), and an option of None became "None".
    with pytest.raises(ValueError, match="embedded null byte in filename"):
        tracegraph.compile("module { func.func @f( }", filename="a\0b")
    with pytest.raises(TypeError, match="not None"):
        tracegraph.compile(resnet_ir, [("tg-module-hierarchy", {"format": None})],
                           section=False)
    # Found by a second try: ("", {}) ran nothing, silently, where "--" was
    # refused.
    for passes in (["--"], [("", {})], [(" ", {"format": "profiler"})]):
        with pytest.raises(ValueError, match="empty pass name in passes"):
            tracegraph.compile(resnet_ir, passes, section=False)
    with pytest.raises(TypeError, match="a pass name is a str"):
        tracegraph.compile(resnet_ir, [(3, {})], section=False)


def test_one_huge_diagnostic_is_bounded_too():
    """A pipeline that does not parse is quoted in its error, twice: a 1 MB
    one made a 2 MB CompileError. Cut at 128 KB, the rest counted; and the
    exception names its public place, imported or not."""
    with pytest.raises(Exception) as info:
        tracegraph.compile("module {}", pipeline="x" * 1_000_000, section=False)
    message = str(info.value)
    assert len(message) < 130 * 1024
    assert message.endswith("more characters not shown)")
    assert type(info.value).__module__ == "tracegraph"
    assert type(info.value).__name__ == "CompileError"


def test_reader_module_loads_no_mlir():
    code = ("import sys, tracegraph; tracegraph.Section; "
            "assert 'tracegraph._compiler' not in sys.modules; "
            "maps = open('/proc/self/maps').read(); "
            "assert 'MLIR' not in maps and '_compiler' not in maps, maps")
    subprocess.run([sys.executable, "-c", code], check=True)


def test_reader_then_compiler_in_one_process(resnet_ir):
    # The reader module may carry its own copy of LLVM (linked statically,
    # its symbols hidden), _compiler maps libLLVM.so and libMLIR.so: in one
    # process, in this order, each keeps working and answers as before.
    code = """if True:
        import sys, tracegraph
        first = tracegraph.compile(sys.stdin.read()).section
        handle = first.handles[-1]
        before = first.traceback(handle)
        again = tracegraph.compile(open(sys.argv[1]).read()).section
        assert first.traceback(handle) == before
        assert again.traceback(handle) == before, (again.traceback(handle), before)
        print(before.splitlines()[0])
    """
    # A fresh process whose first tracegraph module is the reader.
    reader_first = "import tracegraph; tracegraph.Section\n" + code
    for script in (reader_first, code):
        out = subprocess.run([sys.executable, "-c", script, RESNET],
                             input=resnet_ir, capture_output=True, text=True,
                             check=True).stdout
        assert out.startswith("Debug handle ")


def test_build_id_option():
    """build_id: a hash of the contents by default, given, or none."""
    ir = open(os.path.join(SRC, "test", "Serialize", "Inputs",
                           "golden-v2.1.mlir")).read()
    default = tracegraph.compile(ir, passes=[]).section
    # The module holds origin records: the section is 5.0 (records apart),
    # compressed with stream tables, and its ID hashes the block-coded 5.0
    # image without BUILD_ID (4.0's, 8f1b4805..., hashed the 3.2 image;
    # golden-v3.1's, 7eb19934..., the 3.0 image of records inside locations).
    assert default.build_id == "286d10b7ed3343828253f2cd4c955d867def28de"
    assert default.version == (5, 0)
    assert tracegraph.compile(ir, passes=[], build_id="C0FFEE").section.build_id == "c0ffee"
    none = tracegraph.compile(ir, passes=[], build_id="none").section
    assert none.build_id is None and none.version == (5, 0)
    with pytest.raises(ValueError, match="odd|even number"):
        tracegraph.compile(ir, passes=[], build_id="abc")


def test_option_values_are_quoted(resnet_ir, tmp_path):
    # A value with a space reaches the pass whole (it became an option of its
    # own: "no such option ace/x.tgdbg"); one with a brace, which the pipeline
    # syntax cannot carry, is refused before MLIR parses anything (a value
    # could close the pass and add others).
    folder = tmp_path / "sp ace"
    folder.mkdir()
    passes = ["tg-inline", "tg-assign-debug-handles",
              ("tg-emit-debug-section", {"path": folder / "x.tgdbg"})]
    tracegraph.compile(resnet_ir, passes, section=False)
    assert (folder / "x.tgdbg").stat().st_size > 0
    with pytest.raises(ValueError, match="holds a brace"):
        tracegraph.compile(resnet_ir, ["tg-inline", (
            "tg-assign-debug-handles",
            {"keep-existing": "false} tg-strip-debuginfo{"})])
    # Provenance goes through a temporary directory named in the pipeline.
    tmpdir = tmp_path / "t d"
    tmpdir.mkdir()
    env = dict(os.environ, TMPDIR=str(tmpdir))
    code = ("import sys, tracegraph; r = tracegraph.compile(open(sys.argv[1])"
            ".read(), provenance=True); print(len(r.provenance.kernels) > 0)")
    run = subprocess.run([sys.executable, "-c", code, RESNET], env=env,
                         capture_output=True, text=True)
    assert run.returncode == 0 and run.stdout == "True\n", run.stderr[-2000:]


def test_a_path_that_is_no_file_is_refused(tmp_path):
    # A FIFO blocked compile() for ever in open().
    import pathlib
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    with pytest.raises(ValueError, match="is not a regular file"):
        tracegraph.compile(pathlib.Path(fifo))


def test_build_id_errors_are_readable(resnet_ir):
    # A non-ASCII build ID made a ValueError with an empty message (its text
    # held a lone UTF-8 byte); a space is named as such, not as an odd count.
    with pytest.raises(ValueError, match=r"'\\C3' at position 0 is not a hex"):
        tracegraph.compile(resnet_ir, build_id="\u00e9\u00e9")
    with pytest.raises(ValueError, match="' ' at position 0 is not a hex"):
        tracegraph.compile(resnet_ir, build_id=" abcd")
