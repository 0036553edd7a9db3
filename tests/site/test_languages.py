"""A new language in one step (sitegen.languages), and the build of a language not yet
translated: English UI strings and no pages for untranslated articles, with warnings; --strict
refuses."""

from __future__ import annotations

import dataclasses
import json
import shutil
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from sitegen.config import SiteConfig
from sitegen.errors import BuildError
from sitegen.languages import add_language
from sitegen.pipeline import build

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def config(fixture_config: SiteConfig, tmp_path: Path) -> SiteConfig:
    """The fixture site with a copy of the site's sources, which add_language writes to."""
    shutil.copytree(ROOT / "site_src", tmp_path / "site_src")
    return dataclasses.replace(fixture_config, source_dir=tmp_path / "site_src", languages={})


def _listed(config: SiteConfig) -> list[str]:
    return list(json.loads((config.source_dir / "languages.json").read_text(encoding="utf-8")))


def test_adding_a_language_writes_its_catalog_list_entry_and_folder(config: SiteConfig) -> None:
    added = add_language(config, "sv", "Svenska")
    assert _listed(config) == ["en", "de", "da", "sv"]
    assert dataclasses.replace(config, languages={}).languages["sv"] == "Svenska"
    with (config.source_dir / "locales/messages.pot").open("rb") as handle:
        template = read_po(handle)
    with added.catalog.open("rb") as handle:
        catalog = read_po(handle)
    assert str(catalog.locale) == "sv" and catalog.plural_forms == "nplurals=2; plural=(n != 1);"
    ids = {message.id for message in template if message.id}
    assert {message.id for message in catalog if message.id} == ids
    assert added.strings == len([message for message in template if message.id])
    assert not any(message.string for message in catalog if message.id)
    assert added.content.is_dir() and not list(added.content.glob("*.md"))


@pytest.mark.parametrize(("code", "reason"), [
    ("de", "already one of the site's languages"),
    ("qq", "Babel (CLDR) does not know"),
    ("SV", "not a language code"),
    ("sv-SE", "not a language code"),
    ("ar", "right to left"),
    ("mr", "its own digits"),
    # Codes Babel reads as another language (issue 42, item 9): before, added as given.
    ("und", "reads as another, 'en'"),
    ("in", "reads as another, 'id'"),
    ("mo", "reads as another, 'ro'"),
])
def test_a_code_that_cannot_be_added_is_refused_and_nothing_is_written(
    config: SiteConfig, code: str, reason: str
) -> None:
    def written() -> tuple[bytes, list[Path], list[Path]]:
        return ((config.source_dir / "languages.json").read_bytes(),
                sorted((config.source_dir / "locales").rglob("*")),
                sorted(config.content_dir.rglob("*")))

    before = written()
    with pytest.raises(BuildError) as caught:
        add_language(config, code, "Name")
    assert reason in caught.value.message
    assert written() == before


@pytest.mark.parametrize("name", [
    "Svenska\x1b[31m", "Sve\u202enska", "Svenska\u2028Deutsch", "Sv\u200denska", "",
    "S" * 41,
], ids=["control", "right-to-left-override", "line-separator", "zero-width-joiner", "empty",
        "too-long"])
def test_a_name_that_is_not_printable_text_is_refused(config: SiteConfig, name: str) -> None:
    """Issue 42, item 9: before, any name was written into languages.json and every page."""
    before = (config.source_dir / "languages.json").read_bytes()
    with pytest.raises(BuildError) as caught:
        add_language(config, "sv", name)
    assert "a language's name" in caught.value.message
    assert "'svenska'" in caught.value.message  # CLDR's name for it, as a hint
    assert (config.source_dir / "languages.json").read_bytes() == before
    assert not (config.content_dir / "sv").exists()


@pytest.mark.parametrize(("code", "name", "reason"), [
    ("../../evil", "Evil", "not a language code"),
    ("in", "Bahasa Indonesia", "reads as another, 'id'"),
    ("sv", "Sve\u202enska", "printable text"),
])
def test_languages_json_is_checked_before_any_code_is_used(
        config: SiteConfig, tmp_path: Path, code: str, name: str, reason: str) -> None:
    """Before, a code reached paths unchecked: ../../evil read a catalog outside the sources.
    Now the site's configuration refuses it, before the build reads anything by it."""
    listing = config.source_dir / "languages.json"
    listing.write_text(json.dumps({**json.loads(listing.read_text()), code: name}))
    with pytest.raises(BuildError) as caught:
        build(dataclasses.replace(config, languages={}, strict=False))
    assert caught.value.path == listing
    assert f"{code!r}: " in caught.value.message and reason in caught.value.message
    assert not config.out_dir.exists()


def test_build_py_says_what_is_wrong_with_languages_json(tmp_path: Path) -> None:
    import subprocess
    import sys

    source = tmp_path / "site_src"
    shutil.copytree(ROOT / "site_src", source)
    (source / "languages.json").write_text('{"en": "English", "../../tmp/evil": "Evil"}')
    run = subprocess.run([sys.executable, str(ROOT / "build.py"), "--source", str(source),
                          "--out", str(tmp_path / "dist")], cwd=ROOT, capture_output=True,
                         text=True, timeout=120)
    assert run.returncode == 1
    assert run.stderr.startswith(f"error: {source / 'languages.json'}: '../../tmp/evil': ")
    assert "Traceback" not in run.stderr


def test_a_language_without_translations_builds_in_english_with_warnings(
    config: SiteConfig,
) -> None:
    add_language(config, "sv", "Svenska")
    config = dataclasses.replace(config, languages={})
    with pytest.raises(BuildError) as caught:
        build(config)  # the fixture's config is strict
    assert "has no 'sv' translation (--strict)" in caught.value.message
    lenient = dataclasses.replace(config, strict=False)
    # The home page translated, UI strings not: the page is in Swedish with English words.
    shutil.copy(config.content_dir / "en/index.md", config.content_dir / "sv/index.md")
    report = build(lenient)
    out = config.out_dir
    assert (out / "sv/index.html").is_file() and not (out / "sv/example").exists()
    html = (out / "sv/index.html").read_text(encoding="utf-8")
    assert '<html lang="sv" data-decimal="," data-group="\u00a0"' in html
    strings = len([m for m in read_po((config.source_dir / "locales/messages.pot").open("rb"))
                   if m.id])
    assert any(f"{strings} UI strings have no 'sv' translation" in w for w in report.warnings)
    assert any("article 'example' has no 'sv' translation" in w for w in report.warnings)
    # The English example links to Swedish only where there is a Swedish page.
    example = (out / "en/example/index.html").read_text(encoding="utf-8")
    assert 'hreflang="sv"' not in example
    assert 'hreflang="sv"' in (out / "en/index.html").read_text(encoding="utf-8")


def test_a_listed_language_without_catalog_or_folder_builds_in_english(
    config: SiteConfig,
) -> None:
    listing = config.source_dir / "languages.json"
    listing.write_text(json.dumps({**json.loads(listing.read_text()), "nb": "Norsk bokmål"}))
    report = build(dataclasses.replace(config, languages={}, strict=False))
    assert any("no 'nb' catalog" in warning for warning in report.warnings)
    assert not (config.out_dir / "nb").exists()
