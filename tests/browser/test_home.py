"""The home page's calculators in Chromium: one game, a tournament, options, match, expectancy."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from ready_page import fill, open_ready, out, wait_out_exactly
from sitegen.render import relative_path

pytestmark = pytest.mark.browser


@pytest.fixture()
def open_home(browser: Any, served: str) -> Iterator[Any]:
    """Opens the home page in a fresh context (no saved inputs); fails on page errors."""
    opened: list[tuple[Any, list[str]]] = []

    def open_page(lang: str, **options: Any) -> Any:
        context, page, errors = open_ready(browser, served + lang + "/", **options)
        opened.append((context, errors))
        return page

    yield open_page
    for context, _ in opened:
        context.close()
    assert [error for _, errors in opened for error in errors] == []


def choose(page: Any, name: str, value: str) -> None:
    """Picks an option of the shared options, unfolding them first."""
    if page.locator("details.calc-options[open]").count() == 0:
        page.click("details.calc-options > summary")
    page.select_option(f"#{name}", value)


def open_expectancy_table(page: Any) -> None:
    """Unfolds the expectancy table (folded by default to keep the curve in view)."""
    if page.locator("details.table-details[open]").count() == 0:
        page.click("details.table-details > summary")


@pytest.mark.parametrize(
    ("lang", "expected", "change", "new", "other"),
    [
        # 1750 beats 1810, K 20 (RULES.md's seed example); against 1700 E is 0.57.
        ("de", "0,41", "+11,7", "1.761,7", "0,57"),
        ("en", "0.41", "+11.7", "1,761.7", "0.57"),
        ("da", "0,41", "+11,7", "1.761,7", "0,57"),
    ],
)
def test_single_game_in_every_language(
    open_home: Any, lang: str, expected: str, change: str, new: str, other: str
) -> None:
    page = open_home(lang)
    # The pre-rendered example is already right before anything is typed.
    assert out(page, "expected_a") == expected
    assert out(page, "tournament_change") == "–"
    # Make the engine answer something else first, then the seed example again.
    page.fill("#rating_b", "1700")
    wait_out_exactly(page, "expected_a", other)
    page.fill("#rating_b", "1810")
    wait_out_exactly(page, "expected_a", expected)
    # The first example is a game both players stay rated after: no 7.2.1 note.
    assert page.locator('[data-out="unrated_b"]').is_hidden()
    assert out(page, "change_a") == change
    assert out(page, "new_a") == new
    assert out(page, "change_b") == "-" + change[1:]
    assert out(page, "tournament_new") == "–"


@pytest.mark.parametrize(
    ("lang", "typed", "message"),
    [
        ("de", "1,600", "1,6 ist keine Wertungszahl: Niemand hat weniger als 100. Meinten Sie 1.600?"),
        ("en", "1.600", "1.6 is not a rating: no one is rated below 100. Did you mean 1,600?"),
        ("da", "99999", "Skriv en rating fra 100 til 4.000."),
    ],
)
def test_a_misread_rating_is_explained_in_the_page_language(
    open_home: Any, lang: str, typed: str, message: str
) -> None:
    page = open_home(lang)
    page.fill("#rating_a", typed)
    error = page.locator('[data-error-for="rating_a"]')
    error.wait_for(state="visible")
    assert error.inner_text() == message
    # Grouped as the page groups, it is a rating again.
    page.fill("#rating_a", {"de": "1.600", "en": "1,600", "da": "1.600"}[lang])
    error.wait_for(state="hidden")
    # 1600 beats 1810: +15.4.
    assert out(page, "new_a") == {"de": "1.615,4", "en": "1,615.4", "da": "1.615,4"}[lang]


def test_tournament_bad_line_keeps_results_and_input(open_home: Any) -> None:
    page = open_home("de")
    fill(page, rating_a="1600", rating_b="1400")
    wait_out_exactly(page, "change_a", "+4,8")
    games = "1500 | 1\n1700 | ½\n1810,5 | 1-0"
    page.fill("#games", games)
    wait_out_exactly(page, "tournament_change", "+25,4")
    assert out(page, "tournament_new") == "1.625,4"
    assert out(page, "tournament_games") == "3"
    assert out(page, "tournament_score") == "2,5"
    assert out(page, "tournament_expected") == "1,23"
    rows = page.locator('[data-out="tournament_rows"] tr')
    assert rows.count() == 3
    # Every cell as the build writes it, the short ones (a bare number in its column's
    # format, a bare text) as well as the half-point opponent's own.
    assert [rows.nth(i).inner_text().split("\t") for i in range(3)] == [
        ["1.500", "1", "0,64", "+7,2"], ["1.700", "½", "0,36", "+2,8"], ["1.810,5", "1", "0,23", "+15,4"]]
    assert page.locator('[data-out="tournament_rows"] tr th[scope="row"]').count() == 3
    assert page.locator('[data-out="tournament_rows"] td.num').count() == 6
    # The single game is computed as before, next to the tournament.
    assert out(page, "change_a") == "+4,8"
    # A target rating: the fewest points these games need for it.
    page.fill("#target", "1.620")
    wait_out_exactly(
        page, "tournament_needed",
        "Für 1.620 braucht Spieler A aus diesen Partien mindestens 2,5 Punkte von 3 möglichen.")
    page.fill("#target", "")

    bad = "1500 | 1\n1700 | ½\n1810,5 ? Sieg\n1900 | 0"
    page.fill("#games", bad)
    error = page.locator('[data-error-for="games"]')
    error.wait_for(state="visible")
    assert error.inner_text() == "Zeile 3: Das Ergebnis muss 1, ½ oder 0 sein (auch 1-0, ½-½, 0-1)."
    assert page.get_attribute("#games", "aria-invalid") == "true"
    # The tournament's results are marked out of date; the single game's, whose fields are
    # all valid, are not (before, the whole calculator was struck out).
    results = page.locator('section[data-mode="elo"]')
    tournament, game = page.locator(".calc-grid.tournament"), page.locator('section[data-mode="elo"] > .calc-grid').first
    assert "is-stale" in (tournament.get_attribute("class") or "")
    assert tournament.locator(".stale-note").is_visible()
    assert "is-stale" not in (game.get_attribute("class") or "")
    assert "is-stale" not in (results.get_attribute("class") or "")
    assert not game.locator(".stale-note").is_visible()
    # The last good results stay; nothing typed is lost.
    assert out(page, "tournament_change") == "+25,4"
    assert out(page, "change_a") == "+4,8"
    assert page.input_value("#games") == bad
    assert page.input_value("#rating_a") == "1600"
    # The single game still follows its fields while the tournament box has the bad line.
    page.fill("#rating_b", "1500")
    wait_out_exactly(page, "change_a", "+7,2")
    assert "is-stale" not in (game.get_attribute("class") or "")
    assert "is-stale" in (tournament.get_attribute("class") or "")
    page.fill("#rating_b", "1400")
    wait_out_exactly(page, "change_a", "+4,8")

    page.fill("#games", bad.replace("? Sieg", "| 1"))
    wait_out_exactly(page, "tournament_games", "4")
    assert "is-stale" not in (tournament.get_attribute("class") or "")
    assert not error.is_visible()
    assert page.get_attribute("#games", "aria-invalid") is None


def test_every_bad_field_is_marked_at_once(open_home: Any) -> None:
    page = open_home("en")
    page.fill("#rating_a", "abc")
    page.fill("#k", "0")
    page.locator('[data-error-for="k"]').wait_for(state="visible")
    assert page.locator('[data-error-for="rating_a"]').inner_text() == (
        "“abc” is not a number. Enter a rating from 100 to 4,000, such as 1600."
    )
    assert page.locator('[data-error-for="k"]').inner_text() == (
        "Enter a K-factor greater than 0 and at most 1,000, such as 20."
    )
    assert page.get_attribute("#rating_a", "aria-invalid") == "true"
    assert page.get_attribute("#k", "aria-invalid") == "true"
    assert page.input_value("#rating_a") == "abc"


def test_numbers_too_large_or_not_finite_get_the_fields_own_message(open_home: Any) -> None:
    # A 1 and 400 zeros overflows a float; before, its error carried Infinity, which is not
    # JSON, and every field showed "internal error" instead.
    page = open_home("de")
    page.fill("#rating_a", "1" + "0" * 400)
    page.fill("#k", "Infinity")
    page.fill("#rating_b", "nan")
    page.locator('[data-error-for="k"]').wait_for(state="visible")
    page.locator('[data-error-for="rating_b"]').wait_for(state="visible")
    assert page.locator('[data-error-for="rating_a"]').inner_text() == (
        "Geben Sie eine Wertungszahl von 100 bis 4.000 ein."
    )
    assert page.locator('[data-error-for="k"]').inner_text() == (
        "Geben Sie einen K-Faktor größer als 0 und höchstens 1.000 ein, etwa 20."
    )
    assert page.locator('[data-error-for="rating_b"]').inner_text() == (
        "„nan“ ist keine Zahl. Geben Sie eine Wertungszahl von 100 bis 4.000 ein, etwa 1600."
    )
    assert page.get_attribute("#rating_a", "aria-invalid") == "true"
    # The engine still answers: a good value clears its field's error.
    page.fill("#rating_a", "1600")
    page.locator('[data-error-for="rating_a"]').wait_for(state="hidden")


def test_fide_rounding_gives_whole_numbers(open_home: Any) -> None:
    page = open_home("de")
    fill(page, rating_a="1600", rating_b="1400")
    choose(page, "rounding", "fide")
    wait_out_exactly(page, "new_a", "1.605")
    assert out(page, "new_b") == "1.395"
    assert out(page, "change_a") == "+5"
    assert out(page, "change_b") == "-5"


def test_options_change_the_numbers(open_home: Any) -> None:
    page = open_home("de")
    fill(page, rating_a="2200", rating_b="1600")
    wait_out_exactly(page, "expected_a", "0,97")
    choose(page, "cap", "400")
    wait_out_exactly(page, "expected_a", "0,91")
    assert out(page, "change_a") == "+1,8"
    choose(page, "cap", "none")
    fill(page, rating_a="1800", rating_b="1400")
    # 0,91 is on the page already (the cap above): wait for what only this answer shows.
    wait_out_exactly(page, "new_a", "1.801,8")
    assert out(page, "expected_a") == "0,91"
    choose(page, "model", "fide")
    wait_out_exactly(page, "expected_a", "0,92")
    assert out(page, "expected_b") == "0,08"
    assert out(page, "new_a") == "1.801,6"
    # The same options drive the match and the expectancy table.
    open_expectancy_table(page)
    row_400 = page.locator('[data-out="expectancy_rows"] tr').nth(8)
    row_400.locator("td", has_text=re.compile(r"^0,92$")).wait_for()
    assert row_400.inner_text().split("\t") == ["400", "0,92", "0,08"]


def test_match_against_one_opponent(open_home: Any) -> None:
    page = open_home("en")
    section = page.locator('section[data-mode="match"]')
    assert out(page, "match_games") == "2"
    assert out(page, "match_new_a") == "1,852.8"
    section.locator("#match_wins").fill("0")
    section.locator("#match_draws").fill("2")
    section.locator("#match_losses").fill("1")
    section.locator("#match_k").fill("10")
    wait_out_exactly(page, "match_change_a", "-10.4")
    assert out(page, "match_games") == "3"
    assert out(page, "match_expected_game_a") == "0.68"
    assert out(page, "match_expected_a") == "2.04"
    assert out(page, "match_score_a") == "1.0"
    assert out(page, "match_score_b") == "2.0"
    assert out(page, "match_change_b") == "+10.4"
    assert out(page, "match_new_a") == "1,839.6"
    assert out(page, "match_new_b") == "1,730.4"
    # No game at all: the counts are marked, the last good results (one loss) kept.
    section.locator("#match_draws").fill("0")
    wait_out_exactly(page, "match_change_a", "-6.8")
    section.locator("#match_losses").fill("0")
    page.locator('[data-error-for="match_wins"]').wait_for(state="visible")
    assert page.get_attribute("#match_losses", "aria-invalid") == "true"
    assert out(page, "match_change_a") == "-6.8"
    assert "is-stale" in (section.get_attribute("class") or "")


def test_expectancy_table_and_curve_follow_the_model(open_home: Any) -> None:
    page = open_home("da")
    open_expectancy_table(page)
    rows = page.locator('[data-out="expectancy_rows"] tr')
    assert rows.count() == 17
    assert rows.nth(8).inner_text().split("\t") == ["400", "0,909", "0,091"]
    assert rows.nth(16).inner_text().split("\t")[0] == "800"
    path = page.locator('[data-out="expectancy_path_higher"]')
    logistic_d = path.get_attribute("d")
    # The build writes the logistic curve (in relative steps); the engine, the normal one.
    assert logistic_d and logistic_d.startswith("M44 160l")
    choose(page, "model", "normal")
    rows.nth(8).locator("td", has_text="0,921").wait_for()
    assert relative_path(path.get_attribute("d") or "") != logistic_d
    choose(page, "model", "fide")
    rows.nth(8).locator("td", has_text=re.compile(r"^0,92$")).wait_for()
    assert rows.nth(8).inner_text().split("\t") == ["400", "0,92", "0,08"]
    point = page.locator('[data-out="expectancy_point"]')
    cx = point.get_attribute("cx")
    page.fill("#expectancy_difference", "400")
    wait_out_exactly(page, "expectancy_higher", "0,92")
    assert out(page, "expectancy_lower") == "0,08"
    assert point.get_attribute("cx") != cx


def tab_to(page: Any, selector: str, key: str = "Tab", limit: int = 80) -> None:
    """Presses Tab (or ``key``) until the element matching ``selector`` has the focus."""
    for _ in range(limit):
        page.keyboard.press(key)
        if page.evaluate("(s) => document.activeElement?.matches(s) ?? false", selector):
            return
    raise AssertionError(f"Tab never reached {selector}")


def test_keyboard_only(open_home: Any) -> None:
    page = open_home("de")
    tab_to(page, "#rating_a")
    page.keyboard.press("Control+A")
    page.keyboard.type("1700")
    # 1700 beats 1810: E = 0.35, +13.1 with K 20.
    wait_out_exactly(page, "expected_a", "0,35")
    assert out(page, "change_a") == "+13,1"
    tab_to(page, 'button[data-set="k=40"]')
    page.keyboard.press("Enter")
    wait_out_exactly(page, "change_a", "+26,1")
    assert page.input_value("#k") == "40"
    tab_to(page, 'button[data-set="k=10"]')
    page.keyboard.press("Space")
    wait_out_exactly(page, "change_a", "+6,5")
    assert page.input_value("#k") == "10"
    # The result radios: arrow keys move the choice.
    tab_to(page, '[name="result"]:checked', key="Shift+Tab")
    page.keyboard.press("ArrowRight")
    assert page.is_checked('[name="result"][value="0.5"]')
    wait_out_exactly(page, "change_a", "+1,5")


@pytest.mark.parametrize(
    ("lang", "note"),
    [
        ("en", "Below 1,400: FIDE shows player B as unrated on the next rating list (B.02 7.2.1); "
               "there is no floor at 1,400."),
        ("de", "Unter 1.400: Auf der nächsten FIDE-Elo-Liste wird Spieler B ohne Elo geführt "
               "(B.02 7.2.1); eine Untergrenze bei 1.400 gibt es nicht."),
        ("da", "Under 1.400: På FIDE's næste ratingliste står spiller B uden rating (B.02 7.2.1); "
               "der er ingen nedre grænse ved 1.400."),
    ],
)
def test_a_new_rating_below_1400_is_said_to_be_unrated_on_the_next_list(
    open_home: Any, lang: str, note: str
) -> None:
    page = open_home(lang)
    page.fill("#rating_a", "1600")
    box = page.locator('[data-out="unrated_b"]')
    # B at 1410 loses to 1600: 1410 − 20 × 0.25 stays above 1400, and no note shows.
    page.fill("#rating_b", "1410")
    wait_out_exactly(page, "new_b", "1,405.0" if lang == "en" else "1.405,0")
    assert box.is_hidden() and out(page, "unrated_b") == ""
    # At 1400 B drops to 1395.2: below 1400 with no floor, and the page says so.
    page.fill("#rating_b", "1400")
    wait_out_exactly(page, "new_b", "1,395.2" if lang == "en" else "1.395,2")
    box.wait_for(state="visible")
    assert out(page, "unrated_b") == note
    assert page.locator('[data-out="unrated_a"]').is_hidden()
