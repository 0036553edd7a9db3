"""elo_core's own test suite, run again inside real Pyodide (Node), from the built wheel."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

from sitegen.assets import build_wheel
from sitegen.config import SiteConfig

ROOT = Path(__file__).resolve().parents[1]


def test_elo_core_suite_passes_inside_pyodide(tmp_path: Path) -> None:
    node = shutil.which("node")
    assert node, "Node.js is needed to run Pyodide"
    data, name = build_wheel(SiteConfig())
    wheel = tmp_path / name
    wheel.write_bytes(data)
    wheels = [wheel]  # python-chess, which the PGN tests compare with, is among the deps
    run = subprocess.run(
        [node, str(ROOT / "tests/pyodide/run_tests.mjs"),
         *[arg for w in wheels for arg in ("--wheel", str(w))],
         "--deps", str(ROOT / ".cache/pyodide-wheels"), "--tests", str(ROOT / "tests/elo_core"),
         "--pytest-arg=-q"],
        cwd=ROOT, capture_output=True, text=True, timeout=900,
    )
    output = run.stdout + run.stderr
    print(output)
    assert run.returncode == 0, output[-5000:]
    assert "Pyodide 3.14" in output
    assert " passed" in output and " failed" not in output
