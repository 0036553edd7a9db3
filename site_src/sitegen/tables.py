"""Which columns of a table hold numbers (they are right-aligned), and which tables stack.

Shared by the Markdown tables (:mod:`sitegen.markup`), the macros' tables and the live
examples' tables, so the three align numbers alike and fit a phone alike: a table of
:data:`STACK_FROM` columns or more is ``stack``ed on a phone's screen (each row a block, each
cell after its column's heading, from its ``data-label``), so no column is cut off.
"""

from __future__ import annotations

import re

__all__ = ["NUMERIC_CELL", "STACK_FROM", "numeric_columns", "stacks"]

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


#: Tables with this many columns or more stack on a phone (site.css, ``table.stack``).
STACK_FROM = 3


def stacks(columns: int) -> bool:
    """Whether a table of ``columns`` columns stacks its rows on a phone."""
    return columns >= STACK_FROM
