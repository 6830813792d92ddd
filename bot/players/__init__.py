"""Computer players: four levels for every game, deciding only from the seat's view.

Public API (contract with the table layer, the arena and the terminal)::

    LEVELS = ("easy", "normal", "hard", "expert")
    choose_action(game, view, legal, level, *, seed, time_budget=None, limits=None) -> Action

``view`` is ``GameState.view(seat)`` of the deciding seat and ``legal`` its
``GameState.legal_actions(seat)``; the result is one of ``legal``, the same for the same seed.
``limits`` (a ``SearchLimits``) fixes hard's and expert's work exactly instead of ``time_budget`` (tests, arena).
A game kept outside this package brings its own: ``register_players(game, GamePlayers(...))``.
"""

from __future__ import annotations

from .base import DEFAULT_TIME_BUDGET, Policy, SearchLimits, View
from .levels import LEVELS, GamePlayers, choose_action, register_players, unregister_players

__all__ = [
    "DEFAULT_TIME_BUDGET",
    "LEVELS",
    "GamePlayers",
    "Policy",
    "SearchLimits",
    "View",
    "choose_action",
    "register_players",
    "unregister_players",
]
