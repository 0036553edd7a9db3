"""The norm planner in Chromium, once per language: its answer is points_needed's for the Ra the
games typed give, with the rating floor applied per title."""

from __future__ import annotations

from typing import Any

import pytest

from elo_core import norms
from ready_page import fill, open_ready, wait_out

pytestmark = pytest.mark.browser

PATHS = {"en": "en/norm-planner/", "de": "de/normrechner/", "da": "da/normberegner/"}
OF = {"en": "{points} of {games}", "de": "{points} aus {games}", "da": "{points} af {games}"}
STILL = {"en": "{points} from the {left} games left", "de": "{points} aus den {left} restlichen Partien",
         "da": "{points} af de {left} resterende partier"}
DECIMAL = {"en": ".", "de": ",", "da": ","}
SINGLE_NEEDED = {
    "en": "1 opponent still to come is not listed: enter that opponent's rating.",
    "de": "1 kommender Gegner ist nicht aufgeführt: Geben Sie seine Elo-Zahl ein.",
    "da": "1 kommende modstander er ikke angivet: indtast modstanderens rating."}

# Ten rounds: 2500 won, 2410 drawn, 1900 won (2.5 points); 2450 to come; six more averaging
# 2420 (14520). The 1900 is below every floor but the WIM's 1850, and the only one raised:
# GM 2500 + 2410 + 2200 + 2450 + 14520 = 24080 → Ra 2408; IM (2050) 23930 → 2393;
# WGM (2000) 23880 → 2388; WIM (no raise) 23780 → 2378.
RA = {"GM": 2408, "IM": 2393, "WGM": 2388, "WIM": 2378}


@pytest.mark.parametrize("lang", ["en", "de", "da"])
def test_the_planners_answer_is_points_needed(browser: Any, served: str, lang: str) -> None:
    context, page, errors = open_ready(browser, served + PATHS[lang])
    fill(page, np_rounds="10",
         np_played="2500 | 1 | GM | GER\n2410 | = | IM | SWE\n1900 | 1 | | NOR",
         np_coming="2450 | GM | POL", np_average="2420")
    wait_out(page, "np_left", "7")
    wait_out(page, "np_games", "10")
    # The answer comes after the last field's: wait until the GM row shows the Ra worked out
    # above (any earlier answer, for the fields half typed, shows another Ra).
    expected_ra = f"{RA['GM']:,}".replace(",", "," if lang == "en" else ".")
    page.wait_for_function(
        "(ra) => document.querySelector('[data-out=\"np_rows\"] tr td')?.textContent === ra",
        arg=expected_ra,
    )
    rows = page.locator('[data-out="np_rows"] tr')
    shown = {}
    for index in range(rows.count()):
        cells = rows.nth(index).locator("th, td").all_inner_texts()
        shown[cells[0]] = cells[1:]
    assert list(shown) == ["GM", "IM", "WGM", "WIM"]
    for title, ra in RA.items():
        needed = norms.points_needed(title, 10, ra)  # type: ignore[arg-type]
        assert needed is not None
        points = f"{needed:.1f}".replace(".", DECIMAL[lang])
        still = f"{needed - 2.5:.1f}".replace(".", DECIMAL[lang])
        ra_text = f"{ra:,}".replace(",", "," if lang == "en" else ".")
        assert shown[title][0] == ra_text
        assert shown[title][1] == OF[lang].format(points=points, games=10)
        assert shown[title][2] == STILL[lang].format(points=still, left=7)
    # A line that cannot be read is named next to its field, in the page's language.
    page.fill('[name="np_coming"]', "2450 | GM | POL | extra")
    box = page.locator('[data-error-for="np_coming"]')
    box.wait_for(state="visible")
    assert "2450 | GM | GER" in box.inner_text()
    # Nine rounds known of ten and no average typed: one opponent, in the singular.
    fill(page, np_coming="2450 | GM | POL\n2400 | GM | POL\n2400 | GM | POL\n2400 | GM | POL\n"
                         "2400 | GM | POL\n2400 | GM | POL", np_average="")
    needed = page.locator('[data-error-for="np_average"]')
    needed.wait_for(state="visible")
    assert needed.inner_text() == SINGLE_NEEDED[lang]
    assert errors == []
    context.close()
