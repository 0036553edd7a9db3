"""Every live example in every language holds for every input it accepts (sitegen/live_check.py).

Each example of the built site is rendered again as its page fills it (the same elo_core code
in CPython, the same formatting as the page's scripts, the branch of each case shown or hidden
as the page does; tests/browser/test_live_articles.py holds the page to that rendering) for
inputs hypothesis draws: the values the text starts with, the edges of each field (the day
before and of the rule change, the floor, zero and full scores, unrated opponents, the
largest values) and values in between. No sentence or formula may show a placeholder, and no
equation may have sides that differ by more than the digits shown allow.
"""

from __future__ import annotations

import re
from datetime import date, timedelta
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from elo_core.numbers import NumberFormat
from elo_core.page import DEFAULTS, compute
from sitegen.catalogs import Catalogs
from sitegen.config import SiteConfig
from sitegen.content import load_pages
from sitegen.errors import BuildError
from sitegen.live_check import field_edges, problems, sentence_problems
from sitegen.live_equations import equation_problems, tokens
from sitegen.live_text import Node, Piece, example_tree
from sitegen.number_format import format_input, number_symbols
from sitegen.pipeline import build

# --- the equations a reader reads ---------------------------------------------------------


def _said(text: str, lang: str = "en", numbers: tuple[str, ...] = ()) -> list[str]:
    """The equation problems of ``text``; the parts in ``numbers`` are numbers the page wrote
    (their digits stand for a range), the rest is typed (exact)."""
    pieces = [Piece(part, "number" if part in numbers else "typed")
              for part in re.split("(" + "|".join(map(re.escape, numbers)) + ")", text)
              if part] if numbers else [Piece(text, "typed")]
    return equation_problems(tokens(pieces, lang))


def test_a_product_the_floor_changed_is_a_false_equation() -> None:
    # The DWZ example at the floor read "36.8 · (0.0 − 0.680) ≈ −20": the product is −25.0.
    assert _said("36.8 · (0.0 − 0.680) ≈ -20", numbers=("36.8", "0.0", "0.680", "-20"))
    assert not _said("36.8 · (0.0 − 0.680) ≈ -25.0", numbers=("36.8", "0.0", "0.680", "-25.0"))
    # The step that lifts it is true as shown.
    assert not _said("1120 + (-25.0) = 1095.0 is below the lowest DWZ",
                     numbers=("1120", "-25.0", "1095.0"))


def test_digits_shown_give_the_room_and_typed_numbers_none() -> None:
    # 1 / 2.4125 = 0.41451…: shown as 0.4145 it holds; 0.4146 is one digit off.
    assert not _said("E = 1 / 2.4125 = 0.4145", numbers=("2.4125", "0.4145"))
    assert _said("E = 1 / 2.4125 = 0.4147", numbers=("2.4125", "0.4147"))
    # A number typed in the text is exact, one the page wrote stands for what rounds to it:
    # 800 · (3.0 − 2.209) / (22 + 5) is 23.44; with W from 2.95 to 3.05 and E from 21.5 to
    # 22.5 it is at most 25.40, so 26 is wrong and 24 is right; with E typed, at most 24.93.
    assert _said("800 · (3.0 − 2.209) / (22 + 5) ≈ 26", numbers=("3.0", "2.209", "22", "26"))
    assert not _said("800 · (3.0 − 2.209) / (22 + 5) ≈ 24", numbers=("3.0", "2.209", "22", "24"))
    assert _said("800 · (3.0 − 2.209) / (22 + 5) ≈ 25.5", numbers=("3.0", "2.209", "25.5"))
    assert not _said("800 · (3.0 − 2.209) / (22 + 5) ≈ 23.4",
                     numbers=("3.0", "2.209", "22", "23.4"))


def test_powers_roots_and_words_around_formulas() -> None:
    assert not _said("E0 = (R0 / 1000)⁴ + J = (1650 / 1000)⁴ + 15 = 22.41", numbers=("22.41",))
    assert _said("(1650 / 1000)⁴ + 15 = 23.41", numbers=("23.41",))
    assert not _said("SBr = e^((1300 − 1250) / 150) − 1 = 0.40: below", numbers=("0.40",))
    assert not _said("1 + 10^(-4,125) = 1,0001.", "da", numbers=("-4,125", "1,0001"))
    # A name is not a number: "K · (W − We)" is not compared; words end a formula in a
    # sentence ("+63 to 1,543"), an operator does not ("K − 25" is no −25).
    shown = ("63.3", "3.0", "2.007", "+63", "+55")
    assert not _said("K · (W − We) = 63.3 · (3.0 − 2.007) ≈ +63 to 1,543", numbers=shown)
    assert _said("the DWZ changes by 63.3 · (3.0 − 2.007) ≈ +55 to 1,543", numbers=shown)
    assert not _said("K − 25 = 10")
    # Separate equations in one sentence are not compared with each other.
    assert not _said("W = 3.0 from n = 5 games against We = 2.007.")


def test_german_and_danish_numbers() -> None:
    assert not _said("b = (1.480 + 800) / 2400 = 0,950", "de", numbers=("0,950",))
    assert _said("b = (1480 + 800) / 2400 = 0,960", "de", numbers=("0,960",))


# --- every example of the site, for inputs drawn by hypothesis ------------------------------

_CONFIG = SiteConfig(out_dir=Path("/nonexistent"))
EXAMPLES = [(page.lang, page.path, number)
            for page in load_pages(_CONFIG)
            for number in range(1, page.body.count("live_start(") + 1)]


def _fields(tree: Node) -> tuple[dict[str, str], list[str], dict[str, list[str]]]:
    """The example's fields as its page holds them: values, the shown ones, the choices."""
    values: dict[str, str] = {}
    shown: list[str] = []
    choices: dict[str, list[str]] = {}

    def walk(node: Node) -> None:
        for child in node.children:
            if not isinstance(child, Node):
                continue
            name = child.attrs.get("name")
            if child.tag in ("input", "textarea", "select") and name:
                if child.tag == "input":
                    values[name] = child.attrs.get("value") or ""
                elif child.tag == "textarea":
                    values[name] = "".join(c for c in child.children if isinstance(c, str))
                else:
                    options = [o for o in child.children if isinstance(o, Node)]
                    choices[name] = [o.attrs.get("value") or "" for o in options]
                    values[name] = next((o.attrs.get("value") or "" for o in options
                                         if "selected" in o.attrs), choices[name][0])
                if child.attrs.get("type") != "hidden":
                    shown.append(name)
            walk(child)

    walk(tree)
    return values, shown, choices


_RATINGS = {"rating", "opponent", "dwz_rating", "g_rating", "league_start", "np_average",
            "rating_a", "rating_b", "target"}
_WHOLE = {"dwz_age": (0, 150), "dwz_index": (1, 60), "difference": (0, 800), "np_rounds": (1, 20),
          "rated_games": (0, 200), "games_in_period": (0, 60), "birth_year": (1930, 2025),
          "year": (2000, 2040), "g_rd": (10, 350), "league_k": (1, 60)}
_RESULTS = st.sampled_from(["1", "½", "0"])


def _number(value: float, lang: str) -> str:
    return f"{value:g}".replace(".", number_symbols(lang)[0])


def _strategy(name: str, value: str, choices: list[str], lang: str) -> st.SearchStrategy[str]:
    """Values for a field: its edges, and values of its kind in between."""
    edges = st.sampled_from(field_edges(name, value, choices, lang))
    if choices:
        return st.sampled_from(choices)
    if name in _RATINGS:
        ratings = st.integers(100, 4000).map(str) | st.integers(1000, 40000).map(
            lambda tenths: _number(tenths / 10, lang))
        return edges | ratings
    if name in _WHOLE:
        low, high = _WHOLE[name]
        return edges | st.integers(low, high).map(str)
    if name in ("k", "k_b"):
        return edges | st.integers(1, 100).map(str) | st.integers(1, 400).map(
            lambda tenths: _number(tenths / 10, lang))
    if name == "dwz_played":
        days = st.dates(date(1990, 1, 1), date(2040, 12, 31)).map(date.isoformat)
        near = st.integers(-40, 40).map(lambda d: (date(2026, 6, 8) + timedelta(days=d)).isoformat())
        return edges | days | near
    if name in ("games", "dwz_games"):
        games = st.lists(st.tuples(st.integers(100, 4000), _RESULTS), min_size=1, max_size=12)
        return edges | games.map(lambda rows: "\n".join(f"{o} | {r}" for o, r in rows))
    if name == "np_played":
        line = st.tuples(st.integers(1400, 2800).map(str) | st.just("-"), _RESULTS,
                         st.sampled_from(["", "GM", "IM", "WGM", "WIM", "FM"]),
                         st.sampled_from(["", "GER", "DEN", "SWE", "POL"]))
        return edges | st.lists(line, max_size=13).map(
            lambda rows: "\n".join(" | ".join(part for part in row if part) for row in rows))
    return edges


@pytest.fixture(scope="module")
def messages(site: SiteConfig) -> dict[str, dict[str, str]]:
    catalogs = Catalogs(site)
    return {lang: catalogs.browser_messages(lang) for lang in ("en", "de", "da")}


def test_every_article_with_a_live_example_is_checked() -> None:
    # Every language's every example: nine articles in each of the three languages.
    assert {lang for lang, _path, _number in EXAMPLES} == {"en", "de", "da"}
    assert len({path for _lang, path, _number in EXAMPLES}) == 27
    assert len(EXAMPLES) >= 45


@pytest.mark.parametrize(("lang", "path", "number"), EXAMPLES,
                         ids=[f"{path}live{number}" for _lang, path, number in EXAMPLES])
def test_a_live_example_holds_for_every_input(
    site: SiteConfig, messages: dict[str, dict[str, str]], lang: str, path: str, number: int
) -> None:
    html = (site.out_dir / path / "index.html").read_text(encoding="utf-8")
    tree = example_tree(html, number)
    mode = str(tree.attrs["data-mode"])
    values, shown, choices = _fields(tree)
    numbers = NumberFormat(*number_symbols(lang))
    strategies = {name: _strategy(name, values[name], choices.get(name, []), lang)
                  for name in shown}

    @settings(max_examples=40, deadline=None, database=None,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
    @given(st.fixed_dictionaries(strategies))
    def holds(drawn: dict[str, str]) -> None:
        form = {**values, **drawn}
        found = problems(tree, compute(mode, form, lang, numbers), lang, messages[lang])
        assert found == [], (f"/{path} live{number} with "
                             f"{ {k: v for k, v in drawn.items() if values[k] != v} }: {found[0]}")

    holds()


# --- the calculators' sentences ---------------------------------------------------------------

# The modes whose answers explain themselves in sentences (reasons, notes, steps).
EXPLAINING_MODES = ["dwz", "k_advisor", "elo", "norm_planner", "initial"]


def _sentences(output: Any) -> list[Any]:
    """The outputs a calculator shows as text: messages, also inside table rows."""
    if not isinstance(output, dict):
        return []
    if "message" in output:
        return [output]
    return [cell for row in output.get("rows", ()) for cell in row
            if isinstance(cell, dict) and "message" in cell]


@pytest.mark.parametrize("lang", ["en", "de", "da"])
@pytest.mark.parametrize("mode", EXPLAINING_MODES)
def test_a_calculators_explanations_hold_for_every_input(mode: str, lang: str) -> None:
    # The DWZ calculator's reasons write the formula's numbers ("b = (1480 + 800) / 2400 =
    # 0.950", "E = 9.80 × 0.740 + 0.00 = 7.25"): each must hold for whatever the reader types.
    messages = Catalogs(_CONFIG).browser_messages(lang)
    numbers = NumberFormat(*number_symbols(lang))
    defaults = {name: format_input(value, lang) for name, value in DEFAULTS[mode].items()}
    strategies = {name: _strategy(name, value, [], lang) for name, value in defaults.items()}

    @settings(max_examples=80, deadline=None, database=None,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
    @given(st.fixed_dictionaries(strategies))
    def holds(form: dict[str, str]) -> None:
        result = compute(mode, form, lang, numbers)
        found = [said for output in result.get("outputs", {}).values()
                 for sentence in _sentences(output)
                 for said in sentence_problems(sentence, lang, messages)]
        assert found == [], (mode, {k: v for k, v in form.items() if defaults[k] != v}, found)

    holds()


# --- the build stops an author's example that does not hold ----------------------------------

HEAD = "---\ntitle: T\ndescription: D\nkey: example\nslug: {slug}\n---\n"
SLUGS = {"en": "example", "de": "beispiel", "da": "eksempel"}

# The rating-systems article's DWZ example 2 as it stood (in English; without the output
# dwz_floor, which the mode no longer has). It failed for every day before 8 June 2026:
# with dwz_played="2026-05-01" its four bullets and its K read "–" ("K · (W − We) = – ·
# (3.0 − 2.007) ≈ +66"); and at the floor (DWZ 1120, five losses, 2026-11-20) its formula read
# "36.8 · (0.0 − 0.680) ≈ −20", a product of −25.0. The check finds both.
OLD_DWZ_EXAMPLE = """**Example.**

{{ live_start("dwz", dwz_rating=RATING, dwz_age=16, dwz_index=4, dwz_played="PLAYED", dwz_games="GAMES") }}

{{ live_input("dwz_rating", "DWZ before") }} {{ live_input("dwz_age", "Age") }} {{ live_input("dwz_index", "Evaluations so far") }} {{ live_input("dwz_played", "Day of the last game") }}

{{ live_input("dwz_games", "Games: the opponent's DWZ | your result, one per line") }}

{{ live_out("dwz_rules") }}

The player scores $W = {{ live_out("dwz_w") }}$ from $n = {{ live_out("dwz_n") }}$ games against an
expected $W_e = {{ live_out("dwz_we") }}$. The development factor is put together like this:

- {{ live_out("dwz_k0_reason") }}
- {{ live_out("dwz_b_reason") }}
- {{ live_out("dwz_a_reason") }}
- {{ live_out("dwz_k_reason") }}

So the DWZ changes by

$$K \\cdot (W - W_e) = {{ live_out("dwz_k") }} \\cdot ({{ live_out("dwz_w") }} - {{ live_out("dwz_we") }}) \\approx {{ live_out("dwz_change") }}$$

and the new DWZ is {{ live_out("dwz_new") }}.

{{ live_end() }}
"""
GAMES = "1520 | 1\\n1610 | ½\\n1390 | 1\\n1705 | 0\\n1550 | ½"
LOSSES = "1400 | 0\\n1400 | 0\\n1450 | 0\\n1455 | 0\\n1455 | 0"  # We = 0.680 from 1120


def _example(rating: int, played: str, games: str) -> str:
    return (OLD_DWZ_EXAMPLE.replace("RATING", str(rating)).replace("PLAYED", played)
            .replace("GAMES", games))


def _build_fails(config: SiteConfig, body: str) -> BuildError:
    for lang, slug in SLUGS.items():
        (config.content_dir / lang / "example.md").write_text(HEAD.format(slug=slug) + "ok\n")
    (config.content_dir / "en" / "example.md").write_text(HEAD.format(slug="example") + body)
    with pytest.raises(BuildError) as caught:
        build(config)
    assert caught.value.path == config.content_dir / "en" / "example.md"
    return caught.value


@pytest.mark.parametrize(
    ("example", "said", "line"),
    [
        # The first input it fails for: the day before the rules changed. Line 20 is the first
        # bullet, "- {{ live_out("dwz_k0_reason") }}".
        pytest.param(_example(1480, "2026-09-13", GAMES),
                     ["dwz_played='2026-06-07'", "a sentence shows a placeholder: '–'"], 20,
                     id="before-the-rule-change"),
        # Its own starting values: the formula's line (27) names the product the floor changed.
        pytest.param(_example(1120, "2026-11-20", LOSSES),
                     ["with its starting values",
                      "36.8 · ( 0.0 − 0.680 ) = −20 does not hold: the left side is -25.0"], 27,
                     id="at-the-floor"),
    ],
)
def test_the_build_stops_the_dwz_example_as_it_stood(
    fixture_config: SiteConfig, example: str, said: list[str], line: int,
) -> None:
    error = _build_fails(fixture_config, example)
    for part in said:
        assert part in error.message
    assert error.line == line


def test_the_fixed_example_passes_the_build(fixture_config: SiteConfig) -> None:
    # Both cases written out, each shown when it applies, and the floor's step said.
    fixed = (Path(__file__).resolve().parents[2] / "content" / "en" / "rating-systems.md").read_text()
    start = fixed.index('{{ live_start("dwz", dwz_rating=1480')
    body = fixed[start:fixed.index("{{ live_end() }}", start) + len("{{ live_end() }}")] + "\n"
    for lang, slug in SLUGS.items():
        (fixture_config.content_dir / lang / "example.md").write_text(
            HEAD.format(slug=slug) + body.replace('dwz_rating=1480', 'dwz_rating=1120')
            .replace(GAMES, LOSSES).replace("2026-09-13", "2026-11-20"))
    build(fixture_config)
    text = (fixture_config.out_dir / "en" / "example" / "index.html").read_text()
    assert "1120 + (-25.0) = 1095.0 is below the lowest DWZ, 1100" in text
    assert re.search(r'data-case="before-2026" hidden>', text)


def test_the_readme_documents_branches_and_the_check() -> None:
    readme = (Path(__file__).resolve().parents[2] / "content" / "README.md").read_text()
    section = readme.split("### Live examples", 1)[1]
    assert "live_when(" in section and "live_end_when()" in section
    assert "must hold for every input" in section
