"""Fill the Jinja2 templates (autoescaped, with the UI catalog of the page's language, whose
translations are text: escaped like any other value)."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

import re
from decimal import Decimal

import jinja2
import jinja2.bccache
from babel.support import Translations
from markupsafe import Markup

from sitegen.config import SiteConfig
from sitegen.errors import BuildError, describe
from sitegen.html_policy import split_before
from sitegen.i18n import text_translations
from sitegen.number_format import format_input, format_number

__all__ = ["TemplateRenderer", "relative_path"]

_POINT = re.compile(r"(-?\d+(?:\.\d+)?),(-?\d+(?:\.\d+)?)")


def _short(number: Decimal) -> str:
    """A number as SVG reads it, without what it does not need: 2.0 → 2, 0.5 → .5."""
    text = format(number.normalize(), "f")
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return text.replace("0.", ".", 1) if text.startswith(("0.", "-0.")) else text


def relative_path(d: str) -> str:
    """A polyline path as elo_core writes it ("M44.0,160.0 46.8,158.7 …", or with "L"s)
    drawn the same with relative steps ("M44 160l2.8-1.3…"): each step is the difference of
    two of its numbers, exact in decimal, so the points are the same; the page is smaller."""
    points = [(Decimal(x), Decimal(y)) for x, y in _POINT.findall(d)]
    if not points or not re.fullmatch(r"M[\d.,\sL-]*", d):
        raise ValueError(f"not a polyline path: {d[:40]!r}")
    (x0, y0), steps = points[0], []
    for (x1, y1), (x2, y2) in zip(points, points[1:]):
        dx, dy = _short(x2 - x1), _short(y2 - y1)
        steps.append(dx + ("" if dy.startswith("-") else " ") + dy)
    text = "".join(step if step.startswith("-") or index == 0 else " " + step
                   for index, step in enumerate(steps))
    return f"M{_short(x0)} {_short(y0)}" + (f"l{text}" if steps else "")


class _SharedBytecode(jinja2.BytecodeCache):
    """Compiled templates, kept in memory for the process: the three languages' environments
    differ only in their catalogs and number formats, which the compiled code looks up when
    it runs, so each template is compiled once, and again only when its source changes
    (Jinja checks the source's hash against the cached code's)."""

    def __init__(self) -> None:
        self.buckets: dict[str, bytes] = {}

    def load_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        data = self.buckets.get(bucket.key)
        if data is not None:
            bucket.bytecode_from_string(data)

    def dump_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        self.buckets[bucket.key] = bucket.bytecode_to_string()


_BYTECODE = _SharedBytecode()


class TemplateRenderer:
    def __init__(self, config: SiteConfig, translations: Mapping[str, Translations]) -> None:
        self.config = config
        self.template_dir = config.source_dir / "templates"
        self.envs: dict[str, jinja2.Environment] = {}
        for lang in config.languages:
            env = jinja2.Environment(
                loader=jinja2.FileSystemLoader(self.template_dir),
                autoescape=True,
                undefined=jinja2.StrictUndefined,
                extensions=["jinja2.ext.i18n"],
                trim_blocks=True,
                lstrip_blocks=True,
                bytecode_cache=_BYTECODE,
            )
            # Translations are text (sitegen.i18n.text_translations), never markup.
            env.install_gettext_callables(  # type: ignore[attr-defined]
                **text_translations(translations[lang]), newstyle=True
            )
            env.filters["num"] = lambda value, digits=0, signed=False, _lang=lang: (
                format_number(value, digits, _lang, signed=signed)
            )
            env.filters["input_value"] = lambda text, _lang=lang: format_input(str(text), _lang)
            env.filters["relative_path"] = relative_path
            # An article's HTML (checked: sitegen.html_policy) cut at a top-level element.
            env.filters["split_before"] = lambda html, tag: tuple(
                Markup(part) for part in split_before(str(html), tag))
            env.globals["url"] = config.url
            self.envs[lang] = env

    def render(self, lang: str, template: str, context: dict[str, Any], *, source: Path) -> str:
        env = self.envs[lang]
        try:
            return env.get_template(template).render(context)
        except jinja2.TemplateNotFound as error:
            raise BuildError(source, None, f"template {error.name!r} not found in {self.template_dir}") from None
        except jinja2.TemplateSyntaxError as error:
            raise BuildError(error.filename or template, error.lineno, error.message or "template syntax") from None
        except BuildError:
            raise
        except Exception as error:  # noqa: BLE001 — any failure while filling a template
            filename, line = _template_frame(error, self.template_dir)
            where = filename or self.template_dir / template
            raise BuildError(where, line, f"template {template!r} for {source}: "
                             f"{describe(error)}") from None


def _template_frame(error: BaseException, folder: Path) -> tuple[Path | None, int | None]:
    """The last template file and line in ``error``'s traceback (Jinja maps them back)."""
    found: tuple[Path | None, int | None] = (None, None)
    tb = error.__traceback__
    while tb is not None:
        name = tb.tb_frame.f_code.co_filename
        if name.startswith(str(folder)):
            found = (Path(name), tb.tb_lineno)
        tb = tb.tb_next
    return found
