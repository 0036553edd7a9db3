"""Numbers in each language's format, as the page shows them: CLDR's signs (through Babel),
a pre-filled field as a reader types it, and a calculator's output formatted as the page's
script formats it (the build's twin of outputs.js)."""

from __future__ import annotations

import functools
import re
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

from babel.numbers import (
    format_decimal,
    get_decimal_symbol,
    get_group_symbol,
    get_minus_sign_symbol,
)

__all__ = ["format_input", "format_number", "format_output", "message_template", "number_symbols"]


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


def message_template(output: dict[str, Any], messages: dict[str, str]) -> str:
    """The words of a message output: its key's, or the key's singular ``key#one`` where the
    message has one and its ``count`` is 1 ("1 more game", not "1 more games"). The site's
    languages all take the singular for exactly one; outputs.js picks the same way."""
    key: str = output["message"]
    count = output.get("params", {}).get("count")
    if isinstance(count, dict) and count.get("value") == 1 and f"{key}#one" in messages:
        key = f"{key}#one"
    return messages.get(key, key)


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
        text = message_template(output, messages)
        for name, value in output.get("params", {}).items():
            shown = format_output(value, lang, messages) if isinstance(value, dict) else str(value)
            text = text.replace("{" + name + "}", shown)
        return text
    return output.get("text", "–")
