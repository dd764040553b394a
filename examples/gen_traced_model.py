#!/usr/bin/env python3
"""Generates a traced torchvision ResNet in tg IR, as TorchScript holds it.

The output has one `tg.graph` per method of each module class, not inlined,
exactly as `torch.jit.script(torchvision.models.resnet18())` holds the model
in torch 1.13 / torchvision 0.14 (the versions Debian 12 ships as
python3-torch 1.13.1 and python3-torchvision 0.14.1):

  * `ResNet::forward` (the entry, `tg.entry`) calls `ResNet::_forward_impl` on
    `self` (a SELF call), which calls each submodule through
    `tg.get_submodule` + `tg.call_method`;
  * `Sequential::forward` calls its children `0`, `1`, ... (TorchScript unrolls
    `for module in self`);
  * `BasicBlock::forward` / `Bottleneck::forward`, `Conv2d::forward` calling
    `Conv2d::_conv_forward` on self, `BatchNorm2d::forward` calling
    `BatchNorm2d::_check_input_dim` on self, `ReLU`, `MaxPool2d`,
    `AdaptiveAvgPool2d`, `Linear`.

Class types follow TorchScript's type sharing: module instances share a class
type when their Python class, constants (`__constants__`), attribute types and
submodule types are equal; every further distinct type of the same Python class
gets a mangled name (`__torch__.torch.nn.modules.conv.___torch_mangle_3.Conv2d`)
from one counter, in the order TorchScript creates them (children before
parents). Different convolution shapes are therefore different classes, each
with its own `forward` / `_conv_forward` graphs, and blocks with and without a
downsample are different `BasicBlock` classes. `--unique-types` models
`share_types=False` instead: one class per module instance.

Every op carries the source range that TorchScript records for it, as
`loc("<file>":line:col to :endcol)` (1-based columns, end exclusive), in the
files where Debian installs torch and torchvision. The source lines are
embedded below (SOURCES) so that the generator needs nothing but the Python 3
standard library; `--check-sources DIR` compares them with an installed copy.

Usage:
  python3 examples/gen_traced_model.py --model resnet18 -o examples/resnet18.mlir
  python3 examples/gen_traced_model.py --model resnet152 --unique-types -o big.mlir
  python3 examples/gen_traced_model.py --model resnet18 --functional

By default the aten op of a `torch.nn.functional` call sits in the module's
method at the `F.*` call (ReLU::forward holds `aten::relu_`). `--functional`
keeps those functions as TorchScript does: free graphs (`F.relu`,
`F.batch_norm`, `F._max_pool2d`, `F.adaptive_avg_pool2d` and the helpers they
call) reached with `tg.call`, with their branches and loops.
"""

import argparse
import os
import re
import sys

SITE = "/usr/lib/python3/dist-packages"

# Where each source file lives, relative to SITE.
FILES = {
    "resnet": "torchvision/models/resnet.py",
    "conv": "torch/nn/modules/conv.py",
    "batchnorm": "torch/nn/modules/batchnorm.py",
    "activation": "torch/nn/modules/activation.py",
    "pooling": "torch/nn/modules/pooling.py",
    "linear": "torch/nn/modules/linear.py",
    "container": "torch/nn/modules/container.py",
    "utils": "torch/nn/modules/utils.py",
    "functional": "torch/nn/functional.py",
}

# The lines of torchvision 0.14.1 and torch 1.13.1 (Debian 12's
# python3-torchvision 0.14.1-2 and python3-torch 1.13.1+dfsg-4) that the traced
# ops point at, keyed by file and 1-based line number.
SOURCES = {
    'resnet': {
        89: '    def forward(self, x: Tensor) -> Tensor:',
        90: '        identity = x',
        92: '        out = self.conv1(x)',
        93: '        out = self.bn1(out)',
        94: '        out = self.relu(out)',
        96: '        out = self.conv2(out)',
        97: '        out = self.bn2(out)',
        99: '        if self.downsample is not None:',
        100: '            identity = self.downsample(x)',
        102: '        out += identity',
        103: '        out = self.relu(out)',
        105: '        return out',
        143: '    def forward(self, x: Tensor) -> Tensor:',
        144: '        identity = x',
        146: '        out = self.conv1(x)',
        147: '        out = self.bn1(out)',
        148: '        out = self.relu(out)',
        150: '        out = self.conv2(out)',
        151: '        out = self.bn2(out)',
        152: '        out = self.relu(out)',
        154: '        out = self.conv3(out)',
        155: '        out = self.bn3(out)',
        157: '        if self.downsample is not None:',
        158: '            identity = self.downsample(x)',
        160: '        out += identity',
        161: '        out = self.relu(out)',
        163: '        return out',
        166: 'class ResNet(nn.Module):',
        266: '    def _forward_impl(self, x: Tensor) -> Tensor:',
        267: '        # See note [TorchScript super()]',
        268: '        x = self.conv1(x)',
        269: '        x = self.bn1(x)',
        270: '        x = self.relu(x)',
        271: '        x = self.maxpool(x)',
        273: '        x = self.layer1(x)',
        274: '        x = self.layer2(x)',
        275: '        x = self.layer3(x)',
        276: '        x = self.layer4(x)',
        278: '        x = self.avgpool(x)',
        279: '        x = torch.flatten(x, 1)',
        280: '        x = self.fc(x)',
        282: '        return x',
        284: '    def forward(self, x: Tensor) -> Tensor:',
        285: '        return self._forward_impl(x)',
    },
    'conv': {
        454: '    def _conv_forward(self, input: Tensor, weight: Tensor, bias: Optional[Tensor]):',
        455: "        if self.padding_mode != 'zeros':",
        456: '            return F.conv2d(F.pad(input, self._reversed_padding_repeated_twice, mode=self.padding_mode),',
        457: '                            weight, bias, self.stride,',
        458: '                            _pair(0), self.dilation, self.groups)',
        459: '        return F.conv2d(input, weight, bias, self.stride,',
        460: '                        self.padding, self.dilation, self.groups)',
        462: '    def forward(self, input: Tensor) -> Tensor:',
        463: '        return self._conv_forward(input, self.weight, self.bias)',
    },
    'batchnorm': {
        137: '    def forward(self, input: Tensor) -> Tensor:',
        138: '        self._check_input_dim(input)',
        140: '        # exponential_average_factor is set to self.momentum',
        141: '        # (when it is available) only so that it gets updated',
        142: '        # in ONNX graph when this node is exported to ONNX.',
        143: '        if self.momentum is None:',
        144: '            exponential_average_factor = 0.0',
        145: '        else:',
        146: '            exponential_average_factor = self.momentum',
        148: '        if self.training and self.track_running_stats:',
        149: '            # TODO: if statement only here to tell the jit to skip emitting this when it is None',
        150: '            if self.num_batches_tracked is not None:  # type: ignore[has-type]',
        151: '                self.num_batches_tracked.add_(1)  # type: ignore[has-type]',
        152: '                if self.momentum is None:  # use cumulative moving average',
        153: '                    exponential_average_factor = 1.0 / float(self.num_batches_tracked)',
        154: '                else:  # use exponential moving average',
        155: '                    exponential_average_factor = self.momentum',
        157: '        r"""',
        158: '        Decide whether the mini-batch stats should be used for normalization rather than the buffers.',
        159: '        Mini-batch stats are used in training mode, and in eval mode when buffers are None.',
        160: '        """',
        161: '        if self.training:',
        162: '            bn_training = True',
        163: '        else:',
        164: '            bn_training = (self.running_mean is None) and (self.running_var is None)',
        166: '        r"""',
        167: '        Buffers are only updated if they are to be tracked and we are in training mode. Thus they only need to be',
        168: '        passed when the update should occur (i.e. in training mode when they are tracked), or when buffer stats are',
        169: '        used for normalization (i.e. in eval mode when buffers are not None).',
        170: '        """',
        171: '        return F.batch_norm(',
        172: '            input,',
        173: "            # If buffers are not to be tracked, ensure that they won't be updated",
        174: '            self.running_mean',
        175: '            if not self.training or self.track_running_stats',
        176: '            else None,',
        177: '            self.running_var if not self.training or self.track_running_stats else None,',
        178: '            self.weight,',
        179: '            self.bias,',
        180: '            bn_training,',
        181: '            exponential_average_factor,',
        182: '            self.eps,',
        183: '        )',
        408: '    def _check_input_dim(self, input):',
        409: '        if input.dim() != 4:',
        410: '            raise ValueError("expected 4D input (got {}D input)".format(input.dim()))',
    },
    'activation': {
        101: '    def forward(self, input: Tensor) -> Tensor:',
        102: '        return F.relu(input, inplace=self.inplace)',
    },
    'pooling': {
        165: '    def forward(self, input: Tensor):',
        166: '        return F.max_pool2d(input, self.kernel_size, self.stride,',
        167: '                            self.padding, self.dilation, ceil_mode=self.ceil_mode,',
        168: '                            return_indices=self.return_indices)',
        1183: '    def forward(self, input: Tensor) -> Tensor:',
        1184: '        return F.adaptive_avg_pool2d(input, self.output_size)',
    },
    'linear': {
        113: '    def forward(self, input: Tensor) -> Tensor:',
        114: '        return F.linear(input, self.weight, self.bias)',
    },
    'container': {
        202: '    def forward(self, input):',
        203: '        for module in self:',
        204: '            input = module(input)',
        205: '        return input',
    },
    'utils': {
        32: 'def _list_with_default(out_size: List[int], defaults: List[int]) -> List[int]:',
        33: '    if isinstance(out_size, int):',
        34: '        return out_size',
        35: '    if len(defaults) <= len(out_size):',
        36: '        raise ValueError(',
        37: '            "Input dimension should be at least {}".format(len(out_size) + 1)',
        38: '        )',
        39: '    return [',
        40: '        v if v is not None else d for v, d in zip(out_size, defaults[-len(out_size) :])',
        41: '    ]',
    },
    'functional': {
        760: 'def _max_pool2d(',
        761: '    input: Tensor, kernel_size: BroadcastingList2[int],',
        762: '    stride: Optional[BroadcastingList2[int]] = None,',
        763: '    padding: BroadcastingList2[int] = 0,',
        764: '    dilation: BroadcastingList2[int] = 1,',
        765: '    ceil_mode: bool = False,',
        766: '    return_indices: bool = False',
        767: ') -> Tensor:',
        780: '    if stride is None:',
        781: '        stride = torch.jit.annotate(List[int], [])',
        782: '    return torch.max_pool2d(input, kernel_size, stride, padding, dilation, ceil_mode)',
        1200: 'def adaptive_avg_pool2d(input: Tensor, output_size: BroadcastingList2[int]) -> Tensor:',
        1213: '    _output_size = _list_with_default(output_size, input.size())',
        1214: '    return torch._C._nn.adaptive_avg_pool2d(input, _output_size)',
        1446: 'def relu(input: Tensor, inplace: bool = False) -> Tensor:',
        1454: '    if inplace:',
        1455: '        result = torch.relu_(input)',
        1456: '    else:',
        1457: '        result = torch.relu(input)',
        1458: '    return result',
        2402: 'def _verify_batch_size(size: List[int]) -> None:',
        2412: '    size_prods = size[0]',
        2413: '    for i in range(len(size) - 2):',
        2414: '        size_prods *= size[i + 2]',
        2415: '    if size_prods == 1:',
        2416: '        raise ValueError("Expected more than 1 value per channel when training, got input size {}".format(size))',
        2419: 'def batch_norm(',
        2420: '    input: Tensor,',
        2421: '    running_mean: Optional[Tensor],',
        2422: '    running_var: Optional[Tensor],',
        2423: '    weight: Optional[Tensor] = None,',
        2424: '    bias: Optional[Tensor] = None,',
        2425: '    training: bool = False,',
        2426: '    momentum: float = 0.1,',
        2427: '    eps: float = 1e-5,',
        2428: ') -> Tensor:',
        2447: '    if training:',
        2448: '        _verify_batch_size(input.size())',
        2450: '    return torch.batch_norm(',
        2451: '        input, weight, bias, running_mean, running_var, training, momentum, eps, torch.backends.cudnn.enabled',
        2452: '    )',
    },
}


class SourceError(Exception):
    pass


def _line(key, line):
    try:
        return SOURCES[key][line]
    except KeyError:
        raise SourceError("no embedded source for %s:%d" % (key, line))


def _span(key, line, needle, occurrence=1, sub=None):
    """0-based [start, end) columns of `needle` (its n-th occurrence) on a line;
    with `sub`, of the first `sub` inside that needle."""
    text = _line(key, line)
    start = -1
    for _ in range(occurrence):
        start = text.find(needle, start + 1)
        if start < 0:
            raise SourceError("%r not on %s:%d: %r" % (needle, key, line, text))
    end = start + len(needle)
    if sub is not None:
        inner = needle.find(sub)
        if inner < 0:
            raise SourceError("%r not in %r" % (sub, needle))
        start, end = start + inner, start + inner + len(sub)
    return start, end


def _range(key, line, start, end, to=None):
    path = SITE + "/" + FILES[key]
    if to is None:
        return 'loc("%s":%d:%d to :%d)' % (path, line, start + 1, end + 1)
    line2, end2 = to
    return 'loc("%s":%d:%d to %d:%d)' % (path, line, start + 1, line2, end2 + 1)


def loc(key, line, needle, occurrence=1, sub=None, to=None):
    """The source range of `needle` on `line` of file `key`, as an MLIR
    FileLineColRange: 1-based columns, the end column one past the last
    character. `to=(line2, needle2)` ends the range at the end of needle2 on
    line2, for expressions that span lines."""
    start, end = _span(key, line, needle, occurrence, sub)
    if to is None:
        return _range(key, line, start, end)
    line2, needle2 = to
    return _range(key, line, start, end, (line2, _span(key, line2, needle2)[1]))


def stmt_loc(key, line):
    """The range of the whole (stripped) source line: a statement or a `def`."""
    return loc(key, line, _line(key, line).strip())


def param_loc(key, line, name):
    """The range of parameter `name` in the `def` on `line`."""
    text = _line(key, line)
    m = re.search(r"[(,]\s*(%s)\b" % re.escape(name), text)
    if not m:
        raise SourceError("no parameter %r on %s:%d" % (name, key, line))
    return _range(key, line, m.start(1), m.end(1))


# --------------------------------------------------------------------------
# Types and values
# --------------------------------------------------------------------------

TENSOR = "!tg.tensor"
VALUE = "!tg.value"


def module_type(cls):
    return '!tg.module<"%s">' % cls.qualname


def attr_text(value):
    """A Python constant as the MLIR attribute tg.constant holds."""
    if value is None:
        return "unit"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        text = repr(value)
        if "e" in text and "." not in text.split("e")[0]:
            mantissa, exponent = text.split("e")
            text = mantissa + ".0e" + exponent
        return text + " : f64"
    if isinstance(value, str):
        return '"%s"' % value.replace("\\", "\\\\").replace('"', '\\"')
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(attr_text(v) for v in value) + "]"
    raise TypeError(value)


# --------------------------------------------------------------------------
# Module instances and TorchScript class types
# --------------------------------------------------------------------------

class Module:
    """One nn.Module instance: its Python class, the values of its
    `__constants__`, the types of the other attributes that differ between
    instances, and its submodules in registration order."""

    def __init__(self, pyclass, constants=(), attributes=(), children=()):
        self.pyclass = pyclass
        self.constants = tuple(constants)
        self.attributes = tuple(attributes)
        self.children = list(children)
        self.cls = None

    def child(self, name):
        for n, m in self.children:
            if n == name:
                return m
        return None


class ClassType:
    def __init__(self, qualname, module, children):
        self.qualname = qualname
        self.pyclass = module.pyclass
        self.short = module.pyclass.rsplit(".", 1)[1]
        self.constants = dict(module.constants)
        self.attributes = dict(module.attributes)
        self.children = children  # [(name, ClassType)]

    def child(self, name):
        for n, c in self.children:
            if n == name:
                return c
        return None


class TypeStore:
    """TorchScript's ConcreteTypeStore plus the compilation unit's name
    mangler: types are built children first; an instance reuses a known type
    of its Python class when constants, attribute types and submodule types
    are equal (unless sharing is off); a new type whose name is taken gets
    `___torch_mangle_<n>` before its last name component, n from one counter."""

    def __init__(self, share_types=True):
        self.share_types = share_types
        self.known = {}
        self.names = set()
        self.mangle_index = 0
        self.types = []

    def get(self, module):
        children = [(name, self.get(m)) for name, m in module.children]
        key = (module.constants, module.attributes,
               tuple((name, id(c)) for name, c in children))
        if self.share_types:
            for known_key, cls in self.known.get(module.pyclass, []):
                if known_key == key:
                    module.cls = cls
                    return cls
        name = "__torch__." + module.pyclass
        while name in self.names:
            atoms = ("__torch__." + module.pyclass).split(".")
            atoms.insert(len(atoms) - 1, "___torch_mangle_%d" % self.mangle_index)
            self.mangle_index += 1
            name = ".".join(atoms)
        self.names.add(name)
        cls = ClassType(name, module, children)
        self.known.setdefault(module.pyclass, []).append((key, cls))
        self.types.append(cls)
        module.cls = cls
        return cls


CONV2D = "torch.nn.modules.conv.Conv2d"
BATCHNORM2D = "torch.nn.modules.batchnorm.BatchNorm2d"
RELU = "torch.nn.modules.activation.ReLU"
MAXPOOL2D = "torch.nn.modules.pooling.MaxPool2d"
AVGPOOL2D = "torch.nn.modules.pooling.AdaptiveAvgPool2d"
LINEAR = "torch.nn.modules.linear.Linear"
SEQUENTIAL = "torch.nn.modules.container.Sequential"
RESNET = "torchvision.models.resnet.ResNet"
BASICBLOCK = "torchvision.models.resnet.BasicBlock"
BOTTLENECK = "torchvision.models.resnet.Bottleneck"


def conv2d(cin, cout, kernel, stride=1, padding=0):
    return Module(CONV2D, [
        ("in_channels", cin), ("out_channels", cout),
        ("kernel_size", (kernel, kernel)), ("stride", (stride, stride)),
        ("padding", (padding, padding)), ("dilation", (1, 1)),
        ("transposed", False), ("output_padding", (0, 0)), ("groups", 1),
        ("padding_mode", "zeros")], [("bias", "NoneType")])


def batchnorm2d(features):
    return Module(BATCHNORM2D, [
        ("num_features", features), ("eps", 1e-05), ("momentum", 0.1),
        ("affine", True), ("track_running_stats", True)])


def relu():
    return Module(RELU, [("inplace", True)])


def block(kind, inplanes, planes, stride, downsample):
    children = []
    if kind == "basic":
        children = [("conv1", conv2d(inplanes, planes, 3, stride, 1)),
                    ("bn1", batchnorm2d(planes)), ("relu", relu()),
                    ("conv2", conv2d(planes, planes, 3, 1, 1)),
                    ("bn2", batchnorm2d(planes))]
        pyclass = BASICBLOCK
    else:
        width = planes
        children = [("conv1", conv2d(inplanes, width, 1)),
                    ("bn1", batchnorm2d(width)),
                    ("conv2", conv2d(width, width, 3, stride, 1)),
                    ("bn2", batchnorm2d(width)),
                    ("conv3", conv2d(width, planes * 4, 1)),
                    ("bn3", batchnorm2d(planes * 4)), ("relu", relu())]
        pyclass = BOTTLENECK
    if downsample is not None:
        children.append(("downsample", downsample))
        attributes = []
    else:
        attributes = [("downsample", "NoneType")]
    return Module(pyclass, [], attributes, children)


def resnet(kind, layers, num_classes=1000):
    """torchvision.models.resnet.ResNet(block, layers), submodules in the
    order ResNet.__init__ registers them."""
    expansion = 1 if kind == "basic" else 4
    inplanes = 64
    children = [("conv1", conv2d(3, 64, 7, 2, 3)), ("bn1", batchnorm2d(64)),
                ("relu", relu()),
                ("maxpool", Module(MAXPOOL2D, [
                    ("kernel_size", 3), ("stride", 2), ("padding", 1),
                    ("dilation", 1), ("return_indices", False),
                    ("ceil_mode", False)]))]
    for index, (planes, blocks) in enumerate(zip((64, 128, 256, 512), layers)):
        stride = 1 if index == 0 else 2
        downsample = None
        if stride != 1 or inplanes != planes * expansion:
            downsample = Module(SEQUENTIAL, [], [], [
                ("0", conv2d(inplanes, planes * expansion, 1, stride, 0)),
                ("1", batchnorm2d(planes * expansion))])
        seq = [("0", block(kind, inplanes, planes, stride, downsample))]
        inplanes = planes * expansion
        for i in range(1, blocks):
            seq.append((str(i), block(kind, inplanes, planes, 1, None)))
        children.append(("layer%d" % (index + 1), Module(SEQUENTIAL, [], [], seq)))
    children.append(("avgpool", Module(AVGPOOL2D, [("output_size", (1, 1))])))
    children.append(("fc", Module(LINEAR, [
        ("in_features", 512 * expansion), ("out_features", num_classes)])))
    return Module(RESNET, [], [], children)


MODELS = {
    "resnet18": ("basic", (2, 2, 2, 2)),
    "resnet34": ("basic", (3, 4, 6, 3)),
    "resnet50": ("bottleneck", (3, 4, 6, 3)),
    "resnet101": ("bottleneck", (3, 4, 23, 3)),
    "resnet152": ("bottleneck", (3, 8, 36, 3)),
}


# --------------------------------------------------------------------------
# Graph builder
# --------------------------------------------------------------------------

def symbol(cls, method):
    """A method graph's symbol, or a free function's when `cls` is None."""
    if cls is None:
        return '@"%s"' % method
    return '@"%s::%s"' % (cls.qualname, method)


class Graph:
    """Prints one tg.graph; values are named after the Python variables."""

    def __init__(self, cls, method, args, result_types, def_loc, entry=False):
        self.cls = cls
        self.method = method
        self.types = {}
        self.counts = {}
        self.lines = []
        self.depth = 1
        self.num_ops = 0
        self.args = []
        arg_text = []
        for name, type_, arg_loc in args:
            value = self.fresh(name)
            self.types[value] = type_
            self.args.append(value)
            arg_text.append("%s: %s %s" % (value, type_, arg_loc))
        results = ", ".join(result_types)
        if len(result_types) != 1:
            results = "(" + results + ")"
        self.header = "tg.graph %s(%s) -> %s%s {" % (
            symbol(cls, method), ", ".join(arg_text), results,
            " attributes {tg.entry}" if entry else "")
        self.def_loc = def_loc

    def fresh(self, name):
        name = re.sub(r"[^A-Za-z0-9_$.]", "_", name)
        if name[0].isdigit():
            name = "_" + name
        count = self.counts.get(name, 0)
        self.counts[name] = count + 1
        return "%" + name if count == 0 else "%%%s.%d" % (name, count)

    def emit(self, text):
        self.lines.append("  " * self.depth + text)
        self.num_ops += 1

    def typed(self, values):
        return ", ".join(self.types[v] for v in values)

    def define(self, name, type_):
        value = self.fresh(name)
        self.types[value] = type_
        return value

    def get_submodule(self, parent, name, cls, at):
        value = self.define(name, module_type(cls))
        self.emit('%s = tg.get_submodule %s["%s"] : %s -> %s %s' % (
            value, parent, name, self.types[parent], module_type(cls), at))
        return value

    def get_attr(self, parent, name, type_, at):
        value = self.define(name, type_)
        self.emit('%s = tg.get_attr %s["%s"] : %s -> %s %s' % (
            value, parent, name, self.types[parent], type_, at))
        return value

    def constant(self, value, at, name="c"):
        result = self.define(name, VALUE)
        self.emit("%s = tg.constant(%s) : %s %s" % (
            result, attr_text(value), VALUE, at))
        return result

    def call_method(self, cls, method, receiver, operands, result_type, at,
                    name):
        result = self.define(name, result_type)
        operands = [receiver] + operands
        self.emit("%s = tg.call_method %s(%s) : (%s) -> %s %s" % (
            result, symbol(cls, method), ", ".join(operands),
            self.typed(operands), result_type, at))
        return result

    def op(self, opname, operands, result_types, at, name="v", regions=None):
        results = [self.define(name, t) for t in result_types]
        lhs = ", ".join(results) + " = " if results else ""
        rtypes = ", ".join(result_types)
        if len(result_types) != 1:
            rtypes = "(" + rtypes + ")"
        if not regions:
            self.emit('%stg.op "%s"(%s) : (%s) -> %s %s' % (
                lhs, opname, ", ".join(operands), self.typed(operands),
                rtypes, at))
            return results
        self.emit('%stg.op "%s"(%s) ({' % (lhs, opname, ", ".join(operands)))
        self.num_ops -= 1
        for index, region in enumerate(regions):
            if index:
                self.lines.append("  " * self.depth + "}, {")
            block_args = []
            if isinstance(region, tuple):
                block_args, region = region
            values = []
            if block_args:
                header = []
                for name, type_, arg_at in block_args:
                    value = self.define(name, type_)
                    values.append(value)
                    header.append("%s: %s %s" % (value, type_, arg_at))
                self.lines.append("  " * self.depth + "^bb0(%s):" % ", ".join(header))
            self.depth += 1
            yielded, yield_at = region(self, *values)
            if yielded:
                self.emit("tg.yield %s : %s %s" % (
                    ", ".join(yielded), self.typed(yielded), yield_at))
            else:
                self.emit("tg.yield %s" % yield_at)
            self.depth -= 1
        self.lines.append("  " * self.depth + "}) : (%s) -> %s %s" % (
            self.typed(operands), rtypes, at))
        self.num_ops += 1
        return results

    def call(self, function, operands, result_type, at, name="v"):
        """prim::CallFunction of a free function graph (TorchScript keeps
        `F.relu` & co. as separate functions)."""
        result = self.define(name, result_type)
        self.emit("%s = tg.call %s(%s) : (%s) -> %s %s" % (
            result, symbol(None, function), ", ".join(operands),
            self.typed(operands), result_type, at))
        return result

    def ret(self, values, at):
        self.emit("tg.return %s : %s %s" % (
            ", ".join(values), self.typed(values), at))

    def text(self):
        return "\n".join([self.header] + self.lines + ["} " + self.def_loc])


# --------------------------------------------------------------------------
# The methods of each class, as TorchScript compiles them
# --------------------------------------------------------------------------

def method_graph(cls, method, key, def_line, params, result_types, entry=False):
    args = [("self", module_type(cls), param_loc(key, def_line, "self"))]
    for name, type_ in params:
        args.append((name, type_, param_loc(key, def_line, name)))
    return Graph(cls, method, args, result_types, stmt_loc(key, def_line), entry)


def call_child(g, key, line, name, cls, arg, var):
    """`var = self.<name>(<arg>)`: prim::GetAttr then prim::CallMethod."""
    sub = g.get_submodule(g.args[0], name, cls, loc(key, line, "self." + name))
    return g.call_method(cls, "forward", sub, [arg], TENSOR,
                         loc(key, line, "self.%s(%s)" % (name, arg_name(arg))),
                         var)


def arg_name(value):
    """The Python variable an SSA value was named after (`%out.2` -> out)."""
    return value[1:].split(".")[0]


def resnet_graphs(cls):
    g = method_graph(cls, "forward", "resnet", 284, [("x", TENSOR)], [TENSOR],
                     entry=True)
    self_, x = g.args
    y = g.call_method(cls, "_forward_impl", self_, [x], TENSOR,
                      loc("resnet", 285, "self._forward_impl(x)"), "x")
    g.ret([y], stmt_loc("resnet", 285))
    yield g

    g = method_graph(cls, "_forward_impl", "resnet", 266, [("x", TENSOR)],
                     [TENSOR])
    self_, x = g.args
    for line, name in ((268, "conv1"), (269, "bn1"), (270, "relu"),
                       (271, "maxpool"), (273, "layer1"), (274, "layer2"),
                       (275, "layer3"), (276, "layer4"), (278, "avgpool")):
        x = call_child(g, "resnet", line, name, cls.child(name), x, "x")
    flatten = loc("resnet", 279, "torch.flatten(x, 1)")
    one = g.constant(1, loc("resnet", 279, "torch.flatten(x, 1)", sub="1"))
    minus_one = g.constant(-1, flatten)
    x = g.op("aten::flatten", [x, one, minus_one], [TENSOR], flatten, "x")[0]
    x = call_child(g, "resnet", 280, "fc", cls.child("fc"), x, "x")
    g.ret([x], stmt_loc("resnet", 282))
    yield g


def block_graphs(cls):
    basic = cls.pyclass == BASICBLOCK
    lines = ({"def": 89, "calls": [(92, "conv1", "x"), (93, "bn1", "out"),
                                   (94, "relu", "out"), (96, "conv2", "out"),
                                   (97, "bn2", "out")],
              "downsample": 100, "add": 102, "relu": 103, "return": 105}
             if basic else
             {"def": 143, "calls": [(146, "conv1", "x"), (147, "bn1", "out"),
                                    (148, "relu", "out"), (150, "conv2", "out"),
                                    (151, "bn2", "out"), (152, "relu", "out"),
                                    (154, "conv3", "out"), (155, "bn3", "out")],
              "downsample": 158, "add": 160, "relu": 161, "return": 163})
    g = method_graph(cls, "forward", "resnet", lines["def"], [("x", TENSOR)],
                     [TENSOR])
    self_, x = g.args
    identity = x
    out = x
    for line, name, _ in lines["calls"]:
        out = call_child(g, "resnet", line, name, cls.child(name), out, "out")
    if cls.child("downsample") is not None:
        identity = call_child(g, "resnet", lines["downsample"], "downsample",
                              cls.child("downsample"), x, "identity")
    add = stmt_loc("resnet", lines["add"])
    alpha = g.constant(1, add, "alpha")
    out = g.op("aten::add_", [out, identity, alpha], [TENSOR], add, "out")[0]
    out = call_child(g, "resnet", lines["relu"], "relu", cls.child("relu"),
                     out, "out")
    g.ret([out], stmt_loc("resnet", lines["return"]))
    yield g


def sequential_graphs(cls):
    g = method_graph(cls, "forward", "container", 202, [("input", TENSOR)],
                     [TENSOR])
    self_, value = g.args
    for name, child in cls.children:
        sub = g.get_submodule(self_, name, child, loc("container", 203, "self"))
        value = g.call_method(child, "forward", sub, [value], TENSOR,
                              loc("container", 204, "module(input)"), "input")
    g.ret([value], stmt_loc("container", 205))
    yield g


def conv2d_graphs(cls):
    g = method_graph(cls, "forward", "conv", 462, [("input", TENSOR)], [TENSOR])
    self_, input_ = g.args
    weight = g.get_attr(self_, "weight", TENSOR, loc("conv", 463, "self.weight"))
    bias = g.get_attr(self_, "bias", VALUE, loc("conv", 463, "self.bias"))
    y = g.call_method(cls, "_conv_forward", self_, [input_, weight, bias],
                      TENSOR, loc("conv", 463,
                                  "self._conv_forward(input, self.weight, self.bias)"),
                      "v")
    g.ret([y], stmt_loc("conv", 463))
    yield g

    # `if self.padding_mode != 'zeros'` folds away: padding_mode is a constant.
    g = method_graph(cls, "_conv_forward", "conv", 454,
                     [("input", TENSOR), ("weight", TENSOR), ("bias", VALUE)],
                     [TENSOR])
    self_, input_, weight, bias = g.args
    c = cls.constants
    stride = g.constant(list(c["stride"]), loc("conv", 459, "self.stride"), "stride")
    padding = g.constant(list(c["padding"]), loc("conv", 460, "self.padding"), "padding")
    dilation = g.constant(list(c["dilation"]), loc("conv", 460, "self.dilation"), "dilation")
    groups = g.constant(c["groups"], loc("conv", 460, "self.groups"), "groups")
    y = g.op("aten::conv2d", [input_, weight, bias, stride, padding, dilation,
                              groups], [TENSOR],
             loc("conv", 459, "F.conv2d(", to=(460, "self.groups)")), "v")[0]
    g.ret([y], loc("conv", 459, "return", to=(460, "self.groups)")))
    yield g


def batchnorm2d_graphs(cls):
    c = cls.constants
    g = method_graph(cls, "forward", "batchnorm", 137, [("input", TENSOR)],
                     [TENSOR])
    self_, input_ = g.args
    g.call_method(cls, "_check_input_dim", self_, [input_], VALUE,
                  loc("batchnorm", 138, "self._check_input_dim(input)"), "_")
    # `if self.momentum is None` folds: momentum is a constant.
    momentum = g.constant(c["momentum"], loc("batchnorm", 146, "self.momentum"),
                          "exponential_average_factor")
    # if self.training and self.track_running_stats:
    #     if self.num_batches_tracked is not None:   (folds: a Tensor)
    #         self.num_batches_tracked.add_(1)
    training = g.get_attr(self_, "training", VALUE,
                          loc("batchnorm", 148, "self.training"))
    cond_at = loc("batchnorm", 148, "self.training and self.track_running_stats")

    def track(g):
        return [g.constant(c["track_running_stats"],
                           loc("batchnorm", 148, "self.track_running_stats"))], cond_at

    def untracked(g):
        return [g.constant(False, cond_at)], cond_at

    cond = g.op("prim::If", [training], [VALUE], cond_at, "_",
                regions=[track, untracked])[0]
    update_at = loc("batchnorm", 148, "if", to=(155, "exponential_average_factor = self.momentum"))

    def update(g):
        tracked = g.get_attr(g.args[0], "num_batches_tracked", TENSOR,
                             loc("batchnorm", 151, "self.num_batches_tracked"))
        add = loc("batchnorm", 151, "self.num_batches_tracked.add_(1)")
        one = g.constant(1, loc("batchnorm", 151, "self.num_batches_tracked.add_(1)",
                                sub="1"))
        alpha = g.constant(1, add, "alpha")
        g.op("aten::add_", [tracked, one, alpha], [TENSOR], add, "_")
        return [], update_at

    def no_update(g):
        return [], update_at

    g.op("prim::If", [cond], [], update_at, regions=[update, no_update])
    # if self.training: bn_training = True
    # else: bn_training = (self.running_mean is None) and (...)   (folds: False)
    training = g.get_attr(self_, "training", VALUE,
                          loc("batchnorm", 161, "self.training"))
    bn_at = loc("batchnorm", 161, "if", to=(164, "(self.running_var is None)"))

    def train(g):
        return [g.constant(True, loc("batchnorm", 162, "True"))], bn_at

    def evaluate(g):
        return [g.constant(False, loc("batchnorm", 164,
                                      "(self.running_mean is None) and (self.running_var is None)"))], bn_at

    bn_training = g.op("prim::If", [training], [VALUE], bn_at, "bn_training",
                       regions=[train, evaluate])[0]
    # `... if not self.training or self.track_running_stats else None` folds to
    # the buffer: track_running_stats is a constant True.
    mean = g.get_attr(self_, "running_mean", TENSOR,
                      loc("batchnorm", 174, "self.running_mean"))
    var = g.get_attr(self_, "running_var", TENSOR,
                     loc("batchnorm", 177, "self.running_var"))
    weight = g.get_attr(self_, "weight", TENSOR, loc("batchnorm", 178, "self.weight"))
    bias = g.get_attr(self_, "bias", TENSOR, loc("batchnorm", 179, "self.bias"))
    eps = g.constant(c["eps"], loc("batchnorm", 182, "self.eps"), "eps")
    call_at = loc("batchnorm", 171, "F.batch_norm(", to=(183, ")"))
    if FUNCTIONAL:
        y = g.call(F_BATCH_NORM, [input_, mean, var, weight, bias, bn_training,
                                  momentum, eps], TENSOR, call_at)
    else:
        cudnn = g.constant(True, call_at, "cudnn_enabled")
        y = g.op("aten::batch_norm", [input_, weight, bias, mean, var,
                                      bn_training, momentum, eps, cudnn],
                 [TENSOR], call_at, "v")[0]
    g.ret([y], loc("batchnorm", 171, "return", to=(183, ")")))
    yield g

    g = method_graph(cls, "_check_input_dim", "batchnorm", 408,
                     [("input", TENSOR)], [VALUE])
    self_, input_ = g.args
    dim = g.op("aten::dim", [input_], [VALUE],
               loc("batchnorm", 409, "input.dim()"), "_")[0]
    four = g.constant(4, loc("batchnorm", 409, "4"))
    cond = g.op("aten::ne", [dim, four], [VALUE],
                loc("batchnorm", 409, "input.dim() != 4"), "_")[0]
    if_at = loc("batchnorm", 409, "if", to=(410, ".format(input.dim()))"))
    message = '"expected 4D input (got {}D input)"'

    def fail(g):
        text = g.constant(message[1:-1], loc("batchnorm", 410, message), "_")
        dim = g.op("aten::dim", [g.args[1]], [VALUE],
                   loc("batchnorm", 410, "input.dim()"), "_")[0]
        formatted = g.op("aten::format", [text, dim], [VALUE],
                         loc("batchnorm", 410, message + ".format(input.dim())"),
                         "_")[0]
        kind = g.constant("builtins.ValueError",
                          loc("batchnorm", 410, "ValueError"), "_")
        g.op("prim::RaiseException", [formatted, kind], [],
             stmt_loc("batchnorm", 410))
        return [], if_at

    def ok(g):
        return [], if_at

    g.op("prim::If", [cond], [], if_at, regions=[fail, ok])
    none = g.constant(None, stmt_loc("batchnorm", 408), "_")
    g.ret([none], stmt_loc("batchnorm", 408))
    yield g


def relu_graphs(cls):
    g = method_graph(cls, "forward", "activation", 101, [("input", TENSOR)],
                     [TENSOR])
    self_, input_ = g.args
    # F.relu(input, inplace=True) runs aten::relu_, inplace=False aten::relu.
    at = loc("activation", 102, "F.relu(input, inplace=self.inplace)")
    if FUNCTIONAL:
        inplace = g.constant(cls.constants["inplace"],
                             loc("activation", 102, "self.inplace"), "inplace")
        y = g.call(F_RELU, [input_, inplace], TENSOR, at)
    else:
        name = "aten::relu_" if cls.constants["inplace"] else "aten::relu"
        y = g.op(name, [input_], [TENSOR], at, "v")[0]
    g.ret([y], stmt_loc("activation", 102))
    yield g


def maxpool2d_graphs(cls):
    c = cls.constants
    g = method_graph(cls, "forward", "pooling", 165, [("input", TENSOR)],
                     [TENSOR])
    self_, input_ = g.args
    # BroadcastingList2[int] turns each int into a pair.
    args = [input_]
    for line, name in ((166, "kernel_size"), (166, "stride"), (167, "padding"),
                       (167, "dilation")):
        args.append(g.constant([c[name], c[name]],
                               loc("pooling", line, "self." + name), name))
    args.append(g.constant(c["ceil_mode"], loc("pooling", 167, "self.ceil_mode"),
                           "ceil_mode"))
    at = loc("pooling", 166, "F.max_pool2d(",
             to=(168, "return_indices=self.return_indices)"))
    if FUNCTIONAL:
        # boolean_dispatch on the constant return_indices picks _max_pool2d.
        args.append(g.constant(c["return_indices"],
                               loc("pooling", 168, "self.return_indices"),
                               "return_indices"))
        y = g.call(F_MAX_POOL2D, args, TENSOR, at)
    else:
        y = g.op("aten::max_pool2d", args, [TENSOR], at, "v")[0]
    g.ret([y], loc("pooling", 166, "return",
                   to=(168, "return_indices=self.return_indices)")))
    yield g


def avgpool2d_graphs(cls):
    g = method_graph(cls, "forward", "pooling", 1183, [("input", TENSOR)],
                     [TENSOR])
    self_, input_ = g.args
    size = g.constant(list(cls.constants["output_size"]),
                      loc("pooling", 1184, "self.output_size"), "output_size")
    at = loc("pooling", 1184, "F.adaptive_avg_pool2d(input, self.output_size)")
    if FUNCTIONAL:
        y = g.call(F_ADAPTIVE_AVG_POOL2D, [input_, size], TENSOR, at)
    else:
        y = g.op("aten::adaptive_avg_pool2d", [input_, size], [TENSOR], at, "v")[0]
    g.ret([y], stmt_loc("pooling", 1184))
    yield g


def linear_graphs(cls):
    g = method_graph(cls, "forward", "linear", 113, [("input", TENSOR)], [TENSOR])
    self_, input_ = g.args
    weight = g.get_attr(self_, "weight", TENSOR, loc("linear", 114, "self.weight"))
    bias = g.get_attr(self_, "bias", TENSOR, loc("linear", 114, "self.bias"))
    y = g.op("aten::linear", [input_, weight, bias], [TENSOR],
             loc("linear", 114, "F.linear(input, self.weight, self.bias)"), "v")[0]
    g.ret([y], stmt_loc("linear", 114))
    yield g


# --------------------------------------------------------------------------
# Free functions (--functional): TorchScript compiles the Python functions a
# method calls (F.relu, F.batch_norm, ...) into functions of their own and calls
# them with prim::CallFunction; builtins (F.conv2d, F.linear) stay aten ops.
# --------------------------------------------------------------------------

FUNCTIONAL = False

F_RELU = "__torch__.torch.nn.functional.relu"
F_BATCH_NORM = "__torch__.torch.nn.functional.batch_norm"
F_VERIFY_BATCH_SIZE = "__torch__.torch.nn.functional._verify_batch_size"
F_MAX_POOL2D = "__torch__.torch.nn.functional._max_pool2d"
F_ADAPTIVE_AVG_POOL2D = "__torch__.torch.nn.functional.adaptive_avg_pool2d"
F_LIST_WITH_DEFAULT = "__torch__.torch.nn.modules.utils._list_with_default"


def function_graph(name, key, def_line, params, result_types, last_line=None):
    """A free function; parameters may sit on the lines after the `def`."""
    args = []
    for param, type_ in params:
        for line in range(def_line, (last_line or def_line) + 1):
            text = _line(key, line)
            m = re.search(r"(^|[(,])\s*(%s)\s*:" % re.escape(param), text)
            if m:
                args.append((param, type_, _range(key, line, m.start(2), m.end(2))))
                break
        else:
            raise SourceError("no parameter %r in %s:%d" % (param, key, def_line))
    return Graph(None, name, args, result_types, stmt_loc(key, def_line))


def raise_value_error(g, message, message_loc, format_args, format_loc,
                      raise_loc, class_loc):
    """`raise ValueError(message.format(...))`: prim::RaiseException."""
    text = g.constant(message, message_loc, "_")
    formatted = g.op("aten::format", [text] + format_args, [VALUE], format_loc,
                     "_")[0]
    kind = g.constant("builtins.ValueError", class_loc, "_")
    g.op("prim::RaiseException", [formatted, kind], [], raise_loc)


def relu_function():
    g = function_graph(F_RELU, "functional", 1446,
                       [("input", TENSOR), ("inplace", VALUE)], [TENSOR])
    input_, inplace = g.args
    # `if has_torch_function_unary(input)` folds: False in TorchScript.
    at = loc("functional", 1454, "if", to=(1457, "result = torch.relu(input)"))

    def in_place(g):
        return [g.op("aten::relu_", [input_], [TENSOR],
                     loc("functional", 1455, "torch.relu_(input)"), "result")[0]], at

    def out_of_place(g):
        return [g.op("aten::relu", [input_], [TENSOR],
                     loc("functional", 1457, "torch.relu(input)"), "result")[0]], at

    result = g.op("prim::If", [inplace], [TENSOR], at, "result",
                  regions=[in_place, out_of_place])[0]
    g.ret([result], stmt_loc("functional", 1458))
    return g


def batch_norm_function():
    g = function_graph(F_BATCH_NORM, "functional", 2419,
                       [("input", TENSOR), ("running_mean", TENSOR),
                        ("running_var", TENSOR), ("weight", TENSOR),
                        ("bias", TENSOR), ("training", VALUE),
                        ("momentum", VALUE), ("eps", VALUE)], [TENSOR],
                       last_line=2428)
    input_, mean, var, weight, bias, training, momentum, eps = g.args
    at = loc("functional", 2447, "if", to=(2448, "_verify_batch_size(input.size())"))

    def verify(g):
        size = g.op("aten::size", [input_], [VALUE],
                    loc("functional", 2448, "input.size()"), "_")[0]
        g.call(F_VERIFY_BATCH_SIZE, [size], VALUE,
               loc("functional", 2448, "_verify_batch_size(input.size())"), "_")
        return [], at

    g.op("prim::If", [training], [], at, regions=[verify, lambda g: ([], at)])
    cudnn = g.constant(True, loc("functional", 2451, "torch.backends.cudnn.enabled"),
                       "_")
    call_at = loc("functional", 2450, "torch.batch_norm(", to=(2452, ")"))
    y = g.op("aten::batch_norm", [input_, weight, bias, mean, var, training,
                                  momentum, eps, cudnn], [TENSOR], call_at, "v")[0]
    g.ret([y], loc("functional", 2450, "return", to=(2452, ")")))
    return g


def verify_batch_size_function():
    g = function_graph(F_VERIFY_BATCH_SIZE, "functional", 2402,
                       [("size", VALUE)], [VALUE])
    size, = g.args
    zero = g.constant(0, loc("functional", 2412, "size[0]", sub="0"))
    prods = g.op("aten::__getitem__", [size, zero], [VALUE],
                 loc("functional", 2412, "size[0]"), "size_prods")[0]
    length = g.op("aten::len", [size], [VALUE],
                  loc("functional", 2413, "len(size)"), "_")[0]
    two = g.constant(2, loc("functional", 2413, "len(size) - 2", sub="2"))
    trips = g.op("aten::sub", [length, two], [VALUE],
                 loc("functional", 2413, "len(size) - 2"), "_")[0]
    loop_at = loc("functional", 2413, "for", to=(2414, "size_prods *= size[i + 2]"))
    true = g.constant(True, loop_at, "_")

    def body(g, i, acc):
        two = g.constant(2, loc("functional", 2414, "i + 2", sub="2"))
        index = g.op("aten::add", [i, two], [VALUE],
                     loc("functional", 2414, "i + 2"), "_")[0]
        item = g.op("aten::__getitem__", [size, index], [VALUE],
                    loc("functional", 2414, "size[i + 2]"), "_")[0]
        acc = g.op("aten::mul", [acc, item], [VALUE],
                   loc("functional", 2414, "size_prods *= size[i + 2]"),
                   "size_prods")[0]
        return [true, acc], loop_at

    prods = g.op("prim::Loop", [trips, true, prods], [VALUE], loop_at,
                 "size_prods",
                 regions=[([("i", VALUE, loc("functional", 2413, "i")),
                            ("size_prods", VALUE, loop_at)], body)])[0]
    one = g.constant(1, loc("functional", 2415, "1"))
    cond = g.op("aten::eq", [prods, one], [VALUE],
                loc("functional", 2415, "size_prods == 1"), "_")[0]
    if_at = loc("functional", 2415, "if", to=(2416, ".format(size))"))
    message = ('"Expected more than 1 value per channel when training, '
               'got input size {}"')

    def fail(g):
        raise_value_error(g, message[1:-1],
                          loc("functional", 2416, message), [size],
                          loc("functional", 2416, message + ".format(size)"),
                          stmt_loc("functional", 2416),
                          loc("functional", 2416, "ValueError"))
        return [], if_at

    g.op("prim::If", [cond], [], if_at, regions=[fail, lambda g: ([], if_at)])
    none = g.constant(None, stmt_loc("functional", 2402), "_")
    g.ret([none], stmt_loc("functional", 2402))
    return g


def max_pool2d_function():
    g = function_graph(F_MAX_POOL2D, "functional", 760,
                       [("input", TENSOR), ("kernel_size", VALUE),
                        ("stride", VALUE), ("padding", VALUE),
                        ("dilation", VALUE), ("ceil_mode", VALUE),
                        ("return_indices", VALUE)], [TENSOR], last_line=767)
    input_, kernel, stride, padding, dilation, ceil_mode, _ = g.args
    none = g.constant(None, loc("functional", 780, "None"), "_")
    cond = g.op("aten::__is__", [stride, none], [VALUE],
                loc("functional", 780, "stride is None"), "_")[0]
    at = loc("functional", 780, "if", to=(781, "torch.jit.annotate(List[int], [])"))

    def empty(g):
        return [g.op("prim::ListConstruct", [], [VALUE],
                     loc("functional", 781, "torch.jit.annotate(List[int], [])"),
                     "stride")[0]], at

    def given(g):
        return [g.op("prim::unchecked_cast", [stride], [VALUE],
                     loc("functional", 780, "stride is None"), "stride")[0]], at

    stride = g.op("prim::If", [cond], [VALUE], at, "stride",
                  regions=[empty, given])[0]
    call = "torch.max_pool2d(input, kernel_size, stride, padding, dilation, ceil_mode)"
    y = g.op("aten::max_pool2d", [input_, kernel, stride, padding, dilation,
                                  ceil_mode], [TENSOR],
             loc("functional", 782, call), "v")[0]
    g.ret([y], stmt_loc("functional", 782))
    return g


def adaptive_avg_pool2d_function():
    g = function_graph(F_ADAPTIVE_AVG_POOL2D, "functional", 1200,
                       [("input", TENSOR), ("output_size", VALUE)], [TENSOR])
    input_, output_size = g.args
    size = g.op("aten::size", [input_], [VALUE],
                loc("functional", 1213, "input.size()"), "_")[0]
    output_size = g.call(F_LIST_WITH_DEFAULT, [output_size, size], VALUE,
                         loc("functional", 1213,
                             "_list_with_default(output_size, input.size())"),
                         "_output_size")
    y = g.op("aten::adaptive_avg_pool2d", [input_, output_size], [TENSOR],
             loc("functional", 1214,
                 "torch._C._nn.adaptive_avg_pool2d(input, _output_size)"), "v")[0]
    g.ret([y], stmt_loc("functional", 1214))
    return g


def list_with_default_function():
    g = function_graph(F_LIST_WITH_DEFAULT, "utils", 32,
                       [("out_size", VALUE), ("defaults", VALUE)], [VALUE])
    out_size, defaults = g.args
    # `if isinstance(out_size, int)` folds: out_size is a List[int].
    n_defaults = g.op("aten::len", [defaults], [VALUE],
                      loc("utils", 35, "len(defaults)"), "_")[0]
    n_out = g.op("aten::len", [out_size], [VALUE],
                 loc("utils", 35, "len(out_size)"), "_")[0]
    cond = g.op("aten::le", [n_defaults, n_out], [VALUE],
                loc("utils", 35, "len(defaults) <= len(out_size)"), "_")[0]
    if_at = loc("utils", 35, "if", to=(38, ")"))
    message = '"Input dimension should be at least {}"'

    def fail(g):
        n = g.op("aten::len", [out_size], [VALUE],
                 loc("utils", 37, "len(out_size)"), "_")[0]
        one = g.constant(1, loc("utils", 37, "len(out_size) + 1", sub="1"))
        n = g.op("aten::add", [n, one], [VALUE],
                 loc("utils", 37, "len(out_size) + 1"), "_")[0]
        raise_value_error(g, message[1:-1], loc("utils", 37, message),
                          [n], loc("utils", 37, message + ".format(len(out_size) + 1)"),
                          loc("utils", 36, "raise", to=(38, ")")),
                          loc("utils", 36, "ValueError"))
        return [], if_at

    g.op("prim::If", [cond], [], if_at, regions=[fail, lambda g: ([], if_at)])
    # [v if v is not None else d for v, d in zip(out_size, defaults[-len(out_size) :])]
    # `v is not None` folds (v is an int): the comprehension copies out_size.
    comp_at = loc("utils", 39, "[", to=(41, "]"))
    result = g.op("prim::ListConstruct", [], [VALUE], comp_at, "_")[0]
    n = g.op("aten::len", [out_size], [VALUE],
             loc("utils", 40, "-len(out_size)", sub="len(out_size)"), "_")[0]
    neg = g.op("aten::neg", [n], [VALUE], loc("utils", 40, "-len(out_size)"), "_")[0]
    end = g.constant(9223372036854775807, loc("utils", 40, "defaults[-len(out_size) :]"), "_")
    step = g.constant(1, loc("utils", 40, "defaults[-len(out_size) :]"), "_")
    tail = g.op("aten::slice", [defaults, neg, end, step], [VALUE],
                loc("utils", 40, "defaults[-len(out_size) :]"), "_")[0]
    zip_at = loc("utils", 40, "zip(out_size, defaults[-len(out_size) :])")
    n_out = g.op("aten::len", [out_size], [VALUE], zip_at, "_")[0]
    n_tail = g.op("aten::len", [tail], [VALUE], zip_at, "_")[0]
    lengths = g.op("prim::ListConstruct", [n_out, n_tail], [VALUE], zip_at, "_")[0]
    trips = g.op("prim::min", [lengths], [VALUE], zip_at, "_")[0]
    true = g.constant(True, comp_at, "_")

    def body(g, i):
        v = g.op("aten::__getitem__", [out_size, i], [VALUE], zip_at, "v")[0]
        g.op("aten::append", [result, v], [VALUE], comp_at, "_")
        return [true], comp_at

    g.op("prim::Loop", [trips, true], [], comp_at,
         regions=[([("i", VALUE, comp_at)], body)])
    g.ret([result], loc("utils", 39, "return", to=(41, "]")))
    return g


FUNCTIONS = {
    F_RELU: relu_function,
    F_BATCH_NORM: batch_norm_function,
    F_VERIFY_BATCH_SIZE: verify_batch_size_function,
    F_MAX_POOL2D: max_pool2d_function,
    F_ADAPTIVE_AVG_POOL2D: adaptive_avg_pool2d_function,
    F_LIST_WITH_DEFAULT: list_with_default_function,
}

# The functions each module method calls, in the order TorchScript meets them.
CALLED_FUNCTIONS = {
    BATCHNORM2D: [F_BATCH_NORM, F_VERIFY_BATCH_SIZE],
    RELU: [F_RELU],
    MAXPOOL2D: [F_MAX_POOL2D],
    AVGPOOL2D: [F_ADAPTIVE_AVG_POOL2D, F_LIST_WITH_DEFAULT],
}


GRAPHS = {
    RESNET: resnet_graphs,
    BASICBLOCK: block_graphs,
    BOTTLENECK: block_graphs,
    SEQUENTIAL: sequential_graphs,
    CONV2D: conv2d_graphs,
    BATCHNORM2D: batchnorm2d_graphs,
    RELU: relu_graphs,
    MAXPOOL2D: maxpool2d_graphs,
    AVGPOOL2D: avgpool2d_graphs,
    LINEAR: linear_graphs,
}


def classes_preorder(module, seen, order):
    """Class types in the order a reader meets them: the model first, then
    each submodule's class at its first use."""
    if module.cls.qualname not in seen:
        seen.add(module.cls.qualname)
        order.append(module.cls)
    for _, child in module.children:
        classes_preorder(child, seen, order)
    return order


def generate(model, share_types=True, functional=False):
    global FUNCTIONAL
    FUNCTIONAL = functional
    kind, layers = MODELS[model]
    top = resnet(kind, layers)
    TypeStore(share_types).get(top)
    classes = classes_preorder(top, set(), [])
    graphs = [g for cls in classes for g in GRAPHS[cls.pyclass](cls)]
    if functional:
        # Each function once, after the methods, in the order they are first called.
        functions = []
        for cls in classes:
            for name in CALLED_FUNCTIONS.get(cls.pyclass, []):
                if name not in functions:
                    functions.append(name)
        graphs += [FUNCTIONS[name]() for name in functions]
    ops = sum(g.num_ops for g in graphs)
    command = "python3 examples/gen_traced_model.py --model %s%s%s" % (
        model, "" if share_types else " --unique-types",
        " --functional" if functional else "")
    out = [
        "// torch.jit.script(torchvision.models.%s()) in tg IR: one tg.graph per" % model,
        "// method of each TorchScript class type%s, not inlined. Source ranges point" % (
            " and per torch.nn.functional function" if functional else ""),
        "// into %s (torchvision 0.14.1, torch 1.13.1 as Debian 12 ships them)." % SITE,
        "// %d classes, %d graphs, %d ops." % (len(classes), len(graphs), ops),
        "// Generated by `%s`; do not edit." % command,
        "",
    ]
    # The MLIR module is the scripted model: it points at `class ResNet`.
    out.append("module {")
    out.append("\n\n".join("\n".join("  " + line for line in g.text().split("\n"))
                           for g in graphs))
    out.append("} " + stmt_loc("resnet", 166))
    return "\n".join(out) + "\n", len(classes), len(graphs), ops


def check_sources(root):
    """Compares the embedded source lines with the files under `root`."""
    bad = 0
    for key, lines in sorted(SOURCES.items()):
        path = os.path.join(root, FILES[key])
        try:
            with open(path, encoding="utf-8") as f:
                text = f.read().split("\n")
        except OSError as e:
            print("error: %s" % e, file=sys.stderr)
            bad += 1
            continue
        for number, line in sorted(lines.items()):
            actual = text[number - 1] if number <= len(text) else None
            if actual != line:
                print("%s:%d: expected %r, found %r" % (path, number, line, actual),
                      file=sys.stderr)
                bad += 1
    return bad


def main(argv=None):
    parser = argparse.ArgumentParser(
        description="Generate a TorchScript-style traced torchvision ResNet in tg IR.")
    parser.add_argument("--model", choices=sorted(MODELS), default="resnet18",
                        help="which torchvision ResNet (default: resnet18)")
    parser.add_argument("--unique-types", action="store_true",
                        help="one class type per module instance, as "
                             "share_types=False: graphs grow with the model's depth")
    parser.add_argument("--functional", action="store_true",
                        help="keep the Python functions the modules call "
                             "(F.relu, F.batch_norm, ...) as graphs of their own, "
                             "called with tg.call, as TorchScript does; by default "
                             "their aten op sits at the F.* call in the module")
    parser.add_argument("-o", "--output", default="-",
                        help="output file (default: stdout)")
    parser.add_argument("--stats", action="store_true",
                        help="print the class, graph and op counts to stderr")
    parser.add_argument("--check-sources", metavar="DIR",
                        help="compare the embedded source lines with torch and "
                             "torchvision installed under DIR (e.g. %s) and exit" % SITE)
    args = parser.parse_args(argv)
    if args.check_sources:
        bad = check_sources(args.check_sources)
        print("%d embedded source lines differ or are missing" % bad if bad else
              "all embedded source lines match", file=sys.stderr)
        return 1 if bad else 0
    text, classes, graphs, ops = generate(args.model, not args.unique_types,
                                          args.functional)
    if args.output == "-":
        sys.stdout.write(text)
    else:
        with open(args.output, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
    if args.stats:
        print("%s: %d classes, %d graphs, %d ops" % (args.model, classes, graphs, ops),
              file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
