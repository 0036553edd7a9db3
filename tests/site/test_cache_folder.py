"""Everything the build keeps between runs goes to one folder: .cache/ or $SITEGEN_CACHE.

``CACHE=/tmp/cache ./dev serve`` passes its CACHE on as SITEGEN_CACHE: before, the build
still wrote the clone's .cache/ (serve-dist, build, bytecode) and looked for pyodide-build
only there.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

REPORT = """
import json, sys
sys.path[:0] = ["site_src", "."]
import build
from sitegen.config import SiteConfig
from sitegen.errors import BuildError
from sitegen.lockfile import cli_path
config = SiteConfig()
try:
    cli = str(cli_path(config))
except BuildError as error:
    cli = str(error)
print(json.dumps({"root": str(config.cache_root), "serve": str(build.SERVE_DIR),
                  "articles": str(build.CACHE_DIR), "pyodide_build": cli}))
"""


def folders(**variables: str) -> dict[str, str]:
    env = {name: value for name, value in os.environ.items()
           if name not in ("SITEGEN_CACHE", "PYODIDE_CLI")}
    run = subprocess.run([sys.executable, "-c", REPORT], cwd=ROOT, capture_output=True,
                         text=True, check=True, env={**env, **variables}, timeout=60)
    found: dict[str, str] = json.loads(run.stdout)
    return found


def test_the_build_keeps_everything_in_the_folder_sitegen_cache_names(tmp_path: Path) -> None:
    cache = tmp_path / "elsewhere"
    found = folders(SITEGEN_CACHE=str(cache))
    assert found["root"] == str(cache)
    assert found["serve"] == str(cache / "serve-dist")
    assert found["articles"] == str(cache / "build")
    assert str(cache / "pyodide-build-venv" / "bin" / "pyodide") in found["pyodide_build"]


def test_without_it_the_build_keeps_everything_in_the_projects_cache() -> None:
    found = folders()
    assert found["root"] == str(ROOT / ".cache")
    assert found["serve"] == str(ROOT / ".cache" / "serve-dist")
    assert found["articles"] == str(ROOT / ".cache" / "build")
