"""Stage 2, plan pages: where each page lives and what it shows of the others, before any is
rendered: every article's address, the pages by key and language (each page's
translations), every language's navigation and home page."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from typing import Any

from sitegen.articles import LinkTable
from sitegen.config import SiteConfig
from sitegen.content import HOME_KEY, Page
from sitegen.number_format import number_symbols

__all__ = ["NavKeys", "SitePlan", "outline", "plan_site"]

# What each language's navigation shows of its pages (:func:`outline`), by language.
NavKeys = dict[str, tuple[tuple[Any, ...], ...]]


def outline(page: Page) -> tuple[Any, ...]:
    """What a page shows of another (navigation, home link): all but the other's text."""
    return (page.lang, page.key, page.slug, page.title, page.nav_title, page.description,
            page.order, page.template, page.source, page.follows)


@dataclass(frozen=True)
class SitePlan:
    config: SiteConfig
    pages: list[Page]  # by language, then order
    link_table: LinkTable
    by_key: dict[str, dict[str, Page]]  # each article in each language it is written in
    nav_of: dict[str, list[Page]]  # each language's navigation: its articles but the home page
    nav_keys: NavKeys

    def home(self, lang: str) -> Page | None:
        return self.by_key[HOME_KEY].get(lang)

    def absolute(self, path: str) -> str | None:
        """A page's absolute address; a local build (no base_url) writes none: see
        SiteConfig.base_url."""
        return self.config.absolute_url(path) if self.config.publishing else None

    def alternates(self, page: Page) -> list[dict[str, Any]]:
        """``page`` in each language it is written in (its language menu and hreflang)."""
        config = self.config
        return [
            {"lang": lang, "name": config.languages[lang],
             "url": self.absolute(p.path), "href": config.url(p.path),
             "decimal": number_symbols(lang)[0], "group": number_symbols(lang)[1]}
            for lang in config.languages
            if (p := self.by_key[page.key].get(lang)) is not None
        ]

    def x_default(self, page: Page) -> str | None:
        """The absolute address of ``page`` in the default language, if it is written in it."""
        default = self.by_key[page.key].get(self.config.default_language)
        return self.absolute(default.path) if default else None


def plan_site(config: SiteConfig, pages: list[Page],
              previous: NavKeys | None = None) -> SitePlan:
    """The plan of ``pages``; ``previous``: the last build's navigation, whose values are
    kept where equal (the same object: each page's key compares fast)."""
    link_table = {(page.key, page.lang): config.url(page.path) for page in pages}
    by_key: dict[str, dict[str, Page]] = defaultdict(dict)
    for page in pages:
        by_key[page.key][page.lang] = page
    # What a page shows of the others: the navigation and its home page (never their text).
    nav_of = {lang: [p for p in pages if p.lang == lang and p.key != HOME_KEY]
              for lang in config.languages}
    nav_keys = {lang: tuple(outline(p) for p in nav) for lang, nav in nav_of.items()}
    if previous is not None:
        nav_keys = {lang: previous[lang] if previous.get(lang) == key else key
                    for lang, key in nav_keys.items()}
    return SitePlan(config, pages, link_table, by_key, nav_of, nav_keys)
