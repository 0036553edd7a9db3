"""Everything configurable about the site, in one place."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

__all__ = ["LANGUAGES", "SiteConfig"]

ROOT = Path(__file__).resolve().parents[2]

# Code → the language's name in itself, as the switcher shows it.
LANGUAGES: dict[str, str] = {"en": "English", "de": "Deutsch", "da": "Dansk"}


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
    # What an article's front matter may name as ``template:`` (the others are layouts,
    # partials or not pages at all: sw.js, 404.html, manifest.webmanifest).
    page_templates: tuple[str, ...] = (
        "article.html", "calculator.html", "fide-tools.html", "league.html", "systems.html")

    @property
    def base_path(self) -> str:
        path = "/" + self.base_url.split("://", 1)[-1].partition("/")[2]
        return path if path.endswith("/") else path + "/"

    def url(self, path: str) -> str:
        """Site-relative path → the path a browser requests (with the base path)."""
        return self.base_path + path.lstrip("/")

    def absolute_url(self, path: str) -> str:
        return self.base_url.rstrip("/") + "/" + path.lstrip("/")
