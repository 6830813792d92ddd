"""Haggis for 2 or 3 players (RULES.md Part 3, ENGINE.md).

Public surface: ``new_game``, ``load_game``, ``parse_action`` (the engine contract), the analyser
``readings(cards, suits)`` and the state's ``play_options(cards)`` for the interface.
"""

from __future__ import annotations

from typing import Any

from ..base import Action
from .actions import BetAction, GiveAction, PassAction, PlayAction
from .actions import parse_action as _parse_action
from .combinations import Combination, Kind, readings
from .options import parse_options, parse_players
from .positions import load_game, sample_position
from .state import HaggisState


def new_game(
    *, seed: int, players: int | None = None, options: dict[str, Any] | None = None
) -> HaggisState:
    """A new game, the first round dealt (G-21: random dealer, the dealer's left leads)."""
    n = parse_players(players)
    opts = parse_options(options)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"seed must be a whole number, not {seed!r}")
    state = HaggisState(n, opts, seed)
    state.start()
    return state


def parse_action(text: str) -> Action:
    return _parse_action(text)


__all__ = [
    "BetAction",
    "Combination",
    "GiveAction",
    "HaggisState",
    "Kind",
    "PassAction",
    "PlayAction",
    "load_game",
    "new_game",
    "parse_action",
    "readings",
    "sample_position",
]
