"""What an author may write is documented in content/README.md: every front-matter key the
reader knows and every page template.

(A misspelt name's "unknown … — did you mean …?" is tested with the other bad input, in
test_fixture_site.py.)"""

from __future__ import annotations

import re
from pathlib import Path

from sitegen.config import SiteConfig
from sitegen.content import OPTIONAL_KEYS, REQUIRED_KEYS

ROOT = Path(__file__).resolve().parents[2]


def test_every_front_matter_key_and_page_template_is_documented() -> None:
    readme = (ROOT / "content" / "README.md").read_text()
    section = readme.split("## Writing articles", 1)[1].split("\n## ", 1)[0]
    for key in sorted(REQUIRED_KEYS | OPTIONAL_KEYS):
        assert re.search(rf"^{key}:", section, re.M), f"front-matter key {key!r} not documented"
    row = re.search(r"^\| `template:` \|.*$", section, re.M)
    assert row, "the front-matter table has no template: row"
    for template in SiteConfig().page_templates:
        assert f"`{template}`" in row[0], f"page template {template!r} not documented"
