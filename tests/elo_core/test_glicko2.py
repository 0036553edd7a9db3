"""Glicko-2 against Glickman's "Example of the Glicko-2 system" and its own rules."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from elo_core import ERROR_CODES, InputError, glicko2
from elo_core.glicko2 import (
    SCALE,
    Glicko2Rating,
    Glicko2Result,
    rate_periods,
    update,
    update_steps,
)
from elo_core.league import LeagueGame

PAPER_GAMES = [
    Glicko2Result(1400, 30, 1),
    Glicko2Result(1550, 100, 0),
    Glicko2Result(1700, 300, 0),
]


def test_the_papers_example() -> None:
    result = update(1500, 200, 0.06, PAPER_GAMES, tau=0.5)
    assert result.rating == pytest.approx(1464.06, abs=0.01)
    assert result.rd == pytest.approx(151.52, abs=0.01)
    assert result.volatility == pytest.approx(0.05999, abs=1e-5)


def test_the_papers_intermediate_steps() -> None:
    steps = update_steps(1500, 200, 0.06, PAPER_GAMES, tau=0.5)
    assert steps.mu == 0.0
    assert steps.phi == pytest.approx(1.1513, abs=1e-4)  # step 2
    assert steps.v == pytest.approx(1.7790, abs=1e-3)  # step 3
    assert steps.delta == pytest.approx(-0.4839, abs=1e-4)  # step 4
    assert steps.new_volatility == pytest.approx(0.05999, abs=1e-5)  # step 5
    assert steps.phi_star == pytest.approx(1.152862, abs=1e-4)  # step 6
    assert steps.new_phi == pytest.approx(0.8722, abs=1e-4)  # step 7
    assert steps.new_mu == pytest.approx(-0.2069, abs=1e-4)
    assert steps.result == update(1500, 200, 0.06, PAPER_GAMES)


def test_module_is_reachable_as_elo_core_glicko2() -> None:
    assert glicko2.update is update
    assert SCALE == 173.7178


def test_a_period_without_games_only_widens_rd() -> None:
    result = update(1500, 200, 0.06, [])
    phi = 200 / SCALE
    assert result.rating == 1500
    assert result.volatility == 0.06
    assert result.rd == pytest.approx(SCALE * math.sqrt(phi**2 + 0.06**2), abs=1e-9)
    assert result.rd > 200
    steps = update_steps(1500, 200, 0.06, ())
    assert steps.v is None and steps.delta is None


def test_win_raises_and_loss_lowers_the_rating() -> None:
    assert update(1500, 100, 0.06, [Glicko2Result(1500, 100, 1)]).rating > 1500
    assert update(1500, 100, 0.06, [Glicko2Result(1500, 100, 0)]).rating < 1500
    draw = update(1500, 100, 0.06, [Glicko2Result(1500, 100, 0.5)])
    assert draw.rating == pytest.approx(1500, abs=1e-9)
    assert draw.rd < 100


def _f(x: float, *, delta: float, phi: float, v: float, sigma: float, tau: float) -> float:
    """Glickman's f(x) of step 5, written out again for the test."""
    a = math.log(sigma**2)
    ex = math.exp(x)
    return ex * (delta**2 - phi**2 - v - ex) / (2 * (phi**2 + v + ex) ** 2) - (x - a) / tau**2


@pytest.mark.parametrize(
    "rd, games",
    [
        # Δ² ≤ φ² + v: the bracket search of step 5.2 (the paper's case).
        (200, PAPER_GAMES),
        # Δ² > φ² + v: twenty wins against equals with a small RD.
        (30, [Glicko2Result(1500, 30, 1)] * 20),
    ],
)
def test_new_volatility_is_the_root_of_f(rd: float, games: list[Glicko2Result]) -> None:
    steps = update_steps(1500, rd, 0.06, games, tau=0.5)
    assert steps.v is not None and steps.delta is not None
    x = math.log(steps.new_volatility**2)
    f = _f(x, delta=steps.delta, phi=steps.phi, v=steps.v, sigma=0.06, tau=0.5)
    assert abs(f) < 1e-5
    # f is decreasing: a little to either side it changes sign.
    left = _f(x - 1e-3, delta=steps.delta, phi=steps.phi, v=steps.v, sigma=0.06, tau=0.5)
    right = _f(x + 1e-3, delta=steps.delta, phi=steps.phi, v=steps.v, sigma=0.06, tau=0.5)
    assert left > 0 > right


def test_a_big_surprise_raises_the_volatility() -> None:
    result = update(1500, 30, 0.06, [Glicko2Result(1500, 30, 1)] * 20)
    assert result.volatility > 0.06


@pytest.mark.parametrize(
    "kwargs, code",
    [
        ({"rating": math.nan}, "rating-invalid"),
        ({"rating": math.inf}, "rating-invalid"),
        ({"rating": True}, "rating-invalid"),
        ({"rating": "1500"}, "rating-invalid"),
        ({"rating": -1}, "rating-invalid"),
        ({"rating": 4001}, "rating-invalid"),
        ({"rd": 0}, "rd-invalid"),
        ({"rd": -5}, "rd-invalid"),
        ({"rd": math.nan}, "rd-invalid"),
        ({"rd": 1001}, "rd-invalid"),
        ({"rd": False}, "rd-invalid"),
        ({"volatility": 0}, "volatility-invalid"),
        ({"volatility": 1.5}, "volatility-invalid"),
        ({"volatility": math.inf}, "volatility-invalid"),
        ({"volatility": None}, "volatility-invalid"),
        ({"tau": 0}, "tau-invalid"),
        ({"tau": -0.5}, "tau-invalid"),
        ({"tau": 6}, "tau-invalid"),
        ({"tau": math.nan}, "tau-invalid"),
        ({"tau": True}, "tau-invalid"),
        # Once a hang, a math domain error and a ZeroDivisionError: now out of range.
        ({"tau": 1e-30}, "tau-invalid"),
        ({"tau": 1e-320}, "tau-invalid"),
        ({"volatility": 1e-200}, "volatility-invalid"),
        ({"rd": 1e-300}, "rd-invalid"),
        ({"results": "1400 30 1"}, "games-invalid"),
        ({"results": 5}, "games-invalid"),
        ({"results": [(1400, 30)]}, "games-invalid"),
        ({"results": [(1400, 30, 1, 0)]}, "games-invalid"),
        ({"results": [{"rating": 1400, "rd": 30, "score": 1}]}, "games-invalid"),
        ({"results": ["1400 30 1"]}, "games-invalid"),
        ({"results": [Glicko2Result(1400, 30, 0.3)]}, "score-invalid"),
        ({"results": [Glicko2Result(1400, 30, True)]}, "score-invalid"),
        ({"results": [Glicko2Result(math.nan, 30, 1)]}, "rating-invalid"),
        ({"results": [Glicko2Result(1400, 0, 1)]}, "rd-invalid"),
    ],
)
def test_bad_input_raises_input_error(kwargs: dict[str, object], code: str) -> None:
    arguments: dict[str, object] = {
        "rating": 1500,
        "rd": 200,
        "volatility": 0.06,
        "results": PAPER_GAMES,
        "tau": 0.5,
    }
    arguments.update(kwargs)
    with pytest.raises(InputError) as raised:
        update(
            arguments["rating"],  # type: ignore[arg-type]
            arguments["rd"],  # type: ignore[arg-type]
            arguments["volatility"],  # type: ignore[arg-type]
            arguments["results"],  # type: ignore[arg-type]
            tau=arguments["tau"],  # type: ignore[arg-type]
        )
    assert raised.value.code == code
    assert code in ERROR_CODES


def test_plain_tuples_count_like_records() -> None:
    tuples: list[tuple[float, float, float]] = [(1400, 30, 1), (1550, 100, 0), (1700, 300, 0)]
    assert update(1500, 200, 0.06, tuples, tau=0.5) == update(1500, 200, 0.06, PAPER_GAMES)
    assert update_steps(1500, 200, 0.06, tuples) == update_steps(1500, 200, 0.06, PAPER_GAMES)
    mixed: list[Glicko2Result | tuple[float, float, float]] = [
        PAPER_GAMES[0],
        (1550, 100, 0),
        PAPER_GAMES[2],
    ]
    assert update(1500, 200, 0.06, mixed) == update(1500, 200, 0.06, PAPER_GAMES)
    as_lists = [[1400, 30, 1], [1550, 100, 0], [1700, 300, 0]]
    paper = update(1500, 200, 0.06, PAPER_GAMES)
    assert update(1500, 200, 0.06, as_lists) == paper  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "values",
    [
        (math.nan, 30, 1),
        (-1, 30, 1),
        ("1400", 30, 1),
        (1400, 0, 1),
        (1400, 1001, 1),
        (1400, None, 1),
        (1400, 30, 0.3),
        (1400, 30, True),
        (1400, 30, "1"),
    ],
)
def test_bad_tuples_give_the_errors_of_bad_records(values: tuple[object, object, object]) -> None:
    with pytest.raises(InputError) as from_record:
        update(1500, 200, 0.06, [Glicko2Result(*values)])  # type: ignore[arg-type]
    with pytest.raises(InputError) as from_tuple:
        update(1500, 200, 0.06, [values])  # type: ignore[list-item]
    assert from_tuple.value.as_dict() == from_record.value.as_dict()
    assert str(from_tuple.value) == str(from_record.value)


ratings = st.floats(min_value=0, max_value=4000)
rds = st.floats(min_value=1, max_value=1000)
results = st.lists(
    st.builds(Glicko2Result, ratings, rds, st.sampled_from([0, 0.5, 1])), max_size=30
)


@given(
    rating=ratings,
    rd=rds,
    volatility=st.floats(min_value=glicko2.MIN_VOLATILITY, max_value=glicko2.MAX_VOLATILITY),
    games=results,
    tau=st.floats(min_value=glicko2.MIN_TAU, max_value=glicko2.MAX_TAU),
)
def test_any_valid_input_gives_finite_values(
    rating: float, rd: float, volatility: float, games: list[Glicko2Result], tau: float
) -> None:
    result = update(rating, rd, volatility, games, tau=tau)
    assert math.isfinite(result.rating)
    assert 0 < result.rd <= math.sqrt(rd**2 + (SCALE * result.volatility) ** 2) + 1e-6
    assert 0 < result.volatility and math.isfinite(result.volatility)


# --- rate_periods ------------------------------------------------------------


def test_one_period_matches_update_for_each_player() -> None:
    standings = rate_periods([[("Ann", "Bob", 1), ("Bob", "Cid", 0.5)]])
    by_name = {s.name: s for s in standings}
    ann = update(1500, 350, 0.06, [Glicko2Result(1500, 350, 1)])
    bob = update(1500, 350, 0.06, [Glicko2Result(1500, 350, 0), Glicko2Result(1500, 350, 0.5)])
    assert (by_name["Ann"].rating, by_name["Ann"].rd) == (ann.rating, ann.rd)
    assert (by_name["Bob"].rating, by_name["Bob"].rd, by_name["Bob"].volatility) == (
        bob.rating,
        bob.rd,
        bob.volatility,
    )
    assert (by_name["Bob"].wins, by_name["Bob"].draws, by_name["Bob"].losses) == (0, 1, 1)
    assert by_name["Bob"].games == 2
    assert [s.name for s in standings] == ["Ann", "Cid", "Bob"]


def test_players_who_sit_out_a_period_only_widen_their_rd() -> None:
    standings = rate_periods([[("Ann", "Bob", 1)], [("Ann", "Cid", 0)]])
    by_name = {s.name: s for s in standings}
    after_first = update(1500, 350, 0.06, [Glicko2Result(1500, 350, 0)])
    widened = update(after_first.rating, after_first.rd, after_first.volatility, [])
    assert by_name["Bob"].rating == after_first.rating
    assert by_name["Bob"].rd == widened.rd > after_first.rd
    # Cid enters in the second period at the start values.
    cid = update(1500, 350, 0.06, [Glicko2Result(by_name["Ann"].rating, 1, 1)])
    assert by_name["Cid"].rating > 1500 and cid.rating > 1500


def test_an_empty_period_widens_everyone() -> None:
    once = {s.name: s for s in rate_periods([[("Ann", "Bob", 0.5)]])}
    twice = {s.name: s for s in rate_periods([[("Ann", "Bob", 0.5)], []])}
    assert twice["Ann"].rd > once["Ann"].rd
    assert twice["Ann"].rating == once["Ann"].rating


def test_games_may_be_lists_or_league_games() -> None:
    as_tuples = rate_periods([[("Ann", "Bob", 1)], [("Bob", "Cid", 0)]])
    as_lists = rate_periods([[["Ann", "Bob", 1]], [["Bob", "Cid", 0]]])  # type: ignore[list-item]
    as_games = rate_periods([[LeagueGame("Ann", "Bob", 1)], [LeagueGame("Bob", "Cid", 0)]])
    assert as_tuples == as_lists == as_games


def test_custom_start_and_no_periods() -> None:
    assert rate_periods([]) == ()
    (first, second) = rate_periods([[("A", "B", 1)]], start=(1200, 100, 0.05), tau=0.3)
    assert first.name == "A" and first.rating > 1200 > second.rating
    assert first.rating - 1200 == pytest.approx(1200 - second.rating)


def test_standings_ties_sort_by_name() -> None:
    standings = rate_periods([[("Zoe", "Al", 0.5)]])
    assert [s.name for s in standings] == ["Al", "Zoe"]
    assert isinstance(update(1500, 100, 0.06, []), Glicko2Rating)


@pytest.mark.parametrize(
    "periods, kwargs, code",
    [
        ([[("Ann", "Ann", 1)]], {}, "player-invalid"),
        ([[("", "Bob", 1)]], {}, "player-invalid"),
        ([[(None, "Bob", 1)]], {}, "player-invalid"),
        ([[("Ann", "Bob", 2)]], {}, "score-invalid"),
        ([[("Ann", "Bob")]], {}, "games-invalid"),
        ([("Ann", "Bob", 1)], {}, "games-invalid"),
        ([5], {}, "games-invalid"),
        ("Ann Bob 1", {}, "games-invalid"),
        ([], {"tau": 0}, "tau-invalid"),
        ([], {"start": (1500, 350)}, "games-invalid"),
        ([], {"start": (1500, 0, 0.06)}, "rd-invalid"),
        ([], {"start": (math.nan, 350, 0.06)}, "rating-invalid"),
        ([], {"start": (1500, 350, 2.0)}, "volatility-invalid"),
    ],
)
def test_rate_periods_rejects_bad_input(
    periods: object, kwargs: dict[str, object], code: str
) -> None:
    with pytest.raises(InputError) as raised:
        rate_periods(periods, **kwargs)  # type: ignore[arg-type]
    assert raised.value.code == code


def test_the_volatility_iteration_is_bounded_whatever_tau() -> None:
    """Step 5's search for B ran forever when a − k·τ == a; every loop now has a bound."""
    sigma = glicko2._new_volatility(phi=0.5, sigma=0.06, v=2.0, delta=0.1, tau=1e-30)
    assert math.isfinite(sigma) and sigma > 0
