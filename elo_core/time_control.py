"""Which FIDE rating list a time control belongs to: standard, rapid or blitz.

FIDE's Laws of Chess (appendices A and B) define the lists by the time each
player has for a game of 60 moves, counting the allotted time plus 60 times
any increment:

- **blitz**: 10 minutes or less for each player;
- **rapid**: more than 10 and less than 60 minutes;
- **standard**: 60 minutes or more.

So ``15'+10"`` is 15 + 60 · 10 s = 25 minutes (rapid), ``3+2`` is 5 (blitz)
and ``90'/40 + 30' + 30"`` is 150 (standard).

Two forms are read:

- :func:`from_code`, TRF-2026's encoded time control (record 222), as
  pairing programs write it: seconds per period, ``moves/seconds+increment``,
  periods joined by ``:``: ``5400+30``, ``40/6000+30:900+30``, ``300+2``;
  ``W300-B240`` gives each colour its own (an Armageddon game).
- :func:`from_text`, the free text of record 122 (``Allotted times per
  moves/game``), as people write it in English, German or Danish:
  ``90 min/40 moves + 30 min + 30 sec/move``, ``15'+10"``, ``G/15+10``,
  ``5 Plus 0``, ``3+2``, ``40/90, SD/30 d5``, ``1h30 + 30s``; or a word alone:
  ``rapid``, ``Schnellschach``, ``lyn``. A text whose numbers can be read is
  judged by them (FIDE's definitions decide, not the event's own word); a
  text with none, by its words.

Both answer None when the text says nothing they can read: the file does not
say, and the caller decides (the tournament page then rates for the standard
list and says so).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

__all__ = [
    "BLITZ_MAX_MINUTES",
    "RATING_LISTS",
    "RatingList",
    "STANDARD_MIN_MINUTES",
    "from_code",
    "from_text",
    "list_for_minutes",
    "minutes_for_60_moves",
]

RatingList = Literal["standard", "rapid", "blitz"]
#: FIDE's rating lists, in the order the page offers them.
RATING_LISTS: tuple[RatingList, ...] = ("standard", "rapid", "blitz")

#: Laws of Chess, appendix B: blitz is at most this many minutes for each player (60 moves).
BLITZ_MAX_MINUTES = 10
#: Laws of Chess, appendix A: rapid is less than this; from it on, the game is standard.
STANDARD_MIN_MINUTES = 60
#: FIDE's definitions count a game as this many moves.
_MOVES = 60
#: Texts longer than this are not read (a 122 line is a line of a file, not a document).
_MAX_TEXT = 200


def list_for_minutes(minutes: float) -> RatingList:
    """The rating list of a game in which each player has ``minutes`` for 60 moves (the
    Laws of Chess, appendices A and B)."""
    if minutes <= BLITZ_MAX_MINUTES:
        return "blitz"
    if minutes < STANDARD_MIN_MINUTES:
        return "rapid"
    return "standard"


@dataclass(frozen=True, slots=True)
class _Period:
    """A period of a time control: seconds for ``moves`` moves (None: the rest of the game),
    and the increment in seconds per move."""

    seconds: float
    increment: float
    moves: int | None


def _minutes(periods: list[_Period]) -> float | None:
    """The time for 60 moves: every period reached within 60 moves, and each move's
    increment of the period it is played in."""
    left = _MOVES
    total = 0.0
    for period in periods:
        if left <= 0:
            break
        moves = left if period.moves is None else min(period.moves, left)
        total += period.seconds + moves * period.increment
        left -= moves
        if period.moves is None:
            break
    return total / 60 if total > 0 else None


# --- TRF-2026, record 222 -------------------------------------------------------------------------

_CODE_PERIOD = re.compile(r"(?:(\d{1,3})/)?(\d{1,6})(?:\+(\d{1,4}))?")


def _code_periods(text: str) -> list[_Period] | None:
    periods = []
    for part in text.split(":"):
        found = _CODE_PERIOD.fullmatch(part.strip())
        if found is None:
            return None
        moves, seconds, increment = found.groups()
        periods.append(_Period(
            float(seconds), float(increment or 0), None if moves is None else int(moves)
        ))
    return periods


def from_code(text: str) -> RatingList | None:
    """The list of an encoded time control (TRF-2026 record 222, see the module docstring);
    None if it cannot be read. Colours with their own times (``W300-B240``) are one list
    only when both are."""
    code = text.strip().upper()
    if not code or len(code) > _MAX_TEXT:
        return None
    sides = re.fullmatch(r"W(.+)-B(.+)", code)
    texts = list(sides.groups()) if sides else [code]
    found = set()
    for side in texts:
        periods = _code_periods(side)
        minutes = None if periods is None else _minutes(periods)
        if minutes is None:
            return None
        found.add(list_for_minutes(minutes))
    return found.pop() if len(found) == 1 else None


# --- record 122, as people write it ---------------------------------------------------------------

Unit = Literal["h", "min", "s", "moves", ""]
#: Unit words as written after a number (English, German, Danish), longest first within a
#: family so that a regular expression alternation takes the whole word.
_UNIT_WORDS: tuple[tuple[Unit, tuple[str, ...]], ...] = (
    ("moves", ("moves", "move", "mv", "züge", "zügen", "zug", "træk", "traek")),
    ("h", ("hours", "hour", "hrs", "hr", "stunden", "stunde", "std", "timer", "time", "h", "t")),
    ("min", ("minutes", "minute", "minuten", "minutter", "minut", "mins", "min", "m", "'", "′",
             "’")),
    ("s", ("seconds", "second", "sekunden", "sekunde", "sekunder", "sekund", "secs", "sec", "sek",
           "s", '"', "″", "”", "''")),
)
_UNIT_OF = {word: unit for unit, words in _UNIT_WORDS for word in words}
_UNIT = "|".join(
    re.escape(word) for word in sorted(_UNIT_OF, key=len, reverse=True)
)
# A number, an optional unit right after it (no letter may follow a word unit), and what
# stands before it: "/" (40/90, G/15), "+" or "plus" (an increment follows).
_TOKEN = re.compile(
    rf"(?P<num>\d{{1,4}}(?:[.,]\d{{1,2}})?)\s*(?P<unit>(?:{_UNIT})(?![a-zäöüæøå]))?",
    re.IGNORECASE,
)
# "1h30", "1 h 30": hours and minutes in one.
_HOURS_MINUTES = re.compile(r"(\d{1,2})\s*(?:h|std|t)\s*(\d{2})(?![\d'’′])", re.IGNORECASE)
# An increment marker right after a number: "30 sec/move", "30 s per move", "pro Zug".
_PER_MOVE = re.compile(
    r"\.?\s*(?:/|per|pr\.?|pro|je|a|each|for\s+each|für\s+jeden|for\s+hvert)\s*"
    r"(?:move|zug|træk|traek)",
    re.IGNORECASE,
)
_INCREMENT_WORDS = re.compile(
    r"(?:inc|incr|increment|bonus|bronstein|fischer|zeitbonus|tillæg)\W*$", re.IGNORECASE
)
_JOINING_WORD = re.compile(r"(?:^|\W)(?:plus|and|und|og|&)$")
_MOVES_WORD = re.compile(r"\s*(?:moves?|züge|zug|træk)\b", re.IGNORECASE)
_KEYWORDS: tuple[tuple[RatingList, re.Pattern[str]], ...] = (
    ("blitz", re.compile(r"\b(?:blitz\w*|lyn\w*|bullet)\b", re.IGNORECASE)),
    ("rapid", re.compile(
        r"\b(?:rapid\w*|quick\w*|schnell\w*|hurtig\w*|semi-?rapid|active)\b", re.IGNORECASE
    )),
    ("standard", re.compile(
        r"\b(?:standard|classical|classic|klassisch\w*|lang\w*|normal\w*|turnerings?parti\w*)\b",
        re.IGNORECASE,
    )),
)


@dataclass(frozen=True, slots=True)
class _Amount:
    """A number as written, with its unit and what stands around it."""

    value: float
    unit: Unit
    after_slash: bool
    after_plus: bool
    after_increment_word: bool
    per_move: bool


def _amounts(text: str) -> list[_Amount]:
    text = _HOURS_MINUTES.sub(
        lambda found: f"{int(found.group(1)) * 60 + int(found.group(2))}min", text
    )
    amounts = []
    for found in _TOKEN.finditer(text):
        before = text[: found.start()].rstrip().lower()
        rest = text[found.end():]
        if re.search(r"(?:^|[^a-z])d(?:elay)?$", before) or re.match(r"\s*[x×]", rest):
            continue  # a delay ("d5": FIDE counts increments only) or a count ("2 x 10 min")
        unit: Unit = _UNIT_OF.get((found.group("unit") or "").lower(), "")
        if unit == "" and _MOVES_WORD.match(rest):
            unit = "moves"
        amounts.append(_Amount(
            value=float(found.group("num").replace(",", ".")),
            unit=unit,
            after_slash=before.endswith("/"),
            after_plus=before.endswith("+") or _JOINING_WORD.search(before) is not None,
            after_increment_word=_INCREMENT_WORDS.search(before[-16:]) is not None,
            per_move=_PER_MOVE.match(rest) is not None,
        ))
    return amounts


def _seconds(amount: _Amount, first_time: bool) -> tuple[float, bool]:
    """An amount of time in seconds and whether it is an increment."""
    increment_here = amount.per_move or amount.after_increment_word
    if amount.unit == "h":
        return amount.value * 3600, False
    if amount.unit == "min":
        return amount.value * 60, increment_here
    if amount.unit == "s":
        # Seconds are an increment ("+30 s", "30 s/move") unless a whole game in seconds.
        return amount.value, increment_here or not first_time or amount.value < 60
    # A bare number: the first is minutes (seconds when it is too big for minutes, as in
    # "5400+30"); one after "+" or an increment word is the increment in seconds ("3+2").
    if first_time and not increment_here:
        return (amount.value if amount.value > 240 else amount.value * 60), False
    if amount.after_plus or increment_here:
        return amount.value, True
    return amount.value * 60, False


def minutes_for_60_moves(text: str) -> float | None:
    """Each player's time for 60 moves in minutes, read from a written time control (see
    the module docstring); None when it has no time to read."""
    if not isinstance(text, str) or len(text) > _MAX_TEXT:
        return None
    amounts = _amounts(text)
    periods: list[_Period] = []
    increment = 0.0
    moves_pending: int | None = None
    for index, amount in enumerate(amounts):
        last = periods[-1] if periods else None
        if amount.unit == "moves":
            if last is not None and last.moves is None and amount.after_slash:
                periods[-1] = _Period(last.seconds, 0, int(amount.value))  # 90'/40 moves
            else:
                moves_pending = int(amount.value)  # 40 moves in 90 minutes
            continue
        following = amounts[index + 1] if index + 1 < len(amounts) else None
        if (
            amount.unit == "" and not amount.after_slash and following is not None
            and following.after_slash and following.unit in ("", "min")
            and amount.value <= min(following.value, 60)
        ):
            moves_pending = int(amount.value)  # "40/90": moves, then minutes
            continue
        if (
            amount.unit == "" and amount.after_slash and last is not None and last.moves is None
            and moves_pending is None and amount.value < last.seconds / 60
        ):
            periods[-1] = _Period(last.seconds, 0, int(amount.value))  # "90/40": then moves
            continue
        seconds, is_increment = _seconds(amount, not periods)
        if is_increment:
            increment = seconds
            continue
        periods.append(_Period(seconds, 0, moves_pending))
        moves_pending = None
    if not periods:
        return None
    return _minutes([_Period(period.seconds, increment, period.moves) for period in periods])


def from_text(text: str) -> RatingList | None:
    """The list of a time control written as text (record 122, see the module docstring);
    None if neither its numbers nor its words say."""
    if not isinstance(text, str) or len(text) > _MAX_TEXT:
        return None
    minutes = minutes_for_60_moves(text)
    if minutes is not None:
        return list_for_minutes(minutes)
    for rating_list, pattern in _KEYWORDS:
        if pattern.search(text):
            return rating_list
    return None
