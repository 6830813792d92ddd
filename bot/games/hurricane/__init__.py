"""Hurricane (Ураган, Uragano): presets ``standard``, ``open``, ``pairs`` (RULES.md Part 1).

``options={"preset": "hurikan"}`` is handed to the Hurikan engine (``bot.games.hurricane.hurikan``).

Public surface (ENGINE.md): ``new_game``, ``load_game``, ``parse_action``. Other floors use
``bot.games`` (``docs/engine-api.md``: ``describe``, ``determinise``, ``card_value``, the view and
event types); ``unseen_cards`` and ``determinise(view, rng, seed, hands)`` here are the engine's own.

``view(seat)`` keys: game, options, num_players, seat, teams, deal, dealer, current_player,
hand (own cards, sorted; ``open`` preset: own open cards; spectator: None), hand_sizes (all cards
incl. face-down), open_hands / down_counts (``open`` preset, else None), table (laying order),
stock_count, piles (per seat, public), sweeps / scores (per side; side = seat % 2),
last_capturer, last_player, last_deal (the last ``deal_scored`` event), is_over, result.

Events: ``deal`` (deal, dealer, refill, first, hand_sizes, table, stock_count[, open]),
``play`` (seat, card, action), ``capture`` (seat, card, captured, hurricane), ``trail``
(seat, card), ``sweep`` (seat, side, sweeps), ``flip`` (seat, index, card), ``lay_hand``
(seat, cards), ``leftover`` (seat, side, cards), ``deal_scored`` (deal, points, categories,
totals, details), ``game_over`` (winner, double, scores).
"""

from __future__ import annotations

from typing import Any

from bot.games.base import Action, GameState
from bot.games.checks import check_seed
from bot.games.errors import InvalidState
from bot.games.fair import FairSeed, check_fair

from ..quote import quote
from .actions import parse_hurricane
from .options import INFO, preset_of, resolve, rules_from
from .positions import load_hurricane
from .state import HurricaneState
from .worlds import determinise, unseen_cards

__all__ = [
    "INFO",
    "HurricaneState",
    "determinise",
    "load_game",
    "new_game",
    "parse_action",
    "unseen_cards",
]


def new_game(
    *,
    seed: int,
    players: int | None = None,
    options: dict[str, Any] | None = None,
    fair: FairSeed | None = None,
) -> GameState:
    """A new game, dealt; the same seed (or fair seed), players and options give the same game
    card for card."""
    seed = check_seed(seed)
    fair = check_fair(fair)
    if preset_of(options) == "hurikan":
        from . import hurikan

        return hurikan.new_game(seed=seed, players=players, options=options, fair=fair)
    resolved = resolve(options, players)
    return HurricaneState.start(resolved, rules_from(resolved), seed, fair)


def load_game(data: dict[str, Any]) -> GameState:
    """A state from a ``to_dict()`` snapshot or a hand-written position (ENGINE.md)."""
    if not isinstance(data, dict):
        raise InvalidState("a position must be a JSON object")
    options = data.get("options")
    preset = options.get("preset") if isinstance(options, dict) else None
    game = data.get("game", "hurricane")
    if game == "hurikan" or preset == "hurikan":
        from . import hurikan

        return hurikan.load_game(data)
    if game != "hurricane":
        raise InvalidState(f"this is not a hurricane position: game {quote(game)}")
    return load_hurricane(data)


def parse_action(text: str) -> Action:
    """``7H`` (trail), ``7H:3C+4D`` (capture), ``flip 0`` (open preset)."""
    return parse_hurricane(text)
