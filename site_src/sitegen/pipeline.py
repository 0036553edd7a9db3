"""The build: a pipeline of stages, as a static site generator reads, generates and writes.

1. read (:mod:`sitegen.read`): the articles and the translations' state; the UI catalogs
   (:mod:`sitegen.catalogs`) are checked beside them;
2. plan pages (:mod:`sitegen.plan`): every page's address, translations and navigation;
3. render articles (:mod:`sitegen.articles`): Markdown and expressions into HTML, on every core;
4. assets (:mod:`sitegen.asset_files`, a full build only): the engine's runtime, the wheel,
   scripts, stylesheet and icons;
5. render pages (:mod:`sitegen.pages`, with :mod:`sitegen.menu` and :mod:`sitegen.stylesheets`);
6. the site's own files (:mod:`sitegen.site_files`): index.html, 404.html, robots.txt, the
   sitemap, the manifests and the service worker;
7. check links and ids (:mod:`sitegen.checks`);
8. write (:mod:`sitegen.write`).

A full build writes into a staging folder swapped in for the output as a whole; a failing
build raises BuildError before the swap, so the previous dist/ stays (:mod:`sitegen.publish`).
:class:`Builder` only runs the stages in order and keeps what a rebuild reuses (``serve``).
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass
from pathlib import Path

from sitegen import assets, offline, publish
from sitegen.articles import ArticleStage
from sitegen.asset_files import AssetStage, SiteAssets
from sitegen.catalogs import Catalogs
from sitegen.checks import check_links
from sitegen.config import SiteConfig, publishing_problem
from sitegen.content import Page
from sitegen.engine import elo_core
from sitegen.errors import BuildError
from sitegen.html_policy import PageScan, scan_page
from sitegen.pages import PageEntry, PageStage
from sitegen.plan import NavKeys, plan_site
from sitegen.read import read_content
from sitegen.render import TemplateRenderer
from sitegen.report import BuildReport
from sitegen.site_files import render_service_worker, render_site_files
from sitegen.write import Served, sha256, write_outputs

__all__ = ["BuildReport", "Builder", "build", "output_problem"]


@dataclass(frozen=True)
class BuildState:
    """What a build leaves for the next one (``serve``), beside the files in the output."""

    elo_hash: str
    site_assets: SiteAssets
    nav_keys: NavKeys
    pages: dict[str, PageEntry]
    written: dict[str, str]  # every file the build wrote but the assets: its bytes' sha256
    files: set[str]  # every file of the output
    scans: dict[str, PageScan]  # every HTML file's parse


class Builder:
    """Runs the stages; kept alive by ``serve`` so a rebuild redoes only what changed."""

    def __init__(self, config: SiteConfig, *, live_reload: bool = False) -> None:
        self.config = config
        self.live_reload = live_reload
        self._served = Served(config, live_reload)
        self._catalogs = Catalogs(config)
        self._templates: TemplateRenderer | None = None
        self._articles: ArticleStage | None = None  # made again when the site's sources change
        self._assets = AssetStage(config)
        self._known: dict[tuple[Path, str], tuple[str, Page]] = {}  # read articles
        self._state: BuildState | None = None  # the last good build's, for the next one
        self._writing = False  # an update in place has begun writing

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
        if sources_changed:  # templates, catalogs or scripts changed
            self._templates = None
            self._catalogs = Catalogs(config)
            self._articles = None
        if package_changed:
            elo_core(fresh=True)
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

    def render_site(self, out: Path, report: BuildReport,
                    previous: BuildState | None = None) -> BuildState:
        """Render the site into ``out``: everything (``previous`` None: ``out`` is empty), or
        what changed since the build that left ``previous`` in ``out``."""
        config = self.config
        pages, notices = read_content(config, self._known, report)
        self._catalogs.check(report)
        if self._templates is None:
            self._templates = TemplateRenderer(
                config, {lang: self._catalogs.translations(lang) for lang in config.languages})
        if self._articles is None:
            self._articles = ArticleStage(config, self._catalogs)
        elo_hash = previous.elo_hash if previous else assets.tree_digest(config.package_dir)
        plan = plan_site(config, pages, previous.nav_keys if previous else None)
        # Articles depend on elo_core and on where the articles they link to live. They come
        # first: an author's mistake stops the build before any asset work.
        bodies = self._articles.render(pages, plan.link_table, elo_hash, report,
                                       full=previous is None)
        site_assets = (previous.site_assets if previous
                       else self._assets.write(out, elo_hash, self._catalogs))
        stage = PageStage(plan, self._templates, self._catalogs, site_assets,
                          importlib.import_module("elo_core.page").DEFAULTS, self.live_reload)
        done = stage.render(bodies, notices, previous.pages if previous else None, report)
        site_files = render_site_files(plan, self._templates, site_assets.urls, done.sitemap,
                                       report, quiet=self.live_reload)
        outputs = {**done.outputs, **site_files}
        scans = {**done.scans,
                 **{name: scan_page(site_files[name]) for name in ("index.html", "404.html")}}
        # Every page's part of the stylesheet (also of the pages not rendered again).
        for entry in done.entries.values():
            if entry.stylesheet:
                outputs[entry.stylesheet] = site_assets.css.texts[entry.stylesheet]
        digests = self._digests(site_assets, done.entries, outputs, previous)
        outputs["sw.js"] = render_service_worker(
            config, self._templates, offline.service_worker_context(config, out, digests))
        files = {*digests, "sw.js"}
        check_links(config, out, pages, scans, files,
                    redone={name for name in scans if name not in done.entries or name in outputs},
                    previous=(previous.files, previous.scans) if previous else None)

        # Everything checked: write what differs from what ``out`` holds.
        self._writing = True
        written = write_outputs(out, outputs, self._served,
                                previous.written if previous else None, done.entries)
        return BuildState(elo_hash=elo_hash, site_assets=site_assets, nav_keys=plan.nav_keys,
                          pages=done.entries, written=written, files=files, scans=scans)

    def _digests(self, site_assets: SiteAssets, entries: dict[str, PageEntry],
                 outputs: dict[str, str], previous: BuildState | None) -> dict[str, str]:
        """Every file's sha256 by its path, sw.js but: the service worker precaches each by
        its hash and answers it only while its bytes match the bytes served (``serve``'s
        pages carry the reload script)."""
        digests = dict(site_assets.digests)
        for relative, entry in entries.items():
            if not self.live_reload:
                digests[relative] = entry.digest
            elif relative in outputs:
                digests[relative] = sha256(self._served(relative, outputs[relative]))
            else:  # unchanged since the last build, which wrote it
                assert previous is not None
                digests[relative] = previous.written[relative]
        digests.update({name: sha256(self._served(name, text)) for name, text in outputs.items()
                        if name not in entries})
        return digests


def output_problem(config: SiteConfig) -> str | None:
    """Why the build may not replace ``config.out_dir`` (sitegen.publish.output_problem)."""
    return publish.output_problem(
        config.out_dir, keep=[config.root, Path.home()],
        inputs=[config.content_dir, config.source_dir, config.package_dir, config.root / ".git"],
        force=config.force)


def build(config: SiteConfig) -> BuildReport:
    """Build the whole site; replace ``config.out_dir`` only if everything succeeded."""
    return Builder(config).build()
