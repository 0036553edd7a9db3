"""Work spread over the machine's cores: the articles of a full build, each within a memory
bound.

Rendering an article (its expressions, Markdown, the allow-list) is most of a full build's
time and depends on nothing another article makes, so each core renders its share in a
process forked from the build's, which already holds everything read so far. Results come
back in the articles' order, and so does the first error: a build fails on the same
article, with the same message, however many processes it used.

Each article may grow the address space of the process that renders it by a bounded amount
(:func:`memory_bound`, Linux's RLIMIT_AS): past it an allocation fails with MemoryError,
which names the article, instead of the build taking the machine's memory. A render process
that dies all the same (the kernel's out-of-memory killer, a crash) is seen at once: the
build fails naming the article it was rendering, never waits for it.

Forking is used only where it is safe: where the platform has it and the build's process
runs no other thread (``serve``'s first build runs before its server starts; a build
inside a test that serves pages from a thread renders in its own process).
"""

from __future__ import annotations

import multiprocessing
import multiprocessing.connection
import os
import signal
import threading
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Generic, TypeVar

from sitegen.errors import BuildError, describe

try:
    import resource
except ImportError:  # not on Windows: no bound there
    resource = None  # type: ignore[assignment]

__all__ = ["memory_bound", "ordered_map", "processes_for"]

T = TypeVar("T")
R = TypeVar("R")

# Fewer items than this per process and the forks cost more than they save.
MIN_ITEMS_PER_PROCESS = 4
# Items sent to a process ahead of the one it renders, so it never waits for the next.
AHEAD = 2


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


def _address_space() -> int | None:
    """The size of this process's address space now, in bytes (Linux); None elsewhere."""
    try:
        with open("/proc/self/statm", encoding="ascii") as handle:
            pages = int(handle.read().split()[0])
    except (OSError, ValueError, IndexError):
        return None
    return pages * os.sysconf("SC_PAGE_SIZE")


@contextmanager
def memory_bound(limit: int | None) -> Iterator[None]:
    """What runs inside may grow this process's address space by ``limit`` bytes at most: an
    allocation past it raises MemoryError. None, or a system that cannot say how large the
    address space is (no /proc) or bound it (no RLIMIT_AS): no bound. A lower limit set
    from outside (``ulimit -v``) stays."""
    now = _address_space() if limit is not None and resource is not None else None
    if limit is None or now is None:
        yield
        return
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    bound = now + limit
    for outer in (soft, hard):
        if outer != resource.RLIM_INFINITY:
            bound = min(bound, outer)
    resource.setrlimit(resource.RLIMIT_AS, (bound, hard))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_AS, (soft, hard))


# The outcome of one item: (True, its result) or (False, a BuildError's path, line, message).
_Outcome = tuple[bool, Any]


def _attempt(task: Callable[[T], R], item: T, memory: int | None,
             where: Callable[[T], Path]) -> _Outcome:
    try:
        with memory_bound(memory):
            return True, task(item)
    except BuildError as error:  # sent back as its parts: its __init__ takes three
        return False, (str(error.path), error.line, error.message)
    except MemoryError as error:  # past the bound outside what the task catches itself
        return False, (str(where(item)), None, describe(error))


def _serve(connection: multiprocessing.connection.Connection, task: Callable[[T], R],
           items: Sequence[T], memory: int | None, where: Callable[[T], Path]) -> None:
    """A render process: renders the items whose index it is sent, in order, until None."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl+C: the build's process stops it
    while (index := connection.recv()) is not None:
        connection.send((index, *_attempt(task, items[index], memory, where)))


def _ended(exitcode: int | None) -> str:
    """How a render process ended, in words."""
    if exitcode is not None and exitcode < 0:
        try:
            name = signal.Signals(-exitcode).name
        except ValueError:
            name = f"signal {-exitcode}"
        if -exitcode == signal.SIGKILL:
            return f"it was killed ({name}; the system may have run out of memory)"
        return f"it was stopped by {name}"
    return f"it exited with status {exitcode}"


@dataclass
class _Process:
    process: Any  # multiprocessing's forked Process
    connection: multiprocessing.connection.Connection
    sent: deque[int] = field(default_factory=deque)  # indexes not yet answered, in order


class _Pool(Generic[T, R]):
    """The render processes of one :func:`ordered_map`, and the items' outcomes so far."""

    def __init__(self, task: Callable[[T], R], items: Sequence[T], memory: int | None,
                 where: Callable[[T], Path]) -> None:
        self.context = multiprocessing.get_context("fork")
        self.task, self.items, self.memory, self.where = task, items, memory, where
        self.running: list[_Process] = []
        self.outcomes: dict[int, _Outcome] = {}
        self.queued = deque(range(len(items)))  # not yet sent
        self.first_failure = len(items)  # no item after it needs rendering

    def outcome(self, wanted: int) -> _Outcome:
        """Item ``wanted``'s outcome, once a process sent it."""
        while wanted not in self.outcomes:
            self.send()
            self.receive()
        return self.outcomes.pop(wanted)

    def start(self) -> None:
        ours, theirs = self.context.Pipe()
        process = self.context.Process(
            target=_serve, args=(theirs, self.task, self.items, self.memory, self.where),
            daemon=True)
        process.start()
        theirs.close()
        self.running.append(_Process(process, ours))

    def retire(self, worker: _Process) -> None:
        self.running.remove(worker)
        worker.process.join()
        worker.connection.close()
        # Items it was sent ahead go to another; one to replace it if some are left.
        self.queued.extendleft(reversed(worker.sent))
        if any(index < self.first_failure for index in self.queued):
            self.start()

    def send(self) -> None:
        queued = self.queued
        for worker in list(self.running):
            while len(worker.sent) < AHEAD and queued and queued[0] < self.first_failure:
                index = queued.popleft()
                try:
                    worker.connection.send(index)
                except OSError:  # it has ended: receive() says why, if it was rendering
                    queued.appendleft(index)
                    if not worker.sent:
                        self.retire(worker)
                    break
                worker.sent.append(index)

    def _record(self, index: int, outcome: _Outcome) -> None:
        self.outcomes[index] = outcome
        if not outcome[0]:
            self.first_failure = min(self.first_failure, index)

    def receive(self) -> None:
        busy = [worker for worker in self.running if worker.sent]
        if not busy:
            raise BuildError(self.where(self.items[self.queued[0]]) if self.queued else Path("."),
                             None, "no render process is left to render this article")
        ready = multiprocessing.connection.wait(
            [worker.connection for worker in busy] + [worker.process.sentinel for worker in busy])
        for worker in busy:
            ended = worker.process.sentinel in ready
            if worker.connection in ready:
                try:
                    index, ok, value = worker.connection.recv()
                except (EOFError, OSError):
                    ended = True  # its end of the pipe closed with it
                else:
                    worker.sent.popleft()
                    self._record(index, (ok, value))
                    continue
            if ended:
                worker.process.join()
                index = worker.sent.popleft()  # the article it was rendering
                self._record(index, (False, (
                    str(self.where(self.items[index])), None,
                    "the process rendering this article ended before it was done: "
                    f"{_ended(worker.process.exitcode)}")))
                self.retire(worker)

    def close(self) -> None:
        for worker in self.running:
            worker.process.kill()
        for worker in self.running:
            worker.process.join()
            worker.connection.close()


def ordered_map(task: Callable[[T], R], items: Sequence[T], processes: int, *,
                memory: int | None = None,
                where: Callable[[T], Path] = lambda item: Path(str(item))) -> Iterator[R]:
    """``task(item)`` for each item, in order, each within ``memory`` more bytes of address
    space (:func:`memory_bound`); with ``processes`` > 1 computed in that many forked
    processes. A BuildError is raised for the first failing item in order: one the task
    raised, one for an item past the bound, or one for the item a process was rendering
    when it died (``where(item)``: the file to name)."""
    if processes <= 1:
        for item in items:
            ok, value = _attempt(task, item, memory, where)
            if not ok:
                raise BuildError(*value)
            yield value
        return
    pool: _Pool[T, R] = _Pool(task, items, memory, where)
    try:
        for _ in range(processes):
            pool.start()
        for wanted in range(len(items)):
            ok, value = pool.outcome(wanted)
            if not ok:
                raise BuildError(*value)
            yield value
    finally:
        pool.close()
