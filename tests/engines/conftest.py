"""The engines of the cross-engine tests: one WebKit and one Firefox per test process."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from drivers import Firefox, WebKit

ENGINES = {"webkit": WebKit, "firefox": Firefox}


@pytest.fixture(scope="session", params=list(ENGINES))
def engine(request: pytest.FixtureRequest) -> Iterator[Any]:
    """A running WebKit or Firefox; its version goes into the test report."""
    started = ENGINES[request.param]()
    yield started
    started.quit()


@pytest.fixture
def page_in(engine: Any, record_property: Any) -> Iterator[Any]:
    """Opens pages in fresh profiles of ``engine``; each is closed after the test."""
    record_property("engine", engine.version)
    opened: list[Any] = []

    def open_page() -> Any:
        opened.append(engine.open())
        return opened[-1]

    yield open_page
    for page in opened:
        try:
            page.close()
        except Exception:  # noqa: BLE001 — a page the test closed already
            pass
