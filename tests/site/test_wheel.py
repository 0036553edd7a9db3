"""The wheel the site serves: docstrings and comments removed, lines kept, RECORD true to the files."""

from __future__ import annotations

import base64
import hashlib
import io
import zipfile
from pathlib import Path

from sitegen.assets import build_wheel, drop_comments, empty_docstrings
from sitegen.config import SiteConfig

ROOT = Path(__file__).resolve().parents[2]

SOURCE = '''"""Module docstring,
over two lines."""

from __future__ import annotations


def only_doc():
    """Nothing but a docstring."""


class Thing:
    """Ä class docstring with ünïcode."""  # a comment

    def method(self) -> str:
        """One line."""
        return "not a docstring"

    async def later(self) -> None:
        """
        Spread out.
        """
        text = """a string that is not a docstring"""
'''


def test_docstrings_are_emptied_on_the_same_lines() -> None:
    result = empty_docstrings(SOURCE)
    assert result.count("\n") == SOURCE.count("\n")
    namespace: dict[str, object] = {}
    exec(compile(result, "example.py", "exec"), namespace)
    assert "Module docstring" not in result and "Spread out" not in result
    assert '"not a docstring"' in result and '"""a string that is not a docstring"""' in result
    assert "# a comment" in result  # comments are drop_comments' job
    thing = namespace["Thing"]
    assert thing.__doc__ == "" and thing().method() == "not a docstring"  # type: ignore[attr-defined, operator]
    # Each remaining line sits where it was.
    for before, after in zip(SOURCE.splitlines(), result.splitlines(), strict=True):
        if "return" in before or "def " in before or "text =" in before:
            assert before == after


def test_comments_are_dropped_and_lines_kept() -> None:
    source = (
        "# a whole line\n"
        "x = 1  # after code\n"
        "text = '# not a comment'\n"
        "block = \"\"\"\n# inside a string\n\"\"\"\n"
        "    \n"
        "y = {  # opens\n"
        "    'a': 2,  # inside brackets\n"
        "}\r\n"
    )
    result = drop_comments(source)
    assert result == (
        "\n"
        "x = 1\n"
        "text = '# not a comment'\n"
        "block = \"\"\"\n# inside a string\n\"\"\"\n"
        "    \n"
        "y = {\n"
        "    'a': 2,\n"
        "}\r\n"
    )
    namespace: dict[str, object] = {}
    exec(compile(result, "example.py", "exec"), namespace)
    assert namespace["y"] == {"a": 2} and namespace["block"] == "\n# inside a string\n"


def test_served_wheel_matches_its_record_and_the_sources_line_for_line() -> None:
    data, name = build_wheel(SiteConfig())
    assert name.endswith("-py3-none-any.whl")
    with zipfile.ZipFile(io.BytesIO(data)) as wheel:
        record_name = next(n for n in wheel.namelist() if n.endswith(".dist-info/RECORD"))
        for line in wheel.read(record_name).decode().splitlines():
            path, digest, size = line.split(",")
            if not digest:
                continue
            content = wheel.read(path)
            expected = base64.urlsafe_b64encode(hashlib.sha256(content).digest()).rstrip(b"=")
            assert digest == "sha256=" + expected.decode() and int(size) == len(content), path
            if path.endswith(".py"):
                source = (ROOT / path).read_text(encoding="utf-8")
                assert content.decode().count("\n") == source.count("\n"), path


def test_the_wheel_leaves_the_packages_documents_in_the_repository() -> None:
    """elo_core/README.md is for Python programmers reading the repository: without this the
    wheel (and so the site's wheel address and lock) would change with every edit of it."""
    assert (ROOT / "elo_core" / "README.md").is_file()
    data, _ = build_wheel(SiteConfig())
    names = zipfile.ZipFile(io.BytesIO(data)).namelist()
    assert "elo_core/py.typed" in names
    assert not [name for name in names if name.endswith(".md")]
