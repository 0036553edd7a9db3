"""What the browser tests do with a page of the served site: open it in a new browser profile
(its engine ready, still starting, or kept out), wait for a state the page reaches in the
background, type into its fields and read its outputs, choose a file, and save a screenshot;
and which pages the site has."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from sitegen.catalogs import Catalogs
from sitegen.config import SiteConfig
from sitegen.content import Page, load_pages

T = TypeVar("T")

READY = 'html[data-engine="ready"]'
# The engine starts a Python runtime: a loaded machine may take most of a minute.
READY_TIMEOUT_MS = 60_000
# Any other action or wait that names no timeout of its own.
ACTION_TIMEOUT_MS = 20_000
SCREENSHOTS = Path(__file__).resolve().parents[2] / "test-results" / "screenshots"


# --- Opening a page ------------------------------------------------------------------------

def new_page(context: Any, url: str) -> tuple[Any, list[str]]:
    """A new page of ``context`` (a browser profile) at ``url``, and the list its uncaught
    script errors are collected in. Its engine may still be starting, or idle until wanted."""
    page = context.new_page()
    page.set_default_timeout(ACTION_TIMEOUT_MS)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(url)
    return page, errors


def open_page(browser: Any, url: str, **context_args: Any) -> tuple[Any, Any, list[str]]:
    """A new context with one page at ``url`` (see ``new_page``), and its error list."""
    context = browser.new_context(**context_args)
    page, errors = new_page(context, url)
    return context, page, errors


def wait_ready(page: Any, timeout_ms: float = READY_TIMEOUT_MS) -> str:
    """Waits until the page's engine is ready; how it started: "fresh" or "snapshot"."""
    page.locator(READY).wait_for(state="attached", timeout=timeout_ms)
    start: str = page.evaluate("document.documentElement.dataset.engineStart")
    return start


def wait_snapshot_stored(page: Any, timeout_ms: float = READY_TIMEOUT_MS) -> None:
    """Waits until the page has stored the engine's memory snapshot (or found it stored)."""
    page.locator('html[data-engine-snapshot="stored"]').wait_for(state="attached",
                                                                 timeout=timeout_ms)


def snapshot_keys(page: Any) -> list[str]:
    """The addresses the engine's memory snapshots are stored under (their cache is named by
    the site's scope, /)."""
    keys: list[str] = page.evaluate("""async () => {
      if (!(await caches.has("elo-snapshot /"))) return [];
      return (await (await caches.open("elo-snapshot /")).keys()).map((request) => request.url);
    }""")
    return keys


def open_ready(browser: Any, url: str, *, ready_timeout_ms: float = READY_TIMEOUT_MS,
               **context_args: Any) -> tuple[Any, Any, list[str]]:
    """A new context with one page at ``url`` once its engine is ready, and the list its
    uncaught script errors are collected in."""
    context, page, errors = open_page(browser, url, **context_args)
    wait_ready(page, ready_timeout_ms)
    return context, page, errors


def open_without_engine(browser: Any, width: int, height: int, **context_args: Any
                        ) -> tuple[Any, Any]:
    """A new context of a ``width`` × ``height`` screen whose pages never get the engine, and
    its one page (no address yet): the layout is the build's, checked with the numbers the
    build wrote, and the engine would load once for every page visited."""
    context = browser.new_context(viewport={"width": width, "height": height}, **context_args)
    context.route("**/pyodide/**", lambda route: route.abort())
    page = context.new_page()
    page.set_default_timeout(ACTION_TIMEOUT_MS)
    return context, page


# --- Waiting -------------------------------------------------------------------------------

def poll(page: Any, read: Callable[[], T], done: Callable[[T], object] = bool,
         seconds: float = 120) -> T:
    """``read()`` every 200 ms until ``done`` holds for its value or ``seconds`` have passed;
    the last value. A deadline, not a count of tries, so a loaded machine waits as long as
    an idle one; a loop, as the page's CSP allows no eval (no ``wait_for_function``)."""
    deadline = time.monotonic() + seconds
    while not done(value := read()) and time.monotonic() < deadline:
        page.wait_for_timeout(200)
    return value


# --- Fields and outputs --------------------------------------------------------------------

def fill(page: Any, **values: str) -> None:
    """Types each value into the field of that name, in the order given."""
    for name, value in values.items():
        page.fill(f'[name="{name}"]', value)


def out(page: Any, name: str) -> str:
    """The text of the output ``name`` (the one element ``[data-out=name]``)."""
    text: str = page.inner_text(f'[data-out="{name}"]')
    return text


def wait_out(page: Any, name: str, text: str, timeout_ms: float | None = None) -> str:
    """Waits until an output ``name`` shows ``text`` among its text (the engine's answer);
    what the output then shows, all of it."""
    page.locator(f'[data-out="{name}"]', has_text=text).first.wait_for(timeout=timeout_ms)
    return out(page, name)


def wait_out_exactly(page: Any, name: str, text: str) -> None:
    """Waits until the output ``name`` shows ``text`` (the engine's answer), and nothing else."""
    assert wait_out(page, name, text) == text


def unfold_options(page: Any) -> None:
    """Opens every part of the calculators folded away (on a phone, the tournament's options),
    as a reader does to type in them."""
    page.evaluate("document.querySelectorAll('section[data-mode] details')"
                  ".forEach((d) => { d.open = true; })")


def choose_file(page: Any, field: str, name: str, content: str | bytes,
                mime_type: str = "text/plain") -> None:
    """Chooses a file called ``name`` in the file field ``field`` (a selector); a text is
    sent as UTF-8."""
    data = content.encode("utf-8") if isinstance(content, str) else content
    page.set_input_files(field, files=[{"name": name, "mimeType": mime_type, "buffer": data}])


def player_row(page: Any, name: str) -> Any:
    """The tournament table's body of the player called ``name``: the row and its panel."""
    return page.locator(".trf-table > tbody", has=page.locator(".trf-open", has_text=name))


# --- Looking -------------------------------------------------------------------------------

def screenshot(target: Any, name: str, **options: Any) -> None:
    """Saves a screenshot of a page or an element as test-results/screenshots/``name``.png,
    for anyone to look at (not committed)."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    target.screenshot(path=SCREENSHOTS / f"{name}.png", **options)


# --- The site's pages ----------------------------------------------------------------------

def site_page(site: SiteConfig, lang: str, key: str) -> Page:
    """The page ``key`` in ``lang``."""
    return next(page for page in load_pages(site) if page.lang == lang and page.key == key)


def tool_pages(site: SiteConfig, lang: str) -> list[Page]:
    return [page for page in load_pages(site) if page.lang == lang and page.is_tool]


def all_paths(site: SiteConfig) -> list[str]:
    """Every page's path, the language picker's ("") first."""
    return ["", *(page.path for page in load_pages(site))]


def messages(site: SiteConfig, lang: str) -> dict[str, str]:
    """The messages the build gives the page's scripts in ``lang``."""
    return Catalogs(site).browser_messages(lang)
