"""Stage 1, read: every language's articles (:mod:`sitegen.content`), and each translation's
state: a missing one is an error under --strict, an outdated one a warning."""

from __future__ import annotations

import logging
from collections import defaultdict
from pathlib import Path

from sitegen import translations
from sitegen.config import SiteConfig
from sitegen.content import Page, load_pages
from sitegen.errors import BuildError
from sitegen.report import BuildReport

__all__ = ["check_translations", "read_content"]

log = logging.getLogger("sitegen")


def read_content(config: SiteConfig, known: dict[tuple[Path, str], tuple[str, Page]],
                 report: BuildReport) -> tuple[list[Page], dict[Path, list[str]]]:
    """The pages in order (``known``: the articles read before, kept when unchanged), and
    the translations' notices by file (:func:`check_translations`)."""
    pages = load_pages(config, known)
    return pages, check_translations(config, pages, report)


def check_translations(config: SiteConfig, pages: list[Page],
                       report: BuildReport) -> dict[Path, list[str]]:
    """Missing translations are errors under --strict, else warnings; outdated ones are
    warnings. Returns the messages by the file of the page they concern (the outdated
    translation; for a missing one, its source), for ``serve``'s notices."""
    found = translations.statuses(config, pages)
    missing = [status for status in found if status.state == translations.MISSING]
    if missing and config.strict:
        # All of them at once, each with its file: one build per missing article is slow going.
        first, *others = missing
        raise BuildError(first.source or config.content_dir, None,
                         first.explain() + " (--strict)"
                         + "".join(f"\n  {other.source}: {other.explain()}" for other in others))
    notices: dict[Path, list[str]] = defaultdict(list)
    for status in found:
        if status.state == translations.OK:
            continue
        where = status.path if status.state == translations.OUTDATED else status.source
        message = status.explain()
        log.warning("%s: %s", where, message)
        report.warnings.append(message)
        if where is not None:
            notices[where].append(message)
    return notices
