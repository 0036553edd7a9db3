"""What HTML an article may publish: an allow-list of elements, attributes and URL schemes.

Articles are text anyone can propose. The page's Content-Security-Policy stops scripts and
loads from elsewhere, but not everything: ``<meta http-equiv="refresh">`` navigates the reader
away, a ``<form>`` posts elsewhere, ``<base>`` moves every link. So the rendered article —
Markdown's output, the author's own HTML, the MathML made from the author's LaTeX (latex2mathml
copies ``\\text{…}`` unescaped and turns ``\\href`` into an attribute) — is checked here against
what Markdown and its extensions produce plus the inline HTML an author may type. The build's
own macros (tables, the SVG curve) and a live example's fields and outputs are generated, not
typed, and stand in the text as placeholders during that check: a placeholder inside a tag (an
attribute's value) is refused, since the fragment put there later would end the attribute and
turn the text after it into markup. After every placeholder is filled, the article's final HTML
is checked again (:func:`find_final_violation`), against the same list plus what the build itself
writes (form fields, outputs, the curve's SVG); nothing in either list navigates or loads.
Elements left open at the end of an article are refused in both checks: the page's template
would close them, or take its own markup into an unfinished tag. So is an element an ancestor's
end tag closes by the way (``<p>See the <a href=…>handbook</p>``): a browser opens a formatting
element such as ``<a>`` or ``<b>`` again after it, around the page's own markup.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from html.parser import HTMLParser

__all__ = [
    "PageScan", "RESERVED_ID", "Violation", "article_ids", "check_article",
    "find_final_violation", "find_page_violation", "find_rendered_violation", "find_violation",
    "looks_like_html", "scan_page", "script_ids", "split_before",
]

# Attributes every allowed element may carry (aria-* too). No style: the CSP blocks it anyway.
GLOBAL_ATTRIBUTES = frozenset({"id", "class", "title", "lang", "dir", "role"})

# Element → the attributes it may carry besides the global ones.
HTML_ELEMENTS: dict[str, frozenset[str]] = {
    **{tag: frozenset() for tag in (
        # What Markdown, tables, footnotes, admonition, def_list and toc produce.
        "p", "h1", "h2", "h3", "h4", "h5", "h6", "em", "strong", "code", "pre", "ul", "li",
        "hr", "br", "table", "thead", "tbody", "tfoot", "tr", "caption", "dl", "dt", "dd",
        # Inline and block HTML an author may type (md_in_html for the blocks).
        "span", "sup", "sub", "b", "i", "u", "s", "small", "mark", "kbd", "samp", "var", "dfn",
        "cite", "abbr", "bdi", "wbr", "figure", "figcaption", "summary",
    )},
    "a": frozenset({"href", "hreflang", "rel"}),
    "img": frozenset({"src", "alt", "width", "height", "loading", "decoding"}),
    "ol": frozenset({"start", "reversed", "type"}),
    # data-label: a cell's column heading, shown before it when a table stacks on a phone
    # (markup._TableBoxes).
    "td": frozenset({"colspan", "rowspan", "data-label"}),
    "th": frozenset({"colspan", "rowspan", "scope", "abbr"}),
    "blockquote": frozenset({"cite"}),
    "q": frozenset({"cite"}),
    "del": frozenset({"cite", "datetime"}),
    "ins": frozenset({"cite", "datetime"}),
    "time": frozenset({"datetime"}),
    "data": frozenset({"value"}),
    "details": frozenset({"open"}),
    # The scroll box every table is put in (markup._TableBoxes) is focusable for the keyboard.
    "div": frozenset({"tabindex"}),
}

# What latex2mathml produces, minus href and style (see the module's doc).
_MATHML_ATTRIBUTES = frozenset({
    "display", "mathvariant", "mathcolor", "mathbackground", "mathsize", "stretchy", "fence",
    "form", "separator", "lspace", "rspace", "accent", "movablelimits", "largeop", "width",
    "height", "depth", "voffset", "linethickness", "linebreak", "displaystyle", "scriptlevel",
    "columnalign", "columnlines", "columnspacing", "rowlines", "rowspacing", "notation",
    "minsize", "maxsize",
})
MATHML_ELEMENTS: dict[str, frozenset[str]] = {
    **{tag: _MATHML_ATTRIBUTES for tag in (
        "mrow", "mi", "mn", "mo", "mtext", "mspace", "mstyle", "mfrac", "msqrt", "mroot", "msub",
        "msup", "msubsup", "munder", "mover", "munderover", "mtable", "mtr", "mtd", "menclose",
        "mpadded", "mphantom",
    )},
    "math": _MATHML_ATTRIBUTES | {"xmlns"},
}

ALLOWED = {**HTML_ELEMENTS, **MATHML_ELEMENTS}

# What the build's own fragments add (sitegen/live.py, sitegen/macros.py), for the final check.
_GENERATED_ATTRIBUTES = frozenset({
    "for", "name", "value", "type", "inputmode", "autocomplete", "size", "rows", "spellcheck",
    "selected", "hidden", "tabindex", "scope", "viewbox", "xmlns", "x", "y", "x1", "x2", "y1",
    "y2", "cx", "cy", "r", "d", "points", "text-anchor",
})
GENERATED_ELEMENTS: dict[str, frozenset[str]] = {
    tag: _GENERATED_ATTRIBUTES for tag in (
        "div", "span", "p", "label", "input", "select", "option", "textarea", "output", "table",
        "caption", "thead", "tbody", "tr", "th", "td", "figure", "figcaption", "svg", "title",
        "desc", "g", "line", "polyline", "path", "circle", "text", "mn",
    )
}
FINAL_ALLOWED = {tag: ALLOWED.get(tag, frozenset()) | GENERATED_ELEMENTS.get(tag, frozenset())
                 for tag in {*ALLOWED, *GENERATED_ELEMENTS}}

# Elements with no end tag, and those a browser closes by itself (the end tag is optional).
_VOID = frozenset({"br", "hr", "img", "wbr", "input", "area", "col", "embed", "source", "track"})
_OPTIONAL_END = frozenset({"p", "li", "dt", "dd", "tr", "td", "th", "thead", "tbody", "tfoot",
                           "option", "caption"})

#: Ids the page and its scripts own: a live example's (live1, live1-rating), the tournament
#: table's rows, the curves' titles. An article that used one would break the page's script.
RESERVED_ID = re.compile(r"live\d+(?:-.*)?|trf-rounds-.*|(?:live-)?curve-(?:title|desc)")
URL_ATTRIBUTES = frozenset({"href", "src", "cite"})
# Links may leave the site; images must come from it (the CSP would block others anyway).
LINK_SCHEMES = frozenset({"http", "https", "mailto"})

_SCHEME = re.compile(r"^([a-z][a-z0-9+.\-]*):")
# Browsers drop these anywhere in a URL ("java\tscript:" is "javascript:").
_URL_NOISE = re.compile(r"[\x00-\x20\x7f]")
_TAG_START = re.compile(r"<[A-Za-z!/?]")


def looks_like_html(text: str) -> bool:
    return _TAG_START.search(text) is not None


@dataclass(frozen=True)
class Violation:
    message: str
    # Regular expressions that find it in the article's source, the most specific first.
    needles: tuple[str, ...]
    # The build's placeholder found inside a tag, if that is the problem.
    placeholder: str | None = None


def _url_problem(tag: str, name: str, value: str) -> str | None:
    url = _URL_NOISE.sub("", value).lower()
    scheme = _SCHEME.match(url)
    if name == "src" and (scheme or url.startswith("//")):
        return f"<{tag} {name}> must be a file of this site, not {value!r}"
    if scheme and scheme.group(1) not in LINK_SCHEMES:
        return (f"<{tag} {name}={value!r}>: a {scheme.group(1)}: URL is not allowed "
                f"(allowed: {', '.join(sorted(LINK_SCHEMES))} and links within the site)")
    return None


class _Checker(HTMLParser):
    def __init__(self, allowed: dict[str, frozenset[str]], *, generated: bool,
                 placeholder: re.Pattern[str] | None, reserved_ids: frozenset[str]) -> None:
        super().__init__(convert_charrefs=True)
        self.violation: Violation | None = None
        self.allowed = allowed
        self.generated = generated
        self.placeholder = placeholder
        self.reserved_ids = reserved_ids
        self.ids: list[str] = []
        self.open: list[tuple[str, str]] = []  # (tag, the start tag as written)

    def _found(self, message: str, *needles: str, placeholder: str | None = None) -> None:
        if self.violation is None:
            self.violation = Violation(message, needles, placeholder)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._start(tag, attrs)
        if tag not in _VOID:
            self.open.append((tag, self.get_starttag_text() or f"<{tag}>"))

    def handle_endtag(self, tag: str) -> None:
        for index in range(len(self.open) - 1, -1, -1):
            if self.open[index][0] == tag:
                # An element this end tag would close by the way: a browser keeps a formatting
                # element (a, b, em, s…) in its list of active ones and opens it again around
                # whatever follows, the page's own markup too. Only elements whose end tag is
                # optional may be closed so.
                left = [(name, text) for name, text in self.open[index + 1:]
                        if name not in _OPTIONAL_END]
                if left:
                    name, text = left[-1]
                    self._found(f"<{name}> is not closed before </{tag}>: add </{name}> "
                                f"(a browser would carry it on past </{tag}>)",
                                re.escape(text), rf"<\s*{re.escape(name)}\b")
                del self.open[index:]
                return

    def _start(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        text = self.get_starttag_text() or ""
        raw = re.escape(text)
        found = self.placeholder.search(text) if self.placeholder is not None else None
        if found is not None:
            self._found("a macro or live_out(…) cannot stand inside an HTML tag or attribute: "
                        "write it in the text", raw, rf"<\s*{re.escape(tag)}\b",
                        placeholder=found.group(0))
            return
        if tag not in self.allowed:
            name = re.escape(re.split(r"[^\w-]", tag, maxsplit=1)[0])  # latex2mathml may add &#xa0;
            self._found(f"<{tag}> is not allowed in an article", raw, rf"<\s*{name}\b")
            return
        for name, value in attrs:
            if name == "id" and value is not None:
                self.ids.append(value)
                if not self.generated and (value in self.reserved_ids or RESERVED_ID.fullmatch(value)):
                    self._found(f"id {value!r} is used by the page itself: choose another "
                                "(for a heading: {: #another-id })", raw,
                                rf"\bid\s*=\s*[\"']?{re.escape(value)}", rf"#{re.escape(value)}\b")
                    continue
            allowed_here = self.allowed[tag]
            generated_data = self.generated and name.startswith("data-")
            if not (name in GLOBAL_ATTRIBUTES or name in allowed_here or name.startswith("aria-")
                    or generated_data):
                allowed = ", ".join(sorted(allowed_here | GLOBAL_ATTRIBUTES | {"aria-*"}))
                self._found(f"attribute {name!r} is not allowed on <{tag}> (allowed: {allowed})",
                            raw, rf"\b{re.escape(name)}\s*=\s*[\"']?{re.escape(value or '')}",
                            rf"\b{re.escape(name)}\s*=", rf"\b{re.escape(name)}\b")
            elif name in URL_ATTRIBUTES and value is not None:
                problem = _url_problem(tag, name, value)
                if problem:
                    self._found(problem, raw, re.escape(value), rf"\b{name}\b")

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._start(tag, attrs)

    def finish(self) -> None:
        """At the end: nothing unfinished, nothing left open for the page to close."""
        rest = self.rawdata.lstrip()
        if rest.startswith("<") and len(rest) > 1 and not rest[1].isspace():
            # An unfinished tag: the page's own markup after it would become its attributes.
            self._found(f"the tag {rest[:40]!r} at the end of the article is not finished "
                        "(a missing '>' or quote)", re.escape(rest[:40]), re.escape(rest[:12]))
        left = [(tag, text) for tag, text in self.open if tag not in _OPTIONAL_END]
        if left:
            tag, text = left[-1]
            self._found(f"<{tag}> is not closed: add </{tag}> before the article ends "
                        "(the page would close it where its own markup begins)",
                        re.escape(text), rf"<\s*{re.escape(tag)}\b")

    # Browsers and html.parser do not always agree where a comment or declaration ends, so
    # anything could hide in one; an article has no use for them.
    def handle_comment(self, data: str) -> None:
        self._found("HTML comments are not allowed in an article: write {# … #} instead",
                    re.escape(f"<!--{data}"), "<!--")

    def handle_decl(self, decl: str) -> None:
        self._found(f"<!{decl}> is not allowed in an article", re.escape(f"<!{decl}"), "<!")

    def unknown_decl(self, data: str) -> None:
        self.handle_decl(data)

    def handle_pi(self, data: str) -> None:
        self._found(f"<?{data}> is not allowed in an article", re.escape(f"<?{data}"), r"<\?")


def _check(html: str, allowed: dict[str, frozenset[str]], *, generated: bool,
           placeholder: re.Pattern[str] | None = None,
           reserved_ids: frozenset[str] = frozenset()) -> _Checker:
    checker = _Checker(allowed, generated=generated, placeholder=placeholder,
                       reserved_ids=reserved_ids)
    checker.feed(html)
    checker.finish()
    checker.close()
    return checker


def find_violation(html: str, *, placeholder: re.Pattern[str] | None = None,
                   reserved_ids: frozenset[str] = frozenset()) -> Violation | None:
    """The first thing in ``html`` (an article's body, placeholders not yet filled) outside the
    allow-list: ``placeholder`` finds the build's placeholders, which must not stand in a tag;
    ``reserved_ids`` are the page's own ids."""
    return check_article(html, placeholder=placeholder, reserved_ids=reserved_ids)[0]


def check_article(html: str, *, placeholder: re.Pattern[str] | None = None,
                  reserved_ids: frozenset[str] = frozenset()) -> tuple[Violation | None, list[str]]:
    """:func:`find_violation` and, from the same pass, the ids ``html`` defines in order
    (those :func:`article_ids` finds, when there is no violation: FINAL_ALLOWED holds ALLOWED)."""
    checker = _check(html, ALLOWED, generated=False, placeholder=placeholder,
                     reserved_ids=reserved_ids)
    return checker.violation, checker.ids


def find_final_violation(html: str) -> Violation | None:
    """The same for the article's final HTML, every placeholder filled in."""
    return _check(html, FINAL_ALLOWED, generated=True).violation


def article_ids(html: str) -> list[str]:
    """The ids an article's HTML defines, in order."""
    return _check(html, FINAL_ALLOWED, generated=True).ids


def find_rendered_violation(html: str, author_ids: list[str],
                            reserved_ids: frozenset[str] = frozenset()) -> str | None:
    """What is wrong with an article rendered earlier (``html``, final, and the ids its author
    gave, as :mod:`sitegen.article_cache` keeps them), or None: the final check, and every id
    either the author's (never one the page uses) or one the build gives (:data:`RESERVED_ID`).
    The ids are checked too as the page's own check (checks.check_ids) trusts them."""
    checker = _check(html, FINAL_ALLOWED, generated=True)
    if checker.violation is not None:
        return checker.violation.message
    declared = set(author_ids)
    for ident in checker.ids:
        generated = RESERVED_ID.fullmatch(ident) is not None
        if ident in declared and (generated or ident in reserved_ids):
            return f"id {ident!r} is used by the page itself"
        if ident not in declared and not generated:
            return f"id {ident!r} is not among the article's ids"
    missing = declared - set(checker.ids)
    if missing:
        return f"id {sorted(missing)[0]!r} is not in the article"
    return None


class _TopLevel(HTMLParser):
    """Finds where the first ``<tag>`` start tag outside any other element begins."""

    def __init__(self, tag: str, html: str) -> None:
        super().__init__(convert_charrefs=True)
        self.tag = tag
        self.starts = [0]  # the offset of each line (HTMLParser counts lines at "\n")
        for line in html.split("\n")[:-1]:
            self.starts.append(self.starts[-1] + len(line) + 1)
        self.open: list[str] = []
        self.found: int | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if self.found is not None:
            return
        # An open <p> (and what else closes by itself) does not hold a heading: it ends there.
        if tag == self.tag and all(name in _OPTIONAL_END for name in self.open):
            line, column = self.getpos()
            self.found = self.starts[line - 1] + column
        elif tag not in _VOID:
            self.open.append(tag)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        pass

    def handle_endtag(self, tag: str) -> None:
        if tag in self.open:
            del self.open[len(self.open) - 1 - self.open[::-1].index(tag):]


def split_before(html: str, tag: str) -> tuple[str, str]:
    """``html`` cut where its first ``<tag>`` outside any other element starts: the part
    before it, and the rest ("" without one). Found by parsing, not by text: "<h2" may stand
    inside an attribute's value, or inside a <details>."""
    finder = _TopLevel(tag, html)
    finder.feed(html)
    finder.close()
    if finder.found is None:
        return html, ""
    return html[:finder.found], html[finder.found:]


_SCRIPT_ID = re.compile(r"""getElementById\(\s*["'`]([^"'`$]+)["'`]\s*\)""")


def script_ids(sources: list[str]) -> frozenset[str]:
    """The ids the page's scripts look up by name (``getElementById("…")``)."""
    return frozenset(name for text in sources for name in _SCRIPT_ID.findall(text))


# The only http-equiv a page may carry: its policy. "refresh" navigates the reader away.
_PAGE_HTTP_EQUIV = frozenset({"content-security-policy"})


@dataclass(frozen=True)
class PageScan:
    """One pass over a finished page: its violation, if any (:func:`find_page_violation`),
    and what the internal-link check needs (:mod:`sitegen.links`)."""

    violation: str | None
    references: tuple[str, ...]  # href, src and data-*-src values naming files
    ids: frozenset[str]
    folders: tuple[str, ...]  # data-*-src values ending in "/": folders scripts load from


class _PageChecker(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.violation: str | None = None
        self.in_body = False
        self.references: list[str] = []
        self.folders: list[str] = []
        self.ids: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "body":
            self.in_body = True
        if tag == "meta" and self.violation is None:
            equiv = (dict(attrs).get("http-equiv") or "").strip().lower()
            if equiv and equiv not in _PAGE_HTTP_EQUIV:
                self.violation = f'<meta http-equiv="{equiv}"> would redirect or alter the page'
            elif self.in_body:
                self.violation = "<meta> in the page's body"
        for name, value in attrs:
            if value is None:
                continue
            if name == "id":
                self.ids.add(value)
            elif name in {"href", "src"}:
                self.references.append(value)
            elif name.startswith("data-") and name.endswith("-src"):
                (self.folders if value.endswith("/") else self.references).append(value)

    handle_startendtag = handle_starttag


def scan_page(html: str) -> PageScan:
    """A whole page, parsed once: its violation and its references and ids."""
    checker = _PageChecker()
    checker.feed(html)
    checker.close()
    return PageScan(checker.violation, tuple(checker.references), frozenset(checker.ids),
                    tuple(checker.folders))


def find_page_violation(html: str) -> str | None:
    """A whole page's last check: no redirect (``<meta http-equiv=refresh>``), no <meta> in
    its body, whatever the template or an article put there."""
    return scan_page(html).violation
