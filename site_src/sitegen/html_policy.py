"""What HTML an article may publish: an allow-list of elements, attributes and URL schemes.

Articles are text anyone can propose. The page's Content-Security-Policy stops scripts and
loads from elsewhere, but not everything: ``<meta http-equiv="refresh">`` navigates the reader
away, a ``<form>`` posts elsewhere, ``<base>`` moves every link. So the rendered article —
Markdown's output, the author's own HTML, the MathML made from the author's LaTeX (latex2mathml
copies ``\\text{…}`` unescaped and turns ``\\href`` into an attribute) — is checked here against
what Markdown and its extensions produce plus the inline HTML an author may type. The build's
own macros (tables, the SVG curve) are generated, not typed, and are inserted after the check.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from html.parser import HTMLParser

__all__ = ["Violation", "find_violation", "looks_like_html"]

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
    "td": frozenset({"colspan", "rowspan"}),
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
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.violation: Violation | None = None

    def _found(self, message: str, *needles: str) -> None:
        if self.violation is None:
            self.violation = Violation(message, needles)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        raw = re.escape(self.get_starttag_text() or "")
        if tag not in ALLOWED:
            name = re.escape(re.split(r"[^\w-]", tag, maxsplit=1)[0])  # latex2mathml may add &#xa0;
            self._found(f"<{tag}> is not allowed in an article", raw, rf"<\s*{name}\b")
            return
        for name, value in attrs:
            if not (name in GLOBAL_ATTRIBUTES or name in ALLOWED[tag] or name.startswith("aria-")):
                allowed = ", ".join(sorted(ALLOWED[tag] | GLOBAL_ATTRIBUTES | {"aria-*"}))
                self._found(f"attribute {name!r} is not allowed on <{tag}> (allowed: {allowed})",
                            raw, rf"\b{re.escape(name)}\s*=\s*[\"']?{re.escape(value or '')}",
                            rf"\b{re.escape(name)}\s*=", rf"\b{re.escape(name)}\b")
            elif name in URL_ATTRIBUTES and value is not None:
                problem = _url_problem(tag, name, value)
                if problem:
                    self._found(problem, raw, re.escape(value), rf"\b{name}\b")

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)

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


def find_violation(html: str) -> Violation | None:
    """The first thing in ``html`` (an article's body) outside the allow-list."""
    checker = _Checker()
    checker.feed(html)
    checker.close()
    return checker.violation
