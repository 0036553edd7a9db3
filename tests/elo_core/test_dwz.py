"""DWZ: both evaluations of the Wertungsordnung, as RULES.md states them, chosen by date."""

from __future__ import annotations

import csv
import dataclasses
import math
from datetime import date, datetime, timedelta
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from elo_core import ERROR_CODES, Game, InputError, dwz
from elo_core.dwz import NEW_RULES_FROM, DwzResult, first_dwz, update
from elo_core.dwz_table import DWZ_EXPECTED_THOUSANDTHS

#: Property tests: no timing limit (the machine is shared), no example database.
SETTINGS = settings(deadline=None, database=None, max_examples=200)

#: The last day of the old rules and the first of the new (RULES.md, "DWZ from 8 June 2026").
BEFORE = date(2026, 6, 7)
AFTER = date(2026, 6, 8)

#: RULES.md's table, copied beside the tests: difference → the higher player's expected score.
TABLE = {
    int(row["difference"]): Decimal(row["expected"])
    for row in csv.DictReader(
        line
        for line in (Path(__file__).parent / "fixtures" / "dwz_expected_scores.csv")
        .read_text(encoding="utf-8")
        .splitlines()
        if not line.startswith("#")
    )
}


def phi(x: float) -> float:
    return 0.5 * (1 + math.erf(x / math.sqrt(2)))


def table(own: int, opponent: int) -> Decimal:
    """The table's expected score, looked up by hand in RULES.md's CSV."""
    d = own - opponent
    higher = TABLE[min(abs(d), 735)]
    return higher if d >= 0 else 1 - higher


def we_of(rating: int, opponents: list[int]) -> float:
    """We: the exact sum of the table's values."""
    return float(sum((table(rating, opponent) for opponent in opponents), Decimal(0)))


# --- the table of expected scores -----------------------------------------------


def test_the_table_module_is_rules_md_csv() -> None:
    assert len(DWZ_EXPECTED_THOUSANDTHS) == len(TABLE) == 736
    for difference, expected in TABLE.items():
        assert Decimal(DWZ_EXPECTED_THOUSANDTHS[difference]) / 1000 == expected


def test_the_table_is_the_normal_curve_rounded_to_three_decimals_up_to_734() -> None:
    for difference in range(735):
        curve = phi(difference / (200 * math.sqrt(2)))
        rounded = Decimal(repr(curve)).quantize(Decimal("0.001"), rounding=ROUND_HALF_UP)
        assert TABLE[difference] == rounded, difference


@pytest.mark.parametrize(
    "own, opponent, expected",
    [
        (1500, 1500, 0.5),
        (2234, 1500, 0.995),  # 734: the last rounded value
        (2235, 1500, 1.0),  # 735: 1.000 from here on
        (1500, 2234, 0.005),
        (1500, 2235, 0.0),
        (4000, 0, 1.0),
        (1600, 1500, 0.638),
        (1500, 1600, 0.362),
        (1500.5, 1500, 0.501),  # a difference of half a point counts as 1
        (1500.4, 1500, 0.5),
    ],
)
def test_expected_score_from_the_table(own: float, opponent: float, expected: float) -> None:
    assert dwz.expected_score(own, opponent) == expected


def test_we_is_an_exact_sum_of_the_table_values() -> None:
    # Ten games against a player 100 lower: 10 × 0.638 = 6.38 exactly (floats: 6.380000000000001).
    result = update(1600, [(1500, 0.5)] * 10, age=30, index=6, played=BEFORE)
    assert result.we == 6.38 and result.expected == (0.638,) * 10


def test_both_rules_use_the_table_not_the_curve() -> None:
    games = [(1500, 1), (1700, 0.5), (1650, 1)]
    for played in (BEFORE, AFTER):
        result = update(1600, games, age=30, index=3, played=played)
        assert result.expected == (0.638, 0.362, 0.43)
        assert result.we == 1.43


# --- before 8 June 2026: the development coefficient E ----------------------------


def test_adult_example_by_hand() -> None:
    games = [(1500, 1), (1700, 0.5), (1650, 1)]
    result = update(1600, games, age=30, index=3, played=BEFORE)
    assert result.rules == "before-2026" and result.played == BEFORE
    # The table: 0.638 (100 below), 0.362 (100 above), 0.430 (50 above); the unrounded
    # curve gave 1.42984, so this example's Rn stays 1648 (47.55… instead of 47.56).
    assert result.we == 0.638 + 0.362 + 0.43 == we_of(1600, [1500, 1700, 1650])
    assert result.w == 2.5 and result.n == 3
    assert result.j == 15
    assert result.e0 == pytest.approx(1.6**4 + 15)  # 21.55
    assert (result.fb, result.sbr) == (1.0, 0.0)
    assert result.e == 15  # round(21.55) = 22, but at most 5 × index = 15
    expected = 1600 + 800 * (2.5 - 1.43) / (15 + 3)  # 1647.56
    assert result.new_rating == round(expected) == 1648
    assert result.change == 48
    assert (result.k, result.k0, result.b, result.a, result.lifted) == (None, None, None, None, False)


def test_the_table_moves_a_result_by_a_point() -> None:
    # 1500 beats a player of 1500 and loses to one of 1610, adult, index 6 (E = 20): the
    # unrounded curve expects 0.5 + 0.34867 = 0.84867 and gave 1505.503 → 1506; the table
    # expects 0.500 + 0.349 = 0.849: 1500 + 800 × 0.151 / 22 = 1505.49… → 1505.
    curve = 0.5 + phi(-110 / (200 * math.sqrt(2)))
    assert round(1500 + 800 * (1 - curve) / 22) == 1506
    result = update(1500, [(1500, 1), (1610, 0)], age=30, index=6, played=BEFORE)
    assert result.we == 0.849 and result.e == 20
    assert result.new_rating == round(1500 + 800 * 0.151 / 22) == 1505


def test_same_game_as_game_objects() -> None:
    pairs = [(1500, 1.0), (1700, 0.5)]
    for played in (BEFORE, AFTER):
        as_games = update(1600, [Game(r, s) for r, s in pairs], age=30, index=6, played=played)
        assert as_games == update(1600, pairs, age=30, index=6, played=played)


@pytest.mark.parametrize("age, j", [(8, 5), (20, 5), (21, 10), (25, 10), (26, 15), (80, 15)])
def test_age_term(age: int, j: int) -> None:
    assert update(1500, [(1500, 0.5)], age=age, index=6, played=BEFORE).j == j


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
    result = update(rating, [(rating, score)], age=age, index=6, played=BEFORE)
    assert result.fb == pytest.approx(fb)


def test_braking_value_only_below_1300_and_below_expectation() -> None:
    low_loss = update(1100, [(1100, 0)], age=40, index=6, played=BEFORE)
    assert low_loss.sbr == pytest.approx(math.exp(200 / 150) - 1)
    assert low_loss.e_unrounded == pytest.approx((1.1**4 + 15) + low_loss.sbr)
    assert low_loss.e == round(low_loss.e_unrounded)
    assert update(1100, [(1100, 1)], age=40, index=6, played=BEFORE).sbr == 0
    assert update(1300, [(1300, 0)], age=40, index=6, played=BEFORE).sbr == 0


def test_coefficient_limits() -> None:
    # At least 5: E0 · fB = (1 + 5) · 0.5 = 3 for a young player who did well.
    assert update(1000, [(1000, 1)], age=10, index=6, played=BEFORE).e == 5
    # At most 5 × index while the index is at most 5, at most 30 after that.
    strong = [(2600, 0.5)]  # E0 = 2.6⁴ + 15 = 60.7
    assert [update(2600, strong, age=40, index=i, played=BEFORE).e for i in (1, 2, 5, 6, 50)] == [
        5,
        10,
        25,
        30,
        30,
    ]
    # With the brake, up to 150: SBr = e^(800/150) − 1 ≈ 206.
    braked = update(500, [(500, 0)], age=40, index=1, played=BEFORE)
    assert braked.sbr > 150 and braked.e == 150


def test_a_true_half_rounds_away_from_zero() -> None:
    # 104 games against equals (every E = ½): W − We = −1.5, E = 21, Rn = 1024.1 − 1200/125.
    games = [(1024.1, 1)] * 50 + [(1024.1, 0.5)] + [(1024.1, 0)] * 53
    result = update(1024.1, games, age=40, index=6, played=BEFORE)
    assert (result.e, result.we) == (21, 52)
    assert result.new_rating == 1015  # exactly 1014.5; floats gave 1014.4999… and 1014
    # Two games against equals, 1.5 points, E = 30: 2000 + 800 × 0.5 / 32 = 2012.5.
    assert update(2000, [(2000, 1), (2000, 0.5)], age=40, index=6, played=BEFORE).new_rating == 2013
    assert update(2000, [(2000, 0), (2000, 0.5)], age=40, index=6, played=BEFORE).new_rating == 1988  # 1987.5


def test_no_games_keep_the_rating() -> None:
    result = update(1432, [], age=30, index=2, played=BEFORE)
    assert (result.new_rating, result.change, result.n, result.we, result.w) == (
        1432,
        0,
        0,
        0,
        0,
    )


def test_module_and_result_type_are_exported() -> None:
    assert dwz.update is update
    assert isinstance(update(1500, [], age=30, index=1, played=BEFORE), DwzResult)


games = st.lists(st.tuples(st.integers(0, 4000), st.sampled_from([0, 0.5, 1])), max_size=40)


@SETTINGS
@given(
    rating=st.floats(min_value=0, max_value=4000),
    results=games,
    age=st.integers(0, 150),
    index=st.integers(1, 100),
)
def test_old_rules_any_valid_input_gives_a_whole_rating_in_the_right_direction(
    rating: float, results: list[tuple[int, float]], age: int, index: int
) -> None:
    result = update(rating, results, age=age, index=index, played=BEFORE)
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
    first = first_dwz(played, played=BEFORE)
    assert first.rules == "before-2026" and first.lifted is False
    assert first.average_opponent == 1550
    assert first.percentage == 0.6
    assert phi(first.difference / (200 * math.sqrt(2))) == pytest.approx(0.6, abs=1e-12)
    assert first.difference == pytest.approx(71.66, abs=0.01)
    assert first.rating == 1622
    assert (first.n, first.w) == (5, 3)


def test_first_dwz_at_fifty_percent_is_the_average() -> None:
    played = [(1200, 1), (1300, 0), (1400, 0.5), (1500, 0.5), (1600, 1), (1700, 0)]
    first = first_dwz([Game(r, s) for r, s in played], played=BEFORE)
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


# --- from 8 June 2026: the development factor K ------------------------------------


def test_new_rules_adult_example_by_hand() -> None:
    # The adult example above, evaluated after 8 June 2026: adult below 2000, index 3 → K0 44;
    # W ≥ We so no brake; R0 = 1600 is not below 1600, so no bonus: K = 44.0.
    games = [(1500, 1), (1700, 0.5), (1650, 1)]
    result = update(1600, games, age=30, index=3, played=AFTER)
    assert (result.rules, result.played) == ("2026", AFTER)
    assert (result.k_group, result.k0, result.b, result.a, result.k) == ("adult", 44, 1, 0, 44)
    assert result.we == 1.43 and result.w == 2.5
    assert result.new_rating == round(1600 + 44 * (2.5 - 1.43)) == 1647  # 1647.08
    assert result.change == 47 and result.lifted is False
    # The fields of E say what the old rules would have used, for comparison only.
    assert result.e == update(1600, games, age=30, index=3, played=BEFORE).e == 15


def test_new_rules_youth_bonus() -> None:
    # Age 15, DWZ 1400, index 12 (above 10: the 11th column, 32); 2 points, We = 1.430:
    # a = (2000 − 1400) / 30 = 20, K = 52.0, Rn = 1400 + 52 × 0.57 = 1429.64.
    games = [(1500, 1), (1300, 0.5), (1450, 0.5)]
    result = update(1400, games, age=15, index=12, played=AFTER)
    assert result.we == 0.362 + 0.638 + 0.43 == 1.43
    assert (result.k_group, result.k0, result.b, result.a, result.k) == ("youth", 32, 1, 20, 52)
    assert result.new_rating == 1430


def test_new_rules_brake_below_1600() -> None:
    # Adult 1200, index 3 (K0 44), half a point from two games, We = 0.5 + 0.638 = 1.138:
    # b = (1200 + 800) / 2400 = 5/6, K = 44 × 5/6 = 36.67 → 36.7; 1200 − 36.7 × 0.638 = 1176.59.
    result = update(1200, [(1200, 0), (1100, 0.5)], age=40, index=3, played=AFTER)
    assert result.b == pytest.approx(5 / 6) and result.a == 0
    assert result.k_unrounded == pytest.approx(44 * 5 / 6)
    assert result.k == 36.7
    assert result.new_rating == round(1200 - 36.7 * 0.638) == 1177


def test_new_rules_brake_needs_both_conditions() -> None:
    # From 1600 no brake, whatever the age; scoring We is no brake either.
    assert update(1600, [(1600, 0)], age=12, index=6, played=AFTER).b == 1
    assert update(1599, [(1599, 0)], age=12, index=6, played=AFTER).b == pytest.approx(2399 / 2400)
    assert update(1200, [(1200, 0.5)], age=40, index=6, played=AFTER).b == 1


@pytest.mark.parametrize(
    "age, rating, bonus",
    [
        (20, 1500, 500 / 30),  # up to 20: (2000 − R0) / 30
        (20, 1999, 1 / 30),
        (20, 2000, 0),
        (21, 1500, 4),  # from 21: 4 below 1600
        (21, 1599, 4),
        (21, 1600, 0),
        (60, 1200, 4),
    ],
)
def test_new_rules_success_bonus(age: int, rating: int, bonus: float) -> None:
    won = update(rating, [(rating, 1)], age=age, index=6, played=AFTER)
    assert won.a == pytest.approx(bonus)
    assert update(rating, [(rating, 0)], age=age, index=6, played=AFTER).a == 0  # W < We


def test_new_rules_adult_bonus_example() -> None:
    # Adult 1500, index 7 (K0 36), a draw against 1600: W = 0.5 ≥ We = 0.362, a = 4, K = 40.
    result = update(1500, [(1600, 0.5)], age=30, index=7, played=AFTER)
    assert (result.k0, result.a, result.k) == (36, 4, 40)
    assert result.new_rating == round(1500 + 40 * 0.138) == 1506  # 1505.52


@pytest.mark.parametrize(
    "age, rating, group",
    [
        (25, 2199, "youth"),
        (25, 2200, "high"),
        (26, 1999, "adult"),
        (26, 2000, "high"),
        (26, 2100, "high"),
        (25, 2100, "youth"),
    ],
)
def test_k0_group_boundaries(age: int, rating: int, group: str) -> None:
    assert update(rating, [(rating, 0.5)], age=age, index=3, played=AFTER).k_group == group


@pytest.mark.parametrize(
    "group_age, rating, row",
    [
        (18, 1500, [60, 60, 48, 46, 44, 42, 40, 38, 36, 34, 32, 32]),
        (40, 1500, [60, 60, 44, 42, 40, 38, 36, 34, 32, 30, 28, 28]),
        (40, 2100, [60, 60, 41, 39, 37, 35, 33, 31, 29, 27, 25, 25]),
        (18, 2300, [60, 60, 41, 39, 37, 35, 33, 31, 29, 27, 25, 25]),
    ],
)
def test_k0_table_of_rules_md(group_age: int, rating: int, row: list[int]) -> None:
    indexes = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 500]
    got = [update(rating, [(rating, 0.5)], age=group_age, index=i, played=AFTER).k0 for i in indexes]
    assert got == row


def test_k_is_capped_at_80_and_the_floor_lifts() -> None:
    # Age 10, DWZ 800, first evaluation: K0 60 + a = (2000 − 800)/30 = 40 → 100, capped at 80.
    # Rn = 800 + 80 × 0.5 = 840, below the lowest DWZ: 1100.
    result = update(800, [(800, 1)], age=10, index=1, played=AFTER)
    assert result.k_unrounded == 100 and result.k == 80
    assert result.new_rating == 1100 and result.lifted is True and result.change == 300


def test_the_floor_only_when_below_1100() -> None:
    # Adult 1150, index 5 (K0 40), b = 1950/2400, K = 32.5; three losses to equals (We = 1.5):
    # 1150 − 48.75 = 1101.25 → 1101; four losses (We = 2): 1150 − 65 = 1085 → 1100.
    three = update(1150, [(1150, 0)] * 3, age=30, index=5, played=AFTER)
    assert (three.k, three.new_rating, three.lifted) == (32.5, 1101, False)
    four = update(1150, [(1150, 0)] * 4, age=30, index=5, played=AFTER)
    assert (four.new_rating, four.lifted) == (1100, True)


def test_new_rules_round_a_true_half_away_from_zero() -> None:
    # Youth 2250 (group high), index 5 (K0 37), a win against an equal: 2250 + 37 × 0.5 = 2268.5.
    result = update(2250, [(2250, 1)], age=19, index=5, played=AFTER)
    assert (result.k_group, result.k, result.a) == ("high", 37, 0)
    assert result.new_rating == 2269
    # A loss: 2250 − 18.5 = 2231.5, also rounded up (a half away from zero: the number is positive).
    assert update(2250, [(2250, 0)], age=19, index=5, played=AFTER).new_rating == 2232


def test_no_games_under_the_new_rules_keep_the_rating() -> None:
    result = update(950, [], age=30, index=2, played=AFTER)
    assert (result.new_rating, result.change, result.lifted) == (950, 0, False)


def test_the_day_chooses_the_rules() -> None:
    games = [(1500, 1), (1700, 0.5)]
    assert update(1600, games, age=30, index=6, played=BEFORE).rules == "before-2026"
    assert update(1600, games, age=30, index=6, played=AFTER).rules == "2026"
    assert dwz.rules_for(BEFORE) == "before-2026" and dwz.rules_for(AFTER) == "2026"
    assert NEW_RULES_FROM == AFTER
    late = datetime(2026, 6, 7, 23, 59)  # a datetime counts by its day
    assert update(1600, games, age=30, index=6, played=late).played == BEFORE


def test_no_date_means_todays_rules() -> None:
    games = [(1500, 1), (1700, 0.5)]
    today = date.today()
    result = update(1600, games, age=30, index=6)
    assert result.played == today
    assert result == update(1600, games, age=30, index=6, played=today)
    assert result.rules == ("2026" if today >= NEW_RULES_FROM else "before-2026")
    assert first_dwz([(1500, 1), (1600, 0)] * 3).played == today


@pytest.mark.parametrize("bad", ["2026-06-08", 20260608, 2026.5, True, [2026, 6, 8]])
def test_a_bad_day_is_refused(bad: object) -> None:
    with pytest.raises(InputError) as raised:
        update(1600, [(1500, 1)], age=30, index=6, played=bad)  # type: ignore[arg-type]
    assert (raised.value.code, raised.value.field) == ("played-invalid", "played")
    assert "played-invalid" in ERROR_CODES
    with pytest.raises(InputError) as raised:
        first_dwz([(1500, 1), (1600, 0)] * 3, played=bad)  # type: ignore[arg-type]
    assert raised.value.code == "played-invalid"


# --- properties of both rules -------------------------------------------------------

some_games = st.lists(
    st.tuples(st.integers(0, 4000), st.sampled_from([0, 0.5, 1])), min_size=1, max_size=40
)
old_days = st.dates(min_value=date(1990, 1, 1), max_value=BEFORE)
new_days = st.dates(min_value=AFTER, max_value=date(2100, 12, 31))


@SETTINGS
@given(
    rating=st.integers(0, 4000),
    results=some_games,
    age=st.integers(0, 150),
    index=st.integers(1, 100),
    day=old_days,
)
def test_old_rules_never_change_with_a_day_before_8_june_2026(
    rating: int, results: list[tuple[int, float]], age: int, index: int, day: date
) -> None:
    reference = update(rating, results, age=age, index=index, played=BEFORE)
    result = update(rating, results, age=age, index=index, played=day)
    assert result == dataclasses.replace(reference, played=day)
    assert result.rules == "before-2026" and result.k is None and not result.lifted


@SETTINGS
@given(
    rating=st.floats(min_value=0, max_value=4000),
    results=some_games,
    age=st.integers(0, 150),
    index=st.integers(1, 10**6),
    day=new_days,
)
def test_new_rules_never_below_1100_and_k_at_most_80(
    rating: float, results: list[tuple[int, float]], age: int, index: int, day: date
) -> None:
    result = update(rating, results, age=age, index=index, played=day)
    assert result.rules == "2026"
    assert result.new_rating >= 1100 and result.new_rating == int(result.new_rating)
    assert result.k is not None and result.k0 is not None
    assert 0 < result.k <= 80 and result.k == round(result.k, 1)
    assert result.b is not None and result.a is not None and result.k_unrounded is not None
    assert result.k_unrounded == pytest.approx(result.k0 * result.b + result.a)
    raw = rating + result.k * (result.w - result.we)
    assert result.lifted == (round(raw + 1e-9) < 1100 if raw >= 0 else True)
    if not result.lifted:
        assert abs(result.new_rating - raw) <= 0.5 + 1e-9


@SETTINGS
@given(
    rating=st.integers(0, 4000),
    results=st.lists(st.tuples(st.integers(0, 4000), st.sampled_from([0, 0.5, 1])), max_size=20),
    age=st.integers(0, 150),
    index=st.integers(1, 100),
)
def test_a_caller_without_a_day_gets_todays_rules(
    rating: int, results: list[tuple[int, float]], age: int, index: int
) -> None:
    result = update(rating, results, age=age, index=index)
    assert result == update(rating, results, age=age, index=index, played=result.played)
    assert result.played == date.today() or result.played == date.today() - timedelta(days=1)
    assert result.rules == dwz.rules_for(result.played)


# --- first DWZ from 8 June 2026 (one source only) ------------------------------------


def test_first_dwz_new_rules_between_1100_and_2000() -> None:
    played = [(1500, 1), (1600, 0.5), (1400, 1), (1700, 0), (1550, 0.5)]
    first = first_dwz(played, played=AFTER)
    assert first.rules == "2026"
    assert first.performance == pytest.approx(1621.66, abs=0.01)  # as before: L
    level = first.performance
    assert first.rating == round(level + 0.08 * (2000 - level)) == 1652  # 1651.93
    assert first.lifted is False


def test_first_dwz_new_rules_from_2000_and_below_1100() -> None:
    strong = [(1900, 1), (2100, 0), (2000, 0.5), (1950, 0.5), (2050, 0.5)]  # 50 %, L = 2000
    assert first_dwz(strong, played=AFTER).rating == 2000
    weak = [(900, 1), (1100, 0), (1000, 0.5), (950, 0.5), (1050, 0.5)]  # 50 %, L = 1000
    first = first_dwz(weak, played=AFTER)
    assert first.performance == 1000
    assert first.rating == round(1100 + 9 * 0.08 * 1000 / 11) == 1165  # 1165.45
    assert first_dwz(weak, played=BEFORE).rating == 1000


@SETTINGS
@given(st.floats(min_value=-2000, max_value=4000))
def test_first_dwz_pieces_meet_and_never_fall_below_1100(level: float) -> None:
    from elo_core.dwz import _first_from_performance

    rating, lifted = _first_from_performance(level)
    assert rating >= 1100
    assert lifted == (level < 0 and round(1100 + 9 * 0.08 * level / 11 + 1e-9) < 1100)
    assert _first_from_performance(1100) == (1172, False) == _first_from_performance(1099.999)


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


@SETTINGS
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
