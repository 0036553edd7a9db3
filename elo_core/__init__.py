"""elo_core: chess rating calculations (Elo, FIDE rules), pure Python, no dependencies."""

from __future__ import annotations

from elo_core.elo import Game, GameResult, RatingResult, expected_score, rate
from elo_core.errors import InputError

__all__ = ["Game", "GameResult", "InputError", "RatingResult", "expected_score", "rate"]
__version__ = "0.1.0"
