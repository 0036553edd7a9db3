"""Club Elo: games applied in order, each its own rating period."""

from __future__ import annotations

import datetime
import math
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from elo_core import ERROR_CODES, Game, InputError, rate
from elo_core.league import (
    League,
    LeagueGame,
    PlayerSetup,
    Standing,
    _checked_game,
    _checked_games,
    league,
)


def reference(games: list[LeagueGame], *, k: float = 20, **options: Any) -> dict[str, float]:
    """The league written the slow, obvious way: rate() for each side of each game."""
    ratings: dict[str, float] = {}
    for game in games:
        a = ratings.setdefault(game.player_a, 1500)
        b = ratings.setdefault(game.player_b, 1500)
        ratings[game.player_a] = rate(a, [Game(b, game.score_a)], k=k, **options).new_rating
        ratings[game.player_b] = rate(b, [Game(a, 1 - game.score_a)], k=k, **options).new_rating
    return ratings


def test_one_win_between_equals() -> None:
    result = league([LeagueGame("Ann", "Bob", 1)])
    assert result.standings == (
        Standing("Ann", 1510.0, 1, 1, 0, 0, 10.0),
        Standing("Bob", 1490.0, 1, 0, 0, 1, -10.0),
    )
    assert result.total == 3000


def test_seed_example_1750_v_1810() -> None:
    # RULES.md: 1750 v 1810, K 20, win: E = 0.414, +11.7 → 1761.7.
    players = {"A": PlayerSetup(start=1750), "B": PlayerSetup(start=1810)}
    result = league([LeagueGame("A", "B", 1)], players=players)
    by_name = {s.name: s for s in result.standings}
    assert by_name["A"].rating == pytest.approx(1761.7, abs=0.05)
    assert by_name["A"].change == pytest.approx(11.7, abs=0.05)
    assert by_name["B"].rating == pytest.approx(1810 - 11.7, abs=0.05)
    rounded = league([LeagueGame("A", "B", 1)], players=players, rounding="tenth")
    assert {s.name: s.rating for s in rounded.standings} == {"A": 1761.7, "B": 1798.3}


def test_an_exact_half_per_game_is_rounded_away_from_zero() -> None:
    # 400 or more apart: E = 10/11 and 1/11, so K = 5.5 moves each side by exactly 0.5.
    players = {"A": PlayerSetup(start=1500), "B": PlayerSetup(start=1000)}
    result = league([LeagueGame("A", "B", 1)], players=players, k=5.5, cap="400", rounding="fide")
    assert {s.name: s.rating for s in result.standings} == {"A": 1501, "B": 999}  # A was 1500


def test_history_is_aligned_by_game_number() -> None:
    games = [
        LeagueGame("Ann", "Bob", 1),
        LeagueGame("Bob", "Cid", 0.5),
        LeagueGame("Ann", "Cid", 0),
    ]
    result = league(games)
    assert result.history_games == {"Ann": (0, 1, 3), "Bob": (0, 1, 2), "Cid": (0, 2, 3)}
    assert result.history["Ann"][:2] == (1500, 1510)
    assert len(result.history["Cid"]) == 3
    for standing in result.standings:
        assert result.history[standing.name][-1] == standing.rating
        assert len(result.history[standing.name]) == standing.games + 1
    # Game numbers only grow along each player's history.
    for numbers in result.history_games.values():
        assert list(numbers) == sorted(numbers)


def test_standings_counts_and_order() -> None:
    games = [
        LeagueGame("Bob", "Ann", 0.5),
        LeagueGame("Cid", "Ann", 0),
        LeagueGame("Cid", "Bob", 1),
    ]
    result = league(games, start=1000, k=32)
    names = [s.name for s in result.standings]
    assert names == sorted(names, key=lambda n: -{s.name: s.rating for s in result.standings}[n])
    ann = next(s for s in result.standings if s.name == "Ann")
    assert (ann.games, ann.wins, ann.draws, ann.losses) == (2, 1, 1, 0)
    assert ann.change == pytest.approx(ann.rating - 1000)


def test_ties_sort_by_name() -> None:
    result = league([LeagueGame("Zed", "Amy", 0.5), LeagueGame("Bea", "Cy", 0.5)])
    assert [s.name for s in result.standings] == ["Amy", "Bea", "Cy", "Zed"]


def test_empty_league_and_set_up_players_without_games() -> None:
    assert league([]) == League((), {}, {}, 0.0)
    result = league([], players={"Ann": PlayerSetup(start=1600)})
    assert result.standings == (Standing("Ann", 1600.0, 0, 0, 0, 0, 0.0),)
    assert result.history == {"Ann": (1600.0,)} and result.history_games == {"Ann": (0,)}


def test_own_start_and_k() -> None:
    players = {"Kid": PlayerSetup(k=40), "Pro": PlayerSetup(start=2000, k=10)}
    result = league([LeagueGame("Kid", "Pro", 1)], players=players)
    by_name = {s.name: s for s in result.standings}
    e = 1 / (1 + 10 ** ((2000 - 1500) / 400))
    assert by_name["Kid"].rating == pytest.approx(1500 + 40 * (1 - e))
    assert by_name["Pro"].rating == pytest.approx(2000 - 10 * (1 - e))


def test_fast_path_matches_rate() -> None:
    names = ["A", "B", "C", "D"]
    games = [
        LeagueGame(names[i % 4], names[(i * 3 + 1) % 4], (0, 0.5, 1)[i % 3])
        for i in range(60)
        if names[i % 4] != names[(i * 3 + 1) % 4]
    ]
    result = league(games, k=24)
    expected = reference(games, k=24)
    for standing in result.standings:
        assert standing.rating == pytest.approx(expected[standing.name], abs=1e-9)


@pytest.mark.parametrize(
    "options",
    [
        {"rounding": "fide"},
        {"rounding": "tenth"},
        {"model": "fide"},
        {"model": "normal"},
        {"cap": "400"},
        {"cap": "fide", "rounding": "fide"},
    ],
)
def test_other_options_are_rate_game_by_game(options: dict[str, Any]) -> None:
    games = [
        LeagueGame("A", "B", 1),
        LeagueGame("B", "C", 0.5),
        LeagueGame("C", "A", 1),
        LeagueGame("A", "B", 0),
    ]
    result = league(games, **options)
    expected = reference(games, **options)
    assert {s.name: s.rating for s in result.standings} == expected
    if options.get("rounding") == "fide":
        assert all(s.rating == int(s.rating) for s in result.standings)


def test_fide_cap_is_not_zero_sum_above_2650() -> None:
    players = {"GM": PlayerSetup(start=2700), "Club": PlayerSetup(start=2200)}
    game = [LeagueGame("GM", "Club", 0)]
    capped = league(game, players=players, cap="fide")
    assert capped.total != pytest.approx(4900, abs=1e-6)
    assert league(game, players=players, cap="400").total == pytest.approx(4900, abs=1e-9)


league_games = st.lists(
    st.tuples(st.integers(0, 7), st.integers(0, 7), st.sampled_from([0, 0.5, 1])).filter(
        lambda game: game[0] != game[1]
    ),
    max_size=200,
).map(lambda games: [LeagueGame(f"P{a}", f"P{b}", s) for a, b, s in games])


@settings(deadline=None)
@given(
    games=league_games,
    start=st.sampled_from([1000, 1500, 2000]),
    k=st.floats(min_value=1, max_value=40),
    model=st.sampled_from(["logistic", "normal", "fide"]),
    cap=st.sampled_from(["none", "400"]),
)
def test_total_stays_constant_with_one_k(
    games: list[LeagueGame], start: float, k: float, model: str, cap: str
) -> None:
    result = league(games, start=start, k=k, model=model, cap=cap)  # type: ignore[arg-type]
    assert result.total == pytest.approx(start * len(result.standings), abs=1e-9)
    assert math.fsum(s.change for s in result.standings) == pytest.approx(0, abs=1e-9)
    assert sum(s.games for s in result.standings) == 2 * len(games)
    assert sum(s.wins for s in result.standings) == sum(s.losses for s in result.standings)


@settings(deadline=None)
@given(games=league_games)
def test_fide_rounding_also_keeps_the_total(games: list[LeagueGame]) -> None:
    # Table values are exact decimals, so each game's two changes are exact opposites.
    result = league(games, model="fide", rounding="fide")
    assert result.total == 1500 * len(result.standings)


def test_games_may_be_any_iterable_and_keep_dates() -> None:
    day = datetime.date(2024, 5, 1)
    result = league(game for game in [LeagueGame("A", "B", 1, day)])
    assert result.standings[0].name == "A"


@pytest.mark.parametrize(
    "games, kwargs, code",
    [
        ([LeagueGame("Ann", "Ann", 1)], {}, "player-invalid"),
        ([LeagueGame("", "Bob", 1)], {}, "player-invalid"),
        ([LeagueGame("  ", "Bob", 1)], {}, "player-invalid"),
        ([LeagueGame(None, "Bob", 1)], {}, "player-invalid"),  # type: ignore[arg-type]
        ([LeagueGame("Ann", "Bob", 2)], {}, "score-invalid"),
        ([LeagueGame("Ann", "Bob", math.nan)], {}, "score-invalid"),
        ([LeagueGame("Ann", "Bob", True)], {}, "score-invalid"),
        ([LeagueGame("Ann", "Bob", 1, "2024-01-01")], {}, "games-invalid"),  # type: ignore[arg-type]
        ([("Ann", "Bob", 1)], {}, "games-invalid"),
        ("Ann,Bob,1", {}, "games-invalid"),
        (None, {}, "games-invalid"),
        ([], {"k": 0}, "k-invalid"),
        ([], {"k": math.inf}, "k-invalid"),
        ([], {"k": True}, "k-invalid"),
        ([], {"start": -1}, "rating-invalid"),
        ([], {"start": math.nan}, "rating-invalid"),
        ([], {"model": "glicko"}, "option-invalid"),
        ([], {"cap": 400}, "option-invalid"),
        ([], {"rounding": "up"}, "option-invalid"),
        ([], {"players": {"Ann": 1600}}, "games-invalid"),
        ([], {"players": [("Ann", PlayerSetup())]}, "games-invalid"),
        ([], {"players": {"": PlayerSetup()}}, "player-invalid"),
        ([], {"players": {"Ann": PlayerSetup(start=5000)}}, "rating-invalid"),
        ([], {"players": {"Ann": PlayerSetup(k=-1)}}, "k-invalid"),
    ],
)
def test_bad_input_raises_input_error(games: object, kwargs: dict[str, object], code: str) -> None:
    with pytest.raises(InputError) as raised:
        league(games, **kwargs)  # type: ignore[arg-type]
    assert raised.value.code == code
    assert code in ERROR_CODES


@pytest.mark.parametrize("options", [{}, {"rounding": "fide"}])
def test_a_rating_leaving_the_range_is_an_input_error(options: dict[str, str]) -> None:
    games = [LeagueGame("Weak", "Strong", 0)] * 3
    with pytest.raises(InputError) as raised:
        league(games, start=5, k=20, **options)  # type: ignore[arg-type]
    assert raised.value.code == "rating-invalid"
    assert "Game 1" in str(raised.value)


def test_errors_name_the_game() -> None:
    with pytest.raises(InputError) as raised:
        league([LeagueGame("Ann", "Bob", 1), LeagueGame("Ann", "Bob", 0.3)])
    assert str(raised.value).startswith("Game 2:")
    assert raised.value.field == "score"


odd_names = st.sampled_from(["Ann", "Bob", "", " ", "Ann ", None, 5, b"Ann"])
odd_scores = st.sampled_from([0, 1, 0.5, 0.0, 1.0, 2, -1, 0.25, True, False, math.nan, "1", None])
odd_dates = st.sampled_from([None, datetime.date(2024, 1, 1), "2024-01-01", 20240101])


@given(a=odd_names, b=odd_names, score=odd_scores, date=odd_dates)
def test_the_quick_check_agrees_with_the_detailed_one(
    a: object, b: object, score: object, date: object
) -> None:
    game = LeagueGame(a, b, score, date)  # type: ignore[arg-type]
    try:
        detailed: object = _checked_game(game, 1)
    except InputError as error:
        detailed = error.code
    try:
        quick: object = _checked_games([game])[0]
    except InputError as error:
        quick = error.code
    assert quick == detailed
    if isinstance(quick, tuple):
        assert type(quick[2]) is float
