"""Every page of the real site is valid HTML by the Nu HTML checker (vnu-jar)."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

from sitegen.config import SiteConfig

ROOT = Path(__file__).resolve().parents[2]
VNU = ROOT / "node_modules" / "vnu-jar" / "build" / "dist" / "vnu.jar"


def run_vnu(folder: Path) -> list[dict[str, object]]:
    java = shutil.which("java")
    assert java, "the HTML checker needs Java (./dev test installs it)"
    run = subprocess.run(
        [java, "-jar", str(VNU), "--skip-non-html", "--format", "json", "--also-check-svg", str(folder)],
        capture_output=True, text=True, timeout=300,
    )
    messages: list[dict[str, object]] = json.loads(run.stderr or run.stdout)["messages"]
    return [
        m for m in messages
        if (m.get("type") in {"error", "non-document-error"} or m.get("subType") == "warning")
        # Checked as file: URLs, no resource matches the policy's 'self' (a real origin does;
        # the browser tests load every page under the policy), and the one "inline script" is
        # the JSON data block of UI strings, which browsers never execute.
        and "Content Security Policy (meta tag)" not in str(m.get("message"))
    ]


def test_checker_catches_an_invalid_page(tmp_path: Path) -> None:
    (tmp_path / "bad.html").write_text("<!DOCTYPE html><html><head></head><body><p><div></p></body></html>")
    assert run_vnu(tmp_path), "the checker must report a page without title and lang"


def test_every_page_is_valid_html(site: SiteConfig) -> None:
    problems = run_vnu(site.out_dir)
    assert problems == [], "\n".join(f"{m.get('url')}:{m.get('lastLine')}: {m.get('message')}" for m in problems)
