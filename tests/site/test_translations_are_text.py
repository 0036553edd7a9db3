"""A catalog's translations are text, never markup (issue 42, item 1): a translator's msgstr is
contributed text, like an article. Before, the catalogs were installed with newstyle=True on an
autoescaping environment, which marks every translation safe: a German "Menu" put a link into
every German page's header, without a word from the build."""

from __future__ import annotations

import dataclasses
import json
import re
import shutil
from pathlib import Path

import pytest

from sitegen.config import SiteConfig
from sitegen.errors import BuildError
from sitegen.pipeline import build

ROOT = Path(__file__).resolve().parents[2]
LINK = '<a href="https://evil.example/login" class="brand">Anmelden</a>'
MENU = f"Menü</button>{LINK}<button>"
# A browser message (the page's JSON): "<!--" and "<script" would change where a browser ends
# the <script> element that holds the messages, "</script>" end it.
READY = "Bereit.<!--<script></script>"


@pytest.fixture
def config(fixture_config: SiteConfig, tmp_path: Path) -> SiteConfig:
    """The fixture site with a copy of the site's sources and a German catalog that holds
    markup: the "Menu" of every page's header, and a message of the page's scripts."""
    source = tmp_path / "site_src"
    shutil.copytree(ROOT / "site_src", source, ignore=shutil.ignore_patterns("__pycache__"))
    catalog = source / "locales" / "de" / "LC_MESSAGES" / "messages.po"
    text = catalog.read_text(encoding="utf-8")
    text = text.replace('msgid "Menu"\nmsgstr "Menü"', f'msgid "Menu"\nmsgstr "{_po(MENU)}"', 1)
    text = re.sub(r'(msgid "Calculator ready\. Results update as you type\."\nmsgstr )"[^\n]*"',
                  lambda m: m.group(1) + f'"{_po(READY)}"', text, count=1)
    catalog.write_text(text, encoding="utf-8")
    return dataclasses.replace(fixture_config, source_dir=source, strict=False)


def _po(text: str) -> str:
    return text.replace("\\", "\\\\").replace('"', '\\"')


def _line_of(config: SiteConfig, msgid: str) -> int:
    lines = (config.source_dir / "locales/de/LC_MESSAGES/messages.po").read_text().splitlines()
    return lines.index(f'msgid "{msgid}"') + 1


def test_a_translation_with_markup_is_shown_as_text_and_warned_about(
        config: SiteConfig, caplog: pytest.LogCaptureFixture) -> None:
    report = build(config)
    page = (config.out_dir / "de" / "index.html").read_text(encoding="utf-8")
    assert 'href="https://evil.example/login"' not in page  # no link: the text of the button
    assert "Menü&lt;/button&gt;&lt;a href=&#34;https://evil.example/login&#34;" in page
    catalog = config.source_dir / "locales/de/LC_MESSAGES/messages.po"
    where = f"{catalog}:{_line_of(config, 'Menu')}: the translation of 'Menu' holds markup"
    assert any(warning.startswith(where) for warning in report.warnings), report.warnings
    assert where in caplog.text
    # The scripts' messages: no "<" in the JSON, and the same message once parsed.
    script = re.search(r'<script type="application/json" id="ui-messages">(.*?)</script>', page,
                       re.DOTALL)
    assert script is not None and "<" not in script.group(1)
    assert json.loads(script.group(1))["engine-ready"] == READY
    assert page.count("</script>") == page.count("<script")


def test_strict_refuses_a_translation_with_markup_naming_file_and_line(
        config: SiteConfig) -> None:
    with pytest.raises(BuildError) as caught:
        build(dataclasses.replace(config, strict=True))
    error = caught.value
    assert error.path == config.source_dir / "locales/de/LC_MESSAGES/messages.po"
    assert error.line == _line_of(config, "Calculator ready. Results update as you type.")
    assert "holds markup" in error.message and "(--strict)" in error.message
    assert f":{_line_of(config, 'Menu')}: the translation of 'Menu'" in error.message
    assert not config.out_dir.exists()
