"""Computer players: three levels for every game, deciding only from the seat's view.

Public API (contract with the table layer, the arena and the terminal)::

    LEVELS = ("easy", "normal", "hard")
    choose_action(game, view, legal, level, *, seed, time_budget=None) -> Action

``view`` is ``GameState.view(seat)`` of the deciding seat and ``legal`` its
``GameState.legal_actions(seat)``; the result is one of ``legal``, the same for the same seed.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.base import Action

from .base import DEFAULT_TIME_BUDGET, SearchLimits, View
from .levels import LEVELS, decide

__all__ = ["DEFAULT_TIME_BUDGET", "LEVELS", "SearchLimits", "choose_action", "decide"]


def choose_action(
    game: str,
    view: View,
    legal: Sequence[Action],
    level: str,
    *,
    seed: int,
    time_budget: float | None = None,
) -> Action:
    """The move a computer player of ``level`` makes from ``view`` (``time_budget`` only for hard)."""
    return decide(game, view, legal, level, seed=seed, time_budget=time_budget)
