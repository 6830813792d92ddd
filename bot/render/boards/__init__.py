"""The public table message, one model per game: ``bot/render/boards/<game>.py`` defines
``MODEL`` (a ``BoardModel``): what the table shows above and in the seats, the breakdown of the
last deal or hand, the message posted when something is scored, the embed colour. The registry is
the module name, like the hand models (``bot/render/hands``): adding a game's board is adding
its module; a game without one gets ``BoardModel`` (the generic fields of its view). A game kept
outside this package registers its model with ``register_board_model`` (docs/adding-a-game.md)."""

from __future__ import annotations

import importlib
import re
from functools import lru_cache

from .base import BoardModel

__all__ = ["BoardModel", "board_model", "register_board_model", "unregister_board_model"]

FALLBACK = BoardModel()
_GAME_NAME = re.compile(r"[a-z][a-z0-9_]{0,31}")
#: Board models registered by games kept outside this package (they come before the modules here).
REGISTERED: dict[str, BoardModel] = {}


def register_board_model(game: str, model: BoardModel) -> None:
    REGISTERED[game] = model


def unregister_board_model(game: str) -> None:
    REGISTERED.pop(game, None)


def board_model(game: str) -> BoardModel:
    """The board model of ``game``: a registered one, else the ``MODEL`` of
    ``bot.render.boards.<game>``, else the generic one."""
    return REGISTERED.get(game) or _module_model(game)


@lru_cache(maxsize=32)
def _module_model(game: str) -> BoardModel:
    if not _GAME_NAME.fullmatch(game) or game == "base":
        return FALLBACK
    name = f"{__name__}.{game}"
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name != name:
            raise
        return FALLBACK
    model = getattr(module, "MODEL", None)
    return model if isinstance(model, BoardModel) else FALLBACK
