"""Every live example in every article, in every language: edited in Chromium, every number
checked against elo_core computing the same fields in CPython."""

from __future__ import annotations

import re
from typing import Any

import pytest

from elo_core.page import compute
from ready_page import messages, open_page, screenshot, site_page, wait_ready
from sitegen.config import SiteConfig
from sitegen.content import load_pages
from sitegen.live_text import example_tree, render
from sitegen.number_format import format_output

pytestmark = pytest.mark.browser

# What the page shows of an example: its mode, fields and every output with how it is shown.
READ_EXAMPLE = """(example) => {
  const fields = {};
  for (const control of example.querySelectorAll("input, select, textarea")) {
    fields[control.name] = control.value;
  }
  const outputs = [...example.querySelectorAll("[data-out]")].map((el) => ({
    name: el.dataset.out, tag: el.tagName.toLowerCase(), text: el.textContent,
    digits: el.dataset.digits ?? null, signed: el.dataset.signed ?? null,
    absolute: "absolute" in el.dataset,
    attrs: Object.fromEntries([...el.attributes].map((a) => [a.name, a.value])),
    rows: el.tagName === "TBODY" ? [...el.rows].map((r) => [...r.cells].map((c) => c.textContent)) : null,
  }));
  return { mode: example.dataset.mode, fields, outputs };
}"""


def _expected_text(output: dict[str, Any], shown: dict[str, Any], lang: str,
                   texts: dict[str, str]) -> Any:
    """What ``shown`` (a [data-out] element) must say for ``output``, as the build writes it."""
    if output is not None and "value" in output:
        output = dict(output)
        if shown["digits"] is not None:
            output["digits"] = int(shown["digits"])
        if shown["absolute"]:
            output["value"] = abs(output["value"])
            output["signed"] = False
        if shown["signed"] is not None:
            output["signed"] = shown["signed"] == "true"
    return format_output(output, lang, texts)


def _answered(page: Any, example: Any, fields: dict[str, str]) -> None:
    """Types each value into the example's field of that name; waits for the answer the page
    shows for them (every answer stamps the example with its compute time)."""
    example.evaluate("(example) => { example.dataset.computeMicros = 'waiting'; }")
    for name, value in fields.items():
        example.locator(f'[name="{name}"]').fill(value)
    page.wait_for_function(
        """(example) => example.dataset.computeMicros !== "waiting"
           && !example.classList.contains("is-pending")""",
        arg=example.element_handle(), timeout=20_000)


def _articles(site: SiteConfig, lang: str) -> list[str]:
    return [page.path for page in load_pages(site)
            if page.lang == lang and page.template == "article.html"]


@pytest.mark.parametrize("lang", ["en", "de", "da"])
def test_every_live_example_follows_what_the_reader_types(
    browser: Any, served: str, site: SiteConfig, lang: str
) -> None:
    texts = messages(site, lang)
    paths = _articles(site, lang)
    assert len(paths) == 8  # every article, the title norms article among them
    context, page, errors = open_page(browser, "about:blank")
    idle_without_engine = []
    examples_checked = 0
    for path in paths:
        page.goto(served + path)
        state = page.evaluate("document.documentElement.dataset.engine")
        engine_files = page.evaluate(
            "performance.getEntriesByType('resource').filter((e) => e.name.includes('/pyodide/')).length")
        if state == "idle":
            idle_without_engine.append(engine_files == 0)
        examples = page.locator("main [data-live]")
        assert examples.count() >= 1, f"{path} has no live example"
        examples.first.scroll_into_view_if_needed()
        wait_ready(page)
        changed_in_text = 0
        for index in range(examples.count()):
            example = examples.nth(index)
            field = example.locator("input[type=text]").first
            name = field.get_attribute("name") or ""
            before = example.evaluate(READ_EXAMPLE)
            # A rating moves by 100; a small count (rounds, an age) by one, to stay in range.
            old_value = int(field.input_value())
            new_value = str(old_value + (100 if old_value >= 100 else 1))
            _answered(page, example, {name: new_value})
            after = example.evaluate(READ_EXAMPLE)
            in_text = [(b["text"], a["text"]) for b, a in zip(before["outputs"], after["outputs"])
                       if a["tag"] in ("output", "mn")]
            changed_in_text += any(old != new for old, new in in_text)
            assert after["fields"][name] == new_value
            result = compute(after["mode"], after["fields"], lang)
            assert result["ok"], (path, result)
            for shown in after["outputs"]:
                output = result["outputs"][shown["name"]]
                if shown["rows"] is not None:
                    assert shown["rows"] == _expected_text(output, shown, lang, texts)[:len(shown["rows"])]
                elif output is not None and "attrs" in output:
                    for name, value in output["attrs"].items():
                        assert shown["attrs"][name] == value, (path, shown["name"], name)
                elif output is not None and "case" in output:
                    # A branch (live_when) is shown exactly when the answer names its case.
                    hidden = "hidden" in shown["attrs"]
                    assert hidden == (output["case"] != shown["attrs"]["data-case"]), (
                        path, shown["name"], shown["attrs"]["data-case"])
                else:
                    assert shown["text"] == _expected_text(output, shown, lang, texts), (
                        path, shown["name"])
            assert "is-stale" not in (example.get_attribute("class") or "")
            examples_checked += 1
        # The steps written in the text moved with the input, not only a result box.
        assert changed_in_text, path
    context.close()
    assert errors == []
    # A reader who only reads downloads no engine: at least one article was still idle after
    # its load event, and had fetched nothing of Pyodide.
    assert idle_without_engine and all(idle_without_engine)
    assert examples_checked >= 10


# The visible sentences of an example, as the reader sees them (its fields' paragraphs aside).
VISIBLE_SENTENCES = """(example) => [...example.querySelectorAll("p, li")]
  .filter((el) => el.checkVisibility() && !el.querySelector(".live-field")
    && !el.matches(".field-error, .stale-note, .pending-note") && !el.closest(".table-wrap"))
  .map((el) => el.textContent)"""
# 1120 loses five games to players We = 0.680 expects it to lose: −25.0, lifted to 1100.
FLOOR = {"dwz_rating": "1120", "dwz_played": "2026-11-20",
         "dwz_games": "1400 | 0\n1400 | 0\n1450 | 0\n1455 | 0\n1455 | 0"}


@pytest.mark.parametrize("lang", ["en", "de", "da"])
def test_the_dwz_example_shows_the_steps_of_the_rules_that_apply(
    browser: Any, served: str, site: SiteConfig, lang: str
) -> None:
    """The rating-systems article's DWZ example 2 for a day before 8 June 2026 and at the
    floor: the page shows the sentences the build's check reads (sitegen/live_check.py renders
    them for the same inputs), none with a "–", and the steps of the rules in force."""
    texts = messages(site, lang)
    article = site_page(site, lang, "rating-systems")
    built = (site.out_dir / article.path / "index.html").read_text(encoding="utf-8")
    context, page, errors = open_page(browser, served + article.path,
                                      viewport={"width": 390, "height": 900})
    example = page.locator("main [data-live]", has=page.locator('input[type=date][name="dwz_played"]'))
    number = int((example.get_attribute("id") or "")[len("live"):])
    example.locator('[name="dwz_rating"]').focus()
    wait_ready(page)
    for case, fields in (("old-date", {"dwz_played": "2026-05-01"}), ("floor", FLOOR)):
        _answered(page, example, fields)
        now = example.evaluate(READ_EXAMPLE)["fields"]
        shown = example.evaluate(VISIBLE_SENTENCES)
        assert shown and not [text for text in shown if "–" in text], (case, shown)
        # The sentences the check read are the ones the page shows.
        result = compute("dwz", now, lang)
        blocks, missing = render(example_tree(built, number), result["outputs"], lang, texts)
        # Compared as text: the check reads a formula in a sentence as a line ("((800 · …) /
        # (E + n))"), the page sets it as a fraction; brackets and strokes aside they agree.
        def text(shown: str) -> str:
            return re.sub(r"[\s()/^]", "", shown)
        expected = [text(block.text) for block in blocks if not block.math]
        assert missing == [] and [text(each) for each in shown] == [
            each for each in expected if each], case
        old = case == "old-date"
        assert example.locator('[data-out="dwz_e_reason"]').is_visible() == old
        assert example.locator('[data-out="dwz_k_reason"]').is_visible() == (not old)
        if not old:
            result_text = example.locator('[data-out="dwz_result"]').inner_text()
            assert result_text.startswith("1120 + (-25,0) = 1095,0" if lang != "en"
                                          else "1120 + (-25.0) = 1095.0"), result_text
        example.scroll_into_view_if_needed()
        screenshot(example, f"dwz-example-{case}-{lang}-390")
    assert errors == []
    context.close()
