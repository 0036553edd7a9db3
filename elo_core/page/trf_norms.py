"""The tournament page's title norms (FIDE B.01 1.4): the list to act on, each player's
requirements, the notes that make the figures add up, and the norm certificates.

Outputs (tables written short, :func:`elo_core.page.fields.rows_output`):

- ``trf_norms``: one line per norm achieved, open (the file cannot decide it) or missed
  within reach (Ra at the norm's minimum), achieved first: start number, name, the title
  sought, its state (``achieved``, ``open``, ``missed``), the verdict, and what is missing
  as a sentence (None when achieved).
- ``trf_norm_checks``: per player and title every requirement: start number, title, what
  it is, the player's value, what is needed, met / not met / open, paragraph.
- ``trf_norm_notes``: per player and title the notes: Ra + dp = Rp and what it is compared
  with, the opponent raised to the floor, rounds counted or left out by 1.4.1–1.4.2, the
  first round after which the norm holds, 13 games at most (1.7).
- ``trf_exemption_note``: which exemption of 1.4.3 applies and why (the big Swiss's from
  the file, :func:`elo_core.norms.exemption_from_file`, unless the arbiter chose otherwise).
- ``trf_certificates``: per norm achieved what FIDE's title result certificate (IT1) asks
  of the player and the result; ``trf_certificate_games`` the games that count, with the
  rating each counts with; ``trf_event`` the event's details.

Norms exist only for the standard list: for a rapid or blitz event every table is empty and
``trf_norms_note`` says why.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import cast

from elo_core import norm_rules, norms, trf
from elo_core.norm_rules import federation_kind
from elo_core.page.fields import Output, message, number_output
from elo_core.time_control import RatingList

__all__ = ["EXEMPTION_CHOICES", "norm_outputs", "titles_of"]

#: The exemption field's choices: as the file shows (the big Swiss's where it holds), none,
#: or one of B.01 1.4.3 (the arbiter's word).
EXEMPTION_CHOICES: tuple[str, ...] = ("auto", "", *norms.EXEMPTIONS)
#: Requirements whose ``needed`` is a maximum (B.01 1.4.4).
_AT_MOST = frozenset({"own-federation", "one-federation"})
#: Decimals to show a requirement's value and need with.
_DIGITS = {"performance": 1, "score": 1}
#: The order of the norm list: achieved first, then those the file cannot decide.
_STATE_ORDER = {"achieved": 0, "open": 1, "missed": 2}
#: The points a result is worth, as the certificate shows it.
_RESULTS = {2: "1", 1: "½", 0: "0"}

_Cell = Output | float | str | None


def _table(rows: list[list[_Cell]], columns: tuple[Output | None, ...]) -> Output:
    return {"rows": rows, "columns": list(columns)}


_WHOLE = {"digits": 0, "signed": False}
_NORM_COLUMNS = (_WHOLE, None, None, None, None, None)
_CHECK_COLUMNS = (_WHOLE, None, None, _WHOLE, None, None, None)
_NOTE_COLUMNS = (_WHOLE, None, None)
#: trf_certificates: start number, title, games, score, percent, Ra, dp, Rp, FIDE ID,
#: federation, birth year, the player's title.
_CERTIFICATE_COLUMNS = (_WHOLE, None, _WHOLE, {"digits": 1, "signed": False}, _WHOLE, _WHOLE,
                        {"digits": 0, "signed": True}, _WHOLE, None, None, None, None)
#: trf_certificate_games: start number, title, round, opponent, title, federation, rating as
#: counted (an output: a raised one says so), result.
_CERTIFICATE_GAME_COLUMNS = (_WHOLE, None, _WHOLE, None, None, None, None, None)


#: The requirements an exemption of 1.4.3 waives.
_WAIVED = frozenset({"federations", "own-federation", "one-federation"})


def titles_of(title: str) -> Output:
    """The titles that count as a norm's title "or higher" (B.01 1.4.5), in words: "GM" for
    a GM norm, "IM or GM" for an IM norm, and so on."""
    return message(f"norm-titles-{title}")


def _state_message(requirement: norms.Requirement, exempt: bool) -> Output:
    if exempt and requirement.code in _WAIVED:
        return message("norm-waived")
    if requirement.state == "met":
        return message("norm-met")
    if requirement.state == "not-met":
        return message("norm-not-met")
    return message("norm-open", count=number_output(requirement.unknown, 0))


def _requirement_rows(
    player: trf.Player, result: norms.NormCheck, exempt: bool
) -> list[list[_Cell]]:
    """One row per requirement: start number, title, what it is, the player's value, what is
    needed (at least / at most), met, not met, open or waived, and the paragraph. Rp is a
    whole number (Ra is rounded first), compared with a level such as 2599.5."""
    rows: list[list[_Cell]] = []
    for requirement in result.requirements:
        digits = _DIGITS.get(requirement.code, 0)
        bound = "norm-at-most" if requirement.code in _AT_MOST else "norm-at-least"
        what = (message(f"norm-req-{requirement.code}", title=titles_of(result.title))
                if requirement.code == "titled-opponents"
                else message(f"norm-req-{requirement.code}"))
        rows.append([
            player.start_number,
            result.title,
            what,
            number_output(requirement.value, 1) if requirement.code == "score"
            else requirement.value,
            message(bound, value=number_output(requirement.needed, digits)),
            _state_message(requirement, exempt),
            f"B.01 {requirement.rule}",
        ])
    return rows


def _requirement_words(requirement: norms.Requirement, title: str) -> Output:
    """What a requirement not met lacks, in words ("2 more title-holders")."""
    code = requirement.code
    if requirement.state == "open":
        return message(f"norm-open-{code}", count=number_output(requirement.unknown, 0))
    if code in _AT_MOST:
        return message(f"norm-over-{code}",
                       count=number_output(requirement.value - requirement.needed, 0))
    digits = _DIGITS.get(code, 0)
    if code in ("average-rating", "performance"):
        return message(f"norm-below-{code}", value=number_output(requirement.value, digits),
                       needed=number_output(requirement.needed, digits))
    return message(f"norm-more-{code}",
                   count=number_output(requirement.needed - requirement.value, digits),
                   title=titles_of(title))


def _missing(result: norms.NormCheck) -> Output | None:
    """What a norm not achieved lacks, as one sentence naming every requirement: the points
    still needed where the score is short (the annex's table for this Ra), then the rest."""
    if result.achieved:
        return None
    short = [requirement for requirement in result.requirements if not requirement.met]
    played = int(result.requirement("games").value)
    needed = norms.points_needed(result.title, played, result.average_rating) if played else None
    parts: list[Output] = []
    points_short = {"performance", "score"}
    if needed is not None and any(requirement.code in points_short for requirement in short):
        parts.append(message("norm-more-points", points=number_output(needed - result.score, 1),
                             needed=number_output(needed, 1)))
        short = [requirement for requirement in short if requirement.code not in points_short]
    parts += [_requirement_words(requirement, result.title) for requirement in short]
    # "A", "A and B", "A, B and C": each language joins a list its own way.
    sentence = parts[0]
    for index, part in enumerate(parts[1:], 1):
        joined = "norm-and" if index == len(parts) - 1 else "norm-comma"
        sentence = message(joined, first=sentence, second=part)
    return message("norm-missing", missing=sentence)


def _summary_note(result: norms.NormCheck) -> Output:
    """Ra + dp = Rp, and what Rp is compared with (before rounding, B.01 1.4.8)."""
    level = {"GM": 2599.5, "IM": 2449.5, "WGM": 2399.5, "WIM": 2249.5}[result.title]
    return message(
        "norm-summary", score=number_output(result.score, 1),
        games=number_output(result.requirement("games").value, 0),
        ra=number_output(result.average_rating, 0), dp=number_output(result.dp, 0, signed=True),
        rp=number_output(result.performance, 0), level=number_output(level, 1),
    )


def _rule_notes(result: norms.NormCheck, by_number: Mapping[int, trf.Player]) -> list[Output]:
    notes = []
    for note in result.notes:
        opponent = None if note.opponent is None else by_number[note.opponent]
        notes.append(message(
            f"norm-note-{note.code}", round=number_output(note.round, 0),
            name="" if opponent is None else opponent.name,
            number="" if opponent is None else str(opponent.start_number),
        ))
    return notes


def _player_notes(
    result: norms.NormCheck, first_round: int | None, tournament: trf.Tournament,
    by_number: Mapping[int, trf.Player],
) -> list[Output]:
    notes = [_summary_note(result)]
    if result.raised is not None:
        raised = by_number[result.raised]
        notes.append(message(
            "norm-raised" if raised.rating is not None else "norm-raised-unrated",
            name=raised.name, number=str(raised.start_number),
            rating=None if raised.rating is None else number_output(raised.rating, 0),
            floor=number_output(norms.rating_floor(result.title), 0),
        ))
    notes += _rule_notes(result, by_number)
    if first_round is not None and first_round < tournament.rounds:
        notes.append(message("norm-first-round", round=number_output(first_round, 0)))
    if result.requirement("games").value > norms.MAX_NORM_GAMES:
        notes.append(message(
            "norm-thirteen", games=number_output(result.requirement("games").value, 0),
            counted=number_output(result.games, 0),
        ))
    return notes


def _exemption(
    tournament: trf.Tournament, choice: str
) -> tuple[norms.Exemption | None, Output]:
    """The exemption the check applies, and the note that says which and why."""
    if choice != "auto":
        chosen = cast("norms.Exemption", choice) if choice else None
        return chosen, message("trf-exemption-chosen" if chosen else "trf-exemption-none")
    found = norms.exemption_from_file(tournament)
    if found.holds:
        weakest = min(found.rounds, key=lambda entry: (entry.players, entry.titled))
        return "swiss", message(
            "trf-exemption-swiss-holds", players=number_output(weakest.players, 0),
            federations=number_output(weakest.federations, 0),
            titled=number_output(weakest.titled, 0), round=number_output(weakest.round, 0),
            host=found.host,
        )
    if found.reason == "short" and found.first_short is not None:
        short = found.rounds[found.first_short - 1]
        return None, message(
            "trf-exemption-swiss-short", round=number_output(short.round, 0),
            players=number_output(short.players, 0),
            federations=number_output(short.federations, 0),
            titled=number_output(short.titled, 0),
        )
    return None, message(f"trf-exemption-swiss-{found.reason}")


def _event_rows(tournament: trf.Tournament) -> list[list[_Cell]]:
    """The event as the certificate names it: field, value (as written in the file)."""
    host = federation_kind(tournament.federation)
    players = tournament.players
    dates = " – ".join(
        date.isoformat() for date in (tournament.start, tournament.end) if date is not None
    )
    return [
        [message("trf-event-name"), tournament.name],
        [message("trf-event-place"), tournament.city],
        [message("trf-event-federation"), tournament.federation],
        [message("trf-event-dates"), dates],
        [message("trf-event-arbiter"), tournament.chief_arbiter],
        [message("trf-event-type"), tournament.event_type],
        [message("trf-event-rounds"), number_output(tournament.rounds, 0)],
        [message("trf-event-players"), number_output(len(players), 0)],
        [message("trf-event-rated"),
         number_output(sum(1 for player in players if player.rating is not None), 0)],
        [message("trf-event-foreign"), number_output(sum(
            1 for player in players
            if host not in ("", norm_rules.UNKNOWN)
            and federation_kind(player.federation) not in (host, norm_rules.UNKNOWN)
        ), 0)],
        [message("trf-event-titled"), number_output(sum(
            1 for player in players if norms.title_of(player.title) is not None
        ), 0)],
    ]


def _certificate(
    player: trf.Player, result: norms.NormCheck, event: norm_rules.Event
) -> tuple[list[_Cell], list[list[_Cell]]]:
    """The certificate's player and result, and the games that count, each with the rating
    it counts with (the one raised to the floor says so)."""
    as_loss = any(note.code == "forfeit-as-loss" for note in result.notes)
    games, _ = norm_rules.counted_games(event, player, event.tournament.rounds,
                                        forfeit_as_loss=as_loss)
    floor = norms.rating_floor(result.title)
    rows: list[list[_Cell]] = []
    for game in games:
        opponent = game.opponent
        if opponent.start_number == result.raised:
            rating: Output = message(
                "trf-certificate-raised", floor=number_output(floor, 0),
                rating=number_output(opponent.rating, 0) if opponent.rating is not None
                else message("trf-unrated-short"),
            )
        elif opponent.rating is None:
            rating = message("trf-certificate-unrated", rating=number_output(1400, 0))
        else:
            rating = number_output(opponent.rating, 0)
        rows.append([player.start_number, result.title, game.round, opponent.name,
                     opponent.title or None, opponent.federation or None, rating,
                     _RESULTS[game.half_points]])
    n = len(games)
    half_points = int(2 * result.score)
    summary: list[_Cell] = [
        player.start_number, result.title, n, result.score,
        norm_rules.percent(half_points, n) if n else 0, result.average_rating, result.dp,
        result.performance, player.fide_id or None, player.federation or None,
        None if player.birth_year is None else str(player.birth_year), player.title or None,
    ]
    return summary, rows


def norm_outputs(
    tournament: trf.Tournament,
    by_number: Mapping[int, trf.Player],
    exemption_choice: str,
    rating_list: RatingList,
) -> dict[str, Output]:
    """Every norm output of the page (see the module docstring)."""
    chosen, exemption_note = _exemption(tournament, exemption_choice)
    empty = {
        "trf_norms": _table([], _NORM_COLUMNS),
        "trf_norm_checks": _table([], _CHECK_COLUMNS),
        "trf_norm_notes": _table([], _NOTE_COLUMNS),
        "trf_certificates": _table([], _CERTIFICATE_COLUMNS),
        "trf_certificate_games": _table([], _CERTIFICATE_GAME_COLUMNS),
        "trf_event": _table(_event_rows(tournament), (None, None)),
    }
    if rating_list != "standard":
        return {**empty, "trf_exemption_note": {"text": ""},
                "trf_norms_note": message("trf-norms-standard-only", list=message(
                    f"trf-list-{rating_list}"))}
    event = norm_rules.event(tournament)
    lines: list[tuple[int, int, list[_Cell]]] = []
    checks: list[list[_Cell]] = []
    notes: list[list[_Cell]] = []
    certificates: list[list[_Cell]] = []
    certificate_games: list[list[_Cell]] = []
    for found in norms.report(tournament, exemption=chosen):
        player = by_number[found.start_number]
        number = player.start_number
        for result, first_round in zip(found.checks, found.first_rounds):
            title = result.title
            if result.state != "missed" or result.requirement("average-rating").met:
                lines.append((_STATE_ORDER[result.state], len(lines), [
                    number, player.name, title, result.state,
                    message(f"norm-state-{result.state}", title=title), _missing(result),
                ]))
            checks.extend(_requirement_rows(player, result, chosen is not None))
            notes.extend([number, title, note]
                         for note in _player_notes(result, first_round, tournament, by_number))
            if result.achieved:
                summary, games = _certificate(player, result, event)
                certificates.append(summary)
                certificate_games.extend(games)
    return {
        **empty,
        "trf_norms": _table([line for _, _, line in sorted(lines, key=lambda e: e[:2])],
                            _NORM_COLUMNS),
        "trf_norm_checks": _table(checks, _CHECK_COLUMNS),
        "trf_norm_notes": _table(notes, _NOTE_COLUMNS),
        "trf_certificates": _table(certificates, _CERTIFICATE_COLUMNS),
        "trf_certificate_games": _table(certificate_games, _CERTIFICATE_GAME_COLUMNS),
        "trf_exemption_note": exemption_note,
        "trf_norms_note": {"text": ""},
    }
