"""Stage 5, render pages: each article's page from its template, with its part of the
stylesheet, its language's menu and the messages its scripts show, parsed once for the
allow-list and the links; a rebuild keeps every page whose inputs are unchanged."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from html import escape
from pathlib import Path
from typing import Any

from markupsafe import Markup

from sitegen import assets
from sitegen.articles import Article
from sitegen.asset_files import SiteAssets
from sitegen.browser_messages import MESSAGES_SLOT, page_messages
from sitegen.catalogs import Catalogs
from sitegen.checks import check_ids
from sitegen.content import Page
from sitegen.errors import BuildError
from sitegen.html_policy import PageScan, scan_page
from sitegen.menu import SITE_MENU_SLOT, SiteMenu
from sitegen.number_format import number_symbols
from sitegen.plan import SitePlan, outline
from sitegen.render import TemplateRenderer
from sitegen.report import BuildReport
from sitegen.write import sha256

__all__ = ["PageEntry", "PageStage", "RenderedPages"]


@dataclass(frozen=True)
class PageEntry:
    """A page as the last build wrote it: what it was made from, its hash, its parse."""

    key: tuple[Any, ...]
    digest: str  # sha256 of the page as checked (before serve's reload script)
    scan: PageScan
    stylesheet: str = ""  # its part of the stylesheet (relative to the output); "": all of it


@dataclass
class RenderedPages:
    """The pages of a build: those rendered again, and every page's entry and parse."""

    outputs: dict[str, str] = field(default_factory=dict)  # the files to write, as checked
    scans: dict[str, PageScan] = field(default_factory=dict)
    entries: dict[str, PageEntry] = field(default_factory=dict)
    sitemap: list[dict[str, Any]] = field(default_factory=list)


_BODY = re.compile(r"<body[^>]*>")


def _with_notice(html: str, messages: list[str]) -> str:
    """``serve``'s pages only: the translation notices at the top of the page (styled by
    serve's reload script; never in a build for publishing)."""
    items = "".join(f"<li>{escape(message)}</li>" for message in messages)
    notice = f'<aside id="__dev-notice" role="status"><ul>{items}</ul></aside>'
    match = _BODY.search(html)
    if match is None:
        return html
    return html[:match.end()] + notice + html[match.end():]


def _messages_json(messages: dict[str, str]) -> str:
    """Messages as JSON that is safe inside a <script> element: no "<" at all, so neither
    "</script" nor "<!--" (which changes how a browser finds the element's end) can stand
    in it, whatever a translation holds."""
    return json.dumps(messages, ensure_ascii=False, sort_keys=True,
                      separators=(",", ":")).replace("<", "\\u003c")


@dataclass(frozen=True)
class PageStage:
    """Renders the pages of one build from its plan, articles and assets."""

    plan: SitePlan
    templates: TemplateRenderer
    catalogs: Catalogs
    site_assets: SiteAssets
    defaults: Any  # elo_core.page.DEFAULTS: each calculator's example fields
    live_reload: bool  # serve's pages: with the translations' notices

    def render(self, bodies: dict[Path, Article], notices: dict[Path, list[str]],
               previous: dict[str, PageEntry] | None, report: BuildReport) -> RenderedPages:
        """Every page; one whose inputs equal those of its ``previous`` entry is kept."""
        plan, css = self.plan, self.site_assets.css
        menus = {lang: SiteMenu.render(self.templates, lang, plan.nav_of[lang],
                                       plan.home(lang), css, plan.config)
                 for lang in plan.config.languages}
        done = RenderedPages()
        for page in plan.pages:
            relative = f"{page.path}index.html"
            alternates = plan.alternates(page)
            done.sitemap.append({"loc": plan.absolute(page.path), "alternates": alternates,
                                 "x_default": plan.x_default(page)})
            report.pages += 1
            page_notices = tuple(notices.get(page.source, ())) if self.live_reload else ()
            home = plan.home(page.lang)
            key = (page, bodies[page.source][0], plan.nav_keys[page.lang], home and outline(home),
                   tuple((a["lang"], a["href"]) for a in alternates), page_notices)
            cached = previous.get(relative) if previous is not None else None
            if cached is not None and cached.key == key:
                done.entries[relative] = cached
                done.scans[relative] = cached.scan
                continue
            text, scan, stylesheet = self._page(page, bodies[page.source], alternates,
                                                menus[page.lang], page_notices)
            done.outputs[relative] = text
            done.scans[relative] = scan
            done.entries[relative] = PageEntry(key, sha256(text), scan, stylesheet)
        return done

    def _context(self, page: Page, article: Article,
                 alternates: list[dict[str, Any]]) -> dict[str, Any]:
        body_html, toc, _ = article
        return {
            "config": self.plan.config,
            "page": page,
            "lang": page.lang,
            # The language's number signs (CLDR), for the scripts that read numbers.
            "number_symbols": number_symbols(page.lang),
            "body": body_html,
            # An article with live examples (sitegen/live.py) carries the engine.
            "live": "data-live" in body_html,
            "toc": toc,
            "assets": self.site_assets.urls,
            "preload_modules": self.site_assets.preload,
            "canonical": self.plan.absolute(page.path),
            "alternates": alternates,
            "x_default": self.plan.x_default(page),
            "site_menu": Markup(SITE_MENU_SLOT),
            "home": self.plan.home(page.lang),
            "shown": self.site_assets.prerendered[page.lang],
            "defaults": self.defaults,
            "messages_slot": Markup(MESSAGES_SLOT),
        }

    def _page(self, page: Page, article: Article, alternates: list[dict[str, Any]],
              menu: SiteMenu, notices: tuple[str, ...]) -> tuple[str, PageScan, str]:
        """One page as it is written (before serve's reload script), its parse with its
        menu's, and its part of the stylesheet (:meth:`Stylesheets.link`)."""
        config = self.plan.config
        rendered = html = self.templates.render(page.lang, page.template,
                                                self._context(page, article, alternates),
                                                source=page.source)
        html, stylesheet = self.site_assets.css.link(html, self.site_assets.urls["css"], config,
                                                     also=menu.needs)
        if notices:
            html = _with_notice(html, list(notices))
        if MESSAGES_SLOT in html:
            html = html.replace(MESSAGES_SLOT, _messages_json(
                page_messages(html, self.catalogs.browser_messages(page.lang))), 1)
        text = assets.collapse_indentation(html)
        # One parse of the finished page, its menu parsed once for its language: the
        # allow-list's last check and the links'.
        scan = menu.joined(scan_page(text))
        if scan.violation is not None:
            raise BuildError(page.source, None, f"{scan.violation}: a page can never redirect")
        body_html, _, own_ids = article
        check_ids(page, rendered, body_html, own_ids, menu.ids)
        return menu.put_into(text, config.url(page.path)), scan, stylesheet
