"""Benchmark: one recompute of the home page's elo mode with 100 games, as the worker runs it.

Run ``python bench/recompute_engine.py [--profile]`` (or import it and call :func:`run`):
prints and returns the median time of one ``compute_json("elo", form, "en", ".", ",")``
with the 100-game form ``bench/page_tasks.py``'s ``recompute`` types, ``rating_a`` changing
from call to call as when someone types (so nothing is answered from a cache of the
previous call). Also prints how that time splits into the computation
(:func:`elo_core.page.compute`) and the JSON reply. ``node bench/in_pyodide.mjs
--bench=recompute_engine`` runs this same file inside Pyodide under Node;
``--profile`` adds cProfile's 25 costliest functions.
"""

from __future__ import annotations

import cProfile
import io
import json
import pstats
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

from _common import report
from elo_core.page import DEFAULTS, compute, compute_json

GAMES = "\n".join(f"{1400 + (i * 37) % 600} | {(1, 0.5, 0)[i % 3]}" for i in range(100))
CALLS = 200
RUNS = 5


def forms(calls: int = CALLS, games: str = GAMES, first: int = 0) -> list[str]:
    """The JSON forms of ``calls`` recomputes, rating_a 1500 + (``first`` + i) / 100: ratings
    from 1500 to 1530 as in the page's benchmark, each new, so that no answer can come
    from a cache of an earlier call."""
    return [json.dumps(DEFAULTS["elo"] | {"games": games, "rating_a": f"{1500 + (first + i) / 100:.2f}"})
            for i in range(calls)]


def _per_call(work: list[Any], call: Callable[[Any], object]) -> float:
    begin = time.perf_counter()
    for item in work:
        call(item)
    return (time.perf_counter() - begin) / len(work)


def measure(runs: int = RUNS, calls: int = CALLS, games: str = GAMES) -> dict[str, float]:
    """Median seconds per call: compute_json, compute alone, and json.dumps of its reply."""
    compute_json("elo", forms(1, games, 3000)[0], "en", ".", ",")  # the games' parse is kept
    whole = [_per_call(forms(calls, games, run * calls),
                       lambda f: compute_json("elo", f, "en", ".", ",")) for run in range(runs)]
    inner = []
    for run in range(runs):
        parsed = [json.loads(form) for form in forms(calls, games, (runs + run) * calls)]
        inner.append(_per_call(parsed, lambda form: compute("elo", form)))
    replies = [compute("elo", json.loads(form)) for form in forms(calls, games)]
    dumps = [_per_call(replies, lambda reply: json.dumps(reply, allow_nan=False))
             for _ in range(runs)]
    return {"compute_json": statistics.median(whole), "compute": statistics.median(inner),
            "reply_json": statistics.median(dumps)}


def profile(calls: int = CALLS) -> str:
    work = forms(calls)
    compute_json("elo", forms(1, first=3000)[0], "en", ".", ",")
    profiler = cProfile.Profile()
    profiler.enable()
    for form in work:
        compute_json("elo", form, "en", ".", ",")
    profiler.disable()
    out = io.StringIO()
    pstats.Stats(profiler, stream=out).sort_stats("tottime").print_stats(25)
    return out.getvalue()


def run(runs: int = RUNS) -> float:
    """:func:`measure`, printed; returns the seconds of one compute_json."""
    times = measure(runs)
    print("recompute, elo mode, 100 games: " + ", ".join(
        f"{name} {seconds * 1e3:.3f} ms" for name, seconds in times.items()))
    return report("recompute: elo mode, 100 games, one compute_json", runs, times["compute_json"])


if __name__ == "__main__":
    run()
    if "--profile" in sys.argv:
        print(profile())
