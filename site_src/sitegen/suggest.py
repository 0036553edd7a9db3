"""Messages for authors about a name the build does not know: "unknown … — did you mean …?"."""

from __future__ import annotations

import difflib
from collections.abc import Iterable

__all__ = ["did_you_mean", "unknown"]


def unknown(kind: str, name: str, known: Iterable[str], where: str = "") -> str:
    """``unknown field 'oponent' in the 'steps' mode — did you mean 'opponent'?``, or the
    names there are (``where`` follows the name)."""
    names = sorted(set(known))
    said = f"unknown {kind} {name!r}{' ' + where if where else ''}"
    close = difflib.get_close_matches(name, names, n=1, cutoff=0.6)
    if close:
        return f"{said} — did you mean {' or '.join(repr(n) for n in close)}?"
    if names and len(names) <= 25:
        return f"{said} (known: {', '.join(names)})"
    return said


def did_you_mean(name: str, known: Iterable[str]) -> str:
    """`` — did you mean 'x'?`` for the closest of ``known``, or nothing."""
    close = difflib.get_close_matches(name, sorted(set(known)), n=1, cutoff=0.6)
    return f" — did you mean {' or '.join(repr(n) for n in close)}?" if close else ""
