"""A clock the tests move forward instead of sleeping: `Store(url, clock=fake.now)`,
`create_app(..., clock=fake.now)`."""

from __future__ import annotations

import asyncio
import threading
from datetime import datetime, timedelta, timezone


class FakeClock:
    def __init__(self, start: datetime | None = None):
        self._at = start or datetime(2026, 11, 2, 9, 0, tzinfo=timezone.utc)
        self._lock = threading.Lock()

    def now(self) -> datetime:
        with self._lock:
            return self._at

    def advance(self, **delta) -> datetime:
        with self._lock:
            self._at += timedelta(**delta)
            return self._at


def sweep_now(app):
    """One pass of the server's own sweep, in its own event loop, waited for (the app is served)."""
    service = app.state.service
    return asyncio.run_coroutine_threadsafe(service.sweep(), service.loop).result(timeout=30)
