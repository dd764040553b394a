# RUN: %python -m pytest -q -p no:cacheprovider %s
# REQUIRES: python-bindings, pytest
"""The package as Python code expects it (issue 30): pathlib paths wherever a
path goes, a file given to compile() distinct from IR text, pass-option
errors in the exception, public names in tracebacks, types a checker sees,
`from tracegraph import *` leaving the builtin compile alone, a wheel tagged
for its interpreter and platform, and pip told what it lacks."""
import ast
import os
import pathlib
import socket
import subprocess
import sys
import traceback
import warnings

import pytest

import tracegraph

SRC = os.environ["TG_SRC_ROOT"]
INPUTS = pathlib.Path(SRC, "test", "Serialize", "Inputs")
GOLDEN = INPUTS / "golden-v2.0.tgdbg"
INLINED = INPUTS / "inlined.mlir"


def test_paths_may_be_pathlib(tmp_path):
    section = tracegraph.Section(GOLDEN)
    handle = section.handles[-1]
    assert section.traceback(handle, source_root=tmp_path) == \
        section.traceback(handle, source_root=str(tmp_path))
    frame = section.lookup(handle)["origins"][0]["frames"][-1]
    assert section.source(pathlib.Path(frame["file"]), frame["line"]) == \
        section.source(frame["file"], frame["line"])
    with pytest.raises(TypeError, match="source_root is a path"):
        section.traceback(handle, source_root=3)


def refused_urls(n):
    """URLs of local ports nothing listens on: each request fails at once."""
    urls = []
    for _ in range(n):
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            urls.append("http://127.0.0.1:%d" % s.getsockname()[1])
    return urls


def test_from_build_id_takes_a_cache_path_and_urls_as_debuginfod_has_them(
        tmp_path):
    urls = refused_urls(2)
    cache = tmp_path / "cache"
    with pytest.raises(tracegraph.SectionError) as e:
        tracegraph.Section.from_build_id("ab" * 20, urls=" ".join(urls),
                                         cache_dir=cache, timeout=5)
    assert "servers: %s %s;" % tuple(urls) in str(e.value)
    assert "cache: %s)" % cache in str(e.value)
    with pytest.raises(ValueError, match="urls is empty"):
        tracegraph.Section.from_build_id("ab" * 20, urls=" ")


def test_compile_takes_a_file_as_a_path_and_never_parses_its_name():
    by_text = tracegraph.compile(INLINED.read_text(), filename=INLINED)
    by_path = tracegraph.compile(INLINED)
    assert by_text.ir == by_path.ir
    assert by_text.section_bytes == by_path.section_bytes
    with pytest.raises(TypeError) as e:
        tracegraph.compile("model.mlir")
    assert "tracegraph.compile(pathlib.Path('model.mlir'))" in str(e.value)
    with pytest.raises(TypeError, match="is a file name"):
        tracegraph.compile(str(INLINED))


def test_pass_option_errors_are_in_the_exception(capfd):
    ir = INLINED.read_text()
    with pytest.raises(tracegraph.CompileError) as e:
        tracegraph.compile(ir, ["tg-module-hierarchy{format=bogus}"])
    assert str(e.value).startswith(
        "for the --format option: Cannot find option named 'bogus'!\n"
        "failed to add `tg-module-hierarchy` with options `format=bogus`")
    with pytest.raises(tracegraph.CompileError, match="no such option bogus"):
        tracegraph.compile(ir, ["tg-inline{bogus=1}"])
    out, err = capfd.readouterr()
    assert "bogus" not in err


def test_exceptions_and_classes_have_public_names():
    for cls in (tracegraph.SectionError, tracegraph.Section,
                tracegraph.CompileError, tracegraph.CompileResult,
                tracegraph.TorchImportError, tracegraph.Provenance):
        assert cls.__module__ == "tracegraph", cls
    try:
        tracegraph.Section(b"garbage")
    except tracegraph.SectionError as e:
        line = traceback.format_exception_only(type(e), e)[-1]
    assert line.startswith("tracegraph.SectionError: ")
    try:
        tracegraph.compile("module {", [])
    except tracegraph.CompileError as e:
        line = traceback.format_exception_only(type(e), e)[0]
    assert line.startswith("tracegraph.CompileError: ")


def test_star_import_leaves_the_builtin_compile():
    namespace = {}
    exec("from tracegraph import *", namespace)
    assert "compile" not in namespace
    assert "Section" in namespace and "CompileError" in namespace


def test_type_checkers_see_every_public_name():
    # A type checker does not run __getattr__: every lazily imported public
    # name must be imported under `if TYPE_CHECKING:`.
    init = pathlib.Path(tracegraph.__file__)
    tree = ast.parse(init.read_text())
    seen = set()
    for node in tree.body:
        if (isinstance(node, ast.If) and isinstance(node.test, ast.Name)
                and node.test.id == "TYPE_CHECKING"):
            for stmt in node.body:
                if isinstance(stmt, ast.ImportFrom):
                    seen.update(alias.name for alias in stmt.names)
    lazy = set(tracegraph._LAZY) | set(tracegraph._NATIVE)
    assert lazy <= seen, lazy - seen
    assert {"Section", "compile"} <= seen


def setup_py(*args, hide=()):
    """Runs setup.py with `hide` unimportable; setup() itself (a CMake
    build) is never reached: it exits saying so."""
    code = ("import sys\n"
            "if 'setuptools' not in %r:\n"
            "    import setuptools\n"
            "    setuptools.setup = lambda **kw: sys.exit('setup() reached')\n"
            "for name in %r: sys.modules[name] = None\n"
            "sys.argv = ['setup.py'] + %r\n"
            "exec(compile(open('setup.py').read(), 'setup.py', 'exec'))\n"
            % (list(hide), list(hide), list(args)))
    return subprocess.run([sys.executable, "-c", code], cwd=SRC, text=True,
                          capture_output=True)


def test_wheel_is_tagged_for_its_interpreter_and_platform():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from distutils.core import run_setup
        from wheel.bdist_wheel import bdist_wheel
        cwd = os.getcwd()
        os.chdir(SRC)
        try:
            dist = run_setup("setup.py", script_args=["--name"],
                             stop_after="init")
        finally:
            os.chdir(cwd)
        command = bdist_wheel(dist)
        command.ensure_finalized()
        python, abi, platform = command.get_tag()
    tag = "cp%d%d" % sys.version_info[:2]
    assert (python, abi) == (tag, tag)
    assert platform.startswith("linux_") and platform != "any"


def test_pip_is_told_what_this_python_lacks():
    run = setup_py("bdist_wheel", hide=("wheel", "wheel.bdist_wheel",
                                        "setuptools.command.bdist_wheel"))
    assert run.returncode != 0
    assert "has no wheel" in run.stderr
    assert "python3-wheel" in run.stderr
    run = setup_py("bdist_wheel", hide=("setuptools",))
    assert run.returncode != 0 and "has no setuptools" in run.stderr


def test_compile_says_plainly_that_a_section_needs_handles():
    ir = INLINED.read_text()  # no debug handles
    with pytest.raises(tracegraph.CompileError) as e:
        tracegraph.compile(ir, [])
    assert str(e.value).startswith(
        "tracegraph.compile: section=True (the default) builds the debug "
        "section, which needs a debug handle on every op: add "
        "\"tg-assign-debug-handles\" to the passes")
    assert tracegraph.compile(ir, [], section=False).section is None
