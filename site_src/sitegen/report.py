"""What a build tells its caller: the pages it made, its warnings, and how its articles were
rendered (the counts ``build.py`` and ``serve`` print)."""

from __future__ import annotations

from dataclasses import dataclass, field

__all__ = ["BuildReport"]


@dataclass
class BuildReport:
    pages: int = 0
    warnings: list[str] = field(default_factory=list)
    rendered: int = 0  # articles rendered by this build
    processes: int = 1  # … in this many processes at once
    from_disk: int = 0  # articles an earlier build rendered (sitegen.article_cache)
