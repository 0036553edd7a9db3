"""A rebuild after edits (``serve``'s path: ``Builder.build(changed=…)``) writes the same
output, byte for byte, as a full build of the edited sources, and leaves the files it did
not need to change untouched."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from sitegen.config import SiteConfig
from sitegen.errors import BuildError
from sitegen.pipeline import Builder

ROOT = Path(__file__).resolve().parents[2]


def _tree(folder: Path) -> dict[str, bytes]:
    return {path.relative_to(folder).as_posix(): path.read_bytes()
            for path in sorted(folder.rglob("*")) if path.is_file()}


def _folders(folder: Path) -> set[str]:
    return {path.relative_to(folder).as_posix() for path in folder.rglob("*") if path.is_dir()}


@pytest.fixture
def config(fixture_content: Path, tmp_path: Path) -> SiteConfig:
    """The fixture site with a copy of the templates, catalogs and scripts (a test edits them)."""
    source = tmp_path / "site_src"
    shutil.copytree(ROOT / "site_src", source, ignore=shutil.ignore_patterns("__pycache__"))
    return SiteConfig(content_dir=fixture_content, source_dir=source, out_dir=tmp_path / "serve",
                      base_url="https://example.org/")


def _same_as_full_build(config: SiteConfig, tmp_path: Path, name: str) -> None:
    fresh = Builder(SiteConfig(**{**config.__dict__, "out_dir": tmp_path / f"full-{name}"}),
                    live_reload=True)
    fresh.build()
    incremental, full = _tree(config.out_dir), _tree(tmp_path / f"full-{name}")
    assert sorted(incremental) == sorted(full), name
    differing = [path for path in full if incremental[path] != full[path]]
    assert differing == [], name
    assert _folders(config.out_dir) == _folders(tmp_path / f"full-{name}"), name


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_rebuilds_after_edits_equal_full_builds(config: SiteConfig, tmp_path: Path) -> None:
    content = config.content_dir
    builder = Builder(config, live_reload=True)
    builder.build()
    # The Danish home page does not show the English article (its translation, which now
    # carries a notice that it is outdated, does).
    untouched = config.out_dir / "da" / "index.html"
    before = untouched.stat().st_mtime_ns

    # One line of an article's text.
    article = content / "en" / "example.md"
    _edit(article, "## Formula", "One more line, with {{ 2 + 3 }}.\n\n## Formula")
    builder.build(changed={article})
    assert "One more line, with 5." in (config.out_dir / "en/example/index.html").read_text()
    assert untouched.stat().st_mtime_ns == before  # nothing of it changed: not written
    _same_as_full_build(config, tmp_path, "body")

    # A title: the navigation of every page in that language shows it.
    translation = content / "de" / "example.md"
    title = translation.read_text(encoding="utf-8").split("title: ", 1)[1].split("\n", 1)[0]
    _edit(translation, f"title: {title}", "title: Ein neuer Titel")
    builder.build(changed={translation})
    _same_as_full_build(config, tmp_path, "title")

    # A new article in every language, linking to another; then deleted again.
    added = []
    for lang in ("en", "de", "da"):
        path = content / lang / "second.md"
        path.write_text(f"---\ntitle: Second {lang}\ndescription: Another one.\nkey: second\n"
                        f"slug: second-{lang}\norder: 2\n---\nSee [the example]"
                        "({{ link('example') }}#main).\n", encoding="utf-8")
        added.append(path)
    builder.build(changed=set(added))
    assert (config.out_dir / "de" / "second-de" / "index.html").is_file()
    _same_as_full_build(config, tmp_path, "added")

    # A heading another page links to, renamed: that page's link is checked again.
    _edit(added[0], "#main)", "#formula)")
    builder.build(changed={added[0]})
    _edit(article, "## Formula", "## Formulas")
    with pytest.raises(BuildError, match="no element with id 'formula'"):
        builder.build(changed={article})
    _edit(article, "## Formulas", "## Formula")
    builder.build(changed={article})
    for path in added:
        path.unlink()
    builder.build(changed=set(added))
    assert not (config.out_dir / "de" / "second-de").exists()
    _same_as_full_build(config, tmp_path, "deleted")

    # A template: every page.
    template = config.source_dir / "templates" / "base.html"
    _edit(template, "</body>", "<!-- changed --></body>")
    builder.build(changed={template})
    assert "<!-- changed -->" in untouched.read_text()
    _same_as_full_build(config, tmp_path, "template")


def test_a_failing_rebuild_changes_nothing_and_the_next_good_one_catches_up(
        config: SiteConfig, tmp_path: Path) -> None:
    builder = Builder(config, live_reload=True)
    builder.build()
    before = _tree(config.out_dir)
    article = config.content_dir / "en" / "example.md"
    _edit(article, "## Formula", "Broken {{ link('nowhere') }}\n\n## Formula")
    with pytest.raises(BuildError):
        builder.build(changed={article})
    assert _tree(config.out_dir) == before
    _edit(article, "Broken {{ link('nowhere') }}", "Mended.")
    builder.build(changed={article})
    assert "Mended." in (config.out_dir / "en" / "example" / "index.html").read_text()
    _same_as_full_build(config, tmp_path, "mended")

    # A template that fails: the next rebuild after an article's edit renders every page.
    template = config.source_dir / "templates" / "base.html"
    _edit(template, "</body>", "{{ no_such_thing.at_all }}</body>")
    with pytest.raises(BuildError):
        builder.build(changed={template})
    _edit(template, "{{ no_such_thing.at_all }}</body>", "<!-- mended --></body>")
    _edit(article, "Mended.", "Mended again.")
    builder.build(changed={article})
    assert "<!-- mended -->" in (config.out_dir / "da" / "index.html").read_text()
    _same_as_full_build(config, tmp_path, "template-mended")
