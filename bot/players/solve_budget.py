"""The bound of an exact solve: so many positions, and a deadline read now and then."""

from __future__ import annotations

import time


def share_of_time_left(deadline: float | None, share: float) -> float | None:
    """A deadline ``share`` of the way from now to ``deadline`` (``time.perf_counter()`` readings),
    so that a solve or an estimate before the search leaves the search the rest; None stays None."""
    if deadline is None:
        return None
    now = time.perf_counter()
    return now + share * (deadline - now)


class GaveUp(Exception):
    """The solve visited its bound of positions, or its deadline passed."""


class PositionBudget:
    """Counts a solve's positions; ``spend`` raises ``GaveUp`` past ``cap`` or, reading the clock
    every ``clock_every`` positions, past ``deadline`` (a ``time.perf_counter()`` reading)."""

    def __init__(self, cap: int, deadline: float | None, clock_every: int) -> None:
        self.cap = cap
        self.deadline = deadline
        self.clock_every = clock_every
        self.nodes = 0

    def spend(self) -> None:
        self.nodes += 1
        if self.nodes > self.cap:
            raise GaveUp
        if (
            self.deadline is not None
            and self.nodes % self.clock_every == 0
            and time.perf_counter() > self.deadline
        ):
            raise GaveUp
