"""Recording which files of the standard library the engine imports (``build.py stdlib``).

Apart from :mod:`sitegen.stdlib` because it builds the site to run the engine, and the
build itself packs the recorded list.
"""

from __future__ import annotations

import dataclasses
import subprocess
import tempfile
from pathlib import Path

from sitegen.config import SiteConfig
from sitegen.errors import BuildError
from sitegen.pipeline import build
from sitegen.stdlib import MODULES_FILE, ZIP_PREFIX

__all__ = ["record", "write_list"]

_HEADER = "# Written by 'build.py stdlib' (site_src/stdlib/record.mjs); do not edit by hand.\n"


def record(config: SiteConfig) -> list[str]:
    """Run the engine in Node's Pyodide against a fresh build; the stdlib files it imports."""
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "dist"
        build(dataclasses.replace(config, out_dir=out))
        run = subprocess.run(
            ["node", str(config.source_dir / "stdlib" / "record.mjs"), str(out)],
            capture_output=True, text=True, cwd=config.root, check=False)
    if run.returncode:
        raise BuildError(config.source_dir / "stdlib" / "record.mjs", None,
                         f"recording failed: {run.stderr[-2000:]}")
    return [line.removeprefix(ZIP_PREFIX) for line in run.stdout.splitlines()
            if line.startswith(ZIP_PREFIX)]


def write_list(config: SiteConfig, names: list[str]) -> None:
    (config.source_dir / MODULES_FILE).write_text(_HEADER + "".join(f"{n}\n" for n in names),
                                                  encoding="utf-8")
