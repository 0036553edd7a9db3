"""Benchmark: reading and rating a 500-player, 11-round tournament report file (TRF).

Run ``python bench/trf.py`` (or import it and call :func:`run`): prints and
returns the median of 5 timed runs of :func:`elo_core.trf.parse` followed by
:func:`elo_core.trf.rate`, in seconds. The file is generated before the clock
starts. Targets: under 0.5 s in CPython, under 1 s in Pyodide
(``node bench/in_pyodide.mjs --bench=trf`` runs this same file inside Pyodide under Node).
"""

from __future__ import annotations

import datetime
import random

from _common import median_seconds, report
from elo_core import trf

PLAYERS = 500
ROUNDS = 11
RUNS = 5
SEED = 20250405
# Results of a game as both players record them, most of them rated.
_OUTCOMES = (("1", "0"),) * 8 + (("0", "1"),) * 6 + (("=", "="),) * 5 + (
    ("+", "-"), ("W", "L"), ("D", "D"))


def random_tournament(players: int = PLAYERS, rounds: int = ROUNDS, seed: int = SEED) -> str:
    """A TRF text: ``players`` players (1 in 20 unrated), random pairings and results each round.

    An odd player out gets a pairing-allocated bye; now and then someone takes a
    half-point bye. Pairings may repeat: the reader does not care, and neither
    does the timing.
    """
    rng = random.Random(seed)
    numbers = list(range(1, players + 1))
    entries: dict[int, list[trf.Round]] = {number: [] for number in numbers}
    for _ in range(rounds):
        order = numbers[:]
        rng.shuffle(order)
        resting = [order.pop() for _ in range(len(order) % 2 + 2 * (rng.random() < 0.3))]
        for number in resting:
            entries[number].append(trf.Round(None, None, rng.choice("UHZ")))
        for a, b in zip(order[::2], order[1::2]):
            code_a, code_b = rng.choice(_OUTCOMES)
            entries[a].append(trf.Round(b, "w", code_a))
            entries[b].append(trf.Round(a, "b", code_b))
    start = datetime.date(2025, 7, 1)
    people = tuple(
        trf.Player(
            start_number=number,
            sex=rng.choice("mw"),
            title="",
            name=f"Player{number:04d}, Test",
            rating=None if rng.random() < 0.05 else rng.randint(1400, 2800),
            federation="DEN",
            fide_id=str(1_000_000 + number),
            birth_year=rng.randint(1950, 2015),
            points=0.0,
            rank=number,
            rounds=tuple(entries[number]),
        )
        for number in numbers
    )
    dates = tuple(start + datetime.timedelta(days=day) for day in range(rounds))
    return trf.write(
        trf.Tournament("Benchmark Open", start, dates[-1] if dates else start, dates, people)
    )


def measure(players: int = PLAYERS, rounds: int = ROUNDS, runs: int = RUNS) -> float:
    """The median wall time of ``runs`` reads and ratings of the same file, in seconds."""
    text = random_tournament(players, rounds)
    return median_seconds(lambda: trf.rate(trf.parse(text)), runs, lambda rows: len(rows) == players)


def run(players: int = PLAYERS, rounds: int = ROUNDS, runs: int = RUNS) -> float:
    """:func:`measure`, printed as one line; returns the seconds."""
    seconds = measure(players, rounds, runs)
    return report(f"trf: {players} players, {rounds} rounds, read and rated", runs, seconds)


if __name__ == "__main__":
    run()
