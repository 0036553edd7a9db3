"""Title norms on the tournament page, once per language: a loaded file shows the norm the player
made, a missed one with the points short, and the player's panel lists every requirement with
its paragraph and the opponent raised to the rating floor."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from ready_page import choose_file, open_ready, player_row, wait_out

pytestmark = pytest.mark.browser

FIXTURE = (
    Path(__file__).resolve().parents[1] / "elo_core" / "fixtures" / "trf"
    / "nordic_invitational_2025_trf16.txt"
)
NORDIC = FIXTURE.read_text(encoding="utf-8")

# The fixture is a 10-player round robin. Sørensen (WIM, DEN) scores 6.5 of 9: 72 %, dp 166.
# Her opponents: 2480 2455 2390 2370 2310 2300 2290 2260 and Meyer 1980, below the IM floor
# 2050 and raised to it: Ra = 20905 / 9 = 2322.8 → 2323, Rp = 2323 + 166 = 2489 ≥ 2449.5 (Ra
# is rounded first, so Rp is whole: the same verdict as 2322.8 + 166 = 2488.8 before rounding).
# Four federations besides DEN (NOR, POL, GER, SWE); 3 from DEN (≤ 5), none has more (≤ 6);
# 7 title-holders (≥ 5), 4 IM or GM (≥ 3).
# GM: Ra 2339 < 2380, no line. WGM: made too. Holm (FM, 4 of 9) against an IM Ra of 2325
# needs dp ≥ 124.5: 67 % = 6 of 9, so 2 points short.
PATHS = {"en": "en/tournament/", "de": "de/turnier/", "da": "da/turnering/"}
# A norm made, one missed and what it misses by.
VERDICTS = {
    "en": ("{} norm achieved", "{} norm not achieved", "Missing: 2.0 more points (6.0 needed)."),
    "de": ("{}-Norm erfüllt", "{}-Norm nicht erfüllt", "Es fehlen: 2,0 Punkte mehr (6,0 nötig)."),
    "da": ("{}-norm opnået", "{}-norm ikke opnået", "Mangler: 2,0 point mere (6,0 kræves)."),
}
# What is needed: at least or at most.
BOUNDS = {"en": ("at least", "at most"), "de": ("mindestens", "höchstens"),
          "da": ("mindst", "højst")}
YES = {"en": "Yes", "de": "Ja", "da": "Ja"}
CAPTIONS = {
    "en": "IM norm, requirement by requirement: Sørensen, Freja",
    "de": "IM-Norm, Bedingung für Bedingung: Sørensen, Freja",
    "da": "IM-norm, krav for krav: Sørensen, Freja",
}
RAISED = {
    "en": "Meyer, Tom (no. 10, rated 1,980) counts as 2,050",
    "de": "Meyer, Tom (Nr. 10, Elo 1.980) zählt mit 2.050",
    "da": "Meyer, Tom (nr. 10, rating 1.980) tæller som 2.050",
}
# Her IM table, row by row: the requirement (in English), what she has, what is needed (at
# least or at most) and its paragraph.
LABELS = [
    "Games that count", "Federations other than the player's own",
    "Opponents from the player's own federation", "Most opponents from one federation",
    "Title-holders among the opponents (not CM or WCM)",
    "Opponents with the title IM or GM", "Average rating of the opponents (Ra)",
    "Performance (Rp, before rounding)", "Points (at least 35 %)",
]
VALUES = ["9", "4", "3", "3", "7", "4", "2,323", "2,489", "6.5"]
NEEDED = [(0, "9"), (0, "2"), (1, "5"), (1, "6"), (0, "5"), (0, "3"), (0, "2,230"),
          (0, "2,449.5"), (0, "3.5")]
RULES = ["B.01 1.4.1", "B.01 1.4.3", "B.01 1.4.4", "B.01 1.4.4", "B.01 1.4.5", "B.01 1.4.5",
         "B.01 1.4.7", "B.01 1.4.8", "B.01 1.4.8"]


NORM_LINES = """() => [...document.querySelectorAll(".trf-norm-line")].map((line) => [
  line.dataset.number, line.dataset.title, line.className.match(/is-(\\w+)/)[1],
  line.querySelector(".trf-norm-verdict").textContent,
  line.querySelector(".trf-norm-missing")?.textContent || ""])"""


def norm_lines(page: Any) -> list[list[str]]:
    """Each line of the norm list: start number, title sought, state, verdict, what is missing
    (those missed are behind a disclosure, listed all the same)."""
    return page.evaluate(NORM_LINES)  # type: ignore[no-any-return]


def in_lang(number: str, lang: str) -> str:
    """An English number as the page's language writes it: 2,449.5 in German is 2.449,5."""
    return number if lang == "en" else number.translate(str.maketrans(",.", ".,"))


@pytest.mark.parametrize("lang", ["en", "de", "da"])
def test_a_loaded_file_shows_the_norm_and_every_requirement(
    browser: Any, served: str, lang: str
) -> None:
    context, page, errors = open_ready(browser, served + PATHS[lang])
    # The example has five rounds: no norm is within reach, and the page says so.
    assert page.locator(".trf-no-norms").is_visible()
    assert page.locator(".trf-norm-list").first.is_hidden()
    # The federation rules as the file shows them: waived only for a big Swiss (1.4.3d).
    assert page.input_value('[name="trf_exemption"]') == "auto"

    choose_file(page, "#trf_file", "nordic.trf", NORDIC)
    wait_out(page, "trf_name", "Nordic Invitational 2025")
    page.locator(".trf-norm-list").first.wait_for(state="visible")
    assert page.locator(".trf-no-norms").is_hidden()
    lines = norm_lines(page)
    made, not_made, short = VERDICTS[lang]
    assert lines[:2] == [["1", title, "achieved", made.format(title), ""]
                         for title in ("IM", "WGM")]
    assert ["6", "IM", "missed", not_made.format("IM"), short] in lines
    assert all(line[0] != "1" or line[2] != "GM" for line in lines)  # Ra 2339: out of reach

    # Her panel: a table per title, every requirement with what she has, what is needed,
    # whether it is met and its paragraph; then the opponent raised to the floor.
    freja = player_row(page, "Sørensen")
    freja.locator(".trf-open").click()
    tables = freja.locator("table.trf-norm")
    tables.first.wait_for()
    assert tables.count() == 3  # GM, IM and WGM: she holds WIM
    im = freja.locator("table.trf-norm", has_text=CAPTIONS[lang])
    assert im.locator("caption").inner_text() == CAPTIONS[lang]
    rows = im.locator("tbody tr")
    assert rows.count() == 9
    cells = [rows.nth(i).locator("th, td").all_inner_texts() for i in range(9)]
    if lang == "en":
        assert [row[0] for row in cells] == LABELS
    assert [row[1] for row in cells] == [in_lang(value, lang) for value in VALUES]
    assert [row[2] for row in cells] == [
        f"{BOUNDS[lang][bound]} {in_lang(value, lang)}" for bound, value in NEEDED]
    assert [row[3] for row in cells] == [YES[lang]] * 9
    assert [row[4] for row in cells] == RULES
    notes = freja.locator(".trf-norm-note").all_inner_texts()
    assert any(note.startswith(RAISED[lang]) for note in notes)
    assert errors == []
    context.close()
