"""Shared types of the computer players.

A policy is a plain function of what one seat may know: its ``view`` (a JSON-ready dict, exactly
``GameState.view(seat)``), its legal actions and a seeded RNG. It never receives a ``GameState``:
that is the structural guarantee that a computer player cannot peek at hidden cards.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bot.games import Action

View = Mapping[str, Any]
Policy = Callable[[View, Sequence[Action], random.Random], Action]

DEFAULT_TIME_BUDGET = 1.0


#: Share of the time budget that ``hard`` plans to spend: it starts no sample that its measured
#: rate says would end later (0.65 s of the default 1 s).
SOFT_SHARE = 0.65
#: Share of the budget after which a sample in progress is abandoned, the first one included:
#: 0.75 s of the default 1 s, so that a loaded machine (a sample descheduled mid-way, a reading
#: of the clock late) still answers within 0.8 s of wall time.
HARD_SHARE = 0.75
#: With a time budget the samples are bounded by time; this only stops a runaway loop.
TIMED_SAMPLES_MAX = 10_000


@dataclass(frozen=True)
class SearchLimits:
    """How much work ``hard`` may do for one move.

    ``samples`` (determinisations) decides the move when ``timed`` is false, so a seed gives the
    same move on any machine (tests, arena). With ``timed`` the budget is time: ``hard`` measures
    how long its samples take and starts none that would end after ``time_cap`` seconds.
    ``hard_cap`` (default: a little after ``time_cap``) abandons a sample in progress, even the
    first one, so that a move never takes longer; ``None`` for both disables the clock.
    """

    samples: int
    time_cap: float | None
    hard_cap: float | None = None
    timed: bool = False

    @classmethod
    def from_budget(cls, time_budget: float | None, samples_per_second: float) -> SearchLimits:
        """A time budget (seconds): plan 0.65 of it, never spend more than 0.75 of it.

        ``samples`` is still ``samples_per_second`` × budget, the fixed count a caller may use
        instead of the clock (``timed=False``, as the arena does without a time cap)."""
        budget = DEFAULT_TIME_BUDGET if time_budget is None else float(time_budget)
        if not budget > 0:
            raise ValueError("time_budget must be a positive number of seconds")
        return cls(
            samples=max(1, round(samples_per_second * budget)),
            time_cap=SOFT_SHARE * budget,
            hard_cap=HARD_SHARE * budget,
            timed=True,
        )

    @property
    def abort_after(self) -> float | None:
        """Seconds after which a sample in progress is abandoned."""
        if self.hard_cap is not None:
            return self.hard_cap
        if self.time_cap is None:
            return None
        return self.time_cap * HARD_SHARE / SOFT_SHARE

    def abort_at(self, start: float) -> float | None:
        """The clock reading (``time.perf_counter()``) at which a search begun at ``start``
        abandons its work, or None without a clock."""
        after = self.abort_after
        return None if after is None else start + after


def seat_of(view: View) -> int:
    """The deciding seat, which every engine's view names (``choose_action`` checks it is there)."""
    return int(view["seat"])
