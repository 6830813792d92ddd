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

from bot.games.base import Action

View = Mapping[str, Any]
Policy = Callable[[View, Sequence[Action], random.Random], Action]

DEFAULT_TIME_BUDGET = 1.0


@dataclass(frozen=True)
class SearchLimits:
    """How much work ``hard`` may do for one move.

    ``samples`` (determinisations) is what decides the move, so a seed gives the same move on any
    machine; ``time_cap`` (seconds) is only a safety fence on a loaded CPU (``None`` disables it).
    """

    samples: int
    time_cap: float | None

    @classmethod
    def from_budget(cls, time_budget: float | None, samples_per_second: float) -> SearchLimits:
        budget = DEFAULT_TIME_BUDGET if time_budget is None else float(time_budget)
        if budget <= 0:
            raise ValueError("time_budget must be a positive number of seconds")
        # The cap leaves a margin for the sample in progress and the caller's own work.
        return cls(samples=max(1, round(samples_per_second * budget)), time_cap=0.85 * budget)


def seat_of(view: View) -> int:
    """The deciding seat, which every engine's view names (``choose_action`` checks it is there)."""
    return int(view["seat"])
