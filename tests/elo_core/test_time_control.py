"""Which rating list a written time control belongs to (the Laws of Chess, appendices A and B).

Each expected list is worked out in the comment from FIDE's definitions: blitz 10 minutes or
less for each player, rapid more than 10 and less than 60, standard 60 or more, counting the
allotted time plus 60 times the increment.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from elo_core import time_control
from elo_core.time_control import from_code, from_text, minutes_for_60_moves


@pytest.mark.parametrize(
    ("written", "minutes", "rating_list"),
    [
        # 90 + 30 for the rest + 60 × 30 s = 150: standard.
        ("90 min/40 moves + 30 min + 30 sec/move", 150, "standard"),
        ("90'/40 + 30' + 30\"", 150, "standard"),
        ("90 Min./40 Züge + 30 Min. + 30 Sek./Zug", 150, "standard"),
        ("90 min/40 moves + 30 min, 30 s per move from move 1", 150, "standard"),
        # 2 hours + 60 × 30 s = 150.
        ("2 timer + 30 sek pr. træk", 150, "standard"),
        ("1h30 + 30s", 120, "standard"),  # 90 + 30
        ("40/90, SD/30 d5", 120, "standard"),  # 90 for 40 moves, 30 to the end; a delay is no increment
        ("5400+30", 120, "standard"),  # seconds, as the encoded form writes them
        ("45 + 15", 60, "standard"),  # exactly 60: standard
        # 15 + 60 × 10 s = 25: rapid.
        ("15'+10\"", 25, "rapid"),
        ("G/15+10", 25, "rapid"),
        ("15 minutes plus 10 sec per move", 25, "rapid"),
        ("Schnellschach 15 Minuten", 15, "rapid"),
        ("10 Minuten + 5 Sekunden", 15, "rapid"),
        # 5 + 0 = 5 and 3 + 60 × 2 s = 5: blitz.
        ("5 Plus 0", 5, "blitz"),
        ("3+2", 5, "blitz"),
        ("Lyn 3 min + 2 sek", 5, "blitz"),
        ("10 min", 10, "blitz"),  # exactly 10: blitz
        ("Rapid 10+0", 10, "blitz"),  # the definition decides, not the event's word
    ],
)
def test_written_time_controls(written: str, minutes: float, rating_list: str) -> None:
    assert minutes_for_60_moves(written) == pytest.approx(minutes)
    assert from_text(written) == rating_list


@pytest.mark.parametrize(
    ("written", "rating_list"),
    [("rapid", "rapid"), ("Blitz", "blitz"), ("Schnellschach", "rapid"), ("lynskak", "blitz"),
     ("Standard", "standard"), ("classical", "standard"), ("", None), ("see invitation", None)],
)
def test_words_decide_when_there_are_no_numbers(written: str, rating_list: str | None) -> None:
    assert minutes_for_60_moves(written) is None
    assert from_text(written) == rating_list


@pytest.mark.parametrize(
    ("code", "rating_list"),
    [
        ("5400+30", "standard"),  # 90 min + 30 s
        ("40/6000+30:900+30", "standard"),
        ("900+10", "rapid"),  # 15 min + 10 s: 25
        ("600", "blitz"),  # 10 min
        ("601", "rapid"),  # a second more
        ("300+2", "blitz"),
        ("W300-B240", "blitz"),  # Armageddon: 5 and 4 minutes
        ("W3600-B240", None),  # one standard side, one blitz side: no one list
        ("90 minutes", None),  # not the encoded form
        ("", None),
    ],
)
def test_the_encoded_time_control_of_trf_2026(code: str, rating_list: str | None) -> None:
    assert from_code(code) == rating_list


def test_the_boundaries_of_the_lists() -> None:
    assert time_control.list_for_minutes(10) == "blitz"
    assert time_control.list_for_minutes(10.01) == "rapid"
    assert time_control.list_for_minutes(59.99) == "rapid"
    assert time_control.list_for_minutes(60) == "standard"


@settings(deadline=None, database=None, max_examples=300)
@given(st.text(max_size=300))
def test_any_text_gives_a_list_or_none_quickly(written: str) -> None:
    found = from_text(written)
    assert found is None or found in time_control.RATING_LISTS
    assert from_code(written) is None or from_code(written) in time_control.RATING_LISTS
