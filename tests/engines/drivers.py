"""WebKit and Firefox for the cross-engine tests, behind one small interface.

WebKit: WebKitGTK's WebDriver (``WebKitWebDriver``, Debian's ``webkit2gtk-driver``) with its
MiniBrowser, through Selenium, in an Xvfb display of its own. Firefox: Debian's Firefox ESR
through puppeteer-core over WebDriver BiDi (``firefox_bridge.mjs``). Each ``open()`` is a fresh
profile with one page. A missing engine fails the tests that need it, saying what to install:
it is never skipped (``./dev test`` installs them).
"""

from __future__ import annotations

import glob
import json
import os
import shutil
import signal
import socket
import subprocess
import time
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import pytest

T = TypeVar("T")
ROOT = Path(__file__).resolve().parents[2]
READY_TIMEOUT_S = 180  # a cold engine in WebKit on a loaded 2-core machine took over 90 s


class Page:
    """One page in a fresh profile."""

    engine: str

    def goto(self, url: str) -> None: raise NotImplementedError
    def call(self, source: str, *args: Any) -> Any:
        """The value of the JavaScript function ``source`` called with ``args`` (awaited)."""
        raise NotImplementedError
    def fill(self, selector: str, text: str) -> None:
        """Typed, key by key, into the field (after clearing it)."""
        raise NotImplementedError
    def click(self, selector: str) -> None: raise NotImplementedError
    def focus(self, selector: str) -> None: raise NotImplementedError
    def upload(self, selector: str, path: Path) -> None: raise NotImplementedError
    def viewport(self, width: int, height: int) -> None: raise NotImplementedError
    def screenshot(self, path: Path) -> None: raise NotImplementedError
    def close(self) -> None: raise NotImplementedError

    def js(self, expression: str) -> Any:
        return self.call(f"() => ({expression})")

    def poll(self, read: Callable[[], T], done: Callable[[T], object] = bool,
             seconds: float = 30) -> T:
        """``read()`` every 250 ms until ``done`` holds for it or ``seconds`` have passed."""
        deadline = time.monotonic() + seconds
        while not done(value := read()) and time.monotonic() < deadline:
            time.sleep(0.25)
        return value

    def text(self, selector: str) -> str:
        return str(self.call("(s) => document.querySelector(s)?.textContent ?? null", selector))

    def value(self, selector: str) -> str:
        return str(self.call("(s) => document.querySelector(s).value", selector))

    def wait_text(self, selector: str, text: str, seconds: float = 30) -> str:
        """The element's text once it contains ``text`` (or the last seen)."""
        return self.poll(lambda: self.text(selector), lambda seen: text in (seen or ""), seconds)

    def engine_state(self, seconds: float = READY_TIMEOUT_S) -> str:
        """The engine's state once it is ready or has failed (data-engine)."""
        return str(self.poll(lambda: self.js("document.documentElement.dataset.engine"),
                             lambda state: state in ("ready", "error"), seconds))


# --- WebKit ------------------------------------------------------------------------------

def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def minibrowser() -> str | None:
    found = sorted(glob.glob("/usr/lib/*/webkit2gtk-4.*/MiniBrowser")
                   + glob.glob("/usr/libexec/webkit2gtk-4.*/MiniBrowser"))
    return found[-1] if found else None


SESSION_START_S = 60  # WebKit: the longest wait for a new session (see WebKit._session)
COMMAND_S = 240  # and for any command in it


class WebKit:
    name = "webkit"

    def __init__(self) -> None:
        missing = [tool for tool, found in (("WebKitWebDriver", shutil.which("WebKitWebDriver")),
                                            ("MiniBrowser", minibrowser()),
                                            ("Xvfb", shutil.which("Xvfb"))) if not found]
        if missing:
            pytest.fail(f"WebKit is not installed ({', '.join(missing)} missing): install Debian's "
                        "webkit2gtk-driver and xvfb (./dev test does, as root)", pytrace=False)
        read, write = os.pipe()
        self.xvfb = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0", "1280x1024x24",
                                      "-nolisten", "tcp"], pass_fds=(write,),
                                     stderr=subprocess.DEVNULL)
        os.close(write)
        with os.fdopen(read) as display:
            number = display.readline().strip()
        self.display = f":{number}"
        self._start_driver()
        first = self.open()
        self.version = f"WebKitGTK {first.session.capabilities.get('browserVersion')}"
        first.close()

    def _start_driver(self) -> None:
        self.port = _free_port()
        # A process group of its own, so stopping the driver stops the MiniBrowsers it started.
        self.driver = subprocess.Popen(["WebKitWebDriver", f"--port={self.port}"],
                                       env={**os.environ, "DISPLAY": self.display},
                                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                       start_new_session=True)
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                break
            except OSError:
                time.sleep(0.1)

    def _stop_driver(self) -> None:
        try:
            os.killpg(self.driver.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        self.driver.wait(10)

    def open(self) -> WebKitPage:
        """A new session; a session start that gets no answer (MiniBrowser hung at launch: seen
        once in a full run with the load average at 10, and once in a quiet one) is tried once
        more with a fresh driver.
        Only the browser's launch is retried: every command on the page has one chance."""
        from urllib3.exceptions import ReadTimeoutError

        try:
            return self._session()
        except ReadTimeoutError as hung:
            warnings.warn(f"WebKit did not start a session ({hung}); trying with a fresh driver",
                          stacklevel=2)
            self._stop_driver()
            self._start_driver()
            return self._session()

    def _session(self) -> WebKitPage:
        from selenium import webdriver
        from selenium.webdriver.remote.client_config import ClientConfig
        from selenium.webdriver.remote.remote_connection import RemoteConnection

        options = webdriver.WebKitGTKOptions()
        options.binary_location = minibrowser() or ""
        options.add_argument("--automation")
        address = f"http://127.0.0.1:{self.port}"
        # A session starts in under a second (0.3-0.4 s on the quiet machine): one with no
        # answer after a minute has hung, and open() tries again. A command then gets an
        # answer or fails within 4 minutes: a browser that died (seen under heavy load) must
        # not leave the run waiting for ever. The timeout is read at each request.
        config = ClientConfig(remote_server_addr=address, timeout=SESSION_START_S)
        session = webdriver.Remote(RemoteConnection(client_config=config), options=options)
        config.timeout = COMMAND_S
        return WebKitPage(session)

    def quit(self) -> None:
        self.driver.terminate()
        self.driver.wait(10)
        self.xvfb.terminate()
        self.xvfb.wait(10)


class WebKitPage(Page):
    engine = "webkit"

    def __init__(self, session: Any) -> None:
        from selenium.webdriver.remote.file_detector import UselessFileDetector

        self.session = session
        session.set_script_timeout(60)
        session.set_page_load_timeout(90)
        # A path typed into a file field is the file (the driver runs on this machine): not
        # Selenium's upload endpoint, which WebKitWebDriver does not have.
        session.file_detector = UselessFileDetector()

    def _find(self, selector: str) -> Any:
        from selenium.webdriver.common.by import By

        return self.session.find_element(By.CSS_SELECTOR, selector)

    def goto(self, url: str) -> None:
        self.session.get(url)

    def call(self, source: str, *args: Any) -> Any:
        answer = self.session.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            f"Promise.resolve().then(() => ({source})(...[...arguments].slice(0, -1)))"
            ".then((value) => done({value}), (error) => done({error: String(error)}));", *args)
        if "error" in answer:
            raise RuntimeError(f"in WebKit: {answer['error']}")
        return answer.get("value")

    def fill(self, selector: str, text: str) -> None:
        field = self._find(selector)
        field.clear()
        field.send_keys(text)

    def click(self, selector: str) -> None:
        self._find(selector).click()

    def focus(self, selector: str) -> None:
        self.call("(s) => document.querySelector(s).focus()", selector)

    def upload(self, selector: str, path: Path) -> None:
        self._find(selector).send_keys(str(path))

    def viewport(self, width: int, height: int) -> None:
        # The window, so that the page's own viewport is the size asked for (GTK keeps a
        # window of MiniBrowser's at least some 450 px wide).
        inner = self.js("[innerWidth, innerHeight]")
        outer = self.session.get_window_size()
        self.session.set_window_size(width + outer["width"] - inner[0],
                                     height + outer["height"] - inner[1])

    def screenshot(self, path: Path) -> None:
        self.session.save_screenshot(str(path))

    def close(self) -> None:
        self.session.quit()


# --- Firefox -----------------------------------------------------------------------------

def firefox_binary() -> str | None:
    return shutil.which("firefox-esr") or shutil.which("firefox")


class Firefox:
    name = "firefox"

    def __init__(self) -> None:
        binary = firefox_binary()
        bridge = ROOT / "node_modules" / "puppeteer-core"
        if binary is None or not bridge.is_dir():
            pytest.fail("Firefox is not installed (firefox-esr, or npm's puppeteer-core, missing): "
                        "install Debian's firefox-esr and run npm ci (./dev test does both)",
                        pytrace=False)
        self.process = subprocess.Popen(
            ["node", str(Path(__file__).with_name("firefox_bridge.mjs")), binary],
            cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.count = 0
        self.version = f"Firefox {str(self.send('version')).split('/')[-1]}"

    def send(self, op: str, *args: Any) -> Any:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.count += 1
        self.process.stdin.write(json.dumps({"id": self.count, "op": op, "args": args}) + "\n")
        line = self.process.stdout.readline()
        if not line:
            raise RuntimeError(f"Firefox's bridge stopped (exit {self.process.poll()})")
        answer = json.loads(line)
        if not answer["ok"]:
            raise RuntimeError(f"in Firefox, {op}: {answer['error']}")
        return answer["value"]

    def open(self) -> FirefoxPage:
        profile = self.send("profile")
        return FirefoxPage(self, profile, self.send("page", profile))

    def quit(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.close()
        try:
            self.process.wait(20)
        except subprocess.TimeoutExpired:
            self.process.kill()


class FirefoxPage(Page):
    engine = "firefox"

    def __init__(self, firefox: Firefox, profile: str, page: str) -> None:
        self.firefox, self.profile, self.page = firefox, profile, page

    def goto(self, url: str) -> None:
        self.firefox.send("goto", self.page, url)

    def call(self, source: str, *args: Any) -> Any:
        return self.firefox.send("call", self.page, source, list(args))

    def fill(self, selector: str, text: str) -> None:
        self.firefox.send("fill", self.page, selector, text)

    def click(self, selector: str) -> None:
        self.firefox.send("click", self.page, selector)

    def focus(self, selector: str) -> None:
        self.firefox.send("focus", self.page, selector)

    def upload(self, selector: str, path: Path) -> None:
        self.firefox.send("upload", self.page, selector, str(path))

    def viewport(self, width: int, height: int) -> None:
        self.firefox.send("viewport", self.page, width, height)

    def screenshot(self, path: Path) -> None:
        self.firefox.send("screenshot", self.page, str(path))

    def close(self) -> None:
        self.firefox.send("closeProfile", self.profile)
