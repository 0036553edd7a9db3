"""DWZ: the development coefficient and the new rating, as RULES.md states them."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from elo_core import ERROR_CODES, Game, InputError, dwz
from elo_core.dwz import DwzResult, first_dwz, update


def phi(x: float) -> float:
    return 0.5 * (1 + math.erf(x / math.sqrt(2)))


def we_of(rating: float, opponents: list[float]) -> float:
    """We with σ = 200·√2, written out independently of elo_core."""
    return sum(phi((rating - opponent) / (200 * math.sqrt(2))) for opponent in opponents)


def test_adult_example_by_hand() -> None:
    games = [(1500, 1), (1700, 0.5), (1650, 1)]
    result = update(1600, games, age=30, index=3)
    we = we_of(1600, [1500, 1700, 1650])
    assert result.we == pytest.approx(we, abs=1e-12)
    assert result.w == 2.5 and result.n == 3
    assert result.j == 15
    assert result.e0 == pytest.approx(1.6**4 + 15)  # 21.55
    assert (result.fb, result.sbr) == (1.0, 0.0)
    assert result.e == 15  # round(21.55) = 22, but at most 5 × index = 15
    expected = 1600 + 800 * (2.5 - we) / (15 + 3)  # 1647.56
    assert result.new_rating == round(expected) == 1648
    assert result.change == 48
    assert result.expected[0] == pytest.approx(phi(100 / (200 * math.sqrt(2))))


def test_same_game_as_game_objects() -> None:
    pairs = [(1500, 1.0), (1700, 0.5)]
    assert update(1600, [Game(r, s) for r, s in pairs], age=30, index=6) == update(
        1600, pairs, age=30, index=6
    )


@pytest.mark.parametrize("age, j", [(8, 5), (20, 5), (21, 10), (25, 10), (26, 15), (80, 15)])
def test_age_term(age: int, j: int) -> None:
    assert update(1500, [(1500, 0.5)], age=age, index=6).j == j


@pytest.mark.parametrize(
    "rating, age, score, fb",
    [
        (1800, 15, 1, 0.9),  # young and scored at least We: R0/2000
        (800, 15, 1, 0.5),  # clamped below at 0.5
        (2200, 20, 1, 1.0),  # clamped above at 1.0
        (1800, 15, 0, 1.0),  # scored less than We
        (1800, 21, 1, 1.0),  # not young
        (1500, 15, 0.5, 0.75),  # W = We (equal opponent, draw) counts as "at least We"
    ],
)
def test_acceleration_factor(rating: float, age: int, score: float, fb: float) -> None:
    result = update(rating, [(rating, score)], age=age, index=6)
    assert result.fb == pytest.approx(fb)


def test_braking_value_only_below_1300_and_below_expectation() -> None:
    low_loss = update(1100, [(1100, 0)], age=40, index=6)
    assert low_loss.sbr == pytest.approx(math.exp(200 / 150) - 1)
    assert low_loss.e_unrounded == pytest.approx((1.1**4 + 15) + low_loss.sbr)
    assert low_loss.e == round(low_loss.e_unrounded)
    assert update(1100, [(1100, 1)], age=40, index=6).sbr == 0
    assert update(1300, [(1300, 0)], age=40, index=6).sbr == 0


def test_coefficient_limits() -> None:
    # At least 5: E0 · fB = (1 + 5) · 0.5 = 3 for a young player who did well.
    assert update(1000, [(1000, 1)], age=10, index=6).e == 5
    # At most 5 × index while the index is at most 5, at most 30 after that.
    strong = [(2600, 0.5)]  # E0 = 2.6⁴ + 15 = 60.7
    assert [update(2600, strong, age=40, index=i).e for i in (1, 2, 5, 6, 50)] == [
        5,
        10,
        25,
        30,
        30,
    ]
    # With the brake, up to 150: SBr = e^(800/150) − 1 ≈ 206.
    braked = update(500, [(500, 0)], age=40, index=1)
    assert braked.sbr > 150 and braked.e == 150


def test_a_true_half_rounds_away_from_zero() -> None:
    # 104 games against equals (every E = ½): W − We = −1.5, E = 21, Rn = 1024.1 − 1200/125.
    games = [(1024.1, 1)] * 50 + [(1024.1, 0.5)] + [(1024.1, 0)] * 53
    result = update(1024.1, games, age=40, index=6)
    assert (result.e, result.we) == (21, 52)
    assert result.new_rating == 1015  # exactly 1014.5; floats gave 1014.4999… and 1014
    # Two games against equals, 1.5 points, E = 30: 2000 + 800 × 0.5 / 32 = 2012.5.
    assert update(2000, [(2000, 1), (2000, 0.5)], age=40, index=6).new_rating == 2013
    assert update(2000, [(2000, 0), (2000, 0.5)], age=40, index=6).new_rating == 1988  # 1987.5


def test_no_games_keep_the_rating() -> None:
    result = update(1432, [], age=30, index=2)
    assert (result.new_rating, result.change, result.n, result.we, result.w) == (
        1432,
        0,
        0,
        0,
        0,
    )


def test_module_and_result_type_are_exported() -> None:
    assert dwz.update is update
    assert isinstance(update(1500, [], age=30, index=1), DwzResult)


games = st.lists(st.tuples(st.integers(0, 4000), st.sampled_from([0, 0.5, 1])), max_size=40)


@given(
    rating=st.floats(min_value=0, max_value=4000),
    played=games,
    age=st.integers(0, 150),
    index=st.integers(1, 100),
)
def test_any_valid_input_gives_a_whole_rating_in_the_right_direction(
    rating: float, played: list[tuple[int, float]], age: int, index: int
) -> None:
    result = update(rating, played, age=age, index=index)
    assert result.new_rating == int(result.new_rating)
    assert 5 <= result.e <= 150
    raw = rating + 800 * (result.w - result.we) / (result.e + result.n)
    assert abs(result.new_rating - raw) <= 0.5 + 1e-9
    if result.w > result.we + 1e-9:
        assert result.new_rating >= round(rating) - 1
    if result.sbr == 0:
        assert result.e <= min(30, 5 * index)


@pytest.mark.parametrize(
    "kwargs, code",
    [
        ({"rating": math.nan}, "rating-invalid"),
        ({"rating": math.inf}, "rating-invalid"),
        ({"rating": True}, "rating-invalid"),
        ({"rating": -1}, "rating-invalid"),
        ({"rating": "1500"}, "rating-invalid"),
        ({"games": [(1500, 0.7)]}, "score-invalid"),
        ({"games": [(1500, True)]}, "score-invalid"),
        ({"games": [(math.nan, 1)]}, "rating-invalid"),
        ({"games": [(5000, 1)]}, "rating-invalid"),
        ({"games": [(1500, 1, 2)]}, "games-invalid"),
        ({"games": [1500]}, "games-invalid"),
        ({"games": "1500 1"}, "games-invalid"),
        ({"games": None}, "games-invalid"),
        ({"age": -1}, "age-invalid"),
        ({"age": 151}, "age-invalid"),
        ({"age": 20.5}, "age-invalid"),
        ({"age": True}, "age-invalid"),
        ({"age": "30"}, "age-invalid"),
        ({"index": 0}, "index-invalid"),
        ({"index": True}, "index-invalid"),
        ({"index": 2.0}, "index-invalid"),
        ({"index": math.nan}, "index-invalid"),
    ],
)
def test_bad_input_raises_input_error(kwargs: dict[str, object], code: str) -> None:
    arguments: dict[str, object] = {"rating": 1500, "games": [(1500, 1)], "age": 30, "index": 3}
    arguments.update(kwargs)
    with pytest.raises(InputError) as raised:
        update(
            arguments["rating"],  # type: ignore[arg-type]
            arguments["games"],  # type: ignore[arg-type]
            age=arguments["age"],  # type: ignore[arg-type]
            index=arguments["index"],  # type: ignore[arg-type]
        )
    assert raised.value.code == code
    assert code in ERROR_CODES


# --- first DWZ -----------------------------------------------------------------


def test_first_dwz_is_average_plus_normal_difference() -> None:
    played = [(1500, 1), (1600, 0.5), (1400, 1), (1700, 0), (1550, 0.5)]
    first = first_dwz(played)
    assert first.average_opponent == 1550
    assert first.percentage == 0.6
    assert phi(first.difference / (200 * math.sqrt(2))) == pytest.approx(0.6, abs=1e-12)
    assert first.difference == pytest.approx(71.66, abs=0.01)
    assert first.rating == 1622
    assert (first.n, first.w) == (5, 3)


def test_first_dwz_at_fifty_percent_is_the_average() -> None:
    played = [(1200, 1), (1300, 0), (1400, 0.5), (1500, 0.5), (1600, 1), (1700, 0)]
    first = first_dwz([Game(r, s) for r, s in played])
    assert first.difference == pytest.approx(0, abs=1e-9)
    assert first.rating == 1450


@pytest.mark.parametrize(
    "played",
    [
        [(1500, 1)] * 4,  # fewer than 5 rated opponents
        [(1500, 1)] * 5,  # 100 %
        [(1500, 0)] * 6,  # 0 %
        [],
    ],
)
def test_first_dwz_needs_five_games_and_a_mixed_score(played: list[tuple[int, int]]) -> None:
    with pytest.raises(InputError) as raised:
        first_dwz(played)
    assert raised.value.code == "games-invalid"


def test_first_dwz_checks_the_games() -> None:
    with pytest.raises(InputError) as raised:
        first_dwz([(1500, 2)] * 5)
    assert raised.value.code == "score-invalid"


def test_games_may_be_lists_and_errors_name_the_game() -> None:
    assert update(1500, [[1500, 1]], age=30, index=2) == update(  # type: ignore[list-item]
        1500, [(1500, 1)], age=30, index=2
    )
    with pytest.raises(InputError) as raised:
        update(1500, [(1500, 1), (1600, 2)], age=30, index=2)
    assert str(raised.value).startswith("Game 2:")


# --- the one-time uplift of 2026 ------------------------------------------------


@pytest.mark.parametrize("before, after", [(700, 1100), (1600, 1784), (2200, 2200)])
def test_uplift_examples_of_rules_md(before: int, after: int) -> None:
    assert dwz.uplift_2026(before) == after


@pytest.mark.parametrize(
    "before, after",
    [
        (0, 400),
        (999, 1399),  # + 400
        (1000, 1400),  # 0.64 × 1000 + 760: both pieces give 1400
        (1601, 1785),  # 1784.64
        (1025, 1416),  # 1416.0
        (1650.5, 1816),  # 1816.32
        (2109, 2110),  # 2109.76
        (2110, 2110),
        (4000, 4000),
    ],
)
def test_uplift_pieces_and_rounding(before: float, after: int) -> None:
    assert dwz.uplift_2026(before) == after


def test_uplift_rounds_a_true_half_away_from_zero() -> None:
    # 0.64 × 1000.78125 + 760 = 1400.5 exactly: the source states no rounding; half away.
    assert dwz.uplift_2026(1000.78125) == 1401


@given(st.integers(0, 4000), st.integers(0, 4000))
def test_uplift_never_reorders_players(a: int, b: int) -> None:
    low, high = sorted((a, b))
    assert dwz.uplift_2026(low) <= dwz.uplift_2026(high)
    assert dwz.uplift_2026(low) >= low


@pytest.mark.parametrize("bad", [-1, 4001, math.nan, True, "1500"])
def test_uplift_refuses_a_bad_rating(bad: object) -> None:
    with pytest.raises(InputError) as raised:
        dwz.uplift_2026(bad)  # type: ignore[arg-type]
    assert raised.value.code == "rating-invalid"
