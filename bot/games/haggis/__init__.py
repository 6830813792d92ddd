"""Haggis for 2 or 3 players (RULES.md Part 3, ENGINE.md).

Public surface beyond the engine contract (``new_game``, ``load_game``, ``parse_action``):

- ``readings(cards, suits=5) -> list[Combination]``: every reading of a selection (``["5G", "J",
  "Q"]`` -> three 5s and 5-6-7); ``Combination`` has ``kind`` (set/seq/bomb), ``size``, ``width``,
  ``length``, ``rank`` (top rank, or bomb level 1..6), ``suffix`` (``set``/``seqW``),
  ``describe()`` and ``beats(other)``.
- ``state.play_options(cards_text, player=None) -> list[PlayAction]``: the legal plays of one
  selection now, one per reading that matters (more than one: ask "which reading?"); raises
  ``IllegalAction`` with the reason otherwise. ``state.validate(action, player=None)`` checks any
  action without applying it.
- ``sample_position(view, rng) -> dict``: a position consistent with one seat's view, for
  determinisation by computer players (load it with ``load_game``).

Distinct plays are distinct card sets (suits matter for what stays in the hand), each listed once
per reading; a card set is a lead with several readings only when they differ in kind or width,
and within a kind and width the highest rank is always used.
"""

from __future__ import annotations

from typing import Any

from ..base import Action
from ..checks import check_seed
from .actions import BetAction, GiveAction, PassAction, PlayAction
from .actions import parse_action as _parse_action
from .combinations import Combination, Kind, readings
from .options import INFO, parse_options, parse_players
from .positions import load_game, sample_position
from .state import HaggisState


def new_game(
    *, seed: int, players: int | None = None, options: dict[str, Any] | None = None
) -> HaggisState:
    """A new game, the first round dealt (G-21: random dealer, the dealer's left leads)."""
    seed = check_seed(seed)
    n = parse_players(players)
    opts = parse_options(options)
    state = HaggisState(n, opts, seed)
    state.start()
    return state


def parse_action(text: str) -> Action:
    return _parse_action(text)


__all__ = [
    "INFO",
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
