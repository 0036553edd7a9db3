"""Reading a calculator form: the raw strings a user typed in, numbers or errors out.

Shared by every mode of :mod:`elo_core.page`. Every field is read on its own,
so one answer names every bad field.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from elo_core.errors import InputError
from elo_core.validation import check_k, check_option, check_rating

__all__ = ["FormErrors", "FormReader", "Output", "number_output", "parse_number"]

Output = dict[str, Any]
T = TypeVar("T")
_WHOLE = re.compile(r"[0-9]{1,6}")


def parse_number(text: str, field: str, *, code: str) -> float:
    """A number as typed in any of the site's languages: ``1600``, ``0,5``, ``1.5``."""
    cleaned = text.strip().replace("\u2212", "-").replace(",", ".")
    try:
        value = float(cleaned)
    except ValueError:
        raise InputError(code, f"{field}: not a number: {text!r}", field=field) from None
    if not math.isfinite(value):
        raise InputError(code, f"{field}: not a finite number: {text!r}", field=field)
    return value


def number_output(value: float, digits: int, *, signed: bool = False) -> Output:
    """A number output: the page formats it for its language with ``digits`` decimals."""
    return {"value": value, "digits": digits, "signed": signed}




class FormErrors(Exception):
    """Several bad fields at once, each ``{"field", "code", "line"}``."""

    def __init__(self, errors: list[dict[str, Any]]) -> None:
        super().__init__(f"{len(errors)} bad field(s)")
        self.errors = errors


class FormReader:
    """Reads a form's fields one by one, collecting every error instead of stopping.

    Each reader method returns the value, or None when the field is bad (the
    error is recorded under the field's name). Call :meth:`done` once all
    fields are read: it raises :class:`FormErrors` if any was bad.
    """

    def __init__(self, form: Mapping[str, str]) -> None:
        self.form = form
        self.errors: list[dict[str, Any]] = []

    def text(self, name: str, default: str = "") -> str:
        value = self.form.get(name, default)
        return value if isinstance(value, str) else default

    def read(self, name: str, parse: Callable[[str], T], default: str = "") -> T | None:
        """``parse(text)``; an InputError it raises is recorded for ``name``."""
        try:
            return parse(self.text(name, default))
        except InputError as error:
            self.fail(name, error.code, error.line)
            return None

    def fail(self, name: str, code: str, line: int | None = None) -> None:
        self.errors.append({"field": name, "code": code, "line": line})

    def rating(self, name: str, default: str = "") -> float | None:
        return self.read(
            name,
            lambda text: check_rating(parse_number(text, name, code="rating-invalid"), name),
            default,
        )

    def k(self, name: str, default: str = "") -> float | None:
        def parse(text: str) -> float:
            return check_k(parse_number(text, name, code="k-invalid"))

        return self.read(name, parse, default)

    def count(self, name: str, maximum: int, default: str = "0") -> int | None:
        """A whole number of games from 0 to ``maximum`` (empty counts as 0)."""

        def parse(text: str) -> int:
            cleaned = text.strip() or "0"
            if not _WHOLE.fullmatch(cleaned) or int(cleaned) > maximum:
                raise InputError("count-invalid", f"{name}: not 0 to {maximum}", field=name)
            return int(cleaned)

        return self.read(name, parse, default)

    def option(self, name: str, allowed: tuple[str, ...], default: str) -> str | None:
        return self.read(name, lambda text: check_option(text, allowed, name), default)

    def done(self) -> None:
        if self.errors:
            raise FormErrors(self.errors)


