"""Long main-thread tasks and answer times in Chromium: an article, a live example, the
tournament page reading a large file, and the calculator recomputing as someone types."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import trf as trf_bench
from page_loads import PAGE_TIMINGS, Site, median, open_ready, settle

T = TypeVar("T")

# Input event → the section's "results" event (app.js fires it after filling the outputs),
# one frame apart.
RECOMPUTE = """async ([selector, values]) => {
  const field = document.querySelector(selector);
  const section = field.closest("section[data-mode]");
  const times = [];
  for (const value of values) {
    // As when someone types: the previous answer has been painted before the next key.
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    const done = new Promise((resolve) => section.addEventListener("results", resolve, { once: true }));
    const start = performance.now();
    field.value = value;
    field.dispatchEvent(new Event("input", { bubbles: true }));
    await done;
    times.push(performance.now() - start);
  }
  return times;
}"""

# Bytes a page's own requests took up to its load event, and after it (a background fetch).
LOAD_BYTES = """() => {
  const navigation = performance.getEntriesByType("navigation")[0];
  const loaded = navigation.loadEventEnd;
  let before = navigation.transferSize || navigation.encodedBodySize, after = 0;
  for (const entry of performance.getEntriesByType("resource")) {
    const size = entry.transferSize || entry.encodedBodySize;
    if (entry.responseEnd <= loaded) before += size; else after += size;
  }
  return { before, after };
}"""

# The first input into a live example → its numbers updated (the answer shown).
FIRST_INPUT = """async ([value]) => {
  const example = document.querySelector("main [data-live]");
  const field = example.querySelector("input[type=text]");
  example.dataset.computeMicros = "waiting";
  const start = performance.now();
  field.focus();
  field.value = value;
  field.dispatchEvent(new Event("input", { bubbles: true }));
  while (example.dataset.computeMicros === "waiting") await new Promise((r) => setTimeout(r, 5));
  return performance.now() - start;
}"""

# Long main-thread tasks from now on: start() before an action, longest() after it (the
# longest task's duration in ms, 0 without one).
LONG_TASKS = """() => {
  const seen = [];
  window.__longTasks = seen;
  new PerformanceObserver((list) => seen.push(...list.getEntries().map((e) => e.duration)))
    .observe({ type: "longtask" });
}"""
LONGEST = """async () => {
  // A task still running when asked is reported once it ends: wait a frame and a task.
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50)));
  return window.__longTasks.length ? Math.max(...window.__longTasks) : 0;
}"""

# The tournament page reads a pasted file: the text goes into the field as a dropped or
# chosen file's does (one input event), and the answer is the section's "results" event.
LOAD_TRF = """async ([text]) => {
  const field = document.querySelector("#trf_text");
  const section = field.closest("section[data-mode]");
  const done = new Promise((resolve) => section.addEventListener("results", resolve, { once: true }));
  const start = performance.now();
  field.value = text;
  field.dispatchEvent(new Event("input", { bubbles: true }));
  await done;
  return performance.now() - start;
}"""


def fresh_visit(browser: Any, url: str, wait_ms: int, measure: Callable[[Any], T]) -> T:
    """``measure(page)`` on ``url`` in a fresh profile, ``wait_ms`` after its load event."""
    context = browser.new_context()
    page = context.new_page()
    page.goto(url, wait_until="load")
    page.wait_for_timeout(wait_ms)
    measured = measure(page)
    context.close()
    return measured


def median_and_worst(values: list[float]) -> dict[str, float]:
    return {"median": median(values), "worst": max(values)}


def article_longest_task(browser: Any, url: str, runs: int) -> dict[str, float]:
    """The longest main-thread task of a cold load of an article (no calculator): the control.

    A page's first style and layout is one task; this tells how long it is
    without any of the calculator's code.
    """
    return median_and_worst([
        fresh_visit(browser, url, 500, lambda page: page.evaluate(PAGE_TIMINGS)["longest_task"])
        for _ in range(runs)])


def _longest_task_of_first_input(page: Any) -> float:
    page.evaluate(LONG_TASKS)
    page.evaluate(FIRST_INPUT, ["1850"])
    return float(page.evaluate(LONGEST))


def live_example_longest_task(browser: Any, url: str, runs: int) -> dict[str, float]:
    """The longest main-thread task from a live example's first input until its numbers
    have changed, on a fresh profile (the input starts the engine)."""
    return median_and_worst([fresh_visit(browser, url, 300, _longest_task_of_first_input)
                             for _ in range(runs)])


def tournament_file_longest_task(browser: Any, url: str, runs: int) -> dict[str, float]:
    """The longest main-thread task while the tournament page reads and shows a 500-player,
    11-round file (bench/trf.py), the engine ready; and how long until it is shown."""
    text = trf_bench.random_tournament()
    longest: list[float] = []
    shown: list[float] = []
    context = browser.new_context()
    page = context.new_page()
    for _ in range(runs):
        open_ready(page, url)
        page.wait_for_timeout(300)
        page.evaluate(LONG_TASKS)
        shown.append(page.evaluate(LOAD_TRF, [text]))
        longest.append(page.evaluate(LONGEST))
        page.evaluate("localStorage.clear()")  # the next load starts from the example again
    context.close()
    return median_and_worst(longest) | {"shown_ms": median(shown)}


def recompute(browser: Any, url: str) -> dict[str, float]:
    context = browser.new_context()
    page = context.new_page()
    open_ready(page, url)
    values = [str(1500 + i) for i in range(30)]
    single = page.evaluate(RECOMPUTE, ['[name="rating_a"]', values])
    games = "\n".join(f"{1400 + (i * 37) % 600} | {(1, 0.5, 0)[i % 3]}" for i in range(100))
    page.fill('[name="games"]', games)
    page.wait_for_timeout(300)
    tournament = page.evaluate(RECOMPUTE, ['[name="rating_a"]', values])
    micros = page.evaluate(
        "Number(document.querySelector('section[data-mode=elo]').dataset.computeMicros)")
    context.close()
    return {"single_ms": median(single[5:]), "tournament_100_ms": median(tournament[5:]),
            "tournament_100_python_ms": micros / 1000}


def live_articles(browser: Any, site: Site, paths: list[str]) -> dict[str, Any]:
    """What a reader who only reads downloads (up to the load event), and how soon a live
    example answers its first input: on a first visit after reading for 15 s (the page has
    prepared the snapshot meanwhile), on a cold engine (first visit, input at once), on a
    second visit (files cached, memory snapshot), and with the engine running."""
    loads = {path: fresh_visit(browser, site.base + path, 300,
                               lambda page: page.evaluate(LOAD_BYTES)) for path in paths}
    # A reader who has read for 15 s first (the page prepares the engine's snapshot meanwhile).
    after_reading = fresh_visit(browser, site.base + paths[0], 15_000,
                                lambda page: page.evaluate(FIRST_INPUT, ["1850"]))
    context = browser.new_context()
    page = context.new_page()
    page.goto(site.base + paths[0], wait_until="load")
    cold = page.evaluate(FIRST_INPUT, ["1850"])
    settle(page)
    page.goto(site.base + paths[0], wait_until="load")
    second = page.evaluate(FIRST_INPUT, ["1850"])
    running = page.evaluate(FIRST_INPUT, ["1950"])
    context.close()
    return {"load_bytes": loads, "largest_before_load": max(v["before"] for v in loads.values()),
            "first_input_cold_ms": cold, "first_input_second_visit_ms": second,
            "first_input_after_reading_ms": after_reading,
            "first_input_running_ms": running}
