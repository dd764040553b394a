"""Types of the native module `tracegraph._compiler` (lib/Bindings/Python):
tg-opt's passes in process, tracegraph.compile's native half."""
from typing import Optional, Tuple, Union


class CompileError(RuntimeError):
    """MLIR's diagnostics of a parse error, a malformed pipeline or a failed pass."""


def compile(ir: Union[str, bytes], pipeline: str, filename: str, section: bool,
            strip_debuginfo: bool, print_debuginfo: bool, verify_each: bool,
            threads: bool, embed_source: bool, source_root: str,
            compress: bool, build_id: str) -> Tuple[str, Optional[bytes], str]: ...
