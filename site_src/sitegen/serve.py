"""``build.py serve``: build, serve dist/ on 127.0.0.1, rebuild on change, reload pages."""

from __future__ import annotations

import errno
import functools
import http.server
import logging
import os
import threading
import time
from pathlib import Path
from typing import Any

from sitegen import headers
from sitegen.config import SiteConfig
from sitegen.errors import BuildError

__all__ = ["MIME_TYPES", "make_server", "serve"]

log = logging.getLogger("sitegen")

# Types for what the built _headers file does not name (it names those Pyodide needs).
MIME_TYPES = {
    ".js": "text/javascript",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".zip": "application/zip",
    ".svg": "image/svg+xml",
    ".xml": "application/xml",
    ".txt": "text/plain; charset=utf-8",
    ".html": "text/html; charset=utf-8",
    ".css": "text/css; charset=utf-8",
}

RELOAD_PATH = "__reload"
RELOAD_SCRIPT = (
    "new EventSource(new URL('__reload', document.baseURI.replace(/[^/]*$/, ''))"
    ".toString()).addEventListener('reload', () => location.reload());"
)


class Generation:
    """Counts successful builds; reload streams wait for the next one."""

    def __init__(self) -> None:
        self.number = 0
        self.changed = threading.Condition()

    def bump(self) -> None:
        with self.changed:
            self.number += 1
            self.changed.notify_all()

    def wait_after(self, number: int, timeout: float) -> int:
        with self.changed:
            self.changed.wait_for(lambda: self.number != number, timeout=timeout)
            return self.number


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}
    base_path = "/"
    generation: Generation | None = None
    # When set, every requested path is appended (tests count downloads with it).
    request_log: list[str] | None = None

    def log_message(self, format: str, *args: Any) -> None:  # quiet: one line per error only
        if args and str(args[1] if len(args) > 1 else "").startswith(("4", "5")):
            super().log_message(format, *args)

    def translate_path(self, path: str) -> str:
        if path.startswith(self.base_path):
            path = "/" + path[len(self.base_path):]
        return super().translate_path(path)

    def _declared(self) -> dict[str, tuple[str, str]]:
        """What the built _headers file asks a host to send for this request, by lower-case name."""
        rules = headers.read_rules(Path(self.directory))  # read again: a rebuild replaces it
        found = headers.headers_for(rules, self.path.split("?")[0])
        return {name.lower(): (name, value) for name, value in found.items()}

    def guess_type(self, path: str | os.PathLike[str]) -> str:
        declared = self._declared().get("content-type")
        return declared[1] if declared else super().guess_type(path)

    def end_headers(self) -> None:
        declared = self._declared()
        declared.pop("content-type", None)  # sent by guess_type, for files only
        # Files _headers gives no lifetime are asked for again, so an edit shows at once.
        declared.setdefault("cache-control", ("Cache-Control", "no-cache"))
        for name, value in declared.values():
            self.send_header(name, value)
        super().end_headers()

    def do_GET(self) -> None:  # noqa: N802
        if self.request_log is not None:
            self.request_log.append(self.path)
        if self.generation is not None and self.path.split("?")[0].endswith("/" + RELOAD_PATH):
            self._stream_reloads(self.generation)
            return
        if self.generation is not None and self.path.split("?")[0].endswith("/__reload.js"):
            body = RELOAD_SCRIPT.encode()
            self.send_response(200)
            self.send_header("Content-Type", "text/javascript")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            return
        path = Path(self.translate_path(self.path))
        if not path.exists() and not path.with_suffix(".html").exists():
            self._not_found()
            return
        super().do_GET()

    def _not_found(self) -> None:
        page = Path(self.directory) / "404.html"
        body = page.read_bytes() if page.is_file() else b"not found"
        self.send_response(404)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def _stream_reloads(self, generation: Generation) -> None:
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.end_headers()
        seen = generation.number
        try:
            while True:
                now = generation.wait_after(seen, timeout=15)
                message = b"event: reload\ndata: 1\n\n" if now != seen else b": keep-alive\n\n"
                seen = now
                self.wfile.write(message)
                self.wfile.flush()
        except (BrokenPipeError, ConnectionResetError):
            return


def make_server(directory: Path, host: str, port: int, base_path: str = "/",
                generation: Generation | None = None,
                request_log: list[str] | None = None) -> http.server.ThreadingHTTPServer:
    handler = type("Handler", (SiteHandler,), {"base_path": base_path, "generation": generation,
                                               "request_log": request_log})
    server = http.server.ThreadingHTTPServer(
        (host, port), functools.partial(handler, directory=str(directory))
    )
    server.daemon_threads = True
    return server


def serve(config: SiteConfig, *, host: str, port: int) -> int:
    from watchfiles import watch

    from sitegen.pipeline import Builder

    generation = Generation()
    # The port first: a busy one is reported before any build work.
    try:
        server = make_server(config.out_dir, host, port, config.base_path, generation)
    except OSError as error:
        hint = (f"; is another server running? Choose another port: --port {port + 1}"
                if error.errno == errno.EADDRINUSE else "")
        log.error("cannot serve on %s:%d: %s%s", host, port, error.strerror, hint)
        return 1
    builder = Builder(config, live_reload=True)
    try:
        builder.build()
    except BuildError as error:
        log.error("build failed: %s", error)
        if not config.out_dir.exists():
            server.server_close()
            return 1
    threading.Thread(target=server.serve_forever, daemon=True).start()
    log.info("serving %s on http://%s:%d%s (Ctrl+C stops)", config.out_dir, host, port, config.base_path)
    watched = [config.content_dir, config.source_dir, config.package_dir]
    try:
        for changes in watch(*watched, debounce=150, step=50,
                             watch_filter=lambda _c, path: "__pycache__" not in path):
            started = time.perf_counter()
            try:
                builder.build(changed={Path(path) for _change, path in changes})
            except BuildError as error:
                log.error("build failed: %s (still serving the previous build)", error)
                continue
            log.info("rebuilt in %.0f ms", (time.perf_counter() - started) * 1000)
            generation.bump()
    except KeyboardInterrupt:
        pass
    finally:
        server.shutdown()
    return 0
