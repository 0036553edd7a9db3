"""Planning a FIDE title norm: the points it needs against given opponents (the annex of B.01's
tables of points needed, computed) and, during an event, what the rounds to come must bring.

Both answer by the rules a finished event is checked by (:mod:`elo_core.norms`): the games
(B.01 1.4.1), the rating floor (1.4.6), Ra (1.4.7), Rp and the 35 % score (1.4.8–1.4.9) and the
opponent mix (1.4.3–1.4.5, :func:`elo_core.norm_rules.mix`), so a plan and a check of the same
games agree.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from elo_core import norm_rules
from elo_core.errors import InputError
from elo_core.norm_rules import (
    MIN_GAMES,
    TITLE_LEVELS,
    UNKNOWN,
    NormTitle,
    Requirement,
    checked_title,
    federation_kind,
    title_of,
)
from elo_core.validation import MAX_RATING, check_count

__all__ = ["NormPlan", "PlannedOpponent", "plan", "points_needed"]

#: points_needed takes events of up to this many games (the annex's tables stop at 19).
_MAX_PLANNED_GAMES = 99


def points_needed(title: NormTitle, games: int, average_rating: int) -> float | None:
    """The fewest points (in half points) that make a ``title`` norm's performance with ``games``
    games against opponents averaging ``average_rating`` (Ra, a whole number after 1.4.7).

    The score must give Rp = Ra + dp ≥ the norm's level before rounding (1.4.8–1.4.9, dp
    from table 8.1.1 for the percentage rounded 0.5 up) and be at least 35 % (1.4.8). None
    when Ra is below the norm's minimum (1.4.8: GM 2380, IM 2230, WGM 2180, WIM 2030). The
    annex's tables of points needed, computed; ``games`` from 1 to 99.
    """
    norm = checked_title(title)
    games = check_count(games, "games", minimum=1, maximum=_MAX_PLANNED_GAMES)
    if isinstance(average_rating, bool) or not isinstance(average_rating, int) or not (
        0 <= average_rating <= MAX_RATING
    ):
        raise InputError(
            "rating-invalid",
            f"The average rating must be a whole number from 0 to {MAX_RATING}.",
            field="average_rating",
        )
    level = TITLE_LEVELS[norm]
    if average_rating < level.average:
        return None
    for half_points in range(norm_rules.score_needed(games), 2 * games + 1):
        if average_rating + norm_rules.dp(half_points, games) >= level.performance:
            return half_points / 2
    return None


@dataclass(frozen=True, slots=True)
class PlannedOpponent:
    """An opponent played or expected: rating (None: unrated, 1400 by 1.4.6), title as a report
    file writes it ("" none) and federation ("" or a code FIDE does not use: not known; FID:
    no federation)."""

    rating: int | None
    title: str = ""
    federation: str = ""


@dataclass(frozen=True, slots=True)
class NormPlan:
    """What a ``title`` norm needs over ``games`` games against the opponents given (B.01 1.4).

    ``average_rating`` is Ra over every opponent after 1.4.6 (the rating floor) and 1.4.7;
    ``points_needed`` the total the norm needs (:func:`points_needed`; None: Ra is below the
    minimum); ``still_needed`` what is left to score after ``score`` (0 if reached; None: out
    of reach, more than the games left can give). ``requirements`` are the opponent mix
    (1.4.3–1.4.5) over the opponents given, as :class:`Requirement`: ``"open"`` where the
    opponents not yet known decide it (``unknown`` of them), ``"not-met"`` where they no
    longer can.
    """

    title: NormTitle
    games: int
    average_rating: int
    raised: int | None
    points_needed: float | None
    score: float
    still_needed: float | None
    requirements: tuple[Requirement, ...]


def plan(
    title: NormTitle,
    games: int,
    played: Sequence[tuple[PlannedOpponent, float]],
    coming: Sequence[PlannedOpponent],
    *,
    federation: str,
    average: int | None = None,
) -> NormPlan:
    """What a ``title`` norm needs in an event of ``games`` rounds (each a game that counts).

    ``played`` are the games so far (opponent, points), ``coming`` the opponents expected
    next; the rest of the ``games`` are opponents rated ``average`` (needed if there is a
    rest), title and federation unknown. ``federation`` is the player's ("" or a code FIDE
    does not use: not known). ``raised`` is the index (0-based, played first) of the opponent
    raised to the floor. The same rules as :func:`elo_core.norms.check`
    (:func:`elo_core.norm_rules.mix`): over a finished event's counted games the two agree.
    Raises InputError: "count-invalid" (games 1 to 99, or more opponents than games),
    "rating-invalid" (average), "score-invalid".
    """
    norm = checked_title(title)
    level = TITLE_LEVELS[norm]
    games = check_count(games, "games", minimum=1, maximum=_MAX_PLANNED_GAMES)
    known = [opponent for opponent, _ in played] + list(coming)
    if len(known) > games:
        raise InputError(
            "count-invalid",
            f"There are {len(known)} opponents for {games} rounds.",
            field="games", reason="opponents", params={"min": len(known), "max": _MAX_PLANNED_GAMES},
        )
    rest = games - len(known)
    if rest and (
        average is None or isinstance(average, bool) or not isinstance(average, int)
        or not 0 <= average <= MAX_RATING
    ):
        raise InputError(
            "rating-invalid",
            f"The average rating of the {rest} opponents not given must be a whole number from 0 "
            f"to {MAX_RATING}.",
            field="average", params={"min": 0, "max": MAX_RATING},
        )
    ratings, raised = norm_rules.raise_to_floor(
        [opponent.rating for opponent in known] + [average or 0] * rest, level.floor
    )
    ra = norm_rules.round_half_up(sum(ratings), games)
    half_points = 0
    for _, points in played:
        if points not in (0, 0.5, 1):
            raise InputError("score-invalid", "A result must be 1, 0.5 or 0.", field="played")
        half_points += int(2 * points)
    needed = points_needed(norm, games, ra) if games >= MIN_GAMES else None
    left = games - len(played)
    still: float | None = None
    if needed is not None:
        still = max(0.0, needed - half_points / 2)
        if still > left:
            still = None
    opponents = [
        (federation_kind(opponent.federation), title_of(opponent.title)) for opponent in known
    ] + [(UNKNOWN, UNKNOWN)] * rest
    requirements = norm_rules.mix(opponents, federation_kind(federation), level)
    return NormPlan(norm, games, ra, raised, needed, half_points / 2, still, tuple(requirements))
