"""The tool pages' calculator modes: FIDE K advisor, performance, initial rating, club league,
Glicko-2 and DWZ (raw form strings in, outputs or every bad field out)."""

from __future__ import annotations

import math
from typing import Any

import pytest

from elo_core.page import DEFAULTS, MODES, compute
from elo_core.page.fields import MAX_ROWS
from elo_core.page.tools import CHART_SLOTS, NOTES_SHOWN, parse_ratings
from elo_core.errors import ERROR_CODES, InputError
from elo_core.importers import parse_lines

from case_tables import cases
from form_checks import errors, value
from form_checks import outputs as ok
from number_cases import FORMATS

TOOL_MODES = ("k_advisor", "performance", "initial", "league", "glicko2", "dwz")


@pytest.mark.parametrize("mode", TOOL_MODES)
def test_every_tool_mode_is_registered_and_its_default_computes(mode: str) -> None:
    assert mode in MODES
    assert compute(mode, DEFAULTS[mode])["ok"]


@pytest.mark.parametrize("mode", TOOL_MODES)
def test_empty_form_gives_errors_with_known_codes_not_exceptions(mode: str) -> None:
    result = compute(mode, {})
    assert not result["ok"]
    assert all(error["code"] in ERROR_CODES for error in result["errors"])


# --- FIDE K advisor ----------------------------------------------------------------------------


def test_k_advisor_new_player() -> None:
    out = ok("k_advisor", rated_games="12", birth_year="", rating="1500", games_in_period="0")
    assert value(out["k_value"]) == 40
    assert out["k_reason"]["message"] == "k-rule-new-player"
    assert out["k_cap"]["message"] == "k-no-period"


def test_k_advisor_junior_and_adult_by_year() -> None:
    junior = ok("k_advisor", rated_games="50", birth_year="2008", year="2026", rating="2100")
    assert (value(junior["k_value"]), junior["k_reason"]["message"]) == (40, "k-rule-junior")
    adult = ok("k_advisor", rated_games="50", birth_year="2007", year="2026", rating="2100")
    assert (value(adult["k_value"]), adult["k_reason"]["message"]) == (20, "k-rule-standard")


def test_k_advisor_reached_2400_checkbox_keeps_k_10() -> None:
    out = ok("k_advisor", rated_games="300", birth_year="", rating="2350", reached_2400="1")
    assert (value(out["k_value"]), out["k_reason"]["message"]) == (10, "k-rule-reached-2400")


def test_k_advisor_cap_k_times_n_at_most_700() -> None:
    out = ok("k_advisor", rated_games="100", birth_year="", rating="1900", games_in_period="39")
    assert value(out["k_value"]) == 17
    note = out["k_cap"]
    assert note["message"] == "k-capped"
    assert value(note["params"]["uncapped"]) == 20 and value(note["params"]["k"]) == 17
    within = ok("k_advisor", rated_games="100", birth_year="", rating="1900", games_in_period="9")
    assert within["k_cap"]["message"] == "k-not-capped"
    assert value(within["k_cap"]["params"]["total"]) == 180


# --- performance and initial rating ------------------------------------------------------------


def test_ratings_list_accepts_lines_spaces_commas_and_decimal_commas() -> None:
    assert parse_ratings("1500, 1600\n1700 1800;1900,5\n\n1450,1550", "x", FORMATS["de"]) == [
        1500, 1600, 1700, 1800, 1900.5, 1450, 1550,
    ]
    assert parse_ratings("1500, 1600\n1700 1800;1900.5\n\n1450,1550", "x", FORMATS["en"]) == [
        1500, 1600, 1700, 1800, 1900.5, 1450, 1550,
    ]


@pytest.mark.parametrize(
    ("text", "lang", "ratings"),
    [
        ("1,850 1,720 1,905", "en", [1850, 1720, 1905]),  # grouped, not six opponents
        ("1.850 1.720 1.905", "de", [1850, 1720, 1905]),
        ("1.850,5; 1.720", "da", [1850.5, 1720]),
        ("1850,1720,1905", "en", [1850, 1720, 1905]),
        ("1850,1720,1905", "de", [1850, 1720, 1905]),
        ("1,850.5\n2,000", "en", [1850.5, 2000]),
        ("1\u202f850 1\u00a0720", "de", [1850, 1720]),
        ("+1,850 +1,720", "en", [1850, 1720]),  # signed: one number each, not 1 and 850
        ("+1850,5", "de", [1850.5]),
    ],
)
def test_ratings_list_reads_grouping_as_the_page_language_writes_it(
    text: str, lang: str, ratings: list[float]
) -> None:
    assert parse_ratings(text, "perf_opponents", FORMATS[lang]) == ratings


def test_a_signed_grouped_number_too_large_is_one_number_out_of_range() -> None:
    # Read as one number, not as a list of 111s.
    with pytest.raises(InputError) as caught:
        parse_ratings("+" + ",".join(["111"] * 120), "perf_opponents", FORMATS["en"])
    assert (caught.value.code, caught.value.reason) == ("rating-invalid", "range")


def test_ratings_list_names_a_misread_rating_with_its_likely_meaning() -> None:
    with pytest.raises(InputError) as caught:
        parse_ratings("1800\n1,850", "perf_opponents", FORMATS["de"])
    error = caught.value
    assert (error.code, error.reason, error.line) == ("rating-implausible", "suggestion", 2)
    assert error.params["suggestion"] == 1850
    with pytest.raises(InputError) as caught:
        parse_ratings("1500\n1600\n17oo", "perf_opponents")
    assert (caught.value.code, caught.value.field, caught.value.line) == (
        "rating-invalid", "perf_opponents", 3,
    )


def test_performance_fide_and_linear() -> None:
    out = ok("performance", perf_opponents="1800, 1900, 2000, 2100", perf_score="3")
    assert value(out["perf_ra"]) == 1950
    assert value(out["perf_p"]) == 0.75
    assert value(out["perf_dp"]) == 193  # table 8.1.1: p = 0.75 → dp = 193
    assert value(out["perf_fide"]) == 2143
    assert value(out["perf_linear"]) == 1950 + 400 * (3 - 1) / 4
    perfect = ok("performance", perf_opponents="1800 2000", perf_score="2")
    assert value(perfect["perf_fide"]) == 2700  # 100 % → Ra + 800


def test_initial_rating_from_five_opponents() -> None:
    out = ok("initial", init_opponents="1650 1580 1720 1490 1610", init_score="2,5")
    # Ra = (8050 + 3600) / 7 = 1664.29; p = 3.5 / 7 = 0.50 → dp 0 → 1664.
    assert value(out["init_rating"]) == 1664
    assert value(out["init_ra"]) == pytest.approx(1664.2857, abs=1e-3)
    assert out["init_note"]["message"] == "initial-rated"


@pytest.mark.parametrize(
    ("opponents", "score", "message"),
    [
        ("1650 1580 1720 1490", "2", "initial-too-few"),
        ("1650 1580 1720 1490 1610", "0", "initial-zero-score"),
        ("1000 1000 1000 1000 1000 1000 1000 1000", "1", "initial-below-1400"),
        ("2400 2400 2400 2400 2400", "5", "initial-capped"),
    ],
)
def test_initial_rating_explains_why_not_or_the_cap(opponents: str, score: str, message: str) -> None:
    out = ok("initial", init_opponents=opponents, init_score=score)
    assert out["init_note"]["message"] == message
    if message == "initial-capped":
        assert value(out["init_rating"]) == 2200
    else:
        assert out["init_rating"] is None


# --- club league --------------------------------------------------------------------------------


def test_parse_lines_reads_names_with_spaces_and_all_result_forms() -> None:
    games = parse_lines("Anna Berg | Ben | 1-0\n\n# a comment\nBen; Clara;½\nClara\tAnna Berg\t0")
    assert [(g.player_a, g.player_b, g.score_a) for g in games] == [
        ("Anna Berg", "Ben", 1.0), ("Ben", "Clara", 0.5), ("Clara", "Anna Berg", 0.0),
    ]


def test_league_default_club_standings_total_and_csv() -> None:
    out = ok("league")
    rows = out["standings"]["rows"]
    assert [row[1]["text"] for row in rows] == ["Anna", "David", "Ben", "Clara"]
    assert [value(row[0]) for row in rows] == [1, 2, 3, 4]
    anna = rows[0]
    assert value(anna[2]) == pytest.approx(1519.712, abs=1e-3)
    assert [value(c) for c in anna[3:7]] == [3, 2, 1, 0]
    assert value(out["league_total"]) == pytest.approx(6000)
    csv_text = out["standings_csv"]["download"]["text"]
    # A byte order mark first (Excel then reads UTF-8); plain numbers, no plus sign.
    assert csv_text.splitlines()[0] == "\ufeffrank,name,rating,games,wins,draws,losses,change"
    assert csv_text.splitlines()[1] == "1,Anna,1519.7,3,2,1,0,19.7"
    assert out["standings_csv"]["download"]["filename"] == "standings.csv"
    # A German or Danish page names the file in its language.
    for lang, name in (("de", "tabelle.csv"), ("da", "stilling.csv")):
        shown = compute("league", DEFAULTS["league"], lang, FORMATS[lang])["outputs"]
        assert shown["standings_csv"]["download"]["filename"] == name
    assert len(out["history"]["rows"]) == 6


def test_league_chart_has_one_line_per_player_and_hides_unused_slots() -> None:
    out = ok("league")
    used = [out[f"chart_line_{i}"]["attrs"] for i in range(CHART_SLOTS)]
    assert [a["class"] for a in used[:4]] == ["series s0", "series s1", "series s2", "series s3"]
    assert all(a["class"] == "series unused" for a in used[4:])
    # Anna played games 1, 3 and 5: her line has the start and three points.
    assert len(used[0]["points"].split()) == 4
    assert out["chart_name_0"] == {"text": "Anna"}
    many = "\n".join(f"P{i} | P{i + 1} | 1" for i in range(10))
    crowded = ok("league", league_games=many)
    assert crowded["chart_more"]["message"] == "chart-more"
    assert value(crowded["chart_more"]["params"]["count"]) == 11 - CHART_SLOTS


def test_league_csv_format() -> None:
    out = ok(
        "league",
        league_format="csv",
        league_games="weiss;schwarz;ergebnis\nAnna;Ben;1:0\nBen;Anna;½-½\n",
    )
    assert [row[1]["text"] for row in out["standings"]["rows"]] == ["Anna", "Ben"]


def test_league_pgn_format() -> None:
    pytest.importorskip("chess")
    pgn = (
        '[Event "Club"]\n[White "Anna"]\n[Black "Ben"]\n[Result "1-0"]\n\n1. e4 e5 1-0\n\n'
        '[Event "Club"]\n[White "Ben"]\n[Black "Clara"]\n[Result "1/2-1/2"]\n\n1. d4 1/2-1/2\n'
    )
    out = ok("league", league_format="pgn", league_games=pgn)
    assert value(out["league_games_count"]) == 2
    assert value(out["league_players"]) == 3


def league_error(**fields: str) -> dict[str, object]:
    """The one error of the league's games field, with its reason and params."""
    result = compute("league", {**DEFAULTS["league"], **fields})
    assert not result["ok"], result
    [error] = [e for e in result["errors"] if e["field"] == "league_games"]
    return dict(error)


@pytest.mark.parametrize(
    ("fields", "code", "line", "reason", "params"),
    [
        ({"league_games": "Anna | Anna | 1"}, "player-invalid", 1, "same-player",
         {"name": "Anna"}),
        ({"league_games": "Anna | Ben | 1\nAnna | Clara"}, "games-invalid", 2, "lines-format",
         {"count": 2}),
        ({"league_games": "Anna | Ben | 2"}, "games-invalid", 1, "result", {"text": "2"}),
        ({"league_format": "csv", "league_games": "white,black,result\nAnna,Ben,0,5,1"},
         "games-invalid", 2, "csv-decimal-comma", {"text": "0,5"}),
        ({"league_format": "csv", "league_games": "white,black,result\nAnna,Ben,1,x"},
         "games-invalid", 2, "csv-fields", {"count": 4, "expected": 3}),
        ({"league_format": "csv", "league_games": "name;opponent;points\nAnna;Ben;1"},
         "games-invalid", 1, "csv-columns", {"missing": "player_a, player_b, result"}),
        ({"league_format": "pgn", "league_games": "1. e4 e5 1-0"}, "games-invalid", 1,
         "pgn-no-games", {}),
        ({"league_games": "Anna | Ben | +:-\nBen | Anna | *"}, "games-invalid", 1, "none-rated",
         {"count": 2}),
    ],
)
def test_league_errors_name_the_rule_for_the_page(
    fields: dict[str, str], code: str, line: int, reason: str, params: dict[str, object]
) -> None:
    error = league_error(**fields)
    assert (error["code"], error["line"], error["reason"], error["params"]) == (
        code, line, reason, params
    )


def test_league_notes_show_left_out_games_and_readings() -> None:
    out = ok(
        "league",
        league_format="csv",
        league_games="Player 1,Player 2,Result\nAnna,Ben,0,5\nBen,Clara,+:-\nClara,Anna,1\n",
    )
    assert value(out["league_games_count"]) == 2
    assert out["league_notes"] == {"items": [
        {"message": "league-note", "params": {
            "line": {"value": 2.0, "digits": 0, "signed": False},
            "note": {"message": "league-note-decimal-comma",
                     "params": {"text": "0,5", "value": "½"}}}},
        {"message": "league-note", "params": {
            "line": {"value": 3.0, "digits": 0, "signed": False},
            "note": {"message": "league-note-forfeit", "params": {"text": "+:-"}}}},
    ]}
    assert ok("league")["league_notes"] == {"items": []}


def test_league_reads_pgn_chosen_as_csv_with_a_note_and_notes_each_skipped_game() -> None:
    pgn = (
        '[White "Anna"]\n[Black "Ben"]\n[Result "1-0"]\n\n1. e4 1-0\n'
        '[White "Ben"]\n[Black "Clara"]\n[Result "*"]\n\n1. d4 *\n'
    )
    out = ok("league", league_format="csv", league_games=pgn)
    assert value(out["league_games_count"]) == 1
    items = out["league_notes"]["items"]
    assert items[0] == {"message": "league-note-read-as-pgn", "params": {}}
    assert items[1]["params"]["note"]["message"] == "league-note-unfinished"
    assert value(items[1]["params"]["line"]) == 6


def test_league_notes_are_capped_with_a_count_of_the_rest() -> None:
    games = "\n".join(["Anna | Ben | 1"] + [f"P{i} | Q{i} | +:-" for i in range(NOTES_SHOWN + 5)])
    items = ok("league", league_games=games)["league_notes"]["items"]
    assert len(items) == NOTES_SHOWN + 1
    assert items[-1]["message"] == "league-notes-more"
    assert value(items[-1]["params"]["count"]) == 5


@pytest.mark.parametrize(
    ("name", "cell"),
    [
        ('=HYPERLINK("http://x","y")', '"\'=HYPERLINK(""http://x"",""y"")"'),
        ("+cmd", "'+cmd"),
        ("-2+3", "'-2+3"),
        ("@SUM(A1:A9)", "'@SUM(A1:A9)"),
        ("Smith, Ann", '"Smith, Ann"'),
        ("Ann", "Ann"),
    ],
)
def test_standings_csv_neutralises_cells_a_spreadsheet_would_run(name: str, cell: str) -> None:
    out = ok("league", league_games=f"{name} | Zed | 1")
    lines = out["standings_csv"]["download"]["text"].splitlines()
    assert lines[1].startswith(f"1,{cell},")
    assert lines[2].startswith("2,Zed,")


# --- Glicko-2 and DWZ ----------------------------------------------------------------------------


def test_glicko2_matches_glickmans_example() -> None:
    out = ok("glicko2")
    assert value(out["g_new_rating"]) == pytest.approx(1464.06, abs=0.01)
    assert value(out["g_new_rd"]) == pytest.approx(151.52, abs=0.01)
    assert value(out["g_new_volatility"]) == pytest.approx(0.05999, abs=1e-5)
    assert value(out["g_games_count"]) == 3


def test_glicko2_without_games_only_widens_rd() -> None:
    out = ok("glicko2", g_games="")
    assert value(out["g_new_rating"]) == 1500
    assert value(out["g_new_rd"]) > 200


DWZ_OUTPUTS = {
    "dwz_ruleset", "dwz_rules", "dwz_we", "dwz_w", "dwz_n", "dwz_delta", "dwz_new", "dwz_change",
    "dwz_result", "dwz_floor_note",
    "dwz_k", "dwz_k0", "dwz_b", "dwz_a", "dwz_k_reason", "dwz_k0_reason", "dwz_b_reason",
    "dwz_a_reason",
    "dwz_j", "dwz_e0", "dwz_fb", "dwz_sbr", "dwz_e", "dwz_j_reason", "dwz_e0_reason",
    "dwz_fb_reason", "dwz_sbr_reason", "dwz_e_reason",
}  # fmt: skip
DWZ_NEW = ("dwz_k", "dwz_k0", "dwz_b", "dwz_a", "dwz_k_reason", "dwz_k0_reason", "dwz_b_reason",
           "dwz_a_reason")
DWZ_OLD = ("dwz_j", "dwz_e0", "dwz_fb", "dwz_sbr", "dwz_e", "dwz_j_reason", "dwz_e0_reason",
           "dwz_fb_reason", "dwz_sbr_reason", "dwz_e_reason")


def test_dwz_old_rules_default_and_formula() -> None:
    out = ok("dwz", dwz_played="2026-06-07")
    assert set(out) == DWZ_OUTPUTS
    assert out["dwz_rules"]["message"] == "dwz-rules-before-2026"
    assert out["dwz_ruleset"] == {"case": "before-2026", "cases": ["2026", "before-2026"]}
    assert value(out["dwz_n"]) == 5 and value(out["dwz_w"]) == 3
    # The table: 1650 v 1720 0.403, v 1580 0.597, v 1810 0.286, v 1655 0.493, v 1700 0.430.
    assert value(out["dwz_we"]) == 0.403 + 0.597 + 0.286 + 0.493 + 0.43 == 2.209
    we, e = value(out["dwz_we"]), value(out["dwz_e"])
    assert e == 22  # (1.65⁴ + 15) = 22.4 → 22; index 12: at most 30
    assert value(out["dwz_new"]) == round(1650 + 800 * (3 - we) / (e + 5)) == 1673
    assert value(out["dwz_change"]) == value(out["dwz_new"]) - 1650
    # The formula's change before rounding, and the step to the new DWZ.
    assert value(out["dwz_delta"]) == pytest.approx(800 * (3 - we) / 27)
    assert out["dwz_result"]["message"] == "dwz-rounded"
    assert value(out["dwz_result"]["params"]["raw"]) == pytest.approx(1650 + 800 * 0.791 / 27)
    for name in DWZ_NEW:
        assert out[name] is None
    # Every part of E, with its reason: J for an adult, E0 = 1.65⁴ + 15, no acceleration
    # (over 20), no brake (from 1300), E rounded within its limits.
    assert (value(out["dwz_j"]), out["dwz_j_reason"]["message"]) == (15, "dwz-j-adult")
    assert value(out["dwz_e0"]) == pytest.approx(1.65**4 + 15)
    assert out["dwz_e0_reason"]["params"]["r0"] == {"value": 1650.0, "digits": 0,
                                                    "signed": False, "grouping": False}
    assert (value(out["dwz_fb"]), out["dwz_fb_reason"]["message"]) == (1, "dwz-fb-none-age")
    assert (value(out["dwz_sbr"]), out["dwz_sbr_reason"]["message"]) == (0, "dwz-sbr-none-rating")
    assert out["dwz_e_reason"]["message"] == "dwz-e"


def test_dwz_new_rules_on_and_after_8_june_2026() -> None:
    out = ok("dwz", dwz_played="2026-06-08")
    assert set(out) == DWZ_OUTPUTS
    assert out["dwz_rules"]["message"] == "dwz-rules-2026"
    assert out["dwz_ruleset"]["case"] == "2026"
    for name in DWZ_OLD:
        assert out[name] is None
    # Adult (34) below 2000, index 12 → the column above 10: K0 = 28; W = 3 ≥ We = 2.209,
    # so b = 1; from 21 at 1600 or more, no bonus: K = 28.0.
    assert (value(out["dwz_k0"]), value(out["dwz_b"]), value(out["dwz_a"])) == (28, 1, 0)
    assert value(out["dwz_k"]) == 28 and out["dwz_k"]["digits"] == 1
    assert value(out["dwz_new"]) == round(1650 + 28 * (3 - 2.209)) == 1672  # 1672.148
    assert value(out["dwz_change"]) == 22
    assert value(out["dwz_delta"]) == pytest.approx(28 * 0.791)
    assert out["dwz_k0_reason"]["message"] == "dwz-k0-adult-late"
    assert out["dwz_b_reason"]["message"] == "dwz-b-none-rating"
    assert out["dwz_a_reason"]["message"] == "dwz-a-none-adult"
    assert out["dwz_k_reason"]["message"] == "dwz-k"
    assert out["dwz_result"]["message"] == "dwz-rounded"


def dwz_before_2026(rating: str, age: str, index: str, games: str) -> dict[str, Any]:
    """The DWZ tool's outputs for a tournament played under the rules before 2026."""
    return ok("dwz", dwz_played="2026-05-01", dwz_rating=rating, dwz_age=age, dwz_index=index,
              dwz_games=games)


@pytest.mark.parametrize(
    ("form", "output", "message", "expected"),
    [
        # A 16-year-old at 800 who scores We: fB = 800 / 2000 = 0.4, below the lowest 0.5;
        (("800", "16", "3", "800 | ½"), "dwz_fb", "dwz-fb-low", 0.5),
        # E0 = 0.8⁴ + 5 = 5.41, × 0.5 = 2.70 → 3, raised to the lowest E, 5.
        (("800", "16", "3", "800 | ½"), "dwz_e", "dwz-e-lowest", 5),
        # A junior at 2200 who wins: fB would be 1.1, at most 1.
        (("2200", "19", "12", "2000 | 1"), "dwz_fb", "dwz-fb-high", 1),
        # 2200: E0 = 2.2⁴ + 5 = 28.43 → 28 within 30; index 2 allows at most 10.
        (("2200", "30", "2", "2200 | 1"), "dwz_e", "dwz-e-index", 10),
        (("2600", "30", "12", "2600 | 1"), "dwz_e", "dwz-e-30", 30),
    ],
)
def test_dwz_old_rules_name_the_limits(
    form: tuple[str, str, str, str], output: str, message: str, expected: float
) -> None:
    out = dwz_before_2026(*form)
    assert out[f"{output}_reason"]["message"] == message and value(out[output]) == expected


def test_dwz_old_rules_name_the_acceleration_and_brake() -> None:
    young = dwz_before_2026("800", "16", "3", "800 | ½")
    assert (young["dwz_j_reason"]["message"], young["dwz_fb_reason"]["message"]) == (
        "dwz-j-youth", "dwz-fb-low")
    assert value(young["dwz_fb_reason"]["params"]["ratio"]) == 0.4
    # Below 1300 and below We: the brake SBr = e^((1300 − 1000) / 150) − 1 = e² − 1.
    braked = dwz_before_2026("1000", "30", "12", "1000 | 0")
    assert braked["dwz_sbr_reason"]["message"] == "dwz-sbr"
    assert value(braked["dwz_sbr"]) == pytest.approx(math.exp(2) - 1)
    assert braked["dwz_fb_reason"]["message"] == "dwz-fb-none-age"
    scored = dwz_before_2026("1000", "18", "12", "1000 | 1")
    assert scored["dwz_sbr_reason"]["message"] == "dwz-sbr-none-scored"
    below = dwz_before_2026("1400", "18", "12", "1400 | 0")
    assert below["dwz_fb_reason"]["message"] == "dwz-fb-none-scored"
    assert below["dwz_j_reason"]["message"] == "dwz-j-youth"
    assert ok("dwz", dwz_played="2026-05-01", dwz_age="23")["dwz_j_reason"]["message"] == (
        "dwz-j-junior")


def test_dwz_empty_day_is_today() -> None:
    import datetime

    today = ok("dwz", dwz_played="")
    assert today == ok("dwz", dwz_played=datetime.date.today().isoformat())
    new = datetime.date.today() >= datetime.date(2026, 6, 8)
    assert today["dwz_rules"]["message"] == ("dwz-rules-2026" if new else "dwz-rules-before-2026")


@pytest.mark.parametrize(
    "text, lang", [("2026-06-08", "en"), ("8.6.2026", "de"), ("08.06.2026", "da"), ("8-6-2026", "en")]
)
def test_dwz_reads_iso_and_local_dates(text: str, lang: str) -> None:
    result = compute("dwz", {**DEFAULTS["dwz"], "dwz_played": text}, lang, FORMATS[lang])
    assert result["ok"] and result["outputs"]["dwz_rules"]["message"] == "dwz-rules-2026"
    before = compute("dwz", {**DEFAULTS["dwz"], "dwz_played": "7.6.2026"}, lang, FORMATS[lang])
    assert before["outputs"]["dwz_rules"]["message"] == "dwz-rules-before-2026"


@pytest.mark.parametrize(
    "text, reason",
    [("2026-02-30", "format"), ("yesterday", "format"), ("15/11/2026", "format"),
     ("1899-12-31", "range"), ("2101-01-01", "range")],
)
def test_dwz_bad_day_is_a_field_error(text: str, reason: str) -> None:
    result = compute("dwz", {**DEFAULTS["dwz"], "dwz_played": text})
    assert not result["ok"]
    (error,) = result["errors"]
    assert (error["field"], error["code"], error["reason"]) == ("dwz_played", "played-invalid", reason)


def test_a_dwz_below_the_new_floor_is_explained_with_the_uplift() -> None:
    # DWZ 1000, two losses on 1 December 2026: lifted to 1100, +100 after two losses. A reader
    # with a DWZ from before the new rules is told what the 2026 uplift made of it (0.64 · 1000
    # + 760 = 1400); at 1100 or before 8 June 2026 there is nothing to say.
    games = "1200 | 0\n1100 | 0"
    low = ok("dwz", dwz_rating="1000", dwz_age="15", dwz_index="3", dwz_played="2026-12-01",
             dwz_games=games)
    assert value(low["dwz_change"]) == 100
    note = low["dwz_floor_note"]
    assert note["message"] == "dwz-below-floor"
    assert (value(note["params"]["rating"]), value(note["params"]["uplifted"])) == (1000, 1400)
    at_floor = ok("dwz", dwz_rating="1100", dwz_age="15", dwz_index="3",
                  dwz_played="2026-12-01", dwz_games=games)
    before = ok("dwz", dwz_rating="1000", dwz_age="15", dwz_index="3",
                dwz_played="2026-06-07", dwz_games=games)
    assert at_floor["dwz_floor_note"] == before["dwz_floor_note"] == {"text": ""}


def test_dwz_reasons_for_brake_bonus_and_floor() -> None:
    # 1150, adult, index 5 (K0 40), four losses to equals: b = 1950/2400 = 0.8125, K = 32.5,
    # 1150 − 32.5 × 2 = 1085 → lifted to 1100.
    lifted = ok("dwz", dwz_rating="1150", dwz_age="30", dwz_index="5",
                dwz_played="2026-11-15", dwz_games="1150 | 0\n1150 | 0\n1150 | 0\n1150 | 0")
    assert value(lifted["dwz_b"]) == 0.8125 and value(lifted["dwz_k"]) == 32.5
    assert lifted["dwz_b_reason"]["message"] == "dwz-b-brake"
    assert lifted["dwz_a_reason"]["message"] == "dwz-a-none-below"
    assert lifted["dwz_k0_reason"]["message"] == "dwz-k0-adult"
    assert value(lifted["dwz_k0_reason"]["params"]["index"]) == 5
    assert value(lifted["dwz_new"]) == 1100 and lifted["dwz_result"]["message"] == "dwz-lifted"
    # The step the floor takes: 1150 + (−65.0) = 1085.0, lifted to 1100: a change of −50.
    step = lifted["dwz_result"]["params"]
    assert (value(step["delta"]), value(step["raw"]), value(step["change"])) == (-65, 1085, -50)
    assert lifted["dwz_b_reason"]["params"]["r0"]["value"] == 1150
    # A 10-year-old at 800 who wins: a = 40, K0 60 + 40 = 100, capped at 80.
    young = ok("dwz", dwz_rating="800", dwz_age="10", dwz_index="1",
               dwz_played="2026-11-15", dwz_games="800 | 1")
    assert young["dwz_a_reason"]["message"] == "dwz-a-youth"
    assert value(young["dwz_a"]) == 40
    assert young["dwz_k_reason"]["message"] == "dwz-k-capped"
    assert value(young["dwz_k_reason"]["params"]["raw"]) == 100 and value(young["dwz_k"]) == 80
    assert young["dwz_b_reason"]["message"] == "dwz-b-none-scored"
    # An adult below 1600 who scores We gets a = 4; a strong junior is in the high row.
    adult = ok("dwz", dwz_rating="1500", dwz_age="30", dwz_index="3",
               dwz_played="2026-11-15", dwz_games="1500 | ½")
    assert adult["dwz_a_reason"]["message"] == "dwz-a-adult" and value(adult["dwz_a"]) == 4
    junior = ok("dwz", dwz_rating="2250", dwz_age="19", dwz_index="3",
                dwz_played="2026-11-15", dwz_games="2250 | 1")
    assert junior["dwz_k0_reason"]["message"] == "dwz-k0-high"
    assert junior["dwz_a_reason"]["message"] == "dwz-a-none-youth"


def test_a_long_league_sends_a_bounded_table_and_chart() -> None:
    """100 000 games froze the page while it drew every row and point; now the page gets at
    most MAX_ROWS rows (with the total, for "showing 500 of …") and a few hundred points a
    line, while the standings and the download still count every game."""
    names = [f"P{i}" for i in range(10)]
    lines = "\n".join(f"{names[i % 10]} | {names[(i * 3 + 1) % 10]} | {(1, 0, '½')[i % 3]}"
                      for i in range(3000) if i % 10 != (i * 3 + 1) % 10)
    out = ok("league", league_games=lines)
    history = out["history"]
    assert len(history["rows"]) == MAX_ROWS and history["total"] == len(lines.splitlines())
    for slot in range(CHART_SLOTS):
        points = out[f"chart_line_{slot}"]["attrs"]["points"].split()
        assert 0 < len(points) <= 402
    assert sum(value(row[3]) for row in out["standings"]["rows"]) == 2 * history["total"]
    assert out["standings_csv"]["download"]["text"].count("\n") == 11


# --- bad input, in every tool -------------------------------------------------------------------


@pytest.mark.parametrize(("mode", "fields", "expected"), cases("page_forms", "bad_forms"))
def test_every_bad_field_is_reported_with_its_code_and_line(
    mode: str, fields: dict[str, str], expected: list[list[str | int]]
) -> None:
    # An error without a line is written without it: (field, code), the line None.
    assert errors(mode, **fields) == [(*error, None)[:3] for error in expected]
