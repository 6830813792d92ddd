"""Dispatch of ``new_game`` / ``load_game`` / ``parse_action`` to the engine modules.

Each engine module exposes ``new_game(*, seed, players, options)``, ``load_game(data)`` and
``parse_action(text)``. Modules are imported lazily so that one engine never needs another.

``ENGINE_MODULES`` is the registry of games: the games of this repository are listed below; a game
kept elsewhere (a test's, a plug-in's) is added with ``register_game`` and removed with
``unregister_game``. ``GAMES`` is a live view of it, so every floor that reads it (the lobby's
checks, the command choices, the terminal) sees a game registered after import
(docs/adding-a-game.md).
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Iterator, Sequence
from types import ModuleType
from typing import Any, overload

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
_NAME = re.compile(r"[a-z][a-z0-9_]{0,31}")


class GameNames(Sequence[str]):
    """The registered games' names, in registration order: a read-only view of
    ``ENGINE_MODULES`` that follows ``register_game`` / ``unregister_game``."""

    def __init__(self, modules: dict[str, str]) -> None:
        self._modules = modules

    @overload
    def __getitem__(self, index: int) -> str: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[str]: ...
    def __getitem__(self, index: int | slice) -> str | Sequence[str]:
        return tuple(self._modules)[index]

    def __len__(self) -> int:
        return len(self._modules)

    def __iter__(self) -> Iterator[str]:
        return iter(tuple(self._modules))

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and name in self._modules

    def __eq__(self, other: object) -> bool:
        return tuple(self) == (tuple(other) if isinstance(other, GameNames) else other)

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        return repr(tuple(self))


GAMES: Sequence[str] = GameNames(ENGINE_MODULES)


def register_game(name: str, module: str) -> None:
    """Adds the game ``name`` whose engine is the module ``module`` (its ``INFO``, ``new_game``,
    ``load_game``, ``parse_action``; ENGINE.md). Refuses a malformed or taken name."""
    if not _NAME.fullmatch(name):
        raise ValueError(f"a game's name is [a-z][a-z0-9_]{{0,31}}, not {quote(name)}")
    if name in ENGINE_MODULES:
        raise ValueError(f"the game {name} is registered already")
    ENGINE_MODULES[name] = module


def unregister_game(name: str) -> None:
    """Removes a game added by ``register_game`` (a no-op for an unknown name)."""
    ENGINE_MODULES.pop(name, None)


def engine_module(name: str) -> ModuleType:
    """The engine module of a registered game (``ValueError`` for an unknown name)."""
    return _module(name)


_LOADED: dict[tuple[str, str], ModuleType] = {}  # (game, module path): a replay asks per move


def _module(name: str) -> ModuleType:
    if not isinstance(name, str) or name not in ENGINE_MODULES:
        raise ValueError(f"Unknown game {quote(name)}: choose one of {', '.join(GAMES)}.")
    path = ENGINE_MODULES[name]
    module = _LOADED.get((name, path))
    if module is None:
        module = _LOADED[(name, path)] = importlib.import_module(path)
    return module


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
