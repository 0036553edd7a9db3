"""FIDE B.02 7.2.1: a player whose rating drops below 1400 is shown as unrated on the next list;
there is no floor at 1400 (7.1.2: only ratings of at least 1400 are published)."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from elo_core import fide, trf
from elo_core.trf import Player, Round, Tournament

FIXTURES = Path(__file__).parent / "fixtures" / "trf"


def test_below_1400_is_unrated_and_1400_itself_is_published() -> None:
    assert fide.PUBLISHED_RATING_MIN == 1400
    assert fide.becomes_unrated(1399)
    assert fide.becomes_unrated(1399.9)
    assert not fide.becomes_unrated(1400)
    assert not fide.becomes_unrated(2100)


def one_game(rating_a: int, rating_b: int, code_a: str, code_b: str) -> Tournament:
    players = (
        Player(1, "m", "", "Lower, Lars", rating_a, "DEN", None, 1970, 0.0, 2,
               (Round(2, "w", code_a),)),
        Player(2, "m", "", "Upper, Uwe", rating_b, "DEN", None, 1970, 1.0, 1,
               (Round(1, "b", code_b),)),
    )
    return Tournament("Test", None, None, (None,), players)


def test_a_loss_that_takes_a_player_below_1400_makes_them_unrated_without_a_floor() -> None:
    # Equal ratings, E = 0.5, K = 20 (an adult under 2400): a loss is −10.
    lower, upper = trf.rate(one_game(1405, 1405, "0", "1"))
    assert (lower.rounded_change, lower.new_rating) == (-10, 1395)  # no floor at 1400
    assert lower.becomes_unrated
    assert upper.new_rating == 1415 and not upper.becomes_unrated


def test_a_new_rating_of_exactly_1400_stays_on_the_list() -> None:
    lower, _ = trf.rate(one_game(1410, 1410, "0", "1"))
    assert lower.new_rating == 1400 and not lower.becomes_unrated


def test_an_unrated_player_is_not_flagged_even_without_a_first_rating() -> None:
    rated = one_game(1405, 1405, "0", "1").players[0]
    newcomer = Player(2, "m", "", "New, Nina", None, "DEN", None, 1970, 1.0, 1,
                      (Round(1, "b", "1"),))
    lower, upper = trf.rate(Tournament("Test", None, None, (None,), (rated, newcomer)))
    assert upper.new_rating is None and upper.initial_rating is None
    assert not upper.becomes_unrated
    # Against an unrated opponent nothing changes for the rated player, who stays at 1405.
    assert lower.new_rating == 1405 and not lower.becomes_unrated


@settings(deadline=None, database=None, max_examples=60)
@given(st.integers(min_value=1000, max_value=2800), st.integers(min_value=1000, max_value=2800),
       st.sampled_from([("1", "0"), ("=", "="), ("0", "1")]))
def test_becomes_unrated_is_exactly_a_new_rating_below_1400(a: int, b: int, codes: tuple[str, str]) -> None:
    for row in trf.rate(one_game(a, b, *codes)):
        assert row.new_rating is not None
        assert row.becomes_unrated == (row.new_rating < 1400)


def test_the_fixtures_flag_no_one_who_stays_at_1400_or_more() -> None:
    for path in sorted(FIXTURES.glob("*.txt")):
        for row in trf.rate(trf.parse(path.read_text(encoding="utf-8"))):
            assert row.becomes_unrated == (row.new_rating is not None and row.new_rating < 1400)
