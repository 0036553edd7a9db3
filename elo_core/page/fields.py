"""Reading a form: the raw strings a user typed in, numbers or errors out.

Shared by every mode of :mod:`elo_core.page`. Numbers are read as the page's
language writes them (:mod:`elo_core.numbers`). Every field is read on its own,
so one answer names every bad field; each error says which rule was broken and
carries the allowed range in its ``params``, for the page to word it.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from collections.abc import Callable, Collection, Mapping, Sequence
from typing import Any, TypeVar

from elo_core.elo import CAPS, MODELS, ROUNDINGS, Cap, Game, Model, Rounding
from elo_core.errors import InputError
from elo_core.numbers import DECIMAL_POINT, NumberFormat, parse_number, parse_rating, shown_text
from elo_core.parsing import parse_games
from elo_core.validation import MAX_K, check_option

__all__ = [
    "FormErrors",
    "FormReader",
    "MAX_ROWS",
    "Output",
    "PageLanguage",
    "cell_output",
    "message",
    "number_column",
    "number_output",
    "parse_bounded",
    "parse_points",
    "parse_whole",
    "parsed_games",
    "rating_options",
    "rows_output",
]

Output = dict[str, Any]
T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class PageLanguage:
    """The page's language as elo_core needs it, given by the caller: its code (the
    downloads' words, :mod:`elo_core.page.export`) and how it writes numbers (its CLDR
    signs, :class:`~elo_core.numbers.NumberFormat`). elo_core knows no language's signs."""

    code: str = "en"
    numbers: NumberFormat = DECIMAL_POINT


#: A table shows at most this many rows; the page says how many there are (a league of
#: 100 000 games would otherwise freeze it), and downloads hold them all.
MAX_ROWS = 500


def number_output(value: float, digits: int, *, signed: bool = False,
                  grouping: bool = True) -> Output:
    """A number output: the page formats it for its language with ``digits`` decimals;
    ``grouping=False`` writes it without thousands separators, as a number inside a formula
    whose other numbers are typed (``(1650 / 1000)⁴``)."""
    output: Output = {"value": float(value), "digits": digits, "signed": signed}
    if not grouping:
        output["grouping"] = False
    return output


def message(key: str, /, *, keep_empty: bool = False, **params: Any) -> Output:
    """A message output: the catalog's ``key`` and the values its text names (numbers as
    :func:`number_output`, texts, other messages). Without values it is ``{"message": key}``
    (the page and the build read a missing ``params`` as empty, and a tournament's tables
    hold thousands of such cells); ``keep_empty`` writes ``"params": {}`` all the same, as
    the tools' and the norm planner's replies have it."""
    return {"message": key, "params": params} if params or keep_empty else {"message": key}


def number_column(digits: int, *, signed: bool = False) -> Output:
    """How a table column's bare numbers are shown (see :func:`rows_output`)."""
    return {"digits": digits, "signed": signed}


def cell_output(cell: Any, column: Output | None) -> Any:
    """A table cell written short (:func:`rows_output`) as the output it stands for: a bare
    number in its column's format, a bare string as a text; any other cell as it is."""
    if isinstance(cell, (int, float)) and not isinstance(cell, bool) and column is not None:
        return {"value": float(cell), **column}
    if isinstance(cell, str):
        return {"text": cell}
    return cell


def rows_output(rows: Sequence[list[Any]], limit: int = MAX_ROWS,
                columns: Sequence[Output | None] | None = None) -> Output:
    """Table rows, at most ``limit`` of them, with the ``total`` there are.

    With ``columns`` (a :func:`number_column` or None per column) a cell may be written
    short: a bare number is shown as its column says, a bare string is a text, and any
    other cell is an output of its own. A table redrawn at every keystroke (the
    tournament's) is then a third of its size, and no dict is made per cell.
    """
    table: Output = {"rows": list(rows[:limit]), "total": len(rows)}
    if columns is not None:
        table["columns"] = list(columns)
    return table


def parse_bounded(
    text: str,
    *,
    fmt: NumberFormat,
    field: str,
    code: str,
    minimum: float,
    maximum: float,
    above_minimum: bool = False,
) -> float:
    """A number from ``minimum`` (or above it) to ``maximum``; InputError ``code`` with the range."""
    limits = {"min": minimum, "max": maximum}
    try:
        value = parse_number(text, fmt=fmt, field=field, code=code)
    except InputError as error:
        raise InputError(
            code, str(error), field=field, reason=error.reason, params=limits | error.params
        ) from None
    if not minimum <= value <= maximum or (above_minimum and value == minimum):
        relation = "greater than" if above_minimum else "at least"
        raise InputError(
            code,
            f"{value:g} is out of range: {relation} {minimum:g} and at most {maximum:g}.",
            field=field,
            reason="range",
            params=limits | {"value": value},
        )
    return value


def parse_whole(
    text: str, *, fmt: NumberFormat, field: str, code: str, minimum: int, maximum: int
) -> int:
    """A whole number from ``minimum`` to ``maximum`` (``12`` or ``1,200``, not ``1.5``)."""
    value = parse_bounded(
        text, fmt=fmt, field=field, code=code, minimum=minimum, maximum=maximum
    )
    if value != int(value):
        raise InputError(
            code,
            f"{value:g} is not a whole number.",
            field=field,
            reason="whole",
            params={"min": minimum, "max": maximum, "value": value},
        )
    return int(value)


# Tried only where a run of spaces starts (from inside one it finds nothing more): a search
# from every space of a long run took quadratic time.
_HALF = re.compile(r"(?:(?<!\s)\s+)?½\s*$")


def parse_points(text: str, *, fmt: NumberFormat, field: str, games: int | None = None) -> float:
    """Points scored: ``4``, ``4.5``, ``4,5``, ``4½`` or ``½``, a multiple of ½ up to ``games``.

    InputError "score-invalid" with reason ``"not-a-number"``, ``"half"`` (not a
    multiple of ½ from 0) or ``"range"`` (more than ``games``, in ``params["max"]``; also
    a number too large for a float, which without ``games`` is ``"not-a-number"``).
    """
    half = 0.0
    body = text
    if _HALF.search(text):
        half, body = 0.5, _HALF.sub("", text)
        if not body.strip():
            body = "0"
    try:
        value = parse_number(body, fmt=fmt, field=field, code="score-invalid") + half
    except InputError as error:
        if error.reason == "range" and games is not None:
            raise InputError(
                "score-invalid", f"{shown_text(text)!r} points from {games} games: at most one a game.",
                field=field, reason="range", params={"max": games},
            ) from None
        raise InputError(
            "score-invalid",
            f"{shown_text(text)!r} is not a number of points.",
            field=field,
            reason="not-a-number",
            params={"text": shown_text(text)},
        ) from None
    if value < 0 or (value * 2) % 1:
        raise InputError(
            "score-invalid", f"{value:g} points: not a multiple of ½ from 0.", field=field,
            reason="half", params={"value": value},
        )
    if games is not None and value > games:
        raise InputError(
            "score-invalid", f"{value:g} points from {games} games: at most one a game.",
            field=field, reason="range", params={"value": value, "max": games},
        )
    return value


class FormErrors(Exception):
    """Several bad fields at once, each ``{"field", "code", "line", "reason", "params"}``;
    ``outputs`` are the results the valid fields still give (a mode whose parts are
    independent: the home page's single game beside a tournament with a typo), which the
    page shows while it marks only the bad fields' results out of date."""

    def __init__(self, errors: list[dict[str, Any]],
                 outputs: Mapping[str, Any] | None = None) -> None:
        super().__init__(f"{len(errors)} bad field(s)")
        self.errors = errors
        self.outputs = dict(outputs or {})


class FormReader:
    """Reads a form's fields one by one, collecting every error instead of stopping.

    ``lang`` is the page's language: its number signs decide how numbers are read. Each
    reader method returns the value, or None when the field is bad (the error
    is recorded under the field's name). Call :meth:`done` once all fields are
    read: it raises :class:`FormErrors` if any was bad.
    """

    def __init__(self, form: Mapping[str, str], lang: PageLanguage | None = None) -> None:
        self.form = form
        self.lang = lang or PageLanguage()
        self.errors: list[dict[str, Any]] = []

    def text(self, name: str, default: str = "") -> str:
        value = self.form.get(name, default)
        return value if isinstance(value, str) else default

    def read(self, name: str, parse: Callable[[str], T], default: str = "") -> T | None:
        """``parse(text)``; an InputError it raises is recorded for ``name``."""
        try:
            return parse(self.text(name, default))
        except InputError as error:
            self.fail(name, error.code, error.line, reason=error.reason, params=error.params)
            return None

    def fail(
        self,
        name: str,
        code: str,
        line: int | None = None,
        *,
        reason: str | None = None,
        params: Mapping[str, Any] | None = None,
    ) -> None:
        self.errors.append(
            {"field": name, "code": code, "line": line, "reason": reason,
             "params": dict(params or {})}
        )

    def rating(self, name: str, default: str = "") -> float | None:
        """A rating, 100 to 4000 (below 100 is a misread number: see :mod:`elo_core.numbers`)."""
        return self.read(
            name, lambda text: parse_rating(text, fmt=self.lang.numbers, field=name), default)

    def number(
        self,
        name: str,
        *,
        code: str,
        minimum: float,
        maximum: float,
        above_minimum: bool = False,
        default: str = "",
    ) -> float | None:
        return self.read(
            name,
            lambda text: parse_bounded(
                text, fmt=self.lang.numbers, field=name, code=code, minimum=minimum,
                maximum=maximum,
                above_minimum=above_minimum,
            ),
            default,
        )

    def k(self, name: str, default: str = "") -> float | None:
        """A K-factor, greater than 0 and at most 1000."""
        return self.number(
            name, code="k-invalid", minimum=0, maximum=MAX_K, above_minimum=True, default=default
        )

    def whole(
        self,
        name: str,
        *,
        code: str,
        minimum: int,
        maximum: int,
        default: str = "",
        optional: bool = False,
    ) -> int | None:
        """A whole number in range; with ``optional``, an empty field gives None, no error."""
        if optional and not self.text(name, default).strip():
            return None
        return self.read(
            name,
            lambda text: parse_whole(
                text, fmt=self.lang.numbers, field=name, code=code, minimum=minimum, maximum=maximum
            ),
            default,
        )

    def count(self, name: str, maximum: int, default: str = "0") -> int | None:
        """A whole number of games from 0 to ``maximum`` (empty counts as 0)."""
        if not self.text(name, default).strip():
            return 0
        return self.whole(name, code="count-invalid", minimum=0, maximum=maximum, default=default)

    def points(self, name: str, games: int | None, default: str = "") -> float | None:
        return self.read(
            name,
            lambda text: parse_points(text, fmt=self.lang.numbers, field=name, games=games),
            default,
        )

    def option(self, name: str, allowed: tuple[str, ...], default: str) -> str | None:
        """One of ``allowed``; a missing field takes ``default``, an unknown value is an error."""
        return self.read(name, lambda text: check_option(text, allowed, name), default)

    def failed(self, names: Collection[str]) -> bool:
        """Whether any of the fields ``names`` has an error."""
        return any(error["field"] in names for error in self.errors)

    def done(self) -> None:
        if self.errors:
            raise FormErrors(self.errors)


def rating_options(reader: FormReader) -> tuple[Model, Cap, Rounding]:
    """The model, cap and rounding options (form#elo-options); missing ones take their defaults."""
    model = reader.read("model", lambda t: check_option(t, MODELS, "model"), "logistic")
    cap = reader.read("cap", lambda t: check_option(t, CAPS, "cap"), "none")
    rounding = reader.read("rounding", lambda t: check_option(t, ROUNDINGS, "rounding"), "none")
    return model or "logistic", cap or "none", rounding or "none"


@functools.lru_cache(maxsize=8)
def parsed_games(text: str, fmt: NumberFormat) -> tuple[Game, ...]:
    """parse_games, remembered: typing in any other field recomputes with the same list."""
    return tuple(parse_games(text, fmt=fmt))
