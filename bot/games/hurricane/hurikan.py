"""Hurikan, the summing variant (RULES.md Part 2, K-1..K-5), as its own game ``hurikan``.

``view(seat)`` keys: game, options, num_players, seat, deal, dealer, current_player, opening,
hand, hand_sizes, table, stock_count, piles, pile_values, last_player, last_deal, history
(every play so far as ``(seat, action)``, public), is_over, result.
Events: ``play`` (seat, action, cards), ``trail`` (seat, cards), ``capture`` (seat, cards,
captured), ``deal`` (refill), ``deal_scored`` (points, totals, table_left), ``game_over``.
"""

from __future__ import annotations

from typing import Any

from bot.games.base import Action, GameState
from bot.games.checks import check_options, check_players, check_seed
from bot.games.errors import InvalidState
from bot.games.fair import FairSeed, check_fair
from bot.games.info import GameInfo

from ..quote import quote
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
    *,
    seed: int,
    players: int | None = None,
    options: dict[str, Any] | None = None,
    fair: FairSeed | None = None,
) -> GameState:
    """A new Hurikan game for two players (no options besides ``preset=hurikan``)."""
    seed = check_seed(seed)
    fair = check_fair(fair)
    check_players(players, INFO.players, INFO.title)
    for name, value in check_options(options).items():
        if name != "preset":
            raise ValueError(f"Unknown option {quote(name)}: Hurikan has no options.")
        if not isinstance(value, str) or value.strip().lower() != "hurikan":
            raise ValueError(
                f"Unknown preset {quote(value)} for hurikan: the only preset is hurikan."
            )
    return HurikanState.start(seed, fair)


def load_game(data: dict[str, Any]) -> GameState:
    if not isinstance(data, dict):
        raise InvalidState("a position must be a JSON object")
    if data.get("game", "hurikan") not in ("hurikan", "hurricane"):
        raise InvalidState(f"this is not a hurikan position: game {quote(data.get('game'))}")
    return load_hurikan(data)


def parse_action(text: str) -> Action:
    """``2H+5D+KC`` (lay) or ``4S+2H:6C`` (lay cards and take one table card)."""
    return parse_hurikan(text)
