"""Everything configurable about the site, in one place."""

from __future__ import annotations

import ipaddress
import json
import os
import re
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

from babel import Locale, UnknownLocaleError, localedata

from sitegen.errors import BuildError

__all__ = [
    "CACHE_ROOT", "CACHE_VARIABLE", "CONTENT_SECURITY_POLICY", "LANGUAGES", "LANGUAGES_FILE",
    "SiteConfig", "language_code_problem", "language_name_problem", "publishing_problem",
    "read_languages",
]

ROOT = Path(__file__).resolve().parents[2]

# Where everything the build makes again and keeps between runs goes (rendered articles,
# compiled bytecode, ./dev serve's output, pyodide-build's environment): the project's
# .cache/, or the folder this variable names. ./dev sets it to its own CACHE, so that
# `CACHE=/tmp/cache ./dev serve` writes nothing into the clone.
CACHE_VARIABLE = "SITEGEN_CACHE"
CACHE_ROOT = Path(os.environ.get(CACHE_VARIABLE) or ROOT / ".cache").resolve()

# The site's languages, in the switcher's order: code → the language's name in itself, as
# the switcher shows it. A data file, written by `./dev add-language` (content/README.md,
# Adding a language); everything else about a language (its number signs, plural rules)
# comes from CLDR through Babel.
LANGUAGES_FILE = "languages.json"


# A language as the site's addresses, folders and hreflang name it: two or three lower-case
# letters (ISO 639).
_CODE = re.compile(r"[a-z]{2,3}")
# A language's name is printable text: letters, marks, digits, punctuation, symbols and
# plain spaces; no control, formatting (a right-to-left override), or line separator.
_NAME_CATEGORIES = ("L", "M", "N", "P", "S")
NAME_LENGTH = 40


def language_code_problem(code: str) -> str | None:
    """Why ``code`` cannot name one of the site's languages, or None: two or three lower-case
    letters that CLDR has a locale for, under that very code. Babel reads an old or alias
    code as another language (``in`` as ``id``, ``mo`` as ``ro``, ``und``, undetermined, as
    ``en``): the site's number signs and plural rules would be that other language's."""
    if not _CODE.fullmatch(code):
        return (f"{code!r} is not a language code: give two or three lower-case letters "
                "(ISO 639), e.g. sv, nb, fi")
    try:
        read_as = Locale.parse(code).language
    except (UnknownLocaleError, ValueError):
        read_as = None
    if read_as is not None and read_as != code:
        return (f"{code!r} is a code Babel (CLDR) reads as another, {read_as!r}: give "
                f"{read_as!r} if that is the language")
    if read_as is None or not localedata.exists(code):
        return (f"{code!r} is a language Babel (CLDR) does not know: its number formats and "
                "plural rules would be unknown. Give a code CLDR has, e.g. sv, nb, fi")
    return None


def language_name_problem(name: str) -> str | None:
    """Why ``name`` cannot stand for a language in the switcher, or None (printable text)."""
    if not name or name != name.strip():
        return "a language's name is text with no space at its start or end, e.g. Svenska"
    if len(name) > NAME_LENGTH:
        return f"a language's name has at most {NAME_LENGTH} characters"
    for char in name:
        if char != " " and not unicodedata.category(char).startswith(_NAME_CATEGORIES):
            return (f"a language's name is printable text: {name!r} holds U+{ord(char):04X} "
                    f"({unicodedata.name(char, 'a control character')})")
    return None


def read_languages(source_dir: Path) -> dict[str, str]:
    """The languages ``source_dir/languages.json`` lists (code → name), in its order; each
    code and name checked before any is used (a code names folders and files)."""
    path = source_dir / LANGUAGES_FILE
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise BuildError(path, None, f"cannot be read: {error}") from None
    if not isinstance(data, dict) or not data or not all(
            isinstance(code, str) and isinstance(name, str) for code, name in data.items()):
        raise BuildError(path, None, "expected an object of language codes and names, "
                         'e.g. {"en": "English", "de": "Deutsch"}')
    for code, name in data.items():
        problem = language_code_problem(code) or language_name_problem(name)
        if problem is not None:
            raise BuildError(path, None, f"{code!r}: {problem}")
    return dict(data)


def __getattr__(name: str) -> dict[str, str]:
    """``LANGUAGES``: the project's own languages (read when first asked for, so that a wrong
    languages.json is an error the command can say, not one at import)."""
    if name == "LANGUAGES":
        return read_languages(ROOT / "site_src")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

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
    # Where the site is published ("https://example.org/elo/"); its path part prefixes every
    # link. None: a local build (./dev build, ./dev serve), which writes no canonical or
    # hreflang addresses and no sitemap.xml (see publishing_problem and site_src/README.md,
    # Publishing).
    base_url: str | None = None
    # A build for a local address (127.0.0.1, localhost) on purpose (build.py --local).
    local: bool = False
    # Empty: the languages source_dir/languages.json lists.
    languages: dict[str, str] = field(default_factory=dict)
    default_language: str = "en"
    site_name: str = "Elo"
    strict: bool = False
    # How long one page's expressions may run (sitegen.sandbox.Limits).
    expression_seconds: float = 10.0
    # How much memory rendering one article may take, in bytes: how far it may grow the
    # address space of the process that renders it (sitegen.parallel.memory_bound; Linux).
    article_memory: int | None = 256 * 2**20
    # Processes that render articles at once (sitegen.parallel): 0, one per core; 1, only
    # the build's own.
    workers: int = 0
    # The build's cache folder (CACHE_ROOT): compiled bytecode, pyodide-build's environment.
    cache_root: Path = CACHE_ROOT
    # Where a build keeps the articles it rendered, for the next build (sitegen.article_cache);
    # None: nowhere. build.py keeps them in cache_root/build.
    cache_dir: Path | None = None
    # Replace an output folder that holds files a build did not write (build.py --force);
    # never the project's folder, its inputs or the home folder (sitegen.publish).
    force: bool = False
    content_security_policy: str = CONTENT_SECURITY_POLICY
    # What an article's front matter may name as ``template:`` (the others are layouts,
    # partials or not pages at all: sw.js, 404.html, manifest.webmanifest).
    page_templates: tuple[str, ...] = (
        "article.html", "calculator.html", "fide-tools.html", "league.html", "norm-planner.html",
        "systems.html", "tournament.html")

    def __post_init__(self) -> None:
        if not self.languages:
            object.__setattr__(self, "languages", read_languages(self.source_dir))

    @property
    def publishing(self) -> bool:
        """A build that knows its address: it writes canonical links and the sitemap."""
        return self.base_url is not None

    @property
    def base_path(self) -> str:
        if self.base_url is None:
            return "/"
        path = "/" + self.base_url.split("://", 1)[-1].partition("/")[2]
        return path if path.endswith("/") else path + "/"

    def url(self, path: str) -> str:
        """Site-relative path → the path a browser requests (with the base path)."""
        return self.base_path + path.lstrip("/")

    def absolute_url(self, path: str) -> str:
        if self.base_url is None:
            raise ValueError("a local build has no absolute addresses (no base_url)")
        return self.base_url.rstrip("/") + "/" + path.lstrip("/")


def _is_local_host(host: str) -> bool:
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return False
    return address.is_loopback or address.is_unspecified or address.is_link_local


def publishing_problem(config: SiteConfig) -> str | None:
    """Why ``config.base_url`` cannot be published, with what to do instead; None if it can."""
    if config.base_url is None:
        return None
    parts = urlsplit(config.base_url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        return (f"--base-url {config.base_url!r} is not an address: give the one the site will "
                "live at, e.g. --base-url https://example.org/ or https://you.github.io/elo/")
    if parts.query or parts.fragment:
        return f"--base-url {config.base_url!r}: no ?query or #fragment in the site's address"
    if _is_local_host(parts.hostname) and not config.local:
        return (f"--base-url {config.base_url} is a local address: canonical links, hreflang, "
                "sitemap.xml and robots.txt would send search engines and visitors to it. "
                "Give the address the site will live at (--base-url https://example.org/elo/); "
                "build without --base-url for a local copy (no canonical addresses, no "
                "sitemap); or add --local to build for this address on purpose")
    return None
