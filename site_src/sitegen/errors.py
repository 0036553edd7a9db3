"""Build failures, each naming the file and line a human must fix."""

from __future__ import annotations

import re
from pathlib import Path

__all__ = ["BuildError", "deepest_line", "describe"]


class BuildError(Exception):
    """A problem in the site's sources that stops the build."""

    def __init__(self, path: Path | str, line: int | None, message: str) -> None:
        self.path = Path(path)
        self.line = line
        self.message = message
        where = f"{self.path}:{line}" if line is not None else str(self.path)
        super().__init__(f"{where}: {message}")


def describe(error: BaseException) -> str:
    """An unexpected failure, said for the author (no traceback, no internal class names)."""
    if isinstance(error, RecursionError):
        return "nested too deeply to read (brackets, quotes or lists inside one another)"
    if isinstance(error, MemoryError):
        return "needs more memory than an article may use"
    text = str(error)
    if "integer string conversion" in text or "Exceeds the limit" in text:
        return "a number with too many digits (at most 4300)"
    return f"cannot be read or rendered: {text or type(error).__name__}"


_NESTING = re.compile(r"[\[\](){}>*\-]")


def deepest_line(text: str, needle: str | None = None) -> int:
    """The (1-based) line of ``text`` most likely at fault: the one holding ``needle``, else
    the line with the most brackets, quotes or list marks, else its longest line."""
    lines = text.splitlines() or [""]
    if needle is not None:
        for number, line in enumerate(lines, start=1):
            if needle in line:
                return number
    scores = [(len(_NESTING.findall(line)), len(line)) for line in lines]
    return max(range(len(lines)), key=lambda i: scores[i]) + 1
