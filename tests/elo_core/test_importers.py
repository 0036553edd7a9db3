"""CSV and PGN import of a club's games."""

from __future__ import annotations

import datetime
import sys

import chess.pgn  # the test environment has the "pgn" extra installed
import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from elo_core import ERROR_CODES, InputError, league
from elo_core.importers import PgnImport, parse_csv, parse_lines, parse_pgn, to_csv
from elo_core.league import LeagueGame

# --- CSV --------------------------------------------------------------------


def test_comma_separated_with_dates() -> None:
    text = (
        "player_a,player_b,result,date\nAnn,Bob,1-0,2024-03-01\nBob,Cid,½,\nCid,Ann,0,2024-03-15\n"
    )
    assert parse_csv(text) == [
        LeagueGame("Ann", "Bob", 1.0, datetime.date(2024, 3, 1)),
        LeagueGame("Bob", "Cid", 0.5, None),
        LeagueGame("Cid", "Ann", 0.0, datetime.date(2024, 3, 15)),
    ]


def test_semicolon_separated_with_decimal_comma_and_aliases() -> None:
    text = "Weiß;Schwarz;Ergebnis;Datum\r\nAnn;Bob;0,5;15.03.2024\r\nBob;Ann;1:0;2024.03.16\r\n"
    assert parse_csv(text) == [
        LeagueGame("Ann", "Bob", 0.5, datetime.date(2024, 3, 15)),
        LeagueGame("Bob", "Ann", 1.0, datetime.date(2024, 3, 16)),
    ]


@pytest.mark.parametrize(
    "header",
    [
        "White,Black,Result",
        "Player A,Player B,Score",
        "player-a,player-b,score_a",
        "PLAYER_1,PLAYER_2,RESULT",
        "spieler_a,spieler_b,ergebnis",
        "hvid,sort,resultat",
        "spiller_a,spiller_b,result",
    ],
)
def test_header_aliases(header: str) -> None:
    assert parse_csv(f"{header}\nAnn,Bob,1\n") == [LeagueGame("Ann", "Bob", 1.0)]


def test_columns_in_any_order_extra_columns_ignored() -> None:
    text = "round,result,black,white,board\n1,0-1,Bob,Ann,3\n"
    assert parse_csv(text) == [LeagueGame("Ann", "Bob", 0.0)]


def test_quoted_fields_blank_lines_bom_and_spaces() -> None:
    text = (
        "\ufeff\n  \nplayer_a , player_b , result\n\n"
        '"Smith, Ann","Bob ""the Rook"" Jones", 1/2-1/2 \n'
        ",,\n"
        '  Cid  ,"Multi\nline",=\n'
    )
    assert parse_csv(text) == [
        LeagueGame("Smith, Ann", 'Bob "the Rook" Jones', 0.5),
        LeagueGame("Cid", "Multi\nline", 0.5),
    ]


def test_a_missing_trailing_date_field_is_no_date() -> None:
    assert parse_csv("white,black,result,date\nAnn,Bob,1\n") == [LeagueGame("Ann", "Bob", 1.0)]


def test_header_only_gives_no_games() -> None:
    assert parse_csv("player_a,player_b,result\n") == []


@pytest.mark.parametrize(
    "text, line",
    [
        ("", None),
        ("   \n\n", None),
        ("name,opponent,result\nAnn,Bob,1\n", 1),
        ("\n\nplayer_a,player_b\nAnn,Bob\n", 3),
        ("white,black,result,white\nAnn,Bob,1,Cid\n", 1),
        ("white,black,result\nAnn,Bob,1\nAnn,Bob,2\n", 3),
        ("white,black,result\nAnn,Bob,1\n\nAnn,Bob\n", 4),
        ("white,black,result\nAnn,,1\n", 2),
        ("white,black,result\nAnn,Ann,1\n", 2),
        ("white,black,result\n   ,Bob,1\n", 2),
        ("white,black,result,date\nAnn,Bob,1,yesterday\n", 2),
        ("white,black,result,date\nAnn,Bob,1,2024-02-30\n", 2),
        ("white,black,result,date\nAnn,Bob,1,2024-13-01\n", 2),
        ('white,black,result\n"Ann\nX",Bob,1\nCid,Dan,9\n', 4),
    ],
)
def test_errors_name_the_line(text: str, line: int | None) -> None:
    with pytest.raises(InputError) as raised:
        parse_csv(text)
    assert raised.value.code == "games-invalid"
    assert raised.value.line == line
    if line is not None:
        assert str(raised.value).startswith(f"Line {line}:")


def test_not_text_is_an_input_error() -> None:
    with pytest.raises(InputError) as raised:
        parse_csv(b"player_a,player_b,result\n")  # type: ignore[arg-type]
    assert raised.value.code == "games-invalid"


def test_to_csv_writes_a_plain_table() -> None:
    games = [
        LeagueGame("Ann", "Bob", 1, datetime.date(2024, 3, 1)),
        LeagueGame("Smith, Ann", "Bob", 0.5),
    ]
    assert to_csv(games) == (
        'player_a,player_b,result,date\nAnn,Bob,1,2024-03-01\n"Smith, Ann",Bob,0.5,\n'
    )
    assert to_csv([]) == "player_a,player_b,result,date\n"


@pytest.mark.parametrize(
    "game, code",
    [
        (LeagueGame(" Ann", "Bob", 1), "player-invalid"),
        (LeagueGame("", "Bob", 1), "player-invalid"),
        (LeagueGame("Ann", "Bob", 0.25), "score-invalid"),
        (LeagueGame("Ann", "Ann", 1), "player-invalid"),
        (LeagueGame("Ann", "Bob", 1, "2024-01-01"), "games-invalid"),  # type: ignore[arg-type]
        (("Ann", "Bob", 1), "games-invalid"),
    ],
)
def test_to_csv_refuses_what_would_not_read_back(game: object, code: str) -> None:
    with pytest.raises(InputError) as raised:
        to_csv([game])  # type: ignore[list-item]
    assert raised.value.code == code


@pytest.mark.parametrize("games", [None, 5, "Ann,Bob,1"])
def test_to_csv_needs_a_list_of_games(games: object) -> None:
    with pytest.raises(InputError) as raised:
        to_csv(games)  # type: ignore[arg-type]
    assert raised.value.code == "games-invalid"


names = st.text(st.characters(exclude_categories=["Cs"]), min_size=1, max_size=12).filter(
    lambda name: name.strip() == name and name != ""
)
games = st.lists(
    st.builds(
        LeagueGame,
        names,
        names,
        st.sampled_from([0.0, 0.5, 1.0]),
        st.none() | st.dates(datetime.date(1900, 1, 1), datetime.date(2100, 12, 31)),
    ).filter(lambda game: game.player_a != game.player_b),
    max_size=20,
)


@given(games)
@example([LeagueGame("a\rb", 'c\n"d', 1.0), LeagueGame("x,y", "z;w", 0.5)])
@example([LeagueGame("a\u2028b", "x\x1cy", 0.0)])
def test_round_trip(played: list[LeagueGame]) -> None:
    assert parse_csv(to_csv(played)) == played


@given(st.text())
@example('white,black,result\n"Ann')
@example("white,black,result\nAnn,Bob,1\x00\n")
@example("\x00,\x00,\x00")
def test_arbitrary_text_raises_only_input_error(text: str) -> None:
    try:
        parse_csv(text)
    except InputError as error:
        assert error.code == "games-invalid"


@given(st.lists(st.text(st.sampled_from('ab,;"\n\r 1-0½=.'), max_size=12), max_size=6))
def test_csv_like_text_raises_only_input_error(lines: list[str]) -> None:
    try:
        parse_csv("player_a,player_b,result,date\n" + "\n".join(lines))
    except InputError as error:
        assert error.code == "games-invalid"


def test_imported_games_feed_the_league() -> None:
    played = parse_csv("white;black;result\nAnn;Bob;1\nBob;Ann;0,5\n")
    table = league(played)
    assert [s.name for s in table.standings] == ["Ann", "Bob"]


# --- plain lines --------------------------------------------------------------


def test_lines_with_any_separator_and_comments() -> None:
    text = "# club night\nAnn Hansen | Bob | 1-0\nBob;Cid;½  # board 2\n\nCid\tAnn\t0\n"
    assert parse_lines(text) == [
        LeagueGame("Ann Hansen", "Bob", 1.0),
        LeagueGame("Bob", "Cid", 0.5),
        LeagueGame("Cid", "Ann", 0.0),
    ]


@pytest.mark.parametrize(
    "text, line",
    [
        ("Ann | Bob\n", 1),
        ("Ann | Bob | 1\n\nAnn | Ann | 1\n", 3),
        ("Ann |  | 1\n", 1),
        ("Ann | Bob | 3\n", 1),
    ],
)
def test_lines_errors_name_the_line(text: str, line: int) -> None:
    with pytest.raises(InputError) as raised:
        parse_lines(text)
    assert (raised.value.code, raised.value.line) == ("games-invalid", line)


@given(st.text())
def test_arbitrary_lines_raise_only_input_error(text: str) -> None:
    try:
        parse_lines(text)
    except InputError as error:
        assert error.code == "games-invalid"


# --- PGN --------------------------------------------------------------------

CLUB_PGN = """\
[Event "Club Championship 2024"]
[Site "Aarhus DEN"]
[Date "2024.03.05"]
[Round "1"]
[White "Hansen, Ann"]
[Black "Berg, Bob"]
[Result "1-0"]
[WhiteElo "1850"]
[BlackElo "1720"]
[ECO "C50"]

1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 {Giuoco Piano} 4. c3 Nf6 5. d4 exd4 6. cxd4 Bb4+
7. Nc3 (7. Bd2 Bxd2+ 8. Nbxd2 d5) 7... Nxe4 8. O-O Bxc3 9. d5 $1 Bf6 10. Re1 Ne7
11. Rxe4 d6 12. Bg5 Bxg5 13. Nxg5 h6?? 14. Qe2! hxg5 15. Re1 Be6 16. dxe6 f6
17. Re3 c6 18. Rh3 Rxh3 19. gxh3 g6 20. Qf3 Qa5 21. Rd1 Qf5 1-0

[Event "Club Championship 2024"]
[Site "Aarhus DEN"]
[Date "2024.03.12"]
[Round "2"]
[White "Berg, Bob"]
[Black "Dahl, Cid"]
[Result "1/2-1/2"]
[WhiteElo "1720"]

; a comment line
1. d4 d5 2. c4 e6 3. Nc3 Nf6 { The Queen's Gambit Declined,
a comment over two lines } 4. Bg5 Be7 5. e3 O-O 1/2-1/2

[Event "Club Championship 2024"]
[Date "2024.03.19"]
[Round "3"]
[White "Dahl, Cid"]
[Black "Hansen, Ann"]
[Result "*"]

1. e4 c5 2. Nf3 d6 *

[Event "?"]
[Date "2024.??.??"]
[White "Hansen, Ann"]
[Black "Dahl, Cid"]
[Result "0-1"]
[WhiteElo "-"]
[BlackElo "1650"]

1. f3 e5 2. g4 Qh4# 0-1
"""


def test_pgn_with_several_games() -> None:
    imported = parse_pgn(CLUB_PGN)
    assert isinstance(imported, PgnImport)
    assert imported.skipped == 1
    assert list(imported.games) == [
        LeagueGame("Hansen, Ann", "Berg, Bob", 1.0, datetime.date(2024, 3, 5)),
        LeagueGame("Berg, Bob", "Dahl, Cid", 0.5, datetime.date(2024, 3, 12)),
        LeagueGame("Hansen, Ann", "Dahl, Cid", 0.0, None),
    ]
    first, second, last = imported.details
    assert (first.white_elo, first.black_elo) == (1850, 1720)
    assert (second.white_elo, second.black_elo) == (1720, None)
    assert (last.white_elo, last.black_elo) == (None, 1650)
    assert first.event == "Club Championship 2024" and last.event is None
    assert [detail.line for detail in imported.details] == [1, 17, 39]
    assert [detail.game for detail in imported.details] == list(imported.games)


def test_pgn_with_windows_line_ends_and_bom() -> None:
    imported = parse_pgn("\ufeff" + CLUB_PGN.replace("\n", "\r\n"))
    assert len(imported.games) == 3 and imported.skipped == 1


def test_pgn_games_feed_the_league() -> None:
    table = league(parse_pgn(CLUB_PGN).games)
    assert table.standings[0].name == "Dahl, Cid"


def test_pgn_of_unfinished_games_only() -> None:
    imported = parse_pgn('[White "A"]\n[Black "B"]\n[Result "*"]\n\n1. e4 *\n')
    assert imported.games == () and imported.skipped == 1


MALFORMED_GAME = """\
[Event "Club"]
[White "Ann"]
[Black "Bob"]
[Result "1-0"]

1. e4 e5 1-0

[Event "Club"]
[White "Bob"]
[Black "Cid"]
[Result "2-0"]

1. e4 e5 2-0
"""


@pytest.mark.parametrize(
    "text, line",
    [
        (MALFORMED_GAME, 8),
        ('[White "Ann"]\n[Result "1-0"]\n\n1. e4 1-0\n', 1),
        ('[White "Ann"]\n[Black "?"]\n[Result "1-0"]\n\n1. e4 1-0\n', 1),
        ('[White "Ann"]\n[Black "Ann"]\n[Result "0-1"]\n\n1. e4 0-1\n', 1),
        ('[White "Ann"]\n[Black "Bob"]\n\n1. e4 1-0\n', 1),
        ("1. e4 e5 2. Nf3 Nc6 1-0\n", 1),
        ("this is not a PGN file\n", 1),
        ('\n\n[White "Ann"]\n[Black "Bob"]\n[Result "1-0"]\n\n1. e4 1-0\n\n\nxyz\n', 10),
        ("", None),
        ("\n \n", None),
    ],
)
def test_malformed_pgn(text: str, line: int | None) -> None:
    with pytest.raises(InputError) as raised:
        parse_pgn(text)
    assert raised.value.code == "games-invalid"
    assert raised.value.line == line


def test_missing_chess_package_is_a_clear_input_error(monkeypatch: pytest.MonkeyPatch) -> None:
    # A None entry in sys.modules makes "import chess.pgn" raise ImportError.
    monkeypatch.setitem(sys.modules, "chess", None)
    monkeypatch.setitem(sys.modules, "chess.pgn", None)
    with pytest.raises(InputError) as raised:
        parse_pgn(CLUB_PGN)
    assert raised.value.code == "pgn-unavailable"
    assert "python-chess" in str(raised.value)
    assert "pgn-unavailable" in ERROR_CODES


def test_the_chess_package_is_the_real_one() -> None:
    assert hasattr(chess.pgn, "read_headers")


@given(st.text())
@example("[White")
@example('[White "A"]\n[Black "B"]\n[Result "1-0"]\n{ unclosed comment')
@example("%escape\n;comment\n")
def test_arbitrary_pgn_text_raises_only_input_error(text: str) -> None:
    try:
        parse_pgn(text)
    except InputError as error:
        assert error.code == "games-invalid"
