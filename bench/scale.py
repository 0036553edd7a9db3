#!/usr/bin/env python3
"""The build at scale: how its cost grows with the number of pages (issue 27).

    python bench/scale.py [--pages 42,186,636] [--profile 186] [--json FILE] [--save]

For each size, the real content is copied into a temporary folder and the formula
article (with its live examples) is copied under new keys in all three languages,
each copy with its own key, slug, title, navigation entry and order, and one sentence of
its own (so no copy is the same text as another: a cache keyed by the text cannot skip
the work). Nothing generated is ever written into the project.

Each size runs in a child process of its own (its peak memory is its own):
- a full build into a temporary folder, on every core, with nothing kept from an earlier
  build (seconds per page; peak resident memory, its workers' included);
- the same full build again by a new ``Builder``, as a new ``./dev build`` or ``./dev
  serve`` would run it, taking the articles the first kept in its cache;
- a one-line edit of one generated article rebuilt through ``Builder.build(changed=…)``,
  the call ``./dev serve`` makes after a change.
``--profile N`` adds cProfile's top entries of a full build at N pages in one process (a
separate run: the profiler slows the build, and sees only its own process).
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import pstats
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "site_src")]

ARTICLE = "formula.md"
FIRST_ORDER = 1000


def _set(front: str, name: str, value: str | int) -> str:
    line = f"{name}: {json.dumps(value, ensure_ascii=False)}"
    pattern = re.compile(rf"^{name}:.*$", re.MULTILINE)
    if pattern.search(front):
        return pattern.sub(lambda _m: line, front, count=1)
    return front + line + "\n"


def generate(content: Path, pages: int) -> int:
    """Add copies of the formula article until the site has about ``pages`` pages (a copy
    is one page per language); returns the number of pages."""
    from sitegen.config import SiteConfig
    from sitegen.content import read_page
    from sitegen.translations import source_hash

    config = SiteConfig(content_dir=content)
    langs = sorted(p.name for p in content.iterdir() if p.is_dir())
    existing = sum(1 for lang in langs for _ in (content / lang).glob("*.md"))
    copies = max(0, round((pages - existing) / len(langs)))
    default = config.default_language
    for number in range(1, copies + 1):
        current = ""
        for lang in [default, *(lang for lang in langs if lang != default)]:
            text = (content / lang / ARTICLE).read_text(encoding="utf-8")
            _, front, body = text.split("---\n", 2)
            key = re.search(r"^key:\s*(\S+)", front, re.MULTILINE)
            slug = re.search(r"^slug:\s*(\S+)", front, re.MULTILINE)
            title = re.search(r"^title:\s*(.+)$", front, re.MULTILINE)
            nav = re.search(r"^nav:\s*(.+)$", front, re.MULTILINE)
            assert key and slug and title and nav, f"{lang}/{ARTICLE}: front matter changed"
            front = _set(front, "key", f"{key[1]}-{number}")
            front = _set(front, "slug", f"{slug[1]}-{number}")
            front = _set(front, "title", f"{title[1]} ({number})")
            front = _set(front, "nav", f"{nav[1]} {number}")
            front = _set(front, "order", FIRST_ORDER + number)
            if lang != default:
                front = _set(front, "source", current)
            body = body.rstrip("\n") + f"\n\nCopy {number} of this article.\n"
            path = content / lang / f"{key[1]}-{number}.md"
            path.write_text(f"---\n{front}---\n{body}", encoding="utf-8")
            if lang == default:  # what its translations follow: they stay up to date
                current = source_hash(read_page(path, lang, config))
    return existing + copies * len(langs)


def _top(profile: cProfile.Profile, count: int) -> list[str]:
    stream = io.StringIO()
    stats = pstats.Stats(profile, stream=stream)
    stats.sort_stats("tottime").print_stats(count)
    lines = [line.rstrip() for line in stream.getvalue().splitlines()]
    start = next(i for i, line in enumerate(lines) if line.lstrip().startswith("ncalls"))
    return [line.replace(str(ROOT) + "/", "") for line in lines[start:] if line.strip()]


def _cpu_seconds() -> float:
    """This process's CPU time and that of the children it waited for (esbuild)."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def _peak_mb(processes: int) -> float:
    """The build's peak memory: its own process's and, for each process it forked to render
    articles, the largest child's (an upper bound: forked processes share their pages)."""
    own = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    children = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    return (own + (processes * children if processes > 1 else 0)) / 1024


def measure(pages: int, profile: bool) -> dict[str, Any]:
    """One size, in this process: generate, full build (every core, nothing kept from an
    earlier build), the same again with the articles the first kept on disk, one-line edit,
    rebuild."""
    from sitegen.config import SiteConfig
    from sitegen.pipeline import Builder

    work = Path(tempfile.mkdtemp(prefix="scale-bench-"))
    try:
        content = work / "content"
        shutil.copytree(ROOT / "content", content)
        total = generate(content, pages)
        config = SiteConfig(content_dir=content, out_dir=work / "dist",
                            cache_dir=work / "cache", workers=1 if profile else 0)
        builder = Builder(config, live_reload=True)
        profiler = cProfile.Profile() if profile else None
        cpu_before = _cpu_seconds()
        started = time.perf_counter()
        if profiler is not None:
            profiler.enable()
        report = builder.build()
        if profiler is not None:
            profiler.disable()
        full = time.perf_counter() - started
        # CPU time as well: on a shared machine the wall time says as much about the others.
        full_cpu = _cpu_seconds() - cpu_before
        assert report.pages == total, (report.pages, total)
        peak_mb = _peak_mb(report.processes)
        # A build run again (./dev build after an edit elsewhere, or serve started anew): a
        # new Builder, nothing in memory, the articles from the first build's cache.
        started = time.perf_counter()
        again = Builder(replace(config, out_dir=work / "again")).build()
        kept = time.perf_counter() - started
        assert again.from_disk == total and again.rendered == 0, again
        edited = content / "en" / (ARTICLE.removesuffix(".md") + "-1.md")
        if not edited.exists():
            edited = content / "en" / ARTICLE
        rebuilds = []
        for attempt in range(3):
            text = edited.read_text(encoding="utf-8")
            edited.write_text(text.rstrip("\n") + f"\n\nOne more line ({attempt}).\n",
                              encoding="utf-8")
            started = time.perf_counter()
            builder.build(changed={edited})
            rebuilds.append(time.perf_counter() - started)
        result: dict[str, Any] = {
            "pages": total,
            "processes": report.processes,
            "full_s": full,
            "full_ms_per_page": full * 1000 / total,
            "full_cpu_s": full_cpu,
            "kept_s": kept,
            "kept_ms_per_page": kept * 1000 / total,
            "peak_mb": peak_mb,
            "rebuild_ms": sorted(rebuilds)[1] * 1000,
            "rebuild_ms_runs": [round(r * 1000, 1) for r in rebuilds],
        }
        if profiler is not None:
            result["profile"] = _top(profiler, 25)
        return result
    finally:
        shutil.rmtree(work, ignore_errors=True)


def run(sizes: list[int], profile_at: int | None) -> dict[str, Any]:
    """Every size in a child process of its own; the profile in one more."""
    rows = []
    for pages in sizes:
        rows.append(_child(pages, profile=False))
        print(_line(rows[-1]), flush=True)
    result: dict[str, Any] = {"sizes": rows}
    if profile_at is not None:
        profiled = _child(profile_at, profile=True)
        result["profile"] = {"pages": profiled["pages"], "top": profiled["profile"]}
    return result


def _child(pages: int, *, profile: bool) -> dict[str, Any]:
    command = [sys.executable, __file__, "--child", str(pages)] + (["--with-profile"] if profile else [])
    done = subprocess.run(command, check=True, capture_output=True, text=True, timeout=1800)
    answer: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return answer


def _line(row: dict[str, Any]) -> str:
    cpu = f", {row['full_cpu_s']:.1f} s CPU" if "full_cpu_s" in row else ""
    return (f"{row['pages']} pages: full build {row['full_s']:.1f} s{cpu} "
            f"({row['full_ms_per_page']:.1f} ms/page, {row['processes']} processes), "
            f"again with its articles kept {row['kept_s']:.1f} s "
            f"({row['kept_ms_per_page']:.1f} ms/page), peak {row['peak_mb']:.0f} MB, "
            f"one-line rebuild {row['rebuild_ms']:.0f} ms (runs {row['rebuild_ms_runs']})")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pages", default="42,186,636",
                        help="sizes, comma-separated (the real content has 42 pages)")
    parser.add_argument("--profile", type=int, default=None, metavar="N",
                        help="also profile a full build at N pages")
    parser.add_argument("--json", type=Path, default=None, help="write the results here")
    parser.add_argument("--save", action="store_true",
                        help="keep the results in bench/results.json and rewrite the tables "
                             "(as bench/run.py does; the other measures stay as they were)")
    parser.add_argument("--child", type=int, default=None, help=argparse.SUPPRESS)
    parser.add_argument("--with-profile", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child is not None:
        import logging

        logging.basicConfig(level=logging.ERROR)
        print(json.dumps(measure(args.child, args.with_profile)))
        return 0
    result = run([int(size) for size in args.pages.split(",")], args.profile)
    if "profile" in result:
        print(f"profile of the full build at {result['profile']['pages']} pages (by own time):")
        print("\n".join(result["profile"]["top"]))
    if args.json is not None:
        args.json.write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    if args.save:
        results_file = ROOT / "bench" / "results.json"
        results = json.loads(results_file.read_text(encoding="utf-8"))
        results["scale"] = {"sizes": result["sizes"]}
        results_file.write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
        subprocess.run([sys.executable, str(ROOT / "bench" / "run.py"), "--tables-only"],
                       check=True, stdout=subprocess.DEVNULL)
    return 0


if __name__ == "__main__":
    sys.exit(main())
