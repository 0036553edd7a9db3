"""Bytecode for the page's Python: the site's standard library and elo_core's wheel, compiled.

Pyodide ships its standard library as source, and a wheel holds source: on a fresh start
the page compiled every module it imports, most of its start-up (in Node, 3 of the 4
seconds of ``loadPyodide``). The build compiles them instead, with Pyodide's own
interpreter under Node (``bytecode.mjs``), as no host Python is the page's version.
"""

from __future__ import annotations

import functools
import hashlib
import os
import shutil
import subprocess
import tempfile
from pathlib import Path
from typing import Literal

from sitegen import assets
from sitegen.errors import BuildError

__all__ = ["COMPILER", "compiled"]

COMPILER = Path(__file__).with_name("bytecode.mjs")
# Compiled archives by the hash of what made them, in the build's cache folder
# (SiteConfig.cache_root): a build compiles again only after its input, the compiler or the
# runtime changed (each compile starts Pyodide in Node: ~8 s).
CACHE = "bytecode"


def compiled(source: bytes, kind: Literal["stdlib", "wheel"], cache_root: Path,
             runtime: Path) -> bytes:
    """The zip ``source`` with every ``.py`` compiled to a ``.pyc`` by the runtime in
    ``runtime`` (its npm folder), kept under ``cache_root``; ``kind`` says what it is (see
    ``bytecode.mjs``). The same input gives the same bytes."""
    version = (runtime / "package.json").read_bytes()
    data = _compiled(source, kind, cache_root, COMPILER.read_bytes() + version)
    return assets.record_rewritten(data) if kind == "wheel" else data


@functools.lru_cache(maxsize=8)
def _compiled(source: bytes, kind: str, cache_root: Path, tools: bytes) -> bytes:
    key = hashlib.sha256(tools + kind.encode() + b"\0" + source).hexdigest()[:32]
    cached = cache_root / CACHE / f"{kind}-{key}.zip"
    if cached.is_file():
        return cached.read_bytes()
    node = shutil.which("node")
    if node is None:
        raise BuildError(COMPILER, None, "Node.js is needed to compile Python for the page")
    with tempfile.TemporaryDirectory() as folder:
        given, made = Path(folder) / "source.zip", Path(folder) / "compiled.zip"
        given.write_bytes(source)
        run = subprocess.run([node, str(COMPILER), str(given), str(made), kind], cwd=folder,
                             capture_output=True, text=True, timeout=300, check=False)
        if run.returncode != 0 or not made.is_file():
            raise BuildError(COMPILER, None,
                             f"compiling the {kind} failed:\n{run.stderr.strip()[-2000:]}")
        data = made.read_bytes()
    # Written whole, then renamed: a build beside this one reads all of it or nothing.
    cached.parent.mkdir(parents=True, exist_ok=True)
    partial = cached.with_name(f"{cached.name}.{os.getpid()}")
    partial.write_bytes(data)
    partial.replace(cached)
    return data
