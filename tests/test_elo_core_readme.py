"""elo_core/README.md cannot rot: its Python examples run, its error codes are elo_core's.

Beside tests/elo_core/ rather than in it: that folder also runs inside Pyodide, from the
wheel, which leaves the README out.
"""

from __future__ import annotations

import doctest
import re
from pathlib import Path

import pytest

from elo_core import ERROR_CODES

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "elo_core" / "README.md"
BLOCK = re.compile(r"^```python\n(.*?)^```$", re.MULTILINE | re.DOTALL)


def test_every_python_example_runs_and_shows_what_it_says(monkeypatch: pytest.MonkeyPatch) -> None:
    text = README.read_text(encoding="utf-8")
    blocks = [(text.count("\n", 0, found.start()) + 2, found[1]) for found in BLOCK.finditer(text)]
    assert len(blocks) >= 6
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.NORMALIZE_WHITESPACE)
    namespace: dict[str, object] = {}
    monkeypatch.chdir(ROOT)  # the examples read a fixture by its path in the repository
    for line, block in blocks:
        test = parser.get_doctest(block, namespace, f"README.md:{line}", str(README), line)
        assert test.examples, f"elo_core/README.md:{line}: a python block with no >>> example"
        runner.run(test)
    outcome = runner.summarize(verbose=False)
    assert outcome.failed == 0, f"{outcome.failed} of {outcome.attempted} examples failed (above)"


def test_the_error_codes_listed_are_the_ones_elo_core_has_and_raises() -> None:
    text = README.read_text(encoding="utf-8").split("## Errors and their codes", 1)[1]
    listed = re.findall(r"^\| `([a-z-]+)` \|", text, re.MULTILINE)
    assert listed == sorted(ERROR_CODES)
    sources = "\n".join(path.read_text(encoding="utf-8")
                        for path in sorted((ROOT / "elo_core").rglob("*.py"))
                        if path.name != "errors.py")
    raised = set(re.findall(r"\"([a-z]+-(?:invalid|implausible|unavailable))\"", sources))
    assert raised <= set(ERROR_CODES), raised - set(ERROR_CODES)
    # The one code no longer raised is said to be so.
    for code in sorted(set(ERROR_CODES) - raised):
        assert re.search(rf"^\| `{code}` \| no longer raised", text, re.MULTILINE), code
