"""A small fixture site (tests/site/fixture) built like the real one."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from sitegen.config import SiteConfig

FIXTURE = Path(__file__).parent / "fixture"


@pytest.fixture
def fixture_content(tmp_path: Path) -> Path:
    """A writable copy of the fixture content, so a test can break it."""
    target = tmp_path / "content"
    shutil.copytree(FIXTURE, target)
    return target


@pytest.fixture
def fixture_config(fixture_content: Path, tmp_path: Path) -> SiteConfig:
    # A publishing build (canonical addresses, a sitemap); see test_base_url.py for local ones.
    return SiteConfig(content_dir=fixture_content, out_dir=tmp_path / "dist", strict=True,
                      base_url="https://example.org/")
