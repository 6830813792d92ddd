"""Minitrick, a test-only game, and its one registration (``PLUGIN``): the tests install it with
``bot.plugin.installed(PLUGIN)`` and remove it afterwards (docs/adding-a-game.md)."""

from __future__ import annotations

from bot.plugin import GamePlugin

from .board import MODEL as BOARD
from .hand import MODEL as HAND
from .picture import LAYOUT
from .players import PLAYERS
from .rules import RULES
from .words import move_words

PLUGIN = GamePlugin(
    name="minitrick",
    engine="tests.toy_game.engine",
    players=PLAYERS,
    hand=HAND,
    board=BOARD,
    layout=LAYOUT,
    move_words=move_words,
    rules=RULES,
)
