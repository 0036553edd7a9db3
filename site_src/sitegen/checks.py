"""Stage 7, check links and ids: no article takes an id its page uses itself, and every
internal link and #fragment of every page reaches a file and id the build makes (after an
edit, only those of the pages rendered again, when nothing else can have broken)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Mapping
from pathlib import Path

from sitegen import links
from sitegen.config import SiteConfig
from sitegen.content import Page
from sitegen.errors import BuildError, deepest_line
from sitegen.html_policy import PageScan
from sitegen.menu import ID

__all__ = ["check_ids", "check_links"]


def check_ids(page: Page, html: str, body_html: str, own_ids: list[str],
              menu_ids: Counter[str]) -> None:
    """No id of the article's that the page uses itself (``html``, and its menu)."""
    in_page = Counter(ID.findall(html)) + menu_ids
    in_body = Counter(ID.findall(body_html))
    for ident in own_ids:
        if in_page[ident] > in_body[ident]:
            line = page.body_line - 1 + deepest_line(page.body, ident)
            raise BuildError(page.source, line, f"id {ident!r} is used by the page itself: "
                             "choose another (for a heading: {: #another-id })")


def check_links(config: SiteConfig, out: Path, pages: list[Page],
                scans: Mapping[str, PageScan], files: set[str], redone: Collection[str],
                previous: tuple[set[str], Mapping[str, PageScan]] | None) -> None:
    """Every HTML file's links (``scans``: each one's parse) against ``files``, the output's.
    After an edit (``previous``: the last build's files and parses), only the links of the
    pages rendered again (``redone``) can have broken, unless a file came or went or such a
    page lost an id (another page's #fragment may name it)."""
    recheck: set[str] | None = None
    if previous is not None:
        before_files, before_scans = previous
        if files == before_files and all(
                name in before_scans and before_scans[name].ids <= scans[name].ids
                for name in redone):
            recheck = set(redone)
    links.check_internal_links(config, out, pages, dict(scans), links.OutputListing(files=files),
                               only=recheck)
