"""The downloads as the reader's spreadsheet opens them: comma-separated in English; semicolons,
decimal commas and translated headings and codes in German and Danish; UTF-8 with a byte order
mark; and no cell a spreadsheet would run as a formula."""

from __future__ import annotations

import csv
import io
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from elo_core.page import DEFAULTS, PageLanguage, compute
from elo_core.page.export import (INVISIBLE_BEFORE_FORMULA, Code, _WORDS, csv_text, neutralise,
                                  translate)
from elo_core.page.trf import CSV_COLUMNS
from number_cases import FORMATS

LANGS = ("en", "de", "da")
DELIMITER = {"en": ",", "de": ";", "da": ";", "sv": ";"}


def download(mode: str, name: str, lang: str, **fields: str) -> dict[str, Any]:
    result = compute(mode, {**DEFAULTS[mode], **fields}, lang, FORMATS[lang])
    assert result["ok"], result
    file: dict[str, Any] = result["outputs"][name]["download"]
    return file


def read(text: str, lang: str) -> list[list[str]]:
    """As a spreadsheet program or a script reads the saved file: bytes, BOM, separator."""
    data = text.encode("utf-8")
    assert data.startswith(b"\xef\xbb\xbf")
    decoded = data.decode("utf-8-sig")
    return list(csv.reader(io.StringIO(decoded, newline=""), delimiter=DELIMITER[lang]))


def number(cell: str, lang: str) -> float:
    """A number cell as the language's spreadsheet reads it (no grouping, its decimal sign)."""
    return float(cell.replace(FORMATS[lang].decimal, ".")) if cell else float("nan")


@pytest.mark.parametrize("lang", LANGS)
def test_the_tournament_csv_opens_as_columns_with_the_same_numbers_in_every_language(
    lang: str,
) -> None:
    rows = read(download("trf", "trf_csv", lang)["text"], lang)
    english = read(download("trf", "trf_csv", "en")["text"], "en")
    assert len(rows) == len(english) == 9
    assert all(len(row) == len(CSV_COLUMNS) for row in rows)
    for row, en_row in zip(rows[1:], english[1:]):
        for index, column in enumerate(CSV_COLUMNS):
            if column in ("name", "k_rule", "initial_reason", "next_list", "norms", "event",
                          "event_start", "event_end", "rating_list"):
                continue
            if en_row[index] == "":
                assert row[index] == ""
            else:
                assert number(row[index], lang) == float(en_row[index]), (column, row)
    # Schulz, Hanna: a junior (born 2009) with K 40, 2 points in rated games (3 in the file).
    schulz = dict(zip(CSV_COLUMNS, rows[2]))
    assert schulz["name"] == "Schulz, Hanna"
    assert number(schulz["change"], lang) == -25.2 and number(schulz["new_rating"], lang) == 2189
    assert number(schulz["score"], lang) == 2 and number(schulz["file_points"], lang) == 3
    assert schulz["k_rule"] == {"en": "junior", "de": "Jugendlicher (unter 2300)",
                                "da": "junior (under 2300)"}[lang]
    # Every row names the event, its dates as ISO dates, and the list in the reader's words.
    assert (schulz["event"], schulz["event_start"], schulz["event_end"]) == (
        "Riverside Summer Open 2025", "2025-06-14", "2025-06-16")
    assert schulz["rating_list"] == {"en": "standard", "de": "Standard", "da": "standard"}[lang]


@pytest.mark.parametrize(("lang", "name"), [("en", "tournament-ratings.csv"),
                                            ("de", "turnier-wertung.csv"),
                                            ("da", "turnering-rating.csv")])
def test_the_tournament_download_is_named_in_the_pages_language(lang: str, name: str) -> None:
    assert download("trf", "trf_csv", lang)["filename"] == name


def test_german_and_danish_headings_are_translated_and_english_keeps_the_column_names() -> None:
    headers = {lang: read(download("trf", "trf_csv", lang)["text"], lang)[0] for lang in LANGS}
    assert headers["en"] == list(CSV_COLUMNS)
    assert headers["de"][:3] == ["Startnummer", "Name", "Elo"]
    assert headers["de"][10] == "Neue Elo"
    assert headers["da"][:3] == ["Startnummer", "Navn", "Rating"]
    assert headers["da"][10] == "Ny rating"
    league = {lang: read(download("league", "standings_csv", lang)["text"], lang)[0]
              for lang in LANGS}
    assert league["en"] == ["rank", "name", "rating", "games", "wins", "draws", "losses", "change"]
    assert league["de"] == ["Platz", "Name", "Wertung", "Partien", "Siege", "Remis",
                            "Niederlagen", "Änderung"]
    assert league["da"] == ["Plads", "Navn", "Rating", "Partier", "Gevinster", "Remis", "Tab",
                            "Ændring"]


def test_every_heading_and_code_has_a_german_and_a_danish_word() -> None:
    assert _WORDS["de"].keys() == _WORDS["da"].keys()
    codes = {"new-player", "junior", "standard", "reached-2400", "override", "too-few-games",
             "zero-score", "below-1400", "unrated"}
    for lang in ("de", "da"):
        for word in (*CSV_COLUMNS, *codes):
            assert translate(word, lang) != word, word


@pytest.mark.parametrize("lang", LANGS)
def test_the_league_csv_keeps_negative_changes_as_numbers(lang: str) -> None:
    rows = read(download("league", "standings_csv", lang)["text"], lang)
    changes = [number(row[7], lang) for row in rows[1:]]
    ratings = [number(row[2], lang) for row in rows[1:]]
    assert min(changes) < 0
    # Every change is the rating less the starting 1500, to the decimal written.
    assert all(abs(rating - 1500 - change) < 0.11 for rating, change in zip(ratings, changes))
    assert all(not row[7].startswith("'") for row in rows[1:])


@pytest.mark.parametrize(
    "text",
    [
        "=1+1", "+cmd", "-2+3", "@SUM(A1)", "\t=1", "\r=1",
        "＝1+1", "＋1", "－1", "＠SUM(A1)", "﹦1", "﹢1", "﹣1", "﹫x",
        "\u200b=1+1", "\u200e+1", "\u202e-1", "\u2066@x\u2069", "\ufeff=1", "\u200d\u200c＝1",
        " =1", "\u00a0=1",
        # Skipped before (issue 42, item 12), though the docstring named them.
        "\u2060=1", "\u061c+1", "\u00ad@x", "\u3164=1", "\U000e0020-1",
    ],
)
def test_a_cell_a_spreadsheet_could_run_gets_a_quote(text: str) -> None:
    assert neutralise(text) == "'" + text


def _table() -> list[str]:
    return [chr(point) for first, last, _ in INVISIBLE_BEFORE_FORMULA
            for point in range(first, last + 1)]


def test_every_character_of_the_table_is_passed_over_before_a_formula() -> None:
    """Issue 42, item 12: the list skipped characters its own docstring names (U+2060,
    U+061C, U+00AD…). Now one table, every character of it checked."""
    starts = "=+-@＝＋－＠﹦﹢﹣﹫"
    missed = [f"U+{ord(char):04X}" for char in _table()
              if any(neutralise(char + start + "1") != "'" + char + start + "1"
                     or neutralise(char * 3 + start) != "'" + char * 3 + start
                     for start in starts)]
    assert missed == []
    for char in _table():  # the text after them decides: a name stays a name
        if char not in "\t\r":  # (which start a formula themselves, as the tests above say)
            assert neutralise(char + "Anna") == char + "Anna"
    mixed = "".join(_table()[::97]) + "=1"
    assert neutralise(mixed) == "'" + mixed


def test_the_table_holds_every_invisible_or_blank_character_of_unicode() -> None:
    """Spaces and separators, blank controls, format characters (as this Python's Unicode
    knows them; Pyodide's is newer) and the default-ignorable code points of other classes."""
    import unicodedata

    listed = set(_table())
    wanted = {chr(point) for point in range(0x110000)
              if unicodedata.category(chr(point)) in ("Zs", "Zl", "Zp", "Cf")
              or (unicodedata.category(chr(point)) == "Cc" and chr(point).isspace())}
    assert sorted(f"U+{ord(char):04X}" for char in wanted - listed) == []
    # Default_Ignorable_Code_Point (DerivedCoreProperties.txt) beyond the format characters.
    ignorable = ["\u034f", "\u115f", "\u1160", "\u17b4", "\u17b5", "\u180b", "\u180f",
                 "\u2065", "\u3164", "\ufe00", "\ufe0f", "\uffa0", "\ufff0", "\U000e0100",
                 "\U000e01ef", "\U000e0fff"]
    assert [char for char in ignorable if char not in listed] == []


def test_a_long_invisible_run_is_passed_over_in_linear_time() -> None:
    text = "\u2060" * 200_000 + "=1"
    assert neutralise(text) == "'" + text


@pytest.mark.parametrize("text", ["Anna", "Kjær, Mette", "1-0", "O'Neil", "", "Ann = Bo", "\u200bAnna"])
def test_plain_text_stays_as_it_is(text: str) -> None:
    assert neutralise(text) == text


@pytest.mark.parametrize("lang", LANGS)
def test_names_that_would_run_are_neutralised_in_the_tournament_csv(lang: str) -> None:
    text = DEFAULTS["trf"]["trf_text"]
    text = text.replace("Vogel, Tim                       ", "\u202e=HYPERLINK(\"x\")".ljust(33))
    text = text.replace("Keller, Jan                      ", "＝SUM(A1)".ljust(33))
    rows = read(download("trf", "trf_csv", lang, trf_text=text)["text"], lang)
    names = {row[0]: row[1] for row in rows[1:]}
    assert names["6"] == "'\u202e=HYPERLINK(\"x\")"
    assert names["4"] == "'＝SUM(A1)"


@pytest.mark.parametrize("lang", LANGS)
def test_a_name_with_the_separator_or_quotes_stays_one_cell(lang: str) -> None:
    league = "Smith; Ann | \"Bo\", Jr | 1\nAnna | Ben | 0"
    rows = read(download("league", "standings_csv", lang, league_games=league)["text"], lang)
    assert {row[1] for row in rows[1:]} == {"Smith; Ann", "\"Bo\", Jr", "Anna", "Ben"}
    assert all(len(row) == 8 for row in rows)


@settings(deadline=None, database=None, max_examples=200)
@given(st.text(st.characters(blacklist_categories=("Cs",)), max_size=12),
       st.floats(min_value=-1e6, max_value=1e6, allow_nan=False),
       st.sampled_from(LANGS))
def test_any_text_and_number_read_back(text: str, value: float, lang: str) -> None:
    body = csv_text(["name", "change"], [[text, value], [Code("junior"), None]],
                    PageLanguage(lang, FORMATS[lang]), [0, 2])
    rows = read(body, lang)
    assert len(rows) == 3
    shown = rows[1][0]
    assert shown in (text, "'" + text)
    assert (shown == "'" + text) == (neutralise(text) != text)
    assert abs(number(rows[1][1], lang) - value) <= 0.005 + 1e-9 * abs(value)
    assert rows[2] == [translate("junior", lang), ""]


def test_a_language_with_a_decimal_comma_and_no_words_gets_semicolons_and_english_headings() -> None:
    """Swedish (not one of the site's languages here): its spreadsheets take semicolons and
    decimal commas, as its signs say; the headings stay the English ones scripts read."""
    rows = read(download("league", "standings_csv", "sv")["text"], "sv")
    english = read(download("league", "standings_csv", "en")["text"], "en")
    assert rows[0] == english[0]
    assert any("," in cell for row in rows[1:] for cell in row)
    for row, en_row in zip(rows[1:], english[1:]):
        assert [cell.replace(",", ".") for cell in row[2:]] == en_row[2:]
