"""Numbers as people write them: one reader for every field and language."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from elo_core import InputError
from elo_core.numbers import DECIMAL_POINT, MAX_SHOWN_TEXT, NumberFormat, parse_number, parse_rating
from case_tables import cases
from number_cases import FORMATS, huge_numbers

SETTINGS = settings(deadline=None, database=None, max_examples=300)


@pytest.mark.parametrize(
    ("text", "lang", "value"),
    cases("numbers", "numbers_as_people_write_them"),
)
def test_numbers_as_people_write_them(text: str, lang: str, value: float) -> None:
    assert parse_number(text, fmt=FORMATS[lang]) == value


@pytest.mark.parametrize(
    "text", ["abc", "1e3", "inf", "nan", "1,2,3", "1.2.3", "12 34", "1.600,5,5",
             "١٦٠٠", "--5", "1,600.5.5", "0x10", "½"],
)
@pytest.mark.parametrize("lang", list(FORMATS))
def test_anything_else_is_an_error_with_the_text(text: str, lang: str) -> None:
    with pytest.raises(InputError) as caught:
        parse_number(text, fmt=FORMATS[lang], field="k", code="k-invalid")
    error = caught.value
    assert (error.code, error.field, error.reason) == ("k-invalid", "k", "not-a-number")
    assert error.params == {"text": text.strip()}


@pytest.mark.parametrize("text", ["", " ", "\u00a0\t"])
def test_an_empty_field_is_an_error_of_its_own(text: str) -> None:
    # The page then says what to enter ("Enter a rating from 100 to 4,000."), not that “”
    # is not a number (it did, before the reason "empty").
    with pytest.raises(InputError) as caught:
        parse_number(text, field="dwz_rating", code="rating-invalid")
    assert (caught.value.reason, caught.value.params) == ("empty", {})


@pytest.mark.parametrize(
    ("text", "lang", "value", "suggestion"),
    [
        ("1,600", "de", 1.6, 1600),  # the English display form on a German page
        ("1.600", "en", 1.6, 1600),
        ("1,6", "de", 1.6, None),
        ("50", "en", 50, None),
        ("0", "da", 0, None),
        ("9.999", "en", 9.999, None),  # 9999 is no rating either
        ("1,600", "sv", 1.6, 1600),  # a decimal comma in Swedish too
    ],
)
def test_a_rating_below_100_is_an_error_offering_the_likely_meaning(
    text: str, lang: str, value: float, suggestion: float | None
) -> None:
    with pytest.raises(InputError) as caught:
        parse_rating(text, fmt=FORMATS[lang], field="rating_a")
    error = caught.value
    assert (error.code, error.field) == ("rating-implausible", "rating_a")
    assert error.params["value"] == value
    assert error.params.get("suggestion") == suggestion
    assert error.reason == ("suggestion" if suggestion else None)


def test_without_signs_given_the_reader_takes_a_decimal_point() -> None:
    assert parse_number("1,600") == parse_number("1,600", fmt=DECIMAL_POINT) == 1600
    assert parse_number("1.5") == 1.5


@pytest.mark.parametrize(
    ("decimal", "group"),
    [(",", ","), ("\u066b", "\u066c"), (".", "'"), (".", "\u2019"), ("", ","), (".,", " ")],
)
def test_signs_the_reader_cannot_use_are_refused(decimal: str, group: str) -> None:
    with pytest.raises(ValueError):
        NumberFormat(decimal=decimal, group=group)


def test_a_rating_above_4000_names_the_range() -> None:
    with pytest.raises(InputError) as caught:
        parse_rating("5.000", fmt=FORMATS["de"])
    assert caught.value.code == "rating-invalid"
    assert caught.value.params == {"min": 100, "max": 4000, "value": 5000}


def _written(value: float, digits: int, lang: str) -> str:
    """``value`` as a person writes it in ``lang``: grouped thousands, the decimal sign."""
    fmt = FORMATS[lang]
    text = f"{value:,.{digits}f}"
    return text.replace(",", "\0").replace(".", fmt.decimal).replace("\0", fmt.group)


@SETTINGS
@given(
    value=st.integers(min_value=0, max_value=10**9).map(lambda n: n / 100),
    digits=st.sampled_from([0, 1, 2]),
    lang=st.sampled_from(list(FORMATS)),
)
def test_written_numbers_read_back_as_the_same_number(value: float, digits: int, lang: str) -> None:
    text = _written(value, digits, lang)
    assert parse_number(text, fmt=FORMATS[lang]) == float(f"{value:.{digits}f}")


@SETTINGS
@given(text=huge_numbers(), lang=st.sampled_from(list(FORMATS)))
def test_a_number_too_large_for_a_float_is_out_of_range_never_infinite(text: str, lang: str) -> None:
    try:
        value = parse_number(text, fmt=FORMATS[lang], field="k", code="k-invalid")
    except InputError as error:
        assert (error.code, error.field) == ("k-invalid", "k")
        assert error.reason in {"range", "not-a-number"}  # grouped the other language's way
        assert len(str(error.params["text"])) <= MAX_SHOWN_TEXT + 1
    else:
        raise AssertionError(f"read as {value}")


@pytest.mark.parametrize(
    "text", ["1" + "0" * 400, "1" + "0" * 5000, "-1" + "0" * 309, "1797693134862316" + "0" * 293]
)
def test_the_issues_large_numbers_are_out_of_range(text: str) -> None:
    with pytest.raises(InputError) as caught:
        parse_number(text, field="rating_a", code="rating-invalid")
    assert caught.value.reason == "range"
    with pytest.raises(InputError) as caught:
        parse_rating(text, field="rating_a")
    error = caught.value
    assert (error.code, error.reason) == ("rating-invalid", "range")
    assert (error.params["min"], error.params["max"]) == (100, 4000)
    assert "value" not in error.params


def test_the_largest_float_still_reads() -> None:
    # 1.7976931348623157e308 written out: finite, so a plain number (out of any field's range).
    text = str(int(1.7976931348623157e308))
    assert parse_number(text) == 1.7976931348623157e308
