"""A shaped link on the benchmark's own server: bandwidth and round trips for every request.

Chromium's network emulation applies to a page, not to the service worker's or the
engine worker's fetches, which carry almost all of the engine's bytes. So the server
itself shapes: every response waits one round trip before its first byte (request out,
answer back), a new connection one more (TCP's handshake), and the bodies of all
responses share one link of the profile's bandwidth, sent in 16 KB slices. Bodies are
compressed as static hosts send them: gzip (GitHub Pages, and most hosts) or brotli
(``--encoding br``, at the best level, as hosts that pre-compress send it). Wheels and
zip archives are sent as they are (hosts do not compress ``application/zip``).
"""

from __future__ import annotations

import gzip
import hashlib
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sitegen.config import CACHE_ROOT
from sitegen.serve import SiteHandler

CACHE = CACHE_ROOT / "bench-compressed"
SLICE = 16 * 1024
UNCOMPRESSED = (".zip", ".whl", ".png", ".jpg", ".woff2")


@dataclass(frozen=True)
class Profile:
    name: str
    mbit_s: float
    rtt_ms: float


PROFILES = {
    "10mbit": Profile("10 Mbit/s, 40 ms", 10.0, 40.0),
    "1.6mbit": Profile("1.6 Mbit/s, 150 ms", 1.6, 150.0),
}


def compressed(data: bytes, encoding: str) -> bytes:
    """``data`` compressed; brotli's best level is slow, so its results are kept on disk."""
    if encoding == "gzip":
        return gzip.compress(data, 6, mtime=0)
    import brotli  # type: ignore[import-not-found]

    stored = CACHE / f"{hashlib.sha256(data).hexdigest()}.br"
    if not stored.is_file():
        stored.parent.mkdir(parents=True, exist_ok=True)
        stored.write_bytes(brotli.compress(data, quality=11))
    return stored.read_bytes()


class Link:
    """One shared link: a byte clock that every response's body advances."""

    def __init__(self) -> None:
        self.profile: Profile | None = None
        self.lock = threading.Lock()
        self.free_at = 0.0
        self.sent = 0  # bytes on the wire (headers and bodies) since the last reset
        # Each response since the last reset: (path, arrived, last byte sent, body bytes), in
        # time.monotonic() seconds: the benchmark's waterfall.
        self.requests: list[tuple[str, float, float, int]] = []

    def reset(self) -> int:
        with self.lock:
            sent, self.sent = self.sent, 0
            self.requests = []
            return sent

    def record(self, path: str, arrived: float, size: int) -> None:
        with self.lock:
            self.requests.append((path, arrived, time.monotonic(), size))

    def wait_round_trip(self) -> None:
        if self.profile:
            time.sleep(self.profile.rtt_ms / 1000)

    def send(self, write: Any, data: bytes) -> None:
        for start in range(0, len(data), SLICE):
            chunk = data[start:start + SLICE]
            with self.lock:
                self.sent += len(chunk)
                if self.profile:
                    now = time.monotonic()
                    self.free_at = max(self.free_at, now) + len(chunk) * 8 / (self.profile.mbit_s * 1e6)
                    until = self.free_at
                else:
                    until = 0.0
            delay = until - time.monotonic()
            if delay > 0:
                time.sleep(delay)
            write(chunk)


def shaped_handler(base: type[SiteHandler], link: Link, encoding: str) -> type[SiteHandler]:
    bodies: dict[tuple[str, str], bytes] = {}
    bodies_lock = threading.Lock()

    class Shaped(base):  # type: ignore[valid-type,misc]
        protocol_version = "HTTP/1.1"  # keep-alive, as browsers and hosts use

        def setup(self) -> None:
            super().setup()
            link.wait_round_trip()  # the connection's handshake

        def do_GET(self) -> None:  # noqa: N802
            arrived = time.monotonic()
            path = Path(self.translate_path(self.path))
            if path.is_dir() and self.path.split("?")[0].endswith("/"):
                path = path / "index.html"
            if not path.is_file():
                link.wait_round_trip()
                super().do_GET()
                return
            if self.request_log is not None:
                self.request_log.append(self.path)
            accepted = self.headers.get("Accept-Encoding", "")
            use = encoding if encoding in accepted else ("gzip" if "gzip" in accepted else "")
            if path.suffix in UNCOMPRESSED:
                use = ""
            key = (str(path), use)
            with bodies_lock:
                if key not in bodies:
                    data = path.read_bytes()
                    bodies[key] = compressed(data, use) if use else data
                body = bodies[key]
            link.wait_round_trip()
            self.send_response(200)
            self.send_header("Content-Type", self.guess_type(str(path)))
            if use:
                self.send_header("Content-Encoding", use)
            self.send_header("Vary", "Accept-Encoding")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            link.send(self.wfile.write, body)
            link.record(self.path.split("?")[0], arrived, len(body))

        def flush_headers(self) -> None:
            buffered = getattr(self, "_headers_buffer", [])
            with link.lock:
                link.sent += sum(len(line) for line in buffered)
            super().flush_headers()

    return Shaped


def make_shaped_server(directory: Path, link: Link, encoding: str,
                       request_log: list[str] | None = None) -> Any:
    import functools
    import http.server

    handler = type("Handler", (SiteHandler,), {"request_log": request_log})
    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(shaped_handler(handler, link, encoding),
                                            directory=str(directory)))
    server.daemon_threads = True
    return server
