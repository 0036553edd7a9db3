"""Dates as tournament report files write them: every reading a date's text allows.

FIDE's TRF16 writes the start and end dates (records 042, 052) and the birth
date (001, columns 70–79) as YYYY/MM/DD and the round dates (132) as
YY/MM/DD; the 2026 revision keeps these. Pairing programs, federation
exports and hand edits write many other forms, and the reader takes them all:

=========================  ====================================================
form                       readings
=========================  ====================================================
YYYY/MM/DD, YYYY-MM-DD,    year, month, day (also one-digit month or day)
YYYY.MM.DD, YYYYMMDD
DD.MM.YYYY                 day, month, year (dots: never month first)
DD/MM/YYYY, DD-MM-YYYY     day, month, year, or month, day, year (US)
YY/MM/DD, YY-MM-DD         year 20YY, month, day (TRF's record 132), or day,
                           month, year 20YY, or month, day, year 20YY
DD.MM.YY                   day, month, year 20YY, or year 20YY, month, day
"May 29, 2020",            a month's name or its first three letters, in
"29 May 2020",             English, German or Danish ("Mai", "maj", "Okt.",
"29. Mai 2020",            "März", "marts" …), with the day and a four-digit
"29-May-2020"              year in either order around it
=========================  ====================================================

:func:`readings` returns every calendar date the text can mean, in the order
above (the first is the reading to take when nothing else decides); a text
that is no date gives none. Choosing among several readings is the caller's
business (:mod:`elo_core.trf_file_dates` takes the one nearest the file's
unambiguous dates, else the first, and says so).
"""

from __future__ import annotations

import datetime
import re
from dataclasses import dataclass
from typing import Literal

__all__ = ["DateOrder", "DateReading", "MONTHS", "readings"]

DateOrder = Literal["ymd", "dmy", "mdy"]

#: Month names and their usual abbreviations (English, German, Danish), lower case.
MONTHS: dict[str, int] = {
    "jan": 1, "january": 1, "januar": 1, "jänner": 1, "jän": 1,
    "feb": 2, "february": 2, "februar": 2,
    "mar": 3, "march": 3, "mär": 3, "märz": 3, "mrz": 3, "marts": 3,
    "apr": 4, "april": 4,
    "may": 5, "mai": 5, "maj": 5,
    "jun": 6, "june": 6, "juni": 6,
    "jul": 7, "july": 7, "juli": 7,
    "aug": 8, "august": 8,
    "sep": 9, "sept": 9, "september": 9,
    "oct": 10, "october": 10, "okt": 10, "oktober": 10,
    "nov": 11, "november": 11,
    "dec": 12, "december": 12, "dez": 12, "dezember": 12,
}

_NUMERIC = re.compile(r"([0-9]{1,4}) ?([/.\-]) ?([0-9]{1,2}) ?\2 ?([0-9]{1,4})\.?")
_COMPACT = re.compile(r"([0-9]{4})([0-9]{2})([0-9]{2})")
_TOKEN = re.compile(r"([0-9]+)(?:st|nd|rd|th)?|([^\W\d_]+)")
_MAX_TEXT = 40  # longer texts are no date (and are not scanned)


@dataclass(frozen=True, slots=True)
class DateReading:
    """One way to read a date's text: the date and the order of its parts."""

    date: datetime.date
    order: DateOrder


def _valid(year: int, month: int, day: int) -> datetime.date | None:
    try:
        return datetime.date(year, month, day)
    except ValueError:
        return None


def _numeric(first: str, separator: str, middle: str, last: str) -> list[tuple[DateOrder, int, int, int]]:
    """The (order, year, month, day) candidates of a date written with numbers only."""
    a, b, c = int(first), int(middle), int(last)
    if len(first) == 4 and len(last) <= 2:
        return [("ymd", a, b, c)]
    if len(last) == 4 and len(first) <= 2:
        if separator == ".":
            return [("dmy", c, b, a)]
        return [("dmy", c, b, a), ("mdy", c, a, b)]
    if len(first) <= 2 and len(last) <= 2:
        if separator == ".":
            return [("dmy", 2000 + c, b, a), ("ymd", 2000 + a, b, c)]
        return [("ymd", 2000 + a, b, c), ("dmy", 2000 + c, b, a), ("mdy", 2000 + c, a, b)]
    return []


def _named(text: str) -> list[tuple[DateOrder, int, int, int]]:
    """Candidates of a date with a month's name: day and four-digit year around it."""
    tokens = _TOKEN.findall(text)
    numbers = [int(digits) for digits, _ in tokens if digits]
    widths = [len(digits) for digits, _ in tokens if digits]
    words = [word.lower() for digits, word in tokens if not digits]
    if len(words) != 1 or len(numbers) != 2 or words[0] not in MONTHS:
        return []
    month = MONTHS[words[0]]
    if widths == [4, 1] or widths == [4, 2]:
        return [("ymd", numbers[0], month, numbers[1])]
    if widths[1] == 4 and widths[0] <= 2:
        first_is_month = text.lstrip()[:1].isalpha()
        return [("mdy" if first_is_month else "dmy", numbers[1], month, numbers[0])]
    return []


def readings(text: str) -> tuple[DateReading, ...]:
    """Every calendar date ``text`` can mean (see the module docstring), first the one to
    prefer; distinct dates only; () for a text that is no date (or is blank)."""
    text = " ".join(text.split())
    if not text or len(text) > _MAX_TEXT:
        return ()
    candidates: list[tuple[DateOrder, int, int, int]]
    if match := _NUMERIC.fullmatch(text):
        candidates = _numeric(*match.groups())
    elif match := _COMPACT.fullmatch(text):
        candidates = [("ymd", int(match[1]), int(match[2]), int(match[3]))]
    else:
        candidates = _named(text)
    found: list[DateReading] = []
    for order, year, month, day in candidates:
        date = _valid(year, month, day)
        if date is not None and all(other.date != date for other in found):
            found.append(DateReading(date, order))
    return tuple(found)
