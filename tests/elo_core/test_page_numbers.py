"""Every number in every field has that field's message: a number too large for a float,
NaN-like text and infinities are the field's own error, and the engine's reply is JSON."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from elo_core.errors import ERROR_CODES
from elo_core.page import DEFAULTS, compute, compute_json, parse_reply
from number_cases import huge_numbers
from number_cases import FORMATS

_NUMBER = re.compile(r"[0-9]+(?:[.,][0-9]+)?")

# Every field of every mode that holds a number, alone or among other text (a list of
# games, a tournament report), or that is empty by default and takes one (K of player B).
NUMERIC_FIELDS = sorted(
    (mode, name)
    for mode, form in DEFAULTS.items()
    for name, default in form.items()
    if _NUMBER.search(default) or (not default and name not in {"reached_2400"})
)


# A tournament report is read by its columns: a number in place of another may turn a
# line into one that is no record (and is skipped), so only its reply is checked there.
BY_COLUMNS = {("trf", "trf_text")}


def _reply(mode: str, form: dict[str, str], lang: str) -> dict[str, Any]:
    # As the page reads it: JSON.parse refuses Infinity and NaN; a long reply in lines.
    reply = parse_reply(compute_json(
        mode, json.dumps(form), lang, FORMATS[lang].decimal, FORMATS[lang].group))
    assert isinstance(reply, dict)
    return reply


def _assert_own_error(reply: dict[str, Any], mode: str, name: str) -> None:
    if (mode, name) in BY_COLUMNS:
        assert all(error["code"] in ERROR_CODES for error in reply.get("errors", [])), reply
        return
    assert reply["ok"] is False, reply
    errors = reply["errors"]
    assert [error for error in errors if error["field"] == name], errors
    for error in errors:
        assert error["code"] in ERROR_CODES, error  # never "engine-failed"


def test_every_mode_has_numeric_fields() -> None:
    assert {mode for mode, _ in NUMERIC_FIELDS} == set(DEFAULTS)


@settings(deadline=None, database=None, max_examples=15)
@given(
    case=st.sampled_from(["en", "de", "da"]).flatmap(
        lambda lang: huge_numbers(lang).map(lambda huge: (lang, huge))
    ),
    place=st.integers(min_value=0),
)
@pytest.mark.parametrize(("mode", "name"), NUMERIC_FIELDS)
def test_a_huge_number_in_any_numeric_field_is_that_fields_error(
    mode: str, name: str, case: tuple[str, str], place: int
) -> None:
    lang, huge = case  # written as the page's language writes numbers
    default = DEFAULTS[mode][name]
    numbers = list(_NUMBER.finditer(default))
    if numbers:  # one of the numbers in the field, the others as they were
        found = numbers[place % len(numbers)]
        text = default[:found.start()] + huge + default[found.end():]
    else:
        text = huge
    _assert_own_error(_reply(mode, dict(DEFAULTS[mode]) | {name: text}, lang), mode, name)


@pytest.mark.parametrize("text", ["nan", "NaN", "inf", "-inf", "Infinity", "-Infinity", "1e309"])
@pytest.mark.parametrize(("mode", "name"), NUMERIC_FIELDS)
def test_nan_like_text_and_infinities_are_that_fields_error(mode: str, name: str, text: str) -> None:
    default = DEFAULTS[mode][name]
    found = _NUMBER.search(default)
    typed = default[:found.start()] + text + default[found.end():] if found else text
    _assert_own_error(_reply(mode, dict(DEFAULTS[mode]) | {name: typed}, "en"), mode, name)


def test_the_issues_reproduction_names_the_range() -> None:
    form = dict(DEFAULTS["elo"]) | {"rating_a": "1" + "0" * 400}
    reply = _reply("elo", form, "de")
    assert reply["errors"] == [{
        "field": "rating_a", "code": "rating-invalid", "line": None, "reason": "range",
        "params": {"min": 100, "max": 4000, "text": "1" + "0" * 39 + "…"},
    }]


def test_a_non_finite_number_in_a_reply_is_answered_as_json() -> None:
    # compute() never gives one (see above); should it, the reply is still JSON.
    import elo_core.page as page

    original = page.compute
    try:
        page.compute = lambda mode, form, lang="en", numbers=None: {"ok": True, "outputs": {"x": float("inf")}}
        reply = parse_reply(compute_json("elo", "{}", "en"))
    finally:
        page.compute = original
    assert reply == {"ok": False, "errors": [
        {"field": None, "code": "engine-failed", "line": None, "reason": "non-finite", "params": {}}
    ]}


def test_the_defaults_answer_as_before() -> None:
    for mode, form in DEFAULTS.items():
        assert _reply(mode, form, "en") == json.loads(json.dumps(compute(mode, form, "en")))
