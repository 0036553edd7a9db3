"""The tournament page with a 209-player open (tests/tournament_files.py) on phones and a desktop,
in every language: the summary in view after a file, a player's panel that fits 320 px, a table
that fits its card at 1280 px, the norm list's links (beyond the first hundred players too) and
the norm certificates printed to A4."""

from __future__ import annotations

import io
import re
from typing import Any

import pytest
from pypdf import PdfReader

from ready_page import choose_file, open_ready, poll
from tournament_files import open_event

from elo_core.page import compute

pytestmark = pytest.mark.browser

PATHS = {"en": "en/tournament/", "de": "de/turnier/", "da": "da/turnering/"}
TEXT = open_event()
ANSWER = compute("trf", {"trf_text": TEXT})["outputs"]
# (start number, title) of every norm achieved, as elo_core has them, and one player with checks.
ACHIEVED = [(row[0], row[1]) for row in ANSWER["trf_certificates"]["rows"]]
NORM_PLAYER = ACHIEVED[0][0]


# How far below the top of the file field the results start: at most a screen.
RESULTS_BELOW_FIELD = """() => document.getElementById("trf-summary").getBoundingClientRect().top
  - document.getElementById("trf_file").closest(".field").getBoundingClientRect().top"""


def open_with_the_open(browser: Any, served: str, lang: str, width: int, height: int
                       ) -> tuple[Any, Any, list[str]]:
    """The tournament page on a ``width`` × ``height`` screen, the results within a screen of the
    file field; then the open chosen there, once its norm list and its table are made."""
    context, page, errors = open_ready(browser, served + PATHS[lang],
                                       viewport={"width": width, "height": height})
    assert page.evaluate(RESULTS_BELOW_FIELD) < height
    choose_file(page, "#trf_file", "taunus-open.trf", TEXT)
    page.locator(f'.trf-norm-line[data-number="{NORM_PLAYER}"]').first.wait_for(timeout=60_000)
    page.locator("table.trf-table:not([aria-busy])").wait_for(state="attached", timeout=20_000)
    return context, page, errors


# Every box inside the opened player that is wider than the screen, or a cell or value whose
# text runs past the screen's right edge (a clipped number).
OVERFLOWS = """(body) => {
  const width = document.documentElement.clientWidth;
  const found = [];
  for (const element of body.querySelectorAll("tr.trf-rounds *")) {
    const box = element.getBoundingClientRect();
    if (box.width === 0) continue;
    if (box.right > width + 0.5 || element.scrollWidth > element.clientWidth + 1
        && getComputedStyle(element).overflowX !== "visible") {
      found.push(`${element.tagName}.${element.className}: ${Math.round(box.right)} > ${width}`);
    }
  }
  return found;
}"""


def fits_the_screen(page: Any, body: Any, width: int) -> None:
    assert page.evaluate("() => document.documentElement.scrollWidth") <= width
    assert body.evaluate(OVERFLOWS) == []
    # Every requirement is a card whose cells carry their headings.
    cells = body.locator("table.trf-norm td[data-label]")
    assert cells.count() == 4 * body.locator("table.trf-norm tbody tr").count() > 0


@pytest.mark.parametrize("lang", ["en", "de", "da"])
def test_on_a_phone_the_summary_comes_into_view_and_a_player_fits_the_screen(
    browser: Any, served: str, lang: str
) -> None:
    context, page, errors = open_with_the_open(browser, served, lang, 390, 740)
    # The answer is shown: the summary is in the viewport (the form above is a screen tall).
    top, bottom = page.locator("#trf-summary").evaluate(
        "(p) => { const box = p.getBoundingClientRect(); return [box.top, box.bottom]; }")
    assert -1 <= top and bottom <= 740, (top, bottom)
    assert page.locator(".trf-to-results").is_visible()
    # The norm list's name opens the player with norm checks and scrolls to it.
    page.locator(f'.trf-norm-line[data-number="{NORM_PLAYER}"] a.trf-player-link').first.click()
    body = page.locator(f"#trf-player-{NORM_PLAYER}")
    body.locator("table.trf-norm").first.wait_for()
    assert body.locator(".trf-open").get_attribute("aria-expanded") == "true"
    assert -1 <= body.evaluate("(b) => b.getBoundingClientRect().top") < 740
    fits_the_screen(page, body, 390)
    page.set_viewport_size({"width": 320, "height": 568})
    fits_the_screen(page, body, 320)
    assert page.evaluate(RESULTS_BELOW_FIELD) < 568
    assert errors == []
    context.close()


def table_fits_its_card(page: Any) -> None:
    sizes = page.evaluate("""() => {
      const table = document.querySelector("table.trf-table");
      const card = table.closest("section.calculator");
      const style = getComputedStyle(card);
      const inner = card.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      const rows = [...table.tBodies].map((body) => {
        const row = body.rows[0];
        const cell = row.cells[1];
        const line = parseFloat(getComputedStyle(cell).lineHeight);
        const pad = parseFloat(getComputedStyle(cell).paddingTop) + parseFloat(getComputedStyle(cell).paddingBottom);
        return row.getBoundingClientRect().height <= 2 * line + pad + 1;
      });
      return { table: table.getBoundingClientRect().width, inner, rows: rows.length,
               tall: rows.filter((fits) => !fits).length,
               scroll: document.documentElement.scrollWidth };
    }""")
    assert sizes["table"] <= sizes["inner"] + 0.5, sizes
    assert sizes["rows"] == 100 and sizes["tall"] == 0, sizes
    assert sizes["scroll"] <= 1280


def pdf_pages(page: Any) -> list[str]:
    reader = PdfReader(io.BytesIO(page.pdf(format="A4", print_background=False)))
    return [sheet.extract_text() for sheet in reader.pages]


def certificates_print_one_sheet_each(page: Any, lang: str) -> None:
    page.locator("#trf-print-certificates").click()
    assert poll(page, lambda: page.evaluate("() => window.printed || 0")) == 1
    sheets = pdf_pages(page)
    assert len(sheets) == len(ACHIEVED)
    names = {row[0]: row[1] for row in ANSWER["trf_rows"]["rows"]}
    checks = ANSWER["trf_norm_checks"]["rows"]
    for sheet, (number, title), certificate in zip(sheets, ACHIEVED,
                                                    ANSWER["trf_certificates"]["rows"]):
        flat = re.sub(r"\s+", " ", sheet)
        assert names[number] in flat, (names[number], flat[:300])
        assert title in flat
        # Ra and Rp as the page's language groups them (2,491 or 2.491).
        separator = "," if lang == "en" else "."
        for figure in (certificate[5], certificate[7]):
            shown = f"{int(figure):,}".replace(",", separator)
            assert shown in flat, shown
        rules = {row[6] for row in checks if row[0] == number and row[1] == title}
        for rule in rules:
            assert rule in flat, rule
        assert "IT1" in flat
    # The page prints as itself again once the certificates are printed.
    page.evaluate("() => window.dispatchEvent(new Event('afterprint'))")
    assert page.evaluate("() => document.documentElement.dataset.print") is None


def opens_a_player_beyond_the_first_hundred(page: Any) -> None:
    # Sorted by start number, descending: the first player with a norm is beyond row 100.
    heading = page.locator("table.trf-table > thead th").nth(0).locator("button.sort")
    heading.click()
    heading.click()
    page.locator("table.trf-table:not([aria-busy])").wait_for(state="attached")
    assert page.locator(f"#trf-player-{NORM_PLAYER}").count() == 0
    page.locator(f'.trf-norm-line[data-number="{NORM_PLAYER}"] a.trf-player-link').first.click()
    body = page.locator(f"#trf-player-{NORM_PLAYER}")
    body.locator("tr.trf-rounds:not([hidden])").wait_for(timeout=20_000)
    assert -1 <= body.evaluate("(b) => b.getBoundingClientRect().top") < 900


@pytest.mark.parametrize("lang", ["en", "de", "da"])
def test_on_a_desktop_the_table_fits_and_the_norm_certificates_print_one_a4_sheet_each(
    browser: Any, served: str, lang: str
) -> None:
    context, page, errors = open_with_the_open(browser, served, lang, 1280, 900)
    # The print dialog is the browser's: the test prints to PDF itself.
    page.evaluate("() => { window.print = () => { window.printed = (window.printed || 0) + 1; }; }")
    table_fits_its_card(page)
    certificates_print_one_sheet_each(page, lang)
    if lang == "en":
        opens_a_player_beyond_the_first_hundred(page)
    assert errors == []
    context.close()
