"""Opening a page of the served site in a new browser profile, its engine ready."""

from __future__ import annotations

from typing import Any

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
