"""Which translations are missing or behind their English source.

A translated article names the version of the source it follows in its front matter:
``source: "3fa9c1d2e4b5"``, the start of the sha256 of what a translator translates in the
default language's article (title, description, nav and body; not ``order``, ``slug`` or
``template``, and not blank space at line ends). A content hash, not a git commit: it works
on a downloaded copy without git history. ``build.py translations`` lists the state of every
article in every language and ``--mark de/formula`` records the current hash once a
translation has caught up.
"""

from __future__ import annotations

import dataclasses
import hashlib
from dataclasses import dataclass
from pathlib import Path

import yaml

from sitegen.config import SiteConfig
from sitegen.content import Page, front_matter, load_pages, read_page, read_text
from sitegen.errors import BuildError
from sitegen.suggest import unknown

__all__ = [
    "HASH_LENGTH",
    "MISSING",
    "OK",
    "OUTDATED",
    "Status",
    "mark",
    "source_hash",
    "shown",
    "statuses",
]

HASH_LENGTH = 12
OK, OUTDATED, MISSING = "ok", "outdated", "missing"


def source_hash(page: Page) -> str:
    """The version of ``page`` a translation follows (see the module's docstring)."""
    parts = [page.title, page.description, page.nav_title, page.body]
    text = "\n\x00\n".join(parts).replace("\r\n", "\n")
    text = "\n".join(line.rstrip() for line in text.split("\n")).strip()
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:HASH_LENGTH]


@dataclass(frozen=True)
class Status:
    key: str
    lang: str
    state: str  # OK, OUTDATED or MISSING
    # The translation's file (None when missing) and its source's (None without one).
    path: Path | None
    source: Path | None
    # The hash the translation records, and the source's current one.
    recorded: str | None = None
    current: str | None = None

    @property
    def name(self) -> str:
        return f"{self.lang}/{self.key}"

    def detail(self) -> str:
        """What is behind or missing, in a few words (empty when up to date)."""
        if self.state == MISSING:
            return f"translate {shown(self.source)}" if self.source else ""
        if self.state == OUTDATED:
            if self.recorded is None:
                return "records no 'source:' (which version of its source it follows)"
            return f"follows {self.recorded}, {shown(self.source)} is now {self.current}"
        return ""

    def explain(self) -> str:
        """One line for an author: what is wrong and what to do."""
        if self.state == MISSING:
            return f"article {self.key!r} has no {self.lang!r} translation"
        if self.state == OUTDATED:
            return (f"the {self.lang!r} translation of {self.key!r} may be outdated: it "
                    f"{self.detail()}; bring it up to date, then run "
                    f"./dev translations --mark {self.name}")
        return f"the {self.lang!r} translation of {self.key!r} is up to date"


def shown(path: Path | None) -> str:
    """``path`` relative to the working folder when inside it (./dev runs in the project)."""
    if path is None:
        return ""
    try:
        return str(path.resolve().relative_to(Path.cwd()))
    except ValueError:
        return str(path)


def statuses(config: SiteConfig, pages: list[Page]) -> list[Status]:
    """Every article in every language but the default one (there, only missing ones), in
    the order of the default language's navigation."""
    by_key: dict[str, dict[str, Page]] = {}
    for page in pages:
        by_key.setdefault(page.key, {})[page.lang] = page
    result: list[Status] = []
    for key, versions in by_key.items():
        original = versions.get(config.default_language)
        current = source_hash(original) if original else None
        from_path = original.source if original else next(iter(versions.values())).source
        for lang in config.languages:
            version = versions.get(lang)
            if version is None:
                result.append(Status(key, lang, MISSING, None, from_path))
            elif lang == config.default_language or original is None:
                continue
            else:
                state = OK if version.follows == current else OUTDATED
                result.append(Status(key, lang, state, version.source, original.source,
                                     version.follows, current))
    return result


def mark(config: SiteConfig, name: str) -> Status:
    """Record in ``lang/key``'s front matter that it follows its source as it is now: the
    value of its ``source:`` key replaced, or the key added as the mapping's last line; the
    front matter found and read as the build reads it (sitegen.content), and the file written
    only if the build then reads the hash from it and everything else as before."""
    lang, _, key = name.partition("/")
    if lang not in config.languages or lang == config.default_language:
        others = [code for code in config.languages if code != config.default_language]
        raise BuildError(name, None, f"give a translation as language/key, e.g. {others[0]}/"
                         f"{key or 'formula'} (languages: {', '.join(others)})")
    pages = load_pages(config)
    found = {page.key: page for page in pages if page.lang == lang}
    original = {page.key: page for page in pages if page.lang == config.default_language}
    if key not in found:
        raise BuildError(config.content_dir / lang, None,
                         unknown(f"article in {lang!r}", key, found))
    if key not in original:
        raise BuildError(found[key].source, None,
                         f"article {key!r} has no {config.default_language!r} source to follow")
    page, current = found[key], source_hash(original[key])
    text = read_text(page.source)  # as the build reads it: its line ends as they are
    marked = _with_source(page.source, text, current)
    reread = read_page(page.source, lang, config, marked)
    if dataclasses.replace(reread, body_line=page.body_line) != dataclasses.replace(
            page, follows=current):
        raise BuildError(page.source, None, "cannot record 'source:' here without changing "
                         f'more: add the line source: "{current}" to the front matter by hand')
    page.source.write_bytes(marked.encode("utf-8"))
    return Status(key, lang, OK, page.source, original[key].source, current, current)


def _with_source(path: Path, text: str, current: str) -> str:
    """``text`` with its front matter's ``source:`` set to ``current``."""
    front = front_matter(path, text)
    node = front.node()
    entry = f'"{current}"'
    if isinstance(node, yaml.MappingNode):
        for key_node, value_node in node.value:
            if isinstance(key_node, yaml.ScalarNode) and key_node.value == "source":
                start = front.start + value_node.start_mark.index
                end = front.start + value_node.end_mark.index
                return text[:start] + entry + text[end:]
        if node.flow_style:
            raise BuildError(path, 2, "the front matter is written as {…}: write it as "
                             "key: value lines to --mark it")
    newline = "\r\n" if "\r\n" in text else "\n"
    return text[:front.end] + f"source: {entry}{newline}" + text[front.end:]
