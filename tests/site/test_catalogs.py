"""The UI catalogs are complete in every language and match the sources."""

from __future__ import annotations

import re

from babel.messages.pofile import read_po

from sitegen.browser_messages import BROWSER_MESSAGES
from sitegen.config import LANGUAGES, SiteConfig
from sitegen.i18n import load_catalog
from sitegen.i18n_tools import extract


def test_template_lists_exactly_the_strings_in_the_sources() -> None:
    config = SiteConfig()
    with (config.source_dir / "locales" / "messages.pot").open("rb") as handle:
        pot = {m.id for m in read_po(handle) if m.id}
    assert pot == {m.id for m in extract(config) if m.id}, "run: .venv/bin/python build.py i18n"


def test_every_string_is_translated_in_every_language() -> None:
    config = SiteConfig()
    wanted = {m.id for m in extract(config) if m.id}
    for lang in LANGUAGES:
        if lang == "en":
            continue
        catalog = load_catalog(config.source_dir / "locales", lang)
        done = {m.id for m in catalog if m.id and m.string and not m.fuzzy}
        assert wanted - done == set(), f"{lang}: untranslated"


def test_placeholders_survive_translation() -> None:
    config = SiteConfig()
    for lang in ("de", "da"):
        catalog = load_catalog(config.source_dir / "locales", lang)
        for message in catalog:
            if not message.id:
                continue
            wanted = set(re.findall(r"\{\w+\}", str(message.id)))
            assert set(re.findall(r"\{\w+\}", str(message.string))) == wanted, (lang, message.id)


def test_every_error_code_has_a_message() -> None:
    import elo_core

    missing = set(elo_core.ERROR_CODES) - set(BROWSER_MESSAGES)
    assert missing == set(), f"codes the page cannot explain: {sorted(missing)}"


def test_every_reason_a_tournament_file_is_refused_for_has_a_message() -> None:
    from elo_core import trf

    missing = {f"trf-invalid/{reason}" for reason in trf.PARSE_REASONS} - set(BROWSER_MESSAGES)
    assert missing == set()
    # Worded by field (the page adds the field or direction to the reason), and every
    # warning, with each field's name for the warning of a value read off its columns.
    by_field = {f"trf-invalid/shifted-{field}" for field in trf.PLAYER_FIELDS}
    by_field |= {f"trf-field-{field}" for field in trf.PLAYER_FIELDS}
    by_field |= {f"trf-invalid/line-shifted-{side}" for side in ("left", "right")}
    by_field |= {f"trf-warning/{code}" for code in trf.WARNING_CODES}
    assert by_field - set(BROWSER_MESSAGES) == set()


def test_every_import_reason_has_its_own_message() -> None:
    # Otherwise the league shows a generic "cannot be read" for a rule it could name.
    from elo_core.importers import ERROR_REASONS, NOTE_REASONS

    for code, reason in ERROR_REASONS:
        if reason == "empty":
            assert f"{code}/{reason}" in BROWSER_MESSAGES
            continue
        keys = {f"league_games:{code}/{reason}", f"{code}/{reason}"}
        assert keys & set(BROWSER_MESSAGES), (code, reason)
    for reason in NOTE_REASONS:
        assert f"league-note-{reason}" in BROWSER_MESSAGES, reason
