"""FIDE title norms from a tournament report (Handbook B.01, Title Regulations, from 2024).

:func:`check` tells whether one player's result in a :class:`~elo_core.trf.Tournament` is a GM,
IM, WGM or WIM norm, requirement by requirement, each citing its paragraph; :func:`report` checks
every player, :func:`first_norm_round` finds the round a norm was reached. This module also
exports :func:`plan` (what a norm still needs during an event) and :func:`points_needed` (the
annex's table of points needed) from :mod:`elo_core.norm_plan`, and
:func:`exemption_from_file` (the big Swiss's exemption of 1.4.3d) from
:mod:`elo_core.norm_exemption`. All of them decide which games count and what the opponents
bring with the same two functions of :mod:`elo_core.norm_rules`, so they cannot disagree.

The rules (B.01; the paragraph is in each requirement's ``rule``):

- 1.4.1 games: at least 9 games count; in a 9-round event 8 games do when the one missing is
  a forfeit win or a pairing-allocated bye (an odd round robin's rest is one, even where the
  file leaves the round blank). Only rounds 1…``rounds`` are looked at (1.4.1e: outside
  round robins later rounds may be ignored once the norm is reached), and games against
  opponents the player beat may be left out (1.4.1f, ``drop``). The number of rounds is the
  event's (:attr:`Tournament.rounds`: the file's ``XXR`` or 142 where it has one). The 7-game
  rule of world and continental team championships is not applied (a report file does not
  say what the event is).
- 1.4.2: only rated games count (results 1, = and 0: not forfeits, byes, nor W, D and L,
  games played but not rated); in a round robin, not the games against an unrated opponent
  who scored nothing against rated opponents (1.4.2b); a last-round game won by forfeit
  counts as a loss when the player needs it to reach the number of games, and only then
  (1.4.2c). Games against opponents of non-FIDE federations do not count either, but the
  file cannot tell them.
- 1.4.3–1.4.4 federations: at least two federations other than the applicant's; at most 3/5
  of the opponents from the applicant's federation and at most 2/3 from any one federation
  (maximum counts rounded down). FID (registered with FIDE under no federation) is no
  federation: such opponents count as games but for no federation rule (1.4.2a). A blank or
  unknown federation decides nothing: a requirement that depends on it is **open** ("the file
  cannot decide"), neither met nor missed. An ``exemption`` of 1.4.3 (national championship
  final, national team championship, zonal, big Swiss) exempts the event from all three: a
  national championship could never meet the 3/5 limit.
- 1.4.5 titles: at least 50 % of the opponents title-holders (GM, IM, FM, WGM, WIM, WFM; CM
  and WCM do not count), and at least a third, and at least 3, holding the norm's title or a
  higher one (GM → GM; IM → IM, GM; WGM → WGM, IM, GM; WIM → WIM, WGM, IM, GM); in a double
  round robin (every pair meets twice, at least 6 players) at least half. Minimum counts
  round up.
- 1.4.6 opponents' ratings: the ratings in the file (the list in force at the start);
  unrated opponents count as 1400; of the opponents below the norm's rating floor (GM 2200,
  IM 2050, WGM 2000, WIM 1850) only the lowest rated one is raised to it (the first of
  equals, in round order).
- 1.4.7 Ra: the total of the opponents' ratings divided by their number, rounded to a whole
  number, 0.5 upward; at least GM 2380, IM 2230, WGM 2180, WIM 2030 (1.4.8).
- 1.4.8–1.4.9 performance: Rp = Ra + dp, dp from table 8.1.1 for the percentage score
  rounded to a whole number (0.5 up). Rp is compared *before rounding* with GM 2599.5, IM
  2449.5, WGM 2399.5, WIM 2249.5: with Ra a whole number already (1.4.7), Rp is whole, so
  2599.5 means 2600 — the figures shown, Ra + dp = Rp, are the ones compared. The score must
  be at least 35 % (an exact 35 %: the rounding of 1.4.9 is for table 8.1.1).
- 1.7: a norm over more than 13 games counts as 13 games towards the title
  (``NormCheck.games``); its requirements are checked over every game.

The rules of 1.4.2a (FID), of a blank federation, 1.4.2b, 1.4.2c, the double round robin's
half, the odd round robin's rest and of W, D and L rest on one source: an arbiters' program's
reading of B.01 and of a 2026 clarification by FIDE's Qualification Commission; the text of
B.01 itself was not at hand for them.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Literal

from elo_core import norm_rules
from elo_core.errors import InputError
from elo_core.norm_exemption import (
    ExemptionRound,
    SwissExemption,
    SwissReason as SwissReason,  # SwissExemption.reason's type, named here as before
    exemption_from_file,
)
from elo_core.norm_plan import NormPlan, PlannedOpponent, plan, points_needed
from elo_core.norm_rules import (
    MIN_GAMES,
    NOTE_CODES,
    REQUIREMENT_CODES,
    TITLE_LEVELS,
    TITLES,
    NormNote,
    NormNoteCode,
    NormTitle,
    Requirement,
    RequirementCode,
    RequirementState,
    TitleLevel,
    checked_title,
    federation_kind,
    not_a_tournament,
    title_of,
)
from elo_core.trf import RATED_SCORES, Player, Tournament
from elo_core.validation import check_count, check_option

__all__ = [
    "EXEMPTIONS",
    "Exemption",
    "ExemptionRound",
    "MAX_NORM_GAMES",
    "NOTE_CODES",
    "NormCheck",
    "NormNote",
    "NormNoteCode",
    "NormPlan",
    "NormState",
    "NormTitle",
    "PlannedOpponent",
    "PlayerNorms",
    "REQUIREMENT_CODES",
    "Requirement",
    "RequirementCode",
    "RequirementState",
    "SwissExemption",
    "TITLES",
    "TitleLevel",
    "candidates",
    "check",
    "exemption_from_file",
    "first_norm_round",
    "is_double_round_robin",
    "is_round_robin",
    "minimum_average",
    "plan",
    "points_needed",
    "rating_floor",
    "report",
    "title_of",
]

Exemption = Literal["national-championship", "national-team-championship", "zonal", "swiss"]
#: The events of B.01 1.4.3 exempt from the federation rules (the arbiter says which applies).
EXEMPTIONS: tuple[Exemption, ...] = (
    "national-championship", "national-team-championship", "zonal", "swiss",
)
#: ``"open"``: no requirement is missed, but one depends on what the file does not know.
NormState = Literal["achieved", "missed", "open"]

#: B.01 1.7: a norm counts as at most this many games towards the title.
MAX_NORM_GAMES = 13


def minimum_average(title: NormTitle) -> int:
    """The lowest average rating of opponents a norm allows (B.01 1.4.8): GM 2380, IM 2230,
    WGM 2180, WIM 2030."""
    return TITLE_LEVELS[checked_title(title)].average


def rating_floor(title: NormTitle) -> int:
    """The norm's rating floor (B.01 1.4.6): GM 2200, IM 2050, WGM 2000, WIM 1850."""
    return TITLE_LEVELS[checked_title(title)].floor


def is_round_robin(tournament: Tournament) -> bool:
    """Whether every player meets every other one (once or more): predetermined pairings, so all
    rounds count (B.01 1.4.1e). Forfeits count as meetings, as the pairing stood."""
    if not isinstance(tournament, Tournament):
        raise not_a_tournament()
    return norm_rules.event(tournament).round_robin


def is_double_round_robin(tournament: Tournament) -> bool:
    """Whether every pair of players meets exactly twice, with at least 6 players: the double
    round robin of B.01 1.4.5, where half the opponents must hold the norm's title."""
    if not isinstance(tournament, Tournament):
        raise not_a_tournament()
    return norm_rules.event(tournament).double_round_robin


# --- the check ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class NormCheck:
    """One player's result checked against one title's norm (B.01 1.4).

    ``games`` is what the norm counts as (the games that count, at most 13 by 1.7: the
    ``games`` requirement's value has them all); ``score`` the points in them;
    ``average_rating`` Ra after 1.4.6 and the rounding of 1.4.7; ``raised`` the start number
    of the opponent raised to the rating floor (None: none was below it); ``dp`` from table
    8.1.1 and ``performance`` Rp = Ra + dp, the figure compared with the norm's level.
    ``state`` is ``"achieved"`` when every requirement is met, ``"missed"`` when one is not,
    ``"open"`` when none is missed but one depends on what the file does not know.
    ``notes`` are the rounds counted or left out in a way the file does not show.
    """

    title: NormTitle
    achieved: bool
    games: int
    score: float
    average_rating: int
    raised: int | None
    performance: float
    requirements: tuple[Requirement, ...]
    dp: int = 0
    state: NormState = "missed"
    notes: tuple[NormNote, ...] = ()

    def requirement(self, code: RequirementCode) -> Requirement:
        """The requirement with this ``code``."""
        for requirement in self.requirements:
            if requirement.code == code:
                return requirement
        raise KeyError(code)


def _player(by_number: dict[int, Player], start_number: object) -> Player:
    if isinstance(start_number, int) and not isinstance(start_number, bool):
        player = by_number.get(start_number)
        if player is not None:
            return player
    raise InputError(
        "player-invalid", f"There is no player with start number {start_number}.",
        field="start_number", reason="unknown-player", params={"number": str(start_number)},
    )


def _verdict(requirements: Sequence[Requirement]) -> NormState:
    states = {requirement.state for requirement in requirements}
    if "not-met" in states:
        return "missed"
    return "open" if "open" in states else "achieved"


def _evaluate(
    event: norm_rules.Event,
    player: Player,
    norm: NormTitle,
    games: Sequence[norm_rules.CountedGame],
    notes: Sequence[NormNote],
    needed_games: int,
    exemption: Exemption | None,
) -> NormCheck:
    """The requirements over the counted ``games``."""
    level = TITLE_LEVELS[norm]
    n = len(games)
    half_points = sum(game.half_points for game in games)
    ratings, lowest = norm_rules.raise_to_floor([game.opponent.rating for game in games],
                                                level.floor)
    requirements = [
        Requirement("games", "met" if n >= needed_games else "not-met", n, needed_games, "1.4.1"),
        *norm_rules.mix(
            [(federation_kind(game.opponent.federation), title_of(game.opponent.title))
             for game in games],
            federation_kind(player.federation), level,
            double_round_robin=event.double_round_robin, exempt=exemption is not None,
        ),
    ]
    average = norm_rules.round_half_up(sum(ratings), n) if n else 0
    dp = norm_rules.dp(half_points, n) if n else 0
    score_needed = norm_rules.score_needed(n)
    requirements += [
        Requirement("average-rating", "met" if n and average >= level.average else "not-met",
                    average, level.average, "1.4.7"),
        Requirement("performance",
                    "met" if n and average + dp >= level.performance else "not-met",
                    average + dp if n else 0, level.performance, "1.4.8"),
        Requirement("score", "met" if n and half_points >= score_needed else "not-met",
                    half_points / 2, score_needed / 2, "1.4.8"),
    ]
    state = _verdict(requirements)
    return NormCheck(
        title=norm,
        achieved=state == "achieved",
        games=min(n, MAX_NORM_GAMES),
        score=half_points / 2,
        average_rating=average,
        raised=None if lowest is None else games[lowest].opponent.start_number,
        performance=float(average + dp) if n else 0.0,
        requirements=tuple(requirements),
        dp=dp,
        state=state,
        notes=tuple(notes),
    )


def _check(
    event: norm_rules.Event,
    player: Player,
    norm: NormTitle,
    last: int,
    drop: Collection[int],
    exemption: Exemption | None,
) -> NormCheck:
    """:func:`check` on checked arguments: 1.4.2c's forfeit counts as a loss only when the
    games that count fall short of 1.4.1's number without it, and reach it with it."""
    games, notes = norm_rules.counted_games(event, player, last, drop)
    needed = norm_rules.games_needed(event, player, last, len(games))
    if len(games) < needed and norm_rules.last_round_forfeit(event, player, last):
        with_loss, loss_notes = norm_rules.counted_games(
            event, player, last, drop, forfeit_as_loss=True
        )
        if len(with_loss) >= norm_rules.games_needed(event, player, last, len(with_loss)):
            games, notes = with_loss, loss_notes
            needed = norm_rules.games_needed(event, player, last, len(games))
    return _evaluate(event, player, norm, games, notes, needed, exemption)


def _checked_drop(drop: object) -> frozenset[int]:
    if isinstance(drop, (str, bytes)) or not isinstance(drop, Collection) or not all(
        isinstance(number, int) and not isinstance(number, bool) for number in drop
    ):
        raise InputError(
            "player-invalid", "The opponents to leave out must be start numbers.", field="drop",
            reason="drop-type",
        )
    return frozenset(drop)


def check(
    tournament: Tournament,
    start_number: int,
    title: NormTitle,
    *,
    rounds: int | None = None,
    drop: Collection[int] = (),
    exemption: Exemption | None = None,
) -> NormCheck:
    """Whether player ``start_number`` made a ``title`` norm in ``tournament`` (B.01 1.4).

    ``title`` is ``"GM"``, ``"IM"``, ``"WGM"`` or ``"WIM"``; the games of rounds
    1…``rounds`` count (None: all); ``drop`` names start numbers of beaten opponents to
    leave out (1.4.1f); ``exemption`` one of :data:`EXEMPTIONS` (1.4.3) the arbiter vouches
    for. See the module's docstring for every rule. With no game that counts, Ra and Rp
    are 0.

    Raises :class:`InputError`: "option-invalid" (title, exemption), "count-invalid"
    (rounds: 1 to the tournament's rounds), "player-invalid" (reason ``"unknown-player"``,
    or ``"drop"`` for a start number that is not an opponent the player beat in those
    rounds) and "trf-invalid" for anything but a Tournament.
    """
    if not isinstance(tournament, Tournament):
        raise not_a_tournament()
    norm = checked_title(title)
    event = norm_rules.event(tournament)
    player = _player(event.by_number, start_number)
    last = tournament.rounds if rounds is None else check_count(
        rounds, "rounds", minimum=1, maximum=max(1, tournament.rounds)
    )
    if exemption is not None:
        exemption = check_option(exemption, EXEMPTIONS, "exemption")
    return _check(event, player, norm, last, _checked_drop(drop), exemption)



# --- rounds ---------------------------------------------------------------------------------------


def first_norm_round(
    tournament: Tournament,
    start_number: int,
    title: NormTitle,
    *,
    exemption: Exemption | None = None,
) -> int | None:
    """The first round after which the player's result is a ``title`` norm (B.01 1.4.1e: outside
    round robins later rounds may be ignored once the norm is reached); None if none is.

    Looks at rounds 1, 2, … up to the tournament's last (at most 999 checks).
    """
    if not isinstance(tournament, Tournament):
        raise not_a_tournament()
    norm = checked_title(title)
    if exemption is not None:
        exemption = check_option(exemption, EXEMPTIONS, "exemption")
    event = norm_rules.event(tournament)
    return _first_round(event, _player(event.by_number, start_number), norm, exemption)


def _first_round(
    event: norm_rules.Event, player: Player, norm: NormTitle, exemption: Exemption | None
) -> int | None:
    for last in range(1, event.tournament.rounds + 1):
        played = sum(1 for entry in player.rounds[:last] if entry.code in RATED_SCORES)
        if played < MIN_GAMES - 1:
            continue  # no norm yet: not enough games (1.4.1)
        if _check(event, player, norm, last, frozenset(), exemption).achieved:
            return last
    return None


# --- every player ---------------------------------------------------------------------------------


def candidates(player: Player) -> tuple[NormTitle, ...]:
    """The norm titles a player may still aim for: not one held already or below one held
    (in the order GM, IM, WGM, WIM of 1.4.5), and WGM and WIM only for women (sex ``w`` or
    ``f`` in the file)."""
    held = title_of(player.title)
    titles = TITLES[: TITLES.index(held)] if held in TITLES else TITLES
    if player.sex.strip().lower() not in ("w", "f"):
        titles = tuple(title for title in titles if title in ("GM", "IM"))
    return titles


@dataclass(frozen=True, slots=True)
class PlayerNorms:
    """One player's norm checks: one per title of :func:`candidates`, and for each the first
    round after which the norm holds (None: not achieved, or the event is a round robin, where
    every round counts)."""

    start_number: int
    checks: tuple[NormCheck, ...]
    first_rounds: tuple[int | None, ...]


def report(tournament: Tournament, *, exemption: Exemption | None = None) -> tuple[PlayerNorms, ...]:
    """Every player with enough games for a norm (1.4.1), checked for each title they may still
    aim for (:func:`candidates`), in file order. ``exemption`` as in :func:`check`."""
    if not isinstance(tournament, Tournament):
        raise not_a_tournament()
    if exemption is not None:
        exemption = check_option(exemption, EXEMPTIONS, "exemption")
    event = norm_rules.event(tournament)
    found = []
    for player in tournament.players:
        titles = candidates(player)
        played = sum(1 for entry in player.rounds if entry.code in RATED_SCORES)
        if not titles or played < MIN_GAMES - 1:
            continue  # 1.4.1: 9 games, 8 with a forfeit win or a bye (1.4.1c, 1.4.2c)
        checks = tuple(
            _check(event, player, title, tournament.rounds, frozenset(), exemption)
            for title in titles
        )
        if not checks[0].requirement("games").met:
            continue
        found.append(PlayerNorms(
            player.start_number,
            checks,
            tuple(
                _first_round(event, player, result.title, exemption)
                if not event.round_robin and result.achieved else None
                for result in checks
            ),
        ))
    return tuple(found)
