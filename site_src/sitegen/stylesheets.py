"""The stylesheet split by page: the parts of site.css each page needs
(:func:`sitegen.assets.stylesheet_parts`), one minified file per combination pages use."""

from __future__ import annotations

from sitegen import assets
from sitegen.config import SiteConfig

__all__ = ["Stylesheets"]


class Stylesheets:
    """The parts of site.css each page needs (assets.stylesheet_parts), one minified file
    per combination that pages use; a page that needs every part links the whole file."""

    def __init__(self, parts: tuple[tuple[tuple[str, ...], str], ...]) -> None:
        self.parts = parts
        self.files: dict[tuple[bool, ...], str] = {}  # the parts a file holds → its path
        self.texts: dict[str, str] = {}  # its path → its minified text

    @classmethod
    def of_site(cls, config: SiteConfig) -> Stylesheets:
        """site.css's parts, none of them written yet."""
        source = config.source_dir / "css" / "site.css"
        return cls(assets.stylesheet_parts(source.read_text(encoding="utf-8"), source))

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
