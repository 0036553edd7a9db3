"""UI translations: the gettext catalogs (site_src/locales/) read through Babel, compiled in
memory, checked for untranslated strings and markup, and given to templates as text."""

from __future__ import annotations

import io
import re
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import NullTranslations, Translations
from markupsafe import Markup, escape

__all__ = ["load_catalog", "load_translations", "markup_in", "text_translations", "untranslated"]


def load_catalog(locales_dir: Path, lang: str) -> Catalog:
    path = locales_dir / lang / "LC_MESSAGES" / "messages.po"
    with path.open("rb") as handle:
        return read_po(handle, locale=lang)


def untranslated(catalog: Catalog) -> list[str]:
    """The ids of ``catalog``'s strings without a translation (empty or fuzzy): the page
    shows them in English."""
    return [str(message.id) for message in catalog
            if message.id and (not message.string or message.fuzzy)]


# What would be markup, were a translation HTML: a tag (or comment, declaration) or a
# character reference. "W < We" and "Q&A" are text.
_MARKUP = re.compile(r"<[A-Za-z!/?]|&(?:#[0-9]+|#[xX][0-9A-Fa-f]+|[A-Za-z][A-Za-z0-9]*);")


def markup_in(catalog: Catalog) -> list[tuple[int | None, str, str]]:
    """Each translation in ``catalog`` that holds markup, as (the line of its msgid, the
    msgid, the markup found). A translation is text: the page shows it as written (escaped
    like any other value), so a tag in it would show as a tag."""
    found = []
    for message in catalog:
        if not message.id or not message.string:
            continue
        strings = message.string if isinstance(message.string, (list, tuple)) else [message.string]
        for string in strings:
            match = _MARKUP.search(str(string))
            if match is not None:
                msgid = message.id if isinstance(message.id, str) else message.id[0]
                found.append((message.lineno, str(msgid), str(string)[match.start():][:40]))
                break
    return found


def text_translations(translations: NullTranslations) -> dict[str, Any]:
    """``translations``' gettext functions for a template, each giving its translation as
    text: escaped, so a catalog can put no markup into a page (Jinja's i18n extension would
    mark a translation safe as it is). Jinja escapes the values formatted into it."""
    def text(value: object) -> Markup:
        return escape(str(value))

    return {
        "gettext": lambda message: text(translations.gettext(message)),
        "ngettext": lambda singular, plural, n: text(translations.ngettext(singular, plural, n)),
        "pgettext": lambda context, message: text(translations.pgettext(context, message)),
        "npgettext": lambda context, singular, plural, n: text(
            translations.npgettext(context, singular, plural, n)),
    }


def load_translations(locales_dir: Path, lang: str) -> Translations:
    """The language's catalog compiled in memory (English is the source: no catalog). A
    string it does not translate, or every string of a language without a catalog yet, is
    shown in English (the build says so: catalogs.check_catalogs)."""
    if lang == "en" or not (locales_dir / lang / "LC_MESSAGES" / "messages.po").is_file():
        return Translations()
    buffer = io.BytesIO()
    write_mo(buffer, load_catalog(locales_dir, lang), use_fuzzy=False)
    buffer.seek(0)
    return Translations(fp=buffer)
