"""Opening a page of the served site in a new browser profile, its engine ready; waiting
for a state the page reaches in the background."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")

# The engine starts a Python runtime: a loaded machine may take most of a minute.
READY_TIMEOUT_MS = 60_000


def open_ready(browser: Any, url: str, **context_args: Any) -> tuple[Any, Any, list[str]]:
    """A new context with one page at ``url`` once its engine is ready, and the list its
    uncaught script errors are collected in."""
    context = browser.new_context(**context_args)
    page = context.new_page()
    page.set_default_timeout(20_000)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(url)
    page.locator('html[data-engine="ready"]').wait_for(state="attached", timeout=READY_TIMEOUT_MS)
    return context, page, errors


def poll(page: Any, read: Callable[[], T], done: Callable[[T], object] = bool,
         seconds: float = 120) -> T:
    """``read()`` every 200 ms until ``done`` holds for its value or ``seconds`` have passed;
    the last value. A deadline, not a count of tries, so a loaded machine waits as long as
    an idle one; a loop, as the page's CSP allows no eval (no ``wait_for_function``)."""
    deadline = time.monotonic() + seconds
    while not done(value := read()) and time.monotonic() < deadline:
        page.wait_for_timeout(200)
    return value
