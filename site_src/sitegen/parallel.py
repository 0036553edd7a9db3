"""Work spread over the machine's cores: the articles of a full build.

Rendering an article (its expressions, Markdown, the allow-list) is most of a full build's
time and depends on nothing another article makes, so each core renders its share in a
process forked from the build's, which already holds everything read so far. Results come
back in the articles' order, and so does the first error: a build fails on the same
article, with the same message, however many processes it used.

Forking is used only where it is safe: where the platform has it and the build's process
runs no other thread (``serve``'s first build runs before its server starts; a build
inside a test that serves pages from a thread renders in its own process).
"""

from __future__ import annotations

import multiprocessing
import os
import threading
from collections.abc import Callable, Iterator, Sequence
from typing import Any, TypeVar

from sitegen.errors import BuildError

__all__ = ["ordered_map", "processes_for"]

T = TypeVar("T")
R = TypeVar("R")

# Fewer items than this per process and the forks cost more than they save.
MIN_ITEMS_PER_PROCESS = 4

# The task of the map under way: a forked process inherits it (nothing is pickled but the
# item's index and the result).
_task: Callable[[int], Any] | None = None


def processes_for(workers: int, items: int) -> int:
    """How many processes render ``items`` items: ``workers`` (0: one per core), fewer when
    there are few items, and 1 where forking is not safe."""
    wanted = workers if workers > 0 else (os.cpu_count() or 1)
    wanted = min(wanted, items // MIN_ITEMS_PER_PROCESS)
    if wanted < 2 or "fork" not in multiprocessing.get_all_start_methods():
        return 1
    if threading.active_count() > 1:  # a fork copies locks other threads may hold
        return 1
    return wanted


def _run(index: int) -> tuple[bool, Any]:
    assert _task is not None
    try:
        return True, _task(index)
    except BuildError as error:  # sent back as its parts: its __init__ takes three
        return False, (str(error.path), error.line, error.message)


def ordered_map(task: Callable[[T], R], items: Sequence[T], processes: int) -> Iterator[R]:
    """``task(item)`` for each item, in order; with ``processes`` > 1 computed in that many
    forked processes. A BuildError is raised for the first failing item in order."""
    if processes <= 1:
        for item in items:
            yield task(item)
        return
    global _task
    _task = lambda index: task(items[index])  # noqa: E731
    try:
        with multiprocessing.get_context("fork").Pool(processes) as pool:
            chunk = max(1, len(items) // (processes * 8))
            for ok, value in pool.imap(_run, range(len(items)), chunksize=chunk):
                if not ok:
                    path, line, message = value
                    raise BuildError(path, line, message)
                yield value
    finally:
        _task = None
