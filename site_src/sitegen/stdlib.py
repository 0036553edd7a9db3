"""The standard library the page loads: only what the engine imports (``site_src/stdlib``).

Pyodide's ``python_stdlib.zip`` is 2.5 MB, about 40 % of what a first visit downloads, and
the engine uses a quarter of it. The build writes an archive of the files listed in
``site_src/stdlib/modules.txt`` (recorded by running the engine, see :mod:`sitegen.stdlib_record`); the
worker loads it in place of the whole one and, on the first import of anything else,
fetches the whole archive and retries — only for a module the whole archive has: the finder,
``_elo_stdlib_rest`` in the small archive (``site_src/stdlib/rest_finder.py`` with the names
written in by the build), knows them by top-level name, so an import the stdlib tries and
expects to fail, such as ``pwd``, fetches nothing. The archive
holds bytecode (:mod:`sitegen.bytecode`), so a fresh start does not compile the library again.
"""

from __future__ import annotations

import functools
import io
import zipfile
from pathlib import Path

from sitegen import bytecode
from sitegen.config import SiteConfig
from sitegen.errors import BuildError

__all__ = ["FINDER_FILE", "MODULES_FILE", "REST_MODULE", "ZIP_PREFIX", "trimmed_archive"]

MODULES_FILE = Path("stdlib") / "modules.txt"
# The finder for the rest (site_src/stdlib/rest_finder.py), shipped as REST_MODULE.
FINDER_FILE = Path("stdlib") / "rest_finder.py"
ZIP_PREFIX = "/lib/python314.zip/"
# The module, in the small archive, that fetches what only the whole archive has.
REST_MODULE = "_elo_stdlib_rest"


def _listed(config: SiteConfig) -> list[str]:
    path = config.source_dir / MODULES_FILE
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except FileNotFoundError:
        raise BuildError(path, None, "missing: run 'build.py stdlib' to record it") from None
    return [line for line in lines if line and not line.startswith("#")]


def trimmed_archive(config: SiteConfig) -> bytes:
    """The listed files of the runtime's standard library, compiled, in a zip of their own.

    Packed once per list and runtime archive: rebuilds while serving, and the many builds of
    a test run, reuse it.
    """
    full = config.pyodide_dir / "python_stdlib.zip"
    stat = full.stat()
    finder = (config.source_dir / FINDER_FILE).read_text(encoding="utf-8")
    source = _packed(full, stat.st_mtime_ns, stat.st_size, tuple(_listed(config)),
                     config.source_dir / MODULES_FILE, finder)
    return bytecode.compiled(source, "stdlib", config.cache_root, config.pyodide_dir)


@functools.lru_cache(maxsize=4)
def _packed(full: Path, _mtime_ns: int, _size: int, wanted: tuple[str, ...],
            listing: Path, finder: str) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(full) as source, zipfile.ZipFile(buffer, "w") as target:
        names = set(source.namelist())
        for name in sorted(wanted):
            if name not in names:
                raise BuildError(listing, None,
                                 f"{name} is not in {full.name}: record the list again")
            info = source.getinfo(name)
            # The same entry (and timestamp) as in the original: the archive's bytes, and
            # so its URL, change only with the list or the runtime.
            target.writestr(info, source.read(name), compress_type=info.compress_type)
        rest = sorted({module.split(".")[0] for module in _modules(names) - _modules(set(wanted))})
        text = f"{finder}\n# Written by the build (sitegen.stdlib).\nNAMES = frozenset({tuple(rest)!r})\n"
        # A fixed timestamp: the same list gives the same bytes.
        target.writestr(zipfile.ZipInfo(f"{REST_MODULE}.py", (1980, 1, 1, 0, 0, 0)), text,
                        compress_type=zipfile.ZIP_DEFLATED)
    return buffer.getvalue()


def _modules(names: set[str]) -> set[str]:
    """The dotted module names of an archive's ``.py`` files."""
    return {name.removesuffix(".py").removesuffix("/__init__").replace("/", ".")
            for name in names if name.endswith(".py")}
