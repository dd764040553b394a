"""tracegraph.torch: the PyTorch importer (torch-to-tg).

Turns a PyTorch model into tg IR, from TorchScript (one graph per method of
each module class) or from torch.fx, with every op's source location and
call stack (docs/torch-import.md). Pure Python: it needs PyTorch, not the
native module tracegraph._tracegraph.

  python3 -m tracegraph.torch --torchvision resnet18 -o r18.mlir   # = torch-to-tg

Modules:
  cli                   the command line (torch-to-tg) and the model loaders
  torchscript           TorchScript -> tg
  fx                    torch.fx -> tg
  example_types         static tensor types from PyTorch's run on example inputs
  text                  MLIR text: string escaping, attributes, locations
  mobile_debug          PyTorch's lite-interpreter debug data (module paths, sizes)
  check_kernels         every fused kernel compiled and compared with PyTorch
                        (python3 -m tracegraph.torch.check_kernels)
  compare_module_paths  tg's module paths against PyTorch's, op by op
                        (python3 -m tracegraph.torch.compare_module_paths)

Nothing is imported here: `import tracegraph.torch` does not import PyTorch.
Inside this package `import torch` is the real PyTorch (absolute imports);
the modules of the package import each other relatively.
"""
