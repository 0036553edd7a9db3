"""Benchmark: a club's PGN export of about 1,700 games (3.8 MB) read by the league's import.

Run ``python bench/pgn_import.py`` (or import it and call :func:`run`): prints and
returns the median of 5 timed calls of :func:`elo_core.importers.import_games`
on the same text, in seconds. The text is built before the clock starts: games
with full tag sections and moves with a clock comment on every move, as online
servers export them, every tenth game's moves running straight into the next
game's tags. ``node bench/in_pyodide.mjs --bench=pgn_import`` runs this
same file inside Pyodide under Node.
"""

from __future__ import annotations

import random

from _common import median_seconds, report
from elo_core.importers import import_games

GAMES = 1_700
PLAYERS = 60
RUNS = 5
SEED = 20240903


def club_pgn(games: int = GAMES, players: int = PLAYERS, seed: int = SEED) -> str:
    """A PGN text of ``games`` games among ``players`` players, about 2.3 KB a game."""
    rng = random.Random(seed)
    names = [f"Spieler{number:03d}, Vorname" for number in range(players)]
    parts = []
    for number in range(games):
        white, black = rng.sample(names, 2)
        result = rng.choice(("1-0", "0-1", "1/2-1/2"))
        moves = " ".join(
            f"{move}. Nf3 {{ [%clk 0:{move % 60:02d}:{rng.randrange(60):02d}] }} "
            f"{move}... Nf6 {{ [%clk 0:{move % 60:02d}:{rng.randrange(60):02d}] }}"
            for move in range(1, 38)
        )
        lines = [moves[i:i + 79].strip() for i in range(0, len(moves), 79)]
        gap = "" if number % 10 == 3 else "\n"
        parts.append(
            f'[Event "Klubturnering {number // 100}"]\n[Site "Aarhus"]\n'
            f'[Date "2023.{number % 12 + 1:02d}.{number % 28 + 1:02d}"]\n[Round "{number % 9 + 1}"]\n'
            f'[White "{white}"]\n[Black "{black}"]\n[Result "{result}"]\n'
            f'[WhiteElo "{rng.randint(1200, 2200)}"]\n[BlackElo "{rng.randint(1200, 2200)}"]\n'
            f'[ECO "C50"]\n[TimeControl "180+2"]\n\n' + "\n".join(lines) + f" {result}\n{gap}"
        )
    return "".join(parts)


def measure(games: int = GAMES, runs: int = RUNS) -> tuple[float, int, int]:
    """The median seconds of ``runs`` imports of the same text, its size in bytes, its games."""
    text = club_pgn(games)
    seconds = median_seconds(
        lambda: import_games(text, "pgn"), runs,
        lambda imported: len(imported.games) == games and not imported.notes,
    )
    return seconds, len(text.encode()), games


def run(games: int = GAMES, runs: int = RUNS) -> float:
    """:func:`measure`, printed as one line; returns the seconds."""
    seconds, size, count = measure(games, runs)
    return report(f"pgn_import: {size / 1e6:.1f} MB, {count} games", runs, seconds)


if __name__ == "__main__":
    run()
