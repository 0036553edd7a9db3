"""Which columns of a table hold numbers (they are right-aligned).

Shared by the Markdown tables (:mod:`sitegen.markup`), the macros' tables and the live
examples' tables, so the three align numbers alike.
"""

from __future__ import annotations

import re

__all__ = ["NUMERIC_CELL", "numeric_columns"]

NUMERIC_CELL = re.compile(r"[−+\-]?[0-9][0-9.,\u00a0\u202f ]*%?|[−+\-]?[.,][0-9]+|–")


def numeric_columns(rows: list[list[str]]) -> set[int]:
    """The columns whose every non-empty cell is a number: they are right-aligned."""
    columns: set[int] = set()
    width = max((len(row) for row in rows), default=0)
    for column in range(width):
        cells = [row[column].strip() for row in rows if column < len(row) and row[column].strip()]
        if cells and all(NUMERIC_CELL.fullmatch(cell) for cell in cells):
            columns.add(column)
    return columns
