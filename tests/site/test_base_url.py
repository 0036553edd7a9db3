"""Publishing knows its address: no local address is ever written into what search engines read."""

from __future__ import annotations

import dataclasses
import subprocess
import sys
from pathlib import Path

import pytest

from sitegen.config import SiteConfig, publishing_problem
from sitegen.errors import BuildError
from sitegen.pipeline import build

ROOT = Path(__file__).resolve().parents[2]
LOCAL = ("127.0.0.1", "localhost", "[::1]", "0.0.0.0", "elo.localhost")


def _everything(out: Path) -> str:
    return "".join(p.read_text(errors="replace") for p in out.rglob("*")
                   if p.is_file() and p.suffix in {".html", ".xml", ".txt", ""})


@pytest.mark.parametrize("host", LOCAL)
def test_a_local_base_url_is_refused_with_what_to_do(fixture_config: SiteConfig, host: str) -> None:
    config = dataclasses.replace(fixture_config, base_url=f"http://{host}:8000/")
    with pytest.raises(BuildError) as caught:
        build(config)
    message = caught.value.message
    assert "is a local address" in message and "--base-url https://" in message
    assert "--local" in message and "without --base-url" in message
    assert not config.out_dir.exists()


def test_a_local_base_url_on_purpose_is_built(fixture_config: SiteConfig) -> None:
    config = dataclasses.replace(fixture_config, base_url="http://127.0.0.1:8000/", local=True)
    build(config)
    assert "http://127.0.0.1:8000/en/" in (config.out_dir / "en/index.html").read_text()


@pytest.mark.parametrize("url", ["example.org", "ftp://example.org/", "https:///x",
                                 "https://example.org/?a=1"])
def test_a_base_url_that_is_no_address_is_refused(url: str) -> None:
    assert publishing_problem(SiteConfig(base_url=url)) is not None


def test_a_local_build_writes_no_absolute_address(fixture_config: SiteConfig) -> None:
    config = dataclasses.replace(fixture_config, base_url=None)
    report = build(config)
    out = config.out_dir
    text = _everything(out)
    assert "http://" not in text.replace("http://www.w3.org/", "")
    assert "https://example.org" not in text
    assert not (out / "sitemap.xml").exists()
    assert (out / "robots.txt").read_text() == "User-agent: *\nAllow: /\n"
    page = (out / "en/example/index.html").read_text()
    assert 'rel="canonical"' not in page and 'rel="alternate" hreflang' not in page
    # The language switch still works: it links by path.
    assert 'href="/de/beispiel/" hreflang="de"' in page
    assert any("local build" in warning and "--base-url" in warning for warning in report.warnings)


def test_cli_build_says_it_is_local_and_refuses_loopback(fixture_config: SiteConfig) -> None:
    common = [sys.executable, str(ROOT / "build.py"), "--strict",
              "--content", str(fixture_config.content_dir), "--out", str(fixture_config.out_dir)]
    refused = subprocess.run(common + ["--base-url", "http://localhost:8000/"],
                             capture_output=True, text=True, cwd=ROOT, timeout=600)
    assert refused.returncode == 1 and "is a local address" in refused.stderr
    assert "Traceback" not in refused.stderr
    local = subprocess.run(common, capture_output=True, text=True, cwd=ROOT, timeout=600)
    assert local.returncode == 0, local.stderr
    assert "local build" in local.stderr and "--base-url" in local.stderr
