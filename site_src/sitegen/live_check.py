"""A live example must hold for every input it accepts: the check the build and the tests run.

A live example (:mod:`sitegen.live`) is text with numbers that change as the reader types.
Its text is written for the starting values; it is rendered again for other inputs
(:mod:`sitegen.live_text`), exactly as the page does (``site_src/js/widgets.js``: every
``[data-out]`` filled with the mode's output as :func:`sitegen.number_format.format_output`
writes it, each ``live_when`` branch shown only for its case), and read as a reader reads it:

- a **placeholder** (the "–" of an output the mode has no value for, an output the answer
  lacks, a ``{name}`` left in a message, an empty number in a formula) inside a sentence or a
  formula is a problem: the text states a step that does not apply;
- an **equation** whose two sides differ by more than the digits shown allow is a problem
  (:mod:`sitegen.live_equations`). Each number shown stands for every value that rounds to
  it (``−25.0`` for −25.05 … −24.95; a number typed in the text is exact), both sides are
  worked out as intervals, and the equation holds when they meet. So ``36.8 · (0.0 − 0.680) ≈ −20`` fails (the left side is
  −25.0), ``800 · (3.0 − 2.007) / (22 + 5) ≈ +29.4`` holds.

Equations are read in formulas (MathML) and in running text alike: numbers joined by
``+ − · × / ^``, brackets, ``√`` and ``e^…``, compared across ``=`` and ``≈``. A side with a
letter in it (``K · (W − We)``) is a name, not a number, and is not compared.

The build checks every example over :func:`edge_forms` (the starting values and the edges
of each field: the day before and of a rule change, the floor, zero and full scores, the
largest values) and stops with the article's file and line; the tests draw many more
inputs with hypothesis (tests/site/test_live_check.py).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from datetime import timedelta
from itertools import combinations
from typing import Any

from sitegen.live import RenderedExample
from sitegen.live_equations import equation_problems, tokens
from sitegen.live_text import Node, Piece, example_tree, output_pieces, render
from sitegen.number_format import number_symbols

__all__ = ["Problem", "check_examples", "edge_forms", "explain", "field_edges", "problems",
           "sentence_problems"]


@dataclass(frozen=True)
class Problem:
    """What a reader would find wrong, with the text as the page shows it; ``output`` is the
    page-order position of a text output in the failing block (to name its line)."""

    message: str
    output: int | None


# What :func:`equation_problems` said of a block, by the block's pieces: one example's
# forms show most of its blocks unchanged (20,354 blocks in a build of the site, 5,098 of them
# different), and reading the equations is most of the check's time.
Verdicts = dict[tuple[Piece, ...], list[str]]


def problems(tree: Node, result: Mapping[str, Any], lang: str,
             messages: dict[str, str], verdicts: Verdicts | None = None) -> list[Problem]:
    """What is wrong with the example ``tree`` when the page shows ``result`` (a
    :func:`elo_core.page.compute` answer; an input the mode refuses is the reader's
    error, shown next to the field, and has nothing to check). ``verdicts`` keeps what
    was found in each block for the next call on the same example, in the same language."""
    if not result.get("ok"):
        return []
    if verdicts is None:
        verdicts = {}
    blocks, missing = render(tree, result["outputs"], lang, messages)
    found = [Problem(f"the answer has no output {name!r}: the page would keep its old value",
                     position) for name, position in missing]
    for block in blocks:
        text = re.sub(r"\s+", " ", block.text).strip()
        where = block.outputs[0] if block.outputs else None
        kind = "formula" if block.math else "sentence"
        if any(piece.kind == "placeholder" for piece in block.pieces):
            found.append(Problem(f"a {kind} shows a placeholder: {text!r}", where))
            continue
        left = re.search(r"\{\w+\}", text)
        if left:
            found.append(Problem(f"a {kind} shows {left.group()} unfilled: {text!r}", where))
            continue
        if block.pieces not in verdicts:
            verdicts[block.pieces] = equation_problems(tokens(block.pieces, lang))
        for said in verdicts[block.pieces]:
            found.append(Problem(f"{said}, in the {kind} {text!r}", where))
    return found


def sentence_problems(output: Any, lang: str, messages: dict[str, str]) -> list[str]:
    """What is wrong with one output a calculator shows as a sentence (its reasons, its
    notes): a placeholder, a ``{name}`` left unfilled, an equation that does not hold."""
    pieces = output_pieces(output, lang, messages)
    text = re.sub(r"\s+", " ", "".join(piece.text for piece in pieces)).strip()
    if any(piece.kind == "placeholder" for piece in pieces):
        return [f"a placeholder: {text!r}"]
    left = re.search(r"\{\w+\}", text)
    if left:
        return [f"{left.group()} unfilled: {text!r}"]
    return [f"{said}: {text!r}" for said in equation_problems(tokens(pieces, lang))]


# --- the inputs the build tries --------------------------------------------------------------

_RULES_CHANGE = "2026-06-08"


def _day(iso: str, days: int) -> str:
    from datetime import date

    return (date.fromisoformat(iso) + timedelta(days=days)).isoformat()


def _games_variants(text: str, result_of: Callable[[str], str]) -> list[str]:
    """A list of games (one ``opponent | result`` a line) with all results changed, and
    shortened to its first game."""
    lines = [line for line in text.split("\n") if line.strip()]
    variants = [text, lines[0]] if lines else [text]
    for result in ("1", "½", "0"):
        variants.append("\n".join(re.sub(r"\|\s*[^|]*$", f"| {result_of(result)}", line)
                                  for line in lines))
    return variants


# The edges of each kind of field, by name: where rules change, the lowest and highest values.
_RATING_EDGES = ("100", "1099", "1100", "1300", "1399", "1400", "1600", "2000", "2200", "2400",
                 "2650", "4000")
_FIELD_EDGES: dict[str, tuple[str, ...]] = {
    "rating": _RATING_EDGES,
    "opponent": _RATING_EDGES,
    "dwz_rating": ("100", "1099", "1100", "1120", "1299", "1300", "1599", "1600", "1999", "2000",
                   "2200", "4000", "1480.5"),
    "dwz_age": ("0", "20", "21", "25", "26", "150"),
    "dwz_index": ("1", "2", "5", "6", "10", "11", "1000000"),
    "dwz_played": (_day(_RULES_CHANGE, -1), _RULES_CHANGE, "", "1900-01-01", "2100-12-31"),
    "k": ("10", "20", "40", "0.5", "1000"),
    "difference": ("0", "1", "399", "400", "401", "735", "800"),
    "g_rating": ("100", "1500", "4000"),
    "g_rd": ("1", "30", "350", "500"),
    "league_start": ("100", "1500", "4000"),
    "league_k": ("1", "20", "1000"),
    "rated_games": ("0", "29", "30", "1000"),
    "birth_year": ("", "1950", "2008", "2010", "2020"),
    "games_in_period": ("0", "1", "17", "35", "36", "500"),
    "np_rounds": ("1", "8", "9", "13", "14", "99"),
    "np_federation": ("", "DEN", "GER"),
    "np_average": ("100", "2200", "2600", "4000"),
}


def field_edges(name: str, value: str, choices: Sequence[str] = (),
                lang: str = "en") -> list[str]:
    """The values the build tries for a field: its starting value, its choices, the edges of
    its kind (written as a reader of ``lang`` types them), for a list of games the same list
    won, drawn, lost and cut to one game."""
    decimal, _group = number_symbols(lang)
    edges = [value, *choices]
    if name in _FIELD_EDGES:
        edges += [edge.replace(".", decimal) if re.fullmatch(r"\d+\.\d+", edge) else edge
                  for edge in _FIELD_EDGES[name]]
    elif "\n" in value or name.endswith("games"):
        edges += _games_variants(value, lambda result: result)
        if name in ("games", "dwz_games"):
            # The lowest and highest opponents, won and lost.
            count = max(1, value.count("\n") + 1)
            for opponent in ("100", "4000"):
                for result in ("1", "0"):
                    edges.append("\n".join([f"{opponent} | {result}"] * count))
    elif name == "np_played":
        edges.append("- | 1\n- | 0")
    return list(dict.fromkeys(edges))


def edge_forms(example: RenderedExample, lang: str, most: int = 150) -> Iterator[dict[str, str]]:
    """The forms the build checks an example with: each shown field at each of its edges,
    then each pair of shown fields at a pair of edges (at most ``most`` forms in all)."""
    start = dict(example.values)
    edges = {name: field_edges(name, start[name], example.choices.get(name, ()), lang)
             for name in example.shown}
    seen = 0
    yield start
    for name, values in edges.items():
        for value in values[1:]:
            seen += 1
            yield {**start, name: value}
    for first, second in combinations(edges, 2):
        for a in edges[first][1:]:
            for b in edges[second][1:]:
                if seen >= most:
                    return
                seen += 1
                yield {**start, first: a, second: b}


def check_examples(
    html: str,
    examples: Sequence[RenderedExample],
    compute: Callable[[str, Mapping[str, str], str], dict[str, Any]],
    lang: str,
    messages: dict[str, str],
) -> tuple[RenderedExample, dict[str, str], Problem] | None:
    """The first example of an article (its final ``html``) that does not hold for one of
    its :func:`edge_forms`, with that form and the problem; None when all hold."""
    for example in examples:
        tree = example_tree(html, example.number)
        verdicts: Verdicts = {}  # at most one per block and form: edge_forms is bounded
        for form in edge_forms(example, lang):
            found = problems(tree, compute(example.mode, form, lang), lang, messages, verdicts)
            if found:
                return example, form, found[0]
    return None


def explain(example: RenderedExample, form: Mapping[str, str], problem: Problem) -> str:
    """The build's message: which example, with which inputs, and what a reader would see."""
    changed = [f"{name}={value!r}" for name, value in form.items()
               if example.values.get(name) != value]
    inputs = f"with {', '.join(changed)}" if changed else "with its starting values"
    return (f"live example {example.number} ({example.mode!r}) does not hold {inputs}: "
            f"{problem.message} (write each case's steps between live_when(…) and "
            "live_end_when(), or show the step that changes the result)")
