"""The site in WebKit (Safari's engine) and Firefox: the checks that matter where engines differ
(module workers, the service worker's checked cache, Cache Storage, the wasm's streaming
compilation, the snapshot's restore, file reading, the visual viewport). Each test runs in both
engines (drivers.py); Chromium's own, fuller tests are in tests/browser/."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.browser

FIXTURES = Path(__file__).resolve().parents[1] / "elo_core" / "fixtures" / "trf"


def ready(page: Any, url: str) -> Any:
    page.goto(url)
    state = page.engine_state()
    assert state == "ready", f"{page.engine}: the engine is {state!r} at {url}: {page.text('.engine-status')}"
    return page


def saved(page: Any, name: str, value: str) -> bool:
    return bool(page.poll(lambda: page.call(
        "(name, value) => JSON.parse(localStorage.getItem('elo-inputs:' + location.pathname))"
        "?.fields?.[name] === value", name, value)))


def test_the_home_calculator_answers_typed_values_in_every_language(page_in: Any, served: str) -> None:
    page = ready(page_in(), served + "en/")
    page.fill('[name="rating_a"]', "1750")
    page.fill('[name="rating_b"]', "1810")
    assert "+11.7" in page.wait_text('[data-out="change_a"]', "+11.7")
    # German: the dot groups thousands, so 1.650 is 1650 (E = 0.28 against 1810).
    ready(page, served + "de/")
    page.fill('[name="rating_a"]', "1.650")
    page.fill('[name="rating_b"]', "1810")
    assert page.wait_text('[data-out="expected_a"]', "0,28") == "0,28"
    ready(page, served + "da/")
    page.fill('[name="rating_a"]', "1750")
    page.fill('[name="rating_b"]', "1810")
    assert "+11,7" in page.wait_text('[data-out="change_a"]', "+11,7")


@pytest.mark.parametrize(("path", "exponent"), [("en/elo-formula/", "0.4"), ("de/elo-formel/", "0,4")])
def test_a_live_example_answers_a_change(page_in: Any, served: str, path: str, exponent: str) -> None:
    page = page_in()
    page.goto(served + path)
    assert page.text('#live1 [data-out="difference"]') == "60"  # the build's, before any script
    # Focusing the example's field starts the engine; 1910 − 1750 = 160, 160 / 400 = 0.4.
    page.focus("#live1-opponent")
    assert page.engine_state() == "ready"
    page.fill("#live1-opponent", "1910")
    assert page.wait_text('#live1 [data-out="difference"]', "160") == "160"
    assert page.text('#live1 [data-out="exponent"]') == exponent


def test_a_tournament_file_chosen_and_one_pasted_give_their_tables(page_in: Any, served: str) -> None:
    page = ready(page_in(), served + "de/turnier/")
    page.upload("#trf_file", FIXTURES / "spring_open_2025_trf16.txt")
    assert page.wait_text('[data-out="trf_name"]', "Lakeside Spring Open 2025") == "Lakeside Spring Open 2025"
    assert page.text('[data-out="trf_players"]') == "10"
    rossi = page.call("""() => [...document.querySelectorAll("table.trf-table tbody tr:first-child")]
      .map((row) => [...row.cells].map((cell) => cell.textContent.replace(/^▸\\s*/, "")))
      .find((cells) => cells[1] === "Rossi, Giulia")""")
    # As the Chromium test has it (tests/browser/test_tournament.py): K 40 with its note's mark.
    assert rossi[:11] == ["8", "Rossi, Giulia", "1.720", "40*", "4", "1,5", "0,54", "+38", "1.758", "2.169", "–"]
    # Pasted: the text put in at once, as a paste does, with the input event a paste fires.
    winter = (FIXTURES / "winter_club_2026_trf26.txt").read_text(encoding="utf-8")
    page.call("""(text) => {
      const field = document.querySelector('[name="trf_text"]');
      field.focus();
      field.value = text;
      field.dispatchEvent(new InputEvent("input", { bubbles: true, inputType: "insertFromPaste" }));
    }""", winter)
    assert page.wait_text('[data-out="trf_name"]', "Vesterbro Winter Club").startswith("Vesterbro Winter Club")


STORED = """async (paths) => {
  const stored = new Set();
  for (const name of await caches.keys()) {
    for (const request of await (await caches.open(name)).keys()) stored.add(new URL(request.url).pathname);
  }
  return { missing: paths.filter((path) => !stored.has(path)),
           snapshot: (await caches.has("elo-snapshot /"))  // named by the site's scope
             && (await (await caches.open("elo-snapshot /")).keys()).length === 1 };
}"""


def test_after_one_visit_an_unvisited_page_in_another_language_works_offline(
        page_in: Any, own_site: Any) -> None:
    base = own_site.start()  # a copy of the site on its own server, stopped to be offline
    page = ready(page_in(), base + "en/")
    assert page.js("navigator.serviceWorker.controller !== null")
    # Every file the service worker keeps (sw.js writes each folder once) and the runtime the
    # engine fetched: the site's lock, standard library and wheel are stored last, and an
    # engine started offline from the snapshot needs them ("Load failed" in WebKit without).
    folders = json.loads(re.search(r"\bPRECACHE ?= ?Object\.entries\((\{.*?\})\)",
                                   (own_site.directory / "sw.js").read_text()).group(1))
    wanted = [folder + name for folder, names in folders.items() for name in names]
    assert "/da/" in wanted and "/da/turnering/" in wanted
    wanted.append(page.js("document.documentElement.dataset.pyodideSrc") + "pyodide.asm.wasm")
    seen = page.poll(lambda: page.call(STORED, wanted), lambda s: s["missing"] == [] and s["snapshot"],
                     seconds=90)
    assert seen == {"missing": [], "snapshot": True}, "the site, the runtime and the snapshot are stored"
    own_site.stop()
    page.goto(base + "da/")
    assert page.text("h1")
    assert page.engine_state() == "ready"
    assert page.js("document.documentElement.dataset.engineStart") == "snapshot"
    page.fill('[name="rating_a"]', "1750")
    page.fill('[name="rating_b"]', "1810")
    assert "+11,7" in page.wait_text('[data-out="change_a"]', "+11,7")


def test_the_language_switch_carries_the_inputs_and_a_shared_link_offers_its_own(
        page_in: Any, served: str) -> None:
    page = ready(page_in(), served + "en/")
    page.fill('[name="rating_a"]', "1,650")
    assert saved(page, "rating_a", "1,650")
    page.click('.languages a[hreflang="de"]')
    assert page.poll(lambda: page.call("() => location.pathname === '/de/' "
                                       "&& document.querySelector('[name=rating_a]').value"),
                     lambda value: value == "1.650") == "1.650"
    # A link with other inputs than those saved here is offered, not applied.
    page.goto(served + "en/#rating_a=1750&rating_b=1810&result=1&k=40")
    assert page.engine_state() == "ready"
    assert page.poll(lambda: page.js("!document.getElementById('shared-offer').hidden"))
    assert page.value('[name="rating_a"]') == "1,650"
    page.click('[data-action="use-shared"]')
    assert page.value('[name="rating_a"]') == "1750"
    assert "+23.4" in page.wait_text('[data-out="change_a"]', "+23.4")


def test_at_a_phone_width_a_focused_field_shows_the_key_line(page_in: Any, served: str) -> None:
    page = page_in()
    page.goto(served + "da/")
    page.viewport(390, 600)
    # A phone's width as the site takes it, (max-width: 30rem) in app.js.
    assert page.js("matchMedia('(max-width: 30rem)').matches")
    assert page.engine_state() == "ready"
    page.focus("#rating_a")
    line = page.poll(lambda: page.js(
        "(() => { const l = document.querySelector('.key-line'); return l && !l.hidden ? l.textContent : null })()"))
    assert line and page.text('[data-out="new_a"]').strip() in line
