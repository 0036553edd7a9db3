"""The site menu (site-menu.html): rendered, parsed and matched to the stylesheet once per
language, then put into each page of that language with the page's own link marked."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

from markupsafe import escape as escape_markup

from sitegen import assets
from sitegen.config import SiteConfig
from sitegen.content import Page
from sitegen.html_policy import PageScan, scan_page
from sitegen.render import TemplateRenderer
from sitegen.stylesheets import Stylesheets

__all__ = ["ID", "SITE_MENU_SLOT", "SiteMenu"]

# Where base.html puts the site's menu ({{ site_menu }}); the build puts it in (SiteMenu).
SITE_MENU_SLOT = "<!--site-menu-->"

# An id="…" in HTML as the build writes it.
ID = re.compile(r"""\sid=["']?([^"'\s>]+)""")


@dataclass(frozen=True)
class SiteMenu:
    """A language's site menu (site-menu.html), the same on every page of that language but
    for the page's own link: rendered, parsed and matched to the stylesheet once, not once
    per page (it lists every article: per page, the work would grow with the site)."""

    html: str  # indentation collapsed, as the page's is
    scan: PageScan
    ids: Counter[str]
    needs: tuple[bool, ...]  # the stylesheet's parts it needs

    @classmethod
    def render(cls, templates: TemplateRenderer, lang: str, nav: list[Page],
               home: Page | None, css: Stylesheets, config: SiteConfig) -> SiteMenu:
        source = config.source_dir / "templates" / "site-menu.html"
        html = assets.collapse_indentation(templates.render(
            lang, "site-menu.html", {"nav": nav, "home": home}, source=source))
        scan = scan_page(f"<body>{html}</body>")  # in the body, as on the page
        return cls(html, scan, Counter(ID.findall(html)), css.needs(html))

    def joined(self, scan: PageScan) -> PageScan:
        """``scan`` of a page, with what its menu holds."""
        return PageScan(scan.violation or self.scan.violation,
                        scan.references + self.scan.references, scan.ids | self.scan.ids,
                        scan.folders + self.scan.folders)

    def put_into(self, text: str, own_url: str) -> str:
        """``text`` with the menu in its slot, the link to ``own_url`` marked as the page's."""
        link = f'<a href="{escape_markup(own_url)}">'
        menu = self.html.replace(link, link[:-1] + ' aria-current="page">', 1)
        return text.replace(SITE_MENU_SLOT, menu, 1)
