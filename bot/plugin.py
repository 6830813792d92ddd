"""One registration for a game kept outside this repository's game packages (a test's game, a
plug-in): its engine and, floor by floor, the models it brings. ``install`` fills each floor's
registry, ``uninstall`` empties them again; nothing above (the Discord layer, the cogs, the table
layer, storage) is told about the game by name. docs/adding-a-game.md lists what each part is.

The games of this repository need none of this: their engine is listed in
``bot.games.registry.ENGINE_MODULES`` and their models are found by module name
(``bot/render/hands/<game>.py``, ``bot/render/boards/<game>.py``, …)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from bot.games import register_game, unregister_game
from bot.players import GamePlayers, register_players, unregister_players
from bot.render.boards import BoardModel, register_board_model, unregister_board_model
from bot.render.hands import HandModel, register_hand_model, unregister_hand_model
from bot.render.moves import GAME_WORDS, MoveWords
from bot.render.pictures import LAYOUTS, Layout, register_layout
from bot.render.rules import register_rules, unregister_rules
from bot.render.text import Panel


@dataclass(frozen=True)
class GamePlugin:
    """A game and its models. Only ``name``, ``engine`` (a module path: ``INFO``, ``new_game``,
    ``load_game``, ``parse_action``) and ``players`` are required; a missing model falls back to
    the generic one (every legal move in a select, the view's generic fields, the generic
    picture, the canonical move text)."""

    name: str
    engine: str
    players: GamePlayers
    hand: HandModel[Any] | None = None
    board: BoardModel | None = None
    layout: Layout | None = None
    move_words: Callable[[str, int], MoveWords] | None = None
    rules: Panel | None = None
    rules_ru: Panel | None = None


def install(plugin: GamePlugin) -> None:
    register_game(plugin.name, plugin.engine)
    register_players(plugin.name, plugin.players)
    if plugin.hand is not None:
        register_hand_model(plugin.name, plugin.hand)
    if plugin.board is not None:
        register_board_model(plugin.name, plugin.board)
    if plugin.layout is not None:
        if plugin.layout.game != plugin.name:
            raise ValueError(f"the layout is for {plugin.layout.game!r}, not {plugin.name!r}")
        register_layout(plugin.layout)
    if plugin.move_words is not None:
        GAME_WORDS[plugin.name] = plugin.move_words
    if plugin.rules is not None:
        register_rules(plugin.name, plugin.rules, plugin.rules_ru)


def uninstall(name: str) -> None:
    unregister_rules(name)
    GAME_WORDS.pop(name, None)
    LAYOUTS.pop(name, None)
    unregister_board_model(name)
    unregister_hand_model(name)
    unregister_players(name)
    unregister_game(name)


@contextmanager
def installed(plugin: GamePlugin) -> Iterator[GamePlugin]:
    """The game registered for the ``with`` block (a test fixture's lifetime)."""
    install(plugin)
    try:
        yield plugin
    finally:
        uninstall(plugin.name)
