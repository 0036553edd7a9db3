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

The measurements live beside this file, one module each: page_loads (the engine's start,
a first visit's bytes), page_tasks (long tasks, recomputes, live examples),
other_engines (WebKit, Firefox), network_visits (shaped links), and report (the tables).
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "bench"), str(ROOT), str(ROOT / "site_src"), str(ROOT / "tests")]

from conftest import CHROMIUM_ARGS, chromium_path  # noqa: E402
from network import PROFILES  # noqa: E402
from sitegen.config import SiteConfig  # noqa: E402
from sitegen.content import load_pages  # noqa: E402
from sitegen.pipeline import Builder  # noqa: E402

import page_tasks  # noqa: E402
from page_loads import BARE_READY, ENGINE_READY, Site, first_visit_bytes, load, median  # noqa: E402
from report import write_tables  # noqa: E402

RESULTS = ROOT / "bench" / "results.json"


def _article_paths(lang: str) -> list[str]:
    return [page.path for page in load_pages(SiteConfig())
            if page.lang == lang and page.template == "article.html"]


ARTICLES_EN = _article_paths("en")
ARTICLES_DE = _article_paths("de")
ARTICLES_DA = _article_paths("da")


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


def cpython_and_pyodide(name: str) -> dict[str, float]:
    """Seconds of bench/<name>.py's work in CPython, and in Pyodide under Node."""
    bench = importlib.import_module(name)
    cpython = bench.measure()
    run = subprocess.run(["node", str(ROOT / "bench" / "in_pyodide.mjs"), "--json",
                          f"--bench={name}"],
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


def bare_and_page(browser: Any, site: Site, bare_url: str, runs: int) -> dict[str, Any]:
    """The bare page's and the calculator's cold and warm starts, interleaved so that machine
    noise hits both alike, and the ratios between them."""
    bare_runs, page_runs = [], []
    for _ in range(runs):
        bare_runs.append(load(browser, bare_url, BARE_READY, 1))
        page_runs.append(load(browser, site.base + "en/", ENGINE_READY, 1))

    def merge(runs: list[dict[str, Any]]) -> dict[str, Any]:
        def pick(key: str) -> Any:
            return max if key.endswith("_worst") else median
        return {kind: {key: pick(key)([r[kind][key] for r in runs]) for key in runs[0][kind]}
                for kind in ("cold", "warm")} | {"runs": len(runs)}

    bare, page = merge(bare_runs), merge(page_runs)
    return {"bare": bare, "page": page,
            "ratio_cold": page["cold"]["ready"] / bare["cold"]["ready"],
            "ratio_warm": page["warm"]["ready"] / bare["warm"]["ready"]}


def in_browsers(args: argparse.Namespace, site: Site, out: Path) -> dict[str, Any]:
    """Everything measured in a browser: Chromium, and the other engines asked for."""
    from playwright.sync_api import sync_playwright

    runtime = next((out / "pyodide").iterdir()).name
    bare_path = f"bench-bare/?runtime=../pyodide/{runtime}/"
    profiles = [] if args.profiles == "none" else args.profiles.split(",")
    results: dict[str, Any] = {}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        results |= bare_and_page(browser, site, site.base + bare_path, args.runs)
        if args.engines != "none":
            sys.path.insert(0, str(ROOT / "tests" / "engines"))
            from other_engines import other_engines

            results["engines"] = other_engines(
                args.engines.split(","), site.base, site.base + bare_path, args.runs)
        article = site.base + "en/elo-formula/"
        results["article_longest_task"] = page_tasks.article_longest_task(browser, article, args.runs)
        results["live_longest_task"] = page_tasks.live_example_longest_task(
            browser, article, args.runs)
        results["trf_longest_task"] = page_tasks.tournament_file_longest_task(
            browser, site.base + "en/tournament/", args.runs)
        results["recompute"] = page_tasks.recompute(browser, site.base + "en/")
        results["live"] = page_tasks.live_articles(browser, site, ARTICLES_EN)
        results["bytes"] = first_visit_bytes(browser, site, "en/")
        if profiles:
            from network_visits import ShapedSite, network

            shaped = ShapedSite(out, args.encoding)
            results["network"] = network(browser, shaped, bare_path, profiles, args.network_runs)
            results["network_encoding"] = args.encoding
            shaped.httpd.shutdown()
        browser.close()
    return results


def arguments() -> argparse.Namespace:
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
    if args.quick:
        args.runs, args.network_runs = 3, 1
    return args


def main() -> int:
    args = arguments()
    if args.tables_only:
        print(write_tables(json.loads(RESULTS.read_text(encoding="utf-8"))))
        return 0
    work = Path(tempfile.mkdtemp(prefix="elo-bench-"))
    out = work / "dist"
    results: dict[str, Any] = {"build": build_times(out)}
    if args.scale != "none":
        import scale

        results["scale"] = scale.run([int(n) for n in args.scale.split(",")], profile_at=None)
    shutil.copytree(ROOT / "bench" / "bare", out / "bench-bare")
    site = Site(out)
    results |= in_browsers(args, site, out)
    league = cpython_and_pyodide("league")
    results["league"] = league | {"ratio": league["pyodide_s"] / league["cpython_s"]}
    results["trf"] = cpython_and_pyodide("trf")
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
