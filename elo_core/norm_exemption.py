"""The big Swiss's exemption from the federation rules of a FIDE title norm (B.01 1.4.3d),
decided from a tournament report: in every round enough FIDE-rated players from outside the
host federation, from enough federations, enough of them titled."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from elo_core import norm_rules
from elo_core.norm_rules import UNKNOWN, federation_kind, not_a_tournament, title_of
from elo_core.trf import RATED_SCORES, UNRATED_GAME_CODES, Player, Round, Tournament

__all__ = ["ExemptionRound", "SwissExemption", "SwissReason", "exemption_from_file"]

#: B.01 1.4.3d: per round, at least this many FIDE-rated players not from the host federation,
#: from this many federations, this many of them GM, IM, WGM or WIM.
_SWISS_PLAYERS, _SWISS_FEDERATIONS, _SWISS_TITLED = 20, 3, 10
_SWISS_TITLES = frozenset({"GM", "IM", "WGM", "WIM"})
#: A round a player took part in without a game that counts for anything.
_PRESENT_WITHOUT_GAME = frozenset({"+", "U"})

SwissReason = Literal["holds", "round-robin", "no-host", "short", "unknown-federations"]


@dataclass(frozen=True, slots=True)
class ExemptionRound:
    """One round's count for 1.4.3d: FIDE-rated players from outside the host federation who
    took part, their federations, and how many of them are GM, IM, WGM or WIM."""

    round: int
    players: int
    federations: int
    titled: int

    @property
    def holds(self) -> bool:
        """Whether this round has what 1.4.3d asks."""
        return (
            self.players >= _SWISS_PLAYERS and self.federations >= _SWISS_FEDERATIONS
            and self.titled >= _SWISS_TITLED
        )


@dataclass(frozen=True, slots=True)
class SwissExemption:
    """Whether the big Swiss's exemption of B.01 1.4.3d holds, and why.

    ``holds`` is None when the file cannot tell: it names no host federation (record 032),
    or the counts are reached only with players whose federation is blank or unknown.
    ``reason``: ``"holds"``, ``"round-robin"`` (not a Swiss), ``"no-host"``, ``"short"``
    (``first_short`` is the first round below a count) or ``"unknown-federations"``.
    ``rounds`` has one :class:`ExemptionRound` per round played (with at least one game).
    """

    holds: bool | None
    reason: SwissReason
    host: str
    rounds: tuple[ExemptionRound, ...]
    first_short: int | None = None


def _present(entry: Round) -> bool:
    """Whether the player took part in the round: a game, or a forfeit win or a
    pairing-allocated bye (no missed round)."""
    if entry.code in _PRESENT_WITHOUT_GAME:
        return True
    return entry.opponent is not None and (
        entry.code in RATED_SCORES or entry.code in UNRATED_GAME_CODES
    )


def exemption_from_file(tournament: Tournament) -> SwissExemption:
    """Whether the event is a Swiss in which the federation rules of 1.4.3–1.4.4 do not apply
    (B.01 1.4.3d): in every round at least 20 FIDE-rated players not from the host federation
    (record 032), from at least 3 federations, at least 10 of them GM, IM, WGM or WIM.

    As B.01 1.4.3d is quoted by an arbiters' program: only players who miss at most one
    round count (a pairing-allocated bye and a forfeit win are no missed round), and FID
    players are not from another federation (FID is no federation). Rounds in which no
    game was played yet (a file written during the event) are left out.
    """
    if not isinstance(tournament, Tournament):
        raise not_a_tournament()
    event = norm_rules.event(tournament)
    host = federation_kind(tournament.federation)
    if event.round_robin:
        return SwissExemption(False, "round-robin", host, ())
    played = [
        index for index in range(tournament.rounds)
        if any(player.rounds[index].code in RATED_SCORES for player in tournament.players)
    ]
    if host in ("", UNKNOWN):
        return SwissExemption(None, "no-host", tournament.federation.strip().upper(), ())
    eligible: list[tuple[Player, str]] = []
    for player in tournament.players:
        federation = federation_kind(player.federation)
        missed = sum(
            1 for index in played
            if not _present(player.rounds[index])
        )
        if player.rating is not None and federation not in ("", host) and missed <= 1:
            eligible.append((player, federation))
    counts = []
    for index in played:
        present = [
            (player, federation) for player, federation in eligible
            if _present(player.rounds[index])
        ]
        known = [(player, federation) for player, federation in present if federation != UNKNOWN]
        counts.append((
            ExemptionRound(index + 1, len(known), len({federation for _, federation in known}),
                           sum(1 for player, _ in known if title_of(player.title) in _SWISS_TITLES)),
            ExemptionRound(index + 1, len(present), len({f for _, f in present}),
                           sum(1 for player, _ in present
                               if title_of(player.title) in _SWISS_TITLES)),
        ))
    rounds = tuple(known for known, _ in counts)
    short = next((entry.round for entry in rounds if not entry.holds), None)
    if short is None and rounds:
        return SwissExemption(True, "holds", host, rounds)
    if rounds and all(with_unknown.holds for _, with_unknown in counts):
        return SwissExemption(None, "unknown-federations", host, rounds, short)
    return SwissExemption(False, "short", host, rounds, short)
