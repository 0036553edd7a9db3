"""Helpers for the calculator-mode tests: run a mode on its example with some fields changed."""

from __future__ import annotations

from typing import Any

from elo_core.page import DEFAULTS, compute
from elo_core.page.fields import cell_output


def outputs(mode: str, **fields: str) -> dict[str, Any]:
    """The outputs of ``mode`` for its default example with ``fields`` replaced; must succeed."""
    result = compute(mode, {**DEFAULTS[mode], **fields})
    assert result["ok"], result
    return dict(result["outputs"])


def written_out(table: dict[str, Any]) -> dict[str, Any]:
    """A table written short (elo_core.page.fields.rows_output) with every cell as the output
    it stands for: a bare number in its column's format, a bare string as a text, a message
    with its parameters (empty ones are left out of the reply)."""
    columns = table.get("columns") or []

    def cell(item: Any, column: dict[str, Any] | None) -> Any:
        if isinstance(item, (int, float)) and not isinstance(item, bool):
            assert column is not None, f"a bare number in a column without a format: {item}"
        if isinstance(item, dict) and "message" in item:
            return {"params": {}, **item}
        return cell_output(item, column)

    return {**table, "rows": [[cell(item, columns[j] if j < len(columns) else None)
                               for j, item in enumerate(row)] for row in table["rows"]]}


def full_outputs(mode: str, **fields: str) -> dict[str, Any]:
    """:func:`outputs` with every table's cells written out (see :func:`written_out`)."""
    return {name: written_out(output) if isinstance(output, dict) and "rows" in output else output
            for name, output in outputs(mode, **fields).items()}


def errors(mode: str, **fields: str) -> list[tuple[str, str, int | None]]:
    """(field, code, line) of every error; the input must be rejected."""
    result = compute(mode, {**DEFAULTS[mode], **fields})
    assert not result["ok"], result
    return [(e["field"], e["code"], e["line"]) for e in result["errors"]]


def value(output: dict[str, Any]) -> float:
    return float(output["value"])
