"""``_headers``: the HTTP headers the site needs, for hosts that read the file and for serve.

The format is Netlify's and Cloudflare Pages': a path pattern on its own line (``*`` matches
anything, slashes too), then indented ``Name: value`` lines. Every rule that matches a path
applies. The dev server reads the built file (:func:`read_rules`), so the browser tests get
the headers a host would send.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from sitegen.config import SiteConfig

__all__ = ["Rule", "headers_for", "read_rules", "write_headers"]

FILE_NAME = "_headers"


def write_headers(config: SiteConfig, out: Path) -> None:
    base = config.base_path
    immutable = "  Cache-Control: public, max-age=31536000, immutable\n"
    (out / FILE_NAME).write_text(
        "# For static hosts that read a _headers file (Netlify, Cloudflare Pages, ...).\n"
        f"{base}assets/*\n{immutable}"
        f"{base}wheels/*\n{immutable}"
        f"{base}pyodide/*\n{immutable}"
        f"{base}*.wasm\n  Content-Type: application/wasm\n"
        f"{base}*.mjs\n  Content-Type: text/javascript\n"
        f"{base}*.whl\n  Content-Type: application/zip\n"
        f"{base}sw.js\n  Cache-Control: no-cache\n"
        # For the workers too: a page's <meta> policy does not reach them.
        f"{base}*\n"
        f"  Content-Security-Policy: {config.content_security_policy}; frame-ancestors 'none'\n"
        "  X-Frame-Options: DENY\n"
        "  X-Content-Type-Options: nosniff\n  Referrer-Policy: no-referrer\n",
        encoding="utf-8",
    )


@dataclass(frozen=True)
class Rule:
    pattern: re.Pattern[str]
    headers: tuple[tuple[str, str], ...]


def read_rules(folder: Path) -> list[Rule]:
    """The rules of ``folder/_headers``; none if there is no such file."""
    try:
        text = (folder / FILE_NAME).read_text(encoding="utf-8")
    except FileNotFoundError:
        return []
    rules: list[tuple[str, list[tuple[str, str]]]] = []
    for line in text.splitlines():
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        if not line[0].isspace():
            rules.append((line.strip(), []))
        elif rules and ":" in line:
            name, _, value = line.strip().partition(":")
            rules[-1][1].append((name.strip(), value.strip()))
    return [Rule(re.compile(".*".join(map(re.escape, path.split("*")))), tuple(headers))
            for path, headers in rules]


def headers_for(rules: list[Rule], path: str) -> dict[str, str]:
    """The headers for a request ``path`` (a name in several rules: the values joined)."""
    found: dict[str, str] = {}
    for rule in rules:
        if rule.pattern.fullmatch(path):
            for name, value in rule.headers:
                found[name] = f"{found[name]}, {value}" if name in found else value
    return found
