"""The tournament page's mode "trf": a tournament report file in, every player rated, or the
errors by field, line and column."""

from __future__ import annotations

import csv
import datetime
import io
from pathlib import Path
from typing import Any

import pytest

from form_checks import errors, outputs, value
from form_checks import full_outputs as ok

from elo_core import trf
from elo_core.errors import ERROR_CODES
from elo_core.page import DEFAULTS, MODES, compute
from elo_core.page import trf as page_trf

EXAMPLE = DEFAULTS["trf"]["trf_text"]
FIXTURES = Path(__file__).resolve().parent / "fixtures" / "trf"


def example_lines() -> list[str]:
    return EXAMPLE.split("\n")


def with_line(index: int, old: str, new: str) -> str:
    lines = example_lines()
    assert old in lines[index]
    lines[index] = lines[index].replace(old, new, 1)
    return "\n".join(lines)


def rows_by_number(out: dict[str, Any]) -> dict[int, list[Any]]:
    return {int(value(row[0])): row for row in out["trf_rows"]["rows"]}


def test_the_mode_is_registered_with_an_example_of_8_players_and_5_rounds() -> None:
    assert "trf" in MODES
    example = trf.parse(EXAMPLE)
    assert (len(example.players), example.rounds) == (8, 5)
    out = ok("trf")
    assert out["trf_name"] == {"text": "Riverside Summer Open 2025"}
    assert (value(out["trf_players"]), value(out["trf_rated_games"])) == (8, 20)
    assert len(out["trf_rows"]["rows"]) == 8


def test_a_row_holds_rating_k_and_why_games_score_expected_change_and_new_rating() -> None:
    row = rows_by_number(ok("trf"))[2]
    # Schulz 2214, born 2009 → a junior in 2025, K 40. Poulsen 1640 won (D 574 → 400, E 0.92),
    # Andersen 2380 drawn (D −166, E 0.28), Larsen 2105 lost (D 109, E 0.65), Keller 1990 drawn
    # (D 224, E 0.78); Brandt is unrated. ΣE 2.63, S 2, 40 × (−0.63) = −25.2 → −25 → 2189.
    assert row[1] == {"text": "Schulz, Hanna"}
    assert [value(row[i]) for i in (2, 3, 5, 6, 7)] == [2214, 40, 4, 2.0, 2.63]
    assert row[4]["message"] == "k-rule-junior"
    assert row[8] == {"value": -25.0, "digits": 0, "signed": True}
    assert value(row[9]) == 2189
    assert row[11] is None  # a rated player has no initial rating


def test_an_unrated_player_shows_the_first_rating_and_dashes_for_the_rest() -> None:
    row = rows_by_number(ok("trf"))[8]
    # Brandt: 2½ from Andersen 2380 (0), Madsen 1876 (½), Schulz 2214 (0), Vogel 1750 (1) and
    # Larsen 2105 (1). With two 1800s, both drawn (8.2): Ra = (10325 + 3600) / 7 = 1989.29,
    # p = (2.5 + 1) / 7 = 0.50 → dp 0 → Ru = 1989.
    assert row[2] is None and row[3] is None and row[8] is None and row[9] is None
    assert row[4]["message"] == "initial-rated"
    assert value(row[11]) == value(row[4]["params"]["rating"]) == 1989


def test_every_round_is_a_row_that_starts_with_the_players_start_number() -> None:
    out = ok("trf")
    games = out["trf_games"]["rows"]
    assert len(games) == 8 * 5
    schulz = [row for row in games if value(row[0]) == 2]
    assert [value(row[1]) for row in schulz] == [1, 2, 3, 4, 5]
    assert [value(row[2]) for row in schulz] == [7, 1, 8, 3, 4]
    first = schulz[0]
    assert first[3] == {"text": "Poulsen, Karen"} and value(first[4]) == 1640
    assert first[5] == {"message": "trf-colour-w", "params": {}}
    assert first[6] == {"text": "1"} and value(first[7]) == 0.92
    # K · (S − E) = 40 × (1 − 0.92) = 3.2
    assert first[8] == {"value": 3.2, "digits": 1, "signed": True}
    assert first[9]["message"] == "trf-round-rated"
    # Round 3 against the unrated Brandt is played but does not count for her.
    assert schulz[2][4] is None and schulz[2][7] is None and schulz[2][8] is None
    assert schulz[2][9]["message"] == "trf-round-unrated-opponent"
    counted = [row for row in games if row[9]["message"] in ("trf-round-rated", "trf-round-initial")]
    assert len(counted) == sum(int(value(row[5])) for row in out["trf_rows"]["rows"])
    brandt = [row for row in games if value(row[0]) == 8]
    assert {row[9]["message"] for row in brandt} == {"trf-round-initial"}
    assert brandt[0][7] is None and brandt[0][8] is None


def test_rounds_that_do_not_count_say_why() -> None:
    text = (FIXTURES / "spring_open_2025_trf16.txt").read_text(encoding="utf-8")
    games = ok("trf", trf_text=text)["trf_games"]["rows"]
    notes = {(int(value(row[0])), int(value(row[1]))): row[9]["message"] for row in games}
    assert notes[4, 3] == "trf-round-not-rated"  # D: played, not rated
    assert notes[6, 4] == "trf-round-forfeit"  # +
    assert notes[4, 5] == "trf-round-bye-F"
    assert notes[8, 3] == "trf-round-bye-U"
    assert notes[9, 3] == "trf-round-bye-H"
    assert notes[10, 6] == "trf-round-bye-Z"
    assert notes[7, 5] == "trf-round-unpaired"  # withdrawn
    assert notes[1, 1] == "trf-round-rated"
    bye = next(row for row in games if (value(row[0]), value(row[1])) == (4, 5))
    assert bye[2] is None and bye[3] is None and bye[5] is None and bye[6] == {"text": "F"}


def test_the_csv_download_has_one_row_per_player() -> None:
    download = ok("trf")["trf_csv"]["download"]
    assert (download["filename"], download["mime"]) == ("tournament-ratings.csv", "text/csv")
    assert download["text"].startswith("\ufeff")
    rows = list(csv.reader(io.StringIO(download["text"].removeprefix("\ufeff"))))
    assert rows[0] == [
        "start_number", "name", "rating", "k", "k_rule", "games", "score", "expected", "change",
        "rounded_change", "new_rating", "performance", "initial_rating", "initial_reason",
        "file_points", "next_list", "norms", "event", "event_start", "event_end", "rating_list"]
    assert rows[2][:11] == [
        "2", "Schulz, Hanna", "2214", "40", "junior", "4", "2", "2.63", "-25.2", "-25", "2189"]
    # The file gives her 3 points: her win against the unrated Brandt does not count.
    assert rows[2][14:16] == ["3", ""]
    # No norm in five rounds; every row names the event and the list it was rated for.
    assert rows[2][16:] == ["", "Riverside Summer Open 2025", "2025-06-14", "2025-06-16",
                            "standard"]
    assert rows[8][2:5] == ["", "", ""] and rows[8][13] == ""
    assert len(rows) == 9


def test_csv_cells_that_a_spreadsheet_would_run_are_neutralised() -> None:
    # Names in columns 15–47 of the player line, padded to 33 characters.
    text = with_line(14, "Poulsen, Karen                   ", "=HYPERLINK(\"x\")".ljust(33))
    text = text.replace("Vogel, Tim                       ", "@SUM(A1)".ljust(33))
    text = text.replace("Keller, Jan                      ", "-2+3".ljust(33))
    download = ok("trf", trf_text=text)["trf_csv"]["download"]["text"]
    rows = list(csv.reader(io.StringIO(download.removeprefix("\ufeff"))))
    names = {row[0]: row[1] for row in rows[1:]}
    assert (names["7"], names["6"], names["4"]) == ("'=HYPERLINK(\"x\")", "'@SUM(A1)", "'-2+3")
    # Numbers stay numbers, a minus sign and all.
    assert rows[2][9] == "-25"


def test_k_can_be_set_by_hand_per_start_number() -> None:
    out = ok("trf", trf_k="2 | 20\n\n# the organiser knows better\n5;30")
    rows = rows_by_number(out)
    assert value(rows[2][3]) == 20 and rows[2][4]["message"] == "k-rule-override"
    assert value(rows[2][4]["params"]["k"]) == 20
    assert rows[2][8]["value"] == round(20 * (2.0 - 2.63))
    assert value(rows[5][3]) == 30


def test_a_k_lowered_by_k_times_n_at_most_700_says_so() -> None:
    rounds = 18
    a = trf.Player(1, "", "", "Junior, Ann", 1800, "", None, 2012, 9.0, 1, tuple(
        trf.Round(2, "w" if r % 2 else "b", "1" if r % 2 else "0") for r in range(rounds)))
    b = trf.Player(2, "", "", "Senior, Bo", 2000, "", None, 1970, 9.0, 2, tuple(
        trf.Round(1, "b" if r % 2 else "w", "0" if r % 2 else "1") for r in range(rounds)))
    match = trf.write(trf.Tournament(
        "Training match", None, datetime.date(2025, 6, 1), (None,) * rounds, (a, b)))
    rows = rows_by_number(ok("trf", trf_text=match))
    note = rows[1][4]
    # A junior's K 40 × 18 games = 720 > 700 → K 38.
    assert note["message"] == "k-capped"
    assert [value(note["params"][name]) for name in ("uncapped", "games", "k")] == [40, 18, 38]
    assert rows[2][4]["message"] == "k-rule-standard"


def test_a_bad_file_is_reported_on_trf_text_with_line_and_column() -> None:
    # Schulz (line 10) reports her round-2 draw with Andersen (line 9) as a win.
    text = with_line(9, "     1 b =", "     1 b 1")
    result = compute("trf", {"trf_text": text, "trf_k": ""})
    assert not result["ok"]
    assert result["errors"] == [{
        "field": "trf_text", "code": "trf-invalid", "line": 9, "reason": "mismatch",
        "params": {"round": 2, "number": "1", "opponent": "2", "opponent_name": "Schulz, Hanna",
                   "mine": "2 w =", "theirs": "1 b 1", "column": 102,
                   "player": "Andersen, Mikkel"},
    }]


def test_a_bad_result_code_names_its_column() -> None:
    text = with_line(10, "     6 w =", "     6 w ?")
    result = compute("trf", {"trf_text": text})
    error = result["errors"][0]
    assert (error["field"], error["line"], error["reason"]) == ("trf_text", 11, "result")
    assert error["params"] == {"round": 1, "text": "?", "column": 99, "player": "Larsen, Nils"}


def warning_items(out: dict[str, Any]) -> list[Any]:
    """Every warning listed, in order (their kind left out)."""
    return [row[1] for row in out["trf_warning_lines"]["rows"]]


def test_a_birth_year_after_the_tournament_is_listed_as_a_warning_with_line_and_player() -> None:
    # Years are shown as written (2031, not 2,031).
    out = ok("trf", trf_text=with_line(9, "2009", "2031"))
    assert [row[0]["text"] for row in out["trf_warning_kinds"]["rows"]] == ["birth-year-after"]
    assert warning_items(out) == [{
        "message": "trf-warning-player",
        "params": {"line": "10", "player": "Schulz, Hanna", "note": {
            "message": "trf-warning/birth-year-after",
            "params": {"birth_year": "2031", "year": "2025", "column": "70"}}},
    }]
    # No longer a junior: K 20 (the standard K for her 2214).
    assert value(rows_by_number(out)[2][3]) == 20


def test_the_example_has_no_warnings() -> None:
    out = ok("trf")
    assert out["trf_warning_kinds"]["rows"] == out["trf_warning_lines"]["rows"] == []


def test_an_unreadable_date_rates_the_file_and_lists_the_warning() -> None:
    out = ok("trf", trf_text=with_line(4, "2025/06/16", "16 Jnue 2025"))
    assert [item.get("message") for item in warning_items(out)] == [
        "trf-warning-line", "trf-warning/year-from-rounds"]
    first = warning_items(out)[0]
    assert first["params"]["line"] == "5"
    assert first["params"]["note"] == {"message": "trf-warning/date-unreadable", "params": {
        "record": "052", "text": "16 Jnue 2025", "column": "5"}}
    assert warning_items(out)[1]["params"] == {"year": "2025"}
    assert value(rows_by_number(out)[2][3]) == 40  # Schulz, born 2009, still a junior in 2025


def test_a_shifted_value_names_its_field_for_the_page() -> None:
    # Keller's rating one column to the left: read whole, with a warning.
    out = ok("trf", trf_text=with_line(11, "  Keller, Jan                       1990 ",
                                        "  Keller, Jan                      1990  "))
    (item,) = warning_items(out)
    assert item["params"]["player"] == "Keller, Jan"
    assert item["params"]["note"]["params"]["field"] == {"message": "trf-field-rating"}
    assert value(rows_by_number(out)[4][2]) == 1990
    # One column to the right, into the federation: an error the page words by field.
    text = with_line(11, "  Keller, Jan                       1990 GER",
                     "  Keller, Jan                        1990GER")
    error = compute("trf", {"trf_text": text})["errors"][0]
    assert (error["line"], error["reason"]) == (12, "merged-rating")
    assert error["params"]["player"] == "Keller, Jan"


def test_warnings_of_one_kind_are_one_line_with_a_count(monkeypatch: pytest.MonkeyPatch) -> None:
    lines = example_lines()
    for index in range(8, 16):  # every birth date unreadable: eight warnings of one kind
        lines[index] = lines[index][:69] + "99/99/99  " + lines[index][79:]
    out = ok("trf", trf_text="\n".join(lines))
    assert out["trf_warning_kinds"]["rows"] == [[
        {"text": "birth-date-unreadable"},
        {"message": "trf-warnings/birth-date-unreadable", "params": {
            "count": {"value": 8.0, "digits": 0, "signed": False}}}]]
    assert len(warning_items(out)) == 8
    monkeypatch.setattr(page_trf, "WARNINGS_SHOWN", 3)
    items = warning_items(ok("trf", trf_text="\n".join(lines)))
    assert len(items) == 4
    assert items[3] == {"message": "trf-warnings-more", "params": {
        "count": {"value": 5.0, "digits": 0, "signed": False}}}


def test_an_empty_file_and_bad_k_lines_are_reported_together() -> None:
    assert errors("trf", trf_text="", trf_k="7 | x") == [
        ("trf_text", "trf-invalid", None), ("trf_k", "k-invalid", 1)]


def test_k_lines_name_their_line_and_reason() -> None:
    cases = {
        "x": "format", "1 2 3": "format", "0 | 20": "format", "2 | 0": "range",
        "2 | 1001": "range", "2 | 20\n2 | 30": "duplicate", "99 | 20": "unknown-player",
        "8 | 20": "unrated",
    }
    for typed, reason in cases.items():
        result = compute("trf", {**DEFAULTS["trf"], "trf_k": typed})
        assert not result["ok"], typed
        error = result["errors"][0]
        assert (error["field"], error["code"], error["reason"]) == ("trf_k", "k-invalid", reason)
        assert error["line"] == (2 if reason == "duplicate" else 1)
    unrated = compute("trf", {**DEFAULTS["trf"], "trf_k": "8 | 20"})["errors"][0]
    assert unrated["params"] == {"number": "8"}


def test_every_error_code_is_known() -> None:
    forms = [{"trf_text": "001 x"}, {"trf_text": EXAMPLE, "trf_k": "nope"}, {}]
    for form in forms:
        for error in compute("trf", form)["errors"]:
            assert error["code"] in ERROR_CODES


def test_a_new_rating_below_1400_is_said_to_be_unrated_on_the_next_list() -> None:
    # Round 1 of the example only, Poulsen at 1401: her loss to Schulz (2214; E 0.08 with the
    # 400-point rule) costs her 2 points, which takes her to 1399: no floor at 1400.
    lines = example_lines()
    head = [line for line in lines[:8] if not line.startswith("132")]
    text = "\n".join(head + [lines[9][:101], lines[14][:101].replace("1640", "1401")])
    out = ok("trf", trf_text=text)
    rows = rows_by_number(out)
    assert value(rows[7][9]) == 1399
    assert rows[7][12] == {"message": "trf-unrated",
                           "params": {"min": {"value": 1400, "digits": 0, "signed": False}}}
    assert rows[2][12] is None
    assert out["trf_unrated"]["message"] == "trf-unrated-summary"
    assert out["trf_unrated"]["params"]["names"] == "Poulsen, Karen"
    table = list(csv.reader(io.StringIO(out["trf_csv"]["download"]["text"].removeprefix("\ufeff"))))
    assert [row[15] for row in table[1:]] == ["", "unrated"]
    assert ok("trf")["trf_unrated"] == {"text": ""}


def test_the_score_note_counts_the_players_whose_file_points_differ() -> None:
    out = ok("trf")
    rows = out["trf_rows"]["rows"]
    differ = [row for row in rows if value(row[6]) != value(row[13])]
    assert differ  # Schulz: 2 from rated games, 3 in the file
    assert out["trf_score_note"] == {"message": "trf-score-note", "params": {
        "count": {"value": len(differ), "digits": 0, "signed": False}}}


def test_the_tables_are_written_short_and_every_number_has_its_columns_format() -> None:
    # A 500-player open is millions of cells: a number is bare and formatted by its column
    # (elo_core.page.fields.rows_output), a name or title a bare string, a message without
    # parameters has none. Every bare number must have a column format to be shown with.
    out = outputs("trf", trf_text=(FIXTURES / "spring_open_2025_trf16.txt").read_text(encoding="utf-8"))
    row = out["trf_rows"]["rows"][0]
    assert isinstance(row[0], int) and isinstance(row[1], str)
    game = out["trf_games"]["rows"][0]
    assert game[5] == {"message": "trf-colour-" + game[5]["message"][-1]}
    # The Nordic invitational has norms made and missed: every norm table has rows.
    nordic = outputs("trf", trf_text=(FIXTURES / "nordic_invitational_2025_trf16.txt").read_text(
        encoding="utf-8"))
    for name in ("trf_rows", "trf_games", "trf_norms", "trf_norm_checks", "trf_norm_notes"):
        table = nordic[name]
        assert table["rows"], name
        for row in [*out[name]["rows"], *table["rows"]]:
            assert len(row) == len(table["columns"]), name
            for cell, column in zip(row, table["columns"]):
                if isinstance(cell, (int, float)):
                    assert column is not None, (name, row)
                else:
                    assert cell is None or isinstance(cell, (str, dict)), (name, row)
    # Written out, a cell is the output it stands for.
    assert ok("trf")["trf_rows"]["rows"][0][0] == {"value": 1.0, "digits": 0, "signed": False}
