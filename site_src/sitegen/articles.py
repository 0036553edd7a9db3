"""Stage 3, render articles: each article's Markdown, expressions and live examples into its
HTML, headings and own ids, on every core (:mod:`sitegen.parallel`); an article whose text,
elo_core and linked addresses are unchanged is kept from the last build, in memory or on
disk (:mod:`sitegen.article_cache`)."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from sitegen import assets, parallel
from sitegen.article_cache import ArticleCache, Rendered
from sitegen.browser_messages import ANCHOR_LABEL
from sitegen.catalogs import Catalogs
from sitegen.config import SiteConfig
from sitegen.content import Page
from sitegen.engine import elo_core, numbers
from sitegen.errors import BuildError, deepest_line, describe
from sitegen.html_policy import script_ids
from sitegen.live import LiveExamples
from sitegen.macros import article_macros, expectancy_curve_svg
from sitegen.markup import ArticleRenderer
from sitegen.number_format import format_number
from sitegen.report import BuildReport
from sitegen.sandbox import article_namespace
from sitegen.suggest import unknown

__all__ = ["Article", "ArticleStage", "LinkTable"]

# An article rendered: its HTML, its headings (the table of contents) and its own ids.
Article = tuple[str, list[dict[str, Any]], list[str]]
# Where each article lives: (key, language) → its address.
LinkTable = dict[tuple[str, str], str]
# The addresses an article looked up while it was rendered (None: none there then).
LookedUp = dict[tuple[str, str], str | None]


def _links_hold(looked_up: LookedUp, link_table: LinkTable) -> bool:
    """Whether every address an earlier rendering of an article looked up is still the same
    (a renamed or new article changes the links another article makes)."""
    return all(link_table.get(target) == address for target, address in looked_up.items())


class ArticleStage:
    """Renders the articles, keeping each one's last rendering for the next build; made
    again when the site's sources change (they change what an article renders to)."""

    def __init__(self, config: SiteConfig, catalogs: Catalogs) -> None:
        self.config = config
        self.catalogs = catalogs
        self.cache = ArticleCache(config, assets.tree_digest(config.source_dir))
        # The ids the page's scripts use: an article may not take them.
        self.script_ids = script_ids([
            path.read_text(encoding="utf-8")
            for path in sorted((config.source_dir / "js").glob("*.js"))])
        # By article file: (its text and elo_core's hash), its rendering, what it looked up.
        self._kept: dict[Path, tuple[tuple[Any, ...], Article, LookedUp]] = {}

    def render(self, pages: list[Page], link_table: LinkTable, elo_hash: str,
               report: BuildReport, *, full: bool) -> dict[Path, Article]:
        """Every article, by its file: those whose inputs changed rendered again, the others
        kept (a ``full`` build keeps only its own on disk). The first failure in the pages'
        order becomes a BuildError naming the article's file and line."""
        bodies = {page.source: self._in_memory(page, link_table, elo_hash) for page in pages}
        todo = []
        for page in pages:
            if bodies[page.source] is not None:
                continue
            stored = self.cache.get(page, elo_hash, self.script_ids)  # an earlier build's
            if stored is not None and _links_hold(stored[1], link_table):
                self._kept[page.source] = ((page.body, page.body_line, elo_hash), *stored)
                bodies[page.source] = stored[0]
                report.from_disk += 1
            else:
                todo.append(page)
        processes = parallel.processes_for(self.config.workers, len(todo))
        report.rendered, report.processes = len(todo), processes
        rendered = parallel.ordered_map(lambda page: self._article(page, link_table),
                                        todo, processes, memory=self.config.article_memory,
                                        where=lambda page: page.source)
        for page, (result, looked_up) in zip(todo, rendered):
            before = self._kept.get(page.source)
            if before is not None:  # serve, after an edit: the article as it was is gone
                body, body_line, before_hash = before[0]
                self.cache.forget(page, before_hash, body, body_line)
            self._kept[page.source] = ((page.body, page.body_line, elo_hash), result, looked_up)
            self.cache.put(page, elo_hash, (result, looked_up))
            bodies[page.source] = result
        if full:
            self.cache.keep_only(pages, elo_hash)
        return {source: body for source, body in bodies.items() if body is not None}

    def _in_memory(self, page: Page, link_table: LinkTable, elo_hash: str) -> Article | None:
        """The article's rendering from an earlier build, if its text, elo_core and the
        addresses it links to are still the same."""
        kept = self._kept.get(page.source)
        if kept is not None and kept[0] == (page.body, page.body_line, elo_hash) and (
                _links_hold(kept[2], link_table)):
            return kept[1]
        return None

    def _article(self, page: Page, link_table: LinkTable) -> Rendered:
        """One article rendered, and the addresses it looked up."""
        looked_up: LookedUp = {}
        try:
            result = self._render(page, link_table, looked_up)
        except BuildError:
            raise
        except Exception as error:  # noqa: BLE001 — whatever an article makes fail
            raise BuildError(page.source, page.body_line - 1 + deepest_line(page.body),
                             describe(error)) from None
        return result, looked_up

    def _link(self, page: Page, link_table: LinkTable,
              looked_up: LookedUp) -> Callable[..., str]:
        """The article's ``link(key)``: another article's address, noted in ``looked_up``."""
        def link(key: str, _lang: str = page.lang) -> str:
            looked_up[key, _lang] = link_table.get((key, _lang))
            # An article not translated yet (a plain build only: --strict refuses that) is
            # linked in the default language rather than not at all.
            default = (key, self.config.default_language)
            if (key, _lang) not in link_table and default in link_table:
                looked_up[default] = link_table[default]
                return link_table[default]
            if (key, _lang) not in link_table:
                raise LookupError("link to " + unknown(
                    "article", key, {k for k, lang in link_table if lang == _lang}))
            return link_table[key, _lang]
        return link

    def _live(self, lang: str, elo: Any) -> LiveExamples:
        """The live examples of an article in ``lang``, computed by elo_core as the page does."""
        catalog = self.catalogs.translations(lang)
        page_protocol = importlib.import_module("elo_core.page")

        def live_curve(extra: str, _lang: str = lang) -> str:
            return expectancy_curve_svg(_lang, catalog, elo, extra, ident="live-curve")

        signs = numbers(lang)

        def compute(mode: str, form: Mapping[str, str], lang: str) -> dict[str, Any]:
            result: dict[str, Any] = page_protocol.compute(mode, form, lang, signs)
            return result

        return LiveExamples(lang, catalog, self.catalogs.browser_messages(lang),
                            compute, tuple(page_protocol.MODES), live_curve)

    def _render(self, page: Page, link_table: LinkTable, looked_up: LookedUp) -> Article:
        elo = elo_core()
        catalog = self.catalogs.translations(page.lang)
        renderer = ArticleRenderer(
            page.lang,
            globals_={"elo": article_namespace(elo),
                      "link": self._link(page, link_table, looked_up)},
            macros=article_macros(page.lang, catalog, elo),
            live=self._live(page.lang, elo),
            filters={
                "num": lambda v, d=0, _l=page.lang: format_number(v, d, _l),
                "signed": lambda v, d=0, _l=page.lang: format_number(v, d, _l, signed=True),
            },
            anchor_label=catalog.gettext(ANCHOR_LABEL),
            reserved_ids=self.script_ids,
            seconds=self.config.expression_seconds,
        )
        html, toc = renderer.render(page.body, page.source, page.body_line)
        return html, toc, renderer.author_ids
