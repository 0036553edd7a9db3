"""CSV and PGN import of a club's games."""

from __future__ import annotations

import datetime
import io
import random
import sys
from collections.abc import Callable
from pathlib import Path

import chess.pgn  # the test environment has the "pgn" extra installed
import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from elo_core import ERROR_CODES, InputError, league
from elo_core.importers import (
    PgnImport,
    import_games,
    parse_csv,
    parse_lines,
    parse_pgn,
    to_csv,
)
from elo_core.league import LeagueGame

# What an import may raise: the text cannot be read, or a game lacks two different players.
IMPORT_CODES = ("games-invalid", "player-invalid")

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


# A text each reader refuses: the line it names (None: the whole text), code and reason.
CSV_ERRORS = [
    ("", None, "games-invalid", "empty"),
    ("   \n\n", None, "games-invalid", "empty"),
    ("name,opponent,result\nAnn,Bob,1\n", 1, "games-invalid", "csv-columns"),
    ("\n\nplayer_a,player_b\nAnn,Bob\n", 3, "games-invalid", "csv-columns"),
    ("white,black,result,white\nAnn,Bob,1,Cid\n", 1, "games-invalid", "csv-column-twice"),
    ("white,black,result\nAnn,Bob,1\nAnn,Bob,2\n", 3, "games-invalid", "result"),
    ("white,black,result\nAnn,Bob,1\n\nAnn,Bob\n", 4, "games-invalid", "csv-missing-fields"),
    ("white,black,result\nAnn,,1\n", 2, "player-invalid", "no-name"),
    ("white,black,result\nAnn,Ann,1\n", 2, "player-invalid", "same-player"),
    ("white,black,result\n   ,Bob,1\n", 2, "player-invalid", "no-name"),
    ("white,black,result,date\nAnn,Bob,1,yesterday\n", 2, "games-invalid", "date"),
    ("white,black,result,date\nAnn,Bob,1,2024-02-30\n", 2, "games-invalid", "date"),
    ("white,black,result,date\nAnn,Bob,1,2024-13-01\n", 2, "games-invalid", "date"),
    ('white,black,result\n"Ann\nX",Bob,1\nCid,Dan,9\n', 4, "games-invalid", "result"),
]
LINES_ERRORS = [
    ("Ann | Bob\n", 1, "games-invalid", "lines-format"),
    ("A | B | 1\nA | B\n", 2, "games-invalid", "lines-format"),
    ("Ann | Bob | 1\n\nAnn | Ann | 1\n", 3, "player-invalid", "same-player"),
    ("A | B | 1\n\nA | A | 1", 3, "player-invalid", "same-player"),
    ("Ann |  | 1\n", 1, "player-invalid", "no-name"),
    (" | B | 1", 1, "player-invalid", "no-name"),
    ("Ann | Bob | 3\n", 1, "games-invalid", "result"),
    ("A | B | 2", 1, "games-invalid", "result"),
    ("Ann, Bob, 1\n", 1, "games-invalid", "looks-like-csv"),
]


@pytest.mark.parametrize(
    "read, text, line, code, reason",
    [(parse_csv, *case) for case in CSV_ERRORS] + [(parse_lines, *case) for case in LINES_ERRORS],
)
def test_errors_name_the_line_and_the_rule(
    read: Callable[[str], list[LeagueGame]], text: str, line: int | None, code: str, reason: str
) -> None:
    with pytest.raises(InputError) as raised:
        read(text)
    assert (raised.value.code, raised.value.reason, raised.value.line) == (code, reason, line)
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


@given(st.lists(st.text(st.sampled_from('ab,;"\n\r 1-0½=.'), max_size=12), max_size=6))
def test_csv_like_text_raises_only_input_error(lines: list[str]) -> None:
    try:
        parse_csv("player_a,player_b,result,date\n" + "\n".join(lines))
    except InputError as error:
        assert error.code in IMPORT_CODES and error.reason


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
    assert [(n.line, n.reason, n.left_out) for n in imported.notes] == [(30, "unfinished", True)]
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


def test_a_bad_game_is_left_out_with_a_note_and_the_rest_is_read() -> None:
    imported = parse_pgn(MALFORMED_GAME)
    assert list(imported.games) == [LeagueGame("Ann", "Bob", 1.0)]
    assert imported.skipped == 1
    [note] = imported.notes
    assert (note.line, note.reason, dict(note.params), note.left_out) == (
        8, "pgn-result", {"text": "2-0"}, True
    )
    assert note.message.startswith("Line 8: ")


@pytest.mark.parametrize(
    "text, reason, params",
    [
        ('[White "Ann"]\n[Result "1-0"]\n\n1. e4 1-0\n', "pgn-players", {}),
        ('[White "Ann"]\n[Black "?"]\n[Result "1-0"]\n\n1. e4 1-0\n', "pgn-players", {}),
        ('[White "Ann"]\n[Black "Ann"]\n[Result "0-1"]\n\n1. e4 0-1\n', "same-player",
         {"name": "Ann"}),
        ('[White "Ann"]\n[Black "Bob"]\n\n1. e4\n', "pgn-no-result", {}),
        ('[White "Ann"]\n[Black "Bob"]\n[Result "1-0"]\n\n1. e4 0-1\n', "pgn-result-conflict",
         {"tag": "1-0", "moves": "0-1"}),
        ('[White "Ann"]\n[Black "Bob"]\n[Result "+/-"]\n\n', "forfeit", {"text": "+/-"}),
        ('[Event "Club"]\n[Date "2024.01.01"]\n\n1. e4 1-0\n', "pgn-not-a-game", {}),
    ],
)
def test_each_left_out_game_says_why(text: str, reason: str, params: dict[str, str]) -> None:
    imported = parse_pgn(text)
    assert imported.games == () and imported.skipped == 1
    [note] = imported.notes
    assert (note.line, note.reason, dict(note.params)) == (1, reason, params)


def test_the_movetext_result_stands_in_for_a_missing_result_tag() -> None:
    imported = parse_pgn('[White "Ann"]\n[Black "Bob"]\n\n1. e4 e5 2. Qh5 1-0\n')
    assert imported.games == (LeagueGame("Ann", "Bob", 1.0),) and imported.notes == ()


def test_text_after_the_last_game_is_noted() -> None:
    imported = parse_pgn('\n\n[White "Ann"]\n[Black "Bob"]\n[Result "1-0"]\n\n1. e4 1-0\n\n\nxyz\n')
    assert imported.games == (LeagueGame("Ann", "Bob", 1.0),)
    assert [(n.line, n.reason) for n in imported.notes] == [(10, "pgn-not-a-game")]


@pytest.mark.parametrize(
    "text, line, reason",
    [
        ("1. e4 e5 2. Nf3 Nc6 1-0\n", 1, "pgn-no-games"),
        ("\nthis is not a PGN file\n", 2, "pgn-no-games"),
        ("", None, "empty"),
        ("\n \n", None, "empty"),
    ],
)
def test_a_text_without_any_pgn_game(text: str, line: int | None, reason: str) -> None:
    with pytest.raises(InputError) as raised:
        parse_pgn(text)
    assert (raised.value.code, raised.value.reason, raised.value.line) == (
        "games-invalid", reason, line
    )


def test_pgn_needs_no_chess_package(monkeypatch: pytest.MonkeyPatch) -> None:
    # A None entry in sys.modules makes "import chess.pgn" raise ImportError.
    monkeypatch.setitem(sys.modules, "chess", None)
    monkeypatch.setitem(sys.modules, "chess.pgn", None)
    assert len(parse_pgn(CLUB_PGN).games) == 3
    assert "pgn-unavailable" in ERROR_CODES  # a stable code stays, though no longer raised


def test_the_chess_package_is_the_real_one() -> None:
    assert hasattr(chess.pgn, "read_headers")


# Each reader, and what it may raise for any text: the codes, and the reasons (None: any).
ANY_TEXT = [
    (parse_csv, IMPORT_CODES, None),
    (parse_lines, IMPORT_CODES, None),
    (parse_pgn, ("games-invalid",), ("empty", "pgn-no-games")),
]


@pytest.mark.parametrize(("read", "codes", "reasons"), ANY_TEXT)
@given(text=st.text())
@example(text='white,black,result\n"Ann')
@example(text="white,black,result\nAnn,Bob,1\x00\n")
@example(text="\x00,\x00,\x00")
@example(text="[White")
@example(text='[White "A"]\n[Black "B"]\n[Result "1-0"]\n{ unclosed comment')
@example(text="%escape\n;comment\n")
def test_arbitrary_text_raises_only_input_error(
    read: Callable[[str], object], codes: tuple[str, ...], reasons: tuple[str, ...] | None,
    text: str,
) -> None:
    try:
        read(text)
    except InputError as error:
        assert error.code in codes and error.reason
        assert reasons is None or error.reason in reasons


# --- files as clubs write them (fixtures/) ---------------------------------------------

FIXTURES = Path(__file__).parent / "fixtures"


def test_excel_unicode_text_tab_separated_with_german_header() -> None:
    # Excel's "Unicode text": UTF-16 with a BOM, tabs, CRLF (the page decodes the bytes).
    text = (FIXTURES / "league-excel-unicode.txt").read_bytes().decode("utf-16")
    imported = import_games(text, "csv")
    bernd = 'Bernd "Bär" Krause'
    assert list(imported.games) == [
        LeagueGame("Jörg Weiß", "Søren Ærø", 1.0, datetime.date(2011, 10, 14)),
        LeagueGame("Anna Müller", bernd, 0.5, datetime.date(2011, 10, 14)),
        LeagueGame("Søren Ærø", "Anna Müller", 0.5, datetime.date(2011, 10, 21)),
    ]
    assert imported.lines == (2, 3, 4)
    [note] = imported.notes
    assert (note.line, note.reason, dict(note.params), note.left_out) == (
        5, "forfeit", {"text": "+:-"}, True
    )


def test_danish_sheet_with_danish_dates_and_decimal_results() -> None:
    text = (FIXTURES / "league-danish.csv").read_text(encoding="utf-8")
    imported = import_games(text, "csv")
    assert list(imported.games) == [
        LeagueGame("Mette Holm", "Jens Bak", 1.0, datetime.date(2011, 10, 14)),
        LeagueGame("Jens Bak", "Søren Lund", 0.0, datetime.date(2011, 10, 14)),
        LeagueGame("Søren Lund", "Mette Holm", 0.5, datetime.date(2011, 10, 21)),
    ]
    assert [(n.line, n.reason) for n in imported.notes] == [(5, "forfeit")]
    assert parse_csv(text) == list(imported.games)


def test_decimal_comma_in_a_comma_separated_file_is_read_and_said() -> None:
    text = (FIXTURES / "league-decimal-comma.csv").read_text(encoding="utf-8")
    imported = import_games(text, "csv")
    assert [game.score_a for game in imported.games] == [1.0, 0.5, 0.0, 1.0]
    assert [(n.line, n.reason, dict(n.params), n.left_out) for n in imported.notes] == [
        (3, "decimal-comma", {"text": "0,5", "value": "½"}, False),
        (5, "decimal-comma", {"text": "1,0", "value": "1"}, False),
    ]


@pytest.mark.parametrize(
    "text, line, reason, params",
    [
        # One field too many that is not a decimal result: nothing is guessed.
        ("white,black,result\nAnn,Bob,1\nAnn,Bob,0,1\n", 3, "csv-fields", {"count": 4, "expected": 3}),
        ("white;black;result\nAnn;Bob;0;5\n", 2, "csv-fields", {"count": 4, "expected": 3}),
        ("white\tblack\tresult\nAnn\tBob\t1\tx\n", 2, "csv-fields", {"count": 4, "expected": 3}),
        # Two too many: "0,5" and what else? Ambiguous.
        ("white,black,result\nAnn,Bob,0,5,1\n", 2, "csv-decimal-comma", {"text": "0,5"}),
        # The date column takes the 5: the comma split the result, not a date.
        ("white,black,result,date\nAnn,Bob,0,5\n", 2, "csv-decimal-comma", {"text": "0,5"}),
        # Once a file is known to split results, "0,5" filling an ignored column is ambiguous.
        ("white,black,result,round\nAnn,Bob,0,5,1\nBob,Ann,0,5\n", 3, "csv-decimal-comma",
         {"text": "0,5"}),
        ('white,black,result\nAnna,Ben,1\nClara,"Dan,0\nBen,Clara,1\n', 3, "csv-quote", {}),
        ('white,black,result\nAnna,"Ben,1', 2, "csv-quote", {}),
        ("white,black,result\nAnna,Ben,1\nAnna,Ben,x\n", 3, "result", {"text": "x"}),
        ("white,black,result,date\nAnna,Ben,1,10/14/2011\n", 2, "date", {"text": "10/14/2011"}),
        ("white,black,result\nAnna,Anna,1\n", 2, "same-player", {"name": "Anna"}),
        ("white,black\nAnna,Ben\n", 1, "csv-columns", {"missing": "result"}),
    ],
)
def test_csv_errors_name_the_line_the_rule_and_its_params(
    text: str, line: int, reason: str, params: dict[str, object]
) -> None:
    with pytest.raises(InputError) as raised:
        parse_csv(text)
    assert (raised.value.line, raised.value.reason, raised.value.params) == (line, reason, params)


def test_open_quote_fixture_names_the_line_where_it_opens() -> None:
    text = (FIXTURES / "league-open-quote.csv").read_text(encoding="utf-8")
    with pytest.raises(InputError) as raised:
        import_games(text, "csv")
    assert (raised.value.line, raised.value.reason) == (3, "csv-quote")
    assert "quote" in str(raised.value)


def test_a_quote_closed_lines_later_is_noted() -> None:
    imported = import_games('white,black,result\nAnna,"Ben,1\nClara",0\nBen,Anna,1\n', "csv")
    assert imported.games[0] == LeagueGame("Anna", "Ben,1\nClara", 0.0)
    assert [(n.line, n.reason, dict(n.params)) for n in imported.notes] == [
        (2, "csv-multiline", {"end": 3})
    ]


@pytest.mark.parametrize("delimiter", [",", ";", "\t"])
@pytest.mark.parametrize(
    "header", ["Spieler 1|Spieler 2|Ergebnis", "Spiller 1|Spiller 2|Resultat",
               "Player 1|Player 2|Result", "Spieler A|Spieler B|Ergebnis", "White|Black|Score"]
)
def test_headers_clubs_write_with_any_separator(header: str, delimiter: str) -> None:
    text = header.replace("|", delimiter) + f"\nAnna{delimiter}Ben{delimiter}1\n"
    assert parse_csv(text) == [LeagueGame("Anna", "Ben", 1.0)]


@pytest.mark.parametrize(
    "result, score",
    [("1,0", 1.0), ("0,0", 0.0), ("0,5", 0.5), ("1.0", 1.0), ('"1,0"', 1.0), ("1,0-0,0", 1.0)],
)
def test_results_with_decimal_commas(result: str, score: float) -> None:
    assert parse_csv(f"white;black;result\nAnna;Ben;{result}\n")[0].score_a == score
    assert parse_csv(f"white,black,result\nAnna,Ben,{result}\n")[0].score_a == score


@pytest.mark.parametrize("forfeit", ["+:-", "-:+", "+/-", "-/+", "+:+", "-:-", "+ - ", "−:+"])
def test_forfeits_are_left_out_with_a_note(forfeit: str) -> None:
    imported = import_games(f"white;black;result\nAnna;Ben;{forfeit}\nBen;Anna;1\n", "csv")
    assert imported.games == (LeagueGame("Ben", "Anna", 1.0),)
    assert [(n.line, n.reason, n.left_out) for n in imported.notes] == [(2, "forfeit", True)]
    lines = import_games(f"Anna | Ben | {forfeit}\nBen | Anna | 1\n", "lines")
    assert lines.games == imported.games
    assert [(n.line, n.reason) for n in lines.notes] == [(1, "forfeit")]


def test_unfinished_and_unplayed_games_are_left_out_with_a_note() -> None:
    imported = import_games("white;black;result\nAnna;Ben;*\nBen;Anna;\nAnna;Ben;1\n", "csv")
    assert imported.games == (LeagueGame("Anna", "Ben", 1.0),)
    assert [(n.line, n.reason) for n in imported.notes] == [(2, "unfinished"), (3, "no-result")]


@pytest.mark.parametrize(
    "date, expected",
    [("14-10-2011", (2011, 10, 14)), ("4-1-2024", (2024, 1, 4)), ("2011-10-14", (2011, 10, 14)),
     ("14.10.2011", (2011, 10, 14))],
)
def test_dates_as_clubs_write_them(date: str, expected: tuple[int, int, int]) -> None:
    game = parse_csv(f"white;black;result;date\nAnna;Ben;1;{date}\n")[0]
    assert game.date == datetime.date(*expected)


def test_extra_empty_fields_are_harmless() -> None:
    text = "white,black,result,,\nAnna,Ben,1,,\nBen,Anna,0,5,\n"
    assert [g.score_a for g in parse_csv(text)] == [1.0, 0.5]


# --- one format chosen, another given ----------------------------------------------------------


def test_pgn_given_as_csv_is_read_as_pgn_with_a_note() -> None:
    imported = import_games(CLUB_PGN, "csv")
    assert imported.format == "pgn" and len(imported.games) == 3
    assert imported.notes[0].reason == "read-as-pgn" and imported.notes[0].line is None
    assert imported.notes[1].reason == "unfinished"


def test_csv_pasted_as_lines_is_read_as_csv_with_a_note() -> None:
    imported = import_games("Spieler 1\tSpieler 2\tErgebnis\nAnna\tBen\t1\n", "lines")
    assert imported.format == "csv" and imported.games == (LeagueGame("Anna", "Ben", 1.0),)
    assert [n.reason for n in imported.notes] == ["read-as-csv"]


def test_lines_given_as_csv_or_pgn_are_read_as_lines_with_a_note() -> None:
    for chosen in ("csv", "pgn"):
        imported = import_games("Anna | Ben | 1\nBen | Anna | ½\n", chosen)
        assert imported.format == "lines" and len(imported.games) == 2
        assert [n.reason for n in imported.notes] == ["read-as-lines"]


def test_the_format_chosen_is_kept_when_the_text_fits_it() -> None:
    assert import_games("Anna | Ben | 1\n", "lines").notes == ()
    assert import_games("white,black,result\nAnna,Ben,1\n", "csv").notes == ()
    # Not recognisably anything: read as chosen, and its error says what CSV needs.
    with pytest.raises(InputError) as raised:
        import_games("Anna,Ben,1\n", "csv")
    assert (raised.value.reason, raised.value.line) == ("csv-columns", 1)


def test_an_unknown_format_is_an_option_error() -> None:
    with pytest.raises(InputError) as raised:
        import_games("Anna | Ben | 1", "xls")
    assert raised.value.code == "option-invalid"


# --- PGN as clubs export it ----------------------------------------------------------------


def test_club_export_reads_every_readable_game_and_notes_the_rest() -> None:
    text = (FIXTURES / "league-club-export.pgn").read_text(encoding="utf-8")
    imported = parse_pgn(text)
    assert [(g.player_a, g.player_b, g.score_a) for g in imported.games] == [
        ("Holm, Mette", "Bak, Jens", 1.0),
        ("Lund, Søren", "Ærø, Ida", 0.5),  # its moves run straight into the next game's tags
        ("Bak, Jens", "Lund, Søren", 0.0),  # a comment between its tags and its moves
        ("Holm, Mette", "Lund, Søren", 0.5),  # tags only, no moves
        ("Lund, Søren", "Holm, Mette", 0.0),
    ]
    assert [d.line for d in imported.details] == [1, 14, 23, 43, 83]
    assert [(n.line, n.reason) for n in imported.notes] == [
        (34, "unfinished"),
        (50, "pgn-result"),
        (59, "pgn-players"),
        (67, "pgn-tag"),
        (75, "pgn-result-conflict"),
        (92, "pgn-not-a-game"),
    ]
    assert imported.skipped == 6
    assert imported.notes[3].params == {"text": '[White "Ærø, Ida]'}


def big_pgn(games: int, seed: int = 7) -> tuple[str, list[tuple[str, str, str]]]:
    """A club's many games with clock comments, some run together; and who played whom."""
    rng = random.Random(seed)
    names = [f"Spieler{number:02d}, Vorname" for number in range(60)]
    played, parts = [], []
    for number in range(games):
        white, black = rng.sample(names, 2)
        result = rng.choice(["1-0", "0-1", "1/2-1/2"])
        played.append((white, black, result))
        moves = " ".join(
            f"{move}. Nf3 {{ [%clk 0:02:{move % 60:02d}] }} {move}... Nf6 {{ [%clk 0:02:{move:02d}] }}"
            for move in range(1, 36)
        )
        body = "\n".join(moves[i:i + 79] for i in range(0, len(moves), 79))
        # Every tenth game's moves run straight into the next game's tags.
        gap = "" if number % 10 == 3 else "\n"
        parts.append(
            f'[Event "Liga"]\n[Site "?"]\n[Date "2023.{number % 12 + 1:02d}.01"]\n'
            f'[White "{white}"]\n[Black "{black}"]\n[Result "{result}"]\n'
            f'[WhiteElo "{rng.randint(1200, 2200)}"]\n\n{body} {result}\n{gap}'
        )
    return "".join(parts), played


def test_big_pgn_file_reads_every_game_like_python_chess_reads_its_tags() -> None:
    text, played = big_pgn(400)
    imported = parse_pgn(text)
    scores = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}
    assert [(g.player_a, g.player_b, g.score_a) for g in imported.games] == [
        (white, black, scores[result]) for white, black, result in played
    ]
    assert imported.notes == ()
    # python-chess agrees on well-separated games: the same tags, game by game.
    separated = text.replace(" 1-0\n[", " 1-0\n\n[").replace(" 0-1\n[", " 0-1\n\n[")
    separated = separated.replace(" 1/2-1/2\n[", " 1/2-1/2\n\n[")
    handle = io.StringIO(separated)
    theirs = []
    while (headers := chess.pgn.read_headers(handle)) is not None:
        theirs.append((headers["White"], headers["Black"], scores[headers["Result"]]))
    assert theirs == [(g.player_a, g.player_b, g.score_a) for g in parse_pgn(separated).games]


# --- every reason, listed for the page ----------------------------------------------------------

REASON_SAMPLES = [
    ("csv", "white,black,result,white\nAnn,Bob,1,Cid\n"),
    ("csv", "name,opponent,result\nAnn,Bob,1\n"),
    ("csv", "white,black,result\nAnn,Bob,0,5,1\n"),
    ("csv", "white,black,result\nAnn,Bob,1,x\n"),
    ("csv", "white,black,result\nAnn\n"),
    ("csv", 'white,black,result\n"Ann,Bob,1\n'),
    ("csv", "white,black,result,date\nAnn,Bob,1,x\n"),
    ("csv", ""),
    ("lines", "Ann | Bob\n"),
    ("lines", "Ann, Bob, 1\n"),
    ("pgn", "1. e4 1-0\n"),
    ("csv", "white,black,result\nAnn,Bob,x\n"),
    ("csv", "white,black,result\n,Bob,1\n"),
    ("csv", "white,black,result\nAnn,Ann,1\n"),
    ("csv", 'white,black,result\n"Ann\nX",Bob,1\nAnn,Bob,0,5\nAnn,Bob,+:-\nAnn,Bob,\nAnn,Bob,*\n'),
    ("csv", '[White "A"]\n[Black "B"]\n[Result "1-0"]\n'),
    ("pgn", "white,black,result\nAnn,Bob,1\n"),
    ("csv", "Ann | Bob | 1\n"),
    ("pgn", (FIXTURES / "league-club-export.pgn").read_text(encoding="utf-8")),
    ("pgn", '[White "A"]\n[Black "B"]\n\n1. e4\n\n[White "A"]\n[Black "A"]\n[Result "1-0"]\n'),
]


def test_the_listed_reasons_are_exactly_those_an_import_gives() -> None:
    from elo_core.importers import ERROR_REASONS, NOTE_REASONS

    errors, notes = set(), set()
    for fmt, text in REASON_SAMPLES:
        try:
            notes.update(note.reason for note in import_games(text, fmt).notes)
        except InputError as error:
            errors.add((error.code, error.reason))
    assert errors == set(ERROR_REASONS)
    assert notes == set(NOTE_REASONS)


def test_lines_are_told_from_csv_without_the_csv_module(monkeypatch: pytest.MonkeyPatch) -> None:
    # The page's default format must not pay for importing csv (about 10 ms in Pyodide).
    monkeypatch.setitem(sys.modules, "csv", None)
    assert len(import_games("Anna | Ben | 1\nBen | Anna | ½\n", "lines").games) == 2


@given(st.text(st.sampled_from('ab,;|\t"\n\r 1-0½=.+:*[]{}WhiteBlackResult')), st.sampled_from(
    ["csv", "lines", "pgn"]))
@example('[White "a"]\n{x\n[Black "b"]\n', "pgn")
@example('white,black,result\n"a",b,"1', "csv")
def test_any_text_in_any_format_gives_games_or_a_listed_error(text: str, fmt: str) -> None:
    from elo_core.importers import ERROR_REASONS, NOTE_REASONS

    try:
        imported = import_games(text, fmt)
    except InputError as error:
        assert (error.code, error.reason) in ERROR_REASONS
    else:
        assert len(imported.games) == len(imported.lines)
        assert all(note.reason in NOTE_REASONS for note in imported.notes)
