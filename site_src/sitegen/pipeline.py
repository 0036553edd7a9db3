"""The build: read → render → write into a staging folder → swap it with dist/.

A failing build raises BuildError before the swap, so the previous dist/ stays
(:mod:`sitegen.publish`).
"""

from __future__ import annotations

import hashlib
import importlib
import json
import logging
import re
from html import escape
import sys
from collections import Counter, defaultdict
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from babel.support import Translations
from markupsafe import Markup, escape as escape_markup

from sitegen import (assets, bytecode, headers, icons, links, lockfile, offline, parallel, publish,
                     stdlib, translations)
from sitegen.article_cache import ArticleCache
from sitegen.config import SiteConfig, publishing_problem
from sitegen.content import HOME_KEY, Page, load_pages
from sitegen.errors import BuildError, describe, deepest_line
from sitegen.html_policy import PageScan, scan_page, script_ids
from sitegen.i18n import (
    ANCHOR_LABEL,
    BROWSER_MESSAGES,
    MESSAGES_SLOT,
    format_input,
    format_number,
    format_output,
    load_catalog,
    load_translations,
    markup_in,
    number_symbols,
    page_messages,
    untranslated,
)
from sitegen.macros import article_macros, expectancy_curve_svg
from sitegen.live import LiveExamples
from sitegen.markup import ArticleRenderer
from sitegen.render import TemplateRenderer
from sitegen.sandbox import article_namespace
from sitegen.suggest import unknown

__all__ = ["BuildReport", "Builder", "build", "output_problem"]

log = logging.getLogger("sitegen")

# The line of engine-worker.js the build replaces with the runtime files' sha256.
WORKER_INTEGRITY = "const INTEGRITY = {};"


@dataclass
class BuildReport:
    pages: int = 0
    warnings: list[str] = field(default_factory=list)
    rendered: int = 0  # articles rendered by this build
    processes: int = 1  # … in this many processes at once
    from_disk: int = 0  # articles an earlier build rendered (sitegen.article_cache)


def _check_translations(config: SiteConfig, pages: list[Page],
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


# A catalog's problem: its file, the line (None: the whole file) and what it means.
_CatalogProblem = tuple[Path, int | None, str]


def _catalog_problems(config: SiteConfig) -> list[_CatalogProblem]:
    """Each language's catalog that is missing or leaves UI strings untranslated, with what
    that means for its pages, and each translation that holds markup (a translation is
    text: sitegen.i18n.markup_in); see :func:`_check_catalogs`."""
    problems: list[_CatalogProblem] = []
    for lang in config.languages:
        if lang == config.default_language:
            continue
        path = config.source_dir / "locales" / lang / "LC_MESSAGES" / "messages.po"
        if not path.is_file():
            problems.append((path, None, f"no {lang!r} catalog: every UI string of its pages "
                                         "is shown in English (./dev add-language creates it)"))
            continue
        catalog = load_catalog(config.source_dir / "locales", lang)
        missing = untranslated(catalog)
        if missing:
            problems.append((path, None, f"{len(missing)} UI strings have no {lang!r} "
                                         "translation and are shown in English (build.py i18n "
                                         "lists them)"))
        for line, msgid, markup in markup_in(catalog):
            problems.append((path, line, f"the translation of {msgid[:40]!r} holds markup "
                                         f"({markup!r}): a translation is text, and the page "
                                         "shows its tags and character references as "
                                         "written; write it without them"))
    return problems


def _check_catalogs(config: SiteConfig, problems: list[_CatalogProblem],
                    report: BuildReport) -> None:
    """A UI string a language's catalog does not translate is shown in English, a
    translation with markup shows it as text: a warning each (untranslated strings counted
    per language); errors under --strict, as a missing article is."""
    def where(path: Path, line: int | None) -> str:
        return f"{path}:{line}" if line is not None else str(path)

    if problems and config.strict:
        (first, line, message), *others = problems
        raise BuildError(first, line, message + " (--strict)"
                         + "".join(f"\n  {where(path, at)}: {other}" for path, at, other in others))
    for path, line, message in problems:
        log.warning("%s: %s", where(path, line), message)
        report.warnings.append(f"{where(path, line)}: {message}")


def _elo_core(fresh: bool = False) -> Any:
    """The elo_core package; ``fresh`` re-imports it after its sources changed."""
    if fresh:
        for name in [n for n in sys.modules if n == "elo_core" or n.startswith("elo_core.")]:
            del sys.modules[name]
    return importlib.import_module("elo_core")


def _numbers(lang: str) -> Any:
    """``lang``'s number signs as elo_core takes them: CLDR's, through Babel (elo_core knows
    no language's signs; the page's scripts get the same from <html data-decimal data-group>)."""
    return importlib.import_module("elo_core.numbers").NumberFormat(*number_symbols(lang))


def _examples(lang: str) -> dict[str, dict[str, Any]]:
    """Every mode's default example, computed by elo_core from the fields as the page in
    ``lang`` fills them in, as its script would (downloads differ by language)."""
    calculator = importlib.import_module("elo_core.page")
    numbers = _numbers(lang)
    outputs: dict[str, dict[str, Any]] = {}
    for mode, form in calculator.DEFAULTS.items():
        fields = {name: format_input(str(text), lang) for name, text in form.items()}
        result = calculator.compute(mode, fields, lang, numbers)
        if not result["ok"]:
            raise BuildError(Path(str(calculator.__file__)), None,
                             f"default {mode} example fails: {result['errors']}")
        outputs[mode] = result["outputs"]
    return outputs


def _prerender(examples: dict[str, dict[str, Any]], lang: str,
               messages: dict[str, str]) -> dict[str, dict[str, Any]]:
    """The examples formatted for ``lang``, as the page's script would show them."""
    return {mode: {name: format_output(out, lang, messages) for name, out in outputs.items()}
            for mode, outputs in examples.items()}


def _messages_json(messages: dict[str, str]) -> str:
    """Messages as JSON that is safe inside a <script> element: no "<" at all, so neither
    "</script" nor "<!--" (which changes how a browser finds the element's end) can stand
    in it, whatever a translation holds."""
    return json.dumps(messages, ensure_ascii=False, sort_keys=True,
                      separators=(",", ":")).replace("<", "\\u003c")


class Builder:
    """Builds the site; kept alive by ``serve`` so a rebuild redoes only what changed."""

    def __init__(self, config: SiteConfig, *, live_reload: bool = False) -> None:
        self.config = config
        self.live_reload = live_reload
        self._templates: TemplateRenderer | None = None
        self._wheel: tuple[str, bytes, str] | None = None
        self._lock: tuple[tuple[str, ...], str] | None = None
        # By article file: (its text and elo_core's hash, its HTML, headings and ids, the
        # addresses it linked to).
        self._articles: dict[Path, tuple[tuple[Any, ...], tuple[str, list[dict[str, Any]],
                                                            list[str]],
                                          dict[tuple[str, str], str | None]]] = {}
        self._known: dict[tuple[Path, str], tuple[str, Page]] = {}  # read articles
        self._state: _State | None = None  # the last good build's, for the next one
        self._writing = False  # an update in place has begun writing
        self._script_ids: frozenset[str] = frozenset()
        self._messages: dict[str, dict[str, str]] = {}
        self._translations: dict[str, Translations] = {}
        self._catalog_problems: list[_CatalogProblem] | None = None
        self._cache: ArticleCache | None = None  # made again when the site's sources change

    def build(self, changed: set[Path] | None = None) -> BuildReport:
        """Build the site. The first build, and any after a change of the templates, catalogs,
        scripts or elo_core, goes into a staging folder swapped in for ``config.out_dir`` as
        a whole. After a change of articles only (``changed``, from ``serve``), the previous
        build is brought up to date in place: only the pages whose inputs changed are
        rendered again, and only files whose bytes changed are written; nothing is written
        unless every page and link checks out."""
        config = self.config
        sources_changed = changed is None or any(
            config.source_dir in p.parents for p in changed)
        package_changed = changed is not None and any(
            config.package_dir in p.parents for p in changed)
        if sources_changed:
            self._templates = None  # templates, catalogs or scripts changed
            self._messages = {}
            self._translations = {}
            self._articles = {}
            self._catalog_problems = None
            self._cache = None
        if package_changed:
            _elo_core(fresh=True)
        previous = self._state
        self._state = None  # until this build succeeds
        if sources_changed or package_changed or not config.out_dir.is_dir():
            previous = None
        problem = publishing_problem(config)
        if problem is not None:
            raise BuildError("--base-url", None, problem)
        report = BuildReport()
        if previous is None:
            output = output_problem(config)
            if output is not None:
                raise BuildError(config.out_dir, None, output)
            with publish.staging(config.out_dir) as folder:
                state = self.render_site(folder, report)
                publish.put_in_place(folder, config.out_dir)
        else:
            self._writing = False
            try:
                state = self.render_site(config.out_dir, report, previous)
            except BaseException:
                if not self._writing:  # nothing written: the output is still the previous one's
                    self._state = previous
                raise
        self._state = state
        return report

    def _wheel_into(self, out: Path, source_hash: str) -> str:
        if self._wheel is None or self._wheel[0] != source_hash:
            # Compiled, as the page would otherwise compile elo_core on each fresh start.
            data, name = assets.build_wheel(self.config)
            self._wheel = (source_hash, bytecode.compiled(data, "wheel", self.config.root,
                                                          self.config.pyodide_dir), name)
        _, data, name = self._wheel
        relative = f"wheels/{assets.digest(data)}/{name}"
        _write_bytes(out / relative, data)
        return relative

    def _stdlib_into(self, out: Path) -> str:
        """The standard library the page loads (:mod:`sitegen.stdlib`), named by its hash."""
        data = stdlib.trimmed_archive(self.config)
        relative = f"wheels/python_stdlib.{assets.digest(data)}.zip"
        _write_bytes(out / relative, data)
        return relative

    def _lock_into(self, out: Path, wheels: list[str]) -> str:
        """The site's pyodide-lock.json naming ``wheels``, under a name that holds its hash.

        Pyodide's loader reads each wheel's address and sha256 from it; the runtime's
        folder keeps only the distribution's (empty) lock, as it is cached for a year.
        """
        key = (self.config.base_path, *wheels)
        if self._lock is None or self._lock[0] != key:
            stock = assets.site_lock(self.config.pyodide_dir / assets.LOCK_FILE)
            self._lock = (key, lockfile.lock_with_wheels(
                self.config, stock, out, [out / wheel for wheel in wheels]))
        data = self._lock[1].encode("utf-8")
        relative = f"wheels/pyodide-lock.{assets.digest(data)}.json"
        _write_bytes(out / relative, data)
        return relative

    def _catalog(self, lang: str) -> Translations:
        if lang not in self._translations:
            self._translations[lang] = load_translations(self.config.source_dir / "locales", lang)
        return self._translations[lang]

    def _browser_messages(self, lang: str) -> dict[str, str]:
        if lang not in self._messages:
            translations = self._catalog(lang)
            self._messages[lang] = {key: translations.gettext(text)
                                    for key, text in BROWSER_MESSAGES.items()}
        return self._messages[lang]

    def _cached_article(self, page: Page, link_table: dict[tuple[str, str], str],
                        elo_hash: str) -> tuple[str, list[dict[str, Any]], list[str]] | None:
        """The article's HTML, headings and own ids from an earlier build, if its text,
        elo_core and the addresses it links to are still the same."""
        cached = self._articles.get(page.source)
        if cached is not None and cached[0] == (page.body, page.body_line, elo_hash) and (
                _links_hold(cached[2], link_table)):
            return cached[1]
        return None

    def _articles_of(self, pages: list[Page], link_table: dict[tuple[str, str], str],
                     elo_hash: str, report: BuildReport, *, full: bool,
                     ) -> dict[Path, tuple[str, list[dict[str, Any]], list[str]]]:
        """Every article's HTML, headings and own ids: those whose inputs changed rendered
        again, on every core (:mod:`sitegen.parallel`), the others kept from the last build
        in memory or on disk (:mod:`sitegen.article_cache`; a ``full`` build keeps only its
        own there). The first failure in the pages' order becomes a BuildError naming the
        article's file and line."""
        assert self._cache is not None
        cache = self._cache
        bodies = {page.source: self._cached_article(page, link_table, elo_hash)
                  for page in pages}
        todo = []
        for page in pages:
            if bodies[page.source] is not None:
                continue
            stored = cache.get(page, elo_hash, self._script_ids)  # rendered by an earlier build
            if stored is not None and _links_hold(stored[1], link_table):
                self._articles[page.source] = ((page.body, page.body_line, elo_hash), *stored)
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
            before = self._articles.get(page.source)
            if before is not None:  # serve, after an edit: the article as it was is gone
                body, body_line, before_hash = before[0]
                cache.forget(page, before_hash, body, body_line)
            self._articles[page.source] = ((page.body, page.body_line, elo_hash), result,
                                           looked_up)
            cache.put(page, elo_hash, (result, looked_up))
            bodies[page.source] = result
        if full:
            cache.keep_only(pages, elo_hash)
        return {source: body for source, body in bodies.items() if body is not None}

    def _article(self, page: Page, link_table: dict[tuple[str, str], str],
                 ) -> tuple[tuple[str, list[dict[str, Any]], list[str]],
                            dict[tuple[str, str], str | None]]:
        """One article rendered, and the addresses it looked up."""
        looked_up: dict[tuple[str, str], str | None] = {}
        try:
            result = self._render_article(page, link_table, looked_up)
        except BuildError:
            raise
        except Exception as error:  # noqa: BLE001 — whatever an article makes fail
            raise BuildError(page.source, page.body_line - 1 + deepest_line(page.body),
                             describe(error)) from None
        return result, looked_up

    def _render_article(self, page: Page, link_table: dict[tuple[str, str], str],
                        looked_up: dict[tuple[str, str], str | None],
                        ) -> tuple[str, list[dict[str, Any]], list[str]]:
        elo = _elo_core()
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

        catalog = self._catalog(page.lang)
        page_protocol = importlib.import_module("elo_core.page")

        def live_curve(extra: str, _lang: str = page.lang) -> str:
            return expectancy_curve_svg(_lang, catalog, elo, extra, ident="live-curve")

        numbers = _numbers(page.lang)

        def compute(mode: str, form: Mapping[str, str], lang: str) -> dict[str, Any]:
            result: dict[str, Any] = page_protocol.compute(mode, form, lang, numbers)
            return result

        live = LiveExamples(page.lang, catalog, self._browser_messages(page.lang),
                            compute, tuple(page_protocol.MODES), live_curve)
        renderer = ArticleRenderer(
            page.lang,
            globals_={"elo": article_namespace(elo), "link": link},
            macros=article_macros(page.lang, catalog, elo),
            live=live,
            filters={
                "num": lambda v, d=0, _l=page.lang: format_number(v, d, _l),
                "signed": lambda v, d=0, _l=page.lang: format_number(v, d, _l, signed=True),
            },
            anchor_label=self._catalog(page.lang).gettext(ANCHOR_LABEL),
            reserved_ids=self._script_ids,
            seconds=self.config.expression_seconds,
        )
        html, toc = renderer.render(page.body, page.source, page.body_line)
        return html, toc, renderer.author_ids

    def render_site(self, out: Path, report: BuildReport,
                    previous: _State | None = None) -> _State:
        """Render the site into ``out``: everything (``previous`` None: ``out`` is empty), or
        what changed since the build that left ``previous`` in ``out``."""
        config = self.config
        pages = load_pages(config, self._known)
        notices = _check_translations(config, pages, report)
        if self._catalog_problems is None:  # read again only after the catalogs may have changed
            self._catalog_problems = _catalog_problems(config)
        _check_catalogs(config, self._catalog_problems, report)
        if self._templates is None:
            self._templates = TemplateRenderer(
                config, {lang: self._catalog(lang) for lang in config.languages})
        templates = self._templates

        if self._cache is None:
            self._cache = ArticleCache(config, assets.tree_digest(config.source_dir))
        if previous is None:
            self._script_ids = script_ids([
                path.read_text(encoding="utf-8")
                for path in sorted((config.source_dir / "js").glob("*.js"))])
            elo_hash = assets.tree_digest(config.package_dir)
        else:
            elo_hash = previous.elo_hash
        link_table = {(page.key, page.lang): config.url(page.path) for page in pages}
        # Articles depend on elo_core and on where the articles they link to live. They come
        # first: an author's mistake stops the build before any asset work.
        bodies = self._articles_of(pages, link_table, elo_hash, report, full=previous is None)
        if previous is None:
            asset_urls, preload = self._assets_into(out, elo_hash)
            headers.write_headers(config, out)
            # Every file so far is an asset: the service worker lists them with their hashes.
            asset_digests = offline.file_digests(out)
            prerendered = {lang: _prerender(_examples(lang), lang, self._browser_messages(lang))
                           for lang in config.languages}
            css_source = config.source_dir / "css" / "site.css"
            css = _Stylesheets(assets.stylesheet_parts(css_source.read_text(encoding="utf-8"),
                                                       css_source))
        else:
            asset_urls, preload = previous.asset_urls, previous.preload
            asset_digests, prerendered = previous.asset_digests, previous.prerendered
            css = previous.css

        by_key: dict[str, dict[str, Page]] = defaultdict(dict)
        for page in pages:
            by_key[page.key][page.lang] = page
        defaults = importlib.import_module("elo_core.page").DEFAULTS
        # What a page shows of the others: the navigation and its home page (never their text).
        nav_of = {lang: [p for p in pages if p.lang == lang and p.key != HOME_KEY]
                  for lang in config.languages}
        nav_keys = {lang: tuple(_outline(p) for p in nav) for lang, nav in nav_of.items()}
        if previous is not None:  # the same object when equal: each page's key compares fast
            nav_keys = {lang: previous.nav_keys[lang] if previous.nav_keys.get(lang) == key
                        else key for lang, key in nav_keys.items()}

        menus = {lang: _SiteMenu.render(templates, lang, nav_of[lang],
                                        by_key[HOME_KEY].get(lang), css, config)
                 for lang in config.languages}
        outputs: dict[str, str] = {}  # the files to write, as checked
        scans: dict[str, PageScan] = {}
        entries: dict[str, _PageEntry] = {}
        sitemap: list[dict[str, Any]] = []
        # A local build (no base_url) writes no absolute address: see SiteConfig.base_url.
        absolute = config.absolute_url if config.publishing else (lambda _path: None)
        for page in pages:
            relative = f"{page.path}index.html"
            body_html, toc, own_ids = bodies[page.source]
            alternates = [
                {"lang": lang, "name": config.languages[lang],
                 "url": absolute(p.path), "href": config.url(p.path),
                 "decimal": number_symbols(lang)[0], "group": number_symbols(lang)[1]}
                for lang in config.languages
                if (p := by_key[page.key].get(lang)) is not None
            ]
            default_alt = by_key[page.key].get(config.default_language)
            home = by_key[HOME_KEY].get(page.lang)
            sitemap.append({"loc": absolute(page.path), "alternates": alternates,
                            "x_default": absolute(default_alt.path) if default_alt else None})
            report.pages += 1
            page_notices = tuple(notices.get(page.source, ())) if self.live_reload else ()
            key = (page, body_html, nav_keys[page.lang], home and _outline(home),
                   tuple((a["lang"], a["href"]) for a in alternates), page_notices)
            cached = previous.pages.get(relative) if previous is not None else None
            if cached is not None and cached.key == key:
                entries[relative] = cached
                scans[relative] = cached.scan
                continue
            context = {
                "config": config,
                "page": page,
                "lang": page.lang,
                # The language's number signs (CLDR), for the scripts that read numbers.
                "number_symbols": number_symbols(page.lang),
                "body": body_html,
                # An article with live examples (sitegen/live.py) carries the engine.
                "live": "data-live" in body_html,
                "toc": toc,
                "assets": asset_urls,
                "preload_modules": preload,
                "canonical": absolute(page.path),
                "alternates": alternates,
                "x_default": absolute(default_alt.path) if default_alt else None,
                "site_menu": Markup(SITE_MENU_SLOT),
                "home": home,
                "shown": prerendered[page.lang],
                "defaults": defaults,
                "messages_slot": Markup(MESSAGES_SLOT),
            }
            rendered = html = templates.render(page.lang, page.template, context,
                                               source=page.source)
            menu = menus[page.lang]
            html, stylesheet = css.link(html, asset_urls["css"], config, also=menu.needs)
            if page_notices:
                html = _with_notice(html, list(page_notices))
            if MESSAGES_SLOT in html:
                html = html.replace(MESSAGES_SLOT, _messages_json(
                    page_messages(html, self._browser_messages(page.lang))), 1)
            text = assets.collapse_indentation(html)
            # One parse of the finished page, its menu parsed once for its language: the
            # allow-list's last check and the links'.
            scan = menu.joined(scan_page(text))
            if scan.violation is not None:
                raise BuildError(page.source, None, f"{scan.violation}: a page can never redirect")
            _check_ids(page, rendered, body_html, own_ids, menu.ids)
            text = menu.put_into(text, config.url(page.path))
            outputs[relative] = text
            scans[relative] = scan
            entries[relative] = _PageEntry(key, _sha256(text), scan, stylesheet)

        root_context = {
            "config": config,
            "assets": asset_urls,
            "homes": [by_key[HOME_KEY][lang] for lang in config.languages
                      if lang in by_key[HOME_KEY]],
        }
        templates_dir = config.source_dir / "templates"
        for name in ("index.html", "404.html"):
            outputs[name] = templates.render(config.default_language, name, root_context,
                                             source=templates_dir / name)
            scans[name] = scan_page(outputs[name])
        if config.publishing:
            outputs["sitemap.xml"] = templates.render(
                config.default_language, "sitemap.xml", {"entries": sitemap},
                source=templates_dir / "sitemap.xml")
            outputs["robots.txt"] = (
                f"User-agent: *\nAllow: /\n\nSitemap: {config.absolute_url('sitemap.xml')}\n")
        else:
            outputs["robots.txt"] = "User-agent: *\nAllow: /\n"
            message = ("local build: no canonical or hreflang addresses and no sitemap.xml; "
                       "to publish, build with --base-url https://… (README: Publish)")
            if not self.live_reload:
                log.warning("%s", message)
            report.warnings.append(message)
        # A web app per language: its name, and the home page it opens at (base.html links
        # the page's own), each kept offline by the one service worker of the whole site.
        # A language listed without pages of its own has no app.
        for lang in sorted({page.lang for page in pages}):
            app = {**root_context, "lang": lang, "home": by_key[HOME_KEY].get(lang)}
            outputs[f"{lang}/manifest.webmanifest"] = templates.render(
                lang, "manifest.webmanifest", app, source=templates_dir / "manifest.webmanifest")
        # Every page's part of the stylesheet (also of the pages not rendered again).
        for entry in entries.values():
            if entry.stylesheet:
                outputs[entry.stylesheet] = css.texts[entry.stylesheet]
        # The service worker precaches every file by its hash (it changes with any of them),
        # and answers one only while its bytes match: the bytes served (serve's pages carry
        # the reload script).
        digests = dict(asset_digests)
        for relative, entry in entries.items():
            if not self.live_reload:
                digests[relative] = entry.digest
            elif relative in outputs:
                digests[relative] = _sha256(self._served(relative, outputs[relative]))
            else:  # unchanged since the last build, which wrote it
                assert previous is not None
                digests[relative] = previous.written[relative]
        digests.update({name: _sha256(self._served(name, text)) for name, text in outputs.items()
                        if name not in entries})
        outputs["sw.js"] = self._service_worker(
            templates, offline.service_worker_context(config, out, digests))
        files = {*digests, "sw.js"}
        listing = links.OutputListing(files=files)
        # After an edit, only the links of the pages rendered again can have broken, unless a
        # file came or went or such a page lost an id (another page's #fragment may name it).
        redone = {name for name in scans if name not in entries or name in outputs}
        recheck: set[str] | None = None
        if previous is not None and files == previous.files and all(
                name in previous.scans and previous.scans[name].ids <= scans[name].ids
                for name in redone):
            recheck = redone
        links.check_internal_links(config, out, pages, scans, listing, only=recheck)

        # Everything checked: write what differs from what ``out`` holds.
        self._writing = True
        written: dict[str, str] = {}
        for relative, text in outputs.items():
            data = self._served(relative, text).encode("utf-8")
            written[relative] = digest = hashlib.sha256(data).hexdigest()
            if previous is None or previous.written.get(relative) != digest:
                _write_bytes(out / relative, data)
        if previous is not None:
            for relative in entries.keys() - written.keys():
                written[relative] = previous.written[relative]  # unchanged, left as it is
            for relative in previous.written.keys() - written.keys():
                _remove(out, relative)  # an article deleted or moved
        return _State(elo_hash=elo_hash, asset_urls=asset_urls, preload=preload,
                      asset_digests=asset_digests, prerendered=prerendered, css=css,
                      nav_keys=nav_keys, pages=entries, written=written, files=files,
                      scans=scans)

    def _assets_into(self, out: Path, elo_hash: str) -> tuple[dict[str, str], list[str]]:
        """The engine's runtime, the wheel, scripts, stylesheet and icon, written into
        ``out``; their addresses by name, and the modules the pages preload."""
        config = self.config
        # The engine's runtime, and the sha256 of every file of it the worker loads: the
        # worker checks each before use (engine-worker.js), so they are written into it.
        runtime = {
            "pyodide": assets.copy_pyodide(config, out),
            "lock": self._lock_into(out, [wheel := self._wheel_into(out, elo_hash)]),
            "stdlib": self._stdlib_into(out),
        }
        checked = [wheel, runtime["lock"], runtime["stdlib"],
                   *(runtime["pyodide"] + name for name in assets.PYODIDE_FILES)]
        integrity = assets.sha256_of({config.url(path): out / path for path in checked})
        modules = assets.fingerprint_modules(
            config.source_dir / "js", out, "assets", config.root,
            fill={"engine-worker.js": (WORKER_INTEGRITY, f"const INTEGRITY = {json.dumps(integrity)};")},
        )
        asset_urls = {
            "css": assets.fingerprint(config.source_dir / "css" / "site.css", out, "assets",
                                      config.root),
            "icon": assets.fingerprint(config.source_dir / "icons" / "icon.svg", out, "assets"),
            # The web app's icons (manifest.webmanifest), drawn from icon.svg (sitegen/icons.py).
            **{name.removesuffix(".png").replace("-", "_"): assets.fingerprint(
                config.source_dir / "icons" / name, out, "assets") for name in icons.ICONS},
            "app": modules.paths["app.js"],
            "worker": modules.paths["engine-worker.js"],
            "offline": modules.paths["offline.js"],
            "article": modules.paths["article.js"],
            # The tournament page's table: sorting, each player's rounds, a dropped file.
            "tournament": modules.paths["tournament.js"],
            "prefetch": modules.paths["prefetch.js"],
            # Reading a chosen file into its field (the club league's, the tournament's).
            "files": modules.paths["files.js"],
            **runtime,
        }
        asset_urls = {name: config.url(path) for name, path in asset_urls.items()}
        # Fetched at once, in parallel, instead of one import level after another.
        preload = [config.url(path) for path in modules.graph("app.js")]
        return asset_urls, preload

    def _service_worker(self, templates: TemplateRenderer, context: dict[str, Any]) -> str:
        """sw.js: its code minified with a placeholder for each value, once, and then the
        build's values put in (a rebuild changes the file list, not the code: esbuild does
        not run again)."""
        source = self.config.source_dir / "templates" / "sw.js"
        placeholders = {name: f"@@sw:{name}@@" for name in context}
        code = assets.minify(templates.render(self.config.default_language, "sw.js",
                                              placeholders, source=source),
                             "script", self.config.root)
        for name, value in context.items():
            quoted = json.dumps(placeholders[name])
            if code.count(quoted) != 1:
                raise BuildError(source, None, f"{{{{ {name} | tojson }}}} must stand once, "
                                               "as a value of its own")
            code = code.replace(quoted, json.dumps(value, separators=(",", ":")))
        return code

    def _reload_tag(self) -> str:
        """Pages served by ``serve`` reload themselves after each rebuild."""
        return f'<script type="module" src="{self.config.url("__reload.js")}"></script>'

    def _served(self, relative: str, text: str) -> str:
        """A file as it is written: with ``serve``, a page carries the reload script."""
        if self.live_reload and relative.endswith(".html"):
            return text.replace("</head>", self._reload_tag() + "\n</head>", 1)
        return text


@dataclass(frozen=True)
class _PageEntry:
    """A page as the last build wrote it: what it was made from, its hash, its parse."""

    key: tuple[Any, ...]
    digest: str  # sha256 of the page as checked (before serve's reload script)
    scan: PageScan
    stylesheet: str = ""  # its part of the stylesheet (relative to the output); "": all of it


class _Stylesheets:
    """The parts of site.css each page needs (assets.stylesheet_parts), one minified file
    per combination that pages use; a page that needs every part links the whole file."""

    def __init__(self, parts: tuple[tuple[tuple[str, ...], str], ...]) -> None:
        self.parts = parts
        self.files: dict[tuple[bool, ...], str] = {}  # the parts a file holds → its path
        self.texts: dict[str, str] = {}  # its path → its minified text

    def needs(self, html: str) -> tuple[bool, ...]:
        """The parts ``html`` needs (assets.stylesheet_for)."""
        return assets.stylesheet_for(self.parts, html)

    def link(self, html: str, whole: str, config: SiteConfig,
             also: tuple[bool, ...] = ()) -> tuple[str, str]:
        """``html`` linking its part of the stylesheet instead of ``whole`` (the URL of the
        whole one), and that part's path ("" when it needs all of it); ``also``: the parts
        what will be put into it needs (its menu)."""
        needed = assets.stylesheet_for(self.parts, html)
        if also:
            needed = tuple(own or more for own, more in zip(needed, also, strict=True))
        if all(needed):
            return html, ""
        relative = self.files.get(needed)
        if relative is None:
            text = assets.minify("".join(part for (_, part), kept in zip(self.parts, needed)
                                         if kept), "css", config.root)
            relative = f"assets/site.{assets.digest(text.encode('utf-8'))}.css"
            self.files[needed], self.texts[relative] = relative, text
        return html.replace(f'href="{whole}"', f'href="{config.url(relative)}"', 1), relative


# Where base.html puts the site's menu ({{ site_menu }}); the build puts it in (_SiteMenu).
SITE_MENU_SLOT = "<!--site-menu-->"


@dataclass(frozen=True)
class _SiteMenu:
    """A language's site menu (site-menu.html), the same on every page of that language but
    for the page's own link: rendered, parsed and matched to the stylesheet once, not once
    per page (it lists every article: per page, the work would grow with the site)."""

    html: str  # indentation collapsed, as the page's is
    scan: PageScan
    ids: Counter[str]
    needs: tuple[bool, ...]  # the stylesheet's parts it needs

    @classmethod
    def render(cls, templates: TemplateRenderer, lang: str, nav: list[Page],
               home: Page | None, css: _Stylesheets, config: SiteConfig) -> _SiteMenu:
        source = config.source_dir / "templates" / "site-menu.html"
        html = assets.collapse_indentation(templates.render(
            lang, "site-menu.html", {"nav": nav, "home": home}, source=source))
        scan = scan_page(f"<body>{html}</body>")  # in the body, as on the page
        return cls(html, scan, Counter(_ID.findall(html)), css.needs(html))

    def joined(self, scan: PageScan) -> PageScan:
        """``scan`` of a page, with what its menu holds."""
        return PageScan(scan.violation or self.scan.violation,
                        scan.references + self.scan.references, scan.ids | self.scan.ids,
                        scan.folders + self.scan.folders)

    def put_into(self, text: str, own_url: str) -> str:
        """``text`` with the menu in its slot, the link to ``own_url`` marked as the page's."""
        link = f'<a href="{escape_markup(own_url)}">'
        menu = self.html.replace(link, link[:-1] + ' aria-current="page">', 1)
        return text.replace(SITE_MENU_SLOT, menu, 1)


@dataclass
class _State:
    """What a build leaves for the next one (``serve``), beside the files in the output."""

    elo_hash: str
    asset_urls: dict[str, str]
    preload: list[str]
    asset_digests: dict[str, str]
    css: _Stylesheets
    prerendered: dict[str, dict[str, dict[str, Any]]]
    nav_keys: dict[str, tuple[tuple[Any, ...], ...]]
    pages: dict[str, _PageEntry]
    written: dict[str, str]  # every file the build wrote but the assets: its bytes' sha256
    files: set[str]  # every file of the output
    scans: dict[str, PageScan]  # every HTML file's parse


def _outline(page: Page) -> tuple[Any, ...]:
    """What a page shows of another (navigation, home link): all but the other's text."""
    return (page.lang, page.key, page.slug, page.title, page.nav_title, page.description,
            page.order, page.template, page.source, page.follows)


def _links_hold(looked_up: dict[tuple[str, str], str | None],
                link_table: dict[tuple[str, str], str]) -> bool:
    """Whether every address an earlier rendering of an article looked up is still the same
    (a renamed or new article changes the links another article makes)."""
    return all(link_table.get(target) == address for target, address in looked_up.items())


def _sha256(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _remove(out: Path, relative: str) -> None:
    """Delete a file the build no longer makes, and the folders it leaves empty."""
    path = out / relative
    path.unlink(missing_ok=True)
    folder = path.parent
    while folder != out and folder.is_dir() and not any(folder.iterdir()):
        folder.rmdir()
        folder = folder.parent


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


_ID = re.compile(r"""\sid=["']?([^"'\s>]+)""")


def _check_ids(page: Page, html: str, body_html: str, own_ids: list[str],
               menu_ids: Counter[str]) -> None:
    """No id of the article's that the page uses itself (``html``, and its menu)."""
    in_page = Counter(_ID.findall(html)) + menu_ids
    in_body = Counter(_ID.findall(body_html))
    for ident in own_ids:
        if in_page[ident] > in_body[ident]:
            line = page.body_line - 1 + deepest_line(page.body, ident)
            raise BuildError(page.source, line, f"id {ident!r} is used by the page itself: "
                             "choose another (for a heading: {: #another-id })")


def _write_bytes(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)


def output_problem(config: SiteConfig) -> str | None:
    """Why the build may not replace ``config.out_dir`` (sitegen.publish.output_problem)."""
    return publish.output_problem(
        config.out_dir, keep=[config.root, Path.home()],
        inputs=[config.content_dir, config.source_dir, config.package_dir, config.root / ".git"],
        force=config.force)


def build(config: SiteConfig) -> BuildReport:
    """Build the whole site; replace ``config.out_dir`` only if everything succeeded."""
    return Builder(config).build()
