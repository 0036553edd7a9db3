"""A live example must hold for every input it accepts: the check the build and the tests run.

A live example (:mod:`sitegen.live`) is text with numbers that change as the reader types.
Its text is written for the starting values; this module renders it again for other inputs,
exactly as the page does (``site_src/js/widgets.js``: every ``[data-out]`` filled with the
mode's output as :func:`sitegen.number_format.format_output` writes it, each ``live_when`` branch
shown only for its case), and reads what a reader would read:

- a **placeholder** (the "–" of an output the mode has no value for, an output the answer
  lacks, a ``{name}`` left in a message, an empty number in a formula) inside a sentence or a
  formula is a problem: the text states a step that does not apply;
- an **equation** whose two sides differ by more than the digits shown allow is a problem.
  Each number shown stands for every value that rounds to it (``−25.0`` for −25.05 … −24.95;
  a number typed in the text is exact), both sides are worked out as intervals, and the
  equation holds when they meet. So ``36.8 · (0.0 − 0.680) ≈ −20`` fails (the left side is
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

import functools
import math
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import timedelta
from html.parser import HTMLParser
from itertools import combinations
from typing import Any

from sitegen.number_format import format_output, number_symbols
from sitegen.live import RenderedExample

__all__ = [
    "Block",
    "Node",
    "Piece",
    "Problem",
    "Token",
    "check_examples",
    "edge_forms",
    "equation_problems",
    "example_tree",
    "explain",
    "field_edges",
    "problems",
    "render",
    "sentence_problems",
    "tokens",
]

PLACEHOLDER = "–"

# --- the example's HTML as a small tree -------------------------------------------------


@dataclass
class Node:
    tag: str
    attrs: dict[str, str | None]
    children: list[Node | str] = field(default_factory=list)


_VOID = frozenset({"input", "br", "hr", "img", "wbr", "col", "area", "source", "track"})


class _TreeBuilder(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = Node("#root", {})
        self.stack = [self.root]

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        node = Node(tag, dict(attrs))
        self.stack[-1].children.append(node)
        if tag not in _VOID:
            self.stack.append(node)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.stack[-1].children.append(Node(tag, dict(attrs)))

    def handle_endtag(self, tag: str) -> None:
        for depth in range(len(self.stack) - 1, 0, -1):
            if self.stack[depth].tag == tag:
                del self.stack[depth:]
                return

    def handle_data(self, data: str) -> None:
        self.stack[-1].children.append(data)


def example_tree(html: str, number: int) -> Node:
    """The ``<div class="live" id="live{number}">`` of an article's final HTML."""
    builder = _TreeBuilder()
    builder.feed(html)
    builder.close()
    found = _find(builder.root, lambda node: node.attrs.get("id") == f"live{number}")
    if found is None:
        raise LookupError(f"live{number} is not in the article")
    return found


def _find(node: Node, test: Callable[[Node], bool]) -> Node | None:
    for child in node.children:
        if isinstance(child, Node):
            if test(child):
                return child
            inner = _find(child, test)
            if inner is not None:
                return inner
    return None


# --- rendering, as widgets.js fills the page --------------------------------------------


@dataclass(frozen=True)
class Piece:
    """A bit of what the reader reads: typed text, or a number the page wrote (with the text
    shown), or a placeholder where an output has no value."""

    text: str
    kind: str  # "typed", "number", "text", "placeholder"


@dataclass(frozen=True)
class Block:
    """A sentence-level block (a paragraph, an item, a formula) as the reader reads it;
    ``outputs`` are the page-order positions of the example's text outputs in it."""

    pieces: tuple[Piece, ...]
    math: bool
    outputs: tuple[int, ...]

    @property
    def text(self) -> str:
        return "".join(piece.text for piece in self.pieces)


def _shown_as(attrs: Mapping[str, str | None], output: dict[str, Any]) -> dict[str, Any]:
    """The output as an element's data-digits, data-signed and data-absolute show it
    (widgets.js ``shownAs``)."""
    if "value" not in output or not ({"data-digits", "data-signed", "data-absolute"} & set(attrs)):
        return output
    shown = dict(output)
    if "data-digits" in attrs:
        shown["digits"] = int(attrs["data-digits"] or 0)
    if "data-absolute" in attrs:
        shown["value"] = abs(output["value"])
    if "data-signed" in attrs:
        shown["signed"] = attrs["data-signed"] == "true"
    elif "data-absolute" in attrs:
        shown["signed"] = False
    return shown


def _message_pieces(output: dict[str, Any], lang: str, messages: dict[str, str]) -> list[Piece]:
    """A message as format_output words it, its template typed and its parameters numbers."""
    template = messages.get(output["message"], output["message"])
    params = output.get("params", {})
    pieces: list[Piece] = []
    for part in re.split(r"(\{\w+\})", template):
        name = part[1:-1] if re.fullmatch(r"\{\w+\}", part) else None
        if name is None or name not in params:
            pieces.append(Piece(part, "typed"))
            continue
        value = params[name]
        if isinstance(value, dict):
            pieces.extend(_output_pieces(value, lang, messages))
        else:
            pieces.append(Piece(str(value), "text"))
    return pieces


def _output_pieces(output: Any, lang: str, messages: dict[str, str]) -> list[Piece]:
    if output is None:
        return [Piece(PLACEHOLDER, "placeholder")]
    if "message" in output:
        return _message_pieces(output, lang, messages)
    shown = format_output(output, lang, messages)
    if not isinstance(shown, str):
        return []
    if "value" in output:
        return [Piece(shown, "number")]
    return [Piece(shown, "text")]


_BLOCKS = frozenset({"p", "li", "dd", "dt", "h1", "h2", "h3", "h4", "h5", "h6", "figcaption"})
# Parts of an example the reader does not read as its text: its fields and their labels,
# the error and state notes, tables (a "–" there is a cell with no value) and figures.
_SKIPPED_CLASSES = frozenset({"live-field", "field-error", "stale-note", "pending-note",
                              "table-wrap"})
_SKIPPED_TAGS = frozenset({"input", "select", "textarea", "label", "table", "svg", "figure",
                           "script", "style"})


class _Renderer:
    def __init__(self, outputs: Mapping[str, Any], lang: str, messages: dict[str, str]) -> None:
        self.outputs = outputs
        self.lang = lang
        self.messages = messages
        self.blocks: list[Block] = []
        self.missing: list[tuple[str, int]] = []  # outputs the answer lacks: (name, position)
        self.position = -1  # the page-order position of the last text output seen

    def visit(self, node: Node, into: list[Piece] | None, math: bool,
              outputs: list[int] | None) -> None:
        classes = set((node.attrs.get("class") or "").split())
        if node.tag in _SKIPPED_TAGS or classes & _SKIPPED_CLASSES:
            self.position += _count_text_outputs(node)
            return
        name = node.attrs.get("data-out")
        if name is not None and node.tag in ("output", "mn"):
            self.position += 1
            if name not in self.outputs:
                self.missing.append((name, self.position))
            elif into is not None:
                output = self.outputs[name]
                shown = _shown_as(node.attrs, output) if isinstance(output, dict) else output
                pieces = _output_pieces(shown, self.lang, self.messages)
                if node.tag == "mn" and not "".join(p.text for p in pieces).strip():
                    pieces = [Piece(PLACEHOLDER, "placeholder")]
                into.extend(pieces)
                assert outputs is not None
                outputs.append(self.position)
            return
        if name is not None and "data-case" in node.attrs:
            output = self.outputs.get(name)
            if name not in self.outputs:
                self.missing.append((name, self.position))
            if not isinstance(output, dict) or output.get("case") != node.attrs["data-case"]:
                self.position += _count_text_outputs(node)
                return  # a branch that does not apply: hidden
        elif "hidden" in node.attrs:
            self.position += _count_text_outputs(node)
            return
        starts_block = into is None and (node.tag in _BLOCKS or node.tag == "math"
                                          or "formula" in classes)
        if starts_block:
            block: list[Piece] = []
            positions: list[int] = []
            self._children(node, block, math or node.tag == "math", positions)
            self.blocks.append(Block(tuple(block), math or node.tag == "math"
                                     or "formula" in classes, tuple(positions)))
            return
        if node.tag == "math" and into is not None:
            into.append(Piece(" ", "typed"))
        if node.tag == "sup" and into is not None and not (node.attrs.get("id") or "").startswith("fnref"):
            # A power written in text: 10<sup>−4.125</sup>.
            into.append(Piece("^(", "typed"))
            self._children(node, into, math, outputs)
            into.append(Piece(")", "typed"))
            return
        self._children(node, into, math or node.tag == "math", outputs)

    def _children(self, node: Node, into: list[Piece] | None, math: bool,
                  outputs: list[int] | None) -> None:
        for child in node.children:
            if isinstance(child, str):
                if into is not None:
                    into.append(Piece(child, "typed"))
            elif math and into is not None:
                self._math(child, into, outputs)
            else:
                self.visit(child, into, math, outputs)

    def _math(self, node: Node, into: list[Piece], outputs: list[int] | None) -> None:
        """MathML as a line of text the equation reader understands."""
        if node.tag == "mfrac" and len(_elements(node)) == 2:
            top, bottom = _elements(node)
            into.append(Piece("((", "typed"))
            self._math_part(top, into, outputs)
            into.append(Piece(") / (", "typed"))
            self._math_part(bottom, into, outputs)
            into.append(Piece("))", "typed"))
        elif node.tag == "msup" and len(_elements(node)) == 2:
            base, power = _elements(node)
            self._math_part(base, into, outputs)
            into.append(Piece("^(", "typed"))
            self._math_part(power, into, outputs)
            into.append(Piece(")", "typed"))
        elif node.tag == "msqrt":
            into.append(Piece("√(", "typed"))
            self._children(node, into, True, outputs)
            into.append(Piece(")", "typed"))
        elif node.tag in ("msub", "msubsup"):
            # A name with an index (W_e, K_0): one word.
            into.append(Piece(" " + re.sub(r"\s+", "", _plain_text(node)) + " ", "typed"))
        elif node.tag in ("mi", "mo", "mtext"):
            into.append(Piece(" " + _plain_text(node) + " ", "typed"))
        else:
            self.visit(node, into, True, outputs)

    def _math_part(self, node: Node, into: list[Piece], outputs: list[int] | None) -> None:
        self._math(node, into, outputs) if node.tag != "mrow" else self._children(
            node, into, True, outputs)


def _elements(node: Node) -> list[Node]:
    return [child for child in node.children if isinstance(child, Node)]


def _plain_text(node: Node) -> str:
    return "".join(child if isinstance(child, str) else _plain_text(child)
                   for child in node.children)


def _count_text_outputs(node: Node) -> int:
    count = 0
    for child in node.children:
        if isinstance(child, Node):
            if child.tag in ("output", "mn") and "data-out" in child.attrs:
                count += 1
            else:
                count += _count_text_outputs(child)
    return count


def render(tree: Node, outputs: Mapping[str, Any], lang: str,
           messages: dict[str, str]) -> tuple[list[Block], list[tuple[str, int]]]:
    """The example's blocks as the page shows them for ``outputs``, and the outputs its text
    names that the answer lacks (the page would keep showing their old value)."""
    renderer = _Renderer(outputs, lang, messages)
    renderer.visit(tree, None, False, None)
    return renderer.blocks, renderer.missing


# --- reading equations -----------------------------------------------------------------

Interval = tuple[float, float]


@dataclass(frozen=True)
class Token:
    kind: str  # "num", "op", "rel", "word", "stop", "placeholder"
    text: str
    value: Interval = (0.0, 0.0)


_SUPERSCRIPTS = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹", "0123456789")
_OPERATORS = {"+": "+", "-": "−", "−": "−", "–": "−", "·": "·", "×": "·", "⋅": "·", "*": "·",
              "/": "/", "÷": "/", "∕": "/", "^": "^", "(": "(", ")": ")", "√": "√"}
_RELATIONS = {"=": "=", "≈": "=", "≅": "=", "≃": "="}
_BREAKS = "<>≤≥≠"
_HAS_SUPERSCRIPT = re.compile("[⁰¹²³⁴⁵⁶⁷⁸⁹]")


def _number_pattern(lang: str) -> re.Pattern[str]:
    decimal, group = number_symbols(lang)
    d, g = re.escape(decimal), re.escape(group)
    groups = f"[{g}\u00a0\u202f ]" if group in ("\u00a0", "\u202f", " ") else g
    return re.compile(rf"\d{{1,3}}(?:{groups}\d{{3}})+(?:{d}\d+)?(?!\d)|\d+(?:{d}\d+)?")


def _to_float(text: str, lang: str) -> tuple[float, int]:
    decimal, _group = number_symbols(lang)
    whole, _, fraction = text.partition(decimal)
    digits = re.sub(r"\D", "", whole)
    return float(f"{digits}.{fraction}" if fraction else digits), len(fraction)


@functools.cache
def _lexer(lang: str) -> re.Pattern[str]:
    """Numbers as ``lang`` writes them, words, and single signs, in one pattern."""
    return re.compile(rf"(?P<num>{_number_pattern(lang).pattern})|(?P<word>[^\W\d_][\w]*)|(?P<space>\s+)|."
                      , re.S)


def tokens(pieces: Sequence[Piece], lang: str) -> list[Token]:
    """What the reader reads, as numbers (each with the interval its digits stand for),
    operators, relations, words and stops."""
    lexer = _lexer(lang)
    found: list[Token] = []
    for piece in pieces:
        if piece.kind == "placeholder":
            found.append(Token("placeholder", piece.text))
            continue
        exact = piece.kind == "typed"
        text = _superscripts_as_powers(piece.text)
        for match in lexer.finditer(text):
            kind = match.lastgroup
            if kind == "space":
                continue
            shown = match.group()
            if kind == "num":
                value, decimals = _to_float(shown, lang)
                half = 0.0 if exact else 0.5 * 10.0 ** -decimals
                sign = _sign_before(found, text, match.start())
                if sign is not None:
                    found.pop()
                    value = -value if sign == "−" else value
                    shown = sign + shown
                found.append(Token("num", shown, (value - half, value + half)))
            elif kind == "word":
                found.append(Token("word", shown))
            elif shown in _OPERATORS:
                found.append(Token("op", _OPERATORS[shown]))
            elif shown in _RELATIONS:
                found.append(Token("rel", "="))
            else:
                found.append(Token("stop", shown))
    return found


def _superscripts_as_powers(text: str) -> str:
    """``(1650 / 1000)⁴`` → ``(1650 / 1000)^4``."""
    if not _HAS_SUPERSCRIPT.search(text):
        return text
    return re.sub("[⁰¹²³⁴⁵⁶⁷⁸⁹]+", lambda m: "^" + m.group().translate(_SUPERSCRIPTS), text)


def _sign_before(found: list[Token], text: str, position: int) -> str | None:
    """A + or − right before a number is its sign when nothing it could subtract from stands
    before it (the start, a bracket, an operator, a relation, a word or a stop) and no
    space separates it from the digits."""
    if not found or found[-1].kind != "op" or found[-1].text not in "+−":
        return None
    if position == 0 or text[position - 1].isspace():
        return None
    before = found[-2] if len(found) > 1 else None
    if before is None or before.kind in ("rel", "word", "stop") or (
            before.kind == "op" and before.text != ")"):
        return found[-1].text
    return None


class _Unreadable(Exception):
    pass


class _Expression:
    """Interval arithmetic over a run of tokens (every token must be read)."""

    def __init__(self, run: Sequence[Token]) -> None:
        self.run = run
        self.at = 0

    def value(self) -> Interval:
        result = self.sum()
        if self.at != len(self.run):
            raise _Unreadable
        return result

    def peek(self) -> Token | None:
        return self.run[self.at] if self.at < len(self.run) else None

    def take(self) -> Token:
        token = self.peek()
        if token is None:
            raise _Unreadable
        self.at += 1
        return token

    def sum(self) -> Interval:
        low, high = self.product()
        while (token := self.peek()) is not None and token.kind == "op" and token.text in "+−":
            self.at += 1
            other_low, other_high = self.product()
            low, high = ((low + other_low, high + other_high) if token.text == "+"
                         else (low - other_high, high - other_low))
        return low, high

    def product(self) -> Interval:
        value = self.unary()
        while (token := self.peek()) is not None and token.kind == "op" and token.text in "·/":
            self.at += 1
            other = self.unary()
            if token.text == "·":
                value = _span(a * b for a in value for b in other)
            else:
                if other[0] <= 0 <= other[1]:
                    raise _Unreadable
                value = _span(a / b for a in value for b in other)
        return value

    def unary(self) -> Interval:
        token = self.peek()
        if token is not None and token.kind == "op" and token.text in "+−":
            self.at += 1
            low, high = self.unary()
            return (low, high) if token.text == "+" else (-high, -low)
        return self.power()

    def power(self) -> Interval:
        token = self.peek()
        if token is not None and token.kind == "word" and token.text == "e":
            following = self.run[self.at + 1] if self.at + 1 < len(self.run) else None
            if following is None or following.text != "^":
                raise _Unreadable
            self.at += 2
            low, high = self.unary()
            return _exp(low), _exp(high)
        base = self.atom()
        if (token := self.peek()) is not None and token.text == "^":
            self.at += 1
            exponent = self.unary()
            if base[0] <= 0:
                raise _Unreadable
            return _span(_pow(a, b) for a in base for b in exponent)
        return base

    def atom(self) -> Interval:
        token = self.take()
        if token.kind == "num":
            return token.value
        if token.kind == "op" and token.text == "(":
            value = self.sum()
            if self.take().text != ")":
                raise _Unreadable
            return value
        if token.kind == "op" and token.text == "√":
            low, high = self.atom()
            if low < 0:
                raise _Unreadable
            return math.sqrt(low), math.sqrt(high)
        raise _Unreadable


def _span(values: Iterator[float] | Any) -> Interval:
    found = list(values)
    if not all(math.isfinite(v) for v in found):
        raise _Unreadable
    return min(found), max(found)


def _exp(x: float) -> float:
    try:
        return math.exp(x)
    except OverflowError:
        raise _Unreadable from None


def _pow(a: float, b: float) -> float:
    try:
        return float(a**b)
    except (OverflowError, ZeroDivisionError):
        raise _Unreadable from None


def _evaluate(run: Sequence[Token]) -> Interval | None:
    if not run or any(token.kind not in ("num", "op") and token.text != "e" for token in run):
        return None
    try:
        return _Expression(run).value()
    except (_Unreadable, RecursionError):
        return None


def _left_side(segment: Sequence[Token]) -> Interval | None:
    """What stands left of a relation: the whole segment, or (in running text, where words
    lead up to a formula) its longest end that a word, not an operator, sets off."""
    for start in range(len(segment)):
        if start:
            before, first = segment[start - 1], segment[start]
            if before.kind not in ("word", "stop") or (
                    first.kind == "op" and first.text not in "(√") or (
                    first.kind == "word" and first.text != "e"):
                continue
        value = _evaluate(segment[start:])
        if value is not None:
            return value
    return None


def _right_side(segment: Sequence[Token]) -> Interval | None:
    """What stands right of a relation: the whole segment, or its longest beginning that a
    word, not an operator, ends ("+63 to 1,543")."""
    for end in range(len(segment), 0, -1):
        if end < len(segment):
            last, after = segment[end - 1], segment[end]
            if after.kind not in ("word", "stop") or (last.kind == "op" and last.text != ")"):
                continue
        value = _evaluate(segment[:end])
        if value is not None:
            return value
    return None


def _meet(first: Interval, second: Interval) -> bool:
    scale = max(1.0, abs(first[0]), abs(first[1]), abs(second[0]), abs(second[1]))
    slack = 1e-9 * scale
    return first[0] <= second[1] + slack and second[0] <= first[1] + slack


def _shown(run: Sequence[Token]) -> str:
    return " ".join(token.text for token in run)


def equation_problems(found: Sequence[Token]) -> list[str]:
    """Each chain of ``a = b ≈ c`` whose numeric sides do not meet, said as the reader sees it."""
    said: list[str] = []
    segments: list[list[Token]] = [[]]
    chains: list[list[list[Token]]] = []

    def close() -> None:
        if len(segments) > 1:
            chains.append(list(segments))

    for token in found:
        if token.kind == "rel":
            segments.append([])
        elif token.kind == "stop" and token.text in "<>≤≥≠;:":
            close()
            segments[:] = [[]]
        elif token.kind == "stop" and token.text in ",." and len(segments) > 1 and segments[-1]:
            close()
            segments[:] = [[]]
        else:
            segments[-1].append(token)
    close()
    for chain in chains:
        for first, second in zip(chain, chain[1:]):
            left, right = _left_side(first), _right_side(second)
            if left is not None and right is not None and not _meet(left, right):
                said.append(f"{_shown(first)} = {_shown(second)} does not hold: the left side "
                            f"is {_about(left)}, the right side {_about(right)}")
    return said


def _about(value: Interval) -> str:
    middle = (value[0] + value[1]) / 2
    return f"{middle:.4g}" if value[0] != value[1] else f"{value[0]:g}"


# --- the check ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Problem:
    """What a reader would find wrong, with the text as the page shows it; ``output`` is the
    page-order position of a text output in the failing block (to name its line)."""

    message: str
    output: int | None


def problems(tree: Node, result: Mapping[str, Any], lang: str,
             messages: dict[str, str]) -> list[Problem]:
    """What is wrong with the example ``tree`` when the page shows ``result`` (a
    :func:`elo_core.page.compute` answer; an input the mode refuses is the reader's
    error, shown next to the field, and has nothing to check)."""
    if not result.get("ok"):
        return []
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
        for said in equation_problems(tokens(block.pieces, lang)):
            found.append(Problem(f"{said}, in the {kind} {text!r}", where))
    return found


def sentence_problems(output: Any, lang: str, messages: dict[str, str]) -> list[str]:
    """What is wrong with one output a calculator shows as a sentence (its reasons, its
    notes): a placeholder, a ``{name}`` left unfilled, an equation that does not hold."""
    pieces = _output_pieces(output, lang, messages)
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
        for form in edge_forms(example, lang):
            found = problems(tree, compute(example.mode, form, lang), lang, messages)
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
