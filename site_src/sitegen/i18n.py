"""UI translations (gettext catalogs via Babel) and locale number formats."""

from __future__ import annotations

import io
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.numbers import format_decimal
from babel.support import Translations

__all__ = ["BROWSER_MESSAGES", "format_number", "format_output", "load_catalog", "load_translations"]


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
