"""``build.py add-language sv Svenska``: a new language in one step (content/README.md,
Adding a language).

It checks the code with Babel (CLDR must know the language under that very code, and its
number signs must be ones elo_core reads) and the name (printable text), creates the language's catalog from ``messages.pot`` as Babel's
``init_catalog`` does (every string untranslated), lists the language in
``site_src/languages.json`` (the one place the site's languages are named) and creates its
empty ``content/<code>/`` folder. What is left is translation: the catalog's strings and the
articles, which it lists. Until then the build shows the language's UI in English and has
no page for an article not yet translated (a plain build warns; ``--strict`` refuses).
"""

from __future__ import annotations

import datetime
import json
from dataclasses import dataclass
from pathlib import Path

from babel import Locale
from babel.messages.pofile import read_po

from sitegen.config import (LANGUAGES_FILE, SiteConfig, language_code_problem,
                            language_name_problem)
from sitegen.errors import BuildError
from sitegen.i18n import untranslated
from sitegen.i18n_tools import write_catalog
from sitegen.number_format import number_symbols

__all__ = ["AddedLanguage", "add_language", "catalog_path"]

@dataclass(frozen=True)
class AddedLanguage:
    code: str
    name: str
    catalog: Path
    content: Path
    strings: int  # in the catalog, all untranslated


def catalog_path(config: SiteConfig, lang: str) -> Path:
    return config.source_dir / "locales" / lang / "LC_MESSAGES" / "messages.po"


def _check_code(config: SiteConfig, code: str) -> None:
    if code in config.languages:
        raise BuildError(config.source_dir / LANGUAGES_FILE, None,
                         f"{code!r} ({config.languages[code]}) is already one of the site's "
                         f"languages: {', '.join(config.languages)}")
    problem = language_code_problem(code)
    if problem is not None:
        raise BuildError(code, None, problem)
    locale = Locale.parse(code)
    if locale.text_direction != "ltr":
        raise BuildError(code, None, f"{code!r} is written right to left, which the site's "
                         "pages and stylesheet do not support yet")
    if locale.default_numbering_system != "latn":
        raise BuildError(code, None, f"{code!r} writes its own digits "
                         f"({locale.default_numbering_system}), which the calculators cannot "
                         "read yet (elo_core.numbers reads 0-9)")
    from elo_core.numbers import NumberFormat

    decimal, group = number_symbols(code)  # the page's Intl.NumberFormat writes the same
    try:
        NumberFormat(decimal, group)
    except ValueError:
        raise BuildError(code, None, f"{code!r} writes numbers with signs the calculators "
                         f"cannot read yet (CLDR: decimal {decimal!r}, grouping {group!r}; "
                         "elo_core.numbers reads a decimal point or comma and groups by a "
                         "point, comma or space)") from None


def add_language(config: SiteConfig, code: str, name: str) -> AddedLanguage:
    """Add language ``code`` called ``name`` (in itself) to the site: see the module doc.

    Raises BuildError, before anything is written, for a code that is not two or three
    lower-case letters, that Babel does not know, whose number signs elo_core cannot read,
    that the site has already, or whose catalog or content folder exists already.
    """
    _check_code(config, code)
    name = name.strip()
    problem = language_name_problem(name)
    if problem is not None:
        raise BuildError(code, None, f"{problem}: give the language's name as its speakers "
                         f"write it (CLDR: {Locale.parse(code).get_display_name(code)!r})")
    catalog_file = catalog_path(config, code)
    content = config.content_dir / code
    for path in (catalog_file, content):
        if path.exists():
            raise BuildError(path, None, f"{path} exists already: remove it, or add {code!r} "
                             f"to {LANGUAGES_FILE} by hand if it is the language's")
    template = config.source_dir / "locales" / "messages.pot"
    with template.open("rb") as handle:
        catalog = read_po(handle, locale=code)
    # As Babel's init_catalog: the template's strings, this language's header and plurals.
    catalog.locale = Locale.parse(code)
    catalog.revision_date = datetime.datetime.now(datetime.timezone.utc)
    catalog.fuzzy = False
    write_catalog(catalog_file, catalog)
    content.mkdir(parents=True)
    (content / ".gitkeep").write_text("", encoding="utf-8")
    languages = {**config.languages, code: name}
    listing = config.source_dir / LANGUAGES_FILE
    listing.write_text(json.dumps(languages, ensure_ascii=False, indent=2) + "\n",
                       encoding="utf-8")
    return AddedLanguage(code, name, catalog_file, content, len(untranslated(catalog)))
