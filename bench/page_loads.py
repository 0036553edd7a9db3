"""The calculator's start in Chromium, and what a first visit downloads.

The pieces the other measurements share live here too: the site served with a request
log (:class:`Site`), the timings read from a page once it is ready, and :func:`settle`.
"""

from __future__ import annotations

import gzip
import re
import statistics
import threading
from pathlib import Path
from typing import Any

from sitegen.serve import make_server

READY_TIMEOUT_MS = 120_000
ENGINE_READY = 'html[data-engine="ready"]'
BARE_READY = 'html[data-state="ready"]'

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

# How many responses the site's caches hold (0 for the bare page, which has none).
CACHED = """async () => {
  let total = 0;
  for (const name of await caches.keys()) total += (await (await caches.open(name)).keys()).length;
  return total;
}"""


def median(values: list[float]) -> float:
    return float(statistics.median(values))


def in_background(httpd: Any) -> str:
    """Serve with ``httpd`` in a thread of its own; return its base address."""
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{httpd.server_address[1]}/"


class Site:
    """A build of the site plus the bare page, served with a request log."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.log: list[str] = []
        self.httpd = make_server(folder, "127.0.0.1", 0, request_log=self.log)
        self.base = in_background(self.httpd)

    def bytes_of(self, paths: list[str]) -> int:
        total = 0
        for path in paths:
            local = self.folder / path.split("?")[0].lstrip("/")
            if local.is_dir():
                local = local / "index.html"
            if local.is_file():
                total += local.stat().st_size
        return total


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


def open_ready(page: Any, url: str, ready: str = ENGINE_READY) -> None:
    """Go to ``url`` and wait until ``ready`` (a selector; by default, its engine is ready)."""
    page.goto(url)
    page.locator(ready).wait_for(state="attached", timeout=READY_TIMEOUT_MS)


def load(browser: Any, url: str, ready: str, runs: int) -> dict[str, Any]:
    """Cold (fresh context each run) and warm (second visit in the same context) loads."""
    cold: list[dict[str, float]] = []
    warm: list[dict[str, float]] = []
    for _ in range(runs):
        context = browser.new_context()
        page = context.new_page()
        for bucket in (cold, warm):
            open_ready(page, url, ready)
            bucket.append(page.evaluate(PAGE_TIMINGS))
            settle(page)
        context.close()

    def summary(rows: list[dict[str, float]]) -> dict[str, float | None]:
        values = {key: median([r[key] for r in rows if r[key] is not None]) if any(
            r[key] is not None for r in rows) else None for key in rows[0] if key != "marks"}
        return values | {"longest_task_worst": max(r["longest_task"] for r in rows)}

    return {"cold": summary(cold), "warm": summary(warm), "runs": runs}


def first_visit_bytes(browser: Any, site: Site, path: str) -> dict[str, int]:
    site.log.clear()
    context = browser.new_context()
    page = context.new_page()
    open_ready(page, site.base + path)
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
