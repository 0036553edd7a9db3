#!/usr/bin/env python3
"""The benchmark: the page against Pyodide's own floor, side by side in one run.

    ./dev bench [--runs 5] [--no-lighthouse] [--profiles 10mbit,1.6mbit|none]
                [--network-runs 2] [--encoding gzip|br] [--quick] [--engines webkit,firefox|none]

Builds the site, serves it on 127.0.0.1 with a bare page that only runs
loadPyodide() from the same vendored files, drives headless Chromium through
Playwright (and WebKit and Firefox for their cold and warm starts), and writes bench/results.json, the full table into bench/README.md and
the targets alone into README.md (each between its markers).

    python bench/run.py --tables-only

writes both tables again from bench/results.json, measuring nothing.
"""

from __future__ import annotations

import argparse
import re
import gzip
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "site_src"), str(ROOT / "tests")]

from conftest import CHROMIUM_ARGS, chromium_path  # noqa: E402
from sitegen.config import SiteConfig  # noqa: E402
from sitegen.pipeline import Builder  # noqa: E402
from sitegen.serve import make_server  # noqa: E402

sys.path.insert(0, str(ROOT / "bench"))
from network import PROFILES, Link, make_shaped_server  # noqa: E402

RESULTS = ROOT / "bench" / "results.json"
README = ROOT / "README.md"
BENCH_README = ROOT / "bench" / "README.md"
READY_TIMEOUT_MS = 120_000

# Read in the page after it is ready: navigation → marks, paints, long tasks.
PAGE_TIMINGS = """async () => {
  const mark = performance.getEntriesByName("engine-ready")[0];
  const paint = performance.getEntriesByName("first-contentful-paint")[0];
  const longTasks = await new Promise((resolve) => {
    const timer = setTimeout(() => resolve([]), 300);
    new PerformanceObserver((list, observer) => {
      clearTimeout(timer); observer.disconnect();
      resolve(list.getEntries().map((entry) => entry.duration));
    }).observe({ type: "longtask", buffered: true });
  });
  return { ready: mark ? mark.startTime : null, fcp: paint ? paint.startTime : null,
           marks: performance.getEntriesByType("mark").filter((m) => m.name.startsWith("engine-"))
             .map((m) => [m.name.slice(7), Math.round(m.startTime)]),
           longest_task: longTasks.length ? Math.max(...longTasks) : 0,
           from_snapshot: document.documentElement.dataset.engineStart === "snapshot" ? 1 : 0 };
}"""

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


# How many responses the site's caches hold (0 for the bare page, which has none).
CACHED = """async () => {
  let total = 0;
  for (const name of await caches.keys()) total += (await (await caches.open(name)).keys()).length;
  return total;
}"""


def _article_paths(lang: str) -> list[str]:
    sys.path.insert(0, str(ROOT / "site_src"))
    from sitegen.config import SiteConfig
    from sitegen.content import load_pages

    return [page.path for page in load_pages(SiteConfig())
            if page.lang == lang and page.template == "article.html"]


ARTICLES_EN = _article_paths("en")
ARTICLES_DE = _article_paths("de")
ARTICLES_DA = _article_paths("da")


def settle(page: Any) -> None:
    """Wait until the service worker has stored what a first visit leaves it to store.

    A real second visit comes later; measuring it while the first one's
    precaching (and the engine's snapshot) still runs would time the two together.
    """
    if page.evaluate("document.documentElement.dataset.engineStart") == "fresh":
        page.locator('html[data-engine-snapshot="stored"]').wait_for(
            state="attached", timeout=READY_TIMEOUT_MS)
    last, steady = -1, 0
    for _ in range(100):
        count = page.evaluate(CACHED)
        steady = steady + 1 if count == last else 0
        if steady >= 3:
            return
        last = count
        page.wait_for_timeout(100)


def median(values: list[float]) -> float:
    return float(statistics.median(values))


class Site:
    """A build of the site plus the bare page, served with a request log."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.log: list[str] = []
        self.httpd = make_server(folder, "127.0.0.1", 0, request_log=self.log)
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()
        self.base = f"http://127.0.0.1:{self.httpd.server_address[1]}/"

    def bytes_of(self, paths: list[str]) -> int:
        total = 0
        for path in paths:
            local = self.folder / path.split("?")[0].lstrip("/")
            if local.is_dir():
                local = local / "index.html"
            if local.is_file():
                total += local.stat().st_size
        return total


class ShapedSite:
    """The same build behind a shaped link (bench/network.py), bytes counted on the wire."""

    def __init__(self, folder: Path, encoding: str) -> None:
        self.link = Link()
        self.httpd = make_shaped_server(folder, self.link, encoding)
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()
        self.base = f"http://127.0.0.1:{self.httpd.server_address[1]}/"


def network_visit(browser: Any, shaped: ShapedSite, url: str, ready: str,
                  before: str | None = None) -> dict[str, float]:
    """A first visit on a fresh profile: time to a ready engine and bytes on the wire.

    With ``before``, that page is opened first and read for 20 s (its background
    prefetch may run); then ``url`` is opened and timed from its own navigation.
    """
    context = browser.new_context()
    page = context.new_page()
    shaped.link.reset()
    if before:
        page.goto(before, wait_until="load", timeout=READY_TIMEOUT_MS)
        page.wait_for_timeout(20_000)
    before_bytes = shaped.link.reset()
    started = time.monotonic()
    page.goto(url, wait_until="commit", timeout=READY_TIMEOUT_MS)
    page.locator(ready).wait_for(state="attached", timeout=READY_TIMEOUT_MS)
    timings = page.evaluate(PAGE_TIMINGS)
    requests = list(shaped.link.requests)
    sent = shaped.link.reset()
    context.close()
    # Where the time went: each response from its request's arrival to its last byte (ms
    # since the navigation began, as the server saw it), and the engine's steps.
    waterfall = [{"path": path, "start": round((arrived - started) * 1000),
                  "end": round((done - started) * 1000), "bytes": size}
                 for path, arrived, done, size in sorted(requests, key=lambda r: r[1])]
    return {"ready": timings["ready"], "bytes": sent, "bytes_before": before_bytes,
            "waterfall": waterfall, "marks": timings["marks"]}


def waterfall_text(visit: dict[str, Any]) -> str:
    """A visit's waterfall as lines of text: each request, then the engine's steps."""
    lines = [f"{row['start']:>7} {row['end']:>7} ms {row['bytes'] / 1000:>8.1f} KB  {row['path']}"
             for row in visit["waterfall"]]
    lines += [f"{at:>7}         ms             {name}" for name, at in visit["marks"]]
    return "\n".join(lines)


def network(browser: Any, shaped: ShapedSite, bare_url: str, profiles: list[str],
            runs: int) -> dict[str, Any]:
    results: dict[str, Any] = {}
    for name in profiles:
        shaped.link.profile = PROFILES[name]
        bare: list[dict[str, float]] = []
        page: list[dict[str, float]] = []
        for _ in range(runs):  # interleaved, as on 127.0.0.1
            bare.append(network_visit(browser, shaped, shaped.base + bare_url,
                                      'html[data-state="ready"]'))
            page.append(network_visit(browser, shaped, shaped.base + "en/",
                                      'html[data-engine="ready"]'))
        row: dict[str, Any] = {
            "profile": PROFILES[name].name, "runs": runs,
            "bare_ready": median([r["ready"] for r in bare]),
            "page_ready": median([r["ready"] for r in page]),
            "bare_bytes": median([r["bytes"] for r in bare]),
            "page_bytes": median([r["bytes"] for r in page]),
        }
        row["ratio"] = row["page_ready"] / row["bare_ready"]
        # The first run's of each, to see where the page's time goes against the floor.
        row["waterfall"] = {"bare": {k: bare[0][k] for k in ("waterfall", "marks")},
                            "page": {k: page[0][k] for k in ("waterfall", "marks")}}
        for kind in ("bare", "page"):
            print(f"\n{PROFILES[name].name}, {kind}:\n{waterfall_text(row['waterfall'][kind])}",
                  flush=True)
        if name == "10mbit":
            later = [network_visit(browser, shaped, shaped.base + "en/", 'html[data-engine="ready"]',
                                   before=shaped.base + "en/elo-formula/") for _ in range(runs)]
            row["article_then_calculator_ready"] = median([r["ready"] for r in later])
            row["article_then_calculator_bytes"] = median([r["bytes"] for r in later])
            row["article_bytes"] = median([r["bytes_before"] for r in later])
        results[name] = row
    shaped.link.profile = None
    return results


def build_times(out: Path) -> dict[str, float]:
    content = Path(tempfile.mkdtemp()) / "content"
    shutil.copytree(ROOT / "content", content)
    builder = Builder(SiteConfig(content_dir=content, out_dir=out, strict=True))
    started = time.perf_counter()
    builder.build()
    full = time.perf_counter() - started
    article = content / "en" / "faq.md"
    article.write_text(article.read_text(encoding="utf-8") + "\nOne more line.\n", encoding="utf-8")
    started = time.perf_counter()
    builder.build(changed={article})
    incremental = time.perf_counter() - started
    Builder(SiteConfig(out_dir=out, strict=True)).build()  # serve the real content
    return {"full_s": full, "incremental_s": incremental}


def load(browser: Any, url: str, ready: str, runs: int) -> dict[str, Any]:
    """Cold (fresh context each run) and warm (second visit in the same context) loads."""
    cold: list[dict[str, float]] = []
    warm: list[dict[str, float]] = []
    for _ in range(runs):
        context = browser.new_context()
        page = context.new_page()
        for bucket in (cold, warm):
            page.goto(url)
            page.locator(ready).wait_for(state="attached", timeout=READY_TIMEOUT_MS)
            bucket.append(page.evaluate(PAGE_TIMINGS))
            settle(page)
        context.close()

    def summary(rows: list[dict[str, float]]) -> dict[str, float | None]:
        values = {key: median([r[key] for r in rows if r[key] is not None]) if any(
            r[key] is not None for r in rows) else None for key in rows[0] if key != "marks"}
        return values | {"longest_task_worst": max(r["longest_task"] for r in rows)}

    return {"cold": summary(cold), "warm": summary(warm), "runs": runs}


# WebKitGTK's bare page compiles the standard library from source in JavaScriptCore: on a
# loaded 2-core machine it took over 2 minutes.
ENGINE_READY_TIMEOUT_S = 300

# The engine's start as the page marks it, in any engine (no long-task observer outside
# Chromium).
ENGINE_MARK = """() => {
  const mark = performance.getEntriesByName("engine-ready")[0];
  return { ready: mark ? mark.startTime : null,
           from_snapshot: document.documentElement.dataset.engineStart === "snapshot" ? 1 : 0 };
}"""
SETTLED = """async () => {
  const root = document.documentElement;
  if (root.dataset.engineStart === "fresh" && root.dataset.engineSnapshot !== "stored") return -1;
  let total = 0;
  for (const name of await caches.keys()) total += (await (await caches.open(name)).keys()).length;
  return total;
}"""


def other_engines(names: list[str], base: str, bare_url: str, runs: int) -> dict[str, Any]:
    """Cold and warm starts in WebKit and Firefox (tests/engines/drivers.py), the bare page and
    the calculator interleaved in each, as in Chromium: a fresh profile, then a second visit
    in it once the first has stored what it stores."""
    sys.path.insert(0, str(ROOT / "tests" / "engines"))
    from drivers import Firefox, WebKit

    kinds = {"bare": (bare_url, "document.documentElement.dataset.state === 'ready'"),
             "page": (base + "en/", "document.documentElement.dataset.engine === 'ready'")}
    results: dict[str, Any] = {}
    for engine_class in [{"webkit": WebKit, "firefox": Firefox}[name] for name in names]:
        engine = engine_class()
        seen: dict[str, dict[str, list[dict[str, float]]]] = {
            kind: {"cold": [], "warm": []} for kind in kinds}
        def visits(url: str, ready: str, kind: str) -> list[dict[str, float]]:
            """A cold visit in a fresh profile and a warm one in the same profile."""
            page = engine.open()
            try:
                marks = []
                for bucket in ("cold", "warm"):
                    page.goto(url)
                    if not page.poll(lambda: page.js(ready), seconds=ENGINE_READY_TIMEOUT_S):
                        raise RuntimeError(f"{engine.version}: {url} did not get ready")
                    marks.append(page.call(ENGINE_MARK))
                    if kind == "page":  # what a first visit stores, stored before the second
                        last = [-2]
                        page.poll(lambda: page.call(SETTLED),
                                  lambda count: count >= 0 and last.append(count) is None
                                  and last[-3:] == [count] * 3, seconds=120)
                return marks
            finally:
                try:
                    page.close()
                except Exception:  # noqa: BLE001 — a browser that died has nothing to close
                    pass

        for _ in range(runs):
            for kind, (url, ready) in kinds.items():
                try:
                    cold, warm = visits(url, ready, kind)
                except Exception as error:  # noqa: BLE001 — once more, said; twice fails the run
                    print(f"{engine.version}: {kind} failed ({error}); once more", flush=True)
                    cold, warm = visits(url, ready, kind)
                seen[kind]["cold"].append(cold)
                seen[kind]["warm"].append(warm)
        row: dict[str, Any] = {"version": engine.version, "runs": runs}
        for kind in kinds:
            for bucket in ("cold", "warm"):
                row[f"{kind}_{bucket}"] = median([r["ready"] for r in seen[kind][bucket]])
        row["page_warm_from_snapshot"] = min(r["from_snapshot"] for r in seen["page"]["warm"])
        row["ratio_cold"] = row["page_cold"] / row["bare_cold"]
        row["ratio_warm"] = row["page_warm"] / row["bare_warm"]
        print(f"{engine.version}: {row}", flush=True)
        results[engine_class.name] = row
        engine.quit()
    return results


def article_longest_task(browser: Any, url: str, runs: int) -> dict[str, float]:
    """The longest main-thread task of a cold load of an article (no calculator): the control.

    A page's first style and layout is one task; this tells how long it is
    without any of the calculator's code.
    """
    longest: list[float] = []
    for _ in range(runs):
        context = browser.new_context()
        page = context.new_page()
        page.goto(url, wait_until="load")
        page.wait_for_timeout(500)
        longest.append(page.evaluate(PAGE_TIMINGS)["longest_task"])
        context.close()
    return {"median": median(longest), "worst": max(longest)}


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


def live_articles(browser: Any, site: Site, paths: list[str]) -> dict[str, Any]:
    """What a reader who only reads downloads (up to the load event), and how soon a live
    example answers its first input: on a first visit after reading for 15 s (the page has
    prepared the snapshot meanwhile), on a cold engine (first visit, input at once), on a
    second visit (files cached, memory snapshot), and with the engine running."""
    loads = {}
    for path in paths:
        context = browser.new_context()
        page = context.new_page()
        page.goto(site.base + path, wait_until="load")
        page.wait_for_timeout(300)
        loads[path] = page.evaluate(LOAD_BYTES)
        context.close()
    # A reader who has read for 15 s first (the page prepares the engine's snapshot meanwhile).
    context = browser.new_context()
    page = context.new_page()
    page.goto(site.base + paths[0], wait_until="load")
    page.wait_for_timeout(15_000)
    after_reading = page.evaluate(FIRST_INPUT, ["1850"])
    context.close()
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


def live_example_longest_task(browser: Any, url: str, runs: int) -> dict[str, float]:
    """The longest main-thread task from a live example's first input until its numbers
    have changed, on a fresh profile (the input starts the engine)."""
    longest: list[float] = []
    for _ in range(runs):
        context = browser.new_context()
        page = context.new_page()
        page.goto(url, wait_until="load")
        page.wait_for_timeout(300)
        page.evaluate(LONG_TASKS)
        page.evaluate(FIRST_INPUT, ["1850"])
        longest.append(page.evaluate(LONGEST))
        context.close()
    return {"median": median(longest), "worst": max(longest)}


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


def tournament_file_longest_task(browser: Any, url: str, runs: int) -> dict[str, float]:
    """The longest main-thread task while the tournament page reads and shows a 500-player,
    11-round file (bench/trf.py), the engine ready; and how long until it is shown."""
    sys.path.insert(0, str(ROOT / "bench"))
    import trf as trf_bench

    text = trf_bench.random_tournament()
    longest: list[float] = []
    shown: list[float] = []
    context = browser.new_context()
    page = context.new_page()
    for _ in range(runs):
        page.goto(url)
        page.locator('html[data-engine="ready"]').wait_for(state="attached", timeout=READY_TIMEOUT_MS)
        page.wait_for_timeout(300)
        page.evaluate(LONG_TASKS)
        shown.append(page.evaluate(LOAD_TRF, [text]))
        longest.append(page.evaluate(LONGEST))
        page.evaluate("localStorage.clear()")  # the next load starts from the example again
    context.close()
    return {"median": median(longest), "worst": max(longest), "shown_ms": median(shown)}


def recompute(browser: Any, url: str) -> dict[str, float]:
    context = browser.new_context()
    page = context.new_page()
    page.goto(url)
    page.locator('html[data-engine="ready"]').wait_for(state="attached", timeout=READY_TIMEOUT_MS)
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


def first_visit_bytes(browser: Any, site: Site, path: str) -> dict[str, int]:
    site.log.clear()
    context = browser.new_context()
    page = context.new_page()
    page.goto(site.base + path)
    page.locator('html[data-engine="ready"]').wait_for(state="attached", timeout=READY_TIMEOUT_MS)
    settle(page)
    snapshot = page.evaluate("""async () => {
      let total = 0;
      const cache = await caches.open("elo-snapshot /");  // named by the site's scope
      for (const request of await cache.keys()) total += (await (await cache.match(request)).blob()).size;
      return total;
    }""")
    context.close()
    requested = list(site.log)
    out = site.folder
    html = sum(p.stat().st_size for p in out.rglob("*.html"))
    own = {
        "html_all_pages": html,
        "html_home": (out / path / "index.html").stat().st_size,
        "css": sum(p.stat().st_size for p in (out / "assets").glob("*.css")),
        "js": sum(p.stat().st_size for p in (out / "assets").glob("*.js")) + (out / "sw.js").stat().st_size,
        "js_all_pages": sum(p.stat().st_size for p in (out / "assets").glob("*.js")),
        "elo_core_wheel": sum(p.stat().st_size for p in out.glob("wheels/*/elo_core-*.whl")),
    }
    # What the home page loads itself: its scripts and their imports (modulepreload), the
    # stylesheet and the service worker; not the modules only other pages use.
    home_html = (out / path / "index.html").read_text(encoding="utf-8")
    loaded = {m.group(1).split("/")[-1] for m in re.finditer(
        r'(?:src|href)="[^"]*/assets/([^"]+\.(?:js|css))"', home_html)}
    home_files = [out / path / "index.html", out / "sw.js",
                  *(f for f in (out / "assets").iterdir() if f.name in loaded)]
    # Modules those import with import(): loaded only when first needed (the key line, at the
    # first focus on a phone), so reported beside the page's own assets, not in them.
    later = {m.group(1) for f in home_files if f.suffix == ".js"
             for m in re.finditer(r'import\(\s*"\./([^"]+\.js)"', f.read_text(encoding="utf-8"))}
    when_needed = sum((out / "assets" / name).stat().st_size for name in later - loaded)
    # What a host that compresses text (as static hosts and CDNs do) sends over the wire.
    gzipped = sum(len(gzip.compress(f.read_bytes(), 9)) for f in home_files)
    return {"first_visit_total": site.bytes_of(requested), "requests": len(requested),
            "snapshot_stored": snapshot,
            "own_assets_home": sum(f.stat().st_size for f in home_files),
            "own_assets_home_gzip": gzipped, "modules_when_needed_home": when_needed, **own}


def league() -> dict[str, float]:
    sys.path.insert(0, str(ROOT / "bench"))
    import league as league_bench

    cpython = league_bench.measure()
    run = subprocess.run(["node", str(ROOT / "bench" / "in_pyodide.mjs"), "--json",
                          "--bench=league"],
                         capture_output=True, text=True, cwd=ROOT, timeout=600, check=True)
    pyodide = json.loads(run.stdout.strip().splitlines()[-1])["seconds"]
    return {"cpython_s": cpython, "pyodide_s": pyodide, "ratio": pyodide / cpython}


def trf() -> dict[str, float]:
    """Reading and rating a 500-player, 11-round TRF (bench/trf.py) in CPython and in Pyodide."""
    sys.path.insert(0, str(ROOT / "bench"))
    import trf as trf_bench

    cpython = trf_bench.measure()
    run = subprocess.run(["node", str(ROOT / "bench" / "in_pyodide.mjs"), "--json",
                          "--bench=trf"],
                         capture_output=True, text=True, cwd=ROOT, timeout=600, check=True)
    pyodide = json.loads(run.stdout.strip().splitlines()[-1])["seconds"]
    return {"cpython_s": cpython, "pyodide_s": pyodide}


def lighthouse(site: Site, paths: list[str]) -> dict[str, dict[str, int]]:
    binary = ROOT / "bench" / "node_modules" / ".bin" / "lighthouse"
    env = {**os.environ, "CHROME_PATH": chromium_path() or ""}
    scores = {}
    for path in paths:
        with tempfile.TemporaryDirectory() as profile:
            run = subprocess.run(
                [str(binary), site.base + path, "--output=json", "--quiet",
                 "--only-categories=performance,accessibility,best-practices,seo",
                 "--chrome-flags=" + " ".join(["--headless=new", *CHROMIUM_ARGS,
                                                f"--user-data-dir={profile}"])],
                capture_output=True, text=True, env=env, timeout=300,
            )
        if run.returncode != 0:
            scores[path] = {"error": run.stderr.strip().splitlines()[-1:] }  # type: ignore[dict-item]
            continue
        report = json.loads(run.stdout)
        scores[path] = {name: round(category["score"] * 100)
                        for name, category in report["categories"].items()}
    return scores


def longest_tasks(median_ms: float, worst_ms: float) -> str:
    """A row's median / worst longest task. The observer sees only tasks over 50 ms, so a
    run without one reads 0: written as "none over 50 ms", never as a 0 ms task."""
    if median_ms == 0 and worst_ms == 0:
        return "none over 50 ms"
    if median_ms == 0:
        return f"none over 50 ms / {worst_ms:.0f} ms"
    return f"{median_ms:.0f} / {worst_ms:.0f} ms"


def table(results: dict[str, Any]) -> list[tuple[str, str, str]]:
    b, a = results["page"], results["bare"]
    rows = [
        ("Ready, cold: bare loadPyodide() (a)", f"{a['cold']['ready']:.0f} ms", ""),
        ("Ready, cold: calculator page (b)", f"{b['cold']['ready']:.0f} ms", ""),
        ("Ratio (b)/(a), cold", f"{results['ratio_cold']:.2f}", "≤ 1.10"),
        ("Ready, warm: bare (a)", f"{a['warm']['ready']:.0f} ms", ""),
        ("Ready, warm: calculator page (b)", f"{b['warm']['ready']:.0f} ms"
         + (" (from the snapshot)" if b["warm"].get("from_snapshot") else ""), ""),
        ("Ratio (b)/(a), warm", f"{results['ratio_warm']:.2f}", "≤ 0.30"),
    ]
    for row in results.get("engines", {}).values():
        snapshot = " (from the snapshot)" if row["page_warm_from_snapshot"] else ""
        rows += [
            (f"{row['version']}, cold: bare (a) / calculator page (b)",
             f"{row['bare_cold']:.0f} / {row['page_cold']:.0f} ms, ratio {row['ratio_cold']:.2f}", ""),
            (f"{row['version']}, warm: bare (a) / calculator page (b)",
             f"{row['bare_warm']:.0f} / {row['page_warm']:.0f} ms{snapshot}, ratio {row['ratio_warm']:.2f}", ""),
        ]
    rows += [
        ("First paint with correct numbers, cold", f"{b['cold']['fcp']:.0f} ms", "pre-rendered"),
        ("Longest main-thread task during a cold load (median / worst)",
         longest_tasks(b['cold']['longest_task'], b['cold']['longest_task_worst']), "≤ 50 ms"),
        ("… the same on an article, engine not started (control)",
         longest_tasks(results['article_longest_task']['median'], results['article_longest_task']['worst']), ""),
    ]
    if "live_longest_task" in results:
        live = results["live_longest_task"]
        rows.append(("Longest main-thread task, a live example's first answer (median / worst)",
                     longest_tasks(live['median'], live['worst']), "≤ 50 ms"))
    if "trf_longest_task" in results:
        trf_page = results["trf_longest_task"]
        rows.append(("Longest main-thread task, a 500-player TRF file on the tournament page "
                     "(median / worst)", longest_tasks(trf_page['median'], trf_page['worst'])
                     + f" (shown after {trf_page['shown_ms'] / 1000:.2f} s)", "≤ 50 ms"))
    rows += [
        ("Article, first visit up to its load event (largest of the English articles)",
         f"{results['live']['largest_before_load'] / 1e3:.1f} KB", "≤ 150 KB"),
        ("Live example, first input → numbers: cold engine / second visit / running",
         f"{results['live']['first_input_cold_ms'] / 1000:.2f} s / "
         f"{results['live']['first_input_second_visit_ms'] / 1000:.2f} s / "
         f"{results['live']['first_input_running_ms']:.0f} ms", ""),
        ("Live example, first input → numbers, after reading the article for 15 s (first visit)",
         f"{results['live']['first_input_after_reading_ms'] / 1000:.2f} s", "≤ 1.5 s"),
        ("Recompute, one game", f"{results['recompute']['single_ms']:.1f} ms", "≤ 3 ms"),
        ("Recompute, 100-game tournament", f"{results['recompute']['tournament_100_ms']:.1f} ms", "≤ 5 ms"),
        ("League 100 000 games, CPython", f"{results['league']['cpython_s']:.3f} s", ""),
        ("League 100 000 games, Pyodide (Node)", f"{results['league']['pyodide_s']:.3f} s", ""),
        ("League ratio Pyodide/CPython", f"{results['league']['ratio']:.2f}", "≤ 2"),
        ("TRF 500 players × 11 rounds, read and rated, CPython",
         f"{results['trf']['cpython_s']:.3f} s", "< 0.5 s"),
        ("TRF 500 players × 11 rounds, read and rated, Pyodide (Node)",
         f"{results['trf']['pyodide_s']:.3f} s", "< 1 s"),
        ("First visit downloads", f"{results['bytes']['first_visit_total'] / 1e6:.2f} MB", ""),
        ("Engine snapshot kept on the device (its non-empty pages)", f"{results['bytes']['snapshot_stored'] / 1e6:.2f} MB", ""),
        ("Own assets of the home page (HTML, CSS, JS; minified)", f"{results['bytes']['own_assets_home'] / 1e3:.1f} KB", "≤ 70 KB"),
        ("… the same, gzip-compressed as hosts send them", f"{results['bytes']['own_assets_home_gzip'] / 1e3:.1f} KB", ""),
        ("… and modules it loads only when first needed (the key line on a phone)",
         f"{results['bytes'].get('modules_when_needed_home', 0) / 1e3:.1f} KB", ""),
        ("The elo_core wheel (loaded with the engine)", f"{results['bytes']['elo_core_wheel'] / 1e3:.1f} KB", ""),
        ("Full build", f"{results['build']['full_s']:.2f} s", ""),
        ("Rebuild after editing one article", f"{results['build']['incremental_s']:.2f} s", ""),
    ]
    scale = results.get("scale", {}).get("sizes", [])
    for row in scale:
        # The targets are for about 600 pages: the largest size carries them.
        largest = row is scale[-1] and row["pages"] >= 600
        processes = f", {row['processes']} processes" if row.get("processes", 1) > 1 else ""
        rows.append((f"Scale, {row['pages']} pages: full build per page",
                     f"{row['full_ms_per_page']:.1f} ms ({row['full_s']:.1f} s{processes})",
                     "≤ 20 ms" if largest else ""))
        if "kept_ms_per_page" in row:
            rows.append((f"Scale, {row['pages']} pages: full build again, articles kept by the first",
                         f"{row['kept_ms_per_page']:.1f} ms ({row['kept_s']:.1f} s)", ""))
        rows.append((f"Scale, {row['pages']} pages: peak memory of the build",
                     f"{row['peak_mb']:.0f} MB", "≤ 500 MB" if largest else ""))
        rows.append((f"Scale, {row['pages']} pages: rebuild after a one-line edit",
                     f"{row['rebuild_ms']:.0f} ms", "≤ 300 ms" if largest else ""))
    for name, row in results.get("network", {}).items():
        wire = f"{row['page_bytes'] / 1e6:.2f} / {row['bare_bytes'] / 1e6:.2f} MB"
        rows.append((f"First visit, {row['profile']}: page / bare ready",
                     f"{row['page_ready'] / 1000:.1f} / {row['bare_ready'] / 1000:.1f} s ({wire} on the wire, "
                     f"{results.get('network_encoding', 'gzip')})", ""))
        rows.append((f"Ratio page/bare, {row['profile']}", f"{row['ratio']:.2f}",
                     "≤ 0.85" if name == "10mbit" else "≤ 0.75"))
        if "article_then_calculator_ready" in row:
            rows.append((f"Article, then the calculator 20 s later, {row['profile']}",
                         f"{row['article_then_calculator_ready'] / 1000:.2f} s "
                         f"({row['article_then_calculator_bytes'] / 1e6:.2f} MB after opening it)", "≤ 1.5 s"))
    for path, scores in results.get("lighthouse", {}).items():
        text = " / ".join(f"{v}" for v in scores.values()) if "error" not in scores else "failed"
        rows.append((f"Lighthouse /{path} (perf / a11y / best practices / SEO)", text, "≥ 95 each"))
    return rows


_NUMBER = re.compile(r"\d+(?:\.\d+)?")


def verdict(value: str, target: str) -> str:
    """"met" or "**missed**" for a target such as "≤ 5 ms" or "≥ 95 each"; "" without one.

    The value's first number is compared (the median where a row gives median / worst);
    "each" compares every number in the value.
    """
    match = re.match(r"([≤≥<])\s*(\d+(?:\.\d+)?)", target)
    if not match:
        return ""
    sign, limit = match.group(1), float(match.group(2))
    numbers = [float(n) for n in _NUMBER.findall(value)]
    if not numbers:
        return "**missed**"
    checked = numbers if target.endswith("each") else numbers[:1]
    ok = {"≤": lambda x: x <= limit, "≥": lambda x: x >= limit, "<": lambda x: x < limit}[sign]
    return "met" if all(ok(x) for x in checked) else "**missed**"


def markdown(rows: list[tuple[str, str, str]]) -> str:
    width = max(len(r[0]) for r in rows)
    lines = [f"| {'measure'.ljust(width)} | value | target | |",
             f"|{'-' * (width + 2)}|---|---|---|"]
    lines += [f"| {name.ljust(width)} | {value} | {target} | {verdict(value, target)} |"
              for name, value, target in rows]
    return "\n".join(lines)


def summary(rows: list[tuple[str, str, str]]) -> list[tuple[str, str, str]]:
    """The rows with a target, Lighthouse folded into its lowest score per category."""
    kept = [row for row in rows if verdict(row[1], row[2]) and not row[0].startswith("Lighthouse")]
    scores = [row[1] for row in rows if row[0].startswith("Lighthouse") and row[1] != "failed"]
    if scores:
        lowest = [min(int(s.split(" / ")[i]) for s in scores) for i in range(4)]
        kept.append((f"Lighthouse, lowest of {len(scores)} pages (perf / a11y / best practices / SEO)",
                     " / ".join(map(str, lowest)), "≥ 95 each"))
    return kept


def write_tables(results: dict[str, Any]) -> str:
    """The full table into bench/README.md, the targets into README.md; returns the full one."""
    rows = table(results)
    full = markdown(rows)
    for path, text in ((BENCH_README, full), (README, markdown(summary(rows)))):
        page = path.read_text(encoding="utf-8")
        start, end = "<!-- bench:start -->", "<!-- bench:end -->"
        if start in page and end in page:
            before, rest = page.split(start, 1)
            path.write_text(before + start + "\n" + text + "\n" + end + rest.split(end, 1)[1],
                            encoding="utf-8")
    return full


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--no-lighthouse", action="store_true")
    parser.add_argument("--profiles", default="10mbit,1.6mbit",
                        help=f"network profiles, comma-separated ({', '.join(PROFILES)}) or none")
    parser.add_argument("--network-runs", type=int, default=2)
    parser.add_argument("--encoding", choices=["gzip", "br"], default="gzip",
                        help="how the shaped server compresses (br needs the brotli package)")
    parser.add_argument("--quick", action="store_true",
                        help="fewer loads: 3 on 127.0.0.1 and 1 per network profile")
    parser.add_argument("--scale", default="42,186,636",
                        help="page counts for the build's scale run (bench/scale.py), or none")
    parser.add_argument("--engines", default="webkit,firefox",
                        help="other engines whose cold and warm starts are measured too, or none")
    parser.add_argument("--tables-only", action="store_true",
                        help="write the tables again from bench/results.json; measure nothing")
    args = parser.parse_args()
    if args.tables_only:
        print(write_tables(json.loads(RESULTS.read_text(encoding="utf-8"))))
        return 0
    if args.quick:
        args.runs, args.network_runs = 3, 1
    profiles = [] if args.profiles == "none" else args.profiles.split(",")
    from playwright.sync_api import sync_playwright

    work = Path(tempfile.mkdtemp(prefix="elo-bench-"))
    out = work / "dist"
    results: dict[str, Any] = {"build": build_times(out)}
    if args.scale != "none":
        import scale

        results["scale"] = scale.run([int(n) for n in args.scale.split(",")], profile_at=None)
    shutil.copytree(ROOT / "bench" / "bare", out / "bench-bare")
    runtime = next((out / "pyodide").iterdir()).name
    site = Site(out)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        bare_url = f"{site.base}bench-bare/?runtime=../pyodide/{runtime}/"
        # Interleave the two so machine noise hits both alike.
        bare_runs, page_runs = [], []
        for _ in range(args.runs):
            bare_runs.append(load(browser, bare_url, 'html[data-state="ready"]', 1))
            page_runs.append(load(browser, site.base + "en/", 'html[data-engine="ready"]', 1))

        def merge(runs: list[dict[str, Any]]) -> dict[str, Any]:
            def pick(key: str) -> Any:
                return max if key.endswith("_worst") else median
            return {kind: {key: pick(key)([r[kind][key] for r in runs]) for key in runs[0][kind]}
                    for kind in ("cold", "warm")} | {"runs": len(runs)}

        results["bare"], results["page"] = merge(bare_runs), merge(page_runs)
        results["ratio_cold"] = results["page"]["cold"]["ready"] / results["bare"]["cold"]["ready"]
        results["ratio_warm"] = results["page"]["warm"]["ready"] / results["bare"]["warm"]["ready"]
        if args.engines != "none":
            results["engines"] = other_engines(args.engines.split(","), site.base, bare_url, args.runs)
        results["article_longest_task"] = article_longest_task(
            browser, site.base + "en/elo-formula/", args.runs)
        results["live_longest_task"] = live_example_longest_task(
            browser, site.base + "en/elo-formula/", args.runs)
        results["trf_longest_task"] = tournament_file_longest_task(
            browser, site.base + "en/tournament/", args.runs)
        results["recompute"] = recompute(browser, site.base + "en/")
        results["live"] = live_articles(browser, site, ARTICLES_EN)
        results["bytes"] = first_visit_bytes(browser, site, "en/")
        if profiles:
            shaped = ShapedSite(out, args.encoding)
            results["network"] = network(browser, shaped, f"bench-bare/?runtime=../pyodide/{runtime}/",
                                         profiles, args.network_runs)
            results["network_encoding"] = args.encoding
            shaped.httpd.shutdown()
        browser.close()
    results["league"] = league()
    results["trf"] = trf()
    if not args.no_lighthouse:
        # Home and a tool page per language, and every article (each has live examples).
        results["lighthouse"] = lighthouse(site, ["en/", "de/", "da/", "en/club-league/",
                                                  "de/fide-rechner/", "da/klubliga/",
                                                  *ARTICLES_EN, *ARTICLES_DE, *ARTICLES_DA])
    site.httpd.shutdown()
    shutil.rmtree(work, ignore_errors=True)

    results["machine"] = {"cores": os.cpu_count(), "python": sys.version.split()[0]}
    RESULTS.write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
    print(write_tables(results))
    return 0


if __name__ == "__main__":
    sys.exit(main())
