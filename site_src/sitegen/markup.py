"""Article bodies: build-time expressions, then Markdown, with formulas as MathML.

An article may compute numbers with elo_core (``{{ elo.expected_score(1750, 1810)
| num(3) }}``) or call the table macros; that runs in a sandboxed Jinja2
environment (:mod:`sitegen.sandbox`) before Markdown sees the text. ``$…$`` and ``$$…$$``
become MathML, so formulas read without JavaScript (:mod:`sitegen.markdown_extensions`). The
result must keep to :mod:`sitegen.html_policy`; a mistake names the article's file and line.
"""

from __future__ import annotations

import re
import secrets
import sys
from collections.abc import Callable, Mapping
from pathlib import Path
from types import CodeType, TracebackType
from typing import TYPE_CHECKING, Any

import jinja2
import markdown

from sitegen.errors import BuildError, deepest_line, describe
from sitegen.html_policy import check_article, find_final_violation, looks_like_html
from sitegen.live_check import check_examples, explain
from sitegen.markdown_extensions import (MARKDOWN_EXTENSIONS, HeadingAnchors, LatexError,
                                         MathExtension, TableBoxes)
from sitegen.sandbox import MAX_OUTPUT, ArticleSandbox, ExpressionLimit, Limits
from sitegen.suggest import unknown

if TYPE_CHECKING:
    from sitegen.live import LiveExamples

__all__ = ["ArticleRenderer"]

# An article's compiled expressions, by its file and text: compiling is most of the cost
# of an article, and a rebuild (``serve``) compiles again only the articles whose text
# changed. Every ArticleSandbox compiles alike (same generator, options and filter names).
_CODE_CACHE: dict[tuple[str, str], CodeType] = {}
_CODE_CACHE_SIZE = 4096


def _compiled(env: jinja2.Environment, body: str, filename: str) -> CodeType:
    key = (filename, body)
    code = _CODE_CACHE.get(key)
    if code is None:
        code = env.compile(body, filename=filename)
        if len(_CODE_CACHE) >= _CODE_CACHE_SIZE:
            _CODE_CACHE.pop(next(iter(_CODE_CACHE)))
        _CODE_CACHE[key] = code
    return code


def _template_line(tb: TracebackType | None, filename: str) -> int | None:
    line = None
    while tb is not None:
        if tb.tb_frame.f_code.co_filename == filename:
            line = tb.tb_lineno
        tb = tb.tb_next
    return line


def _source_line(body: str, first_line: int, patterns: tuple[str, ...]) -> int:
    """The line of ``body`` where the first of ``patterns`` that occurs is found."""
    for pattern in patterns:
        found = re.search(pattern, body, re.IGNORECASE)
        if found:
            return first_line + body.count("\n", 0, found.start())
    return first_line


def expression_message(error: BaseException) -> str:
    """What went wrong in an expression, said for the author."""
    if isinstance(error, ExpressionLimit):
        return f"expression stopped: {error}"
    if isinstance(error, (RecursionError, MemoryError)) or "integer string conversion" in str(error):
        return f"expression failed: {describe(error)}"
    if isinstance(error, (jinja2.UndefinedError, LookupError, ValueError)) and str(error):
        return f"expression failed: {error}"
    return f"expression failed: {type(error).__name__}: {error}"


def _text_only(value: Any) -> Any:
    """An expression writes text. HTML is typed in the article, where the check can find it."""
    if isinstance(value, str) and looks_like_html(value):
        raise ValueError(f"an expression must give text, not HTML: {value[:60]!r}")
    return value


class _MacroHtml:
    """The macros' HTML (generated, not typed): a placeholder until the author's HTML is checked.

    A block fragment (a table, a figure, the start or end of a live example) must stand in
    a paragraph of its own, or the HTML around it would break; ``lines`` remembers the
    article line of each call to say where one does not.
    """

    def __init__(self) -> None:
        self.nonce = secrets.token_hex(8)  # so no article text can look like a placeholder
        self.fragments: dict[str, str] = {}
        self.blocks: set[str] = set()
        self.lines: dict[str, int | None] = {}

    def hold(self, html: object, *, block: bool = False, line: int | None = None) -> str:
        token = f"macro{self.nonce}n{len(self.fragments)}x"
        self.fragments[token] = str(html).strip()
        self.lines[token] = line
        if block:
            self.blocks.add(token)
        return token

    def misplaced(self, html: str) -> str | None:
        """The first block placeholder that is not a paragraph of its own, if any."""
        return next((token for token in self.fragments
                     if token in self.blocks and f"<p>{token}</p>" not in html), None)

    def insert(self, html: str) -> str:
        for token, fragment in self.fragments.items():
            html = html.replace(f"<p>{token}</p>", fragment).replace(token, fragment)
        return html


# One inline formula (nothing in it closes a formula) and the punctuation right after it.
_MATH_AND_STOP = re.compile(
    r'(<math\b[^>]*display="inline"[^>]*>(?:(?!</math>).)*</math>)([.,;:!?)]+)', re.S)


def _keep_punctuation_with_math(html: str) -> str:
    """Browsers may break a line between a formula and the full stop after it: keep them together."""
    return _MATH_AND_STOP.sub(r'<span class="nowrap">\1\2</span>', html)


def _generator_line(stream: Any, template: jinja2.Template) -> int | None:
    """The article line a paused template's generator stands at."""
    frame = None
    while stream is not None and getattr(stream, "gi_frame", None) is not None:
        frame = stream.gi_frame
        stream = stream.gi_yieldfrom
    return template.get_corresponding_lineno(frame.f_lineno) if frame is not None else None


def _calling_line(filename: str) -> int | None:
    """The article line (of its body) whose expression is running now."""
    frame = sys._getframe(1)
    while frame is not None:
        if frame.f_code.co_filename == filename:
            # The frame runs Jinja's compiled code; the template maps its lines back.
            template = frame.f_globals.get("__jinja_template__")
            return template.get_corresponding_lineno(frame.f_lineno) if template else None
        frame = frame.f_back  # type: ignore[assignment]
    return None


class ArticleRenderer:
    """Turns one article body into HTML for one language."""

    def __init__(
        self,
        lang: str,
        *,
        globals_: Mapping[str, Any],
        macros: Mapping[str, Callable[..., object]],
        filters: Mapping[str, Callable[..., Any]],
        anchor_label: str,
        live: LiveExamples | None = None,
        reserved_ids: frozenset[str] = frozenset(),
        seconds: float = 10.0,
    ) -> None:
        self.lang = lang
        self.reserved_ids = reserved_ids
        # The ids the article's own HTML defines (typed, or given to its headings).
        self.author_ids: list[str] = []
        self.anchor_label = anchor_label
        self.macro_html = _MacroHtml()
        self.live = live
        self.filename = ""

        def held(macro: Callable[..., object], block: bool = True) -> Callable[..., str]:
            def call(*args: Any, **kwargs: Any) -> str:
                return self.macro_html.hold(macro(*args, **kwargs), block=block,
                                            line=_calling_line(self.filename))
            return call

        live_macros: dict[str, Callable[..., str]] = {}
        if live is not None:
            live_macros = {"live_start": held(live.start), "live_end": held(live.end),
                           "live_curve": held(live.curve), "live_table": held(live.table),
                           "live_when": held(live.when), "live_end_when": held(live.end_when),
                           "live_input": held(live.input, block=False),
                           "live_out": self._live_out}
        self.env = ArticleSandbox(
            globals_={**globals_, **{name: held(macro) for name, macro in macros.items()},
                      **live_macros},
            filters=filters,
            finalize=_text_only,
            limits=Limits(seconds),
        )

    def _live_out(self, *args: Any, **kwargs: Any) -> str:
        assert self.live is not None
        token = self.live.out(*args, **kwargs)
        self.macro_html.lines[token] = _calling_line(self.filename)
        return token

    def expand(self, body: str, source: Path, first_line: int) -> str:
        """Evaluate the body's expressions; errors name the article's file and line."""
        filename = self.filename = str(source)
        try:
            with self.env.limits.running():
                # Compile with the real file name so tracebacks point into the article.
                code = _compiled(self.env, body, filename)
                template = self.env.template_class.from_code(self.env, code, self.env.globals)
                parts: list[str] = []
                size = 0
                stream = template.generate()
                for part in stream:
                    size += len(part)
                    if size > MAX_OUTPUT:
                        where = _generator_line(stream, template)
                        raise BuildError(source, first_line + where - 1 if where else first_line,
                                         f"expression stopped: the expressions write more "
                                         f"than {MAX_OUTPUT:,} characters")
                    parts.append(part)
                return "".join(parts)
        except jinja2.TemplateSyntaxError as error:
            line = first_line + (error.lineno or 1) - 1
            message = error.message or ""
            unknown_filter = re.match(r"No (filter|test) named '([^']*)'", message)
            if unknown_filter:
                kind, name = unknown_filter.groups()
                known = self.env.filters if kind == "filter" else self.env.tests
                message = unknown(kind, name, known)
            raise BuildError(source, line, f"expression syntax: {message}") from None
        except BuildError:
            raise
        except Exception as error:  # noqa: BLE001 — any failure of an author's expression
            body_line = _template_line(error.__traceback__, filename) or deepest_line(body)
            line = first_line + body_line - 1
            raise BuildError(source, line, expression_message(error)) from None

    def to_html(self, text: str) -> tuple[str, list[dict[str, Any]]]:
        md = markdown.Markdown(
            extensions=[*MARKDOWN_EXTENSIONS, MathExtension(), HeadingAnchors(self.anchor_label),
                        TableBoxes()],
            extension_configs={"toc": {"permalink": False, "toc_depth": "2-3"}},
            output_format="html",
        )
        html = md.convert(text)
        return html, list(getattr(md, "toc_tokens", []))

    def render(self, body: str, source: Path, first_line: int) -> tuple[str, list[dict[str, Any]]]:
        """The article's HTML and headings; it must keep to :mod:`sitegen.html_policy`."""
        self.macro_html = _MacroHtml()
        text = self.expand(body, source, first_line)
        try:
            html, toc = self.to_html(text)
        except LatexError as error:
            line = _source_line(body, first_line, (re.escape(error.latex.strip()),))
            raise BuildError(source, line, str(error)) from None
        placeholders = f"macro{self.macro_html.nonce}n\\d+x"
        if self.live is not None:
            placeholders += f"|{self.live.nonce}\\d{{4}}"
        violation, ids = check_article(html, placeholder=re.compile(placeholders),
                                       reserved_ids=self.reserved_ids)
        if violation is not None:
            line = (self._body_line(first_line, self.macro_html.lines.get(violation.placeholder))
                    if violation.placeholder is not None
                    else _source_line(body, first_line, violation.needles))
            raise BuildError(source, line, violation.message)
        self.author_ids = ids
        misplaced = self.macro_html.misplaced(html)
        if misplaced is not None:
            raise BuildError(source, self._body_line(first_line, self.macro_html.lines[misplaced]),
                             "this macro makes a block (a table, a figure, a live example's "
                             "start or end): put it on a line of its own, with a blank line "
                             "before and after")
        html = self.macro_html.insert(html)
        if self.live is not None:
            if self.live.current is not None:
                starts = [line for token, line in self.macro_html.lines.items()
                          if self.macro_html.fragments[token].startswith('<div class="live"')]
                start = starts[-1] if starts else None
                raise BuildError(source, self._body_line(first_line, start),
                                 "live_start(…) without live_end()")
            html = self.live.insert(html)
            self._check_live(html, source, first_line)
        html = _keep_punctuation_with_math(html)
        # What the page gets, every placeholder filled: checked once more as a whole.
        violation = find_final_violation(html)
        if violation is not None:
            raise BuildError(source, _source_line(body, first_line, violation.needles),
                             f"{violation.message} (after the macros and live outputs were filled in)")
        return html, toc

    def _check_live(self, html: str, source: Path, first_line: int) -> None:
        """Each live example must hold for the inputs it accepts (:mod:`sitegen.live_check`):
        else the build stops at the line of the first output in the text that does not."""
        assert self.live is not None
        failed = check_examples(html, self.live.examples, self.live.compute, self.lang,
                                self.live.messages)
        if failed is None:
            return
        example, form, problem = failed
        token = example.tokens[problem.output] if problem.output is not None else None
        line = self.macro_html.lines.get(token) if token else None
        if line is None:  # the example's start
            line = next((self.macro_html.lines[t] for t, fragment in self.macro_html.fragments.items()
                         if fragment.startswith(f'<div class="live" id="live{example.number}"')),
                        None)
        raise BuildError(source, self._body_line(first_line, line), explain(example, form, problem))

    @staticmethod
    def _body_line(first_line: int, line: int | None) -> int:
        return first_line + line - 1 if line else first_line
