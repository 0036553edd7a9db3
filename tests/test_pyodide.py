"""elo_core's own test suite, run again inside real Pyodide (Node), from the wheel the page loads."""

from __future__ import annotations

import hashlib
import re
import shutil
import subprocess
from pathlib import Path

from sitegen.assets import build_wheel
from sitegen.bytecode import compiled
from sitegen.config import CACHE_ROOT, SiteConfig
from sitegen.stdlib import MODULES_FILE, trimmed_archive
from sitegen.stdlib_record import record

ROOT = Path(__file__).resolve().parents[1]
WHEELS = CACHE_ROOT / "pyodide-wheels"  # fetched by ./dev into its CACHE


def check_test_wheels() -> None:
    """Every wheel the run installs is one tests/pyodide/requirements.txt records by sha256
    (./dev downloads them with hash checking; this catches a cache changed since), but
    python-chess, which ./dev builds from the source distribution whose sha256
    requirements-test.txt records."""
    recorded = set(re.findall(r"--hash=sha256:([0-9a-f]{64})",
                              (ROOT / "tests/pyodide/requirements.txt").read_text()))
    unknown = [wheel.name for wheel in sorted(WHEELS.glob("*.whl"))
               if not wheel.name.startswith("chess-")
               and hashlib.sha256(wheel.read_bytes()).hexdigest() not in recorded]
    assert not unknown, f"wheels whose sha256 is not recorded: {unknown} (run ./dev test again)"


def test_elo_core_suite_passes_inside_pyodide_on_the_sites_standard_library(
    tmp_path: Path,
) -> None:
    """The suite runs on the small standard library the page loads (sitegen/stdlib.py);
    pytest imports far more, which the archive's own finder fetches (stdlib/rest_finder.py)."""
    node = shutil.which("node")
    assert node, "Node.js is needed to run Pyodide"
    check_test_wheels()
    config = SiteConfig()
    # The wheel the page loads: compiled by the page's Python (sitegen/bytecode.py).
    data, name = build_wheel(config)
    wheel = tmp_path / name
    wheel.write_bytes(compiled(data, "wheel", config.cache_root, config.pyodide_dir))
    stdlib = tmp_path / "python_stdlib.site.zip"
    stdlib.write_bytes(trimmed_archive(config))
    wheels = [wheel]  # python-chess, which the PGN tests compare with, is among the deps
    run = subprocess.run(
        [node, str(ROOT / "tests/pyodide/run_tests.mjs"),
         *[arg for w in wheels for arg in ("--wheel", str(w))],
         "--deps", str(WHEELS), "--tests", str(ROOT / "tests/elo_core"),
         "--stdlib", str(stdlib),
         "--pytest-arg=-q"],
        cwd=ROOT, capture_output=True, text=True, timeout=900,
    )
    output = run.stdout + run.stderr
    print(output)
    assert run.returncode == 0, output[-5000:]
    assert "Pyodide 3.14" in output
    assert output.count("[the rest of the standard library was fetched]") == 1
    assert " passed" in output and " failed" not in output


def test_the_recorded_standard_library_is_what_the_engine_imports() -> None:
    """site_src/stdlib/modules.txt is recorded by running the engine, never edited by hand."""
    config = SiteConfig()
    recorded = (config.source_dir / MODULES_FILE).read_text().splitlines()
    assert [line for line in recorded if not line.startswith("#")] == record(config)
