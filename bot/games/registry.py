"""Dispatch of ``new_game`` / ``load_game`` / ``parse_action`` to the engine modules.

Each engine module exposes ``new_game(*, seed, players, options)``, ``load_game(data)`` and
``parse_action(text)``. Modules are imported lazily so that one engine never needs another.
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any

from .base import Action, GameState
from .errors import InvalidState
from .fair import FairSeed
from .info import GameInfo
from .quote import quote

ENGINE_MODULES: dict[str, str] = {
    "hurricane": "bot.games.hurricane",
    "hurikan": "bot.games.hurricane.hurikan",
    "haggis": "bot.games.haggis",
    "hurricane_poker": "bot.games.hurricane_poker",
}
GAMES: tuple[str, ...] = tuple(ENGINE_MODULES)


def _module(name: str) -> ModuleType:
    if not isinstance(name, str) or name not in ENGINE_MODULES:
        raise ValueError(f"Unknown game {quote(name)}: choose one of {', '.join(GAMES)}.")
    return importlib.import_module(ENGINE_MODULES[name])


def new_game(
    name: str,
    *,
    seed: int,
    players: int | None = None,
    options: dict[str, Any] | None = None,
    fair: FairSeed | None = None,
) -> GameState:
    """ENGINE.md's ``new_game``; with ``fair`` (a ``FairSeed``) every deal and random choice comes
    from the fair derivation (docs/fair-deals.md) and ``seed`` deals nothing; without it, the
    legacy whole-number seed shuffles (tests, games stored before fair deals)."""
    module = _module(name)
    if fair is None:
        state: GameState = module.new_game(seed=seed, players=players, options=options)
    else:
        state = module.new_game(seed=seed, players=players, options=options, fair=fair)
    return state


def load_game(data: dict[str, Any]) -> GameState:
    if not isinstance(data, dict):
        raise InvalidState("a position must be a JSON object")
    name = data.get("game")
    if not isinstance(name, str) or name not in ENGINE_MODULES:
        raise InvalidState(f"unknown game {quote(name)}: expected one of {', '.join(GAMES)}")
    state: GameState = _module(name).load_game(data)
    return state


def parse_action(name: str, text: str) -> Action:
    action: Action = _module(name).parse_action(text)
    return action


def game_info(name: str) -> GameInfo:
    """Seats, presets and options of a game, without dealing one."""
    info: GameInfo = _module(name).INFO
    return info
