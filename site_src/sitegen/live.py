"""Live examples in articles: a worked example whose inputs the reader can change.

An author marks one out in Markdown with four macros::

    {{ live_start("steps", rating=1750, opponent=1810, score="1", k=20) }}

    {{ live_input("rating") }} {{ live_input("opponent") }} {{ live_input("score") }}

    The difference is {{ live_out("difference") }}, so $E = {{ live_out("expected") }}$.

    {{ live_end() }}

``live_start`` names a mode of :mod:`elo_core.page` and its starting fields;
``live_input`` shows one of them as a form field (the others go along unseen);
``live_out`` writes one of the mode's outputs, in running text or inside ``$…$``
(optionally with ``digits=``, ``signed=`` or ``absolute=True``); ``live_curve()``
draws the expectancy curve with the ``models`` mode's points on it.

Where the steps differ with the input (the DWZ's rules before and from 8 June 2026), the
author writes each branch between ``live_when(output, case)`` and ``live_end_when()``,
each on a line of its own: ``output`` is a case output of the mode (``{"case": …,
"cases": […]}``) and the page shows the branch whose case the answer names, so no
sentence states a step that does not apply.

The build computes every output with elo_core, so the page is right before any script
runs; in the browser the example's inputs go to the same mode (site_src/js/
article.js) and every output updates. A wrong mode, field, output or case stops the
build with the article's file and line, and so does an example whose text does not hold
for an input it accepts (:mod:`sitegen.live_check`).
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from html import escape
from typing import Any

from babel.support import NullTranslations

from sitegen.browser_messages import N_
from sitegen.number_format import format_input, format_output
from sitegen.suggest import unknown
from sitegen.tables import numeric_columns, stacks

__all__ = ["FIELD_LABELS", "LiveExampleError", "LiveExamples", "RenderedExample"]

#: Labels for the article modes' fields, so an author need not write them (any
#: ``live_input`` may still give its own).
FIELD_LABELS: dict[str, str] = {
    "rating": N_("Your rating"),
    "opponent": N_("Opponent's rating"),
    "score": N_("Your result"),
    "k": N_("K-factor"),
    "games": N_("Games: the opponent's rating | your result, one per line"),
    "difference": N_("Rating difference"),
}

# Fields shown as a choice, with their options' labels.
_CHOICES: dict[str, tuple[tuple[str, str], ...]] = {
    "score": (("1", N_("Win (1)")), ("½", N_("Draw (½)")), ("0", N_("Loss (0)"))),
    "model": (("logistic", N_("Formula (logistic)")), ("normal", N_("Normal distribution")),
              ("fide", N_("FIDE table"))),
    "cap": (("none", N_("No limit")), ("400", N_("400 points, always")),
            ("fide", N_("400 points, not from 2650 (FIDE)"))),
    "rounding": (("none", N_("Not rounded")), ("tenth", N_("To a tenth")),
                 ("fide", N_("To a whole number (FIDE)"))),
}

# How a screen reader names an example.
EXAMPLE_LABEL = N_("Example you can change")

# The calculators' notes (tool-fields.html), for an example that is out of date or waiting.
STALE_NOTE = "Out of date: fix the marked field to update the results."
PENDING_NOTE = "Updating as soon as the calculator is ready…"

# Fields typed over several lines (a list of games, of opponents, a file's text).
_MULTILINE = frozenset({"games", "league_games", "g_games", "dwz_games", "perf_opponents",
                        "init_opponents", "trf_text", "trf_k"})

# Fields that hold a day: the browser's date picker shows it in the reader's own format,
# and its value is the ISO date (YYYY-MM-DD) the mode reads.
_DATES = frozenset({"dwz_played"})


# A field's name goes into the page's ids and names: letters, digits and _ only.
_FIELD_NAME = re.compile(r"[a-z][a-z0-9_]{0,40}")


class _ReadFields(Mapping[str, str]):
    """A mode's form that remembers which fields the mode read (the others are unknown to it)."""

    def __init__(self, fields: Mapping[str, str]) -> None:
        self.fields = fields
        self.read: set[str] = set()

    def __getitem__(self, name: str) -> str:
        self.read.add(name)
        return self.fields[name]

    def get(self, name: str, default: object = None) -> object:  # type: ignore[override]
        self.read.add(name)
        return self.fields.get(name, default)

    def __contains__(self, name: object) -> bool:
        if isinstance(name, str):
            self.read.add(name)
        return name in self.fields

    def __iter__(self) -> Iterator[str]:
        return iter(self.fields)

    def __len__(self) -> int:
        return len(self.fields)


class LiveExampleError(ValueError):
    """A live example that cannot work as written (the build names the file and line)."""


@dataclass
class _Example:
    number: int
    mode: str
    values: dict[str, str]
    outputs: Mapping[str, Any]
    shown: set[str] = field(default_factory=set)
    when: str | None = None  # the case output of the branch open now


@dataclass(frozen=True)
class RenderedExample:
    """A live example as the build wrote it: what :mod:`sitegen.live_check` needs to render
    it again for other inputs. ``choices`` are the values a choice field offers; ``tokens``
    the example's outputs in the text (``<output>``, ``<mn>``) in page order."""

    number: int
    mode: str
    values: dict[str, str]
    shown: tuple[str, ...]
    choices: dict[str, tuple[str, ...]]
    tokens: tuple[str, ...] = ()


class LiveExamples:
    """The live examples of one article in one language (a fresh one per rendering).

    An article writes the starting values as in Python (1750, 0.06, "½", "1810 | 1\\n1810
    | ½"); the fields hold them as a reader of the page's language types them (0,06), and
    the build computes from those fields exactly as the page does.
    """

    def __init__(
        self,
        lang: str,
        translations: NullTranslations,
        messages: dict[str, str],
        compute: Callable[[str, Mapping[str, str], str], dict[str, Any]],
        modes: Sequence[str],
        curve: Callable[[str], str],
    ) -> None:
        self.lang = lang
        self._ = translations.gettext
        self.messages = messages
        self.compute = compute
        self.modes = tuple(modes)
        self.curve_svg = curve
        # Digits only, so a placeholder reads as one number inside $…$ (one <mn>) too.
        self.nonce = str(secrets.randbelow(10**12) + 10**12)
        self.count = 0
        self.current: _Example | None = None
        self.outputs: dict[str, str] = {}  # placeholder → its <output>/<mn> attributes and text
        self.marks: list[str] = []  # the start and end placeholders, each on a line of its own
        self.examples: list[RenderedExample] = []  # every example, once it has ended
        self._owner: dict[str, int] = {}  # output placeholder → its example's number
        self._choices: dict[str, tuple[str, ...]] = {}

    # -- the macros an article calls ------------------------------------------------------

    def start(self, mode: str, **values: object) -> str:
        if self.current is not None:
            raise LiveExampleError("live_start inside a live example: call live_end() first")
        if mode not in self.modes:
            raise LiveExampleError(unknown("mode", mode, self.modes))
        for name in values:
            if not _FIELD_NAME.fullmatch(name):
                raise LiveExampleError(f"field name {name!r}: use a-z, 0-9 and _ (at most 41)")
        # As the page's fields hold them: 0.06 is 0,06 on a German page.
        fields = {name: format_input(_field_text(value), self.lang) for name, value in values.items()}
        form = _ReadFields(fields)
        result = self.compute(mode, form, self.lang)
        strange = [name for name in fields if name not in form.read]
        if strange:
            raise LiveExampleError(unknown("field", strange[0],
                                           sorted(form.read - set(fields)) or sorted(form.read),
                                           f"in the {mode!r} mode"))
        if not result["ok"]:
            problems = "; ".join(f"{e['field']}: {e['code']}" + (f"/{e['reason']}" if e["reason"] else "")
                                 for e in result["errors"])
            raise LiveExampleError(f"the {mode!r} example's inputs are wrong ({problems})")
        self.count += 1
        self.current = _Example(self.count, mode, fields, result["outputs"])
        self._choices = {}
        return (f'<div class="live" id="live{self.count}" data-live data-mode="{escape(mode)}" '
                f'role="group" aria-label="{escape(self._(EXAMPLE_LABEL))}">')

    def input(self, name: str, label: str | None = None, *,
              options: Sequence[tuple[str, str]] | None = None) -> str:
        example = self._inside("live_input")
        if name not in example.values:
            raise LiveExampleError(
                f"live_input({name!r}): " + unknown("field", name, example.values, "in this example")
                + " (a field shown needs a starting value in live_start)")
        if name in example.shown:
            raise LiveExampleError(f"live_input({name!r}) is already in this example")
        if label is None:
            if name not in FIELD_LABELS and name not in _CHOICES:
                raise LiveExampleError(f"live_input({name!r}) needs a label: live_input({name!r}, \"…\")")
            label = self._(FIELD_LABELS.get(name, name))
        example.shown.add(name)
        ident = escape(f"live{example.number}-{name}")
        value = example.values[name]
        error = (f'<span class="field-error" id="{ident}-error" data-error-for="{escape(name)}" '
                 f'role="alert" hidden></span>')
        common = f'id="{ident}" name="{escape(name)}" aria-describedby="{ident}-error"'
        choices = options if options is not None else _CHOICES.get(name)
        if choices is not None:
            known = [option for option, _label in choices]
            self._choices[name] = tuple(known)
            if value not in known:
                raise LiveExampleError(f"live_input({name!r}): {value!r} is not one of {known}")
            items = "".join(
                f'<option value="{escape(option)}"{" selected" if option == value else ""}>'
                f"{escape(self._(text) if options is None else text)}</option>"
                for option, text in choices)
            control = f"<select {common}>{items}</select>"
        elif name in _DATES:
            control = f'<input {common} type="date" value="{escape(value)}">'
        elif "\n" in value or name in _MULTILINE:
            control = (f'<textarea {common} rows="{max(3, value.count(chr(10)) + 2)}" '
                       f'spellcheck="false" autocomplete="off">{escape(value)}</textarea>')
        else:
            size = max(4, min(12, len(value) + 2))
            control = (f'<input {common} type="text" inputmode="decimal" autocomplete="off" '
                       f'size="{size}" value="{escape(value)}">')
        wide = " live-field-wide" if control.startswith("<textarea") else ""
        return (f'<span class="live-field{wide}"><label for="{ident}">{escape(label)}</label>'
                f"{control}{error}</span>")

    def out(self, name: str, digits: int | None = None, *, signed: bool | None = None,
            absolute: bool = False) -> str:
        example = self._inside("live_out")
        output = example.outputs.get(name)
        if name in example.outputs and output is None:
            # A step of rules that do not apply to the starting values: it belongs in the
            # branch of the rules it explains, which the page shows when they apply.
            if example.when is None:
                raise LiveExampleError(
                    f"live_out({name!r}) has no value for the starting values: put it between "
                    "live_when(…) and live_end_when(), in the branch where it applies")
            return self._token(example, f'data-out="{escape(name)}"'
                               + self._number_attributes(name, digits, signed, absolute)
                               + f">{escape(str(format_output(None, self.lang, self.messages)))}")
        if not isinstance(output, dict) or not ({"value", "message", "text"} & set(output)):
            shown_names = sorted(n for n, o in example.outputs.items()
                                 if isinstance(o, dict) and {"value", "message", "text"} & set(o))
            raise LiveExampleError(
                f"live_out({name!r}): " + unknown("output", name, shown_names,
                                                  f"in the {example.mode!r} mode"))
        shown = dict(output)
        attributes = f'data-out="{escape(name)}"'
        if "value" not in output:
            attributes += ' class="live-text"'  # a sentence, not a number to pick out
        if (digits is not None or signed is not None or absolute) and "value" not in output:
            raise LiveExampleError(f"live_out({name!r}) is a text: digits, signed and absolute "
                                   "are for numbers")
        attributes += self._number_attributes(name, digits, signed, absolute)
        if digits is not None:
            shown["digits"] = digits
        if signed is not None:
            shown["signed"] = bool(signed)
        if absolute:
            # A size, not a direction: "loses 11.7", no sign unless asked for.
            shown["value"] = abs(shown["value"])
            shown["signed"] = bool(signed)
        return self._token(example, f"{attributes}>"
                           f"{escape(str(format_output(shown, self.lang, self.messages)))}")

    @staticmethod
    def _number_attributes(name: str, digits: int | None, signed: bool | None,
                           absolute: bool) -> str:
        attributes = ""
        if digits is not None:
            if not (isinstance(digits, int) and 0 <= digits <= 6):
                raise LiveExampleError(f"live_out({name!r}): digits must be 0 to 6")
            attributes += f' data-digits="{digits}"'
        if signed is not None:
            attributes += f' data-signed="{"true" if signed else "false"}"'
        if absolute:
            attributes += " data-absolute"
        return attributes

    def _token(self, example: _Example, inner: str) -> str:
        """A placeholder for an output, filled in after Markdown (:meth:`insert`)."""
        token = f"{self.nonce}{len(self.outputs):04d}"
        self.outputs[token] = inner
        self._owner[token] = example.number
        return token

    def table(self, name: str, caption: str, headers: Sequence[str]) -> str:
        """A table output (``rows``) of the example, with the author's caption and headings."""
        example = self._inside("live_table")
        output = example.outputs.get(name)
        if not isinstance(output, dict) or "rows" not in output:
            tables = sorted(n for n, o in example.outputs.items() if isinstance(o, dict) and "rows" in o)
            raise LiveExampleError(f"live_table({name!r}): "
                                   + unknown("table", name, tables, f"in the {example.mode!r} mode"))
        rows = format_output(output, self.lang, self.messages)
        if rows and len(headers) != len(rows[0]):
            raise LiveExampleError(f"live_table({name!r}) has {len(rows[0])} columns: give as many "
                                   f"headings, not {len(headers)}")
        numeric = numeric_columns(rows)
        # Its rows change with the input: with several columns it stacks on a phone, each cell
        # after its heading (widgets.js labels the rows it makes alike).
        stacked = stacks(len(headers))

        def cell(column: int, text: str, tag: str = "td") -> str:
            css = ' class="num"' if column in numeric else ""
            scope = ' scope="col"' if tag == "th" else ""
            label = f' data-label="{escape(headers[column])}"' if stacked and tag == "td" else ""
            return f"<{tag}{scope}{css}{label}>{escape(str(text))}</{tag}>"

        head = "".join(cell(i, h, "th") for i, h in enumerate(headers))
        body = "".join("<tr>" + "".join(cell(i, c) for i, c in enumerate(row)) + "</tr>"
                       for row in rows)
        table = '<table class="stack">' if stacked else "<table>"
        return (f'<div class="table-wrap" tabindex="0">{table}<caption>{escape(caption)}</caption>'
                f'<thead><tr>{head}</tr></thead><tbody data-out="{escape(name)}">{body}</tbody>'
                f"</table></div>")

    def curve(self) -> str:
        """The expectancy curve with the ``models`` example's points and marker on it."""
        example = self._inside("live_curve")
        if example.mode != "models":
            raise LiveExampleError("live_curve() belongs in a 'models' example")
        outputs = example.outputs

        def attrs(name: str) -> str:
            return " ".join(f'{key}="{escape(str(value))}"'
                            for key, value in outputs[name]["attrs"].items())

        extra = (f'<line class="marker" data-out="marker" {attrs("marker")}/>'
                 + "".join(f'<circle class="point point-{model}" r="6" data-out="point_{model}" '
                           f'{attrs("point_" + model)}/>' for model in ("logistic", "normal", "fide")))
        return self.curve_svg(extra)

    def when(self, name: str, case: str) -> str:
        """The start of a branch shown while the case output ``name`` is ``case``."""
        example = self._inside("live_when")
        if example.when is not None:
            raise LiveExampleError(f"live_when({name!r}, {case!r}) inside a branch: call "
                                   "live_end_when() first")
        output = example.outputs.get(name)
        cases = sorted(n for n, o in example.outputs.items() if isinstance(o, dict) and "case" in o)
        if not isinstance(output, dict) or "case" not in output:
            raise LiveExampleError(f"live_when({name!r}): " + unknown(
                "case output", name, cases, f"in the {example.mode!r} mode"))
        if case not in output["cases"]:
            raise LiveExampleError(f"live_when({name!r}, {case!r}): "
                                   + unknown("case", case, output["cases"]))
        example.when = name
        hidden = "" if output["case"] == case else " hidden"
        return f'<div class="live-when" data-out="{escape(name)}" data-case="{escape(case)}"{hidden}>'

    def end_when(self) -> str:
        example = self._inside("live_end_when")
        if example.when is None:
            raise LiveExampleError("live_end_when() without live_when(…)")
        example.when = None
        return "</div>"

    def end(self) -> str:
        example = self._inside("live_end")
        if example.when is not None:
            raise LiveExampleError(f"live_when({example.when!r}, …) without live_end_when()")
        self.current = None
        self.examples.append(RenderedExample(
            example.number, example.mode, dict(example.values), tuple(sorted(example.shown)),
            {name: self._choices[name] for name in example.shown if name in self._choices}))
        hidden = "".join(f'<input type="hidden" name="{escape(name)}" value="{escape(value)}">'
                         for name, value in example.values.items() if name not in example.shown)
        notes = (f'<p class="field-error" data-error-for="*" role="alert" hidden></p>'
                 f'<p class="stale-note">{escape(self._(STALE_NOTE))}</p>'
                 f'<p class="pending-note">{escape(self._(PENDING_NOTE))}</p>')
        return f"{hidden}{notes}</div>"

    # -- after Markdown -------------------------------------------------------------------

    def insert(self, html: str) -> str:
        """Put the outputs in: an ``<mn>`` inside a formula, an ``<output>`` in text; each
        example learns its outputs' placeholders in page order (to name a line)."""
        placed = sorted((token for token in self.outputs if token in html), key=html.find)
        self.examples = [
            RenderedExample(example.number, example.mode, example.values, example.shown,
                            example.choices,
                            tuple(t for t in placed if self._owner[t] == example.number))
            for example in self.examples]
        for token, inner in self.outputs.items():
            html = html.replace(f"<mn>{token}</mn>", f"<mn {inner}</mn>")
            html = html.replace(token, f"<output {inner}</output>")
        return html

    def _inside(self, macro: str) -> _Example:
        if self.current is None:
            raise LiveExampleError(f"{macro} outside a live example: start one with live_start(…)")
        return self.current


def _field_text(value: object) -> str:
    """A starting value as the page's field holds it (English number format)."""
    if isinstance(value, bool) or not isinstance(value, (str, int, float)):
        raise LiveExampleError(f"a starting value must be a number or text, not {value!r}")
    return value if isinstance(value, str) else f"{value:g}" if isinstance(value, float) else str(value)
