"""The standard library the page loads: only what the engine imports (``site_src/stdlib``).

Pyodide's ``python_stdlib.zip`` is 2.5 MB, about 40 % of what a first visit downloads, and
the engine uses a quarter of it. The build writes an archive of the files listed in
``site_src/stdlib/modules.txt`` (recorded by running the engine, see :func:`record`); the
worker loads it in place of the whole one and, on the first import of anything else,
fetches the whole archive and retries (engine-worker.js).
"""

from __future__ import annotations

import dataclasses
import io
import subprocess
import tempfile
import zipfile
from pathlib import Path

from sitegen.config import SiteConfig
from sitegen.errors import BuildError

__all__ = ["MODULES_FILE", "ZIP_PREFIX", "record", "trimmed_archive", "write_list"]

MODULES_FILE = Path("stdlib") / "modules.txt"
ZIP_PREFIX = "/lib/python314.zip/"
_HEADER = "# Written by 'build.py stdlib' (site_src/stdlib/record.mjs); do not edit by hand.\n"


def _listed(config: SiteConfig) -> list[str]:
    path = config.source_dir / MODULES_FILE
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except FileNotFoundError:
        raise BuildError(path, None, "missing: run 'build.py stdlib' to record it") from None
    return [line for line in lines if line and not line.startswith("#")]


def trimmed_archive(config: SiteConfig) -> bytes:
    """The listed files of the runtime's standard library, in a zip of their own."""
    full = config.pyodide_dir / "python_stdlib.zip"
    wanted = _listed(config)
    buffer = io.BytesIO()
    with zipfile.ZipFile(full) as source, zipfile.ZipFile(buffer, "w") as target:
        names = set(source.namelist())
        for name in sorted(wanted):
            if name not in names:
                raise BuildError(config.source_dir / MODULES_FILE, None,
                                 f"{name} is not in {full.name}: record the list again")
            info = source.getinfo(name)
            # The same entry (and timestamp) as in the original: the archive's bytes, and
            # so its URL, change only with the list or the runtime.
            target.writestr(info, source.read(name), compress_type=info.compress_type)
    return buffer.getvalue()


def record(config: SiteConfig) -> list[str]:
    """Run the engine in Node's Pyodide against a fresh build; the stdlib files it imports."""
    from sitegen.pipeline import build

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
