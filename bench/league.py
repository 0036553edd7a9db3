"""Benchmark: the club league on 100 000 random games among 200 players.

Run ``python bench/league.py`` (or import it and call :func:`run`): prints and
returns the median of 5 timed runs of :func:`elo_core.league.league`, in
seconds. The games are built before the clock starts; each run includes the
input checks. ``node bench/in_pyodide.mjs --bench=league`` runs this same
file inside Pyodide under Node.
"""

from __future__ import annotations

import random

from _common import median_seconds, report
from elo_core.league import LeagueGame, league

GAMES = 100_000
PLAYERS = 200
RUNS = 5
SEED = 20240301


def random_games(games: int = GAMES, players: int = PLAYERS, seed: int = SEED) -> list[LeagueGame]:
    """``games`` games between random pairs of ``players`` players, random results."""
    rng = random.Random(seed)
    names = [f"Player {number:03d}" for number in range(players)]
    scores = (1.0, 0.5, 0.0)
    played = []
    for _ in range(games):
        a, b = rng.sample(names, 2)
        played.append(LeagueGame(a, b, rng.choice(scores)))
    return played


def measure(games: int = GAMES, players: int = PLAYERS, runs: int = RUNS) -> float:
    """The median wall time of ``runs`` calls of league() on the same games, in seconds."""
    played = random_games(games, players)
    return median_seconds(
        lambda: league(played), runs, lambda result: len(result.standings) == players
    )


def run(games: int = GAMES, players: int = PLAYERS, runs: int = RUNS) -> float:
    """:func:`measure`, printed as one line; returns the seconds."""
    seconds = measure(games, players, runs)
    return report(f"league: {games} games, {players} players", runs, seconds)


if __name__ == "__main__":
    run()
