"""Putting a build in place: no moment without dist/, nothing left behind by a killed build."""

from __future__ import annotations

import dataclasses
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from sitegen.config import SiteConfig
from sitegen.pipeline import build
from sitegen.publish import MARKER

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


# --out replaces a folder whole (issue 42, item 4): before, whatever it held was deleted.

def _refused(config: SiteConfig, reason: str) -> None:
    from sitegen.errors import BuildError

    with pytest.raises(BuildError) as caught:
        build(config)
    assert reason in caught.value.message, caught.value.message
    assert not list(config.out_dir.parent.glob(".dist-*"))


def test_a_folder_with_files_a_build_did_not_write_is_replaced_only_with_force(
        fixture_config: SiteConfig) -> None:
    out = fixture_config.out_dir
    out.mkdir()
    (out / "keep.txt").write_text("the owner's")
    _refused(fixture_config, "holds files a build did not write (keep.txt)")
    assert sorted(path.name for path in out.iterdir()) == ["keep.txt"]

    build(dataclasses.replace(fixture_config, force=True))
    assert not (out / "keep.txt").exists() and (out / "en" / "index.html").is_file()
    assert (out / MARKER).is_file()
    build(fixture_config)  # a build's own folder: replaced without a word


def test_an_empty_folder_or_an_earlier_builds_is_replaced(fixture_config: SiteConfig) -> None:
    fixture_config.out_dir.mkdir()
    build(fixture_config)
    # An output from before outputs carried the marker is a build's too.
    (fixture_config.out_dir / MARKER).unlink()
    build(fixture_config)
    assert (fixture_config.out_dir / MARKER).is_file()


def test_the_project_its_sources_and_the_home_folder_are_never_replaced(
        fixture_config: SiteConfig, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """With --force too. A copy stands for the project and for the home folder: before, the
    build deleted each of them."""
    project = tmp_path / "project"
    (project / ".git").mkdir(parents=True)
    (project / "README.md").write_text("the project")
    home = tmp_path / "home"
    (home / "letters").mkdir(parents=True)
    monkeypatch.setenv("HOME", str(home))
    config = dataclasses.replace(fixture_config, root=project, force=True)
    for out in (project, tmp_path, home, fixture_config.content_dir):
        _refused(dataclasses.replace(config, out_dir=out), "which a build never replaces")
    _refused(dataclasses.replace(config, out_dir=fixture_config.content_dir / "site"),
             "is inside")
    assert (project / "README.md").is_file() and (project / ".git").is_dir()
    assert (home / "letters").is_dir()


def test_build_py_says_why_it_refuses_and_takes_force(fixture_config: SiteConfig) -> None:
    out = fixture_config.out_dir
    out.mkdir()
    (out / "notes.txt").write_text("the owner's")
    command = [sys.executable, str(ROOT / "build.py"), "--content",
               str(fixture_config.content_dir), "--out", str(out), "--no-cache"]
    refused = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert refused.returncode == 1
    assert "holds files a build did not write (notes.txt)" in refused.stderr
    assert "--force" in refused.stderr and "Traceback" not in refused.stderr
    assert (out / "notes.txt").is_file()
    forced = subprocess.run([*command, "--force"], cwd=ROOT, capture_output=True, text=True,
                            timeout=300)
    assert forced.returncode == 0, forced.stderr
    assert not (out / "notes.txt").exists()


def test_serve_refuses_a_folder_it_may_not_replace(tmp_path: Path) -> None:
    home = tmp_path / "home"
    (home / "letters").mkdir(parents=True)
    run = subprocess.run([sys.executable, str(ROOT / "build.py"), "serve", "--out", str(home),
                          "--port", "0"], cwd=ROOT, capture_output=True, text=True, timeout=120,
                         env={**os.environ, "HOME": str(home)})
    assert run.returncode == 1
    assert "cannot serve" in run.stderr and "which a build never replaces" in run.stderr
    assert (home / "letters").is_dir()
