"""FIDE title norms from a tournament report (Handbook B.01, Title Regulations, from 2024).

:func:`check` tells whether one player's result in a :class:`~elo_core.trf.Tournament` is a GM,
IM, WGM or WIM norm, requirement by requirement, each citing its paragraph;
:func:`points_needed` is the annex's table of points needed, computed from the same rules.

The rules (B.01; the paragraph is in each requirement's ``rule``):

- 1.4.1 games: at least 9 games count; in a 9-round event 8 games do when the
  one missing is a forfeit win or a pairing-allocated bye. Only the rounds
  1…``rounds`` are looked at (1.4.1e: outside round robins later rounds may be
  ignored once the norm is reached), and games against opponents the player
  beat may be left out (1.4.1f, ``drop``). The 7-game rule of world and
  continental team championships is not applied (a report file does not say
  what the event is).
- 1.4.2: games decided by forfeit and byes do not count; only rated games
  (results 1, = and 0 of the file) do. Games against opponents from non-FIDE
  federations do not count either, but the file cannot tell them: every
  federation code is taken for a FIDE federation.
- 1.4.3–1.4.4 federations: at least two federations other than the
  applicant's; at most 3/5 of the opponents from the applicant's federation
  and at most 2/3 from any one federation (maximum counts rounded down). An
  ``exemption`` of 1.4.3 (national championship final, national team
  championship, zonal, big Swiss) is the arbiter's word and exempts the
  event from all three: a national championship could never meet the 3/5 limit.
- 1.4.5 titles: at least 50 % of the opponents title-holders (GM, IM, FM,
  WGM, WIM, WFM; CM and WCM do not count), and at least a third, and at
  least 3, holding the norm's title or a higher one (GM → GM; IM → IM, GM;
  WGM → WGM, IM, GM; WIM → WIM, WGM, IM, GM). Minimum counts round up.
- 1.4.6 opponents' ratings: the ratings in the file (the list in force at
  the start); unrated opponents count as 1400; of the opponents below the
  norm's rating floor (GM 2200, IM 2050, WGM 2000, WIM 1850) only the lowest
  rated one is raised to it (the first of equals, in round order).
- 1.4.7 Ra: the total of the opponents' ratings divided by their number,
  rounded to a whole number, 0.5 upward; at least GM 2380, IM 2230,
  WGM 2180, WIM 2030 (1.4.8).
- 1.4.8–1.4.9 performance: Rp = Ra + dp, dp from table 8.1.1 for the
  percentage score rounded to a whole number (0.5 up). Rp is compared
  *before rounding* with GM 2599.5, IM 2449.5, WGM 2399.5, WIM 2249.5; it is
  computed here from the unrounded average, which gives the same verdict as
  the rounded Ra (an average at or above x − 0.5 is exactly one that rounds
  to x or more). The score must be at least 35 % (an exact 35 %: the rounding
  of 1.4.9 is for table 8.1.1).
- 1.7: a norm over more than 13 games counts as 13 games towards the title
  (``NormCheck.games``); its requirements are checked over every game.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Literal

from elo_core.errors import InputError
from elo_core.fide_tables import FIDE_TABLE_8_1_1
from elo_core.trf import RATED_SCORES, Player, Tournament
from elo_core.validation import MAX_RATING, check_count, check_option

__all__ = [
    "EXEMPTIONS",
    "Exemption",
    "MAX_NORM_GAMES",
    "NormCheck",
    "NormPlan",
    "NormTitle",
    "PlannedOpponent",
    "PlayerNorms",
    "REQUIREMENT_CODES",
    "Requirement",
    "RequirementCode",
    "TITLES",
    "TitleLevel",
    "candidates",
    "check",
    "first_norm_round",
    "is_round_robin",
    "minimum_average",
    "plan",
    "points_needed",
    "rating_floor",
    "report",
    "title_of",
]

NormTitle = Literal["GM", "IM", "WGM", "WIM"]
#: The norm titles, highest first (1.4.5's "or higher" follows this order).
TITLES: tuple[NormTitle, ...] = ("GM", "IM", "WGM", "WIM")

Exemption = Literal["national-championship", "national-team-championship", "zonal", "swiss"]
#: The events of B.01 1.4.3 exempt from the federation rules (the arbiter says which applies).
EXEMPTIONS: tuple[Exemption, ...] = (
    "national-championship", "national-team-championship", "zonal", "swiss",
)

RequirementCode = Literal[
    "games", "federations", "own-federation", "one-federation", "title-holders",
    "titled-opponents", "average-rating", "performance", "score",
]
#: The requirements of a norm, in the order :class:`NormCheck` lists them.
REQUIREMENT_CODES: tuple[RequirementCode, ...] = (
    "games", "federations", "own-federation", "one-federation", "title-holders",
    "titled-opponents", "average-rating", "performance", "score",
)

#: B.01 1.7: a norm counts as at most this many games towards the title.
MAX_NORM_GAMES = 13
#: B.01 1.4.1a: games a norm needs.
_MIN_GAMES = 9
#: B.01 1.4.6: an unrated opponent's rating.
_UNRATED = 1400
#: B.01 1.4.5: the 1.4.5 minimum of opponents holding the norm's title or higher.
_MIN_TITLED = 3
#: points_needed takes events of up to this many games (the annex's tables stop at 19).
_MAX_PLANNED_GAMES = 99


@dataclass(frozen=True, slots=True)
class TitleLevel:
    """A norm's levels: Rp before rounding (1.4.8), minimum Ra (1.4.8), rating floor (1.4.6)."""

    performance: float
    average: int
    floor: int
    #: The titles that count as "the norm's title or higher" (1.4.5).
    titled: frozenset[str]


_LEVELS: dict[str, TitleLevel] = {
    "GM": TitleLevel(2599.5, 2380, 2200, frozenset({"GM"})),
    "IM": TitleLevel(2449.5, 2230, 2050, frozenset({"GM", "IM"})),
    "WGM": TitleLevel(2399.5, 2180, 2000, frozenset({"GM", "IM", "WGM"})),
    "WIM": TitleLevel(2249.5, 2030, 1850, frozenset({"GM", "IM", "WGM", "WIM"})),
}
#: B.01 1.4.5 (titles of 0.3): the title-holders; CM and WCM are left out.
_TITLE_HOLDERS = frozenset({"GM", "IM", "FM", "WGM", "WIM", "WFM"})
#: The title field as report files write it: TRF16's letters (g, m, f, c, wg …) or the title.
_TITLE_SPELLINGS: dict[str, str] = {
    "G": "GM", "M": "IM", "F": "FM", "C": "CM", "WG": "WGM", "WM": "WIM", "WF": "WFM",
    "WC": "WCM", "GM": "GM", "IM": "IM", "FM": "FM", "CM": "CM", "WGM": "WGM", "WIM": "WIM",
    "WFM": "WFM", "WCM": "WCM",
}
_DP_BY_PERCENT: dict[int, int] = {round(entry.p * 100): entry.dp for entry in FIDE_TABLE_8_1_1}


@dataclass(frozen=True, slots=True)
class Requirement:
    """One requirement of a norm: whether it is ``met``, the player's ``value`` and ``needed``.

    ``needed`` is a minimum, except for ``own-federation`` and
    ``one-federation``, where it is the most opponents allowed. ``rule`` is
    the paragraph of B.01 (``"1.4.5"``). For ``score`` the value is the
    points and ``needed`` the fewest half points that make 35 %.
    """

    code: RequirementCode
    met: bool
    value: float
    needed: float
    rule: str


@dataclass(frozen=True, slots=True)
class NormCheck:
    """One player's result checked against one title's norm (B.01 1.4).

    ``games`` is what the norm counts as (the games played, at most 13 by
    1.7: the ``games`` requirement's value has them all); ``score`` the
    points in them; ``average_rating`` Ra after 1.4.6 and the rounding of
    1.4.7; ``raised`` the start number of the opponent raised to the rating
    floor (None: none was below it); ``performance`` Rp before rounding.
    ``achieved`` when every requirement is met.
    """

    title: NormTitle
    achieved: bool
    games: int
    score: float
    average_rating: int
    raised: int | None
    performance: float
    requirements: tuple[Requirement, ...]

    def requirement(self, code: RequirementCode) -> Requirement:
        """The requirement with this ``code``."""
        for requirement in self.requirements:
            if requirement.code == code:
                return requirement
        raise KeyError(code)


# --- small rules ----------------------------------------------------------------------------------


def minimum_average(title: NormTitle) -> int:
    """The lowest average rating of opponents a norm allows (B.01 1.4.8): GM 2380, IM 2230,
    WGM 2180, WIM 2030."""
    return _LEVELS[_title(title)].average


def rating_floor(title: NormTitle) -> int:
    """The norm's rating floor (B.01 1.4.6): GM 2200, IM 2050, WGM 2000, WIM 1850."""
    return _LEVELS[_title(title)].floor


def title_of(field: str) -> str | None:
    """The title in a report file's title field (``"GM"``, ``"g"``, ``"wf"`` …), or None."""
    return _TITLE_SPELLINGS.get(field.strip().upper())


def _percent(half_points: int, games: int) -> int:
    """The score in whole percent, 0.5 upward (B.01 1.4.9), in whole numbers: no float slips."""
    return (100 * half_points + games) // (2 * games)


def _round_half_up(total: int, count: int) -> int:
    """``total / count`` rounded to a whole number, 0.5 upward (B.01 1.4.7)."""
    return (2 * total + count) // (2 * count)


def _score_needed(games: int) -> int:
    """The fewest half points that are at least 35 % of ``games`` (B.01 1.4.8)."""
    return -(-7 * games // 10)  # 2 · 0.35 · games, rounded up


def _ceil_div(a: int, b: int) -> int:
    return -(-a // b)


def _title(title: object) -> NormTitle:
    return check_option(title, TITLES, "title")


# --- the games that count -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Game:
    round: int
    opponent: Player
    half_points: int


def _index(tournament: Tournament) -> dict[int, Player]:
    return {player.start_number: player for player in tournament.players}


def _player(by_number: dict[int, Player], start_number: object) -> Player:
    if isinstance(start_number, int) and not isinstance(start_number, bool):
        player = by_number.get(start_number)
        if player is not None:
            return player
    raise InputError(
        "player-invalid", f"There is no player with start number {start_number}.",
        field="start_number", reason="unknown-player", params={"number": str(start_number)},
    )


def _games(
    by_number: dict[int, Player], player: Player, rounds: int, drop: Collection[int]
) -> list[_Game]:
    """The games that count (1.4.2): rated results in rounds 1…``rounds``, ``drop`` left out."""
    games = []
    beaten = set()
    for index, entry in enumerate(player.rounds[:rounds], 1):
        if entry.code not in RATED_SCORES or entry.opponent is None:
            continue
        if entry.code == "1":
            beaten.add(entry.opponent)
        if entry.opponent in drop:
            continue
        half_points = int(2 * RATED_SCORES[entry.code])
        games.append(_Game(index, by_number[entry.opponent], half_points))
    for number in drop:
        if number not in beaten:
            raise InputError(
                "player-invalid",
                f"Player {number} is not an opponent that player {player.start_number} beat in "
                "the rounds that count; only those may be left out (B.01 1.4.1f).",
                field="drop", reason="drop", params={"number": str(number)},
            )
    return games


def _games_needed(tournament: Tournament, player: Player, rounds: int, played: int) -> int:
    """B.01 1.4.1a: 9, or 8 in a 9-round event when the missing game is a forfeit win or a
    pairing-allocated bye."""
    if tournament.rounds == 9 and rounds == 9 and played == 8:
        missing = [
            entry for entry in player.rounds
            if entry.code not in RATED_SCORES or entry.opponent is None
        ]
        if len(missing) == 1 and missing[0].code in ("+", "U"):
            return 8
    return _MIN_GAMES


def _ratings(games: Sequence[_Game], floor: int) -> tuple[list[int], int | None]:
    """Each opponent's rating for the norm (1.4.6): unrated 1400, the lowest below the floor
    raised to it; and the start number of the one raised."""
    ratings = [_UNRATED if game.opponent.rating is None else game.opponent.rating for game in games]
    if not ratings:
        return ratings, None
    lowest = min(range(len(ratings)), key=lambda index: (ratings[index], index))
    if ratings[lowest] >= floor:
        return ratings, None
    ratings[lowest] = floor
    return ratings, games[lowest].opponent.start_number


# --- the check ------------------------------------------------------------------------------------


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

    ``title`` is ``"GM"``, ``"IM"``, ``"WGM"`` or ``"WIM"``; the games of
    rounds 1…``rounds`` count (None: all); ``drop`` names start numbers of
    beaten opponents to leave out (1.4.1f); ``exemption`` one of
    :data:`EXEMPTIONS` (1.4.3) the arbiter vouches for. See the module's
    docstring for every rule. With no game that counts, Ra and Rp are 0.

    Raises :class:`InputError`: "option-invalid" (title, exemption),
    "count-invalid" (rounds: 1 to the tournament's rounds), "player-invalid"
    (reason ``"unknown-player"``, or ``"drop"`` for a start number that is
    not an opponent the player beat in those rounds) and "trf-invalid" for
    anything but a Tournament.
    """
    if not isinstance(tournament, Tournament):
        raise InputError(
            "trf-invalid", "Only a Tournament can be checked for norms.", field="trf",
            reason="type",
        )
    norm = _title(title)
    by_number = _index(tournament)
    player = _player(by_number, start_number)
    last = tournament.rounds if rounds is None else check_count(
        rounds, "rounds", minimum=1, maximum=max(1, tournament.rounds)
    )
    if exemption is not None:
        exemption = check_option(exemption, EXEMPTIONS, "exemption")
    if isinstance(drop, (str, bytes)) or not all(
        isinstance(number, int) and not isinstance(number, bool) for number in drop
    ):
        raise InputError(
            "player-invalid", "The opponents to leave out must be start numbers.", field="drop",
            reason="drop-type",
        )
    return _check(tournament, by_number, player, norm, last, frozenset(drop), exemption)


def _check(
    tournament: Tournament,
    by_number: dict[int, Player],
    player: Player,
    norm: NormTitle,
    last: int,
    drop: frozenset[int],
    exemption: Exemption | None,
) -> NormCheck:
    """:func:`check` on checked arguments."""
    level = _LEVELS[norm]
    games = _games(by_number, player, last, drop)
    n = len(games)
    half_points = sum(game.half_points for game in games)
    ratings, raised = _ratings(games, level.floor)
    total = sum(ratings)

    # 1.4.1: games.
    needed_games = _games_needed(tournament, player, last, n)
    requirements = [Requirement("games", n >= needed_games, n, needed_games, "1.4.1")]

    # 1.4.3–1.4.4: federations (an exemption of 1.4.3 waives them).
    own = player.federation.strip().upper()
    federations = Counter(game.opponent.federation.strip().upper() for game in games)
    exempt = exemption is not None
    foreign = len([federation for federation in federations if federation != own])
    own_count = federations.get(own, 0)
    most = max(federations.values(), default=0)
    own_limit, one_limit = 3 * n // 5, 2 * n // 3
    requirements += [
        Requirement("federations", exempt or foreign >= 2, foreign, 2, "1.4.3"),
        Requirement("own-federation", exempt or own_count <= own_limit, own_count, own_limit,
                    "1.4.4"),
        Requirement("one-federation", exempt or most <= one_limit, most, one_limit, "1.4.4"),
    ]

    # 1.4.5: title-holders and opponents with the norm's title or higher.
    titles = [title_of(game.opponent.title) for game in games]
    holders = sum(1 for held in titles if held in _TITLE_HOLDERS)
    titled = sum(1 for held in titles if held in level.titled)
    holders_needed = _ceil_div(n, 2)
    titled_needed = max(_MIN_TITLED, _ceil_div(n, 3))
    requirements += [
        Requirement("title-holders", holders >= holders_needed, holders, holders_needed, "1.4.5"),
        Requirement("titled-opponents", titled >= titled_needed, titled, titled_needed, "1.4.5"),
    ]

    # 1.4.6–1.4.9: Ra, Rp and the score.
    average = _round_half_up(total, n) if n else 0
    dp = _DP_BY_PERCENT[_percent(half_points, n)] if n else 0
    performance = total / n + dp if n else 0.0
    # Rp ≥ level, compared exactly: 2 · (total + dp · n) ≥ 2 · level · n, all whole numbers.
    performance_met = n > 0 and 2 * (total + dp * n) >= round(2 * level.performance) * n
    score_needed = _score_needed(n)
    requirements += [
        Requirement("average-rating", n > 0 and average >= level.average, average,
                    level.average, "1.4.7"),
        Requirement("performance", performance_met, performance,
                    level.performance, "1.4.8"),
        Requirement("score", n > 0 and half_points >= score_needed, half_points / 2,
                    score_needed / 2, "1.4.8"),
    ]
    return NormCheck(
        title=norm,
        achieved=all(requirement.met for requirement in requirements),
        games=min(n, MAX_NORM_GAMES),
        score=half_points / 2,
        average_rating=average,
        raised=raised,
        performance=performance,
        requirements=tuple(requirements),
    )


def points_needed(title: NormTitle, games: int, average_rating: int) -> float | None:
    """The fewest points (in half points) that make a ``title`` norm's performance with ``games``
    games against opponents averaging ``average_rating`` (Ra, a whole number after 1.4.7).

    The score must give Rp = Ra + dp ≥ the norm's level before rounding
    (1.4.8–1.4.9, dp from table 8.1.1 for the percentage rounded 0.5 up) and
    be at least 35 % (1.4.8). None when Ra is below the norm's minimum
    (1.4.8: GM 2380, IM 2230, WGM 2180, WIM 2030). The annex's tables of
    points needed, computed; ``games`` from 1 to 99.
    """
    norm = _title(title)
    games = check_count(games, "games", minimum=1, maximum=_MAX_PLANNED_GAMES)
    if isinstance(average_rating, bool) or not isinstance(average_rating, int) or not (
        0 <= average_rating <= MAX_RATING
    ):
        raise InputError(
            "rating-invalid",
            f"The average rating must be a whole number from 0 to {MAX_RATING}.",
            field="average_rating",
        )
    level = _LEVELS[norm]
    if average_rating < level.average:
        return None
    for half_points in range(_score_needed(games), 2 * games + 1):
        if average_rating + _DP_BY_PERCENT[_percent(half_points, games)] >= level.performance:
            return half_points / 2
    return None


# --- rounds ---------------------------------------------------------------------------------------


def is_round_robin(tournament: Tournament) -> bool:
    """Whether every player meets every other one (once or more): predetermined pairings, so all
    rounds count (B.01 1.4.1e). Forfeits count as meetings, as the pairing stood."""
    if not isinstance(tournament, Tournament):
        raise InputError(
            "trf-invalid", "Only a Tournament can be looked at.", field="trf", reason="type"
        )
    numbers = {player.start_number for player in tournament.players}
    if len(numbers) < 3:
        return False
    for player in tournament.players:
        met = {entry.opponent for entry in player.rounds if entry.opponent is not None}
        if met != numbers - {player.start_number}:
            return False
    return True


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
        raise InputError(
            "trf-invalid", "Only a Tournament can be checked for norms.", field="trf",
            reason="type",
        )
    norm = _title(title)
    if exemption is not None:
        exemption = check_option(exemption, EXEMPTIONS, "exemption")
    by_number = _index(tournament)
    return _first_round(tournament, by_number, _player(by_number, start_number), norm, exemption)


def _first_round(
    tournament: Tournament,
    by_number: dict[int, Player],
    player: Player,
    norm: NormTitle,
    exemption: Exemption | None,
) -> int | None:
    for last in range(1, tournament.rounds + 1):
        played = sum(1 for entry in player.rounds[:last] if entry.code in RATED_SCORES)
        if played < _MIN_GAMES - 1:
            continue  # no norm yet: not enough games (1.4.1)
        if _check(tournament, by_number, player, norm, last, frozenset(), exemption).achieved:
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
        raise InputError(
            "trf-invalid", "Only a Tournament can be checked for norms.", field="trf",
            reason="type",
        )
    if exemption is not None:
        exemption = check_option(exemption, EXEMPTIONS, "exemption")
    by_number = _index(tournament)
    swiss = not is_round_robin(tournament)
    found = []
    for player in tournament.players:
        titles = candidates(player)
        played = sum(1 for entry in player.rounds if entry.code in RATED_SCORES)
        if not titles or played < _MIN_GAMES - 1:
            continue
        checks = tuple(
            _check(tournament, by_number, player, title, tournament.rounds, frozenset(), exemption)
            for title in titles
        )
        if not checks[0].requirement("games").met:
            continue
        found.append(PlayerNorms(
            player.start_number,
            checks,
            tuple(
                _first_round(tournament, by_number, player, result.title, exemption)
                if swiss and result.achieved else None
                for result in checks
            ),
        ))
    return tuple(found)


# --- planning the rounds to come ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PlannedOpponent:
    """An opponent played or expected: rating (None: unrated, 1400 by 1.4.6), title as a report
    file writes it ("" none) and federation ("" unknown: counted as no federation at all)."""

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
    (1.4.3–1.4.5) over the opponents given, each with what is still ``missing`` among the
    opponents not yet known (a count; 0: met; None: can no longer be met).
    """

    title: NormTitle
    games: int
    average_rating: int
    raised: int | None
    points_needed: float | None
    score: float
    still_needed: float | None
    mix: tuple[tuple[RequirementCode, int | None], ...]


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
    rest), title and federation unknown. ``raised`` is the index (0-based, played first) of
    the opponent raised to the floor. Raises InputError: "count-invalid" (games 1 to 99, or
    more opponents than games), "rating-invalid" (average), "score-invalid".
    """
    norm = _title(title)
    level = _LEVELS[norm]
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
    ratings = [_UNRATED if opponent.rating is None else opponent.rating for opponent in known]
    ratings += [average or 0] * rest
    lowest = min(range(games), key=lambda index: (ratings[index], index))
    raised = None
    if ratings[lowest] < level.floor:
        ratings[lowest] = level.floor
        raised = lowest
    ra = _round_half_up(sum(ratings), games)
    half_points = 0
    for _, points in played:
        if points not in (0, 0.5, 1):
            raise InputError("score-invalid", "A result must be 1, 0.5 or 0.", field="played")
        half_points += int(2 * points)
    needed = points_needed(norm, games, ra) if games >= _MIN_GAMES else None
    left = games - len(played)
    still: float | None = None
    if needed is not None:
        still = max(0.0, needed - half_points / 2)
        if still > left:
            still = None
    own = federation.strip().upper()
    feds = Counter(
        opponent.federation.strip().upper() for opponent in known if opponent.federation.strip()
    )
    titles = [title_of(opponent.title) for opponent in known]
    holders = sum(1 for held in titles if held in _TITLE_HOLDERS)
    titled = sum(1 for held in titles if held in level.titled)
    foreign = len([name for name in feds if name != own])
    unknown = rest + sum(1 for opponent in known if not opponent.federation.strip())

    def at_least(have: int, need: int, open_slots: int) -> int | None:
        missing = max(0, need - have)
        return missing if missing <= open_slots else None

    def at_most(have: int, limit: int) -> int | None:
        return 0 if have <= limit else None

    mix: tuple[tuple[RequirementCode, int | None], ...] = (
        ("federations", at_least(foreign, 2, unknown)),
        ("own-federation", at_most(feds.get(own, 0), 3 * games // 5)),
        ("one-federation", at_most(max(feds.values(), default=0), 2 * games // 3)),
        ("title-holders", at_least(holders, _ceil_div(games, 2), rest)),
        ("titled-opponents", at_least(titled, max(_MIN_TITLED, _ceil_div(games, 3)), rest)),
    )
    return NormPlan(norm, games, ra, raised, needed, half_points / 2, still, mix)
