#!/usr/bin/env python3
"""The recompute benchmark alone: input on ``rating_a`` → the home page's numbers updated.

    .venv/bin/python bench/recompute.py [--repeats 5] [--breakdown] [--dist DIR]

Builds the site into a temp folder as ``bench/run.py`` does, serves it, and runs
``bench/run.py``'s :func:`recompute` (one game, then 100 games typed into the
``games`` field) ``--repeats`` times, each in a fresh browser context; prints the
medians of single_ms, tournament_100_ms and the worker's Python time for the 100 games.

``--breakdown`` also times, in the page, where each 100-game recompute goes (medians of
25): from the input event to the request posted to the worker (the page's own
handlers), from there to the worker's answer arriving (the round trip: Python as the
worker times it, and the rest — the messages both ways, JSON, waiting) and from its
arrival to the "results" event (reading the answer and filling the page). ``--dist``
measures a site built before (e.g. from another commit) instead of building this one.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from run import (  # noqa: E402
    CHROMIUM_ARGS, READY_TIMEOUT_MS, RECOMPUTE, Site, chromium_path, median, recompute,
)
from sitegen.config import SiteConfig  # noqa: E402
from sitegen.pipeline import Builder  # noqa: E402


# Before the page's scripts: note when a compute request is posted to the worker and when
# its answer arrives on the page (before the page's own handler runs).
MARKS = """(() => {
  const marks = (self.__recompute = { posted: [], arrived: [] });
  const post = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function (message, ...rest) {
    if (message?.type === "compute") marks.posted.push(performance.now());
    return post.call(this, message, ...rest);
  };
  const listen = Worker.prototype.addEventListener;
  Worker.prototype.addEventListener = function (type, handler, ...rest) {
    if (type !== "message") return listen.call(this, type, handler, ...rest);
    return listen.call(this, type, (event) => {
      if (event.data?.type === "result") marks.arrived.push(performance.now());
      return handler(event);
    }, ...rest);
  };
})();"""

# RECOMPUTE with the marks: each recompute as [input → posted, posted → arrived, arrived → shown].
PARTS = RECOMPUTE.replace("const times = [];", "const times = []; const marks = self.__recompute;").replace(
    "times.push(performance.now() - start);",
    "const end = performance.now(); const posted = marks.posted.at(-1), arrived = marks.arrived.at(-1);"
    " times.push([posted - start, arrived - posted, end - arrived,"
    " Number(section.dataset.computeMicros) / 1000]);")


def breakdown(browser: Any, url: str) -> dict[str, float]:
    """Medians of the three parts of a 100-game recompute (see the module's docstring)."""
    context = browser.new_context()
    context.add_init_script(MARKS)
    page = context.new_page()
    page.goto(url)
    page.locator('html[data-engine="ready"]').wait_for(state="attached", timeout=READY_TIMEOUT_MS)
    games = "\n".join(f"{1400 + (i * 37) % 600} | {(1, 0.5, 0)[i % 3]}" for i in range(100))
    page.fill('[name="games"]', games)
    page.wait_for_timeout(300)
    parts = page.evaluate(PARTS, ['[name="rating_a"]', [str(1500 + i) for i in range(30)]])[5:]
    context.close()
    return {"page_before_post_ms": median([p[0] for p in parts]),
            "worker_round_trip_ms": median([p[1] for p in parts]),
            "python_ms": median([p[3] for p in parts]),
            "worker_rest_ms": median([p[1] - p[3] for p in parts]),
            "page_render_ms": median([p[2] for p in parts])}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--breakdown", action="store_true",
                        help="also time the parts of a 100-game recompute in the page")
    parser.add_argument("--dist", type=Path, action="append",
                        help="a site built before: measure it, build nothing; given more than "
                             "once, the sites are measured in turn, repeat by repeat")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    work = Path(tempfile.mkdtemp(prefix="elo-recompute-"))
    folders = args.dist or [work / "dist"]
    if not args.dist:
        Builder(SiteConfig(out_dir=folders[0], strict=True)).build()
    sites = [Site(folder) for folder in folders]
    runs: dict[Path, list[dict[str, float]]] = {folder: [] for folder in folders}
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
            for index in range(args.repeats):
                for site in sites:
                    row = recompute(browser, site.base + "en/")
                    if args.breakdown:
                        row |= breakdown(browser, site.base + "en/")
                    runs[site.folder].append(row)
                    print(f"run {index + 1} {site.folder}: "
                          + ", ".join(f"{k} {v:.2f}" for k, v in row.items()), flush=True)
            browser.close()
    finally:
        for site in sites:
            site.httpd.shutdown()
        shutil.rmtree(work, ignore_errors=True)
    for folder, rows in runs.items():
        print(f"{folder}:")
        for key in rows[0]:
            values = [row[key] for row in rows]
            print(f"  {key}: {statistics.median(values):.2f} (median of {len(values)};"
                  f" min {min(values):.2f}, max {max(values):.2f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
