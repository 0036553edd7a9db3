"""The home page's curves are written in relative steps (sitegen.render.relative_path)."""

from __future__ import annotations

import re
from decimal import Decimal

import pytest

from elo_core.page import DEFAULTS, compute
from sitegen.config import SiteConfig
from sitegen.render import relative_path


def points_of(d: str) -> list[tuple[Decimal, Decimal]]:
    """The absolute points of a path of one M and relative l steps (what an SVG reader does)."""
    head, _, steps = d[1:].partition("l")
    numbers = [Decimal(n) for n in re.findall(r"-?\d*\.?\d+", head + " " + steps)]
    x, y = numbers[0], numbers[1]
    points = [(x, y)]
    for dx, dy in zip(numbers[2::2], numbers[3::2]):
        x, y = x + dx, y + dy
        points.append((x, y))
    return points


def test_the_steps_land_on_the_same_points() -> None:
    d = "M44.0,160.0 46.8,158.7 49.5,157.3 52.3,160.0 55.0,160.5 55.0,99.1"
    compact = relative_path(d)
    assert compact == "M44 160l2.8-1.3 2.7-1.4 2.8 2.7 2.7 .5 0-61.4"
    assert points_of(compact) == [(Decimal(x), Decimal(y)) for x, y in
                                  re.findall(r"([\d.]+),([\d.]+)", d)]
    assert relative_path("M44.0,160.0 L46.8,158.7") == "M44 160l2.8-1.3"


@pytest.mark.parametrize("d", ["", "M10,10 C20,20 30,30 40,40", "<script>"])
def test_anything_but_a_polyline_is_refused(d: str) -> None:
    with pytest.raises(ValueError):
        relative_path(d)


def test_the_home_page_curves_are_the_engines_points(site: SiteConfig) -> None:
    html = (site.out_dir / "en" / "index.html").read_text(encoding="utf-8")
    d = re.search(r'data-out="expectancy_path_higher" d="([^"]+)"', html)
    assert d and d.group(1).startswith("M44 160l")
    engine = compute("expectancy", DEFAULTS["expectancy"], "en")["outputs"]["expectancy_path_higher"]
    expected = [(Decimal(x), Decimal(y))
                for x, y in re.findall(r"([\d.]+),([\d.]+)", engine["attrs"]["d"])]
    assert len(expected) > 5 and points_of(d.group(1)) == expected
