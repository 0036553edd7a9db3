"""The Elo formula, the three models, the 400-point rule and rate()."""

from __future__ import annotations

import math
from decimal import Decimal
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from elo_core import FIDE_TABLE_8_1_2, Game, InputError, expected_score, rate, round_half_away
from elo_core.elo import CAPS, MODELS, ROUNDINGS, Cap, Model, Rounding

SETTINGS = settings(deadline=None, database=None, max_examples=200)

ratings = st.floats(min_value=0, max_value=4000, allow_nan=False, allow_infinity=False)
whole_ratings = st.integers(min_value=0, max_value=4000)
any_rating = st.one_of(ratings, whole_ratings)
scores = st.sampled_from((0, 0.5, 1))
ks = st.floats(min_value=1, max_value=100, allow_nan=False)
games = st.builds(Game, any_rating, scores)


def logistic(d: float) -> float:
    return 1 / (1 + 10 ** (-d / 400))


# Seed examples (RULES.md, "Seed examples to reproduce exactly") -----------------------------


def test_seed_1750_beats_1810() -> None:
    result = rate(1750, [Game(1810, 1)], k=20, rounding="tenth")
    # E = 0.41450…: the seed shows 0.414 (cut after three decimals); rounded it is 0.415.
    assert math.floor(result.expected * 1000) / 1000 == 0.414
    assert round_half_away(result.expected, 3) == 0.415
    assert result.rounded_change == 11.7
    assert result.new_rating == 1761.7


def test_seed_1750_then_draws_1810() -> None:
    result = rate(1750, [Game(1810, 1), Game(1810, 0.5)], k=20, rounding="tenth")
    assert result.rounded_change == 13.4
    assert result.new_rating == 1763.4
    assert [round_half_away(g.change, 1) for g in result.games] == [11.7, 1.7]


def test_seed_1600_beats_1400() -> None:
    a = rate(1600, [Game(1400, 1)], k=20)
    assert round_half_away(a.expected, 3) == 0.760
    assert round_half_away(a.change, 1) == 4.8
    fide_a = rate(1600, [Game(1400, 1)], k=20, rounding="fide")
    assert fide_a.rounded_change == 5
    assert fide_a.new_rating == 1605
    fide_b = rate(1400, [Game(1600, 0)], k=20, rounding="fide")
    assert fide_b.rounded_change == -5
    assert fide_b.new_rating == 1395


@pytest.mark.parametrize(("score", "change"), [(1, 15.2), (0.5, 5.2), (0, -4.8)])
def test_seed_1500_against_1700(score: float, change: float) -> None:
    result = rate(1500, [Game(1700, score)], k=20, rounding="tenth")
    assert round_half_away(result.expected, 2) == 0.24
    assert result.rounded_change == change


def test_seed_rules_of_thumb() -> None:
    assert round_half_away(rate(1600, [Game(2000, 1)]).change) == 18
    assert round_half_away(rate(1600, [Game(1400, 0.5)]).change) == -5


@pytest.mark.parametrize(("k", "change"), [(40, 9.6), (15, 3.6)])
def test_seed_2200_beats_2000_with_the_table(k: float, change: float) -> None:
    assert expected_score(2200, 2000, model="fide") == 0.76
    result = rate(2200, [Game(2000, 1)], k=k, model="fide")
    assert result.change == change  # exact: the arithmetic is on decimals
    assert result.change != 3.9  # seed 002's slip


def test_the_three_models_at_400() -> None:
    assert round_half_away(expected_score(2400, 2000), 3) == 0.909
    assert round_half_away(expected_score(2400, 2000, model="normal"), 3) == 0.921
    assert expected_score(2400, 2000, model="fide") == 0.92


# Models ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("d", [-3000, -400, -60, 0, 1, 60, 200, 400, 3000])
def test_logistic_formula(d: int) -> None:
    assert expected_score(2000 + d / 2, 2000 - d / 2) == pytest.approx(logistic(d), abs=1e-15)


@pytest.mark.parametrize("d", [-400, -200, 0, 200, 400, 800])
def test_normal_formula(d: int) -> None:
    sigma = 200 * math.sqrt(2)
    phi = 0.5 * (1 + math.erf(d / sigma / math.sqrt(2)))
    assert expected_score(2000 + d, 2000 - 0, model="normal") == pytest.approx(phi, abs=1e-15)


def test_equal_ratings_are_even_in_every_model() -> None:
    for model in MODELS:
        assert expected_score(1500, 1500, model=model) == 0.5


def test_fide_model_rounds_the_decimal_difference_half_away() -> None:
    # 1600.3 − 1400.8 is 199.5 on paper (199.49999999999977 in binary floats) → 200 → 0.76.
    assert expected_score(1600.3, 1400.8, model="fide") == 0.76
    assert expected_score(1400.8, 1600.3, model="fide") == 0.24
    assert expected_score(1603.5, 1600, model="fide") == 0.51  # 3.5 → 4
    assert expected_score(1603.4, 1600, model="fide") == 0.5  # 3.4 → 3
    assert expected_score(1600, 1603.5, model="fide") == 0.49


def test_fide_model_beyond_735() -> None:
    assert expected_score(2736, 2000, model="fide") == 1.0
    assert expected_score(2000, 2736, model="fide") == 0.0
    assert expected_score(2735, 2000, model="fide") == 0.99


# The 400-point rule (FIDE B.02 8.3.1) -------------------------------------------------------


def test_cap_400_counts_a_larger_difference_as_400() -> None:
    assert expected_score(2600, 2000, cap="400") == pytest.approx(logistic(400))
    assert expected_score(2000, 2600, cap="400") == pytest.approx(logistic(-400))
    assert expected_score(2300, 2000, cap="400") == expected_score(2300, 2000)
    assert expected_score(2600, 2000, cap="none") == pytest.approx(logistic(600))
    assert expected_score(2700, 2000, cap="400", model="fide") == 0.92


def test_cap_fide_below_2650_is_capped() -> None:
    assert expected_score(2649, 2100, cap="fide") == pytest.approx(logistic(400))
    assert expected_score(2649, 2100, cap="fide", model="fide") == 0.92
    assert expected_score(2649.9, 2100, cap="fide", model="fide") == 0.92


def test_cap_fide_from_2650_uses_the_actual_difference() -> None:
    assert expected_score(2650, 2100, cap="fide") == pytest.approx(logistic(550))
    assert expected_score(2650, 2100, cap="fide", model="fide") == 0.97
    assert expected_score(2650, 2100, cap="400", model="fide") == 0.92


def test_cap_fide_tests_the_player_whose_score_is_computed() -> None:
    # The lower rated player (below 2650) still has the difference capped.
    assert expected_score(2100, 2650, cap="fide") == pytest.approx(logistic(-400))
    assert expected_score(2100, 2650, cap="fide", model="fide") == 0.08


def test_cap_fide_is_not_zero_sum_across_2650() -> None:
    top, low = expected_score(2700, 2200, cap="fide"), expected_score(2200, 2700, cap="fide")
    assert top == pytest.approx(logistic(500))
    assert low == pytest.approx(logistic(-400))
    assert top + low > 1.03
    a = rate(2700, [Game(2200, 0.5)], cap="fide").change
    b = rate(2200, [Game(2700, 0.5)], cap="fide").change
    assert a + b < -0.7  # the draw removes points from the pool


# rate() ----------------------------------------------------------------------------------------


def test_zero_games() -> None:
    result = rate(1500, [], rounding="fide")
    assert (result.expected, result.score, result.change, result.rounded_change) == (0, 0, 0, 0)
    assert result.new_rating == 1500
    assert result.games == ()


def test_result_fields() -> None:
    result = rate(1750, (Game(1810, 1), Game(1700, 0)), k=32)
    assert result.rating == 1750
    assert result.k == 32
    assert result.score == 1
    assert len(result.games) == 2
    first = result.games[0]
    assert first.game == Game(1810, 1)
    assert first.expected == expected_score(1750, 1810)
    assert first.change == pytest.approx(32 * (1 - first.expected))
    assert result.expected == pytest.approx(sum(g.expected for g in result.games))
    assert result.change == pytest.approx(sum(g.change for g in result.games))
    assert result.rounded_change == result.change
    assert result.new_rating == pytest.approx(1750 + result.change)


def test_games_may_be_any_iterable() -> None:
    assert rate(1500, iter([Game(1500, 1)])).change == 10


def test_rounding_is_half_away_from_zero_on_the_total() -> None:
    # Table model: E = 0.75 (D 190), K = 25: 25 × 0.25 = 6.25 exactly.
    up = rate(1690, [Game(1500, 1)], k=25, model="fide", rounding="tenth")
    assert up.change == 6.25
    assert up.rounded_change == 6.3
    down = rate(1500, [Game(1690, 0)], k=25, model="fide", rounding="tenth")
    assert down.rounded_change == -6.3
    # K = 15, E = 0.97: 15 × 0.97 = 14.55 (14.549999… in binary floats).
    loss = rate(2100, [Game(1580, 0)], k=15, model="fide", rounding="tenth")
    assert loss.rounded_change == -14.6
    assert rate(2100, [Game(1580, 0)], k=15, model="fide", rounding="fide").rounded_change == -15
    # FIDE: x.5 away from zero, once per period.
    half = rate(1500, [Game(1500, 1), Game(1500, 0.5)], k=5, rounding="fide")
    assert half.change == 2.5
    assert half.rounded_change == 3
    assert half.new_rating == 1503
    neg = rate(1500, [Game(1500, 0)], k=5, rounding="fide")
    assert (neg.change, neg.rounded_change) == (-2.5, -3)


# Exact halves: a true x.5 is rounded away from zero (FIDE B.02 8.3.4) --------------------------


def exact_round(value: Fraction, ndigits: int) -> Fraction:
    """Half away from zero on an exact fraction, written out for the tests."""
    scale = 10**ndigits
    whole = math.floor(abs(value) * scale + Fraction(1, 2))
    return Fraction(whole if value >= 0 else -whole, scale)


DIGITS = {"tenth": 1, "fide": 0}


def test_eleven_capped_games_give_an_exact_half() -> None:
    # 1586 against eleven players rated 2000: every E is 1/11, Σ E = 1; 15 × (6.5 − 1) = 82.5.
    period = [Game(2000, 1)] * 6 + [Game(2000, 0.5)] + [Game(2000, 0)] * 4
    result = rate(1586, period, k=15, model="logistic", cap="fide", rounding="fide")
    assert result.expected == 1
    assert result.change == 82.5
    assert result.rounded_change == 83  # was 82: Σ E came to 1.00000000000000001
    assert result.new_rating == 1669


def test_one_capped_game_gives_an_exact_half() -> None:
    # 5.5 × (1 − 10/11) = 0.5 exactly.
    assert rate(1500, [Game(1000, 1)], k=5.5, cap="400", rounding="fide").rounded_change == 1
    assert rate(1000, [Game(1500, 0)], k=5.5, cap="400", rounding="fide").rounded_change == -1
    # Uncapped, D = 800 gives 100/101 exactly: 10.1 × (1 − 100/101) = 0.1, half of 0.2.
    assert rate(2300, [Game(1500, 1)], k=5.05, rounding="tenth").rounded_change == 0.1


def test_400_apart_as_typed_is_exact_whatever_the_floats_say() -> None:
    # 512.06 − 112.06 is 400 on the decimal values but 399.99999999999994 as floats: E is
    # still exactly 10/11, so 5.5 × (1 − 10/11) = 0.5 and rounds to 1 (rate's quick test for
    # "|D| below 400" must not take the float difference for the difference).
    assert 512.06 - 112.06 < 400
    assert rate(512.06, [Game(112.06, 1)], k=5.5, rounding="fide").rounded_change == 1
    assert rate(112.06, [Game(512.06, 0)], k=5.5, rounding="fide").rounded_change == -1
    # 512.032 − 112.032 as floats is just over 400; capped at 400 it is exactly 400 too.
    assert rate(512.032, [Game(112.032, 1)], k=5.5, cap="400", rounding="fide").rounded_change == 1


def test_the_same_period_rated_again_gives_the_same_result() -> None:
    # Expected scores are remembered between calls: asking again, or with the opponent's
    # rating as an int instead of a float, changes nothing.
    games = [Game(1400.0 + 37 * i, (1, 0.5, 0)[i % 3]) for i in range(30)]
    first = rate(1512.5, games, k=20, rounding="tenth")
    assert rate(1512.5, games, k=20, rounding="tenth") == first
    as_ints = [Game(int(game.opponent), game.score) for game in games]
    again = rate(1512.5, as_ints, k=20, rounding="tenth")
    assert [(g.expected, g.change) for g in again.games] == [
        (g.expected, g.change) for g in first.games]
    assert (again.expected, again.change, again.new_rating) == (
        first.expected, first.change, first.new_rating)


one_decimal = st.integers(min_value=0, max_value=40000).map(lambda t: float(Decimal(t) / 10))
capped_k = st.one_of(
    st.integers(min_value=1, max_value=60),
    st.integers(min_value=2, max_value=200).map(lambda t: float(Decimal(t) / 2)),
    st.integers(min_value=10, max_value=600).map(lambda t: float(Decimal(t) / 10)),
)


@SETTINGS
@given(
    st.integers(min_value=4000, max_value=26499).map(lambda t: float(Decimal(t) / 10)),
    st.lists(st.tuples(st.booleans(), one_decimal, scores), min_size=1, max_size=30),
    capped_k,
    st.sampled_from(("400", "fide")),
    st.sampled_from(("tenth", "fide")),
    st.booleans(),
)
def test_capped_changes_round_as_the_exact_fractions(
    rating: float,
    drawn: list[tuple[bool, float, float]],
    k: float,
    cap: Cap,
    rounding: Rounding,
    balance: bool,
) -> None:
    # Every opponent 400 or more above (E = 1/11) or below (E = 10/11) a rating under 2650.
    if balance:
        # As many above as below: Σ E is a whole number and odd K × half points tie.
        drawn = [(index % 2 == 0, spread, score) for index, (_, spread, score) in enumerate(drawn)]
        if len(drawn) % 2:
            drawn.pop()
    period = []
    exact = Fraction(0)
    for above, spread, score in drawn:
        if above:
            opponent = min(4000.0, float(Decimal(repr(rating)) + 400 + Decimal(repr(spread)) / 10))
            expected = Fraction(1, 11)
        else:
            opponent = max(0.0, float(Decimal(repr(rating)) - 400 - Decimal(repr(spread)) / 10))
            expected = Fraction(10, 11)
        period.append(Game(opponent, score))
        exact += Fraction(Decimal(repr(score))) - expected
    change = Fraction(Decimal(repr(k))) * exact
    result = rate(rating, period, k=k, model="logistic", cap=cap, rounding=rounding)
    rounded = exact_round(change, DIGITS[rounding])
    assert result.rounded_change == float(rounded)
    assert result.new_rating == float(Fraction(Decimal(repr(rating))) + rounded)


def table_pd(d: int) -> Fraction:
    """E of the player ``d`` points above the opponent (table 8.1.2 as data), exactly."""
    for band in FIDE_TABLE_8_1_2:
        if band.d_min <= abs(d) and (band.d_max is None or abs(d) <= band.d_max):
            value = band.pd_higher if d >= 0 else band.pd_lower
            return Fraction(Decimal(repr(value)))
    raise AssertionError(d)


@SETTINGS
@given(
    st.integers(min_value=1000, max_value=2600),
    st.lists(st.tuples(st.integers(min_value=-800, max_value=800), scores), max_size=30),
    capped_k,
    st.sampled_from(CAPS),
    st.sampled_from(("tenth", "fide")),
)
def test_fide_table_changes_round_as_the_exact_fractions(
    rating: int, drawn: list[tuple[int, float]], k: float, cap: Cap, rounding: Rounding
) -> None:
    period = [Game(rating - d, score) for d, score in drawn]
    exact = Fraction(0)
    for d, score in drawn:
        capped = max(-400, min(400, d)) if cap != "none" else d
        exact += Fraction(Decimal(repr(score))) - table_pd(capped)
    change = Fraction(Decimal(repr(k))) * exact
    result = rate(rating, period, k=k, model="fide", cap=cap, rounding=rounding)
    assert result.rounded_change == float(exact_round(change, DIGITS[rounding]))


def test_per_game_changes_are_not_rounded() -> None:
    result = rate(1600, [Game(1400, 1)], rounding="fide")
    assert result.games[0].change == result.change != result.rounded_change


# Properties ------------------------------------------------------------------------------------


@SETTINGS
@given(any_rating, any_rating, st.sampled_from(MODELS), st.sampled_from(("none", "400")))
def test_expected_scores_add_up_to_one(a: float, b: float, model: Model, cap: Cap) -> None:
    total = expected_score(a, b, model=model, cap=cap) + expected_score(b, a, model=model, cap=cap)
    assert total == pytest.approx(1, abs=1e-12)


@SETTINGS
@given(any_rating, any_rating, st.sampled_from(MODELS))
def test_cap_fide_adds_up_to_one_on_the_same_side_of_2650(a: float, b: float, model: Model) -> None:
    if (a < 2650) != (b < 2650):
        a, b = min(a, 2649), min(b, 2649)
    ea = expected_score(a, b, model=model, cap="fide")
    eb = expected_score(b, a, model=model, cap="fide")
    assert ea + eb == pytest.approx(1, abs=1e-12)


@SETTINGS
@given(any_rating, any_rating, any_rating, st.sampled_from(MODELS), st.sampled_from(CAPS))
def test_expected_score_rises_with_the_rating(
    low: float, high: float, opponent: float, model: Model, cap: Cap
) -> None:
    low, high = sorted((low, high))
    if cap == "fide" and low < 2650 <= high:
        high = 2649  # the 2650 rule is a step: see the test below
    e_low = expected_score(low, opponent, model=model, cap=cap)
    e_high = expected_score(high, opponent, model=model, cap=cap)
    assert 0 <= e_low <= e_high <= 1


def test_cap_fide_can_lower_e_when_crossing_2650() -> None:
    # Below 2650 a 401-point deficit counts as 400; from 2650 it counts in full.
    assert expected_score(2649, 3051, cap="fide") > expected_score(2650, 3051, cap="fide")


@SETTINGS
@given(
    st.integers(min_value=0, max_value=4000),
    st.integers(min_value=1, max_value=2000),
    st.sampled_from(("logistic", "normal")),
)
def test_expected_score_rises_strictly_for_the_formulas(a: int, step: int, model: Model) -> None:
    opponent = 2000
    if abs(a - opponent) > 1500 or abs(a + step - opponent) > 1500:
        a, step = 1800, 100
    low = expected_score(a, opponent, model=model)
    assert low < expected_score(a + step, opponent, model=model)


@SETTINGS
@given(any_rating, any_rating, scores, ks, st.sampled_from(MODELS), st.sampled_from(CAPS[:2]))
def test_a_game_is_zero_sum(a: float, b: float, s: float, k: float, model: Model, cap: Cap) -> None:
    change_a = rate(a, [Game(b, s)], k=k, model=model, cap=cap).change
    change_b = rate(b, [Game(a, 1 - s)], k=k, model=model, cap=cap).change
    assert change_a + change_b == pytest.approx(0, abs=1e-9)


@SETTINGS
@given(any_rating, st.lists(games, max_size=30), ks, st.sampled_from(MODELS), st.sampled_from(CAPS))
def test_a_period_is_the_sum_of_its_games(
    rating: float, period: list[Game], k: float, model: Model, cap: Cap
) -> None:
    whole = rate(rating, period, k=k, model=model, cap=cap)
    singles = [rate(rating, [game], k=k, model=model, cap=cap) for game in period]
    assert whole.change == pytest.approx(sum(r.change for r in singles), abs=1e-9)
    assert whole.expected == pytest.approx(sum(r.expected for r in singles), abs=1e-12)
    assert whole.score == sum(game.score for game in period)
    assert [g.change for g in whole.games] == [r.change for r in singles]


@SETTINGS
@given(any_rating, st.lists(games, max_size=10), ks, st.sampled_from(ROUNDINGS))
def test_rounded_change_is_close_and_new_rating_follows(
    rating: float, period: list[Game], k: float, rounding: Rounding
) -> None:
    result = rate(rating, period, k=k, rounding=rounding)
    limit = {"none": 0, "tenth": 0.05, "fide": 0.5}[rounding]
    assert abs(result.rounded_change - result.change) <= limit + 1e-9
    assert result.new_rating == pytest.approx(rating + result.rounded_change, abs=1e-9)


def test_game_validates_on_construction() -> None:
    with pytest.raises(InputError) as error:
        Game(1500, 0.7)
    assert (error.value.code, error.value.field) == ("score-invalid", "score")
    with pytest.raises(InputError) as error:
        Game(-1, 1)
    assert (error.value.code, error.value.field) == ("rating-invalid", "opponent")


# score_needed: the fewest points for a target ----------------------------------------------

from elo_core.elo import score_needed  # noqa: E402


@settings(max_examples=150, deadline=None)
@given(
    rating=st.integers(1000, 2700),
    opponents=st.lists(st.integers(1000, 2800), min_size=1, max_size=12),
    target=st.integers(900, 2900),
    k=st.sampled_from([10, 15, 20, 40]),
    model=st.sampled_from(MODELS),
    cap=st.sampled_from(CAPS),
    rounding=st.sampled_from(ROUNDINGS),
)
def test_score_needed_is_the_fewest_half_points_that_reach_the_target(
    rating: int, opponents: list[int], target: int, k: int, model: Model, cap: Cap,
    rounding: Rounding,
) -> None:
    needed = score_needed(rating, opponents, target, k=k, model=model, cap=cap, rounding=rounding)

    def new_rating(points: float) -> float:
        wins, half = int(points), points % 1 == 0.5
        scores = [1.0] * wins + [0.5] * half + [0.0] * (len(opponents) - wins - half)
        games = [Game(o, s) for o, s in zip(opponents, scores)]
        return rate(rating, games, k=k, model=model, cap=cap, rounding=rounding).new_rating

    if needed is None:
        assert new_rating(len(opponents)) < target
        return
    assert 0 <= needed <= len(opponents) and (needed * 2) == int(needed * 2)
    assert new_rating(needed) >= target
    if needed > 0:
        assert new_rating(needed - 0.5) < target
