"""The tool pages in Chromium: FIDE tools (de), club league (en, da), Glicko-2 and DWZ (da)."""

from __future__ import annotations

import csv
from pathlib import Path
from typing import Any

import pytest

from ready_page import (
    choose_file,
    fill,
    new_page,
    open_page,
    open_ready,
    out,
    wait_out,
    wait_ready,
)

pytestmark = pytest.mark.browser

FIXTURES = Path(__file__).resolve().parents[1] / "elo_core" / "fixtures"


def test_german_fide_tools_k_advisor_performance_and_initial(browser: Any, served: str) -> None:
    context, page, errors = open_ready(browser, served + "de/fide-rechner/")

    fill(page, birth_year="1990", year="2026", rated_games="120", rating="1950",
         games_in_period="39")
    wait_out(page, "k_value", "17")
    assert "K = 20" in out(page, "k_reason")
    assert out(page, "k_cap") == "K × n darf 700 nicht übersteigen: Bei n = 39 sinkt K von 20 auf 17."
    page.check('[name="reached_2400"]')
    wait_out(page, "k_value", "10")
    assert "2400" in out(page, "k_reason")

    fill(page, perf_opponents="1800, 1900\n2000 2100", perf_score="3")
    wait_out(page, "perf_fide", "2.143")
    assert out(page, "perf_ra") == "1.950,0"
    assert out(page, "perf_p") == "0,75"
    assert out(page, "perf_dp") == "+193"
    assert out(page, "perf_linear") == "2.150"

    fill(page, init_opponents="1650 1580 1720 1490", init_score="2")
    wait_out(page, "init_note", "Noch keine Elo-Zahl")
    assert out(page, "init_rating") == "–"
    assert out(page, "init_note").startswith("Noch keine Elo-Zahl: 4 gewertete Gegner")
    fill(page, init_opponents="1650 1580 1720 1490 1610", init_score="2,5")
    wait_out(page, "init_rating", "1.664")

    # A bad score is named next to its field, in German.
    page.fill('[name="perf_score"]', "7")
    page.locator('[data-error-for="perf_score"]:visible').wait_for()
    assert page.inner_text('[data-error-for="perf_score"]') == "Höchstens 4 Punkte: einer pro Partie."
    assert page.get_attribute('[name="perf_score"]', "aria-invalid") == "true"
    # Points as the hint writes them: 3½.
    page.fill('[name="perf_score"]', "3½")
    wait_out(page, "perf_p", "0,88")
    assert page.get_attribute('[name="perf_score"]', "aria-invalid") is None
    assert errors == []
    context.close()


def test_english_league_download_and_bad_line(browser: Any, served: str, tmp_path: Path) -> None:
    context, page, errors = open_ready(browser, served + "en/club-league/", accept_downloads=True)
    page.fill('[name="league_k"]', "32")
    wait_out(page, "standings", "1,531.3")
    first = page.locator('[data-out="standings"] tr').first
    assert first.locator("td").all_inner_texts() == ["1", "Anna", "1,531.3", "3", "2", "1", "0", "+31.3"]
    assert out(page, "league_total") == "6,000.0"
    assert page.locator('polyline.series:not(.unused)').count() == 4
    assert out(page, "chart_name_0") == "Anna"

    with page.expect_download() as info:
        page.click('[data-out="standings_csv"]')
    download = info.value
    assert download.suggested_filename == "standings.csv"
    saved = tmp_path / "standings.csv"
    download.save_as(saved)
    assert saved.read_bytes().startswith(b"\xef\xbb\xbf")  # Excel then reads UTF-8
    lines = saved.read_text(encoding="utf-8-sig").splitlines()
    assert lines[0] == "rank,name,rating,games,wins,draws,losses,change"
    assert lines[1] == "1,Anna,1531.3,3,2,1,0,31.3"
    assert len(lines) == 5

    # A bad third line: its number is shown, the last results stay (marked stale), the text stays.
    games = page.input_value('[name="league_games"]')
    bad = games.replace("Anna | Clara | ½", "Anna | Clara")
    page.fill('[name="league_games"]', bad)
    box = page.locator('[data-error-for="league_games"]')
    box.wait_for(state="visible")
    assert box.inner_text() == (
        "Line 3: Write each game on its own line as player A | player B | result: three parts, "
        "where this line has 2."
    )
    assert "is-stale" in (page.get_attribute('[data-mode="league"]', "class") or "")
    assert out(page, "league_total") == "6,000.0"
    assert page.input_value('[name="league_games"]') == bad
    # A count of one takes the singular wording ("1 field", not "1 fields").
    page.select_option('[name="league_format"]', "csv")
    page.fill('[name="league_games"]', "white,black,result\nAnn\n")
    one_field = "Line 2: This row has only 1 field; player A, player B and the result need 3."
    # Wait for the whole message, not a part that another error could share.
    page.locator('[data-error-for="league_games"]', has_text=one_field).wait_for()
    assert box.inner_text() == one_field
    assert errors == []
    context.close()


@pytest.mark.parametrize(("lang", "path", "header"), [
    ("de", "de/vereinsliga/",
     ["Platz", "Name", "Wertung", "Partien", "Siege", "Remis", "Niederlagen", "Änderung"]),
    ("da", "da/klubliga/",
     ["Plads", "Navn", "Rating", "Partier", "Gevinster", "Remis", "Tab", "Ændring"]),
])
def test_the_league_csv_opens_as_columns_in_a_german_or_danish_spreadsheet(
    browser: Any, served: str, tmp_path: Path, lang: str, path: str, header: list[str]
) -> None:
    context, page, errors = open_ready(browser, served + path, accept_downloads=True)
    # K 32 moves every number away from the build's example, so the file is the engine's.
    page.fill('[name="league_k"]', "32")
    wait_out(page, "standings", "1.531,3")
    with page.expect_download() as info:
        page.click('[data-out="standings_csv"]')
    # Named in the page's language.
    assert info.value.suggested_filename == {"de": "tabelle.csv", "da": "stilling.csv"}[lang]
    saved = tmp_path / "standings.csv"
    info.value.save_as(saved)
    assert saved.read_bytes().startswith(b"\xef\xbb\xbf")
    with saved.open(encoding="utf-8-sig", newline="") as handle:
        rows = list(csv.reader(handle, delimiter=";"))
    assert rows[0] == header
    assert len(rows) == 5 and all(len(row) == 8 for row in rows)
    numbers = {row[1]: [float(cell.replace(",", ".")) for cell in row[2:]] for row in rows[1:]}
    assert numbers["Anna"] == [1531.3, 3, 2, 1, 0, 31.3]
    # A loss of rating stays a negative number, not a text.
    assert min(values[-1] for values in numbers.values()) < 0
    assert sum(values[0] for values in numbers.values()) == pytest.approx(6000, abs=0.2)
    assert errors == []
    context.close()


PGN = """[Event "Klubturnering"]
[White "Jens"]
[Black "Mette"]
[Result "1-0"]

1. e4 e5 2. Nf3 1-0

[Event "Klubturnering"]
[White "Mette"]
[Black "Søren"]
[Result "1/2-1/2"]

1. d4 d5 1/2-1/2
"""


def test_danish_league_reads_files_as_clubs_save_them_and_lists_what_it_left_out(
    browser: Any, served: str
) -> None:
    context = browser.new_context()
    # What the page and its engine worker ask for; the offline service worker's own requests
    # (it may pre-cache files for later) are left out.
    requested: list[str] = []

    def record(request: Any) -> None:
        if request.service_worker is None:
            requested.append(request.url)

    context.on("request", record)
    page, errors = new_page(context, served + "da/klubliga/")
    wait_ready(page)
    page.fill('[name="league_start"]', "1600")
    wait_out(page, "league_total", "6.400,0")
    # A CSV file chosen in the file field is read into the text area, locally.
    page.select_option('[name="league_format"]', "csv")
    choose_file(page, "#league_file", "liga.csv", "hvid;sort;resultat\nJens;Mette;1-0\n",
                "text/csv")
    wait_out(page, "league_players", "2")
    notes = page.locator('[data-out="league_notes"]')
    assert notes.is_hidden()

    # Excel's "Unicode text": UTF-16 with a BOM, tab-separated; its forfeit is listed, not rated.
    unicode_text = FIXTURES / "league-excel-unicode.txt"
    choose_file(page, "#league_file", "liga.txt", unicode_text.read_bytes())
    wait_out(page, "league_players", "4")
    notes.wait_for(state="visible", timeout=10_000)
    assert notes.locator("li").all_inner_texts() == [
        "Linje 5: »+:-« betyder et parti uden kamp. Partier uden kamp rates ikke, så dette udelades."
    ]
    # Excel's older "CSV" is Windows-1252: ø stays ø, not "�".
    choose_file(page, "#league_file", "liga.csv",
                "hvid;sort;resultat\nSøren;Jens;0,5\n".encode("cp1252"), "text/csv")
    wait_out(page, "league_players", "2")
    names = page.locator('[data-out="standings"] tr td:nth-child(2)').all_inner_texts()
    assert sorted(names) == ["Jens", "Søren"]
    assert notes.is_hidden()

    # PGN is read by elo_core itself: python-chess is never downloaded.
    page.select_option('[name="league_format"]', "pgn")
    page.fill('[name="league_games"]', PGN)
    wait_out(page, "league_players", "3")
    assert out(page, "league_games_count") == "2"
    names = page.locator('[data-out="standings"] tr td:nth-child(2)').all_inner_texts()
    assert sorted(names) == ["Jens", "Mette", "Søren"]
    assert not any("/chess-" in url for url in requested), requested
    assert errors == []
    context.close()


def test_danish_glicko2_and_dwz(browser: Any, served: str) -> None:
    context, page, errors = open_ready(browser, served + "da/glicko-dwz/")
    page.fill('[name="g_games"]', "1400 | 30 | 1\n1550 | 100 | 1")
    wait_out(page, "g_new_rating", "1.629,9")
    assert out(page, "g_change") == "+129,9"
    assert out(page, "g_new_rd") == "158,3"
    assert out(page, "g_new_volatility") == "0,06000"

    # The day of the last game defaults to the visitor's today: the rules from 8 June 2026.
    today = page.evaluate(
        "(() => { const d = new Date(); const p = (n) => String(n).padStart(2, '0');"
        " return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`; })()"
    )
    assert page.input_value('[name="dwz_played"]') == today
    page.fill('[name="dwz_age"]', "19")
    # 19, DWZ 1650, index 12: K0 32; W = 3 ≥ We = 2.209, so a = (2000 − 1650) / 30 = 11.7.
    wait_out(page, "dwz_k", "43,7")
    assert out(page, "dwz_rules").startswith("Regler fra 8. juni 2026")
    assert (out(page, "dwz_k0"), out(page, "dwz_b"), out(page, "dwz_a")) == ("32", "1,000", "11,7")
    assert out(page, "dwz_we") == "2,209"
    assert out(page, "dwz_new") == "1.685"  # 1650 + 43.7 × 0.791 = 1684.57
    assert out(page, "dwz_change") == "+35"
    assert out(page, "dwz_a_reason").startswith(
        "a = (2000 − R0) / 30 = (2000 − 1650) / 30 = 11,7: højst 20 år")
    # The step from the formula's change to the new DWZ: 43.7 × 0.791 = 34.57, rounded.
    assert out(page, "dwz_result") == ("1650 + (+34,6) = 1684,6, afrundet til et helt tal: "
                                       "Den nye DWZ er 1.685, en ændring på +35.")
    assert page.locator('[data-out="dwz_k"]').is_visible()
    assert not page.locator('[data-out="dwz_e"]').is_visible()

    # A last game before 8 June 2026: the coefficient E and its parts, each with its reason.
    page.fill('[name="dwz_played"]', "2026-06-07")
    wait_out(page, "dwz_e", "10")
    assert out(page, "dwz_rules").startswith("Regler før 8. juni 2026")
    assert out(page, "dwz_new") == "1.692"
    assert out(page, "dwz_change") == "+42"
    assert page.locator('[data-out="dwz_e"]').is_visible()
    assert out(page, "dwz_j_reason") == "J = 5: højst 20 år."
    assert out(page, "dwz_e0_reason") == "E0 = (R0 / 1000)⁴ + J = (1650 / 1000)⁴ + 5 = 12,41."
    assert out(page, "dwz_fb_reason").startswith("fB = R0 / 2000 = 1650 / 2000 = 0,825: højst 20 år")
    assert out(page, "dwz_sbr_reason") == "SBr = 0: intet bremsetillæg ved en DWZ på 1300 eller mere."
    assert out(page, "dwz_e_reason") == (
        "E = E0 × fB + SBr = 12,41 × 0,825 + 0,00 = 10,24, afrundet til et helt tal: 10.")
    for name in ("dwz_j_reason", "dwz_fb_reason", "dwz_e_reason"):
        assert page.locator(f'[data-out="{name}"]').is_visible()
    assert not page.locator('[data-out="dwz_k"]').is_visible()
    assert not page.locator('[data-out="dwz_k0_reason"]').is_visible()

    # A loss that the new rules' floor lifts, said in Danish.
    fill(page, dwz_played="2026-11-15", dwz_rating="1150", dwz_age="30", dwz_index="5",
         dwz_games="1150 | 0\n1150 | 0\n1150 | 0\n1150 | 0")
    wait_out(page, "dwz_new", "1.100")
    # The step the floor takes: 1150 − 32.5 × 2 = 1085, lifted to 1100.
    assert out(page, "dwz_result") == ("1150 + (-65,0) = 1085,0 er under den laveste DWZ, 1100, "
                                       "så den nye DWZ er 1100: en ændring på -50.")
    assert page.locator('[data-out="dwz_result"]').is_visible()
    assert out(page, "dwz_b_reason").startswith("b = (R0 + 800) / 2400 = (1150 + 800) / 2400 = 0,813")

    page.fill('[name="g_games"]', "1400 | 30 | 1\n1550 | 100")
    box = page.locator('[data-error-for="g_games"]')
    box.wait_for(state="visible")
    assert box.inner_text().startswith("Linje 2:")
    assert errors == []
    context.close()


@pytest.mark.parametrize("path", ["en/club-league/", "de/vereinsliga/", "da/klubliga/"])
def test_league_standings_fit_a_phone_and_show_every_column_on_a_desktop(
    browser: Any, served: str, path: str
) -> None:
    fits = """() => {
      const box = document.querySelector(".standings").closest(".table-scroll");
      return box.scrollWidth <= box.clientWidth;
    }"""
    visible = """() => [...document.querySelectorAll(".standings thead th")]
      .filter((th) => th.offsetWidth > 0).length"""
    for width, columns in ((360, 4), (1024, 8)):
        context, page, _ = open_page(browser, served + path,
                                     viewport={"width": width, "height": 800})
        assert page.evaluate(fits), f"standings scroll sideways at {width} px"
        assert page.evaluate(visible) == columns
        context.close()
