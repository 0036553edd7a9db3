"""Stage 8, write: the checked files into the output, as they are served (``serve``'s pages
carry its reload script); a rebuild writes only the files whose bytes changed and removes
those the build no longer makes."""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Mapping
from pathlib import Path

from sitegen.config import SiteConfig

__all__ = ["Served", "remove", "sha256", "write_bytes", "write_outputs"]


def sha256(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def write_bytes(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)


def remove(out: Path, relative: str) -> None:
    """Delete a file the build no longer makes, and the folders it leaves empty."""
    path = out / relative
    path.unlink(missing_ok=True)
    folder = path.parent
    while folder != out and folder.is_dir() and not any(folder.iterdir()):
        folder.rmdir()
        folder = folder.parent


class Served:
    """A file as it is written: with ``serve`` (``live_reload``), a page carries the reload
    script, which reloads it after each rebuild."""

    def __init__(self, config: SiteConfig, live_reload: bool) -> None:
        self.live_reload = live_reload
        self._tag = f'<script type="module" src="{config.url("__reload.js")}"></script>'

    def __call__(self, relative: str, text: str) -> str:
        if self.live_reload and relative.endswith(".html"):
            return text.replace("</head>", self._tag + "\n</head>", 1)
        return text


def write_outputs(out: Path, outputs: Mapping[str, str], served: Served,
                  previous: Mapping[str, str] | None, unchanged: Iterable[str]) -> dict[str, str]:
    """Write ``outputs`` into ``out`` where their bytes differ from ``previous`` (what the
    last build wrote into ``out``: each file's sha256; None: ``out`` is new). ``unchanged``:
    the pages not rendered again, left as they are. Returns every file now written, with its
    sha256 (the assets but)."""
    written: dict[str, str] = {}
    for relative, text in outputs.items():
        data = served(relative, text).encode("utf-8")
        written[relative] = digest = hashlib.sha256(data).hexdigest()
        if previous is None or previous.get(relative) != digest:
            write_bytes(out / relative, data)
    if previous is not None:
        for relative in set(unchanged) - written.keys():
            written[relative] = previous[relative]  # unchanged, left as it is
        for relative in previous.keys() - written.keys():
            remove(out, relative)  # an article deleted or moved
    return written
