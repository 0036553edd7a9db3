"""Benchmark: the club league on 100 000 random games among 200 players.

Run ``python bench/league.py`` (or import it and call :func:`run`): prints and
returns the median of 5 timed runs of :func:`elo_core.league.league`, in
seconds. The games are built before the clock starts; each run includes the
input checks. ``bench/league_pyodide.mjs`` runs this same file inside
Pyodide under Node.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from elo_core.league import LeagueGame, league  # noqa: E402

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
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        result = league(played)
        times.append(time.perf_counter() - start)
        assert len(result.standings) == players
    return statistics.median(times)


def run(games: int = GAMES, players: int = PLAYERS, runs: int = RUNS) -> float:
    """:func:`measure`, printed as one line; returns the seconds."""
    seconds = measure(games, players, runs)
    implementation = sys.implementation.name
    version = ".".join(str(part) for part in sys.version_info[:3])
    platform = "Pyodide" if sys.platform == "emscripten" else implementation
    print(
        f"league: {games} games, {players} players, median of {runs} runs: "
        f"{seconds:.3f} s ({platform} {version})"
    )
    return seconds


if __name__ == "__main__":
    run()
