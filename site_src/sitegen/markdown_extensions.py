"""The Markdown articles are written in: Python-Markdown's extensions the site uses, and its
own: ``$…$`` and ``$$…$$`` as MathML (so formulas read without JavaScript), a ``#`` link
beside every heading, and every table in a scroll box with its number columns aligned."""

from __future__ import annotations

import html as html_module
import re
import xml.etree.ElementTree as etree

import latex2mathml.converter
import markdown
from markdown.extensions import Extension
from markdown.inlinepatterns import InlineProcessor
from markdown.preprocessors import Preprocessor
from markdown.treeprocessors import Treeprocessor

from sitegen.tables import numeric_columns, stacks

__all__ = ["MARKDOWN_EXTENSIONS", "HeadingAnchors", "LatexError", "MathExtension", "TableBoxes",
           "to_mathml"]

MARKDOWN_EXTENSIONS: list[str | Extension] = [
    "toc",
    "tables",
    "attr_list",
    "footnotes",
    "admonition",
    "def_list",
    "md_in_html",
]


class LatexError(Exception):
    def __init__(self, latex: str, error: Exception) -> None:
        self.latex = latex
        detail = f": {error}" if str(error) else ""
        super().__init__(f"LaTeX ${latex}$ cannot be read ({type(error).__name__}{detail})")


def to_mathml(latex: str, *, display: bool) -> str:
    try:
        mathml = latex2mathml.converter.convert(
            latex.strip(), display="block" if display else "inline")
    except Exception as error:  # noqa: BLE001 — latex2mathml's errors share no base class
        raise LatexError(latex, error) from None
    return _whole_numbers(str(mathml)) if _NUMBER_WITH_COMMA.search(latex) else str(mathml)


# "1,761.7" and "11,7" (a comma between digits) are one number, as the page writes it;
# latex2mathml makes the comma an operator, which sets the parts apart.
_NUMBER_WITH_COMMA = re.compile(r"\d,\d")
_SPLIT_NUMBER = re.compile(r"<mn>([\d.,]+)</mn><mo>&#x0002C;</mo><mn>([\d.,]+)</mn>")


def _whole_numbers(mathml: str) -> str:
    while True:
        joined = _SPLIT_NUMBER.sub(r"<mn>\1,\2</mn>", mathml)
        if joined == mathml:
            return joined
        mathml = joined


class _InlineMath(InlineProcessor):
    def handleMatch(  # type: ignore[override]  # noqa: N802 (Python-Markdown's API)
        self, m: re.Match[str], data: str
    ) -> tuple[str, int, int]:
        return self.md.htmlStash.store(to_mathml(m.group(1), display=False)), m.start(0), m.end(0)


class _DisplayMath(Preprocessor):
    """``$$ … $$`` (on one line or several) → a stashed MathML block."""

    PATTERN = re.compile(r"^\$\$(.+?)\$\$[ \t]*$", re.S | re.M)

    def run(self, lines: list[str]) -> list[str]:
        text = "\n".join(lines)

        def replace(m: re.Match[str]) -> str:
            html = f'<div class="formula">{to_mathml(m.group(1), display=True)}</div>'
            return "\n\n" + self.md.htmlStash.store(html) + "\n\n"

        return self.PATTERN.sub(replace, text).split("\n")


class MathExtension(Extension):
    def extendMarkdown(self, md: markdown.Markdown) -> None:  # noqa: N802
        md.preprocessors.register(_DisplayMath(md), "display_math", 27)
        # Inline: $x$ with no space just inside the dollars (so "$5 and $6" stays text).
        md.inlinePatterns.register(
            _InlineMath(r"(?<![\\$])\$(?=\S)(.+?)(?<=\S)\$(?!\d)", md), "inline_math", 185
        )


class HeadingAnchors(Extension):
    """Give every heading a ``#`` link to itself (toc sets the ids), named for screen readers."""

    def __init__(self, label: str) -> None:
        super().__init__()
        self.label = label

    def extendMarkdown(self, md: markdown.Markdown) -> None:  # noqa: N802
        label = self.label

        class Anchors(Treeprocessor):
            def run(self, root: etree.Element) -> None:
                for element in root.iter():
                    if element.tag in {"h2", "h3", "h4"} and element.get("id"):
                        link = etree.SubElement(element, "a")
                        link.set("class", "anchor")
                        link.set("href", "#" + element.get("id", ""))
                        link.set("aria-label", label)
                        link.text = "#"

        # After toc (priority 5) has assigned the ids.
        md.treeprocessors.register(Anchors(md), "heading_anchors", 4)


class TableBoxes(Extension):
    """Every table in its own scroll box (the page never scrolls sideways); number columns
    right-aligned under their headings, or as the author's ``:--:`` says (classes: the CSP
    forbids style attributes); a table of several columns stacks its rows on a phone, each
    cell labelled with its heading (:func:`sitegen.tables.stacks`)."""

    def extendMarkdown(self, md: markdown.Markdown) -> None:  # noqa: N802

        class Boxes(Treeprocessor):
            def plain(self, text: str) -> str:
                """A heading as text: a formula stashed in it (``$S - E$``) by what it reads."""
                def stashed(match: re.Match[str]) -> str:
                    raw = str(self.md.htmlStash.rawHtmlBlocks[int(match[1])])
                    return html_module.unescape(re.sub(r"<[^>]*>", " ", raw))
                return " ".join(re.sub("\x02wzxhzdk:(\\d+)\x03", stashed, text).split())

            def run(self, root: etree.Element) -> None:
                for parent in list(root.iter()):
                    for index, table in enumerate(list(parent)):
                        if table.tag != "table":
                            continue
                        body = [["".join(cell.itertext()) for cell in row]
                                for row in table.iter("tr") if row.find("td") is not None]
                        numeric = numeric_columns(body)
                        heads = [self.plain("".join(cell.itertext()))
                                 for row in table.iter("tr") if row.find("th") is not None
                                 for cell in row][:max(map(len, body), default=0)]
                        stacked = stacks(len(heads))
                        if stacked:
                            table.set("class", "stack")
                        for row in table.iter("tr"):
                            for column, cell in enumerate(row):
                                if stacked and cell.tag == "td" and column < len(heads):
                                    cell.set("data-label", heads[column])
                                # The author's :--: alignment wins over the guess from the digits.
                                aligned = re.fullmatch(r"text-align: (left|center|right);",
                                                       cell.attrib.pop("style", ""))
                                if aligned:
                                    cell.set("class", f"align-{aligned[1]}")
                                elif column in numeric:
                                    cell.set("class", "num")
                        box = etree.Element("div", {"class": "table-wrap", "tabindex": "0"})
                        parent.remove(table)
                        box.append(table)
                        parent.insert(index, box)

        md.treeprocessors.register(Boxes(md), "table_boxes", 3)
