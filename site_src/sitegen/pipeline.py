"""The build: read → render → write into a staging folder → swap it with dist/.

A failing build raises BuildError before the swap, so the previous dist/ stays
(:mod:`sitegen.publish`).
"""

from __future__ import annotations

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
from markupsafe import Markup

from sitegen import assets, headers, links, lockfile, offline, publish, stdlib, translations
from sitegen.config import SiteConfig, publishing_problem
from sitegen.content import HOME_KEY, Page, load_pages
from sitegen.errors import BuildError, describe, deepest_line
from sitegen.html_policy import find_page_violation, script_ids
from sitegen.i18n import (
    ANCHOR_LABEL,
    BROWSER_MESSAGES,
    MESSAGES_SLOT,
    format_input,
    format_number,
    format_output,
    load_catalog,
    load_translations,
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

__all__ = ["BuildReport", "Builder", "build"]

log = logging.getLogger("sitegen")

# The line of engine-worker.js the build replaces with the runtime files' sha256.
WORKER_INTEGRITY = "const INTEGRITY = {};"


@dataclass
class BuildReport:
    pages: int = 0
    warnings: list[str] = field(default_factory=list)


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


def _check_catalogs(config: SiteConfig, report: BuildReport) -> None:
    """A UI string a language's catalog does not translate is shown in English: a warning
    that counts them, per language; an error under --strict, as a missing article is."""
    problems: list[tuple[Path, str]] = []
    for lang in config.languages:
        if lang == config.default_language:
            continue
        path = config.source_dir / "locales" / lang / "LC_MESSAGES" / "messages.po"
        if not path.is_file():
            problems.append((path, f"no {lang!r} catalog: every UI string of its pages is "
                                   "shown in English (./dev add-language creates it)"))
            continue
        missing = untranslated(load_catalog(config.source_dir / "locales", lang))
        if missing:
            problems.append((path, f"{len(missing)} UI strings have no {lang!r} translation "
                                   "and are shown in English (build.py i18n lists them)"))
    if problems and config.strict:
        (first, message), *others = problems
        raise BuildError(first, None, message + " (--strict)"
                         + "".join(f"\n  {path}: {other}" for path, other in others))
    for path, message in problems:
        log.warning("%s: %s", path, message)
        report.warnings.append(message)


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
    """Messages as JSON that is safe inside a <script> element."""
    return json.dumps(messages, ensure_ascii=False, sort_keys=True).replace("</", "<\\/")


def _write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8", newline="\n")


class Builder:
    """Builds the site; kept alive by ``serve`` so a rebuild redoes only what changed."""

    def __init__(self, config: SiteConfig, *, live_reload: bool = False) -> None:
        self.config = config
        self.live_reload = live_reload
        self._templates: TemplateRenderer | None = None
        self._wheel: tuple[str, bytes, str] | None = None
        self._lock: tuple[tuple[str, ...], str] | None = None
        self._articles: dict[tuple[Any, ...], tuple[str, list[dict[str, Any]], list[str]]] = {}
        self._script_ids: frozenset[str] = frozenset()
        self._messages: dict[str, dict[str, str]] = {}
        self._translations: dict[str, Translations] = {}

    def build(self, changed: set[Path] | None = None) -> BuildReport:
        """Build into a staging folder, then swap it in for ``config.out_dir``."""
        if changed is None or any(self.config.source_dir in p.parents for p in changed):
            self._templates = None  # templates, catalogs or scripts changed
            self._messages = {}
            self._translations = {}
            self._articles = {}
        if changed is not None and any(self.config.package_dir in p.parents for p in changed):
            _elo_core(fresh=True)
        problem = publishing_problem(self.config)
        if problem is not None:
            raise BuildError("--base-url", None, problem)
        report = BuildReport()
        with publish.staging(self.config.out_dir) as folder:
            self.render_site(folder, report)
            publish.put_in_place(folder, self.config.out_dir)
        return report

    def _wheel_into(self, out: Path, source_hash: str) -> str:
        if self._wheel is None or self._wheel[0] != source_hash:
            self._wheel = (source_hash, *assets.build_wheel(self.config))
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

    def _article(self, page: Page, link_table: dict[tuple[str, str], str],
                 build_key: tuple[Any, ...]) -> tuple[str, list[dict[str, Any]], list[str]]:
        """One article's HTML, headings and own ids, reused while its text and ``build_key``
        stay the same. Any failure becomes a BuildError naming the article's file and line."""
        cache_key = (page.source, page.body, page.body_line, build_key)
        if cache_key not in self._articles:
            try:
                self._articles[cache_key] = self._render_article(page, link_table)
            except BuildError:
                raise
            except Exception as error:  # noqa: BLE001 — whatever an article makes fail
                raise BuildError(page.source, page.body_line - 1 + deepest_line(page.body),
                                 describe(error)) from None
        return self._articles[cache_key]

    def _render_article(self, page: Page, link_table: dict[tuple[str, str], str]
                        ) -> tuple[str, list[dict[str, Any]], list[str]]:
        elo = _elo_core()
        def link(key: str, _lang: str = page.lang) -> str:
            # An article not translated yet (a plain build only: --strict refuses that) is
            # linked in the default language rather than not at all.
            if (key, _lang) not in link_table and (key, self.config.default_language) in link_table:
                return link_table[key, self.config.default_language]
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

    def render_site(self, out: Path, report: BuildReport) -> None:
        config = self.config
        pages = load_pages(config)
        notices = _check_translations(config, pages, report)
        _check_catalogs(config, report)
        if self._templates is None:
            self._templates = TemplateRenderer(
                config, {lang: self._catalog(lang) for lang in config.languages})
        templates = self._templates

        self._script_ids = script_ids([path.read_text(encoding="utf-8")
                                       for path in sorted((config.source_dir / "js").glob("*.js"))])
        elo_hash = assets.tree_digest(config.package_dir)
        link_table = {(page.key, page.lang): config.url(page.path) for page in pages}
        # Articles depend on elo_core and on where every other article lives. They come first:
        # an author's mistake stops the build before any asset work.
        build_key = (elo_hash, tuple(sorted(link_table.items())))
        bodies = {page.source: self._article(page, link_table, build_key) for page in pages}
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
            "app": modules.paths["app.js"],
            "worker": modules.paths["engine-worker.js"],
            "offline": modules.paths["offline.js"],
            "article": modules.paths["article.js"],
            # The tournament page's table: sorting, each player's rounds, a dropped file.
            "tournament": modules.paths["tournament.js"],
            "prefetch": modules.paths["prefetch.js"],
            **runtime,
        }
        asset_urls = {name: config.url(path) for name, path in asset_urls.items()}
        # Fetched at once, in parallel, instead of one import level after another.
        preload = [config.url(path) for path in modules.graph("app.js")]

        by_key: dict[str, dict[str, Page]] = defaultdict(dict)
        for page in pages:
            by_key[page.key][page.lang] = page
        prerendered = {lang: _prerender(_examples(lang), lang, self._browser_messages(lang))
                       for lang in config.languages}
        defaults = importlib.import_module("elo_core.page").DEFAULTS

        sitemap: list[dict[str, Any]] = []
        for page in pages:
            body_html, toc, own_ids = bodies[page.source]
            # A local build (no base_url) writes no absolute address: see SiteConfig.base_url.
            absolute = config.absolute_url if config.publishing else (lambda _path: None)
            alternates = [
                {"lang": lang, "name": config.languages[lang],
                 "url": absolute(p.path), "href": config.url(p.path),
                 "decimal": number_symbols(lang)[0], "group": number_symbols(lang)[1]}
                for lang in config.languages
                if (p := by_key[page.key].get(lang)) is not None
            ]
            default_alt = by_key[page.key].get(config.default_language)
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
                "nav": [p for p in pages if p.lang == page.lang and p.key != HOME_KEY],
                "home": by_key[HOME_KEY].get(page.lang),
                "shown": prerendered[page.lang],
                "defaults": defaults,
                "messages_slot": Markup(MESSAGES_SLOT),
            }
            html = templates.render(page.lang, page.template, context, source=page.source)
            _check_page(page, html, body_html, own_ids)
            if self.live_reload and notices.get(page.source):
                html = _with_notice(html, notices[page.source])
            if MESSAGES_SLOT in html:
                html = html.replace(MESSAGES_SLOT, _messages_json(
                    page_messages(html, self._browser_messages(page.lang))), 1)
            _write(out / page.path / "index.html", assets.collapse_indentation(html))
            sitemap.append({"loc": context["canonical"], "alternates": alternates,
                            "x_default": context["x_default"]})
            report.pages += 1

        root_context = {
            "config": config,
            "assets": asset_urls,
            "homes": [by_key[HOME_KEY][lang] for lang in config.languages
                      if lang in by_key[HOME_KEY]],
        }
        templates_dir = config.source_dir / "templates"
        for name in ("index.html", "404.html"):
            html = templates.render(config.default_language, name, root_context,
                                    source=templates_dir / name)
            _write(out / name, html)
        if config.publishing:
            _write(out / "sitemap.xml", templates.render(
                config.default_language, "sitemap.xml", {"entries": sitemap},
                source=templates_dir / "sitemap.xml"))
            _write(out / "robots.txt",
                   f"User-agent: *\nAllow: /\n\nSitemap: {config.absolute_url('sitemap.xml')}\n")
        else:
            _write(out / "robots.txt", "User-agent: *\nAllow: /\n")
            message = ("local build: no canonical or hreflang addresses and no sitemap.xml; "
                       "to publish, build with --base-url https://… (README: Publish)")
            if not self.live_reload:
                log.warning("%s", message)
            report.warnings.append(message)
        _write(out / "manifest.webmanifest", templates.render(
            config.default_language, "manifest.webmanifest", root_context,
            source=templates_dir / "manifest.webmanifest"))
        headers.write_headers(config, out)
        _write(out / "sw.js", assets.minify(templates.render(
            config.default_language, "sw.js", offline.service_worker_context(config, out),
            source=templates_dir / "sw.js"), "js", config.root))
        links.check_internal_links(config, out, pages)
        if self.live_reload:
            self._add_reload_script(out)

    def _add_reload_script(self, out: Path) -> None:
        """Pages served by ``serve`` reload themselves after each rebuild."""
        script = f'<script type="module" src="{self.config.url("__reload.js")}"></script>'
        for path in out.rglob("*.html"):
            html = path.read_text(encoding="utf-8")
            path.write_text(html.replace("</head>", script + "\n</head>", 1), encoding="utf-8")


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


def _check_page(page: Page, html: str, body_html: str, own_ids: list[str]) -> None:
    """The finished page: no redirect, and no id of the article's that the page uses itself."""
    problem = find_page_violation(html)
    if problem is not None:
        raise BuildError(page.source, None, f"{problem}: a page can never redirect")
    in_page = Counter(_ID.findall(html))
    in_body = Counter(_ID.findall(body_html))
    for ident in own_ids:
        if in_page[ident] > in_body[ident]:
            line = page.body_line - 1 + deepest_line(page.body, ident)
            raise BuildError(page.source, line, f"id {ident!r} is used by the page itself: "
                             "choose another (for a heading: {: #another-id })")


def _write_bytes(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)


def build(config: SiteConfig) -> BuildReport:
    """Build the whole site; replace ``config.out_dir`` only if everything succeeded."""
    return Builder(config).build()
