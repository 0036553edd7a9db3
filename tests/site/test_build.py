"""The real site, built with --strict: every language's pages, the runtime, the wheel."""

from __future__ import annotations

import json
import re
import zipfile
from html.parser import HTMLParser
from pathlib import Path

from sitegen.assets import PYODIDE_FILES
from sitegen.config import LANGUAGES, SiteConfig


def html_of(site: SiteConfig, path: str, pattern: str) -> str:
    """The first group of ``pattern`` in the built page at ``path`` (it must match)."""
    page = (site.out_dir / path / "index.html").read_text(encoding="utf-8")
    found = re.search(pattern, page, re.DOTALL)
    assert found, f"{pattern} in {path}"
    return found.group(1)


def test_every_language_has_its_calculator_page(site: SiteConfig) -> None:
    for lang in LANGUAGES:
        html = (site.out_dir / lang / "index.html").read_text(encoding="utf-8")
        assert f'<html lang="{lang}"' in html
        assert 'data-out="change_a"' in html


def test_root_page_offers_every_language_without_redirecting(site: SiteConfig) -> None:
    html = (site.out_dir / "index.html").read_text(encoding="utf-8")
    for lang, name in LANGUAGES.items():
        assert f'href="/{lang}/"' in html
        assert name in html
    assert "http-equiv=\"refresh\"" not in html and "<script" not in html


def test_pyodide_runtime_is_copied_unchanged_but_for_a_site_lock(site: SiteConfig) -> None:
    runtime = site.out_dir / "pyodide"
    (version_dir,) = runtime.iterdir()
    for name in PYODIDE_FILES:
        if name == "pyodide-lock.json":
            continue
        copied = (version_dir / name).read_bytes()
        assert copied == (site.pyodide_dir / name).read_bytes()
    stock = json.loads((site.pyodide_dir / "pyodide-lock.json").read_text())
    lock = json.loads((version_dir / "pyodide-lock.json").read_text())
    assert lock == {**stock, "packages": {}}, "the site loads no package of the distribution"
    package = json.loads((site.pyodide_dir / "package.json").read_text())
    assert version_dir.name == package["version"]


def test_elo_core_wheel_is_a_pure_python_wheel(site: SiteConfig) -> None:
    (wheel,) = (site.out_dir / "wheels").glob("*/elo_core-*.whl")
    assert wheel.name.endswith("-py3-none-any.whl")
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        # Bytecode for the page's Python only (tests/site/test_bytecode.py), no source.
        assert "elo_core/__init__.pyc" in names
        assert not any(name.endswith((".py", ".so")) for name in names)
        dist_info = next(n for n in names if n.endswith(".dist-info/WHEEL"))
        assert "Root-Is-Purelib: true" in archive.read(dist_info).decode()
    # The folder name is the wheel's content hash, so a new elo_core gets a new URL.
    from sitegen.assets import digest

    assert wheel.parent.name == digest(wheel.read_bytes())


def test_the_site_lock_names_every_served_wheel_with_its_sha256(site: SiteConfig) -> None:
    import hashlib

    (lock_file,) = (site.out_dir / "wheels").glob("pyodide-lock.*.json")
    lock = json.loads(lock_file.read_text())
    stock = json.loads((site.pyodide_dir / "pyodide-lock.json").read_text())
    assert lock["info"] == stock["info"]
    served = sorted(p.relative_to(site.out_dir).as_posix()
                    for p in (site.out_dir / "wheels").glob("*/*.whl"))
    assert served and not any("chess" in path for path in served), "no page loads python-chess"
    named = sorted(entry["file_name"].removeprefix("/") for entry in lock["packages"].values())
    assert named == served
    for entry in lock["packages"].values():
        data = (site.out_dir / entry["file_name"].removeprefix("/")).read_bytes()
        assert entry["sha256"] == hashlib.sha256(data).hexdigest()
    assert lock["packages"]["elo-core"]["imports"] == ["elo_core"]
    # Its name holds its hash (the runtime's folder is cached for a year, this file too).
    from sitegen.assets import digest

    assert lock_file.name == f"pyodide-lock.{digest(lock_file.read_bytes())}.json"
    page = (site.out_dir / "en" / "index.html").read_text(encoding="utf-8")
    assert f'data-lock-src="/wheels/{lock_file.name}"' in page


def test_prerendered_example_is_in_the_page_locale(site: SiteConfig) -> None:
    de = (site.out_dir / "de" / "index.html").read_text(encoding="utf-8")
    en = (site.out_dir / "en" / "index.html").read_text(encoding="utf-8")
    assert '<output data-out="expected_a">0,41</output>' in de
    assert '<output data-out="new_a">1.761,7</output>' in de
    assert '<output data-out="expected_a">0.41</output>' in en
    assert '<output data-out="new_a">1,761.7</output>' in en


def test_prefilled_decimals_are_written_as_the_page_language_writes_them(site: SiteConfig) -> None:
    def field(lang: str, slug: str, name: str) -> str:
        return html_of(site, f"{lang}/{slug}", rf'<input id="{name}"[^>]*? value="([^"]*)"')

    assert field("de", "fide-rechner", "perf_score") == "4,5"
    assert field("en", "fide-calculators", "perf_score") == "4.5"
    assert field("da", "glicko-dwz", "g_volatility") == "0,06"
    assert field("en", "glicko-dwz", "g_volatility") == "0.06"
    # Ratings are typed without grouping in every language.
    assert field("de", "", "rating_a") == "1750"


def test_two_builds_are_byte_identical(site: SiteConfig, tmp_path: Path) -> None:
    from sitegen.pipeline import build

    again = SiteConfig(out_dir=tmp_path / "dist", strict=True)
    build(again)
    first = {p.relative_to(site.out_dir): p.read_bytes() for p in site.out_dir.rglob("*") if p.is_file()}
    second = {p.relative_to(again.out_dir): p.read_bytes() for p in again.out_dir.rglob("*") if p.is_file()}
    assert first.keys() == second.keys()
    assert [name for name in first if first[name] != second[name]] == []


def test_each_calculator_page_carries_the_messages_it_can_show(site: SiteConfig) -> None:
    import elo_core

    def messages(path: str) -> dict[str, str]:
        data: dict[str, str] = json.loads(html_of(site, path, r'id="ui-messages">(.*?)</script>'))
        return data

    home, tools, ratings = messages("de"), messages("de/fide-rechner"), messages("de/glicko-dwz")
    # Every error code has its wording on the pages of the calculators that give it
    # (tests/site/test_field_messages.py); what only the tools show stays with them.
    assert set(elo_core.ERROR_CODES) <= set(home) | set(tools) | set(ratings) | set(
        messages("de/turnier")) | set(messages("de/vereinsliga"))
    assert "age-invalid" in ratings and "tau-invalid" in ratings and "year-invalid" in tools
    assert not {"age-invalid", "tau-invalid", "year-invalid", "trf-invalid"} & set(home)
    assert "k-rule-standard" in tools and "perf_opponents:games-invalid" in tools
    assert "k-rule-standard" not in home and "perf_opponents:games-invalid" not in home
    # Field wordings go with the pages that have the field.
    assert "expectancy_difference:rating-invalid" in home
    assert "expectancy_difference:rating-invalid" not in tools
    assert home["rating-invalid"] == tools["rating-invalid"] != "Enter a rating from {min} to {max}."


def test_scripts_and_stylesheet_are_served_minified(site: SiteConfig) -> None:
    sources = site.source_dir
    for name in ("engine-worker", "offline", "prefetch"):
        (served,) = (site.out_dir / "assets").glob(f"{name}.*.js")
        source = (sources / "js" / f"{name}.js").read_text(encoding="utf-8")
        text = served.read_text(encoding="utf-8")
        assert source.splitlines()[0].startswith("//") and source.splitlines()[0] not in text
        assert len(text) < 0.8 * len(source)
    # The whole stylesheet (the language picker's) and each page's part of it.
    sheets = list((site.out_dir / "assets").glob("site.*.css"))
    assert len(sheets) > 1
    for css in sheets:
        assert "/*" not in css.read_text()
        assert css.stat().st_size < 0.9 * (sources / "css/site.css").stat().st_size
    sw = (site.out_dir / "sw.js").read_text(encoding="utf-8")
    assert "// Service worker" not in sw and "elo-runtime-" in sw
    html = (site.out_dir / "en" / "index.html").read_text(encoding="utf-8")
    assert "\n  <" not in html


def _recorded(script: str) -> dict[str, str]:
    """The ``INTEGRITY`` object a built script holds: site path → sha256 (minified, the
    object keeps its contents, not its name)."""
    found = re.search(r'(\{"/[^"]*":"[0-9a-f]{64}"(?:,"/[^"]*":"[0-9a-f]{64}")*\})', script)
    assert found, "no INTEGRITY in the script"
    recorded: dict[str, str] = json.loads(found.group(1))
    return recorded


def test_the_engine_worker_holds_the_sha256_of_every_runtime_file(site: SiteConfig) -> None:
    import hashlib

    (worker,) = (site.out_dir / "assets").glob("engine-worker.*.js")
    recorded = _recorded(worker.read_text(encoding="utf-8"))
    page = (site.out_dir / "en" / "index.html").read_text(encoding="utf-8")
    pyodide = re.search(r'data-pyodide-src="([^"]+)"', page)
    lock = re.search(r'data-lock-src="([^"]+)"', page)
    stdlib = re.search(r'data-stdlib-src="([^"]+)"', page)
    assert pyodide and lock and stdlib
    wanted = {pyodide.group(1) + name for name in PYODIDE_FILES} | {lock.group(1), stdlib.group(1)}
    wanted |= {"/" + p.relative_to(site.out_dir).as_posix() for p in (site.out_dir / "wheels").glob("*/*.whl")}
    assert set(recorded) == wanted
    for path, sha256 in recorded.items():
        assert hashlib.sha256((site.out_dir / path.removeprefix("/")).read_bytes()).hexdigest() == sha256


def test_the_service_worker_keeps_every_file_only_if_it_matches(site: SiteConfig) -> None:
    sw = (site.out_dir / "sw.js").read_text(encoding="utf-8")
    (worker,) = (site.out_dir / "assets").glob("engine-worker.*.js")
    recorded = _recorded(sw)
    # The same hashes as the engine checks (the runtime's own stock lock too) ...
    engine = _recorded(worker.read_text(encoding="utf-8"))
    assert {path: recorded.get(path) for path in engine} == engine
    # ... and the sha256 of every other file it keeps (issue 42, item 5), as served.
    import hashlib

    for path, digest in recorded.items():
        served = site.out_dir / (path.lstrip("/") + ("index.html" if path.endswith("/") else ""))
        assert hashlib.sha256(served.read_bytes()).hexdigest() == digest, path
    assert "/en/" in recorded and "/404.html" in recorded
    assert any(path.startswith("/assets/app.") for path in recorded)


def test_every_page_has_the_whole_menu_with_its_own_link_marked(site: SiteConfig) -> None:
    """The menu is rendered once per language and put into each page (sitegen/menu.py,
    SiteMenu): every article of the language in it, the page's own link marked, no other."""
    for lang in site.languages:
        pages = sorted(site.out_dir.glob(f"{lang}/**/index.html"))
        addresses = {"/" + page.parent.relative_to(site.out_dir).as_posix() + "/" for page in pages}
        for page in pages:
            html = page.read_text(encoding="utf-8")
            menu = re.search(r'<nav id="site-menu".*?</nav>', html, re.S)
            assert menu is not None and html.count('<nav id="site-menu"') == 1, page
            assert set(re.findall(r'<a href="([^"]+)"', menu.group(0))) == addresses, page
            own = "/" + page.parent.relative_to(site.out_dir).as_posix() + "/"
            assert re.findall(r'<a href="([^"]+)" aria-current="page">', html) == [own], page
            assert "<!--site-menu-->" not in html


class _TypedControls(HTMLParser):
    """Fields one types into, with whether the browser may offer its remembered entries
    for them: their own autocomplete, else their form's (an ancestor, or named by form=)."""

    def __init__(self) -> None:
        super().__init__()
        self.forms: dict[str, str] = {}
        self.open_form: str | None = None
        self.controls: list[tuple[str, str | None, str | None]] = []  # id, own, form

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "form":
            self.open_form = a.get("id") or f"form{len(self.forms)}"
            self.forms[self.open_form] = a.get("autocomplete") or "on"
        typed = tag == "textarea" or (tag == "input" and a.get("type", "text") in {"text", "number"})
        if typed:
            self.controls.append((a.get("id") or "?", a.get("autocomplete"), a.get("form") or self.open_form))

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self.open_form = None


def test_no_calculator_field_offers_remembered_entries(site: SiteConfig) -> None:
    # A browser's list of earlier entries would open over the calculator at every field.
    checked = 0
    for page in site.out_dir.glob("*/**/index.html"):
        parser = _TypedControls()
        parser.feed(page.read_text(encoding="utf-8"))
        for ident, own, form in parser.controls:
            effective = own or (parser.forms.get(form, "on") if form else "on")
            assert effective == "off", (page, ident)
            checked += 1
    assert checked > 100
