"""Each page links only the parts of site.css it can use (sitegen.assets.stylesheet_parts)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from sitegen.assets import stylesheet_for, stylesheet_parts
from sitegen.config import SiteConfig
from sitegen.errors import BuildError

SOURCE = Path("site.css")


def test_parts_keep_the_order_and_say_what_each_needs() -> None:
    text = ("a { x: 1; }\n/* @needs data-mode=\"league\" .chart */\n.chart { y: 2; }\n"
            "/* @end */\nb { z: 3; }\n")
    parts = stylesheet_parts(text, SOURCE)
    assert parts == (((), "a { x: 1; }\n"),
                     (('data-mode="league"', ".chart"), ".chart { y: 2; }\n"),
                     ((), "b { z: 3; }\n"))
    assert stylesheet_for(parts, '<section data-mode="elo">') == (True, False, True)
    assert stylesheet_for(parts, '<section data-mode="league">') == (True, True, True)
    # ".name" is an element of that class, wherever the class stands in its attribute.
    for html in ('<div class="chart">', '<div class="wide chart">', '<div class="a chart b">'):
        assert stylesheet_for(parts, html) == (True, True, True), html
    for html in ('<div class="charts">', '<div class="bar-chart">', "<p>a chart</p>"):
        assert stylesheet_for(parts, html) == (True, False, True), html


@pytest.mark.parametrize("text, line, message", [
    ("/* @needs x */\na {}\n/* @needs y */\nb {}\n/* @end */\n", 3, "must end"),
    ("a {}\n/* @end */\n", 2, "without '@needs'"),
    ("/* @needs x */\na {}\n", None, "no '/* @end */'"),
])
def test_a_part_left_open_or_closed_twice_stops_the_build(text: str, line: int | None,
                                                          message: str) -> None:
    with pytest.raises(BuildError) as caught:
        stylesheet_parts(text, SOURCE)
    assert caught.value.line == line and message in str(caught.value)


def _stylesheet(site: SiteConfig, path: str) -> str:
    page = (site.out_dir / path).read_text(encoding="utf-8")
    (href,) = re.findall(r'<link rel="stylesheet" href="/([^"]+)"', page)
    return (site.out_dir / href).read_text(encoding="utf-8")


def test_the_home_page_gets_no_other_tools_rules_but_the_pages_that_need_them_do(
        site: SiteConfig) -> None:
    home = _stylesheet(site, "en/index.html")
    league = _stylesheet(site, "en/club-league/index.html")
    tournament = _stylesheet(site, "en/tournament/index.html")
    article = _stylesheet(site, "en/elo-formula/index.html")
    assert ".standings" not in home and ".trf-table" not in home and ".live-field" not in home
    assert ".standings" in league and ".trf-table" not in league
    assert ".trf-table" in tournament
    assert ".live-field" in article and ".anchor" in article
    # A class among others on its element still brings its part (the K advisor's box).
    assert ".field-check" in _stylesheet(site, "en/fide-calculators/index.html")
    # What every page needs is in each: the colours (light and dark), the calculators.
    for sheet in (home, league, tournament, article):
        assert "--bg:" in sheet and "prefers-color-scheme:dark" in sheet and ".calc-grid" in sheet
    assert len(home) < len(league) < len(_stylesheet(site, "index.html"))


def test_every_page_stylesheet_is_written_and_precached(site: SiteConfig) -> None:
    service_worker = (site.out_dir / "sw.js").read_text(encoding="utf-8")
    # Each folder written once: {"/assets/": ["site.….css", …], …}.
    folders = json.loads(re.search(r"\bPRECACHE ?= ?Object\.entries\((\{.*?\})\)",
                                   service_worker).group(1))
    precached = {folder + name for folder, names in folders.items() for name in names}
    for page in site.out_dir.rglob("index.html"):
        (href,) = re.findall(r'<link rel="stylesheet" href="/([^"]+)"',
                             page.read_text(encoding="utf-8"))
        assert (site.out_dir / href).is_file()
        assert f"/{href}" in precached
