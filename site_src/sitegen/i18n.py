"""UI translations (gettext catalogs via Babel) and locale number formats."""

from __future__ import annotations

import functools
import io
import re
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.numbers import (
    format_decimal,
    get_decimal_symbol,
    get_group_symbol,
    get_minus_sign_symbol,
)
from babel.support import NullTranslations, Translations
from markupsafe import Markup, escape

__all__ = [
    "ANCHOR_LABEL",
    "BROWSER_MESSAGES",
    "MESSAGES_SLOT",
    "MODE_MESSAGES",
    "format_input",
    "format_number",
    "format_output",
    "load_catalog",
    "load_translations",
    "markup_in",
    "number_symbols",
    "page_messages",
    "text_translations",
    "untranslated",
]


def N_(message: str) -> str:
    """Mark a string for extraction; it is translated where it is used."""
    return message


# Strings the page's JavaScript shows, keyed by what it looks them up by: an error's
# "field:code/reason", "code/reason", "field:code" or "code" (the most specific first), a
# result's message key, an engine state. {name} stands for one of the error's params,
# formatted in the page's language. Embedded per page as JSON (only what it can show).
BROWSER_MESSAGES: dict[str, str] = {
    # elo_core.InputError codes, and their reasons
    "rating-invalid": N_("Enter a rating from {min} to {max}."),
    "rating-invalid/not-a-number": N_("“{text}” is not a number. Enter a rating from {min} to {max}, such as 1600."),
    "rating-implausible": N_("{value} is not a rating: no one is rated below {min}."),
    "rating-implausible/suggestion": N_("{value} is not a rating: no one is rated below {min}. Did you mean {suggestion}?"),
    "expectancy_difference:rating-invalid": N_("Enter a rating difference from {min} to {max}."),
    "difference:rating-invalid": N_("Enter a rating difference from {min} to {max}."),
    "score-invalid": N_("Choose a result: 1, ½ or 0."),
    "games:score-invalid": N_("The result must be 1, ½ or 0 (also 1-0, ½-½, 0-1)."),
    "dwz_games:score-invalid": N_("The result must be 1, ½ or 0 (also 1-0, ½-½, 0-1)."),
    "g_games:score-invalid": N_("The result must be 1, ½ or 0 (also 1-0, ½-½, 0-1)."),
    "k-invalid": N_("Enter a K-factor greater than {min} and at most {max}, such as 20."),
    "games-invalid": N_("Write one game per line: the opponent's rating, a bar and the result, as in 1810 | 1."),
    "games-invalid/empty": N_("Enter at least one game."),
    "count-invalid": N_("Enter a whole number from {min} to {max}."),
    "count-invalid/total": N_("Together the games must number at least {min} and at most {max} (now {total})."),
    "option-invalid": N_("Choose one of the offered options."),
    "number-invalid": N_("Enter a number."),
    "input-invalid": N_("Check this entry."),
    "engine-failed": N_("The calculator hit an internal error; the last results are kept."),
    "engine-timeout": N_("This took too long and was stopped; the calculator has restarted. Check the entries, or try fewer games."),
    "on-line": N_("Line {line}: {message}"),
    "on-player-line": N_("Line {line} ({player}): {message}"),
    "trf-show-line": N_("Show line {line}"),
    # codes of the tool pages (FIDE tools, club league, Glicko-2, DWZ)
    "year-invalid": N_("Enter a year from 1900 to 2100."),
    "year-invalid/before-birth": N_("The current year cannot be before the year of birth."),
    "age-invalid": N_("Enter the age in whole years, from {min} to {max}."),
    "index-invalid": N_("Enter the index as a whole number from {min} to {max}."),
    "played-invalid": N_("Enter the day of the last game as a date, such as 2026-11-15, or leave it empty for today."),
    "played-invalid/format": N_("“{text}” is not a date. Enter it as 2026-11-15 or 15.11.2026, or leave it empty for today."),
    "played-invalid/range": N_("Enter a day in the years 1900 to 2100."),
    "player-invalid": N_("Every game needs two different players with names."),
    "pgn-unavailable": N_("The PGN reader could not be loaded. Try again, or save the games as CSV."),
    "rd-invalid": N_("Enter a rating deviation from {min} to {max}."),
    "volatility-invalid": N_("Enter a volatility from {min} to {max}, such as 0.06."),
    "tau-invalid": N_("Enter τ from {min} to {max}; Glickman suggests 0.3 to 1.2."),
    "league_games:games-invalid": N_("This line cannot be read. Write one game per line as player A | player B | result, or choose the format of your file."),
    # the club league's import: each rule it checks (elo_core.importers)
    "league_games:games-invalid/csv-columns": N_("The header line needs columns for player A, player B and the result, such as player_a, player_b, result or White, Black, Result. Missing: {missing}."),
    "league_games:games-invalid/csv-column-twice": N_("The header line names the column “{name}” twice."),
    "league_games:games-invalid/csv-fields": N_("This row has {count} fields, more than the {expected} columns of the header line. Put a field that holds the separator in quotes."),
    "league_games:games-invalid/csv-missing-fields": N_("This row has only {count} fields; player A, player B and the result need {needed}."),
    "league_games:games-invalid/csv-quote": N_("A quote opens on this line and is never closed."),
    "league_games:games-invalid/csv-decimal-comma": N_("The comma that separates the fields splits the result “{text}” in two. Write it with a point (0.5) or in quotes (\"0,5\")."),
    "league_games:games-invalid/result": N_("“{text}” is not a result. Write 1, ½ or 0 (also 1-0, ½-½, 0-1), or +:- for a forfeit."),
    "league_games:games-invalid/date": N_("“{text}” is not a date. Write it as 2024-03-15, 15.03.2024 or 15-03-2024, or leave it empty."),
    "league_games:games-invalid/lines-format": N_("Write each game on its own line as player A | player B | result: three parts, where this line has {count}."),
    "league_games:games-invalid/looks-like-csv": N_("This line looks like CSV. Separate the players and the result with | (a name may hold a comma), or add a header line such as player_a,player_b,result and choose CSV."),
    "league_games:games-invalid/pgn-no-games": N_("No PGN game found. A PGN game starts with tag lines such as [White \"Anna\"]."),
    "league_games:games-invalid/none-rated": N_("No game can be rated: all {count} are left out (forfeited, unfinished or unreadable), the first on this line."),
    "player-invalid/same-player": N_("{name} cannot play against themself: every game needs two different players."),
    "player-invalid/no-name": N_("Both players need a name."),
    "g_games:games-invalid": N_("Write one game per line: opponent's rating | opponent's RD | result, as in 1400 | 30 | 1."),
    "perf_opponents:games-invalid": N_("Enter at least one opponent's rating."),
    "init_opponents:games-invalid": N_("Enter at least one opponent's rating."),
    "score-invalid/half": N_("Enter the points as a multiple of ½, such as 4 or 4½."),
    "score-invalid/range": N_("At most {max} points: one for each game."),
    "score-invalid/not-a-number": N_("“{text}” is not a number of points. Enter them as 4, 4.5 or 4½."),
    # results of the tool pages
    "k-rule-new-player": N_("K = 40: fewer than 30 rated games so far (a new player)."),
    "k-rule-junior": N_("K = 40: a junior (until the end of the year of the 18th birthday) rated under 2300."),
    "k-rule-standard": N_("K = 20: rated under 2400 and never reached 2400."),
    "k-rule-reached-2400": N_("K = 10: the published rating has reached 2400; K stays 10 even if it drops again."),
    "k-capped": N_("K × n may not exceed 700: with {games} games K is lowered from {uncapped} to {k}."),
    "k-not-capped": N_("With {games} games, K × n = {total} stays within the limit of 700."),
    "k-no-period": N_("Enter the number of games in this period to check the limit K × n ≤ 700."),
    "initial-rated": N_("The results give a first FIDE rating of {rating}."),
    "initial-capped": N_("A first rating is at most 2200, so the result is {rating}."),
    "initial-too-few": N_("No rating yet: {games} rated opponents, but at least 5 are needed (games may be pooled over up to 26 months)."),
    "initial-zero-score": N_("No rating yet: a zero score against rated opponents does not count."),
    "initial-below-1400": N_("No rating yet: the result is below 1400, the lowest FIDE rating."),
    # the DWZ calculator: which rules, and why K0, b and a are what they are
    "dwz-rules-2026": N_("Rules from 8 June 2026: the last game was played on or after that day, so the development factor K applies and the lowest DWZ is 1100."),
    "dwz-rules-before-2026": N_("Rules before 8 June 2026: the last game was played before that day, so the development coefficient E applies."),
    "dwz-k0-youth": N_("K0 = {k0}: up to age 25 and below DWZ 2200, index {index}."),
    "dwz-k0-youth-late": N_("K0 = {k0}: up to age 25 and below DWZ 2200, index above 10."),
    "dwz-k0-adult": N_("K0 = {k0}: age 26 or over and below DWZ 2000, index {index}."),
    "dwz-k0-adult-late": N_("K0 = {k0}: age 26 or over and below DWZ 2000, index above 10."),
    "dwz-k0-high": N_("K0 = {k0}: DWZ 2000 or more from age 26, 2200 or more up to age 25, index {index}."),
    "dwz-k0-high-late": N_("K0 = {k0}: DWZ 2000 or more from age 26, 2200 or more up to age 25, index above 10."),
    "dwz-b-brake": N_("b = (R0 + 800) / 2400 = ({r0} + 800) / 2400 = {b}: below DWZ 1600 and fewer points than expected (W < We)."),
    "dwz-b-none-rating": N_("b = 1: no brake from DWZ 1600 on."),
    "dwz-b-none-scored": N_("b = 1: no brake, as the points scored reached the expected points (W ≥ We)."),
    "dwz-a-youth": N_("a = (2000 − R0) / 30 = (2000 − {r0}) / 30 = {a}: up to age 20, below DWZ 2000 and at least the expected points."),
    "dwz-a-adult": N_("a = 4: age 21 or over, below DWZ 1600 and at least the expected points."),
    "dwz-a-none-below": N_("a = 0: no bonus, as the points scored stayed below the expected points (W < We)."),
    "dwz-a-none-youth": N_("a = 0: no bonus from DWZ 2000 on."),
    "dwz-a-none-adult": N_("a = 0: no bonus from age 21 at DWZ 1600 or more."),
    "dwz-k": N_("K = K0 × b + a = {k0} × {b} + {a} = {k}, rounded to one decimal."),
    "dwz-k-capped": N_("K0 × b + a = {k0} × {b} + {a} = {raw} is more than the maximum of 80, so K = 80."),
    # … and before 8 June 2026: J, E0, fB, SBr and E
    "dwz-j-youth": N_("J = {j}: up to age 20."),
    "dwz-j-junior": N_("J = {j}: age 21 to 25."),
    "dwz-j-adult": N_("J = {j}: over age 25."),
    "dwz-e0": N_("E0 = (R0 / 1000)⁴ + J = ({r0} / 1000)⁴ + {j} = {e0}."),
    "dwz-fb": N_("fB = R0 / 2000 = {r0} / 2000 = {fb}: up to age 20 and at least the expected points (W ≥ We)."),
    "dwz-fb-low": N_("fB = 0.5: up to age 20 and at least the expected points (W ≥ We); R0 / 2000 = {r0} / 2000 = {ratio} is below the lowest factor, 0.5."),
    "dwz-fb-high": N_("fB = 1: up to age 20 and at least the expected points (W ≥ We); R0 / 2000 = {r0} / 2000 = {ratio} is above the highest factor, 1."),
    "dwz-fb-none-age": N_("fB = 1: no acceleration from age 21."),
    "dwz-fb-none-scored": N_("fB = 1: no acceleration, as the points scored stayed below the expected points (W < We)."),
    "dwz-sbr": N_("SBr = e^((1300 − R0) / 150) − 1 = e^((1300 − {r0}) / 150) − 1 = {sbr}: below DWZ 1300 and fewer points than expected (W < We)."),
    "dwz-sbr-none-rating": N_("SBr = 0: no brake from DWZ 1300 on."),
    "dwz-sbr-none-scored": N_("SBr = 0: no brake, as the points scored reached the expected points (W ≥ We)."),
    "dwz-e": N_("E = E0 × fB + SBr = {e0} × {fb} + {sbr} = {raw}, rounded to a whole number: {e}."),
    "dwz-e-lowest": N_("E0 × fB + SBr = {e0} × {fb} + {sbr} = {raw}, rounded {rounded}; E is at least 5, so E = {e}."),
    "dwz-e-index": N_("E0 × fB + SBr = {e0} × {fb} + {sbr} = {raw}, rounded {rounded}; with {index} evaluations so far E is at most 5 × {index}, so E = {e}."),
    "dwz-e-30": N_("E0 × fB + SBr = {e0} × {fb} + {sbr} = {raw}, rounded {rounded}; after more than 5 evaluations E is at most 30, so E = {e}."),
    "dwz-e-braked": N_("E0 × fB + SBr = {e0} × {fb} + {sbr} = {raw}, rounded {rounded}; with the brake E is at most 150, so E = {e}."),
    # the last step, from the formula's change to the new DWZ
    "dwz-rounded": N_("{start} + ({delta}) = {raw}, rounded to a whole number: the new DWZ is {new}, a change of {change}."),
    "dwz-lifted": N_("{start} + ({delta}) = {raw} is below the lowest DWZ, 1100, so the new DWZ is 1100: a change of {change}."),
    "target-needed": N_("To reach {target}, player A needs at least {score} of {games} points in these games."),
    "target-any": N_("Player A stays at {target} or above with any result in these games."),
    "target-out-of-reach": N_("{target} is out of reach in these games: even {games} of {games} points give {best}."),
    "fide-unrated": N_("Below {min}: FIDE shows player {player} as unrated on the next rating list (B.02 7.2.1); there is no floor at {min}."),
    "chart-more": N_("The chart shows the 8 highest rated players; {count} more are in the table."),
    # the tournament page (a FIDE tournament report file, TRF)
    "k-rule-override": N_("K = {k}: as you entered it."),
    "trf-invalid": N_("This text cannot be read as a FIDE tournament report file (TRF)."),
    "trf-invalid/short-line": N_("A player line must reach column {min} (the points); this one ends at column {length}."),
    "trf-invalid/start-number": N_("Column {column}: “{text}” is not a start number from {min} to {max}."),
    "trf-invalid/duplicate": N_("Start number {number} is used twice (first on line {first})."),
    "trf-invalid/rating": N_("Column {column}: the rating “{text}” is not a whole number from 0 to {max}."),
    "trf-invalid/points": N_("Column {column}: the points “{text}” are not a number such as 4.5."),
    "trf-invalid/rank": N_("Column {column}: the rank “{text}” is not a whole number."),
    "trf-invalid/opponent": N_("Round {round} (column {column}): the opponent “{text}” is not a start number."),
    "trf-invalid/colour": N_("Round {round} (column {column}): the colour “{text}” is not w, b or -."),
    "trf-invalid/result": N_("Round {round} (column {column}): “{text}” is not a result code (1, =, 0, +, -, W, D, L, H, F, U, Z or blank)."),
    "trf-invalid/no-opponent": N_("Round {round} (column {column}): the result {code} is a game, so it needs an opponent."),
    "trf-invalid/bye": N_("Round {round} (column {column}): the bye {code} cannot have an opponent (player {opponent})."),
    "trf-invalid/self": N_("Round {round} (column {column}): player {number} is paired with themself."),
    "trf-invalid/unknown-opponent": N_("Round {round} (column {column}): there is no player with start number {opponent}."),
    "trf-invalid/mismatch": N_("Round {round}: player {number} has “{mine}”, but player {opponent} ({opponent_name}) has “{theirs}”. Both must report the same game."),
    "trf-invalid/tab": N_("Column {column} holds a tab character. TRF uses spaces: replace each tab with spaces so that every field stays in its columns."),
    "trf-invalid/blank-column": N_("Column {column} must be blank, but holds “{text}”: a field beside it has moved out of its columns."),
    "trf-invalid/round-shifted": N_("Round {round}: column {column} must be blank, so “{text}” is out of its columns. TRF puts the opponent in columns {first}–{last}, the colour in column {colour} and the result in column {result}."),
    "trf-invalid/line-shifted": N_("From column {column} on, the fields stand one column away from their columns."),
    "trf-invalid/line-shifted-right": N_("From column {column} on, the fields stand one column too far to the right: there is a character too many earlier in the line."),
    "trf-invalid/line-shifted-left": N_("From column {column} on, the fields stand one column too far to the left: a character is missing earlier in the line."),
    "trf-invalid/shifted": N_("Columns {start}–{end}: “{text}” runs out of its columns {first}–{last}."),
    "trf-invalid/shifted-start-number": N_("Columns {start}–{end}: the start number “{text}” runs out of its columns. TRF puts it in columns {first}–{last}, right-aligned."),
    "trf-invalid/shifted-rating": N_("Columns {start}–{end}: the rating “{text}” runs out of its columns. TRF puts it in columns {first}–{last}, right-aligned."),
    "trf-invalid/shifted-federation": N_("Columns {start}–{end}: the federation “{text}” runs out of its columns. TRF puts it in columns {first}–{last}."),
    "trf-invalid/shifted-fide-id": N_("Columns {start}–{end}: the FIDE ID “{text}” runs out of its columns. TRF puts it in columns {first}–{last}, right-aligned."),
    "trf-invalid/shifted-birth-date": N_("Columns {start}–{end}: the birth date “{text}” runs out of its columns. TRF puts it in columns {first}–{last}, left-aligned."),
    "trf-invalid/shifted-points": N_("Columns {start}–{end}: the points “{text}” run out of their columns. TRF puts them in columns {first}–{last}, right-aligned."),
    "trf-invalid/shifted-rank": N_("Columns {start}–{end}: the rank “{text}” runs out of its columns. TRF puts it in columns {first}–{last}, right-aligned."),
    "trf-invalid/merged": N_("Columns {start}–{end}: two fields run together (“{text}”). TRF puts the first in columns {first}–{last} and the second in columns {other_first}–{other_last}, with blank columns between them."),
    "trf-invalid/merged-rating": N_("Columns {start}–{end}: the rating and the federation run together (“{text}”). TRF puts the rating in columns {first}–{last} and the federation in columns {other_first}–{other_last}, with a blank column between them."),
    "trf-invalid/merged-federation": N_("Columns {start}–{end}: the federation and the FIDE ID run together (“{text}”). TRF puts the federation in columns {first}–{last} and the FIDE ID in columns {other_first}–{other_last}, with a blank column between them."),
    "trf-invalid/merged-fide-id": N_("Columns {start}–{end}: the FIDE ID and the birth date run together (“{text}”). TRF puts the FIDE ID in columns {first}–{last} and the birth date in columns {other_first}–{other_last}, with a blank column between them."),
    "trf-invalid/merged-birth-date": N_("Columns {start}–{end}: the birth date and the points run together (“{text}”). TRF puts the birth date in columns {first}–{last} and the points in columns {other_first}–{other_last}, with a blank column between them."),
    "trf-invalid/merged-points": N_("Columns {start}–{end}: the points and the rank run together (“{text}”). TRF puts the points in columns {first}–{last} and the rank in columns {other_first}–{other_last}, with a blank column between them."),
    "trf-warning-line": N_("Line {line}: {note}"),
    "trf-warning-player": N_("Line {line} ({player}): {note}"),
    "trf-warnings-more": N_("… and {count} more of this kind."),
    # one line per kind of warning, with its count; its warnings are listed under it
    "trf-warnings/date-unreadable": N_("Dates that cannot be read and are left out: {count}"),
    "trf-warnings/round-date-unreadable": N_("Round dates that cannot be read and are left out: {count}"),
    "trf-warnings/round-dates-tab": N_("Round date lines with a tab, left out: {count}"),
    "trf-warnings/date-ambiguous": N_("Dates that can be read more than one way: {count}"),
    "trf-warnings/birth-date-unreadable": N_("Birth dates without a readable year, so no junior K-factor: {count}"),
    "trf-warnings/birth-year-after": N_("Birth years after the tournament's year, ignored: {count}"),
    "trf-warnings/no-year": N_("The tournament's year is unknown: no junior K-factor"),
    "trf-warnings/year-from-rounds": N_("No readable end date: the junior K-factor uses the last round's year"),
    "trf-warnings/year-from-start": N_("No readable end or round date: the junior K-factor uses the start's year"),
    "trf-warnings/shifted": N_("Values one column off their place, read as written: {count}"),
    "trf-warning/date-unreadable": N_("The date “{text}” (record {record}) cannot be read and is left out."),
    "trf-warning/round-date-unreadable": N_("Round {round}: the date “{text}” cannot be read and is left out."),
    "trf-warning/round-dates-tab": N_("Column {column} holds a tab character. TRF uses spaces, so the round dates cannot be found and are left out."),
    "trf-warning/date-ambiguous": N_("The date “{text}” can mean {date} or {other}; it was read as {date}."),
    "trf-warning/birth-date-unreadable": N_("The birth date “{text}” cannot be read as a date from {min} to {max}. The birth year is unknown, so the junior K-factor does not apply."),
    "trf-warning/birth-year-after": N_("The birth year {birth_year} is after the tournament's year {year}. It is ignored, so the junior K-factor does not apply."),
    "trf-warning/no-year": N_("The file has no readable end, round or start date. The tournament's year is unknown, so no player gets the junior K-factor."),
    "trf-warning/year-from-rounds": N_("The end date (052) is missing or cannot be read. The junior K-factor is worked out for {year}, the year of the last round date."),
    "trf-warning/year-from-start": N_("The end date (052) and the round dates (132) are missing or cannot be read. The junior K-factor is worked out for {year}, the year of the start date."),
    "trf-warning/shifted": N_("Read as {field}: “{text}” from columns {start}–{end}. TRF puts it in columns {first}–{last}."),
    "trf-field-start-number": N_("the start number"),
    "trf-field-rating": N_("the rating"),
    "trf-field-federation": N_("the federation"),
    "trf-field-fide-id": N_("the FIDE ID"),
    "trf-field-birth-date": N_("the birth date"),
    "trf-field-points": N_("the points"),
    "trf-field-rank": N_("the rank"),
    "trf-invalid/rounds": N_("The number of rounds “{text}” is not a whole number from {min} to {max}."),
    "trf-invalid/no-players": N_("The text has no player lines (lines that start with 001)."),
    "trf_k:k-invalid/format": N_("Write one player per line: start number | K, as in 7 | 40."),
    "trf_k:k-invalid/range": N_("Player {number}: enter a K-factor from {min} to {max}."),
    "trf_k:k-invalid/duplicate": N_("Start number {number} has a K-factor already (line {first})."),
    "trf_k:k-invalid/unknown-player": N_("There is no player with start number {number} in the file."),
    "trf_k:k-invalid/unrated": N_("Player {number} is unrated, so a K-factor does not apply."),
    "trf-colour-w": N_("White"),
    "trf-colour-b": N_("Black"),
    "trf-round-rated": N_("Rated."),
    "trf-round-initial": N_("Counts towards the first rating."),
    "trf-round-unrated-opponent": N_("Not counted: the opponent has no rating."),
    "trf-round-forfeit": N_("Not rated: a forfeit, the game was not played."),
    "trf-round-not-rated": N_("Not rated: played, but not rated (for example, it ended before a move was made)."),
    "trf-round-bye-H": N_("Half-point bye: not a game."),
    "trf-round-bye-F": N_("Full-point bye: not a game."),
    "trf-round-bye-U": N_("Bye allocated by the pairing: not a game."),
    "trf-round-bye-Z": N_("Zero-point bye (absent): not a game."),
    "trf-round-unpaired": N_("Not paired in this round."),
    "trf-round-pending": N_("No result yet."),
    "trf-rounds-caption": N_("Round by round: {name}"),
    "trf-unrated": N_("Below {min} after this tournament: shown as unrated on FIDE's next rating list (B.02 7.2.1)."),
    "trf-unrated-summary": N_("Below {min} after this tournament, so shown as unrated on FIDE's next rating list (B.02 7.2.1; there is no floor): {names}."),
    "trf-file-points": N_("Points in the file"),
    "trf-score-note": N_("The score counts only rated games; the file's points differ for {count} of the players (byes, forfeits, games that do not count)."),
    "trf-show-all": N_("Show all {count} players (the table above shows the first {shown})"),
    # title norms on the tournament page (FIDE B.01 1.4)
    "trf-norm-caption": N_("{title} norm, requirement by requirement: {name}"),
    "norm-state-achieved": N_("{title} norm achieved"),
    "norm-state-open": N_("{title} norm: the file cannot decide it"),
    "norm-state-missed": N_("{title} norm not achieved"),
    "norm-missing": N_("Missing: {missing}."),
    "norm-and": N_("{first} and {second}"),
    "norm-comma": N_("{first}, {second}"),
    "norm-more-points": N_("{points} more points ({needed} needed)"),
    "norm-more-games": N_("{count} more games that count"),
    "norm-more-federations": N_("opponents from {count} more federations other than the player's"),
    "norm-more-title-holders": N_("{count} more title-holders"),
    "norm-more-titled-opponents": N_("{count} more opponents with the title {title}"),
    "norm-more-score": N_("{count} more points for 35 %"),
    "norm-over-own-federation": N_("{count} fewer opponents from the player's own federation"),
    "norm-over-one-federation": N_("{count} fewer opponents from one federation"),
    "norm-below-average-rating": N_("an average rating of the opponents of {needed} (it is {value})"),
    "norm-below-performance": N_("a performance of {needed} (it is {value})"),
    "norm-open-federations": N_("the federations of {count} opponents, which the file leaves blank or does not know"),
    "norm-open-own-federation": N_("the federations of {count} opponents, which the file leaves blank or does not know"),
    "norm-open-one-federation": N_("the federations of {count} opponents, which the file leaves blank or does not know"),
    "norm-req-games": N_("Games that count"),
    "norm-req-federations": N_("Federations other than the player's own"),
    "norm-req-own-federation": N_("Opponents from the player's own federation"),
    "norm-req-one-federation": N_("Most opponents from one federation"),
    "norm-req-title-holders": N_("Title-holders among the opponents (not CM or WCM)"),
    "norm-req-titled-opponents": N_("Opponents with the title {title}"),
    # the titles that count for a norm (B.01 1.4.5: the norm's title or a higher one)
    "norm-titles-GM": N_("GM"),
    "norm-titles-IM": N_("IM or GM"),
    "norm-titles-WGM": N_("WGM, IM or GM"),
    "norm-titles-WIM": N_("WIM, WGM, IM or GM"),
    "norm-req-average-rating": N_("Average rating of the opponents (Ra)"),
    "norm-req-performance": N_("Performance (Rp, before rounding)"),
    "norm-req-score": N_("Points (at least 35 %)"),
    "norm-at-least": N_("at least {value}"),
    "norm-at-most": N_("at most {value}"),
    "norm-met": N_("Yes"),
    "norm-not-met": N_("No"),
    "norm-open": N_("Cannot be decided from the file: {count} opponents' federations are blank or unknown"),
    "norm-waived": N_("Waived (FIDE B.01 1.4.3)"),
    "norm-summary": N_("{score} points from {games} games: Ra {ra} + dp ({dp}) = Rp {rp}, compared with {level} before rounding; Ra is rounded first, so Rp is a whole number (FIDE B.01 1.4.7–1.4.9)."),
    "norm-note-forfeit-as-loss": N_("Round {round}, won by forfeit against {name} (no. {number}), counts as a lost game so that the norm has its games (FIDE B.01 1.4.2c, as an arbiters' program reads it)."),
    "norm-note-unrated-zero": N_("The game of round {round} against {name} (no. {number}) does not count: an unrated player who scored nothing against rated opponents in a round robin (FIDE B.01 1.4.2b, as an arbiters' program reads it)."),
    "norm-note-rest-as-bye": N_("Round {round} is the player's rest in a round robin of an odd number of players: a bye allocated by the pairing (FIDE B.01 1.4.1, as an arbiters' program reads it)."),
    "norm-note-not-rated": N_("The game of round {round} against {name} (no. {number}) was played but not rated, so it does not count (FIDE B.01 1.4.2)."),
    "trf-norms-standard-only": N_("Title norms come only from standard events (FIDE B.01); this one is rated for the {list} list, so none are listed."),
    "trf-exemption-chosen": N_("The federation rules are waived, as chosen (FIDE B.01 1.4.3)."),
    "trf-exemption-none": N_("The federation rules apply (FIDE B.01 1.4.3–1.4.4), as chosen."),
    "trf-exemption-swiss-holds": N_("The federation rules are waived: the file shows a Swiss event with, in every round, at least 20 FIDE-rated players not from the host federation {host} (at least {players} in round {round}), from {federations} federations, {titled} of them GM, IM, WGM or WIM (FIDE B.01 1.4.3d). Choose “Apply them” if the event is not such a Swiss."),
    "trf-exemption-swiss-short": N_("The federation rules apply: in round {round} only {players} FIDE-rated players from outside the host federation took part, from {federations} federations, {titled} of them GM, IM, WGM or WIM; a waiver needs 20, 3 and 10 in every round (FIDE B.01 1.4.3d)."),
    "trf-exemption-swiss-round-robin": N_("The federation rules apply: the event is a round robin, and only a Swiss can be waived for its size (FIDE B.01 1.4.3d)."),
    "trf-exemption-swiss-no-host": N_("The federation rules apply: the file names no host federation (line 032), so a waiver for a big Swiss (FIDE B.01 1.4.3d) cannot be decided from it. Choose it if it holds."),
    "trf-exemption-swiss-unknown-federations": N_("The federation rules apply: a waiver for a big Swiss (FIDE B.01 1.4.3d) would hold only if the players whose federation is blank or unknown came from outside the host federation. Choose it if they do."),
    "trf-list-standard": N_("standard"),
    "trf-list-rapid": N_("rapid"),
    "trf-list-blitz": N_("blitz"),
    "trf-list-from-text": N_("Rated for the {list} list: line 122 says “{text}”, {minutes} minutes for each player over 60 moves."),
    "trf-list-from-word": N_("Rated for the {list} list: line 122 says “{text}”."),
    "trf-list-from-code": N_("Rated for the {list} list: the encoded time control (line 222) is “{text}”."),
    "trf-list-unknown": N_("The file does not say its time control (line 122): rated for the {list} list. Choose another list if the event was rapid or blitz."),
    "trf-list-chosen": N_("Rated for the {list} list, as chosen."),
    "trf-list-chosen-over": N_("Rated for the {list} list, as chosen; the file's time control gives the {file_list} list."),
    "trf-event-name": N_("Tournament"),
    "trf-event-place": N_("Place"),
    "trf-event-federation": N_("Host federation"),
    "trf-event-dates": N_("Dates"),
    "trf-event-arbiter": N_("Chief arbiter"),
    "trf-event-type": N_("Type of tournament"),
    "trf-event-rounds": N_("Rounds"),
    "trf-event-players": N_("Players"),
    "trf-event-rated": N_("FIDE-rated players"),
    "trf-event-foreign": N_("Players not from the host federation"),
    "trf-event-titled": N_("Title-holders"),
    "trf-certificate-raised": N_("{floor} (rated {rating}, raised to the floor, FIDE B.01 1.4.6)"),
    "trf-certificate-unrated": N_("{rating} (unrated, FIDE B.01 1.4.6)"),
    "trf-unrated-short": N_("unrated"),
    "trf-number-short": N_("No."),
    "trf-certificate-print": N_("Print its certificate"),
    "norm-raised": N_("{name} (no. {number}, rated {rating}) counts as {floor}, this norm's rating floor: of the opponents below it, only the lowest rated is raised (FIDE B.01 1.4.6)."),
    "norm-raised-unrated": N_("{name} (no. {number}, unrated, so counted as 1400) counts as {floor}, this norm's rating floor: of the opponents below it, only the lowest rated is raised (FIDE B.01 1.4.6)."),
    "norm-first-round": N_("The norm holds after round {round}: the later rounds may be left out (FIDE B.01 1.4.1e)."),
    "norm-thirteen": N_("{games} games: towards the title the norm counts as {counted} games (FIDE B.01 1.7)."),
    # the norm planner (FIDE B.01 1.4)
    "np_played:games-invalid/planner": N_("Write one game per line: rating | result | title | federation, as in 2450 | 1 | GM | GER. Title and federation may be left out; - for an unrated opponent."),
    "np_coming:games-invalid/planner": N_("Write one opponent per line: rating | title | federation, as in 2450 | GM | GER. Title and federation may be left out."),
    "np_coming:count-invalid/planner-too-many": N_("{known} opponents for {rounds} rounds: that is too many."),
    "np_average:rating-invalid/planner-needed": N_("{count} opponents still to come are not listed: enter their average rating."),
    "np_federation:option-invalid/federation": N_("Enter the federation's three letters, such as GER or DEN."),
    "np-too-few": N_("No norm: {games} games, at least 9 needed"),
    "np-ra-low": N_("Out of reach: Ra below {minimum}"),
    "np-points": N_("{points} of {games}"),
    "np-still": N_("{points} from the {left} games left"),
    "np-still-last": N_("{points} from the last game"),
    "np-reached": N_("Scored already"),
    "np-out-of-reach": N_("Out of reach in the {left} games left"),
    "np-out-of-reach-last": N_("Out of reach in the last game"),
    "np-out-of-reach-none": N_("Out of reach: no games left"),
    "np-mix-everything": N_("Every requirement on the opponents"),
    "np-mix-met": N_("Met"),
    "np-mix-broken": N_("Can no longer be met"),
    "np-mix-more": N_("{count} more among the opponents still to come"),
    "np-mix-at-most": N_("At most {count} more among the {unknown} still to come"),
    # notes on the club league's import: a game left out, a reading explained
    "league-note": N_("Line {line}: {note}"),
    "league-notes-more": N_("… and {count} more notes."),
    "league-note-decimal-comma": N_("“{text}” was read as the result {value}: a decimal comma, although commas separate the fields."),
    "league-note-forfeit": N_("“{text}” is a forfeit. Forfeited games are not rated, so this one is left out."),
    "league-note-unfinished": N_("The game has no result yet (*) and is left out."),
    "league-note-no-result": N_("The game has no result yet and is left out."),
    "league-note-csv-multiline": N_("A quoted field runs on to line {end}. Check that its quotes are closed."),
    "league-note-read-as-pgn": N_("The text is PGN, so it was read as PGN."),
    "league-note-read-as-csv": N_("The text is CSV with a header line, so it was read as CSV."),
    "league-note-read-as-lines": N_("The text has one game per line (player A | player B | result), so it was read that way."),
    "league-note-pgn-tag": N_("The tag line “{text}” cannot be read, so the game is left out."),
    "league-note-pgn-not-a-game": N_("This text has no White, Black or Result tag: it is not a game and is left out."),
    "league-note-pgn-players": N_("The game needs White and Black tags with names; it is left out."),
    "league-note-pgn-no-result": N_("The game has no Result tag and its moves end without a result; it is left out."),
    "league-note-pgn-result": N_("The Result tag “{text}” is not 1-0, 0-1, 1/2-1/2 or *; the game is left out."),
    "league-note-pgn-result-conflict": N_("The Result tag says {tag} but the moves end with {moves}; the game is left out."),
    "league-note-same-player": N_("{name} cannot play against themself; the game is left out."),
    # engine states
    "engine-loading": N_("Loading the calculator…"),
    "engine-runtime": N_("Loading the calculator: starting Python…"),
    "engine-package": N_("Loading the calculator: loading the rating engine…"),
    "engine-ready": N_("Calculator ready. Results update as you type."),
    "engine-error": N_("The calculator could not start. The numbers shown are the example."),
    # Safari (iPhone, iPad, Mac) deletes what a site stored after seven days without a visit,
    # unless it was added to the Home Screen: an offline reader must hear why and what helps,
    # in few enough lines that a phone still shows the example's result (test_layout.py).
    "engine-offline": N_("Offline, and the calculator is not stored on this device (Safari deletes it after seven days without a visit, unless the site is on the Home Screen). The numbers shown are the example."),
    # the results' state (widgets.js); a live example's are in its text (sitegen/live.py)
    "stale-note": N_("Out of date: fix the marked field to update the results."),
    "pending-note": N_("Updating as soon as the calculator is ready…"),
    # keeping inputs
    "saved-dropped": N_("Some inputs saved on this device could not be used and were dropped."),
    "saved-too-large": N_("These inputs are too large to keep on this device: they will be gone when you leave the page. Keep your file to load it again."),
    "saved-full": N_("Your inputs could not be saved: this device's storage for the site is full. They will be gone when you leave the page."),
    "link-dropped": N_("Some values in the link are not among the choices on this page and were left out."),
    "link-too-long": N_("These inputs are too large for a link. Share the file with the games instead."),
    "rows-shown": N_("Showing {shown} of {total} rows; the download has them all."),
    # sharing
    "link-copied": N_("Link copied. It holds your inputs after the #, which is never sent to a server."),
    "link-copy-manual": N_("Copy this link:"),
}


# Messages only some modes show, results and the errors of their own fields: a page carries
# them only with one of those modes' sections (tests/site/test_field_messages.py checks that
# every error a mode gives is worded on its pages).
MODE_MESSAGES: dict[str, tuple[str, ...]] = {
    "elo": ("fide-unrated", "target-"),
    "match": ("fide-unrated",),
    "k_advisor": ("k-rule-", "k-capped", "k-not-capped", "k-no-period", "year-invalid"),
    "performance": ("score-invalid/",),
    "initial": ("initial-", "score-invalid/"),
    "league": ("chart-", "league-note", "player-invalid", "pgn-unavailable"),
    "glicko2": ("rd-invalid", "volatility-invalid", "tau-invalid"),
    "dwz": ("dwz-", "age-invalid", "index-invalid", "played-invalid"),
    "norm_planner": ("np-", "norm-req-", "norm-titles-"),
    "trf": ("k-rule-", "k-capped", "initial-", "trf-invalid", "trf-round", "trf-colour-",
            "trf-show-all", "trf-show-line", "trf-warning", "trf-field-", "trf-unrated",
            "trf-score-note", "trf-file-points", "trf-norm-", "norm-", "player-invalid",
            "on-player-line", "trf-list-", "trf-exemption-", "trf-event-", "trf-certificate-",
            "trf-number-"),
}


def page_messages(html: str, messages: dict[str, str]) -> dict[str, str]:
    """The messages a rendered page can show: field wordings only for its fields, results
    only for its modes, and every generic message."""
    fields = set(re.findall(r'\sname="([\w-]+)"', html))
    modes = set(re.findall(r'\sdata-mode="([\w-]+)"', html))
    kept = {}
    for key, text in messages.items():
        if ":" in key and key.split(":", 1)[0] not in fields:
            continue
        owners = {m for m, prefixes in MODE_MESSAGES.items() if key.startswith(prefixes)}
        if owners and not owners & modes:
            continue
        kept[key] = text
    return kept


# Where a page's template puts its messages; the build fills in page_messages() as JSON.
MESSAGES_SLOT = "<!--ui-messages-->"

# The accessible name of the "#" link beside every article heading.
ANCHOR_LABEL = N_("Link to this section")


def format_output(output: Any, lang: str, messages: dict[str, str]) -> Any:
    """One calculator output as the page shows it (the build's twin of outputs.js)."""
    if output is None:
        return "–"
    if "rows" in output:
        # elo_core reads its own short cells; imported here, as the build may load it afresh.
        from elo_core.page.fields import cell_output

        columns = output.get("columns") or []
        return [[format_output(cell_output(cell, columns[j] if j < len(columns) else None),
                               lang, messages)
                 for j, cell in enumerate(row)] for row in output["rows"]]
    if "items" in output:
        return [format_output(item, lang, messages) for item in output["items"]]
    if "attrs" in output or "download" in output or "case" in output:
        return output
    if "value" in output:
        return format_number(output["value"], output["digits"], lang, signed=output["signed"],
                             grouping=output.get("grouping", True))
    if "message" in output:
        text = messages.get(output["message"], output["message"])
        for name, value in output.get("params", {}).items():
            shown = format_output(value, lang, messages) if isinstance(value, dict) else str(value)
            text = text.replace("{" + name + "}", shown)
        return text
    return output.get("text", "–")


def load_catalog(locales_dir: Path, lang: str) -> Catalog:
    path = locales_dir / lang / "LC_MESSAGES" / "messages.po"
    with path.open("rb") as handle:
        return read_po(handle, locale=lang)


def untranslated(catalog: Catalog) -> list[str]:
    """The ids of ``catalog``'s strings without a translation (empty or fuzzy): the page
    shows them in English."""
    return [str(message.id) for message in catalog
            if message.id and (not message.string or message.fuzzy)]


# What would be markup, were a translation HTML: a tag (or comment, declaration) or a
# character reference. "W < We" and "Q&A" are text.
_MARKUP = re.compile(r"<[A-Za-z!/?]|&(?:#[0-9]+|#[xX][0-9A-Fa-f]+|[A-Za-z][A-Za-z0-9]*);")


def markup_in(catalog: Catalog) -> list[tuple[int | None, str, str]]:
    """Each translation in ``catalog`` that holds markup, as (the line of its msgid, the
    msgid, the markup found). A translation is text: the page shows it as written (escaped
    like any other value), so a tag in it would show as a tag."""
    found = []
    for message in catalog:
        if not message.id or not message.string:
            continue
        strings = message.string if isinstance(message.string, (list, tuple)) else [message.string]
        for string in strings:
            match = _MARKUP.search(str(string))
            if match is not None:
                msgid = message.id if isinstance(message.id, str) else message.id[0]
                found.append((message.lineno, str(msgid), str(string)[match.start():][:40]))
                break
    return found


def text_translations(translations: NullTranslations) -> dict[str, Any]:
    """``translations``' gettext functions for a template, each giving its translation as
    text: escaped, so a catalog can put no markup into a page (Jinja's i18n extension would
    mark a translation safe as it is). Jinja escapes the values formatted into it."""
    def text(value: object) -> Markup:
        return escape(str(value))

    return {
        "gettext": lambda message: text(translations.gettext(message)),
        "ngettext": lambda singular, plural, n: text(translations.ngettext(singular, plural, n)),
        "pgettext": lambda context, message: text(translations.pgettext(context, message)),
        "npgettext": lambda context, singular, plural, n: text(
            translations.npgettext(context, singular, plural, n)),
    }


def load_translations(locales_dir: Path, lang: str) -> Translations:
    """The language's catalog compiled in memory (English is the source: no catalog). A
    string it does not translate, or every string of a language without a catalog yet, is
    shown in English (the build says so: catalogs.check_catalogs)."""
    if lang == "en" or not (locales_dir / lang / "LC_MESSAGES" / "messages.po").is_file():
        return Translations()
    buffer = io.BytesIO()
    write_mo(buffer, load_catalog(locales_dir, lang), use_fuzzy=False)
    buffer.seek(0)
    return Translations(fp=buffer)


@functools.cache  # asked for each page and each of its language links
def number_symbols(lang: str) -> tuple[str, str]:
    """``lang``'s decimal and grouping symbols in CLDR, through Babel (``(",", "\u00a0")`` in
    Swedish): the signs the build gives elo_core to read numbers with, and writes into each
    page (``<html data-decimal data-group>``) for its scripts. The one source of them."""
    return get_decimal_symbol(lang), get_group_symbol(lang)


def format_input(text: str, lang: str) -> str:
    """A pre-filled field value as someone reading ``lang`` would type it.

    Plain decimals get the language's decimal sign ("4.5" → "4,5" in German);
    anything else (ratings, "1-0", lists) is left as it is. elo_core reads both.
    """
    if re.fullmatch(r"-?\d+\.\d+", text):
        return text.replace(".", get_decimal_symbol(lang))
    return text


@functools.lru_cache(maxsize=1 << 16)  # the live examples' check formats the same numbers often
def format_number(value: float, digits: int, lang: str, *, signed: bool = False,
                  grouping: bool = True) -> str:
    """``value`` with ``digits`` decimals in ``lang``'s format (without thousands separators
    when not ``grouping``).

    Rounds the exact binary value half away from zero, as the browser's
    Intl.NumberFormat does, so pre-rendered and live numbers agree. A negative number
    takes the language's minus sign (CLDR's: ``−`` in Swedish), as Intl.NumberFormat
    writes it; Babel's patterns keep a hyphen-minus.
    """
    exact = Decimal(value).quantize(Decimal(1).scaleb(-digits), rounding=ROUND_HALF_UP)
    if exact == 0:
        exact = abs(exact)
    pattern = ("#,##0" if grouping else "0") + ("." + "0" * digits if digits else "")
    text = format_decimal(exact, format=pattern, locale=lang, decimal_quantization=True)
    if text.startswith("-"):
        text = get_minus_sign_symbol(lang) + text[1:]
    return "+" + text if signed and exact > 0 else text
