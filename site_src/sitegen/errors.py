"""Build failures, each naming the file and line a human must fix."""

from __future__ import annotations

from pathlib import Path

__all__ = ["BuildError"]


class BuildError(Exception):
    """A problem in the site's sources that stops the build."""

    def __init__(self, path: Path | str, line: int | None, message: str) -> None:
        self.path = Path(path)
        self.line = line
        self.message = message
        where = f"{self.path}:{line}" if line is not None else str(self.path)
        super().__init__(f"{where}: {message}")
