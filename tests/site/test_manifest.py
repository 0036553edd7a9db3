"""The web app manifest: one per language, so that "Add to Home Screen" gives an app named in
the reader's language that opens at its home page, offline, under the site's base path."""

from __future__ import annotations

import hashlib
import json
import shutil
import struct
from pathlib import Path

import pytest

from sitegen import icons
from sitegen.config import SiteConfig
from sitegen.pipeline import build

NAMES = {"en": "Elo calculator", "de": "Elo-Rechner", "da": "Elo-beregner"}


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def test_each_language_has_a_manifest_with_its_name_home_and_icons(site: SiteConfig) -> None:
    out = site.out_dir
    precache = (out / "sw.js").read_text()
    for lang, name in NAMES.items():
        manifest = json.loads((out / lang / "manifest.webmanifest").read_text())
        assert manifest["name"] == name and manifest["short_name"] == "Elo"
        assert manifest["lang"] == lang and manifest["display"] == "standalone"
        assert manifest["start_url"] == f"/{lang}/" and manifest["scope"] == "/"
        assert manifest["theme_color"] and manifest["background_color"]
        # The page links its own language's manifest.
        assert f'<link rel="manifest" href="/{lang}/manifest.webmanifest">' in (
            out / lang / "index.html").read_text()
        by_purpose = {(icon["sizes"], icon["purpose"]): icon["src"] for icon in manifest["icons"]}
        for (sizes, purpose) in [("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")]:
            src = by_purpose[(sizes, purpose)]
            width = int(sizes.split("x")[0])
            assert png_size((out / src.lstrip("/")).read_bytes()) == (width, width)
            # Kept offline with the site, so the installed app has its icon offline too.
            assert src.rsplit("/", 1)[1] in precache
    assert f"/{'de'}/manifest.webmanifest".split("/")[-1] in precache


def test_the_icons_were_drawn_from_the_current_svg() -> None:
    """Run `python -m sitegen.icons` (in site_src/) after changing icon.svg."""
    digest = hashlib.sha256((icons.FOLDER / "icon.svg").read_bytes()).hexdigest()
    for name, (size, _) in icons.ICONS.items():
        data = (icons.FOLDER / name).read_bytes()
        assert png_size(data) == (size, size)
        assert icons.source_of(data) == digest, f"{name} was drawn from another icon.svg"


def test_under_a_sub_path_the_app_starts_and_stays_there(tmp_path: Path) -> None:
    content = tmp_path / "content"
    shutil.copytree(Path(__file__).parent / "fixture", content)
    out = tmp_path / "dist"
    build(SiteConfig(content_dir=content, out_dir=out, strict=True,
                     base_url="https://example.github.io/elo/"))
    for manifest_path in out.glob("*/manifest.webmanifest"):
        manifest = json.loads(manifest_path.read_text())
        lang = manifest_path.parent.name
        assert manifest["scope"] == "/elo/"
        assert manifest["start_url"].startswith(f"/elo/{lang}/")
        assert all(icon["src"].startswith("/elo/assets/") for icon in manifest["icons"])
