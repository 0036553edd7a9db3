"""Stage 6, the site's own files: the language chooser (index.html), 404.html, robots.txt,
the sitemap of a build for publishing, each language's web app manifest, and the service
worker that precaches every file by its hash."""

from __future__ import annotations

import json
import logging
from typing import Any

from sitegen import assets
from sitegen.config import SiteConfig
from sitegen.content import HOME_KEY
from sitegen.errors import BuildError
from sitegen.plan import SitePlan
from sitegen.render import TemplateRenderer
from sitegen.report import BuildReport

__all__ = ["LOCAL_BUILD", "render_service_worker", "render_site_files"]

log = logging.getLogger("sitegen")

LOCAL_BUILD = ("local build: no canonical or hreflang addresses and no sitemap.xml; "
               "to publish, build with --base-url https://… (site_src/README.md: Publishing)")


def render_site_files(plan: SitePlan, templates: TemplateRenderer, asset_urls: dict[str, str],
                      sitemap: list[dict[str, Any]], report: BuildReport, *,
                      quiet: bool) -> dict[str, str]:
    """Every file of the site but its pages, its stylesheet parts and sw.js, by path in the
    output; ``quiet``: a local build's warning goes to the report only (``serve``)."""
    config = plan.config
    by_key = plan.by_key
    root_context = {
        "config": config,
        "assets": asset_urls,
        "homes": [by_key[HOME_KEY][lang] for lang in config.languages
                  if lang in by_key[HOME_KEY]],
    }
    templates_dir = config.source_dir / "templates"
    files: dict[str, str] = {}
    for name in ("index.html", "404.html"):
        files[name] = templates.render(config.default_language, name, root_context,
                                       source=templates_dir / name)
    if config.publishing:
        files["sitemap.xml"] = templates.render(
            config.default_language, "sitemap.xml", {"entries": sitemap},
            source=templates_dir / "sitemap.xml")
        files["robots.txt"] = (
            f"User-agent: *\nAllow: /\n\nSitemap: {config.absolute_url('sitemap.xml')}\n")
    else:
        files["robots.txt"] = "User-agent: *\nAllow: /\n"
        if not quiet:
            log.warning("%s", LOCAL_BUILD)
        report.warnings.append(LOCAL_BUILD)
    # A web app per language: its name, and the home page it opens at (base.html links
    # the page's own), each kept offline by the one service worker of the whole site.
    # A language listed without pages of its own has no app.
    for lang in sorted({page.lang for page in plan.pages}):
        app = {**root_context, "lang": lang, "home": plan.home(lang)}
        files[f"{lang}/manifest.webmanifest"] = templates.render(
            lang, "manifest.webmanifest", app, source=templates_dir / "manifest.webmanifest")
    return files


def render_service_worker(config: SiteConfig, templates: TemplateRenderer,
                          context: dict[str, Any]) -> str:
    """sw.js: its code minified with a placeholder for each value, once, and then the
    build's values put in (a rebuild changes the file list, not the code: esbuild does
    not run again)."""
    source = config.source_dir / "templates" / "sw.js"
    placeholders = {name: f"@@sw:{name}@@" for name in context}
    code = assets.minify(templates.render(config.default_language, "sw.js",
                                          placeholders, source=source),
                         "script", config.root)
    for name, value in context.items():
        quoted = json.dumps(placeholders[name])
        if code.count(quoted) != 1:
            raise BuildError(source, None, f"{{{{ {name} | tojson }}}} must stand once, "
                                           "as a value of its own")
        code = code.replace(quoted, json.dumps(value, separators=(",", ":")))
    return code
