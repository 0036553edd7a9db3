"""Any number the site displays, pasted back into the field it came from, reads the same."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal

from hypothesis import given, settings
from hypothesis import strategies as st

from elo_core.numbers import parse_number, parse_rating
from sitegen.config import LANGUAGES
from sitegen.i18n import format_number


def _shown(value: float, digits: int) -> float:
    """What the display means: ``value`` rounded half away from zero, as format_number does."""
    exact = Decimal(value).quantize(Decimal(1).scaleb(-digits), rounding=ROUND_HALF_UP)
    return float(exact)


@settings(deadline=None, database=None, max_examples=400)
@given(
    value=st.floats(min_value=-5000, max_value=10**7, allow_nan=False),
    digits=st.sampled_from([0, 1, 2, 3, 5]),
    signed=st.booleans(),
    lang=st.sampled_from(list(LANGUAGES)),
)
def test_every_displayed_number_reads_back(
    value: float, digits: int, signed: bool, lang: str
) -> None:
    text = format_number(value, digits, lang, signed=signed)
    assert parse_number(text, lang=lang) == _shown(value, digits), text


@settings(deadline=None, database=None, max_examples=300)
@given(
    rating=st.integers(min_value=1000, max_value=40000).map(lambda tenth: tenth / 10),
    lang=st.sampled_from(list(LANGUAGES)),
)
def test_a_displayed_new_rating_reads_back_as_a_rating(rating: float, lang: str) -> None:
    # The calculators show "1,604.8" / "1.604,8": pasted into a rating field it is the rating.
    assert parse_rating(format_number(rating, 1, lang), lang=lang) == rating
