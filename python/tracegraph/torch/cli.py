"""Command line of torch-to-tg, and the model loaders the other scripts of
this folder share."""

import argparse
import importlib
import importlib.util
import os
import sys
import traceback


def load_factory(spec):
    """`MOD:FACTORY` -> the object FACTORY() returns. MOD is a module name
    (importable from the current directory) or a path to a .py file."""
    if ":" not in spec:
        raise SystemExit("torch-to-tg: error: --module wants MOD:FACTORY, got %r" % spec)
    mod_name, factory = spec.rsplit(":", 1)
    if mod_name.endswith(".py") or os.sep in mod_name:
        module = _load_file(mod_name)
    else:
        sys.path.insert(0, os.getcwd())
        module = importlib.import_module(mod_name)
    obj = module
    for part in factory.split("."):
        obj = getattr(obj, part)
    return obj() if callable(obj) and not _is_module(obj) else obj


def _load_file(given):
    """The module of the .py file `given`, loaded from that file and named
    after it (TorchScript's qualified names, __torch__.NAME.Class, use the
    name). importlib.import_module(NAME) returned whatever Python had
    already imported under NAME: --module random.py:net read the standard
    library's random, which torch imports, and never the user's file."""
    path = os.path.abspath(given)
    if not os.path.isfile(path):
        raise SystemExit("torch-to-tg: error: --module %s: no such file" % given)
    name = os.path.splitext(os.path.basename(path))[0]
    loaded = sys.modules.get(name)
    if loaded is not None:
        loaded_file = getattr(loaded, "__file__", None)
        if loaded_file and os.path.abspath(loaded_file) == path:
            return loaded
        # Replacing it would swap a module torch itself uses.
        raise SystemExit(
            "torch-to-tg: error: --module %s: Python has already imported "
            "another module named %r (%s); rename the file" %
            (given, name, loaded_file or "built in"))
    # Imports of the file's neighbours resolve as when it is run.
    sys.path.insert(0, os.path.dirname(path))
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    # Registered first, as an import does: TorchScript finds a class's
    # source through sys.modules[cls.__module__].
    sys.modules[name] = module
    try:
        spec.loader.exec_module(module)
    except BaseException:
        del sys.modules[name]
        raise
    return module


def _is_module(obj):
    import torch
    return isinstance(obj, torch.nn.Module)


# The families of torchvision.models that --torchvision finds by name, and
# the standard input of each family's models (None: per model, below).
_FAMILIES = ("", "segmentation", "video")


def _torchvision_families():
    import importlib
    import torchvision.models as models
    return [(family, importlib.import_module("torchvision.models." + family)
             if family else models) for family in _FAMILIES]


def find_torchvision_model(name):
    """(family, builder) of torchvision model `name`: a classification model
    (torchvision.models), a segmentation model (torchvision.models.segmentation)
    or a video model (torchvision.models.video); None when there is none."""
    import torchvision.models as models
    for family, module in _torchvision_families():
        if name in models.list_models(module=module):
            return family, models.get_model_builder(name)
    return None


def torchvision_model(name):
    """torchvision.models' `name`, with random weights: no download, neither
    of its weights nor of a backbone's (segmentation models default to an
    ImageNet backbone)."""
    import inspect
    found = find_torchvision_model(name)
    if found is None:
        raise SystemExit("torch-to-tg: error: torchvision has no model %r (classification, "
                         "segmentation and video models are found by name)" % name)
    _, builder = found
    kwargs = {"weights": None}
    parameters = inspect.signature(builder).parameters
    if "weights_backbone" in parameters:
        kwargs["weights_backbone"] = None
    if name in ("inception_v3", "googlenet"):
        kwargs["init_weights"] = False  # random weights; skip the slow scipy init
    return builder(**kwargs)


def standard_input(name):
    """The input shape a torchvision model's weights are evaluated on:
    1x3x224x224 for classification (1x3x299x299 for inception_v3), 1x3x520x520
    for segmentation (its transforms resize to 520), 1x3xTxHxW for video (a
    clip of 16 frames, or the model's minimum, at its crop size), read from
    the weights' metadata without downloading them."""
    if name in _STANDARD_INPUT:
        return _STANDARD_INPUT[name]
    found = find_torchvision_model(name)
    family = found[0] if found else ""
    if family == "segmentation":
        return "1x3x520x520"
    if family == "video":
        import torchvision.models as models
        weights = models.get_model_weights(name).DEFAULT
        frames = max(16, weights.meta.get("min_temporal_size", 16))
        height, width = weights.transforms().crop_size
        return "1x3x%dx%dx%d" % (frames, height, width)
    return "1x3x224x224"


def load_scripted(path):
    """torch.jit.load, keeping the compilation unit that holds the archive's
    free functions."""
    import torch
    cu = torch._C.CompilationUnit()
    cpp = torch._C.import_ir_module(cu, str(path), None, {})
    return torch.jit._recursive.wrap_cpp_module(cpp), cu


def script(model, training=False):
    """`model` scripted in eval mode (or training mode): the mode decides
    which branch every `if self.training:` takes in the imported program."""
    import torch
    if isinstance(model, torch.jit.ScriptModule):
        return model.train(training)
    model.train(training)
    return torch.jit.script(model)


def import_torchscript(scripted, cu=None, method="forward", example_inputs=None,
                       inference=False, builtin_frames=True):
    """tg IR text of `scripted`; with `example_inputs` (tensors), every tensor
    value's type from PyTorch's run on them (tg.example_types); with
    `inference`, under the inference context (inference.py: no_grad, frozen
    parameters, fast paths off); `builtin_frames=False` leaves the ops of
    TorchScript's `<string>` builtins without the frame of the expression
    that called them, as PyTorch's own program has them (builtin_calls.py)."""
    from .torchscript import TorchScriptImporter
    context = None
    if inference:
        from .inference import InferenceContext
        context = InferenceContext()
    importer = TorchScriptImporter(scripted, cu, method, context, builtin_frames)
    text = importer.run()
    if example_inputs is None:
        return text
    from .example_types import TypeRecorder
    importer.example_types = TypeRecorder(importer, scripted, method).run(example_inputs)
    return importer.text()


# The input torchvision's classification models are trained on.
_STANDARD_INPUT = {"inception_v3": "1x3x299x299"}


def default_example_inputs(args):
    """--example-input as given, or a torchvision model's standard input."""
    if args.example_input:
        return args.example_input
    if args.torchvision and not args.no_example_input:
        return [standard_input(args.torchvision)]
    return None


_DESCRIPTION = """\
Imports a PyTorch model into tracegraph's tg dialect (MLIR text): one graph
per method, every op with its Python source location and the module
instance it runs in. The output goes on through tg-opt (inline, fuse,
debug handles, the debug section); docs/torch-import.md has the details."""

_EXAMPLES = """\
examples:
  torch-to-tg --torchvision resnet18 -o r18.mlir
  torch-to-tg --module mymodel.py:build --example-input 1x3x224x224 -o m.mlir
  torch-to-tg --torchscript model.pt --example-input 8x128:i64 -o m.mlir
  torch-to-tg --module mymodel.py:build --fx --example-input 4x16 -o m.mlir
  tg-opt r18.mlir --tg-inline --tg-decompose --tg-fuse-elementwise --tg-assign-debug-handles \\
    --tg-emit-debug-section=path=r18.tgdbg -o r18-fused.mlir"""


def main(argv):
    """torch-to-tg's command line (`argv` without the program name); the exit status."""
    p = argparse.ArgumentParser(
        prog="torch-to-tg", description=_DESCRIPTION, epilog=_EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter)
    src = p.add_mutually_exclusive_group(required=True)
    src.add_argument("--torchvision", metavar="NAME",
                     help="a torchvision model by name: classification, segmentation "
                          "(torchvision.models.segmentation) or video "
                          "(torchvision.models.video); random weights, nothing downloaded")
    src.add_argument("--module", metavar="MOD:FACTORY",
                     help="FACTORY() of your module MOD (name or .py path) returns the model")
    src.add_argument("--torchscript", metavar="FILE.pt", help="a torch.jit.save archive")
    p.add_argument("--fx", action="store_true",
                   help="trace with torch.fx instead of TorchScript: aten operators with "
                        "static types (make_fx) when there is an example input, else "
                        "torch.fx.symbolic_trace's module-level graph")
    p.add_argument("--method", default="forward",
                   help="the top module's entry method (default forward)")
    p.add_argument("--example-input", action="append", metavar="AxBxC[:DTYPE]",
                   help="an example input (repeatable, one per input of the method; "
                        "dtype f32 by default, or f16, bf16, f64, i64, ...): every tensor "
                        "value gets its static type from PyTorch's run on it "
                        "(default for --torchvision: the model's standard input)")
    p.add_argument("--no-example-input", action="store_true",
                   help="no example input, no static types (tensors stay !tg.tensor)")
    p.add_argument("--training", action="store_true",
                   help="import the model in training mode (default: eval mode); "
                        "`self.training` is a constant of the mode either way")
    p.add_argument("--inference", dest="inference", action="store_true", default=None,
                   help="import under the inference context (the default in eval mode): "
                        "torch.no_grad(), frozen parameters, dense tensors, no autocast, "
                        "the fused fast paths of nn.MultiheadAttention and the transformer "
                        "layers off; each query of that state (torch.is_grad_enabled(), "
                        "requires_grad, is_nested, the fast-path conditions) is a constant, "
                        "so --tg-inline folds the composite computation")
    p.add_argument("--no-inference", dest="inference", action="store_false",
                   help="keep every query of run-time state as an op (the default with "
                        "--training)")
    from .. import __version__
    p.add_argument("--version", action="version",
                   version="torch-to-tg: tracegraph version " + __version__)
    p.add_argument("-o", dest="output", default="-", metavar="FILE.mlir",
                   help="where to write the IR (default: stdout)")
    p.add_argument("--save-torchscript", metavar="FILE.pt",
                   help="also write the scripted model with torch.jit.save")
    p.add_argument("--save-lite", metavar="FILE.ptl",
                   help="also write the lite-interpreter archive with mobile debug info")
    args = p.parse_args(argv)
    if args.inference is None:
        args.inference = not args.training
    elif args.inference and args.training:
        p.error("--inference declares eval mode under torch.no_grad(); it cannot be "
                "combined with --training")

    try:
        import torch  # noqa: F401
    except ImportError:
        print("torch-to-tg: error: PyTorch is not installed "
              "(apt-get install python3-torch python3-torchvision)", file=sys.stderr)
        return 1

    # The example inputs (yours, or a torchvision model's standard one), for
    # the static types of either import.
    inputs = None
    specs = default_example_inputs(args)
    if specs:
        from .example_types import parse_example_input
        try:
            inputs = [parse_example_input(spec) for spec in specs]
        except ValueError as e:
            print("torch-to-tg: error: --example-input: %s" % e, file=sys.stderr)
            return 1

    from .torchscript import ImportError_
    try:
        if args.torchscript:
            if args.fx:
                raise ImportError_("--fx needs a Python module, not a TorchScript archive")
            model, cu = load_scripted(args.torchscript)
        else:
            model = torchvision_model(args.torchvision) if args.torchvision else \
                load_factory(args.module)
            cu = None
        if args.fx:
            from .fx import import_fx
            model.train(args.training)
            # With an example input, the aten-level graph make_fx records;
            # without, the module-level one torch.fx.symbolic_trace gives.
            try:
                text = import_fx(model, example_inputs=inputs,
                                 inference=args.inference)
            except ImportError_:
                raise
            except Exception as e:  # torch.fx.proxy.TraceError and friends
                tracer = "make_fx" if inputs else "torch.fx.symbolic_trace"
                print("torch-to-tg: error: %s rejects the model: %s: %s"
                      % (tracer, type(e).__name__, _first_line(e)), file=sys.stderr)
                return 1
        else:
            try:
                scripted = script(model, args.training)
            except Exception as e:  # torch.jit.frontend errors
                print("torch-to-tg: error: torch.jit.script rejects the model: %s" % e,
                      file=sys.stderr)
                return 1
            if args.save_torchscript:
                scripted.save(args.save_torchscript)
            if args.save_lite:
                scripted._save_for_lite_interpreter(args.save_lite,
                                                    _save_mobile_debug_info=True)
            try:
                text = import_torchscript(scripted, cu, args.method, inputs,
                                          inference=args.inference)
            except ImportError_:
                raise
            except Exception as e:
                if os.environ.get("TORCH_TO_TG_TRACEBACK"):
                    traceback.print_exc()
                what = "running the model on the example input%s failed: %s" % (
                    "s" if inputs and len(inputs) > 1 else "", _first_line(e))
                if args.example_input:
                    print("torch-to-tg: error: " + what, file=sys.stderr)
                    return 1
                # The standard input is our guess, not the user's: the import
                # goes on without static types.
                print("torch-to-tg: warning: %s; tensors keep no static type "
                      "(give --example-input, or --no-example-input)" % what, file=sys.stderr)
                text = import_torchscript(scripted, cu, args.method,
                                          inference=args.inference)
    except ImportError_ as e:
        print("torch-to-tg: error: unsupported construct: %s" % e, file=sys.stderr)
        return 1
    except SystemExit:
        raise
    except Exception as e:
        # A model that does not load, an archive that is not one, ...: one
        # line; TORCH_TO_TG_TRACEBACK=1 shows where it came from.
        if os.environ.get("TORCH_TO_TG_TRACEBACK"):
            traceback.print_exc()
        print("torch-to-tg: error: %s" % _first_line(e), file=sys.stderr)
        return 1

    from .text import quote
    header = "// Imported by torch-to-tg from %s%s.\n" % (
        quote(args.torchvision or args.module or os.path.basename(args.torchscript)),
        " (torch.fx)" if args.fx else " (TorchScript)")
    if args.output == "-":
        try:
            sys.stdout.write(header + text)
            sys.stdout.flush()
        except BrokenPipeError:
            # The reader went away (`| head`): a filter's quiet end. Python
            # would report the failed flush of stdout again at exit.
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            return 0
        except OSError as e:
            # A full device: one line, not a traceback.
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            print("torch-to-tg: error: cannot write standard output: %s" % e.strerror,
                  file=sys.stderr)
            return 1
        return 0
    try:
        write_atomically(args.output, header + text)
    except OSError as e:
        print("torch-to-tg: error: cannot write %s: %s" % (args.output, e.strerror),
              file=sys.stderr)
        return 1
    return 0


def write_atomically(path, text):
    """Writes `text` to a temporary file next to `path`, then renames it over
    `path`, as tracegraph's C++ tools write their outputs: a reader of the old
    file keeps reading the old bytes, and a failed run leaves no half-written
    file. A device or a FIFO (/dev/null, /dev/stdout, a pipe) is written in
    place, as the C++ tools do: renaming a file over it replaced the device
    itself (as root, `-o /dev/null` left a regular file there)."""
    import stat
    import tempfile
    # A symbolic link is written through, to its target (as the C++ tools).
    path = os.path.realpath(path)
    try:
        mode = os.stat(path).st_mode
    except OSError:
        mode = None
    if mode is not None and not stat.S_ISREG(mode) and not stat.S_ISDIR(mode):
        with open(path, "w") as f:
            f.write(text)
        return
    directory = os.path.dirname(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(dir=directory,
                               prefix=os.path.basename(path) + ".temp-")
    try:
        # mkstemp makes the file 0600; an output gets the usual 0666 & ~umask,
        # or the permissions of the file it replaces (as the C++ tools).
        if mode is not None and stat.S_ISREG(mode):
            os.fchmod(fd, stat.S_IMODE(mode))
        else:
            umask = os.umask(0)
            os.umask(umask)
            os.fchmod(fd, 0o666 & ~umask)
        with os.fdopen(fd, "w") as f:
            f.write(text)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def _first_line(e):
    """PyTorch's C++ errors append the C++ backtrace after the message."""
    text = str(e).strip() or type(e).__name__
    return text.splitlines()[0]
