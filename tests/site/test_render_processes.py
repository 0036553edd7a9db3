"""An article's memory is bounded, and a render process that dies fails the build at once,
naming the article (issue 42, item 3). Before, an article could take several GB within every
per-value bound, and a killed render process left Pool.imap waiting for ever, the build idle
with its .dist-* folder behind it."""

from __future__ import annotations

import dataclasses
import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from sitegen.config import SiteConfig
from sitegen.errors import BuildError
from sitegen.parallel import memory_bound, ordered_map
from sitegen.pipeline import build

ROOT = Path(__file__).resolve().parents[2]

# Within every bound on a value, a number and a loop: at most 1 GB (5,000 × 200,000
# characters), so that the code before the fix, which has no bound, ends too.
HOARD = ('{% set ns = namespace(keep=[]) %}{% for i in range(5000) %}'
         '{% set _ = ns.keep.append("x" * 200000) %}{% endfor %}')
BOUND = 128 * 2**20


def _with_articles(content: Path, count: int = 8) -> None:
    """Enough articles for a build on two processes (sitegen.parallel)."""
    for number in range(count):
        (content / "en" / f"extra{number}.md").write_text(
            f"---\ntitle: Extra {number}\ndescription: D\nkey: extra{number}\n---\nText.\n")


@pytest.mark.parametrize("workers", [1, 2], ids=["in-process", "two-processes"])
def test_an_article_past_its_memory_is_an_error_that_names_it(
        fixture_config: SiteConfig, workers: int) -> None:
    config = dataclasses.replace(fixture_config, strict=False, workers=workers,
                                 article_memory=BOUND)
    _with_articles(config.content_dir)
    build(config)
    before = {p: p.read_bytes() for p in config.out_dir.rglob("*") if p.is_file()}
    article = config.content_dir / "en" / "example.md"
    text = article.read_text(encoding="utf-8") + "\n" + HOARD + "\n"
    article.write_text(text, encoding="utf-8")
    with pytest.raises(BuildError) as caught:
        build(config)
    assert caught.value.path == article
    assert caught.value.line == text.count("\n")
    assert "needs more memory than an article may use" in caught.value.message
    assert {p: p.read_bytes() for p in config.out_dir.rglob("*") if p.is_file()} == before
    assert not list(config.out_dir.parent.glob(".dist-*"))


# In a process of its own: the bound counts new address space, and memory that an earlier
# test in the same worker freed (glibc keeps it mapped) would take the allocations unseen.
BOUND_INSIDE = textwrap.dedent("""
    import sys
    sys.path[:0] = [{site_src!r}]
    from sitegen.parallel import memory_bound
    with memory_bound({bound}):
        kept = ["x" * 2**20 for _ in range(32)]  # 32 MB: within it
        try:
            kept += ["x" * 2**20 for _ in range(256)]
        except MemoryError:
            print("bounded")
    del kept
    more = ["x" * 2**20 for _ in range(256)]  # the bound is gone with the block
    print(len(more))
""")


def test_the_bound_is_on_what_the_work_inside_adds() -> None:
    run = subprocess.run(
        [sys.executable, "-c", BOUND_INSIDE.format(site_src=str(ROOT / "site_src"), bound=BOUND)],
        capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    assert run.stdout.split() == ["bounded", "256"]


# Run in a process of its own: before the fix, the build waited for ever.
DIES = textwrap.dedent("""
    import os, signal, sys
    from pathlib import Path
    sys.path[:0] = [{root!r}, {site_src!r}]
    from sitegen.config import SiteConfig
    from sitegen.errors import BuildError
    from sitegen.articles import ArticleStage
    from sitegen.pipeline import build

    article = ArticleStage._article
    def dies(self, page, link_table):
        if page.key == "extra5":
            os.kill(os.getpid(), signal.{signal})
        return article(self, page, link_table)
    ArticleStage._article = dies
    config = SiteConfig(content_dir=Path({content!r}), out_dir=Path({out!r}), workers=2,
                        cache_dir=None)
    try:
        build(config)
    except BuildError as error:
        print(error)
        sys.exit(1)
""")


@pytest.mark.parametrize("killed_by", ["SIGKILL", "SIGSEGV"])
def test_a_render_process_that_dies_fails_the_build_naming_the_article(
        fixture_config: SiteConfig, tmp_path: Path, killed_by: str) -> None:
    _with_articles(fixture_config.content_dir)
    build(dataclasses.replace(fixture_config, strict=False))
    before = {p: p.read_bytes() for p in fixture_config.out_dir.rglob("*") if p.is_file()}
    script = tmp_path / "dies.py"
    script.write_text(DIES.format(root=str(ROOT), site_src=str(ROOT / "site_src"),
                                  signal=killed_by, content=str(fixture_config.content_dir),
                                  out=str(fixture_config.out_dir)))
    run = subprocess.run([sys.executable, str(script)], capture_output=True, text=True,
                         timeout=120)
    assert run.returncode == 1, run.stderr
    article = fixture_config.content_dir / "en" / "extra5.md"
    assert run.stdout.startswith(f"{article}: the process rendering this article ended "
                                 "before it was done: "), run.stdout
    assert killed_by in run.stdout
    assert {p: p.read_bytes() for p in fixture_config.out_dir.rglob("*") if p.is_file()} == before
    assert not list(fixture_config.out_dir.parent.glob(".dist-*"))


def _square(number: int) -> int:
    if number == 13:
        os.kill(os.getpid(), signal.SIGKILL)
    if number == 17:
        raise BuildError(Path(f"item{number}"), 1, "fails")
    return number * number


def test_results_come_in_order_and_the_first_failure_in_order_is_raised() -> None:
    assert list(ordered_map(_square, range(12), 2)) == [n * n for n in range(12)]
    with pytest.raises(BuildError) as caught:
        list(ordered_map(_square, range(30), 3, where=lambda n: Path(f"item{n}")))
    assert str(caught.value.path) == "item13" and "SIGKILL" in caught.value.message
    with pytest.raises(BuildError) as caught:
        list(ordered_map(_square, [1, 2, 17, 3, 13], 2, where=lambda n: Path(f"item{n}")))
    assert str(caught.value.path) == "item17" and caught.value.message == "fails"
