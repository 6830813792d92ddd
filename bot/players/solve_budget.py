"""The bound of an exact solve: so many positions, and a deadline read now and then."""

from __future__ import annotations

import time


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
