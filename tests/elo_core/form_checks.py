"""Helpers for the calculator-mode tests: run a mode on its example with some fields changed."""

from __future__ import annotations

from typing import Any

from elo_core.page import DEFAULTS, compute


def outputs(mode: str, **fields: str) -> dict[str, Any]:
    """The outputs of ``mode`` for its default example with ``fields`` replaced; must succeed."""
    result = compute(mode, {**DEFAULTS[mode], **fields})
    assert result["ok"], result
    return dict(result["outputs"])


def errors(mode: str, **fields: str) -> list[tuple[str, str, int | None]]:
    """(field, code, line) of every error; the input must be rejected."""
    result = compute(mode, {**DEFAULTS[mode], **fields})
    assert not result["ok"], result
    return [(e["field"], e["code"], e["line"]) for e in result["errors"]]


def value(output: dict[str, Any]) -> float:
    return float(output["value"])
