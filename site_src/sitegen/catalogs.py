"""The UI catalogs as a build uses them: each language's translations and the messages the
page's scripts show, loaded once per change of the sources, and the catalogs' problems
(missing, untranslated, holding markup) reported as warnings or, under --strict, an error."""

from __future__ import annotations

import logging
from pathlib import Path

from babel.support import Translations

from sitegen.browser_messages import BROWSER_MESSAGES
from sitegen.config import SiteConfig
from sitegen.errors import BuildError
from sitegen.i18n import load_catalog, load_translations, markup_in, untranslated
from sitegen.report import BuildReport

__all__ = ["CatalogProblem", "Catalogs", "catalog_problems", "check_catalogs"]

log = logging.getLogger("sitegen")

# A catalog's problem: its file, the line (None: the whole file) and what it means.
CatalogProblem = tuple[Path, int | None, str]


class Catalogs:
    """Each language's translations and browser messages, read when first asked for."""

    def __init__(self, config: SiteConfig) -> None:
        self.config = config
        self._translations: dict[str, Translations] = {}
        self._messages: dict[str, dict[str, str]] = {}
        self._problems: list[CatalogProblem] | None = None

    def translations(self, lang: str) -> Translations:
        if lang not in self._translations:
            self._translations[lang] = load_translations(self.config.source_dir / "locales", lang)
        return self._translations[lang]

    def browser_messages(self, lang: str) -> dict[str, str]:
        if lang not in self._messages:
            translations = self.translations(lang)
            self._messages[lang] = {key: translations.gettext(text)
                                    for key, text in BROWSER_MESSAGES.items()}
        return self._messages[lang]

    def check(self, report: BuildReport) -> None:
        """The catalogs' problems into ``report`` (:func:`check_catalogs`); read once."""
        if self._problems is None:
            self._problems = catalog_problems(self.config)
        check_catalogs(self.config, self._problems, report)


def catalog_problems(config: SiteConfig) -> list[CatalogProblem]:
    """Each language's catalog that is missing or leaves UI strings untranslated, with what
    that means for its pages, and each translation that holds markup (a translation is
    text: sitegen.i18n.markup_in); see :func:`check_catalogs`."""
    problems: list[CatalogProblem] = []
    for lang in config.languages:
        if lang == config.default_language:
            continue
        path = config.source_dir / "locales" / lang / "LC_MESSAGES" / "messages.po"
        if not path.is_file():
            problems.append((path, None, f"no {lang!r} catalog: every UI string of its pages "
                                         "is shown in English (./dev add-language creates it)"))
            continue
        catalog = load_catalog(config.source_dir / "locales", lang)
        missing = untranslated(catalog)
        if missing:
            problems.append((path, None, f"{len(missing)} UI strings have no {lang!r} "
                                         "translation and are shown in English (build.py i18n "
                                         "lists them)"))
        for line, msgid, markup in markup_in(catalog):
            problems.append((path, line, f"the translation of {msgid[:40]!r} holds markup "
                                         f"({markup!r}): a translation is text, and the page "
                                         "shows its tags and character references as "
                                         "written; write it without them"))
    return problems


def check_catalogs(config: SiteConfig, problems: list[CatalogProblem],
                   report: BuildReport) -> None:
    """A UI string a language's catalog does not translate is shown in English, a
    translation with markup shows it as text: a warning each (untranslated strings counted
    per language); errors under --strict, as a missing article is."""
    def where(path: Path, line: int | None) -> str:
        return f"{path}:{line}" if line is not None else str(path)

    if problems and config.strict:
        (first, line, message), *others = problems
        raise BuildError(first, line, message + " (--strict)"
                         + "".join(f"\n  {where(path, at)}: {other}" for path, at, other in others))
    for path, line, message in problems:
        log.warning("%s: %s", where(path, line), message)
        report.warnings.append(f"{where(path, line)}: {message}")
