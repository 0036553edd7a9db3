"""The dates of a tournament report file, each chosen among the readings its text allows.

:mod:`elo_core.trf_dates` gives every reading of one date's text; here the file decides
between them: the start (042), the end (052) and the round dates (132) are read together,
and a date that cannot be read, or that stays ambiguous, is a warning, never an error — the
rating needs only the year (FIDE B.02 8.3.3, the junior K).
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Sequence
from dataclasses import dataclass

from elo_core.trf_dates import DateReading, readings
from elo_core.trf_model import TrfWarning, trf_warning

# Not elo_core's API: the file reader (elo_core.trf_read) imports DateText and resolve_dates.
__all__: list[str] = []

_ROUND_DATE = re.compile(r"[0-9]{2}/[0-9]{2}/[0-9]{2}")  # record 132's own form, YY/MM/DD
#: How far from the file's other dates a reading of an ambiguous date may lie.
_DATE_MARGIN = datetime.timedelta(days=31)
_ONE_YEAR = 366


@dataclass(frozen=True, slots=True)
class DateText:
    """A date as written on a 042, 052 or 132 line, before it is read (``round`` 0: not 132)."""

    record: str
    text: str
    line: int
    column: int
    round: int


def _pick(
    found: tuple[DateReading, ...], span: tuple[datetime.date, datetime.date] | None
) -> tuple[DateReading, bool]:
    """The reading to take, and whether the file decided it: the one reading there is, or
    the one nearest the file's other dates (``span``, within a month of it and nearer than
    any other reading); else the nearest within a month, else the first, undecided."""
    if len(found) == 1:
        return found[0], True
    if span is not None:
        def distance(reading: DateReading) -> int:
            if reading.date < span[0]:
                return (span[0] - reading.date).days
            return max(0, (reading.date - span[1]).days)

        ranked = sorted(found, key=distance)  # stable: the first reading wins a tie
        best = distance(ranked[0])
        if best <= _DATE_MARGIN.days:
            return ranked[0], best < distance(ranked[1])
    return found[0], False


def _file_order(options: Sequence[tuple[DateReading, ...]]) -> str | None:
    """The one order of day, month and year (:data:`elo_core.trf_dates.DateOrder`) that
    reads every date of the file within a year of each other, if only one does: a file
    writes its dates one way."""
    fitting = []
    for order in ("ymd", "dmy", "mdy"):
        dates = []
        for found in options:
            if len(found) > 1:
                matching = [reading for reading in found if reading.order == order]
                if not matching:
                    break
                dates.append(matching[0].date)
            elif found:
                dates.append(found[0].date)
        else:
            if dates and (max(dates) - min(dates)).days <= _ONE_YEAR:
                fitting.append(order)
    return fitting[0] if len(fitting) == 1 else None


def _span(dates: Sequence[datetime.date]) -> tuple[datetime.date, datetime.date] | None:
    return (min(dates), max(dates)) if dates else None


def resolve_dates(
    texts: Sequence[DateText], warnings: list[TrfWarning]
) -> list[datetime.date | None]:
    """Each written date read (:mod:`elo_core.trf_dates`). A text with one reading is that
    date. One with several is decided by the file: a start not after the end (and the
    reverse), then the reading nearest the dates that have one reading (for the round
    dates, also the start and end as read), within a month and nearer than the others,
    then the one order of day, month and year that puts all the file's dates within a
    year. Undecided, it takes the first reading: silently in record 132's own form
    (YY/MM/DD), else with a warning. A text that is no date is left out with a warning.
    Never an error: the rating needs only the year (FIDE B.02 8.3.3, the junior K), and
    the page says which year it took."""
    options = [readings(text.text) for text in texts]
    anchors = [found[0].date for found in options if len(found) == 1]
    # A start is not after the end, nor an end before the start: that decides some texts.
    single = {
        text.record: found[0].date
        for text, found in zip(texts, options)
        if text.record in ("042", "052") and len(found) == 1
    }
    for index, (text, found) in enumerate(zip(texts, options)):
        if len(found) > 1 and text.record == "042" and "052" in single:
            options[index] = tuple(o for o in found if o.date <= single["052"]) or found
        elif len(found) > 1 and text.record == "052" and "042" in single:
            options[index] = tuple(o for o in found if o.date >= single["042"]) or found
    chosen: list[datetime.date | None] = [None] * len(texts)
    order = _file_order(options)
    for stage in ("042 052", "132"):
        span = _span(anchors)
        for index, (text, found) in enumerate(zip(texts, options)):
            if text.record not in stage:
                continue
            if not found:
                if text.round:
                    warnings.append(trf_warning(
                        "round-date-unreadable",
                        f"Round {text.round}: the date “{text.text}” cannot be read; it is left "
                        "out.", text.line, text.column, round=text.round, text=text.text,
                    ))
                else:
                    warnings.append(trf_warning(
                        "date-unreadable",
                        f"The date “{text.text}” cannot be read; it is left out.",
                        text.line, text.column, record=text.record, text=text.text,
                    ))
                continue
            reading, decided = _pick(found, span)
            if not decided and order is not None:
                reading, decided = next(r for r in found if r.order == order), True
            own_form = (
                text.record == "132" and _ROUND_DATE.fullmatch(text.text) is not None
                and reading.order == "ymd"
            )
            if not decided and not own_form:
                other = next(option for option in found if option != reading)
                warnings.append(trf_warning(
                    "date-ambiguous",
                    f"The date “{text.text}” can mean {reading.date.isoformat()} or "
                    f"{other.date.isoformat()}; it was read as {reading.date.isoformat()}.",
                    text.line, text.column, text=text.text, date=reading.date.isoformat(),
                    other=other.date.isoformat(),
                ))
            chosen[index] = reading.date
            if stage != "132":
                anchors.append(reading.date)
    return chosen
