"""Build the fixture site and check its output tree, links, languages and errors."""

from __future__ import annotations

import dataclasses
import re
import subprocess
import sys
import tomllib
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

from sitegen.config import SiteConfig
from sitegen.errors import BuildError
from sitegen.links import collect_references
from sitegen.pipeline import build

ROOT = Path(__file__).resolve().parents[2]


def pages_of(out: Path) -> list[Path]:
    return sorted(p for p in out.rglob("index.html") if p.parent != out)


def test_output_tree(fixture_config: SiteConfig) -> None:
    build(fixture_config)
    out = fixture_config.out_dir
    relative = {p.relative_to(out).as_posix() for p in pages_of(out)}
    assert relative == {
        "en/index.html", "de/index.html", "da/index.html",
        "en/example/index.html", "de/beispiel/index.html", "da/eksempel/index.html",
    }
    for name in ("index.html", "404.html", "sitemap.xml", "robots.txt"):
        assert (out / name).is_file()


def test_numbers_are_computed_and_in_the_page_locale(fixture_config: SiteConfig) -> None:
    build(fixture_config)
    out = fixture_config.out_dir
    en = (out / "en/example/index.html").read_text()
    de = (out / "de/beispiel/index.html").read_text()
    da = (out / "da/eksempel/index.html").read_text()
    # E = 0.41450132…: rounded (not truncated) to three decimals.
    assert "The expected score is 0.415" in en and "new rating\n1,604.8" in en
    assert "change is\n+11.7" in en
    assert "Erwartungswert ist 0,415" in de and "1.604,8" in de
    assert "forventede score er 0,415" in da and "1.604,8" in da


def test_formulas_become_mathml_and_tables_are_tables(fixture_config: SiteConfig) -> None:
    build(fixture_config)
    html = (fixture_config.out_dir / "en/example/index.html").read_text()
    assert 'display="inline"><mrow><mi>E</mi>' in html and 'display="block"' in html
    assert "$" not in html.split("<main", 1)[1]
    assert html.count("<table") == 2  # the Markdown table and the expectancy macro
    assert '<h2 id="numbers">' in html and 'href="#numbers"' in html


def test_hreflang_links_are_symmetric_with_x_default(fixture_config: SiteConfig) -> None:
    build(fixture_config)
    out = fixture_config.out_dir
    alternates: dict[str, set[tuple[str, str]]] = {}
    for page in pages_of(out):
        html = page.read_text()
        url = fixture_config.absolute_url(page.parent.relative_to(out).as_posix() + "/")
        links = set()
        for line in html.splitlines():
            if 'rel="alternate" hreflang=' in line:
                lang = line.split('hreflang="')[1].split('"')[0]
                href = line.split('href="')[1].split('"')[0]
                links.add((lang, href))
        alternates[url] = links
        assert (page.parent.relative_to(out).parts[0], url) in links  # lists itself
        assert any(lang == "x-default" for lang, _ in links)
    for url, links in alternates.items():
        for lang, href in links:
            if lang != "x-default":
                assert any(u == url for _, u in alternates[href]), (url, href)


def test_sitemap_lists_every_page_with_alternates(fixture_config: SiteConfig) -> None:
    build(fixture_config)
    out = fixture_config.out_dir
    tree = ET.parse(out / "sitemap.xml")
    ns = {"s": "http://www.sitemaps.org/schemas/sitemap/0.9", "x": "http://www.w3.org/1999/xhtml"}
    locs = {u.findtext("s:loc", namespaces=ns) for u in tree.getroot()}
    expected = {fixture_config.absolute_url(p.parent.relative_to(out).as_posix() + "/")
                for p in pages_of(out)}
    assert locs == expected
    for url in tree.getroot():
        assert len(url.findall("x:link", ns)) == 4  # three languages and x-default


def test_every_internal_reference_resolves(fixture_config: SiteConfig) -> None:
    build(fixture_config)
    out = fixture_config.out_dir
    for page in out.rglob("*.html"):
        references, _ids, _folders = collect_references(page.read_text())
        for ref in references:
            if ref.startswith("/"):
                target = out / ref.split("#")[0].lstrip("/")
                assert target.is_file() or (target / "index.html").is_file(), (page, ref)


def test_site_works_under_a_sub_path(fixture_config: SiteConfig) -> None:
    config = dataclasses.replace(fixture_config, base_url="https://example.org/elo/")
    build(config)
    html = (config.out_dir / "en/example/index.html").read_text()
    assert '<link rel="canonical" href="https://example.org/elo/en/example/">' in html
    assert 'href="/elo/de/beispiel/"' in html
    references, _ids, folders = collect_references(html)
    local = [r for r in references + folders if r.startswith("/")]
    assert local and all(r.startswith("/elo/") for r in local)
    assert "Sitemap: https://example.org/elo/sitemap.xml" in (config.out_dir / "robots.txt").read_text()


def test_missing_translation_warns_or_fails_with_strict(fixture_config: SiteConfig) -> None:
    (fixture_config.content_dir / "da" / "example.md").unlink()
    home = fixture_config.content_dir / "da" / "index.md"
    home.write_text(home.read_text().replace("See [the article]({{ link('example') }}).", ""))
    with pytest.raises(BuildError, match="no 'da' translation"):
        build(fixture_config)
    report = build(dataclasses.replace(fixture_config, strict=False))
    assert report.warnings == ["article 'example' has no 'da' translation"]


def test_strict_reports_every_missing_translation_at_once(fixture_config: SiteConfig) -> None:
    for lang in ("de", "da"):
        (fixture_config.content_dir / lang / "example.md").unlink()
        home = fixture_config.content_dir / lang / "index.md"
        home.write_text(home.read_text().replace("See [the article]({{ link('example') }}).", ""))
    with pytest.raises(BuildError) as caught:
        build(fixture_config)
    english = fixture_config.content_dir / "en" / "example.md"
    assert str(caught.value) == (
        f"{english}: article 'example' has no 'de' translation (--strict)\n"
        f"  {english}: article 'example' has no 'da' translation")


def test_every_page_names_its_icon(fixture_config: SiteConfig) -> None:
    """Else browsers ask for /favicon.ico, which the site does not have."""
    build(fixture_config)
    for page in fixture_config.out_dir.rglob("*.html"):
        assert '<link rel="icon" href="/assets/icon.' in page.read_text(), page


def _break_and_build(config: SiteConfig, relative: str, text: str | bytes) -> BuildError:
    build(config)  # a good build first: it must survive the bad one
    before = {p: p.read_bytes() for p in config.out_dir.rglob("*") if p.is_file()}
    (config.content_dir / relative).write_bytes(text if isinstance(text, bytes) else text.encode())
    with pytest.raises(BuildError) as caught:
        build(config)
    after = {p: p.read_bytes() for p in config.out_dir.rglob("*") if p.is_file()}
    assert after == before, "the previous dist/ must be left untouched"
    assert not list(config.out_dir.parent.glob(".dist-*")), "no temporary folder left behind"
    return caught.value


ARTICLE_HEAD = "---\ntitle: T\ndescription: D\nkey: example\nslug: example\n"
# Each article the build refuses, with the line and message it names: kept as data.
BAD_ARTICLES = tomllib.loads((Path(__file__).parent / "bad_articles.toml").read_text())["article"]


@pytest.mark.parametrize("case", BAD_ARTICLES, ids=[case["id"] for case in BAD_ARTICLES])
def test_bad_input_names_file_and_line_and_keeps_dist(
    fixture_config: SiteConfig, case: dict[str, Any]
) -> None:
    text = case["text"].encode(case.get("encoding", "utf-8"))
    error = _break_and_build(fixture_config, "en/example.md", text)
    assert error.path == fixture_config.content_dir / "en" / "example.md"
    assert error.line == case["line"]
    assert case["message"] in error.message
    if "did you mean" in case["message"]:  # told in the author's words
        assert not re.search(r"sitegen|ArticleNamespace|Error:|object'", error.message), (
            error.message)


def test_allowed_html_passes_and_code_shows_html_as_text(fixture_config: SiteConfig) -> None:
    article = fixture_config.content_dir / "en" / "example.md"
    article.write_text(article.read_text() + (
        "\n10<sup>2</sup>, <abbr title=\"Fédération\">FIDE</abbr>, `<script>` and\n\n"
        "    <meta http-equiv=\"refresh\">\n\n"
        "| left | centre |\n|:-----|:------:|\n| a | b |\n\n"
        "<details markdown=\"1\"><summary>More</summary>\n\n*inside*\n\n</details>\n"
        "\nA note.[^1]\n\n[^1]: [Elsewhere](https://example.org/).\n"))
    build(fixture_config)
    html = (fixture_config.out_dir / "en/example/index.html").read_text()
    assert "<sup>2</sup>" in html and "<code>&lt;script&gt;</code>" in html
    assert "&lt;meta http-equiv=\"refresh\"&gt;" in html
    # Markdown aligns columns with style="…", which the CSP blocks: a class instead.
    assert '<th class="align-center">centre</th>' in html and "style=" not in html
    assert "<em>inside</em>" in html and 'href="https://example.org/"' in html


@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        (ARTICLE_HEAD + "oops: 1\n---\n", 6, "unknown front-matter key 'oops'"),
        # An expression that would run a shell command (tests/site/test_sandbox.py).
        (ARTICLE_HEAD + "---\n{{ elo.importers.re.enum.sys.modules['os'].system('id > {marker}') }}\n",
         7, "expression"),
    ],
    ids=["front-matter", "escape-attempt"],
)
def test_cli_reports_file_and_line_and_exits_non_zero(
    fixture_config: SiteConfig, tmp_path: Path, text: str, line: int, message: str
) -> None:
    marker = tmp_path / "escaped.txt"
    article = fixture_config.content_dir / "en" / "example.md"
    article.write_text(text.replace("{marker}", str(marker)))
    run = subprocess.run(
        [sys.executable, str(ROOT / "build.py"), "--strict",
         "--content", str(fixture_config.content_dir), "--out", str(fixture_config.out_dir)],
        capture_output=True, text=True, cwd=ROOT, timeout=120,
    )
    assert run.returncode == 1
    assert f"{article}:{line}: {message}" in run.stderr, run.stderr
    assert not fixture_config.out_dir.exists()
    assert not marker.exists(), "the expression ran"


def test_a_formula_keeps_its_full_stop_on_its_line(fixture_config: SiteConfig) -> None:
    article = fixture_config.content_dir / "en" / "example.md"
    article.write_text(ARTICLE_HEAD + "---\nFirst $a + b$. Then $c$ and $d$, done.\n")
    build(fixture_config)
    html = (fixture_config.out_dir / "en/example/index.html").read_text()
    spans = re.findall(r'<span class="nowrap">(.*?)</span>', html)
    assert len(spans) == 2
    assert spans[0].startswith("<math") and spans[0].endswith("</math>.")
    assert spans[1].count("<math") == 1 and spans[1].endswith("</math>,")  # $d$, not $c$…$d$


def test_a_number_in_a_formula_is_one_number_in_every_language(fixture_config: SiteConfig) -> None:
    for lang, slug in (("en", "example"), ("de", "beispiel")):
        article = fixture_config.content_dir / lang / "example.md"
        article.write_text(ARTICLE_HEAD.replace("slug: example", f"slug: {slug}")
                           + "---\n$R = {{ 1761.7 | num(1) }} + {{ 11.7 | num(1) }}$ and $f(x, y)$\n")
    build(fixture_config)
    en = (fixture_config.out_dir / "en/example/index.html").read_text()
    de = (fixture_config.out_dir / "de/beispiel/index.html").read_text()
    assert "<mn>1,761.7</mn>" in en and "<mn>1.761,7</mn>" in de and "<mn>11,7</mn>" in de
    assert "<mi>x</mi><mo>&#x0002C;</mo><mi>y</mi>" in en  # a comma between letters stays
