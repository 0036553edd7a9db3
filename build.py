#!/usr/bin/env python3
"""Build the static site into dist/, or serve it while editing.

    python build.py [--strict] [--base-url URL [--local]] [--out DIR [--force]]
    python build.py serve [--port 8000]   # builds into .cache/serve-dist, never dist/

The build keeps what it may make again in .cache/, or in the folder $SITEGEN_CACHE names.
    python build.py i18n        # extract UI strings and update the catalogs
    python build.py translations [--check] [--mark de/formula …]   # ok, outdated or missing
    python build.py add-language sv Svenska   # a new language: catalog, languages.json, content/sv/
"""

from __future__ import annotations

import argparse
import logging
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent
sys.path.insert(0, str(ROOT / "site_src"))
sys.path.insert(0, str(ROOT))

from sitegen.config import CACHE_ROOT, SiteConfig  # noqa: E402
from sitegen.errors import BuildError  # noqa: E402


# ./dev serve's own output: its pages carry the reload script, which is never published.
SERVE_DIR = CACHE_ROOT / "serve-dist"
# The articles a build rendered, kept for the next (sitegen.article_cache).
CACHE_DIR = CACHE_ROOT / "build"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("command", nargs="?", default="build", choices=["build", "serve", "i18n", "stdlib", "translations",
                                 "add-language"])
    parser.add_argument("language", nargs="*", metavar="CODE NAME",
                        help="add-language: the language's code (sv) and its name in "
                             "itself (Svenska)")
    parser.add_argument("--strict", action="store_true", help="a missing translation is an error")
    parser.add_argument("--base-url", default=SiteConfig.base_url,
                        help="where the site is published (https://example.org/elo/); without "
                             "it, a local build: no canonical addresses, no sitemap")
    parser.add_argument("--local", action="store_true",
                        help="allow a local --base-url (127.0.0.1, localhost) on purpose")
    parser.add_argument("--out", type=Path, default=None,
                        help="output folder (dist/; serve: .cache/serve-dist), replaced whole: "
                             "a new or empty one, or one a build wrote")
    parser.add_argument("--force", action="store_true",
                        help="replace an --out folder that holds other files (never the "
                             "project's folder, its sources or the home folder)")
    parser.add_argument("--content", type=Path, default=SiteConfig.content_dir,
                        help="the articles' folder (one subfolder per language)")
    parser.add_argument("--source", type=Path, default=SiteConfig.source_dir,
                        help="the site's sources (templates, scripts, catalogs, languages.json)")
    parser.add_argument("--check", action="store_true",
                        help="translations: exit 1 if one is outdated or missing")
    parser.add_argument("--mark", action="append", default=[], metavar="LANG/KEY",
                        help="translations: record that LANG/KEY follows its source as it is now")
    parser.add_argument("--workers", type=int, default=SiteConfig.workers, metavar="N",
                        help="processes that render articles at once (0: one per core)")
    parser.add_argument("--no-cache", action="store_true",
                        help=f"render every article again, keeping nothing in {CACHE_DIR}")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    serving = args.command == "serve"
    out = args.out or (SERVE_DIR if serving else SiteConfig.out_dir)
    base_url = args.base_url.rstrip("/") + "/" if args.base_url else None
    try:  # reads the site's languages.json
        config = SiteConfig(base_url=base_url, out_dir=out.resolve(),
                            content_dir=args.content.resolve(), source_dir=args.source.resolve(),
                            strict=args.strict, workers=args.workers, force=args.force,
                            cache_dir=None if args.no_cache else CACHE_DIR,
                            local=args.local or serving)
    except BuildError as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    if args.command == "i18n":
        from sitegen.i18n_tools import update_catalogs

        update_catalogs(config)
        return 0
    if args.command == "stdlib":
        from sitegen.stdlib_record import record, write_list

        names = record(config)
        write_list(config, names)
        print(f"recorded {len(names)} files of the standard library")
        return 0
    if args.command == "translations":
        return translations(config, args.mark, check=args.check)
    if args.command == "add-language":
        if len(args.language) != 2:
            parser.error("add-language takes a code and a name: add-language sv Svenska")
        return add_language(config, *args.language)
    if args.language:
        parser.error(f"unexpected arguments: {' '.join(args.language)}")
    if args.command == "serve":
        from sitegen.serve import serve

        return serve(config, host=args.host, port=args.port)

    from sitegen.pipeline import build

    started = time.perf_counter()
    try:
        report = build(config)
    except BuildError as error:
        print(f"build failed: {error}", file=sys.stderr)
        print(f"{config.out_dir} was left as it was.", file=sys.stderr)
        return 1
    seconds = time.perf_counter() - started
    processes = f" in {report.processes} processes" if report.processes > 1 else ""
    print(f"built {report.pages} pages into {config.out_dir} in {seconds:.2f} s"
          + (f" ({len(report.warnings)} warnings)" if report.warnings else "")
          + f"; articles rendered: {report.rendered}{processes}, kept from the last build: "
          + f"{report.from_disk}")
    return 0


def add_language(config: SiteConfig, code: str, name: str) -> int:
    """Add a language (sitegen.languages), then say what is left to translate."""
    from dataclasses import replace

    from sitegen.languages import add_language as add

    try:
        added = add(config, code, name)
    except BuildError as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    config = replace(config, languages={**config.languages, code: added.name})
    print(f"added {code} ({added.name}):\n"
          f"  {config.source_dir / 'languages.json'}: {', '.join(config.languages)}\n"
          f"  {added.catalog}: {added.strings} strings, none translated yet\n"
          f"  {added.content}/: no articles yet\n"
          "Until they are translated, its pages show English UI strings and an article exists "
          "in it once translated (a plain build warns, --strict refuses). Left to do:\n"
          f"  1. translate the {added.strings} strings of {added.catalog} "
          "(build.py i18n lists what is still untranslated)\n"
          f"  2. translate each article into {added.content}/ (./dev translations; "
          f"then ./dev translations --mark {code}/<key>):")
    return translations(config, [], check=False, only=code)


def translations(config: SiteConfig, names: list[str], *, check: bool,
                 only: str | None = None) -> int:
    """Mark the translations ``names`` as caught up, then list every article's state."""
    from sitegen.content import load_pages
    from sitegen.translations import OK, mark, shown, statuses

    try:
        for name in names:
            marked = mark(config, name)
            print(f"marked {marked.name}: follows {marked.current} ({shown(marked.path)})")
        found = statuses(config, load_pages(config))
    except BuildError as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    width = max((len(status.name) for status in found), default=0)
    for status in found:
        if only is not None and status.lang != only:
            continue
        detail = "" if status.state == OK else f"  {status.detail()}"
        print(f"{status.name:<{width}}  {status.state:<8}{detail}".rstrip())
    return 1 if check and any(status.state != OK for status in found) else 0


if __name__ == "__main__":
    sys.exit(main())
