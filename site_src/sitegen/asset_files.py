"""Stage 4, assets (a full build only; a rebuild keeps the last one's): the engine's runtime,
the elo_core wheel, the site's lock, the trimmed standard library, the scripts, stylesheet
and icons written into the output under names that hold their hashes, and what the pages
take from them (addresses, modules to preload, the examples they show before the engine)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sitegen import assets, bytecode, headers, icons, lockfile, offline, stdlib
from sitegen.catalogs import Catalogs
from sitegen.config import SiteConfig
from sitegen.engine import prerendered_examples
from sitegen.stylesheets import Stylesheets
from sitegen.write import write_bytes

__all__ = ["AssetStage", "SiteAssets"]

# The line of engine-worker.js the build replaces with the runtime files' sha256.
WORKER_INTEGRITY = "const INTEGRITY = {};"


@dataclass(frozen=True)
class SiteAssets:
    """What a full build writes before the pages, and the pages take from it."""

    urls: dict[str, str]  # each asset's address, by name (the templates' ``assets``)
    preload: list[str]  # the modules the pages preload
    digests: dict[str, str]  # every file written so far: its sha256, by path in the output
    prerendered: dict[str, dict[str, dict[str, Any]]]  # each language's default examples shown
    css: Stylesheets


class AssetStage:
    """Writes the assets; keeps the wheel and the lock between builds (``serve``) until
    elo_core or the runtime's files change."""

    def __init__(self, config: SiteConfig) -> None:
        self.config = config
        self._wheel: tuple[str, bytes, str] | None = None
        self._lock: tuple[tuple[str, ...], str] | None = None

    def write(self, out: Path, elo_hash: str, catalogs: Catalogs) -> SiteAssets:
        config = self.config
        urls, preload = self._assets_into(out, elo_hash)
        headers.write_headers(config, out)
        # Every file so far is an asset: the service worker lists them with their hashes.
        digests = offline.file_digests(out)
        prerendered = {lang: prerendered_examples(lang, catalogs.browser_messages(lang))
                       for lang in config.languages}
        return SiteAssets(urls, preload, digests, prerendered, Stylesheets.of_site(config))

    def _wheel_into(self, out: Path, source_hash: str) -> str:
        if self._wheel is None or self._wheel[0] != source_hash:
            # Compiled, as the page would otherwise compile elo_core on each fresh start.
            data, name = assets.build_wheel(self.config)
            self._wheel = (source_hash, bytecode.compiled(data, "wheel", self.config.cache_root,
                                                          self.config.pyodide_dir), name)
        _, data, name = self._wheel
        relative = f"wheels/{assets.digest(data)}/{name}"
        write_bytes(out / relative, data)
        return relative

    def _stdlib_into(self, out: Path) -> str:
        """The standard library the page loads (:mod:`sitegen.stdlib`), named by its hash."""
        data = stdlib.trimmed_archive(self.config)
        relative = f"wheels/python_stdlib.{assets.digest(data)}.zip"
        write_bytes(out / relative, data)
        return relative

    def _lock_into(self, out: Path, wheels: list[str]) -> str:
        """The site's pyodide-lock.json naming ``wheels``, under a name that holds its hash.

        Pyodide's loader reads each wheel's address and sha256 from it; the runtime's
        folder keeps only the distribution's (empty) lock, as it is cached for a year.
        """
        key = (self.config.base_path, *wheels)
        if self._lock is None or self._lock[0] != key:
            stock = assets.site_lock(self.config.pyodide_dir / assets.LOCK_FILE)
            self._lock = (key, lockfile.lock_with_wheels(
                self.config, stock, out, [out / wheel for wheel in wheels]))
        data = self._lock[1].encode("utf-8")
        relative = f"wheels/pyodide-lock.{assets.digest(data)}.json"
        write_bytes(out / relative, data)
        return relative

    def _assets_into(self, out: Path, elo_hash: str) -> tuple[dict[str, str], list[str]]:
        """The engine's runtime, the wheel, scripts, stylesheet and icon, written into
        ``out``; their addresses by name, and the modules the pages preload."""
        config = self.config
        # The engine's runtime, and the sha256 of every file of it the worker loads: the
        # worker checks each before use (engine-worker.js), so they are written into it.
        runtime = {
            "pyodide": assets.copy_pyodide(config, out),
            "lock": self._lock_into(out, [wheel := self._wheel_into(out, elo_hash)]),
            "stdlib": self._stdlib_into(out),
        }
        checked = [wheel, runtime["lock"], runtime["stdlib"],
                   *(runtime["pyodide"] + name for name in assets.PYODIDE_FILES)]
        integrity = assets.sha256_of({config.url(path): out / path for path in checked})
        modules = assets.fingerprint_modules(
            config.source_dir / "js", out, "assets", config.root,
            fill={"engine-worker.js": (WORKER_INTEGRITY, f"const INTEGRITY = {json.dumps(integrity)};")},
        )
        asset_urls = {
            "css": assets.fingerprint(config.source_dir / "css" / "site.css", out, "assets",
                                      config.root),
            "icon": assets.fingerprint(config.source_dir / "icons" / "icon.svg", out, "assets"),
            # The web app's icons (manifest.webmanifest), drawn from icon.svg (sitegen/icons.py).
            **{name.removesuffix(".png").replace("-", "_"): assets.fingerprint(
                config.source_dir / "icons" / name, out, "assets") for name in icons.ICONS},
            "app": modules.paths["app.js"],
            "worker": modules.paths["engine-worker.js"],
            "offline": modules.paths["offline.js"],
            "article": modules.paths["article.js"],
            # The tournament page's table: sorting, each player's rounds, a dropped file.
            "tournament": modules.paths["tournament.js"],
            "prefetch": modules.paths["prefetch.js"],
            # Reading a chosen file into its field (the club league's, the tournament's).
            "files": modules.paths["files.js"],
            **runtime,
        }
        asset_urls = {name: config.url(path) for name, path in asset_urls.items()}
        # Fetched at once, in parallel, instead of one import level after another.
        preload = [config.url(path) for path in modules.graph("app.js")]
        return asset_urls, preload
