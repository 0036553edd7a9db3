"""content/README.md is the authors' guide, beside the articles but never one of them."""

from __future__ import annotations

import shutil
from pathlib import Path

from sitegen.config import SiteConfig
from sitegen.content import load_pages
from sitegen.pipeline import build
from sitegen.translations import statuses

ROOT = Path(__file__).resolve().parents[2]


def test_the_authors_guide_in_content_is_no_page(fixture_config: SiteConfig) -> None:
    """The guide has no front matter: read as an article it would stop the build ("front
    matter missing"); with a front matter (as a copy of an article might have) it would
    become a page. Neither happens, and ./dev translations does not list it."""
    guide = ROOT / "content" / "README.md"
    assert guide.is_file()
    build(fixture_config)
    without = sorted(p.relative_to(fixture_config.out_dir)
                     for p in fixture_config.out_dir.rglob("*") if p.is_file())
    content = fixture_config.content_dir
    shutil.copy(guide, content / "README.md")
    build(fixture_config)
    assert sorted(p.relative_to(fixture_config.out_dir)
                  for p in fixture_config.out_dir.rglob("*") if p.is_file()) == without

    (content / "README.md").write_text(
        "---\ntitle: Guide\ndescription: Not a page.\nkey: guide\n---\nText.\n",
        encoding="utf-8")
    pages = load_pages(fixture_config)
    assert [page for page in pages if page.key == "guide"] == []
    assert all(page.source.parent.parent == content for page in pages)
    assert not [status.name for status in statuses(fixture_config, pages)
                if "guide" in status.name or "README" in status.name]
