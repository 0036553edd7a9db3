"""Tables of test cases kept as data: fixtures/cases/<name>.toml, one array of rows each."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

CASES = Path(__file__).parent / "fixtures" / "cases"


def cases(name: str, table: str) -> list[tuple[Any, ...]]:
    """The rows of ``table`` in fixtures/cases/``name``.toml, each a tuple of its values (an
    array among them a tuple too)."""
    with (CASES / f"{name}.toml").open("rb") as file:
        rows = tomllib.load(file)[table]
    return [tuple(tuple(v) if isinstance(v, list) else v for v in row) for row in rows]
