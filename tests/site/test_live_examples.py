"""Live examples in articles (sitegen/live.py): what the build writes, and what it refuses."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from elo_core.page import compute
from sitegen.config import SiteConfig
from sitegen.errors import BuildError
from sitegen.number_format import format_number
from sitegen.pipeline import build

HEAD = "---\ntitle: T\ndescription: D\nkey: example\nslug: {slug}\n---\n"
SLUGS = {"en": "example", "de": "beispiel", "da": "eksempel"}

EXAMPLE = """Before.

{{ live_start("steps", rating=1750, opponent=1810, score="1", k=20) }}

{{ live_input("rating") }} {{ live_input("score") }}

The difference is {{ live_out("difference") }}, so $E = {{ live_out("expected", 3) }}$ and the
change is {{ live_out("change") }}; the loser loses {{ live_out("opponent_change", absolute=True) }}.

{{ live_end() }}

After.
"""


class _Page(HTMLParser):
    """The live example's fields, outputs and the attributes of <html>."""

    def __init__(self) -> None:
        super().__init__()
        self.html: dict[str, str | None] = {}
        self.fields: dict[str, tuple[str, str | None]] = {}  # name → (tag, value)
        self.outputs: list[tuple[str, dict[str, str | None]]] = []
        self._open: tuple[str, dict[str, str | None]] | None = None
        self.texts: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = dict(attrs)
        if tag == "html":
            self.html = attributes
        if tag in {"input", "select", "textarea"} and attributes.get("name"):
            self.fields[str(attributes["name"])] = (tag, attributes.get("value"))
        if tag == "option" and "selected" in attributes:
            name = next(reversed(self.fields))
            self.fields[name] = ("select", attributes.get("value"))
        if "data-out" in attributes:
            self._open = (tag, attributes)
            self.texts = []

    def handle_data(self, data: str) -> None:
        if self._open is not None:
            self.texts.append(data)

    def handle_endtag(self, tag: str) -> None:
        if self._open is not None and tag == self._open[0]:
            self.outputs.append(("".join(self.texts), self._open[1]))
            self._open = None


def _write_all(config: SiteConfig, body: str) -> None:
    for lang, slug in SLUGS.items():
        (config.content_dir / lang / "example.md").write_text(HEAD.format(slug=slug) + body)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_live_example_is_prerendered_with_the_pages_own_numbers(
    fixture_config: SiteConfig, lang: str
) -> None:
    _write_all(fixture_config, EXAMPLE)
    build(fixture_config)
    text = (fixture_config.out_dir / lang / SLUGS[lang] / "index.html").read_text()
    page = _Page()
    page.feed(text)
    # The engine is wanted only later: idle, with what it needs to start.
    assert page.html["data-engine"] == "idle" and page.html["data-worker-src"]
    assert 'id="ui-messages"' in text and "/assets/article." in text
    assert re.search(r'<div class="live" id="live1" data-live data-mode="steps"', text)
    assert page.fields == {"rating": ("input", "1750"), "score": ("select", "1"),
                           "opponent": ("input", "1810"), "k": ("input", "20")}
    # Every output as elo_core computes it, formatted for the page's language.
    result = compute("steps", {"rating": "1750", "opponent": "1810", "score": "1", "k": "20"},
                     lang)
    outputs = result["outputs"]
    shown = {attributes["data-out"]: (value, attributes) for value, attributes in page.outputs}
    assert shown["difference"][0] == "60"
    assert shown["expected"][0] == format_number(outputs["expected"]["value"], 3, lang)
    assert shown["change"][0] == format_number(outputs["change"]["value"], 1, lang, signed=True)
    assert shown["opponent_change"][0] == format_number(
        abs(outputs["opponent_change"]["value"]), 1, lang)
    assert "data-absolute" in shown["opponent_change"][1]
    # Inside the formula the number is a MathML <mn>, in running text an <output>.
    assert re.search(r'<mn data-out="expected" data-digits="3">0[.,]415</mn>', text)
    assert '<output data-out="change">+11' in text


def test_an_article_without_live_examples_loads_no_engine(fixture_config: SiteConfig) -> None:
    build(fixture_config)
    text = (fixture_config.out_dir / "en/example/index.html").read_text()
    assert 'data-engine="off"' in text and "data-worker-src" not in text
    assert "/assets/article." not in text


def _fails(config: SiteConfig, body: str) -> BuildError:
    _write_all(config, "ok\n")
    build(config)
    before = {p: p.read_bytes() for p in config.out_dir.rglob("*") if p.is_file()}
    (config.content_dir / "en" / "example.md").write_text(HEAD.format(slug="example") + body)
    with pytest.raises(BuildError) as caught:
        build(config)
    assert {p: p.read_bytes() for p in config.out_dir.rglob("*") if p.is_file()} == before
    assert caught.value.path == config.content_dir / "en" / "example.md"
    return caught.value


START = '{{ live_start("steps", rating=1750, opponent=1810, score="1", k=20) }}'
DWZ = ('{{ live_start("dwz", dwz_rating=1480, dwz_age=16, dwz_index=4, dwz_played="2026-09-13", '
       'dwz_games="1520 | 1") }}')
WHEN = '{{ live_when("dwz_ruleset", "2026") }}'


def _inside(call: str) -> str:
    """The steps example holding one paragraph, ``call``: that paragraph on line 9."""
    return f"{START}\n\n{{{{ {call} }}}}\n\n{{{{ live_end() }}}}\n"


@pytest.mark.parametrize(
    ("body", "line", "message"),
    [
        ('x\n\n{{ live_start("stepz", rating=1) }}\n', 9, "unknown mode 'stepz'"),
        ('x\n\n{{ live_start("steps", rating=17500000, opponent=1810, score="1") }}\n', 9,
         "inputs are wrong (rating: rating-invalid"),
        (_inside("live_out('expectd')"), 9,
         "live_out('expectd'): unknown output 'expectd' in the 'steps' mode — did you mean 'expected'"),
        (_inside("live_input('opponnent')"), 9,
         "live_input('opponnent'): unknown field 'opponnent' in this example — did you mean 'opponent'?"),
        (_inside("live_input('score', options=[('0', 'a')])"), 9, "is not one of"),
        ("x\n\n{{ live_out('change') }}\n", 9, "live_out outside a live example"),
        (f"x\n\n{START}\n\nno end\n", 9, "live_start(…) without live_end()"),
        (f"x\n\ntext {START} in a paragraph\n\n{{{{ live_end() }}}}\n", 9,
         "put it on a line of its own"),
        (f"{START}\n\n{START}\n", 9, "live_start inside a live example"),
        (_inside("live_curve()"), 9, "live_curve() belongs in a 'models' example"),
        (_inside("live_out('change', 9)"), 9, "digits must be 0 to 6"),
        (f"{DWZ}\n\n{{{{ live_when('dwz_ruleset', '2025') }}}}\n", 9,
         "live_when('dwz_ruleset', '2025'): unknown case '2025' — did you mean '2026'?"),
        (f"{START}\n\n{{{{ live_when('rules', '2026') }}}}\n", 9,
         "live_when('rules'): unknown case output 'rules' in the 'steps' mode"),
        (f"{DWZ}\n\n{WHEN}\n\n{WHEN}\n", 11, "inside a branch: call live_end_when() first"),
        (f"{DWZ}\n\n{WHEN}\n\nx\n\n{{{{ live_end() }}}}\n", 13,
         "live_when('dwz_ruleset', …) without live_end_when()"),
        (f"{DWZ}\n\n{{{{ live_end_when() }}}}\n", 9, "live_end_when() without live_when(…)"),
        # A step of the rules before 8 June 2026 has no value on 13 September 2026: it belongs
        # in that case's branch.
        (f"{DWZ}\n\nE = {{{{ live_out('dwz_e') }}}}\n\n{{{{ live_end() }}}}\n", 9,
         "live_out('dwz_e') has no value for the starting values: put it between live_when"),
    ],
    ids=["mode", "bad-start-value", "unknown-output", "unknown-input", "bad-option",
         "out-outside", "no-end", "inline-start", "nested", "curve-mode", "digits",
         "unknown-case", "not-a-case-output", "nested-when", "when-without-end",
         "end-without-when", "no-value-outside-its-branch"],
)
def test_a_wrong_live_example_stops_the_build_with_file_and_line(
    fixture_config: SiteConfig, body: str, line: int, message: str
) -> None:
    error = _fails(fixture_config, body)
    assert message in error.message
    assert error.line == line


def test_live_curve_and_table_are_prerendered(fixture_config: SiteConfig) -> None:
    body = (
        '{{ live_start("models", difference=400) }}\n\n{{ live_input("difference") }}\n\n'
        'Logistic {{ live_out("logistic") }}.\n\n{{ live_curve() }}\n\n{{ live_end() }}\n\n'
        '{{ live_start("league", league_format="lines", league_games="A | B | 1", '
        'league_start=1500, league_k=20) }}\n\n'
        '{{ live_table("standings", "Table", ["#", "Player", "Rating", "G", "W", "D", "L", "+/-"]) }}'
        "\n\n{{ live_end() }}\n"
    )
    _write_all(fixture_config, body)
    build(fixture_config)
    text = (fixture_config.out_dir / "en/example/index.html").read_text()
    assert '<output data-out="logistic">0.909</output>' in text
    point = re.search(r'<circle class="point point-logistic" r="6" data-out="point_logistic" '
                      r'cx="([\d.]+)" cy="([\d.]+)"/>', text)
    assert point is not None
    from elo_core.page.articles import curve_x, curve_y
    assert float(point[1]) == pytest.approx(curve_x(400), abs=0.05)
    assert float(point[2]) == pytest.approx(curve_y(10 / 11), abs=0.05)
    # Eight columns: on a phone each row stacks, each cell after its heading.
    assert re.search(r'<table class="stack"><caption>Table</caption>', text)
    assert re.search(r'<tbody data-out="standings"><tr><td class="num" data-label="#">1</td>'
                     r'<td data-label="Player">A</td><td class="num" data-label="Rating">1,510.0</td>',
                     text)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_day_is_a_date_field_holding_the_iso_date(fixture_config: SiteConfig, lang: str) -> None:
    # The browser shows the day in the reader's format; the field's value stays ISO, as the
    # mode reads it, and is not taken for a decimal number on a German page.
    body = ('{{ live_start("dwz", dwz_rating=1480, dwz_age=16, dwz_index=4, dwz_played="2026-09-13", '
            'dwz_games="1520 | 1") }}\n\n{{ live_input("dwz_rating", "DWZ") }} '
            '{{ live_input("dwz_played", "Day") }}\n\n{{ live_end() }}\n')
    _write_all(fixture_config, body)
    build(fixture_config)
    text = (fixture_config.out_dir / lang / SLUGS[lang] / "index.html").read_text()
    assert re.search(r'<input id="live1-dwz_played" name="dwz_played" [^>]*type="date" '
                     r'value="2026-09-13">', text)
    assert re.search(r'<input id="live1-dwz_rating" name="dwz_rating" [^>]*type="text"', text)


def test_the_readme_documents_the_construct() -> None:
    readme = (Path(__file__).resolve().parents[2] / "content" / "README.md").read_text()
    section = readme.split("## Writing articles", 1)[1]
    for macro in ("live_start(", "live_input(", "live_out(", "live_end()"):
        assert macro in section


def _hidden_rules(text: str) -> list[tuple[str, dict[str, str]]]:
    """Each live example of an article: its mode and the rules it sets without a field for the
    reader (options written as words: model, cap, rounding…; numbers may differ by language)."""
    examples = []
    for block in re.findall(r"live_start\(.*?live_end\(\)", text, re.S):
        start = re.match(r'live_start\(\s*"(\w+)"((?:[^()]|\([^()]*\))*)\)', block)
        assert start is not None, block[:80]
        mode, args = start.groups()
        shown = set(re.findall(r'live_input\(\s*"(\w+)"', block))
        rules = {name: value for name, value in re.findall(r'(\w+)="([a-z][a-z0-9-]*)"', args)
                 if name not in shown}
        examples.append((mode, rules))
    return examples


def test_each_translation_of_a_live_example_follows_the_same_rules() -> None:
    # The FIDE-rules article's period example had the 400-point rule in German only: typing a
    # 2800 opponent gave +37 on the German page and +40 on the English and Danish ones.
    content = Path(__file__).resolve().parents[2] / "content"
    by_article: dict[str, dict[str, list[tuple[str, dict[str, str]]]]] = {}
    for article in sorted(content.glob("*/*.md")):
        if article.name != "README.md":
            by_article.setdefault(article.name, {})[article.parent.name] = _hidden_rules(
                article.read_text(encoding="utf-8"))
    assert sum(len(langs["en"]) for langs in by_article.values()) >= 10
    for name, langs in by_article.items():
        for lang, examples in langs.items():
            assert examples == langs["en"], (name, lang)


@pytest.mark.parametrize(("opponent", "side"), [("1801", "stronger"), ("1800", "equal"),
                                                ("1500", "weaker")])
def test_one_games_steps_say_on_which_side_the_opponent_is(opponent: str, side: str) -> None:
    # The FAQ's "beating a stronger player" read "an opponent -100 points stronger" once the
    # reader typed a weaker one: its text now has a branch for each side.
    result = compute("steps", {"rating": "1800", "opponent": opponent, "score": "1", "k": "20"},
                     "en")
    assert result["outputs"]["opponent_side"] == {"case": side,
                                                  "cases": ["stronger", "equal", "weaker"]}


@pytest.mark.parametrize("difference", range(0, 801, 7))
def test_the_gap_between_the_curves_is_the_gap_between_the_figures_shown(difference: int) -> None:
    # At 200 the page read "0.760 by the formula, 0.760 by the normal distribution … +0.001
    # away": the gap was taken before rounding.
    outputs = compute("models", {"difference": str(difference)}, "en")["outputs"]
    shown = {name: format_number(outputs[name]["value"], 3, "en")
             for name in ("logistic", "normal")}
    gap = format_number(outputs["normal_minus_logistic"]["value"], 3, "en", signed=True)
    assert float(gap) == pytest.approx(float(shown["normal"]) - float(shown["logistic"]), abs=1e-9)
