"""A misspelt name gets "unknown … — did you mean …?" with the file and line (issue 24, item 4)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from sitegen.config import SiteConfig
from sitegen.content import OPTIONAL_KEYS, REQUIRED_KEYS
from sitegen.errors import BuildError
from sitegen.pipeline import build

HEAD = "---\ntitle: T\ndescription: D\nkey: example\nslug: example\n---\n"
START = 'x\n\n{{ live_start("steps", rating=1750, opponent=1810, score="1", k=20) }}\n'
ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        (HEAD + "x\n\n{{ elo.expectd_score(1750, 1810) }}\n", 9,
         "unknown function or value 'expectd_score' — did you mean 'expected_score'?"),
        (HEAD + "x\n\n{{ elo.glicko2.updte(1500) }}\n", 9,
         "unknown function or value 'updte' — did you mean 'update'"),
        (HEAD + "x\n\n{{ expectancy_tabel([0, 100]) }}\n", 9,
         "unknown name 'expectancy_tabel' — did you mean 'expectancy_table'?"),
        (HEAD + "x\n\n{{ elo.rate(1600, [elo.Game(1400, 1)], k=20).new_ratin }}\n", 9,
         "unknown attribute 'new_ratin' — did you mean 'new_rating'?"),
        (HEAD + "x\n\n{{ 0.5 | nmu(1) }}\n", 9, "unknown filter 'nmu' — did you mean 'num'?"),
        (HEAD + "x\n\nsee {{ link('k-factr') }}\n", 9, "unknown article 'k-factr'"),
        (HEAD + 'x\n\n{{ live_start("step", rating=1750) }}\n', 9,
         "unknown mode 'step' — did you mean 'steps'?"),
        (HEAD + 'x\n\n{{ live_start("steps", rating=1750, oponent=1810, score="1") }}\n', 9,
         "unknown field 'oponent' in the 'steps' mode — did you mean 'opponent'?"),
        (HEAD + START + "\n{{ live_out('chnage') }}\n\n{{ live_end() }}\n", 11,
         "unknown output 'chnage' in the 'steps' mode — did you mean 'change'"),
        (HEAD.replace("title: T", "titel: T\ntitle: T"), 2,
         "unknown front-matter key 'titel' — did you mean 'title'?"),
        (HEAD.replace("slug: example", "slug: example\norder: 1\nnva: Short"), 7,
         "unknown front-matter key 'nva' — did you mean 'nav'?"),
        (HEAD.replace("slug: example", "slug: example\ntemplate: artcle.html"), 6,
         "template 'artcle.html' is not a page template — did you mean 'article.html'?"),
    ],
    ids=["function", "group-function", "macro", "attribute", "filter", "link", "mode", "field",
         "output", "key", "key-nav", "template"],
)
def test_a_misspelt_name_says_what_was_meant(
    fixture_config: SiteConfig, text: str, line: int, message: str
) -> None:
    article = fixture_config.content_dir / "en" / "example.md"
    article.write_text(text + "body\n" if text.endswith("---\n") else text)
    with pytest.raises(BuildError) as caught:
        build(fixture_config)
    assert caught.value.path == article and caught.value.line == line
    assert message in caught.value.message, caught.value.message
    # No internal class or module names.
    assert not re.search(r"sitegen|ArticleNamespace|Error:|object'", caught.value.message)


def test_every_front_matter_key_is_documented() -> None:
    readme = (ROOT / "README.md").read_text()
    section = readme.split("## Writing articles", 1)[1].split("\n## ", 1)[0]
    for key in sorted(REQUIRED_KEYS | OPTIONAL_KEYS):
        assert re.search(rf"^{key}:", section, re.M), f"front-matter key {key!r} not documented"
