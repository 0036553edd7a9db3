"""Cold and warm starts in WebKit and Firefox, against the bare page in the same engine."""

from __future__ import annotations

from typing import Any

from drivers import Firefox, WebKit
from page_loads import median

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


def visits(engine: Any, url: str, ready: str, kind: str) -> list[dict[str, float]]:
    """A cold visit in a fresh profile and a warm one in the same profile."""
    page = engine.open()
    try:
        marks = []
        for _ in ("cold", "warm"):
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


def other_engines(names: list[str], base: str, bare_url: str, runs: int) -> dict[str, Any]:
    """Cold and warm starts in WebKit and Firefox (tests/engines/drivers.py), the bare page and
    the calculator interleaved in each, as in Chromium: a fresh profile, then a second visit
    in it once the first has stored what it stores."""
    kinds = {"bare": (bare_url, "document.documentElement.dataset.state === 'ready'"),
             "page": (base + "en/", "document.documentElement.dataset.engine === 'ready'")}
    results: dict[str, Any] = {}
    for engine_class in [{"webkit": WebKit, "firefox": Firefox}[name] for name in names]:
        engine = engine_class()
        seen: dict[str, dict[str, list[dict[str, float]]]] = {
            kind: {"cold": [], "warm": []} for kind in kinds}
        for _ in range(runs):
            for kind, (url, ready) in kinds.items():
                try:
                    cold, warm = visits(engine, url, ready, kind)
                except Exception as error:  # noqa: BLE001 — once more, said; twice fails the run
                    print(f"{engine.version}: {kind} failed ({error}); once more", flush=True)
                    cold, warm = visits(engine, url, ready, kind)
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
