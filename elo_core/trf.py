"""FIDE Tournament Report Files (TRF): read one, write one, rate every player by FIDE's rules.

The format
    FIDE's "Format of Tournament Report File" (C.04 Annex 2, version 2016,
    "TRF16"), and its 2026 revision ("TRF26", approved by the FIDE Council on
    12 May 2025, applied from 1 September 2025). Each line starts with a
    three-character record code in columns 1–3; columns are 1-based and fixed.
    The reader uses these records and ignores every other line (other ``xx2``
    records, team records 013/310, NRS records, JaVaFo ``XX?`` lines, TRF26's
    ``###`` comments, blank lines):

    ======  ===================================================================
    record  what the reader takes
    ======  ===================================================================
    012     tournament name, from column 5
    022     city, 032 host federation, 092 type of tournament, 102 chief
            arbiter: each from column 5, kept as written
    042     start date, from column 5 (TRF: YYYY/MM/DD; any form of
            :mod:`elo_core.trf_dates` is read)
    052     end date, from column 5 (likewise)
    122     time control as text, 222 (TRF26) encoded: the rating list
            (:attr:`Tournament.rating_list`)
    132     round dates, YY/MM/DD, round r from column 92 + 10·(r − 1)
    142     number of rounds (TRF26), and ``XXR`` (pairing programs): the
            event's rounds, a lower bound for the rounds read (a file
            written after 9 of 10 rounds is a 10-round event)
    001     one player, laid out as below
    ======  ===================================================================

    The ``001`` player line (TRF16 and TRF26 alike):

    ========  ================================================================
    columns   field
    ========  ================================================================
    5–8       start number, 1 to 9999
    10        sex (``m``/``w``, kept as written)
    11–13     title (kept as written: ``GM``, ``g``, ``wf`` …)
    15–47     name, "Lastname, Firstname"
    49–52     FIDE rating (blank or 0: unrated)
    54–56     federation
    58–68     FIDE ID (blank or 0: none)
    70–79     birth date: YYYY/MM/DD, or just the year (any form with a
              four-digit year is read too, also with the month and day
              written as zeros, 2014/00/00 or 00.00.2014: only the year
              matters; 0000/00/00 means unknown)
    81–84     points, as 4.5 (under the tournament's own scoring system)
    86–89     rank
    92–95     round 1: the opponent's start number (0000 or blank: none)
    97        round 1: colour ``w``, ``b``, or ``-``/blank for none
    99        round 1: result code (below)
    102–109   round 2, and so on every 10 columns
    ========  ================================================================

    A player line must reach column 84 (the points); round fields past its
    end are blank, so a withdrawn player's line may simply stop.

    Result codes (letters are case-insensitive in TRF26 and are read as
    capitals): ``1`` ``=`` ``0`` a game won, drawn or lost; ``+`` ``-`` a
    forfeit win or loss (not played); ``W`` ``D`` ``L`` a game won, drawn or
    lost that is not rated (e.g. it lasted less than one move); ``H`` a
    half-point bye, ``F`` a full-point bye, ``U`` a pairing-allocated bye,
    ``Z`` a zero-point bye (known absence). A blank result is kept as ``""``:
    with no opponent the player was not paired (the TRF text treats it as
    ``Z``); with an opponent the round is paired but has no result yet (a file
    written during a round).

Columns and dates
    The columns are fixed and a value read from the wrong ones would be a
    different number without a word, so a value that crosses its columns,
    a column between fields that is not blank and a tab (TRF uses spaces)
    are errors naming the line, the column, the player and where TRF puts the
    field; only a value moved by one column into a blank column, whole and of
    its kind, is read with a warning. A date that cannot be read, or that can
    be read more than one way with nothing in the file to decide, is a
    warning, never an error (see :func:`parse`).

Checks
    Both players of a game must report it alike: the same round, each naming
    the other, opposite colours (or both none, as some programs write
    forfeits), and results that fit (1 and 0, = and =, + and −, − and −, W
    and L, D and D, blank and blank). A game needs an opponent and a bye must
    not have one. TRF26 lets a team's players record a forfeit win against
    ``0000`` (``0000 w +``): a forfeit without an opponent is accepted.

The 2026 revision
    TRF26 leaves the ``001`` player line and the records 012–132 as TRF16 has
    them (checked against two independent transcriptions of TRF26; FIDE's PDF
    itself could not be read here). What it adds is read as far as rating
    needs it: ``###`` comments, the 142 round count, lower-case result
    letters, 0000 forfeits; its other records (162 scoring, 192 type, 240
    byes, which repeat what the 001 lines hold, 250/260, team and NRS records)
    are ignored. Should a later text move a player field, this reader would
    misread it: the layout above is the one assumed.

Rating (FIDE B.02, one rating period)
    See :func:`rate`.

The modules
    This module exports the names of six that each do one job:
    :mod:`elo_core.trf_model` (the codes, the columns and the data),
    :mod:`elo_core.trf_player_line` (one ``001`` line, column by column),
    :mod:`elo_core.trf_file_dates` (the file's dates, each chosen among its
    readings), :mod:`elo_core.trf_read` (:func:`parse`: the records and the
    checks across lines), :mod:`elo_core.trf_write` (:func:`write`) and
    :mod:`elo_core.trf_rate` (:func:`rate`).
"""

from __future__ import annotations

from elo_core.trf_model import (
    BYE_CODES,
    COMPLEMENTS,
    FORFEIT_CODES,
    MIN_PLAYER_LINE,
    PARSE_REASONS,
    PLAYER_FIELDS,
    RATED_SCORES,
    RESULT_CODES,
    UNRATED_GAME_CODES,
    WARNING_CODES,
    Player,
    Round,
    Tournament,
    TrfWarning,
)
from elo_core.trf_rate import InitialReason, PlayerRating, RatedGame, rate
from elo_core.trf_read import parse
from elo_core.trf_write import write

__all__ = [
    "BYE_CODES",
    "COMPLEMENTS",
    "FORFEIT_CODES",
    "InitialReason",
    "MIN_PLAYER_LINE",
    "PARSE_REASONS",
    "PLAYER_FIELDS",
    "Player",
    "PlayerRating",
    "RATED_SCORES",
    "RESULT_CODES",
    "RatedGame",
    "Round",
    "Tournament",
    "TrfWarning",
    "UNRATED_GAME_CODES",
    "WARNING_CODES",
    "parse",
    "rate",
    "write",
]
