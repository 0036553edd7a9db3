"""The web app's PNG icons, drawn from ``site_src/icons/icon.svg`` (``python -m sitegen.icons``).

A home screen wants PNGs (192 and 512 px, and a maskable one whose drawing keeps inside the
central circle a launcher may cut out), and the build has no SVG renderer of its own, so the
PNGs are made once by headless Chromium and committed. Each names the sha256 of the SVG it
was drawn from in a ``tEXt`` chunk: a test fails when the SVG changed and they were not made
again.
"""

from __future__ import annotations

import base64
import hashlib
import struct
import sys
import zlib
from pathlib import Path

__all__ = ["ICONS", "SOURCE_KEY", "main", "source_of", "svg_sha256"]

FOLDER = Path(__file__).resolve().parents[1] / "icons"
SOURCE_KEY = b"Source-SHA256"
# file name → (size in px, maskable): a maskable icon fills its square, its drawing shrunk
# to 80 % so that it stays inside the safe circle (40 % of the size from the centre).
ICONS = {"icon-192.png": (192, False), "icon-512.png": (512, False),
         "icon-maskable-512.png": (512, True)}
BACKGROUND = "#7a3e12"  # the SVG's own tile


def svg_sha256() -> str:
    return hashlib.sha256((FOLDER / "icon.svg").read_bytes()).hexdigest()


def source_of(png: bytes) -> str | None:
    """The SVG sha256 a PNG names in its ``tEXt`` chunk, if any."""
    at = 8
    while at + 8 <= len(png):
        length, kind = struct.unpack(">I4s", png[at:at + 8])
        if kind == b"tEXt":
            key, _, value = png[at + 8:at + 8 + length].partition(b"\0")
            if key == SOURCE_KEY:
                return value.decode("ascii")
        at += 12 + length
    return None


def _with_source(png: bytes, digest: str) -> bytes:
    """``png`` with a ``tEXt`` chunk naming ``digest`` after its header chunk."""
    body = b"tEXt" + SOURCE_KEY + b"\0" + digest.encode("ascii")
    chunk = struct.pack(">I", len(body) - 4) + body + struct.pack(">I", zlib.crc32(body))
    end_of_header = 8 + 12 + struct.unpack(">I", png[8:12])[0]
    return png[:end_of_header] + chunk + png[end_of_header:]


def main() -> None:
    from playwright.sync_api import sync_playwright

    svg = (FOLDER / "icon.svg").read_bytes()
    source = "data:image/svg+xml;base64," + base64.b64encode(svg).decode()
    digest = svg_sha256()
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium",
                                             args=["--no-sandbox"])
        for name, (size, maskable) in ICONS.items():
            page = browser.new_page(viewport={"width": size, "height": size})
            inner = round(size * 0.8) if maskable else size
            page.set_content(
                f'<body style="margin:0;display:grid;place-items:center;width:{size}px;'
                f'height:{size}px;background:{BACKGROUND if maskable else "transparent"}">'
                f'<img src="{source}" width="{inner}" height="{inner}"></body>')
            page.locator("img").evaluate("image => image.decode()")
            png = page.screenshot(omit_background=not maskable,
                                  clip={"x": 0, "y": 0, "width": size, "height": size})
            (FOLDER / name).write_bytes(_with_source(png, digest))
            page.close()
        browser.close()
    print(f"wrote {', '.join(ICONS)} from icon.svg ({digest[:12]}…)", file=sys.stderr)


if __name__ == "__main__":
    main()
