"""Tables and figures an article can call: rendered from elo_core, never typed.

Each macro returns HTML for one language (labels from the UI catalog, numbers
in the language's format). The article renderer puts it into the page after Markdown
and after the check of the author's own HTML (:mod:`sitegen.html_policy`): it is generated,
not typed.
"""

from __future__ import annotations

import importlib

from collections.abc import Callable, Sequence
from html import escape
from typing import Any

from babel.support import Translations
from markupsafe import Markup

from sitegen.number_format import format_number
from sitegen.tables import numeric_columns, stacks

__all__ = ["article_macros", "expectancy_curve_svg"]

MODELS = ("logistic", "normal", "fide")


def _table(caption: str, head: Sequence[str], rows: Sequence[Sequence[str]], css: str = "",
           narrow_head: Sequence[str] | None = None) -> Markup:
    """A table in its scroll box; a table of numbers looked up in columns (``compact``) keeps
    its columns on a phone, with ``narrow_head`` as its headings there; any other of several
    columns stacks its rows (:func:`sitegen.tables.stacks`)."""
    numeric = numeric_columns([list(row) for row in rows])
    stacked = "compact" not in css.split() and stacks(len(head))
    css = f"{css} stack".strip() if stacked else css

    def cls(column: int) -> str:
        return ' class="num"' if column in numeric else ""

    def heading(index: int, text: str) -> str:
        short = narrow_head[index] if narrow_head else None
        if short is None or short == text:
            return escape(text)
        # The long heading for a wide screen; a phone sees the short one, a reader hears both.
        return (f'<span class="wide-label">{escape(text)}</span>'
                f'<span class="narrow-label" aria-hidden="true">{escape(short)}</span>')

    def label(index: int) -> str:
        return f' data-label="{escape(head[index])}"' if stacked else ""

    lines = [f'<div class="table-wrap" tabindex="0"><table class="{escape(css)}">',
             f"<caption>{escape(caption)}</caption>",
             "<thead><tr>" + "".join(f'<th scope="col"{cls(i)}>{heading(i, h)}</th>'
                                     for i, h in enumerate(head)) + "</tr></thead>",
             "<tbody>"]
    for row in rows:
        lines.append("<tr>" + "".join(f"<td{cls(i)}{label(i)}>{escape(cell)}</td>"
                                      for i, cell in enumerate(row)) + "</tr>")
    lines.append("</tbody></table></div>")
    return Markup("".join(lines))


def _bands_8_1_2(elo_core: Any) -> list[tuple[int, int | None, float]]:
    """Table 8.1.2's bands, recovered from elo_core's lookup: (from, to, PD of the higher)."""
    bands: list[tuple[int, int | None, float]] = []
    start, current = 0, elo_core.pd_for_difference(0)
    for d in range(1, 1001):
        value = elo_core.pd_for_difference(d)
        if value != current:
            bands.append((start, d - 1, current))
            start, current = d, value
    bands.append((start, None, current))
    return bands


def article_macros(
    lang: str, translations: Translations, elo_core: Any
) -> dict[str, Callable[..., Any]]:
    """The macros for one language; ``elo_core`` is the (possibly reloaded) package."""
    _ = translations.gettext

    def num(value: float, digits: int) -> str:
        return format_number(value, digits, lang)

    def fide_table_8_1_2() -> Markup:
        rows = []
        for low, high, pd in _bands_8_1_2(elo_core):
            span = f"{low}–{high}" if high is not None else f"> {low - 1}"
            rows.append([span, num(pd, 2), num(1 - pd, 2)])
        return _table(
            _("FIDE table 8.1.2: rating difference and expected score"),
            [_("Rating difference"), _("Higher-rated player"), _("Lower-rated player")],
            rows, "compact",
        )

    def fide_table_8_1_1() -> Markup:
        entries = [(p / 100, elo_core.dp_for_score(p / 100)) for p in range(100, -1, -1)]
        columns = 4
        per_column = -(-len(entries) // columns)
        rows = []
        for index in range(per_column):
            row: list[str] = []
            for column in range(columns):
                position = column * per_column + index
                if position < len(entries):
                    p, dp = entries[position]
                    row += [num(p, 2), format_number(dp, 0, lang, signed=True)]
                else:
                    row += ["", ""]
            rows.append(row)
        return _table(
            _("FIDE table 8.1.1: score and rating difference"),
            [_("Score p"), _("dp")] * columns, rows, "compact", narrow_head=["p", "dp"] * columns,
        )

    def expectancy_table(differences: Sequence[int]) -> Markup:
        # FIDE's table has two decimals; printing a third would claim precision it lacks.
        rows = [
            [str(d)] + [num(elo_core.expected_score(1500 + d, 1500, model=m), 2 if m == "fide" else 3)
                        for m in MODELS]
            for d in differences
        ]
        return _table(
            _("Expected score of the higher-rated player"),
            [_("Rating difference"), _("Formula (logistic)"), _("Normal distribution"),
             _("FIDE table")],
            rows,
        )

    def expectancy_curve() -> Markup:
        return expectancy_curve_svg(lang, translations, elo_core)

    return {
        "expectancy_curve": expectancy_curve,
        "expectancy_table": expectancy_table,
        "fide_table_8_1_1": fide_table_8_1_1,
        "fide_table_8_1_2": fide_table_8_1_2,
    }


def expectancy_curve_svg(lang: str, translations: Translations, elo_core: Any,
                         extra: str = "", ident: str = "curve") -> Markup:
    """The three models' curves, −800 to +800; ``extra`` is SVG drawn on top (a live
    example's points: :mod:`sitegen.live`), in the geometry of :mod:`elo_core.page.articles`."""
    _ = translations.gettext
    geometry = importlib.import_module("elo_core.page.articles")
    x, y = geometry.curve_x, geometry.curve_y
    width, height, pad = geometry.CURVE_WIDTH, geometry.CURVE_HEIGHT, geometry.CURVE_PAD
    max_difference = geometry.CURVE_MAX

    def path(model: str) -> str:
        points = [(d, elo_core.expected_score(1500 + d / 2, 1500 - d / 2, model=model))
                  for d in range(-max_difference, max_difference + 1, 4)]
        return "M" + " L".join(f"{x(d):.1f},{y(e):.1f}" for d, e in points)

    grid = []
    for e in (0, 0.25, 0.5, 0.75, 1):
        grid.append(f'<line class="grid" x1="{pad}" x2="{width - pad}" y1="{y(e):.1f}" y2="{y(e):.1f}"/>'
                    f'<text class="tick" x="{pad - 6}" y="{y(e) + 4:.1f}" text-anchor="end">'
                    f'{format_number(e, 2, lang)}</text>')
    for d in range(-max_difference, max_difference + 1, 200):
        grid.append(f'<line class="grid" x1="{x(d):.1f}" x2="{x(d):.1f}" y1="{pad}" y2="{height - pad}"/>'
                    f'<text class="tick" x="{x(d):.1f}" y="{height - pad + 16}" text-anchor="middle">{d}</text>')
    labels = {"logistic": _("Formula (logistic)"), "normal": _("Normal distribution"),
              "fide": _("FIDE table")}
    legend = "".join(
        f'<g class="legend-{m}"><line x1="{pad + 10 + i * 190}" x2="{pad + 34 + i * 190}" y1="18" y2="18"/>'
        f'<text x="{pad + 40 + i * 190}" y="22">{escape(labels[m])}</text></g>'
        for i, m in enumerate(MODELS)
    )
    title = escape(_("Expected score by rating difference"))
    description = escape(_("The logistic formula, the normal distribution and FIDE's table "
                           "give almost the same curve; the table rises in steps."))
    svg = (
        f'<figure class="curve"><svg viewBox="0 0 {width} {height}" role="img" '
        f'aria-labelledby="{ident}-title {ident}-desc" xmlns="http://www.w3.org/2000/svg">'
        f'<title id="{ident}-title">{title}</title><desc id="{ident}-desc">{description}</desc>'
        + "".join(grid)
        + "".join(f'<path class="line-{m}" d="{path(m)}"/>' for m in MODELS)
        + legend
        + f'<text class="axis" x="{width / 2}" y="{height - 6}" text-anchor="middle">{escape(_("Rating difference"))}</text>'
        + extra
        + f"</svg><figcaption>{description}</figcaption></figure>"
    )
    return Markup(svg)
