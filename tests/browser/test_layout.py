"""Every page, every language, phone to desktop: nothing scrolls sideways, no number is cut off,
and on the home page the key result is in the first screen with the ratings that change it.

Screenshots of the home page and one article per language, at 390 and 1280 px, are written to
test-results/screenshots/ (not committed) for anyone to look at.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from sitegen.config import SiteConfig
from sitegen.content import load_pages

pytestmark = pytest.mark.browser

WIDTHS = [320, 360, 390, 768, 1024, 1280]
SCREENSHOTS = Path(__file__).resolve().parents[2] / "test-results" / "screenshots"

# Elements whose content is cut off: wider than their box with no scroll box around them,
# or reaching past the viewport's right edge outside one. Each is named for the message.
FIND_CLIPPED = """() => {
  const scrolls = (el) => {
    for (let node = el.parentElement; node && node !== document.body; node = node.parentElement) {
      const overflow = getComputedStyle(node).overflowX;
      if (overflow === "auto" || overflow === "scroll") return true;
    }
    return false;
  };
  const width = document.documentElement.clientWidth;
  const clipped = [];
  for (const el of document.querySelectorAll("main :is(output, td, th, mn, math, label, select, input, textarea, svg, h1, h2, p)")) {
    const box = el.getBoundingClientRect();
    if (!box.width || getComputedStyle(el).visibility === "hidden") continue;
    const tooWide = el.scrollWidth > el.clientWidth + 1 && !["INPUT", "TEXTAREA", "SELECT"].includes(el.tagName)
      && getComputedStyle(el).overflowX !== "auto";
    const pastEdge = box.right > width + 1;
    if ((tooWide || pastEdge) && !scrolls(el)) {
      clipped.push(`${el.tagName.toLowerCase()} "${(el.textContent || el.name || "").trim().slice(0, 30)}" (${Math.round(box.right)} > ${width})`);
    }
  }
  return clipped;
}"""


def _paths(site: SiteConfig) -> list[str]:
    return ["", *(page.path for page in load_pages(site))]


@pytest.mark.parametrize("width", WIDTHS)
def test_no_page_scrolls_sideways_or_cuts_a_number_off(
    browser: Any, served: str, site: SiteConfig, width: int
) -> None:
    context = browser.new_context(viewport={"width": width, "height": 800})
    # The layout is the build's; the engine is not needed (and would load 33 times).
    context.route("**/pyodide/**", lambda route: route.abort())
    page = context.new_page()
    problems = []
    for path in _paths(site):
        page.goto(served + path)
        document_width = page.evaluate("document.documentElement.scrollWidth")
        if document_width > width:
            problems.append(f"/{path}: the page is {document_width} px wide")
        problems += [f"/{path}: {item}" for item in page.evaluate(FIND_CLIPPED)]
    context.close()
    assert problems == [], "\n".join(problems)


@pytest.mark.parametrize(("width", "height"), [(390, 844), (1280, 800)])
@pytest.mark.parametrize("lang", ["en", "de", "da"])
def test_the_key_result_is_in_the_first_screen_with_the_ratings(
    browser: Any, served: str, site: SiteConfig, lang: str, width: int, height: int
) -> None:
    context = browser.new_context(viewport={"width": width, "height": height})
    context.route("**/pyodide/**", lambda route: route.abort())
    page = context.new_page()
    page.goto(served + f"{lang}/")
    for selector in ("#rating_a", "#rating_b", '[data-out="change_a"]'):
        box = page.locator(selector).bounding_box()
        assert box is not None, selector
        assert box["y"] >= 0 and box["y"] + box["height"] <= height, (selector, box)
        assert box["x"] >= 0 and box["x"] + box["width"] <= width, (selector, box)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=SCREENSHOTS / f"home-{lang}-{width}.png")
    article = next(p for p in load_pages(site) if p.lang == lang and p.key == "formula")
    page.goto(served + article.path)
    page.screenshot(path=SCREENSHOTS / f"formula-{lang}-{width}.png")
    context.close()
