"""axe-core finds no accessibility violations on any page type, light or dark."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from ready_page import open_page, wait_ready
from sitegen.config import SiteConfig

pytestmark = pytest.mark.browser

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"

# One page of every type, spread over the three languages.
PAGES = [
    "",  # the language picker
    "en/",  # calculator home
    "de/fide-rechner/",
    "da/klubliga/",
    "en/glicko-dwz/",
    "de/turnier/",  # the tournament page (TRF)
    "de/elo-formel/",  # article with a formula
    "da/fide-ratingregler/",  # article with the FIDE tables
    "en/normal-vs-logistic/",  # article with the SVG curve
    "da/normberegner/",  # the norm planner
    "404.html",
]


def url_of(site: SiteConfig, path: str) -> str:
    target = site.out_dir / (path + "index.html" if path.endswith("/") or not path else path)
    assert target.is_file(), target
    return path


@pytest.mark.parametrize("path", PAGES)
def test_no_axe_violations(browser: Any, served: str, site: SiteConfig, path: str) -> None:
    # axe is injected as a script, which the page's own policy rightly forbids.
    context, page, _ = open_page(browser, served + url_of(site, path), bypass_csp=True,
                                 color_scheme="light")
    if page.locator("html[data-engine]:not([data-engine=off])").count():
        if page.locator('html[data-engine="idle"]').count():
            # An article's live example starts the engine when it comes into view.
            page.locator("main [data-live]").first.scroll_into_view_if_needed()
        wait_ready(page)
    page.add_script_tag(path=str(AXE))
    violations = []
    # Both colour schemes on the one loaded page: the engine starts once.
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        assert page.evaluate("matchMedia('(prefers-color-scheme: dark)').matches") == (scheme == "dark")
        result = page.evaluate("axe.run(document, {resultTypes: ['violations']})")
        violations += [
            f"{scheme}: {v['id']} ({v['impact']}): {v['help']} — "
            + "; ".join(node["target"][0] for node in v["nodes"][:5])
            for v in result["violations"]
        ]
    context.close()
    assert violations == [], "\n".join(violations)
