"""Per-connection rate limit of the table socket: a token bucket (docs/protocol.md, "Rate limit").

Each WebSocket gets its own bucket of `burst` tokens, refilled at `rate` tokens a second. A message
that finds the bucket empty is dropped unread (answered `rate_limited`, nothing else happens), so a
flooding client costs the server one small reply per message, never a database read. A client
that keeps flooding — `close_after` drops in a row with no message let through between them — is
disconnected with close code 4429, so a runaway script cannot keep even that going forever.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from enum import Enum

from .protocol import ProtocolError

CLOSE_CODE = 4429  # the socket's "too many requests" (HTTP 429), in the 4000-4999 range apps may use
DEFAULT_CLOSE_AFTER = 100


class TokenBucket:
    """`burst` tokens at most, `rate` new tokens a second; `take()` spends one if there is one.

    The clock is injected (seconds, monotonic) so tests drive time without sleeping."""

    def __init__(self, rate: float, burst: int, clock: Callable[[], float] = time.monotonic):
        if rate <= 0 or burst < 1:
            raise ValueError(f"a bucket needs rate > 0 and burst >= 1, not rate={rate}, burst={burst}")
        self.rate, self.burst, self._clock = float(rate), float(burst), clock
        self._tokens = float(burst)
        self._last = clock()

    @property
    def tokens(self) -> float:
        self._refill()
        return self._tokens

    def take(self) -> bool:
        self._refill()
        if self._tokens >= 1:
            self._tokens -= 1
            return True
        return False

    def _refill(self) -> None:
        now = self._clock()
        # a clock that goes backwards (it should not: monotonic) adds nothing rather than removing tokens
        self._tokens = min(self.burst, self._tokens + max(0.0, now - self._last) * self.rate)
        self._last = now


class Verdict(Enum):
    PASS = "pass"    # handle the message
    DROP = "drop"    # answer rate_limited, do nothing else
    CLOSE = "close"  # sustained abuse: answer rate_limited, then close with CLOSE_CODE


class SocketRateLimit:
    """One connection's limiter: the bucket plus the count of drops in a row."""

    def __init__(self, rate: float, burst: int, *, close_after: int = DEFAULT_CLOSE_AFTER,
                 clock: Callable[[], float] = time.monotonic):
        if close_after < 1:
            raise ValueError(f"close_after must be at least 1, not {close_after}")
        self.bucket = TokenBucket(rate, burst, clock)
        self.close_after = close_after
        self.dropped_in_a_row = 0

    def admit(self) -> Verdict:
        if self.bucket.take():
            self.dropped_in_a_row = 0
            return Verdict.PASS
        self.dropped_in_a_row += 1
        return Verdict.CLOSE if self.dropped_in_a_row >= self.close_after else Verdict.DROP

    def refusal(self) -> ProtocolError:
        """The socket's `error` for a dropped message (sent, counted and logged like any other)."""
        return ProtocolError("rate_limited", f"too many messages: at most {self.bucket.rate:g} a second "
                             f"(bursts of {self.bucket.burst:g}); this one was dropped")


__all__ = ["CLOSE_CODE", "DEFAULT_CLOSE_AFTER", "SocketRateLimit", "TokenBucket", "Verdict"]
