"""The home page's calculator modes (elo, match, expectancy) as the page calls them."""

from __future__ import annotations

import json

import pytest

from elo_core import ERROR_CODES, expected_score
from elo_core.page import DEFAULTS, MODES, compute, compute_json, parse_reply
from elo_core.page.home import curve_x, curve_y

from form_checks import errors, outputs, value

HOME_MODES = ("elo", "match", "expectancy")


@pytest.mark.parametrize("mode", HOME_MODES)
def test_every_default_example_computes(mode: str) -> None:
    assert mode in MODES
    result = compute(mode, DEFAULTS[mode])
    assert result["ok"], result


# Mode "elo": one game ---------------------------------------------------------------------


def test_seed_single_game_1600_beats_1400() -> None:
    out = outputs("elo", rating_a="1600", rating_b="1400")
    assert out["expected_a"] == {"value": pytest.approx(0.7597, abs=1e-4), "digits": 2,
                                 "signed": False}
    assert value(out["change_a"]) == pytest.approx(4.805, abs=1e-3)
    assert out["change_a"]["signed"] is True and out["change_a"]["digits"] == 1
    assert value(out["new_a"]) == pytest.approx(1604.805, abs=1e-3)
    assert value(out["expected_b"]) == pytest.approx(0.2403, abs=1e-4)
    assert value(out["change_b"]) == pytest.approx(-4.805, abs=1e-3)
    assert value(out["new_b"]) == pytest.approx(1395.195, abs=1e-3)


def test_seed_1750_beats_1810_with_k_20_gains_11_7() -> None:
    out = outputs("elo", rating_a="1750", rating_b="1810", result="1", k="20")
    assert round(value(out["change_a"]), 1) == 11.7
    assert out["change_a"]["digits"] == 1


def test_seed_fide_rounding_gives_whole_new_ratings() -> None:
    out = outputs("elo", rating_a="1600", rating_b="1400", rounding="fide")
    assert out["change_a"] == {"value": 5.0, "digits": 0, "signed": True}
    assert out["new_a"] == {"value": 1605.0, "digits": 0, "signed": False}
    assert out["new_b"] == {"value": 1395.0, "digits": 0, "signed": False}


def test_tenth_rounding_rounds_the_change_to_one_decimal() -> None:
    out = outputs("elo", rating_a="1750", rating_b="1810", rounding="tenth")
    assert value(out["change_a"]) == 11.7
    assert value(out["new_a"]) == 1761.7


def test_draw_and_loss_and_decimal_comma() -> None:
    draw = outputs("elo", rating_a="1600", rating_b="1400", result="0.5")
    assert value(draw["change_a"]) == pytest.approx(20 * (0.5 - 0.7597), abs=1e-3)
    loss = outputs("elo", result="0", rating_a="1600,5", rating_b="1400")
    assert value(loss["change_a"]) < 0
    assert value(loss["new_a"]) == pytest.approx(1600.5 + value(loss["change_a"]))


def test_k_of_player_b_defaults_to_k_and_can_differ() -> None:
    same = outputs("elo", rating_a="1600", rating_b="1400", k="40", k_b="")
    assert value(same["change_b"]) == pytest.approx(-value(same["change_a"]))
    other = outputs("elo", rating_a="1600", rating_b="1400", k="40", k_b="10")
    assert value(other["change_a"]) == pytest.approx(40 * (1 - 0.75975), abs=1e-3)
    assert value(other["change_b"]) == pytest.approx(-10 * 0.24025, abs=1e-3)


def test_fide_table_model_at_400_points_gives_0_92() -> None:
    out = outputs("elo", rating_a="1800", rating_b="1400", model="fide")
    assert value(out["expected_a"]) == 0.92
    assert value(out["expected_b"]) == 0.08


def test_normal_model_and_cap_change_the_numbers() -> None:
    logistic = outputs("elo", rating_a="2200", rating_b="1600")
    normal = outputs("elo", rating_a="2200", rating_b="1600", model="normal")
    capped = outputs("elo", rating_a="2200", rating_b="1600", cap="400")
    assert value(normal["expected_a"]) != value(logistic["expected_a"])
    assert value(capped["expected_a"]) == pytest.approx(expected_score(2000, 1600))
    # FIDE's cap from October 2025 spares players rated 2650 or more.
    top = outputs("elo", rating_a="2700", rating_b="2200", cap="fide")
    assert value(top["expected_a"]) == pytest.approx(expected_score(2700, 2200))
    assert value(top["expected_b"]) == pytest.approx(expected_score(2200, 2600))


# Mode "elo": the tournament --------------------------------------------------------------


def test_without_games_the_tournament_shows_dashes() -> None:
    out = outputs("elo", games="  \n# nothing yet\n")
    for name in ("tournament_change", "tournament_new", "tournament_score",
                 "tournament_expected", "tournament_games"):
        assert out[name] is None
    assert out["tournament_rows"] == {"rows": []}


def test_tournament_is_one_period_from_the_starting_rating() -> None:
    out = outputs("elo", rating_a="1600", rating_b="1400", k="20",
                  games="1500 | 1\n1700 | ½\n\n1810,5 1-0")
    e = [expected_score(1600, 1500), expected_score(1600, 1700), expected_score(1600, 1810.5)]
    change = 20 * ((1 - e[0]) + (0.5 - e[1]) + (1 - e[2]))
    assert value(out["tournament_change"]) == pytest.approx(change)
    assert value(out["tournament_new"]) == pytest.approx(1600 + change)
    assert value(out["tournament_score"]) == 2.5
    assert value(out["tournament_expected"]) == pytest.approx(sum(e))
    assert value(out["tournament_games"]) == 3
    # Cells written short: a bare number in its column's format, a bare string a text
    # (elo_core.page.fields.rows_output); the half-point opponent in a cell of its own.
    table = out["tournament_rows"]
    assert table["columns"] == [{"digits": 0, "signed": False}, None,
                                {"digits": 2, "signed": False}, {"digits": 1, "signed": True}]
    rows = table["rows"]
    assert [row[1] for row in rows] == ["1", "½", "1"]
    assert rows[2][0] == {"value": 1810.5, "digits": 1, "signed": False}
    assert rows[0][0] == 1500.0 and rows[1][0] == 1700.0
    assert [row[2] for row in rows] == pytest.approx(e)
    assert rows[1][3] == pytest.approx(20 * (0.5 - e[1]))
    # The single game against B is not part of the tournament.
    assert value(out["change_a"]) == pytest.approx(20 * (1 - expected_score(1600, 1400)))


def test_tournament_rounding_applies_once_to_the_total() -> None:
    out = outputs("elo", rating_a="1600", games="1600 | 1\n1600 | 1\n1600 | ½", rounding="fide",
                  k="15")
    # 15 × (0.5 + 0.5 + 0) = 15, each game unrounded (+7.5).
    assert out["tournament_change"] == {"value": 15.0, "digits": 0, "signed": True}
    assert out["tournament_rows"]["rows"][0][3] == 7.5


def test_a_bad_tournament_line_is_named_with_the_rule_it_breaks() -> None:
    assert errors("elo", games="1500 | 1\n\nfoo\n1700 | 2") == [("games", "games-invalid", 3)]
    assert errors("elo", games="1500 | 1\n1700 | 2") == [("games", "score-invalid", 2)]
    # A range message with the range, not a line-format message.
    result = compute("elo", {**DEFAULTS["elo"], "games": "99999 | 1"})
    assert result["errors"] == [{
        "field": "games", "code": "rating-invalid", "line": 1, "reason": None,
        "params": {"min": 100, "max": 4000, "value": 99999},
    }]


# Bad input: every field at once ------------------------------------------------------------


def test_every_bad_field_of_elo_is_reported_at_once() -> None:
    result = compute("elo", {
        "rating_a": "abc", "rating_b": "4001", "result": "2", "k": "0", "k_b": "-5",
        "games": "1500 | 1\n1600 ? x", "model": "glicko", "cap": "500", "rounding": "up",
    })
    assert result["ok"] is False
    assert [(e["field"], e["code"], e["line"], e["reason"]) for e in result["errors"]] == [
        ("rating_a", "rating-invalid", None, "not-a-number"),
        ("rating_b", "rating-invalid", None, None),
        ("result", "score-invalid", None, None),
        ("k", "k-invalid", None, "range"),
        ("k_b", "k-invalid", None, "range"),
        ("games", "score-invalid", 2, None),
        ("model", "option-invalid", None, None),
        ("cap", "option-invalid", None, None),
        ("rounding", "option-invalid", None, None),
    ]
    # Each range error carries its range for the page's message.
    params = {e["field"]: e["params"] for e in result["errors"]}
    assert params["rating_b"] == {"min": 100, "max": 4000, "value": 4001}
    assert params["k"] == {"min": 0, "max": 1000, "value": 0}


@pytest.mark.parametrize("field", ["rating_a", "rating_b", "k"])
@pytest.mark.parametrize("typed", ["", " ", "nan", "inf", "-1", "1e9", "12 34"])
def test_empty_and_odd_numbers_are_errors(field: str, typed: str) -> None:
    code = "k-invalid" if field == "k" else "rating-invalid"
    assert errors("elo", **{field: typed}) == [(field, code, None)]


def test_missing_result_is_an_error_and_missing_options_take_defaults() -> None:
    form = {"rating_a": "1600", "rating_b": "1400", "k": "20"}
    assert compute("elo", form)["errors"] == [
        {"field": "result", "code": "score-invalid", "line": None, "reason": None, "params": {}}]
    form["result"] = "1"
    assert compute("elo", form)["ok"]


def test_unknown_mode_does_not_raise() -> None:
    assert compute("nope", {})["ok"] is False


def test_every_error_code_is_a_known_code() -> None:
    forms = [
        ("elo", {"rating_a": "x", "result": "x", "k": "x", "games": "x", "model": "x"}),
        ("match", {"match_rating_a": "x", "match_wins": "x", "match_k": "x", "cap": "x"}),
        ("expectancy", {"expectancy_difference": "x", "model": "x"}),
    ]
    for mode, form in forms:
        for error in compute(mode, {**DEFAULTS[mode], **form})["errors"]:
            assert error["code"] in ERROR_CODES


# Mode "match" --------------------------------------------------------------------------------


def test_match_of_two_games_against_one_opponent() -> None:
    out = outputs("match", match_rating_a="1850", match_rating_b="1720", match_wins="1",
                  match_draws="1", match_losses="0", match_k="20")
    e = expected_score(1850, 1720)
    assert value(out["match_games"]) == 2
    assert value(out["match_expected_game_a"]) == pytest.approx(e)
    assert value(out["match_expected_game_b"]) == pytest.approx(1 - e)
    assert value(out["match_expected_a"]) == pytest.approx(2 * e)
    assert value(out["match_score_a"]) == 1.5
    assert value(out["match_score_b"]) == 0.5
    assert value(out["match_change_a"]) == pytest.approx(20 * (1.5 - 2 * e))
    assert value(out["match_change_b"]) == pytest.approx(-20 * (1.5 - 2 * e))
    assert value(out["match_new_a"]) == pytest.approx(1850 + 20 * (1.5 - 2 * e))


def test_match_with_fide_rounding_and_empty_counts() -> None:
    out = outputs("match", match_rating_a="1600", match_rating_b="1400", match_wins="2",
                  match_draws="", match_losses="", rounding="fide")
    # 20 × 2 × (1 − 0.7597) = 9.6 → 10
    assert out["match_change_a"] == {"value": 10.0, "digits": 0, "signed": True}
    assert out["match_new_b"] == {"value": 1390.0, "digits": 0, "signed": False}


def test_match_errors() -> None:
    assert errors("match", match_wins="0", match_draws="0", match_losses="0") == [
        ("match_wins", "count-invalid", None),
        ("match_draws", "count-invalid", None),
        ("match_losses", "count-invalid", None),
    ]
    assert errors("match", match_rating_a="", match_wins="1.5", match_draws="-1",
                  match_k="abc", model="x") == [
        ("match_rating_a", "rating-invalid", None),
        ("match_wins", "count-invalid", None),
        ("match_draws", "count-invalid", None),
        ("match_k", "k-invalid", None),
        ("model", "option-invalid", None),
    ]
    assert errors("match", match_wins="400", match_draws="301") == [
        ("match_wins", "count-invalid", None),
        ("match_draws", "count-invalid", None),
        ("match_losses", "count-invalid", None),
    ]


# Mode "expectancy" ---------------------------------------------------------------------------


def test_expectancy_table_from_0_to_800_in_steps_of_50() -> None:
    out = outputs("expectancy")
    rows = out["expectancy_rows"]["rows"]
    assert [value(row[0]) for row in rows] == list(range(0, 801, 50))
    assert value(rows[0][1]) == pytest.approx(0.5)
    assert value(rows[4][1]) == pytest.approx(expected_score(200, 0))
    assert value(rows[4][2]) == pytest.approx(expected_score(0, 200))
    assert rows[4][1]["digits"] == 3


def test_expectancy_follows_the_model_and_the_cap() -> None:
    fide = outputs("expectancy", model="fide")["expectancy_rows"]["rows"]
    assert value(fide[8][1]) == 0.92  # 400 points
    assert value(fide[8][2]) == 0.08
    assert fide[8][1]["digits"] == 2
    normal = outputs("expectancy", model="normal")["expectancy_rows"]["rows"]
    assert value(normal[8][1]) == pytest.approx(expected_score(400, 0, model="normal"))
    capped = outputs("expectancy", cap="400")["expectancy_rows"]["rows"]
    assert value(capped[16][1]) == value(capped[8][1])


def _points(d: str) -> list[tuple[float, float]]:
    assert d.startswith("M")
    return [(float(x), float(y)) for x, y in (pair.split(",") for pair in d[1:].split(" "))]


def _farthest(line: list[tuple[float, float]], points: list[tuple[float, float]]) -> float:
    """How far, up or down, ``points`` lie from the polyline ``line`` (x increasing)."""
    worst = 0.0
    for x, y in points:
        (x1, y1), (x2, y2) = next((a, b) for a, b in zip(line, line[1:]) if a[0] <= x <= b[0])
        worst = max(worst, abs(y1 + (y2 - y1) * (x - x1) / (x2 - x1) - y))
    return worst


@pytest.mark.parametrize("model", ["logistic", "fide", "normal"])
@pytest.mark.parametrize("cap", ["none", "400", "fide"])
def test_expectancy_curves_pass_through_every_computed_point(model: str, cap: str) -> None:
    out = outputs("expectancy", model=model, cap=cap)
    for side, score in [("higher", lambda d: expected_score(d, 0, model=model, cap=cap)),
                        ("lower", lambda d: expected_score(0, d, model=model, cap=cap))]:
        line = _points(out[f"expectancy_path_{side}"]["attrs"]["d"])
        computed = [(curve_x(d), curve_y(score(d))) for d in range(0, 801, 4)]
        # Drawn from some of the points computed every 4 rating points, in order, from 0 to
        # 800; a point left out lies within a quarter unit of the line (and 0.05 of rounding).
        assert set(line) <= {(round(x, 1), round(y, 1)) for x, y in computed}
        assert line == sorted(line) and line[0][0] == curve_x(0) and line[-1][0] == curve_x(800)
        assert _farthest(line, computed) <= 0.25 + 0.1
        if model != "fide":
            assert len(line) < 40  # a smooth curve needs few of its 201 points


def test_expectancy_curve_and_point() -> None:
    out = outputs("expectancy", expectancy_difference="400")
    d = out["expectancy_path_higher"]["attrs"]["d"]
    assert d.startswith(f"M{curve_x(0):.1f},{curve_y(0.5):.1f} ")
    assert d.endswith(f"{curve_x(800):.1f},{curve_y(expected_score(800, 0)):.1f}")
    assert out["expectancy_path_lower"]["attrs"]["d"].startswith(f"M{curve_x(0):.1f},")
    assert out["expectancy_point"]["attrs"] == {
        "cx": f"{curve_x(400):.1f}", "cy": f"{curve_y(expected_score(400, 0)):.1f}"}
    assert value(out["expectancy_higher"]) == pytest.approx(expected_score(400, 0))


def test_expectancy_errors() -> None:
    assert errors("expectancy", expectancy_difference="900", model="x") == [
        ("expectancy_difference", "rating-invalid", None),
        ("model", "option-invalid", None),
    ]
    # 900 says the difference's own range, not a rating's.
    result = compute("expectancy", {**DEFAULTS["expectancy"], "expectancy_difference": "900"})
    assert result["errors"][0]["params"] == {"min": 0, "max": 800, "value": 900}
    assert errors("expectancy", expectancy_difference="-5") == [
        ("expectancy_difference", "rating-invalid", None)]


# FIDE B.02 7.2.1: a new rating below 1400 is shown as unrated on the next list ------------------


UNRATED = {"message": "fide-unrated", "params": {
    "player": "B", "min": {"value": 1400, "digits": 0, "signed": False}}}


def test_the_seed_game_takes_b_below_1400_and_says_so_without_a_floor() -> None:
    out = outputs("elo", rating_a="1600", rating_b="1400")
    assert value(out["new_b"]) < 1400  # 1395.2: no floor at 1400
    assert out["unrated_b"] == UNRATED
    assert out["unrated_a"] == {"text": ""}


def test_the_first_example_is_a_game_both_players_stay_rated_after() -> None:
    # The page opens with it: 1750 beats 1810 (+11.7 with K 20), B keeps 1798.3, no note.
    out = outputs("elo")
    assert round(value(out["change_a"]), 1) == 11.7
    assert round(value(out["new_b"]), 1) == 1798.3
    assert out["unrated_a"] == out["unrated_b"] == {"text": ""}


@pytest.mark.parametrize(
    ("rating_b", "result", "k", "below"),
    [("1400", "1", "20", True), ("1410", "1", "20", False), ("1405", "0.5", "40", False),
     ("1500", "1", "40", False), ("1405", "1", "40", True)],
)
def test_the_note_follows_the_new_rating(rating_b: str, result: str, k: str, below: bool) -> None:
    out = outputs("elo", rating_a="1600", rating_b=rating_b, result=result, k=k)
    assert (value(out["new_b"]) < 1400) == below
    assert out["unrated_b"] == (UNRATED if below else {"text": ""})


def test_exactly_1400_stays_on_the_list() -> None:
    # 1410 against 1410, a loss, K 20: E = 0.5, the change −10, the new rating 1400.
    out = outputs("elo", rating_a="1410", rating_b="1410", result="1", k="20")
    assert value(out["new_b"]) == 1400
    assert out["unrated_b"] == {"text": ""}


def test_the_tournament_and_the_match_say_so_too() -> None:
    out = outputs("elo", rating_a="1420", games="1410 | 0\n1410 | 0\n1410 | 0")
    assert value(out["tournament_new"]) < 1400
    assert out["tournament_unrated"]["message"] == "fide-unrated"
    assert out["tournament_unrated"]["params"]["player"] == "A"
    assert outputs("elo", games="")["tournament_unrated"] == {"text": ""}
    match = outputs("match", match_rating_a="1600", match_rating_b="1400", match_wins="2",
                    match_draws="", match_losses="", rounding="fide")
    assert value(match["match_new_b"]) == 1390
    assert match["match_unrated_b"]["message"] == "fide-unrated"
    assert match["match_unrated_a"] == {"text": ""}


# Mode "elo": the score a target rating needs ------------------------------------------------


def test_the_tournament_says_the_score_a_target_rating_needs() -> None:
    games = "1700 | 0\n1650 | 0\n1800 | 0\n1600 | 0\n1750 | 0"
    assert outputs("elo", rating_a="1600", games=games)["tournament_needed"] == {"text": ""}
    out = outputs("elo", rating_a="1600", k="20", games=games, target="1620")
    needed = out["tournament_needed"]
    assert needed["message"] == "target-needed"
    score = value(needed["params"]["score"])
    # The fewest half points that reach 1620: a win more short of it falls below.
    opponents = [1700, 1650, 1800, 1600, 1750]
    expected = sum(expected_score(1600, o) for o in opponents)
    assert 1600 + 20 * (score - expected) >= 1620 > 1600 + 20 * (score - 0.5 - expected)
    assert value(needed["params"]["games"]) == 5
    assert value(needed["params"]["target"]) == 1620


def test_a_target_out_of_reach_or_already_safe_is_said_so() -> None:
    games = "1500 | 1\n1500 | 1"
    out = outputs("elo", rating_a="1600", k="20", games=games, target="1700")
    assert out["tournament_needed"]["message"] == "target-out-of-reach"
    best = 1600 + 20 * 2 * (1 - expected_score(1600, 1500))
    assert value(out["tournament_needed"]["params"]["best"]) == pytest.approx(best)
    out = outputs("elo", rating_a="1600", k="20", games=games, target="1550")
    assert out["tournament_needed"]["message"] == "target-any"
    assert errors("elo", games=games, target="abc") == [("target", "rating-invalid", None)]


def test_a_bad_tournament_line_leaves_the_single_game_up_to_date() -> None:
    # The single game's fields are all valid: its results come with the tournament's error
    # (before, the answer held the error alone and the page struck the game's result out).
    result = compute("elo", {**DEFAULTS["elo"], "rating_a": "1600", "rating_b": "1400",
                             "games": "1500 | 1\nfoo"})
    assert not result["ok"]
    assert [(e["field"], e["code"], e["line"]) for e in result["errors"]] == [
        ("games", "games-invalid", 2)]
    shown = result["outputs"]
    assert value(shown["change_a"]) == pytest.approx(4.805, abs=1e-3)
    assert value(shown["new_b"]) == pytest.approx(1395.195, abs=1e-3)
    assert not [name for name in shown if name.startswith("tournament")]
    # So does a bad target; a bad rating of A feeds both, and nothing is given.
    assert "change_a" in compute("elo", {**DEFAULTS["elo"], "games": "1500 | 1",
                                         "target": "x"})["outputs"]
    both = compute("elo", {**DEFAULTS["elo"], "rating_a": "x", "games": "foo"})
    assert not both["ok"] and "outputs" not in both
    # The reply the worker sends reads back the same (a JSON text a line).
    assert parse_reply(compute_json("elo", json.dumps({**DEFAULTS["elo"], "games": "foo"}))
                       )["outputs"]["change_a"] == compute(
        "elo", {**DEFAULTS["elo"], "games": "foo"})["outputs"]["change_a"]
