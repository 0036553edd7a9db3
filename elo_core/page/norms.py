"""The norm planner (mode ``norm_planner``): the points a title norm still needs, and the
opponents the mix still needs, from the games so far and the opponents to come (FIDE B.01 1.4).

Fields: ``np_rounds`` (rounds in the event, each a game that counts), ``np_federation`` (the
player's federation, optional), ``np_played`` (one game a line: rating | result | title |
federation; title and federation may be left out; ``-`` for an unrated opponent),
``np_coming`` (one expected opponent a line: rating | title | federation), ``np_average``
(the average rating of the other opponents still to come, needed when there are some) and
``np_title`` (the title the reader aims for, one of :data:`~elo_core.norms.TITLES`; the page's
key line follows its row).

Outputs: ``np_games``, ``np_left`` (games to come), ``np_score`` (points so far),
``np_rows`` (per title: the title, Ra, the points the norm needs, what is still to score) and
``np_mix`` (per title and requirement of 1.4.3–1.4.5: what the opponents still to come must
bring).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

from elo_core import norms
from elo_core.errors import InputError
from elo_core.numbers import NumberFormat, parse_rating
from elo_core.page.fields import FormReader, Output, PageLanguage, message, number_output
from elo_core.page.trf_norms import titles_of
from elo_core.parsing import parse_result

__all__ = ["DEFAULTS", "MODES", "parse_opponents"]

_MAX_ROUNDS = 99
# Spaces before a separator are taken from where their run starts only: tried from every
# space of a long run, the search took quadratic time.
_SEPARATORS = re.compile(r"(?:(?<!\s)\s+)?[|;\t]\s*")
_FEDERATION = re.compile(r"[A-Za-z]{3}")
_UNRATED = frozenset({"-", "–", "—"})


def _line_error(field: str, line: int, text: str) -> InputError:
    return InputError(
        "games-invalid", f"Line {line}: “{text}” cannot be read.", field=field, line=line,
        reason="planner", params={"text": text},
    )


def parse_opponents(
    text: str, field: str, fmt: NumberFormat, *, with_result: bool
) -> list[tuple[norms.PlannedOpponent, float]]:
    """One opponent a line: rating (``-``: unrated), the result if ``with_result``, then
    optionally a title and a federation (three letters), separated by ``|``, ``;``, tabs or
    spaces. Blank lines and ``#`` comments are skipped. InputError "games-invalid" (reason
    ``"planner"``) with the line, or the rating's or result's own error with the line."""
    found: list[tuple[norms.PlannedOpponent, float]] = []
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    for number, raw in enumerate(lines, 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        parts = _SEPARATORS.split(line) if _SEPARATORS.search(line) else line.split()
        parts = parts[:1] + [part for part in parts[1:] if part]  # "2450 | 1 | | GER"
        need = 2 if with_result else 1
        if not need <= len(parts) <= need + 2:
            raise _line_error(field, number, line)
        try:
            rating = None if parts[0] in _UNRATED else int(
                parse_rating(parts[0], fmt=fmt, field=field)
            )
            score = parse_result(parts[1]) if with_result else 0.0
        except InputError as error:
            raise InputError(
                error.code, str(error), field=field, line=number, reason=error.reason,
                params=error.params,
            ) from None
        title = federation = ""
        for part in parts[need:]:
            if not title and not federation and norms.title_of(part) is not None:
                title = part
            elif not federation and _FEDERATION.fullmatch(part):
                federation = part.upper()
            else:
                raise _line_error(field, number, line)
        found.append((norms.PlannedOpponent(rating, title, federation), score))
        if len(found) > _MAX_ROUNDS:
            raise InputError(
                "count-invalid", f"More than {_MAX_ROUNDS} opponents.", field=field,
                line=number, params={"min": 0, "max": _MAX_ROUNDS},
            )
    return found


def _mix_state(requirement: norms.Requirement) -> Output:
    """What the opponents still to come must bring for a requirement not met yet."""
    if requirement.state == "not-met":
        return message("np-mix-broken", keep_empty=True)
    room = int(requirement.needed - requirement.value)
    if requirement.code in ("own-federation", "one-federation"):
        # A maximum: the opponents to come may bring no more than the room left.
        return message("np-mix-at-most", count=number_output(room, 0),
                       unknown=number_output(requirement.unknown, 0))
    return message("np-mix-more", count=number_output(room, 0))


def _planner(form: Mapping[str, str], lang: PageLanguage) -> dict[str, Any]:
    reader = FormReader(form, lang)
    rounds = reader.whole("np_rounds", code="count-invalid", minimum=1, maximum=_MAX_ROUNDS)
    federation = reader.text("np_federation").strip()
    if federation and not _FEDERATION.fullmatch(federation):
        reader.fail("np_federation", "option-invalid", reason="federation")
    played = reader.read(
        "np_played", lambda text: parse_opponents(text, "np_played", lang.numbers, with_result=True)
    )
    coming = reader.read(
        "np_coming",
        lambda text: parse_opponents(text, "np_coming", lang.numbers, with_result=False),
    )
    reader.option("np_title", norms.TITLES, "GM")
    average_text = reader.text("np_average").strip()
    average = reader.rating("np_average") if average_text else None
    if rounds is not None and played is not None and coming is not None:
        known = len(played) + len(coming)
        if known > rounds:
            reader.fail("np_coming", "count-invalid", reason="planner-too-many",
                        params={"known": known, "rounds": rounds})
        elif known < rounds and not average_text:
            reader.fail("np_average", "rating-invalid", reason="planner-needed",
                        params={"count": rounds - known, "min": 100, "max": 4000})
    reader.done()
    assert rounds is not None and played is not None and coming is not None
    rows: list[list[Output | None]] = []
    mix: list[list[Output | None]] = []
    left = rounds - len(played)
    score = sum(points for _, points in played)
    for title in norms.TITLES:
        plan = norms.plan(
            title, rounds, played, [opponent for opponent, _ in coming],
            federation=federation, average=None if average is None else round(average),
        )
        if rounds < 9:
            needs: Output = message("np-too-few", games=number_output(rounds, 0))
        elif plan.points_needed is None:
            needs = message("np-ra-low", minimum=number_output(norms.minimum_average(title), 0))
        else:
            needs = message("np-points", points=number_output(plan.points_needed, 1),
                            games=number_output(rounds, 0))
        # The games left said as a reader says them: none, the last, or how many.
        games_left = "none" if left == 0 else "last" if left == 1 else "many"
        if plan.points_needed is None:
            still: Output | None = None
        elif plan.still_needed is None:
            still = message({"none": "np-out-of-reach-none", "last": "np-out-of-reach-last",
                             "many": "np-out-of-reach"}[games_left], left=number_output(left, 0))
        elif plan.still_needed == 0:
            still = message("np-reached", keep_empty=True)
        else:
            still = message("np-still-last" if games_left == "last" else "np-still",
                            points=number_output(plan.still_needed, 1),
                            left=number_output(left, 0))
        rows.append([{"text": title}, number_output(plan.average_rating, 0), needs, still])
        open_rows = [entry for entry in plan.requirements if not entry.met]
        for entry in open_rows:
            mix.append([{"text": title}, message(f"norm-req-{entry.code}",
                                                 title=titles_of(title)),
                        _mix_state(entry)])
        if not open_rows:
            mix.append([{"text": title}, message("np-mix-everything", keep_empty=True),
                        message("np-mix-met", keep_empty=True)])
    return {
        "np_games": number_output(rounds, 0),
        "np_left": number_output(left, 0),
        "np_score": number_output(score, 1),
        "np_rows": {"rows": rows},
        "np_mix": {"rows": mix},
    }


DEFAULTS: dict[str, dict[str, str]] = {
    "norm_planner": {
        "np_rounds": "9",
        "np_federation": "DEN",
        "np_played": "2488 | 1 | GM | GER\n2395 | ½ | IM | SWE\n2431 | 1 | | NOR\n2302 | 0 | FM | DEN",
        "np_coming": "2456 | GM | POL",
        "np_average": "2390",
        "np_title": "GM",
    },
}

MODES: dict[str, Callable[[Mapping[str, str], PageLanguage], dict[str, Any]]] = {
    "norm_planner": _planner,
}
