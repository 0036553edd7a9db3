"""compute_json's long replies: a JSON text a line, each long table's rows in parts after the
reply, so the page never parses the whole of a reply of megabytes in one task."""

from __future__ import annotations

import json

import pytest

import elo_core.page as page
from elo_core.page import DEFAULTS, compute, compute_json, parse_reply

GAMES = "\n".join(f"{1500 + 10 * n} | {n % 3 / 2:g}" for n in range(7))


@pytest.mark.parametrize(("per_part", "lines"), [(1, 8), (3, 4), (6, 3), (7, 1), (100, 1)])
def test_a_table_over_the_limit_comes_in_parts_that_join_to_the_reply(
    monkeypatch: pytest.MonkeyPatch, per_part: int, lines: int
) -> None:
    monkeypatch.setattr(page, "ROWS_PER_PART", per_part)
    form = {**DEFAULTS["elo"], "games": GAMES}
    text = compute_json("elo", json.dumps(form))
    assert len(text.split("\n")) == lines
    assert parse_reply(text) == json.loads(json.dumps(compute("elo", form)))
    assert len(parse_reply(text)["outputs"]["tournament_rows"]["rows"]) == 7


def test_a_reply_without_a_long_table_is_one_json_text() -> None:
    text = compute_json("elo", json.dumps({**DEFAULTS["elo"], "games": GAMES}))
    assert "\n" not in text
    assert json.loads(text) == json.loads(json.dumps(compute("elo", {**DEFAULTS["elo"], "games": GAMES})))


def test_a_line_break_in_a_text_stays_inside_its_json_text(monkeypatch: pytest.MonkeyPatch) -> None:
    # A name with a line break in a table's cell: written as \n, never as a new line.
    monkeypatch.setattr(page, "ROWS_PER_PART", 1)
    reply = {"ok": True, "outputs": {"t": {"rows": [["a\nb"], ["c"]]}}}
    monkeypatch.setitem(page.MODES, "probe", lambda form, language: reply["outputs"])
    text = compute_json("probe", "{}")
    assert text.count("\n") == 2
    assert parse_reply(text) == reply


@pytest.mark.parametrize("line", ["NaN", "Infinity", "-Infinity"])
def test_a_reply_is_read_back_as_strictly_as_the_page_reads_it(line: str) -> None:
    head = json.dumps({"ok": True, "outputs": {"t": {"rows": []}}})
    with pytest.raises(ValueError, match="is not JSON"):
        parse_reply(f'{head}\n{{"output": "t", "rows": [[{line}]]}}')
    assert parse_reply(f'{head}\n{{"output": "t", "rows": [[1.5]]}}') == {
        "ok": True, "outputs": {"t": {"rows": [[1.5]]}}}
