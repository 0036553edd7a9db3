"""Any number the site displays, pasted back into the field it came from, reads the same."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal

from hypothesis import given, settings
from hypothesis import strategies as st

from elo_core.numbers import NumberFormat, parse_number, parse_rating
from outputs_in_node import in_node
from sitegen.config import LANGUAGES
from sitegen.number_format import format_number, number_symbols

# The site's languages and Swedish (grouped by a no-break space, a "−" for minus): elo_core
# reads with the signs the build gives it, CLDR's through Babel.
TRIED = [*LANGUAGES, "sv"]


def _signs(lang: str) -> NumberFormat:
    return NumberFormat(*number_symbols(lang))


def _shown(value: float, digits: int) -> float:
    """What the display means: ``value`` rounded half away from zero, as format_number does."""
    exact = Decimal(value).quantize(Decimal(1).scaleb(-digits), rounding=ROUND_HALF_UP)
    return float(exact)


@settings(deadline=None, database=None, max_examples=400)
@given(
    value=st.floats(min_value=-5000, max_value=10**7, allow_nan=False),
    digits=st.sampled_from([0, 1, 2, 3, 5]),
    signed=st.booleans(),
    lang=st.sampled_from(TRIED),
)
def test_every_displayed_number_reads_back(
    value: float, digits: int, signed: bool, lang: str
) -> None:
    text = format_number(value, digits, lang, signed=signed)
    assert parse_number(text, fmt=_signs(lang)) == _shown(value, digits), text


@settings(deadline=None, database=None, max_examples=300)
@given(
    rating=st.integers(min_value=1000, max_value=40000).map(lambda tenth: tenth / 10),
    lang=st.sampled_from(TRIED),
)
def test_a_displayed_new_rating_reads_back_as_a_rating(rating: float, lang: str) -> None:
    # The calculators show "1,604.8" / "1.604,8": pasted into a rating field it is the rating.
    assert parse_rating(format_number(rating, 1, lang), fmt=_signs(lang)) == rating


def test_the_tests_signs_are_cldrs() -> None:
    """tests/elo_core (which also runs in Pyodide, without Babel) writes the languages' signs
    out: they are the ones the build takes from CLDR."""
    import importlib
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "elo_core"))
    formats = importlib.import_module("number_cases").FORMATS
    assert {lang: _signs(lang) for lang in formats} == formats


def test_the_page_writes_numbers_as_the_build_does() -> None:
    """outputs.js formats with the browser's Intl.NumberFormat, the build with Babel: both
    CLDR, and they must agree (here outputs.js in Node, whose Intl has ICU's CLDR data as
    Chromium's does)."""
    values = [-1234.5, -0.25, 0, 7, 1604.84, 1234567.891]
    intl = in_node(
        "formatNumber",
        "Object.fromEntries(arg[0].map((l) => [l, arg[1].flatMap((value) => [0, 1, 2].flatMap("
        "(digits) => [false, true].map((signed) => formatNumber({ value, digits, signed }, l))))]))",
        [TRIED, values])
    for lang in TRIED:
        babel = [format_number(v, d, lang, signed=s)
                 for v in values for d in (0, 1, 2) for s in (False, True)]
        assert intl[lang] == babel, lang
