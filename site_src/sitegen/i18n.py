"""UI translations (gettext catalogs via Babel) and locale number formats."""

from __future__ import annotations

import io
import re
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.numbers import format_decimal, get_decimal_symbol
from babel.support import Translations

__all__ = ["ANCHOR_LABEL", "BROWSER_MESSAGES", "TOOL_PAGE_MESSAGES", "format_input", "format_number", "format_output", "load_catalog", "load_translations"]


def N_(message: str) -> str:
    """Mark a string for extraction; it is translated where it is used."""
    return message


# Strings the page's JavaScript shows, keyed by what it looks them up by
# (InputError codes and engine states). Embedded per language as JSON.
BROWSER_MESSAGES: dict[str, str] = {
    # elo_core.InputError codes
    "rating-invalid": N_("Enter a rating between 0 and 4000."),
    "score-invalid": N_("Choose a result: 1, ½ or 0."),
    "k-invalid": N_("K must be a number greater than 0."),
    "games-invalid": N_("Write one game per line: the opponent's rating, a bar and the result, as in 1810 | 1."),
    "count-invalid": N_("Enter a whole number of games within the allowed range."),
    "option-invalid": N_("Choose one of the offered options."),
    "number-invalid": N_("Enter a number."),
    "input-invalid": N_("Check this entry."),
    "engine-failed": N_("The calculator hit an internal error; the last results are kept."),
    "on-line": N_("Line {line}: {message}"),
    # codes of the tool pages (FIDE tools, club league, Glicko-2, DWZ)
    "year-invalid": N_("Enter a year from 1900 to 2100; the current year cannot be before the year of birth."),
    "age-invalid": N_("Enter the age in whole years, from 0 to 150."),
    "index-invalid": N_("Enter the index as a whole number of at least 1."),
    "player-invalid": N_("Every game needs two different players with names."),
    "pgn-unavailable": N_("The PGN reader could not be loaded. Try again, or save the games as CSV."),
    "rd-invalid": N_("Enter a rating deviation greater than 0 and at most 1000."),
    "volatility-invalid": N_("Enter a volatility greater than 0 and at most 1, such as 0.06."),
    "tau-invalid": N_("Enter τ greater than 0 and at most 5, such as 0.5."),
    # field-specific wordings ("field:code")
    "league_games:games-invalid": N_("This line cannot be read. Write one game per line as player A | player B | result, or choose the format of your file."),
    "g_games:games-invalid": N_("Write one game per line: opponent's rating | opponent's RD | result, as in 1400 | 30 | 1."),
    "perf_opponents:games-invalid": N_("Enter at least one opponent's rating."),
    "init_opponents:games-invalid": N_("Enter at least one opponent's rating."),
    "perf_score:score-invalid": N_("Enter the points scored: a multiple of ½ from 0 to the number of games."),
    "init_score:score-invalid": N_("Enter the points scored: a multiple of ½ from 0 to the number of games."),
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
    "chart-more": N_("The chart shows the 8 highest rated players; {count} more are in the table."),
    # engine states
    "engine-loading": N_("Loading the calculator…"),
    "engine-runtime": N_("Loading the calculator: starting Python…"),
    "engine-package": N_("Loading the calculator: loading the rating engine…"),
    "engine-ready": N_("Calculator ready. Results update as you type."),
    "engine-error": N_("The calculator could not start. The numbers shown are the example."),
    # sharing
    "link-copied": N_("Link copied. It holds your inputs after the #, which is never sent to a server."),
    "link-copy-manual": N_("Copy this link:"),
}


# What only the tool pages show (field-specific wordings, the K advisor's and the initial
# rating's results, the league chart's note); the home page's calculators go without.
TOOL_PAGE_MESSAGES = frozenset(
    key for key in BROWSER_MESSAGES
    if ":" in key or key.startswith(("k-rule-", "k-capped", "k-not-capped", "k-no-period",
                                     "initial-", "chart-"))
)

# The accessible name of the "#" link beside every article heading.
ANCHOR_LABEL = N_("Link to this section")


def format_output(output: Any, lang: str, messages: dict[str, str]) -> Any:
    """One calculator output as the page shows it (the build's twin of outputs.js)."""
    if output is None:
        return "–"
    if "rows" in output:
        return [[format_output(cell, lang, messages) for cell in row] for row in output["rows"]]
    if "attrs" in output or "download" in output:
        return output
    if "value" in output:
        return format_number(output["value"], output["digits"], lang, signed=output["signed"])
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


def load_translations(locales_dir: Path, lang: str) -> Translations:
    """The language's catalog compiled in memory (English is the source: no catalog)."""
    if lang == "en":
        return Translations()
    buffer = io.BytesIO()
    write_mo(buffer, load_catalog(locales_dir, lang), use_fuzzy=False)
    buffer.seek(0)
    return Translations(fp=buffer)


def format_input(text: str, lang: str) -> str:
    """A pre-filled field value as someone reading ``lang`` would type it.

    Plain decimals get the language's decimal sign ("4.5" → "4,5" in German);
    anything else (ratings, "1-0", lists) is left as it is. elo_core reads both.
    """
    if re.fullmatch(r"-?\d+\.\d+", text):
        return text.replace(".", get_decimal_symbol(lang))
    return text


def format_number(value: float, digits: int, lang: str, *, signed: bool = False) -> str:
    """``value`` with ``digits`` decimals in ``lang``'s format.

    Rounds the exact binary value half away from zero, as the browser's
    Intl.NumberFormat does, so pre-rendered and live numbers agree.
    """
    exact = Decimal(value).quantize(Decimal(1).scaleb(-digits), rounding=ROUND_HALF_UP)
    if exact == 0:
        exact = abs(exact)
    pattern = "#,##0" + ("." + "0" * digits if digits else "")
    text = format_decimal(exact, format=pattern, locale=lang, decimal_quantization=True)
    return "+" + text if signed and exact > 0 else text
