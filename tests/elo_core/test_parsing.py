"""parse_result and parse_games: games as people type them."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from elo_core import Game, InputError, parse_games, parse_result
from case_tables import cases
from number_cases import FORMATS

SETTINGS = settings(deadline=None, database=None, max_examples=300)
# What a line of games can be wrong with.
LINE_CODES = {"games-invalid", "rating-invalid", "rating-implausible", "score-invalid"}

# 1,0 and 0,0 as a Danish or German spreadsheet writes 1.0 and 0.0.
WINS = ["1", "1.0", "1-0", " 1 ", "1 - 0", "1–0", "1:0", "1,0", "1,0-0,0", "1.0-0.0", "1,0:0,0"]
LOSSES = ["0", "0.0", "0-1", "0 - 1", "0—1", "0:1", "0,0", "0,0-1,0", "0.0-1.0"]
DRAWS = [
    "0.5", "0,5", ".5", ",5", "½", "=", "1/2", "½-½", "0.5-0.5", "1/2-1/2",
    "0,5-0,5", "½ - ½", "1/2 - 1/2", "½:½",
]  # fmt: skip


@pytest.mark.parametrize("text", WINS)
def test_wins(text: str) -> None:
    assert parse_result(text) == 1.0


@pytest.mark.parametrize("text", LOSSES)
def test_losses(text: str) -> None:
    assert parse_result(text) == 0.0


@pytest.mark.parametrize("text", DRAWS)
def test_draws(text: str) -> None:
    assert parse_result(text) == 0.5


@pytest.mark.parametrize(
    "text", ["", " ", "2", "0.7", "1-1", "*", "win", "1/3", "½-0", "0,5-½x", "11", "--", None, 1]
)
def test_bad_results(text: object) -> None:
    with pytest.raises(InputError) as error:
        parse_result(text)  # type: ignore[arg-type]
    assert (error.value.code, error.value.field) == ("score-invalid", "score")
    assert error.value.line is None


def test_games_with_every_separator() -> None:
    text = "1810 | 1\n1700;½\n1650\t0-1\n1600 1 - 0\n1500   =\n1400 | 0,5-0,5"
    assert parse_games(text) == [
        Game(1810, 1),
        Game(1700, 0.5),
        Game(1650, 0),
        Game(1600, 1),
        Game(1500, 0.5),
        Game(1400, 0.5),
    ]


def test_decimal_comma_or_point() -> None:
    assert parse_games("1810,5 | 1\n1810.5;0,5") == [Game(1810.5, 1), Game(1810.5, 0.5)]


def test_blank_lines_comments_and_line_endings() -> None:
    text = "# my tournament\r\n\r\n  1810 | 1   # round 1\r\n\n\t\n1700 | 0\r1600 | ½\n"
    assert parse_games(text) == [Game(1810, 1), Game(1700, 0), Game(1600, 0.5)]


def test_no_games() -> None:
    assert parse_games("") == []
    assert parse_games("# nothing yet\n\n") == []


@pytest.mark.parametrize(
    ("text", "line", "code"),
    cases("parsing", "errors_name_their_line_and_rule"),
)
def test_errors_name_their_line_and_rule(text: str, line: int, code: str) -> None:
    with pytest.raises(InputError) as error:
        parse_games(text)
    assert (error.value.code, error.value.field) == (code, "games")
    assert error.value.line == line
    assert str(error.value).startswith(f"Line {line}: ")
    assert str(error.value).endswith((".", "?"))


def test_a_rating_out_of_range_carries_the_range() -> None:
    with pytest.raises(InputError) as error:
        parse_games("1810 | 1\n99999 | 1")
    assert (error.value.code, error.value.line) == ("rating-invalid", 2)
    assert error.value.params == {"min": 100, "max": 4000, "value": 99999}


@pytest.mark.parametrize(
    ("text", "lang", "opponent"),
    [
        ("1,810 | 1", "en", 1810),
        ("1.810 | 1", "de", 1810),
        ("1.810,5 | 1", "da", 1810.5),
        ("1 810 | 1", "en", 1810),
        ("1810,5 | 1", "en", 1810.5),
    ],
)
def test_ratings_are_read_as_the_page_language_writes_them(
    text: str, lang: str, opponent: float
) -> None:
    assert parse_games(text, fmt=FORMATS[lang]) == [Game(opponent, 1)]


def test_a_misread_rating_offers_the_likely_meaning() -> None:
    with pytest.raises(InputError) as error:
        parse_games("1,810 | 1", fmt=FORMATS["de"])
    assert (error.value.code, error.value.reason) == ("rating-implausible", "suggestion")
    assert error.value.params == {"value": 1.81, "min": 100, "suggestion": 1810}


def test_parse_games_needs_text() -> None:
    with pytest.raises(InputError) as error:
        parse_games(None)  # type: ignore[arg-type]
    assert error.value.code == "games-invalid"


@SETTINGS
@given(st.text())
def test_arbitrary_text_gives_games_or_input_error(text: str) -> None:
    try:
        games = parse_games(text)
    except InputError as error:
        assert error.code in LINE_CODES
        assert error.line is not None and 1 <= error.line <= text.count("\n") + text.count("\r") + 1
    else:
        assert all(isinstance(game, Game) for game in games)


line_parts = st.sampled_from(
    ["1810", "1810,5", "|", ";", "\t", " ", "½", "1-0", "=", "#", "\n", "0,5"]
)


@SETTINGS
@given(st.lists(line_parts, max_size=12).map("".join))
def test_near_miss_text_gives_games_or_input_error(text: str) -> None:
    try:
        parse_games(text)
    except InputError as error:
        assert error.code in LINE_CODES


@SETTINGS
@given(
    st.lists(
        st.tuples(
            st.integers(min_value=1000, max_value=40000).map(lambda tenth: tenth / 10),
            st.sampled_from(WINS + LOSSES + DRAWS),
            st.sampled_from([" | ", ";", "\t", " "]),
            st.booleans(),
        ),
        max_size=20,
    )
)
def test_round_trip(rows: list[tuple[float, str, str, bool]]) -> None:
    lines = []
    for rating, result, separator, comma in rows:
        number = f"{rating:g}".replace(".", ",") if comma else f"{rating:g}"
        if separator == " " and " " in result.strip():
            separator = " | "
        lines.append(f"{number}{separator}{result}")
    games = parse_games("\n".join(lines))
    assert [game.opponent for game in games] == [row[0] for row in rows]
    assert [game.score for game in games] == [parse_result(row[1]) for row in rows]
