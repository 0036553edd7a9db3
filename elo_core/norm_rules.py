"""The rules of a FIDE title norm, shared by every question :mod:`elo_core.norms` answers.

Two functions decide everything, so that a check of a finished event, a plan for the rounds to
come and the annex's table of points needed can never disagree:

- :func:`counted_games` decides which games of a report file count and how (B.01 1.4.1–1.4.2);
- :func:`mix` decides the opponent mix (1.4.3–1.4.5) from the counted opponents' federations
  and titles, with a third state beside met and not met: **open**, when the answer depends on
  what is not known — a federation the file leaves blank or does not know, or (in a plan) an
  opponent still to come.

The paragraphs are those of the Title Regulations (Handbook B.01, applied from 1 January 2024).
Some rules rest on one source, an arbiters' program's reading of B.01 1.4.2 and a 2026
clarification by FIDE's Qualification Commission that it cites (the text of B.01 itself was not
at hand for them): FID is no federation, a blank or unknown federation decides nothing, 1.4.2b,
1.4.2c, the double round robin's half, an odd round robin's rest as a pairing-allocated bye,
and W, D and L not counting. Each says so where it is applied.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Literal

from elo_core.errors import InputError
from elo_core.federations import FEDERATIONS, NO_FEDERATION
from elo_core.fide_tables import FIDE_TABLE_8_1_1
from elo_core.trf import RATED_SCORES, UNRATED_GAME_CODES, Player, Tournament
from elo_core.validation import check_option

__all__ = [
    "CountedGame",
    "Event",
    "MIN_GAMES",
    "NOTE_CODES",
    "NormNote",
    "NormNoteCode",
    "NormTitle",
    "REQUIREMENT_CODES",
    "Requirement",
    "RequirementCode",
    "RequirementState",
    "TITLES",
    "TITLE_LEVELS",
    "TitleLevel",
    "UNKNOWN",
    "UNRATED_RATING",
    "counted_games",
    "dp",
    "event",
    "federation_kind",
    "games_needed",
    "last_round_forfeit",
    "mix",
    "percent",
    "raise_to_floor",
    "round_half_up",
    "score_needed",
    "title_of",
]

RequirementCode = Literal[
    "games", "federations", "own-federation", "one-federation", "title-holders",
    "titled-opponents", "average-rating", "performance", "score",
]
#: The requirements of a norm, in the order a check lists them.
REQUIREMENT_CODES: tuple[RequirementCode, ...] = (
    "games", "federations", "own-federation", "one-federation", "title-holders",
    "titled-opponents", "average-rating", "performance", "score",
)
#: ``"open"``: the answer depends on opponents whose federation or title is not known.
RequirementState = Literal["met", "not-met", "open"]

#: B.01 1.4.1a: games a norm needs.
MIN_GAMES = 9
#: B.01 1.4.6: an unrated opponent's rating.
UNRATED_RATING = 1400
#: A federation or title that is not known (blank, or a code FIDE does not use).
UNKNOWN = "?"
#: B.01 1.4.5: the least number of opponents with the norm's title or higher.
_MIN_TITLED = 3

NormTitle = Literal["GM", "IM", "WGM", "WIM"]
#: The norm titles, highest first (1.4.5's "or higher" follows this order).
TITLES: tuple[NormTitle, ...] = ("GM", "IM", "WGM", "WIM")


@dataclass(frozen=True, slots=True)
class TitleLevel:
    """A norm's levels: Rp before rounding (1.4.8), minimum Ra (1.4.8), rating floor (1.4.6),
    and the titles that count as "the norm's title or higher" (1.4.5)."""

    performance: float
    average: int
    floor: int
    titled: frozenset[str]


TITLE_LEVELS: dict[str, TitleLevel] = {
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


def checked_title(title: object) -> NormTitle:
    """``title`` if it is one of :data:`TITLES`; else :class:`InputError` "option-invalid"."""
    return check_option(title, TITLES, "title")


def not_a_tournament() -> InputError:
    """The error for a norm question asked of anything but a Tournament."""
    return InputError(
        "trf-invalid", "Only a Tournament can be checked for norms.", field="trf", reason="type"
    )


def title_of(field: str) -> str | None:
    """The title in a report file's title field (``"GM"``, ``"g"``, ``"wf"`` …), or None."""
    return _TITLE_SPELLINGS.get(field.strip().upper())


def federation_kind(code: str) -> str:
    """A federation as the mix rules see it: its code; ``""`` for FID, which is no
    federation (1.4.2a, as the Qualification Commission's 2026 clarification is read by an
    arbiters' program); :data:`UNKNOWN` for a blank or a code FIDE does not use (the file
    cannot tell which federation it is)."""
    code = code.strip().upper()
    if code == NO_FEDERATION:
        return ""
    return code if code in FEDERATIONS else UNKNOWN


def percent(half_points: int, games: int) -> int:
    """The score in whole percent, 0.5 upward (B.01 1.4.9), in whole numbers: no float slips."""
    return (100 * half_points + games) // (2 * games)


def dp(half_points: int, games: int) -> int:
    """dp of table 8.1.1 for the score (1.4.9), the percentage rounded first."""
    return _DP_BY_PERCENT[percent(half_points, games)]


def round_half_up(total: int, count: int) -> int:
    """``total / count`` rounded to a whole number, 0.5 upward (B.01 1.4.7)."""
    return (2 * total + count) // (2 * count)


def score_needed(games: int) -> int:
    """The fewest half points that are at least 35 % of ``games`` (B.01 1.4.8)."""
    return -(-7 * games // 10)  # 2 · 0.35 · games, rounded up


def _ceil_div(a: int, b: int) -> int:
    return -(-a // b)


def raise_to_floor(ratings: Sequence[int | None], floor: int) -> tuple[list[int], int | None]:
    """Each opponent's rating for the norm (1.4.6): unrated ones count as 1400, and of those
    below the floor only the lowest is raised to it (the first of equals); with the index
    of the one raised (None: none was below the floor)."""
    counted = [UNRATED_RATING if rating is None else rating for rating in ratings]
    if not counted:
        return counted, None
    lowest = min(range(len(counted)), key=lambda index: (counted[index], index))
    if counted[lowest] >= floor:
        return counted, None
    counted[lowest] = floor
    return counted, lowest


# --- requirements -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Requirement:
    """One requirement of a norm: its ``state``, the player's ``value`` and what is ``needed``.

    ``needed`` is a minimum, except for ``own-federation`` and ``one-federation``, where it
    is the most opponents allowed. ``rule`` is the paragraph of B.01 (``"1.4.5"``). For
    ``score`` the value is the points and ``needed`` the fewest half points that make 35 %.
    ``unknown`` counts the opponents whose federation (or, in a plan, title) is not known;
    an ``"open"`` requirement depends on them: it is met only if those opponents bring
    ``needed − value`` more (a minimum) or no more than ``needed − value`` (a maximum).
    """

    code: RequirementCode
    state: RequirementState
    value: float
    needed: float
    rule: str
    unknown: int = 0

    @property
    def met(self) -> bool:
        """Whether the requirement is met."""
        return self.state == "met"


def _at_least(have: int, need: int, unknown: int) -> RequirementState:
    if have >= need:
        return "met"
    return "open" if have + unknown >= need else "not-met"


def _at_most(have: int, limit: int, unknown: int) -> RequirementState:
    if have > limit:
        return "not-met"
    return "met" if have + unknown <= limit else "open"


def mix(
    opponents: Sequence[tuple[str, str | None]],
    own: str,
    level: TitleLevel,
    *,
    double_round_robin: bool = False,
    exempt: bool = False,
) -> list[Requirement]:
    """The opponent mix of 1.4.3–1.4.5 over ``opponents``, one (federation, title) per game.

    A federation is as :func:`federation_kind` gives it, a title as :func:`title_of` (None:
    no title; :data:`UNKNOWN`: not known); ``own`` is the player's federation likewise.
    Counts are over the games (an opponent met twice counts twice); maximum counts round
    down and minimum counts up (1.4.4, 1.4.5).

    - 1.4.3: at least two federations other than the player's. FID opponents bring none
      (no federation); with the player's own federation unknown, two known federations
      leave it open (one of them may be the player's).
    - 1.4.4: at most 3/5 from the player's federation and 2/3 from any one (FID never
      is one). An ``exempt`` event (1.4.3a–d, the arbiter's word or
      :func:`elo_core.norms.exemption_from_file`) meets all three.
    - 1.4.5: at least half title-holders (not CM or WCM), and at least a third, and 3,
      with the norm's title or higher; in a double round robin at least half (1.4.5, as
      an arbiters' program reads it).
    """
    games = len(opponents)
    federations = [federation for federation, _ in opponents]
    unknown_federations = federations.count(UNKNOWN)
    counts = Counter(federation for federation in federations if federation not in ("", UNKNOWN))
    most = max(counts.values(), default=0)
    own_limit, one_limit = 3 * games // 5, 2 * games // 3
    if own == UNKNOWN:
        # Which federation is the player's? Two known ones may include it; three cannot all.
        foreign = len(counts)
        federations_state: RequirementState = (
            "met" if foreign >= 3 else "open" if foreign + unknown_federations >= 2 else "not-met"
        )
        own_count = 0
        own_state: RequirementState = (
            "met" if most + unknown_federations <= own_limit else "open"
        )
    else:
        foreign = len([code for code in counts if code != own])
        federations_state = _at_least(foreign, 2, unknown_federations)
        own_count = counts.get(own, 0)
        own_state = _at_most(own_count, own_limit, unknown_federations)
    one_state = _at_most(most, one_limit, unknown_federations)
    if exempt:
        federations_state = own_state = one_state = "met"

    titles = [title for _, title in opponents]
    unknown_titles = titles.count(UNKNOWN)
    holders = sum(1 for title in titles if title in _TITLE_HOLDERS)
    titled = sum(1 for title in titles if title in level.titled)
    holders_needed = _ceil_div(games, 2)
    titled_needed = (
        _ceil_div(games, 2) if double_round_robin else max(_MIN_TITLED, _ceil_div(games, 3))
    )
    return [
        Requirement("federations", federations_state, foreign, 2, "1.4.3", unknown_federations),
        Requirement("own-federation", own_state, own_count, own_limit, "1.4.4",
                    unknown_federations),
        Requirement("one-federation", one_state, most, one_limit, "1.4.4", unknown_federations),
        Requirement("title-holders", _at_least(holders, holders_needed, unknown_titles), holders,
                    holders_needed, "1.4.5", unknown_titles),
        Requirement("titled-opponents", _at_least(titled, titled_needed, unknown_titles), titled,
                    titled_needed, "1.4.5", unknown_titles),
    ]


# --- the games that count -----------------------------------------------------------------------

NormNoteCode = Literal["forfeit-as-loss", "unrated-zero", "rest-as-bye", "not-rated"]
#: What a check notes about the rounds it counted or left out, each citing its paragraph.
NOTE_CODES: dict[NormNoteCode, str] = {
    "forfeit-as-loss": "1.4.2c",
    "unrated-zero": "1.4.2b",
    "rest-as-bye": "1.4.1",
    "not-rated": "1.4.2",
}


@dataclass(frozen=True, slots=True)
class NormNote:
    """A round the norm rules count in a way the file does not show: ``code`` (one of
    :data:`NOTE_CODES`), the round, and the opponent's start number (None: none)."""

    code: NormNoteCode
    round: int
    opponent: int | None


@dataclass(frozen=True, slots=True)
class CountedGame:
    """A game that counts for a norm: round, opponent and the player's half points."""

    round: int
    opponent: Player
    half_points: int


@dataclass(frozen=True, slots=True)
class Event:
    """What the norm rules need to know of a tournament once: its players by start number,
    whether it is a round robin (every player meets every other: predetermined pairings,
    1.4.1e) or a double one (every pair meets exactly twice, at least 6 players: 1.4.5), and
    the unrated players who scored nothing against rated opponents (1.4.2b)."""

    tournament: Tournament
    by_number: dict[int, Player]
    round_robin: bool
    double_round_robin: bool
    unrated_zero: frozenset[int]


def _meetings(tournament: Tournament) -> Counter[tuple[int, int]]:
    """How often each pair of players meets (forfeits count: the pairing stood)."""
    met: Counter[tuple[int, int]] = Counter()
    for player in tournament.players:
        for entry in player.rounds:
            if entry.opponent is not None and entry.opponent > player.start_number:
                met[player.start_number, entry.opponent] += 1
    return met


def _unrated_zero(tournament: Tournament, by_number: dict[int, Player]) -> frozenset[int]:
    """Unrated players without a point in the games they played against rated opponents
    (won, drawn, or a game not rated but played: W, D)."""
    found = set()
    for player in tournament.players:
        if player.rating is not None:
            continue
        scored = any(
            entry.opponent is not None and by_number[entry.opponent].rating is not None
            and entry.code in ("1", "=", "W", "D")
            for entry in player.rounds
        )
        if not scored:
            found.add(player.start_number)
    return frozenset(found)


def event(tournament: Tournament) -> Event:
    """The :class:`Event` of a tournament (one pass over every round)."""
    by_number = {player.start_number: player for player in tournament.players}
    count = len(by_number)
    met = _meetings(tournament)
    pairs = count * (count - 1) // 2
    round_robin = count >= 3 and all(
        {entry.opponent for entry in player.rounds if entry.opponent is not None}
        == set(by_number) - {player.start_number}
        for player in tournament.players
    )
    double = round_robin and count >= 6 and len(met) == pairs and set(met.values()) == {2}
    return Event(tournament, by_number, round_robin, double,
                 _unrated_zero(tournament, by_number) if round_robin else frozenset())


def counted_games(
    event: Event,
    player: Player,
    last: int,
    drop: Collection[int] = (),
    *,
    forfeit_as_loss: bool = False,
) -> tuple[list[CountedGame], list[NormNote]]:
    """The games of rounds 1…``last`` that count for a norm, and notes on those counted or
    left out in a way the file does not show.

    - Rated games count (results 1, = and 0 of the file); forfeits and byes do not, nor
      W, D and L, games played but not rated (1.4.2: a norm is a rated result; as an
      arbiters' program reads it).
    - 1.4.2b: in a round robin, not a game against an unrated opponent who scored nothing
      against rated opponents (as that program reads it).
    - 1.4.2c: with ``forfeit_as_loss``, the event's last round won by forfeit counts as a
      game lost to that opponent (as that program reads it; see
      :func:`elo_core.norms.check` for when).
    - 1.4.1f: ``drop`` names beaten opponents to leave out (InputError "player-invalid",
      reason ``"drop"``, for another).
    - An odd round robin's unpaired round is its pairing-allocated bye (noted
      ``rest-as-bye``; as that program reads it), even where the file leaves it blank.
    """
    tournament = event.tournament
    games: list[CountedGame] = []
    notes: list[NormNote] = []
    beaten = set()
    odd_round_robin = event.round_robin and len(event.by_number) % 2 == 1
    for index, entry in enumerate(player.rounds[:last], 1):
        opponent = None if entry.opponent is None else event.by_number[entry.opponent]
        if opponent is None:
            if odd_round_robin and entry.code in ("", "Z", "U"):
                notes.append(NormNote("rest-as-bye", index, None))
            continue
        if entry.code in RATED_SCORES:
            if entry.code == "1":
                beaten.add(opponent.start_number)
            if opponent.start_number in event.unrated_zero:
                notes.append(NormNote("unrated-zero", index, opponent.start_number))
                continue
            if opponent.start_number in drop:
                continue
            games.append(CountedGame(index, opponent, int(2 * RATED_SCORES[entry.code])))
        elif entry.code == "+" and forfeit_as_loss and index == tournament.rounds:
            notes.append(NormNote("forfeit-as-loss", index, opponent.start_number))
            games.append(CountedGame(index, opponent, 0))
        elif entry.code in UNRATED_GAME_CODES:
            notes.append(NormNote("not-rated", index, opponent.start_number))
    for number in drop:
        if number not in beaten:
            raise InputError(
                "player-invalid",
                f"Player {number} is not an opponent that player {player.start_number} beat in "
                "the rounds that count; only those may be left out (B.01 1.4.1f).",
                field="drop", reason="drop", params={"number": str(number)},
            )
    return games, notes


def last_round_forfeit(event: Event, player: Player, last: int) -> bool:
    """Whether the player won the event's last round by forfeit, among rounds 1…``last``
    (what 1.4.2c may count as a loss)."""
    rounds = event.tournament.rounds
    if last < rounds or not player.rounds:
        return False
    entry = player.rounds[rounds - 1]
    return entry.code == "+" and entry.opponent is not None


def games_needed(event: Event, player: Player, last: int, played: int) -> int:
    """B.01 1.4.1a: 9; in a 9-round event 8 when the one missing game is a forfeit win or
    a pairing-allocated bye (an odd round robin's rest among them)."""
    if event.tournament.rounds == 9 and last == 9 and played == 8:
        odd_round_robin = event.round_robin and len(event.by_number) % 2 == 1
        missing = [
            entry for entry in player.rounds
            if entry.code not in RATED_SCORES or entry.opponent is None
        ]
        if len(missing) == 1 and (
            missing[0].code in ("+", "U")
            or (odd_round_robin and missing[0].opponent is None and missing[0].code in ("", "Z"))
        ):
            return 8
    return MIN_GAMES
