"""What the engine benchmarks (league, pgn_import, trf) share.

Importing it puts the project's root on ``sys.path`` so that ``elo_core`` imports
the same way from ``python bench/<name>.py``, from ``bench/run.py`` and inside
Pyodide (``bench/in_pyodide.mjs``).
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

T = TypeVar("T")


def median_seconds(work: Callable[[], T], runs: int, check: Callable[[T], bool]) -> float:
    """The median wall time of ``runs`` calls of ``work``; each answer must pass ``check``."""
    times = []
    for _ in range(runs):
        begin = time.perf_counter()
        answer = work()
        times.append(time.perf_counter() - begin)
        assert check(answer), "the benchmark's answer is wrong"
    return statistics.median(times)


def report(summary: str, runs: int, seconds: float) -> float:
    """Print one line naming the runtime (CPython or Pyodide); return ``seconds``."""
    version = ".".join(str(part) for part in sys.version_info[:3])
    platform = "Pyodide" if sys.platform == "emscripten" else sys.implementation.name
    print(f"{summary}, median of {runs} runs: {seconds:.3f} s ({platform} {version})")
    return seconds
