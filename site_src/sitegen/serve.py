"""``build.py serve``: build, serve on 127.0.0.1, rebuild on change, reload pages.

It builds into a folder of its own (``.cache/serve-dist``), never ``dist/``: its pages carry
the reload script, which must never be published. A failing rebuild keeps the last good build
served and shows the error on the open pages, and in the terminal, until a build succeeds.

It answers only requests addressed to itself: an IP address, ``localhost`` (``*.localhost``)
or the host name it was started with. Another name in the ``Host`` header is a page elsewhere
that made its own name point at this machine (DNS rebinding), to read drafts and errors.
"""

from __future__ import annotations

import errno
import functools
import http.server
import ipaddress
import json
import logging
import os
import threading
import time
from http import HTTPStatus
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

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
# Reloads the page after a good build; shows a failed build's message over the page (built
# with the DOM and CSSOM, which the pages' Content-Security-Policy allows).
RELOAD_SCRIPT = """\
const events = new EventSource(new URL("__reload", document.baseURI.replace(/[^/]*$/, "")).toString());
events.addEventListener("reload", () => location.reload());
// The build's notices for authors (a translation missing or behind its source).
const notice = document.getElementById("__dev-notice");
if (notice) {
  Object.assign(notice.style, {margin: "0", padding: "0.5rem 1rem", background: "#fff3c4",
    color: "#3a2a00", borderBottom: "2px solid #c99a00", font: "14px/1.4 system-ui, sans-serif",
    overflowWrap: "anywhere"});
  Object.assign(notice.firstElementChild.style, {margin: "0", paddingLeft: "1.2rem"});
}
events.addEventListener("build-error", (event) => {
  let box = document.getElementById("__build-error");
  if (!box) {
    box = document.createElement("pre");
    box.id = "__build-error";
    box.setAttribute("role", "alert");
    Object.assign(box.style, {position: "fixed", inset: "0 0 auto 0", zIndex: "9999", margin: "0",
      padding: "1rem", background: "#7a1010", color: "#fff", font: "14px/1.4 monospace",
      whiteSpace: "pre-wrap", maxHeight: "50vh", overflow: "auto"});
    document.body.append(box);
  }
  box.textContent = "Build failed; still showing the last good build.\\n\\n" + JSON.parse(event.data);
});
"""


class Generation:
    """Counts successful builds and remembers the last failure; reload streams wait for either."""

    def __init__(self) -> None:
        self.number = 0  # good builds
        self.version = 0  # good or failed builds
        self.error: str | None = None
        self.changed = threading.Condition()

    def bump(self) -> None:
        with self.changed:
            self.number += 1
            self.version += 1
            self.error = None
            self.changed.notify_all()

    def fail(self, message: str) -> None:
        with self.changed:
            self.version += 1
            self.error = message
            self.changed.notify_all()

    def wait_after(self, version: int, timeout: float) -> tuple[int, int, str | None]:
        """(version, good builds, error) once the version differs from ``version``."""
        with self.changed:
            self.changed.wait_for(lambda: self.version != version, timeout=timeout)
            return self.version, self.number, self.error


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}
    base_path = "/"
    # Names it answers to besides addresses and localhost: the host it was started with.
    host_names: frozenset[str] = frozenset()
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

    def _addressed_here(self) -> bool:
        """Whether the request's Host names this server: an IP address, localhost, or the name
        it was started with (see the module's doc); else it is answered 421, with nothing."""
        try:
            name = urlsplit("//" + (self.headers.get("Host") or "")).hostname
        except ValueError:
            name = None
        if name is not None:
            try:
                ipaddress.ip_address(name)
                return True
            except ValueError:
                if name == "localhost" or name.endswith(".localhost") or name in self.host_names:
                    return True
        body = (b"This server answers requests for 127.0.0.1, localhost or its own name "
                b"only.\n")
        self.send_response(HTTPStatus.MISDIRECTED_REQUEST)
        self.send_header("Content-Type", "text/plain; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        super().end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)
        return False

    def do_HEAD(self) -> None:  # noqa: N802
        if self._addressed_here():
            super().do_HEAD()

    def do_GET(self) -> None:  # noqa: N802
        if not self._addressed_here():
            return
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

    def list_directory(self, path: str | os.PathLike[str]) -> None:
        """No folder listings: a folder without an index.html is not found."""
        self._not_found()
        return None

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
        with generation.changed:
            version, good, error = generation.version, generation.number, generation.error
        try:
            if error is not None:  # a page opened while the last build is failing
                self.wfile.write(_error_event(error))
                self.wfile.flush()
            while True:
                now, now_good, error = generation.wait_after(version, timeout=15)
                if now_good != good:
                    message = b"event: reload\ndata: 1\n\n"
                elif now != version and error is not None:
                    message = _error_event(error)
                else:
                    message = b": keep-alive\n\n"
                version, good = now, now_good
                self.wfile.write(message)
                self.wfile.flush()
        except (BrokenPipeError, ConnectionResetError):
            return


class _Server(http.server.ThreadingHTTPServer):
    def handle_error(self, request: Any, client_address: Any) -> None:
        """A browser that closed its connection (a reload stream, a page left) is no error."""
        import sys

        if isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError)):
            return
        super().handle_error(request, client_address)


def _error_event(message: str) -> bytes:
    return f"event: build-error\ndata: {json.dumps(message)}\n\n".encode()


def make_server(directory: Path, host: str, port: int, base_path: str = "/",
                generation: Generation | None = None,
                request_log: list[str] | None = None) -> http.server.ThreadingHTTPServer:
    handler = type("Handler", (SiteHandler,), {"base_path": base_path, "generation": generation,
                                               "request_log": request_log,
                                               "host_names": frozenset({host.lower()})})
    server = _Server((host, port), functools.partial(handler, directory=str(directory)))
    server.daemon_threads = True
    return server


def serve(config: SiteConfig, *, host: str, port: int) -> int:
    from watchfiles import watch

    from sitegen.pipeline import Builder

    from sitegen.pipeline import output_problem

    # A folder the build may not replace is not served either.
    problem = output_problem(config)
    if problem is not None:
        log.error("cannot serve: %s", problem)
        return 1
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
    except Exception as error:  # noqa: BLE001 — a build never stops the server
        generation.fail(_failure(error))
        log.error("build failed: %s", _failure(error))
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
            except Exception as error:  # noqa: BLE001 — keep serving the last good build
                generation.fail(_failure(error))
                log.error("build failed: %s (still serving the previous build)", _failure(error))
                continue
            log.info("rebuilt in %.0f ms", (time.perf_counter() - started) * 1000)
            generation.bump()
    except KeyboardInterrupt:
        pass
    finally:
        server.shutdown()
    return 0


def _failure(error: Exception) -> str:
    """A failed build in one message: the file and line of a BuildError; else what broke."""
    if isinstance(error, BuildError):
        return str(error)
    log.exception("unexpected failure in the build")  # the traceback, for the generator's bugs
    return f"unexpected failure in the build: {type(error).__name__}: {error}"
