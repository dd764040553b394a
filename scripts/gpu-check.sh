#!/usr/bin/env bash
# tracegraph's GPU kernels on a real NVIDIA GPU, in one short run.
#
# On the build machine (CPU; needs ./scripts/build.sh):
#   scripts/gpu-check.sh --prepare DIR            # resnet18, efficientnet_b0, vit_b_16
# Copy DIR to a machine with an H100/H200 (CUDA 12 or 13 toolkit, PyTorch,
# CuPy; no tracegraph build), then there:
#   scripts/gpu-check.sh DIR --require-gpu
# One summary line per check (ptxas, numerics, memcheck, nvdisasm,
# profiler); docs/gpu-debugging.md explains each. The work is
# scripts/gpu_check.py, run by $PYTHON (default python3: the one that has
# torch and cupy).
set -euo pipefail
exec "${PYTHON:-python3}" "$(dirname "${BASH_SOURCE[0]}")/gpu_check.py" "$@"
