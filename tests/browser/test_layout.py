"""Every page, every language, phone to desktop: nothing scrolls sideways, no number is cut off,
every target can be hit with a thumb, and on the home page the key result is in the first screen
with the ratings that change it. On a phone the tool comes first, and the answer stays in view
while the reader types with the on-screen keyboard up (a viewport reduced to the height the
keyboard leaves). At 1280 px the header's rows do not wrap.

Screenshots of the home page and one article per language, at 390 and 1280 px, of each tool
page's first screen at 320 × 640 and of each calculator page with the keyboard up are written to
test-results/screenshots/ (not committed) for anyone to look at.
"""

from __future__ import annotations

from typing import Any

import pytest

from ready_page import (
    all_paths,
    open_page,
    open_ready,
    open_without_engine,
    poll,
    screenshot,
    site_page,
    tool_pages,
    unfold_options,
    wait_ready,
)
from sitegen.config import SiteConfig
from sitegen.content import load_pages

pytestmark = pytest.mark.browser

WIDTHS = [320, 360, 390, 768, 1024, 1280]

# The page wider than the screen (``width``): it scrolls sideways.
PAGE_TOO_WIDE = """(width) => document.documentElement.scrollWidth > width
  ? [`the page is ${document.documentElement.scrollWidth} px wide`] : []"""

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


# Targets a thumb can hit: every control (field, button, summary) at least 44 px high, every
# link, checkbox and radio button at least 24 × 24 px. Hidden and off-screen ones (the skip
# link) are left out.
FIND_SMALL_TARGETS = """() => {
  const small = [];
  for (const el of document.querySelectorAll("a[href], button, input, select, textarea, summary")) {
    const box = el.getBoundingClientRect();
    if (!box.width || !box.height || getComputedStyle(el).visibility === "hidden") continue;
    if (box.right <= 0 || box.left >= document.documentElement.clientWidth) continue;
    const control = el.matches("input:not([type=checkbox]):not([type=radio]), select, textarea, button, summary");
    const tooSmall = control ? box.height < 43.5 : box.height < 23.5 || box.width < 23.5;
    if (tooSmall) {
      const name = `${el.tagName.toLowerCase()}${el.id ? "#" + el.id : ""}${el.className ? "." + el.className : ""}`;
      small.push(`${name} "${(el.textContent || "").trim().slice(0, 25)}" is ${Math.round(box.width)} × ${Math.round(box.height)} px`);
    }
  }
  return small;
}"""


def found_on_every_page(page: Any, served: str, site: SiteConfig, scripts: list[str],
                        arg: Any = None) -> list[str]:
    """What each script (called with ``arg``) finds on every page of the site, in turn, each
    item named with its page's path."""
    problems = []
    for path in all_paths(site):
        page.goto(served + path)
        for script in scripts:
            problems += [f"/{path}: {item}" for item in page.evaluate(script, arg)]
    return problems


@pytest.mark.parametrize("width", WIDTHS)
def test_no_page_scrolls_sideways_or_cuts_a_number_off(
    browser: Any, served: str, site: SiteConfig, width: int
) -> None:
    context, page = open_without_engine(browser, width, 800)
    problems = found_on_every_page(page, served, site,
                                   [PAGE_TOO_WIDE, FIND_CLIPPED, FIND_SMALL_TARGETS], width)
    context.close()
    assert problems == [], "\n".join(problems)


@pytest.mark.parametrize(("width", "height"), [(390, 844), (1280, 800)])
@pytest.mark.parametrize("lang", ["en", "de", "da"])
def test_the_key_result_is_in_the_first_screen_with_the_ratings(
    browser: Any, served: str, site: SiteConfig, lang: str, width: int, height: int
) -> None:
    context, page = open_without_engine(browser, width, height)
    page.goto(served + f"{lang}/")
    for selector in ("#rating_a", "#rating_b", '[data-out="change_a"]'):
        box = page.locator(selector).bounding_box()
        assert box is not None, selector
        assert box["y"] >= 0 and box["y"] + box["height"] <= height, (selector, box)
        assert box["x"] >= 0 and box["x"] + box["width"] <= width, (selector, box)
    screenshot(page, f"home-{lang}-{width}")
    page.goto(served + site_page(site, lang, "formula").path)
    screenshot(page, f"formula-{lang}-{width}")
    context.close()


# Each table's width against its box's, and the cells that reach past the box (left to a
# sideways scroll): the tables ``selector`` finds.
CUT_CELLS = """(selector) => [...document.querySelectorAll(selector)].map((table) => {
  const box = table.parentElement.getBoundingClientRect();
  const cut = [...table.querySelectorAll("th, td, output")].filter((cell) => {
    const r = cell.getBoundingClientRect();
    return r.right > box.right + 0.5 || r.left < box.left - 0.5;
  }).map((cell) => cell.textContent.trim());
  return { width: table.scrollWidth, box: table.parentElement.clientWidth, cut };
})"""


@pytest.mark.parametrize("lang", ["en", "de", "da"])
def test_the_home_page_at_320_px_shows_both_players_numbers(
    browser: Any, served: str, lang: str
) -> None:
    context, page = open_without_engine(browser, 320, 640)
    page.goto(served + f"{lang}/")
    # Each two-player table fits its box: no column is left to a sideways scroll.
    tables = page.evaluate(CUT_CELLS, "table.result-pair")
    assert len(tables) == 2, tables  # one game, a match
    for table in tables:
        assert table["width"] <= table["box"] and table["cut"] == [], table
    page.locator("table.result-pair").first.scroll_into_view_if_needed()
    screenshot(page, f"home-{lang}-320")
    context.close()


def test_a_typed_tournament_keeps_its_four_columns_in_the_box_at_320_px(
    browser: Any, served: str
) -> None:
    # Danish "Modstander" and German "Erwartungswert" cannot wrap: a phone's headings are
    # smaller and "Expected score" is abbreviated, so no column is left to a sideways scroll.
    context, page, errors = open_ready(browser, served + "en/", viewport={"width": 320, "height": 640})
    for lang, half, shown in (("en", "1810.5", "1,810.5"), ("de", "1810,5", "1.810,5"),
                              ("da", "1810,5", "1.810,5")):
        if lang != "en":
            page.goto(served + f"{lang}/")
            wait_ready(page)
        page.fill('[name="games"]', f"{half} | 1\n1750 | ½\n1920 | 0\n2105 | 1")
        rows = page.locator("table.tournament-games > tbody > tr")
        first = page.locator("table.tournament-games > tbody > tr:first-child > th")
        assert poll(page, lambda: (rows.count(), first.inner_text() if rows.count() else ""),
                    lambda seen: seen == (4, shown), 30) == (4, shown)
        (table,) = page.evaluate(CUT_CELLS, "table.tournament-games")
        assert table["width"] <= table["box"] and table["cut"] == [], (lang, table)
    assert errors == []
    context.close()


def test_the_header_keeps_to_its_rows_at_1280_px(browser: Any, served: str) -> None:
    context, page = open_without_engine(browser, 1280, 800)
    heights = {}
    for lang in ("en", "de", "da"):
        page.goto(served + f"{lang}/")
        # Calculators, with the brand and the languages, in one row; articles in the other.
        rows = page.evaluate("""() => [...document.querySelectorAll(".site-menu ul")].map(
          (list) => new Set([...list.children].map((item) => Math.round(item.getBoundingClientRect().top))).size)""")
        assert rows == [1, 1], (lang, rows)
        tops = page.evaluate("""() => [".brand", ".menu-tools ul", ".languages ul"].map((selector) => {
          const box = document.querySelector(selector).getBoundingClientRect();
          return Math.round(box.top + box.height / 2);
        })""")
        assert max(tops) - min(tops) <= 2, (lang, tops)
        heights[lang] = page.evaluate("document.querySelector('.site-header').getBoundingClientRect().height")
        screenshot(page, f"header-{lang}-1280", clip={"x": 0, "y": 0, "width": 1280, "height": 160})
    assert max(heights.values()) - min(heights.values()) < 1, heights
    context.close()


@pytest.mark.parametrize("lang", ["en", "de", "da"])
def test_tool_pages_open_with_the_tool(
    browser: Any, served: str, site: SiteConfig, lang: str
) -> None:
    context, page = open_without_engine(browser, 320, 640)
    for tool in tool_pages(site, lang):
        page.goto(served + tool.path)
        first = page.locator("section.calculator").first.locator("input, select, textarea").first
        box = first.bounding_box()
        assert box is not None and box["y"] + box["height"] <= 640, (tool.path, box)
        if tool.key != "home":
            # The introduction follows the tool, and a link above the tool leads to it.
            order = page.evaluate("""() => {
              const link = document.querySelector('a[href="#how-it-works"]');
              const intro = document.getElementById("how-it-works");
              const tool = document.querySelector("section.calculator");
              const after = (a, b) => Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
              return link && intro ? [after(link, tool), after(tool, intro), link.textContent.trim()] : null;
            }""")
            assert order is not None and order[:2] == [True, True], (tool.path, order)
            assert order[2], tool.path
        screenshot(page, f"first-screen-{tool.key}-{lang}-320")
    context.close()


# The key result of the group a field belongs to (its .calc-grid, or the calculator), as the
# issue names them: player A's change and new rating; the tool's main figure; the top of the
# table. Each selector names an element whose text must be in view while the field has focus.
KEY_RESULTS = {
    "change_a": ['[data-out="change_a"]', '[data-out="new_a"]'],
    "tournament_change": ['[data-out="tournament_change"]', '[data-out="tournament_new"]'],
    "match_change_a": ['[data-out="match_change_a"]', '[data-out="match_new_a"]'],
    "expectancy_higher": ['[data-out="expectancy_higher"]', '[data-out="expectancy_lower"]'],
    "k_value": ['[data-out="k_value"]'],
    "perf_fide": ['[data-out="perf_fide"]'],
    "init_rating": ['[data-out="init_rating"]'],
    "g_new_rating": ['[data-out="g_new_rating"]', '[data-out="g_change"]'],
    "dwz_new": ['[data-out="dwz_new"]', '[data-out="dwz_change"]'],
    "standings": ['table.standings > tbody > tr:first-child > td:nth-child(2)'],
    "trf": ['table.trf-table > tbody:first-of-type > tr:first-child > th'],
    "np": ['table.np-points > tbody > tr:first-child > td:nth-child(3)'],
}

# Focus each field one types into, as the reader does; say what the visual viewport shows.
FOCUS_AND_LOOK = """([id, keys]) => {
  const field = document.getElementById(id);
  field.focus();
  const group = field.closest(".calc-grid") || field.closest("section[data-mode]");
  const key = Object.entries(keys).find(([, selectors]) => group.querySelector(selectors[0]));
  const view = window.visualViewport;
  const top = view.offsetTop, bottom = view.offsetTop + view.height;
  const line = document.querySelector(".key-line");
  const lineBox = line && !line.hidden ? line.getBoundingClientRect() : null;
  const fieldBox = field.getBoundingClientRect();
  return {
    key: key ? key[1].map((selector) => group.querySelector(selector).textContent.trim()) : null,
    line: lineBox ? line.textContent : null,
    lineInView: lineBox ? lineBox.top >= top - 0.5 && lineBox.bottom <= bottom + 0.5 && lineBox.height > 0 : false,
    // The field stays visible above the line (a field taller than the room left shows its top).
    fieldInView: fieldBox.top >= top - 0.5 && (fieldBox.bottom <= (lineBox ? lineBox.top : bottom) + 0.5
      || (lineBox && fieldBox.top <= top + 16)),
  };
}"""
TYPED_FIELDS = """() => [...document.querySelectorAll(
  "section[data-mode] :is(input:not([type=checkbox]):not([type=radio]):not([type=file]), textarea)")].map((field) => field.id)"""


@pytest.mark.parametrize("lang", ["en", "de", "da"])
def test_the_key_result_stays_in_view_while_typing_on_a_phone(
    browser: Any, served: str, site: SiteConfig, lang: str
) -> None:
    # 390 × 844 and 320 × 640 phones with the on-screen keyboard up: what is left of the page.
    context, page = open_without_engine(browser, 390, 400)
    problems = []
    for tool in tool_pages(site, lang):
        page.goto(served + tool.path)
        unfold_options(page)
        fields = page.evaluate(TYPED_FIELDS)
        assert fields, tool.path
        # The line's module loads at the first focus on a phone's screen.
        page.focus(f"#{fields[0]}")
        page.locator(".key-line").wait_for(state="attached", timeout=10_000)
        page.evaluate("document.activeElement.blur()")
        for width, height in ((390, 400), (320, 330)):
            page.set_viewport_size({"width": width, "height": height})
            for field in fields:
                seen = page.evaluate(FOCUS_AND_LOOK, [field, KEY_RESULTS])
                where = f"/{tool.path} {width}×{height} #{field}"
                if seen["key"] is None:
                    problems.append(f"{where}: no key result named for its group")
                elif not seen["lineInView"]:
                    problems.append(f"{where}: the key result is not in view")
                else:
                    missing = [text for text in seen["key"] if text not in seen["line"]]
                    if missing:
                        problems.append(f"{where}: the line {seen['line']!r} lacks {missing}")
                if not seen["fieldInView"]:
                    problems.append(f"{where}: the field itself is hidden")
            screenshot(page, f"keyboard-{tool.key}-{lang}-{width}")
        page.evaluate("document.activeElement.blur()")
        assert page.evaluate("document.querySelector('.key-line').hidden"), tool.path
        page.set_viewport_size({"width": 390, "height": 400})
    assert problems == [], "\n".join(problems)

    # The line follows the page's numbers as they change, and it is for phones only.
    page.goto(served + f"{lang}/")
    page.focus("#rating_a")
    page.evaluate("document.querySelector('[data-out=\"new_a\"]').textContent = '1\u2009234,5'")
    assert "1\u2009234,5" in page.locator(".key-line").text_content()
    page.set_viewport_size({"width": 1024, "height": 400})
    page.focus("#rating_b")
    assert page.locator(".key-line").is_hidden()
    context.close()

    # A wider screen never loads the line's module, though a field has focus.
    context, page = open_without_engine(browser, 1024, 700)
    page.goto(served + f"{lang}/")
    page.focus("#rating_a")
    page.keyboard.type("1")
    page.wait_for_timeout(500)
    loaded = page.evaluate("performance.getEntriesByType('resource').map((entry) => entry.name)")
    assert any("/assets/app." in name for name in loaded), loaded
    assert not any("/assets/keyline." in name for name in loaded), loaded
    assert page.locator(".key-line").count() == 0
    context.close()


# Each table of an article (an article page's, or a tool's introduction) against its box: its
# width and the cells that reach past the box.
ARTICLE_TABLES = """() => [...document.querySelectorAll("main :is(article.article, .lead) table")].map((table) => {
  const box = table.parentElement.getBoundingClientRect();
  // A stacked table's headings are read out but not shown (each cell shows its own).
  const shown = (cell) => !cell.closest("thead") || cell.closest("thead").getBoundingClientRect().width > 1;
  const cut = [...table.querySelectorAll("th, td")].filter((cell) => {
    const r = cell.getBoundingClientRect();
    return r.width > 0 && shown(cell) && (r.right > box.right + 0.5 || r.left < box.left - 0.5);
  }).map((cell) => cell.textContent.trim());
  return { caption: (table.caption?.textContent || table.rows[0]?.textContent || "").trim().slice(0, 40),
           width: table.getBoundingClientRect().width, box: box.width, cut };
})"""


@pytest.mark.parametrize("lang", ["en", "de", "da"])
def test_every_table_of_every_article_fits_its_box_at_320_px(
    browser: Any, served: str, site: SiteConfig, lang: str
) -> None:
    # Before, the title norms article's live tables were 320 px wide in a 260 px box, the
    # verdict column cut off; a table of several columns now stacks its rows on a phone.
    context, page = open_without_engine(browser, 320, 640)
    problems, seen = [], 0
    for article in (p for p in load_pages(site) if p.lang == lang):
        page.goto(served + article.path)
        for table in page.evaluate(ARTICLE_TABLES):
            seen += 1
            if table["width"] > table["box"] + 0.5 or table["cut"]:
                problems.append(f"/{article.path} {table['caption']!r}: {table}")
    page.goto(served + site_page(site, lang, "title-norms").path)
    page.locator(".live table").first.scroll_into_view_if_needed()
    screenshot(page, f"article-tables-{lang}-320")
    context.close()
    assert seen >= 15
    assert problems == [], "\n".join(problems)


@pytest.mark.parametrize("lang", ["en", "de", "da"])
def test_a_live_tables_new_rows_stack_like_the_builds(
    browser: Any, served: str, site: SiteConfig, lang: str
) -> None:
    context, page, _ = open_page(browser, served + site_page(site, lang, "title-norms").path,
                                 viewport={"width": 320, "height": 640})
    played = page.locator('.live [name="np_played"]')
    played.focus()
    wait_ready(page)
    # A game less: the mix table gets rows the page makes, each cell labelled for a phone.
    rows = page.locator('.live tbody[data-out="np_mix"] > tr')
    before = rows.count()
    played.fill("\n".join(played.input_value().split("\n")[:-1]))
    poll(page, rows.count, lambda count: count != before, 30)
    labels = page.evaluate("""() => [...document.querySelectorAll('.live tbody[data-out="np_mix"] td')]
      .map((cell) => cell.dataset.label || "")""")
    headings = page.evaluate("""() => [...document.querySelector('.live tbody[data-out="np_mix"]')
      .closest("table").tHead.rows[0].cells].map((cell) => cell.textContent.trim())""")
    assert labels and all(label in headings for label in labels), labels
    tables = page.evaluate(ARTICLE_TABLES)
    assert all(t["width"] <= t["box"] + 0.5 and not t["cut"] for t in tables), tables
    context.close()


# Words broken across lines with no hyphen where they break, in the short texts of narrow
# columns (labels, headings, captions, buttons): each letter's line, a soft hyphen's glyph left
# aside (it shows in the next letter's boxes; the letter's own is the lowest).
BROKEN_WORDS = r"""() => {
  const found = [];
  // Labels and headings, not a table's data (a player's name may break where it must).
  for (const el of document.querySelectorAll("main :is(label, legend, thead th, caption, summary, dt, h1, h2, h3), main button:not(tbody button)")) {
    if (!el.getClientRects().length) continue;
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const pieces = /[^\s\u00ad\-–—\/]{2,}/g;
      for (let m = pieces.exec(node.textContent); m; m = pieces.exec(node.textContent)) {
        const lines = new Set();
        for (let i = m.index; i < m.index + m[0].length; i++) {
          const range = document.createRange();
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          const rects = [...range.getClientRects()].filter((r) => r.width > 0);
          if (rects.length) lines.add(Math.round(Math.max(...rects.map((r) => r.top))));
        }
        if (lines.size > 1) found.push(`${el.tagName.toLowerCase()} "${m[0]}"`);
      }
    }
  }
  return [...new Set(found)];
}"""


@pytest.mark.parametrize("width", [320, 390])
def test_labels_break_only_where_a_hyphen_shows(
    browser: Any, served: str, site: SiteConfig, width: int
) -> None:
    # Before, "Gevinster" broke as "Gevins/ter" and "Wertungszeitraum" as "Wertungszeitra/um";
    # long words now carry soft hyphens in the catalogs (hyphens: auto depends on dictionaries).
    context, page = open_without_engine(browser, width, 800)
    problems = found_on_every_page(page, served, site, [BROKEN_WORDS])
    context.close()
    assert problems == [], "\n".join(problems)


# A scroll box's shadows show only when it scrolls: where it does not, the cover drawn in the
# colour behind the box (--edge) must be that colour.
SHADOW_EDGES = """() => [...document.querySelectorAll("main :is(.table-wrap, .formula)")]
  .filter((box) => box.getClientRects().length && box.scrollWidth <= box.clientWidth + 1)
  .map((box) => {
    let behind = "rgba(0, 0, 0, 0)";
    for (let node = box.parentElement; node; node = node.parentElement) {
      const colour = getComputedStyle(node).backgroundColor;
      if (colour !== "rgba(0, 0, 0, 0)" && colour !== "transparent") { behind = colour; break; }
    }
    const probe = document.createElement("span");
    probe.style.color = getComputedStyle(box).getPropertyValue("--edge");
    document.body.append(probe);
    const edge = getComputedStyle(probe).color;
    probe.remove();
    return { box: box.className, text: box.textContent.trim().slice(0, 30), edge, behind };
  }).filter((box) => box.edge !== box.behind)"""


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_scroll_shadows_only_on_boxes_that_scroll(
    browser: Any, served: str, site: SiteConfig, scheme: str
) -> None:
    # Before, a live example's boxes drew their cover in the page's colour on the example's own:
    # the shadows showed on boxes that do not scroll.
    context, page = open_without_engine(browser, 1024, 800, color_scheme=scheme)
    problems = found_on_every_page(page, served, site, [SHADOW_EDGES])
    context.close()
    assert problems == [], "\n".join(problems)
