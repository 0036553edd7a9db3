"""Messages for authors about a name the build does not know: "unknown … — did you mean …?"."""

from __future__ import annotations

import difflib
from collections.abc import Iterable

__all__ = ["did_you_mean", "unknown"]


def unknown(kind: str, name: str, known: Iterable[str]) -> str:
    """``unknown field 'oponent' — did you mean 'opponent'?``, or the names there are."""
    names = sorted(set(known))
    close = difflib.get_close_matches(name, names, n=2, cutoff=0.6)
    if close:
        hint = " or ".join(repr(n) for n in close)
        return f"unknown {kind} {name!r} — did you mean {hint}?"
    if names and len(names) <= 25:
        return f"unknown {kind} {name!r} (known: {', '.join(names)})"
    return f"unknown {kind} {name!r}"


def did_you_mean(name: str, known: Iterable[str]) -> str:
    """`` — did you mean 'x'?`` for the closest of ``known``, or nothing."""
    close = difflib.get_close_matches(name, sorted(set(known)), n=2, cutoff=0.6)
    return f" — did you mean {' or '.join(repr(n) for n in close)}?" if close else ""
