"""The tool pages' calculators (FIDE tools, league); see :mod:`elo_core.page`.

Field names are unique across a page (the page looks error boxes up by field
name), hence the prefixes.

Modes: ``k_advisor``, ``performance``, ``initial`` (page "FIDE tools") and
``league`` (page "club league"); the Glicko-2 and DWZ page's are in
:mod:`elo_core.page.systems`.
"""

from __future__ import annotations

import datetime
import math
import re
from collections.abc import Callable, Mapping
from typing import Any

from elo_core.errors import InputError
from elo_core.numbers import DECIMAL_POINT, NumberFormat, parse_rating
from elo_core.page.export import csv_download
from elo_core.page.fields import (
    MAX_ROWS,
    FormReader,
    Output,
    PageLanguage,
    message,
    number_output,
    rows_output,
)
from elo_core.fide import (
    INITIAL_RATING_MAX,
    INITIAL_RATING_MIN_GAMES,
    dp_for_score,
    fide_initial_rating,
    fide_k_factor_reason,
    performance_rating,
)
from elo_core.importers import GamesImport, ImportNote, import_games
from elo_core.league import League, league
from elo_core.validation import (
    MAX_GAMES_IN_PERIOD,
    MAX_RATED_GAMES,
    MAX_YEAR,
    MIN_YEAR,
)

__all__ = ["CHART_SLOTS", "DEFAULTS", "MODES", "NOTES_SHOWN", "parse_ratings"]

#: The rating-history chart draws at most this many players (the highest rated).
CHART_SLOTS = 8

# At most about this many points per line of the rating-history chart.
_CHART_POINTS = 400

#: The league shows at most this many import notes, then how many more there are.
NOTES_SHOWN = 20

# The chart's drawing area inside its viewBox (0 0 640 320).
_CHART_LEFT, _CHART_RIGHT, _CHART_TOP, _CHART_BOTTOM = 56.0, 624.0, 16.0, 284.0


# --- lists of ratings -----------------------------------------------------------------------

_TOKEN_SPLIT = re.compile(r"[ \t;|]+")


def _rating_tokens(token: str, fmt: NumberFormat) -> list[str]:
    """The ratings one whitespace-free token holds: ``1850`` or ``1850,1720,1905``.

    A comma groups or marks decimals where the page's language says so
    (``1,850`` in English, ``1850,5`` in German, read by parse_rating);
    otherwise it separates ratings. A sign may lead the number (``+1,850`` is one number
    in English: the page then says no rating is signed, rather than reading 1 and 850).
    """
    if "," not in token or "." in token:
        return [token]  # with both signs it is one number, grouped: 1,850.5 or 1.850,5
    if fmt.group == "," and re.fullmatch(r"[-+\u2212\u2013]?[0-9]{1,3}(?:,[0-9]{3})+", token):
        return [token]
    if fmt.decimal == "," and re.fullmatch(r"[-+\u2212\u2013]?[0-9]+,[0-9]{1,3}", token):
        return [token]
    return token.split(",")


def parse_ratings(text: str, field: str, fmt: NumberFormat = DECIMAL_POINT) -> list[float]:
    """Ratings separated by line breaks, spaces, tabs, semicolons, bars or commas.

    Numbers are read as ``fmt`` writes them (see :func:`_rating_tokens` for
    commas). A rating that cannot be read raises its InputError
    ("rating-invalid", "rating-implausible") with its 1-based line.
    """
    ratings: list[float] = []
    for number, line in enumerate(text.replace("\r\n", "\n").replace("\r", "\n").split("\n"), 1):
        for token in _TOKEN_SPLIT.split(line.split("#", 1)[0].strip()):
            for piece in _rating_tokens(token, fmt):
                if not piece:
                    continue
                try:
                    ratings.append(parse_rating(piece, fmt=fmt, field=field))
                except InputError as error:
                    raise InputError(
                        error.code, str(error), field=field, line=number, reason=error.reason,
                        params=error.params,
                    ) from None
    return ratings


def _opponents(text: str, field: str, fmt: NumberFormat) -> list[float]:
    ratings = parse_ratings(text, field, fmt)
    if not ratings:
        raise InputError(
            "games-invalid", "Enter at least one opponent's rating.", field=field, reason="empty"
        )
    return ratings


# --- FIDE K advisor ------------------------------------------------------------------------


def _k_advisor(form: Mapping[str, str], lang: PageLanguage) -> dict[str, Output]:
    reader = FormReader(form, lang)
    rated_games = reader.count("rated_games", MAX_RATED_GAMES)
    birth_year = reader.whole(
        "birth_year", code="year-invalid", minimum=MIN_YEAR, maximum=MAX_YEAR, optional=True
    )
    year = reader.whole(
        "year", code="year-invalid", minimum=MIN_YEAR, maximum=MAX_YEAR, optional=True
    )
    rating = reader.rating("rating")
    games_in_period = reader.count("games_in_period", MAX_GAMES_IN_PERIOD)
    reached_2400 = bool(reader.text("reached_2400"))
    if birth_year is not None and year is not None and year < birth_year:
        reader.fail("year", "year-invalid", reason="before-birth", params={"birth_year": birth_year})
    reader.done()
    assert rated_games is not None and rating is not None
    if birth_year is not None and year is None:
        year = datetime.date.today().year
    k = fide_k_factor_reason(
        rating,
        rated_games=rated_games,
        birth_year=birth_year,
        year=year if birth_year is not None else None,
        reached_2400=reached_2400,
        games_in_period=games_in_period,
    )
    k_out = number_output(k.k, 0)
    if k.capped:
        cap = message(
            "k-capped", uncapped=number_output(k.uncapped, 0),
            games=number_output(games_in_period or 0, 0), k=k_out,
        )
    elif games_in_period:
        cap = message(
            "k-not-capped", games=number_output(games_in_period, 0),
            total=number_output(k.k * games_in_period, 0),
        )
    else:
        cap = message("k-no-period", keep_empty=True)
    return {"k_value": k_out, "k_reason": message(f"k-rule-{k.rule}", keep_empty=True),
            "k_cap": cap}


# --- performance and initial rating ---------------------------------------------------------


def _opponents_and_score(
    form: Mapping[str, str], lang: PageLanguage, prefix: str
) -> tuple[list[float], float]:
    reader = FormReader(form, lang)
    opponents_field, score_field = f"{prefix}_opponents", f"{prefix}_score"
    opponents = reader.read(
        opponents_field, lambda text: _opponents(text, opponents_field, lang.numbers))
    score = reader.points(score_field, None if opponents is None else len(opponents))
    reader.done()
    assert opponents is not None and score is not None
    return opponents, score


def _performance(form: Mapping[str, str], lang: PageLanguage) -> dict[str, Output]:
    opponents, score = _opponents_and_score(form, lang, "perf")
    fide = performance_rating(opponents, score, method="fide")
    linear = performance_rating(opponents, score, method="linear")
    games = len(opponents)
    ra = math.fsum(opponents) / games
    p = score / games
    return {
        "perf_fide": number_output(fide, 0),
        "perf_linear": number_output(linear, 0),
        "perf_ra": number_output(ra, 1),
        "perf_p": number_output(p, 2),
        "perf_dp": number_output(dp_for_score(p), 0, signed=True),
        "perf_games": number_output(games, 0),
    }


def _initial(form: Mapping[str, str], lang: PageLanguage) -> dict[str, Output]:
    opponents, score = _opponents_and_score(form, lang, "init")
    rating = fide_initial_rating(opponents, score)
    games = len(opponents)
    # With the two hypothetical 1800 opponents, both drawn (FIDE B.02 8.2).
    ra = (math.fsum(opponents) + 3600.0) / (games + 2)
    p = (score + 1.0) / (games + 2)
    outputs: dict[str, Output] = {
        "init_games": number_output(games, 0),
        "init_ra": number_output(ra, 1),
        "init_p": number_output(p, 2),
    }
    if rating is None:
        outputs["init_rating"] = None  # type: ignore[assignment]
        if games < INITIAL_RATING_MIN_GAMES:
            note = message("initial-too-few", games=number_output(games, 0))
        elif score == 0:
            note = message("initial-zero-score", keep_empty=True)
        else:
            note = message("initial-below-1400", keep_empty=True)
    else:
        outputs["init_rating"] = number_output(rating, 0)
        note = (
            message("initial-capped", rating=number_output(rating, 0))
            if rating == INITIAL_RATING_MAX
            else message("initial-rated", rating=number_output(rating, 0))
        )
    outputs["init_note"] = note
    return outputs


# --- club league ----------------------------------------------------------------------------

_LEAGUE_FORMATS = ("lines", "csv", "pgn")


def _note(note: ImportNote) -> Output:
    """One import note as the page words it: numbers formatted, texts as typed."""
    params = {
        name: number_output(value, 0) if isinstance(value, int) else value
        for name, value in note.params.items()
    }
    said = message(f"league-note-{note.reason}", keep_empty=True, **params)
    return said if note.line is None else message(
        "league-note", line=number_output(note.line, 0), note=said
    )


def _notes(notes: tuple[ImportNote, ...]) -> Output:
    """The import notes, at most :data:`NOTES_SHOWN`, then how many more there are."""
    items = [_note(note) for note in notes[:NOTES_SHOWN]]
    if len(notes) > NOTES_SHOWN:
        items.append(message("league-notes-more",
                             count=number_output(len(notes) - NOTES_SHOWN, 0)))
    return {"items": items}


def _chart(result: League, games: int) -> dict[str, Output]:
    """The rating-history chart: one polyline per player (the highest rated first)."""
    values = [value for history in result.history.values() for value in history]
    low, high = min(values), max(values)
    padding = max(10.0, (high - low) * 0.08)
    low, high = math.floor((low - padding) / 10) * 10, math.ceil((high + padding) / 10) * 10
    span_x = max(games, 1)

    def x(number: int) -> float:
        return _CHART_LEFT + (_CHART_RIGHT - _CHART_LEFT) * number / span_x

    def y(value: float) -> float:
        return _CHART_BOTTOM - (_CHART_BOTTOM - _CHART_TOP) * (value - low) / (high - low)

    outputs: dict[str, Output] = {
        "chart_y_max": number_output(high, 0),
        "chart_y_mid": number_output((low + high) / 2, 0),
        "chart_y_min": number_output(low, 0),
        "chart_x_max": number_output(games, 0),
    }
    shown = result.standings[:CHART_SLOTS]
    for slot in range(CHART_SLOTS):
        if slot < len(shown):
            name = shown[slot].name
            pairs = list(zip(result.history_games[name], result.history[name]))
            # A line of thousands of points draws no better than one of a few hundred.
            step = -(-len(pairs) // _CHART_POINTS)
            points = " ".join(
                f"{x(number):.1f},{y(value):.1f}"
                for number, value in pairs[::step] + ([pairs[-1]] if (len(pairs) - 1) % step else [])
            )
            outputs[f"chart_line_{slot}"] = {
                "attrs": {"points": points, "class": f"series s{slot}"}
            }
            outputs[f"chart_key_{slot}"] = {"attrs": {"class": f"key s{slot}"}}
            outputs[f"chart_name_{slot}"] = {"text": name}
        else:
            outputs[f"chart_line_{slot}"] = {"attrs": {"points": "", "class": "series unused"}}
            outputs[f"chart_key_{slot}"] = {"attrs": {"class": "key unused"}}
            outputs[f"chart_name_{slot}"] = {"text": ""}
    hidden = len(result.standings) - len(shown)
    outputs["chart_more"] = (
        message("chart-more", count=number_output(hidden, 0)) if hidden > 0 else {"text": ""}
    )
    return outputs


_STANDINGS_COLUMNS = (
    "rank", "name", "league_rating", "games_played", "wins", "draws", "losses", "change",
)


def _standings_csv(result: League, lang: PageLanguage) -> Output:
    """The standings as a download, for the page's language (:mod:`elo_core.page.export`)."""
    return csv_download("standings.csv", _STANDINGS_COLUMNS, (
        (rank, row.name, row.rating, row.games, row.wins, row.draws, row.losses, row.change)
        for rank, row in enumerate(result.standings, 1)
    ), lang, (0, 0, 1, 0, 0, 0, 0, 1))


def _league(form: Mapping[str, str], lang: PageLanguage) -> dict[str, Output]:
    reader = FormReader(form, lang)
    fmt = reader.option("league_format", _LEAGUE_FORMATS, "lines")
    imported = reader.read("league_games", lambda text: import_games(text, fmt or "lines"))
    if imported is not None and not imported.games:
        _no_games(reader, imported)
    start = reader.rating("league_start", "1500")
    k = reader.k("league_k", "20")
    reader.done()
    assert imported is not None and start is not None and k is not None
    games = list(imported.games)
    try:
        result = league(games, start=start, k=k)
    except InputError as error:
        field = {"start": "league_start", "k": "league_k"}.get(error.field or "", "league_games")
        raise InputError(error.code, str(error), field=field, line=error.line) from None

    standings = [
        [
            number_output(rank, 0),
            {"text": row.name},
            number_output(row.rating, 1),
            number_output(row.games, 0),
            number_output(row.wins, 0),
            number_output(row.draws, 0),
            number_output(row.losses, 0),
            number_output(row.change, 1, signed=True),
        ]
        for rank, row in enumerate(result.standings, 1)
    ]
    # The same data as the chart, game by game: both players' ratings after it.
    position = {name: 0 for name in result.history}
    history_rows = []
    for number, game in enumerate(games, 1):
        if number > MAX_ROWS:
            break
        after = []
        for name in (game.player_a, game.player_b):
            position[name] += 1
            after.append(result.history[name][position[name]])
        history_rows.append(
            [
                number_output(number, 0),
                {"text": game.player_a},
                {"text": _score_text(game.score_a)},
                {"text": game.player_b},
                number_output(after[0], 1),
                number_output(after[1], 1),
            ]
        )
    return {
        "standings": rows_output(standings),
        "history": rows_output(history_rows) | {"total": len(games)},
        "league_total": number_output(result.total, 1),
        "league_players": number_output(len(result.standings), 0),
        "league_games_count": number_output(len(games), 0),
        "league_notes": _notes(imported.notes),
        "standings_csv": _standings_csv(result, lang),
        **_chart(result, len(games)),
    }


def _no_games(reader: FormReader, imported: GamesImport) -> None:
    """No game to rate: none given, or every one left out (the first one's line)."""
    left_out = [note for note in imported.notes if note.left_out]
    if not left_out:
        reader.fail("league_games", "games-invalid", reason="empty")
        return
    reader.fail(
        "league_games", "games-invalid", left_out[0].line, reason="none-rated",
        params={"count": len(left_out)},
    )


def _score_text(score: float) -> str:
    return {1.0: "1–0", 0.5: "½–½", 0.0: "0–1"}[score]


# --- registry -------------------------------------------------------------------------------

DEFAULTS: dict[str, dict[str, str]] = {
    "k_advisor": {
        "rated_games": "45",
        "birth_year": "2010",
        "year": str(datetime.date.today().year),
        "rating": "1850",
        "reached_2400": "",
        "games_in_period": "9",
    },
    "performance": {
        "perf_opponents": "1850\n1720\n1905\n1640\n1780\n1810\n1695",
        "perf_score": "4.5",
    },
    "initial": {
        "init_opponents": "1650\n1580\n1720\n1490\n1610",
        "init_score": "2.5",
    },
    "league": {
        "league_format": "lines",
        "league_games": (
            "Anna | Ben | 1\n"
            "Clara | David | ½\n"
            "Anna | Clara | ½\n"
            "Ben | David | 0\n"
            "Anna | David | 1\n"
            "Ben | Clara | 1"
        ),
        "league_start": "1500",
        "league_k": "20",
    },
}

MODES: dict[str, Callable[[Mapping[str, str], PageLanguage], dict[str, Any]]] = {
    "k_advisor": _k_advisor,
    "performance": _performance,
    "initial": _initial,
    "league": _league,
}
