"""Reading what a reader types takes time in proportion to its length (issue 42, item 10).

Three patterns were quadratic on the club league's input, where a 70 KB shared link locked
the page for 20 s on every visit (the input is saved): the forfeit result ("+" and a long run
of spaces), PGN comments (a line of "{" without "}") and space-grouped numbers (a long run
of groups without an end); two more were on the norm planner's lines and the points field.
Each now reads as before (checked against the old pattern on short texts), and a long
adversarial text is read at once: the second half of each test is a hang detector (where a
timer is available, CPython's main thread) with a bound thousands of times what the linear
reading takes, not a speed target (those are in bench/).
"""

from __future__ import annotations

import contextlib
import re
import signal
import threading
from collections.abc import Callable, Iterator
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from elo_core.errors import InputError
from elo_core.importers import import_games
from elo_core.importers.common import _FORFEIT
from elo_core.importers.pgn_games import _movetext
from elo_core.numbers import NumberFormat, parse_number
from elo_core.page import compute
from elo_core.page.fields import parse_points
from elo_core.page.norms import _SEPARATORS

# The patterns as they were: the readings to keep.
_SIGN = "+\\-\u2212\u2013\u2014"
OLD_FORFEIT = re.compile(rf"[{_SIGN}]\s*[:/{_SIGN[1:]}]?\s*[{_SIGN}]")
OLD_COMMENT = re.compile(r"\{[^}]*\}|;.*")
OLD_SPACE_GROUPED = re.compile(r"[0-9]{1,3}(?:[ \u00a0\u202f\u2009][0-9]{3})+(?=$|[.,])")
OLD_HALF = re.compile(r"\s*½\s*$")
OLD_SEPARATORS = re.compile(r"\s*[|;\t]\s*")

LONG = 200_000  # quadratic: minutes; linear: milliseconds
BOUND = 10.0  # seconds


@contextlib.contextmanager
def no_hang(seconds: float = BOUND) -> Iterator[None]:
    """Fails the test if what runs inside has not finished after ``seconds`` (the regular
    expression engine checks for signals as it runs)."""
    if not hasattr(signal, "setitimer") or threading.current_thread() is not threading.main_thread():
        yield  # Pyodide: the reading is checked, without a timer
        return

    def expired(*_: Any) -> None:
        raise TimeoutError(f"still reading after {seconds} s")

    previous = signal.signal(signal.SIGALRM, expired)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def texts(alphabet: str) -> st.SearchStrategy[str]:
    return st.text(alphabet=alphabet, max_size=24)


@settings(max_examples=600, deadline=None, database=None)
@given(texts("+-\u2212:/ \tx1"))
def test_the_forfeit_pattern_reads_as_before(text: str) -> None:
    assert bool(_FORFEIT.fullmatch(text)) == bool(OLD_FORFEIT.fullmatch(text))


def _old_movetext(line: str) -> tuple[str, bool]:
    line = OLD_COMMENT.sub(" ", line)
    brace = line.find("{")
    return (line, False) if brace < 0 else (line[:brace], True)


@settings(max_examples=600, deadline=None, database=None)
@given(texts("{};e4 "))
def test_pgn_comments_read_as_before(line: str) -> None:
    assert _movetext(line, False) == _old_movetext(line)


@settings(max_examples=600, deadline=None, database=None)
@given(texts("0123456789 \u00a0.,x"), st.sampled_from([NumberFormat(".", ","),
                                                      NumberFormat(",", "\u00a0")]))
def test_space_grouped_numbers_read_as_before(text: str, fmt: NumberFormat) -> None:
    """Alike but where a run of digits longer than three runs into the groups ("12345 678"):
    the old search started inside it and read 12,345,678; such a text is not a number."""
    def read(parse: Callable[[], float]) -> float | str:
        try:
            return parse()
        except InputError as error:
            return error.code

    new = read(lambda: parse_number(text, fmt=fmt))
    old_body = text.strip().lstrip("+-\u2212\u2013").lstrip()
    starts_inside = any(
        match.start() > 0 and old_body[match.start() - 1].isdigit()
        for match in OLD_SPACE_GROUPED.finditer(old_body))
    if not starts_inside:
        import elo_core.numbers as numbers

        kept = numbers._SPACE_GROUPED
        numbers._SPACE_GROUPED = OLD_SPACE_GROUPED
        try:
            old = read(lambda: parse_number(text, fmt=fmt))
        finally:
            numbers._SPACE_GROUPED = kept
        assert new == old


@settings(max_examples=600, deadline=None, database=None)
@given(texts("½ \t4x"))
def test_half_points_read_as_before(text: str) -> None:
    from elo_core.page import fields

    assert bool(fields._HALF.search(text)) == bool(OLD_HALF.search(text))
    assert fields._HALF.sub("", text) == OLD_HALF.sub("", text)


@settings(max_examples=600, deadline=None, database=None)
@given(texts("|;\t 2x"))
def test_norm_lines_split_as_before(line: str) -> None:
    assert _SEPARATORS.split(line) == OLD_SEPARATORS.split(line)
    assert bool(_SEPARATORS.search(line)) == bool(OLD_SEPARATORS.search(line))


def _league(games: str, fmt: str = "lines", start: str = "1500") -> dict[str, Any]:
    fields = {"league_format": fmt, "league_games": games, "league_start": start,
              "league_k": "20"}
    result: dict[str, Any] = compute("league", fields, "en", NumberFormat(".", ","))
    return result


def test_a_long_forfeit_result_is_read_at_once() -> None:
    with no_hang():
        result = _league("Anna | Ben | +" + " " * LONG + "x")
    assert result["errors"][0]["reason"] == "result"


def test_a_long_line_of_open_pgn_comments_is_read_at_once() -> None:
    with no_hang():
        imported = import_games('[White "A"]\n[Black "B"]\n[Result "1-0"]\n\n' + "{" * LONG
                                + "\n} 1. e4 1-0\n", "pgn")
    assert len(imported.games) == 1


def test_a_long_run_of_number_groups_is_read_at_once() -> None:
    with no_hang():
        result = _league("Anna | Ben | 1", start="1 500" + " 000" * (LONG // 4) + "x")
    assert result["errors"][0]["field"] == "league_start"


def test_long_runs_of_spaces_in_points_and_norm_lines_are_read_at_once() -> None:
    with no_hang():
        try:
            parse_points("4" + " " * LONG + "x", fmt=NumberFormat(".", ","), field="np_score")
        except InputError as error:
            assert error.code == "score-invalid"
        _SEPARATORS.split("2450" + " " * LONG + "GER")
