"""A build's articles rendered on several cores (sitegen.parallel) and kept on disk for the
next build (sitegen.article_cache): the same bytes and the same errors as one process with
nothing kept, and nothing kept past the change that makes it wrong."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from sitegen.config import SiteConfig
from sitegen.errors import BuildError
from sitegen.pipeline import Builder

ROOT = Path(__file__).resolve().parents[2]


def _tree(folder: Path) -> dict[str, bytes]:
    return {path.relative_to(folder).as_posix(): path.read_bytes()
            for path in sorted(folder.rglob("*")) if path.is_file()}


def _build_py(*args: str) -> subprocess.CompletedProcess[str]:
    # A process of its own: a test process may run server threads, where a build renders
    # in one process only (sitegen.parallel).
    return subprocess.run([sys.executable, str(ROOT / "build.py"), "--no-cache", *args],
                          cwd=ROOT, capture_output=True, text=True, timeout=600)


def test_two_processes_write_what_one_writes(site: SiteConfig, tmp_path: Path) -> None:
    """The real site; the session's build renders in one process (tests/conftest.py)."""
    assert site.workers == 1
    out = tmp_path / "dist"
    run = _build_py("--strict", "--workers", "2", "--out", str(out))
    assert run.returncode == 0, run.stderr
    assert re.search(r"articles rendered: \d+ in 2 processes", run.stdout), run.stdout
    one, two = _tree(site.out_dir), _tree(out)
    assert sorted(one) == sorted(two)
    assert [path for path in one if one[path] != two[path]] == []


def test_the_first_failing_article_is_named_however_many_processes(tmp_path: Path) -> None:
    content = tmp_path / "content"
    shutil.copytree(ROOT / "content", content)
    # Two broken articles: the one a single process meets first is the one named.
    for name, line in (("k-factor.md", "{{ elo.no_such_function(1) }}"),
                       ("faq.md", "{{ 1 + }}")):
        path = content / "en" / name
        path.write_text(path.read_text(encoding="utf-8") + f"\n{line}\n", encoding="utf-8")
    with pytest.raises(BuildError) as one:
        Builder(SiteConfig(content_dir=content, out_dir=tmp_path / "one", workers=1)).build()
    run = _build_py("--workers", "2", "--content", str(content), "--out", str(tmp_path / "two"))
    assert run.returncode == 1
    assert f"build failed: {one.value}\n" in run.stderr
    assert not (tmp_path / "two").exists()


@pytest.fixture
def cached(fixture_content: Path, tmp_path: Path) -> SiteConfig:
    source = tmp_path / "site_src"  # a copy: a test edits a template
    shutil.copytree(ROOT / "site_src", source, ignore=shutil.ignore_patterns("__pycache__"))
    return SiteConfig(content_dir=fixture_content, source_dir=source, out_dir=tmp_path / "dist",
                      cache_dir=tmp_path / "cache", workers=1)


def _entries(config: SiteConfig) -> list[Path]:
    assert config.cache_dir is not None
    return sorted(config.cache_dir.rglob("*.json"))


def test_a_new_build_takes_the_articles_an_earlier_one_rendered(
        cached: SiteConfig, tmp_path: Path) -> None:
    first = Builder(cached).build()
    assert (first.rendered, first.from_disk) == (first.pages, 0)
    written = _tree(cached.out_dir)
    assert len(_entries(cached)) == first.pages

    # A new process would start like this: nothing in memory.
    again = Builder(cached).build()
    assert (again.rendered, again.from_disk) == (0, first.pages)
    assert _tree(cached.out_dir) == written

    # One article edited: only it is rendered again; its old entry is gone.
    article = cached.content_dir / "en" / "example.md"
    article.write_text(article.read_text(encoding="utf-8") + "\nOne more line: {{ 2 * 21 }}.\n",
                       encoding="utf-8")
    edited = Builder(cached).build()
    assert (edited.rendered, edited.from_disk) == (1, first.pages - 1)
    assert "One more line: 42." in (cached.out_dir / "en/example/index.html").read_text()
    assert len(_entries(cached)) == first.pages
    fresh = tmp_path / "fresh"
    Builder(replace(cached, out_dir=fresh, cache_dir=None)).build()
    assert _tree(cached.out_dir) == _tree(fresh)


def test_a_change_to_the_sites_sources_renders_every_article_again(cached: SiteConfig) -> None:
    first = Builder(cached).build()
    template = cached.source_dir / "templates" / "article.html"
    template.write_text(template.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    after = Builder(cached).build()
    assert (after.rendered, after.from_disk) == (first.pages, 0)
    assert len(_entries(cached)) == first.pages  # the entries of the old sources are gone


def test_an_entry_that_is_not_the_builds_own_is_not_used(cached: SiteConfig) -> None:
    first = Builder(cached).build()
    written = _tree(cached.out_dir)
    damaged, changed = _entries(cached)[:2]
    damaged.write_text("{not json", encoding="utf-8")
    entry = json.loads(changed.read_text(encoding="utf-8"))
    changed.write_text(json.dumps({**entry, "html": None}), encoding="utf-8")
    after = Builder(cached).build()
    assert after.from_disk == first.pages - 2
    assert _tree(cached.out_dir) == written


@pytest.mark.parametrize("tampering", [
    '<script>alert(1)</script>',
    '<img src="/x.png" onerror="alert(1)">',
    '<form action="https://evil.example/"><button>Sign in</button></form>',
    '<a href="javascript:alert(1)">x</a>',
    '<p><a href="https://evil.example/">handbook</p>',
    '<p id="ui-messages">x</p>',
], ids=["script", "onerror", "form", "javascript-link", "open-link", "page-id"])
def test_an_entry_changed_on_disk_is_held_to_the_allow_list(
        cached: SiteConfig, tampering: str, caplog: pytest.LogCaptureFixture) -> None:
    """Issue 42, item 6: before, an article read from the cache was published unchecked."""
    first = Builder(cached).build()
    written = _tree(cached.out_dir)
    changed = next(path for path in _entries(cached)
                   if "The expected score is" in path.read_text(encoding="utf-8"))
    entry = json.loads(changed.read_text(encoding="utf-8"))
    changed.write_text(json.dumps({**entry, "html": entry["html"] + tampering}), encoding="utf-8")
    after = Builder(cached).build()
    assert (after.rendered, after.from_disk) == (1, first.pages - 1)
    assert _tree(cached.out_dir) == written  # the article rendered again, as it was
    assert f"{changed}: " in caplog.text and "rendered again" in caplog.text
