"""Everything configurable about the site, in one place."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

__all__ = ["CONTENT_SECURITY_POLICY", "LANGUAGES", "SiteConfig"]

ROOT = Path(__file__).resolve().parents[2]

# Code → the language's name in itself, as the switcher shows it.
LANGUAGES: dict[str, str] = {"en": "English", "de": "Deutsch", "da": "Dansk"}

# The pages' policy (base.html's <meta>), also sent as a header for every path: a <meta>
# policy does not reach the engine worker or the service worker, which get theirs from
# their own response. They need script-src 'self' (pyodide.mjs, pyodide.asm.mjs),
# 'wasm-unsafe-eval' to compile Python, connect-src 'self' for the runtime and the wheels;
# not 'unsafe-eval': Pyodide evaluates JavaScript only for shared libraries in packages
# (the site loads none) and for emscripten_run_script, which CPython does not call.
CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'; "
    "connect-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; "
    "object-src 'none'; base-uri 'self'; form-action 'self'"
)


@dataclass(frozen=True)
class SiteConfig:
    root: Path = ROOT
    content_dir: Path = ROOT / "content"
    source_dir: Path = ROOT / "site_src"
    package_dir: Path = ROOT / "elo_core"
    pyodide_dir: Path = ROOT / "node_modules" / "pyodide"
    out_dir: Path = ROOT / "dist"
    # Where the site is published; its path part ("/", "/elo/") prefixes every link.
    base_url: str = "http://127.0.0.1:8000/"
    languages: dict[str, str] = field(default_factory=lambda: dict(LANGUAGES))
    default_language: str = "en"
    site_name: str = "Elo"
    strict: bool = False
    # How long one page's expressions may run (sitegen.sandbox.Limits).
    expression_seconds: float = 10.0
    content_security_policy: str = CONTENT_SECURITY_POLICY
    # What an article's front matter may name as ``template:`` (the others are layouts,
    # partials or not pages at all: sw.js, 404.html, manifest.webmanifest).
    page_templates: tuple[str, ...] = (
        "article.html", "calculator.html", "fide-tools.html", "league.html", "systems.html",
        "tournament.html")

    @property
    def base_path(self) -> str:
        path = "/" + self.base_url.split("://", 1)[-1].partition("/")[2]
        return path if path.endswith("/") else path + "/"

    def url(self, path: str) -> str:
        """Site-relative path → the path a browser requests (with the base path)."""
        return self.base_path + path.lstrip("/")

    def absolute_url(self, path: str) -> str:
        return self.base_url.rstrip("/") + "/" + path.lstrip("/")
