"""Putting a build in place: no moment without dist/, nothing left behind by a killed build."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from sitegen.config import SiteConfig
from sitegen.pipeline import build

ROOT = Path(__file__).resolve().parents[2]


def _ended_process_id() -> int:
    process = subprocess.Popen([sys.executable, "-c", "pass"])
    process.wait()
    return process.pid


def test_a_killed_build_leaves_a_folder_the_next_build_removes(fixture_config: SiteConfig) -> None:
    parent = fixture_config.out_dir.parent
    run = subprocess.Popen(
        [sys.executable, str(ROOT / "build.py"), "--content", str(fixture_config.content_dir),
         "--out", str(fixture_config.out_dir)], cwd=ROOT,
    )
    try:
        while not list(parent.glob(".dist-*")) and run.poll() is None:
            time.sleep(0.005)
        run.send_signal(signal.SIGKILL)
    finally:
        run.wait(timeout=30)
    left = list(parent.glob(".dist-*"))
    assert left, "the killed build left its staging folder (else it finished too soon)"

    # Also one of an ended process, one from before staging folders carried a process id,
    # and one of a build still running, which must stay.
    ended = parent / f".dist-{_ended_process_id()}-abc"
    legacy = parent / ".dist-k3x9q2ab"
    running = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    busy = parent / f".dist-{running.pid}-xyz"
    try:
        for folder in (ended, legacy, busy):
            (folder / "en").mkdir(parents=True)
            (folder / "en" / "index.html").write_text("old")
        an_hour_ago = time.time() - 3700
        os.utime(legacy, (an_hour_ago, an_hour_ago))

        build(fixture_config)
        assert sorted(parent.glob(".dist-*")) == [busy]
        assert (fixture_config.out_dir / "en" / "index.html").is_file()
    finally:
        running.kill()
        running.wait()


@pytest.mark.skipif(sys.platform != "linux", reason="the atomic exchange is Linux's renameat2")
def test_dist_is_never_missing_while_builds_replace_it(fixture_config: SiteConfig) -> None:
    """Watched from another process, as a server would read it, polling as fast as it can."""
    build(fixture_config)
    page = fixture_config.out_dir / "en" / "example" / "index.html"
    watcher = subprocess.Popen(
        [sys.executable, "-c",
         "import os, sys\nmissing = checks = 0\n"
         "while not os.path.exists(sys.argv[2]):\n"
         "    checks += 1\n    missing += not os.path.isfile(sys.argv[1])\n"
         "print(missing, checks)",
         str(page), str(fixture_config.out_dir.parent / "stop")],
        stdout=subprocess.PIPE, text=True,
    )
    try:
        for _ in range(3):
            build(fixture_config)
    finally:
        (fixture_config.out_dir.parent / "stop").touch()
        output, _ = watcher.communicate(timeout=30)
    missing, checks = map(int, output.split())
    assert checks > 1000 and missing == 0, f"dist/ was missing at {missing} of {checks} checks"
    assert not list(fixture_config.out_dir.parent.glob(".dist-*"))
    assert not fixture_config.out_dir.is_symlink(), "dist/ stays a plain folder to copy"


def test_no_rename_of_the_swap_leaves_dist_missing(
    fixture_config: SiteConfig, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The same, step by step: the watcher above has to be lucky to see a short gap."""
    build(fixture_config)
    after_each_rename: list[bool] = []
    rename = os.rename

    def checked(source: object, target: object, *args: object, **kwargs: object) -> None:
        rename(source, target, *args, **kwargs)  # type: ignore[arg-type]
        after_each_rename.append(fixture_config.out_dir.is_dir())

    monkeypatch.setattr(os, "rename", checked)
    build(fixture_config)
    assert False not in after_each_rename
