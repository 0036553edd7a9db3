"""elo_core as the build uses it: the package (imported again after its sources change), a
language's number signs as it takes them, and every calculator's default example computed
and formatted as the page in each language shows it before its script runs."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path
from typing import Any

from sitegen.errors import BuildError
from sitegen.number_format import format_input, format_output, number_symbols

__all__ = ["elo_core", "numbers", "prerendered_examples"]


def elo_core(fresh: bool = False) -> Any:
    """The elo_core package; ``fresh`` re-imports it after its sources changed."""
    if fresh:
        for name in [n for n in sys.modules if n == "elo_core" or n.startswith("elo_core.")]:
            del sys.modules[name]
    return importlib.import_module("elo_core")


def numbers(lang: str) -> Any:
    """``lang``'s number signs as elo_core takes them: CLDR's, through Babel (elo_core knows
    no language's signs; the page's scripts get the same from <html data-decimal data-group>)."""
    return importlib.import_module("elo_core.numbers").NumberFormat(*number_symbols(lang))


def _examples(lang: str) -> dict[str, dict[str, Any]]:
    """Every mode's default example, computed by elo_core from the fields as the page in
    ``lang`` fills them in, as its script would (downloads differ by language)."""
    calculator = importlib.import_module("elo_core.page")
    signs = numbers(lang)
    outputs: dict[str, dict[str, Any]] = {}
    for mode, form in calculator.DEFAULTS.items():
        fields = {name: format_input(str(text), lang) for name, text in form.items()}
        result = calculator.compute(mode, fields, lang, signs)
        if not result["ok"]:
            raise BuildError(Path(str(calculator.__file__)), None,
                             f"default {mode} example fails: {result['errors']}")
        outputs[mode] = result["outputs"]
    return outputs


def prerendered_examples(lang: str, messages: dict[str, str]) -> dict[str, dict[str, Any]]:
    """The default examples formatted for ``lang``, as the page's script would show them."""
    return {mode: {name: format_output(out, lang, messages) for name, out in outputs.items()}
            for mode, outputs in _examples(lang).items()}
