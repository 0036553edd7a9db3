"""Every download as a spreadsheet opens it, in the page's language: the one CSV writer.

English keeps commas, decimal points and the column names and codes scripts
read (``start_number``, ``junior``). A spreadsheet in a language that writes a
decimal comma (German, Danish, Swedish) takes the semicolon as the field separator
and the comma as the decimal sign, so such files use both (:func:`style_for`, from
the page's number signs), with the headings and codes in the reader's language (as
data here, English for a language without them: the engine writes the file, in the
browser and at build time alike).

Every file starts with a UTF-8 byte order mark, English too: Excel reads a CSV
without one in the system's legacy code page (Windows-1252 in Western Europe),
which turns "Kjær" into "KjÃ¦r"; with it Excel, LibreOffice, Numbers and Google
Sheets read UTF-8, and a comma-separated file still opens as columns under an
English list separator.

A text cell a spreadsheet would run as a formula (CSV injection) gets a
leading ``'``: it starts with ``= + - @``, a tab or a carriage return, their
full-width or small forms (``＝ ＋ － ＠``, ``﹦ ﹢ ﹣ ﹫``), or shows one of them
first after characters a spreadsheet may pass over, invisible or blank
(:data:`INVISIBLE_BEFORE_FORMULA`, one table: every space, line and paragraph
separator, format character and default-ignorable code point of Unicode, such as
U+00AD, U+061C, U+200B, U+202E, U+2060 and U+FEFF). Numbers are written here
from Python numbers, so −4 or −4,5 stay numbers.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from elo_core.numbers import NumberFormat
from elo_core.page.fields import Output, PageLanguage

__all__ = [
    "BYTE_ORDER_MARK",
    "Code",
    "CsvStyle",
    "INVISIBLE_BEFORE_FORMULA",
    "csv_download",
    "csv_text",
    "neutralise",
    "style_for",
    "translate",
]

BYTE_ORDER_MARK = "\ufeff"


@dataclass(frozen=True, slots=True)
class CsvStyle:
    """How a language's spreadsheets read a CSV: field separator and decimal sign."""

    delimiter: str
    decimal: str




@dataclass(frozen=True, slots=True)
class Code:
    """A code in a cell (a K rule, a reason): written as the code in English, translated else."""

    key: str


# Headings and codes of the downloads, by the English word the English file keeps.
_WORDS: dict[str, dict[str, str]] = {
    "de": {
        # the tournament's players
        "start_number": "Startnummer",
        "name": "Name",
        "rating": "Elo",
        "k": "K",
        "k_rule": "K-Regel",
        "games": "Gewertete Partien",
        "score": "Punkte aus gewerteten Partien",
        "expected": "Erwartungswert",
        "change": "Änderung",
        "rounded_change": "Änderung gerundet",
        "new_rating": "Neue Elo",
        "performance": "Turnierleistung",
        "initial_rating": "Erste Elo-Zahl",
        "initial_reason": "Keine erste Elo-Zahl, weil",
        "file_points": "Punkte laut Datei",
        "next_list": "Nächste Elo-Liste",
        "new-player": "neuer Spieler (unter 30 Partien)",
        "junior": "Jugendlicher (unter 2300)",
        "standard": "Standard (unter 2400)",
        "reached-2400": "hat 2400 erreicht",
        "override": "von Hand eingegeben",
        "too-few-games": "zu wenige Partien gegen Gegner mit Elo (unter 5)",
        "zero-score": "null Punkte",
        "below-1400": "Ergebnis unter 1400",
        "unrated": "ohne Elo (unter 1400, B.02 7.2.1)",
        "norms": "Normen erfüllt",
        "event": "Turnier",
        "event_start": "Beginn",
        "event_end": "Ende",
        "rating_list": "Elo-Liste",
        "list-standard": "Standard",
        "list-rapid": "Schnellschach",
        "list-blitz": "Blitz",
        # the club league's file (the tournament page names its own)
        "standings.csv": "tabelle.csv",
        # the club league's standings
        "rank": "Platz",
        "league_rating": "Wertung",
        "wins": "Siege",
        "draws": "Remis",
        "losses": "Niederlagen",
        "games_played": "Partien",
    },
    "da": {
        "start_number": "Startnummer",
        "name": "Navn",
        "rating": "Rating",
        "k": "K",
        "k_rule": "K-regel",
        "games": "Ratede partier",
        "score": "Point i ratede partier",
        "expected": "Forventet score",
        "change": "Ændring",
        "rounded_change": "Ændring afrundet",
        "new_rating": "Ny rating",
        "performance": "Præstationsrating",
        "initial_rating": "Første rating",
        "initial_reason": "Ingen første rating, fordi",
        "file_points": "Point i filen",
        "next_list": "Næste ratingliste",
        "new-player": "ny spiller (under 30 partier)",
        "junior": "junior (under 2300)",
        "standard": "standard (under 2400)",
        "reached-2400": "har nået 2400",
        "override": "indtastet",
        "too-few-games": "for få partier mod ratede modstandere (under 5)",
        "zero-score": "nul point",
        "below-1400": "resultat under 1400",
        "unrated": "uden rating (under 1400, B.02 7.2.1)",
        "norms": "Normer opnået",
        "event": "Turnering",
        "event_start": "Start",
        "event_end": "Slut",
        "rating_list": "Ratingliste",
        "list-standard": "standard",
        "list-rapid": "hurtigskak",
        "list-blitz": "lynskak",
        "standings.csv": "stilling.csv",
        "rank": "Plads",
        "league_rating": "Rating",
        "wins": "Gevinster",
        "draws": "Remis",
        "losses": "Tab",
        "games_played": "Partier",
    },
}
# Where the English file's word is not the key (two tables share "rating" and "games").
_ENGLISH = {"league_rating": "rating", "games_played": "games", "list-standard": "standard",
            "list-rapid": "rapid", "list-blitz": "blitz"}

# Characters that start a formula in some spreadsheet (= + - @ as typed, full-width, small).
_FORMULA_STARTS = frozenset("=+-@\t\r\uff1d\uff0b\uff0d\uff20\ufe66\ufe62\ufe63\ufe6b")

#: Characters a spreadsheet may pass over before it sees the "=", as (first, last code
#: point, what they are): Unicode's spaces and separators (Zs, Zl, Zp), blank controls,
#: format characters (Cf) and the other default-ignorable code points (those to come too).
#: The one list; the tests check every character of it, and that Unicode has no other.
INVISIBLE_BEFORE_FORMULA: tuple[tuple[int, int, str], ...] = (
    (0x0009, 0x000D, "tab, line feed, line and form feed, carriage return"),
    (0x001C, 0x001F, "file, group, record and unit separators"),
    (0x0020, 0x0020, "space"),
    (0x0085, 0x0085, "next line"),
    (0x00A0, 0x00A0, "no-break space"),
    (0x00AD, 0x00AD, "soft hyphen"),
    (0x034F, 0x034F, "combining grapheme joiner"),
    (0x0600, 0x0605, "Arabic number signs"),
    (0x061C, 0x061C, "Arabic letter mark"),
    (0x06DD, 0x06DD, "Arabic end of ayah"),
    (0x070F, 0x070F, "Syriac abbreviation mark"),
    (0x0890, 0x0891, "Arabic pound and piastre marks above"),
    (0x08E2, 0x08E2, "Arabic disputed end of ayah"),
    (0x115F, 0x1160, "Hangul fillers"),
    (0x1680, 0x1680, "Ogham space mark"),
    (0x17B4, 0x17B5, "Khmer inherent vowels"),
    (0x180B, 0x180F, "Mongolian variation selectors and vowel separator"),
    (0x2000, 0x200A, "spaces of set widths"),
    (0x200B, 0x200F, "zero-width space and joiners, left-to-right and right-to-left marks"),
    (0x2028, 0x2029, "line and paragraph separators"),
    (0x202A, 0x202E, "bidirectional embeddings and overrides"),
    (0x202F, 0x202F, "narrow no-break space"),
    (0x205F, 0x205F, "medium mathematical space"),
    (0x2060, 0x2064, "word joiner, invisible operators"),
    (0x2065, 0x2065, "reserved, default ignorable"),
    (0x2066, 0x2069, "bidirectional isolates"),
    (0x206A, 0x206F, "deprecated format characters"),
    (0x3000, 0x3000, "ideographic space"),
    (0x3164, 0x3164, "Hangul filler"),
    (0xFE00, 0xFE0F, "variation selectors"),
    (0xFEFF, 0xFEFF, "zero-width no-break space (byte order mark)"),
    (0xFFA0, 0xFFA0, "halfwidth Hangul filler"),
    (0xFFF0, 0xFFF8, "reserved, default ignorable"),
    (0xFFF9, 0xFFFB, "interlinear annotation controls"),
    (0x110BD, 0x110BD, "Kaithi number sign"),
    (0x110CD, 0x110CD, "Kaithi number sign above"),
    (0x13430, 0x1343F, "Egyptian hieroglyph format controls"),
    (0x1BCA0, 0x1BCA3, "shorthand format controls"),
    (0x1D173, 0x1D17A, "musical symbol format controls"),
    (0xE0000, 0xE0FFF, "tags, variation selectors supplement, reserved default ignorable"),
)
# The table as one character class, matched once from the start (linear in the text).
_INVISIBLE_RUN = re.compile("[" + "".join(
    re.escape(chr(first)) + ("-" + re.escape(chr(last)) if last != first else "")
    for first, last, _ in INVISIBLE_BEFORE_FORMULA) + "]*")


def style_for(numbers: NumberFormat) -> CsvStyle:
    """The CSV style of a language that writes numbers as ``numbers``: its decimal sign, and
    a semicolon between fields where that sign is a comma (a comma otherwise)."""
    return CsvStyle(delimiter=";" if numbers.decimal == "," else ",", decimal=numbers.decimal)


def translate(word: str, lang: str) -> str:
    """A heading or code in ``lang`` (English: the word itself, as scripts read it)."""
    return _WORDS.get(lang, {}).get(word) or _ENGLISH.get(word, word)


def neutralise(text: str) -> str:
    """``text`` with a leading ``'`` if a spreadsheet could run it as a formula."""
    shown = _INVISIBLE_RUN.match(text)
    first = text[shown.end():][:1] if shown is not None else text[:1]
    if text[:1] in _FORMULA_STARTS or first in _FORMULA_STARTS:
        return "'" + text
    return text


def _number(value: float, digits: int, style: CsvStyle) -> str:
    """A plain number: up to ``digits`` decimals, no trailing zeros, no grouping, ASCII minus."""
    if isinstance(value, int) or digits == 0:
        text = str(round(value))
    else:
        text = f"{value:.{digits}f}".rstrip("0").rstrip(".")
    if text == "-0":
        text = "0"
    return text.replace(".", style.decimal)


def _cell(value: object, digits: int, style: CsvStyle, lang: str) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        raise TypeError("a CSV cell is a number, a text or a Code, not a bool")
    if isinstance(value, (int, float)):
        return _number(value, digits, style)
    text = neutralise(translate(value.key, lang) if isinstance(value, Code) else str(value))
    if any(char in text for char in (style.delimiter, '"', "\r", "\n")):
        text = '"' + text.replace('"', '""') + '"'
    return text


def csv_text(
    header: Sequence[str], rows: Iterable[Sequence[object]], lang: PageLanguage,
    digits: Sequence[int] | None = None,
) -> str:
    """The CSV file: byte order mark, translated header, one line per row.

    ``header`` holds the English column names (translated for ``lang``); a
    cell is None (empty), a number (``digits[i]`` decimals at most, 2 by
    default), a :class:`Code` (translated) or text (neutralised, quoted where
    needed).
    """
    style = style_for(lang.numbers)
    places = list(digits) if digits is not None else [2] * len(header)
    lines = [style.delimiter.join(
        _cell(translate(name, lang.code), 0, style, "en") for name in header)]
    for row in rows:
        lines.append(style.delimiter.join(
            _cell(value, places[index], style, lang.code) for index, value in enumerate(row)
        ))
    return BYTE_ORDER_MARK + "\n".join(lines) + "\n"


def csv_download(
    filename: str, header: Sequence[str], rows: Iterable[Sequence[object]], lang: PageLanguage,
    digits: Sequence[int] | None = None,
) -> Output:
    """A download output (see :mod:`elo_core.page`): the file :func:`csv_text` writes, named
    in the page's language (``standings.csv`` is ``tabelle.csv`` on a German page)."""
    return {"download": {"filename": translate(filename, lang.code), "mime": "text/csv",
                         "text": csv_text(header, rows, lang, digits)}}
