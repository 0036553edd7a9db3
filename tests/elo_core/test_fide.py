"""FIDE B.02: tables 8.1.1 and 8.1.2, K-factor (8.3.3), initial rating (8.2), performance."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from elo_core import (
    FIDE_TABLE_8_1_1,
    FIDE_TABLE_8_1_2,
    DpEntry,
    InputError,
    KFactor,
    PdBand,
    dp_for_score,
    expected_score,
    fide_initial_rating,
    fide_k_factor,
    fide_k_factor_reason,
    pd_for_difference,
    performance_rating,
)

SETTINGS = settings(deadline=None, database=None)

# The two CSV files of /work/shared/reference, copied verbatim (the suite reads no files).
TABLE_8_1_1_CSV = """\
p,dp
1.00,800
0.99,677
0.98,589
0.97,538
0.96,501
0.95,470
0.94,444
0.93,422
0.92,401
0.91,383
0.90,366
0.89,351
0.88,336
0.87,322
0.86,309
0.85,296
0.84,284
0.83,273
0.82,262
0.81,251
0.80,240
0.79,230
0.78,220
0.77,211
0.76,202
0.75,193
0.74,184
0.73,175
0.72,166
0.71,158
0.70,149
0.69,141
0.68,133
0.67,125
0.66,117
0.65,110
0.64,102
0.63,95
0.62,87
0.61,80
0.60,72
0.59,65
0.58,57
0.57,50
0.56,43
0.55,36
0.54,29
0.53,21
0.52,14
0.51,7
0.50,0
0.49,-7
0.48,-14
0.47,-21
0.46,-29
0.45,-36
0.44,-43
0.43,-50
0.42,-57
0.41,-65
0.40,-72
0.39,-80
0.38,-87
0.37,-95
0.36,-102
0.35,-110
0.34,-117
0.33,-125
0.32,-133
0.31,-141
0.30,-149
0.29,-158
0.28,-166
0.27,-175
0.26,-184
0.25,-193
0.24,-202
0.23,-211
0.22,-220
0.21,-230
0.20,-240
0.19,-251
0.18,-262
0.17,-273
0.16,-284
0.15,-296
0.14,-309
0.13,-322
0.12,-336
0.11,-351
0.10,-366
0.09,-383
0.08,-401
0.07,-422
0.06,-444
0.05,-470
0.04,-501
0.03,-538
0.02,-589
0.01,-677
0.00,-800
"""

TABLE_8_1_2_CSV = """\
d_min,d_max,pd_higher,pd_lower
0,3,0.50,0.50
4,10,0.51,0.49
11,17,0.52,0.48
18,25,0.53,0.47
26,32,0.54,0.46
33,39,0.55,0.45
40,46,0.56,0.44
47,53,0.57,0.43
54,61,0.58,0.42
62,68,0.59,0.41
69,76,0.60,0.40
77,83,0.61,0.39
84,91,0.62,0.38
92,98,0.63,0.37
99,106,0.64,0.36
107,113,0.65,0.35
114,121,0.66,0.34
122,129,0.67,0.33
130,137,0.68,0.32
138,145,0.69,0.31
146,153,0.70,0.30
154,162,0.71,0.29
163,170,0.72,0.28
171,179,0.73,0.27
180,188,0.74,0.26
189,197,0.75,0.25
198,206,0.76,0.24
207,215,0.77,0.23
216,225,0.78,0.22
226,235,0.79,0.21
236,245,0.80,0.20
246,256,0.81,0.19
257,267,0.82,0.18
268,278,0.83,0.17
279,290,0.84,0.16
291,302,0.85,0.15
303,315,0.86,0.14
316,328,0.87,0.13
329,344,0.88,0.12
345,357,0.89,0.11
358,374,0.90,0.10
375,391,0.91,0.09
392,411,0.92,0.08
412,432,0.93,0.07
433,456,0.94,0.06
457,484,0.95,0.05
485,517,0.96,0.04
518,559,0.97,0.03
560,619,0.98,0.02
620,735,0.99,0.01
736,,1.00,0.00
"""


def _rows(text: str) -> list[list[str]]:
    return [line.split(",") for line in text.strip().splitlines()[1:]]


CSV_8_1_1 = [(Decimal(p), int(dp)) for p, dp in _rows(TABLE_8_1_1_CSV)]
CSV_8_1_2 = [
    (int(lo), int(hi) if hi else None, Decimal(higher), Decimal(lower))
    for lo, hi, higher, lower in _rows(TABLE_8_1_2_CSV)
]


def code_of(error: pytest.ExceptionInfo[InputError]) -> tuple[str, str | None]:
    return error.value.code, error.value.field


# Table 8.1.1 -----------------------------------------------------------------------------------


def test_table_8_1_1_matches_the_csv() -> None:
    assert len(FIDE_TABLE_8_1_1) == len(CSV_8_1_1) == 101
    for entry, (p, dp) in zip(FIDE_TABLE_8_1_1, CSV_8_1_1, strict=True):
        assert isinstance(entry, DpEntry)
        assert Decimal(repr(entry.p)) == p
        assert entry.dp == dp
        assert isinstance(entry.dp, int)


@pytest.mark.parametrize(("p", "dp"), CSV_8_1_1)
def test_dp_for_every_entry(p: Decimal, dp: int) -> None:
    assert dp_for_score(float(p)) == dp


def test_dp_is_antisymmetric() -> None:
    for entry in FIDE_TABLE_8_1_1:
        assert dp_for_score(entry.p) == -dp_for_score(round(1 - entry.p, 2))


def test_dp_rounds_p_to_two_decimals_half_away() -> None:
    assert dp_for_score(0.505) == 7  # → 0.51
    assert dp_for_score(0.5049) == 0  # → 0.50
    assert dp_for_score(0.665) == 125  # → 0.67
    assert dp_for_score(2 / 3) == 125  # 0.666… → 0.67
    assert dp_for_score(0.995) == 800  # → 1.00
    assert dp_for_score(0.004) == -800  # → 0.00
    assert dp_for_score(1) == 800
    assert dp_for_score(0) == -800


@pytest.mark.parametrize("p", [-0.01, 1.01, float("nan"), float("inf"), True, "0.5", None])
def test_dp_rejects_bad_p(p: object) -> None:
    with pytest.raises(InputError) as error:
        dp_for_score(p)  # type: ignore[arg-type]
    assert code_of(error) == ("score-invalid", "p")


# Table 8.1.2 -----------------------------------------------------------------------------------


def test_table_8_1_2_matches_the_csv() -> None:
    assert len(FIDE_TABLE_8_1_2) == len(CSV_8_1_2) == 51
    for band, (lo, hi, higher, lower) in zip(FIDE_TABLE_8_1_2, CSV_8_1_2, strict=True):
        assert isinstance(band, PdBand)
        assert (band.d_min, band.d_max) == (lo, hi)
        assert Decimal(repr(band.pd_higher)) == higher
        assert Decimal(repr(band.pd_lower)) == lower


def test_table_8_1_2_bands_are_contiguous() -> None:
    assert FIDE_TABLE_8_1_2[0].d_min == 0
    for band, following in zip(FIDE_TABLE_8_1_2, FIDE_TABLE_8_1_2[1:]):
        assert band.d_max is not None
        assert following.d_min == band.d_max + 1
        assert following.pd_higher == pytest.approx(band.pd_higher + 0.01)
    assert FIDE_TABLE_8_1_2[-1].d_max is None


@pytest.mark.parametrize(("lo", "hi", "higher", "lower"), CSV_8_1_2)
def test_every_band_edge(lo: int, hi: int | None, higher: Decimal, lower: Decimal) -> None:
    # Both ends, and the fractional differences that round (half away from zero) to them.
    edges = [lo, lo + 0.4, lo - 0.5 if lo else 0]
    edges += [hi, hi + 0.4, hi - 0.5] if hi is not None else [1000, 2000]
    for d in edges:
        assert pd_for_difference(d) == float(higher), d
        assert pd_for_difference(-d) == (float(lower) if d else 0.5), -d
        assert expected_score(2000 + d, 2000, model="fide") == float(higher), d
        assert expected_score(2000, 2000 + d, model="fide") == float(lower), d
        assert expected_score(2000 - d / 2, 2000 + d / 2, model="fide") == float(lower), d
    if hi is not None:
        following = float(higher + Decimal("0.01"))
        assert pd_for_difference(hi + 0.5) == following
        assert pd_for_difference(hi + 1) == following


def test_pd_above_735() -> None:
    assert pd_for_difference(735) == 0.99
    assert pd_for_difference(735.5) == 1.0
    assert pd_for_difference(736) == 1.0
    assert pd_for_difference(-735) == 0.01
    assert pd_for_difference(-736) == 0.0
    assert pd_for_difference(-4000) == 0.0


def test_negative_differences_give_the_lower_players_column() -> None:
    # Table 8.1.2: 400 points apart, PD(H) = 0.92 and PD(L) = 0.08.
    assert pd_for_difference(400) == 0.92
    assert pd_for_difference(-400) == 0.08
    assert pd_for_difference(-3.5) == 0.49  # |d| rounds half away from zero to 4
    assert pd_for_difference(-3.4) == 0.5
    assert pd_for_difference(-0.0) == 0.5


@SETTINGS
@given(st.integers(min_value=-40000, max_value=40000))
def test_pd_of_d_and_minus_d_add_up_to_one(tenths: int) -> None:
    d = float(Decimal(tenths) / 10)
    assert pd_for_difference(d) + pd_for_difference(-d) == pytest.approx(1, abs=1e-12)


@SETTINGS
@given(st.integers(min_value=0, max_value=4000), st.integers(min_value=0, max_value=4000))
def test_pd_is_the_fide_models_expected_score(rating: int, opponent: int) -> None:
    assert pd_for_difference(rating - opponent) == expected_score(rating, opponent, model="fide")


@pytest.mark.parametrize("d", [4000.5, -4001, float("nan"), float("-inf"), False, "100", None])
def test_pd_rejects_bad_differences(d: object) -> None:
    with pytest.raises(InputError) as error:
        pd_for_difference(d)  # type: ignore[arg-type]
    assert code_of(error) == ("rating-invalid", "difference")


@SETTINGS
@given(st.integers(min_value=0, max_value=4000), st.integers(min_value=0, max_value=4000))
def test_fide_model_is_monotone_and_symmetric(a: int, b: int) -> None:
    ea, eb = expected_score(a, b, model="fide"), expected_score(b, a, model="fide")
    assert ea + eb == pytest.approx(1, abs=1e-12)
    assert ea <= expected_score(min(a + 1, 4000), b, model="fide")


# K-factor (8.3.3) ------------------------------------------------------------------------------


def test_k_new_player() -> None:
    assert fide_k_factor_reason(1800, rated_games=29) == KFactor(40, "new-player", False, 40)
    assert fide_k_factor_reason(1800, rated_games=0).rule == "new-player"
    assert fide_k_factor(1800, rated_games=30) == 20


def test_k_junior() -> None:
    junior = fide_k_factor_reason(2100, rated_games=100, birth_year=2007, year=2025)
    assert (junior.k, junior.rule) == (40, "junior")  # the year of the 18th birthday
    assert fide_k_factor(2100, rated_games=100, birth_year=2006, year=2025) == 20
    assert fide_k_factor(2299, rated_games=100, birth_year=2012, year=2025) == 40
    assert fide_k_factor(2299.9, rated_games=100, birth_year=2012, year=2025) == 40
    over = fide_k_factor_reason(2300, rated_games=100, birth_year=2012, year=2025)
    assert (over.k, over.rule) == (20, "standard")


def test_k_new_player_comes_first() -> None:
    reason = fide_k_factor_reason(2100, rated_games=5, birth_year=2012, year=2025)
    assert reason.rule == "new-player"


def test_k_standard_and_2400() -> None:
    assert fide_k_factor_reason(2399, rated_games=500) == KFactor(20, "standard", False, 20)
    assert fide_k_factor_reason(2400, rated_games=500) == KFactor(10, "reached-2400", False, 10)
    # Once 2400 has been reached, K stays 10 after a drop.
    dropped = fide_k_factor_reason(2350, rated_games=500, reached_2400=True)
    assert (dropped.k, dropped.rule) == (10, "reached-2400")


@pytest.mark.parametrize(
    ("rating", "rated_games", "n", "k", "capped"),
    [
        (2000, 100, 39, 17, True),  # RULES.md: 39 games with K = 20 → 17
        (2000, 100, 35, 20, False),  # 20 × 35 = 700 is allowed
        (2000, 100, 36, 19, True),
        (1800, 10, 17, 40, False),  # 680
        (1800, 10, 18, 38, True),  # 720 > 700 → 700 // 18 = 38
        (2500, 900, 70, 10, False),
        (2500, 900, 71, 9, True),
        (2500, 900, 700, 1, True),
        (2000, 100, 0, 20, False),
        (2000, 100, 1, 20, False),
    ],
)
def test_k_times_n_at_most_700(
    rating: float, rated_games: int, n: int, k: int, capped: bool
) -> None:
    reason = fide_k_factor_reason(rating, rated_games=rated_games, games_in_period=n)
    assert (reason.k, reason.capped) == (k, capped)
    assert reason.k * n <= 700
    assert (reason.k + 1) * n > 700 or not capped
    assert fide_k_factor(rating, rated_games=rated_games, games_in_period=n) == k


@pytest.mark.parametrize(
    ("kwargs", "code", "field"),
    [
        ({"rated_games": -1}, "count-invalid", "rated_games"),
        ({"rated_games": 1.5}, "count-invalid", "rated_games"),
        ({"rated_games": True}, "count-invalid", "rated_games"),
        ({"rated_games": 10, "games_in_period": 701}, "count-invalid", "games_in_period"),
        ({"rated_games": 10, "games_in_period": -1}, "count-invalid", "games_in_period"),
        ({"rated_games": 10, "birth_year": 2010}, "year-invalid", "year"),
        ({"rated_games": 10, "year": 2025}, "year-invalid", "birth_year"),
        ({"rated_games": 10, "birth_year": 2026, "year": 2025}, "year-invalid", "year"),
        ({"rated_games": 10, "birth_year": 1800, "year": 2025}, "year-invalid", "birth_year"),
        ({"rated_games": 10, "birth_year": 2000, "year": 2025.0}, "year-invalid", "year"),
        ({"rated_games": 10, "reached_2400": 1}, "option-invalid", "reached_2400"),
    ],
)
def test_k_rejects_bad_input(kwargs: dict[str, object], code: str, field: str) -> None:
    with pytest.raises(InputError) as error:
        fide_k_factor_reason(2000, **kwargs)  # type: ignore[arg-type]
    assert code_of(error) == (code, field)


def test_k_reason_is_frozen() -> None:
    reason = fide_k_factor_reason(2000, rated_games=100)
    with pytest.raises(AttributeError):
        reason.k = 5  # type: ignore[misc]


# Initial rating (8.2) --------------------------------------------------------------------------


def test_initial_rating_worked_example() -> None:
    # Ra = (1500 + 1600 + 1700 + 1800 + 1900 + 2 × 1800) / 7 = 1728.57;
    # p = (3 + 1) / 7 = 0.571 → 0.57 → dp 50; Ru = 1778.57 → 1779.
    assert fide_initial_rating([1500, 1600, 1700, 1800, 1900], 3) == 1779


def test_initial_rating_rounds_half_away() -> None:
    # Ra = (5 × 1600 + 1604 + 3600) / 8 = 1650.5; p = 4 / 8 = 0.50 → dp 0.
    assert fide_initial_rating([1600] * 5 + [1604], 3) == 1651


def test_initial_rating_fewer_than_five_opponents() -> None:
    assert fide_initial_rating([2000] * 4, 2) is None
    assert fide_initial_rating([], 0) is None
    assert fide_initial_rating([2000] * 5, 2) is not None


def test_initial_rating_zero_score() -> None:
    assert fide_initial_rating([2000] * 9, 0) is None


def test_initial_rating_below_1400() -> None:
    # (5 × 1240 + 3600) / 7 = 1400 exactly with p = 3.5 / 7 = 0.50.
    assert fide_initial_rating([1240] * 5, 2.5) == 1400
    assert fide_initial_rating([1239] * 5, 2.5) is None
    assert fide_initial_rating([1400] * 5, 0.5) is None


def test_initial_rating_at_most_2200() -> None:
    assert fide_initial_rating([2400] * 9, 9) == 2200
    # Ra = (9 × 2000 + 3600) / 11 = 1963.64; p = 6 / 11 → 0.55 → dp 36; Ru = 1999.64 → 2000.
    assert fide_initial_rating([2000] * 9, 5) == 2000


@pytest.mark.parametrize(
    ("opponents", "score", "code", "field"),
    [
        ([2000] * 5, 5.5, "score-invalid", "score"),
        ([2000] * 5, -0.5, "score-invalid", "score"),
        ([2000] * 5, 2.25, "score-invalid", "score"),
        ([2000] * 5, float("nan"), "score-invalid", "score"),
        ([2000] * 5, True, "score-invalid", "score"),
        ([2000] * 4 + [4001], 2, "rating-invalid", "opponent"),
        ([2000] * 4 + [float("nan")], 2, "rating-invalid", "opponent"),
        ("20002000", 2, "games-invalid", "games"),
        (None, 2, "games-invalid", "games"),
    ],
)
def test_initial_rating_rejects_bad_input(
    opponents: object, score: object, code: str, field: str
) -> None:
    with pytest.raises(InputError) as error:
        fide_initial_rating(opponents, score)  # type: ignore[arg-type]
    assert code_of(error) == (code, field)


# Performance rating ----------------------------------------------------------------------------


def test_performance_fide() -> None:
    assert performance_rating([1600, 1700], 1) == 1650
    assert performance_rating([1600, 1700], 2) == 2450  # notional +800
    assert performance_rating([1600, 1700], 0) == 850
    assert performance_rating([1500] * 3, 2) == 1625  # 0.667 → 0.67 → 125
    assert performance_rating([1601, 1600], 1.5) == 1600.5 + 193


def test_performance_linear() -> None:
    assert performance_rating([1600, 1700], 1.5, method="linear") == 1850
    assert performance_rating([1500] * 4, 1, method="linear") == 1300
    assert performance_rating([1500] * 4, 2, method="linear") == 1500


def test_performance_rejects_bad_input() -> None:
    with pytest.raises(InputError) as error:
        performance_rating([], 0)
    assert code_of(error) == ("games-invalid", "games")
    with pytest.raises(InputError) as error:
        performance_rating([1500], 1, method="tpr")  # type: ignore[arg-type]
    assert code_of(error) == ("option-invalid", "method")
    with pytest.raises(InputError) as error:
        performance_rating([1500], 2)
    assert code_of(error) == ("score-invalid", "score")


@SETTINGS
@given(st.lists(st.integers(min_value=1000, max_value=2800), min_size=1, max_size=20), st.data())
def test_performance_rises_with_the_score(opponents: list[int], data: st.DataObject) -> None:
    n = len(opponents)
    points = data.draw(st.integers(min_value=0, max_value=2 * n - 1)) / 2
    for method in ("fide", "linear"):
        low = performance_rating(opponents, points, method=method)
        high = performance_rating(opponents, points + 0.5, method=method)
        assert low <= high
