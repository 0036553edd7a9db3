"""Read the articles: ``content/<lang>/<name>.md`` with YAML front matter."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml
from yaml.nodes import Node

from sitegen.config import SiteConfig
from sitegen.errors import BuildError, deepest_line, describe
from sitegen.suggest import did_you_mean, unknown as unknown_name

__all__ = ["FrontMatter", "Page", "front_matter", "load_pages", "read_page", "read_text"]

REQUIRED_KEYS = frozenset({"title", "description", "key"})
OPTIONAL_KEYS = frozenset({"slug", "order", "template", "nav", "source"})
HOME_KEY = "home"
# ASCII only: the same URL everywhere, with no percent-encoding in links and sitemaps.
SLUG = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")


@dataclass(frozen=True)
class Page:
    lang: str
    key: str
    slug: str
    title: str
    # The short name in the site's navigation.
    nav_title: str
    description: str
    order: int
    template: str
    body: str
    source: Path
    # Line number in the source file of the body's first line.
    body_line: int
    # A translation's ``source:``: the version of the default language's article it
    # follows (sitegen.translations.source_hash); None if it records none.
    follows: str | None = None

    @property
    def is_tool(self) -> bool:
        """A calculator page (the home page or a tool page), as opposed to an article."""
        return self.template != "article.html"

    @property
    def path(self) -> str:
        """Output path relative to the site root, ending in a slash."""
        return f"{self.lang}/" if self.key == HOME_KEY else f"{self.lang}/{self.slug}/"


class _FrontMatterLoader(yaml.SafeLoader):
    """Safe YAML that refuses a key given twice (PyYAML would keep the last one silently)."""

    def construct_object(self, node: yaml.Node, deep: bool = False) -> Any:
        try:
            return super().construct_object(node, deep)
        except yaml.YAMLError:
            raise
        except Exception as error:  # noqa: BLE001 — a value PyYAML cannot make (5,000 digits)
            raise yaml.constructor.ConstructorError(
                None, None, describe(error), node.start_mark) from None

    def construct_mapping(self, node: yaml.MappingNode, deep: bool = False) -> dict[Any, Any]:
        first: dict[Any, int] = {}
        for key_node, _value in node.value:
            key = self.construct_object(key_node, deep=deep)
            if not isinstance(key, (str, int, float, bool)) and key is not None:
                raise yaml.constructor.ConstructorError(
                    None, None, "a key must be a name, not a list or a mapping",
                    key_node.start_mark)
            if key in first:
                raise yaml.constructor.ConstructorError(
                    None, None, f"{key!r} is given twice (first on line {first[key] + 2})",
                    key_node.start_mark)
            first[key] = key_node.start_mark.line
        return super().construct_mapping(node, deep)


def read_text(path: Path) -> str:
    """A file's text, decoded as UTF-8 (line ends as they are), or a BuildError at the byte."""
    data = path.read_bytes()
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        raise BuildError(path, line, f"not UTF-8 (byte 0x{data[error.start]:02x}): "
                                     "save the file as UTF-8") from None


@dataclass(frozen=True)
class FrontMatter:
    """Where an article's front matter stands in its text, as the build reads it."""

    yaml: str  # between the two '---' lines, line breaks included
    start: int  # its offset in the file's text
    body: str
    body_line: int  # the line of the body's first line

    @property
    def end(self) -> int:
        """The offset of the closing '---' line."""
        return self.start + len(self.yaml)

    def node(self) -> Node | None:
        """The YAML's node tree (positions in :attr:`yaml`), as the build's loader reads it."""
        return yaml.compose(self.yaml, Loader=_FrontMatterLoader)


def front_matter(path: Path, text: str) -> FrontMatter:
    """The front matter's place in ``text``: the lines from the first to the second '---'
    line, lines as Python's ``splitlines`` ends them (U+2028 ends one too, as in YAML)."""
    lines = text.splitlines(keepends=True)
    if not lines or lines[0].strip() != "---":
        raise BuildError(path, 1, "front matter missing: the file must start with a '---' line")
    for index in range(1, len(lines)):
        if lines[index].strip() == "---":
            break
    else:
        raise BuildError(path, 1, "front matter not closed: no second '---' line")
    return FrontMatter("".join(lines[1:index]), len(lines[0]), "".join(lines[index + 1:]),
                       index + 2)


def _split_front_matter(path: Path, text: str) -> tuple[dict[str, Any], str, int]:
    found = front_matter(path, text)
    front = found.yaml
    try:
        data = yaml.load(front, Loader=_FrontMatterLoader) or {}
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        line = mark.line + 2 if mark is not None else 1
        problem = getattr(error, "problem", None) or str(error)
        raise BuildError(path, line, f"malformed front matter: {problem}") from None
    except Exception as error:  # noqa: BLE001 — nesting too deep for the parser, and the like
        raise BuildError(path, 1 + deepest_line(front),
                         f"malformed front matter: {describe(error)}") from None
    if not isinstance(data, dict):
        raise BuildError(path, 2, "front matter must be a mapping of keys to values")
    return data, found.body, found.body_line


def _key_line(path: Path, text: str, key: str) -> int:
    for number, line in enumerate(text.splitlines(), start=1):
        if line.startswith(f"{key}:"):
            return number
    return 1


def read_page(path: Path, lang: str, config: SiteConfig, text: str | None = None) -> Page:
    """The article at ``path`` (``text``: its content, when already read)."""
    if text is None:
        text = read_text(path)
    meta, body, body_line = _split_front_matter(path, text)
    unknown = sorted(set(meta) - REQUIRED_KEYS - OPTIONAL_KEYS, key=str)
    if unknown:
        raise BuildError(
            path,
            _key_line(path, text, str(unknown[0])),
            unknown_name("front-matter key", str(unknown[0]), REQUIRED_KEYS | OPTIONAL_KEYS)
            + f" (the keys: {', '.join(sorted(REQUIRED_KEYS | OPTIONAL_KEYS))};"
            " see content/README.md, Writing articles)",
        )
    missing = sorted(REQUIRED_KEYS - set(meta))
    if missing:
        raise BuildError(path, 1, f"front-matter key {missing[0]!r} is required")
    for name in ("title", "description", "key", "slug", "template", "nav"):
        if name in meta and not isinstance(meta[name], str):
            raise BuildError(path, _key_line(path, text, name), f"{name!r} must be text")
    if "source" in meta:
        if lang == config.default_language:
            raise BuildError(path, _key_line(path, text, "source"),
                             "'source' is for translations: it records the version of the "
                             f"{config.default_language!r} article they follow")
        if not isinstance(meta["source"], str):
            raise BuildError(path, _key_line(path, text, "source"),
                             "'source' must be text in quotes, as ./dev translations --mark "
                             "writes it")
    key = meta["key"]
    slug = meta.get("slug", "" if key == HOME_KEY else path.stem)
    if key != HOME_KEY and not SLUG.fullmatch(slug):
        origin = "" if "slug" in meta else " (the file's name, as no slug is given)"
        raise BuildError(path, _key_line(path, text, "slug"),
                         f"slug {slug!r}{origin}: use a-z, 0-9 and single '-' (ä → ae, ø → oe)")
    order = meta.get("order", 0)
    if not isinstance(order, int):
        raise BuildError(path, _key_line(path, text, "order"), "'order' must be a whole number")
    template = meta.get("template", "calculator.html" if key == HOME_KEY else "article.html")
    if template not in config.page_templates:
        raise BuildError(path, _key_line(path, text, "template"),
                         f"template {template!r} is not a page template"
                         f"{did_you_mean(str(template), config.page_templates)} "
                         f"(one of: {', '.join(config.page_templates)})")
    return Page(
        lang=lang,
        key=key,
        slug=slug,
        title=meta["title"],
        nav_title=meta.get("nav", meta["title"]),
        description=meta["description"],
        order=order,
        template=template,
        body=body,
        source=path,
        body_line=body_line,
        follows=meta.get("source"),
    )


def load_pages(config: SiteConfig,
               known: dict[tuple[Path, str], tuple[str, Page]] | None = None) -> list[Page]:
    """Every article of every configured language, sorted by language then order.

    ``known`` keeps each file's text and page between calls (``serve``): a file whose text
    did not change is not parsed again. The files are read each time."""
    pages: list[Page] = []
    for lang in config.languages:
        folder = config.content_dir / lang
        if not folder.is_dir():
            if lang == config.default_language:
                raise BuildError(folder, None, "language folder missing")
            # A language without articles yet (each is reported missing, see translations.py).
            continue
        seen: dict[str, Path] = {}
        slugs: dict[str, Path] = {}
        for path in sorted(folder.glob("*.md")):
            if known is None:
                page = read_page(path, lang, config)
            else:
                text = read_text(path)
                cached = known.get((path, lang))
                if cached is not None and cached[0] == text:
                    page = cached[1]
                else:
                    page = read_page(path, lang, config, text)
                    known[path, lang] = (text, page)
            if page.key in seen:
                raise BuildError(path, None, f"key {page.key!r} already used by {seen[page.key]}")
            if page.slug in slugs and page.key != HOME_KEY:
                raise BuildError(path, None, f"slug {page.slug!r} already used by {slugs[page.slug]}")
            seen[page.key] = path
            slugs[page.slug] = path
            pages.append(page)
    languages = list(config.languages)
    pages.sort(key=lambda p: (languages.index(p.lang), p.key != HOME_KEY, p.order, p.key))
    return pages
