"""What real tournament files write: the event's details, the rounds of XXR, the rating list of
line 122, and birth dates known only to the year. Expected figures are worked out in the
comments from RULES.md (FIDE B.02 8.3.1, 8.3.3 and the rapid and blitz lists)."""

from __future__ import annotations

import pytest

from elo_core import InputError, trf

HEADER = [
    "012 Harbour Rapid 2026",
    "022 Esbjerg",
    "032 DEN",
    "042 2026/03/07",
    "052 2026/03/07",
    "092 Individual: Swiss-System",
    "102 IA Jens Holm",
    "122 15 minutes plus 10 sec per move",
]


def player(number: int, rating: str, birth: str, rounds: str, name: str = "") -> str:
    line = (f"001 {number:4d} m    {(name or f'Player, No {number}'):33} {rating:>4} DEN "
            f"{1_400_000 + number:>11} {birth:10} {0.0:4.1f} {number:>4}")
    return line + rounds


def two_players(birth: str, *, rating_a: str = "1800", rating_b: str = "2300",
                extra: tuple[str, ...] = ()) -> str:
    # One game, player 1 beats player 2.
    return "\n".join([*HEADER, *extra,
                      player(1, rating_a, birth, "     2 w 1"),
                      player(2, rating_b, "1980", "     1 b 0")]) + "\n"


@pytest.mark.parametrize("birth", ["2014/00/00", "2014-00-00", "00.00.2014", "2014",
                                   "2014/05/00", "2014/00/05"])
def test_a_birth_date_known_to_the_year_gives_the_junior_k(birth: str) -> None:
    tournament = trf.parse(two_players(birth))
    assert tournament.players[0].birth_year == 2014
    assert tournament.warnings == ()
    rating = trf.rate(tournament)[0]
    # Born 2014, rated in 2026 (12), under 2300: K 40 (8.3.3). 1800 beats 2300: D −500 → −400
    # (the cap), E 0.08, ΔR 40 × 0.92 = 36.8 → +37.
    assert (rating.k, rating.k_rule) == (40, "junior")
    assert rating.rounded_change == 37


def test_a_player_born_in_2008_is_junior_in_2026_while_under_2300() -> None:
    # 2008 + 18 = 2026: K 40 to the end of the year of the 18th birthday.
    tournament = trf.parse(two_players("2008/00/00"))
    assert trf.rate(tournament)[0].k == 40
    older = trf.parse(two_players("2007/00/00"))
    assert trf.rate(older)[0].k == 20


@pytest.mark.parametrize("birth", ["0000/00/00", "00.00.0000"])
def test_a_birth_date_of_zeros_is_unknown_without_a_warning(birth: str) -> None:
    tournament = trf.parse(two_players(birth))
    assert tournament.players[0].birth_year is None and tournament.warnings == ()


def test_an_impossible_year_is_still_a_warning() -> None:
    tournament = trf.parse(two_players("1850/00/00"))
    assert [warning.code for warning in tournament.warnings] == ["birth-date-unreadable"]


def test_the_event_details_are_kept_as_written_and_written_back() -> None:
    tournament = trf.parse(two_players("1990", extra=("222 900+10",)))
    assert (tournament.city, tournament.federation, tournament.event_type) == (
        "Esbjerg", "DEN", "Individual: Swiss-System")
    assert tournament.chief_arbiter == "IA Jens Holm"
    assert (tournament.time_control, tournament.time_control_code) == (
        "15 minutes plus 10 sec per move", "900+10")
    assert trf.parse(trf.write(tournament)) == tournament


def test_xxr_makes_a_file_written_after_9_of_10_rounds_a_10_round_event() -> None:
    rounds = "".join(f"  {2 if r % 2 else 2:4d} {'w' if r % 2 == 0 else 'b'} =" for r in range(9))
    other = "".join(f"  {1:4d} {'b' if r % 2 == 0 else 'w'} =" for r in range(9))
    text = "\n".join([*HEADER[:7], "XXR 10",
                      player(1, "2400", "1990", rounds), player(2, "2400", "1990", other)])
    tournament = trf.parse(text)
    assert tournament.rounds == 10
    assert tournament.players[0].rounds[9] == trf.Round(None, None, "")
    # 142 and XXR are both lower bounds: the larger one wins.
    assert trf.parse(text.replace("XXR 10", "XXR 10\n142 9")).rounds == 10


@pytest.mark.parametrize(
    ("line_122", "rating_list"),
    [("90 min/40 moves + 30 min + 30 sec/move", "standard"), ("15'+10\"", "rapid"),
     ("G/15+10", "rapid"), ("5 Plus 0", "blitz"), ("3+2", "blitz"), ("rapid", "rapid"),
     ("blitz", "blitz"), ("", None)],
)
def test_line_122_gives_the_rating_list(line_122: str, rating_list: str | None) -> None:
    text = two_players("1990").replace("122 15 minutes plus 10 sec per move", f"122 {line_122}")
    assert trf.parse(text).rating_list == rating_list


def test_the_encoded_time_control_wins_over_the_text() -> None:
    text = two_players("1990", extra=("222 300+2",))  # 122 says rapid, 222 blitz
    assert trf.parse(text).rating_list == "blitz"


def test_rapid_and_blitz_keep_the_plain_400_point_cap() -> None:
    # A player rated 2700 beats one rated 2200: D 500. Standard (from October 2025): no cap
    # at 2650 or more, E 0.96 (table 8.1.2: 485–517), K 10, ΔR 10 × 0.04 = 0.4 → 0.
    # Rapid and blitz: the plain cap, D 400 → E 0.92, ΔR 10 × 0.08 = 0.8 → +1; the change
    # unrounded shows the difference.
    text = two_players("1990", rating_a="2700", rating_b="2200")
    tournament = trf.parse(text)
    assert tournament.rating_list == "rapid"
    rapid = trf.rate(tournament)[0]
    standard = trf.rate(tournament, rating_list="standard")[0]
    assert rapid.results[0].expected == 0.92 and standard.results[0].expected == 0.96
    assert rapid.change == pytest.approx(0.8) and standard.change == pytest.approx(0.4)
    assert (rapid.rounded_change, standard.rounded_change) == (1, 0)
    assert trf.rate(tournament, rating_list="blitz")[0].change == pytest.approx(0.8)
    # K follows the standard rules on the rapid and blitz lists too (8.3.3).
    assert rapid.k == standard.k == 10


def test_a_file_that_does_not_say_is_rated_for_the_standard_list() -> None:
    text = two_players("1990", rating_a="2700", rating_b="2200").replace(
        "122 15 minutes plus 10 sec per move\n", "")
    tournament = trf.parse(text)
    assert tournament.rating_list is None
    assert trf.rate(tournament)[0].results[0].expected == 0.96


def test_an_unknown_rating_list_is_an_error() -> None:
    tournament = trf.parse(two_players("1990"))
    with pytest.raises(InputError) as caught:
        trf.rate(tournament, rating_list="bullet")  # type: ignore[arg-type]
    assert caught.value.code == "option-invalid"
