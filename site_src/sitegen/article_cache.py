"""Articles rendered by an earlier build, kept on disk for the next one.

Rendering an article is most of a build's time. A build run again (``./dev build`` after
editing one article, ``./dev serve`` started again) takes every article whose inputs are
the same from here: its text and file, elo_core, every file of the site's sources (the
build's own code among them), the libraries that render it and the settings. The addresses
it linked to are checked again by the caller, as for an article kept in memory.

Entries are JSON, read as data, and held to the allow-list again when read
(:func:`sitegen.html_policy.find_rendered_violation`): an entry changed on disk publishes
nothing an article could not; it is set aside with a warning and the article rendered again.
Each build keeps only the entries it used, so the folder holds one site's articles, never more.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import sys
import tempfile
from dataclasses import fields
from importlib import metadata
from pathlib import Path
from typing import Any

from sitegen.config import SiteConfig
from sitegen.content import Page
from sitegen.html_policy import find_rendered_violation

__all__ = ["ArticleCache", "Rendered"]

log = logging.getLogger("sitegen")

# Bumped when what an entry holds changes shape.
FORMAT = 1

# Their versions change what an article renders to.
LIBRARIES = ("babel", "jinja2", "latex2mathml", "markdown", "markupsafe")

# Settings that do not reach an article's HTML: where it is written, how it is built.
_NOT_RENDERED = {"out_dir", "workers", "cache_dir", "strict", "force"}

# (HTML, headings, own ids), and the addresses looked up while rendering it.
Rendered = tuple[tuple[str, list[dict[str, Any]], list[str]],
                 dict[tuple[str, str], str | None]]


def _fingerprint(config: SiteConfig, sources_digest: str) -> str:
    settings = {f.name: str(getattr(config, f.name)) for f in fields(config)
                if f.name not in _NOT_RENDERED}
    versions = {name: metadata.version(name) for name in LIBRARIES}
    text = json.dumps([FORMAT, sys.version, versions, settings, sources_digest], sort_keys=True)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


class ArticleCache:
    """The entries of one site's articles under ``config.cache_dir`` (None: no cache)."""

    def __init__(self, config: SiteConfig, sources_digest: str) -> None:
        self.folder: Path | None = None
        if config.cache_dir is not None:
            site = hashlib.sha256(str(config.content_dir).encode("utf-8")).hexdigest()[:16]
            self.folder = config.cache_dir / "articles" / site
        self.fingerprint = _fingerprint(config, sources_digest)

    def _key(self, page: Page, elo_hash: str, body: str | None = None,
             body_line: int | None = None) -> str:
        text = json.dumps([self.fingerprint, str(page.source), page.lang,
                           page.body_line if body_line is None else body_line,
                           page.body if body is None else body, elo_hash])
        return hashlib.sha256(text.encode("utf-8")).hexdigest()

    def get(self, page: Page, elo_hash: str,
            reserved_ids: frozenset[str] = frozenset()) -> Rendered | None:
        """The entry of ``page`` as it is now, if there is one and it passes the allow-list
        (``reserved_ids``: the ids the page's scripts use, as for an article rendered now)."""
        if self.folder is None:
            return None
        key = self._key(page, elo_hash)
        path = self.folder / f"{key}.json"
        try:
            entry = json.loads(path.read_text(encoding="utf-8"))
            html, toc, ids = entry["html"], entry["toc"], entry["ids"]
            looked_up = {(target, lang): address for target, lang, address in entry["links"]}
        except (OSError, ValueError, KeyError, TypeError):  # none yet, or not one we wrote
            return None
        if not (isinstance(html, str) and isinstance(toc, list) and isinstance(ids, list)
                and all(isinstance(ident, str) for ident in ids)
                and all(isinstance(part, str) for link in looked_up.items()
                        for part in (*link[0], link[1] or ""))):
            return None
        problem = find_rendered_violation(html, ids, reserved_ids)
        if problem is not None:
            log.warning("%s: %s; the entry for %s is set aside and the article rendered again",
                        path, problem, page.source)
            return None
        return (html, toc, ids), looked_up

    def put(self, page: Page, elo_hash: str, rendered: Rendered) -> None:
        if self.folder is None:
            return
        key = self._key(page, elo_hash)
        (html, toc, ids), looked_up = rendered
        entry = {"html": html, "toc": toc, "ids": ids,
                 "links": [[target, lang, address]
                           for (target, lang), address in looked_up.items()]}
        self.folder.mkdir(parents=True, exist_ok=True)
        # Written whole, then renamed: a build stopped half-way or a second build at the same
        # time never leaves half an entry.
        handle, temporary = tempfile.mkstemp(dir=self.folder, suffix=".part")
        with os.fdopen(handle, "w", encoding="utf-8") as file:
            json.dump(entry, file, ensure_ascii=False)
        os.replace(temporary, self.folder / f"{key}.json")

    def forget(self, page: Page, elo_hash: str, body: str, body_line: int) -> None:
        """Remove the entry of ``page`` as it was (``body`` from ``body_line``): after an
        edit, rendered again."""
        if self.folder is not None:
            (self.folder / f"{self._key(page, elo_hash, body, body_line)}.json").unlink(
                missing_ok=True)

    def keep_only(self, pages: list[Page], elo_hash: str) -> None:
        """Remove every entry but those of ``pages`` as they are now (the others are of
        articles since edited or deleted, or of an earlier elo_core or site)."""
        if self.folder is None or not self.folder.is_dir():
            return
        current = {f"{self._key(page, elo_hash)}.json" for page in pages}
        for path in self.folder.iterdir():
            if path.name not in current:
                path.unlink(missing_ok=True)
