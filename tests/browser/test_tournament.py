"""The tournament page in Chromium, once per language: a TRF file chosen (and dropped) is rated
on the device; a player's row, the CSV, sorting, a player's rounds and a bad line; and no request
carries the file."""

from __future__ import annotations

import csv
import json
from pathlib import Path
from typing import Any

import pytest

from ready_page import (
    choose_file,
    new_page,
    open_ready,
    player_row,
    poll,
    wait_out,
    wait_ready,
)

from elo_core.page import compute_json, parse_reply
from elo_core.page.trf import CSV_COLUMNS

pytestmark = pytest.mark.browser

FIXTURES = Path(__file__).resolve().parents[1] / "elo_core" / "fixtures" / "trf"
SPRING = (FIXTURES / "spring_open_2025_trf16.txt").read_text(encoding="utf-8")
WINTER = (FIXTURES / "winter_club_2026_trf26.txt").read_text(encoding="utf-8")

# Rossi, 1720, born 2012: a junior in 2025, K 40. Rated games: Okafor 2291 ½ (D 571 counts as
# 400: E 0.08), Novak 1870 0 (E 0.30), Lindqvist 2150 1 (E 0.08), Halvorsen 2712 0 (E 0.08);
# her bye and her game against the unrated Weber do not count. 40 × (1.5 − 0.54) = 38.4 → +38.
ROSSI = {
    "en": ["8", "Rossi, Giulia", "1,720", "40*", "4", "1.5", "0.54", "+38", "1,758", "2,169", "–"],
    "de": ["8", "Rossi, Giulia", "1.720", "40*", "4", "1,5", "0,54", "+38", "1.758", "2.169", "–"],
    "da": ["8", "Rossi, Giulia", "1.720", "40*", "4", "1,5", "0,54", "+38", "1.758", "2.169", "–"],
}
CASES = {
    "en": {
        "path": "en/tournament/",
        "weber_first": "2,085",
        "weber": "The results give a first FIDE rating of 2,085.",
        "not_rated": "Not rated: played, but not rated (for example, it ended before a move was made).",
        "black": "Black",
        "bad_line": "Line 16 (Lindqvist, Erik): Round 1 (column 99): “?” is not a result code (1, =, 0, +, "
                    "-, W, D, L, H, F, U, Z or blank).",
        "show_line": "Show line 16",
        "kinds": ["Dates that cannot be read and are left out: 1",
                  "No readable end date: the junior K-factor uses the last round's year"],
        "csv": "tournament-ratings.csv",
        "warnings": [
            "Line 5: The date “13th of Smarch” (record 052) cannot be read and is left out.",
            "The end date (052) is missing or cannot be read. The junior K-factor is worked out for "
            "2025, the year of the last round date.",
        ],
    },
    "de": {
        "path": "de/turnier/",
        "weber_first": "2.085",
        "weber": "Die Ergebnisse ergeben eine erste FIDE-Elo-Zahl von 2.085.",
        "not_rated": "Nicht gewertet: gespielt, aber nicht zur Wertung gemeldet (etwa, weil noch kein "
                     "Zug gespielt war).",
        "black": "Schwarz",
        "bad_line": "Zeile 16 (Lindqvist, Erik): Runde 1 (Spalte 99): „?“ ist kein Ergebniscode (1, =, 0, "
                    "+, -, W, D, L, H, F, U, Z oder leer).",
        "show_line": "Zeile 16 zeigen",
        "kinds": ["Nicht lesbare Daten, nicht berücksichtigt: 1",
                  "Kein lesbares Enddatum: Der K-Faktor für Jugendliche richtet sich nach dem "
                  "Jahr der letzten Runde"],
        "csv": "turnier-wertung.csv",
        "warnings": [
            "Zeile 5: Das Datum „13th of Smarch“ (Satzart 052) ist nicht lesbar und bleibt "
            "unberücksichtigt.",
            "Das Enddatum (052) fehlt oder ist nicht lesbar. Der K-Faktor für "
            "Jugendliche wird für 2025 bestimmt, das Jahr des letzten Rundendatums.",
        ],
    },
    "da": {
        "path": "da/turnering/",
        "weber_first": "2.085",
        "weber": "Resultaterne giver en første FIDE-rating på 2.085.",
        "not_rated": "Ikke ratet: spillet, men ikke indberettet til rating (fx fordi det sluttede, før "
                     "der var trukket).",
        "black": "Sort",
        "bad_line": "Linje 16 (Lindqvist, Erik): Runde 1 (kolonne 99): »?« er ikke en resultatkode (1, =, "
                    "0, +, -, W, D, L, H, F, U, Z eller tom).",
        "show_line": "Vis linje 16",
        "kinds": ["Datoer, der ikke kan læses og udelades: 1",
                  "Ingen læsbar slutdato: junior-K-faktoren bruger året for sidste runde"],
        "csv": "turnering-rating.csv",
        "warnings": [
            "Linje 5: Datoen »13th of Smarch« (post 052) kan ikke læses og udelades.",
            "Slutdatoen (052) mangler eller kan ikke læses. Juniorernes K-faktor beregnes for 2025, "
            "året for den sidste rundedato.",
        ],
    },
}
# Rossi's row of the CSV as the reader's spreadsheet reads it: the numbers of the row above;
# 2.5 points in the file (her bye and her game against the unrated Weber count there).
CSV_ROSSI = {
    "start_number": 8, "rating": 1720, "k": 40, "games": 4, "score": 1.5, "expected": 0.54,
    "change": 38.4, "rounded_change": 38, "new_rating": 1758, "performance": 2168.8,
    "file_points": 2.5,
}
CSV = {
    "en": {"delimiter": ",", "decimal": ".", "header": ["start_number", "name", "rating", "k"],
           "junior": "junior"},
    "de": {"delimiter": ";", "decimal": ",", "header": ["Startnummer", "Name", "Elo", "K"],
           "junior": "Jugendlicher (unter 2300)"},
    "da": {"delimiter": ";", "decimal": ",", "header": ["Startnummer", "Navn", "Rating", "K"],
           "junior": "junior (under 2300)"},
}

DROP = """(text) => {
  const files = new DataTransfer();
  files.items.add(new File([text], "winter.trf", { type: "text/plain" }));
  const zone = document.querySelector("[data-drop-for]");
  for (const type of ["dragenter", "dragover", "drop"]) {
    zone.dispatchEvent(new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer: files }));
  }
}"""


def names(page: Any) -> list[str]:
    result: list[str] = page.locator(".trf-table > tbody > tr:first-child > th").all_inner_texts()
    return [name.lstrip("▸▾ ").strip() for name in result]


def choose_spring(page: Any, text: str = SPRING) -> None:
    """Chooses the spring open (or ``text``, a changed copy) and waits until it is rated."""
    choose_file(page, "#trf_file", "spring.trf", text)
    wait_out(page, "trf_name", "Lakeside Spring Open 2025")


def random_tournament(players: int, rounds: int) -> str:
    """A tournament file of the benchmark's generator, as the benchmark runs it (bench/ on
    the path)."""
    import importlib
    import sys

    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
    text: str = importlib.import_module("trf").random_tournament(players=players, rounds=rounds)
    return text


def nothing_scrolls_sideways(page: Any, width: int) -> None:
    """Neither the page nor the table's own box scrolls sideways."""
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    wrap = page.locator(".trf-table").locator("xpath=..")
    assert wrap.evaluate("(box) => box.scrollWidth <= box.clientWidth")


@pytest.mark.parametrize("lang", ["en", "de", "da"])
def test_a_tournament_file_is_rated_on_the_device(
    browser: Any, served: str, tmp_path: Path, lang: str
) -> None:
    case = CASES[lang]
    context = browser.new_context(accept_downloads=True)
    requests: list[tuple[str, str]] = []
    context.on("request", lambda request: requests.append((request.url, request.post_data or "")))
    page, errors = new_page(context, served + case["path"])
    wait_ready(page)
    # The build's example is on the page before anything is typed.
    assert page.inner_text('[data-out="trf_name"]') == "Riverside Summer Open 2025"

    choose_spring(page)
    assert page.input_value('[name="trf_text"]') == SPRING
    assert page.inner_text('[data-out="trf_players"]') == "10"
    assert page.eval_on_selector("#trf_file", "(input) => input.files.length") == 1

    # A player's row, in the page's number format; a junior's K marked, the reason in the
    # marker's title and in the player's panel.
    rossi = player_row(page, "Rossi, Giulia")
    cells = rossi.locator("tr").first.locator("th, td").all_inner_texts()
    assert [cells[0], cells[1].lstrip("▸ ")] + cells[2:] == ROSSI[lang]
    assert rossi.locator("abbr.trf-k-mark").get_attribute("title").startswith("K = 40")
    weber = player_row(page, "Weber, Jonas")
    assert weber.locator("tr").first.locator("td").all_inner_texts()[-1] == case["weber_first"]
    weber.locator(".trf-open").click()
    assert weber.locator(".trf-why dd").inner_text() == case["weber"]
    weber.locator(".trf-open").click()

    # The CSV download holds every player and opens as columns in the reader's spreadsheet:
    # UTF-8 with a byte order mark; semicolons and decimal commas in German and Danish.
    with page.expect_download() as info:
        page.click('[data-out="trf_csv"]')
    saved = tmp_path / "ratings.csv"
    info.value.save_as(saved)
    assert info.value.suggested_filename == case["csv"]
    assert saved.read_bytes().startswith(b"\xef\xbb\xbf")
    style = CSV[lang]
    with saved.open(encoding="utf-8-sig", newline="") as handle:
        table = list(csv.reader(handle, delimiter=style["delimiter"]))
    assert len(table) == 11 and all(len(row) == len(CSV_COLUMNS) for row in table)
    assert table[0][:4] == style["header"]
    rossi = dict(zip(CSV_COLUMNS, table[8]))
    assert rossi["name"] == "Rossi, Giulia" and rossi["k_rule"] == style["junior"]
    for column, expected in CSV_ROSSI.items():
        assert float(rossi[column].replace(style["decimal"], ".")) == expected, column

    # Sorting by rating: ascending, then (by keyboard) descending; unrated players stay last.
    rating = page.locator(".trf-table > thead th").nth(2)
    rating.locator("button").click()
    assert rating.get_attribute("aria-sort") == "ascending"
    assert names(page)[0] == "Rossi, Giulia" and names(page)[-2:] == ["Weber, Jonas", "Holm, Ida"]
    rating.locator("button").focus()
    page.keyboard.press("Enter")
    assert rating.get_attribute("aria-sort") == "descending"
    assert names(page)[:2] == ["Halvorsen, Magnus", "Brandt, Clara"]
    assert names(page)[-2:] == ["Weber, Jonas", "Holm, Ida"]
    player = page.locator(".trf-table > thead th").nth(1)
    player.locator("button").click()
    assert rating.get_attribute("aria-sort") is None
    assert names(page)[:3] == ["Brandt, Clara", "Halvorsen, Magnus", "Holm, Ida"]

    # Opening a player shows every round, with why a round does not count.
    lindqvist = player_row(page, "Lindqvist, Erik")
    lindqvist.locator(".trf-open").click()
    assert lindqvist.locator(".trf-open").get_attribute("aria-expanded") == "true"
    rounds = lindqvist.locator("tr.trf-rounds tbody tr")
    rounds.first.wait_for()
    assert rounds.count() == 6
    third = rounds.nth(2).locator("th, td").all_inner_texts()
    assert third[0] == "3" and third[1] == "Novak, Tomas (7)" and third[3] == case["black"]
    assert third[4] == "D" and third[7] == case["not_rated"]
    lindqvist.locator(".trf-open").click()
    assert lindqvist.locator("tr.trf-rounds").is_hidden()

    # A bad result code is named with its line and column, in the page's language.
    bad = SPRING.replace("9 b 0    10 w 1", "9 b ?    10 w 1")
    page.fill('[name="trf_text"]', bad)
    # The text is no longer the file's, so the chooser no longer names the file.
    assert page.eval_on_selector("#trf_file", "(input) => input.files.length") == 0
    box = page.locator('[data-error-for="trf_text"]')
    box.wait_for(state="visible")
    show = box.locator("button.trf-show-line")
    assert show.inner_text() == case["show_line"]
    assert box.inner_text() == case["bad_line"] + " " + case["show_line"]
    assert page.get_attribute('[name="trf_text"]', "aria-invalid") == "true"
    # The button selects the bad line from the column named: Lindqvist's round 1 result.
    show.click()
    selected = page.evaluate(
        "() => { const t = document.getElementById('trf_text');"
        " return [document.activeElement === t, t.value.slice(t.selectionStart, t.selectionEnd)]; }")
    assert selected == [True, bad.split("\n")[15][98:].rstrip("\r")]
    # The spring open's players and norms are not shown as if they were this file's: the
    # summary, struck through, names whose they were, and the note says to fix the field.
    assert page.locator('[data-out="trf_name"]').inner_text() == "Lakeside Spring Open 2025"
    assert page.locator(".trf-table").is_hidden() and page.locator(".trf-norms").is_hidden()
    assert page.locator("a.download").is_hidden()
    assert page.locator('section[data-mode="trf"] .stale-note').is_visible()

    if lang == "en":
        # A file dropped onto the field is read like a chosen one.
        page.evaluate(DROP, WINTER)
        wait_out(page, "trf_name", "Vesterbro Winter Club")
        assert box.is_hidden()
        assert page.locator(".trf-table").is_visible()

    # Nothing typed or loaded left the device: every request went to this server, and none
    # carries the file or a name from it.
    assert requests
    for url, body in requests:
        assert url.startswith(served), url
        for secret in ("Lakeside Spring Open", "Rossi", "Lindqvist", "Vesterbro"):
            assert secret not in url and secret not in body, url
    assert errors == []
    context.close()


def test_a_big_open_shows_its_first_hundred_players_and_the_rest_on_request(
    browser: Any, served: str
) -> None:
    text = random_tournament(players=240, rounds=9)
    context = browser.new_context()
    # The longest text the page parses as JSON: a long answer reaches it in parts.
    context.add_init_script("""(() => {
      const parse = JSON.parse;
      window.longestParsed = 0;
      JSON.parse = function (text, ...rest) {
        if (typeof text === "string") window.longestParsed = Math.max(window.longestParsed, text.length);
        return parse.call(this, text, ...rest);
      };
    })()""")
    page, _ = new_page(context, served + "en/tournament/")
    wait_ready(page)
    # What the table holds at the answer, right after the page's own handler has run.
    page.evaluate("""() => document.querySelector('section[data-mode="trf"]').addEventListener(
      "results", () => { const t = document.querySelector("table.trf-table");
        window.atAnswer = [t.tBodies.length, t.getAttribute("aria-busy")]; }, { once: true })""")
    choose_file(page, "#trf_file", "big.trf", text)
    button = page.locator("#trf-show-all")
    button.wait_for(timeout=30_000)
    assert button.inner_text() == "Show all 240 players (the table above shows the first 100)"
    # The rows go in a batch a frame, the table busy until the last: no long task for the page.
    assert page.evaluate("window.atAnswer") == [25, "true"]
    table = page.locator("table.trf-table")
    complete = page.locator("table.trf-table:not([aria-busy])")
    complete.wait_for(state="attached", timeout=10_000)
    assert table.evaluate("(t) => t.tBodies.length") == 100
    # Sorting orders every player, not only those shown: the best new rating comes first.
    heading = page.locator("table.trf-table > thead th").nth(8).locator("button.sort")  # New rating
    heading.click()
    heading.click()  # descending
    best = table.evaluate("(t) => t.tBodies[0].rows[0].cells[8].textContent")
    button.click()
    complete.wait_for(state="attached", timeout=10_000)
    assert table.evaluate("(t) => t.tBodies.length") == 240
    ratings = table.evaluate(
        "(t) => [...t.tBodies].map((b) => b.rows[0].cells[8].textContent)"
        ".filter((x) => x !== '–').map((x) => Number(x.replaceAll(',', '')))")
    assert ratings == sorted(ratings, reverse=True)
    assert ratings[0] == float(best.replace(",", ""))
    assert page.locator(".trf-more").is_hidden()

    # The answer (over 768 KB as CPython writes it) was never parsed whole on the page, and its
    # parts put together again: the last player with norm checks has every round and check.
    reply = parse_reply(compute_json("trf", json.dumps({"trf_text": text}), "en", ".", ","))
    assert len(json.dumps(reply)) > 3 * 256 * 1024
    assert page.evaluate("window.longestParsed") <= 320 * 1024
    checks = reply["outputs"]["trf_norm_checks"]["rows"]
    number = max(row[0] for row in checks)
    index = table.evaluate(
        "(t, n) => [...t.tBodies].findIndex((b) => b.rows[0].cells[0].textContent.trim() === n)",
        str(number))
    player = page.locator("table.trf-table > tbody").nth(index)
    player.locator(".trf-open").click()
    games = [row for row in reply["outputs"]["trf_games"]["rows"] if row[0] == number]
    assert player.locator(".trf-games > tbody > tr").count() == len(games) > 0
    assert player.locator(".trf-norm > tbody > tr").count() == sum(row[0] == number for row in checks)
    context.close()


def test_open_players_stay_open_when_the_file_is_rated_again(browser: Any, served: str) -> None:
    context, page, _ = open_ready(browser, served + "en/tournament/")
    choose_file(page, "#trf_file", "big.trf", random_tournament(players=240, rounds=9))
    page.locator("#trf-show-all").wait_for(timeout=30_000)
    page.click("#trf-show-all")
    complete = page.locator("table.trf-table:not([aria-busy])")
    complete.wait_for(state="attached", timeout=10_000)
    bodies = page.locator("table.trf-table > tbody")
    first, far = bodies.nth(0), bodies.nth(200)  # far: a row made only when all are shown
    names = [body.locator(".trf-open").inner_text() for body in (first, far)]
    for body in (first, far):
        body.locator(".trf-open").click()
    # A K typed by hand: a new answer for every player, and every row made again.
    page.evaluate("""() => { window.rated = false; document.querySelector('section[data-mode="trf"]')
      .addEventListener("results", () => { window.rated = true; }, { once: true }); }""")
    page.fill('[name="trf_k"]', "1 | 40")
    assert poll(page, lambda: page.evaluate("window.rated"), seconds=30)
    complete.wait_for(state="attached", timeout=10_000)
    assert bodies.count() == 240
    for name in names:
        row = player_row(page, name)
        assert row.locator(".trf-open").get_attribute("aria-expanded") == "true", name
        assert row.locator("tr.trf-rounds").is_visible(), name
        assert row.locator("tr.trf-rounds table.trf-games > tbody > tr").count() == 9, name
    assert page.locator('.trf-open[aria-expanded="true"]').count() == 2
    context.close()


@pytest.mark.parametrize("lang", ["en", "de", "da"])
def test_a_file_with_an_unreadable_date_is_rated_with_a_visible_warning(
    browser: Any, served: str, lang: str
) -> None:
    case = CASES[lang]
    context, page, errors = open_ready(browser, served + case["path"])
    warnings = page.locator(".trf-warnings")
    assert warnings.is_hidden()  # the example reads without a warning
    choose_spring(page, SPRING.replace("052 2025/04/13", "052 13th of Smarch"))
    warnings.wait_for(state="visible")
    # One line per kind, each warning behind it.
    assert warnings.locator("summary").all_inner_texts() == case["kinds"]
    assert warnings.locator("li").first.is_hidden()
    for summary in warnings.locator("summary").all():
        summary.click()
    assert warnings.locator("li").all_inner_texts() == case["warnings"]
    # Rated all the same, the junior K from the year of the round dates: Rossi as in the file.
    cells = player_row(page, "Rossi, Giulia").locator("tr").first.locator("th, td").all_inner_texts()
    assert [cells[0], cells[1].lstrip("▸ ")] + cells[2:] == ROSSI[lang]
    assert page.locator('[data-error-for="trf_text"]').is_hidden()
    # The warnings stand above the table.
    above = page.evaluate(
        "() => document.querySelector('.trf-warnings').compareDocumentPosition("
        "document.querySelector('table.trf-table')) & Node.DOCUMENT_POSITION_FOLLOWING")
    assert above
    assert errors == []
    context.close()


# On a phone each player's row keeps the name, K, the change and the new rating (columns 1, 3,
# 7 and 8 of the row as laid out); the rest is in the player's panel.
KEY_CELLS = """() => {
  const width = document.documentElement.clientWidth;
  return [...document.querySelectorAll(".trf-table > tbody")].map((body) => {
    const cells = body.rows[0].cells;
    return [1, 3, 7, 8].map((index) => {
      const box = cells[index].getBoundingClientRect();
      const style = getComputedStyle(cells[index]);
      return { text: cells[index].textContent.trim(), left: box.left, right: box.right,
               shown: style.display !== "none" && style.visibility !== "hidden" && box.width > 0,
               width };
    });
  });
}"""


@pytest.mark.parametrize(("lang", "path", "points"), [
    ("en", "en/tournament/", "Points in the file"),
    ("de", "de/turnier/", "Punkte laut Datei"),
    ("da", "da/turnering/", "Point i filen"),
])
def test_on_a_390_px_phone_every_player_shows_name_k_change_and_new_rating(
    browser: Any, served: str, lang: str, path: str, points: str
) -> None:
    context, page, errors = open_ready(browser, served + path,
                                       viewport={"width": 390, "height": 844})
    choose_spring(page)

    def check() -> None:
        rows = page.evaluate(KEY_CELLS)
        assert len(rows) == 10
        for cells in rows:
            for cell in cells:
                assert cell["shown"] and cell["text"], cell
                assert 0 <= cell["left"] and cell["right"] <= cell["width"], cell
        nothing_scrolls_sideways(page, 390)

    check()
    # The panel of a player lists the other columns, the file's points among them, and
    # opening it widens nothing.
    rossi = player_row(page, "Rossi, Giulia")
    rossi.locator(".trf-open").click()
    details = rossi.locator(".trf-details")
    details.wait_for()
    terms = details.locator("dt").all_inner_texts()
    assert terms[-1] == points
    assert details.locator("dd").last.inner_text() == ("2.5" if lang == "en" else "2,5")
    check()
    assert errors == []
    context.close()


# Each player's name: how many lines its text takes, and how far its first line sits below the
# first line of the row's K (a tall touch target must not push the name below the numbers).
NAME_LINES = """() => [...document.querySelectorAll(".trf-table > tbody")].map((body) => {
  const tops = (node) => {
    const range = document.createRange();
    range.selectNodeContents(node);
    return [...range.getClientRects()].map((rect) => Math.round(rect.top));
  };
  const name = tops(body.querySelector(".trf-open"));
  return { name: body.querySelector(".trf-open").textContent, lines: new Set(name).size,
           below: Math.min(...name) - Math.min(...tops(body.rows[0].cells[3])) };
})"""


@pytest.mark.parametrize("lang", ["en", "de", "da"])
def test_on_a_wide_screen_names_take_one_line_level_with_the_numbers(
    browser: Any, served: str, lang: str
) -> None:
    context, page, errors = open_ready(browser, served + CASES[lang]["path"],
                                       viewport={"width": 1280, "height": 900})
    choose_spring(page)
    rows = page.evaluate(NAME_LINES)
    assert len(rows) == 10
    for row in rows:
        assert row["lines"] == 1 and abs(row["below"]) <= 2, row
    # ... and the whole table fits.
    nothing_scrolls_sideways(page, 1280)
    assert errors == []
    context.close()


def test_show_line_selects_from_the_column_named_after_an_emoji(browser: Any, served: str) -> None:
    """Issue 42, item 11: elo_core counts columns in characters, the text box selects in
    UTF-16 units; after an emoji in a name the selection began a unit too early."""
    # The name keeps its 33 columns: the emoji (two UTF-16 units) takes a space's place.
    bad = SPRING.replace("Lindqvist, Erik                   ",
                         "Lindqvist, Erik \U0001f3c6                 ").replace(
        "9 b 0    10 w 1", "9 b ?    10 w 1")
    context, page, errors = open_ready(browser, served + "en/tournament/")
    page.fill('[name="trf_text"]', bad)
    show = page.locator('[data-error-for="trf_text"] button.trf-show-line')
    show.wait_for(state="visible")
    show.click()
    selected = page.evaluate(
        "() => { const t = document.getElementById('trf_text');"
        " return t.value.slice(t.selectionStart, t.selectionEnd); }")
    line = bad.split("\n")[15].rstrip("\r")
    assert line[98:].startswith("? ")
    assert selected == line[98:]
    assert errors == []
    context.close()
