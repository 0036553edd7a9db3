"""The tournament page with files as real events write them: a 209-player open, a rapid event,
an online arena of unrated players (tests/tournament_files.py)."""

from __future__ import annotations

import csv
import functools
import io
from typing import Any

from form_checks import full_outputs as outputs
from norm_events import Opp, event
from tournament_files import online_event, open_event, rapid_event

from elo_core import norms, trf


def value(cell: Any) -> Any:
    return cell["value"] if "value" in cell else cell["text"]


@functools.cache
def big_open() -> dict[str, Any]:
    return outputs("trf", trf_text=open_event())


def test_an_event_of_unrated_players_counts_no_rated_games() -> None:
    # An online arena: nobody is rated, so no game changes a rating or counts towards a
    # first one (FIDE B.02 8.2 counts games against rated opponents only).
    out = outputs("trf", trf_text=online_event())
    assert value(out["trf_rated_games"]) == 0
    assert all(value(row[5]) == 0 for row in out["trf_rows"]["rows"])
    # It was written after 9 of 10 rounds (XXR 10) and says nothing of its time control.
    assert trf.parse(online_event()).rounds == 10
    assert out["trf_list_note"]["message"] == "trf-list-unknown"


def test_the_rated_games_are_those_with_a_rated_player() -> None:
    tournament = trf.parse(open_event())
    games = sum(1 for player in tournament.players for entry in player.rounds
                if entry.code in trf.RATED_SCORES and (entry.opponent or 0) > player.start_number)
    both_unrated = sum(
        1 for player in tournament.players for entry in player.rounds
        if entry.code in trf.RATED_SCORES and (entry.opponent or 0) > player.start_number
        and player.rating is None and tournament.players[entry.opponent - 1].rating is None)
    assert value(big_open()["trf_rated_games"]) == games - both_unrated


def test_a_rapid_event_is_rated_for_the_rapid_list_and_has_no_norms() -> None:
    out = outputs("trf", trf_text=rapid_event())
    assert out["trf_list"] == {"message": "trf-list-rapid"}
    note = out["trf_list_note"]
    assert note["message"] == "trf-list-from-text"
    assert note["params"]["text"] == "15 minutes plus 10 sec per move"
    assert value(note["params"]["minutes"]) == 25
    assert out["trf_norms"]["rows"] == out["trf_norm_checks"]["rows"] == []
    assert out["trf_norms_note"]["message"] == "trf-norms-standard-only"
    # The arbiter may rate it for another list: standard brings the norms back.
    standard = outputs("trf", trf_text=rapid_event(), trf_list="standard")
    assert standard["trf_list_note"]["message"] == "trf-list-chosen-over"
    assert standard["trf_norms_note"] == {"text": ""}


def test_the_list_chosen_changes_the_400_point_rule() -> None:
    # A 2700 player beating a 2200 one: 0.96 on the standard list from October 2025, 0.92
    # (the plain cap) on the rapid list.
    text = event([Opp(2200, "", "GER", "1")], rating=2700)
    rapid = outputs("trf", trf_text=text, trf_list="rapid")
    standard = outputs("trf", trf_text=text, trf_list="standard")
    assert value(rapid["trf_games"]["rows"][0][7]) == 0.92
    assert value(standard["trf_games"]["rows"][0][7]) == 0.96


def test_the_page_says_which_400_point_rule_rated_a_player_of_2650_or_more() -> None:
    text = event([Opp(2200, "", "GER", "1")], rating=2700)  # no dates: the rule in force
    undated = outputs("trf", trf_text=text)
    assert undated["trf_cap_note"] == {"message": "trf-cap-exempt-undated"}
    assert value(undated["trf_games"]["rows"][0][7]) == 0.96
    dated = text.replace("012 Norm Test Open", "012 Norm Test Open\n052 2025/09/30")
    before = outputs("trf", trf_text=dated)
    assert before["trf_cap_note"] == {"message": "trf-cap-before"}
    assert value(before["trf_games"]["rows"][0][7]) == 0.92
    after = outputs("trf", trf_text=dated.replace("2025/09/30", "2025/10/01"))
    assert after["trf_cap_note"] == {"message": "trf-cap-exempt"}
    assert value(after["trf_games"]["rows"][0][7]) == 0.96
    rapid = outputs("trf", trf_text=dated, trf_list="rapid")
    assert rapid["trf_cap_note"]["message"] == "trf-cap-plain"
    assert rapid["trf_cap_note"]["params"]["list"] == {"message": "trf-list-rapid"}
    # Below 2650 the rule is the same either way, and nothing is said.
    assert outputs("trf", trf_text=event([Opp(2200, "", "GER", "1")], rating=2600))[
        "trf_cap_note"] == {"text": ""}


def test_a_k_that_is_not_the_usual_one_is_marked_and_explained_in_the_panel() -> None:
    rows = big_open()["trf_rows"]["rows"]
    tournament = trf.parse(open_event())
    ratings = {row.start_number: row for row in trf.rate(tournament)}
    for row in rows:
        rating = ratings[int(value(row[0]))]
        unusual = rating.k is not None and (rating.k_rule not in ("standard", "reached-2400"))
        assert (row[14] is not None and value(row[14]) == "*") == unusual
        assert row[4]["message"].startswith(("k-rule-", "k-capped", "initial-"))
    assert any(row[14] is not None for row in rows)  # the juniors born 2008–2015


def test_warnings_of_a_big_file_are_one_line_per_kind() -> None:
    out = big_open()
    kinds = out["trf_warning_kinds"]["rows"]
    assert [value(row[0]) for row in kinds] == ["birth-date-unreadable"]
    count = value(kinds[0][1]["params"]["count"])
    assert count == len(out["trf_warning_lines"]["rows"]) == 9


def test_every_norm_achieved_has_a_certificate_with_its_games() -> None:
    out = big_open()
    achieved = [(int(value(line[0])), value(line[2])) for line in out["trf_norms"]["rows"]
                if value(line[3]) == "achieved"]
    certificates = [(int(value(row[0])), value(row[1])) for row in out["trf_certificates"]["rows"]]
    assert achieved and certificates == achieved
    tournament = trf.parse(open_event())
    for row in out["trf_certificates"]["rows"]:
        number, title = int(value(row[0])), value(row[1])
        check = norms.check(tournament, number, title, exemption="swiss")
        games = [game for game in out["trf_certificate_games"]["rows"]
                 if int(value(game[0])) == number and value(game[1]) == title]
        assert len(games) == value(row[2]) == check.requirement("games").value
        # Ra, dp and Rp as the check has them: they add up.
        assert (value(row[5]), value(row[6]), value(row[7])) == (
            check.average_rating, check.dp, check.performance)
        assert value(row[5]) + value(row[6]) == value(row[7])
        raised = [game for game in games if "message" in game[6]
                  and game[6]["message"] == "trf-certificate-raised"]
        assert len(raised) == (check.raised is not None)
    # The achieved norms come first in the list, and the download names them.
    states = [value(line[3]) for line in out["trf_norms"]["rows"]]
    assert states == sorted(states, key=["achieved", "open", "missed"].index)


def test_the_big_swiss_exemption_is_taken_from_the_file_and_can_be_switched_off() -> None:
    out = big_open()
    note = out["trf_exemption_note"]
    assert note["message"] == "trf-exemption-swiss-holds"
    assert note["params"]["host"] == "GER"
    assert value(note["params"]["players"]) >= 20
    off = outputs("trf", trf_text=open_event(), trf_exemption="")
    assert off["trf_exemption_note"] == {"message": "trf-exemption-none"}


def test_a_norm_the_file_cannot_decide_is_open_and_says_why() -> None:
    # Five GER and four opponents without a federation: 1.4.3 and the 2/3 rule depend on them.
    text = event([Opp(2500, "GM", fed, "1" if i < 7 else "0")
                  for i, fed in enumerate(["GER"] * 5 + [""] * 4)])
    out = outputs("trf", trf_text=text)
    (line,) = [row for row in out["trf_norms"]["rows"] if value(row[2]) == "GM"]
    assert value(line[3]) == "open"
    assert line[4] == {"message": "norm-state-open", "params": {"title": "GM"}}
    sentence = line[5]["params"]["missing"]
    assert sentence["message"] == "norm-and"
    assert sentence["params"]["first"]["message"] == "norm-open-federations"
    checks = [row for row in out["trf_norm_checks"]["rows"] if value(row[1]) == "GM"]
    states = [row[5]["message"] for row in checks]
    assert states.count("norm-open") == 2
    opened = next(row[5] for row in checks if row[5]["message"] == "norm-open")
    assert value(opened["params"]["count"]) == 4


def test_the_summary_note_shows_ra_plus_dp_equals_rp() -> None:
    out = big_open()
    for row in out["trf_norm_notes"]["rows"]:
        note = row[2]
        if note["message"] == "norm-summary":
            params = note["params"]
            assert value(params["ra"]) + value(params["dp"]) == value(params["rp"])


def test_the_download_names_the_norms_achieved() -> None:
    out = big_open()
    rows = list(csv.reader(io.StringIO(out["trf_csv"]["download"]["text"].removeprefix("\ufeff"))))
    column = rows[0].index("norms")
    named = {int(row[0]): row[column] for row in rows[1:] if row[column]}
    achieved: dict[int, list[str]] = {}
    for certificate in out["trf_certificates"]["rows"]:
        achieved.setdefault(int(value(certificate[0])), []).append(value(certificate[1]))
    assert named == {number: " ".join(titles) for number, titles in achieved.items()}
