"""The site's pyodide-lock.json, written by pyodide-build (``pyodide lockfile add-wheels``).

The engine worker loads elo_core through Pyodide's own package loader, which reads the
wheel's address and sha256 from this lock and checks the download against it. The tool
works offline; it needs Python ≥ 3.12, so it lives in its own virtual environment
(``./dev`` creates ``pyodide-build-venv`` in the build's cache folder, ``.cache/`` or its
``CACHE``, from the newest Python ≥ 3.12 it finds).
"""

from __future__ import annotations

import json
import os
import subprocess
import tempfile
import zipfile
from pathlib import Path

from sitegen.config import SiteConfig
from sitegen.errors import BuildError

__all__ = ["cli_path", "lock_with_wheels"]

# Set to use another pyodide-build installation (the path of its ``pyodide`` command).
CLI_VARIABLE = "PYODIDE_CLI"


def cli_path(config: SiteConfig) -> Path:
    """The ``pyodide`` command of pyodide-build; a BuildError says how to get it."""
    configured = os.environ.get(CLI_VARIABLE)
    path = Path(configured) if configured else config.cache_root / "pyodide-build-venv/bin/pyodide"
    if not path.is_file():
        raise BuildError(path, None, (
            f"pyodide-build is missing: './dev build' installs it into {path.parents[1]} "
            "(it needs Python 3.12 or newer: e.g. 'apt-get install python3.12-venv' or "
            "'pyenv install 3.12'), or set PYODIDE_CLI to the 'pyodide' command of an "
            "installed pyodide-build"))
    return path


def lock_with_wheels(config: SiteConfig, stock_lock: str, out: Path, wheels: list[Path]) -> str:
    """``stock_lock`` with an entry (address, sha256, imports) for each wheel under ``out``.

    The addresses are site paths (``config.url``), so the lock works from any folder.
    """
    cli = cli_path(config)
    with tempfile.TemporaryDirectory() as scratch:
        source, target = Path(scratch) / "in.json", Path(scratch) / "out.json"
        source.write_text(stock_lock, encoding="utf-8")
        run = subprocess.run(
            [str(cli), "lockfile", "add-wheels", "--input", str(source), "--output", str(target),
             "--base-path", str(out), "--wheel-url", config.url(""), *map(str, wheels)],
            capture_output=True, text=True, timeout=120, check=False,
        )
        if run.returncode != 0 or not target.is_file():
            raise BuildError(cli, None, "pyodide lockfile add-wheels failed:\n"
                             + (run.stderr or run.stdout).strip()[-2000:])
        lock = json.loads(target.read_text(encoding="utf-8"))
    # The tool finds a wheel's importable names among its .py files; the site's wheels hold
    # bytecode only (sitegen/bytecode.py), so they are read from its .pyc files here.
    by_address = {config.url(wheel.relative_to(out).as_posix()): wheel for wheel in wheels}
    for entry in lock["packages"].values():
        if not entry["imports"] and entry["file_name"] in by_address:
            entry["imports"] = _top_level_names(by_address[entry["file_name"]])
    return json.dumps(lock, sort_keys=True, separators=(",", ":")) + "\n"


def _top_level_names(wheel: Path) -> list[str]:
    """What ``import`` finds in a wheel of bytecode: its packages and top-level modules."""
    names = set()
    with zipfile.ZipFile(wheel) as archive:
        for name in archive.namelist():
            parts = name.split("/")
            if parts[-1] == "__init__.pyc" and len(parts) == 2:
                names.add(parts[0])
            elif len(parts) == 1 and name.endswith(".pyc"):
                names.add(name.removesuffix(".pyc"))
    return sorted(names)
