"""The pages' protocol: every calculator, tool and live example as a function of raw fields.

The page (through Pyodide, in a worker) and the build (to pre-render each
example) call the same :func:`compute`, so the first paint and every later
result come from one code path. Inputs are the strings a user typed, by field
name; outputs are plain numbers with the number of decimals to show (the page
formats them for its language), texts, table rows or SVG attributes — or the
errors found, by field, each with a stable code.

Modes: :mod:`elo_core.page.home` (``elo``, ``match``, ``expectancy``),
:mod:`elo_core.page.tools` (``k_advisor``, ``performance``, ``initial``, ``league``),
:mod:`elo_core.page.systems` (``glicko2``, ``dwz``), :mod:`elo_core.page.trf` (``trf``, a
tournament report file rated by FIDE's rules), :mod:`elo_core.page.norms` (``norm_planner``:
the points and opponents a title norm still needs) and :mod:`elo_core.page.articles`
(``steps``, ``period``, ``models``: the articles' live examples, every intermediate step an
output).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any

from elo_core.errors import InputError
from elo_core.page import articles, home, norms, systems, tools, trf
from elo_core.numbers import DECIMAL_POINT, NumberFormat
from elo_core.page.fields import FormErrors, PageLanguage

__all__ = ["DEFAULTS", "MODES", "PageLanguage", "ROWS_PER_PART", "compute", "compute_json", "parse_reply"]

#: Every mode's example, already computed by the build before anyone types.
DEFAULTS: dict[str, dict[str, str]] = {
    **home.DEFAULTS,
    **articles.DEFAULTS,
    **tools.DEFAULTS,
    **systems.DEFAULTS,
    **trf.DEFAULTS,
    **norms.DEFAULTS,
}

MODES: dict[str, Callable[[Mapping[str, str], PageLanguage], Mapping[str, Any]]] = {
    **home.MODES,
    **articles.MODES,
    **tools.MODES,
    **systems.MODES,
    **trf.MODES,
    **norms.MODES,
}


def compute(
    mode: str, form: Mapping[str, str], lang: str = "en", numbers: NumberFormat = DECIMAL_POINT
) -> dict[str, Any]:
    """Run one mode on a page in ``lang`` that writes numbers as ``numbers`` (the page's
    signs, which the caller gives: elo_core knows no language's); bad input comes back as
    data, never as an exception.

    ``{"ok": True, "outputs": {name: output}}`` or ``{"ok": False, "errors":
    [{"field", "code", "line", "reason", "params"}]}`` (see
    :meth:`elo_core.errors.InputError.as_dict`), with ``"outputs"`` too when the valid
    fields still give some results (:class:`~elo_core.page.fields.FormErrors`): the page
    shows them and marks out of date only the results the bad fields feed.
    """
    if mode not in MODES:
        error = InputError("option-invalid", f"Unknown mode {mode!r}.", reason="mode")
        return {"ok": False, "errors": [error.as_dict()]}
    try:
        outputs = MODES[mode](form, PageLanguage(lang, numbers))
    except FormErrors as errors:
        reply: dict[str, Any] = {"ok": False, "errors": errors.errors}
        if errors.outputs:
            reply["outputs"] = errors.outputs  # what the valid fields still give
        return reply
    except InputError as error:
        return {"ok": False, "errors": [error.as_dict()]}
    return {"ok": True, "outputs": outputs}


def compute_json(
    mode: str, form_json: str, lang: str = "en", decimal: str = ".", group: str = ","
) -> str:
    """:func:`compute` as the engine worker calls it: the form and the reply as JSON text,
    the page's decimal and grouping signs as two texts (the build writes them into the page).

    The reply is always valid JSON (RFC 8259 has no ``Infinity`` or ``NaN``; the
    page's ``JSON.parse`` refuses them). Numbers read from fields are finite
    (:mod:`elo_core.numbers`), so a non-finite number in a reply is a bug: it is
    answered as ``engine-failed`` (reason ``"non-finite"``) rather than as text
    the page cannot read. A form that is not a JSON object of texts is refused the same way,
    and signs the reader cannot use (reason ``"numbers"``).

    A reply with a table of more than :data:`ROWS_PER_PART` rows (a tournament file of
    hundreds of players: megabytes) is several JSON texts, one a line (``json.dumps``
    writes no line break): the reply with those tables' rows left out, then each such
    table's rows in order, :data:`ROWS_PER_PART` at a time, as ``{"output": name, "rows":
    [...]}``. The page reads a line a task, so no task of its own reads the whole reply.
    """
    try:
        numbers = NumberFormat(decimal, group)
    except ValueError:
        return json.dumps(_failed("numbers"))
    try:
        form = json.loads(form_json)
    except ValueError:
        form = None
    if not isinstance(form, dict):
        return json.dumps(_failed("form"))
    try:
        return "\n".join(json.dumps(part, allow_nan=False)
                         for part in _in_parts(compute(mode, form, lang, numbers)))
    except ValueError:
        return json.dumps(_failed("non-finite"))


ROWS_PER_PART = 1000
"""The most rows of one table in one line of :func:`compute_json`'s reply (1,000 rows of
a tournament file's norm checks are about 0.2 MB)."""


def parse_reply(text: str) -> dict[str, Any]:
    """A reply of :func:`compute_json` read back as one dict, as the page puts it together
    (``widgets.js``): the first line, then each later line's rows added to its table.

    As strict as the page's ``JSON.parse``: ``NaN`` and ``Infinity`` raise ValueError.
    """
    def refuse(constant: str) -> None:
        raise ValueError(f"{constant} is not JSON")

    head, *parts = (json.loads(line, parse_constant=refuse) for line in text.split("\n"))
    reply: dict[str, Any] = head
    for part in parts:
        reply["outputs"][part["output"]]["rows"].extend(part["rows"])
    return reply


def _in_parts(reply: dict[str, Any]) -> list[dict[str, Any]]:
    """The reply, then the rows of each table longer than :data:`ROWS_PER_PART` in parts."""
    outputs = reply.get("outputs", {})
    long = [name for name, output in outputs.items()
            if isinstance(output, dict) and len(output.get("rows", ())) > ROWS_PER_PART]
    if not long:
        return [reply]
    head = {**reply, "outputs": {name: {**output, "rows": []} if name in long else output
                                 for name, output in outputs.items()}}
    return [head, *({"output": name, "rows": outputs[name]["rows"][start:start + ROWS_PER_PART]}
                    for name in long
                    for start in range(0, len(outputs[name]["rows"]), ROWS_PER_PART))]


def _failed(reason: str) -> dict[str, Any]:
    return {
        "ok": False,
        "errors": [
            {"field": None, "code": "engine-failed", "line": None, "reason": reason, "params": {}}
        ],
    }
