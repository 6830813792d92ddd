"""Haggis for 2 or 3 players (RULES.md Part 3, ENGINE.md).

Outside ``bot/games`` use the public API of ``bot.games`` (``docs/engine-api.md``):
``readings_of``, ``selection_plays``, ``describe``, ``determinise``. The helpers below are the
engine's own and may change: ``readings`` / ``Combination`` (the analyser),
``state.play_options`` / ``state.validate`` (checks without applying), ``sample_position``.

Distinct plays are distinct card sets (suits matter for what stays in the hand), each listed once
per reading; a card set is a lead with several readings only when they differ in kind or width,
and within a kind and width the highest rank is always used.
"""

from __future__ import annotations

from typing import Any

from ..base import Action
from ..checks import check_seed
from ..fair import FairSeed, check_fair
from .actions import BetAction, GiveAction, PassAction, PlayAction
from .actions import parse_action as _parse_action
from .combinations import Combination, Kind, readings
from .options import INFO, parse_options, parse_players
from .positions import load_game, sample_position
from .state import HaggisState


def new_game(
    *,
    seed: int,
    players: int | None = None,
    options: dict[str, Any] | None = None,
    fair: FairSeed | None = None,
) -> HaggisState:
    """A new game, the first round dealt (G-21: random dealer, the dealer's left leads)."""
    seed = check_seed(seed)
    fair = check_fair(fair)
    n = parse_players(players)
    opts = parse_options(options)
    state = HaggisState(n, opts, seed)
    state.fair = fair
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
