"""Hurikan, the summing variant (RULES.md Part 2, K-1..K-5), as its own game ``hurikan``.

``view(seat)`` keys: game, options, num_players, seat, deal, dealer, current_player, opening,
hand, hand_sizes, table, stock_count, piles, pile_values, last_player, last_deal, is_over, result.
Events: ``play`` (seat, action, cards), ``trail`` (seat, cards), ``capture`` (seat, cards,
captured), ``deal`` (refill), ``deal_scored`` (points, totals, table_left), ``game_over``.
"""

from __future__ import annotations

from typing import Any

from bot.games.base import Action, GameState
from bot.games.errors import InvalidState
from bot.games.info import GameInfo

from .actions import parse_hurikan
from .hurikan_state import HurikanState
from .positions import load_hurikan

__all__ = ["INFO", "HurikanState", "load_game", "new_game", "parse_action"]

INFO = GameInfo(
    name="hurikan",
    title="Hurikan",
    summary="Hurricane's summing variant: lay cards whose values add up to a table card to take it",
    players=(2,),
    options=(),
)


def new_game(
    *, seed: int, players: int | None = None, options: dict[str, Any] | None = None
) -> GameState:
    """A new Hurikan game for two players (no options besides ``preset=hurikan``)."""
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"seed must be a whole number, not {seed!r}")
    if players is not None and players != 2:
        raise ValueError(f"Hurikan is for 2 players, not {players!r}.")
    if options is not None and not isinstance(options, dict):
        raise ValueError("options must be a mapping of option names to values")
    for name, value in (options or {}).items():
        if name != "preset":
            raise ValueError(f"Unknown option {name!r}: Hurikan has no options.")
        if value != "hurikan":
            raise ValueError(f"Unknown preset {value!r} for hurikan: the only preset is hurikan.")
    return HurikanState.start(seed)


def load_game(data: dict[str, Any]) -> GameState:
    if not isinstance(data, dict):
        raise InvalidState("a position must be a JSON object")
    if data.get("game", "hurikan") not in {"hurikan", "hurricane"}:
        raise InvalidState(f"this is not a hurikan position: game {data.get('game')!r}")
    return load_hurikan(data)


def parse_action(text: str) -> Action:
    """``2H+5D+KC`` (lay) or ``4S+2H:6C`` (lay cards and take one table card)."""
    return parse_hurikan(text)
