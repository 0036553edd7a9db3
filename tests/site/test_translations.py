"""Translations know which version of the English article they follow (content/README.md:
Translating)."""

from __future__ import annotations

import dataclasses
import re
import subprocess
import sys
from pathlib import Path

import pytest

from sitegen.config import SiteConfig
from sitegen.content import load_pages
from sitegen.errors import BuildError
from sitegen.pipeline import Builder, build
from sitegen.translations import MISSING, OK, OUTDATED, mark, statuses

ROOT = Path(__file__).resolve().parents[2]


def states(config: SiteConfig) -> dict[str, str]:
    return {status.name: status.state for status in statuses(config, load_pages(config))}


def cli(config: SiteConfig, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(ROOT / "build.py"), "translations",
         "--content", str(config.content_dir), *args],
        cwd=ROOT, capture_output=True, text=True, timeout=120, check=False)


def edit_english(config: SiteConfig) -> None:
    article = config.content_dir / "en" / "example.md"
    article.write_text(article.read_text().replace("## Numbers", "## Numbers, worked through"))


def test_the_fixture_translations_are_all_up_to_date(fixture_config: SiteConfig) -> None:
    assert states(fixture_config) == {
        "de/home": OK, "da/home": OK, "de/example": OK, "da/example": OK}
    run = cli(fixture_config, "--check")
    assert run.returncode == 0, run.stderr
    assert run.stdout.split() == ["de/home", "ok", "da/home", "ok",
                                  "de/example", "ok", "da/example", "ok"]


def test_editing_the_english_article_makes_its_translations_outdated(
        fixture_config: SiteConfig) -> None:
    edit_english(fixture_config)
    assert states(fixture_config) == {
        "de/home": OK, "da/home": OK, "de/example": OUTDATED, "da/example": OUTDATED}
    # Outdated is a warning, also under --strict: the build succeeds and names both.
    report = build(fixture_config)
    outdated = [w for w in report.warnings if "may be outdated" in w]
    assert len(outdated) == 2
    assert "'de' translation of 'example'" in outdated[0]
    assert "./dev translations --mark de/example" in outdated[0]

    run = cli(fixture_config)
    assert run.returncode == 0, run.stderr
    lines = dict(line.split(None, 1) for line in run.stdout.splitlines())
    assert lines["de/home"] == "ok"
    assert lines["de/example"].startswith("outdated  follows ")
    assert cli(fixture_config, "--check").returncode == 1


def test_only_what_a_translator_translates_counts(fixture_config: SiteConfig) -> None:
    article = fixture_config.content_dir / "en" / "example.md"
    article.write_text(article.read_text().replace("order: 1", "order: 5")
                       .replace("rating\n", "rating   \n"))
    assert set(states(fixture_config).values()) == {OK}
    article.write_text(article.read_text().replace("title: Example article",
                                                   "title: An example article"))
    assert states(fixture_config)["da/example"] == OUTDATED


def test_marking_a_translation_records_the_source_and_makes_it_ok(
        fixture_config: SiteConfig) -> None:
    edit_english(fixture_config)
    german = fixture_config.content_dir / "de" / "example.md"
    before = german.read_text()
    run = cli(fixture_config, "--mark", "de/example")
    assert run.returncode == 0, run.stderr
    assert run.stdout.startswith("marked de/example: follows ")
    assert states(fixture_config) == {
        "de/home": OK, "da/home": OK, "de/example": OK, "da/example": OUTDATED}
    after = german.read_text()
    # Only the source: line changed; the rest of the file is as it was.
    changed = [(old, new) for old, new in zip(before.splitlines(), after.splitlines())
               if old != new]
    assert len(changed) == 1 and changed[0][0].startswith("source: ")
    assert re.fullmatch(r'source: "[0-9a-f]{12}"', changed[0][1])
    assert len(before.splitlines()) == len(after.splitlines())
    assert "may be outdated" not in " ".join(
        w for w in build(fixture_config).warnings if "'de'" in w)


def test_marking_a_translation_without_source_adds_the_key(fixture_config: SiteConfig) -> None:
    danish = fixture_config.content_dir / "da" / "example.md"
    danish.write_text(re.sub(r"source: .*\n", "", danish.read_text()))
    assert states(fixture_config)["da/example"] == OUTDATED
    assert "records no 'source:'" in cli(fixture_config).stdout
    mark(fixture_config, "da/example")
    assert states(fixture_config)["da/example"] == OK
    assert load_pages(fixture_config)  # the front matter still reads


# What --mark met where it read front matter otherwise than the build (issue 42, item 8): a
# quoted key got a second source (the build then refused the key given twice), a U+2028
# before "order: 7" lost the order without a word, one before the closing --- ended in a
# StopIteration traceback.
@pytest.mark.parametrize(("front", "kept"), [
    ('"source": "0123456789ab"\norder: 1\n', '"source": "{hash}"\norder: 1\n'),
    ('source: "0123456789ab"\u2028order: 7\n', 'source: "{hash}"\u2028order: 7\n'),
    ("order: 1\u2028", 'order: 1\u2028source: "{hash}"\n'),
    ("order: 1\r\nsource: 0123456789ab  # by hand\r\n",
     'order: 1\r\nsource: "{hash}"  # by hand\r\n'),
], ids=["quoted-key", "line-separator-before-order", "line-separator-before-the-end", "crlf"])
def test_marking_reads_front_matter_as_the_build_does(
        fixture_config: SiteConfig, front: str, kept: str) -> None:
    edit_english(fixture_config)
    german = fixture_config.content_dir / "de" / "example.md"
    head = "---\ntitle: Beispielartikel\ndescription: D\nkey: example\nslug: beispiel\n"
    body = "---\n## Zahlen\n\nText.\n"
    german.write_bytes((head + front + body).encode("utf-8"))
    order = load_pages(fixture_config)
    status = mark(fixture_config, "de/example")
    assert german.read_bytes().decode("utf-8") == (
        head + kept.format(hash=status.current) + body)
    assert states(fixture_config)["de/example"] == OK
    after = {page.source: page for page in load_pages(fixture_config)}
    assert dataclasses.replace(after[german], follows=None, body_line=0) == dataclasses.replace(
        {page.source: page for page in order}[german], follows=None, body_line=0)


def test_marking_a_front_matter_in_braces_says_what_to_do(fixture_config: SiteConfig) -> None:
    german = fixture_config.content_dir / "de" / "example.md"
    german.write_text("---\n{title: T, description: D, key: example, slug: beispiel}\n---\nx\n")
    with pytest.raises(BuildError, match="key: value lines"):
        mark(fixture_config, "de/example")
    assert german.read_text().startswith("---\n{title: T")


def test_marking_names_what_it_cannot_find(fixture_config: SiteConfig) -> None:
    with pytest.raises(BuildError, match="did you mean 'example'"):
        mark(fixture_config, "de/exampel")
    with pytest.raises(BuildError, match="language/key"):
        mark(fixture_config, "en/example")
    run = cli(fixture_config, "--mark", "sv/example")
    assert run.returncode == 1 and "language/key" in run.stderr


def test_a_removed_translation_is_missing(fixture_config: SiteConfig) -> None:
    (fixture_config.content_dir / "da" / "example.md").unlink()
    assert states(fixture_config)["da/example"] == MISSING
    run = cli(fixture_config, "--check")
    assert run.returncode == 1
    assert re.search(r"^da/example\s+missing\s+translate .*en/example\.md$", run.stdout, re.M)
    home = fixture_config.content_dir / "da" / "index.md"
    home.write_text(home.read_text().replace("See [the article]({{ link('example') }}).", ""))
    with pytest.raises(BuildError, match="no 'da' translation"):
        build(fixture_config)  # --strict


def test_serve_shows_a_notice_on_affected_pages_and_a_build_never_does(
        fixture_config: SiteConfig) -> None:
    edit_english(fixture_config)
    (fixture_config.content_dir / "da" / "index.md").unlink()
    config = dataclasses.replace(fixture_config, strict=False, base_url=None, local=True)
    out = config.out_dir

    build(config)
    assert not [p for p in out.rglob("*.html") if "__dev-notice" in p.read_text()]

    Builder(config, live_reload=True).build()
    noticed = {p.relative_to(out).as_posix() for p in out.rglob("*.html")
               if "__dev-notice" in p.read_text()}
    # The outdated translations, and the English home page whose Danish version is missing.
    assert noticed == {"de/beispiel/index.html", "da/eksempel/index.html", "en/index.html"}
    german = (out / "de" / "beispiel" / "index.html").read_text()
    assert "the &#x27;de&#x27; translation of &#x27;example&#x27; may be outdated" in german
    assert "article &#x27;home&#x27; has no &#x27;da&#x27; translation" in (
        out / "en" / "index.html").read_text()
    assert "__dev-notice" not in (out / "en" / "example" / "index.html").read_text()


@pytest.mark.parametrize(("head", "message"), [
    ('sourc: "abc"\n', "unknown front-matter key 'sourc' — did you mean 'source'?"),
    ("source: 123456789012\n", "'source' must be text in quotes"),
])
def test_the_source_key_is_checked(fixture_config: SiteConfig, head: str, message: str) -> None:
    german = fixture_config.content_dir / "de" / "example.md"
    german.write_text(re.sub(r"source: .*\n", head, german.read_text()))
    with pytest.raises(BuildError, match=re.escape(message)):
        load_pages(fixture_config)


def test_an_english_article_has_no_source(fixture_config: SiteConfig) -> None:
    english = fixture_config.content_dir / "en" / "example.md"
    english.write_text(english.read_text().replace("order: 1\n", 'order: 1\nsource: "abc"\n'))
    with pytest.raises(BuildError, match="'source' is for translations"):
        load_pages(fixture_config)
