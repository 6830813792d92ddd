"""Pure, deterministic rules engines (ENGINE.md). No Discord, storage or asyncio here."""

from .base import Action, GameState
from .errors import IllegalAction, InvalidState
from .info import GameInfo, OptionInfo, PresetInfo
from .registry import GAMES, game_info, load_game, new_game, parse_action

__all__ = [
    "GAMES",
    "Action",
    "GameInfo",
    "GameState",
    "IllegalAction",
    "InvalidState",
    "OptionInfo",
    "PresetInfo",
    "game_info",
    "load_game",
    "new_game",
    "parse_action",
]
