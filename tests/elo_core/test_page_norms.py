"""Title norms in the tournament page's mode "trf": the norm lines, each player's requirements,
the notes, and the arbiter's exemption (FIDE B.01 1.4)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from form_checks import errors
from form_checks import full_outputs as outputs
from norm_events import Opp, event

FIXTURE = Path(__file__).resolve().parent / "fixtures" / "trf" / "nordic_invitational_2025_trf16.txt"
NORDIC = FIXTURE.read_text(encoding="utf-8")


def value(cell: dict[str, Any]) -> Any:
    """A cell's number or text."""
    return cell["value"] if "value" in cell else cell["text"]


def rated(text: str, **fields: str) -> dict[str, Any]:
    return outputs("trf", trf_text=text, **fields)


def lines(out: dict[str, Any]) -> list[list[Any]]:
    """The norm lines: start number and texts as values, messages as they are."""
    return [
        [cell if cell is None or "message" in cell else value(cell) for cell in row]
        for row in out["trf_norms"]["rows"]
    ]


def test_the_example_has_no_norm_within_reach() -> None:
    out = outputs("trf")
    assert out["trf_norms"]["rows"] == []  # five rounds: nobody has 9 games
    assert out["trf_norm_checks"]["rows"] == []


def test_the_player_who_made_norms_has_a_line_per_title() -> None:
    # Sørensen (WIM) made IM and WGM norms (see tests/browser/test_tournament_norms.py for the
    # numbers); her GM Ra is 2339 < 2380, out of reach: no line.
    out = rated(NORDIC)
    found = lines(out)
    freja = [line for line in found if line[0] == 1]
    assert [line[2] for line in freja] == ["IM", "WGM"]
    assert all(line[3] == "achieved" for line in freja)
    assert all(line[4] == {"message": "norm-state-achieved", "params": {"title": line[2]}}
               for line in freja)
    assert all(line[5] is None for line in freja)
    # Achieved norms come first.
    states = [line[3] for line in found]
    assert states == sorted(states, key=["achieved", "open", "missed"].index)


def test_a_missed_norm_says_how_many_points_are_short() -> None:
    # Holm: 4 of 9 against an IM Ra of 2325; dp ≥ 124.5 needs 67 % = 6 of 9: 2 short.
    out = rated(NORDIC)
    holm = [row for row in out["trf_norms"]["rows"] if value(row[0]) == 6]
    assert len(holm) == 1
    missing = holm[0][5]
    assert missing["message"] == "norm-missing"
    points = missing["params"]["missing"]
    assert points["message"] == "norm-more-points"
    assert value(points["params"]["points"]) == 2.0
    assert value(points["params"]["needed"]) == 6.0


def test_every_requirement_is_a_row_with_its_paragraph() -> None:
    out = rated(NORDIC)
    freja_im = [row for row in out["trf_norm_checks"]["rows"]
                if value(row[0]) == 1 and value(row[1]) == "IM"]
    assert [row[2]["message"] for row in freja_im] == [
        "norm-req-games", "norm-req-federations", "norm-req-own-federation",
        "norm-req-one-federation", "norm-req-title-holders", "norm-req-titled-opponents",
        "norm-req-average-rating", "norm-req-performance", "norm-req-score",
    ]
    assert [value(row[6]) for row in freja_im] == [
        "B.01 1.4.1", "B.01 1.4.3", "B.01 1.4.4", "B.01 1.4.4", "B.01 1.4.5", "B.01 1.4.5",
        "B.01 1.4.7", "B.01 1.4.8", "B.01 1.4.8",
    ]
    assert [row[4]["message"] for row in freja_im].count("norm-at-most") == 2
    assert {row[5]["message"] for row in freja_im} == {"norm-met"}
    notes = [row[2] for row in out["trf_norm_notes"]["rows"]
             if value(row[0]) == 1 and value(row[1]) == "IM"]
    raised = [note for note in notes if note["message"] == "norm-raised"]
    assert len(raised) == 1
    assert raised[0]["params"]["name"] == "Meyer, Tom"
    assert value(raised[0]["params"]["floor"]) == 2050


def national_final() -> str:
    # Nine opponents, all from the player's own federation: only an exemption saves the norm.
    return event([Opp(2450, "GM", "DEN")] * 9, federation="DEN")


def test_the_exemption_is_off_by_default_and_waives_the_federation_rules() -> None:
    plain = lines(rated(national_final()))
    assert plain[0][2] == "GM" and plain[0][3] == "missed"
    # Every federation rule is named, in one sentence: "A, B and C".
    sentence = plain[0][5]["params"]["missing"]
    assert sentence["message"] == "norm-and"
    assert sentence["params"]["second"]["message"] == "norm-over-one-federation"
    head = sentence["params"]["first"]
    assert head["message"] == "norm-comma"
    assert [head["params"][part]["message"] for part in ("first", "second")] == [
        "norm-more-federations", "norm-over-own-federation"]
    exempt = lines(rated(national_final(), trf_exemption="national-championship"))
    assert exempt[0][3] == "achieved"


def test_an_unknown_exemption_is_an_error_on_its_field() -> None:
    assert errors("trf", trf_text=NORDIC, trf_exemption="club") == [
        ("trf_exemption", "option-invalid", None)
    ]


def test_a_norm_reached_before_the_last_round_of_a_swiss_says_when() -> None:
    # Nine wins against GMs, then two losses: not a round robin, so the later rounds may be
    # left out (1.4.1e): the norm holds after round 9.
    text = event([Opp(2450, "GM", ("GER", "SWE", "NOR")[i % 3], "1" if i < 9 else "0")
                  for i in range(11)])
    out = rated(text)
    notes = [row[2] for row in out["trf_norm_notes"]["rows"]
             if value(row[0]) == 1 and value(row[1]) == "GM"]
    first = [note for note in notes if note["message"] == "norm-first-round"]
    assert len(first) == 1 and value(first[0]["params"]["round"]) == 9


def test_the_planner_example_answers_for_every_title() -> None:
    out = outputs("norm_planner")
    assert [value(row[0]) for row in out["np_rows"]["rows"]] == ["GM", "IM", "WGM", "WIM"]
    assert (out["np_games"]["value"], out["np_left"]["value"]) == (9, 5)


def test_the_planner_names_the_field_of_a_bad_entry() -> None:
    assert errors("norm_planner", np_played="2450 | 1 | GM | GER | x") == [
        ("np_played", "games-invalid", 1)
    ]
    assert errors("norm_planner", np_average="") == [("np_average", "rating-invalid", None)]
    assert errors("norm_planner", np_rounds="3") == [("np_coming", "count-invalid", None)]
    assert errors("norm_planner", np_federation="Denmark") == [
        ("np_federation", "option-invalid", None)
    ]
    # The norm the reader aims for is one of the four titles.
    assert errors("norm_planner", np_title="FM") == [("np_title", "option-invalid", None)]


def test_the_planner_says_the_games_left_as_a_reader_does() -> None:
    # Nine rounds, all played: no "0 games left"; one round left: "the last game", not "1 games".
    played = "2488 | 1 | GM | GER\n2395 | ½ | IM | SWE\n2431 | 1 | | NOR\n2302 | 0 | FM | DEN\n"
    done = outputs("norm_planner", np_played=played + "2400 | 0\n" * 5, np_coming="",
                   np_average="")
    stills = {row[0]["text"]: row[3] for row in done["np_rows"]["rows"]}
    assert {still["message"] for still in stills.values() if still} <= {
        "np-out-of-reach-none", "np-reached"}
    assert "np-out-of-reach-none" in {still["message"] for still in stills.values() if still}
    last = outputs("norm_planner", np_played=played + "2400 | 0\n" * 4, np_coming="",
                   np_average="2400")
    messages = {row[3]["message"] for row in last["np_rows"]["rows"] if row[3]}
    assert messages & {"np-still-last", "np-out-of-reach-last"} and not messages & {
        "np-still", "np-out-of-reach"}
