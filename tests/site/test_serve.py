"""`build.py serve`: MIME types Pyodide needs, a rebuild on change, and a reload signal."""

from __future__ import annotations

import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from pathlib import Path

import pytest

from sitegen.config import SiteConfig

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def get(url: str) -> tuple[str, bytes]:
    with urllib.request.urlopen(url, timeout=10) as response:
        return response.headers["Content-Type"], response.read()


def _start(config: SiteConfig, port: int) -> subprocess.Popen[str]:
    server = subprocess.Popen(
        [sys.executable, str(ROOT / "build.py"), "serve", "--port", str(port),
         "--content", str(config.content_dir), "--out", str(config.out_dir)],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
    )
    for _ in range(1200):
        try:
            get(f"http://127.0.0.1:{port}/en/example/")
            return server
        except OSError:
            time.sleep(0.1)
    return server


def _events_around(base: str, change: Callable[[], object], until: bytes,
                   seconds: float) -> list[str]:
    """The reload stream's lines from before ``change`` until one that starts with ``until``
    (or ``seconds`` pass)."""
    events: list[str] = []
    stream = urllib.request.urlopen(base + "__reload", timeout=seconds)

    def listen() -> None:
        for raw in stream:
            events.append(raw.decode())
            if raw.startswith(until):
                return

    listener = threading.Thread(target=listen, daemon=True)
    listener.start()
    time.sleep(0.5)
    change()
    listener.join(timeout=seconds)
    return events


def test_serve_rebuilds_on_change_and_tells_pages_to_reload(fixture_config: SiteConfig) -> None:
    port = free_port()
    base = f"http://127.0.0.1:{port}/"
    server = _start(fixture_config, port)
    try:
        kind, page = get(base + "en/example/")
        assert kind.startswith("text/html") and b"__reload.js" in page
        assert get(base + "pyodide/314.0.7/pyodide.asm.wasm")[0] == "application/wasm"
        assert get(base + "pyodide/314.0.7/pyodide.mjs")[0] == "text/javascript"

        article = fixture_config.content_dir / "en" / "example.md"
        events = _events_around(base, lambda: article.write_text(
            article.read_text() + "\nA sentence added while serving.\n"), b"event: reload", 20)
        assert any(e.startswith("event: reload") for e in events), events
        assert b"A sentence added while serving." in get(base + "en/example/")[1]
    finally:
        server.terminate()
        output, _ = server.communicate(timeout=10)
    assert "rebuilt in" in output


def test_serve_on_a_busy_port_says_which_and_suggests_another(fixture_config: SiteConfig) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        run = subprocess.run(
            [sys.executable, str(ROOT / "build.py"), "serve", "--port", str(port),
             "--content", str(fixture_config.content_dir), "--out", str(fixture_config.out_dir)],
            cwd=ROOT, capture_output=True, text=True, timeout=60,
        )
    assert run.returncode == 1
    assert f"cannot serve on 127.0.0.1:{port}" in run.stderr and f"--port {port + 1}" in run.stderr
    assert "Traceback" not in run.stderr


def test_a_failing_rebuild_keeps_the_last_good_build_and_shows_the_error(
    fixture_config: SiteConfig,
) -> None:
    port = free_port()
    base = f"http://127.0.0.1:{port}/"
    server = _start(fixture_config, port)
    try:
        good = get(base + "en/example/")[1]
        article = fixture_config.content_dir / "en" / "example.md"
        # Front matter that used to end the build with a traceback.
        events = _events_around(base, lambda: article.write_text("---\n? [a]\n: 1\n---\nbody\n"),
                                b"data: \"", 60)
        assert any(e.startswith("event: build-error") for e in events), events
        message = next(e for e in events if e.startswith("data: "))
        assert f"{article}:2:" in message and "a key must be a name" in message
        # Still serving the last good build, and the script shows the message on open pages.
        assert get(base + "en/example/")[1] == good
        assert b"build-error" in get(base + "__reload.js")[1]
        # No folder is listed.
        try:
            get(base + "assets/")
            listed = True
        except urllib.error.HTTPError as error:
            listed = False
            assert error.code == 404
        assert not listed, "the dev server listed a folder"
    finally:
        server.terminate()
        output, _ = server.communicate(timeout=10)
    assert "build failed" in output and "Traceback" not in output


def test_serve_builds_into_its_own_folder_never_dist(monkeypatch: pytest.MonkeyPatch) -> None:
    import build as build_script
    import sitegen.serve

    seen: list[SiteConfig] = []
    monkeypatch.setattr(sitegen.serve, "serve",
                        lambda config, host, port: seen.append(config) or 0)
    assert build_script.main(["serve"]) == 0
    assert seen[0].out_dir == SiteConfig().cache_root / "serve-dist"
    assert seen[0].out_dir != SiteConfig().out_dir and not seen[0].publishing


def test_the_server_answers_only_requests_addressed_to_it(tmp_path: Path) -> None:
    """Issue 42, item 13: a page elsewhere could point its own name at 127.0.0.1 (DNS
    rebinding) and read drafts and build errors: the server answered any Host header."""
    import http.client

    from sitegen.serve import make_server

    (tmp_path / "en").mkdir()
    (tmp_path / "en" / "index.html").write_text("<p>a draft</p>")
    server = make_server(tmp_path, "127.0.0.1", 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    port = server.server_address[1]

    def ask(host: str, method: str = "GET") -> tuple[int, bytes]:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        try:
            connection.putrequest(method, "/en/", skip_host=True)
            connection.putheader("Host", host)
            connection.endheaders()
            response = connection.getresponse()
            return response.status, response.read()
        finally:
            connection.close()

    try:
        for host in (f"127.0.0.1:{port}", f"localhost:{port}", f"LOCALHOST:{port}",
                     f"app.localhost:{port}", f"[::1]:{port}", "127.0.0.1"):
            assert ask(host) == (200, b"<p>a draft</p>"), host
        for host in (f"evil.example:{port}", "evil.example", f"127.0.0.1.evil.example:{port}",
                     f"localhost.evil.example:{port}", "", "[bad"):
            status, body = ask(host)
            assert status == 421 and b"draft" not in body, host
        assert ask(f"evil.example:{port}", "HEAD")[0] == 421
    finally:
        server.shutdown()
        server.server_close()

