"""The Glicko-2 and DWZ page's calculators; see :mod:`elo_core.page`.

Modes: ``glicko2`` (one rating period of :mod:`elo_core.glicko2`) and ``dwz``
(:mod:`elo_core.dwz`, by the rules in force on the day of the last game). Field names are
unique across a page (the page looks error boxes up by field name), hence the prefixes.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable, Mapping
from typing import Any, get_args

from elo_core import dwz, glicko2
from elo_core.errors import InputError
from elo_core.importers.common import parse_date as _parse_date
from elo_core.numbers import NumberFormat, parse_rating
from elo_core.page.fields import (
    FormReader,
    Output,
    PageLanguage,
    message,
    number_output,
    parse_bounded,
)
from elo_core.parsing import parse_games, parse_result
from elo_core.rounding import round_half_away
from elo_core.validation import MAX_YEAR, MIN_YEAR

__all__ = ["DEFAULTS", "MODES"]

_LINE_SEPARATORS = ("|", ";", "\t")


def _split_line(line: str, parts: int) -> list[str]:
    separator = next((s for s in _LINE_SEPARATORS if s in line), None)
    pieces = [p.strip() for p in line.split(separator)] if separator else line.split()
    if len(pieces) != parts:
        raise InputError(
            "games-invalid", f"A line needs {parts} parts.", field="g_games", reason="format"
        )
    return pieces


def _glicko_results(text: str, fmt: NumberFormat) -> list[glicko2.Glicko2Result]:
    """``opponent rating | opponent RD | score`` per line (blank lines, ``#`` ignored)."""
    results = []
    for number, raw in enumerate(text.replace("\r\n", "\n").replace("\r", "\n").split("\n"), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        try:
            rating_text, rd_text, score_text = _split_line(line, 3)
            opponent = parse_rating(rating_text, fmt=fmt, field="g_games")
            rd = parse_bounded(
                rd_text, fmt=fmt, field="g_games", code="rd-invalid",
                minimum=glicko2.MIN_RD, maximum=glicko2.MAX_RD,
            )
            score = parse_result(score_text)
        except InputError as error:
            raise InputError(
                error.code, str(error), field="g_games", line=number, reason=error.reason,
                params=error.params,
            ) from None
        results.append(glicko2.Glicko2Result(opponent, rd, score))
    return results


def _glicko2(form: Mapping[str, str], lang: PageLanguage) -> dict[str, Output]:
    reader = FormReader(form, lang)
    rating = reader.rating("g_rating")
    rd = reader.number("g_rd", code="rd-invalid", minimum=glicko2.MIN_RD, maximum=glicko2.MAX_RD)
    volatility = reader.number(
        "g_volatility", code="volatility-invalid", minimum=glicko2.MIN_VOLATILITY,
        maximum=glicko2.MAX_VOLATILITY,
    )
    tau = reader.number("g_tau", code="tau-invalid", minimum=glicko2.MIN_TAU,
                        maximum=glicko2.MAX_TAU)
    results = reader.read("g_games", lambda text: _glicko_results(text, lang.numbers))
    reader.done()
    assert rating is not None and rd is not None and volatility is not None
    assert tau is not None and results is not None
    new = glicko2.update(rating, rd, volatility, results, tau=tau)
    return {
        "g_new_rating": number_output(new.rating, 1),
        "g_change": number_output(new.rating - rating, 1, signed=True),
        "g_new_rd": number_output(new.rd, 1),
        "g_new_volatility": number_output(new.volatility, 5),
        "g_games_count": number_output(len(results), 0),
        "g_interval_low": number_output(new.rating - 2 * new.rd, 0),
        "g_interval_high": number_output(new.rating + 2 * new.rd, 0),
    }


def _played(text: str) -> datetime.date | None:
    """The day of the event's last game as typed: ISO (``2026-11-15``, as a date field sends
    it) or a local form (``15.11.2026``, ``15-11-2026``, ``2026/11/15``); empty = None (today)."""
    try:
        day = _parse_date(text)
    except ValueError:
        raise InputError(
            "played-invalid", f"{text.strip()!r} is not a date.", field="dwz_played",
            reason="format", params={"text": text.strip()},
        ) from None
    if day is not None and not MIN_YEAR <= day.year <= MAX_YEAR:
        raise InputError(
            "played-invalid", f"The year must be from {MIN_YEAR} to {MAX_YEAR}.",
            field="dwz_played", reason="range", params={"min": MIN_YEAR, "max": MAX_YEAR},
        )
    return day


def _formula_number(value: float, most: int = 2) -> Output:
    """A number the reasons put into a formula: as typed (no decimals a whole number lacks,
    at most ``most``) and without thousands separators, like the formula's own numbers."""
    digits = next((d for d in range(most) if abs(round(value, d) - value) < 1e-9), most)
    return number_output(value, digits, grouping=False)


#: Every output of the ``dwz`` mode that belongs to one set of rules: the other set's are None.
_DWZ_OLD = ("dwz_j", "dwz_e0", "dwz_fb", "dwz_sbr", "dwz_e", "dwz_j_reason", "dwz_e0_reason",
            "dwz_fb_reason", "dwz_sbr_reason", "dwz_e_reason")
_DWZ_NEW = ("dwz_k", "dwz_k0", "dwz_b", "dwz_a", "dwz_k_reason", "dwz_k0_reason", "dwz_b_reason",
            "dwz_a_reason")


def _dwz_e_outputs(result: dwz.DwzResult, age: int, index: int) -> dict[str, Output | None]:
    """J, E0, fB, SBr and E (rules before 8 June 2026), each with its reason (RULES.md, "DWZ")."""
    r0 = _formula_number(result.rating)
    scored = result.w >= result.we
    if age <= 20:
        j_reason = message("dwz-j-youth", j=number_output(result.j, 0))
    elif age <= 25:
        j_reason = message("dwz-j-junior", j=number_output(result.j, 0))
    else:
        j_reason = message("dwz-j-adult", j=number_output(result.j, 0))
    e0 = number_output(result.e0, 2)
    fb = number_output(result.fb, 3)
    sbr = number_output(result.sbr, 2)
    if age > 20:
        fb_reason = message("dwz-fb-none-age", keep_empty=True)
    elif not scored:
        fb_reason = message("dwz-fb-none-scored", keep_empty=True)
    else:
        ratio = result.rating / 2000
        key = "dwz-fb" if 0.5 <= ratio <= 1 else "dwz-fb-low" if ratio < 0.5 else "dwz-fb-high"
        fb_reason = message(key, r0=r0, fb=fb, ratio=number_output(ratio, 3))
    if result.sbr > 0:
        sbr_reason = message("dwz-sbr", r0=r0, sbr=sbr)
    elif result.rating >= 1300:
        sbr_reason = message("dwz-sbr-none-rating", keep_empty=True)
    else:
        sbr_reason = message("dwz-sbr-none-scored", keep_empty=True)
    lower, upper = dwz.coefficient_limits(index, braked=result.sbr > 0)
    rounded = int(round_half_away(result.e_unrounded))
    terms: dict[str, Any] = {
        "e0": e0, "fb": fb, "sbr": sbr, "raw": number_output(result.e_unrounded, 2),
        "rounded": number_output(rounded, 0), "e": number_output(result.e, 0)}
    if rounded < lower:
        e_reason = message("dwz-e-lowest", **terms)
    elif rounded <= upper:
        e_reason = message("dwz-e", **terms)
    elif result.sbr > 0:
        e_reason = message("dwz-e-braked", **terms)
    elif index <= 5:
        e_reason = message("dwz-e-index", index=number_output(index, 0), **terms)
    else:
        e_reason = message("dwz-e-30", **terms)
    return {
        "dwz_j": number_output(result.j, 0),
        "dwz_e0": e0,
        "dwz_fb": fb,
        "dwz_sbr": sbr,
        "dwz_e": number_output(result.e, 0),
        "dwz_j_reason": j_reason,
        "dwz_e0_reason": message("dwz-e0", r0=r0, j=number_output(result.j, 0), e0=e0),
        "dwz_fb_reason": fb_reason,
        "dwz_sbr_reason": sbr_reason,
        "dwz_e_reason": e_reason,
    }


def _dwz_k_outputs(result: dwz.DwzResult, age: int, index: int) -> dict[str, Output | None]:
    """K, K0, b and a (rules from 8 June 2026), each with its reason, like the K advisor's."""
    assert result.k is not None and result.k0 is not None and result.k_unrounded is not None
    assert result.b is not None and result.a is not None and result.k_group is not None
    r0 = _formula_number(result.rating)
    scored = result.w >= result.we
    b, a = number_output(result.b, 3), number_output(result.a, 1)
    if result.b != 1:
        b_reason = message("dwz-b-brake", r0=r0, b=b)
    elif result.rating >= 1600:
        b_reason = message("dwz-b-none-rating", keep_empty=True)
    else:
        b_reason = message("dwz-b-none-scored", keep_empty=True)
    if not scored:
        a_reason = message("dwz-a-none-below", keep_empty=True)
    elif age <= 20:
        a_reason = (
            message("dwz-a-youth", r0=r0, a=a)
            if result.rating < 2000
            else message("dwz-a-none-youth", keep_empty=True)
        )
    else:
        a_reason = (
            message("dwz-a-adult", keep_empty=True) if result.rating < 1600
            else message("dwz-a-none-adult", keep_empty=True)
        )
    terms: dict[str, Any] = {"k0": number_output(result.k0, 0), "b": b, "a": a,
                             "k": number_output(result.k, 1)}
    k_reason = (
        message("dwz-k-capped", raw=number_output(result.k_unrounded, 1), **terms)
        if result.k_unrounded > dwz.MAX_K
        else message("dwz-k", **terms)
    )
    return {
        "dwz_k": number_output(result.k, 1),
        "dwz_k0": number_output(result.k0, 0),
        "dwz_b": b,
        "dwz_a": a,
        "dwz_k_reason": k_reason,
        "dwz_k0_reason": message(
            f"dwz-k0-{result.k_group}" + ("-late" if index > 10 else ""),
            k0=number_output(result.k0, 0),
            index=number_output(index, 0),
        ),
        "dwz_b_reason": b_reason,
        "dwz_a_reason": a_reason,
    }


def _floor_note(result: dwz.DwzResult) -> Output:
    """Under the new rules a DWZ below 1100 is lifted to it whatever the result; a reader who
    typed a DWZ from before the new rules learns what the 2026 uplift made of it."""
    if result.rules != "2026" or result.rating >= dwz.LOWEST_DWZ:
        return {"text": ""}
    return message("dwz-below-floor", rating=number_output(result.rating, 0),
                   uplifted=number_output(dwz.uplift_2026(result.rating), 0))


def _dwz(form: Mapping[str, str], lang: PageLanguage) -> dict[str, Output | None]:
    """DWZ by the rules in force on the day of the last game (``dwz_played``; empty = today).

    ``dwz_ruleset`` says which (a case output: ``"2026"`` or ``"before-2026"``; the page shows
    the steps of that set of rules). From 8 June 2026 K, K0, b and a are shown with their
    reasons; before it J, E0, fB, SBr and E; the other set's outputs are None. ``dwz_delta``
    is the formula's change before rounding, ``dwz_result`` the step from it to the new DWZ
    (rounded, or lifted to the lowest DWZ of 1100); ``dwz_floor_note``, under the new rules for
    a DWZ below 1100, what the one-time uplift of 2026 made of such a DWZ.
    The page has no first-DWZ calculator (so the single-source caveat of the 2026 first-DWZ
    rule stands in :func:`elo_core.dwz.first_dwz` only).
    """
    reader = FormReader(form, lang)
    rating = reader.rating("dwz_rating")
    age = reader.whole("dwz_age", code="age-invalid", minimum=0, maximum=dwz.MAX_AGE)
    index = reader.whole("dwz_index", code="index-invalid", minimum=1, maximum=dwz.MAX_INDEX)
    played = reader.read("dwz_played", _played)
    games = reader.read("dwz_games", lambda text: parse_games(text, fmt=lang.numbers))
    if games == []:
        reader.fail("dwz_games", "games-invalid", reason="empty")
    reader.done()
    assert rating is not None and age is not None and index is not None and games is not None
    result = dwz.update(rating, games, age=age, index=index, played=played)
    raw = result.rating + result.change_unrounded
    step: dict[str, Any] = {
        "start": _formula_number(result.rating),
        "delta": number_output(result.change_unrounded, 1, signed=True),
        "raw": number_output(raw, 1, grouping=False),
        "new": number_output(result.new_rating, 0),
        "change": number_output(result.change, 0, signed=True)}
    outputs: dict[str, Output | None] = {
        "dwz_ruleset": {"case": result.rules, "cases": list(get_args(dwz.Rules))},
        "dwz_rules": message(f"dwz-rules-{result.rules}", keep_empty=True),
        "dwz_we": number_output(result.we, 3),
        "dwz_w": number_output(result.w, 1),
        "dwz_n": number_output(result.n, 0),
        "dwz_delta": number_output(result.change_unrounded, 1, signed=True),
        "dwz_new": number_output(result.new_rating, 0),
        "dwz_change": number_output(result.change, 0, signed=True),
        "dwz_result": message("dwz-lifted" if result.lifted else "dwz-rounded", **step),
        "dwz_floor_note": _floor_note(result),
    }
    if result.rules == "2026":
        return outputs | dict.fromkeys(_DWZ_OLD) | _dwz_k_outputs(result, age, index)
    return outputs | dict.fromkeys(_DWZ_NEW) | _dwz_e_outputs(result, age, index)


DEFAULTS: dict[str, dict[str, str]] = {
    "glicko2": {
        "g_rating": "1500",
        "g_rd": "200",
        "g_volatility": "0.06",
        "g_tau": "0.5",
        "g_games": "1400 | 30 | 1\n1550 | 100 | 0\n1700 | 300 | 0",
    },
    "dwz": {
        "dwz_rating": "1650",
        "dwz_age": "34",
        "dwz_index": "12",
        "dwz_played": "",
        "dwz_games": "1720 | 1\n1580 | ½\n1810 | 0\n1655 | 1\n1700 | ½",
    },
}

MODES: dict[str, Callable[[Mapping[str, str], PageLanguage], dict[str, Any]]] = {
    "glicko2": _glicko2,
    "dwz": _dwz,
}
