"""The equations a reader reads in a live example's text (formulas and running text alike),
and whether each holds: every number shown stands for the values that round to it, both
sides are worked out as intervals, and an equation holds when they meet
(:mod:`sitegen.live_check` describes the rules)."""

from __future__ import annotations

import functools
import math
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from sitegen.live_text import Piece
from sitegen.number_format import number_symbols

__all__ = ["Token", "equation_problems", "tokens"]

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
