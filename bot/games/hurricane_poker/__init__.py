"""Hurricane poker: two-card high-low poker for 2 to 8 players (RULES.md Part 4, ENGINE.md).

Public surface beyond the engine contract (``new_game``, ``load_game``, ``parse_action``):

- ``timeout_action(state) -> Action``: P-13's automatic move for the seat to act (the table
  layer calls it when the turn timer runs out).
- ``ranking``: High and Low keys of two-card hands under each ``wild`` option (P-7..P-9).
- ``pots``: side pots and their split (P-4, P-10, P-11) as pure functions.
"""

from __future__ import annotations

from typing import Any

from ..base import Action
from ..fair import FairSeed, check_fair
from .actions import CHECK, DECLARES, FOLD, STAND, Kind, PokerAction
from .actions import parse_action as _parse_action
from .options import INFO, Rules, parse_options, parse_players, parse_seed
from .positions import load_game
from .ranking import stronger_side
from .state import Phase, PokerState


def new_game(
    *,
    seed: int,
    players: int | None = None,
    options: dict[str, Any] | None = None,
    fair: FairSeed | None = None,
) -> PokerState:
    """A new game with the first hand dealt (P-2: a random first dealer)."""
    n = parse_players(players)
    rules = parse_options(options)
    state = PokerState(n, rules, parse_seed(seed))
    state.fair = check_fair(fair)
    state.start()
    return state


def parse_action(text: str) -> Action:
    return _parse_action(text)


def timeout_action(state: PokerState) -> PokerAction:
    """P-13: check where allowed, else fold; at the draw stand; at a declaration the side on
    which the hand is stronger."""
    seat = state.current_player
    if seat is None:
        raise ValueError("the game is over: nobody is to act")
    if state.phase is Phase.DRAW:
        return STAND
    if state.phase is Phase.DECLARE:
        hand = state.hands[seat]
        if not (hand is not None):
            raise RuntimeError("internal error: expected hand is not None")
        return DECLARES[stronger_side(hand, state.rules.wild)]
    return CHECK if CHECK in state.legal_actions(seat) else FOLD


__all__ = [
    "INFO",
    "Kind",
    "Phase",
    "PokerAction",
    "PokerState",
    "Rules",
    "load_game",
    "new_game",
    "parse_action",
    "timeout_action",
]
