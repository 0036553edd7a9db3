"""Small made-up tournaments for the norm tests, written as TRF text and read back.

``event([...])`` gives the text of a tournament in which player 1 (the one checked) meets one
opponent per round: each entry is an :class:`Opp` (rating, title, federation and player 1's
result: ``1 = 0 + -``) or a bye code (``H F U Z``). Each opponent plays only that one game. The
text is written by ``elo_core.trf.write`` and the tests read it with ``trf.parse``, so a norm is
always checked on a real report file.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from elo_core import trf
from elo_core.trf import Player, Round, Tournament

_COMPLEMENT = {"1": "0", "=": "=", "0": "1", "+": "-", "-": "+", "W": "L", "D": "D", "L": "W"}
_POINTS = {"1": 1.0, "=": 0.5, "0": 0.0, "+": 1.0, "-": 0.0, "H": 0.5, "F": 1.0, "U": 1.0,
           "Z": 0.0, "": 0.0, "W": 1.0, "D": 0.5, "L": 0.0}


@dataclass(frozen=True)
class Opp:
    """An opponent: rating (None: unrated), title as the file writes it, federation, and the
    result of player 1 against them."""

    rating: int | None
    title: str = ""
    federation: str = "GER"
    result: str = "1"


def event(
    entries: list[Opp | str],
    *,
    federation: str = "DEN",
    title: str = "",
    sex: str = "m",
    rating: int | None = 2400,
) -> str:
    """The TRF text of player 1 against ``entries``, one per round (see the module docstring)."""
    rounds = len(entries)
    opponents: list[Player] = []
    mine: list[Round] = []
    for index, entry in enumerate(entries):
        if isinstance(entry, str):
            mine.append(Round(None, None, entry))
            continue
        number = len(opponents) + 2
        colour, other = ("w", "b") if index % 2 == 0 else ("b", "w")
        mine.append(Round(number, colour, entry.result))
        theirs = [Round(None, None, "")] * rounds
        theirs[index] = Round(1, other, _COMPLEMENT[entry.result])
        opponents.append(Player(
            start_number=number, sex="m", title=entry.title, name=f"Opponent, No {number}",
            rating=entry.rating, federation=entry.federation, fide_id=None, birth_year=None,
            points=_POINTS[_COMPLEMENT[entry.result]], rank=None, rounds=tuple(theirs),
        ))
    player = Player(
        start_number=1, sex=sex, title=title, name="Candidate, Anna", rating=rating,
        federation=federation, fide_id=None, birth_year=None,
        points=sum(_POINTS[entry.code] for entry in mine), rank=1, rounds=tuple(mine),
    )
    tournament = Tournament("Norm Test Open", None, None, (None,) * rounds,
                            (player, *opponents))
    return trf.write(tournament)


def read(entries: list[Opp | str], **options: object) -> Tournament:
    """:func:`event`'s text, read by the TRF reader."""
    return trf.parse(event(entries, **options))  # type: ignore[arg-type]


def mixed(ratings: list[int], results: list[str] | None = None) -> list[Opp]:
    """Opponents with these ratings, from a mix that meets 1.4.3–1.4.5 for any norm: GMs from
    three federations in turn (none from player 1's DEN); results default to wins."""
    federations = ("GER", "SWE", "NOR")
    results = results or ["1"] * len(ratings)
    return [
        Opp(rating, "GM", federations[index % 3], result)
        for index, (rating, result) in enumerate(zip(ratings, results))
    ]


@dataclass(frozen=True)
class Entrant:
    """A player of a made-up round robin: rating (None: unrated), title, federation, sex."""

    rating: int | None
    title: str = ""
    federation: str = "GER"
    sex: str = "m"


def round_robin(
    entrants: list[Entrant],
    result: Callable[[int, int], str],
    *,
    double: bool = False,
    rest: str = "",
) -> Tournament:
    """A round robin of ``entrants`` (start numbers 1, 2, … in order) by the circle method:
    n − 1 rounds (n with an odd number of players, each resting once, written as ``rest``:
    blank by default), twice over with colours swapped if ``double``. ``result(a, b)`` is
    a's result code against b (``1 = 0 + -``); b gets the complement. Written and read back."""
    count = len(entrants)
    seats: list[int | None] = list(range(1, count + 1)) + ([None] if count % 2 else [])
    schedule: list[list[tuple[int | None, int | None]]] = []
    for _ in range(len(seats) - 1):
        half = len(seats) // 2
        schedule.append(list(zip(seats[:half], reversed(seats[half:]))))
        seats = [seats[0], seats[-1], *seats[1:-1]]
    if double:
        schedule += [[(b, a) for a, b in pairs] for pairs in schedule]
    rounds: dict[int, list[Round]] = {number: [] for number in range(1, count + 1)}
    for pairs in schedule:
        for white, black in pairs:
            if white is None or black is None:
                alone = white if black is None else black
                assert alone is not None
                rounds[alone].append(Round(None, None, rest))
                continue
            code = result(white, black)
            rounds[white].append(Round(black, "w", code))
            rounds[black].append(Round(white, "b", _COMPLEMENT[code]))
    players = tuple(
        Player(
            start_number=number, sex=entrant.sex, title=entrant.title,
            name=f"Player, No {number}", rating=entrant.rating, federation=entrant.federation,
            fide_id=None, birth_year=None,
            points=sum(_POINTS.get(entry.code, 0.0) for entry in rounds[number]), rank=None,
            rounds=tuple(rounds[number]),
        )
        for number, entrant in enumerate(entrants, 1)
    )
    text = trf.write(Tournament("Round Robin", None, None, (None,) * len(schedule), players))
    return trf.parse(text)
