"""FIDE title norms (B.01 1.4): every requirement passing and failing at its boundary.

Each event is written as a report file (norm_events.event) and read back; the expected numbers
are worked out in the comments from RULES.md ("FIDE title norms") and table 8.1.1, never taken
from elo_core.norms.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from norm_events import Opp, event, mixed, read

from elo_core import InputError, norms, trf

PROPERTY = settings(deadline=None, database=None, max_examples=150)


def requirement(check: norms.NormCheck, code: norms.RequirementCode) -> norms.Requirement:
    found = [entry for entry in check.requirements if entry.code == code]
    assert len(found) == 1
    return found[0]


# --- the API --------------------------------------------------------------------------------------


def test_every_requirement_is_listed_once_with_its_paragraph() -> None:
    result = norms.check(read(mixed([2450] * 9)), 1, "GM")
    assert [entry.code for entry in result.requirements] == [
        "games", "federations", "own-federation", "one-federation", "title-holders",
        "titled-opponents", "average-rating", "performance", "score",
    ]
    rules = {entry.code: entry.rule for entry in result.requirements}
    assert rules == {
        "games": "1.4.1", "federations": "1.4.3", "own-federation": "1.4.4",
        "one-federation": "1.4.4", "title-holders": "1.4.5", "titled-opponents": "1.4.5",
        "average-rating": "1.4.7", "performance": "1.4.8", "score": "1.4.8",
    }


def test_a_clean_gm_norm() -> None:
    # 9 GMs rated 2450 from three federations, 7 wins and 2 losses: p = 7/9 = 77.8 % → 78 %,
    # dp = 220, Rp = 2450 + 220 = 2670 ≥ 2599.5; Ra 2450 ≥ 2380; 7 ≥ 35 % of 9 (3.15).
    result = norms.check(read(mixed([2450] * 9, ["1"] * 7 + ["0"] * 2)), 1, "GM")
    assert result.achieved
    assert (result.title, result.games, result.score) == ("GM", 9, 7.0)
    assert (result.average_rating, result.raised, result.performance) == (2450, None, 2670.0)
    assert all(entry.met for entry in result.requirements)


# --- 1.4.8: the score of at least 35 % --------------------------------------------------------


def test_exactly_35_percent_is_enough() -> None:
    # 20 games against 2710: 7 points = 35 % exactly, dp(35 %) = −110, Rp = 2600.
    results = ["1"] * 7 + ["0"] * 13
    result = norms.check(read(mixed([2710] * 20, results)), 1, "GM")
    score = requirement(result, "score")
    assert (score.value, score.needed, score.met) == (7.0, 7.0, True)
    assert result.performance == 2600.0
    assert result.achieved


def test_a_score_that_rounds_to_35_percent_is_not_35_percent() -> None:
    # 13 games against 2710: 4.5 points = 34.6 %, which table 8.1.1 reads as 35 % (dp −110,
    # Rp 2600: the performance holds), but the score is under 35 % (4.55): 5 are needed.
    results = ["1"] * 4 + ["="] + ["0"] * 8
    result = norms.check(read(mixed([2710] * 13, results)), 1, "GM")
    assert requirement(result, "performance").met
    score = requirement(result, "score")
    assert (score.value, score.needed, score.met) == (4.5, 5.0, False)
    assert not result.achieved


# --- 1.4.8: the performance before rounding ---------------------------------------------------


def ten_for_im(total: int) -> list[Opp]:
    # Ten opponents whose ratings add up to ``total``: nine at 2256 and one making up the rest.
    return mixed([2256] * 9 + [total - 9 * 2256], ["1"] * 7 + ["="] + ["0"] * 2)


def test_rp_2599_5_is_a_norm_and_2599_4_is_not() -> None:
    # IM: 7.5 of 10 = 75 %, dp 193. Ratings adding to 22565: average 2256.5, Rp 2449.5 = the
    # IM level before rounding (as 2599.5 is the GM's): met. 22564: Rp 2449.4, missed.
    # The figures shown add up: Ra is rounded first (1.4.7), so Rp = Ra + dp is whole, and
    # 2256.5 → Ra 2257 → Rp 2450 is the same verdict as 2449.5 before rounding.
    met = norms.check(read(ten_for_im(22565)), 1, "IM")
    assert (met.average_rating, met.dp, met.performance) == (2257, 193, 2450.0)
    assert requirement(met, "performance").met and met.achieved
    missed = norms.check(read(ten_for_im(22564)), 1, "IM")
    assert (missed.average_rating, missed.dp, missed.performance) == (2256, 193, 2449.0)
    assert not requirement(missed, "performance").met and not missed.achieved


def test_the_gm_level_is_2599_5_too() -> None:
    # GM, 10 games, 8 points: 80 %, dp 240. Average 2359.5 → Rp 2599.5, met; 2359.4 → 2599.4.
    # (Ra 2360 is below the GM minimum 2380: only the performance is looked at here.)
    def ten(total: int) -> norms.NormCheck:
        ratings = [2360] * 9 + [total - 9 * 2360]
        return norms.check(read(mixed(ratings, ["1"] * 8 + ["0"] * 2)), 1, "GM")

    assert requirement(ten(23595), "performance").met
    assert not requirement(ten(23594), "performance").met


def test_the_average_rating_rounds_half_up_at_the_minimum() -> None:
    # IM minimum Ra 2230: ratings adding to 22295 average 2229.5 → 2230, met; 22294 → 2229.
    def ten(total: int) -> norms.Requirement:
        ratings = [2230] * 9 + [total - 9 * 2230]
        return requirement(norms.check(read(mixed(ratings)), 1, "IM"), "average-rating")

    assert (ten(22295).value, ten(22295).met) == (2230, True)
    assert (ten(22294).value, ten(22294).met) == (2229, False)


# --- 1.4.6: the rating floor and unrated opponents --------------------------------------------


def test_the_floor_raises_the_one_opponent_below_it() -> None:
    # IM floor 2050: the 1990 opponent (start number 4, round 3) counts as 2050.
    ratings = [2300, 2300, 1990, 2300, 2300, 2300, 2300, 2300, 2300]
    result = norms.check(read(mixed(ratings)), 1, "IM")
    assert result.raised == 4
    assert result.average_rating == round((8 * 2300 + 2050) / 9)  # 20450 / 9 = 2272.2 → 2272


def test_with_two_below_the_floor_only_the_lowest_is_raised() -> None:
    # 2000 (start 3) and 1900 (start 5) are both below 2050: only 1900 is raised.
    ratings = [2300, 2000, 2300, 1900, 2300, 2300, 2300, 2300, 2300]
    result = norms.check(read(mixed(ratings)), 1, "IM")
    assert result.raised == 5
    total = 7 * 2300 + 2000 + 2050  # 20150 / 9 = 2238.9
    assert result.average_rating == 2239 == round(total / 9)
    # Without the raise it would be 20000 / 9 = 2222.2: the floor is what makes Ra ≥ 2230.
    assert requirement(result, "average-rating").met


def test_an_opponent_at_the_floor_is_not_raised() -> None:
    ratings = [2300] * 8 + [2050]
    assert norms.check(read(mixed(ratings)), 1, "IM").raised is None


def test_unrated_opponents_count_as_1400_and_the_lowest_is_raised() -> None:
    # Two unrated opponents (starts 2 and 3): 1400 each; the first is raised to the WIM floor
    # 1850, the second stays 1400. Ra = (7 · 2200 + 1850 + 1400) / 9 = 18650 / 9 = 2072.2 → 2072.
    opponents = [Opp(None, "WIM", "GER"), Opp(None, "WIM", "SWE")] + mixed([2200] * 7)
    result = norms.check(read(opponents, sex="w"), 1, "WIM")
    assert result.raised == 2
    assert result.average_rating == 2072


# --- 1.4.1–1.4.2: the games that count --------------------------------------------------------


def test_forfeits_and_byes_do_not_count() -> None:
    # The forfeit is not in the last round, so 1.4.2c cannot count it (see test_norm_rules.py).
    entries: list[Opp | str] = [*mixed([2450] * 8), Opp(2450, "GM", "SWE", "+"), "H"]
    result = norms.check(read(entries), 1, "GM")
    games = requirement(result, "games")
    assert (games.value, games.needed, games.met) == (8, 9, False)
    assert result.score == 8.0


@pytest.mark.parametrize(
    ("missing", "needed"),
    [
        (Opp(2450, "GM", "SWE", "+"), 8),  # a forfeit win: 8 games are enough
        ("U", 8),  # a pairing-allocated bye: likewise
        ("H", 9),  # a half-point bye the player asked for: not
        ("F", 9),
        (Opp(2450, "GM", "SWE", "-"), 9),  # a forfeit loss: not
    ],
)
def test_a_9_round_event_with_8_games(missing: Opp | str, needed: int) -> None:
    entries: list[Opp | str] = [*mixed([2450] * 4), missing, *mixed([2450] * 4)]
    games = requirement(norms.check(read(entries), 1, "GM"), "games")
    assert (games.value, games.needed, games.met) == (8, needed, needed == 8)


def test_8_games_of_10_rounds_are_not_enough_even_after_a_forfeit_win() -> None:
    entries: list[Opp | str] = [*mixed([2450] * 8), Opp(2450, "GM", "SWE", "+"), "U"]
    assert not requirement(norms.check(read(entries), 1, "GM"), "games").met


def test_14_rounds_count_as_13_games() -> None:
    result = norms.check(read(mixed([2500] * 14, ["1"] * 10 + ["0"] * 4)), 1, "GM")
    assert result.games == 13
    assert requirement(result, "games").value == 14
    assert result.score == 10.0  # every game counts for the result itself
    assert result.achieved


def test_rounds_limits_the_games_that_count() -> None:
    tournament = read(mixed([2450] * 11, ["1"] * 9 + ["0"] * 2))
    after_nine = norms.check(tournament, 1, "GM", rounds=9)
    assert (after_nine.score, requirement(after_nine, "games").value) == (9.0, 9)
    assert norms.check(tournament, 1, "GM", rounds=8).requirement("games").met is False


def test_beaten_opponents_may_be_dropped() -> None:
    # 10 games; dropping the one beaten 2000 (start 11; IM floor raises it to 2050) leaves 9
    # games at 2400, 6 points: 66.7 % → 67 %, dp 125, Rp 2525.
    ratings = [2400] * 9 + [2000]
    tournament = read(mixed(ratings, ["1"] * 6 + ["0"] * 3 + ["1"]))
    kept = norms.check(tournament, 1, "IM")
    assert kept.raised == 11
    dropped = norms.check(tournament, 1, "IM", drop=[11])
    assert (dropped.score, dropped.average_rating, dropped.raised) == (6.0, 2400, None)
    assert dropped.performance == 2525.0
    with pytest.raises(InputError) as caught:
        norms.check(tournament, 1, "IM", drop=[8])  # start 8 beat player 1
    assert (caught.value.code, caught.value.reason) == ("player-invalid", "drop")


# --- 1.4.3–1.4.4: federations -----------------------------------------------------------------


def feds(federations: list[str]) -> norms.NormCheck:
    return norms.check(read([Opp(2450, "GM", federation) for federation in federations]), 1, "GM")


def test_two_federations_other_than_ones_own() -> None:
    assert requirement(feds(["DEN"] * 5 + ["GER"] * 2 + ["SWE"] * 2), "federations").met
    missed = requirement(feds(["DEN"] * 5 + ["GER"] * 4), "federations")
    assert (missed.value, missed.needed, missed.met) == (1, 2, False)


@pytest.mark.parametrize(("own", "met"), [(5, True), (6, False)])
def test_at_most_3_5_from_ones_own_federation_rounding_down(own: int, met: bool) -> None:
    # 9 games: 3/5 · 9 = 5.4 → at most 5.
    result = requirement(feds(["DEN"] * own + ["GER", "SWE", "NOR", "FRA"][: 9 - own]),
                         "own-federation")
    assert (result.value, result.needed, result.met) == (own, 5, met)


@pytest.mark.parametrize(("one", "met"), [(6, True), (7, False)])
def test_at_most_2_3_from_one_federation_rounding_down(one: int, met: bool) -> None:
    # 10 games: 2/3 · 10 = 6.67 → at most 6 from any one federation.
    result = requirement(feds(["GER"] * one + ["SWE", "NOR", "FRA", "ESP"][: 10 - one]),
                         "one-federation")
    assert (result.value, result.needed, result.met) == (one, 6, met)


def test_an_exemption_waives_the_federation_rules() -> None:
    tournament = read([Opp(2450, "GM", "DEN")] * 9)
    plain = norms.check(tournament, 1, "GM")
    codes = {"federations", "own-federation", "one-federation"}
    assert not any(entry.met for entry in plain.requirements if entry.code in codes)
    for exemption in norms.EXEMPTIONS:
        exempt = norms.check(tournament, 1, "GM", exemption=exemption)
        assert all(entry.met for entry in exempt.requirements if entry.code in codes)


# --- 1.4.5: titled opponents ------------------------------------------------------------------


def titled(titles: list[str], norm: norms.NormTitle = "GM") -> norms.NormCheck:
    federations = ("GER", "SWE", "NOR")
    return norms.check(
        read([Opp(2450, title, federations[i % 3]) for i, title in enumerate(titles)], sex="w"),
        1, norm,
    )


@pytest.mark.parametrize(("holders", "met"), [(5, True), (4, False)])
def test_half_the_opponents_title_holders(holders: int, met: bool) -> None:
    # 9 games: 50 % of 9 = 4.5 → at least 5 (minimum counts round up).
    result = requirement(titled(["GM"] * 3 + ["FM"] * (holders - 3) + [""] * (9 - holders)),
                         "title-holders")
    assert (result.value, result.needed, result.met) == (holders, 5, met)


def test_cm_and_wcm_are_not_title_holders() -> None:
    result = requirement(titled(["GM"] * 3 + ["FM"] + ["CM", "WCM", "c", "wc", ""]),
                         "title-holders")
    assert (result.value, result.met) == (4, False)


def test_trf16_title_letters_are_read() -> None:
    # g = GM, m = IM, f = FM, wg = WGM, wm = WIM, wf = WFM.
    result = titled(["g", "g", "g", "m", "f", "wg", "wm", "wf", ""])
    assert requirement(result, "title-holders").value == 8
    assert requirement(result, "titled-opponents").value == 3


@pytest.mark.parametrize(("count", "met"), [(4, True), (3, False)])
def test_a_third_with_the_norms_title(count: int, met: bool) -> None:
    # 11 games: a third of 11 = 3.67 → at least 4 GMs for a GM norm.
    result = requirement(titled(["GM"] * count + ["IM"] * (11 - count)), "titled-opponents")
    assert (result.value, result.needed, result.met) == (count, 4, met)


@pytest.mark.parametrize(("count", "met"), [(3, True), (2, False)])
def test_at_least_3_with_the_norms_title(count: int, met: bool) -> None:
    # 9 games: a third is 3, and never fewer than 3.
    result = requirement(titled(["IM"] * count + ["FM"] * (9 - count), "IM"), "titled-opponents")
    assert (result.value, result.needed, result.met) == (count, 3, met)


def test_higher_titles_count_for_the_womens_norms() -> None:
    # WGM norm: GM, IM and WGM count, WIM does not. WIM norm: all four count.
    opponents = ["GM", "IM", "WGM", "WIM", "WIM", "FM", "FM", "WFM", "WFM"]
    assert requirement(titled(opponents, "WGM"), "titled-opponents").value == 3
    assert requirement(titled(opponents, "WIM"), "titled-opponents").value == 5
    assert requirement(titled(opponents, "IM"), "titled-opponents").value == 2


# --- points_needed ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("title", "games", "ra", "points"),
    [
        # GM, 9 games, Ra 2380: dp ≥ 219.5 → 220 at 78 %; 7/9 = 77.8 % → 78 %, 6.5/9 = 72 %.
        ("GM", 9, 2380, 7.0),
        # IM, 9 games, Ra 2230: likewise 7.
        ("IM", 9, 2230, 7.0),
        # GM, 9 games, Ra 2710: dp ≥ −110.5 → 35 %; 3/9 = 33 % is short, 3.5/9 = 38.9 %.
        ("GM", 9, 2710, 3.5),
        # GM, 13 games, Ra 2710: 4.5/13 = 34.6 % reads as 35 % but is not 35 %: 5.
        ("GM", 13, 2710, 5.0),
        # WIM, 11 games, Ra 2100: dp ≥ 149.5 → 150 at 71 % (dp 158); 8/11 = 72.7 % → 73 %
        # (175), 7.5/11 = 68.2 % → 68 % (133).
        ("WIM", 11, 2100, 8.0),
    ],
)
def test_points_needed(title: norms.NormTitle, games: int, ra: int, points: float) -> None:
    assert norms.points_needed(title, games, ra) == points


def test_no_points_are_enough_below_the_minimum_average() -> None:
    assert norms.points_needed("GM", 9, 2379) is None
    assert norms.points_needed("WIM", 9, 2029) is None
    assert norms.points_needed("WIM", 9, 2030) is not None


@PROPERTY
@given(
    title=st.sampled_from(norms.TITLES),
    games=st.integers(min_value=9, max_value=13),
    above=st.integers(min_value=0, max_value=700),
    spread=st.integers(min_value=0, max_value=150),
)
def test_points_needed_is_the_fewest_points_check_accepts(
    title: norms.NormTitle, games: int, above: int, spread: int
) -> None:
    # A made-up event of ``games`` games whose opponents average exactly ``ra`` (pairs spread
    # around it, all at or above the norm's rating floor, so none is raised): for every score,
    # check's performance and score requirements hold from points_needed on, and not below it.
    floor = {"GM": 2200, "IM": 2050, "WGM": 2000, "WIM": 1850}[title]
    ra = floor + spread + above
    ratings = [ra + spread if i % 2 else ra - spread for i in range(games - games % 2)]
    ratings += [ra] * (games % 2)
    needed = norms.points_needed(title, games, ra)
    accepted = []
    for half_points in range(2 * games + 1):
        results = ["1"] * (half_points // 2) + ["="] * (half_points % 2)
        results += ["0"] * (games - len(results))
        result = norms.check(read(mixed(ratings, results)), 1, title)
        assert (result.average_rating, result.raised) == (ra, None)
        if requirement(result, "performance").met and requirement(result, "score").met:
            accepted.append(half_points / 2)
    if needed is None:
        assert ra < {"GM": 2380, "IM": 2230, "WGM": 2180, "WIM": 2030}[title]
    else:
        assert accepted and accepted[0] == needed
        assert accepted == [x / 2 for x in range(int(2 * needed), 2 * games + 1)]


# --- rounds and errors ----------------------------------------------------------------------------


def test_the_first_round_after_which_the_norm_holds() -> None:
    # Wins in rounds 1–9 make the norm after round 9 (Ra 2450, 100 %); rounds 10–11 lost.
    tournament = read(mixed([2450] * 11, ["1"] * 9 + ["0"] * 2))
    assert norms.first_norm_round(tournament, 1, "GM") == 9
    weak = read(mixed([2450] * 9, ["0"] * 9))
    assert norms.first_norm_round(weak, 1, "GM") is None


def four_player_round_robin() -> trf.Tournament:
    # Rounds 1–3 of a 4-player round robin (Berger): 1–4 2–3, 4–3 1–2, 2–4 3–1; all draws.
    pairings = [((1, 4), (2, 3)), ((4, 3), (1, 2)), ((2, 4), (3, 1))]
    rounds: dict[int, list[trf.Round]] = {number: [] for number in range(1, 5)}
    for games in pairings:
        for white, black in games:
            rounds[white].append(trf.Round(black, "w", "="))
            rounds[black].append(trf.Round(white, "b", "="))
    players = tuple(
        trf.Player(number, "m", "", f"Player, No {number}", 2400, "DEN", None, None, 1.5, None,
                   tuple(rounds[number]))
        for number in range(1, 5)
    )
    text = trf.write(trf.Tournament("Four", None, None, (None,) * 3, players))
    return trf.parse(text)


def test_round_robins_are_told_from_swiss_events() -> None:
    assert norms.is_round_robin(four_player_round_robin())
    assert not norms.is_round_robin(read(mixed([2450] * 9)))


@pytest.mark.parametrize(
    ("arguments", "code"),
    [
        ({"title": "FM"}, "option-invalid"),
        ({"start_number": 99}, "player-invalid"),
        ({"rounds": 0}, "count-invalid"),
        ({"rounds": 10}, "count-invalid"),
        ({"exemption": "open"}, "option-invalid"),
        ({"drop": "2"}, "player-invalid"),
    ],
)
def test_bad_arguments(arguments: dict[str, object], code: str) -> None:
    call: dict[str, object] = {"start_number": 1, "title": "GM", **arguments}
    with pytest.raises(InputError) as caught:
        norms.check(read(mixed([2450] * 9)), **call)  # type: ignore[arg-type]
    assert caught.value.code == code


def test_points_needed_bad_arguments() -> None:
    for title, games, ra, code in [
        ("FM", 9, 2400, "option-invalid"), ("GM", 0, 2400, "count-invalid"),
        ("GM", 9, 2400.5, "rating-invalid"), ("GM", 9, -1, "rating-invalid"),
    ]:
        with pytest.raises(InputError) as caught:
            norms.points_needed(title, games, ra)  # type: ignore[arg-type]
        assert caught.value.code == code


# --- every player -----------------------------------------------------------------------------


def test_candidates_leave_out_titles_held_and_womens_titles_for_men() -> None:
    def player(sex: str, title: str) -> trf.Player:
        return trf.Player(1, sex, title, "A, B", 2300, "DEN", None, None, 0.0, None, ())

    assert norms.candidates(player("m", "")) == ("GM", "IM")
    assert norms.candidates(player("m", "IM")) == ("GM",)
    assert norms.candidates(player("m", "g")) == ()
    assert norms.candidates(player("w", "")) == ("GM", "IM", "WGM", "WIM")
    assert norms.candidates(player("w", "WIM")) == ("GM", "IM", "WGM")
    assert norms.candidates(player("w", "wg")) == ("GM", "IM")
    assert norms.candidates(player("w", "WFM")) == ("GM", "IM", "WGM", "WIM")


def test_the_report_checks_players_with_enough_games_only() -> None:
    # Player 1 has 9 games; each opponent has one and is left out.
    tournament = read(mixed([2450] * 9), sex="w")
    found = norms.report(tournament)
    assert [entry.start_number for entry in found] == [1]
    assert [result.title for result in found[0].checks] == ["GM", "IM", "WGM", "WIM"]
    assert found[0].checks[0] == norms.check(tournament, 1, "GM")
    # Nine wins: the norm holds only after round 9, the last: first_rounds says 9.
    assert found[0].first_rounds == (9, 9, 9, 9)
    assert norms.report(four_player_round_robin()) == ()


# --- planning ---------------------------------------------------------------------------------


def test_a_plan_raises_the_lowest_opponent_and_counts_what_is_left() -> None:
    played = [(norms.PlannedOpponent(2500, "GM", "GER"), 1.0),
              (norms.PlannedOpponent(1900, "", "NOR"), 1.0)]
    coming = [norms.PlannedOpponent(2450, "IM", "SWE")]
    # 9 rounds: 2500, 1900 → 2050 (IM floor), 2450 and six at 2400: 21400 / 9 = 2377.8 → 2378.
    result = norms.plan("IM", 9, played, coming, federation="DEN", average=2400)
    assert (result.average_rating, result.raised, result.score) == (2378, 1, 2.0)
    # IM at Ra 2378: dp ≥ 71.5 → 72 at 60 %; 5.5 of 9 = 61 % (dp 80), 5 of 9 = 56 % (43).
    assert result.points_needed == 5.5 == norms.points_needed("IM", 9, 2378)
    assert result.still_needed == 3.5
    mix = {entry.code: entry for entry in result.requirements}
    # Title-holders: GM and IM known, 5 needed: 3 more among the 6 unknown. IM or GM: 2 of 3.
    assert [(mix[code].state, mix[code].value, mix[code].needed, mix[code].unknown)
            for code in ("title-holders", "titled-opponents")] == [
        ("open", 2, 5, 6), ("open", 2, 3, 6)]
    # GER, NOR, SWE: three other federations, met whatever the rest; none from DEN so far,
    # but 6 unknown opponents could still break 3/5 (5) or 2/3 (6) from one federation.
    assert [(mix[code].state, mix[code].value, mix[code].needed)
            for code in ("federations", "own-federation", "one-federation")] == [
        ("met", 3, 2), ("open", 0, 5), ("open", 1, 6)]


def test_a_plan_says_when_the_games_left_cannot_give_the_points() -> None:
    played = [(norms.PlannedOpponent(2450, "GM", "GER"), 0.0)] * 5
    result = norms.plan("GM", 9, played, [], federation="DEN", average=2450)
    # GM at Ra 2450: dp ≥ 149.5 → 158 at 71 %: 6.5 of 9 (72 %, dp 166) is the first, 6 of 9
    # (67 %, dp 125) is short; 6.5 from the 4 games left: no.
    assert result.points_needed == 6.5
    assert result.still_needed is None


def test_a_plan_with_too_many_from_ones_own_federation_cannot_meet_it() -> None:
    played = [(norms.PlannedOpponent(2450, "GM", "DEN"), 0.5)] * 6
    result = norms.plan("GM", 9, played, [], federation="DEN", average=2450)
    own = {entry.code: entry for entry in result.requirements}["own-federation"]
    assert (own.state, own.value, own.needed) == ("not-met", 6, 5)  # 6 > 3/5 · 9 = 5.4 → 5
