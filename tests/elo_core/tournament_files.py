"""Tournament report files as real events write them, made up for the tests.

Real files (pairing programs' and Lichess's exports) have what these reproduce: hundreds of
players, titles and federations of many kinds (FID and blank among them), unrated players,
birth dates known only to the year (``2014/00/00``), byes and forfeits, the rounds in ``XXR``,
and a time control on line 122. The events are Swiss-paired by score, without rematches, and
every result comes from a seeded random number generator, so a file is the same each time.

- :func:`open_event`: a standard open of 209 players and 9 rounds, in which a dozen players
  make title norms;
- :func:`rapid_event`: a rapid event (line 122: 15 minutes plus 10 seconds a move);
- :func:`online_event`: an online arena's export: no ratings, no federations, a blank 122.
"""

from __future__ import annotations

import datetime
import random
from dataclasses import dataclass

from elo_core import trf

_SURNAMES = (
    "Andersen", "Berg", "Christensen", "Dahl", "Eriksen", "Fischer", "Gruber", "Hansen",
    "Iversen", "Jensen", "Kowalski", "Larsen", "Meyer", "Nielsen", "Olsen", "Petersen",
    "Quist", "Rasmussen", "Schmidt", "Thomsen", "Ullmann", "Vogel", "Weber", "Xander",
    "Young", "Zimmermann", "Kjær", "Sørensen", "Müller", "Łukasik",
)
_GIVEN = {"m": ("Bo", "David", "Emil", "Georg", "Jonas", "Karl", "Mads"),
          "w": ("Anna", "Clara", "Freja", "Hanna", "Ida", "Lea")}
_FEDERATIONS = ("GER",) * 8 + ("DEN", "DEN", "SWE", "NOR", "POL", "NED", "FRA", "ENG", "AUT",
                                "FID", "")
_COLOURS = ("w", "b")


@dataclass(frozen=True)
class _Entrant:
    sex: str
    title: str
    name: str
    rating: int | None
    federation: str
    birth: str


def _people(count: int, rng: random.Random, *, rated: bool = True) -> list[_Entrant]:
    people = []
    for index in range(count):
        surname = _SURNAMES[index % len(_SURNAMES)]
        sex = "w" if index % 4 == 1 else "m"
        given = _GIVEN[sex][(index // len(_SURNAMES) + index) % len(_GIVEN[sex])]
        suffix = "" if index < len(_SURNAMES) else f" {chr(65 + index // len(_SURNAMES))}."
        rating = None if not rated or rng.random() < 0.08 else max(
            1400, int(2680 - index * (1250 / count) + rng.randint(-25, 25)))
        title = ""
        if rating is not None:
            for floor, men, women in ((2500, "GM", "WGM"), (2400, "IM", "WIM"),
                                      (2300, "FM", "WFM"), (2200, "CM", "WCM")):
                if rating >= floor and rng.random() < 0.85:
                    title = men if sex == "m" else women
                    break
        year = rng.randint(1960, 2006) if index % 7 else rng.randint(2008, 2015)
        birth = rng.choice([f"{year}/{rng.randint(1, 12):02d}/{rng.randint(1, 28):02d}",
                            f"{year}/00/00", f"{year}", "0000/00/00"]) if rated else ""
        if rated and index % 23 == 5:  # a two-digit year: which century? (a warning)
            birth = f"{rng.randint(1, 28):02d}.{rng.randint(1, 12):02d}.{year % 100:02d}"
        people.append(_Entrant(sex, title, f"{surname}{suffix}, {given}", rating,
                               rng.choice(_FEDERATIONS) if rated else "", birth))
    people.sort(key=lambda entrant: -(entrant.rating or 0))
    return people


def _result(rng: random.Random, white: int | None, black: int | None) -> tuple[str, str]:
    gap = ((white or 1700) - (black or 1700)) / 400
    expected = 1 / (1 + 10 ** -gap)
    draw = rng.random()
    if draw < 0.01:
        return "+", "-"
    if draw < 0.25:
        return "=", "="
    return ("1", "0") if rng.random() < expected else ("0", "1")


def _swiss(
    people: list[_Entrant], rounds: int, rng: random.Random, played: int,
) -> dict[int, list[trf.Round]]:
    """Rounds 1…``played`` of a Swiss: by score, then start number, no rematches; the odd one
    out gets a pairing-allocated bye."""
    count = len(people)
    entries: dict[int, list[trf.Round]] = {number: [] for number in range(1, count + 1)}
    scores = {number: 0.0 for number in entries}
    met: set[tuple[int, int]] = set()
    points = {"1": 1.0, "=": 0.5, "0": 0.0, "+": 1.0, "-": 0.0, "U": 1.0, "H": 0.5}
    for round_index in range(played):
        waiting = sorted(entries, key=lambda number: (-scores[number], number))
        resting = [number for number in waiting if rng.random() < 0.01]
        for number in resting:
            waiting.remove(number)
            entries[number].append(trf.Round(None, None, "H"))
        if len(waiting) % 2:
            bye = waiting.pop()
            entries[bye].append(trf.Round(None, None, "U"))
        pairs = []
        # Score group by score group, the top half against the bottom half (as a Swiss
        # pairs), avoiding rematches; whoever is left over floats down to the next group.
        floaters: list[int] = []
        for score in sorted({scores[number] for number in waiting}, reverse=True):
            group = floaters + [number for number in waiting if scores[number] == score]
            floaters = []
            while len(group) > 1:
                top = group.pop(0)
                half = max(0, len(group) // 2 - 1)
                candidates = group[half:] + group[:half]
                partner = next((other for other in candidates
                                if (min(top, other), max(top, other)) not in met), None)
                if partner is None:
                    floaters.append(top)
                    continue
                group.remove(partner)
                pairs.append((top, partner))
            floaters += group
        while len(floaters) > 1:  # the last floaters play each other, rematch or not
            pairs.append((floaters.pop(0), floaters.pop(0)))
        for top, partner in pairs:
            met.add((min(top, partner), max(top, partner)))
            white, black = (top, partner) if (round_index + top) % 2 else (partner, top)
            codes = _result(rng, people[white - 1].rating, people[black - 1].rating)
            entries[white].append(trf.Round(black, "w", codes[0]))
            entries[black].append(trf.Round(white, "b", codes[1]))
        for number, rounds_so_far in entries.items():
            scores[number] += points.get(rounds_so_far[-1].code, 0.0)
    return entries


def _write(
    name: str, header: list[str], people: list[_Entrant], entries: dict[int, list[trf.Round]],
    rounds: int, start: datetime.date, played: int,
) -> str:
    players = tuple(
        trf.Player(
            start_number=number, sex=entrant.sex, title=entrant.title, name=entrant.name,
            rating=entrant.rating, federation=entrant.federation,
            fide_id=None if entrant.rating is None else str(1_000_000 + number * 37),
            birth_year=None, points=sum({"1": 1.0, "=": 0.5, "+": 1.0, "U": 1.0, "H": 0.5}.get(
                entry.code, 0.0) for entry in entries[number]),
            rank=None, rounds=tuple(entries[number]) + (trf.Round(None, None, ""),) * (
                rounds - played),
        )
        for number, entrant in enumerate(people, 1)
    )
    dates = tuple(start + datetime.timedelta(days=day) for day in range(rounds))
    written = trf.write(trf.Tournament(name, start, dates[-1], dates, players))
    lines = written.rstrip("\n").split("\n")
    # The birth dates as the people wrote them (trf.write writes the year alone).
    by_name = {entrant.name: entrant for entrant in people}
    for index, line in enumerate(lines):
        if line.startswith("001"):
            entrant = by_name[line[14:47].strip()]
            lines[index] = (line[:69] + entrant.birth.ljust(10) + line[79:]).rstrip()
    body = [line for line in lines if not line.startswith("142")]
    return "\n".join(body[:1] + header + body[1:] + [f"XXR {rounds}"]) + "\n"


def open_event(players: int = 209, rounds: int = 9, played: int | None = None) -> str:
    """A standard open (see the module docstring); ``played`` rounds of ``rounds`` (all by
    default: a file written during the event has fewer)."""
    rng = random.Random(20240728)
    people = _people(players, rng)
    played = rounds if played is None else played
    entries = _swiss(people, rounds, rng, played)
    header = ["022 Bad Homburg", "032 GER", "092 Individual: Swiss-System",
              "102 IA Katrin Hollmann", "122 90 min/40 moves + 30 min + 30 sec/move"]
    return _write("Taunus Summer Open 2026", header, people, entries, rounds,
                  datetime.date(2026, 7, 25), played)


def rapid_event(players: int = 36, rounds: int = 7) -> str:
    """A rapid event: line 122 says 15 minutes plus 10 seconds a move (25 minutes: rapid)."""
    rng = random.Random(20260307)
    people = _people(players, rng)
    entries = _swiss(people, rounds, rng, rounds)
    header = ["022 Esbjerg", "032 DEN", "092 Individual: Swiss-System", "102 FA Jens Holm",
              "122 15 minutes plus 10 sec per move"]
    return _write("Harbour Rapid 2026", header, people, entries, rounds,
                  datetime.date(2026, 3, 7), rounds)


def online_event(players: int = 13, rounds: int = 10, played: int = 9) -> str:
    """An online arena's export: nobody rated, no federations, line 122 blank, XXR 10."""
    rng = random.Random(20200529)
    people = _people(players, rng, rated=False)
    entries = _swiss(people, rounds, rng, played)
    header = ["022 online", "032 Online", "092 Individual: Swiss-System", "122"]
    return _write("May 5 Plus 0 Arena", header, people, entries, rounds,
                  datetime.date(2020, 5, 29), played)
