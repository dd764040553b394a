# RUN: %python -m pytest -q -p no:cacheprovider %s
# REQUIRES: python-bindings, pytest
"""Every public function, class, method and property of the package has a
docstring (the native modules' included), and the signatures in
docs/python.md's API table are true: each keyword a row names exists, in
that order, with the default the row gives."""
import ast
import importlib
import importlib.util
import inspect
import os
import pkgutil
import re

import tracegraph

SRC = os.environ["TG_SRC_ROOT"]


def public_modules():
    mods = [tracegraph, importlib.import_module("tracegraph._tracegraph"),
            importlib.import_module("tracegraph._compiler"),
            importlib.import_module("tracegraph._tools"),
            importlib.import_module("tracegraph.provenance")]
    # The importer's modules need PyTorch (scripts/test.sh installs it); a
    # build tested without it checks the rest rather than failing on import.
    if importlib.util.find_spec("torch") is None:
        return mods
    torch_package = importlib.import_module("tracegraph.torch")
    for info in pkgutil.walk_packages(torch_package.__path__,
                                      "tracegraph.torch."):
        mods.append(importlib.import_module(info.name))
    return mods


def documented(obj):
    return bool((getattr(obj, "__doc__", None) or "").strip())


def test_every_public_callable_has_a_docstring():
    missing = []
    for mod in public_modules():
        names = getattr(mod, "__all__", None) or [
            n for n in vars(mod) if not n.startswith("_")]
        for name in names:
            obj = getattr(mod, name)
            if inspect.ismodule(obj) or not callable(obj):
                continue
            if not getattr(obj, "__module__", "").startswith("tracegraph"):
                continue  # imported from elsewhere
            if not documented(obj):
                missing.append("%s.%s" % (mod.__name__, name))
            if inspect.isclass(obj):
                for attr, member in vars(obj).items():
                    if attr.startswith("_"):
                        continue
                    if isinstance(member, (staticmethod, classmethod)):
                        member = member.__func__
                    if callable(member) or isinstance(member, property) or \
                            type(member).__name__ == "instancemethod":
                        if not documented(member):
                            missing.append("%s.%s.%s" % (mod.__name__, name,
                                                         attr))
    assert not sorted(set(missing)), sorted(set(missing))


def doc_rows():
    """(callable text, parameters text) of each call in the API table."""
    text = open(os.path.join(SRC, "docs", "python.md")).read()
    table = text[text.index("## API"):]
    table = table[:table.index("\n## ", 4)]
    for call in re.findall(r"`((?:tracegraph|s)\.[\w.]+)\(([^`]*)\)`", table):
        yield call


def parameters(target):
    """Keyword parameters with defaults, in order: name -> default text."""
    if isinstance(target, str):  # a pybind11 signature line
        sig = target[target.index("(") + 1:target.rindex(") ->")]
        out = {}
        for part in re.split(r",\s*(?![^\[]*\])", sig):
            if "=" in part:
                name, default = part.split("=", 1)
                out[name.split(":")[0].strip()] = default.strip()
        return out
    try:
        signature = inspect.signature(target)
    except ValueError:  # a pybind11 function: its docstring's first line
        return parameters(target.__doc__.splitlines()[0])
    return {name: repr(p.default) for name, p in signature.parameters.items()
            if p.default is not inspect.Parameter.empty}


def test_docs_signatures_are_true():
    section = tracegraph.Section(os.path.join(
        SRC, "test", "Serialize", "Inputs", "golden-v2.0.tgdbg"))
    checked = 0
    for call, params in doc_rows():
        owner, _, name = call.rpartition(".")
        if owner == "s":
            target = getattr(type(section), name).__doc__.splitlines()[0]
        else:
            target = eval(call, {"tracegraph": tracegraph})
            if inspect.isclass(target):
                continue
        actual = parameters(target)
        documented = []
        for part in [p.strip() for p in params.split(",") if p.strip()]:
            if part == "*" or "=" not in part:
                continue
            key, default = [x.strip() for x in part.split("=", 1)]
            documented.append(key)
            assert key in actual, (call, key, actual)
            value = ast.literal_eval(default)
            assert ast.literal_eval(actual[key]) == value, (call, key,
                                                             actual[key])
        order = [k for k in actual if k in documented]
        assert order == documented, (call, order, documented)
        checked += 1
    assert checked >= 10


def test_supported_python_versions_are_stated():
    import sys
    text = open(os.path.join(SRC, "docs", "python.md")).read()
    assert "Supported Python versions" in text
    pyproject = open(os.path.join(SRC, "pyproject.toml")).read()
    assert 'requires-python = ">=3.11"' in pyproject
    assert sys.version_info >= (3, 11)
