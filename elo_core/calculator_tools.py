"""The calculator pages beyond the home page (FIDE tools, league, Glicko-2, DWZ).

Same protocol as :mod:`elo_core.calculator`, which merges ``MODES`` and
``DEFAULTS`` from here.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

__all__ = ["DEFAULTS", "MODES"]

DEFAULTS: dict[str, dict[str, str]] = {}

MODES: dict[str, Callable[[Mapping[str, str]], dict[str, Any]]] = {}
