"""The benchmark's tables: every measure with its value and target, and whether it is met.

The rows that read one or more numbers straight from the results are data, in
bench/table.toml; the rows that depend on what was measured (the other engines, the sizes,
the network profiles, the pages Lighthouse saw) are made here.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
BENCH_README = ROOT / "bench" / "README.md"
Row = tuple[str, str, str]  # measure, value, target
DATA_ROWS = tomllib.loads((ROOT / "bench" / "table.toml").read_text(encoding="utf-8"))["row"]


def number(results: dict[str, Any], path: str) -> float:
    """The number at ``path`` in the results ("live.first_input_cold_ms"), divided by what
    follows " / " if anything does ("live.first_input_cold_ms / 1000")."""
    keys, _, divisor = path.partition(" / ")
    found: Any = results
    for key in keys.split("."):
        found = found[key]
    return float(found) / float(divisor or 1)


def data_row(results: dict[str, Any], row: dict[str, Any]) -> Row:
    """A row of bench/table.toml with its numbers filled in."""
    values = [number(results, path) for path in row["of"]]
    return row["measure"], row["value"].format(*values), row["target"]


def longest_tasks(median_ms: float, worst_ms: float) -> str:
    """A row's median / worst longest task. The observer sees only tasks over 50 ms, so a
    run without one reads 0: written as "none over 50 ms", never as a 0 ms task."""
    if median_ms == 0 and worst_ms == 0:
        return "none over 50 ms"
    if median_ms == 0:
        return f"none over 50 ms / {worst_ms:.0f} ms"
    return f"{median_ms:.0f} / {worst_ms:.0f} ms"


def table(results: dict[str, Any]) -> list[Row]:
    """Every row of the full table, in its order."""
    return [*start_rows(results), *(data_row(results, row) for row in DATA_ROWS),
            *scale_rows(results), *network_rows(results), *lighthouse_rows(results)]


def start_rows(results: dict[str, Any]) -> list[Row]:
    """The engine's start against the bare page's, and the main thread's longest tasks."""
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
    return rows


def scale_rows(results: dict[str, Any]) -> list[Row]:
    """The build at each size of bench/scale.py's run."""
    rows: list[Row] = []
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
    return rows


def network_rows(results: dict[str, Any]) -> list[Row]:
    """First visits over each shaped link."""
    rows: list[Row] = []
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
    return rows


def lighthouse_rows(results: dict[str, Any]) -> list[Row]:
    rows: list[Row] = []
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


def markdown(rows: list[Row]) -> str:
    width = max(len(r[0]) for r in rows)
    lines = [f"| {'measure'.ljust(width)} | value | target | |",
             f"|{'-' * (width + 2)}|---|---|---|"]
    lines += [f"| {name.ljust(width)} | {value} | {target} | {verdict(value, target)} |"
              for name, value, target in rows]
    return "\n".join(lines)


def summary(rows: list[Row]) -> list[Row]:
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
