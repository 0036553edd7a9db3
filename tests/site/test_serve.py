"""`build.py serve`: MIME types Pyodide needs, a rebuild on change, and a reload signal."""

from __future__ import annotations

import socket
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path

from sitegen.config import SiteConfig

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def get(url: str) -> tuple[str, bytes]:
    with urllib.request.urlopen(url, timeout=10) as response:
        return response.headers["Content-Type"], response.read()


def test_serve_rebuilds_on_change_and_tells_pages_to_reload(fixture_config: SiteConfig) -> None:
    port = free_port()
    base = f"http://127.0.0.1:{port}/"
    server = subprocess.Popen(
        [sys.executable, str(ROOT / "build.py"), "serve", "--port", str(port),
         "--content", str(fixture_config.content_dir), "--out", str(fixture_config.out_dir)],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
    )
    try:
        for _ in range(100):
            try:
                get(base + "en/example/")
                break
            except OSError:
                time.sleep(0.1)
        kind, page = get(base + "en/example/")
        assert kind.startswith("text/html") and b"__reload.js" in page
        assert get(base + "pyodide/314.0.7/pyodide.asm.wasm")[0] == "application/wasm"
        assert get(base + "pyodide/314.0.7/pyodide.mjs")[0] == "text/javascript"

        events: list[str] = []
        stream = urllib.request.urlopen(base + "__reload", timeout=20)

        def listen() -> None:
            for raw in stream:
                events.append(raw.decode())
                if raw.startswith(b"event: reload"):
                    return

        listener = threading.Thread(target=listen, daemon=True)
        listener.start()
        time.sleep(0.5)
        article = fixture_config.content_dir / "en" / "example.md"
        article.write_text(article.read_text() + "\nA sentence added while serving.\n")
        listener.join(timeout=20)
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
