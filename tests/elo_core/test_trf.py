"""FIDE tournament report files: reading TRF16 and TRF26, rating by FIDE B.02, writing back.

The expected numbers are worked out by hand in the comments (table 8.1.2 for E, 8.1.1 for dp),
or with elo_core.rate on the games read off the fixture by eye, never taken from trf.rate.
"""

from __future__ import annotations

import dataclasses
import datetime
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import elo_core
from elo_core import Game, InputError, trf
from elo_core.elo import Cap
from elo_core.trf import Player, Round, Tournament

from case_tables import cases

FIXTURES = Path(__file__).parent / "fixtures" / "trf"
TRF16 = "spring_open_2025_trf16.txt"
TRF26 = "winter_club_2026_trf26.txt"


def text(name: str) -> str:
    # newline="" keeps the CRLF line ends of the TRF16 fixture for the reader to handle.
    with (FIXTURES / name).open(encoding="utf-8", newline="") as handle:
        return handle.read()


def tournament(name: str) -> Tournament:
    return trf.parse(text(name))


def ratings(name: str, **k: int) -> dict[int, trf.PlayerRating]:
    overrides = {int(number): value for number, value in k.items()} if k else None
    return {row.start_number: row for row in trf.rate(tournament(name), k=overrides)}


def fide(rating: float, games: list[tuple[float, float]], k: float) -> elo_core.RatingResult:
    return elo_core.rate(
        rating, [Game(opponent, score) for opponent, score in games], k=k, model="fide",
        cap="fide", rounding="fide",
    )


# --- reading ------------------------------------------------------------------------------------


def test_the_trf16_fixture_is_read_field_by_field() -> None:
    t = tournament(TRF16)
    assert t.name == "Lakeside Spring Open 2025"
    assert (t.start, t.end) == (datetime.date(2025, 4, 5), datetime.date(2025, 4, 13))
    assert t.round_dates[0] == datetime.date(2025, 4, 5)
    assert t.round_dates[-1] == datetime.date(2025, 4, 13)
    assert t.rounds == 6 and t.year == 2025
    assert [p.start_number for p in t.players] == list(range(1, 11))
    first = t.players[0]
    assert (first.sex, first.title, first.name, first.rating, first.federation) == (
        "m", "GM", "Halvorsen, Magnus", 2712, "NOR")
    assert (first.fide_id, first.birth_year, first.points, first.rank) == ("1503014", 1994, 5.0, 1)
    assert first.rounds[0] == Round(6, "w", "1")
    assert first.rounds[5] == Round(4, "w", "=")
    # Sex and a three-letter title with no space between them (columns 10 and 11–13).
    assert (t.players[4].sex, t.players[4].title) == ("w", "WFM")
    # A birth year alone; unrated players; no FIDE ID.
    assert t.players[3].birth_year == 1979
    assert (t.players[8].rating, t.players[8].fide_id, t.players[9].birth_year) == (None, None, 2013)
    # Byes have no opponent and no colour.
    assert t.players[3].rounds[4] == Round(None, None, "F")
    assert t.players[8].rounds[2] == Round(None, None, "H")


def test_a_withdrawn_player_has_empty_rounds_at_the_end() -> None:
    novak = tournament(TRF16).players[6]
    assert novak.rounds == (
        Round(2, "w", "0"), Round(8, "b", "1"), Round(4, "w", "D"), Round(6, "b", "-"),
        Round(None, None, ""), Round(None, None, ""),
    )


def test_the_fixtures_hold_every_result_code() -> None:
    codes = {
        entry.code
        for name in (TRF16, TRF26)
        for player in tournament(name).players
        for entry in player.rounds
    }
    assert codes == set(trf.RESULT_CODES)


def test_the_trf26_fixture_comments_nrs_byes_and_team_records_are_ignored() -> None:
    t = tournament(TRF26)
    assert t.name == "Vesterbro Winter Club Championship 2026"
    assert t.rounds == 5 and len(t.players) == 7
    lise = t.players[1]
    # The NRS line (federation code DEN in columns 1–3, national rating 1602) is not a player.
    assert (lise.name, lise.rating, lise.points) == ("Østergaard, Lise", 1555, 13.0)
    # Letter codes are case-insensitive in TRF26 and read as capitals.
    assert t.players[0].rounds[3] == Round(None, None, "F")
    assert t.players[3].rounds[2] == Round(None, None, "Z")
    assert t.players[4].rounds[1] == Round(None, None, "H")
    assert t.players[6].rounds[0] == Round(None, None, "U")


@pytest.mark.parametrize("newline", ["\n", "\r\n", "\r"])
def test_line_ends_and_a_byte_order_mark_do_not_matter(newline: str) -> None:
    lines = text(TRF16).replace("\r\n", "\n").split("\n")
    assert trf.parse("\ufeff" + newline.join(lines)) == tournament(TRF16)


def test_lines_the_reader_does_not_need_are_ignored() -> None:
    extra = "XXR 6\nBBW  1.0\nDAT 0001 EMAIL someone@example.org\n\n### a comment\n999 anything\n"
    assert trf.parse(extra + text(TRF16)) == tournament(TRF16)


def test_older_date_forms_are_read() -> None:
    body = text(TRF16).replace("042 2025/04/05", "042 05. 04. 2025").replace(
        "052 2025/04/13", "052 2025.04.13")
    t = trf.parse(body)
    assert (t.start, t.end) == (datetime.date(2025, 4, 5), datetime.date(2025, 4, 13))


def test_a_paired_round_without_a_result_is_kept_and_not_rated() -> None:
    lines = text(TRF16).split("\r\n")
    # Round 6 of players 5 and 2 as a file written during the round has it: paired, no result.
    lines[16] = lines[16][:-1]
    lines[13] = lines[13][:-1]
    t = trf.parse("\n".join(lines))
    assert t.players[4].rounds[5] == Round(2, "w", "")
    assert t.players[1].rounds[5] == Round(5, "b", "")
    rows = {row.start_number: row for row in trf.rate(t)}
    assert rows[5].games == 2 and rows[2].games == 3


def test_forfeits_without_colours_or_opponent_are_accepted() -> None:
    # Older programs write forfeits without colours ("13 - +"); TRF26 lets a team's player
    # record a forfeit win against 0000.
    lines = text(TRF16).split("\r\n")
    lines[17] = lines[17].replace("     7 w +", "     7 - +")
    lines[18] = lines[18].replace("     6 b -", "     6 - -")
    lines[21] = lines[21][:139] + "  0000 w +"  # Holm, round 6
    t = trf.parse("\n".join(lines))
    assert t.players[5].rounds[3] == Round(7, None, "+")
    assert t.players[9].rounds[5] == Round(None, "w", "+")


def test_the_number_of_rounds_of_record_142_pads_every_player() -> None:
    t = trf.parse(text(TRF16) + "142 9\n")
    assert t.rounds == 9 and len(t.round_dates) == 9 and t.round_dates[8] is None
    assert all(len(p.rounds) == 9 for p in t.players)
    assert t.players[0].rounds[8] == Round(None, None, "")


def test_the_tournament_year_falls_back_to_the_last_round_date_then_the_start() -> None:
    t = tournament(TRF16)
    dates = (None, datetime.date(2024, 12, 30), datetime.date(2025, 1, 2), None)
    assert Tournament("x", None, None, dates, ()).year == 2025
    assert Tournament("x", datetime.date(2024, 12, 29), None, (None,), ()).year == 2024
    assert Tournament("x", None, None, (), ()).year is None
    assert t.year == 2025


# --- errors ---------------------------------------------------------------------------------------


def lines16() -> list[str]:
    return text(TRF16).split("\r\n")


def error(lines: list[str] | str) -> InputError:
    body = lines if isinstance(lines, str) else "\n".join(lines)
    with pytest.raises(InputError) as caught:
        trf.parse(body)
    assert caught.value.code == "trf-invalid" and caught.value.field == "trf"
    assert "trf-invalid" in elo_core.ERROR_CODES
    assert caught.value.reason in trf.PARSE_REASONS
    return caught.value


def test_a_short_player_line() -> None:
    lines = lines16()
    lines[14] = lines[14][:60]
    found = error(lines)
    assert (found.reason, found.line, found.column) == ("short-line", 15, 61)
    assert str(found) == (
        "Line 15, column 61: Okafor, Daniel: A player line must reach column 84 (the points); "
        "this one ends at column 60.")
    assert found.params == {"min": 84, "length": 60, "column": 61, "player": "Okafor, Daniel"}


@pytest.mark.parametrize("start", ["   x", "   0", "    "])
def test_a_start_number_that_is_not_a_number(start: str) -> None:
    lines = lines16()
    lines[13] = lines[13][:4] + start + lines[13][8:]
    found = error(lines)
    assert (found.reason, found.line, found.column) == ("start-number", 14, 5)
    assert found.params["text"] == start.strip()
    assert found.params["player"] == "Brandt, Clara"


def test_a_duplicate_start_number() -> None:
    lines = lines16()
    lines[15] = lines[15][:4] + "   2" + lines[15][8:]
    found = error(lines)
    assert (found.reason, found.line, found.column) == ("duplicate", 16, 5)
    assert str(found) == (
        "Line 16, column 5: Lindqvist, Erik: Start number 2 is used twice (first on line 14).")


def test_a_round_pointing_to_a_start_number_without_a_player() -> None:
    lines = lines16()
    lines[12] = lines[12].replace("     6 w 1", "    66 w 1")
    found = error(lines)
    assert (found.reason, found.line, found.column) == ("unknown-opponent", 13, 92)
    assert str(found) == (
        "Line 13, column 92: Halvorsen, Magnus: Round 1: there is no player with start number 66.")
    assert found.params == {
        "round": 1, "opponent": 66, "column": 92, "player": "Halvorsen, Magnus"}


def test_both_players_claiming_the_win_is_a_mismatch() -> None:
    lines = lines16()
    lines[17] = lines[17].replace("     1 b 0", "     1 b 1")  # Jensen says she beat Halvorsen
    found = error(lines)
    assert (found.reason, found.line, found.column) == ("mismatch", 13, 92)
    assert str(found) == (
        "Line 13, column 92: Halvorsen, Magnus: Round 1: player 1 has “6 w 1”, but player 6 "
        "(Jensen, Freja) has “1 b 1”.")
    assert found.params == {
        "round": 1, "number": 1, "opponent": 6, "opponent_name": "Jensen, Freja", "mine": "6 w 1",
        "theirs": "1 b 1", "column": 92, "player": "Halvorsen, Magnus"}


@pytest.mark.parametrize(
    ("old", "new", "theirs"),
    [
        ("     1 b 0", "     1 w 0", "1 w 0"),  # both white
        ("     1 b 0", "     2 b 0", "2 b 0"),  # a different opponent
        ("     1 b 0", "  0000 - Z", "0000 - Z"),  # no game at all
        ("     1 b 0", "     1 b L", "1 b L"),  # played but not rated on one side only
    ],
)
def test_colours_and_opponents_must_match(old: str, new: str, theirs: str) -> None:
    lines = lines16()
    lines[17] = lines[17].replace(old, new, 1)
    found = error(lines)
    assert (found.reason, found.line) == ("mismatch", 13)
    assert found.params["theirs"] == theirs


@pytest.mark.parametrize(
    ("old", "new", "reason", "column", "message"),
    [
        ("2712", "27x2", "rating", 49, "The rating “27x2” is not a whole number from 0 to 4000."),
        (" 5.0    1 ", " 5,x    1 ", "points", 81, "The points “5,x” are not a number such as 4.5."),
        (" 5.0    1 ", " 5.0   1a ", "rank", 86, "The rank “1a” is not a whole number."),
        ("     6 w 1", "    6x w 1", "opponent", 92, "Round 1: the opponent “6x” is not a start number."),
        ("     3 b 1", "     3 x 1", "colour", 107, "Round 2: the colour “x” is not w, b or -."),
        ("     2 w =", "     2 w ?", "result", 119, "Round 3: the result “?” is not a TRF result code."),
        ("     6 w 1", "  0000 - 1", "no-opponent", 92,
         "Round 1: the result 1 is a game and needs an opponent."),
        ("     6 w 1", "     6 - H", "bye", 92,
         "Round 1: the bye H cannot have an opponent (player 6)."),
        ("     6 w 1", "     1 w 1", "self", 92, "Round 1: player 1 is paired with themself."),
    ],
)
def test_bad_fields_name_line_column_and_reason(
    old: str, new: str, reason: str, column: int, message: str
) -> None:
    lines = lines16()
    lines[12] = lines[12].replace(old, new, 1)
    found = error(lines)
    assert (found.reason, found.line, found.column) == (reason, 13, column)
    assert found.params["column"] == column
    assert found.params["player"] == "Halvorsen, Magnus"
    assert str(found) == f"Line 13, column {column}: Halvorsen, Magnus: {message}"


def test_a_date_that_is_not_a_date_is_a_warning_never_a_refusal() -> None:
    lines = lines16()
    lines[3] = "042 2025/04/31"
    lines[11] = lines[11].replace("25/04/07", "2x/04/07")
    t = trf.parse("\n".join(lines))
    assert t.start is None and t.round_dates[2] is None
    assert (t.end, t.round_dates[3]) == (datetime.date(2025, 4, 13), datetime.date(2025, 4, 11))
    assert [(w.code, w.line, w.column) for w in t.warnings] == [
        ("date-unreadable", 4, 5), ("round-date-unreadable", 12, 112)]
    assert dict(t.warnings[0].params) == {"record": "042", "text": "2025/04/31", "column": 5}
    assert dict(t.warnings[1].params) == {"round": 3, "text": "2x/04/07", "column": 112}
    assert t.warnings[0].message == "The date “2025/04/31” cannot be read; it is left out."
    assert all(w.player is None and w.code in trf.WARNING_CODES for w in t.warnings)
    # The rating does not need these dates: every player is rated as before.
    assert trf.rate(t) == trf.rate(tournament(TRF16))


def test_a_bad_round_count_and_no_players() -> None:
    found = error(text(TRF16) + "142 nine\n")
    assert (found.reason, found.line, found.column) == ("rounds", 24, 5)
    found = error("012 Empty\n042 2025/01/01\n")
    assert found.reason == "no-players" and found.line is None
    assert str(found) == "The file has no player lines (lines that start with 001)."
    with pytest.raises(InputError) as caught:
        trf.parse(b"001")  # type: ignore[arg-type]
    assert caught.value.reason == "text"


# --- rating ---------------------------------------------------------------------------------------


HALVORSEN_GAMES = [(1985, 1), (2291, 1), (2435, 0.5), (2048, 1), (1720, 1), (2150, 0.5)]


def test_an_event_before_october_2025_caps_every_player_at_400_points() -> None:
    # The spring open ended on 13 April 2025, when 8.3.1 capped every difference at 400.
    # Halvorsen 2712, K 10 (rated 2400 or more). D and E from table 8.1.2, capped:
    #   r1 Jensen 1985   D 727→400  E 0.92  win   r2 Okafor 2291  D 421→400 E 0.92  win
    #   r3 Brandt 2435   D 277      E 0.83  draw  r4 Moreau 2048  D 664→400 E 0.92  win
    #   r5 Rossi 1720    D 992→400  E 0.92  win   r6 Lindqvist 2150 D 562→400 E 0.92 draw
    # ΣE = 5.43, S = 5, ΔR = 10 × (5 − 5.43) = −4.3 → −4 → 2708.
    rows = ratings(TRF16)
    magnus = rows[1]
    assert (magnus.k, magnus.k_rule, magnus.games, magnus.score) == (10, "reached-2400", 6, 5.0)
    assert magnus.expected == pytest.approx(5.43)
    assert (magnus.rounded_change, magnus.new_rating) == (-4, 2708)
    assert [game.expected for game in magnus.results] == [0.92, 0.92, 0.83, 0.92, 0.92, 0.92]
    capped = elo_core.rate(2712, [Game(r, score) for r, score in HALVORSEN_GAMES], k=10,
                           model="fide", cap="400", rounding="fide")
    assert capped.rounded_change == -4
    # Zero-sum at the cap: Jensen's E against him is 0.08.
    assert rows[6].results[0].expected == 0.08


@pytest.mark.parametrize("end", [datetime.date(2025, 10, 1), None])
def test_from_october_2025_a_player_rated_2650_or_more_gets_no_400_point_cap(
        end: datetime.date | None) -> None:
    # The same event ending on 1 October 2025, or with no date at all (the rule in force):
    #   r1 D 727 E 0.99  r2 D 421 E 0.93  r3 D 277 E 0.83  r4 D 664 E 0.99  r5 D 992 E 1.00
    #   r6 D 562 E 0.98: ΣE = 5.72, ΔR = 10 × (5 − 5.72) = −7.2 → −7 → 2705.
    spring = tournament(TRF16)
    moved = dataclasses.replace(spring, start=end, end=end,
                                round_dates=tuple(end for _ in spring.round_dates))
    rows = {row.start_number: row for row in trf.rate(moved)}
    magnus = rows[1]
    assert magnus.expected == pytest.approx(5.72)
    assert magnus.change == pytest.approx(-7.2)
    assert (magnus.rounded_change, magnus.new_rating) == (-7, 2705)
    assert [game.expected for game in magnus.results] == [0.99, 0.93, 0.83, 0.99, 1.00, 0.98]
    # Not zero-sum: Jensen (1985 < 2650) still has the cap, E = 0.08, not 0.01.
    assert rows[6].results[0].expected == 0.08
    # The rapid list keeps the plain cap whatever the date.
    rapid = {row.start_number: row for row in trf.rate(moved, rating_list="rapid")}
    assert rapid[1].rounded_change == -4


def test_the_day_the_2650_exemption_begins() -> None:
    assert elo_core.elo.fide_cap_on(datetime.date(2025, 9, 30)) == "400"
    assert elo_core.elo.fide_cap_on(datetime.date(2025, 10, 1)) == "fide"
    assert elo_core.elo.fide_cap_on(None) == "fide"


def test_a_junior_gets_k_40_and_games_against_unrated_players_do_not_count() -> None:
    okafor = ratings(TRF16)[3]
    # Okafor 2291, born 2009: 16 in 2025 and under 2300 → K 40 (8.3.3). Rounds 4 and 5 against
    # the unrated Weber and Holm are left out. E with the 400 cap (he is below 2650):
    #   r1 Rossi 1720 D 571→400 E 0.92 draw; r2 Halvorsen 2712 D −421→−400 E 0.08 loss;
    #   r3 Moreau 2048 D 243 E 0.80 win; r6 Jensen 1985 D 306 E 0.86 win.
    # ΣE = 2.66, S = 2.5, ΔR = 40 × (−0.16) = −6.4 → −6 → 2285.
    assert (okafor.k, okafor.k_rule, okafor.games, okafor.score) == (40, "junior", 4, 2.5)
    assert okafor.expected == pytest.approx(2.66)
    assert (okafor.rounded_change, okafor.new_rating) == (-6, 2285)
    assert [game.opponent for game in okafor.results] == [8, 1, 5, 6]
    assert okafor.results[2].change == pytest.approx(40 * (1 - 0.80))


def test_forfeits_byes_and_unrated_games_are_left_out() -> None:
    rossi = ratings(TRF16)[8]
    # Rossi 1720, born 2012 → K 40. Round 3 was a pairing-allocated bye and round 6 a loss to
    # the unrated Weber: neither counts. Games: Okafor 2291 draw (D −571 → −400,
    # E 0.08), Novak 1870 loss (D −150, E 0.30), Lindqvist 2150 win (D −430 → −400, E 0.08),
    # Halvorsen 2712 loss (E 0.08). ΣE = 0.54, S = 1.5, ΔR = 40 × 0.96 = 38.4 → 38 → 1758.
    assert (rossi.k, rossi.games, rossi.score) == (40, 4, 1.5)
    assert (rossi.rounded_change, rossi.new_rating) == (38, 1758)
    novak = ratings(TRF16)[7]
    # Novak: a loss to Brandt 2435 (E 0.08) and a win over Rossi (D 150, E 0.70); round 3 was
    # not rated (D) and round 4 forfeited. K 20: 20 × (1 − 0.78) = 4.4 → 4.
    assert (novak.games, novak.rounded_change, novak.new_rating) == (2, 4, 1874)
    lindqvist = ratings(TRF16)[4]
    # Lindqvist: a full-point bye, a not-rated draw and two games against unrated players are
    # left out; a loss to Rossi (E 0.92) and a draw with Halvorsen (E 0.08): 20 × (0.5 − 1) = −10.
    assert (lindqvist.games, lindqvist.score, lindqvist.rounded_change) == (2, 0.5, -10)


@pytest.mark.parametrize(
    ("number", "rating", "k", "games"),
    [
        (2, 2435, 10, [(1870, 1), (2712, 0.5), (1985, 0.5), (2048, 0)]),
        (5, 2048, 20, [(2291, 0), (2712, 0), (2435, 1)]),
        (6, 1985, 20, [(2712, 0), (2435, 0.5), (2291, 0)]),
    ],
)
def test_other_players_change_as_elo_core_rate_over_their_rated_games(
    number: int, rating: int, k: int, games: list[tuple[float, float]]
) -> None:
    # Games read off the fixture by eye: results 1, = and 0 against rated opponents only.
    row = ratings(TRF16)[number]
    expected = fide(rating, games, k)
    assert (row.k, row.games, row.score) == (k, len(games), expected.score)
    assert row.change == expected.change and row.rounded_change == expected.rounded_change
    assert row.new_rating == rating + expected.rounded_change


def test_an_unrated_player_gets_a_first_rating_by_8_2() -> None:
    weber = ratings(TRF16)[9]
    # Weber: 3 points from Lindqvist 2150 (1), Brandt 2435 (½), Okafor 2291 (0), Moreau 2048 (½)
    # and Rossi 1720 (1); round 3 was a half-point bye. With two 1800s, both drawn:
    # Ra = (2150 + 2435 + 2291 + 2048 + 1720 + 1800 + 1800) / 7 = 14244 / 7 = 2034.857…,
    # p = 4 / 7 = 0.57 → dp 50 (table 8.1.1) → Ru = 2084.857… → 2085.
    assert (weber.initial_rating, weber.initial_reason) == (2085, None)
    assert (weber.k, weber.k_rule, weber.new_rating, weber.change) == (None, None, None, None)
    assert (weber.games, weber.score) == (5, 3.0)
    # Performance: Ra = 10644 / 5 = 2128.8, p = 0.60 → dp 72 → 2200.8.
    assert weber.performance == pytest.approx(2200.8)
    assert [(g.opponent, g.opponent_rating, g.score) for g in weber.results][:2] == [
        (4, 2150, 1.0), (2, 2435, 0.5)]
    assert weber.results[0].expected is None


def test_an_unrated_player_without_a_first_rating_says_why() -> None:
    holm = ratings(TRF16)[10]
    # Five rated opponents but no point: 8.2.1 disregards a zero score.
    assert (holm.initial_rating, holm.initial_reason, holm.games) == (None, "zero-score", 5)
    # Performance: Ra = (2048 + 2150 + 1985 + 2435 + 2291) / 5 = 2181.8, 0 % → −800.
    assert holm.performance == pytest.approx(1381.8)
    friis = ratings(TRF26)[6]
    # Friis: ½ from Bakke 1480, Nørgaard 1612, Østergaard 1555, Eriksen 1410, Christensen 1440.
    # Ra = (7497 + 3600) / 7 = 1585.29, p = 1.5 / 7 = 0.21 → dp −230 → 1355: below 1400.
    assert (friis.initial_rating, friis.initial_reason) == (None, "below-1400")


def test_the_trf26_fixture_is_rated_like_any_other() -> None:
    rows = ratings(TRF26)
    # Østergaard 1555, born 2011 → 15 in 2026, K 40. Dahl 1405 draw (D 150, E 0.70), Bakke 1480
    # win (D 75, E 0.60), Christensen 1440 win (D 115, E 0.66), Nørgaard 1612 win (D −57,
    # E 0.42); Friis is unrated. ΣE 2.38, S 3.5, 40 × 1.12 = 44.8 → 45 → 1600.
    assert (rows[2].k, rows[2].k_rule, rows[2].rounded_change, rows[2].new_rating) == (
        40, "junior", 45, 1600)
    # Nørgaard 1612, K 20: Christensen win (D 172, E 0.73), Dahl draw (D 207, E 0.77),
    # Østergaard loss (E 0.58); the lower-case "f" bye does not count. 20 × (1.5 − 2.08) = −11.6.
    assert (rows[1].games, rows[1].rounded_change, rows[1].new_rating) == (3, -12, 1600)
    # Eriksen 1410, born 2009, K 40: ½ v Christensen (E 0.46), 0 v Bakke (E 0.40), 1 v Dahl
    # (E 0.51): 40 × (1.5 − 1.37) = 5.2 → 5.
    assert (rows[7].k, rows[7].rounded_change) == (40, 5)


def test_k_overrides_and_k_times_n_at_most_700() -> None:
    rows = ratings(TRF16, **{"2": 20, "8": 15})
    assert (rows[2].k, rows[2].k_rule) == (20, "override")
    assert rows[2].change == pytest.approx(20 * (2.0 - 2.92))
    assert (rows[8].k, rows[8].rounded_change) == (15, round(15 * 0.96))
    # 18 games between a junior (K 40) and a 2000 player: 40 × 18 = 720 > 700 → K 38, also when
    # set by hand.
    rounds = 18
    a = Player(1, "", "", "Junior, Ann", 1800, "", None, 2012, 9.0, 1,
               tuple(Round(2, "w" if r % 2 else "b", "1" if r % 2 else "0") for r in range(rounds)))
    b = Player(2, "", "", "Senior, Bo", 2000, "", None, 1970, 9.0, 2,
               tuple(Round(1, "b" if r % 2 else "w", "0" if r % 2 else "1") for r in range(rounds)))
    long = Tournament("Match", None, datetime.date(2025, 6, 1), (None,) * rounds, (a, b))
    junior, senior = trf.rate(long)
    assert (junior.k, junior.k_rule, senior.k) == (700 // 18, "junior", 20)
    assert trf.rate(long, k={1: 40})[0].k == 38
    assert trf.rate(long, k={1: 30})[0].k == 30


@pytest.mark.parametrize(
    ("k", "reason"),
    [({99: 20}, "unknown-player"), ({9: 20}, "unrated"), ({1: 0}, "range"), ({1: 20.5}, "range"),
     ({1: True}, "range"), ([(1, 20)], "type")],
)
def test_bad_overrides(k: object, reason: str) -> None:
    with pytest.raises(InputError) as caught:
        trf.rate(tournament(TRF16), k=k)  # type: ignore[arg-type]
    assert (caught.value.code, caught.value.reason, caught.value.field) == ("k-invalid", reason, "k")


def test_every_player_is_rated_in_file_order() -> None:
    rows = trf.rate(tournament(TRF16))
    assert [row.start_number for row in rows] == list(range(1, 11))
    assert all(row.games == len(row.results) for row in rows)


# --- writing ----------------------------------------------------------------------------------


@pytest.mark.parametrize("name", [TRF16, TRF26])
def test_a_written_file_reads_back_the_same(name: str) -> None:
    t = tournament(name)
    written = trf.write(t)
    assert trf.parse(written) == t
    assert written.startswith("012 ") and written.endswith("\n")


def test_written_player_lines_keep_their_columns() -> None:
    line = next(
        line for line in trf.write(tournament(TRF16)).split("\n") if line.startswith("001    1"))
    assert line[48:52] == "2712" and line[80:84] == " 5.0" and line[91:99] == "   6 w 1"


def test_what_cannot_be_written_is_refused() -> None:
    t = tournament(TRF16)
    long_name = dataclasses.replace(t.players[0], name="x" * 34)
    with pytest.raises(InputError):
        trf.write(Tournament(t.name, t.start, t.end, t.round_dates, (long_name, *t.players[1:])))
    with pytest.raises(InputError):
        trf.write(Tournament(" padded", t.start, t.end, t.round_dates, t.players))
    with pytest.raises(InputError):
        trf.write(Tournament(t.name, t.start, t.end, t.round_dates[:3], t.players))


def test_the_module_is_exported_with_a_sorted_all() -> None:
    assert "trf" in elo_core.__all__ and elo_core.trf is trf
    assert trf.__all__ == sorted(trf.__all__)


# --- properties -----------------------------------------------------------------------------------

PROPERTY = settings(deadline=None, database=None, max_examples=120)
# Both sides of a paired round: rated results, forfeits (a double one too), games not rated,
# and a round paired but without a result yet.
OUTCOMES = [("1", "0"), ("0", "1"), ("=", "="), ("+", "-"), ("-", "+"), ("-", "-"),
            ("W", "L"), ("L", "W"), ("D", "D"), ("", "")]
NAME_LETTERS = "abcdeghklmnorstuvyzABCDEHKLMNSTÆØÅæøåéü ,.'-"


@st.composite
def tournaments(draw: st.DrawFn) -> Tournament:
    size = draw(st.integers(2, 10))
    rounds = draw(st.integers(0, 20 if size <= 3 else 7))
    numbers = draw(st.lists(st.integers(1, 9999), min_size=size, max_size=size, unique=True))
    entries: dict[int, list[Round]] = {number: [] for number in numbers}
    for _ in range(rounds):
        order = draw(st.permutations(numbers))
        games = draw(st.integers(0, size // 2))
        for index in range(games):
            a, b = order[2 * index], order[2 * index + 1]
            code_a, code_b = draw(st.sampled_from(OUTCOMES))
            coloured = code_a in "+-" and draw(st.booleans())  # forfeits may have no colours
            colour_a, colour_b = draw(st.sampled_from([("w", "b"), ("b", "w")]))
            if code_a in "+-" and not coloured:
                colour_a = colour_b = None  # type: ignore[assignment]
            entries[a].append(Round(b, colour_a, code_a))
            entries[b].append(Round(a, colour_b, code_b))
        for number in order[2 * games:]:
            entries[number].append(Round(None, None, draw(st.sampled_from(["", "H", "F", "U", "Z"]))))
    # A tournament's dates lie within a month, as in any real file: the reader may use them
    # to read a date that could mean two things (two-digit years in 132, 05/04/2025).
    first_day = draw(st.dates(datetime.date(2021, 1, 1), datetime.date(2030, 12, 1)))
    dates = st.integers(0, 30).map(lambda days: first_day + datetime.timedelta(days=days))
    players = tuple(
        Player(
            start_number=number,
            sex=draw(st.sampled_from(["", "m", "w"])),
            title=draw(st.sampled_from(["", "GM", "IM", "WGM", "FM", "g", "wf"])),
            name=draw(st.text(NAME_LETTERS, max_size=33)).strip(),
            rating=draw(st.one_of(st.none(), st.integers(1000, 2900))),
            federation=draw(st.sampled_from(["", "GER", "DEN", "NOR"])),
            fide_id=draw(st.one_of(st.none(), st.integers(1, 10**10).map(str))),
            birth_year=draw(st.one_of(st.none(), st.integers(1940, 2020))),
            points=draw(st.integers(0, 199)) / 2,
            rank=draw(st.one_of(st.none(), st.integers(0, 9999))),
            rounds=tuple(entries[number]),
        )
        for number in numbers
    )
    return Tournament(
        name=draw(st.text(NAME_LETTERS, max_size=60)).strip(),
        start=draw(st.one_of(st.none(), dates)),
        end=draw(st.one_of(st.none(), dates)),
        round_dates=tuple(draw(st.one_of(st.none(), dates)) for _ in range(rounds)),
        players=players,
    )


@PROPERTY
@given(tournaments())
def test_a_written_tournament_reads_back_as_the_same_games(t: Tournament) -> None:
    assert trf.parse(trf.write(t)) == t


def _k(player: Player, year: int | None, games: int) -> int:
    """FIDE B.02 8.3.3 as this module applies it (30+ games assumed), worked out again here."""
    assert player.rating is not None
    junior = player.birth_year is not None and year is not None and year - player.birth_year <= 18
    k = 40 if junior and player.rating < 2300 else 10 if player.rating >= 2400 else 20
    return 700 // games if games and k * games > 700 else k


@PROPERTY
@given(tournaments())
def test_each_change_is_elo_core_rate_over_the_players_rated_games(t: Tournament) -> None:
    by_number = {player.start_number: player for player in t.players}
    last = t.end or next((d for d in reversed(t.round_dates) if d), t.start)
    year = last.year if last else None
    # 8.3.1: the 2650 exemption from 1 October 2025; before, the cap for every player.
    cap: Cap = "400" if last and last < datetime.date(2025, 10, 1) else "fide"
    for player, row in zip(t.players, trf.rate(t)):
        scores = {"1": 1.0, "=": 0.5, "0": 0.0}
        games = [
            (by_number[e.opponent].rating, scores[e.code])
            for e in player.rounds
            if e.code in scores and e.opponent and by_number[e.opponent].rating is not None
        ]
        assert row.games == len(games)
        if player.rating is None:
            ratings = [float(r) for r, _ in games if r is not None]
            points = sum(s for _, s in games)
            assert row.initial_rating == elo_core.fide_initial_rating(ratings, points)
            continue
        k = _k(player, year, len(games))
        expected = elo_core.rate(player.rating, [Game(float(r or 0), s) for r, s in games],
                                 k=k, model="fide", cap=cap, rounding="fide")
        assert row.k == k
        assert row.change == expected.change
        assert row.rounded_change == expected.rounded_change
        assert row.new_rating == player.rating + expected.rounded_change


# --- dates as files write them --------------------------------------------------------------------


def with_dates(start: str | None, end: str | None, rounds: str | None = None) -> str:
    """The TRF16 fixture with other 042, 052 (None: left out) and, if given, 132 lines."""
    lines = lines16()
    lines[3] = "" if start is None else "042 " + start
    lines[4] = "" if end is None else "052 " + end
    if rounds is not None:
        lines[11] = rounds
    return "\n".join(lines)


def codes(t: Tournament) -> list[str]:
    return [w.code for w in t.warnings]


@pytest.mark.parametrize(
    ("written", "date"),
    cases("trf_dates", "start_date_in_the_forms_files_write"),
)
def test_the_start_date_in_the_forms_files_write(written: str, date: tuple[int, int, int]) -> None:
    t = trf.parse(with_dates(written, "2025/04/13"))
    assert t.start == datetime.date(*date)
    assert t.warnings == ()


@pytest.mark.parametrize(
    ("written", "date"),
    cases("trf_dates", "end_date_gives_the_year"),
)
def test_the_end_date_gives_the_year_in_any_form(written: str, date: tuple[int, int, int]) -> None:
    t = trf.parse(with_dates(None, written, ""))
    assert (t.end, t.year) == (datetime.date(*date), date[0])
    # (Players born after 2010 get a warning of their own here: "birth-year-after".)
    dates = [code for code in codes(t) if code.startswith("date")]
    assert dates == (["date-ambiguous"] if written == "08/04/2018" else [])


def test_an_ambiguous_date_is_read_day_first_with_a_warning_unless_the_file_decides() -> None:
    t = trf.parse(with_dates("05/04/2025", "06/04/2025", ""))
    assert (t.start, t.end) == (datetime.date(2025, 4, 5), datetime.date(2025, 4, 6))
    assert [(w.code, w.line) for w in t.warnings] == [("date-ambiguous", 4), ("date-ambiguous", 5)]
    assert dict(t.warnings[0].params) == {
        "text": "05/04/2025", "date": "2025-04-05", "other": "2025-05-04", "column": 5}
    assert t.warnings[0].message == (
        "The date “05/04/2025” can mean 2025-04-05 or 2025-05-04; it was read as 2025-04-05.")
    # An end written day first, past the 12th, tells how the file writes dates.
    t = trf.parse(with_dates("05/04/2025", "13/04/2025", ""))
    assert (t.start, t.end, t.warnings) == (
        datetime.date(2025, 4, 5), datetime.date(2025, 4, 13), ())
    # Round dates near an unambiguous start decide too.
    rounds = "132" + " " * 88 + "  ".join(["05.04.25", "06.04.25", "07.04.25"])
    t = trf.parse(with_dates("05/04/2025", None, rounds))
    assert t.start == datetime.date(2025, 4, 5)
    assert t.round_dates[:3] == tuple(datetime.date(2025, 4, day) for day in (5, 6, 7))


def test_round_dates_written_day_first_are_read_by_the_start_and_end() -> None:
    cells = ["05/04/25", "06/04/25", "07/04/25", "11/04/25", "12/04/25", "13/04/25"]
    t = trf.parse(with_dates("2025/04/05", "2025/04/13", "132" + " " * 88 + "  ".join(cells)))
    assert t.round_dates == tuple(datetime.date(2025, 4, d) for d in (5, 6, 7, 11, 12, 13))
    assert t.warnings == ()
    # Record 132's own form, YY/MM/DD, without a start or an end: read as TRF writes it.
    t = trf.parse(with_dates(None, None))
    assert t.round_dates == tournament(TRF16).round_dates
    assert codes(t) == ["year-from-rounds"]


def test_an_unreadable_end_date_says_which_year_the_junior_k_took() -> None:
    t = trf.parse(with_dates("2025/04/05", "13th of Smarch"))
    assert codes(t) == ["date-unreadable", "year-from-rounds"]
    assumed = t.warnings[1]
    assert (assumed.line, dict(assumed.params)) == (None, {"year": 2025})
    # Okafor (born 2009) is still a junior in 2025: K 40.
    assert ratings_of(t)[3].k == 40
    t = trf.parse(with_dates("2025/04/05", "13th of Smarch", ""))
    assert codes(t) == ["date-unreadable", "year-from-start"]
    assert ratings_of(t)[3].k == 40


def test_without_any_readable_date_no_one_gets_the_junior_k_and_the_page_is_told() -> None:
    t = trf.parse(with_dates("soon", "later", ""))
    assert codes(t) == ["date-unreadable", "date-unreadable", "no-year"]
    assert t.year is None
    # Okafor, 2291 and born 2009, gets the K of a player with 30 games: 20, not 40.
    assert ratings_of(t)[3].k == 20


def ratings_of(t: Tournament) -> dict[int, trf.PlayerRating]:
    return {row.start_number: row for row in trf.rate(t)}


def birth(written: str) -> Tournament:
    lines = lines16()
    lines[12] = lines[12][:69] + written.ljust(10) + lines[12][79:]
    return trf.parse("\n".join(lines))


@pytest.mark.parametrize(
    "written",
    ["1994/03/11", "1994-03-11", "1994.03.11", "11.03.1994", "11/03/1994", "11-03-1994",
     "3/11/1994", "1994", "11Mar1994"],
)
def test_birth_dates_in_the_forms_files_write(written: str) -> None:
    t = birth(written)
    assert t.players[0].birth_year == 1994 and t.warnings == ()


@pytest.mark.parametrize("written", ["94/03/11", "11.03.94", "March", "1894/03/11", "19940"])
def test_a_birth_date_that_cannot_be_read_is_a_warning_and_no_junior_k(written: str) -> None:
    t = birth(written)
    assert t.players[0].birth_year is None
    (warning,) = t.warnings
    assert (warning.code, warning.line, warning.column, warning.player) == (
        "birth-date-unreadable", 13, 70, "Halvorsen, Magnus")
    assert dict(warning.params) == {"text": written, "min": 1900, "max": 2100, "column": 70}


def test_an_unknown_birth_date_is_no_warning() -> None:
    for written in ("0000/00/00", "0000", ""):
        t = birth(written)
        assert t.players[0].birth_year is None and t.warnings == ()


def test_a_birth_year_after_the_tournament_is_ignored_with_a_warning() -> None:
    lines = lines16()
    lines[14] = lines[14].replace("2009/12/30", "2031/12/30")  # Okafor
    t = trf.parse("\n".join(lines))
    assert t.players[2].birth_year is None
    (warning,) = t.warnings
    assert (warning.code, warning.line, warning.player) == ("birth-year-after", 15, "Okafor, Daniel")
    assert dict(warning.params) == {"birth_year": 2031, "year": 2025, "column": 70}
    assert ratings_of(t)[3].k == 20  # not a junior: the file does not say he is


DATE_FILES = FIXTURES / "dates"
# Each file writes every date in one form; all are the spring open of TRF16 (5–13 April 2025).
DATE_FORMS = {
    "iso_dashes.trf": [],
    "day_month_year_slashes.trf": [],
    "day_month_year_dots.trf": [],
    "day_month_year_dashes.trf": [],
    "month_names_english.trf": [],
    "month_names_day_first.trf": [],
    "month_names_german.trf": [],
    "two_digit_years.trf": [],
    "us_month_first.trf": [],
    "unreadable_end_date.trf": ["date-unreadable", "year-from-rounds"],
}


def test_every_date_form_file_reads_as_the_same_tournament() -> None:
    assert sorted(path.name for path in DATE_FILES.iterdir()) == sorted(DATE_FORMS)
    spring = tournament(TRF16)
    rated = trf.rate(spring)
    for name, expected in DATE_FORMS.items():
        t = trf.parse((DATE_FILES / name).read_text(encoding="utf-8"))
        assert codes(t) == expected, name
        assert t.round_dates == spring.round_dates, name
        assert t.start == spring.start, name
        assert t.end == (None if "unreadable" in name else spring.end), name
        assert [p.birth_year for p in t.players] == [p.birth_year for p in spring.players], name
        assert trf.rate(t) == rated, name


# --- columns ------------------------------------------------------------------------------------

SHIFTED = FIXTURES / "shifted"
# What each hand-shifted file (one field moved by one column) gives: a warning that says what
# was read, or an error with its reason. Never a different number.
SHIFTS = {
    "start-number_right.trf": "blank-column",
    "rating_left.trf": "shifted",
    "rating_right.trf": "merged",
    "rating-1985_left.trf": "shifted",
    "rating-1985_right.trf": "merged",
    "federation_left.trf": "merged",
    "federation_right.trf": "shifted",
    "fide-id_right.trf": "merged",
    "birth-date_left.trf": "merged",
    "birth-date_right.trf": "shifted",
    "birth-date-unrated_left.trf": "shifted",
    "points_right.trf": "shifted",
    "points-10_left.trf": "merged",
    "rank_right.trf": "blank-column",
    "opponent_right.trf": "round-shifted",
    "colour_left.trf": "round-shifted",
    "colour_right.trf": "round-shifted",
    "result_left.trf": "round-shifted",
    "result_right.trf": "round-shifted",
    "line_left.trf": "line-shifted",
    "line_right.trf": "line-shifted",
}


def shifted_line(name: str) -> tuple[int, str, str]:
    """The 1-based number of the one line that differs from its original, and both lines."""
    original = text(TRF26 if name.startswith("points-10") else TRF16).replace("\r\n", "\n")
    changed = (SHIFTED / name).read_text(encoding="utf-8").replace("\r\n", "\n")
    pairs = list(zip(original.split("\n"), changed.split("\n")))
    (index,) = [i for i, (a, b) in enumerate(pairs) if a != b]
    return index + 1, pairs[index][0], pairs[index][1]


@pytest.mark.parametrize("name", sorted(SHIFTS))
def test_a_field_moved_by_one_column_is_an_error_or_a_warning_never_another_number(
    name: str,
) -> None:
    line, original, moved = shifted_line(name)
    assert len(original) == len(moved) or name.startswith("line_")
    player = original[14:47].strip()
    body = (SHIFTED / name).read_text(encoding="utf-8")
    before = trf.parse(text(TRF26 if name.startswith("points-10") else TRF16))
    try:
        t = trf.parse(body)
    except InputError as caught:
        assert (caught.reason, caught.line) == (SHIFTS[name], line)
        assert caught.params["player"] == player and str(caught).count(player) == 1
        assert caught.column is not None
        assert "TRF puts" in str(caught) or "must be blank" in str(caught) or (
            "one column to the" in str(caught))
        return
    assert SHIFTS[name] == "shifted", name
    (warning,) = [w for w in t.warnings if w.code == "shifted"]
    assert (warning.line, warning.player) == (line, player)
    # Read whole: every player, every number as in the file before the edit.
    assert t.players == before.players and trf.rate(t) == trf.rate(before)


def test_a_rating_moved_left_is_read_whole_and_the_warning_says_where() -> None:
    t = trf.parse((SHIFTED / "rating-1985_left.trf").read_text(encoding="utf-8"))
    assert t.players[5].rating == 1985  # not 985
    (warning,) = t.warnings
    assert dict(warning.params) == {
        "field": "rating", "text": "1985", "start": 48, "end": 51, "first": 49, "last": 52,
        "column": 48}
    assert warning.message == (
        "Read “1985” as the rating, from columns 48–51; TRF puts the rating in columns 49–52.")


def test_a_rating_moved_two_columns_is_an_error_with_the_fix() -> None:
    lines = lines16()
    lines[17] = lines[17][:46] + "1985  " + lines[17][52:]  # columns 47–50
    found = error(lines)
    assert (found.reason, found.line, found.column) == ("shifted", 18, 47)
    assert found.params == {
        "field": "rating", "first": 49, "last": 52, "text": "1985", "start": 47, "end": 50,
        "column": 47, "player": "Jensen, Freja"}
    assert str(found) == (
        "Line 18, column 47: Jensen, Freja: The rating runs out of its columns: “1985” stands in "
        "columns 47–50. TRF puts the rating in columns 49–52, right-aligned.")


def test_values_moved_within_their_columns_read_the_same() -> None:
    lines = lines16()
    lines[21] = lines[21].replace("   10 w    Holm", "  10  w    Holm")  # start number 10
    lines[12] = lines[12].replace(" 5.0    1 ", "5.0    1  ")  # points and rank, left
    lines[12] = lines[12].replace("     6 w 1", "    6  w 1", 1)  # opponent 6, left
    t = trf.parse("\n".join(lines))
    assert t.players == tournament(TRF16).players and t.warnings == ()


def test_a_tab_is_named_as_such() -> None:
    lines = lines16()
    lines[13] = lines[13].replace("2435 GER", "2435\tGER")
    found = error(lines)
    assert (found.reason, found.line, found.column) == ("tab", 14, 53)
    assert found.params["player"] == "Brandt, Clara"
    assert "tab character. TRF uses spaces" in str(found)
    lines = lines16()
    lines[13] = "001\t   2 w IM Brandt, Clara"
    found = error(lines)
    assert (found.reason, found.column) == ("tab", 4)
    # On the round dates line a tab loses the dates only: a warning.
    lines = lines16()
    lines[11] = "132\t" + lines[11][4:]
    t = trf.parse("\n".join(lines))
    assert codes(t) == ["round-dates-tab"] and t.round_dates == (None,) * 6


def test_the_fixtures_read_without_warnings() -> None:
    assert tournament(TRF16).warnings == () and tournament(TRF26).warnings == ()
