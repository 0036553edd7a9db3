"""Rating every player of a tournament report as one rating period, by FIDE's rules (B.02):
the rating change of each rated player (8.3), a first rating for each unrated one (8.2), and
everyone's performance rating; see :func:`rate`."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

from elo_core.elo import Cap, Game, fide_cap_on
from elo_core.elo import rate as rate_period
from elo_core.errors import InputError
from elo_core.fide import (
    INITIAL_RATING_MIN_GAMES,
    K_TIMES_GAMES_MAX,
    NEW_PLAYER_GAMES,
    becomes_unrated,
    fide_initial_rating,
    fide_k_factor_reason,
    performance_rating,
)
from elo_core.time_control import RATING_LISTS, RatingList
from elo_core.trf_model import RATED_SCORES, Player, Tournament
from elo_core.validation import MAX_K, check_option

__all__ = ["InitialReason", "PlayerRating", "RatedGame", "rate"]

InitialReason = Literal["too-few-games", "zero-score", "below-1400"]


@dataclass(frozen=True, slots=True)
class RatedGame:
    """One game that counts: the opponent's start number and rating, the score, E and K·(S − E).

    For an unrated player (whose games count only towards a first rating)
    ``expected`` and ``change`` are None.
    """

    opponent: int
    opponent_rating: int
    score: float
    expected: float | None
    change: float | None


@dataclass(frozen=True, slots=True)
class PlayerRating:
    """A player's tournament, rated as one period (see :func:`rate`).

    ``k`` and ``k_rule`` (a :class:`elo_core.fide.KFactor` rule or
    ``"override"``), ``expected``, ``change`` (unrounded), ``rounded_change``
    (FIDE B.02 8.3.4) and ``new_rating`` are None for an unrated player, who
    gets ``initial_rating`` (FIDE B.02 8.2) or, when the rules give none,
    ``initial_reason``. ``games`` and ``score`` count the games in ``results``.
    ``becomes_unrated``: the new rating is below 1400, so the player is shown as
    unrated on the next list (FIDE B.02 7.2.1; there is no floor).
    """

    start_number: int
    k: int | None
    k_rule: str | None
    games: int
    score: float
    expected: float | None
    change: float | None
    rounded_change: int | None
    new_rating: int | None
    performance: float | None
    initial_rating: int | None
    initial_reason: InitialReason | None
    results: tuple[RatedGame, ...]
    becomes_unrated: bool


def _k_error(message: str, reason: str, **params: str | float) -> InputError:
    return InputError("k-invalid", message, field="k", reason=reason, params=params)


def _overrides(tournament: Tournament, k: Mapping[int, int] | None) -> dict[int, int]:
    if k is None:
        return {}
    if not isinstance(k, Mapping):
        raise _k_error("The K-factors must map start numbers to K-factors.", "type")
    ratings = {player.start_number: player.rating for player in tournament.players}
    checked = {}
    for number, value in k.items():
        if isinstance(number, bool) or not isinstance(number, int) or number not in ratings:
            raise _k_error(
                f"There is no player with start number {number}.", "unknown-player",
                number=str(number),
            )
        if ratings[number] is None:
            raise _k_error(
                f"Player {number} is unrated: a K-factor does not apply.", "unrated", number=number
            )
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MAX_K:
            raise _k_error(
                f"The K-factor of player {number} must be a whole number from 1 to {MAX_K}.",
                "range", number=number, min=1, max=MAX_K,
            )
        checked[number] = value
    return checked


def _initial_reason(games: int, score: float) -> InitialReason:
    """Which condition of FIDE B.02 8.2 / 7.1.4 a player without a first rating misses."""
    if games < INITIAL_RATING_MIN_GAMES:
        return "too-few-games"
    if score == 0:
        return "zero-score"
    return "below-1400"


def _rate_unrated(player: Player, games: list[tuple[Player, float]]) -> PlayerRating:
    ratings = [opponent.rating for opponent, _ in games if opponent.rating is not None]
    score = sum(score for _, score in games)
    initial = fide_initial_rating(ratings, score)
    return PlayerRating(
        start_number=player.start_number, k=None, k_rule=None, games=len(games), score=score,
        expected=None, change=None, rounded_change=None, new_rating=None,
        performance=performance_rating(ratings, score) if games else None,
        initial_rating=initial,
        initial_reason=None if initial is not None else _initial_reason(len(games), score),
        results=tuple(
            RatedGame(opponent.start_number, opponent.rating or 0, score, None, None)
            for opponent, score in games
        ),
        becomes_unrated=False,
    )


def _rate_rated(
    player: Player, rating: int, games: list[tuple[Player, float]], override: int | None,
    year: int | None, cap: Cap,
) -> PlayerRating:
    n = len(games)
    rule: str
    if override is not None:
        # FIDE B.02 8.3.3: K × n ≤ 700 holds for a K set by hand too.
        k, rule = override, "override"
        if n and override * n > K_TIMES_GAMES_MAX:
            k = K_TIMES_GAMES_MAX // n
    else:
        # The file does not tell past games or a past 2400: assume ≥ 30 games, and 2400
        # reached only if the rating is 2400 now (the caller overrides K otherwise).
        junior = player.birth_year is not None and year is not None
        factor = fide_k_factor_reason(
            rating,
            rated_games=NEW_PLAYER_GAMES,
            birth_year=player.birth_year if junior else None,
            year=year if junior else None,
            reached_2400=rating >= 2400,
            games_in_period=n,
        )
        k, rule = factor.k, factor.rule
    ratings = [float(opponent.rating or 0) for opponent, _ in games]
    result = rate_period(
        rating,
        [Game(opponent_rating, score) for opponent_rating, (_, score) in zip(ratings, games)],
        k=k, model="fide", cap=cap, rounding="fide",
    )
    rounded = int(result.rounded_change)
    return PlayerRating(
        start_number=player.start_number, k=k, k_rule=rule, games=n, score=result.score,
        expected=result.expected, change=result.change, rounded_change=rounded,
        new_rating=rating + rounded,
        performance=performance_rating(ratings, result.score) if n else None,
        initial_rating=None, initial_reason=None,
        results=tuple(
            RatedGame(
                opponent.start_number, int(rated), game.game.score, game.expected, game.change
            )
            for (opponent, _), rated, game in zip(games, ratings, result.games)
        ),
        becomes_unrated=becomes_unrated(rating + rounded),
    )


def rate(
    tournament: Tournament,
    *,
    k: Mapping[int, int] | None = None,
    rating_list: RatingList | None = None,
) -> list[PlayerRating]:
    """Every player's rating from the tournament, as ONE rating period (FIDE B.02), in file order.

    ``rating_list`` (``"standard"``, ``"rapid"`` or ``"blitz"``) names the list
    rated for; None takes the file's (:attr:`Tournament.rating_list`), and
    standard when the file does not say. The rapid and blitz lists follow
    the standard rules below (K since 1 October 2022 — on secondary sources,
    the regulation's text was not at hand), except the 400-point rule, which
    stays the plain cap there: the 2650 exemption of 1 October 2025 was
    announced for the standard list.

    - Only rated games count: results 1, = and 0. Forfeits (+ −), games not
      rated (W D L), byes (H F U Z) and rounds without a result do not.
    - A rated player's games against unrated opponents are left out: they do
      not change the rating.
    - Expected scores from table 8.1.2 (model "fide") with the 400-point rule
      of 8.3.1 as it stood when the event ended (:attr:`Tournament.last_day`,
      :func:`elo_core.elo.fide_cap_on`): from 1 October 2025 a difference
      over 400 counts as 400 unless the player is rated 2650 or more (cap
      "fide"), before that day for every player (cap "400"), and so when the
      file has no date the rule in force; for rapid and blitz, over 400
      counts as 400 for everyone (cap "400").
    - K by 8.3.3 (:func:`elo_core.fide.fide_k_factor_reason`) from the rating
      and the age: birth year from the file, the year from the end date (else
      the last round date, else the start date); with neither, no junior K.
      The file cannot say how many rated games a player has had nor whether
      the rating ever reached 2400: the rules assume at least 30 and "only if
      rated 2400 now". ``k`` overrides K by start number (rated players only,
      whole numbers 1 to 1000; ``k_rule`` is then ``"override"``). Either way
      K × n ≤ 700, n the player's rated games here.
    - ΔR = K · Σ(S − E), rounded once, half away from zero (8.3.4). A new
      rating below 1400 sets ``becomes_unrated`` (7.2.1: shown as unrated on
      the next list; there is no floor).
    - An unrated player gets a first rating by 8.2 over the games against
      rated opponents (:func:`elo_core.fide.fide_initial_rating`), or None and
      the condition missed: ``"too-few-games"`` (under 5), ``"zero-score"``
      or ``"below-1400"``.
    - Everyone's performance rating (Title Regulations 1.4.8, method "fide")
      over the games against rated opponents; None without such games.

    Raises :class:`InputError` "k-invalid" for a bad ``k`` (reason
    ``"unknown-player"``, ``"unrated"``, ``"range"`` or ``"type"``) and
    "option-invalid" for a ``rating_list`` that is none of the three.
    """
    if not isinstance(tournament, Tournament):
        raise InputError(
            "trf-invalid", "Only a Tournament can be rated.", field="trf", reason="type"
        )
    overrides = _overrides(tournament, k)
    chosen = tournament.rating_list if rating_list is None else check_option(
        rating_list, RATING_LISTS, "rating_list"
    )
    cap: Cap = fide_cap_on(tournament.last_day) if chosen in (None, "standard") else "400"
    by_number = {player.start_number: player for player in tournament.players}
    year = tournament.year
    ratings = []
    for player in tournament.players:
        games = []
        for entry in player.rounds:
            score = RATED_SCORES.get(entry.code)
            if score is None or entry.opponent is None:
                continue
            opponent = by_number.get(entry.opponent)
            if opponent is None:
                raise InputError(
                    "trf-invalid",
                    f"Player {player.start_number} has an opponent without a player line "
                    f"({entry.opponent}).",
                    field="trf", reason="unknown-opponent", params={"opponent": entry.opponent},
                )
            if opponent.rating is not None:
                games.append((opponent, score))
        if player.rating is None:
            ratings.append(_rate_unrated(player, games))
        else:
            ratings.append(
                _rate_rated(
                    player, player.rating, games, overrides.get(player.start_number), year, cap
                )
            )
    return ratings
