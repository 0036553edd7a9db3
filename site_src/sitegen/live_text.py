"""A live example's text as the page shows it for given outputs: its HTML read into a small
tree, then rendered as ``site_src/js/widgets.js`` fills the page (every ``[data-out]`` with
the mode's output as :func:`sitegen.number_format.format_output` writes it, each
``live_when`` branch shown only for its case), as blocks of text a reader reads
(:mod:`sitegen.live_check` checks them)."""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from html.parser import HTMLParser
from typing import Any

from sitegen.number_format import format_output, message_template

__all__ = ["Block", "Node", "PLACEHOLDER", "Piece", "example_tree", "output_pieces", "render"]

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
    template = message_template(output, messages)
    params = output.get("params", {})
    pieces: list[Piece] = []
    for part in re.split(r"(\{\w+\})", template):
        name = part[1:-1] if re.fullmatch(r"\{\w+\}", part) else None
        if name is None or name not in params:
            pieces.append(Piece(part, "typed"))
            continue
        value = params[name]
        if isinstance(value, dict):
            pieces.extend(output_pieces(value, lang, messages))
        else:
            pieces.append(Piece(str(value), "text"))
    return pieces


def output_pieces(output: Any, lang: str, messages: dict[str, str]) -> list[Piece]:
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
                pieces = output_pieces(shown, self.lang, self.messages)
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
