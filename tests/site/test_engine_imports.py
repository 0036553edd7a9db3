"""A restored engine answers before the package's files are back (engine-worker.js): that
holds only while importing elo_core.page imports every module of elo_core. (Here, not among
elo_core's own tests: those also run inside Pyodide, which starts no interpreter.)"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import elo_core


def test_the_page_module_imports_every_module_of_elo_core() -> None:
    root = Path(elo_core.__file__).parent
    names = sorted(
        ".".join(path.relative_to(root.parent).with_suffix("").parts).removesuffix(".__init__")
        for path in root.rglob("*.py")
    )
    assert len(names) > 20
    # A fresh interpreter: this one has imported more for other tests.
    code = "import sys, elo_core.page; print('\\n'.join(sorted(sys.modules)))"
    imported = set(subprocess.run([sys.executable, "-c", code], check=True, capture_output=True,
                                  text=True, cwd=root.parent).stdout.split())
    assert [name for name in names if name not in imported] == []
