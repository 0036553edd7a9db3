"""First visits over a shaped link (bench/network.py): the page against the bare page."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from network import PROFILES, Link, make_shaped_server
from page_loads import BARE_READY, ENGINE_READY, PAGE_TIMINGS, READY_TIMEOUT_MS, in_background, median


class ShapedSite:
    """The same build behind a shaped link (bench/network.py), bytes counted on the wire."""

    def __init__(self, folder: Path, encoding: str) -> None:
        self.link = Link()
        self.httpd = make_shaped_server(folder, self.link, encoding)
        self.base = in_background(self.httpd)


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


def median_of(visits: list[dict[str, Any]], key: str) -> float:
    return median([visit[key] for visit in visits])


def network(browser: Any, shaped: ShapedSite, bare_url: str, profiles: list[str],
            runs: int) -> dict[str, Any]:
    results: dict[str, Any] = {}
    for name in profiles:
        shaped.link.profile = PROFILES[name]
        bare: list[dict[str, float]] = []
        page: list[dict[str, float]] = []
        for _ in range(runs):  # interleaved, as on 127.0.0.1
            bare.append(network_visit(browser, shaped, shaped.base + bare_url, BARE_READY))
            page.append(network_visit(browser, shaped, shaped.base + "en/", ENGINE_READY))
        row: dict[str, Any] = {"profile": PROFILES[name].name, "runs": runs}
        for measure in ("ready", "bytes"):
            row[f"bare_{measure}"] = median_of(bare, measure)
            row[f"page_{measure}"] = median_of(page, measure)
        row["ratio"] = row["page_ready"] / row["bare_ready"]
        # The first run's of each, to see where the page's time goes against the floor.
        row["waterfall"] = {"bare": {k: bare[0][k] for k in ("waterfall", "marks")},
                            "page": {k: page[0][k] for k in ("waterfall", "marks")}}
        for kind in ("bare", "page"):
            print(f"\n{PROFILES[name].name}, {kind}:\n{waterfall_text(row['waterfall'][kind])}",
                  flush=True)
        if name == "10mbit":
            later = [network_visit(browser, shaped, shaped.base + "en/", ENGINE_READY,
                                   before=shaped.base + "en/elo-formula/") for _ in range(runs)]
            row["article_then_calculator_ready"] = median_of(later, "ready")
            row["article_then_calculator_bytes"] = median_of(later, "bytes")
            row["article_bytes"] = median_of(later, "bytes_before")
        results[name] = row
    shaped.link.profile = None
    return results
