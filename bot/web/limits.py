"""Per-address rate limits: a token bucket per client address (429 when empty). Cheap and
in-process: each web worker keeps its own buckets."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

MAX_ADDRESSES = 10_000  # buckets kept; full ones are forgotten first when there are more


@dataclass
class _Bucket:
    tokens: float
    at: float


class RateLimiter:
    """``capacity`` requests at once, refilled at ``rate`` per second, per address."""

    def __init__(
        self, capacity: float = 120, rate: float = 20, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.capacity = capacity
        self.rate = rate
        self.clock = clock
        self._buckets: dict[str, _Bucket] = {}

    def allow(self, address: str) -> float | None:
        """None if the request may go on (a token taken), else the seconds until it may."""
        now = self.clock()
        bucket = self._buckets.get(address)
        if bucket is None:
            if len(self._buckets) >= MAX_ADDRESSES:
                self._forget(now)
            bucket = self._buckets[address] = _Bucket(self.capacity, now)
        bucket.tokens = min(self.capacity, bucket.tokens + (now - bucket.at) * self.rate)
        bucket.at = now
        if bucket.tokens >= 1:
            bucket.tokens -= 1
            return None
        return (1 - bucket.tokens) / self.rate

    def _forget(self, now: float) -> None:
        """Drop the buckets that have refilled (they are as good as new); if none has, the oldest."""
        full = [
            a
            for a, b in self._buckets.items()
            if b.tokens + (now - b.at) * self.rate >= self.capacity
        ]
        for address in full or [min(self._buckets, key=lambda a: self._buckets[a].at)]:
            del self._buckets[address]
