"""elo_core: chess rating calculations (Elo, FIDE rules), pure Python, no dependencies."""

from __future__ import annotations

from elo_core import dwz, glicko2, norms, trf
from elo_core.dwz import DwzResult, FirstDwz
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
from elo_core.glicko2 import Glicko2Rating, Glicko2Result, Glicko2Standing, Glicko2Steps
from elo_core.importers import (
    GamesImport,
    ImportNote,
    PgnGame,
    PgnImport,
    import_games,
    parse_csv,
    parse_pgn,
    to_csv,
)
from elo_core.league import League, LeagueGame, PlayerSetup, Standing, league
from elo_core.parsing import parse_games, parse_result
from elo_core.rounding import round_half_away

__all__ = [
    "DpEntry",
    "DwzResult",
    "ERROR_CODES",
    "FIDE_TABLE_8_1_1",
    "FIDE_TABLE_8_1_2",
    "FirstDwz",
    "Game",
    "GameResult",
    "GamesImport",
    "Glicko2Rating",
    "Glicko2Result",
    "Glicko2Standing",
    "Glicko2Steps",
    "ImportNote",
    "InputError",
    "KFactor",
    "League",
    "LeagueGame",
    "PdBand",
    "PgnGame",
    "PgnImport",
    "PlayerSetup",
    "RatingResult",
    "Standing",
    "dp_for_score",
    "dwz",
    "expected_score",
    "fide_initial_rating",
    "fide_k_factor",
    "fide_k_factor_reason",
    "glicko2",
    "import_games",
    "league",
    "norms",
    "parse_csv",
    "parse_games",
    "parse_pgn",
    "parse_result",
    "pd_for_difference",
    "performance_rating",
    "rate",
    "round_half_away",
    "to_csv",
    "trf",
]
__version__ = "0.1.0"
