"""elo_core: chess rating calculations (Elo, FIDE rules), pure Python, no dependencies."""

from __future__ import annotations

from elo_core.elo import Game, GameResult, RatingResult, expected_score, rate
from elo_core.errors import ERROR_CODES, InputError
from elo_core.fide import (
    KFactor,
    dp_for_score,
    fide_initial_rating,
    fide_k_factor,
    fide_k_factor_reason,
    pd_for_difference,
    performance_rating,
)
from elo_core.fide_tables import FIDE_TABLE_8_1_1, FIDE_TABLE_8_1_2, DpEntry, PdBand
from elo_core.parsing import parse_games, parse_result
from elo_core.rounding import round_half_away

__all__ = [
    "DpEntry",
    "ERROR_CODES",
    "FIDE_TABLE_8_1_1",
    "FIDE_TABLE_8_1_2",
    "Game",
    "GameResult",
    "InputError",
    "KFactor",
    "PdBand",
    "RatingResult",
    "dp_for_score",
    "expected_score",
    "fide_initial_rating",
    "fide_k_factor",
    "fide_k_factor_reason",
    "parse_games",
    "parse_result",
    "pd_for_difference",
    "performance_rating",
    "rate",
    "round_half_away",
]
__version__ = "0.1.0"
