"""The key line and errors as a reader on a phone meets them (320 and 390 px, en/de/da): the line
stays inside the visual viewport, a field with an error has its message in view while it has
focus, a bad line in the home page's tournament box leaves the single game's result current,
and in the norm planner the line follows the norm the reader aims for.

Screenshots of the key line with an error are written to test-results/screenshots/.
"""

from __future__ import annotations

from typing import Any

import pytest

from ready_page import open_ready, poll, screenshot, site_page, tool_pages, unfold_options, wait_out
from sitegen.config import SiteConfig

pytestmark = pytest.mark.browser

# Phones with the on-screen keyboard up: what is left of the page.
PHONES = [(320, 330), (390, 400)]

TYPED_FIELDS = """() => [...document.querySelectorAll(
  "section[data-mode] :is(input:not([type=checkbox]):not([type=radio]):not([type=file]):not([type=date]):not([type=hidden]), textarea)")]
  .filter((field) => field.id).map((field) => field.id)"""

# Where the key line is: inside the visual viewport's width and not cut (nothing of it past its
# own box), its text, and whether the focused field's error message is in view — in the line,
# or on the page above the line.
LOOK = """() => {
  const view = window.visualViewport;
  const left = view.offsetLeft, right = view.offsetLeft + view.width;
  const top = view.offsetTop, bottom = view.offsetTop + view.height;
  const line = document.querySelector(".key-line");
  const shown = line && !line.hidden;
  const lineBox = shown ? line.getBoundingClientRect() : null;
  const parts = shown ? [...line.querySelectorAll("*")].map((part) => part.getBoundingClientRect()) : [];
  const field = document.activeElement;
  const ids = (field.getAttribute("aria-describedby") || "").split(/\\s+/).filter(Boolean);
  const box = ids.map((id) => document.getElementById(id))
    .find((element) => element?.matches(".field-error") && !element.hidden && element.textContent.trim());
  const message = box ? box.textContent.trim() : null;
  const boxRect = box ? box.getBoundingClientRect() : null;
  const above = lineBox ? lineBox.top : bottom;
  return {
    line: shown ? line.textContent : null,
    inside: !lineBox || (lineBox.left >= left - 0.5 && lineBox.right <= right + 0.5
      && parts.every((part) => part.width === 0 || (part.left >= lineBox.left - 0.5 && part.right <= lineBox.right + 0.5))),
    uncut: !shown || line.scrollWidth <= line.clientWidth + 1,
    // Lines of text: the text's boxes, those less than half a line apart counted as one.
    lines: (() => {
      if (!shown) return 0;
      const range = document.createRange();
      range.selectNodeContents(line);
      const step = parseFloat(getComputedStyle(line).lineHeight) / 2;
      const tops = [...range.getClientRects()].filter((r) => r.width > 0).map((r) => r.top).sort((a, b) => a - b);
      return tops.filter((top, i) => i === 0 || top - tops[i - 1] > step).length;
    })(),
    message,
    messageInLine: Boolean(message && shown && line.textContent.includes(message)
      && lineBox.top >= top - 0.5 && lineBox.bottom <= bottom + 0.5),
    messageOnPage: Boolean(boxRect && boxRect.top >= top - 0.5 && boxRect.bottom <= above + 0.5),
    invalid: field.getAttribute("aria-invalid") === "true",
  };
}"""


@pytest.mark.parametrize("lang", ["en", "de", "da"])
def test_the_key_line_stays_in_view_and_shows_a_fields_error(
    browser: Any, served: str, site: SiteConfig, lang: str
) -> None:
    problems: list[str] = []
    for tool in tool_pages(site, lang):
        context, page, errors = open_ready(browser, served + tool.path,
                                           viewport={"width": 390, "height": 400})
        unfold_options(page)
        fields = page.evaluate(TYPED_FIELDS)
        assert fields, tool.path
        page.focus(f"#{fields[0]}")
        page.locator(".key-line").wait_for(state="attached", timeout=10_000)
        for field in fields:
            original = page.input_value(f"#{field}")
            # A value no field takes: the field gets an error and a message.
            page.fill(f"#{field}", "x")
            page.locator(f'[data-error-for="{page.get_attribute(f"#{field}", "name")}"]').first.wait_for(
                state="visible", timeout=20_000)
            for width, height in PHONES:
                page.set_viewport_size({"width": width, "height": height})
                page.focus(f"#{field}")
                seen = poll(page, lambda: page.evaluate(LOOK),
                            lambda s: s["invalid"] and (s["messageInLine"] or s["messageOnPage"]), 5)
                where = f"/{tool.path} {width}×{height} #{field}"
                if not seen["invalid"]:
                    problems.append(f"{where}: 'x' gave no error")
                elif not (seen["messageInLine"] or seen["messageOnPage"]):
                    problems.append(f"{where}: the message {seen['message']!r} is not in view")
                if not (seen["inside"] and seen["uncut"]):
                    problems.append(f"{where}: the key line {seen['line']!r} is wider than the view")
                if width == 320 and field == fields[0]:
                    screenshot(page, f"key-line-error-{tool.key}-{lang}-{width}")
            page.set_viewport_size({"width": 390, "height": 400})
            page.fill(f"#{field}", original)
            page.focus(f"#{field}")
            poll(page, lambda: page.evaluate(LOOK)["invalid"], lambda invalid: not invalid, 20)
            # With the field right again, the line shows the key result, inside the view.
            for width, height in PHONES:
                page.set_viewport_size({"width": width, "height": height})
                page.focus(f"#{field}")
                seen = page.evaluate(LOOK)
                where = f"/{tool.path} {width}×{height} #{field}"
                if seen["invalid"]:
                    problems.append(f"{where}: still marked after {original!r} came back")
                if seen["line"] is None:
                    problems.append(f"{where}: no key line")
                elif not (seen["inside"] and seen["uncut"]):
                    problems.append(f"{where}: the key line {seen['line']!r} is wider than the view")
                elif seen["lines"] > 2 and "key-error" not in (page.inner_html(".key-line")):
                    problems.append(f"{where}: the key line {seen['line']!r} takes {seen['lines']} lines")
            page.set_viewport_size({"width": 390, "height": 400})
        assert errors == [], tool.path
        context.close()
    assert problems == [], "\n".join(problems)


@pytest.mark.parametrize("lang", ["en", "de", "da"])
def test_a_bad_tournament_line_leaves_the_single_game_current(
    browser: Any, served: str, lang: str
) -> None:
    """Before, the tournament box's error struck out the one-game result above it."""
    context, page, errors = open_ready(browser, served + f"{lang}/",
                                       viewport={"width": 320, "height": 640})
    game = page.locator('section[data-mode="elo"] > .calc-grid').first
    tournament = page.locator(".calc-grid.tournament")
    page.fill("#games", "1810 | 1\n1750 | x")
    page.locator('[data-error-for="games"]').wait_for(state="visible")
    for width in (320, 390):
        page.set_viewport_size({"width": width, "height": 640})
        assert "is-stale" not in (game.get_attribute("class") or "")
        assert not game.locator('[data-out="change_a"]').evaluate(
            "(output) => getComputedStyle(output).textDecorationLine.includes('line-through')")
        assert "is-stale" in (tournament.get_attribute("class") or "")
        assert tournament.locator(".stale-note").is_visible()
        # The key line of the game's fields is not struck out either.
        page.focus("#rating_b")
        assert "is-stale" not in (page.get_attribute(".key-line", "class") or "")
    # The game still follows its fields: 1750 beats 1700 now, +8.6.
    page.fill("#rating_b", "1700")
    wait_out(page, "change_a", {"en": "+8.6"}.get(lang, "+8,6"))
    assert "is-stale" not in (game.get_attribute("class") or "")
    assert errors == []
    context.close()


@pytest.mark.parametrize("lang", ["en", "de", "da"])
def test_the_norm_planners_key_line_follows_the_norm_aimed_for(
    browser: Any, served: str, site: SiteConfig, lang: str
) -> None:
    planner = site_page(site, lang, "norm-planner")
    context, page, errors = open_ready(browser, served + planner.path,
                                       viewport={"width": 320, "height": 480})
    for title in ("IM", "WIM", "GM"):
        page.select_option('[name="np_title"]', title)
        row = page.locator("table.np-points > tbody > tr", has=page.locator(f'th:text-is("{title}")'))
        page.focus('[name="np_average"]')
        line = page.locator(".key-line")
        line.wait_for(state="visible")

        def seen_now() -> tuple[list[str], str]:
            cells = [row.locator("td").nth(1).inner_text(), row.locator("td").nth(2).inner_text()]
            return cells, line.text_content() or ""

        # The line follows the choice once the engine has answered it: wait for that state.
        wanted, text = poll(page, seen_now, lambda seen: seen[1].startswith(title)
                            and all(part in seen[1] for part in seen[0]), seconds=30)
        assert text.startswith(title) and all(part in text for part in wanted), (title, text)
        seen = page.evaluate(LOOK)
        assert seen["inside"] and seen["uncut"] and seen["lines"] <= 2, (title, seen)
    assert errors == []
    context.close()
