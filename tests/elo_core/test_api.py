"""The public contract: names, error codes, frozen results, and bad input → InputError only."""
# mypy: disable-error-code="arg-type, list-item"
# (BAD_CALLS passes wrong types on purpose.)

from __future__ import annotations

import dataclasses
import importlib
import math
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import elo_core
from elo_core import (
    ERROR_CODES,
    FIDE_TABLE_8_1_1,
    FIDE_TABLE_8_1_2,
    Game,
    InputError,
    dp_for_score,
    expected_score,
    fide_initial_rating,
    fide_k_factor,
    fide_k_factor_reason,
    parse_games,
    parse_result,
    pd_for_difference,
    performance_rating,
    rate,
    round_half_away,
)

SETTINGS = settings(deadline=None, database=None, max_examples=300)

CONTRACT = {
    "ERROR_CODES", "FIDE_TABLE_8_1_1", "FIDE_TABLE_8_1_2", "Game", "InputError", "KFactor",
    "RatingResult", "dp_for_score", "expected_score", "fide_initial_rating", "fide_k_factor",
    "fide_k_factor_reason", "parse_games", "parse_result", "pd_for_difference",
    "performance_rating", "rate", "round_half_away",
}  # fmt: skip
MODULES = [
    "elo_core", "elo_core.dwz", "elo_core.dwz_table", "elo_core.elo", "elo_core.errors",
    "elo_core.fide", "elo_core.fide_tables", "elo_core.norms",
    "elo_core.parsing", "elo_core.rounding", "elo_core.validation",
]  # fmt: skip
REQUIRED_CODES = {
    "rating-invalid", "score-invalid", "k-invalid", "games-invalid", "option-invalid",
    "count-invalid", "year-invalid",
}  # fmt: skip


def test_contract_names_are_exported() -> None:
    assert CONTRACT <= set(elo_core.__all__)
    for name in elo_core.__all__:
        assert hasattr(elo_core, name), name


@pytest.mark.parametrize("module", MODULES)
def test_all_is_sorted_and_complete(module: str) -> None:
    names = importlib.import_module(module).__all__
    assert names == sorted(names)
    assert len(set(names)) == len(names)
    for name in names:
        assert hasattr(importlib.import_module(module), name), name


def test_error_codes() -> None:
    assert REQUIRED_CODES <= set(ERROR_CODES)
    for code, description in ERROR_CODES.items():
        assert code == code.lower() and " " not in code
        assert description[0].isupper() and description.endswith(".")
    assert list(ERROR_CODES) == sorted(ERROR_CODES)


def test_input_error() -> None:
    message = "The opponent's rating must be a number."
    error = InputError("games-invalid", message, field="games", line=3)
    assert isinstance(error, ValueError)
    assert (error.code, error.field, error.line) == ("games-invalid", "games", 3)
    assert str(error) == "Line 3: The opponent's rating must be a number."
    assert str(InputError("k-invalid", "Bad.")) == "Bad."


@pytest.mark.parametrize(
    "instance",
    [
        Game(1500, 1),
        rate(1500, [Game(1500, 1)]),
        rate(1500, [Game(1500, 1)]).games[0],
        fide_k_factor_reason(2000, rated_games=100),
        FIDE_TABLE_8_1_1[0],
        FIDE_TABLE_8_1_2[0],
    ],
    ids=lambda instance: type(instance).__name__,
)
def test_results_are_frozen_slotted_dataclasses(instance: object) -> None:
    assert dataclasses.is_dataclass(instance)
    field = dataclasses.fields(instance)[0].name
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(instance, field, 0)
    assert not hasattr(instance, "__dict__")


def test_tables_are_tuples() -> None:
    assert isinstance(FIDE_TABLE_8_1_1, tuple)
    assert isinstance(FIDE_TABLE_8_1_2, tuple)


# Bad input: NaN, infinities, bools, out of range, unknown options --------------------------------

NAN, INF = float("nan"), float("inf")
G = [Game(1500, 1)]

BAD_CALLS: list[tuple[str, Callable[[], object], str, str]] = [
    ("rating nan", lambda: expected_score(NAN, 1500), "rating-invalid", "rating"),
    ("rating inf", lambda: expected_score(INF, 1500), "rating-invalid", "rating"),
    ("rating -inf", lambda: expected_score(-INF, 1500), "rating-invalid", "rating"),
    ("rating bool", lambda: expected_score(True, 1500), "rating-invalid", "rating"),
    ("rating str", lambda: expected_score("1500", 1500), "rating-invalid", "rating"),
    ("rating None", lambda: expected_score(None, 1500), "rating-invalid", "rating"),
    ("rating negative", lambda: expected_score(-1, 1500), "rating-invalid", "rating"),
    ("rating absurd", lambda: expected_score(4000.5, 1500), "rating-invalid", "rating"),
    ("rating huge int", lambda: expected_score(10**400, 1500), "rating-invalid", "rating"),
    ("opponent nan", lambda: expected_score(1500, NAN), "rating-invalid", "opponent"),
    ("opponent bool", lambda: expected_score(1500, False), "rating-invalid", "opponent"),
    ("opponent absurd", lambda: expected_score(1500, 4001), "rating-invalid", "opponent"),
    ("model", lambda: expected_score(1500, 1500, model="elo"), "option-invalid", "model"),
    ("model case", lambda: expected_score(1500, 1500, model="FIDE"), "option-invalid", "model"),
    ("cap", lambda: expected_score(1500, 1500, cap=400), "option-invalid", "cap"),
    ("cap None", lambda: expected_score(1500, 1500, cap=None), "option-invalid", "cap"),
    ("rate rating", lambda: rate(NAN, G), "rating-invalid", "rating"),
    ("rate k zero", lambda: rate(1500, G, k=0), "k-invalid", "k"),
    ("rate k negative", lambda: rate(1500, G, k=-20), "k-invalid", "k"),
    ("rate k nan", lambda: rate(1500, G, k=NAN), "k-invalid", "k"),
    ("rate k inf", lambda: rate(1500, G, k=INF), "k-invalid", "k"),
    ("rate k bool", lambda: rate(1500, G, k=True), "k-invalid", "k"),
    ("rate k absurd", lambda: rate(1500, G, k=1001), "k-invalid", "k"),
    ("rate k str", lambda: rate(1500, G, k="20"), "k-invalid", "k"),
    ("rate model", lambda: rate(1500, G, model="glicko"), "option-invalid", "model"),
    ("rate cap", lambda: rate(1500, G, cap="2650"), "option-invalid", "cap"),
    ("rate rounding", lambda: rate(1500, G, rounding="half"), "option-invalid", "rounding"),
    ("rate games None", lambda: rate(1500, None), "games-invalid", "games"),
    ("rate games str", lambda: rate(1500, "1500 1"), "games-invalid", "games"),
    ("rate games tuple", lambda: rate(1500, [(1500, 1)]), "games-invalid", "games"),
    ("game score", lambda: Game(1500, 0.25), "score-invalid", "score"),
    ("game score nan", lambda: Game(1500, NAN), "score-invalid", "score"),
    ("game score bool", lambda: Game(1500, True), "score-invalid", "score"),
    ("game score str", lambda: Game(1500, "1"), "score-invalid", "score"),
    ("game opponent inf", lambda: Game(INF, 1), "rating-invalid", "opponent"),
    ("round nan", lambda: round_half_away(NAN), "number-invalid", "x"),
    ("round ndigits", lambda: round_half_away(1.5, 99), "option-invalid", "ndigits"),
    ("k rating nan", lambda: fide_k_factor(NAN, rated_games=40), "rating-invalid", "rating"),
    ("k rating bool", lambda: fide_k_factor(True, rated_games=40), "rating-invalid", "rating"),
    ("k games nan", lambda: fide_k_factor(2000, rated_games=NAN), "count-invalid", "rated_games"),
    ("k games absurd", lambda: fide_k_factor(2000, rated_games=10**6), "count-invalid",
     "rated_games"),
    ("k year inf", lambda: fide_k_factor(2000, rated_games=40, birth_year=2000, year=INF),
     "year-invalid", "year"),
    ("initial nan", lambda: fide_initial_rating([NAN] * 5, 2), "rating-invalid", "opponent"),
    ("initial score inf", lambda: fide_initial_rating([1500] * 5, INF), "score-invalid", "score"),
    ("performance nan", lambda: performance_rating([1500], NAN), "score-invalid", "score"),
    ("performance rating", lambda: performance_rating([-5], 1), "rating-invalid", "opponent"),
    ("performance method", lambda: performance_rating([1500], 1, method=None), "option-invalid",
     "method"),
    ("dp nan", lambda: dp_for_score(NAN), "score-invalid", "p"),
    ("pd inf", lambda: pd_for_difference(INF), "rating-invalid", "difference"),
    ("parse result bytes", lambda: parse_result(b"1"), "score-invalid", "score"),
    ("parse games bytes", lambda: parse_games(b"1500 1"), "games-invalid", "games"),
]


@pytest.mark.parametrize(
    ("call", "code", "field"), [c[1:] for c in BAD_CALLS], ids=[c[0] for c in BAD_CALLS]
)
def test_bad_input_raises_input_error(call: Callable[[], object], code: str, field: str) -> None:
    with pytest.raises(InputError) as error:
        call()
    assert (error.value.code, error.value.field) == (code, field)
    assert code in ERROR_CODES
    message = str(error.value)
    assert message[0].isupper() and message.endswith("."), message


weird = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.floats(),
    st.text(max_size=5),
    st.sampled_from([NAN, INF, -INF, -0.0, 4000, 4000.0001, 0.5, 1, 0, 1500, 2650, "fide", "400"]),
    st.lists(st.integers(min_value=-5, max_value=5000), max_size=6),
)


def _call_or_input_error(function: Callable[..., Any], *args: Any, **kwargs: Any) -> None:
    try:
        function(*args, **kwargs)
    except InputError as error:
        assert error.code in ERROR_CODES


@SETTINGS
@given(weird, weird, weird, weird)
def test_arbitrary_values_give_a_result_or_input_error(a: Any, b: Any, c: Any, d: Any) -> None:
    _call_or_input_error(expected_score, a, b)
    _call_or_input_error(expected_score, 1500, 1600, model=a, cap=b)
    _call_or_input_error(rate, a, [Game(1500, 1)], k=b, model="fide", cap="fide", rounding="fide")
    _call_or_input_error(rate, 1500, a)
    _call_or_input_error(rate, 1500, [], k=a, model=b, cap=c, rounding=d)
    _call_or_input_error(Game, a, b)
    _call_or_input_error(round_half_away, a, b)
    _call_or_input_error(fide_k_factor, a, rated_games=b, birth_year=c, year=d)
    _call_or_input_error(
        fide_k_factor_reason, 2000, rated_games=40, reached_2400=a, games_in_period=b
    )
    _call_or_input_error(fide_initial_rating, a, b)
    _call_or_input_error(performance_rating, a, b, method=c)
    _call_or_input_error(dp_for_score, a)
    _call_or_input_error(pd_for_difference, a)
    _call_or_input_error(parse_result, a)
    _call_or_input_error(parse_games, a)


@SETTINGS
@given(st.floats(min_value=0, max_value=4000), st.floats(min_value=0, max_value=4000))
def test_results_are_finite(a: float, b: float) -> None:
    for model in ("logistic", "fide", "normal"):
        for cap in ("none", "400", "fide"):
            value = expected_score(a, b, model=model, cap=cap)
            assert math.isfinite(value) and 0 <= value <= 1


bad_ratings = st.one_of(
    st.sampled_from([NAN, INF, -INF, True, False]),
    st.floats(min_value=4000, exclude_min=True),
    st.floats(max_value=0, exclude_max=True),
    st.integers(min_value=4001),
    st.integers(max_value=-1),
)
bad_ks = st.one_of(
    st.sampled_from([NAN, INF, -INF, True, False, 0, 0.0]),
    st.floats(min_value=1000, exclude_min=True),
    st.floats(max_value=0),
)
bad_shares = st.one_of(
    st.sampled_from([NAN, INF, -INF, True, False]),
    st.floats(min_value=1, exclude_min=True),
    st.floats(max_value=0, exclude_max=True),
)


def _raises(code: str, function: Callable[..., Any], *args: Any, **kwargs: Any) -> None:
    with pytest.raises(InputError) as error:
        function(*args, **kwargs)
    assert error.value.code == code


@SETTINGS
@given(bad_ratings, bad_ks, bad_shares)
def test_nan_inf_bool_and_out_of_range_always_raise(rating: Any, k: Any, share: Any) -> None:
    _raises("rating-invalid", expected_score, rating, 1500)
    _raises("rating-invalid", expected_score, 1500, rating, model="fide", cap="fide")
    _raises("rating-invalid", rate, rating, [])
    _raises("k-invalid", rate, 1500, [Game(1500, 1)], k=k)
    _raises("rating-invalid", Game, rating, 1)
    _raises("score-invalid", Game, 1500, share)
    _raises("rating-invalid", fide_k_factor, rating, rated_games=50)
    _raises("rating-invalid", fide_initial_rating, [1500, 1600, 1700, 1800, rating], 2)
    _raises("rating-invalid", performance_rating, [rating], 1)
    _raises("score-invalid", performance_rating, [1500], share if share not in (0, 1) else NAN)
    _raises("score-invalid", dp_for_score, share)
    is_number = isinstance(rating, (int, float)) and not isinstance(rating, bool)
    finite = is_number and not (isinstance(rating, float) and not math.isfinite(rating))
    if not finite or abs(rating) > 4000:
        _raises("rating-invalid", pd_for_difference, rating)
    if not finite:
        _raises("number-invalid", round_half_away, rating)
