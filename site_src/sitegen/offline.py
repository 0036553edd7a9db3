"""Offline support: what the service worker needs, its precache list and runtime files."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from sitegen.config import SiteConfig
from sitegen.publish import MARKER

__all__ = ["file_digests", "service_worker_context"]

# Large runtime files are cached when the engine first fetches them (through the
# service worker), so a first visit downloads each of them exactly once.
RUNTIME_SUFFIXES = (".wasm", ".zip", "pyodide.asm.mjs", "pyodide.mjs", "pyodide-lock.json")
NOT_CACHED = ("sw.js", "_headers", "robots.txt", "sitemap.xml", MARKER)


def _url_of(config: SiteConfig, relative: str) -> str:
    if relative == "index.html":
        return config.url("")
    if relative.endswith("/index.html"):
        return config.url(relative.removesuffix("index.html"))
    return config.url(relative)


def file_digests(out: Path) -> dict[str, str]:
    """The sha256 (hex) of every file in ``out``, by its relative POSIX path."""
    return {p.relative_to(out).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in out.rglob("*") if p.is_file()}


def by_folder(paths: list[str]) -> dict[str, list[str]]:
    """Paths grouped by their folder, each folder written once (sw.js joins them again):
    ``/assets/app.js`` and ``/en/faq/`` are ``{"/assets/": ["app.js"], "/en/": ["faq/"]}``."""
    grouped: dict[str, list[str]] = {}
    for path in paths:
        cut = max(path.rstrip("/").rfind("/"), 0) + 1
        grouped.setdefault(path[:cut], []).append(path[cut:])
    return grouped


def service_worker_context(config: SiteConfig, out: Path,
                           digests: dict[str, str] | None = None) -> dict[str, Any]:
    """What sw.js needs: the files to precache (with a version), the runtime files, and the
    sha256 of each file the engine loads. ``digests``: every file's sha256 by its path
    relative to ``out``, when the build already knows them (else the files are read)."""
    if digests is None:
        digests = file_digests(out)
    files = sorted(digests)
    precache: dict[str, str] = {}
    runtime: list[str] = []
    # Every file the worker keeps is cached only once its bytes match the build's sha256, and
    # answered from the cache only while they still do (sw.js).
    integrity = {
        _url_of(config, relative): digests[relative]
        for relative in files if relative not in NOT_CACHED
    }
    for relative in files:
        if relative in NOT_CACHED:
            continue
        if relative.startswith("pyodide/") and relative.endswith(RUNTIME_SUFFIXES):
            runtime.append(_url_of(config, relative))
            continue
        precache[_url_of(config, relative)] = digests[relative][:12]
    version = hashlib.sha256(json.dumps(precache, sort_keys=True).encode()).hexdigest()[:12]
    return {
        "version": version,
        "runtime_version": runtime[0].split("/")[-2] if runtime else "none",
        "precache": by_folder(sorted(precache)),
        "runtime": runtime,
        "integrity": integrity,
        "scope": config.base_path,
    }

