"""Every internal link and asset reference in the output must resolve."""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

from sitegen.config import SiteConfig
from sitegen.content import Page
from sitegen.errors import BuildError

__all__ = ["check_internal_links", "collect_references"]


class _References(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.references: list[str] = []
        # data-*-src attributes name folders the scripts load from (the runtime).
        self.folders: list[str] = []
        self.ids: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if value is None:
                continue
            if name == "id":
                self.ids.add(value)
            elif name in {"href", "src"}:
                self.references.append(value)
            elif name.startswith("data-") and name.endswith("-src"):
                (self.folders if value.endswith("/") else self.references).append(value)


def collect_references(html: str) -> tuple[list[str], set[str], list[str]]:
    parser = _References()
    parser.feed(html)
    return parser.references, parser.ids, parser.folders


def _source_line(page: Page | None, reference: str) -> tuple[Path, int | None]:
    if page is None:
        return Path("site_src/templates"), None
    for number, line in enumerate(page.source.read_text(encoding="utf-8").splitlines(), 1):
        if reference in line:
            return page.source, number
    return page.source, None


def check_internal_links(config: SiteConfig, out: Path, pages: list[Page]) -> None:
    by_output = {out / page.path / "index.html": page for page in pages}
    parsed: dict[Path, tuple[list[str], set[str], list[str]]] = {}
    for html_file in sorted(out.rglob("*.html")):
        parsed[html_file] = collect_references(html_file.read_text(encoding="utf-8"))
    for html_file, (references, _ids, folders) in parsed.items():
        for folder in folders:
            if not (out / folder.removeprefix(config.base_path)).is_dir():
                raise BuildError(html_file, None, f"{folder!r} is not a folder of the output")
        for reference in references:
            parts = urlsplit(reference)
            if parts.scheme or parts.netloc or reference.startswith(("mailto:", "data:")):
                continue
            if not parts.path:  # same-page fragment
                target = html_file
            elif parts.path.startswith("/"):
                if not parts.path.startswith(config.base_path):
                    source, line = _source_line(by_output.get(html_file), reference)
                    raise BuildError(source, line, f"link {reference!r} is outside the site's base path {config.base_path!r}")
                target = out / unquote(parts.path[len(config.base_path):])
            else:
                target = html_file.parent / unquote(parts.path)
            if target.is_dir() or reference.endswith("/"):
                target = target / "index.html"
            if not target.resolve().is_relative_to(out.resolve()) or not target.is_file():
                source, line = _source_line(by_output.get(html_file), reference)
                raise BuildError(source, line, f"broken internal link {reference!r} in {html_file.relative_to(out)}")
            if parts.fragment and target.suffix == ".html":
                target_ids = parsed[target][1] if target in parsed else set()
                if unquote(parts.fragment) not in target_ids:
                    source, line = _source_line(by_output.get(html_file), reference)
                    raise BuildError(source, line, f"link {reference!r}: no element with id {parts.fragment!r}")
