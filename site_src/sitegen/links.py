"""Every internal link and asset reference in the output must resolve.

The pages' references and ids are collected while the build renders them (one parse per
page, shared with the allow-list's page check: :func:`sitegen.html_policy.scan_page`); the
targets are looked up in one listing of the output, not file by file.
"""

from __future__ import annotations

import functools
import os
import posixpath
from pathlib import Path
from urllib.parse import unquote, urlsplit

from sitegen.config import SiteConfig
from sitegen.content import Page
from sitegen.errors import BuildError
from sitegen.html_policy import PageScan, scan_page

__all__ = ["OutputListing", "check_internal_links", "collect_references"]


def collect_references(html: str) -> tuple[list[str], set[str], list[str]]:
    """A page's references (href, src, data-*-src), ids and the folders it names."""
    scan = scan_page(html)
    return list(scan.references), set(scan.ids), list(scan.folders)


class OutputListing:
    """The output's files and folders (relative POSIX paths; the top folder is "")."""

    def __init__(self, out: Path | None = None, files: set[str] | None = None) -> None:
        """The listing of ``out`` as it is on disk, or of ``files`` (the build knows them)."""
        self.files: set[str] = set(files or ())
        self.folders: set[str] = {""}
        for name in self.files:
            folder = posixpath.dirname(name)
            while folder not in self.folders:
                self.folders.add(folder)
                folder = posixpath.dirname(folder)
        if out is None:
            return
        top = str(out)
        for folder, subfolders, names in os.walk(out):
            relative = os.path.relpath(folder, top).replace(os.sep, "/")
            relative = "" if relative == "." else relative
            for name in subfolders:
                self.folders.add(posixpath.join(relative, name))
            for name in names:
                self.files.add(posixpath.join(relative, name))


def _source_line(page: Page | None, reference: str) -> tuple[Path, int | None]:
    if page is None:
        return Path("site_src/templates"), None
    for number, line in enumerate(page.source.read_text(encoding="utf-8").splitlines(), 1):
        if reference in line:
            return page.source, number
    return page.source, None


def _normal(path: str) -> str | None:
    """``path`` (relative to the output) without '.' and '..'; None if it leaves the output."""
    normal = posixpath.normpath(path) if path else "."
    if normal == ".":
        return ""
    if normal == ".." or normal.startswith(("../", "/")):
        return None
    return normal


_SKIP, _OUTSIDE, _INSIDE = "skip", "outside", "inside"


def _resolve(base_path: str, html_file: str, reference: str) -> tuple[str, str | None, str]:
    """Where ``reference`` in ``html_file`` points: (_SKIP: not a file of the site | _OUTSIDE:
    outside the base path | _INSIDE, the target's path relative to the output or None if it
    leaves the output, the fragment). Pages share most references (the menu names every
    article): each is resolved once, a path from the root once for every page."""
    if reference.startswith("/") and not reference.startswith("//"):
        return _resolve_in(base_path, "", reference)
    return _resolve_in(base_path, html_file, reference)


@functools.lru_cache(maxsize=1 << 16)
def _resolve_in(base_path: str, html_file: str, reference: str) -> tuple[str, str | None, str]:
    parts = urlsplit(reference)
    if parts.scheme or parts.netloc or reference.startswith(("mailto:", "data:")):
        return _SKIP, None, ""
    if not parts.path:  # same-page fragment
        return _INSIDE, html_file, parts.fragment
    if parts.path.startswith("/"):
        if not parts.path.startswith(base_path):
            return _OUTSIDE, None, parts.fragment
        return _INSIDE, _normal(unquote(parts.path[len(base_path):])), parts.fragment
    here = posixpath.dirname(html_file)
    return _INSIDE, _normal(posixpath.join(here, unquote(parts.path))), parts.fragment


def check_internal_links(config: SiteConfig, out: Path, pages: list[Page],
                         scans: dict[str, PageScan] | None = None,
                         listing: OutputListing | None = None,
                         only: set[str] | None = None) -> None:
    """Check every HTML file of ``out`` (``only``: these alone). ``scans`` are the pages
    already parsed, by their path relative to ``out``; any other HTML file is read and
    parsed here."""
    listing = listing or OutputListing(out)
    scans = dict(scans or {})
    for relative in sorted(listing.files):
        if relative.endswith(".html") and relative not in scans:
            scans[relative] = scan_page((out / relative).read_text(encoding="utf-8"))
    by_output = {f"{page.path}index.html": page for page in pages}
    for html_file in sorted(scans if only is None else only):
        scan = scans[html_file]
        for folder in scan.folders:
            target = _normal(folder.removeprefix(config.base_path))
            if target is None or target not in listing.folders:
                raise BuildError(out / html_file, None, f"{folder!r} is not a folder of the output")
        for reference in scan.references:
            kind, target, fragment = _resolve(config.base_path, html_file, reference)
            if kind == _SKIP:
                continue
            if kind == _OUTSIDE:
                source, line = _source_line(by_output.get(html_file), reference)
                raise BuildError(source, line, f"link {reference!r} is outside the site's base path {config.base_path!r}")
            if target is not None and (target in listing.folders or reference.endswith("/")):
                target = posixpath.join(target, "index.html")
            if target is None or target not in listing.files:
                source, line = _source_line(by_output.get(html_file), reference)
                raise BuildError(source, line, f"broken internal link {reference!r} in {html_file}")
            if fragment and target.endswith(".html"):
                target_ids = scans[target].ids if target in scans else frozenset()
                if unquote(fragment) not in target_ids:
                    source, line = _source_line(by_output.get(html_file), reference)
                    raise BuildError(source, line, f"link {reference!r}: no element with id {fragment!r}")
