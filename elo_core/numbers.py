"""Numbers as people write them, in any language the page is given the signs of.

One reader for every field and language. A language has a decimal sign and a
grouping sign (:class:`NumberFormat`): English writes ``1,604.8``, German and Danish
``1.604,8``, Swedish ``1 604,8`` (a no-break space groups). elo_core knows no
language by name: the caller hands over the page's signs (the site's build takes
them from CLDR through Babel and writes them into each page). Spaces, no-break
spaces and thin spaces may group thousands in every language (``1 604,8``).

:func:`parse_number` reads a text by these rules:

- a sign (``-``, ``−``, ``+``) may lead; exponents, ``inf`` and ``nan`` are refused;
- digits past what a float holds (a ``1`` and 400 zeros, about 1.8e308 or more)
  are refused as out of range, never read as infinity;
- with both ``.`` and ``,``, the last one is the decimal sign, and the other
  must group the digits before it in threes (``1,604.8``, ``1.604,8``);
- one sign that occurs more than once groups in threes (``1,250,000``);
- one sign that occurs once is read as the page's language reads it: its
  decimal sign is a decimal sign (``1.5`` in English, ``0,5`` in German); its
  grouping sign groups when exactly three digits follow a group of one to three
  (``1,600`` in English, ``1.750`` in German), and otherwise can only be a
  decimal sign written the other language's way (``0,5`` in English, ``4.5``
  in German), which is how it is read. A ``.`` or ``,`` that is neither of the
  language's signs (``.`` in Swedish, which groups with a space) is a decimal
  sign written another language's way.

So a number the site displays reads back as the same number in the same
language. Anything else raises :class:`~elo_core.errors.InputError`
"number-invalid" with the text in ``params`` (at most :data:`MAX_SHOWN_TEXT`
characters of it); a number too large for a float raises it with reason
``"range"``. Every value read is finite, so an error's ``params`` and every
result hold only finite numbers (JSON has no infinity or NaN).

Ratings get one more check (:func:`parse_rating`): no one is rated below 100,
so ``1,6`` on a German page (1.6) is an error that offers the likely meaning
(``1.600``), never a result.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from elo_core.errors import InputError

__all__ = [
    "DECIMAL_POINT",
    "DECIMAL_SIGNS",
    "GROUP_SIGNS",
    "MAX_SHOWN_TEXT",
    "MIN_PLAUSIBLE_RATING",
    "NumberFormat",
    "parse_number",
    "parse_rating",
    "shown_text",
]


#: The signs the reader knows: a decimal point or comma; grouping by a comma, a point, or
#: one of the spaces it reads between groups of three (space, no-break, narrow no-break, thin).
DECIMAL_SIGNS = frozenset(".,")
GROUP_SIGNS = frozenset(".,\u0020\u00a0\u202f\u2009")


@dataclass(frozen=True, slots=True)
class NumberFormat:
    """How a language writes numbers: its decimal sign and its grouping sign.

    Given by the caller (the site: CLDR's symbols through Babel), never looked up
    by a language's name. Raises ValueError for signs the reader cannot use: a
    decimal sign other than ``.`` or ``,``, a grouping sign outside
    :data:`GROUP_SIGNS`, or the same sign for both.
    """

    decimal: str
    group: str

    def __post_init__(self) -> None:
        if self.decimal not in DECIMAL_SIGNS or self.group not in GROUP_SIGNS:
            raise ValueError(
                f"unusable number signs: decimal {self.decimal!r}, group {self.group!r}")
        if self.decimal == self.group:
            raise ValueError(f"the decimal and grouping signs are both {self.decimal!r}")


#: A decimal point and comma grouping (``1,604.8``): what a caller that names no signs gets.
DECIMAL_POINT = NumberFormat(decimal=".", group=",")

#: Below this no one has a rating: such a value is a misread number.
MIN_PLAUSIBLE_RATING = 100

#: An error quotes at most this many characters of the text typed (then "…"): a pasted
#: page of digits is not repeated back in full beside the field.
MAX_SHOWN_TEXT = 40

# Leading signs: hyphen-minus, minus sign, en dash; a plus.
_SIGNS = {"-": -1.0, "\u2212": -1.0, "\u2013": -1.0, "+": 1.0}
# Spaces that group thousands: space, no-break space, narrow no-break space, thin space. A
# grouped number starts where a run of digits and such spaces starts: tried from every group
# of a long run, the search took quadratic time.
_SPACE_GROUPED = re.compile(
    r"(?<![0-9 \u00a0\u202f\u2009])[0-9]{1,3}(?:[ \u00a0\u202f\u2009][0-9]{3})+(?=$|[.,])")
_DIGITS = re.compile(r"[0-9]*")


def _grouped(text: str, sign: str) -> bool:
    """``text`` is digits grouped in threes by ``sign``: 1,600 or 12,345,678."""
    groups = text.split(sign)
    return (
        1 <= len(groups[0]) <= 3
        and groups[0].isdigit()
        and all(len(group) == 3 and group.isdigit() for group in groups[1:])
        and len(groups) > 1
    )


def shown_text(text: str) -> str:
    """``text`` as an error quotes it: stripped, and cut after :data:`MAX_SHOWN_TEXT` characters."""
    text = text.strip()
    return text if len(text) <= MAX_SHOWN_TEXT else text[:MAX_SHOWN_TEXT] + "…"


#: What the message says of a typed text that is no number, by the error's reason.
_NOT_READ = {"not-a-number": "is not a number", "range": "is too large to be read as a number"}


def _invalid(text: str, field: str, code: str, reason: str = "not-a-number") -> InputError:
    """The error for ``text`` that is no number, or (``reason`` "range") too large to read;
    nothing typed is "empty"."""
    if not text.strip():
        # Nothing typed: the page says what to enter, not that "" is not a number.
        return InputError(code, "No number given.", field=field, reason="empty", params={})
    shown = shown_text(text)
    return InputError(code, f"{shown!r} {_NOT_READ[reason]}.", field=field, reason=reason,
                      params={"text": shown})


def _unsigned(body: str, fmt: NumberFormat) -> float | None:
    """The value of an unsigned number text, or None if it is not one (see the module doc)."""
    if not body or not body.isascii():
        return None
    dots, commas = body.count("."), body.count(",")
    if dots and commas:
        decimal = "." if body.rindex(".") > body.rindex(",") else ","
        group = "," if decimal == "." else "."
        whole, _, fraction = body.rpartition(decimal)
        if not _grouped(whole, group) or not fraction.isdigit():
            return None
        return float(whole.replace(group, "") + "." + fraction)
    if dots + commas == 0:
        return float(body) if body.isdigit() else None
    sign = "." if dots else ","
    if dots + commas > 1:
        return float(body.replace(sign, "")) if _grouped(body, sign) else None
    whole, _, fraction = body.partition(sign)
    if not _DIGITS.fullmatch(whole) or not (fraction.isdigit() or (whole and not fraction)):
        return None
    if sign == fmt.group and _grouped(body, sign) and whole != "0":
        return float(whole + fraction)
    return float((whole or "0") + "." + fraction)


def parse_number(
    text: str,
    *,
    fmt: NumberFormat = DECIMAL_POINT,
    field: str = "number",
    code: str = "number-invalid",
) -> float:
    """The number ``text`` stands for on a page that writes numbers as ``fmt`` (see the module
    docstring).

    Raises :class:`InputError` ``code`` (reason ``"not-a-number"``, the text in
    ``params["text"]``; ``"empty"`` when nothing is typed) for ``field`` when it is not a
    number, and with reason ``"range"`` when it is too large for a float: the value returned
    is always finite.
    """
    if not isinstance(text, str):
        raise InputError(code, "A number must be given as text.", field=field)
    body = text.strip()
    factor = 1.0
    if body[:1] in _SIGNS:
        factor, body = _SIGNS[body[0]], body[1:].lstrip()
    body = _SPACE_GROUPED.sub(lambda m: re.sub(r"\D", "", m.group(0)), body)
    value = _unsigned(body, fmt)
    if value is None:
        raise _invalid(text, field, code)
    if not math.isfinite(value):
        raise _invalid(text, field, code, "range")
    return factor * value + 0.0


def _grouping_reading(text: str) -> float | None:
    """``text`` with its one separator read as grouping, when three digits follow it."""
    match = re.fullmatch(r"\s*([0-9]{1,3})[.,]([0-9]{3})\s*", text)
    return float(match.group(1) + match.group(2)) if match else None


def parse_rating(text: str, *, fmt: NumberFormat = DECIMAL_POINT, field: str = "rating") -> float:
    """A rating as typed: :func:`parse_number`, from 100 to 4000.

    Raises InputError "rating-invalid" (``params`` min 100 and max 4000) when it
    is not a number or outside 0 to 4000, and "rating-implausible" below 100 with ``params``
    ``value`` (as read) and, with reason ``"suggestion"``, the likely meaning
    (``1,600`` read as 1.6 on a German page suggests 1600).
    """
    from elo_core.validation import MAX_RATING

    limits = {"min": MIN_PLAUSIBLE_RATING, "max": MAX_RATING}
    try:
        value = parse_number(text, fmt=fmt, field=field, code="rating-invalid")
    except InputError as error:
        raise InputError(
            "rating-invalid", str(error), field=field, reason=error.reason,
            params={**limits, **error.params},
        ) from None
    if not 0 <= value <= MAX_RATING:
        raise InputError(
            "rating-invalid",
            f"{value:g} is not a rating from 0 to {MAX_RATING}.",
            field=field,
            params={**limits, "value": value},
        )
    if value < MIN_PLAUSIBLE_RATING:
        suggestion = _grouping_reading(text)
        if suggestion is not None and not MIN_PLAUSIBLE_RATING <= suggestion <= MAX_RATING:
            suggestion = None
        message = f"{value:g} is not a rating: no one is rated below {MIN_PLAUSIBLE_RATING}."
        if suggestion is not None:
            message += f" Did you mean {suggestion:g}?"
        raise InputError(
            "rating-implausible",
            message,
            field=field,
            reason="suggestion" if suggestion is not None else None,
            params={"value": value, "min": MIN_PLAUSIBLE_RATING}
            | ({"suggestion": suggestion} if suggestion is not None else {}),
        )
    return value
