"""UI translations (gettext catalogs via Babel) and locale number formats."""

from __future__ import annotations

import io
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.numbers import format_decimal
from babel.support import Translations

__all__ = ["BROWSER_MESSAGES", "format_number", "load_catalog", "load_translations"]


def N_(message: str) -> str:
    """Mark a string for extraction; it is translated where it is used."""
    return message


# Strings the page's JavaScript shows, keyed by what it looks them up by
# (InputError codes and engine states). Embedded per language as JSON.
BROWSER_MESSAGES: dict[str, str] = {
    "rating-invalid": N_("Enter a rating between 0 and 4000."),
    "score-invalid": N_("Choose a result: 1, ½ or 0."),
    "k-invalid": N_("K must be a number greater than 0."),
    "engine-loading": N_("Loading the calculator…"),
    "engine-ready": N_("Calculator ready. Results update as you type."),
    "engine-error": N_("The calculator could not start. The numbers shown are the example."),
    "stale": N_("Out of date: fix the marked field to update the results."),
}


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
