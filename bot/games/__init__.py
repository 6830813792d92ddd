"""Pure, deterministic rules engines (ENGINE.md). No Discord, storage or asyncio here."""

from .base import Action, GameState
from .errors import IllegalAction, InvalidState
from .registry import GAMES, load_game, new_game, parse_action

__all__ = [
    "GAMES",
    "Action",
    "GameState",
    "IllegalAction",
    "InvalidState",
    "load_game",
    "new_game",
    "parse_action",
]
